"""The pieces every part of the analysis shares: its errors, the entry points' argument
checks, seeds, budgets and progress, what the analysis says as data (the tree's edges,
its stages), compact notebook displays, the box's supply as a measure of scale.
"""
