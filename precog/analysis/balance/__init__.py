"""The balance targets' work: where a game's resources went seat by seat, seeded games
with that ledger, and look-ahead bots with one part of the game switched off.
"""
