"""How a seat plays: the one ``Player`` protocol and its adapter, the sensible player and
its weights (``precog/data/policy.toml``), what a seat knows and the worlds sampled
from it, a seat's plan for the rest of a round and the round played, the Random and
Greedy bots.

Which file holds what: ``players.py`` (the ``Player`` protocol and its adapter),
``policy.py`` (the sensible player's choices: Keep/Give, activation, Ymunes, Batteries, the
River, the Objectives), ``policy_points.py`` (what a card or a gain is worth to one Boat, the
points those choices add up), ``policy_data.py`` (its shipped weights), ``world.py`` (what a
seat knows and the worlds sampled from it), ``plans.py`` and ``rounds.py`` (a seat's plan for
the rest of a round, the round played), ``basic_bots.py`` (the Random and Greedy bots).
"""
