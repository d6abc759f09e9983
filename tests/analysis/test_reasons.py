"""Why each choice ranks where it does: the reasons come from the analysis of the position, so
changing the position changes them (Food before an Island, Bane against Protectors)."""

from __future__ import annotations

import re
from dataclasses import replace

from precog.analysis.choices.ranking import Ranking, rank_options
from precog.analysis.choices.reasons import Reason, choice_reasons, round_end
from precog.engine import GameState
from precog.session.explore import deal
from precog.session.why import reason_text, reasons_text

CODES = {"versus", "feeding", "bane", "comes_back", "helps_left", "alone"}
LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z]{2,}(?![\w-])")


def _rank(state: GameState) -> Ranking:
    return rank_options(state, state.to_move, depth_rounds=1)


def _with(state: GameState, **changes: int) -> GameState:
    seat = state.to_move
    return state.with_player(seat, replace(state.players[seat], **changes))


def test_every_choice_has_one_to_three_reasons_heaviest_first() -> None:
    ranking = _rank(deal(5, 2, players=3))
    found = choice_reasons(ranking)
    assert set(found) == {r.action for r in ranking.rows}
    for reasons in found.values():
        assert 1 <= len(reasons) <= 3
        assert {r.code for r in reasons} <= CODES
        assert [r.weight for r in reasons] == sorted((r.weight for r in reasons), reverse=True)


def test_the_round_end_is_the_trees_expected_resources() -> None:
    ranking = _rank(deal(5, 2, players=3))
    assert ranking.tree is not None
    for opp in ranking.tree.children:
        end = round_end(opp)
        leaves = [c for a in opp.children for p in a.children[:1] for c in p.children]
        low = min(n.resources["healthy"] for n in leaves)
        high = max(n.resources["healthy"] for n in leaves)
        assert low <= end["healthy"] <= high  # a mean over the River and arriving cards


def test_food_short_of_the_next_island_is_a_reason_only_when_the_food_is_short() -> None:
    # round 8 ends on an Island; with no Food, no choice of this deal gains enough to feed all
    state = deal(7, 2, players=3)
    fed = _rank(_with(state, food=30))
    hungry = _rank(_with(state, food=0))
    short = [r for rs in choice_reasons(hungry).values() for r in rs if r.code == "feeding"]
    assert short and all(r.get("short") > 0 and r.get("round") == 8 for r in short)
    assert not any(r.code == "feeding" and r.get("short") > 0
                   for rs in choice_reasons(fed).values() for r in rs)


def test_bane_not_covered_by_protectors_is_a_reason_and_follows_the_protectors() -> None:
    state = deal(6, 4, players=3)
    open_bane = _rank(_with(state, bane=9, protectors=0))
    reasons = [r for rs in choice_reasons(open_bane).values() for r in rs if r.code == "bane"]
    assert reasons and all(r.get("uncovered") > 0 for r in reasons)
    calm = _rank(_with(state, bane=0, protectors=3))
    calm_open = [r.get("uncovered") for rs in choice_reasons(calm).values() for r in rs
                 if r.code == "bane"]
    assert max(calm_open, default=0.0) < min(r.get("uncovered") for r in reasons)


def test_reasons_are_said_with_card_names_in_english_and_russian() -> None:
    ranking = _rank(deal(5, 2, players=3))
    state, seat = ranking.tree.state, ranking.meta["player"]  # type: ignore[union-attr]
    for row in ranking.rows:
        reasons = choice_reasons(ranking)[row.action]
        english = reasons_text(reasons, "en", state, seat)
        russian = reasons_text(reasons, "ru", state, seat)
        assert english and "{" not in english
        # a card's id shows only as the mark that tells two cards of one name apart
        assert english.count(row.give) == english.count("·" + row.give)
        assert not LATIN_WORD.findall(russian.replace("·" + row.give, "")), russian


def test_a_reason_says_its_numbers() -> None:
    reason = Reason("bane", (("bane", 5.0), ("protectors", 1.0), ("uncovered", 3.0)), 1.0)
    assert reason_text(reason) == ("Bane 5 against 1 Protector: 3 Bane not covered (each "
                                   "Protector lowers it by 2).")


def test_two_choices_of_the_same_cards_give_the_same_reason_for_what_comes_back():
    """Of two passed cards as likely to come back, the reason names the first by name, so
    that two choices of the same cards (copies from two decks) say the same."""
    from precog.analysis.choices.copies import copies
    from precog.analysis.choices.ranking import rank_options
    from precog.analysis.choices.reasons import row_reasons
    from tests.widgets.test_explorer import _with_twin_cards

    state = _with_twin_cards()
    ranking = rank_options(state, 0, rollouts=16, seed=0, depth_rounds=1)
    rows = ranking.rows
    twins = copies([(r.keep, r.give) for r in rows], state)
    assert twins

    def back(row):
        found = [dict(r.values) for r in row_reasons(ranking, row) if r.code == "comes_back"]
        return [(state.card(f["card"]).name, f["chance"]) for f in found]

    for copy, twin in twins.items():
        assert back(rows[copy]) == back(rows[twin])
    for row in rows:  # ties go to the first name
        for name, chance in back(row):
            tied = [state.card(c).name for c, p in row.return_chance.items()
                    if round(p, 2) == chance]
            assert name == min(tied)
