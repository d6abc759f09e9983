"""Strategy analysis for precog: look-ahead trees, ranked Keep/Give choices, trajectories, bots.

Everything here uses only the engine's public API and only what the analysing seat may
observe (``observation``, ``determinize``); docs/analysis.md explains every number.

The sub-packages, from the bottom up (each imports only from those before it;
``tests/test_import_graph.py`` holds the order):

``basics``
    errors, argument checks, seeds, budgets and progress, the tree's edges as data, notebook
    displays, the box's supply.
``projection``
    the hand-made projection of a position (``evaluation``) and the end-of-game scores.
``playing``
    the ``Player`` protocol, the sensible player and its weights, sampled worlds, a seat's plan
    and round, the Random and Greedy bots.
``playouts``
    rollouts through the engine, the numpy batch (cooperative mode, sensible player, many
    worlds dealt at once) and the differential check holding it to the engine.
``fitted`` / ``parallel``
    the one value (the projection rescaled by a fit to playouts), a user's own fit, provenance
    / helper processes on every core and jobs on a cluster.
``search``
    the look-ahead tree, its opponent models, its leaves played out.
``choices``
    the ranked (Keep, Give) choices, their reasons, copies, trajectories and plots.
``arena``
    the bots, tournaments, the OpenSpiel games.
``game_review`` / ``balance``
    the review of a finished game / the balance targets' ledger and ablation bots.

The names most scripts need are also given here, imported when first used
(``from precog.analysis import rank_options, build_tree, play_game``); the modules below
hold them.

Public API (names and shapes the explorer relies on):

``precog.analysis.search.tree``
    ``build_tree(state, player, model="uniform"|"worst"|"bot", depth_rounds=2,
    evaluation=None, rollouts=0, seed=0, progress=None, cancel=None, worlds=None,
    budget_s=None, leaf_values="fit"|"playouts", leaf_playouts=8) -> TreeNode``.
    ``TreeNode`` is a dataclass: ``id``, ``edge`` (the edge
    from the parent as data, :mod:`precog.analysis.basics.edges`; ``label`` is its notation),
    ``kind`` ("decision"|"opponent"|"chance"|"plan"|"leaf"),
    ``probability`` (of that edge), ``value`` (the one value, Healthy Humans expected at the
    end) and ``ci95`` (its 95 % half-width), ``resources`` (food,
    batteries, healthy, contaminated, doctors, protectors, bane of the analysing seat),
    ``children``, ``principal``, ``position`` (position string of the sampled world there),
    ``meta``; ``expandable`` / ``expand(node)`` build collapsed children on demand;
    ``render_tree_text(node, max_depth)``; ``iter_nodes``; ``principal_line``; ``choice_of``;
    ``default_worlds(state, depth_rounds, player)`` (3 to 12 sampled worlds: as many as keep
    the second round's work near 120 first-round ends times worlds; 8 at least where the
    tree plays the game to its end).
``precog.analysis.basics.edges``
    what the analysis says, as small frozen records (never sentences): ``Start``,
    ``Chosen``, ``Arrives``, ``Plan``, ``RiverTile``, ``Draw`` (the tree's edges and the
    principal line) and ``Stage`` (progress); ``precog.session.lines`` says them in words.
``precog.analysis.choices.ranking``
    ``rank_options(state, player, model=..., rollouts=0, seed=0, budget_s=None,
    progress=None, cancel=None) -> Ranking``; ``Ranking.rows`` (``choice``, ``keep``,
    ``give``, ``action``, ``value``, ``loss``, ``ci95``, ``line`` (edges) and
    ``principal_line`` (its notation), ``return_chance``,
    ``give_value_to_left``, ``samples``), ``Ranking.meta`` (model, seed, samples, elapsed_s),
    ``Ranking.table()``, ``Ranking.to_dict()``.
``precog.analysis.choices.trajectories``
    ``trajectories(state, player, choices, model, rollouts, seed, to_end=False) -> dict``:
    per choice, per resource: ``mean``, ``p10``, ``p90`` lists over ``rounds``;
    ``feeding_rounds``.
``precog.analysis.choices.plots``
    ``trajectory_figure(data, resources=[...], names=, labels=, hover=) ->
    plotly.graph_objects.Figure`` (plotly is imported there only; the keywords carry the
    reader's words).
``precog.analysis.playing.players``
    the one bot protocol ``Player.choose(observation, legal, sample_world) -> action``;
    ``ask(player, state, seat)`` (the one adapter: observation, legal actions, a world sampler
    bound to ``determinize``); ``as_policy``; ``first_legal`` (``done`` in a cooperative
    Objective step); ``random_policy``; ``until_seat``. ``Policy`` is the engine's
    ``policy(state, seat) -> action``, played by ``precog.engine.playout.play_on``.
``precog.analysis.arena.bots`` (Random and Greedy from ``precog.analysis.playing.basic_bots``)
    ``RandomBot``, ``GreedyBot``, ``PolicyBot`` (the sensible player), ``LookaheadBot``,
    ``RolloutBot``,
    ``make_bot(name, seed)``, ``play_game(bots, seed, **setup)``.
``precog.analysis.playing.rounds``
    ``RoundPlayer``: one seat's round in sampled worlds (best plan after a choice, cached per
    Boat; a choice played to the round's end), shared by the tree and the trajectories;
    ``round_values``.
``precog.analysis.arena.tournament``
    ``run_tournament(bots, games, seed, players, mode, setup, difficulty, workers)``.
``precog.analysis.playing.policy`` / ``precog.analysis.playouts.rollouts`` /
``precog.analysis.playouts.batch``
    ``SensiblePolicy`` (the playout policy, ``rollouts.DEFAULT_POLICY``), ``RandomPolicy``
    (the random baseline, formerly ``RolloutPolicy``), ``play_out`` (engine), ``batch.run``
    (numpy, the same results, every mode), ``rollout_value``, ``mean_ci``.
``precog.analysis.fitted.value``
    the one value every analysis shows: ``expected_final(state, seat)`` (Healthy Humans
    expected at the end under the sensible player; the tree's leaves), ``leaf_error(state)``
    (its held-out error), ``features``, ``shipped_fit()`` (``precog/data/evaluation_fit.toml``,
    refit with ``scripts/fit_evaluation.py``).
``precog.analysis.basics.checks``
    argument checks of the entry points (``AnalysisInputError`` names the argument and range).
``precog.analysis.projection.evaluation``
    ``evaluate(state, seat)`` (the hand-made projection, which the fitted value rescales),
    ``explain(state, seat)`` (its terms), ``Weights``.
``precog.analysis.basics.budget``
    ``Budget(seconds, samples, cancel, progress)``; ``Progress`` is
    ``progress(fraction, stage)`` (an ``edges.Stage``); ``Cancel`` a ``threading.Event``
    or a callable.
``precog.analysis.arena.openspiel_game`` (needs the ``openspiel`` extra)
    the OpenSpiel games ``python_precog`` / ``python_precog_turns`` and ``SpielPlayer``.

Bad requests raise ``precog.analysis.basics.errors.AnalysisError`` (a ``PrecogError``) saying why;
bad arguments its subclass ``precog.analysis.basics.errors.AnalysisInputError``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names' types for a type checker; at run time, __getattr__ below
    from precog.analysis.arena.bots import GreedyBot as GreedyBot
    from precog.analysis.arena.bots import LookaheadBot as LookaheadBot
    from precog.analysis.arena.bots import PolicyBot as PolicyBot
    from precog.analysis.arena.bots import RandomBot as RandomBot
    from precog.analysis.arena.bots import RolloutBot as RolloutBot
    from precog.analysis.arena.bots import make_bot as make_bot
    from precog.analysis.arena.bots import play_game as play_game
    from precog.analysis.arena.tournament import run_tournament as run_tournament
    from precog.analysis.basics.budget import Budget as Budget
    from precog.analysis.basics.errors import AnalysisError as AnalysisError
    from precog.analysis.basics.errors import AnalysisInputError as AnalysisInputError
    from precog.analysis.choices.ranking import Ranking as Ranking
    from precog.analysis.choices.ranking import RankingRow as RankingRow
    from precog.analysis.choices.ranking import rank_options as rank_options
    from precog.analysis.choices.reasons import choice_reasons as choice_reasons
    from precog.analysis.fitted.value import expected_final as expected_final
    from precog.analysis.game_review.review import recorded_game as recorded_game
    from precog.analysis.game_review.review import review_game as review_game
    from precog.analysis.playing.players import Player as Player
    from precog.analysis.playing.players import ask as ask
    from precog.analysis.playing.players import first_legal as first_legal
    from precog.analysis.playing.policy import SensiblePolicy as SensiblePolicy
    from precog.analysis.playouts.rollouts import DEFAULT_POLICY as DEFAULT_POLICY
    from precog.analysis.playouts.rollouts import play_out as play_out
    from precog.analysis.playouts.rollouts import rollout_value as rollout_value
    from precog.analysis.projection.evaluation import evaluate as evaluate
    from precog.analysis.projection.evaluation import explain as explain
    from precog.analysis.search.tree import TreeNode as TreeNode
    from precog.analysis.search.tree import build_tree as build_tree
    from precog.analysis.search.tree import expand as expand
    from precog.analysis.search.tree import render_tree_text as render_tree_text

PUBLIC: dict[str, str] = {
    "GreedyBot": "arena.bots", "LookaheadBot": "arena.bots", "PolicyBot": "arena.bots",
    "RandomBot": "arena.bots", "RolloutBot": "arena.bots", "make_bot": "arena.bots",
    "play_game": "arena.bots", "run_tournament": "arena.tournament",
    "Budget": "basics.budget", "AnalysisError": "basics.errors",
    "AnalysisInputError": "basics.errors",
    "Ranking": "choices.ranking", "RankingRow": "choices.ranking",
    "rank_options": "choices.ranking", "choice_reasons": "choices.reasons",
    "expected_final": "fitted.value",
    "recorded_game": "game_review.review", "review_game": "game_review.review",
    "Player": "playing.players", "ask": "playing.players", "first_legal": "playing.players",
    "SensiblePolicy": "playing.policy",
    "DEFAULT_POLICY": "playouts.rollouts", "play_out": "playouts.rollouts",
    "rollout_value": "playouts.rollouts",
    "evaluate": "projection.evaluation", "explain": "projection.evaluation",
    "TreeNode": "search.tree", "build_tree": "search.tree", "expand": "search.tree",
    "render_tree_text": "search.tree",
}
"""Each name this package gives, and the module (below ``precog.analysis``) that holds it."""

__all__ = sorted(PUBLIC)


def __getattr__(name: str) -> object:
    """A public name, imported from its module the first time it is asked for (so that
    importing one sub-package does not import them all)."""
    if name not in PUBLIC:
        raise AttributeError(f"module 'precog.analysis' has no attribute {name!r}")
    return getattr(import_module(f"precog.analysis.{PUBLIC[name]}"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *PUBLIC})
