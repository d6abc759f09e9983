"""Your table at every step: Action, Maintenance and River steps, co-op Objectives and
difficulty, rooms in play by id, and a step's options valued."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from precog.engine import Phase, Step, from_json, to_json
from precog.engine.data_loading import reference_components
from precog.session.table_entry import TableDraft, new_description
from precog.session.table_steps import STEPS, rank_step

FOOD = {"type": "Food", "season": "2", "cost": "1", "gain": "3"}
HUMAN = {"type": "Human", "season": "2", "cost": "2", "gain": "1"}


def table(mode: str = "competitive", **game: Any) -> TableDraft:
    data = new_description(4, mode)
    data.update(round=6, **game)
    return TableDraft(data)


@pytest.mark.parametrize("phase,step", [(p, s) for p, steps in STEPS.items() for s in steps
                                        if s not in ("protect", "lose", "coop", "team")])
def test_each_competitive_step_is_built_for_the_chosen_seat(phase: str, step: str) -> None:
    d = table(phase=phase, step=step, seat=2)
    d.seat(2).update(protectors="2")  # the River step needs a Protector to decide on
    if phase == "river":
        d.data["round"] = 7  # round 7's tile takes something (seed 1's River)
    built = d.build()
    assert built.errors == {}, built.errors
    s = built.state
    assert s is not None and s.phase.value == phase and s.step.value == step
    if phase != "decision":
        assert s.to_move == 2
    assert from_json(to_json(s), s.components) == s  # the engine's own checks pass


@pytest.mark.parametrize("step", ["coop", "team"])
def test_the_coop_windows_are_built_in_coop_and_refused_elsewhere(step: str) -> None:
    built = table("coop", phase="action", step=step, seat=1).build()
    assert built.errors == {} and built.state is not None
    assert built.state.step.value == step and built.state.to_move == 1
    refused = table(phase="action", step=step, seat=1).build()
    assert "step" in refused.errors and refused.state is None


def test_the_gains_step_offers_what_the_entered_cards_give() -> None:
    d = table(phase="action", step="gains", seat=0, activated="G")
    d.seat(0)["action_zone"] = [FOOD, HUMAN]
    s = d.build().state
    assert s is not None and s.step is Step.GAINS and s.pending_source == "cards"
    assert s.pending.food == 3 and s.pending.human == 0  # G only: the kept Food card
    d.data["offer"] = {"food": "2"}
    s = d.build().state
    assert s is not None and s.pending.food == 2


def test_activating_both_counts_the_entered_cabins_as_already_paid() -> None:
    d = table(phase="action", step="gains", seat=0, activated="both")
    d.seat(0).update(action_zone=[FOOD, HUMAN], healthy="0")
    s = d.build().state
    assert s is not None and s.players[0].healthy == 0
    assert (s.pending.food, s.pending.human) == (3, 1)


def test_a_bad_offer_and_a_bad_activation_are_named() -> None:
    d = table(phase="action", step="gains", seat=0, activated="all")
    assert "activated" in d.build().errors
    d.data.update(activated="G", offer={"food": "lots"})
    assert "offer.food" in d.build().errors


def test_a_card_in_a_zone_empty_at_that_step_is_named() -> None:
    d = table(phase="action", step="activate", seat=0)
    d.seat(0)["hand"] = [FOOD]
    assert "seats.0.hand.0" in d.build().errors


def test_the_entered_action_zone_is_kept_and_given_consistently() -> None:
    d = table(phase="action", step="activate", seat=1)
    d.seat(1)["action_zone"] = [FOOD, HUMAN]  # R: received from seat 0
    s = d.build().state
    assert s is not None
    kept, got = (s.card(c) for c in s.players[1].action_zone)
    assert (kept.type.value, got.type.value) == ("Food", "Human")
    assert s.players[0].gave == s.players[1].action_zone[1]


@pytest.mark.parametrize("step,boat,ok", [
    ("protect", {"protectors": "2", "bane": "3"}, True),
    ("protect", {"protectors": "0", "bane": "3"}, False),
    ("lose", {"bane": "2", "healthy": "3", "contaminated": "2", "protectors": "0"}, True),
    ("lose", {"bane": "0"}, False),
])
def test_maintenance_steps_need_a_decision_to_make(step: str, boat: dict[str, str],
                                                   ok: bool) -> None:
    d = table(phase="maintenance", step=step, seat=3)
    d.seat(3).update(boat)
    built = d.build()
    assert (built.state is not None) is ok, built.errors
    if ok:
        assert built.state is not None and built.state.phase is Phase.MAINTENANCE
    else:
        assert "step" in built.errors and "3" in built.errors["step"]


def test_ignoring_the_river_needs_a_protector() -> None:
    d = table(phase="river", step="ignore", seat=0)
    d.data["round"] = 7
    d.seat(0)["protectors"] = "0"
    assert "step" in d.build().errors


def test_river_tiles_up_to_this_round_may_be_entered_at_the_river_step() -> None:
    d = table(phase="river", step="ignore", seat=0)
    d.data.update(round=3, river=["W1a", "W1b", "W1c"])
    d.seat(0)["protectors"] = "1"
    built = d.build()
    assert "river" not in built.errors
    d.data["phase"], d.data["step"] = "decision", "choose"
    assert "river" in d.build().errors  # at the Decision phase only 2 are flipped


def test_revealed_objectives_and_difficulty_are_entered_in_coop() -> None:
    d = table("coop", difficulty="hard", objectives=["O1a", "O2b"], mitigated=["O1a"])
    s = d.build().state
    assert s is not None and s.config.difficulty == "hard"
    assert s.objectives == (("O1a", True), ("O2b", False))
    stacked = {t for st in s.objective_stacks for t in st}
    assert not {"O1a", "O2b"} & stacked
    assert len(stacked) + 2 == 3 * 4  # every season still holds one tile per player


@pytest.mark.parametrize("objectives,mitigated,field", [
    (["O3a"], [], "objectives.0"),  # season 3 in round 6
    (["O9z"], [], "objectives.0"),
    ([{"id": "O1a"}], [], "objectives.0"),
    (["O1a", "O1a"], [], "objectives.1"),
    (["O1a"], ["O1b"], "mitigated.0"),
    (["O1a", "O1b", "O1c", "O1d", "O1e"], [], "objectives.4"),  # 4 per season with 4 players
])
def test_bad_objectives_are_named(objectives: list[str], mitigated: list[str],
                                  field: str) -> None:
    d = table("coop", objectives=objectives, mitigated=mitigated)
    assert field in d.build().errors


def test_advanced_rooms_are_entered_by_id_and_other_seats_give_them_up() -> None:
    d = table(setup="advanced")
    default = d.build().state
    assert default is not None
    theirs = default.players[1].rooms
    d.seat(0)["rooms"] = list(theirs)
    d.seat(0)["batteries"] = [0, 0, 1, 0, 0, 0]
    s = d.build().state
    assert s is not None and s.players[0].rooms == theirs
    assert not set(s.players[1].rooms) & set(theirs)
    assert s.players[0].batteries == (0, 0, 1, 0, 0, 0)


def test_a_loaded_box_is_the_table_s_components() -> None:
    box = reference_components()
    d = TableDraft(table().data, box=box)
    d.seat(0)["decision_zone"] = [{"type": "Food", "season": "2", "cost": "9", "gain": "9"}]
    assert "seats.0.decision_zone.0" in d.build().errors  # no such face in the reference set
    d.seat(0)["decision_zone"] = []
    s = d.build().state
    assert s is not None and s.components.box_id == box.box_id


def test_a_step_s_options_are_valued_with_intervals_on_the_same_worlds() -> None:
    d = table(phase="action", step="activate", seat=0)
    s = d.build().state
    assert s is not None
    rows = rank_step(s, 0, 6, 1, lambda _s, a: str(a))
    assert {r.label for r in rows} >= {"activate G", "activate R"}
    assert all(r.half >= 0 for r in rows)
    assert [r.mean for r in rows] == sorted((r.mean for r in rows), reverse=True)


def test_the_field_count_counts_steps_objectives_and_offers() -> None:
    d = table("coop", phase="action", step="gains", seat=1, activated="G",
              objectives=["O1a"], offer={"food": "2", "human": ""})
    # round, phase, step, seat, activated, mode; one objective; one offer amount
    assert d.field_count() == 8


_values = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                    st.text(max_size=12), st.lists(st.text(max_size=4), max_size=3),
                    st.dictionaries(st.text(max_size=4), st.text(max_size=4), max_size=2))
_keys = st.sampled_from(["phase", "step", "difficulty", "activated", "offer", "offer_source",
                         "objectives", "mitigated", "round", "mode", "seat"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _values, max_size=4))
def test_any_value_of_a_step_field_is_built_or_named_in_bounded_time(
        changes: dict[str, Any]) -> None:
    data = new_description(4, "coop")
    data.update({"round": 6, **changes})
    started = time.perf_counter()
    built = TableDraft(data).build()
    assert time.perf_counter() - started < 5
    assert (built.state is None) == bool(built.errors)
