"""How a seat plays: the one ``Player`` protocol and its adapter, the sensible player and
its weights (``precog/data/policy.toml``), what a seat knows and the worlds sampled
from it, a seat's plan for the rest of a round and the round played, the Random and
Greedy bots.
"""
