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
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from precog.analysis.basics.budget import Budget, Cancel, Progress
from precog.analysis.basics.checks import check_ranking
from precog.analysis.basics.display import interval_text, ranking_html
from precog.analysis.basics.edges import (
    Arrives,
    Chosen,
    Draw,
    Edge,
    Plan,
    RiverTile,
    Stage,
    line_notation,
    with_chance,
)
from precog.analysis.basics.seeds import worlds_rng
from precog.analysis.choices.copies import copies
from precog.analysis.fitted.provenance import component_note
from precog.analysis.fitted.value import expected_final
from precog.analysis.parallel import cores
from precog.analysis.playing.plans import RoundSearch
from precog.analysis.playing.world import (
    Knowledge,
    canonical_world,
    first_legal,
    give_of,
    resolve_decision,
    river_outcomes,
    until_seat,
)
from precog.analysis.playing.world import (
    knowledge as knowledge_of,
)
from precog.analysis.playouts.many_worlds import Dealer, dealer
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, mean_ci, numpy_rng
from precog.analysis.search.leaf_playouts import DEFAULT_LEAF_PLAYOUTS
from precog.analysis.search.models import make_model
from precog.analysis.search.tree import (
    TreeNode,
    build_tree,
    choice_of,
    move_below,
    principal_line,
)
from precog.engine import (
    Action,
    GameState,
    WorldSampler,
    determinize,
    legal_actions,
    observation,
)
from precog.engine.actions import Choose

if TYPE_CHECKING:
    from precog.analysis.playouts.batch import Dealt

DEFAULT_ROLLOUTS = 256
"""Playouts per choice of the explorer's table (and of the review, which shows its numbers)."""

ONE_ROUND_LEAF_PLAYOUTS = 32
"""Playouts per leaf of a one-round look-ahead ranked without rollouts (the Play hint's first
answer): its values are then the sensible player's games, as the rollouts' are."""

VALUE_MEANING = ("expected final Healthy Humans (the mode's score) after this choice, "
                 "everyone then playing like the sensible player")


@dataclass
class RankingRow:
    """One candidate: its value, its loss against the best, and what it leads to.

    ``choice`` is the (Keep, Give) action and ``action`` its notation; ``line`` is the principal
    line as data (:mod:`precog.analysis.basics.edges`), ``principal_line`` its notation."""

    choice: Choose
    value: float
    loss: float = 0.0
    ci95: float | None = None
    line: tuple[Edge, ...] = field(default=(), repr=False)
    return_chance: dict[str, float] = field(default_factory=dict)
    give_value_to_left: float = 0.0
    samples: int = 0
    # the rollout values, in the same worlds for every row (thousands: never in the repr)
    draws: tuple[float, ...] = field(default=(), repr=False)
    loss_ci95: float | None = None  # the loss's 95 % half-width on paired rollouts

    @property
    def within_noise(self) -> bool:
        """Behind the best by no more than the loss's paired interval: the rollouts cannot
        tell this choice from the best (False without rollouts; the best itself is within)."""
        return self.loss_ci95 is not None and self.loss <= self.loss_ci95

    @property
    def keep(self) -> str:
        return self.choice.keep

    @property
    def give(self) -> str:
        return self.choice.give

    @property
    def action(self) -> str:
        return str(self.choice)

    @property
    def principal_line(self) -> str:
        return line_notation(self.line)

    def to_dict(self) -> dict[str, Any]:
        return {"keep": self.keep, "give": self.give, "action": self.action,
                "value": round(self.value, 4), "loss": round(self.loss, 4),
                "ci95": None if self.ci95 is None else round(self.ci95, 4),
                "loss_ci95": None if self.loss_ci95 is None else round(self.loss_ci95, 4),
                "principal_line": self.principal_line,
                "return_chance": {k: round(v, 4) for k, v in self.return_chance.items()},
                "give_value_to_left": round(self.give_value_to_left, 4),
                "samples": self.samples}


@dataclass(repr=False)
class Ranking:
    rows: list[RankingRow]
    meta: dict[str, Any]
    tree: TreeNode | None = None
    know: Knowledge | None = None  # what the seat knew (reusable by a following analysis)

    def title(self) -> str:
        m = self.meta
        return (f"seat {m.get('player')}, round {m.get('round')}: {len(self.rows)} choices, "
                f"up to {m.get('samples', 0)} rollouts each, seed {m.get('seed')}")

    def __repr__(self) -> str:
        best = self.rows[0] if self.rows else None
        top = "" if best is None else (
            f"; best {best.action} {interval_text(best.value, best.ci95)}")
        return f"<Ranking {self.title()}{top}>"

    def _repr_html_(self) -> str:
        """A compact table: each choice's value ± its 95 % interval, as a dot and whisker."""
        return ranking_html(self.title(), self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {"rows": [r.to_dict() for r in self.rows], "meta": self.meta}

    def copies(self) -> dict[int, int]:
        """Rows (by index) that Keep and Give the same cards as an earlier row (a copy of a
        card from another deck, :mod:`precog.analysis.choices.copies`): that row's index."""
        state = self.tree.state if self.tree is not None else None
        return {} if state is None else copies([(r.keep, r.give) for r in self.rows], state)

    def distinct(self, n: int) -> list[RankingRow]:
        """The first ``n`` rows that are not copies of an earlier row (what to show or plot
        first: two choices of the same cards play alike)."""
        twins = self.copies()
        return [r for i, r in enumerate(self.rows) if i not in twins][:n]

    def table(self) -> str:
        """The ranked table as text."""
        m = self.meta
        how = (f"up to {m['samples']} rollouts per choice" if m.get("rollouts")
               else f"{m['depth_rounds']}-round look-ahead, each leaf played out "
                    f"{m['leaf_playouts']} times" if m.get("leaf_playouts")
               else f"{m['depth_rounds']}-round look-ahead, fitted value at the leaves")
        partial = "" if m.get("complete", True) else (
            ", stopped early: values from the first round only")
        out = [f"seat {m['player']}, round {m['round']}: model {m['model']}, seed {m['seed']}, "
               f"{how} ({m['elapsed_s']:.2f} s{partial})",
               f"{'#':>2} {'choice':<20} {'value':>7} {'loss':>6} {'±loss':>6} {'±95%':>6} "
               f"{'to left':>7}  back (chance)   principal line"]
        note = m.get("components", {})
        if not note.get("reference", True):
            out.insert(1, f"component set {note['name']!r}, not the reference set: "
                          f"{note['unknown_faces']} unknown faces drawn from the prior; "
                          f"evaluation {note['calibration']} (refit: {note['refit']})")
        for i, r in enumerate(self.rows, 1):
            ci = "" if r.ci95 is None else f"{r.ci95:.2f}"
            lci = "" if r.loss_ci95 is None else f"{r.loss_ci95:.2f}"
            back = " ".join(f"{c} {p:.0%}" for c, p in r.return_chance.items()) or "-"
            out.append(f"{i:>2} {r.action:<20} {r.value:>7.2f} {r.loss:>6.2f} {lci:>6} {ci:>6} "
                       f"{r.give_value_to_left:>+7.2f}  {back:<15} {r.principal_line}")
        return "\n".join(out)


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
    leaf_playouts = ONE_ROUND_LEAF_PLAYOUTS if depth == 1 else DEFAULT_LEAF_PLAYOUTS
    samples = 0
    times: dict[str, float] = {}
    if rollouts > 0:  # the rollouts first, at once; the tree after them (timed: best first)
        rows = [RankingRow(choice=c, value=0.0) for c in know.choices]
        times["rollouts_from_s"] = time.perf_counter() - start
        timed = budget_s is not None
        budget = Budget(seconds=None if budget_s is None else max(
            0.0, budget_s * ROLLOUT_SHARE - (time.perf_counter() - start)), samples=rollouts,
            cancel=cancel, progress=_scaled(progress, 0.0, 0.9 if timed else 0.5))
        samples = _rollout_rows(state, player, model, seed, rows, budget, engine, know,
                                timed if race is None else race)
        rows.sort(key=lambda r: (-r.value, r.action))
        times["tree_from_s"] = time.perf_counter() - start
        left = None if budget_s is None else max(MIN_TREE_S,
                                                 budget_s - (time.perf_counter() - start))
        tree = build_tree(state, player, model=model, depth_rounds=depth, seed=seed,
                          progress=_scaled(progress, 0.9 if timed else 0.5, 1.0),
                          cancel=cancel, budget_s=left, leaf_values=leaves,
                          know=replace(know, choices=tuple(r.choice for r in rows))
                          if timed else know,
                          leaf_playouts=leaf_playouts, stop_between_choices=timed)
        explain_rows(rows, tree)
        anchor_tree(tree, rows)
    else:
        tree = build_tree(state, player, model=model, depth_rounds=depth, seed=seed,
                          progress=progress, cancel=cancel, budget_s=budget_s, know=know,
                          leaf_values=leaves, leaf_playouts=leaf_playouts)
        rows = [_row_from_tree(opp) for opp in tree.children]
        rows.sort(key=lambda r: (-r.value, r.action))
    if with_give_values and not (budget_s is not None and rollouts > 0
                                 and time.perf_counter() - start >= budget_s):
        worth = give_values(state, player, seed, know)
        for r in rows:
            r.give_value_to_left = worth.get(r.give, 0.0)
    for r in rows:
        r.loss, r.loss_ci95 = paired_loss(rows[0], r) if rollouts > 0 else (
            rows[0].value - r.value, None)
    meta = {"player": player, "round": state.round, "model": model, "seed": seed,
            "rollouts": rollouts, "samples": samples, "depth_rounds": depth,
            "evaluation": "rollouts" if rollouts else (
                "playouts at the leaves" if leaves == "playouts" else "fitted value"),
            "leaf_playouts": int(tree.meta.get("leaf_playouts", 0)),
            "value": VALUE_MEANING,
            "complete": bool(tree.meta.get("complete")),
            "elapsed_s": time.perf_counter() - start, **times,
            "components": component_note(state.components, state.config.mode)}
    return Ranking(rows=rows, meta=meta, tree=tree, know=know)


ROLLOUT_SHARE = 0.7
"""Under a time budget with rollouts, the share of it the rollouts may take (they start at
once); the one-round tree that names each choice's plan is built after them, in the time
left, the table's best choice first."""
MIN_TREE_S = 0.01
"""The tree's least budget: it always builds the best choice's first round."""


def explain_rows(rows: list[RankingRow], tree: TreeNode) -> None:
    """Each row's principal line and the chance its passed cards come back, from its choice
    in the tree (a choice the tree did not reach in its time keeps none)."""
    nodes = {choice_of(c): c for c in tree.children}
    for r in rows:
        node = nodes.get(r.choice)
        if node is not None:
            r.line = describe_line(node)
            r.return_chance = return_chance(node, node.meta.get("passed", ()))


def anchor_tree(tree: TreeNode, rows: list[RankingRow]) -> None:
    """One number per choice: each choice of the tree reads its row's value, interval and
    rollouts (``meta["samples"]``), and every node below it is moved by the same amount (the
    row's value less the tree's own, kept in ``meta["tree_value"]`` with its interval in
    ``meta["tree_ci95"]``), so the look-ahead's
    branches keep their differences, back up to the choice's number and read on the same
    level; the principal choice is the table's first (the only one called best) and the root
    is worth it. A choice the tree did not reach in its time gets a node of its own, without
    branches (``meta["unexplored"]``)."""
    nodes = {choice_of(c): c for c in tree.children}
    moved: set[int] = set()
    children = []
    for i, r in enumerate(rows):
        node = nodes.get(r.choice)
        if node is None:
            node = TreeNode(id=f"{tree.id}r{i}", edge=Chosen(r.choice), kind="opponent",
                            value=r.value, state=tree.state, meta={"unexplored": True})
        else:
            node.meta["tree_value"] = node.value - node.shift
            node.meta.setdefault("tree_ci95", node.ci95)
            move_below(node, r.value - node.value, moved)
        node.value, node.ci95, node.principal = r.value, r.ci95, r is rows[0]
        node.meta["samples"] = r.samples
        node.meta.pop("tree_first", None)
        children.append(node)
    tree.children = children
    tree.value, tree.ci95 = rows[0].value, rows[0].ci95
    tree.meta["samples"] = rows[0].samples


def _scaled(progress: Progress | None, lo: float, hi: float) -> Progress | None:
    if progress is None:
        return None
    report = progress
    return lambda f, msg: report(lo + (hi - lo) * f, msg)


def _row_from_tree(opp: TreeNode) -> RankingRow:
    passed = opp.meta.get("passed", ())
    row = RankingRow(choice=choice_of(opp), value=opp.value, ci95=opp.ci95,
                     line=describe_line(opp))
    row.return_chance = return_chance(opp, passed)
    return row


LINE_EDGES = (Arrives, Plan, RiverTile, Draw, Chosen)


def describe_line(opp: TreeNode) -> tuple[Edge, ...]:
    """What the principal line says, as data: what arrives, the plan, the River, the next
    cards and the next choice (:func:`~precog.analysis.basics.edges.line_notation` writes it). Each
    edge chance decides (the card that arrives, the River tile, the next cards) carries its
    chance (its node's probability): the line is one sampled future among others, said as
    a possibility."""
    return tuple(with_chance(node.edge, node.probability) for node in principal_line(opp)
                 if isinstance(node.edge, LINE_EDGES))


def return_chance(opp: TreeNode, passed: tuple[str, ...]) -> dict[str, float]:
    """The chance each passed card comes back next round (under the opponent model)."""
    if not passed:
        return {}
    totals = {card: 0.0 for card in passed}
    mass = 0.0

    def walk(node: TreeNode, weight: float) -> None:
        nonlocal mass
        if node.kind == "opponent" and node.children \
                and isinstance(node.children[0].edge, Arrives) and node is not opp:
            for c in node.children:
                assert isinstance(c.edge, Arrives)
                if c.edge.card in totals:
                    totals[c.edge.card] += weight * c.probability
            mass += weight
            return
        if node.kind in ("chance",):
            for c in node.children:
                walk(c, weight * c.probability)
        elif node.children:
            best = [c for c in node.children if c.principal] or node.children[:1]
            for c in best:
                walk(c, weight)

    for plan in opp.children:
        walk(plan, plan.probability)
    if mass <= 0:
        return {card: 1.0 / len(passed) for card in passed}
    return {card: v / mass for card, v in totals.items()}


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
    n = state.config.players
    left = (player + 1) % n
    world = determinize(state, player, random.Random(seed + 1))
    know = know or knowledge_of(state, player)
    worth: dict[str, float] = {}
    for give in know.decision_zone:
        choice = next(c for c in know.choices if c.give == give)
        after = resolve_decision(world, player, choice, {}, first_legal)
        rs = RoundSearch(left, river_outcomes(observation(after, left)),
                         lambda s: expected_final(s, left), narrow=True)
        worth[give] = rs.run(after).value
    out = {}
    for give, v in worth.items():
        others = [w for g, w in worth.items() if g != give]
        out[give] = v - (sum(others) / len(others) if others else 0.0)
    return out


# -- rollouts with common random numbers -----------------------------------------------

RACE_Z = 3.0
"""A choice stops getting rollouts once the leader's paired lead over it is this many standard
errors (about 99.7 % one-sided): the rest of the budget goes to the choices still in contention."""
RACE_MIN = 64
"""...and never before this many rollouts per choice."""
RACE_CI = 0.5
"""...and never while its own 95 % half-width is wider than this (Healthy Humans): every row of
the table keeps an interval a player can read before the rest goes to the contenders."""
FIRST_BATCH_TIMED = 32
"""The first batch of worlds under a time budget (it always completes; later batches are sized
to the time left)."""
BATCH_GAMES = 4096
"""The most games in one timed batch: over 30 of the benchmark's 1-second analyses, a
quarter more rollouts for the contenders than batches of 256 worlds, at a peak memory of
100 MB against 78 (8,192 games: no faster, 167 MB)."""
TIME_LEFT_SHARE = 0.5
"""A timed batch is sized to take at most this share of the time left at the last batch's
pace: on a loaded machine a batch can take twice as long as the last one's pace says and the
answer still comes back within its budget."""
def paired_loss(best: RankingRow, row: RankingRow) -> tuple[float, float | None]:
    """The loss of ``row`` against ``best`` and its 95 % half-width on paired rollouts (the
    same worlds and the same Keep/Give draws: far narrower than either value's interval)."""
    loss = max(0.0, best.value - row.value)
    if row is best:
        return 0.0, 0.0
    n = min(len(best.draws), len(row.draws))  # a choice left behind has the first n worlds
    if n > 1:
        _mean, ci = mean_ci([b - r for b, r in zip(best.draws[:n], row.draws[:n], strict=True)])
        return loss, ci
    return loss, None


def _rollout_rows(state: GameState, player: int, model: str, seed: int,
                  rows: list[RankingRow], budget: Budget, engine: str,
                  know: Knowledge, race: bool = True) -> int:
    """Value every row by rollouts in shared sampled worlds; returns the rollouts of the rows
    played longest. With ``race``, a row clearly behind the leader (:data:`RACE_Z`) stops
    getting rollouts (its value and interval are those of the rollouts it had). A row that
    Keeps and Gives the same cards as an earlier row (a copy from another deck,
    :mod:`precog.analysis.choices.copies`) plays alike: it is not played again, it takes that row's
    rollouts (loss 0 ± 0), and the time goes to the choices that differ."""
    order = [str(c) for c in know.choices]
    right = (player - 1) % state.config.players
    bot = make_model("bot", seed) if model == "bot" else None
    rng = random.Random(seed + 2)
    samples: dict[str, list[list[float]]] = {r.action: [[] for _ in know.incoming]
                                             for r in rows}
    target = budget.samples or 0
    twins = {rows[i].action: rows[j].action
             for i, j in copies([(r.keep, r.give) for r in rows], state).items()}
    racing = [r for r in rows if r.action not in twins]  # a copy is played as its twin
    deal = dealer(state, player)  # None: a partly-known box, worlds drawn one at a time
    sample, gen = WorldSampler(state, player), worlds_rng(seed + 2)
    done = 0
    per_row_s: float | None = None  # seconds a world costs for one row, from the last batch
    variants = len(know.incoming) if model == "worst" else 1  # games a world plays per row
    while done < target:
        if done >= 2 and budget.exhausted():
            break
        size = batch_size(target, done, budget, per_row_s, len(racing) * variants,
                          cores.parts())
        if size <= 0:
            break
        started = time.perf_counter()
        dealt = None if deal is None else deal(gen, size)
        worlds = Worlds(deal, dealt, size, lambda: sample(rng), engine)
        us = numpy_rng(seed * 7 + done).random(size)
        gives = [None] if model == "uniform" else _gives(
            worlds.states, right, know.incoming, model, bot, us)
        for which, forced_right in enumerate(gives):
            forced = np.full((len(racing) * size, state.config.players), -1, np.int64)
            for j, r in enumerate(racing):
                forced[j * size:(j + 1) * size, player] = order.index(r.action)
                if forced_right is not None:
                    forced[j * size:(j + 1) * size, right] = forced_right
            vals = _rollout_values(worlds, len(racing), forced, player, seed + done)
            for j, r in enumerate(racing):
                samples[r.action][which].extend(vals[j * size:(j + 1) * size])
        per_row_s = (time.perf_counter() - started) / (size * len(racing) * len(gives))
        done += size
        budget.spend(size)
        budget.report(done / target, Stage("rollouts", (("done", done), ("total", target))))
        if race and len(gives) == 1:
            racing = still_racing(racing, samples)
    for r in rows:
        groups = [g for g in samples[twins.get(r.action, r.action)] if g]
        means = [float(np.mean(g)) for g in groups]
        pick = groups[int(np.argmin(means))] if model == "worst" else [
            v for g in groups for v in g]
        r.value, r.ci95 = mean_ci(pick)
        r.samples = len(pick)
        r.draws = tuple(pick)
    left_behind_on_the_leaders_worlds(rows)
    return done


def left_behind_on_the_leaders_worlds(rows: list[RankingRow]) -> None:
    """Value each row the race left behind through the leader's games on the same worlds.

    A row left behind has rollouts in the first ``n`` worlds only, while the leader (the
    best of the rows played to the end) went on; the row's own mean of those ``n`` games keeps
    the luck of its first worlds, which the leader's longer mean has averaged away, and could
    come out above the leader it was found clearly behind. Its value is its own mean corrected
    by the leader's luck on those worlds (the leader's mean over all its ``N`` games less its
    mean over the first ``n``), in proportion to how closely the row's games follow the
    leader's (``beta = cov / var`` over the shared worlds: a regression on the leader, the
    same worlds and uniforms). That estimate of the row's mean has the least noise of its
    kind, never more than its own mean's: variance ``var(row)/n - (1/n - 1/N) cov^2/var``, its
    interval."""
    most = max((r.samples for r in rows), default=0)
    ahead = [r for r in rows if r.samples == most]
    if not ahead or most < 2:
        return
    leader = max(ahead, key=lambda r: r.value)
    lead = np.asarray(leader.draws, dtype=float)
    for r in rows:
        if 2 < r.samples < most:
            n, own = r.samples, np.asarray(r.draws, dtype=float)
            (var_lead, cov), (_, var_own) = np.cov(lead[:n], own, ddof=1)
            beta = cov / var_lead if var_lead > 0 else 0.0
            r.value = float(own.mean() + beta * (lead.mean() - lead[:n].mean()))
            var = var_own / n - (1 / n - 1 / most) * beta * cov
            r.ci95 = 1.96 * float(np.sqrt(max(var, 0.0)))


def batch_size(target: int, done: int, budget: Budget, per_row_s: float | None,
               rows: int, parts: int = 1) -> int:
    """Worlds in the next batch. The same plan with a time budget or without, so that a
    timed ranking that plays its whole ``target`` gets the very values of an untimed one
    (the worlds and uniforms of a batch follow from where it starts: the explorer's table
    and a review or hint that had the time agree to the last digit): a first batch of
    :data:`FIRST_BATCH_TIMED` worlds, then batches that grow with the worlds played (at least
    256, then as many as played so far: numpy plays a batch of thousands of games faster per
    game than one of hundreds), at most :data:`BATCH_GAMES` games (a cancel is heard between
    batches). Under a time budget a planned batch that would take more than
    :data:`TIME_LEFT_SHARE` of the time left at the last batch's pace is cut to what fits
    (the last batch; 0: not even 16 worlds fit, stop). ``parts`` (the processes that play a
    batch, :mod:`~precog.analysis.parallel.cores`) is already in the pace measured, so it does not
    change the plan."""
    left = target - done
    if done == 0 or per_row_s is None:
        return min(max(2, FIRST_BATCH_TIMED), left)
    planned = min(max(256, done), left, max(16, BATCH_GAMES // max(1, rows)))
    if budget.seconds is None:
        return planned
    per_world = per_row_s * max(1, rows)
    fits = int(TIME_LEFT_SHARE * (budget.seconds - budget.elapsed()) / per_world)
    return 0 if fits < 16 else min(planned, fits)


def still_racing(racing: list[RankingRow],
                 samples: dict[str, list[list[float]]]) -> list[RankingRow]:
    """The rows still in contention: the leader, every row whose paired deficit (same worlds,
    same uniforms) is not yet :data:`RACE_Z` standard errors, and every row whose own interval
    is still wider than :data:`RACE_CI`."""
    draws = {r.action: np.asarray(samples[r.action][0]) for r in racing}
    n = min(len(d) for d in draws.values())
    if n < RACE_MIN or len(racing) <= 2:
        return racing
    leader = max(racing, key=lambda r: float(draws[r.action][:n].mean()))
    lead = draws[leader.action][:n]
    keep = []
    for r in racing:
        diff = lead - draws[r.action][:n]
        se = float(diff.std(ddof=1)) / np.sqrt(n)
        own = draws[r.action]
        wide = 1.96 * float(own.std(ddof=1)) / np.sqrt(len(own)) > RACE_CI
        if r is leader or wide or float(diff.mean()) <= RACE_Z * se:
            keep.append(r)
    if len(keep) < 2:  # the leader and its nearest rival: their gap keeps narrowing
        rival = max((r for r in racing if r is not leader),
                    key=lambda r: float(draws[r.action][:n].mean()))
        keep = [r for r in racing if r is leader or r is rival]
    return keep


def _gives(worlds: list[GameState], right: int, incoming: tuple[str, ...], model: str,
           bot: Any, us: np.ndarray) -> list[list[int] | None]:
    """Forced Decision indices of the right neighbour per world, one list per variant
    (uniform: none forced, the rollout policy chooses for it)."""
    if model == "uniform":
        return [None]
    variants: list[list[int] | None] = []
    if model == "worst":
        for card in incoming:
            variants.append([_give_index(w, right, card) for w in worlds])
        return variants
    probs = bot.give_probabilities(worlds[0], right, incoming)  # one prediction, as the tree
    picks = []
    for i, w in enumerate(worlds):
        acc, card = 0.0, incoming[-1]
        for c in incoming:
            acc += probs[c]
            if us[i] < acc:
                card = c
                break
        picks.append(_give_index(w, right, card))
    return [picks]


def _give_index(world: GameState, seat: int, card: str) -> int:
    """Index in ``seat``'s legal Keep/Give list of the first choice that Gives ``card``."""
    at = until_seat(world, seat, first_legal)
    options = legal_actions(at)
    target = give_of(at, seat, card)
    return options.index(target)


class Worlds:
    """One batch's sampled worlds: dealt straight into the batch's arrays (``dealt``, from
    :class:`~precog.analysis.playouts.many_worlds.Dealer`) where the numpy batch plays them, as
    positions (``states``, made only when something reads them: the engine, or an opponent
    model) otherwise."""

    def __init__(self, deal: Dealer | None, dealt: Dealt | None, size: int,
                 draw: Callable[[], GameState], engine: str) -> None:
        self.deal, self.dealt, self.size = deal, dealt, size
        self.draw, self.engine = draw, engine
        self._states: list[GameState] | None = None

    @property
    def states(self) -> list[GameState]:
        if self._states is None:
            self._states = ([self.draw() for _ in range(self.size)] if self.deal is None
                            or self.dealt is None else self.deal.states(self.dealt))
        return self._states

    def batched(self) -> bool:
        """Whether the numpy batch plays these worlds from their arrays."""
        from precog.analysis.playouts import batch

        return self.dealt is not None and self.engine != "scalar" and batch.supports(
            [self.dealt.template])


def _rollout_values(worlds: Worlds, times: int, forced: np.ndarray, player: int,
                    seed: int) -> list[float]:
    """Rollout values of every world played ``times`` over (one choice after another), with
    ``forced`` Keep/Give indices (-1: the policy chooses); row ``i % size`` of the uniforms
    drives sample ``i`` of every choice."""
    from precog.analysis.playouts import batch
    from precog.analysis.playouts.rollouts import play_out, uniforms
    from precog.analysis.projection.evaluation import last_check_value

    policy = DEFAULT_POLICY
    if worlds.batched():
        assert worlds.dealt is not None
        return [float(v) for v in cores.play(worlds.dealt.games(times), seed, forced, policy,
                                             player)]
    tiled = np.tile(uniforms(worlds.size, seed), (times, 1))
    starts = worlds.states * times
    if worlds.engine != "scalar" and batch.supports(starts):
        finals = batch.run(starts, tiled, policy, forced)
        return [float(v) for v in batch.seat_values(finals, starts[0], player)]
    out = []
    for i, s in enumerate(starts):
        at = {seat: _nth_choice(s, seat, int(idx)) for seat, idx in enumerate(forced[i])
              if idx >= 0}
        out.append(last_check_value(play_out(s, policy, tiled[i], at), player))
    return out


def _nth_choice(world: GameState, seat: int, idx: int) -> Action:
    return legal_actions(until_seat(world, seat, first_legal))[idx]
