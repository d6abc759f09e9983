"""The one value every analysis shows: the Healthy Humans to expect at the end, the
hand-made projection rescaled by a fit to the sensible player's playouts; a user's own
fit on their box; which component set and fit an analysis ran on.
"""
