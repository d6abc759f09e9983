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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

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
from precog.analysis.basics.display import node_text, tree_html
from precog.analysis.basics.edges import Arrives, Chosen, Draw, Edge, Plan, RiverTile, Stage, Start
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.fitted.value import expected_final, fitted_value, half_width, leaf_error
from precog.analysis.playing.plans import Line, RoundSearch
from precog.analysis.playing.policy import sensible_choice
from precog.analysis.playing.rounds import RoundPlayer, other_seat
from precog.analysis.playing.world import (
    AnalysisError,
    Knowledge,
    canonical_world,
    knowledge,
    passed_pair,
    resolve_decision,
    river_outcomes,
    with_river_tile,
)
from precog.analysis.projection.evaluation import Weights, evaluate, resources
from precog.analysis.search.leaf_playouts import (
    DEFAULT_LEAF_PLAYOUTS,
    LEAF_VALUES,
    MAX_LEAF_PLAYOUTS,
    Estimate,
    follow_sensible,
    revalue,
)
from precog.analysis.search.models import OpponentModel, make_model
from precog.engine import (
    GameState,
    Phase,
    determinize,
    observation,
    to_position,
)
from precog.engine.actions import Choose
from precog.engine.fastcopy import replace
from precog.engine.problems import Problem
from precog.engine.state import ROUNDS

KINDS = ("decision", "opponent", "chance", "plan", "leaf")


@dataclass(eq=False)
class TreeNode:
    """One node of the look-ahead tree (plain data: the app draws, filters and expands it).

    ``edge`` is the edge from the parent as data (a choice, a card, a plan, a River tile: see
    :mod:`precog.analysis.basics.edges`), ``label`` its notation; ``kind`` says who chooses below
    this node; ``probability`` is the edge's (chance, or the opponent model's);
    ``value`` is in Healthy Humans; ``resources`` summarises the analysing seat's Boat here.
    """

    id: str
    edge: Edge
    kind: str
    probability: float = 1.0
    value: float = 0.0
    ci95: float | None = None
    resources: dict[str, int] = field(default_factory=dict)
    children: list[TreeNode] = field(default_factory=list)
    principal: bool = False
    state: GameState | None = field(default=None, repr=False)
    meta: dict[str, Any] = field(default_factory=dict, repr=False)
    expander: Callable[[TreeNode], None] | None = field(default=None, repr=False)
    shift: float = field(default=0.0, repr=False)  # moved to the rollouts' level (anchor_below)

    @property
    def label(self) -> str:
        """The edge in the analysis' notation (``keep T16 give T15``, ``River W2b``)."""
        return str(self.edge)

    @property
    def position(self) -> str:
        """The position here as a position string (a sampled world: show it hidden for the
        analysing seat, other players' hands are guesses)."""
        return to_position(self.state) if self.state is not None else ""

    @property
    def expandable(self) -> bool:
        return self.expander is not None

    def __repr__(self) -> str:
        return f"<TreeNode {node_text(self)}>"

    def _repr_html_(self) -> str:
        """The node and two levels below it, each value ± 95 % as a dot and whisker."""
        return tree_html(self)

    def to_dict(self, max_depth: int = 99) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "label": self.label, "kind": self.kind,
            "probability": round(self.probability, 6), "value": round(self.value, 4),
            "ci95": None if self.ci95 is None else round(self.ci95, 4),
            "resources": self.resources, "principal": self.principal,
            "expandable": self.expandable}
        if max_depth > 0:
            out["children"] = [c.to_dict(max_depth - 1) for c in self.children]
        return out


def expand(node: TreeNode) -> TreeNode:
    """Build the children of a node that was left collapsed; returns the node."""
    if node.expander is not None:
        grow, node.expander = node.expander, None
        shift = node.shift
        if shift:  # grown on the look-ahead's own values, then moved like the rest
            move_below(node, -shift)
        grow(node)
        set_intervals(node)
        if shift:
            move_below(node, shift)
    return node


def move_below(node: TreeNode, offset: float, seen: set[int] | None = None) -> None:
    """Move ``node`` and every node below it by ``offset`` Healthy Humans (each node once;
    ``seen``: nodes already moved, left alone). Values back up by maximum and by weighted
    means, so the moved subtree still backs up to its top and its branches keep their
    differences; each node remembers its move (``shift``) so that an expansion grows on the
    look-ahead's own values and is moved likewise (:func:`expand`)."""
    seen = set() if seen is None else seen
    for n in iter_nodes(node):
        if id(n) in seen:
            continue
        seen.add(id(n))
        n.value += offset
        n.shift += offset
        if abs(n.shift) < 1e-12:
            n.shift = 0.0


def set_intervals(node: TreeNode) -> float:
    """Give ``node`` and every node below it its ``ci95``; returns ``node``'s standard error.

    A leaf's error is the fitted value's held-out error on positions of its kind
    (:func:`~precog.analysis.fitted.value.leaf_error`, 0 for a finished game), or, for a leaf valued
    by playouts, their standard error (``meta["se"]``). Above the leaves the
    errors of the children are not independent (the same model errs the same way on similar
    Boats), so a node keeps its largest child error; a chance node over the next cards,
    averaged over a few sampled worlds, adds the sampling error of that mean (the spread of its
    outcomes over the square root of the worlds)."""
    seen: dict[int, float] = {}

    def walk(n: TreeNode) -> float:
        if id(n) in seen:
            return seen[id(n)]
        if n.children:
            se = max(walk(c) for c in n.children)
            worlds = n.meta.get("worlds")
            if worlds:
                spread = sum(c.probability * (c.value - n.value) ** 2 for c in n.children)
                se = (se * se + spread / worlds) ** 0.5
        elif "se" in n.meta:  # valued by playouts: their standard error
            se = n.meta["se"]
        else:
            se = leaf_error(n.state) if n.state is not None else 0.0
        n.ci95 = half_width(se)
        seen[id(n)] = se
        return se

    return walk(node)


def iter_nodes(node: TreeNode) -> Iterator[TreeNode]:
    """Every node below ``node`` (each shared node once), depth first."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        yield n
        stack.extend(reversed(n.children))


def choice_of(node: TreeNode) -> Choose:
    """The (Keep, Give) choice on the edge into ``node`` (a child of a Decision)."""
    if not isinstance(node.edge, Chosen):
        raise AnalysisError(Problem.of(AnalysisCode.NOT_A_CHOICE, node=node.id, label=node.label),
                            input=node.id)
    return node.edge.choice


def principal_line(node: TreeNode) -> list[TreeNode]:
    """The nodes of the principal line below ``node``."""
    out = []
    while node.children:
        best = [c for c in node.children if c.principal] or node.children[:1]
        node = best[0]
        out.append(node)
    return out


def node_notation(n: TreeNode) -> str:
    """One node on one line: its edge, kind, value and probability (the analysis' notation)."""
    prob = f" p={n.probability:.2f}" if n.probability < 0.999 else ""
    return f"{n.label}  ({n.kind}) value {n.value:.2f}{prob}"


def render_tree_text(node: TreeNode, max_depth: int = 4, principal_only: bool = False,
                     describe: Callable[[TreeNode], str] = node_notation) -> str:
    """The tree as indented text for the terminal (``*`` marks the principal line, ``[+]`` a
    node left collapsed); ``describe`` writes a node's line (another language's words)."""
    lines: list[str] = []

    def walk(n: TreeNode, depth: int, prefix: str) -> None:
        mark = "*" if n.principal else " "
        more = " [+]" if n.expandable else ""
        lines.append(f"{prefix}{mark} {describe(n)}{more}")
        if depth >= max_depth:
            return
        for child in n.children:
            if principal_only and not child.principal:
                continue
            walk(child, depth + 1, prefix + "  ")

    walk(node, 0, "")
    return "\n".join(lines)


# -- building ----------------------------------------------------------------------------

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
    if leaf_values not in LEAF_VALUES:
        raise AnalysisError(Problem.of(AnalysisCode.ONE_OF, name="leaf_values",
                                       got=repr(leaf_values)[:40], known=LEAF_VALUES),
                            input=leaf_values)
    check_count("leaf_playouts", leaf_playouts, 2, MAX_LEAF_PLAYOUTS)
    if second_round not in SECOND_ROUND:
        raise AnalysisError(Problem.of(AnalysisCode.ONE_OF, name="second_round",
                                       got=repr(second_round)[:40], known=SECOND_ROUND),
                            input=second_round)
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


class _Builder(RoundPlayer):
    def __init__(self, state: GameState, player: int, model: str,
                 evaluation: Weights | Callable[[GameState, int], float] | None, rollouts: int,
                 seed: int, worlds: int, budget: Budget, know: Knowledge | None = None) -> None:
        self.know = know or knowledge(state, player)
        state = canonical_world(state, player)
        super().__init__(player, state.config.players,
                         leaf_function(player, evaluation, rollouts, seed),
                         transpose=shares_after_river(evaluation, rollouts))
        self.obs = observation(state, player)
        self.model: OpponentModel = make_model(model, seed)
        self.rng = random.Random(seed)
        self.base = determinize(state, player, self.rng)
        self.worlds = [determinize(state, player, self.rng) for _ in range(max(1, worlds))]
        self.budget = budget
        self.leaves = True
        self.second_round = "sensible"
        self.stop_between_choices = False
        self.depth = 1
        self.playouts = 0  # playouts per leaf (0: the leaves keep the fitted value)
        self.estimates: dict[object, Estimate] = {}
        self.building = True
        self.seed = seed
        self.ids = itertools.count()
        self.table: dict[tuple[object, ...], TreeNode] = {}
        self.meta = {"player": player, "model": model, "seed": seed, "rollouts": rollouts,
                     "worlds": worlds, "round": state.round,
                     "evaluation": "rollouts" if rollouts else (
                         "fitted value" if evaluation is None else "given")}

    # -- nodes
    def node(self, edge: Edge, kind: str, state: GameState | None = None,
             probability: float = 1.0, value: float = 0.0) -> TreeNode:
        res = resources(state, self.me) if state is not None else {}
        return TreeNode(id=f"n{next(self.ids)}", edge=edge, kind=kind,
                        probability=probability, value=value, resources=res, state=state)

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

    def value_by_playouts(self, node: TreeNode, cut: bool = False) -> None:
        """Value the leaves below ``node`` by playouts (one batch) and back them up to it;
        ``cut``: a second round left unfinished is left out (its first round's ends are the
        leaves, as the values of a stopped build rank on the first round alone)."""
        if cut:  # the root's meta "worlds" is the build's setting, not a deepened River
            for n in iter_nodes(node):
                if n is not node and n.meta.get("worlds"):
                    n.children = []
                    n.kind = "leaf"
        self.estimates = revalue(node, self.me, self.playouts, self.seed, self.model.back_up,
                                 self.estimates)

    def settle(self, node: TreeNode) -> None:
        """After an expansion of a tree valued by playouts: value the new leaves the same way."""
        if self.playouts and not self.building:
            self.value_by_playouts(node)

    def choice_node(self, world: GameState, choice: Choose, incoming: tuple[str, ...],
                    level: int) -> TreeNode:
        opp = self.node(Chosen(choice), "opponent", world)
        probs = self.model.give_probabilities(world, self.right, incoming)
        for give in incoming:
            after = resolve_decision(world, self.me, choice, {self.right: give}, other_seat)
            plan = self.plan_node(after, give, level)
            plan.probability = probs[give]
            opp.children.append(plan)
        self.model.back_up(opp)
        opp.meta["passed"] = passed_pair(*self._zones(world), choice)
        return opp

    def _zones(self, world: GameState) -> tuple[tuple[str, ...], tuple[str, ...]]:
        p = world.players[self.me]
        return p.hand, p.decision_zone

    def plan_node(self, after: GameState, give: str, level: int) -> TreeNode:
        """My plan once ``give`` has arrived: the best plan, then single deviations from it
        (in the second round the deviations are found when the node is expanded)."""
        node = self.node(Arrives(give, self.right), "plan", after)
        if level == 2 and self.second_round == "sensible":
            rs, line, origin = self.sensible_line(after)
        else:
            rs, line, origin = self.search(after, narrow=True)
        node.children.append(self.river_node(after, rs, line, principal=True,
                                             fill=level == 1, origin=origin))
        if level == 1 and self.depth == 2 and checks_last(after):
            self.add_sensible_plan(node, after, line)
        node.value = max(c.value for c in node.children)
        node.expander = self.add_alternatives
        return node

    def add_sensible_plan(self, node: TreeNode, after: GameState, searched: Line) -> None:
        """The sensible player's plan beside the searched one, when they differ, both played
        into the second round (the better there counts). The search judges its plans by the
        fitted value at the round's end, which cannot see the last check (an Objective lost
        by one Healthy Human, Food short of the last Island: plans it values alike end at 0
        or at the whole team's total); the second round plays the last round out and sees it,
        and the sensible plan is the one the playouts, and the value's meaning, follow."""
        rs, line, _ = self.search(after, sensible=True)
        if _plan_key(line) == _plan_key(searched):
            return
        alt = self.river_node(after, rs, line, principal=True)
        alt.meta["candidate"] = True
        node.children.append(alt)
        best = max(node.children, key=lambda c: c.value)
        for c in node.children:
            c.principal = c is best

    def add_alternatives(self, node: TreeNode) -> None:
        after = node.state
        assert after is not None
        rs, line, origin = self.search(after)
        seen = {_plan_key(c.meta["line"]) for c in node.children}
        for alt in [line, *rs.deviations(origin, line, 8)]:
            if _plan_key(alt) in seen:
                continue
            seen.add(_plan_key(alt))
            node.children.append(self.river_node(after, rs, alt, principal=False,
                                                 origin=origin))
            if len(node.children) >= 6:
                break
        for child in node.children:
            self.settle(child)
        best = max(node.children, key=lambda c: c.value)
        if best.value > node.value + 1e-9:  # the full search found a better plan
            for c in node.children:
                c.principal = c is best
            if best.expander is not None:
                expand(best)
            node.value = best.value

    def river_node(self, after: GameState, rs: RoundSearch, line: Line, principal: bool,
                   fill: bool = True, origin: GameState | None = None) -> TreeNode:
        """A plan: its River outcomes are built now (the first round's principal plan) or
        when the node is expanded. Left collapsed, its value is played out from the ends of
        its line; a line found in another world (``origin``: searches are shared between
        worlds where my Boat is the same) is played again in this one for them, so that
        every world's own next cards, passes and hidden cards reach the playouts (the
        line's own ends would put the first world's under all of them)."""
        node = self.node(Plan.of(line), "chance", after, value=line.value)
        node.principal = principal
        node.meta.update(line=line, search=rs, after=after)
        if principal and fill and self.leaves:
            self.fill_river(node)
            return node
        node.expander = self.fill_river
        if origin is not None and origin is not after and self.playouts:
            node.meta["ends"] = [(p, self.play_line(after, rs, line, tile))
                                 for p, tile, _, _ in line.ends()]
        return node

    def fill_river(self, node: TreeNode) -> None:
        line: Line = node.meta["line"]
        rs: RoundSearch = node.meta["search"]
        after: GameState = node.meta["after"]
        ends = line.ends()
        best = max(range(len(ends)), key=lambda i: ends[i][0])
        for i, (p, tile, _, value) in enumerate(ends):
            end = self.play_line(after, rs, line, tile)
            shown = tile or end.river[after.round - 1]
            key = end.key()
            leaf = self.table.get(key)
            if leaf is None:
                leaf = self.node(RiverTile(shown), "leaf", end, p, value)
                leaf.meta["tile"] = tile
                self.table[key] = leaf
            else:
                leaf = _shared(leaf, p)
            leaf.principal = i == best
            node.children.append(leaf)
        self.settle(node)

    def back_up(self, node: TreeNode, how: str) -> float:
        if node.children:
            values = [c.value for c in node.children]
            if how == "max":
                node.value = max(values)
                best = values.index(node.value)
                for i, c in enumerate(node.children):
                    c.principal = i == best
        return node.value

    # -- the second round
    def deepen(self, root: TreeNode) -> None:
        total = sum(1 for opp in root.children for _ in opp.children)
        done = 0
        for opp in root.children:
            choice = choice_of(opp)
            for plan in opp.children:
                done += 1
                if self.budget.exhausted():
                    return
                assert isinstance(plan.edge, Arrives)
                give = plan.edge.card
                for river in plan.children:
                    if river.principal or river.meta.get("candidate"):
                        self.deepen_river(river, choice, give)
                        river.value = sum(c.probability * c.value for c in river.children)
                self.back_up(plan, "max")
                self.budget.report(0.5 + 0.5 * done / total, Stage("deepen", (
                    ("round", self.know.round + 1), ("choice", choice), ("card", give))))
            self.model.back_up(opp)
        self.back_up(root, "max")

    def deepen_river(self, river: TreeNode, choice: Choose, give: str) -> None:
        line: Line = river.meta["line"]
        rs: RoundSearch = river.meta["search"]
        for leaf in river.children:
            if self.budget.exhausted():
                return
            if leaf.state is None or leaf.state.is_over or leaf.children:
                continue
            tile = leaf.meta.get("tile")
            ends = []
            for world in self.worlds:
                after = resolve_decision(with_river_tile(world, tile), self.me, choice,
                                         {self.right: give}, self.model.policy)
                ends.append(self.play_line(after, rs, line, tile))
            leaf.kind = "chance"
            leaf.meta["worlds"] = len(ends)
            leaf.children = self.next_cards(ends)
            leaf.value = sum(c.probability * c.value for c in leaf.children)

    def next_cards(self, ends: list[GameState]) -> list[TreeNode]:
        """One node for each sampled world's next round, worlds that are the same position
        sharing one (the order of my two draws changes nothing). Worlds that bring me the
        same cards but deal the cards I cannot see otherwise stay apart, told apart by their
        deal's number: merged, every world but the first was lost (in the last rounds, where
        my own draws are known, the tree then rested on one sampled world)."""
        groups: dict[tuple[object, ...], list[GameState]] = {}
        for end in ends:
            groups.setdefault(_world_key(end, self.me), []).append(end)
        seen: dict[tuple[object, ...], int] = {}
        for members in groups.values():
            mine, _ = _seen_cards(members[0], self.me)
            seen[mine] = seen.get(mine, 0) + 1
        deals: dict[tuple[object, ...], int] = {}
        out = []
        for members in groups.values():
            end = members[0]
            p = end.players[self.me]
            mine, passed = _seen_cards(end, self.me)
            deals[mine] = deals.get(mine, 0) + 1
            deal = deals[mine] if seen[mine] > 1 else 0
            edge = Draw(p.hand, passed, deal, seen[mine] if deal else 0)
            key = ("next", *end.key())  # apart from the first round's leaf of this position
            node = self.table.get(key)
            if node is None:
                node = self.node(edge, "decision", end, len(members) / len(ends))
                self.fill_next_round(node, end)
                self.table[key] = node
            else:
                node = _shared(node, len(members) / len(ends), edge)
            out.append(node)
        best = max(range(len(out)), key=lambda i: out[i].probability)
        out[best].principal = True
        return out

    def fill_next_round(self, node: TreeNode, end: GameState) -> None:
        if end.is_over or end.phase is not Phase.DECISION:
            node.kind = "leaf"
            node.value = self.leaf(end)
            return
        know = knowledge(end, self.me)
        if self.second_round == "search":  # every next Keep/Give, the best counts
            for choice in know.choices:
                node.children.append(self.choice_node(end, choice, know.incoming, 2))
            self.back_up(node, "max")
            return
        pick = sensible_choice(end, self.me, know.choices)
        child = self.choice_node(end, pick, know.incoming, 2)
        child.meta["sensible"] = True
        node.children.append(child)
        node.meta["follows"] = "sensible"
        node.expander = self.add_other_choices
        follow_sensible(node)

    def add_other_choices(self, node: TreeNode) -> None:
        """The second round's other (Keep, Give) choices, for comparison: the node keeps the
        sensible player's value (what the playouts play there)."""
        end = node.state
        assert end is not None
        know = knowledge(end, self.me)
        taken = {choice_of(c) for c in node.children}
        for choice in know.choices:
            if choice not in taken:
                other = self.choice_node(end, choice, know.incoming, 2)
                other.meta["sensible"] = False
                node.children.append(other)
        self.settle(node)
        follow_sensible(node)


def checks_last(state: GameState) -> bool:
    """Whether a two-round tree from ``state``'s round reaches the cooperative game's last
    check (where :meth:`_Builder.add_sensible_plan` weighs the sensible plan too; elsewhere it
    was measured to cost time for nothing, and with played-out leaves to add the luckier of
    two noisy values)."""
    return state.config.coop and state.round >= ROUNDS - 2


def _seen_cards(end: GameState, me: int) -> tuple[tuple[object, ...], tuple[str, ...]]:
    """What I see of the next cards: my two draws and the two cards passed to me, each pair
    in either order, and a card by its face, not by the deck it came from (two copies of one
    card in two decks read alike). Two worlds that bring me the same are told apart as deals
    of one draw; the second item is the passed pair in that order, for the edge."""
    p = end.players[me]

    def face(card_id: str) -> str:
        return repr(end.card(card_id).face)

    passed = tuple(sorted(p.decision_zone, key=lambda c: (face(c), c)))
    return (tuple(sorted(map(face, p.hand))), tuple(map(face, passed))), passed


def _world_key(end: GameState, me: int) -> tuple[object, ...]:
    """The position ``end`` with my hand's order left out (my two draws in either order are
    one outcome)."""
    p = end.players[me]
    if list(p.hand) == sorted(p.hand):
        return end.key()
    return end.with_player(me, replace(p, hand=tuple(sorted(p.hand)))).key()


def _shared(node: TreeNode, probability: float, edge: Edge | None = None) -> TreeNode:
    """A transposition: the same subtree reached on another edge (``edge``, or the node's
    own; same children)."""
    twin = TreeNode(id=node.id, edge=edge or node.edge, kind=node.kind, probability=probability,
                    value=node.value, resources=node.resources, children=node.children,
                    state=node.state, meta=node.meta)
    return twin


def _plan_key(line: Line) -> tuple[object, ...]:
    """Plans that make the same moves in another order (Batteries m1 then m2, or m2 then m1)
    end in the same position: one of them is enough."""
    return (tuple(sorted(str(a) for a in line.steps)),
            tuple((tile, _plan_key(sub)) for _, tile, sub in line.forks))

