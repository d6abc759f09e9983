"""The look-ahead tree's leaves valued by playouts of the sensible player, all in one batch.

The tree finds its plans with the fitted value (:func:`precog.analysis.fitted.value.expected_final`:
fast, and it reads only the Boats, so searches share their lines). With
``build_tree(..., leaf_values="playouts")`` the tree, once built, is valued again: every leaf
it reached (an end of round, or the end of a plan whose River outcomes are left collapsed) is
played to the end of the game ``count`` times by the sensible player
(:data:`precog.analysis.playouts.rollouts.DEFAULT_POLICY`), from ``count`` worlds the seat cannot
tell from the leaf; the leaf's value is the mean final score, and its standard error the spread of
those playouts over the square root of ``count``. The values are then backed up the tree as it
was built (chance: the mean under the edges' probabilities; opponent: the model's rule; plan
and the first Decision: the best; a second-round Decision: the sensible player's choice).

All the leaves of one round are played in one call of the numpy batch
(:func:`precog.analysis.playouts.batch.run`; the engine where the batch does not apply), each leaf a
block of ``count`` games. Each leaf has draws of its own: its worlds are drawn by
:func:`~precog.analysis.playouts.rollouts.sample_starts` and its games driven by the rows of
:func:`~precog.analysis.playouts.rollouts.uniforms` for :func:`leaf_seed` (the tree's seed and the
position together), so a leaf's value is exactly ``rollout_value(leaf, seat, count,
leaf_seed(seed, leaf))``, and a position reached twice (a transposition) is played once and
has one value. Were every leaf to use the tree's seed itself, the same ``count`` draws of
the hidden cards and face-down Objectives would lie under every leaf, and the luck of those
few draws would move the whole tree up or down together (in the cooperative mode by several
Healthy Humans between two seeds); with draws of their own the leaves' luck averages out over
the tree (docs/analysis.md, "Every leaf its own draws").
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from precog.analysis.basics.intervals import standard_error
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, play_out, sample_starts, uniforms
from precog.analysis.projection.evaluation import last_check_value
from precog.engine import GameState
from precog.engine.state import PHASE_DECISION

if TYPE_CHECKING:
    from precog.analysis.search.tree import TreeNode

LEAF_VALUES = ("fit", "playouts")
DEFAULT_LEAF_PLAYOUTS = 8
MAX_LEAF_PLAYOUTS = 1_024  # per leaf: a tree has up to a couple of thousand leaves


@dataclass(frozen=True, slots=True)
class Estimate:
    """A leaf's value: the mean of its playouts' final scores and its standard error."""

    mean: float
    se: float


def leaf_estimates(states: Iterable[GameState], seat: int, count: int, seed: int,
                   known: dict[object, Estimate] | None = None) -> dict[object, Estimate]:
    """The estimate of every state not already in ``known`` (keyed by ``state.key()``),
    added to ``known`` (returned). A finished game is its final score exactly."""
    out = known if known is not None else {}
    todo: dict[object, GameState] = {}
    for s in states:
        key = s.key()
        if key in out or key in todo:
            continue
        if s.is_over:
            out[key] = Estimate(last_check_value(s, seat), 0.0)
        else:
            todo[key] = s
    groups: dict[int, list[tuple[object, GameState]]] = {}
    for found, s in todo.items():
        groups.setdefault(s.round, []).append((found, s))
    for members in groups.values():
        finals = play_leaves([s for _, s in members], seat, count, seed)
        for (found, _), vals in zip(members, finals):
            out[found] = estimate(vals)
    return out


def estimate(vals: np.ndarray) -> Estimate:
    """Mean and standard error of one leaf's playout values."""
    return Estimate(float(np.mean(vals)), standard_error(vals) if len(vals) > 1 else math.inf)


def leaf_seed(seed: int, state: GameState) -> int:
    """The seed of one leaf's playouts: the tree's ``seed`` and the position's own digest (a
    CRC-32 of its :meth:`~precog.engine.GameState.key`), one to one, the same in every
    process."""
    return seed * (1 << 32) + zlib.crc32(repr(state.key()).encode())


def play_leaves(leaves: Sequence[GameState], seat: int, count: int, seed: int) -> np.ndarray:
    """Final values for ``seat`` of ``count`` playouts from each leaf (one row per leaf):
    each leaf's worlds and uniforms drawn with its own :func:`leaf_seed`, all in one batch
    (leaves at the start of the same round's Decision phase)."""
    from precog.analysis.playouts import batch

    seeds = [leaf_seed(seed, s) for s in leaves]
    starts = [w for s, k in zip(leaves, seeds, strict=True)
              for w in sample_starts(s, seat, count, k)]
    rows = np.concatenate([uniforms(count, k) for k in seeds])
    if batch.supports(starts) and all(s.phase is PHASE_DECISION for s in starts):
        finals = batch.run(starts, rows, DEFAULT_POLICY)
        vals = batch.seat_values(finals, starts[0], seat)
    else:
        vals = np.array([last_check_value(play_out(s, DEFAULT_POLICY, rows[i]), seat)
                         for i, s in enumerate(starts)], dtype=float)
    return np.asarray(vals, dtype=float).reshape(len(leaves), count)


# -- the tree ------------------------------------------------------------------------------

def leaf_states(node: TreeNode) -> list[tuple[float, GameState]]:
    """What a childless node's value averages over: a leaf its own end of round; a plan whose
    River outcomes are collapsed the ends of its line (one per River tile, with its chance;
    ``meta["ends"]`` when the line was found in another world and played again in this one);
    nothing for another node."""
    if node.children or node.state is None:
        return []
    if node.kind == "leaf":
        return [(1.0, node.state)]
    line = node.meta.get("line")
    if node.kind == "chance" and line is not None:
        ends = node.meta.get("ends")  # the line played again in this node's own world
        return list(ends) if ends is not None else [(p, end) for p, _, end, _ in line.ends()]
    return []


def revalue(root: TreeNode, seat: int, count: int, seed: int,
            back_up_opponent: Callable[[TreeNode], None],
            known: dict[object, Estimate] | None = None) -> dict[object, Estimate]:
    """Value every leaf below ``root`` by playouts (one batch per round) and back the values up
    to ``root``; returns the estimates by position (pass them again as ``known`` to value only
    new leaves, after an expansion)."""
    points: dict[str, list[tuple[float, GameState]]] = {}
    stack, seen = [root], set()
    while stack:
        n = stack.pop()
        if id(n) in seen:  # not ``n.id``: a transposition's twin keeps the id, and may have
            continue       # been deepened on its own (its own children)
        seen.add(id(n))
        found = leaf_states(n)
        if found:
            points[n.id] = found
        stack.extend(n.children)
    known = leaf_estimates((s for pts in points.values() for _, s in pts), seat, count, seed,
                           known)
    back_up(root, points, known, back_up_opponent)
    return known


def back_up(root: TreeNode, points: dict[str, list[tuple[float, GameState]]],
            known: dict[object, Estimate],
            back_up_opponent: Callable[[TreeNode], None]) -> None:
    """Each node's value from its children as the tree combines them (see the module doc);
    a node with playouts gets their probability-weighted mean, and ``meta["se"]`` their
    standard error (the ends of one plan share their random numbers: their errors add)."""
    done: set[int] = set()  # by object, as in :func:`revalue`

    def walk(n: TreeNode) -> None:
        if id(n) in done:
            return
        if n.children:
            for c in n.children:
                walk(c)
            combine(n, back_up_opponent)
        elif n.id in points:
            ests = [(p, known[s.key()]) for p, s in points[n.id]]
            n.value = sum(p * e.mean for p, e in ests)
            n.meta["se"] = sum(p * e.se for p, e in ests)
        done.add(id(n))

    walk(root)


def combine(n: TreeNode, back_up_opponent: Callable[[TreeNode], None]) -> None:
    """A node's value from its children's: chance the weighted mean, the opponent model's rule,
    a second-round Decision its sensible choice's, a plan or the first Decision the best
    (which becomes the principal child)."""
    if n.kind == "chance":
        n.value = sum(c.probability * c.value for c in n.children)
    elif n.kind == "opponent":
        back_up_opponent(n)
    elif n.meta.get("follows") == "sensible":
        follow_sensible(n)
    else:
        n.value = max(c.value for c in n.children)
        best = next(c for c in n.children if c.value == n.value)
        for c in n.children:
            c.principal = c is best


def follow_sensible(node: TreeNode) -> None:
    """A second-round Decision is worth its sensible choice (made its principal child),
    whatever the other choices are worth: from the second round on the value means "then
    play like the sensible player", as the playouts play."""
    chosen = next(c for c in node.children if c.meta.get("sensible"))
    node.value = chosen.value
    for c in node.children:
        c.principal = c is chosen
