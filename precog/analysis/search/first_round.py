"""The look-ahead tree's first round: my (Keep, Give) choices, the card my right neighbour
Gives me, my plan and its River outcomes (:class:`FirstRound`, which the tree's builder
extends with the second round: :mod:`precog.analysis.search.second_round`)."""

from __future__ import annotations

import itertools
import random

from precog.analysis.basics.budget import Budget
from precog.analysis.basics.edges import Arrives, Chosen, Edge, Plan, RiverTile
from precog.analysis.playing.plans import Line, RoundSearch
from precog.analysis.playing.rounds import RoundPlayer, other_seat
from precog.analysis.playing.world import Knowledge, passed_pair, resolve_decision
from precog.analysis.projection.evaluation import resources
from precog.analysis.search.leaf_playouts import Estimate, revalue
from precog.analysis.search.models import OpponentModel
from precog.analysis.search.nodes import TreeNode, expand, iter_nodes, twin
from precog.engine import GameState, Observation
from precog.engine.actions import Choose
from precog.engine.state import ROUNDS


class FirstRound(RoundPlayer):
    """Builds the first round's nodes; :class:`~precog.analysis.search.tree._Builder` sets
    what it reads."""

    know: Knowledge
    obs: Observation
    model: OpponentModel
    rng: random.Random
    base: GameState
    worlds: list[GameState]
    budget: Budget
    leaves: bool
    second_round: str
    stop_between_choices: bool
    depth: int
    playouts: int
    estimates: dict[object, Estimate]
    building: bool
    seed: int
    ids: itertools.count[int]
    table: dict[tuple[object, ...], TreeNode]
    meta: dict[str, object]

    def node(self, edge: Edge, kind: str, state: GameState | None = None,
             probability: float = 1.0, value: float = 0.0) -> TreeNode:
        res = resources(state, self.me) if state is not None else {}
        return TreeNode(id=f"n{next(self.ids)}", edge=edge, kind=kind,
                        probability=probability, value=value, resources=res, state=state)

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
        else:
            node.expander = self.fill_river
            if origin is not None and origin is not after and self.playouts:
                ends = line.ends()
                played = self.play_line_tiles(after, rs, line, [t for _, t, _, _ in ends])
                node.meta["ends"] = [(p, end) for (p, _, _, _), end in zip(ends, played,
                                                                            strict=True)]
        if self.played:  # the search's moves served this line: not kept with the tree
            self.played.clear()
        return node

    def fill_river(self, node: TreeNode) -> None:
        line: Line = node.meta["line"]
        rs: RoundSearch = node.meta["search"]
        after: GameState = node.meta["after"]
        ends = line.ends()
        best = max(range(len(ends)), key=lambda i: ends[i][0])
        played = self.play_line_tiles(after, rs, line, [tile for _, tile, _, _ in ends])
        for i, ((p, tile, _, value), end) in enumerate(zip(ends, played, strict=True)):
            shown = tile or end.river[after.round - 1]
            key = end.key()
            leaf = self.table.get(key)
            if leaf is None:
                leaf = self.node(RiverTile(shown), "leaf", end, p, value)
                leaf.meta["tile"] = tile
                self.table[key] = leaf
            else:
                leaf = twin(leaf, p)
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


def checks_last(state: GameState) -> bool:
    """Whether a two-round tree from ``state``'s round reaches the cooperative game's last
    check (where :meth:`_Builder.add_sensible_plan` weighs the sensible plan too; elsewhere it
    was measured to cost time for nothing, and with played-out leaves to add the luckier of
    two noisy values)."""
    return state.config.coop and state.round >= ROUNDS - 2


def _plan_key(line: Line) -> tuple[object, ...]:
    """Plans that make the same moves in another order (Batteries m1 then m2, or m2 then m1)
    end in the same position: one of them is enough."""
    return (tuple(sorted(str(a) for a in line.steps)),
            tuple((tile, _plan_key(sub)) for _, tile, sub in line.forks))

