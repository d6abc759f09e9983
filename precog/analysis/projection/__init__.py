"""The hand-made projection of a position for one seat, in Healthy Humans: what each
resource is worth, its terms one by one, and the scores at the end of the game.
"""
