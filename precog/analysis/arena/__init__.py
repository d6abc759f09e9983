"""Bots and the games between them: the look-ahead, rollout and sensible-player bots,
seeded tournaments on every core, precog as an OpenSpiel game.
"""
