"""The look-ahead tree's second round: the next cards from sampled worlds, then my next
(Keep, Give), the card that comes back, my plan and the River (:class:`SecondRound`)."""

from __future__ import annotations

from precog.analysis.basics.edges import Arrives, Draw, Stage
from precog.analysis.playing.plans import Line, RoundSearch
from precog.analysis.playing.policy import sensible_choice
from precog.analysis.playing.world import (
    Knowledge,
    check_decision,
    first_legal,
    resolve_decision,
    until_seat,
)
from precog.analysis.search.first_round import FirstRound
from precog.analysis.search.leaf_playouts import follow_sensible
from precog.analysis.search.nodes import TreeNode, choice_of, twin
from precog.engine import GameState, legal_actions
from precog.engine.actions import Choose
from precog.engine.fastcopy import replace
from precog.engine.state import PHASE_DECISION


class SecondRound(FirstRound):
    """Deepens a built first round by the next round (:meth:`deepen`)."""

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
        """Deepen the ends of a first-round plan (one a River tile) by the next round, each
        from every sampled world. A world's other seats make their Keep/Give once for all the
        tiles (they choose before the tile shows, as at the table), and the plan is played
        once up to the River and branched as the tile shows."""
        line: Line = river.meta["line"]
        rs: RoundSearch = river.meta["search"]
        todo = [leaf for leaf in river.children
                if leaf.state is not None and not leaf.state.is_over and not leaf.children]
        if not todo or self.budget.exhausted():
            return
        tiles = [leaf.meta.get("tile") for leaf in todo]
        ends: list[list[GameState]] = [[] for _ in todo]
        for world in self.worlds:
            after = resolve_decision(world, self.me, choice, {self.right: give},
                                     self.model.policy)
            for found, end in zip(ends, self.play_line_tiles(after, rs, line, tiles),
                                  strict=True):
                found.append(end)
        for leaf, found in zip(todo, ends, strict=True):
            if self.budget.exhausted():
                return
            leaf.kind = "chance"
            leaf.meta["worlds"] = len(found)
            leaf.children = self.next_cards(found)
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
                node = twin(node, len(members) / len(ends), edge)
            out.append(node)
        best = max(range(len(out)), key=lambda i: out[i].probability)
        out[best].principal = True
        return out

    def fill_next_round(self, node: TreeNode, end: GameState) -> None:
        if end.is_over or end.phase is not PHASE_DECISION:
            node.kind = "leaf"
            node.value = self.leaf(end)
            return
        know = world_knowledge(end, self.me)
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
        know = world_knowledge(end, self.me)
        taken = {choice_of(c) for c in node.children}
        for choice in know.choices:
            if choice not in taken:
                other = self.choice_node(end, choice, know.incoming, 2)
                other.meta["sensible"] = False
                node.children.append(other)
        self.settle(node)
        follow_sensible(node)


def world_knowledge(world: GameState, me: int) -> Knowledge:
    """:func:`~precog.analysis.playing.world.knowledge` of ``me`` at a Decision of a world the
    tree sampled (every card in it is already a possible one): the same facts, read off the
    world itself instead of a world sampled again from ``me``'s observation (my hand, my
    Decision Zone and the right neighbour's face-up cards are the world's; my choices are
    legal whatever the hidden cards)."""
    check_decision(world, me)
    p = world.players[me]
    right = world.players[(me - 1) % world.config.players]
    ready = until_seat(world, me, first_legal)
    choices = tuple(a for a in legal_actions(ready) if isinstance(a, Choose))
    return Knowledge(seat=me, round=world.round, hand=p.hand, decision_zone=p.decision_zone,
                     incoming=right.decision_zone, choices=choices)


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
