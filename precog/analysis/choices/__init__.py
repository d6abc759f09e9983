"""A decision's choices ranked: every (Keep, Give) choice with its value, loss and
interval, why each ranks where it does, choices of the same cards, each choice's
resource trajectories and their plots.

- ``ranking``: the public entry (``rank_options``) and the time budget shared between the
  rollouts and the tree; every name of the modules below is importable from it;
- ``rows``: the ranked table (``Ranking``, ``RankingRow``) and its intervals;
- ``rollout_batches``: the rollouts in common sampled worlds, batch by batch, and the race;
- ``tree_merge``: the look-ahead tree and the rollouts merged into one number per choice;
- ``reasons``, ``copies``, ``trajectories``, ``plots``: why a choice ranks where it does,
  choices of the same cards, each choice's futures round by round and their figure.
"""
