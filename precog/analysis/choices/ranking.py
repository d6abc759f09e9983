"""The candidate list: every (Keep, Give) choice ranked, like a backgammon program's.

Every value is the one value (:mod:`precog.analysis.fitted.value`): the Healthy Humans to expect at
the end of the game after the choice, everyone then playing like the sensible player. Without
rollouts a choice is worth its value in the look-ahead tree (leaves valued by the fitted
prediction; ``ci95`` from the fit's held-out error and the tree's world sampling). With
``rollouts=N`` each choice is played in the same ``N`` sampled worlds (common random numbers:
the same hidden cards, River, opponent choices and rollout uniforms for every choice): the
Keep/Give is forced, the rest of the game is played by the sensible player
(``rollouts.DEFAULT_POLICY``) for every seat; the value is the mean final score and ``ci95``
its 95 % confidence half-width.

This module holds the public entry (:func:`rank_options`), how the time budget is shared
between the rollouts and the tree, how the tree values its leaves (:func:`leaf_choice`) and
what each card is worth to the left neighbour (:func:`give_values`). The rest lives beside it
and every name stays importable from here: the table's rows and intervals
(:mod:`~precog.analysis.choices.rows`), the rollouts batch by batch
(:mod:`~precog.analysis.choices.rollout_batches`) and the tree and rollouts merged into one
number per choice (:mod:`~precog.analysis.choices.tree_merge`).

>>> from precog.engine.playout import random_playout
>>> import random
>>> state = random_playout(random.Random(2), players=3, seed=2, stop_round=4).final
>>> ranking = rank_options(state, 0, depth_rounds=1)
>>> ranking.rows[0].loss
0.0
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from precog.analysis.basics.budget import Budget, Cancel, Progress
from precog.analysis.basics.checks import check_ranking
from precog.analysis.choices.rollout_batches import (
    BATCH_GAMES,
    FIRST_BATCH_TIMED,
    RACE_CI,
    RACE_MIN,
    RACE_Z,
    TIME_LEFT_SHARE,
    Worlds,
    batch_size,
    rollout_rows,
    still_racing,
)
from precog.analysis.choices.rows import (
    Ranking,
    RankingRow,
    left_behind_on_the_leaders_worlds,
    paired_loss,
)
from precog.analysis.choices.tree_merge import (
    LINE_EDGES,
    anchor_tree,
    describe_line,
    explain_rows,
    return_chance,
    row_from_tree,
)
from precog.analysis.fitted.provenance import component_note
from precog.analysis.fitted.value import expected_final
from precog.analysis.playing.plans import RoundSearch
from precog.analysis.playing.world import (
    Knowledge,
    canonical_world,
    first_legal,
    resolve_decision,
    river_outcomes,
)
from precog.analysis.playing.world import (
    knowledge as knowledge_of,
)
from precog.analysis.search.leaf_playouts import DEFAULT_LEAF_PLAYOUTS
from precog.analysis.search.tree import TreeNode, build_tree, choice_of
from precog.engine import GameState, determinize, observation

__all__ = [
    "BATCH_GAMES", "DEFAULT_ROLLOUTS", "FIRST_BATCH_TIMED", "LINE_EDGES", "MIN_TREE_S",
    "ONE_ROUND_LEAF_PLAYOUTS", "RACE_CI", "RACE_MIN", "RACE_Z", "ROLLOUT_SHARE",
    "TIME_LEFT_SHARE", "VALUE_MEANING", "Ranking", "RankingRow", "Worlds", "anchor_tree",
    "batch_size", "choice_of", "describe_line", "explain_rows", "give_values",
    "leaf_choice", "left_behind_on_the_leaders_worlds", "paired_loss", "rank_options",
    "return_chance", "row_from_tree", "still_racing",
]

DEFAULT_ROLLOUTS = 256
"""Playouts per choice of the explorer's table (and of the review, which shows its numbers)."""

ONE_ROUND_LEAF_PLAYOUTS = 32
"""Playouts per leaf of a one-round look-ahead ranked without rollouts (the Play hint's first
answer): its values are then the sensible player's games, as the rollouts' are."""

VALUE_MEANING = ("expected final Healthy Humans (the mode's score) after this choice, "
                 "everyone then playing like the sensible player")

ROLLOUT_SHARE = 0.7
"""Under a time budget with rollouts, the share of it the rollouts may take (they start at
once); the one-round tree that names each choice's plan is built after them, in the time
left, the table's best choice first."""
MIN_TREE_S = 0.01
"""The tree's least budget: it always builds the best choice's first round."""


def rank_options(state: GameState, player: int, model: str = "uniform", rollouts: int = 0,
                 seed: int = 0, budget_s: float | None = None, progress: Progress | None = None,
                 cancel: Cancel = None, depth_rounds: int | None = None,
                 engine: str = "auto", with_give_values: bool = True,
                 race: bool | None = None, leaf_values: str | None = None) -> Ranking:
    """Rank every (Keep, Give) choice of ``player`` in ``state`` (see the module doc).

    ``rollouts``: samples per choice (0: the tree's values); with ``budget_s`` the rollouts stop
    when the time is up (at least 2 samples each). ``depth_rounds`` defaults to 2 without
    rollouts and 1 with them (the rollouts look further). ``engine``: rollouts through
    "batch" (numpy), "scalar" (the engine) or "auto". ``race``: a choice clearly behind the
    leader stops getting rollouts (:func:`still_racing`), so the time goes to the choices in
    contention; False plays every choice to the end; None (the default) races under a time
    budget only, so that a fixed number of rollouts means that number for every choice.
    ``leaf_values``: how the tree values its leaves (``build_tree``'s "fit" or "playouts");
    None (the default): :func:`leaf_choice`.
    """
    start = time.perf_counter()
    check_ranking(player, state.config.players, model, rollouts, seed, budget_s, depth_rounds,
                  engine)
    know = knowledge_of(state, player)  # refuses a position where the player has no choice
    state = canonical_world(state, player)
    depth = depth_rounds or (1 if rollouts else 2)
    leaves = leaf_values or leaf_choice(bool(rollouts and budget_s is not None))
    request = _Request(state=state, player=player, know=know, model=model, seed=seed,
                       rollouts=rollouts, budget_s=budget_s, progress=progress, cancel=cancel,
                       engine=engine, race=race, depth=depth, leaves=leaves,
                       leaf_playouts=ONE_ROUND_LEAF_PLAYOUTS if depth == 1
                       else DEFAULT_LEAF_PLAYOUTS, start=start)
    samples = 0
    times: dict[str, float] = {}
    if rollouts > 0:
        rows, tree, samples, times = _rollouts_then_tree(request)
    else:
        tree = request.tree(progress=progress, budget_s=budget_s, know=know)
        rows = [row_from_tree(choice_node) for choice_node in tree.children]
        rows.sort(key=lambda row: (-row.value, row.action))
    if with_give_values and not (budget_s is not None and rollouts > 0
                                 and request.elapsed() >= budget_s):
        worth = give_values(state, player, seed, know)
        for row in rows:
            row.give_value_to_left = worth.get(row.give, 0.0)
    for row in rows:
        row.loss, row.loss_ci95 = paired_loss(rows[0], row) if rollouts > 0 else (
            rows[0].value - row.value, None)
    return Ranking(rows=rows, meta=_meta(request, tree, samples, times), tree=tree, know=know)


@dataclass(frozen=True)
class _Request:
    """One ranking's checked arguments, what the seat knows and when the ranking started."""

    state: GameState
    player: int
    know: Knowledge
    model: str
    seed: int
    rollouts: int
    budget_s: float | None
    progress: Progress | None
    cancel: Cancel
    engine: str
    race: bool | None
    depth: int
    leaves: str
    leaf_playouts: int
    start: float

    def elapsed(self) -> float:
        """Seconds since the ranking started."""
        return time.perf_counter() - self.start

    def tree(self, **settings: Any) -> TreeNode:
        """The look-ahead tree of this ranking's depth, model, seed and leaves."""
        return build_tree(self.state, self.player, model=self.model, depth_rounds=self.depth,
                          seed=self.seed, cancel=self.cancel, leaf_values=self.leaves,
                          leaf_playouts=self.leaf_playouts, **settings)


def _rollouts_then_tree(
        request: _Request) -> tuple[list[RankingRow], TreeNode, int, dict[str, float]]:
    """The rollouts first, at once; the tree after them (timed: the table's best choice
    first), its choices then reading the rows' numbers. Returns the rows (best first), the
    tree, the rollouts of the rows played longest and when each part started."""
    rows = [RankingRow(choice=choice, value=0.0) for choice in request.know.choices]
    times = {"rollouts_from_s": request.elapsed()}
    timed = request.budget_s is not None
    budget = Budget(seconds=None if request.budget_s is None else max(
        0.0, request.budget_s * ROLLOUT_SHARE - request.elapsed()), samples=request.rollouts,
        cancel=request.cancel, progress=_scaled(request.progress, 0.0, 0.9 if timed else 0.5))
    samples = rollout_rows(request.state, request.player, request.model, request.seed, rows,
                           budget, request.engine, request.know,
                           timed if request.race is None else request.race)
    rows.sort(key=lambda row: (-row.value, row.action))
    times["tree_from_s"] = request.elapsed()
    left = None if request.budget_s is None else max(MIN_TREE_S,
                                                     request.budget_s - request.elapsed())
    know = replace(request.know, choices=tuple(row.choice for row in rows)) if timed \
        else request.know
    tree = request.tree(progress=_scaled(request.progress, 0.9 if timed else 0.5, 1.0),
                        budget_s=left, know=know, stop_between_choices=timed)
    explain_rows(rows, tree)
    anchor_tree(tree, rows)
    return rows, tree, samples, times


def _meta(request: _Request, tree: TreeNode, samples: int,
          times: dict[str, float]) -> dict[str, Any]:
    """What the ranking did: the seat, round, model and seed, how the choices were valued,
    how long it took and which component set it ran on."""
    state = request.state
    return {"player": request.player, "round": state.round, "model": request.model,
            "seed": request.seed, "rollouts": request.rollouts, "samples": samples,
            "depth_rounds": request.depth,
            "evaluation": "rollouts" if request.rollouts else (
                "playouts at the leaves" if request.leaves == "playouts" else "fitted value"),
            "leaf_playouts": int(tree.meta.get("leaf_playouts", 0)),
            "value": VALUE_MEANING,
            "complete": bool(tree.meta.get("complete")),
            "elapsed_s": request.elapsed(), **times,
            "components": component_note(state.components, state.config.mode)}


def _scaled(progress: Progress | None, low: float, high: float) -> Progress | None:
    """``progress`` reporting its fractions between ``low`` and ``high``."""
    if progress is None:
        return None
    report = progress
    return lambda fraction, message: report(low + (high - low) * fraction, message)


def leaf_choice(timed_rollouts: bool) -> str:
    """How a ranking's tree values its leaves unless told: played out (a one-round tree
    :data:`ONE_ROUND_LEAF_PLAYOUTS` games a leaf, a two-round tree
    :data:`~precog.analysis.search.leaf_playouts.DEFAULT_LEAF_PLAYOUTS`), so that its numbers are on
    the rollouts' scale, in every mode: in the cooperative mode since each playout counts the
    last check's unseen tiles by their chance (calibration error 1.42 and 1.53 Healthy Humans
    against the fit's 1.71 and 1.81 over two sets of worlds, docs/analysis.md); with rollouts
    on a time budget, the fit (the time then goes to the rollouts; the tree only names the
    plan)."""
    return "fit" if timed_rollouts else "playouts"


def give_values(state: GameState, player: int, seed: int,
                know: Knowledge | None = None) -> dict[str, float]:
    """For each card ``player`` may Give: how much more it is worth to the left neighbour
    than the other card, on the scale of the ranking's values (the left neighbour's one value,
    Healthy Humans expected at the end, after its best plan for this round with each card)."""
    left = (player + 1) % state.config.players
    world = determinize(state, player, random.Random(seed + 1))
    know = know or knowledge_of(state, player)
    worth: dict[str, float] = {}
    for give in know.decision_zone:
        choice = next(option for option in know.choices if option.give == give)
        after = resolve_decision(world, player, choice, {}, first_legal)
        search = RoundSearch(left, river_outcomes(observation(after, left)),
                             lambda position: expected_final(position, left), narrow=True)
        worth[give] = search.run(after).value
    differences = {}
    for give, value in worth.items():
        others = [other_value for other, other_value in worth.items() if other != give]
        differences[give] = value - (sum(others) / len(others) if others else 0.0)
    return differences
