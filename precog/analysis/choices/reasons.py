"""Why each choice ranks where it does: one to three reasons drawn from the analysis itself.

For each ranked (Keep, Give) choice the look-ahead tree holds where the round ends (over the
cards that may arrive and the River tiles that may turn up, along the seat's best plan). A
reason compares that with the choice it is measured against (the best one; for the best, the
runner-up) or with what the game asks next:

- ``versus``: the resources it ends the round with, against the other choice's;
- ``feeding``: the Food it keeps against the Healthy Humans the next Island feeds;
- ``bane``: the Bane it faces against its Protectors;
- ``comes_back``: which passed card comes back next round, and how likely;
- ``helps_left``: what its Give is worth to the left neighbour against the other card.

Reasons are data (a code and its values, ids not names); :mod:`precog.session.why` says them
in the reader's language. Each has a weight; the heaviest come first.

>>> from precog.session.explore import deal
>>> from precog.analysis.choices.ranking import rank_options
>>> ranking = rank_options(deal(3, 1, players=3), 0, depth_rounds=1)
>>> all(1 <= len(reasons) <= 3 for reasons in choice_reasons(ranking).values())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from precog.analysis.search.tree import TreeNode, choice_of
from precog.engine import GameState
from precog.engine.state import FEEDING_ROUNDS

if TYPE_CHECKING:
    from precog.analysis.choices.rows import Ranking, RankingRow

__all__ = ["Reason", "choice_reasons", "round_end", "row_reasons"]

MAX_REASONS = 3
SCORE = {"healthy": 1.0, "contaminated": 0.5, "food": 0.15, "protectors": 0.3,
         "doctors": 0.3, "batteries": 0.1, "bane": -0.3}
"""How much one unit of each resource weighs when choosing which differences to mention."""
MIN_DIFFERENCE = 0.25  # smaller differences of expected resources are not worth a sentence
MIN_LEFT = 0.25  # a Give worth less than this to the left neighbour is not mentioned


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: ``code`` names it, ``values`` holds its numbers and ids."""

    code: str
    values: tuple[tuple[str, Any], ...]
    weight: float

    def get(self, key: str) -> Any:
        """The value called ``key``."""
        return dict(self.values)[key]


def round_end(choice_node: TreeNode) -> dict[str, float]:
    """The seat's expected resources at the end of this round after the choice
    ``choice_node``: over the arriving cards (their model's probabilities) and the River,
    along the best plan."""
    total: dict[str, float] = {}
    mass = 0.0
    for arrive in choice_node.children or [choice_node]:
        plans = arrive.children
        plan = max(plans, key=lambda candidate: candidate.value) if plans else arrive
        ends = plan.children or [plan]
        for end in ends:
            weight = arrive.probability * (end.probability if plan.children else 1.0)
            for key, value in end.resources.items():
                total[key] = total.get(key, 0.0) + weight * value
            mass += weight
    return {key: value / mass for key, value in total.items()} if mass > 0 else {}


def choice_reasons(ranking: Ranking) -> dict[str, tuple[Reason, ...]]:
    """Reasons for every row of ``ranking``, by the row's notation (``row.action``)."""
    return {row.action: row_reasons(ranking, row) for row in ranking.rows}


def row_reasons(ranking: Ranking, row: RankingRow) -> tuple[Reason, ...]:
    """One to three reasons for ``row`` (the heaviest first)."""
    ends = _ends(ranking)
    other = _reference(ranking, row)
    mine = ends.get(row.action, {})
    found = [reason for reason in (
        _versus(row, other, mine, ends.get(other.action, {}) if other else {}),
        _feeding(ranking, mine, ends.get(other.action, {}) if other else {}),
        _bane(mine, ends.get(other.action, {}) if other else {}),
        _comes_back(row, ranking.tree.state if ranking.tree is not None else None),
        _helps_left(ranking, row),
    ) if reason is not None]
    found.sort(key=lambda reason: -reason.weight)
    if not found:
        found = [Reason("alone", (("value", row.value),), 0.0)]
    return tuple(found[:MAX_REASONS])


def _ends(ranking: Ranking) -> dict[str, dict[str, float]]:
    """Each choice's expected resources at the end of the round, by its notation."""
    if ranking.tree is None:
        return {}
    return {str(choice_of(choice_node)): round_end(choice_node)
            for choice_node in ranking.tree.children}


def _reference(ranking: Ranking, row: RankingRow) -> RankingRow | None:
    """The choice ``row`` is measured against: the best, or the runner-up for the best."""
    rows = ranking.rows
    if len(rows) < 2:
        return None
    return rows[1] if rows[0].action == row.action else rows[0]


def _versus(row: RankingRow, other: RankingRow | None, mine: dict[str, float],
            theirs: dict[str, float]) -> Reason | None:
    """The resources ``row`` ends the round with against ``other``'s (the two weightiest
    differences)."""
    if other is None or not mine or not theirs:
        return None
    differences = sorted(((resource, mine[resource] - theirs[resource]) for resource in SCORE
                          if resource in mine and resource in theirs),
                         key=lambda pair: -abs(pair[1] * SCORE[pair[0]]))
    shown = tuple((resource, round(difference, 1)) for resource, difference in differences[:2]
                  if abs(difference) >= MIN_DIFFERENCE)
    if not shown:
        return None
    weight = sum(abs(difference * SCORE[resource]) for resource, difference in shown) \
        + abs(row.value - other.value)
    return Reason("versus", (("other", other.choice), ("diffs", shown),
                             ("value_diff", round(row.value - other.value, 2))), weight)


def _feeding(ranking: Ranking, mine: dict[str, float], theirs: dict[str, float]
             ) -> Reason | None:
    """Food against the Healthy Humans of the next Island after this round."""
    now = int(ranking.meta.get("round", 0))
    island = next((feeding for feeding in FEEDING_ROUNDS if feeding > now), None)
    if island is None or "food" not in mine:
        return None
    food, mouths = mine["food"], mine.get("healthy", 0.0)
    short = max(0.0, mouths - food)
    rounds_left = island - now
    differs = bool(theirs) and abs((food - mouths) - (theirs["food"] - theirs.get("healthy", 0.0))
                                   ) >= 1.0
    if not short and not differs and food - mouths > 2 * rounds_left:
        return None
    weight = (1.5 * short + (0.6 if differs else 0.0)) / rounds_left + 0.2
    return Reason("feeding", (("food", round(food, 1)), ("healthy", round(mouths, 1)),
                              ("round", island), ("short", round(short, 1))), weight)


def _bane(mine: dict[str, float], theirs: dict[str, float]) -> Reason | None:
    """The Bane the seat carries into next round against its Protectors."""
    bane, protectors = mine.get("bane", 0.0), mine.get("protectors", 0.0)
    if bane < 0.5 and (not theirs or theirs.get("bane", 0.0) < 0.5):
        return None
    uncovered = max(0.0, bane - 2 * protectors)
    weight = 0.5 * uncovered + 0.3 * abs(bane - theirs.get("bane", bane)) + 0.1
    return Reason("bane", (("bane", round(bane, 1)), ("protectors", round(protectors, 1)),
                           ("uncovered", round(uncovered, 1))), weight)


def _comes_back(row: RankingRow, state: GameState | None) -> Reason | None:
    """The passed card likelier to come back; of two as likely, the one first by name (the
    same card for two choices of the same cards, copies from two decks)."""
    if not row.return_chance:
        return None

    def order(card_chance: tuple[str, float]) -> tuple[float, str]:  # likeliest, then by name
        card, chance = card_chance
        return -round(chance, 9), state.card(card).name if state is not None else card

    card, chance = min(row.return_chance.items(), key=order)
    return Reason("comes_back", (("card", card), ("chance", round(chance, 2))),
                  0.15 + 0.3 * chance)


def _helps_left(ranking: Ranking, row: RankingRow) -> Reason | None:
    """What ``row``'s Give is worth to the left neighbour against the other card."""
    worth = row.give_value_to_left
    if abs(worth) < MIN_LEFT:
        return None
    seat = int(ranking.meta.get("player", 0))
    state = ranking.tree.state if ranking.tree is not None else None
    left = None if state is None else (seat + 1) % state.config.players
    return Reason("helps_left", (("card", row.give), ("worth", round(worth, 2)),
                                 ("left", left)), 0.5 * abs(worth))
