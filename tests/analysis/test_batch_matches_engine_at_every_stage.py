"""The numpy batch agrees with the engine at every stage of every round (Boats, hands, zones,
decks, discards, the River, the Objectives, the supply and the uniforms used), not only at
the end: the fixed-seed share of ``scripts/differential.py``."""

from __future__ import annotations

import random

import pytest

from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playouts import batch
from precog.analysis.playouts.batch_coop import Coop
from precog.analysis.playouts.differential import Setting, compare, random_setting, stage_of
from precog.analysis.playouts.rollouts import RandomPolicy
from precog.engine import RuleOptions

HEAL_IN_ACTION = RuleOptions(heal_in_action_phase=True)
NO_SUPPLIES = RuleOptions(coop_supplies=False)
OFFERED = RuleOptions(received_means_offered=True)

SETTINGS = [
    Setting(2, "competitive"),
    Setting(3, "competitive", "advanced", options=OFFERED),
    Setting(4, "competitive", options=HEAL_IN_ACTION, policy=RandomPolicy(0.6)),
    Setting(3, "competitive", "advanced", options=HEAL_IN_ACTION, policy=RandomPolicy(1.0)),
    Setting(4, "team"),
    Setting(4, "team", "advanced", options=HEAL_IN_ACTION, policy=SensiblePolicy(0.0)),
    Setting(4, "team", policy=RandomPolicy(0.15), start_round=5),
    Setting(2, "coop"),
    Setting(3, "coop", "advanced", "hard", options=HEAL_IN_ACTION),
    Setting(4, "coop", difficulty="apocalypse", options=NO_SUPPLIES),
    Setting(3, "coop", difficulty="apocalypse", options=RuleOptions(
        heal_in_action_phase=True, coop_supplies=False, received_means_offered=True)),
    Setting(2, "coop", "advanced", "hard", policy=SensiblePolicy(2.0), start_round=4),
    Setting(4, "coop", "advanced", options=HEAL_IN_ACTION, start_round=3),
    Setting(3, "competitive", options=HEAL_IN_ACTION, start_round=9),
    # seat 1's first Keep/Give given, as the ranking gives each choice
    Setting(3, "competitive", "advanced", forced=1),
    Setting(4, "team", policy=RandomPolicy(0.6), forced=0),
    Setting(3, "coop", difficulty="hard", forced=1),
    # the worlds of one position dealt straight into arrays, as the ranking's rollouts are
    Setting(3, "competitive", start_round=5, dealt=True),
    Setting(4, "team", "advanced", options=HEAL_IN_ACTION, start_round=2, dealt=True),
    Setting(4, "coop", start_round=4, forced=1, dealt=True),
    Setting(2, "coop", "advanced", "apocalypse", options=NO_SUPPLIES, start_round=2,
            dealt=True),
]


@pytest.mark.parametrize("setting", SETTINGS, ids=Setting.label)
def test_the_batch_and_the_engine_agree_after_every_stage(setting):
    result = compare(setting, seed=7, games=16)
    assert result.games >= 8  # a co-op game played on at random may be lost before it starts
    rounds = 13 - setting.start_round
    assert result.stages >= 3 * rounds * result.games  # every round's stages were compared
    assert result.differences == []


@pytest.mark.parametrize("seed", range(16))
def test_random_settings_agree_at_every_stage(seed):
    # every mode, player count, setup, difficulty and rule option, drawn at random
    setting = random_setting(random.Random(seed))
    result = compare(setting, seed=seed, games=8)
    assert result.differences == [], setting.label()


def test_the_comparison_catches_a_batch_that_forgets_healing(monkeypatch):
    # a comparison that cannot fail proves nothing: the batch without Doctors' healing
    monkeypatch.setattr(batch.Batch, "heal", lambda self, seat: None)
    result = compare(Setting(3, "competitive"), seed=7, games=4)
    assert {d.field for d in result.differences} >= {"boats"}
    assert len({d.game for d in result.differences}) == result.games


def test_the_comparison_catches_a_batch_without_the_seasons_supplies(monkeypatch):
    monkeypatch.setattr(Coop, "new_round", lambda self, b: None)
    result = compare(Setting(3, "coop"), seed=7, games=4)
    assert any(d.key[1] == "decision" and d.key[0] == 5 for d in result.differences)


def test_what_was_taken_is_forgotten_when_the_action_zones_are_discarded():
    # found by the stage comparison: the batch kept a round's takings until the next round
    # began, the engine forgets them with the discard (a game's end included)
    setting = Setting(3, "coop")
    result = compare(setting, seed=1, games=4)
    assert not [d for d in result.differences if d.field == "taken"]


def test_a_stage_is_the_first_position_of_a_phase_or_a_seat():
    from precog.engine import apply, legal_actions, new_game

    start = new_game(players=2, seed=3)
    assert stage_of(None, start) == (1, "decision", -1)
    one = apply(start, legal_actions(start)[0])
    assert stage_of(start, one) is None  # a Decision still under way
    two = apply(one, legal_actions(one)[0])
    assert stage_of(one, two) == (1, "action", -1)


def test_the_long_run_script_writes_its_report(tmp_path):
    import json
    import runpy
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "differential.py"
    main = runpy.run_path(str(script))["main"]
    report = tmp_path / "report.json"
    assert main(["--games", "6", "--batch", "3", "--seed", "4", "--json", str(report)]) == 0
    data = json.loads(report.read_text())
    assert data["games"] >= 3 and data["differences"] == 0 and data["stages"] > data["games"]
