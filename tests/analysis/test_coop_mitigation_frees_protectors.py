"""The sensible player mitigates a revealed cooperative Objective it already meets when the
easier side lets it return Protectors against this round's Bane, saving more than the price,
in the engine's playouts and in the numpy batch alike."""

from __future__ import annotations

from precog.analysis.playing.policy import SENSIBLE, frees_protectors, protectors_held
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.engine import GameState, Phase, Step, legal_actions
from precog.engine.actions import EndActions, Mitigate
from precog.engine.components import Gains
from tests.engine.positions import position, seat

STACKS = (("O1a", "O1b"), ("O2a", "O2b"), ())  # the earlier seasons' tiles stay face down
REVEALED = (("O3d", False), ("O3a", False))  # O3d: Protectors on one Boat; O3a: Food (met)


def after_gains(bane: int, protectors: int = 3, food: int = 30) -> GameState:
    """Round 12, seat 0 has placed its gains (a Food among them) and may mitigate; O3d asks
    two Protectors of one Boat (one on its mitigated side, for a Food) and seat 0 has them."""
    return position(players=2, mode="coop", round=12, phase=Phase.ACTION, step=Step.COOP,
                    objective_stacks=STACKS, objectives=REVEALED,
                    seats=[seat(healthy=20, food=food, protectors=protectors, bane=bane,
                                taken=Gains(food=1)),
                           seat(healthy=20, food=30, doctors=6)])


def chosen(state: GameState) -> object:
    options = legal_actions(state)
    return options[SENSIBLE.index(state, 0.5, options)]


def test_a_met_objective_is_mitigated_when_that_frees_a_protector_against_the_bane() -> None:
    state = after_gains(bane=7)
    tile = state.components.objective_by_id["O3d"]
    assert (tile.full[0].resource, tile.full[0].amount, tile.mitigated[0].amount) == (
        "protector", 2, 1)
    assert tile.mitigate_cost == Gains(food=1)
    assert Mitigate("O3d") in legal_actions(state)
    assert protectors_held(state, 0) == 2
    assert protectors_held(state, 0, mitigating="O3d") == 1
    assert frees_protectors(state, 0, "O3d")
    assert chosen(state) == Mitigate("O3d")


def test_no_mitigation_when_the_freed_protector_has_no_bane_to_meet() -> None:
    # a Bane of 4: the Protector not kept for O3d already covers it
    state = after_gains(bane=2)
    assert not frees_protectors(state, 0, "O3d")
    assert isinstance(chosen(state), EndActions)
    assert isinstance(chosen(after_gains(bane=0)), EndActions)


def test_no_mitigation_without_protectors_kept_for_the_tile() -> None:
    state = after_gains(bane=7, protectors=1)  # O3d is not met: the first rule mitigates
    assert protectors_held(state, 0) == 0
    assert not frees_protectors(state, 0, "O3d")


def test_the_batch_mitigates_and_returns_the_freed_protector_as_the_engine() -> None:
    # Round 12's Decision phase, every card a Food one (Bane 1 each): the Bane reaches 7,
    # which four Protectors would cover; seat 0 has three, two of them kept for O3d.
    foods = [("T19", "T20"), ("D19", "D20")]
    state = position(players=2, mode="coop", round=12, phase=Phase.DECISION,
                     objective_stacks=STACKS, objectives=REVEALED,
                     seats=[seat(healthy=20, food=30, protectors=3, bane=5,
                                 decision_zone=foods[0]),
                            seat(healthy=20, food=30, doctors=6, decision_zone=foods[1])])
    starts = [state] * 6
    rows = uniforms(len(starts), seed=12)
    finals = batch.run(starts, rows, SENSIBLE)
    for g in range(len(starts)):
        final = play_out(state, SENSIBLE, rows[g])
        assert ("O3d", True) in final.objectives
        assert final.players[0].protectors == 1  # two returned, one kept for the easier side
        for s in range(2):
            p = final.players[s]
            assert finals.seat(g, s) == (p.food, p.healthy, p.contaminated, p.doctors,
                                         p.protectors, p.bane, tuple(p.batteries))
