"""The sensible player's weights are data (precog/data/policy.toml): read once, checked on
load, and followed alike by the engine's SensiblePolicy and the numpy batch."""

from __future__ import annotations

from dataclasses import replace

import pytest

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.playing.policy import WEIGHTS, SensiblePolicy, price_points
from precog.analysis.playing.policy_data import (
    Judgement,
    PolicyDataError,
    parse_policy_weights,
    shipped_policy_weights,
)
from precog.analysis.playing.policy_points import Facts
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.engine import new_game
from precog.engine.data_loading import reference_components
from tests.codes import raises_code

JUDGEMENT = """
[judgement]
food_short = 3
food_spare = 1
human_healed = 3
human = 1
battery_early = 3
battery_late = 2
ymune = 6
ymune_short = 6
heal = 4
cost = 2
bane = 4
bane_rounds = 4
"""
GOOD = """
[keep_give]
keep = 12
give_rival = 1
give_friend = 2
temperature = 0.05
""" + JUDGEMENT + "\n[cooperative]\nkeep = 4" + JUDGEMENT.replace("[judgement]", "").replace(
    "food_short = 3", "food_short = 7")
OTHER_JUDGEMENT = Judgement(food_short=5, food_spare=0, human_healed=2, human=2,
                            battery_early=4, battery_late=1, ymune=5, ymune_short=9, heal=3,
                            cost=3, bane=3, bane_rounds=2)


def test_the_shipped_policy_is_the_data_file_s():
    w = shipped_policy_weights()
    assert SensiblePolicy() == SensiblePolicy(w.temperature, w.keep, w.give_rival,
                                              w.give_friend, w.judgement, w.coop_keep,
                                              w.coop_judgement)


def test_the_shipped_weights_name_the_component_set_they_were_fitted_on():
    assert shipped_policy_weights().fitted["components"] == reference_components().fingerprint


def test_a_valid_file_gives_its_weights():
    w = parse_policy_weights(GOOD)
    assert (w.keep, w.give_rival, w.give_friend, w.temperature) == (12, 1, 2, 0.05)
    assert (w.judgement.food_short, w.judgement.cost, w.judgement.bane_rounds) == (3, 2, 4)
    assert (w.coop_keep, w.coop_judgement.food_short, w.coop_judgement.cost) == (4, 7, 2)


@pytest.mark.parametrize(("text", "code"), [
    ("", AnalysisCode.POLICY_TABLE),
    ("[keep_give]\nkeep = 3\ngive_rival = 1\ngive_friend = 1\n",  # no temperature
     AnalysisCode.POLICY_TEMPERATURE),
    (GOOD.replace("keep = 12", "keep = 0"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("keep = 12", "keep = 1.5"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("keep = 12", "keep = true"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("give_rival = 1", "give_rival = -1"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("give_friend = 2", "give_friend = 1000"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("temperature = 0.05", "temperature = -1"), AnalysisCode.POLICY_TEMPERATURE),
    (GOOD.replace("temperature = 0.05", "temperature = nan"), AnalysisCode.POLICY_TEMPERATURE),
    (GOOD.replace("temperature = 0.05", 'temperature = "warm"'),
     AnalysisCode.POLICY_TEMPERATURE),
    ("[keep_give", AnalysisCode.POLICY_TOML),
    (GOOD.replace(JUDGEMENT, "", 1), AnalysisCode.POLICY_TABLE),
    (GOOD.split("[cooperative]")[0], AnalysisCode.POLICY_TABLE),
    (GOOD.replace("keep = 4", "keep = 0"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("food_short = 7", "food_short = -7"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("cost = 2", ""), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("heal = 4", "heal = -4"), AnalysisCode.POLICY_WHOLE),
    (GOOD.replace("ymune = 6", "ymune = 6.5"), AnalysisCode.POLICY_WHOLE),
])
def test_a_bad_file_is_refused_with_the_policy_data_error_and_its_code(text, code):
    with raises_code(PolicyDataError, code):
        parse_policy_weights(text)


@pytest.mark.parametrize(("players", "mode"), [(2, "competitive"), (4, "team")])
@pytest.mark.parametrize("policy", [SensiblePolicy(0.5, 12, 1, 2), SensiblePolicy(0.05, 3, 0, 4),
                                    SensiblePolicy(0.0, 7, 5, 0),
                                    SensiblePolicy(0.05, 3, 1, 1, OTHER_JUDGEMENT)],
                         ids=["keep 12", "give rival 0", "greedy", "other judgement"])
def test_the_batch_follows_other_weights_as_the_engine_does(players, mode, policy):
    starts = [new_game(players=players, mode=mode, seed=g) for g in range(10)]
    rows = uniforms(len(starts), seed=7)
    finals = batch.run(starts, rows, policy)
    for g, start in enumerate(starts):
        final = play_out(start, policy, rows[g])
        for s in range(players):
            p = final.players[s]
            assert finals.seat(g, s) == (p.food, p.healthy, p.contaminated, p.doctors,
                                         p.protectors, p.bane, tuple(p.batteries)), (g, s)


class SeatBySeat:
    """The engine's game of a sensible player of its own at each seat."""

    def __init__(self, policies):
        self.policies = policies

    def index(self, state, u, options):
        return self.policies[state.to_move].index(state, u, options)


@pytest.mark.parametrize(("players", "mode"), [(2, "competitive"), (3, "competitive"),
                                               (4, "team"), (3, "coop")])
def test_the_batch_gives_each_seat_its_own_sensible_player_as_the_engine_does(players, mode):
    candidate = SensiblePolicy(0.2, 5, 2, 0, OTHER_JUDGEMENT)
    policies = [candidate if seat % 2 == 0 else SensiblePolicy() for seat in range(players)]
    starts = [new_game(players=players, mode=mode, seed=g) for g in range(12)]
    rows = uniforms(len(starts), seed=11)
    finals = batch.run_seats(starts, rows, policies)
    engine = SeatBySeat(policies)
    differs = 0
    for g, start in enumerate(starts):
        final = play_out(start, engine, rows[g])
        alike = play_out(start, SensiblePolicy(), rows[g])
        for s in range(players):
            p = final.players[s]
            got = (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane,
                   tuple(p.batteries))
            assert finals.seat(g, s) == got, (g, s)
            q = alike.players[s]
            differs += got != (q.food, q.healthy, q.contaminated, q.doctors, q.protectors,
                               q.bane, tuple(q.batteries))
    assert differs > 0  # the candidate's seats did play otherwise


def finals_of(policy, mode, players=3, games=40):
    starts = [new_game(players=players, mode=mode, seed=g) for g in range(games)]
    return batch.run(starts, uniforms(games, seed=5), policy).healthy.tolist()


@pytest.mark.parametrize("mode", ["coop", "competitive"])
def test_the_sensible_player_plays_the_cooperative_mode_with_its_cooperative_weights(mode):
    shipped = SensiblePolicy()
    as_cooperative = replace(shipped, keep=shipped.coop_keep, judgement=shipped.coop_judgement)
    assert (shipped.keep, shipped.judgement) != (shipped.coop_keep, shipped.coop_judgement)
    alike = finals_of(shipped, mode) == finals_of(as_cooperative, mode)
    assert alike == (mode == "coop")  # only the cooperative mode plays the cooperative weights


def test_a_judgement_is_replaced_field_by_field():
    shipped = shipped_policy_weights().judgement
    assert replace(shipped, cost=3).cost == 3
    assert set(Judgement.names()) == set(Judgement.__dataclass_fields__)


def test_a_mitigation_price_weighs_food_by_the_cooperative_judgement() -> None:
    judgement = WEIGHTS.coop_judgement
    # 2 Healthy Humans, 1 Food, 2 Islands to come: 3 Food short; a price of 5 Food
    boat = Facts(food=1, healthy=2, contaminated=0, doctors=0, protectors=0, bane=0,
                 free_slots=0, left=4, feeds=2)
    assert price_points(5, 0, 0, 0, boat) == 3 * judgement.food_short + 2 * judgement.food_spare
    assert price_points(0, 0, 0, 0, boat) == 0
