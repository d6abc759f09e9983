"""Rulebook: Use your powered Machines (machines in a standard setup, in an advanced setup)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from precog.engine import GameState, Phase, RuleOptions, Step, apply, legal_actions
from precog.engine.action_phase import triggered_machines
from precog.engine.components import NO_GAINS, Gains, Machine
from precog.engine.problems import ErrorCode
from tests.codes import raises_code
from tests.engine.positions import (
    card,
    decline,
    legal_texts,
    machine,
    need,
    need_machine,
    play,
    position,
    seat,
)

FILLER = {"R12": "R11"}  # a second room whose machines stay empty
# What the cases below rely on; checked in every scenario that uses the card, so that a change
# of the component data says which scenario needs another card.
FACTS: dict[str, dict[str, object]] = {
    "D01": {"type": "Food", "cost_is": 0, "bane": False},
    "D02": {"type": "Food", "cost_is": 2, "bane": False},
    "D04": {"type": "Human", "cost_is": 1, "bane": False},
    "D05": {"type": "Human", "x_cost": True},
    "D06": {"type": "Battery", "bane": False},
    "D07": {"type": "Battery", "cost_is": 1, "bane": False},
    "D09": {"type": "Ymune", "bane": False},
    "D11": {"type": "Food", "bane": False},
    "D12": {"type": "Food", "cost_is": 3, "bane": True},
    "D20": {"cost_is": 4},
    "T01": {"type": "Food", "cost_is": 0, "bane": False},
    "T02": {"type": "Food", "cost_is": 2},
    "T04": {"type": "Human", "cost_is": 1, "bane": False},
    "T07": {"type": "Battery", "bane": False},
    "T09": {"type": "Ymune", "bane": False},
    "T11": {"type": "Food", "bane": False},
    "T12": {"type": "Food", "cost_is": 3},
    "T14": {"type": "Human", "bane": True},
    "T21": {"cost_is": 3},
}


@dataclass(frozen=True)
class Case:
    """Seat 0 owns ``room`` with machine ``index`` powered and activates ``slot``."""

    room: str
    index: int
    condition: str
    action_zone: tuple[str, str]
    meets: bool
    advanced: bool = False
    slot: str = "G"
    round: int = 1
    left_zone: tuple[str, str] | None = None  # seat 1's Action Zone: (its Keep, seat 0's Give)

    def __str__(self) -> str:
        cards = "+".join(self.action_zone)
        gave = f" gave {self.left_zone[1]}" if self.left_zone else ""
        return f"{self.condition} {cards}{gave} {'meets' if self.meets else 'fails'}"


def scenario(case: Case, batteries: int | None = None) -> tuple[GameState, Machine]:
    m = need_machine(case.room, case.index, case.condition, case.advanced)
    for card_id in case.action_zone + (case.left_zone or ()):
        need(card_id, **FACTS[card_id])  # type: ignore[arg-type]
    filled = m.batteries if batteries is None else batteries
    boats = [seat(healthy=9, contaminated=2, rooms=(case.room, FILLER.get(case.room, "R12")),
                  batteries={f"m{case.index + 1}": filled}, action_zone=case.action_zone)]
    if case.left_zone:
        boats.append(seat(action_zone=case.left_zone))
    state = position(players=2, setup="advanced" if case.advanced else "standard",
                     round=case.round, phase=Phase.ACTION, seats=boats)
    return state, m


def machine_offer(state: GameState, slot: str = "G", take: bool = False) -> Gains:
    """Activate ``slot``, decline (or, with ``take``, take all) what the cards give: what the
    machines offer then."""
    state = play(state, f"activate {slot}")
    state = take_all(state) if take else decline(state)
    if state.pending_source == "machines" and state.to_move == 0:
        return state.pending
    return NO_GAINS


def take_all(state: GameState) -> GameState:
    """Take everything the cards offer (each Battery on the first free Machine)."""
    while state.step is Step.GAINS and state.pending_source == "cards":
        state = apply(state, legal_actions(state)[0])
    return state


def received(g: Gains, what: str) -> int:
    """Resources of a kind in ``g`` ("any": every resource; a Heal is not a resource; a free
    Ymune on offer may be placed as a Doctor or a Protector)."""
    kinds = {"any": g.food + g.human + g.battery + g.ymune + g.doctor + g.protector,
             "Ymune": g.ymune + g.doctor + g.protector,
             "Doctor": g.ymune + g.doctor, "Protector": g.ymune + g.protector}
    return kinds.get(what, getattr(g, what.lower(), 0))


def check(case: Case) -> None:
    state, m = scenario(case)
    if m.condition.kind == "received_at_least":  # the cards must give what the case says
        n, what = m.condition.args
        got = received(play(state, f"activate {case.slot}").pending, str(what))
        assert (got >= int(n)) == case.meets, (
            f"scenario no longer fits the component data: the cards give {got} {what}")
    take = m.condition.kind == "received_at_least"
    assert machine_offer(state, case.slot, take) == (m.effect if case.meets else NO_GAINS)


# ---------------------------------------------------------------- standard machines

STANDARD = [
    Case("R01", 0, "pair: Food + other", ("D01", "T04"), True),
    Case("R01", 0, "pair: Food + other", ("D01", "T01"), False),
    Case("R01", 1, "pair: Human + other", ("D04", "T01"), True),
    Case("R01", 1, "pair: Human + other", ("D04", "T04"), False),
    Case("R01", 2, "pair: Battery + other", ("D07", "T01"), True),
    Case("R01", 2, "pair: Battery + other", ("D07", "T07"), False),
    Case("R03", 2, "pair: Ymune + other", ("D09", "T01"), True),
    Case("R03", 2, "pair: Ymune + other", ("D09", "T09"), False),
    Case("R02", 2, "pair: Food + other", ("D01", "T04"), True),
    Case("R02", 2, "pair: Food + other", ("D01", "T01"), False),
    Case("R05", 1, "pair: Bane + no Bane", ("D12", "T11"), True, round=5),
    Case("R05", 1, "pair: Bane + no Bane", ("D12", "T14"), False, round=5),
    Case("R05", 1, "pair: Bane + no Bane", ("D01", "T01"), False),
]


def test_the_six_standard_machines_are_distinct() -> None:
    effects = {(c.condition, machine(c.room, c.index).effect) for c in STANDARD}
    assert effects == {("pair: Food + other", Gains(food=1)), ("pair: Food + other", Gains(food=2)),
                       ("pair: Human + other", Gains(human=1)),
                       ("pair: Battery + other", Gains(protector=1)),
                       ("pair: Ymune + other", Gains(ymune=1)),
                       ("pair: Bane + no Bane", Gains(human=2))}


@pytest.mark.parametrize("case", STANDARD, ids=str)
def test_standard_machine_gives_its_effect_exactly_when_its_condition_holds(case: Case) -> None:
    check(case)


@pytest.mark.parametrize("slot", ["G", "R"])
def test_standard_machine_looks_at_both_cards_whether_one_or_two_are_activated(
        slot: str) -> None:
    state, m = scenario(STANDARD[0])
    assert machine_offer(state, slot) == m.effect
    state, m = scenario(STANDARD[0])
    assert machine_offer(state, "both") == m.effect


def test_a_machine_missing_a_battery_is_not_powered() -> None:
    case = STANDARD[2]  # Human + other needs 2 Batteries
    state, _ = scenario(case, batteries=machine(case.room, case.index).batteries - 1)
    assert machine_offer(state) == NO_GAINS


def test_batteries_from_cards_power_a_machine_the_same_round() -> None:
    m = need_machine("R01", 0, "pair: Food + other")
    assert m.batteries == 1
    need("D07", type="Battery")
    need("T01", type="Food")
    state = position(players=2, phase=Phase.ACTION, seats=[
        seat(rooms=("R01", "R12"), action_zone=("D07", "T01"))])
    state = play(state, "activate G", "battery m1")  # the card's first Battery fills m1
    state = decline(state)
    assert (state.pending_source, state.pending) == ("machines", m.effect)


def test_a_machine_gives_its_protector_to_the_bow() -> None:
    case = STANDARD[4]  # Battery + other: 1 Protector
    state, m = scenario(case)
    state = decline(play(state, "activate G"))
    assert m.effect == Gains(protector=1)
    assert legal_texts(state) == {"ymunes 0D 1P", "ymunes 0D 0P"}
    assert play(state, "ymunes 0D 1P").players[0].protectors == 1


def test_machine_gains_may_be_declined() -> None:
    state, m = scenario(STANDARD[0])
    state = decline(play(state, "activate G"))
    assert state.pending == m.effect
    state = decline(state)
    assert (state.to_move, state.players[0].food) == (1, 8)


# ---------------------------------------------------------------- advanced machines

ADVANCED = [
    # line 1: what the activated cards gave this round
    Case("R02", 0, "received: 1 Doctor", ("D09", "T01"), True, advanced=True),
    Case("R02", 0, "received: 1 Doctor", ("D01", "T09"), False, advanced=True),
    Case("R04", 0, "received: 4 any", ("D02", "T04"), True, advanced=True, slot="both"),
    Case("R04", 0, "received: 4 any", ("D01", "T04"), False, advanced=True),
    Case("R03", 0, "received: 2 Battery", ("D07", "T01"), True, advanced=True),
    Case("R03", 0, "received: 2 Battery", ("D06", "T01"), False, advanced=True),
    # line 2: the card given to the left neighbour this round
    Case("R03", 1, "given: Battery", ("D01", "T01"), True, advanced=True,
         left_zone=("T04", "D07")),
    Case("R03", 1, "given: Battery", ("D01", "T01"), False, advanced=True,
         left_zone=("T04", "D02")),
    Case("R02", 1, "given: Bane", ("D11", "T11"), True, advanced=True, round=5,
         left_zone=("T04", "D12")),
    Case("R02", 1, "given: Bane", ("D12", "T11"), False, advanced=True, round=5,
         left_zone=("T04", "D11")),
    Case("R06", 1, "given: Cost = 2", ("D01", "T01"), True, advanced=True,
         left_zone=("T04", "D02")),
    Case("R06", 1, "given: Cost = 2", ("D01", "T01"), False, advanced=True,
         left_zone=("T02", "D04")),
    Case("R06", 1, "given: Cost = 2", ("D01", "T01"), True, advanced=True,
         left_zone=("T02", "D05")),
    Case("R06", 1, "given: Cost = 2", ("D01", "T01"), False, advanced=True,
         left_zone=("T04", "D05")),
    Case("R08", 1, "given: Cost <= 1", ("D01", "T01"), True, advanced=True,
         left_zone=("T02", "D04")),
    Case("R08", 1, "given: Cost <= 1", ("D01", "T01"), False, advanced=True,
         left_zone=("T04", "D02")),
    Case("R04", 1, "given: Cost >= 3", ("D01", "T01"), True, advanced=True, round=5,
         left_zone=("T04", "D12")),
    Case("R04", 1, "given: Cost >= 3", ("D01", "T01"), False, advanced=True,
         left_zone=("T04", "D02")),
    # line 3: the 2 Action Zone cards
    Case("R01", 2, "pair: Ymune + Human", ("D09", "T04"), True, advanced=True),
    Case("R01", 2, "pair: Ymune + Human", ("D09", "T01"), False, advanced=True),
    Case("R04", 2, "pair: Human + other", ("D04", "T01"), True, advanced=True),
    Case("R04", 2, "pair: Human + other", ("D04", "T04"), False, advanced=True),
    Case("R02", 2, "pair: Bane + no Bane", ("D12", "T11"), True, advanced=True, round=5),
    Case("R02", 2, "pair: Bane + no Bane", ("D12", "T14"), False, advanced=True, round=5),
    Case("R10", 2, "pair: Cost sum <= 3", ("D01", "T02"), True, advanced=True),
    Case("R10", 2, "pair: Cost sum <= 3", ("D12", "T12"), False, advanced=True, round=5),
    Case("R06", 2, "pair: Cost sum >= 7", ("D20", "T21"), True, advanced=True, round=9),
    Case("R06", 2, "pair: Cost sum >= 7", ("D12", "T12"), False, advanced=True, round=5),
    Case("R03", 2, "pair: same Cost", ("D02", "T02"), True, advanced=True),
    Case("R03", 2, "pair: same Cost", ("D02", "T04"), False, advanced=True),
    Case("R03", 2, "pair: same Cost", ("D05", "T04"), True, advanced=True),  # X copies 1
    Case("R09", 2, "pair: different Cost", ("D02", "T04"), True, advanced=True),
    Case("R09", 2, "pair: different Cost", ("D05", "T04"), False, advanced=True),
]


def test_advanced_cases_cover_every_condition_kind() -> None:
    from precog.engine.machines import parse_condition

    kinds = {parse_condition(c.condition).kind for c in ADVANCED + STANDARD}
    assert kinds == {"received_at_least", "given_type", "given_bane", "given_cost_is",
                     "given_cost_at_most", "given_cost_at_least", "type_and_type",
                     "type_and_other", "bane_and_no_bane", "cost_sum_at_most",
                     "cost_sum_at_least", "same_cost", "different_cost"}


@pytest.mark.parametrize("case", ADVANCED, ids=str)
def test_advanced_machine_gives_its_effect_exactly_when_its_condition_holds(case: Case) -> None:
    line = machine(case.room, case.index, advanced=True).line
    scope = {1: "received", 2: "given", 3: "pair"}[line]
    assert case.condition.startswith(scope)
    check(case)


def test_line_1_counts_only_what_the_player_took_from_its_cards() -> None:
    case = ADVANCED[0]  # received: 1 Doctor
    state, m = scenario(case)
    state = play(state, "activate G")
    assert state.pending.ymune >= 1
    assert decline(state).pending == NO_GAINS  # a declined Ymune was not received
    taken = take_all(state)
    assert taken.players[0].received.ymune == 0  # each Ymune is received as Doctor or Protector
    assert taken.players[0].received.doctor + taken.players[0].received.protector >= 1
    assert (taken.pending_source, taken.pending) == ("machines", m.effect)


@pytest.mark.parametrize(("text", "took", "offered", "met"), [
    ("received: 1 Doctor", Gains(doctor=1), False, True),
    ("received: 1 Doctor", Gains(protector=1), False, False),
    ("received: 2 Protector", Gains(protector=2), False, True),
    ("received: 1 Protector", Gains(doctor=3), False, False),
    ("received: 1 Protector", Gains(ymune=1), True, True),  # offered: a free Ymune could be one
    ("received: 1 Protector", Gains(ymune=1), False, False),
    ("received: 2 Ymune", Gains(doctor=1, protector=1), False, True),
])
def test_line_1_may_name_the_kind_of_ymune_received(text: str, took: Gains, offered: bool,
                                                    met: bool) -> None:
    from precog.engine.machines import Context, condition_met, parse_condition

    ctx = Context(kept=card("D07"), received_card=card("T07"), given=None, given_cost=0,
                  received=took, offered=offered)
    assert condition_met(parse_condition(text), ctx) == met


@pytest.mark.parametrize(("text", "says"), [
    ("received: 1 Nurse", "cannot read '1 nurse'.*Doctor, Protector"),
    ("received: 0 Doctor", "cannot read '0 doctor'.*at least 1"),
])
def test_a_bad_received_condition_is_refused_naming_it(text: str, says: str) -> None:
    from precog.engine.errors import DataError
    from precog.engine.machines import parse_condition

    with raises_code(DataError, ErrorCode.DATA_CONDITION_RECEIVED):
        parse_condition(text)


def test_received_means_offered_option_counts_declined_resources() -> None:
    case = ADVANCED[0]  # received: 1 Doctor, and the Ymune is declined
    state, m = scenario(case)
    state = replace(state, config=replace(state.config, options=RuleOptions(
        received_means_offered=True)))
    state = play(state, "activate G")
    assert state.pending.ymune >= 1
    assert decline(state).pending == m.effect


def test_a_battery_lost_for_want_of_a_free_slot_was_received() -> None:
    need_machine("R03", 0, "received: 2 Battery", advanced=True)
    d07 = need("D07", type="Battery", cost_is=1)
    assert card_gains_of("D07", "T01").battery >= 2
    full = {f"m{i + 1}": machine(room, i % 3, advanced=True).batteries
            for i, room in enumerate(("R03", "R03", "R03", "R12", "R12", "R12"))}
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(rooms=("R03", "R12"), batteries=full, action_zone=(d07.id, "T01"))])
    after = play(state, "activate G")  # no free slot: each Battery is lost on placing
    assert after.players[0].received.battery == card_gains_of("D07", "T01").battery
    assert 0 in [m for m, _ in triggered_machines(after, 0)]


def test_a_declined_battery_was_not_received() -> None:
    m = need_machine("R03", 0, "received: 2 Battery", advanced=True)
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(rooms=("R03", "R12"), batteries={"m1": m.batteries},
             action_zone=("D07", "T01"))])
    after = decline(play(state, "activate G"))  # free slots, every Battery declined
    assert after.players[0].received == NO_GAINS
    assert 0 not in [m for m, _ in triggered_machines(after, 0)]


def card_gains_of(card_id: str, other: str) -> Gains:
    from precog.engine.machines import card_gains

    a, b = card(card_id), card(other)
    return card_gains(a, b, a.type == b.type)


def test_line_1_ignores_what_machines_gave() -> None:
    # R10's line 1 turns 1 Battery from the cards into 1 more Battery; R03's line 1 wants
    # 2 Batteries from the cards and does not count the machine's
    one = need_machine("R10", 0, "received: 1 Battery", advanced=True)
    two = need_machine("R03", 0, "received: 2 Battery", advanced=True)
    d06 = need("D06", type="Battery")
    assert d06.gain == 1 and one.effect == Gains(battery=1)
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(rooms=("R10", "R03"), batteries={"m1": one.batteries, "m4": two.batteries},
             action_zone=("D06", "T01"))])
    state = play(state, "activate G", "battery m2")  # the card's Battery is taken
    assert (state.pending_source, state.pending) == ("machines", one.effect)
    assert play(state, "battery m5").players[0].received.battery == 1


def test_line_2_without_a_given_card_is_not_met() -> None:
    from precog.engine.machines import Context, condition_met

    m = need_machine("R03", 1, "given: Battery", advanced=True)
    ctx = Context(kept=card("D07"), received_card=card("T07"), given=None, given_cost=0,
                  received=Gains(battery=4))
    assert not condition_met(m.condition, ctx)


def test_a_machine_gives_its_effect_once_per_round() -> None:
    m = need_machine("R05", 0, "received: 2 Food", advanced=True)
    need("D02", type="Food")
    need("T02", type="Food")
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(healthy=9, rooms=("R05", "R12"), batteries={"m1": m.batteries},
             action_zone=("D02", "T02"))])
    state = play(state, "activate both")
    assert state.pending.food >= 2 * 2  # enough Food for the condition twice over
    state = take_all(state)
    assert state.pending == m.effect  # once, not once per 2 Food
    state = play(state, f"food {m.effect.food}")
    assert state.to_move == 1  # seat 0's machines are done for the round


def test_one_received_resource_may_trigger_several_machines() -> None:
    two = need_machine("R05", 0, "received: 2 Food", advanced=True)
    three = need_machine("R07", 0, "received: 3 Food", advanced=True)
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(healthy=9, rooms=("R05", "R07"), batteries={"m1": two.batteries,
                                                         "m4": three.batteries},
             action_zone=("D02", "T02"))])
    state = play(state, "activate both")
    assert state.pending.food >= 3
    assert take_all(state).pending == two.effect + three.effect


def test_batteries_from_a_machine_power_only_from_the_next_round() -> None:
    feeder = need_machine("R10", 0, "received: 1 Battery", advanced=True)
    target = need_machine("R10", 2, "pair: Cost sum <= 3", advanced=True)
    assert feeder.effect == Gains(battery=1)
    need("D07", type="Battery", cost_is=1)
    need("T01", cost_is=0)
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(rooms=("R10", "R12"),
             batteries={"m1": feeder.batteries, "m3": target.batteries - 1},
             action_zone=("D07", "T01"))])
    assert card_gains_of("D07", "T01").battery == 2
    state = play(state, "activate G", "battery m5", "battery m5")  # m5 needs 3: unpowered
    assert state.pending == feeder.effect
    state = play(state, "battery m3")  # the machine's Battery completes m3 ...
    assert state.players[0].batteries[2] == target.batteries
    assert state.to_move == 1  # ... but m3 gives nothing this round
    assert [m for m, _ in triggered_machines(state, 0)] == [0, 2]  # powered from now on


def test_batteries_from_cards_complete_an_advanced_machine_the_same_round() -> None:
    feeder = need_machine("R10", 0, "received: 1 Battery", advanced=True)
    target = need_machine("R10", 2, "pair: Cost sum <= 3", advanced=True)
    state = position(players=2, setup="advanced", phase=Phase.ACTION, seats=[
        seat(rooms=("R10", "R12"),
             batteries={"m1": feeder.batteries, "m3": target.batteries - 1},
             action_zone=("D07", "T01"))])
    state = decline(play(state, "activate G", "battery m3"))
    assert state.pending == feeder.effect + target.effect


def test_a_heal_effect_moves_contaminated_humans_to_the_cabins() -> None:
    case = ADVANCED[14]  # given: Cost <= 1 -> 1 Heal
    state, m = scenario(case)
    assert m.effect == Gains(heal=1)
    state = decline(play(state, "activate G"))
    assert state.pending == m.effect
    p = play(state, "heal 1").players[0]
    assert (p.healthy, p.contaminated) == (9 + 1, 2 - 1)
