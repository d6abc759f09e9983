"""Refusals are codes from a closed set with their values; every language has a sentence for
each, and each code is reached by refusing a real action in real games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from precog.engine import (
    Action,
    GameState,
    IllegalActionError,
    Refusal,
    RefusalCode,
    apply,
    legal_actions,
    new_game,
    why_illegal,
)
from precog.engine.actions import (
    Activate,
    Choose,
    ChooseRooms,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.maintenance import humans_to_lose
from precog.engine.refusals import refusal_template
from precog.engine.state import Step
from precog.engine.wording import languages

# One example of the values each code's sentence may name (a new code needs one here).
EXAMPLES: dict[RefusalCode, dict[str, object]] = {
    RefusalCode.GAME_OVER: {},
    RefusalCode.NOT_AN_ACTION: {"kind": "str"},
    RefusalCode.FIELD_TYPE: {"field": "amount", "want": "int", "got": "float"},
    RefusalCode.FIELD_IDS: {"field": "cards", "count": 3},
    RefusalCode.ROOMS_EXPECTED: {"example": "R01 R02"},
    RefusalCode.ROOMS_SAME: {},
    RefusalCode.ROOMS_NOT_YOURS: {"rooms": ("R01", "R02", "R07")},
    RefusalCode.ROOMS_ORDER: {"example": "rooms R01 R07"},
    RefusalCode.PASS_ORDER: {"example": "pass D01 D02"},
    RefusalCode.ACTIVATE_OR_REVEAL_EXPECTED: {},
    RefusalCode.TEAM_WINDOW_EXPECTED: {},
    RefusalCode.PASS_EXPECTED: {},
    RefusalCode.PASS_SAME: {},
    RefusalCode.PASS_NOT_YOURS: {"cards": ("D01", "D02", "D03", "D04")},
    RefusalCode.CHOOSE_EXPECTED: {},
    RefusalCode.KEEP_NOT_YOURS: {"count": 4, "cards": ("D01", "D02", "T03", "T04")},
    RefusalCode.GIVE_NOT_IN_DECISION_ZONE: {"cards": ("T03", "T04")},
    RefusalCode.KEEP_IS_GIVE: {},
    RefusalCode.ACTIVATE_EXPECTED: {},
    RefusalCode.BOTH_UNAFFORDABLE: {"cost": 3, "cabins": 1},
    RefusalCode.OBJECTIVE_EXPECTED: {},
    RefusalCode.NO_OBJECTIVE_LEFT: {},
    RefusalCode.REVEAL_UNAFFORDABLE: {"cost": 2, "healthy": 1},
    RefusalCode.NOT_REVEALED: {"tile": "O1a", "revealed": ()},
    RefusalCode.ALREADY_MITIGATED: {"tile": "O1a"},
    RefusalCode.WRONG_SEASON: {"tile": "O1a", "season": 1, "current": 2},
    RefusalCode.MITIGATE_SHORT: {"tile": "O1a", "cost": (("food", 2),),
                                 "received": (("human", 1),), "short": (("food", 2),)},
    RefusalCode.GAINS_EXPECTED: {"kind": "food", "offer": (("food", 3),), "example": "food 3"},
    RefusalCode.TAKE_RANGE: {"kind": "human", "top": 2, "n": 5},
    RefusalCode.YMUNES_DONT_FIT: {"doctors": 3, "protectors": 1, "offer": (("ymune", 2),)},
    RefusalCode.BATTERY_SLOT_FULL: {"machine": 4, "free": ("m1", "m2")},
    RefusalCode.PROTECTORS_EXPECTED: {"bane": 3},
    RefusalCode.PROTECTORS_RANGE: {"top": 2, "have": 3, "bane": 4, "n": 7},
    RefusalCode.LOSE_EXPECTED: {"n": 3, "bane": 3},
    RefusalCode.LOSE_COUNT: {"bane": 3, "n": 3, "got": 2},
    RefusalCode.LOSE_DOES_NOT_FIT: {"healthy": 1, "contaminated": 2, "h": 3, "c": 0},
    RefusalCode.RIVER_EXPECTED: {},
    RefusalCode.IGNORE_WITHOUT_PROTECTOR: {},
}


def test_every_refusal_code_has_an_example() -> None:
    assert set(EXAMPLES) == set(RefusalCode)


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("code", list(RefusalCode), ids=str)
def test_every_refusal_code_has_a_sentence_in_every_language(lang: str, code: RefusalCode) -> None:
    assert refusal_template(code, lang) is not None, f"{lang}: no [refusal] {code.value}"


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("code", list(RefusalCode), ids=str)
def test_a_refusal_renders_with_its_values(lang: str, code: RefusalCode) -> None:
    values = EXAMPLES[code]
    text = Refusal.of(code, **values).text(lang)  # type: ignore[arg-type]
    assert text and "{" not in text
    for name, value in values.items():
        if isinstance(value, int | str) and name != "kind":  # a kind is said as a word
            assert str(value) in text, f"{lang} {code}: {value!r} missing from {text!r}"


def test_the_english_sentence_is_the_error_message() -> None:
    state = new_game(players=2, seed=4)
    p = state.players[0]
    with pytest.raises(IllegalActionError) as err:
        apply(state, Choose(p.decision_zone[0], p.decision_zone[0]))
    assert err.value.refusal == Refusal.of(RefusalCode.KEEP_IS_GIVE)
    assert str(err.value) == f"keep {p.decision_zone[0]} give {p.decision_zone[0]}: " \
                             "you cannot Keep and Give the same card"
    assert err.value.state is state


# ---------------------------------------------------------------- reached in play

def _attempts(state: GameState) -> Iterator[Action]:
    """Actions near the legal ones: wrong kinds, wrong cards, amounts out of range."""
    p = state.players[state.to_move]
    cards = p.hand + p.decision_zone
    yield from (Choose(a, b) for a in cards[:3] for b in cards[:3])
    yield Choose("D01", "D01")
    yield from (ChooseRooms((a, b)) for a in p.rooms[:2] for b in ("R01", p.rooms[0]))
    yield from (PassCards((a, b)) for a in p.hand[:2] for b in ("D01", p.hand[0]))
    yield from (Activate(s) for s in ("both", "G", "R"))
    yield from (TakeFood(n) for n in (0, 9))
    yield from (TakeHumans(n) for n in (0, 9))
    yield from (Heal(n) for n in (0, 9))
    yield from (PlaceYmunes(d, q) for d, q in ((0, 0), (5, 5)))
    yield from (PlaceBattery(m) for m in (None, 0, 1, 2, 3, 4, 5))
    yield from (SpendProtectors(n) for n in (0, 9))
    n = humans_to_lose(p)
    yield from (LoseHumans(h, c) for h, c in ((0, 0), (9, 0), (n, 0), (0, n), (-1, n + 1)))
    yield from (IgnoreRiver(i) for i in (True, False))
    yield from (Reveal(), EndActions())
    yield from (TakeFood(0.5), PassCards(("D01", "D02", "D03")), "keep")  # type: ignore[misc]
    yield from (Mitigate(t) for t in ("O1a", "O1b", "O2a", "O3a", *(t for t, _ in
                                                                     state.objectives)))


def _reached_codes(games: int) -> dict[RefusalCode, Refusal]:
    seen: dict[RefusalCode, Refusal] = {}
    rng = random.Random(5)
    setups = [{"players": 2, "mode": "coop", "setup": "advanced"},
              {"players": 3, "mode": "competitive"}, {"players": 2, "mode": "coop"}]
    for i in range(games):
        state = new_game(seed=i, **setups[i % len(setups)])  # type: ignore[arg-type]
        while True:
            for action in _attempts(state):
                refusal = why_illegal(state, action)
                if refusal is not None:
                    seen.setdefault(refusal.code, refusal)
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
    return seen


def test_every_refusal_code_is_reached_by_refusing_real_actions_and_renders() -> None:
    seen = _reached_codes(games=15)
    # The River asks only a seat that holds a Protector (otherwise the tile is accepted
    # automatically), so that refusal needs a built position: test_rules_maintenance has it.
    # Random play seldom leaves a seat too poor to reveal while tiles remain: built below.
    built = {RefusalCode.IGNORE_WITHOUT_PROTECTOR, RefusalCode.REVEAL_UNAFFORDABLE}
    assert set(RefusalCode) - set(seen) <= built
    assert set(RefusalCode) - built <= set(seen)
    for refusal in seen.values():
        for lang in languages():
            assert "{" not in refusal.text(lang)


@pytest.mark.parametrize("lang", languages())
def test_every_outcome_code_has_a_sentence_in_every_language(lang: str) -> None:
    from precog.engine.scoring import OutcomeCode
    from precog.engine.wording import load_words

    assert {c.value for c in OutcomeCode} <= set(load_words(lang)["outcome"])


def test_a_finished_game_keeps_its_outcome_code_through_json_and_the_position_string() -> None:
    from precog.engine import from_json, from_position, to_json, to_position
    from precog.engine.playout import random_playout

    final = random_playout(random.Random(1), seed=1, players=3).final
    assert final.outcome is not None and final.outcome.code
    assert from_json(to_json(final)).outcome == final.outcome
    assert from_position(to_position(final)).outcome == final.outcome


def test_revealing_without_the_healthy_humans_to_pay_is_refused_with_its_cost() -> None:
    state = new_game(players=2, mode="coop", seed=3)
    while state.step is not Step.ACTIVATE:  # "done" in the team window: nothing revealed
        options = legal_actions(state)
        state = apply(state, options[-1] if state.step is Step.TEAM else options[0])
    seat = state.to_move
    players = list(state.players)
    players[seat] = replace(players[seat], healthy=0)
    poor = replace(state, players=tuple(players))
    refusal = why_illegal(poor, Reveal())
    assert refusal is not None and refusal.code is RefusalCode.REVEAL_UNAFFORDABLE
    assert "0" in refusal.text("en") and "{" not in refusal.text("ru")
