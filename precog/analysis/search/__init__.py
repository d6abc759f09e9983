"""The look-ahead tree over the next rounds of known incoming cards: its nodes and
edges, the opponent models that weigh other seats' choices, its leaves valued by the
fitted value or by playouts.
"""
