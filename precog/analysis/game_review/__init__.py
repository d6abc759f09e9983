"""The review of a finished game: each decision of one seat against the best choice,
the other decisions (Action phase, Protectors, losses, River, cooperative steps), and
every seat's expected score and chance to win round by round.
"""
