"""The component data: the shipped reference set, its loader and validator, user overrides."""

from __future__ import annotations

import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from precog.engine.components import LOSS_KINDS, RESOURCE_GAINS, Card, CardType, Components, Gains
from precog.engine.data_loading import (
    SHIPPED_FILES,
    load_components,
    load_components_from_texts,
    reference_components,
    reference_text,
)
from precog.engine.errors import DataError
from precog.engine.problems import ErrorCode, Problem
from tests.codes import raises_code

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_DECK = REPO / "docs" / "examples" / "my_deck.toml"
RULEBOOK_ROOMS = ("Dispensary", "Detection unit", "Generator", "Command post",
                  "Agronomy laboratory", "Expedition airlock", "Autonomous greenhouse",
                  "Decontamination unit", "Shop", "Workshop", "Lazarette", "Search unit")
PRESCIENTS = {"D": "Tal Defitia", "T": "Tal Terias", "P": "Tal Pria", "K": "Tal Kartus"}
STANDARD_MACHINES = {("pair: Human + other", Gains(human=1)),
                     ("pair: Battery + other", Gains(protector=1)),
                     ("pair: Ymune + other", Gains(ymune=1)),
                     ("pair: Food + other", Gains(food=1)),
                     ("pair: Food + other", Gains(food=2)),
                     ("pair: Bane + no Bane", Gains(human=2))}
# Changing the shipped data changes this on purpose: update it in the same commit, and say why.
REFERENCE_FINGERPRINT = "84d9340b7223"


@pytest.fixture(scope="module")
def ref() -> Components:
    return reference_components()


def load_error(texts: dict[str, str | bytes]) -> str:
    with pytest.raises(DataError) as caught:
        load_components_from_texts(texts)
    return str(caught.value)


# ---------------------------------------------------------------- the shipped files

def test_every_shipped_file_is_labelled_as_precogs_own_data() -> None:
    for key, relative in SHIPPED_FILES.items():
        text = reference_text(key)
        assert "precog's own reference data" in text, relative
        assert "NOT the publisher's" in text, relative
        label = tomllib.loads(text)["label"]
        assert "not the publisher's print" in label, relative
        if key.startswith("deck:"):
            assert label == "precog reference deck (not the publisher's print)"
        place = resources.files("precog") / "data"
        for part in relative.split("/"):
            place = place / part
        assert place.read_text(encoding="utf-8") == text


def test_reference_set_has_every_component_of_the_box(ref: Components) -> None:
    assert ref.name == "reference"
    assert sorted(ref.decks) == sorted(PRESCIENTS)
    assert ref.prescients == PRESCIENTS
    assert all(len(deck) == 24 for deck in ref.decks.values())
    assert len(ref.cards) == 96
    assert len(ref.rooms) == 12 and len(ref.river) == 12
    assert len(ref.islands) == 3 and len(ref.coop_river) == 3
    assert len(ref.objectives) == 24
    assert load_components() is ref


def test_distribution_table_has_10_8_6_cards_and_every_deck_matches_it(ref: Components) -> None:
    assert {s: sum(row.values()) for s, row in ref.distribution.items()} == {1: 10, 2: 8, 3: 6}
    for code, deck in ref.decks.items():
        for season, row in ref.distribution.items():
            counts = Counter(c.type for c in deck if c.season == season)
            assert counts == Counter({t: n for t, n in row.items() if n}), (code, season)


def test_card_ids_are_deck_code_and_two_digits_and_unique(ref: Components) -> None:
    for code, deck in ref.decks.items():
        assert [c.id for c in deck] == [f"{code}{i:02d}" for i in range(1, 25)]
        assert all(c.deck == code for c in deck)
    ids = [c.id for c in ref.cards.values()] + [r.id for r in ref.rooms]
    ids += [t.id for t in (*ref.river, *ref.islands, *ref.coop_river, *ref.objectives)]
    assert len(ids) == len(set(ids)) == 96 + 12 + 12 + 3 + 3 + 24


def test_bane_is_absent_in_season_1_light_in_season_2_heavier_in_season_3(
        ref: Components) -> None:
    cards = list(ref.cards.values())
    assert {c.bane for c in cards if c.season == 1} == {0}
    assert {c.bane for c in cards if c.season == 2} <= {0, 1, 2}
    assert any(c.bane == 0 for c in cards if c.season == 2)  # so "Bane + no Bane" can trigger
    assert {c.bane for c in cards if c.season == 3} <= {1, 2, 3}
    for deck in ref.decks.values():
        per_season = [sum(c.bane for c in deck if c.season == s) for s in (1, 2, 3)]
        assert per_season[0] < per_season[1] < per_season[2]


def test_costs_are_0_to_4_with_x_on_a_few_cards_and_gains_grow_with_cost(
        ref: Components) -> None:
    for deck in ref.decks.values():
        assert {c.cost for c in deck} <= {0, 1, 2, 3, 4, None}
        assert 1 <= sum(c.cost is None or c.gain is None for c in deck) <= 4
        for kind in CardType:
            fixed = sorted((c.cost, c.gain) for c in deck if c.type == kind
                           and c.cost is not None and c.gain is not None)
            cheapest, dearest = fixed[0], fixed[-1]
            assert dearest[1] >= cheapest[1], (kind, fixed)
    assert all(c.bonus.total() <= 2 for c in ref.cards.values())


def test_human_cards_are_the_main_source_of_humans(ref: Components) -> None:
    for deck in ref.decks.values():
        from_human_cards = sum(c.gain or 2 for c in deck if c.type == CardType.HUMAN)
        from_bonuses = sum(c.bonus.human for c in deck)
        assert from_human_cards >= 2 * from_bonuses


def _rating(deck: tuple[Card, ...]) -> int:
    """The bookkeeping rating of docs/components.md: weighted resources, less Cost and Bane."""
    weights = Gains(food=1, human=2, battery=2, ymune=3, doctor=3, protector=3, heal=1).astuple()
    total = 0
    for card in deck:
        gain = 2 if card.gain is None else card.gain
        cost = 2 if card.cost is None else card.cost
        gains = Gains.of_type(card.type, gain) + card.bonus
        total += sum(w * n for w, n in zip(weights, gains.astuple())) - cost - 2 * card.bane
    return total


def test_prescient_decks_differ_but_have_equal_value_costs_and_bane(ref: Components) -> None:
    decks = list(ref.decks.values())
    assert len({_rating(d) for d in decks}) == 1
    for season in (1, 2, 3):
        assert len({sum(c.cost or 2 for c in d if c.season == season) for d in decks}) == 1
        assert len({sum(c.bane for c in d if c.season == season) for d in decks}) == 1
    shapes = {tuple((c.type, c.cost, c.gain, c.bonus, c.bane) for c in d) for d in decks}
    assert len(shapes) == 4


def test_rooms_carry_the_twelve_advanced_names_of_the_rulebook(ref: Components) -> None:
    assert [r.name for r in ref.rooms] == list(RULEBOOK_ROOMS)
    assert [r.id for r in ref.rooms] == [f"R{i:02d}" for i in range(1, 13)]


def test_standard_faces_use_only_the_six_standard_machines_equally(ref: Components) -> None:
    used = Counter((m.condition.text, m.effect) for r in ref.rooms for m in r.standard)
    assert set(used) == STANDARD_MACHINES
    assert set(used.values()) == {6}
    assert all(m.line == 0 and 1 <= m.batteries <= 4 for r in ref.rooms for m in r.standard)
    cheap = [m.batteries for r in ref.rooms for m in r.standard if m.effect == Gains(food=1)]
    costly = [m.batteries for r in ref.rooms for m in r.standard if m.effect == Gains(food=2)]
    assert max(cheap) < min(costly)


def test_every_pair_of_rooms_makes_a_playable_standard_setup(ref: Components) -> None:
    for a, b in itertools.combinations(ref.rooms, 2):
        for room in (a, b):
            assert len({m.condition.text for m in room.standard}) == 3, room.id
        face_a = sorted((m.batteries, m.condition.text, m.effect.astuple()) for m in a.standard)
        face_b = sorted((m.batteries, m.condition.text, m.effect.astuple()) for m in b.standard)
        assert face_a != face_b, (a.id, b.id)
        assert len({m.condition.text for m in (*a.standard, *b.standard)}) >= 3
        assert sum(m.batteries for m in (*a.standard, *b.standard)) <= 18


def test_advanced_lines_test_received_then_given_then_pair(ref: Components) -> None:
    for room in ref.rooms:
        assert [m.line for m in room.advanced] == [1, 2, 3]
        assert [m.condition.scope for m in room.advanced] == ["received", "given", "pair"]
        assert all(not m.effect.is_empty() for m in room.advanced)
    given = {r.advanced[1].condition.text for r in ref.rooms}
    pair = {r.advanced[2].condition.text for r in ref.rooms}
    assert len(given) == len(pair) == 12  # each of the rulebook's kinds once
    effects = {k for r in ref.rooms for m in r.advanced for k, _ in m.effect.items()}
    assert {"heal", "doctor", "protector"} <= effects


def test_card_bonuses_are_resources_only(ref: Components) -> None:
    """A card's bonus gives Food, Humans, Batteries or Ymunes: never a heal, never a Ymune
    whose role is fixed (its owner places it as a Doctor or a Protector)."""
    kinds = {k for c in ref.cards.values() for k, _ in c.bonus.items()}
    assert kinds <= set(RESOURCE_GAINS)
    assert {"food", "human", "battery", "ymune"} <= kinds


def test_some_advanced_rooms_ask_on_line_1_for_a_doctor_or_a_protector(ref: Components) -> None:
    asked = {str(r.advanced[0].condition.args[1]) for r in ref.rooms
             if r.advanced[0].condition.kind == "received_at_least"}
    assert {"Doctor", "Protector"} <= asked


def test_river_tiles_only_move_resources(ref: Components) -> None:
    for tile in ref.river:
        assert {k for k, _ in tile.gains.items()} <= set(RESOURCE_GAINS)
    assert "bane" not in LOSS_KINDS


def test_river_gives_in_season_1_and_takes_in_seasons_2_and_3(ref: Components) -> None:
    for season in (1, 2, 3):
        tiles = [t for t in ref.river if t.season == season]
        assert len(tiles) == 4
        for tile in tiles:
            if season == 1:
                assert not tile.gains.is_empty() and tile.losses.is_empty()
            else:
                assert tile.gains.is_empty() and not tile.losses.is_empty()
    assert [t.season for t in ref.islands] == [1, 2, 3]
    assert [t.season for t in ref.coop_river] == [1, 2, 3]


def test_objectives_eight_per_season_mitigated_easier_and_season_3_hardest(
        ref: Components) -> None:
    assert Counter(o.season for o in ref.objectives) == {1: 8, 2: 8, 3: 8}

    def demand(season: int, side: str) -> int:
        return sum(r.amount for o in ref.objectives if o.season == season
                   for r in getattr(o, side))

    assert demand(1, "full") < demand(2, "full") < demand(3, "full")
    for o in ref.objectives:
        assert sum(r.amount for r in o.mitigated) < sum(r.amount for r in o.full) or (
            [r.scope for r in o.mitigated] != [r.scope for r in o.full])
        assert {k for k, _ in o.mitigate_cost.items()} <= {"food", "human", "doctor", "protector"}


# ---------------------------------------------------------------- user files

def test_example_deck_file_replaces_deck_d(ref: Components) -> None:
    comps = load_components({"deck:D": EXAMPLE_DECK})
    assert comps.name == "custom (deck:D=my_deck.toml)"
    assert comps.cards["D07"].gain == 3 and ref.cards["D07"].gain == 2
    assert comps.cards["D01"].name == "My first card"
    assert comps.decks["T"] == ref.decks["T"] and comps.rooms == ref.rooms
    assert comps.fingerprint != ref.fingerprint
    assert "edit" in EXAMPLE_DECK.read_text().lower()


def test_a_user_file_with_the_reference_content_gives_the_reference_fingerprint(
        ref: Components, tmp_path: Path) -> None:
    path = tmp_path / "same.toml"
    path.write_text(reference_text("deck:T"))
    comps = load_components({"deck:T": str(path)}, name="my box")
    assert comps.name == "my box"
    assert comps.fingerprint == ref.fingerprint and comps == ref


def test_a_new_deck_letter_adds_a_deck() -> None:
    text = reference_text("deck:K").replace('deck = "K"', 'deck = "Z"')
    text = text.replace('id = "K', 'id = "Z')
    comps = load_components_from_texts({"deck:Z": text})
    assert sorted(comps.decks) == ["D", "K", "P", "T", "Z"]
    assert comps.cards["Z05"].deck == "Z"


def test_an_unknown_override_key_is_refused() -> None:
    with raises_code(DataError, ErrorCode.DATA_UNKNOWN_FAMILY):
        load_components({"rivers": "x.toml"})


# ---------------------------------------------------------------- fingerprint

def test_fingerprint_is_stable(ref: Components) -> None:
    assert re.fullmatch(r"[0-9a-f]{12}", ref.fingerprint)
    again = load_components_from_texts({k: reference_text(k) for k in SHIPPED_FILES})
    assert again.fingerprint == ref.fingerprint
    assert ref.fingerprint == REFERENCE_FINGERPRINT


def test_fingerprint_ignores_order_comments_and_name_but_not_content(ref: Components) -> None:
    text = reference_text("deck:P")
    head, *cards = text.split("[[card]]")
    shuffled = head + "# a comment\n" + "[[card]]".join(["", *reversed(cards)])
    assert load_components_from_texts({"deck:P": shuffled}, name="x").fingerprint == \
        ref.fingerprint
    changed = text.replace("gain = 4", "gain = 5", 1)
    assert load_components_from_texts({"deck:P": changed}).fingerprint != ref.fingerprint
    renamed = reference_text("rooms").replace('name = "Shop"', 'name = "Store"')
    assert load_components_from_texts({"rooms": renamed}).fingerprint != ref.fingerprint


# ---------------------------------------------------------------- corrupt files

def _deck(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)
    return edit


def _copy_standard_face(text: str, source: str, target: str) -> str:
    def face(room: str) -> str:
        start = text.index("standard = [", text.index(f'id = "{room}"'))
        return text[start:text.index("]\n", start) + 2]
    start = text.index(f'id = "{target}"')
    return text[:start] + text[start:].replace(face(target), face(source), 1)


def _card(card_id: str, field: str, new: str) -> Callable[[str], str]:
    """Replace the line of ``field`` in card ``card_id`` with ``new`` ("" deletes it)."""
    def edit(text: str) -> str:
        start = text.index(f'id = "{card_id}"')
        line = re.compile(rf"^{field} = .*\n", re.MULTILINE).search(text, start)
        assert line is not None
        return text[:line.start()] + (new + "\n" if new else "") + text[line.end():]
    return edit


CORRUPTIONS = [
    # (case, family, edit, pieces the message must contain: entry and field)
    ("wrong type", "deck:D", _card("D04", "cost", 'cost = "one"'),
     ["card D04", "field 'cost'", "integer 0..9 or \"X\"", "'one'"]),
    ("missing field", "deck:D", _card("D01", "gain", ""), ["card D01", "field 'gain'", "missing"]),
    ("unknown field", "deck:D", _card("D04", "cost", "cots = 1"),
     ["card D04", "unknown field 'cots'", "did you mean 'cost'"]),
    ("wrong count", "deck:D", lambda t: t.rsplit("[[card]]", 1)[0],
     ["field 'card'", "exactly 24 cards", "23 cards"]),
    ("wrong type count", "deck:D", _deck('type = "Human"', 'type = "Food"'),
     ["season 1", "field 'type'", "distribution table"]),
    ("duplicate id", "deck:D", _deck('id = "D05"', 'id = "D04"'),
     ["card D04", "field 'id'", "unique", "already used by card D04"]),
    ("foreign id", "deck:D", _deck('id = "D05"', 'id = "T05"'), ["card #5", "field 'id'"]),
    ("bane on season 1", "deck:D", _card("D01", "bane", "bane = 1"),
     ["card D01", "field 'bane'", "season 1"]),
    ("bad bonus resource", "deck:D", _card("D02", "bonus", "bonus = { foood = 2 }"),
     ["card D02", "field 'bonus'", "'foood'", "did you mean 'food'"]),
    ("boolean amount", "deck:D", _card("D02", "bonus", "bonus = { food = true }"),
     ["card D02", "field 'bonus.food'", "True"]),
    ("deck code", "deck:D", _deck('deck = "D"', 'deck = "T"'), ["field 'deck'", '"D"']),
    ("bad condition text", "rooms", _deck("received: 2 Human", "received: 2 Humans"),
     ["room R01 advanced machine 1", "field 'condition'", "2 Humans"]),
    ("condition on the wrong line", "rooms", _deck("given: Human", "pair: Food + other"),
     ["room R01 advanced machine 2", "field 'condition'", "'given:'"]),
    ("non-standard machine", "rooms", _deck('"pair: Human + other", effect = { human = 1 }',
                                            '"pair: Human + other", effect = { human = 2 }'),
     ["room R01 standard machine 2", "field 'effect'"]),
    ("standard condition twice", "rooms",
     _deck('{ batteries = 3, condition = "pair: Battery + other", effect = { protector = 1 } }',
           '{ batteries = 3, condition = "pair: Human + other", effect = { human = 1 } }'),
     ["room R01", "field 'standard'", "different conditions"]),
    ("same standard face twice", "rooms", lambda t: _copy_standard_face(t, "R01", "R09"),
     ["room R09", "field 'standard'", "same as room R01"]),
    ("eleven rooms", "rooms", lambda t: t.rsplit("[[room]]", 1)[0],
     ["field 'room'", "exactly 12 rooms", "11 rooms"]),
    ("too many batteries", "rooms", _deck("batteries = 4", "batteries = 5"),
     ["room R01 standard machine 2", "field 'batteries'", "1..4", "5"]),
    ("season 2 river tile gives", "river", _deck("losses = { healthy = 1, protector = 1 }",
                                                   "gains = { food = 3 }"),
     ["river tile W2a", "field 'gains'", "absent"]),
    ("river tile in the wrong season", "river",
     _deck('season = 2\nname = "Mutiny"', 'season = 3\nname = "Mutiny"'),
     ["field 'river'", "4 tiles for each season", "3 in season 2"]),
    ("two islands of a season", "river", _deck('id = "I2"\nseason = 2', 'id = "I2"\nseason = 1'),
     ["field 'island'", "1 tile for each season", "2 in season 1"]),
    ("id clash across files", "river", _deck('id = "C3"', 'id = "O1a"'),
     ["<river text>: cooperative river tile O1a", "field 'id'",
      "objective O1a in objectives.toml"]),
    ("mitigated side harder", "objectives",
     _deck('mitigated = [{ resource = "food", amount = 2', 'mitigated = [{ resource = "food", '
           'amount = 5'), ["objective O1a", "field 'mitigated'", "easier"]),
    ("unknown requirement resource", "objectives", _deck('resource = "food"', 'resource = "Food"'),
     ["objective O1a", "field 'full[1].resource'", "'Food'"]),
    ("bad scope", "objectives", _deck('scope = "each"', 'scope = "all"'),
     ["objective O1b", "field 'full[1].scope'", "'all'"]),
    ("mitigation paid in batteries", "objectives",
     _deck("mitigate_cost = { food = 2 }", "mitigate_cost = { battery = 2 }"),
     ["objective O1a", "field 'mitigate_cost'", "'battery'"]),
    ("seven season 1 objectives", "objectives",
     _deck('id = "O1h"\nseason = 1', 'id = "O1h"\nseason = 2'),
     ["field 'objective'", "8 tiles for each season", "7 in season 1"]),
    ("distribution not adding up", "distribution",
     _deck("Food = 2\nHuman = 3", "Food = 3\nHuman = 3"),
     ["field 'season.1'", "adding up to 10", "11 cards"]),
    ("distribution type misspelt", "distribution", _deck("Ymune = 1", "Ymunes = 1"),
     ["season 3", "unknown field 'Ymunes'", "did you mean 'Ymune'"]),
]


@pytest.mark.parametrize(("family", "edit", "pieces"),
                         [pytest.param(f, e, p, id=case) for case, f, e, p in CORRUPTIONS])
def test_a_corrupt_file_raises_data_error_naming_file_entry_and_field(
        family: str, edit: Callable[[str], str], pieces: list[str]) -> None:
    message = load_error({family: edit(reference_text(family))})
    assert message.startswith(f"<{family} text>: "), message
    for piece in pieces:
        assert piece in message, (piece, message)


def test_a_user_file_error_names_the_path(tmp_path: Path) -> None:
    path = tmp_path / "defitia.toml"
    path.write_text(_card("D07", "cost", "cost = -1")(reference_text("deck:D")))
    with pytest.raises(DataError) as caught:
        load_components({"deck:D": path})
    assert str(caught.value) == \
        f"{path}: card D07: field 'cost' should be an integer 0..9 or \"X\", got -1"


def test_a_distribution_override_is_checked_against_the_shipped_decks() -> None:
    table = reference_text("distribution").replace("Food = 2\nHuman = 3", "Food = 3\nHuman = 2")
    message = load_error({"distribution": table})
    assert message.startswith("decks/defitia.toml: season 1: field 'type'"), message
    assert "<distribution text>" in message


@pytest.mark.parametrize("raw", [b"\x80\x81\xfe binary junk", b"\x00\x01 [[[ not toml",
                                 "deck = = 1", "[[card]]\nid = 'D01'\n[card]\n"])
def test_a_file_that_is_not_toml_raises_data_error_naming_the_file(raw: str | bytes) -> None:
    message = load_error({"deck:D": raw})
    assert message.startswith("<deck:D text>: not "), message


def test_a_missing_or_unreadable_file_raises_data_error_naming_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with raises_code(DataError, ErrorCode.DATA_AT_FILE):
        load_components({"rooms": missing})
    with raises_code(DataError, ErrorCode.DATA_AT_FILE):
        load_components({"river": tmp_path})


def test_an_empty_file_is_reported_field_by_field() -> None:
    assert load_error({"deck:D": ""}) == \
        "<deck:D text>: field 'deck' should be a deck code: one capital letter such as \"D\", " \
        "got nothing (the field is missing)"
    assert "field 'room'" in load_error({"rooms": "label = 'mine'"})


# ---------------------------------------------------------------- random damage

DECK_TEXT = reference_text("deck:D")
ODD_VALUES = ["-1", "0", "1", "3", "9", "10", "13", "99", "100000000000000000000", '"X"', '"x"',
              '""', '"Food"', '"D01"', '"D99"', "true", "1.5", "nan", "inf", "[]", "[1, 2]", "{}",
              "{ food = 1 }", "{ food = -1 }", "{ heal = 9, doctor = 9 }", "{ bane = 1 }",
              "1979-05-27", "07:32:00", "'''multi'''", '"pair: Food + other"']


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    for _ in range(draw(st.integers(1, 4))):
        lines = text.splitlines(keepends=True)
        kind = draw(st.sampled_from(["char", "cut", "drop line", "copy line", "value", "key"]))
        if kind == "char" and text:
            i = draw(st.integers(0, len(text) - 1))
            text = text[:i] + draw(st.characters()) + text[i + 1:]
        elif kind == "cut" and text:
            i = draw(st.integers(0, len(text) - 1))
            text = text[:i] + text[i + draw(st.integers(1, 40)):]
        elif kind in ("drop line", "copy line") and lines:
            i = draw(st.integers(0, len(lines) - 1))
            if kind == "copy line":
                lines.insert(i, lines[i])
            else:
                del lines[i]
            text = "".join(lines)
        elif kind in ("value", "key"):
            fields = [i for i, line in enumerate(lines) if " = " in line]
            if fields:
                i = draw(st.sampled_from(fields))
                key, _, value = lines[i].partition(" = ")
                if kind == "value":
                    lines[i] = f"{key} = {draw(st.sampled_from(ODD_VALUES))}\n"
                else:
                    lines[i] = f"{draw(st.sampled_from(['id', 'cost', 'gain', 'bane', 'x']))}" \
                               f" = {value}"
                text = "".join(lines)
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(DECK_TEXT))
def test_a_randomly_damaged_deck_file_loads_or_raises_data_error(text: str) -> None:
    try:
        comps = load_components_from_texts({"deck:D": text})
    except DataError as exc:
        assert str(exc).startswith("<deck:D text>: "), str(exc)
    else:
        assert len(comps.decks["D"]) == 24


@pytest.mark.parametrize("family", ["rooms", "river", "objectives", "distribution"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_randomly_damaged_file_loads_or_raises_data_error(family: str,
                                                             data: st.DataObject) -> None:
    text = data.draw(damaged(reference_text(family)))
    try:
        load_components_from_texts({family: text})
    except DataError as exc:
        assert str(exc).startswith(("<", "decks/")), str(exc)


def test_gains_and_losses_items_name_each_nonzero_kind_in_field_order():
    from dataclasses import fields

    from precog.engine.components import Gains, Losses
    for cls in (Gains, Losses):
        names = [f.name for f in fields(cls)]
        for i, name in enumerate(names):
            one = cls(**{name: 3})
            assert one.items() == [(name, 3)]
            assert one.astuple()[i] == 3 and sum(one.astuple()) == 3
        both = cls(**{names[-1]: 1, names[0]: 2})
        assert both.items() == [(names[0], 2), (names[-1], 1)]
        assert cls().items() == []


NOT_RESOURCES = [
    # (case, family, edit, the code, the field, the key)
    ("heal bonus", "deck:T", _card("T02", "bonus", "bonus = { heal = 2 }"),
     "bonus", "heal", ErrorCode.DATA_BONUS_NOT_RESOURCE),
    ("Doctor bonus", "deck:P", _card("P24", "bonus", "bonus = { doctor = 1 }"),
     "bonus", "doctor", ErrorCode.DATA_BONUS_NOT_RESOURCE),
    ("Protector bonus", "deck:K", _card("K23", "bonus", "bonus = { protector = 1 }"),
     "bonus", "protector", ErrorCode.DATA_BONUS_NOT_RESOURCE),
    ("River tile raising Bane", "river",
     _deck("losses = { healthy = 2 }", "losses = { bane = 3 }"),
     "losses", "bane", ErrorCode.DATA_RIVER_NOT_RESOURCE),
    ("River tile healing", "river", _deck("gains = { food = 3 }", "gains = { heal = 2 }"),
     "gains", "heal", ErrorCode.DATA_RIVER_NOT_RESOURCE),
    ("River tile giving a Doctor", "river",
     _deck("gains = { ymune = 1 }", "gains = { doctor = 1 }"),
     "gains", "doctor", ErrorCode.DATA_RIVER_NOT_RESOURCE),
]


@pytest.mark.parametrize(("family", "edit", "field", "key", "code"),
                         [pytest.param(*rest, id=case) for case, *rest in NOT_RESOURCES])
def test_a_bonus_or_river_effect_that_is_no_resource_is_refused_by_its_code(
        family: str, edit: Callable[[str], str], field: str, key: str, code: ErrorCode) -> None:
    with pytest.raises(DataError) as caught:
        load_components_from_texts({family: edit(reference_text(family))})
    problem = caught.value.problem
    assert problem is not None and problem.code is ErrorCode.DATA_AT_ENTRY
    what = problem.values["what"]
    assert isinstance(what, Problem) and what.code is code
    assert (what.values["field"], what.values["key"]) == (field, key)
    assert caught.value.input == key
