"""At a season's Island the cooperative sensible player leaves its Boat the Food and Healthy
Humans that the season's revealed Objectives ask of every Boat: it activates and returns
Protectors with the check in mind (Humans saved and healed are more mouths to feed), in the
engine's playouts and in the numpy batch alike."""

from __future__ import annotations

from precog.analysis.playing.policy import (
    NO_NEEDS,
    SENSIBLE,
    SensiblePolicy,
    check_needs,
    spend_meets,
)
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.engine import GameState, Phase, Step, legal_actions
from precog.engine.actions import Activate, SpendProtectors
from precog.engine.scoring import OutcomeCode
from tests.engine.positions import need, position, seat

STACKS = (("O1a", "O1b"), ("O2a", "O2b"), ())  # the earlier seasons' tiles stay face down
WITHOUT = SensiblePolicy(checks_needs=False)
RICH = {"healthy": 20, "food": 40, "doctors": 6, "protectors": 2}  # meets every tile below


def food_tile() -> tuple[str, int]:
    """O3f and the Food it asks of every Boat on its full side (checked, not remembered)."""
    state = island_maintenance(2, ("O3f", False))
    req = state.components.objective_by_id["O3f"].full[0]
    assert (req.resource, req.scope) == ("food", "each")
    return "O3f", req.amount


def island_maintenance(protectors: int, tile: tuple[str, bool], round: int = 12) -> GameState:
    """An Island round's Maintenance, seat 0 to return Protectors against a Bane of 4 with 4
    Contaminated Humans its 4 Doctors will heal and 14 Food for 10 Healthy Humans."""
    return position(players=2, mode="coop", round=round, phase=Phase.MAINTENANCE,
                    step=Step.PROTECT, objective_stacks=STACKS,
                    objectives=(tile, ("O3a", False)),
                    seats=[seat(healthy=10, contaminated=4, doctors=4, food=14,
                                protectors=protectors, bane=4),
                           seat(**RICH)])


def returned(state: GameState, player: SensiblePolicy = SENSIBLE) -> int:
    options = legal_actions(state)
    action = options[player.index(state, 0.5, options)]
    assert isinstance(action, SpendProtectors)
    return action.amount


def test_a_revealed_objective_asking_food_of_every_boat_is_a_need_at_the_island() -> None:
    tile, amount = food_tile()
    assert check_needs(island_maintenance(2, (tile, False)), 0) == (amount, 0)
    assert check_needs(island_maintenance(2, ("O3b", False)), 0)[0] == 0
    assert check_needs(island_maintenance(2, (tile, False), round=11), 0) == NO_NEEDS


def test_protectors_are_kept_back_when_the_humans_they_save_would_eat_the_food_the_check_asks(
) -> None:
    tile, amount = food_tile()
    state = island_maintenance(2, (tile, False))
    p = state.players[0]
    # two Protectors stop the whole Bane: the 4 Contaminated are healed, 14 Healthy eat 14 Food
    assert not spend_meets(state, p, 2, (amount, 0))
    # one lets the Bane take 2 Contaminated: 12 Healthy eat 12 of the 14 Food
    assert spend_meets(state, p, 1, (amount, 0)) and p.food - 12 >= amount
    assert returned(state) == 1
    assert returned(state, WITHOUT) == 2


def test_every_useful_protector_is_returned_when_the_check_asks_no_food() -> None:
    assert returned(island_maintenance(2, ("O3b", False))) == 2


def island_activation(tile: tuple[str, bool]) -> GameState:
    """Round 12's Action phase, seat 0 to activate two Human cards whose Bane will take 4
    Humans: taking both brings more Humans than its 13 Food can feed and still keep what
    the tile asks, taking one does not."""
    need("D21", type="Human", bane=True)
    need("T21", type="Human", bane=True)
    return position(players=2, mode="coop", round=12, phase=Phase.ACTION,
                    objective_stacks=STACKS, objectives=(tile, ("O3a", False)),
                    seats=[seat(healthy=15, food=13, doctors=8, action_zone=("D21", "T21")),
                           seat(**RICH, action_zone=("D22", "T22"))])


def activated(state: GameState, player: SensiblePolicy) -> str:
    options = legal_actions(state)
    action = options[player.index(state, 0.5, options)]
    assert isinstance(action, Activate)
    return action.slots


def test_the_activation_that_keeps_the_food_the_check_asks_is_taken_and_the_game_not_lost(
) -> None:
    tile, _ = food_tile()
    state = island_activation((tile, True))
    assert activated(state, WITHOUT) == "both"
    assert activated(state, SENSIBLE) != "both"
    rows = uniforms(4, seed=179)
    for g in range(len(rows)):
        with_needs = play_out(state, SENSIBLE, rows[g]).outcome
        without = play_out(state, WITHOUT, rows[g]).outcome
        assert with_needs is not None and without is not None
        assert without.code == OutcomeCode.COOP_OBJECTIVES_FAILED
        assert dict(without.values)["tiles"] == (tile,)
        assert with_needs.code != OutcomeCode.COOP_OBJECTIVES_FAILED


def island_decision(tile: tuple[str, bool], healthy: int, food: int, protectors: int,
                    round: int = 12) -> GameState:
    """An Island round's Decision phase (where the batch starts), seat 0 between two Human
    cards and about to receive one, with Contaminated Humans its Doctors will heal."""
    hands = {12: (("D21", "D22"), ("T21", "T22")), 4: (("D04", "D05"), ("T04", "T05"))}[round]
    stacks = STACKS if round == 12 else ((), ("O2a", "O2b"), ("O3a", "O3c"))
    others = ("O3a", False) if round == 12 else ("O1a", False)
    return position(players=2, mode="coop", round=round, phase=Phase.DECISION,
                    objective_stacks=stacks, objectives=(tile, others),
                    seats=[seat(healthy=healthy, contaminated=3, doctors=4, food=food,
                                protectors=protectors, bane=2, decision_zone=hands[0]),
                           seat(**RICH, decision_zone=hands[1])])


def test_the_batch_keeps_the_same_food_and_protectors_for_the_check_as_the_engine() -> None:
    tile, _ = food_tile()
    changed = {4: 0, 12: 0}
    for round, names in ((12, (tile, "O3b")), (4, ("O1g", "O1b"))):  # one round a batch
        starts = [island_decision((name, mitigated), healthy, healthy + extra, protectors,
                                  round)
                  for name in names for mitigated in (False, True) for healthy in (5, 8, 12)
                  for extra in (-1, 1, 3) for protectors in (0, 2)]
        rows = uniforms(len(starts), seed=round)
        for player in (SENSIBLE, WITHOUT):
            finals = batch.run(starts, rows, player)
            for g, start in enumerate(starts):
                final = play_out(start, player, rows[g])
                for s in range(2):
                    p = final.players[s]
                    assert finals.seat(g, s) == (p.food, p.healthy, p.contaminated, p.doctors,
                                                 p.protectors, p.bane, tuple(p.batteries)), (
                        round, g, s)
                if player is SENSIBLE:
                    changed[round] += final != play_out(start, WITHOUT, rows[g])
    assert changed[4] > 0 and changed[12] > 0, "the check's needs change some of these games"
