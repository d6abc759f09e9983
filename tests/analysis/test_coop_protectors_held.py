"""The sensible player keeps the Protectors a revealed cooperative Objective needs at the
season's check, in the engine's playouts and in the numpy batch alike."""

from __future__ import annotations

from precog.analysis.playing.policy import SENSIBLE, protectors_held
from precog.analysis.playing.policy_points import (
    HH,
    cost_points,
    facts,
    last_bane,
    last_round_points,
)
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.analysis.projection.evaluation import last_check_value
from precog.engine import GameState, Phase, Step, legal_actions
from precog.engine.actions import SpendProtectors
from tests.engine.positions import position, seat

STACKS = (("O1a", "O1b"), ("O2a", "O2b"), ())  # the earlier seasons' tiles stay face down


def last_bane_position(protectors: int, tile: tuple[str, bool], doctors: int = 0) -> GameState:
    """Round 12's Maintenance, seat 0 to return Protectors against a Bane of 6 (three
    Protectors would cover it); the last season's tiles revealed: ``tile`` and O3a (Food on
    one Boat: met)."""
    objectives = (tile, ("O3a", False))
    return position(players=2, mode="coop", round=12, phase=Phase.MAINTENANCE,
                    step=Step.PROTECT, objective_stacks=STACKS, objectives=objectives,
                    seats=[seat(healthy=20, food=30, protectors=protectors, doctors=doctors,
                                bane=6),
                           seat(healthy=20, food=30, doctors=6)])


def returned(state: GameState) -> int:
    options = legal_actions(state)
    action = options[SENSIBLE.index(state, 0.5, options)]
    assert isinstance(action, SpendProtectors)
    return action.amount


def test_protectors_a_revealed_objective_needs_are_kept_from_the_last_bane() -> None:
    tile = last_bane_position(3, ("O3d", False)).components.objective_by_id["O3d"]
    need = tile.full[0].amount
    assert (tile.full[0].resource, tile.full[0].scope) == ("protector", "one")
    state = last_bane_position(3, ("O3d", False))
    assert protectors_held(state, 0) == need
    assert returned(state) == 3 - need
    mitigated = last_bane_position(3, ("O3d", True))
    assert returned(mitigated) == 3 - tile.mitigated[0].amount


def test_every_useful_protector_is_returned_when_no_revealed_objective_asks_for_one() -> None:
    assert returned(last_bane_position(3, ("O3b", False))) == 3
    assert returned(last_bane_position(1, ("O3d", False))) == 1  # the tile is lost anyway


def test_doctors_count_toward_a_ymune_objective_before_protectors_are_kept() -> None:
    tile = last_bane_position(3, ("O3b", False)).components.objective_by_id["O3h"]
    assert (tile.full[0].resource, tile.full[0].scope, tile.full[0].amount) == (
        "ymune", "each", 2)
    assert protectors_held(last_bane_position(3, ("O3h", False), doctors=1), 0) == 1
    assert protectors_held(last_bane_position(3, ("O3h", False), doctors=2), 0) == 0


def test_the_batch_keeps_the_same_protectors_and_meets_the_objective_as_the_engine() -> None:
    # Round 12's Decision phase: a Bane of 5 before the cards' own, so that all three
    # Protectors are useful against it; O3d asks for two on one Boat at the check. No card
    # brings Food, so O3d cannot be mitigated (its price is a Food received this round).
    state = position(players=2, mode="coop", round=12, phase=Phase.DECISION,
                     objective_stacks=STACKS, objectives=(("O3d", False), ("O3a", False)),
                     seats=[seat(healthy=20, food=30, protectors=3, bane=5,
                                 decision_zone=("T21", "T23")),
                            seat(healthy=20, food=30, doctors=6,
                                 decision_zone=("D21", "D24"))])
    starts = [state] * 6
    rows = uniforms(len(starts), seed=12)
    finals = batch.run(starts, rows, SENSIBLE)
    values = batch.seat_values(finals, state, 0)
    for g in range(len(starts)):
        final = play_out(state, SENSIBLE, rows[g])
        assert final.players[0].protectors == 2
        assert finals.seat(g, 0)[4] == 2
        assert values[g] == last_check_value(final, 0) > 0
        for s in range(2):
            p = final.players[s]
            assert finals.seat(g, s) == (p.food, p.healthy, p.contaminated, p.doctors,
                                         p.protectors, p.bane, tuple(p.batteries))


def test_in_the_last_round_humans_the_bane_takes_anyway_cost_nothing_to_turn_contaminated(
) -> None:
    last = facts(last_bane_at_check(), 0)
    assert last.left == 1 and last.contaminated == 0 and last.doctors == 0
    # a Bane of 10 against 3 Protectors, 2 of them kept for the check: 8 Humans lost anyway
    bane = last_bane(last, 10, held=2)
    assert bane == 10 - 2 * (3 - 2)
    nothing = (0,) * 7
    assert last_round_points(nothing, bane, last, bane) == 0
    assert last_round_points(nothing, bane + 1, last, bane) == -HH
    # the Contaminated Humans the cards bring take the Bane's place first
    three_humans = (0, 3, 0, 0, 0, 0, 0)
    assert last_round_points(three_humans, 0, last, bane) == 3 * HH
    assert last_round_points(three_humans, bane, last, bane) == 0
    assert last_round_points(nothing, 4, last, 0) == -cost_points(4, last) == -4 * HH


def last_bane_at_check() -> GameState:
    return last_bane_position(3, ("O3d", False))
