"""`precog analyse` and `precog tournament` on the command line."""

from __future__ import annotations

import json

from precog.cli import main
from precog.engine import to_position
from tests.analysis.conftest import starving_position


def test_analyse_prints_the_ranked_table_with_the_best_choice_first(capsys):
    status = main(["analyse", to_position(starving_position()), "--player", "0", "--depth",
                   "1"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    name = starving_position().components.cards["D02"].name
    assert out[1].startswith("component set: the reference set")  # which set, which fit
    # by name, with the id only as the mark that tells two cards of one name apart
    assert out[4].startswith(" 1 ") and f"Keep {name} ·D02, give " in out[4]


def test_analyse_json_holds_rows_meta_and_the_tree(capsys):
    status = main(["analyse", to_position(starving_position()), "--depth", "1", "--json",
                   "--tree", "--model", "worst"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["meta"]["model"] == "worst"
    assert len(data["rows"]) == 6 and data["tree"]["kind"] == "decision"


def test_analyse_reports_bad_input_on_one_line_with_status_2(capsys, tmp_path):
    assert main(["analyse", "pg1.AAAA.00000000"]) == 2
    assert main(["analyse", to_position(starving_position()), "--player", "9"]) == 2
    missing = tmp_path / "nope.json"
    assert main(["analyse", str(missing)]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 3 and all(e.startswith("precog analyse: error:") for e in errors)


def test_tournament_refuses_an_unknown_bot(capsys):
    assert main(["tournament", "--bots", "greedy,wizard", "--games", "1"]) == 2
    assert "wizard" in capsys.readouterr().err
