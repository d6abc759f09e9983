"""A decision's choices ranked: every (Keep, Give) choice with its value, loss and
interval, why each ranks where it does, choices of the same cards, each choice's
resource trajectories and their plots.
"""
