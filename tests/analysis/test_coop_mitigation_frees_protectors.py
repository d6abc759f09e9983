"""The sensible player mitigates a revealed cooperative Objective it already meets when the
easier side lets it return Protectors against this round's Bane, saving more than the price,
and (with ``reveals`` on; the shipped player never reveals) reveals a face-down one before the
season's check when a tile it may be is unmet and mitigable, in the engine's playouts and in
the numpy batch alike."""

from __future__ import annotations

from precog.analysis.playing.policy import (
    SENSIBLE,
    SensiblePolicy,
    frees_protectors,
    protectors_held,
    reveal_pays,
)
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.analysis.projection.evaluation import last_check_value
from precog.engine import GameState, Phase, Step, apply, legal_actions
from precog.engine.actions import EndActions, Mitigate, Reveal
from precog.engine.components import Gains
from precog.engine.state import REVEAL_COST
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


REVEALING = SensiblePolicy(reveals=True)  # the shipped weights, revealing before a check


def chosen(state: GameState, policy: SensiblePolicy = SENSIBLE) -> object:
    options = legal_actions(state)
    return options[policy.index(state, 0.5, options)]


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


def bane_outgrowing_protectors() -> GameState:
    """Round 12's Decision phase, every card a Food one (Bane 1 each): the Bane reaches 7,
    which four Protectors would cover; seat 0 has three, two of them kept for O3d."""
    foods = [("T19", "T20"), ("D19", "D20")]
    return position(players=2, mode="coop", round=12, phase=Phase.DECISION,
                    objective_stacks=STACKS, objectives=REVEALED,
                    seats=[seat(healthy=20, food=30, protectors=3, bane=5,
                                decision_zone=foods[0]),
                           seat(healthy=20, food=30, doctors=6, decision_zone=foods[1])])


def boat(final: GameState, s: int) -> tuple[object, ...]:
    """Seat ``s``'s Boat at the end, as the batch's ``Finals.seat`` gives it."""
    p = final.players[s]
    return (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane,
            tuple(p.batteries))


def test_the_batch_mitigates_and_returns_the_freed_protector_as_the_engine() -> None:
    state = bane_outgrowing_protectors()
    rows = uniforms(6, seed=12)
    finals = batch.run([state] * 6, rows, SENSIBLE)
    for g in range(6):
        final = play_out(state, SENSIBLE, rows[g])
        assert ("O3d", True) in final.objectives
        assert final.players[0].protectors == 1  # two returned, one kept for the easier side
        assert [finals.seat(g, s) for s in range(2)] == [boat(final, s) for s in range(2)]


A_FOOD = Gains(food=1)


def before_the_check(round: int = 12, taken: Gains = A_FOOD) -> GameState:
    """Seat 0 has placed its gains (``taken``); O3a (Food on one Boat) is revealed and met,
    O3d (two Protectors on one Boat, one once mitigated for a Food) lies face down and no
    Boat has two Protectors."""
    return position(players=2, mode="coop", round=round, phase=Phase.ACTION, step=Step.COOP,
                    objective_stacks=(("O1a", "O1b"), ("O2a", "O2b"), ("O3d",)),
                    objectives=(("O3a", False),),
                    seats=[seat(healthy=20, food=30, protectors=1, taken=taken),
                           seat(healthy=20, food=30, doctors=6)])


def test_a_face_down_objective_is_revealed_before_the_check_when_one_it_may_be_is_mitigable(
) -> None:
    state = before_the_check()
    assert Reveal() in legal_actions(state)
    assert reveal_pays(state, 0)
    assert chosen(state, REVEALING) == Reveal()
    assert isinstance(chosen(state), EndActions)  # the shipped player never reveals
    shown = apply(state, Reveal())
    assert shown.objectives == (("O3a", False), ("O3d", False))
    assert shown.players[0].contaminated == state.players[0].contaminated + REVEAL_COST[3]
    assert chosen(shown) == Mitigate("O3d")  # unmet, and paid with the Food taken


def test_no_reveal_before_the_season_last_round_or_with_nothing_to_mitigate_with() -> None:
    assert isinstance(chosen(before_the_check(round=11), REVEALING), EndActions)
    assert not reveal_pays(before_the_check(taken=Gains()), 0)
    assert isinstance(chosen(before_the_check(taken=Gains()), REVEALING), EndActions)


def test_the_batch_reveals_and_mitigates_the_last_tile_as_the_engine() -> None:
    foods = [("T19", "T20"), ("D19", "D20")]
    state = position(players=2, mode="coop", round=12, phase=Phase.DECISION,
                     objective_stacks=(("O1a", "O1b"), ("O2a", "O2b"), ("O3d",)),
                     objectives=(("O3a", False),),
                     seats=[seat(healthy=20, food=30, protectors=1, decision_zone=foods[0]),
                            seat(healthy=20, food=30, doctors=6, decision_zone=foods[1])])
    starts = [state] * 6
    rows = uniforms(len(starts), seed=12)
    finals = batch.run(starts, rows, REVEALING)
    values = batch.seat_values(finals, state, 0)
    for g in range(len(starts)):
        final = play_out(state, REVEALING, rows[g])
        assert final.objectives == (("O3a", False), ("O3d", True))
        assert values[g] == last_check_value(final, 0) > 0
        assert [finals.seat(g, s) for s in range(2)] == [boat(final, s) for s in range(2)]


class SeatBySeat:
    """The engine's game of a sensible player of its own at each seat."""

    def __init__(self, policies: list[SensiblePolicy]) -> None:
        self.policies = policies

    def index(self, state: GameState, u: float, options: list[object]) -> int:
        return self.policies[state.to_move].index(state, u, options)


def dear_food(policy: SensiblePolicy = SENSIBLE) -> SensiblePolicy:
    """``policy`` with a cooperative judgement that prices every Food at 10 Healthy Humans."""
    from dataclasses import replace

    return replace(policy, coop_judgement=replace(policy.coop_judgement, food_short=40,
                                                  food_spare=40))


def test_the_mitigation_price_is_weighed_by_the_playing_policy_s_own_cooperative_judgement(
) -> None:
    state = after_gains(bane=7)  # the price, a Food, is worth the Protector it frees
    assert chosen(state) == Mitigate("O3d")
    assert not frees_protectors(state, 0, "O3d", dear_food().coop_judgement)
    assert isinstance(chosen(state, dear_food()), EndActions)
    assert isinstance(chosen(state, dear_food().in_mode("coop")), EndActions)


def test_the_batch_weighs_each_seat_s_mitigation_price_by_that_seat_s_judgement() -> None:
    state = bane_outgrowing_protectors()
    rows = uniforms(6, seed=12)
    policies = [dear_food(), SENSIBLE]
    finals = batch.run_seats([state] * 6, rows, policies)
    for g in range(6):
        final = play_out(state, SeatBySeat(policies), rows[g])
        assert ("O3d", True) not in final.objectives  # too dear for seat 0: not mitigated
        assert [finals.seat(g, s) for s in range(2)] == [boat(final, s) for s in range(2)]
