"""Strategy analysis for precog: look-ahead trees, ranked Keep/Give choices, trajectories, bots.

Everything here uses only the engine's public API and only what the analysing seat may observe
(``observation`` and ``determinize``); see docs/analysis.md for what the numbers mean.
"""
