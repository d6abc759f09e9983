"""The "Your table" model: a real table entered field by field becomes a position."""

from __future__ import annotations

import copy

import pytest

from precog.engine import Phase, reference_components, to_json
from precog.engine.faces import face_values
from precog.session.table_entry import (
    TableDraft,
    TableEntryError,
    blank_box,
    for_seat,
    read_table,
)


def shown_defaults(d: TableDraft):  # type: ignore[no-untyped-def]
    state = TableDraft(copy.deepcopy(d.data)).build().state
    assert state is not None
    return state.players


def mid_game() -> TableDraft:
    """A 4-player table at round 6, as a player would type it (about 50 fields)."""
    d = TableDraft()
    d.data.update(players=4, mode="competitive", setup="standard", round=6, seat=0)
    boats = [("D", 5, 4, 1, 1, 0, 0), ("T", 7, 3, 0, 0, 1, 2), ("P", 4, 5, 2, 1, 0, 1),
             ("K", 6, 2, 0, 2, 0, 0)]
    rooms = [["R03", "R10"], ["R02", "R05"], ["R11", "R04"], ["R07", "R06"]]
    for n, (code, food, healthy, cont, doctors, prot, bane) in enumerate(boats):
        boat = dict(food=food, healthy=healthy, contaminated=cont, doctors=doctors,
                    protectors=prot, bane=bane)
        d.seat(n).update(prescient=code, rooms=rooms[n], batteries=[n % 2, 1, 0, 0, 2, 0])
        shown = shown_defaults(d)  # the page shows the default game's Boat: type what differs
        d.seat(n).update({k: v for k, v in boat.items() if getattr(shown[n], k) != v})
    d.set_card(0, "hand", 0, {"type": "Food", "season": "2", "cost": "1", "gain": "3"})
    d.set_card(0, "hand", 1, {"type": "Battery", "season": "2", "cost": "2", "gain": "2",
                              "bonus": "food 1"})
    d.set_card(0, "decision_zone", 0, {"type": "Human", "season": "2", "cost": "X",
                                       "gain": "2", "bane": "1"})
    d.set_card(0, "decision_zone", 1, {"type": "Ymune", "season": "2", "cost": "0",
                                       "gain": "1", "name": "Spore pod"})
    d.data["river"] = ["W1a", "W1b"]
    return d


def test_a_scripted_mid_game_table_becomes_a_valid_position():
    d = mid_game()
    built = d.build()
    assert built.errors == {}
    s = built.state
    assert s is not None and s.round == 6 and s.phase is Phase.DECISION
    assert [p.food for p in s.players] == [5, 7, 4, 6]
    assert s.players[2].contaminated == 2 and s.players[1].bane == 2
    assert s.players[0].protectors == 0 and s.players[3].contaminated == 0
    assert s.players[0].rooms == ("R03", "R10") and s.players[0].batteries == (0, 1, 0, 0, 2, 0)
    cards = s.components.cards
    hand = [cards[c] for c in s.players[0].hand]
    assert [(c.type.value, c.cost, c.gain, c.season) for c in hand] == [
        ("Food", 1, 3, 2), ("Battery", 2, 2, 2)]
    assert hand[1].bonus.food == 1
    incoming = [cards[c] for c in s.players[0].decision_zone]
    assert incoming[0].cost is None and incoming[0].bane == 1  # Cost X
    assert s.river[:2] == ("W1a", "W1b")
    assert d.field_count() <= 66  # "about 60" (this table: 65)


def test_each_bad_field_is_named_and_nothing_is_lost():
    d = mid_game()
    d.seat(1)["food"] = "lots"
    d.seat(2)["batteries"] = [0, 1]
    d.set_card(0, "hand", 0, {"type": "Food", "season": "1", "cost": "1", "gain": "3",
                              "bane": "2"})
    d.set_card(0, "decision_zone", 1, {"type": "Cheese", "season": "4", "cost": "1",
                                       "gain": "99"})
    d.data["round"] = 6
    before = copy.deepcopy(d.data)
    errors = d.build().errors
    assert set(errors) == {"seats.1.food", "seats.2.batteries", "seats.0.hand.0.bane",
                           "seats.0.decision_zone.1.type", "seats.0.decision_zone.1.season",
                           "seats.0.decision_zone.1.gain"}
    assert "season 1" in errors["seats.0.hand.0.bane"]
    assert d.data == before


@pytest.mark.parametrize(("key", "value"), [("players", 7), ("mode", "solo"), ("round", 13),
                                            ("setup", "expert"), ("seat", 9)])
def test_a_bad_game_field_is_named(key, value):
    d = mid_game()
    d.data[key] = value
    built = d.build()
    assert built.state is None and key in built.errors


def test_two_seats_with_one_prescient_are_refused():
    d = mid_game()
    d.seat(1)["prescient"] = "D"
    assert "seats.0.prescient" in d.build().errors


@pytest.mark.parametrize("rooms", [["R03"], ["R03", "R99"], ["R03", "R03"], "R03 R10",
                                   ["R02", "R11"]])
def test_bad_rooms_are_named(rooms):
    d = mid_game()
    d.seat(3)["rooms"] = rooms  # R02 is seat 1's, R11 seat 2's
    assert "seats.3.rooms" in d.build().errors


def test_too_many_river_tiles_for_the_round_are_refused():
    d = mid_game()
    d.data["round"] = 2
    d.data["river"] = ["W1a", "W1b", "W1c"]
    assert "river" in d.build().errors


def test_save_and_load_round_trip_as_file_and_as_string():
    d = mid_game()
    want = to_json(d.build().state)
    for text in (d.save_text(), d.share_string()):
        other = TableDraft()
        other.load_text(text)
        assert other.data == d.data
        assert to_json(other.build().state) == want


@pytest.mark.parametrize("text", ["", "{}", "[1, 2]", "precog-table.!!!", "precog-table.eJw",
                                  '{"format": "precog-table", "seats": 3}',
                                  "x" * 300_000, b"\xff\xfe"])
def test_a_bad_saved_table_is_refused_and_the_draft_kept(text):
    d = mid_game()
    before = copy.deepcopy(d.data)
    with pytest.raises(TableEntryError):
        d.load_text(text)
    assert d.data == before


@pytest.mark.parametrize(("path", "value"), [
    (("seats",), "four"), (("seats",), [{}] * 9), (("river",), 7), (("seats", 1), "x"),
    (("seats", 1, "hand"), "abc"), (("seats", 1, "hand"), [1, 2]),
    (("seats", 1, "decision_zone"), [{}] * 5), (("seats", 1, "batteries"), 3),
    (("seats", 1, "food"), 10**9), (("players",), [4]), (("round",), True),
    (("phase",), ["action"]), (("phase",), "lunch"), (("step",), {"a": 1}),
    (("difficulty",), [1]), (("activated",), ["G"]), (("objectives",), "O1a"),
    (("seats", 1, "action_zone"), [{}] * 3),
    (("seats", 1, "rooms"), [["R01"], "R02"]), (("mode",), ["coop"])])
def test_a_hostile_table_is_answered_by_a_named_field(path, value):
    d = mid_game()
    where = d.data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    errors = d.build().errors
    assert errors and any(k.startswith(".".join(map(str, path))) for k in errors), errors


@pytest.mark.parametrize(("path", "value"), [
    (("seats",), "four"), (("seats",), [{}] * 9), (("river",), 7), (("seats", 1), "x"),
    (("seats", 1, "hand"), "abc"), (("seats", 1, "decision_zone"), [{}] * 5),
    (("seats", 1, "batteries"), 3), (("objectives",), "O1a"), (("seats", 1, "lines"), 5),
    (("river",), [{"effect": 5}]), (("river",), [{"a": 1, "b": 2, "c": 3}])])
def test_a_hand_edited_field_of_the_wrong_shape_is_answered_in_the_pages_language(path, value):
    """On the Russian page, what a field should have been is said in Russian (no English
    word left in the message); the same field is named in both languages."""
    import re

    said = {}
    for lang in ("en", "ru"):
        d = TableDraft(mid_game().data, lang=lang)
        where = d.data
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value
        said[lang] = d.build().errors
    assert said["ru"] and said["ru"].keys() == said["en"].keys()
    for message in said["ru"].values():
        assert re.search("[а-я]", message) and not re.search("[A-Za-z]{2,}", message), message
    blank = TableDraft(["not", "a", "table"], lang="ru")  # type: ignore[arg-type]
    assert not re.search("[A-Za-z]{2,}", blank.build().errors["table"])


def test_a_zip_bomb_string_is_refused():
    import base64
    import zlib

    packed = zlib.compress(b'{"format": "precog-table", "x": "' + b"a" * 5_000_000 + b'"}')
    with pytest.raises(TableEntryError):
        read_table("precog-table." + base64.urlsafe_b64encode(packed).decode())


def test_the_analysed_position_reveals_nothing_the_seat_cannot_see():
    d = mid_game()
    # another seat's hand typed in (a player must not learn it from the analysis)
    d.set_card(1, "hand", 0, {"type": "Food", "season": "2", "cost": "0", "gain": "9"})
    state = d.build().state
    assert state is not None
    secret = state.players[1].hand[0]
    assert state.components.cards[secret].gain == 9
    mine = [face_values(state.components.cards[c]) for c in state.players[0].hand]
    kept_secret = 0
    for seed in range(12):
        view = for_seat(state, 0, seed)
        cards = view.components.cards
        # what seat 0 sees is kept exactly
        assert [face_values(cards[c]) for c in view.players[0].hand] == mine
        assert view.players[0].decision_zone == state.players[0].decision_zone
        assert view.players[2].food == state.players[2].food
        # seat 1's hidden card: redrawn from the prior (never this face by design)
        kept_secret += any(cards[c].gain == 9 for c in view.players[1].hand)
    assert kept_secret == 0


def test_the_default_box_has_every_face_unknown_with_the_reference_tiles_as_stand_ins():
    box = blank_box()
    ref = reference_components()
    assert box.unknown == {*box.cards, *box.river_by_id, *box.objective_by_id}
    assert len(box.unknown) == 96 + 12 + 24
    assert {t.id for t in box.objectives} == {t.id for t in ref.objectives}
    assert all(box.river_by_id[t.id] == t for t in ref.river)  # what an id picks
