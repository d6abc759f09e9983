"""Rulebook: Different Game Modes, the cooperative mode (Objectives, reveal, mitigate, the season
check, the Healthy Humans needed to win, the difficulty levels)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from precog.engine import (
    DataError,
    GameState,
    IllegalActionError,
    Phase,
    Step,
    observation,
    parse_action,
)
from precog.engine.components import MITIGATION_RESOURCES, Gains
from precog.engine.data_loading import load_components_from_texts, reference_text
from precog.engine.problems import ErrorCode
from precog.engine.refusals import RefusalCode
from precog.engine.scoring import OutcomeCode
from precog.engine.setup import new_game
from precog.engine.state import COOP_THRESHOLDS, REVEAL_COST
from tests.codes import raises_code
from tests.engine.positions import COMPONENTS, RIVER, legal_texts, play, position, seat

# Face-down stacks for 2 players: 2 tiles per season.
STACKS = (("O1a", "O1g"), ("O2a", "O2b"), ("O3a", "O3f"))
ROUND_OF_SEASON = {1: 1, 2: 5, 3: 9}


def tile(tile_id: str) -> object:
    return COMPONENTS.objective_by_id[tile_id]


def coop_step(boats: Sequence[dict[str, object]], round: int = 1, to_move: int = 0,
              stacks: Sequence[Sequence[str]] = STACKS,
              revealed: Sequence[tuple[str, bool]] = ()) -> GameState:
    """A 2-player cooperative game: ``to_move`` has placed its gains and may reveal/mitigate."""
    return position(players=2, mode="coop", round=round, phase=Phase.ACTION, step=Step.COOP,
                    to_move=to_move, seats=boats, objective_stacks=stacks, objectives=revealed)


def island(boats: Sequence[dict[str, object]], round: int = 4,
           stacks: Sequence[Sequence[str]] = STACKS,
           revealed: Sequence[tuple[str, bool]] = (), players: int = 2) -> GameState:
    """The last seat loses no Human at the end of ``round``: the Island's feeding and check."""
    state = position(players=players, mode="coop", round=round, phase=Phase.MAINTENANCE,
                     step=Step.LOSE, to_move=players - 1, river=RIVER, seats=boats,
                     objective_stacks=stacks, objectives=revealed)
    return play(state, "lose 0H 0C")


def boat(food: int, healthy: int = 4, **more: object) -> dict[str, object]:
    return seat(food=food, healthy=healthy, doctors=0, **more)


# ---------------------------------------------------------------- setup

@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_season_stacks_one_objective_tile_per_player(players: int) -> None:
    state = new_game(players=players, mode="coop", seed=3)
    for season, stack in enumerate(state.objective_stacks, start=1):
        assert len(stack) == players == len(set(stack))
        assert all(COMPONENTS.objective_by_id[t].season == season for t in stack)
    assert state.objectives == ()


def test_apocalypse_adds_one_objective_tile_per_season() -> None:
    state = new_game(players=3, mode="coop", difficulty="apocalypse", seed=3)
    assert [len(s) for s in state.objective_stacks] == [3 + 1] * 3


@pytest.mark.parametrize(("difficulty", "food"), [("normal", 8), ("hard", 4),
                                                   ("apocalypse", 4)])
def test_hard_and_apocalypse_start_with_4_food(difficulty: str, food: int) -> None:
    state = new_game(players=2, mode="coop", difficulty=difficulty, seed=3)
    supplied = next(t for t in COMPONENTS.coop_river if t.season == 1).supplies.food
    assert all(p.food == food + supplied for p in state.players)


def test_objectives_exist_only_in_the_cooperative_mode() -> None:
    assert new_game(players=2, seed=3).objective_stacks == ()


# ---------------------------------------------------------------- reveal

@pytest.mark.parametrize("season", [1, 2, 3])
def test_revealing_costs_1_2_3_healthy_humans_by_season(season: int) -> None:
    assert REVEAL_COST == {1: 1, 2: 2, 3: 3}
    state = coop_step([boat(food=8, healthy=6, contaminated=1)], round=ROUND_OF_SEASON[season])
    top = STACKS[season - 1][0]
    state = play(state, "reveal")
    p = state.players[0]
    assert (p.healthy, p.contaminated) == (6 - season, 1 + season)
    assert state.objectives == ((top, False),)
    assert state.objective_stacks[season - 1] == STACKS[season - 1][1:]
    assert state.to_move == 0  # revealing does not end the turn


def test_revealing_needs_enough_healthy_humans() -> None:
    state = coop_step([boat(food=8, healthy=1)], round=ROUND_OF_SEASON[2])
    assert "reveal" not in legal_texts(state)
    with raises_code(IllegalActionError, RefusalCode.REVEAL_UNAFFORDABLE):
        parse_action(state, "reveal")


def test_several_tiles_may_be_revealed_in_one_round() -> None:
    state = play(coop_step([boat(food=8, healthy=4)]), "reveal", "reveal")
    assert state.objectives == ((STACKS[0][0], False), (STACKS[0][1], False))
    assert state.objective_stacks[0] == ()
    assert state.to_move == 1  # nothing left to do for seat 0: its turn ended by itself


def test_revealing_needs_a_face_down_tile_of_the_season() -> None:
    state = coop_step([boat(food=8, healthy=4)], stacks=((), STACKS[1], STACKS[2]),
                      revealed=[(STACKS[0][0], False), (STACKS[0][1], False)])
    with raises_code(IllegalActionError, RefusalCode.NO_OBJECTIVE_LEFT):
        parse_action(state, "reveal")


def test_the_coop_step_ends_with_done() -> None:
    state = coop_step([boat(food=8)])
    assert "done" in legal_texts(state)
    assert play(state, "done").to_move == 1


# ---------------------------------------------------------------- timing

def activate_step(boats: Sequence[dict[str, object]], to_move: int = 0,
                  stacks: Sequence[Sequence[str]] = STACKS,
                  revealed: Sequence[tuple[str, bool]] = ()) -> GameState:
    """A 2-player cooperative game: ``to_move`` is about to choose which cards to activate."""
    return position(players=2, mode="coop", phase=Phase.ACTION, step=Step.ACTIVATE,
                    to_move=to_move, seats=boats, objective_stacks=stacks, objectives=revealed)


def team_window(boats: Sequence[dict[str, object]], to_move: int = 0,
                stacks: Sequence[Sequence[str]] = STACKS,
                revealed: Sequence[tuple[str, bool]] = ()) -> GameState:
    """A 2-player cooperative game: every seat has placed its gains; the team window is open."""
    return position(players=2, mode="coop", phase=Phase.ACTION, step=Step.TEAM,
                    to_move=to_move, seats=[dict(b, activated="G") for b in boats],
                    objective_stacks=stacks, objectives=revealed)


def test_a_seat_may_reveal_before_choosing_which_cards_to_activate() -> None:
    state = activate_step([boat(food=8, healthy=4)])
    assert "reveal" in legal_texts(state)
    after = play(state, "reveal")
    assert (after.step, after.to_move) == (Step.ACTIVATE, 0)
    assert after.objectives == ((STACKS[0][0], False),)
    assert after.players[0].healthy == 4 - REVEAL_COST[1]
    assert {"activate G", "activate R"} <= legal_texts(after)


def _chosen(state: GameState) -> GameState:
    """Every seat's Keep/Give chosen (the first legal choice): the Action phase begins."""
    while state.phase is Phase.DECISION:
        state = play(state, sorted(legal_texts(state))[0])
    return state


def test_seat_1_reveals_and_seat_0_then_decides_knowing_the_tile() -> None:
    """Several players may reveal during one turn, each when they like: a team window opens
    the Action phase, so seat 1 may reveal before seat 0 chooses its activation."""
    state = _chosen(new_game(players=2, mode="coop", seed=3))
    assert (state.phase, state.step, state.to_move) == (Phase.ACTION, Step.TEAM, 0)
    assert not any(p.activated for p in state.players)
    top = state.objective_stacks[0][0]
    state = play(state, "done")  # seat 0 waits ...
    assert (state.step, state.to_move) == (Step.TEAM, 1)
    state = play(state, "reveal")  # ... seat 1 reveals and pays
    assert state.objectives == ((top, False),)
    assert state.players[1].healthy == new_game(players=2, mode="coop", seed=3).players[
        1].healthy - REVEAL_COST[1]
    assert (state.step, state.to_move, state.passes) == (Step.TEAM, 0, 0)
    state = play(state, "done", "done")  # both pass in a row: seat 0 activates first
    assert (state.step, state.to_move) == (Step.ACTIVATE, 0)
    seen = observation(state, 0)
    assert (top, False) in seen.objectives  # seat 0 chooses its activation knowing the tile
    assert {"activate G", "activate R"} <= legal_texts(state)


def test_the_team_window_that_opens_the_action_phase_is_only_in_the_cooperative_mode() -> None:
    state = _chosen(new_game(players=2, seed=3))
    assert (state.phase, state.step, state.to_move) == (Phase.ACTION, Step.ACTIVATE, 0)


def test_mitigating_waits_until_the_seat_has_placed_its_gains() -> None:
    state = activate_step([boat(food=9)], stacks=(("O1g",), STACKS[1], STACKS[2]),
                          revealed=[("O1a", False)])
    assert not any(t.startswith("mitigate") for t in legal_texts(state))
    with raises_code(IllegalActionError, RefusalCode.ACTIVATE_OR_REVEAL_EXPECTED):
        parse_action(state, "mitigate O1a")


def test_the_team_window_opens_when_every_seat_has_placed_its_gains() -> None:
    # seat 0 took Food and is done; seat 1 then reveals a tile seat 0 can pay for
    price = tile("O1a").mitigate_cost  # type: ignore[attr-defined]
    taken = Gains(food=price.food)
    state = coop_step([boat(food=9, healthy=0, contaminated=4, taken=taken, activated="G"),
                       boat(food=8, healthy=1, activated="G")], to_move=1,
                      stacks=(("O1a", "O1g"), STACKS[1], STACKS[2]))
    state = play(state, "reveal")  # seat 1 has nothing more to do: its "done" is played for it
    assert (state.phase, state.step, state.to_move) == (Phase.ACTION, Step.TEAM, 0)
    assert "mitigate O1a" in legal_texts(state)
    state = play(state, "mitigate O1a")  # then nobody can do more: the window closes
    assert state.objectives[0] == ("O1a", True)
    assert state.phase is not Phase.ACTION


def test_the_team_window_closes_only_when_every_seat_passes_in_a_row() -> None:
    taken = Gains(food=9)
    state = team_window([boat(food=9, healthy=0, taken=taken), boat(food=8, healthy=2)],
                        stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", False)])
    assert legal_texts(state) >= {"mitigate O1a", "done"}
    state = play(state, "done")  # seat 0 passes ...
    assert (state.step, state.to_move, state.passes) == (Step.TEAM, 1, 1)
    assert "reveal" in legal_texts(state)
    assert not any(t.startswith("mitigate") for t in legal_texts(state))  # seat 1 took nothing
    state = play(state, "reveal")  # ... seat 1 acts, so seat 0 may act again
    assert (state.step, state.to_move, state.passes) == (Step.TEAM, 0, 0)
    assert "mitigate O1a" in legal_texts(state)
    state = play(state, "done")  # now seat 1 has nothing left to do and passes too
    assert state.phase is not Phase.ACTION
    assert state.objectives == (("O1a", False), ("O1g", False))


def test_a_tile_revealed_in_an_earlier_round_of_the_season_may_be_mitigated() -> None:
    price = tile("O1a").mitigate_cost  # type: ignore[attr-defined]
    taken = Gains(food=price.food)
    state = coop_step([boat(food=9, taken=taken, card_gains=taken)], round=3,
                      stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", False)])
    assert play(state, "mitigate O1a").objectives == (("O1a", True),)


# ---------------------------------------------------------------- mitigate

def test_mitigating_pays_the_price_from_what_was_taken_this_round_and_flips_the_tile() -> None:
    price = COMPONENTS.objective_by_id["O1a"].mitigate_cost
    assert price == Gains(food=price.food) and price.food
    taken = Gains(food=price.food + 1)
    state = coop_step([boat(food=5, taken=taken, card_gains=taken)],
                      stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", False)])
    assert "mitigate O1a" in legal_texts(state)
    state = play(state, "mitigate o1a")  # tile ids are read without regard to case
    p = state.players[0]
    assert (p.food, p.taken.food) == (5 - price.food, 1)
    assert state.objectives == (("O1a", True),)
    assert "mitigate O1a" not in legal_texts(state)


def test_mitigating_needs_resources_taken_this_round() -> None:
    price = COMPONENTS.objective_by_id["O1a"].mitigate_cost
    taken = Gains(food=price.food - 1)
    state = coop_step([boat(food=9, taken=taken, card_gains=taken)],
                      stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", False)])
    assert "mitigate O1a" not in legal_texts(state)
    with raises_code(IllegalActionError, RefusalCode.MITIGATE_SHORT):
        parse_action(state, "mitigate O1a")


def test_mitigating_cannot_use_another_players_resources() -> None:
    taken = Gains(food=9)
    state = coop_step([boat(food=9, taken=taken, card_gains=taken), boat(food=9)], to_move=1,
                      stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", False)])
    assert "mitigate O1a" not in legal_texts(state)  # seat 0 took the Food, seat 1 acts


def test_a_human_price_is_paid_with_contaminated_humans_first() -> None:
    price = COMPONENTS.objective_by_id["O1c"].mitigate_cost
    assert price == Gains(human=price.human) and price.human >= 2
    taken = Gains(human=price.human)
    state = coop_step([boat(food=8, healthy=4, contaminated=1, taken=taken, card_gains=taken)],
                      stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1c", False)])
    p = play(state, "mitigate O1c").players[0]
    assert (p.contaminated, p.healthy) == (0, 4 - (price.human - 1))


def test_only_tiles_of_the_current_season_can_be_mitigated() -> None:
    taken = Gains(food=9)
    state = coop_step([boat(food=9, taken=taken, card_gains=taken)], round=5,
                      stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", False)])
    with raises_code(IllegalActionError, RefusalCode.WRONG_SEASON):
        parse_action(state, "mitigate O1a")


def test_the_mitigation_price_uses_only_food_humans_doctors_and_protectors() -> None:
    assert MITIGATION_RESOURCES == ("food", "human", "doctor", "protector")
    text = reference_text("objectives").replace("mitigate_cost = { food = 2 }",
                                                "mitigate_cost = { battery = 2 }", 1)
    with raises_code(DataError, ErrorCode.DATA_AT_ENTRY):
        load_components_from_texts({"objectives": text})


def test_the_cooperative_river_tile_supplies_every_boat_as_its_season_begins() -> None:
    # the project's design: the rulebook does not print the cooperative River tiles
    c1 = next(t for t in COMPONENTS.coop_river if t.season == 1).supplies
    assert not c1.is_empty()
    plain = new_game(players=2, seed=3)
    coop = new_game(players=2, mode="coop", seed=3)
    for before, after in zip(plain.players, coop.players, strict=True):
        assert after.contaminated + after.healthy == before.healthy + c1.human
        assert after.doctors == before.doctors + c1.doctor
        assert after.food == before.food + c1.food


def test_without_coop_supplies_the_cooperative_river_tiles_bring_nothing() -> None:
    """The rulebook's literal reading (rule option ``coop_supplies`` off): the cooperative
    River tiles only mark their River section."""
    from precog.engine.state import RuleOptions

    plain = new_game(players=3, seed=5)
    bare = new_game(players=3, mode="coop", seed=5, options=RuleOptions(coop_supplies=False))
    assert not bare.config.options.coop_supplies and new_game(
        players=3, mode="coop", seed=5).config.options.coop_supplies
    for before, after in zip(plain.players, bare.players, strict=True):
        assert (after.food, after.healthy, after.contaminated, after.doctors,
                after.protectors) == (before.food, before.healthy, before.contaminated,
                                      before.doctors, before.protectors)


def test_supplies_arrive_at_rounds_1_5_and_9_only_and_heal_after_the_humans_come() -> None:
    from dataclasses import replace as dc_replace

    from precog.engine.components import CoopRiverTile
    from precog.engine.maintenance import coop_supplies

    tiles = (CoopRiverTile("C1", 1, "a", Gains(food=1)),
             CoopRiverTile("C2", 2, "b", Gains(human=3, heal=2, protector=1)),
             CoopRiverTile("C3", 3, "c", Gains(doctor=2)))
    comps = dc_replace(COMPONENTS, coop_river=tiles)
    start = dc_replace(position(players=2, mode="coop", seats=[boat(food=5, contaminated=0)] * 2),
                       components=comps)
    for round, expected in ((5, (5, 4 + 2, 1, 1, 0)), (6, (5, 4, 0, 0, 0)),
                            (9, (5, 4, 0, 0, 2))):
        got = coop_supplies(dc_replace(start, round=round)).players[0]
        assert (got.food, got.healthy, got.contaminated, got.protectors,
                got.doctors) == expected, round
    competitive = dc_replace(start, config=dc_replace(start.config, mode="competitive"))
    assert coop_supplies(dc_replace(competitive, round=5)) == dc_replace(competitive, round=5)


# ---------------------------------------------------------------- the season check

def test_the_season_check_comes_after_the_feeding() -> None:
    need_food = COMPONENTS.objective_by_id["O1a"].full[0]
    assert (need_food.resource, need_food.scope) == ("food", "one")
    # 4 Healthy eat 4 Food: before the feeding the Food would have met the tile
    state = island([boat(food=need_food.amount + 3), boat(food=need_food.amount + 3)],
                   stacks=(("O1a",), STACKS[1], STACKS[2]), revealed=[("O1g", False)])
    assert state.is_over and state.round == 4
    assert state.outcome is not None and state.outcome.winners == ()
    assert "O1a" in state.outcome.reason


def test_an_unmet_objective_loses_the_game_at_once() -> None:
    state = island([boat(food=4), boat(food=4)])  # nothing left after the feeding
    assert state.phase is Phase.OVER and state.round == 4
    assert state.outcome is not None and state.outcome.winners == ()
    assert state.outcome.code == OutcomeCode.COOP_OBJECTIVES_FAILED
    assert dict(state.outcome.values) == {"season": 1, "tiles": ("O1a", "O1g")}


def test_one_resource_can_meet_several_objectives() -> None:
    one, each = (COMPONENTS.objective_by_id[t].full[0] for t in ("O1a", "O1g"))
    assert (one.resource, one.scope, each.resource, each.scope) == ("food", "one", "food",
                                                                    "each")
    # seat 0's Food meets both tiles; seat 1 holds just the "each player" amount
    state = island([boat(food=4 + one.amount), boat(food=4 + each.amount)])
    assert (state.round, state.phase) == (5, Phase.DECISION)


def test_an_each_player_objective_needs_every_player() -> None:
    each = COMPONENTS.objective_by_id["O1g"].full[0]
    state = island([boat(food=4 + 20), boat(food=4 + each.amount - 1)],
                   stacks=(("O1g",), STACKS[1], STACKS[2]), revealed=[("O1a", True)])
    assert state.is_over and state.outcome is not None
    assert "O1g" in state.outcome.reason and "O1a" not in state.outcome.reason


def test_each_objective_tile_is_of_one_type_one_player_or_each_player() -> None:
    for objective in COMPONENTS.objectives:
        scopes = {r.scope for r in objective.full + objective.mitigated}
        assert len(scopes) == 1, f"{objective.id} mixes requirement types: {sorted(scopes)}"


def test_face_down_tiles_are_checked_on_their_full_side() -> None:
    full, mitigated = (s[0].amount for s in (tile("O1a").full, tile("O1a").mitigated))
    assert mitigated < full
    state = island([boat(food=4 + mitigated), boat(food=4 + mitigated)],
                   stacks=(("O1a",), STACKS[1], STACKS[2]), revealed=[("O1g", True)])
    assert state.is_over  # O1a was never revealed nor mitigated


def test_a_mitigated_tile_is_checked_on_its_mitigated_side() -> None:
    mitigated = tile("O1a").mitigated[0].amount
    each = tile("O1g").mitigated[0].amount
    state = island([boat(food=4 + mitigated), boat(food=4 + each)],
                   stacks=((), STACKS[1], STACKS[2]),
                   revealed=[("O1a", True), ("O1g", True)])
    assert (state.round, state.phase) == (5, Phase.DECISION)


# ---------------------------------------------------------------- the end of the game

SEASON_3 = ("O3a", "O3f", "O3c", "O3h")  # food (one, each), doctors (each), Ymunes (each)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("short", [0, 1])
def test_the_team_needs_30_45_or_60_healthy_humans_to_win(players: int, short: int) -> None:
    assert COOP_THRESHOLDS == {2: 30, 3: 45, 4: 60}
    need = COOP_THRESHOLDS[players]
    healthy = [need // players] * players
    healthy[0] += need % players - short
    # plenty of Food, Doctors and Ymunes: every season 3 Objective is met after the feeding
    boats = [seat(healthy=h, food=h + 20, doctors=5) for h in healthy]
    stacks = (STACKS_FOR[players][0], STACKS_FOR[players][1], SEASON_3[:players])
    state = island(boats, round=12, stacks=stacks, players=players)
    assert state.is_over and state.outcome is not None
    assert state.outcome.scores == (need - short,) * players
    assert state.outcome.winners == (() if short else tuple(range(players)))


STACKS_FOR = {n: (tuple(f"O1{c}" for c in "abcd"[:n]), tuple(f"O2{c}" for c in "abcd"[:n]))
              for n in (2, 3, 4)}
