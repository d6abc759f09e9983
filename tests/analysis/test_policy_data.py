"""The sensible player's weights are data (precog/data/policy.toml): read once, checked on
load, and followed alike by the engine's SensiblePolicy and the numpy batch."""

from __future__ import annotations

import pytest

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playing.policy_data import (
    PolicyDataError,
    parse_policy_weights,
    shipped_policy_weights,
)
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.engine import new_game
from precog.engine.data_loading import reference_components
from tests.codes import raises_code

GOOD = """
[keep_give]
keep = 12
give_rival = 1
give_friend = 2
temperature = 0.05
"""


def test_the_shipped_policy_is_the_data_file_s():
    w = shipped_policy_weights()
    assert SensiblePolicy() == SensiblePolicy(w.temperature, w.keep, w.give_rival,
                                              w.give_friend)


def test_the_shipped_weights_name_the_component_set_they_were_fitted_on():
    assert shipped_policy_weights().fitted["components"] == reference_components().fingerprint


def test_a_valid_file_gives_its_weights():
    w = parse_policy_weights(GOOD)
    assert (w.keep, w.give_rival, w.give_friend, w.temperature) == (12, 1, 2, 0.05)


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
])
def test_a_bad_file_is_refused_with_the_policy_data_error_and_its_code(text, code):
    with raises_code(PolicyDataError, code):
        parse_policy_weights(text)


@pytest.mark.parametrize(("players", "mode"), [(2, "competitive"), (4, "team")])
@pytest.mark.parametrize("policy", [SensiblePolicy(0.5, 12, 1, 2), SensiblePolicy(0.05, 3, 0, 4),
                                    SensiblePolicy(0.0, 7, 5, 0)], ids=repr)
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
