"""A seat typed as lines, one per zone: names completed, the right copy of a shared name, the
whole Boat, coded errors in both languages, the docs' round-6 table, the next round."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from precog.engine import reference_components
from precog.engine.playout import random_playout
from precog.engine.problems import ErrorCode
from precog.session.errors import SessionCode
from precog.session.table_entry import TableDraft, new_description
from precog.session.table_lines import carry_forward, complete, read_lines, typed_table
from precog.session.words import words

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "round6_table.toml"


def codes(text: str, lang: str = "en") -> list[str]:
    return [err.why.code.value for err in read_lines(text, lang=lang).errors]


def test_the_beginning_of_a_name_completes_it_in_english_and_russian():
    names = sorted({c.name for c in reference_components().cards.values()})
    assert complete("drif", names, "en") == ["Drifting raft"]
    assert complete("дрейф", names, "ru") == ["Drifting raft"]
    assert complete("raft", names, "en") == ["Drifting raft"]  # a word of the name
    read = read_lines("hand: drif, salv")
    assert read.seat["hand"] == [{"name": "Drifting raft"}, {"name": "Salvage crate"}]
    assert read.shown == ["hand: Drifting raft, Salvage crate"]
    russian = read_lines("рука: дрейф, ящик", lang="ru")
    assert russian.seat["hand"] == [{"name": "Drifting raft"}, {"name": "Salvage crate"}]
    assert russian.shown == ["рука: Дрейфующий плот, Ящик с обломками"]


def test_a_beginning_several_names_share_is_refused_naming_them():
    read = read_lines("hand: s")
    assert [e.why.code for e in read.errors] == [SessionCode.TABLE_LINE_AMBIGUOUS]
    assert read.errors[0].line == 1 and "hand" not in read.seat
    assert "Salvage crate" in str(read.errors[0])
    russian = words("ru").error(read_lines("рука: с", lang="ru").errors[0])
    assert "«Старая подстанция»" in russian  # names in quotes


def test_unknown_names_keys_and_amounts_have_their_codes():
    assert codes("hand: dirfting raft") == [SessionCode.TABLE_LINE_NO_CARD.value]
    assert codes("xyz: 3") == [SessionCode.TABLE_LINE_KEY.value]
    assert codes("b: food 2") == [SessionCode.TABLE_LINE_AMBIGUOUS.value]  # boat or batteries
    assert codes("boat: gold 5") == [SessionCode.TABLE_LINE_BOAT.value]
    assert codes("batteries: 0 12") == [SessionCode.TABLE_LINE_BATTERIES.value]
    assert codes("rooms: R03") == [SessionCode.TABLE_LINE_COUNT.value]
    assert codes("hand: drif, salv, eel") == [SessionCode.TABLE_LINE_COUNT.value]
    assert codes("hand: eel ·K05") == [SessionCode.TABLE_LINE_MARK.value]  # K05 is Drifting raft
    assert codes("корабль: золото 5", "ru") == [SessionCode.TABLE_LINE_BOAT.value]
    assert codes("\n".join(["f 1"] * 30)) == [SessionCode.TABLE_LINE_LONG.value]


def test_a_boat_line_is_the_whole_boat_and_batteries_fill_to_six_machines():
    read = read_lines("f 9, h 6, d 2\nba: 0 0 0 1 1")
    assert {k: read.seat[k] for k in ("food", "healthy", "contaminated", "doctors",
                                      "protectors", "bane")} == {
        "food": "9", "healthy": "6", "contaminated": "0", "doctors": "2", "protectors": "0",
        "bane": "0"}
    assert read.seat["batteries"] == ["0", "0", "0", "1", "1", "0"]


def test_a_name_alone_is_the_copy_of_the_deck_that_put_the_card_there_a_mark_another():
    comps = reference_components()
    data = new_description(4)
    data["round"] = 6
    data["seats"][0]["lines"] = "p: kartus\nh: drif\nd: drif"
    data["seats"][1]["lines"] = "p: defitia"
    state = TableDraft(data).build().state
    assert state is not None
    hand, decision = state.players[0].hand[0], state.players[0].decision_zone[0]
    # the hand from the seat's own deck (K), the Decision Zone from its left neighbour's (D)
    assert state.card(hand).face == comps.cards["K05"].face
    assert state.card(decision).face == comps.cards["D05"].face
    data["seats"][0]["lines"] = "p: kartus\nh: drif ·T05"
    state = TableDraft(data).build().state
    assert state is not None and state.card(state.players[0].hand[0]).face == (
        comps.cards["T05"].face)


def test_a_card_typed_by_its_face_takes_the_rounds_season():
    data = new_description(4)
    data["round"] = 6
    data["seats"][0]["hand"] = [{"type": "Food", "cost": "1", "gain": "3"}]
    built = TableDraft(data).build()
    assert built.errors == {} and built.state is not None
    assert built.state.card(built.state.players[0].hand[0]).season == 2


def test_a_bad_line_is_named_by_seat_and_line_and_nothing_is_built():
    data = new_description(3)
    data["seats"][2]["lines"] = "f 5\nhand: zzzz"
    built = TableDraft(data).build()
    assert list(built.errors) == ["seats.2.lines.2"] and built.state is None


def test_the_docs_round6_table_typed_in_lines_is_the_docs_position():
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    built = TableDraft(typed_table(example)).build()
    assert built.errors == {} and built.state is not None
    real = random_playout(random.Random(1), stop_round=6, players=4, seed=1).final
    typed = built.state
    for n, (mine, theirs) in enumerate(zip(real.players, typed.players, strict=True)):
        for key in ("food", "healthy", "contaminated", "doctors", "protectors", "bane",
                    "rooms", "batteries"):
            assert getattr(mine, key) == getattr(theirs, key), (n, key)
        assert [real.card(c).face for c in mine.decision_zone] == [
            typed.card(c).face for c in theirs.decision_zone], n
    assert [real.card(c).face for c in real.players[0].hand] == [
        typed.card(c).face for c in typed.players[0].hand]
    flipped = [t for t in real.river[:5] if not t.startswith("I")]
    assert [real.components.river_by_id[t].gains for t in flipped] == [
        typed.components.river_by_id[t].gains for t in typed.river[:5] if not t.startswith("I")]


def test_the_next_round_keeps_boats_rooms_and_river_and_clears_the_cards():
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    data = typed_table(example)
    data["seats"][0]["hand"] = [{"type": "Food"}]
    later = carry_forward(data)
    assert later["round"] == 7 and later["river"] == data["river"]
    seat = later["seats"][0]
    assert "hand" not in seat
    assert seat["lines"].splitlines() == ["p: defitia", "f 9, h 6, d 2", "r: R03, R10",
                                          "ba: 0 0 0 1 1"]
    built = TableDraft(later).build()
    assert built.errors == {} and built.state is not None and built.state.round == 7
    assert built.state.players[0].food == 9


def test_any_text_is_read_or_refused_line_by_line_never_raised():
    rng = random.Random(3)
    alphabet = "abcdrfhsk :·,;0123456789\n١²ЁёдрейфK05R03\ud800"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))
        read = read_lines(text, lang=rng.choice(("en", "ru")))
        assert all(err.why.code.value.startswith("table.line") for err in read.errors)
    data = new_description(2)
    data["seats"][0]["lines"] = ["not", "a text"]
    assert list(TableDraft(data).build().errors) == ["seats.0.lines"]


def test_a_card_named_on_the_table_keeps_its_name_in_the_saved_position():
    import pytest

    from precog.engine import PrecogError, from_json, to_json

    data = new_description(2)
    data["round"] = 6
    data["seats"][0]["lines"] = "h: drif"
    state = TableDraft(data).build().state
    assert state is not None
    card = state.players[0].hand[0]
    position = to_json(state)
    again = from_json(position, TableDraft().box)
    assert again.card(card).name == "Drifting raft"
    position["components"]["faces"][card]["name"] = ["not a text"]
    with pytest.raises(PrecogError) as refused:
        from_json(position, TableDraft().box)
    assert refused.value.problem is not None
    assert refused.value.problem.code == ErrorCode.FACES_NAME
