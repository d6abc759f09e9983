"""The look-ahead tree over the next rounds of known incoming cards.

From a Decision of the analysing seat the tree branches, in the order things happen:

1. ``decision``: my (Keep, Give) choices (at most 6; 2 in round 12);
2. ``opponent``: which of the 2 face-up cards of my right neighbour's Decision Zone they Give me;
3. ``plan``: my Action and Maintenance plan for the round (the best one first, then single
   deviations from it: another activation, Doctor/Protector split, Battery slot, Protectors);
   in a cooperative two-round tree that reaches the last check, the sensible player's plan
   too where it differs, both played into the second round, the better counting;
4. ``chance``: the River tile (each unseen tile of the season is equally likely; an Island is
   certain);
5. with ``depth_rounds=2``, a ``chance`` node over the next cards (my 2 draws from my deck's
   known remaining cards and the 2 cards my left neighbour passes), from sampled worlds; then my
   next (Keep, Give) (``decision``: the sensible player's, as a playout's middle draw takes it;
   the other choices are built on demand, for comparison, and do not change the value), the
   card that comes back from the pair I passed (``opponent``: my right neighbour chooses), my
   plan (the sensible player's, one line in each sampled world), the River. From the second
   round on the value means "then play like a sensible player", as the playouts play;
   ``second_round="search"`` instead values every next (Keep, Give) and searches its plan as
   in the first round, the best counting;
6. ``leaf``: valued by the one value, :func:`precog.analysis.fitted.value.expected_final` (or by
   rollouts to the end; with ``leaf_values="playouts"`` the plans are found with it and then
   every leaf is valued by playouts of the sensible player, all in one batch:
   :mod:`precog.analysis.search.leaf_playouts`).

Opponent nodes follow the chosen model: ``uniform`` (the sensible player's Give, each card
with the chance the playouts draw it; the name is kept for the settings that use it), ``worst``
(the card worst for me) or ``bot`` (a bot's prediction from sampled worlds). Values are in the
mode's score, Healthy Humans. Only what the seat may observe is used: hidden cards come from
``determinize``. Identical positions share one node (transpositions); nodes below a plan
alternative are built on demand by :func:`expand`.

>>> from precog.engine.playout import random_playout
>>> import random
>>> state = random_playout(random.Random(1), players=3, seed=1, stop_round=3).final
>>> root = build_tree(state, 0, depth_rounds=1)
>>> len(root.children), root.kind
(6, 'decision')
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from precog.analysis.basics.budget import Budget, Cancel, Progress
from precog.analysis.basics.checks import (
    MAX_LEAF_ROLLOUTS,
    MAX_WORLDS,
    check_budget,
    check_count,
    check_depth,
    check_model,
    check_player,
    check_seed,
)
from precog.analysis.basics.edges import Stage, Start
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.fitted.value import expected_final, fitted_value
from precog.analysis.playing.world import (
    AnalysisError,
    Knowledge,
    canonical_world,
    knowledge,
    river_outcomes,
)
from precog.analysis.projection.evaluation import Weights, evaluate
from precog.analysis.search.first_round import checks_last as checks_last
from precog.analysis.search.leaf_playouts import (
    DEFAULT_LEAF_PLAYOUTS,
    LEAF_VALUES,
    MAX_LEAF_PLAYOUTS,
)
from precog.analysis.search.models import make_model
from precog.analysis.search.nodes import KINDS as KINDS
from precog.analysis.search.nodes import TreeNode as TreeNode
from precog.analysis.search.nodes import choice_of as choice_of
from precog.analysis.search.nodes import expand as expand
from precog.analysis.search.nodes import iter_nodes as iter_nodes
from precog.analysis.search.nodes import move_below as move_below
from precog.analysis.search.nodes import node_notation as node_notation
from precog.analysis.search.nodes import principal_line as principal_line
from precog.analysis.search.nodes import render_tree_text as render_tree_text
from precog.analysis.search.nodes import set_intervals as set_intervals
from precog.analysis.search.second_round import SecondRound
from precog.engine import GameState, WorldSampler, observation
from precog.engine.collector import fewer_collections
from precog.engine.problems import Problem
from precog.engine.state import ROUNDS


def build_tree(state: GameState, player: int, model: str = "uniform", depth_rounds: int = 2,
               evaluation: Weights | Callable[[GameState, int], float] | None = None,
               rollouts: int = 0, seed: int = 0, progress: Progress | None = None,
               cancel: Cancel = None, worlds: int | None = None,
               budget_s: float | None = None, leaves: bool = True,
               know: Knowledge | None = None, second_round: str = "sensible",
               leaf_values: str = "fit",
               leaf_playouts: int = DEFAULT_LEAF_PLAYOUTS,
               stop_between_choices: bool = False) -> TreeNode:
    """The look-ahead tree of ``player``'s Decision in ``state`` (see the module doc).

    ``evaluation``: evaluation weights or a function ``(state, seat) -> value`` for leaves;
    ``rollouts``: if above 0, leaves are valued by that many rollouts to the end of the game;
    ``worlds``: sampled worlds for the chance over the next cards (``depth_rounds=2``; None:
    :func:`default_worlds`);
    ``progress``/``cancel``/``budget_s``: long builds report, stop when asked or out of time
    (the tree built so far is returned with ``root.meta["complete"]`` False);
    ``leaves``: False leaves the River outcomes collapsed (values only: what bots need);
    ``know``: the seat's :func:`~precog.analysis.playing.world.knowledge`, when the caller has it;
    ``second_round``: how I play the second round: "sensible" (the sensible player's Keep/Give
    and plan, one line: the value's own meaning; the other Keep/Give choices are built when
    their node is expanded) or "search" (every Keep/Give, each plan found by the narrow search
    as in the first round, the best counting: several times slower);
    ``leaf_values``: "fit" (every value from the fitted prediction at the leaves) or
    "playouts" (the plans are still found with the fitted value, then every leaf is valued by
    ``leaf_playouts`` playouts of the sensible player, all in one batch, and the values backed
    up again: :mod:`precog.analysis.search.leaf_playouts`; nodes built later by :func:`expand` too);
    ``stop_between_choices``: out of time, the first round stops before its next choice (the
    first is always built; for a caller that values every choice otherwise, as the rollouts
    do, and wants the choices in its order of ``know.choices``).
    """
    _check_settings(leaf_values, leaf_playouts, second_round)
    check_model(model)
    check_depth(depth_rounds)
    check_count("rollouts", rollouts, 0, MAX_LEAF_ROLLOUTS)
    check_player(player, state.config.players)
    if worlds is None:
        know = know or knowledge(state, player)
        worlds = default_worlds(state, depth_rounds, player, know)
    check_count("worlds", worlds, 1, MAX_WORLDS)
    check_seed(seed)
    budget_s = check_budget(budget_s)
    with fewer_collections():  # a tree keeps most of what it makes
        builder = _Builder(state, player, model, evaluation, rollouts, seed, worlds,
                           Budget(seconds=budget_s, cancel=cancel, progress=progress), know)
        builder.leaves = leaves or depth_rounds > 1
        builder.second_round = second_round
        builder.stop_between_choices = stop_between_choices
        builder.meta["second_round"] = second_round
        if leaf_values == "playouts" and rollouts <= 0:
            builder.playouts = leaf_playouts
            builder.meta.update(evaluation="playouts", leaf_playouts=leaf_playouts)
            if evaluation is None:  # the second round's ends are played out once it is built
                builder.line_leaf = lambda s: fitted_value(s, player)
        return builder.build(depth_rounds)



def _check_settings(leaf_values: str, leaf_playouts: int, second_round: str) -> None:
    """Refuse a ``leaf_values``, ``leaf_playouts`` or ``second_round`` that is not known."""
    if leaf_values not in LEAF_VALUES:
        raise AnalysisError(Problem.of(AnalysisCode.ONE_OF, name="leaf_values",
                                       got=repr(leaf_values)[:40], known=LEAF_VALUES),
                            input=leaf_values)
    check_count("leaf_playouts", leaf_playouts, 2, MAX_LEAF_PLAYOUTS)
    if second_round not in SECOND_ROUND:
        raise AnalysisError(Problem.of(AnalysisCode.ONE_OF, name="second_round",
                                       got=repr(second_round)[:40], known=SECOND_ROUND),
                            input=second_round)

SECOND_ROUND = ("sensible", "search")
WORLDS = 3  # sampled worlds of the next cards, at least
LAST_ROUND_WORLDS = 8  # ... when the tree plays the game to its end
MOST_WORLDS = 12  # ... at most, unless asked
DEEPENING = 120  # (first-round end, world) pairs the second round is built from, about


def default_worlds(state: GameState, depth_rounds: int, player: int,
                   know: Knowledge | None = None) -> int:
    """How many worlds the tree samples by default. Its second round is built once for every
    first-round end (a choice, an incoming card, a River tile) in every world, so its cost is
    about the number of those pairs: the worlds are as many as keep them near
    :data:`DEEPENING` (:data:`WORLDS` where the River can still show 4 tiles, up to
    :data:`MOST_WORLDS` where it shows its season's last), more worlds where the positions
    are fewer, at the same cost. Where the tree's last round is the game's, at least
    :data:`LAST_ROUND_WORLDS`: the leaves are the game's end, played out by nothing, so the
    worlds are the tree's only draws of what the seat cannot see (the others' hands, the
    face-down Objectives). The count depends on the position alone (the same tree on every
    machine; measured: docs/analysis.md, "The worlds, each its own"). ``know``: the seat's
    :func:`~precog.analysis.playing.world.knowledge`, when the caller has it."""
    if depth_rounds < 2:
        return WORLDS
    know = know or knowledge(state, player)
    ends = len(know.choices) * len(know.incoming) * len(river_outcomes(observation(state,
                                                                                  player)))
    worlds = min(MOST_WORLDS, max(WORLDS, DEEPENING // max(1, ends)))
    if state.round + depth_rounds - 1 >= ROUNDS:
        worlds = max(worlds, LAST_ROUND_WORLDS)
    return worlds


def leaf_function(player: int, evaluation: Weights | Callable[[GameState, int], float] | None,
                  rollouts: int, seed: int) -> Callable[[GameState], float]:
    """How leaves are valued: the one value (:func:`~precog.analysis.fitted.value.expected_final`,
    the default), the hand-made projection with ``Weights``, a function, or the mean of
    ``rollouts`` rollouts."""
    if rollouts > 0:
        from precog.analysis.playouts.rollouts import rollout_value

        def by_rollouts(s: GameState) -> float:
            return rollout_value(s, player, rollouts, seed)

        return by_rollouts
    if evaluation is None:
        return lambda s: expected_final(s, player)
    if isinstance(evaluation, Weights):
        weights = evaluation
        return lambda s: evaluate(s, player, weights)
    fn = evaluation
    return lambda s: fn(s, player)


def shares_after_river(evaluation: object, rollouts: int) -> bool:
    """Whether searches may share their lines once the seat's cards are played (transpositions
    by the Boats, :meth:`~precog.analysis.playing.rounds.RoundPlayer.river_key`): yes when leaves
    are valued by the evaluation, which reads only the Boats; not with rollouts (they play the
    hidden cards) or a caller's function."""
    return rollouts <= 0 and not callable(evaluation)



class _Builder(SecondRound):
    def __init__(self, state: GameState, player: int, model: str,
                 evaluation: Weights | Callable[[GameState, int], float] | None, rollouts: int,
                 seed: int, worlds: int, budget: Budget, know: Knowledge | None = None) -> None:
        self.know = know or knowledge(state, player)
        state = canonical_world(state, player)
        super().__init__(player, state.config.players,
                         leaf_function(player, evaluation, rollouts, seed),
                         transpose=shares_after_river(evaluation, rollouts))
        self.obs = observation(state, player)
        self.played = {}  # a plan's moves, played again for its River outcomes (river_node)
        self.model = make_model(model, seed)
        self.rng = random.Random(seed)
        self.sampler = WorldSampler(state, player)  # determinize, the hiding worked out once
        self.base = self.sampler(self.rng)
        self.world_count = max(1, worlds)
        self.sampled: list[GameState] | None = None
        self.budget = budget
        self.leaves = True
        self.second_round = "sensible"
        self.stop_between_choices = False
        self.depth = 1
        self.playouts = 0  # playouts per leaf (0: the leaves keep the fitted value)
        self.estimates = {}
        self.building = True
        self.seed = seed
        self.ids = itertools.count()
        self.table: dict[tuple[object, ...], TreeNode] = {}
        self.meta = {"player": player, "model": model, "seed": seed, "rollouts": rollouts,
                     "worlds": worlds, "round": state.round,
                     "evaluation": "rollouts" if rollouts else (
                         "fitted value" if evaluation is None else "given")}

    @property
    def worlds(self) -> list[GameState]:  # type: ignore[override]  # read, never set
        """The sampled worlds of the second round, drawn when it first asks (by the same
        generator, after the base world: the same worlds as drawn at once; a one-round tree
        never draws them)."""
        if self.sampled is None:
            self.sampled = [self.sampler(self.rng) for _ in range(self.world_count)]
        return self.sampled

    def build(self, depth: int) -> TreeNode:
        self.depth = depth
        root = self.node(Start(self.know.round, self.me), "decision", self.base)
        root.meta = dict(self.meta, complete=False)
        total = len(self.know.choices)
        for i, choice in enumerate(self.know.choices):
            if i and self.stop_between_choices and self.budget.exhausted():
                break
            root.children.append(self.choice_node(self.base, choice, self.know.incoming, 1))
            self.budget.report((i + 1) / total / depth,
                               Stage("first", (("round", self.know.round), ("choice", choice))))
        self.back_up(root, "max")
        root.meta["first_answer_s"] = self.budget.elapsed()
        if depth == 2:
            first = [c.value for c in root.children]
            self.deepen(root)
            if self.budget.stopped:  # a partial second round: rank on the first round alone
                for child, value in zip(root.children, first):
                    child.value = value
                self.back_up(root, "max")
        root.meta["depth_used"] = 1 if depth == 1 or self.budget.stopped else 2
        root.meta["complete"] = not self.budget.stopped
        root.meta["stopped"] = self.budget.stopped
        root.meta["elapsed_s"] = self.budget.elapsed()
        root.meta["nodes"] = sum(1 for _ in iter_nodes(root))
        if self.playouts:
            self.value_by_playouts(root, cut=depth == 2 and bool(self.budget.stopped))
            root.meta["leaves_played"] = len(self.estimates)
        self.building = False
        set_intervals(root)
        return root
