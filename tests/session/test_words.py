"""One set of words per language: every key English has exists in every language, action
labels cover every action type, prompts and refusals render in every language."""

from __future__ import annotations

import random
import string
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from precog.engine import GameState, Refusal, RefusalCode, apply, legal_actions, new_game
from precog.engine.actions import Action
from precog.engine.components import Gains
from precog.engine.state import Phase, Step
from precog.engine.wording import load_words
from precog.session.words import (
    ACTION_TYPES,
    action_label,
    choose_language,
    languages,
    prompt,
    words,
)

OTHERS = [lang for lang in languages() if lang != "en"]


def _keys(data: dict[str, Any]) -> dict[str, Any]:
    return {f"{section}.{key}": value for section, table in data.items()
            for key, value in table.items()}


def _fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name}


def test_russian_is_a_language() -> None:
    assert "ru" in languages() and "en" in languages()


@pytest.mark.parametrize("part", ["game", "app"])
@pytest.mark.parametrize("lang", OTHERS)
def test_every_english_key_has_a_text_with_the_same_fields(lang: str, part: str) -> None:
    english, other = _keys(load_words("en", part)), _keys(load_words(lang, part))
    missing = sorted(set(english) - set(other))
    assert not missing, f"{lang}/{part}.toml lacks {missing}"
    assert not sorted(set(other) - set(english)), "keys English does not have"
    for key, text in english.items():
        if isinstance(text, str):
            assert _fields(other[key]) <= _fields(text), f"{lang} {key} names unknown values"


def test_every_action_type_has_a_label_function() -> None:
    assert set(ACTION_TYPES) == set(typing.get_args(Action))


def _positions(games: int = 6) -> Iterator[GameState]:
    rng = random.Random(3)
    setups = [{"players": 2, "mode": "coop", "setup": "advanced"}, {"players": 3},
              {"players": 4, "mode": "team", "setup": "advanced"}]
    for i in range(games):
        state = new_game(seed=i, **setups[i % len(setups)])  # type: ignore[arg-type]
        while not state.is_over:
            yield state
            state = apply(state, rng.choice(legal_actions(state)))
    # a heal comes only from a few Machines (no card bonus heals): one offered by hand
    yield _offered_a_heal()


def _offered_a_heal() -> GameState:
    from tests.engine.positions import position, seat

    return position(players=2, phase=Phase.ACTION, step=Step.GAINS, pending=Gains(heal=2),
                    pending_source="machines", seats=[seat(healthy=4, contaminated=3)])


def test_every_action_type_is_labelled_in_every_language_and_labels_tell_choices_apart() -> None:
    seen: set[type] = set()
    for state in _positions():
        actions = legal_actions(state)
        seen.update(type(a) for a in actions)
        for lang in languages():
            labels = [action_label(state, a, lang) for a in actions]
            assert all(label and "{" not in label for label in labels)
            assert len(set(labels)) == len(labels), f"{lang}: two buttons read the same"
            assert prompt(state, lang)
    assert seen == set(ACTION_TYPES)


def test_russian_labels_and_prompts_are_russian() -> None:
    state = new_game(players=3, seed=11)
    action = legal_actions(state)[0]
    assert action_label(state, action) == f"Keep {action.keep}, give {action.give}"  # type: ignore[union-attr]
    assert action_label(state, action, "ru") == (
        f"Оставить {action.keep}, отдать {action.give}")  # type: ignore[union-attr]
    assert prompt(state, "ru").startswith("Решение:")


@pytest.mark.parametrize(("n", "form"), [(1, "человек"), (2, "человека"), (5, "человек"),
                                         (11, "человек"), (21, "человек"), (23, "человека")])
def test_russian_numbers_take_the_right_word_form(n: int, form: str) -> None:
    assert words("ru").resource("human", n) == form


def test_a_refusal_is_explained_kindly_from_its_code_in_every_language() -> None:
    refusal = Refusal.of(RefusalCode.BOTH_UNAFFORDABLE, cost=3, cabins=1)
    assert words("en").explain(refusal).startswith("Both cards together cost 3 Healthy Humans")
    assert words("en").refusal(refusal).startswith("Activating both cards costs 3")
    said = words("ru").explain(refusal)
    assert "3" in said and "1" in said and "Активируйте одну карту" in said


def test_a_code_without_a_kind_sentence_falls_back_to_the_plain_one() -> None:
    refusal = Refusal.of(RefusalCode.ROOMS_SAME)
    assert words("en").explain(refusal) == "Keep two different rooms."


@pytest.mark.parametrize(("asked", "lang"), [("ru", "ru"), ("RU", "ru"), ("ru-RU", "ru"),
                                             ("en", "en"), ("xx", "en"), (None, "en"),
                                             ("", "en")])
def test_a_requested_language_falls_back_to_english(asked: str | None, lang: str) -> None:
    assert choose_language(asked) == lang


def test_a_machine_condition_said_from_its_parsed_form_is_the_datas_own_text_in_english() -> None:
    from precog.engine import reference_components

    for room in reference_components().rooms:
        for advanced in (False, True):
            for machine in room.face(advanced):
                text = machine.condition.text.partition(":")[2].strip()
                assert words("en").condition(machine.condition) == text
                said = words("ru").condition(machine.condition)
                assert said and "{" not in said


def test_costs_in_labels_name_healthy_humans_with_the_right_plural() -> None:
    from precog.engine.actions import Activate, TakeHumans

    seen: set[str] = set()
    for state in _positions(games=12):
        for action in legal_actions(state):
            if isinstance(action, (Activate, TakeHumans)):
                seen.add(action_label(state, action))
    paid = [t for t in seen if "(pay" in t]
    assert paid and all(t.endswith(("Healthy Human)", "Healthy Humans)")) for t in paid)
    assert not any(t.startswith("Take 1 Humans") or "(pay 1 Healthy Humans)" in t for t in seen)


def test_the_reason_a_game_ended_starts_with_a_capital_in_every_language() -> None:
    from precog.engine import Outcome

    for lang in ("en", "ru"):
        w = words(lang)
        for code, values in (("most_healthy", {"seat": 1, "best": 5}),
                             ("tie_won_on_humans", {"seats": (0, 2), "best": 4, "winner": 2,
                                                    "top": 6})):
            text = w.outcome(Outcome(winners=(1,), scores=(), reason="", code=code,
                                     values=tuple(values.items())))
            assert text[:1].isupper(), text
    assert words("en").outcome(Outcome(winners=(1,), scores=(), reason="", code="most_healthy",
                                       values=(("seat", 1), ("best", 5)))).startswith("Seat 1 ")


def test_activating_one_card_names_the_card_with_its_mark_in_every_language() -> None:
    """The button says the card as every page names it: its name, and the id printed on its
    face where another card of the set shares the name (the reference set's four decks)."""
    from precog.engine.actions import Activate
    from precog.session.card_names import card_mark, card_name
    from precog.session.names import component_name

    for state in _positions(games=6):
        if Activate("G") not in legal_actions(state):
            continue
        zone = state.players[state.to_move].action_zone
        for lang in ("en", "ru"):
            for slot, card_id in zip(("G", "R"), zone, strict=True):
                label = action_label(state, Activate(slot), lang)
                assert card_name(card_id, state.components, lang, quoted=True) in label
                assert component_name(state.card(card_id).name, lang) in label
                assert (card_id in label) == bool(card_mark(card_id, state.components))
        return
    pytest.fail("no activation in the sampled positions")
