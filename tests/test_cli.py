"""The ``precog`` command line: summaries agree with the API, positions load, bad input exits 2."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from statistics import fmean
from typing import Any

import pytest

from precog import cli
from precog.commands.common import SEED_LIMIT, UsageCode
from precog.engine import (
    Game,
    Phase,
    from_json,
    from_position,
    legal_actions,
    observation,
    render_text,
    to_json,
    to_position,
)
from precog.engine.playout import random_playout
from precog.engine.problems import Problem
from precog.session.describe import position_text
from tests.codes import problems_in, refusals

PRECOG = Path(sys.executable).parent / "precog"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def api_games(games: int, seed: int, check: bool = False, **setup: Any) -> list[Any]:
    return [random_playout(random.Random(seed + i), check=check, seed=seed + i, **setup)
            for i in range(games)]


def a_position(round_: int = 4, seed: int = 5, players: int = 3) -> Any:
    return random_playout(random.Random(seed), stop_round=round_, seed=seed,
                          players=players).final


# ---------------------------------------------------------------------------- simulate
def test_simulate_checked_runs_on_no_more_processes_than_usable_cpus(
        capsys: pytest.CaptureFixture[str]) -> None:
    from precog.analysis.parallel.cores import usable_cpus

    data = run_json(capsys, "simulate", "--check-invariants", "--workers",
                    "99999999999999999999", "--games", "1", "--seed", "5")
    assert data["workers"] == usable_cpus()
    assert data["games"] == 1 and data["violations"] == 0


def test_simulate_summary_matches_the_same_seeded_games_played_through_the_api(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "simulate", "--players", "3", "--games", "6", "--seed", "11")
    results = api_games(6, 11, players=3)
    assert data["games"] == 6 and data["seeds"] == [11, 16]
    for seat in range(3):
        healthy = [r.final.players[seat].healthy for r in results]
        assert data["healthy"][seat] == {"seat": seat, "mean": pytest.approx(fmean(healthy)),
                                         "min": min(healthy), "max": max(healthy)}
    shares = [sum(1 / len(r.final.outcome.winners) for r in results
                  if seat in r.final.outcome.winners) / 6 for seat in range(3)]
    assert data["win_shares"] == pytest.approx(shares)
    assert sum(data["win_shares"]) == pytest.approx(1.0)
    assert data["steps"]["mean"] == pytest.approx(fmean(r.steps for r in results))
    assert data["rounds"]["max"] == max(r.final.round for r in results)


def test_simulate_coop_success_rate_counts_games_the_players_won(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "simulate", "--players", "2", "--mode", "coop", "--difficulty",
                    "hard", "--games", "5", "--seed", "3")
    results = api_games(5, 3, players=2, mode="coop", difficulty="hard")
    won = sum(1 for r in results if r.final.outcome.winners)
    assert data["coop_success_rate"] == pytest.approx(won / 5)
    assert "win_shares" not in data
    assert data["rounds"]["min"] == min(r.final.round for r in results)


def test_simulate_team_mode_reports_each_team_share(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "simulate", "--mode", "team", "--games", "3", "--seed", "2")
    shares = data["win_shares"]
    assert data["team_win_shares"] == pytest.approx({"0+1": shares[0] + shares[1],
                                                     "2+3": shares[2] + shares[3]})


def test_simulate_check_adds_the_invariant_checks_of_every_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--players", "2", "--setup", "advanced", "--games", "2", "--seed", "7")
    cheap = run_json(capsys, *args)["invariant_checks_passed"]
    full = run_json(capsys, *args, "--check")
    every_step = sum(r.checks for r in api_games(2, 7, check=True, players=2, setup="advanced"))
    assert cheap > 0 and every_step > 0
    assert full["invariant_checks_passed"] == every_step + cheap
    assert full["check_every_step"] is True


def test_simulate_text_summary_names_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--players", "2", "--games", "2")
    assert status == 0
    for figure in ("Healthy Humans at the end", "seat 1", "Win shares", "Game length",
                   "rounds", "steps on average", "Invariant checks passed", "Elapsed"):
        assert figure in out


# ---------------------------------------------------------------------------- random-position
@pytest.mark.parametrize(("round_", "setup"), [(1, "advanced"), (6, "standard"),
                                               (12, "standard")])
def test_random_position_is_at_the_start_of_the_rounds_decision_phase(
        capsys: pytest.CaptureFixture[str], round_: int, setup: str) -> None:
    status, out, err = run(capsys, "random-position", "--players", "4", "--setup", setup,
                           "--round", str(round_), "--seed", "9")
    assert status == 0, err
    state = from_position(out.strip())
    assert (state.round, state.phase) == (round_, Phase.DECISION)
    assert not any(state.choices)
    expected = random_playout(random.Random(9), stop_round=round_, seed=9, players=4,
                              setup=setup).final
    assert state == expected


def test_random_position_json_loads_with_from_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "random-position", "--players", "2", "--mode", "coop",
                    "--round", "3", "--seed", "4")
    state = from_json(data)
    assert (state.round, state.phase, state.config.mode) == (3, Phase.DECISION, "coop")


def test_random_position_past_a_cooperative_loss_is_refused_naming_the_seed(
        capsys: pytest.CaptureFixture[str]) -> None:
    seed, ended = next((s, end) for s in range(50) if (end := random_playout(
        random.Random(s), seed=s, players=2, mode="coop").final.round) < 12)
    with refusals() as refused:
        status, out, _ = run(capsys, "random-position", "--players", "2", "--mode", "coop",
                             "--round", "12", "--seed", str(seed))
    assert status == 2 and out == ""
    assert problems_in(refused[0]) == [
        Problem.of(UsageCode.SEED_ENDED, seed=seed, ended=ended, round=12)]


def test_random_position_and_simulate_take_the_machine_rooms_chosen_by_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "random-position", "--players", "2", "--round", "2", "--seed", "4",
                    "--rooms", "R01 R05, R02 R07")
    assert [p["rooms"] for p in data["players"]] == [["R01", "R05"], ["R02", "R07"]]
    summary = run_json(capsys, "simulate", "--players", "2", "--games", "2", "--rooms",
                       "R03 R04,R06 R08")
    assert summary["rooms"] == [["R03", "R04"], ["R06", "R08"]]


@pytest.mark.parametrize(("rooms", "says"), [
    ("R01 R05, R02 R99", "'R99' is not a Machine Room"),
    ("R01 R05, R01 R07", "R01 is chosen twice"),
    ("R01 R05", "should list 2 seats of 2 room ids"),
    ("R01 R05, ", "expected each seat's room ids separated by commas"),
])
def test_rooms_chosen_by_hand_are_checked_naming_the_input(
        capsys: pytest.CaptureFixture[str], rooms: str, says: str) -> None:
    status, out, err = run(capsys, "random-position", "--players", "2", "--round", "2",
                           "--rooms", rooms)
    assert status == 2 and out == "" and says in err


# ---------------------------------------------------------------------------- show
def test_show_renders_a_position_string(capsys: pytest.CaptureFixture[str]) -> None:
    state = a_position()
    status, out, _ = run(capsys, "show", to_position(state))
    assert status == 0
    assert out == render_text(state) + "\n"


def test_show_for_a_seat_hides_the_other_hands(capsys: pytest.CaptureFixture[str]) -> None:
    state = a_position()
    status, out, _ = run(capsys, "show", to_position(state), "--for", "1")
    assert status == 0
    assert out == render_text(state, hidden_for=1) + "\n"
    assert "hidden (2 cards)" in out
    assert all(card in out for card in state.players[1].hand)


def test_lang_ru_shows_the_position_in_russian_with_the_same_values(
        capsys: pytest.CaptureFixture[str]) -> None:
    state = a_position()
    status, out, _ = run(capsys, "--lang", "ru", "show", to_position(state), "--for", "1")
    assert status == 0
    assert out == position_text(state, "ru", hidden_for=1) + "\n"
    assert f"Раунд {state.round}" in out and "скрыто (2 карты)" in out
    assert "Healthy" not in out and "hidden" not in out
    assert all(card in out for card in state.players[1].hand)


def test_lang_ru_summarises_a_simulation_in_russian_with_the_same_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, english, _ = run(capsys, "simulate", "--players", "2", "--games", "2", "--seed", "3")
    status, out, _ = run(capsys, "--lang", "ru", "simulate", "--players", "2", "--games", "2",
                         "--seed", "3")
    assert status == 0
    for figure in ("Здоровых людей в конце", "место 1", "Доли побед", "Длина партии"):
        assert figure in out
    assert "Healthy" not in out and "Win shares" not in out
    rows = [line.split()[1:] for line in english.splitlines() if line.startswith("  seat")]
    russian = [line.replace(",", ".").replace("\xa0%", "%").split()[1:]
               for line in out.splitlines()
               if line.startswith("  место")]  # the same figures, with decimal commas
    assert rows == russian and any("," in line for line in out.splitlines()
                                   if line.startswith("  место"))


def test_an_unknown_lang_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--lang", "xx", "show", "-")
    assert status == 2 and "--lang" in err and "ru" in err


def test_show_json_for_a_seat_prints_that_seats_observation(
        capsys: pytest.CaptureFixture[str]) -> None:
    state = a_position()
    assert run_json(capsys, "show", to_position(state), "--for", "2") == json.loads(
        json.dumps(observation(state, 2).to_json()))


def test_show_reads_a_json_position_file(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    state = a_position()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(to_json(state)))
    assert from_json(run_json(capsys, "show", str(path))) == state


def test_show_reads_a_saved_game_and_shows_its_current_position(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = Game(a_position())
    for _ in range(3):
        game.play(legal_actions(game.state)[-1])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_json()))
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and out == render_text(game.state) + "\n"


def test_show_reads_standard_input(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    state = a_position()
    monkeypatch.setattr(sys, "stdin", io.StringIO(to_position(state) + "\n"))
    status, out, _ = run(capsys, "show", "-")
    assert status == 0 and out == render_text(state) + "\n"


# ---------------------------------------------------------------------------- bad input
def _damaged() -> str:
    text = to_position(a_position())
    return text[:20] + ("A" if text[20] != "A" else "B") + text[21:]


@pytest.mark.parametrize(("argv", "names"), [
    (["simulate", "--mode", "chess"], ["--mode", "'chess'", "competitive"]),
    (["simulate", "--players", "5"], ["--players", "5", "2, 3, 4"]),
    (["simulate", "--players", "3", "--mode", "team"], ["team", "4 players"]),
    (["simulate", "--difficulty", "hard"], ["'hard'", "coop"]),
    (["simulate", "--games", "0"], ["--games", "at least 1"]),
    (["random-position", "--round", "13"], ["--round", "1..12", "'13'"]),
    (["random-position"], ["--round"]),
    (["show", "no-such-file.json"], ["'no-such-file.json'", "no such file", "pg1."]),
    (["show", "pg1.abc.0"], ["POSITION", "altered or cut short"]),
    (["show", "DAMAGED"], ["POSITION", "altered or cut short"]),
    (["show", "POSITION", "--for", "3"], ["--for 3", "seat 0..2"]),
    (["frobnicate"], ["'frobnicate'", "simulate"]),
])
def test_bad_input_prints_one_line_naming_it_and_exits_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], names: list[str]) -> None:
    argv = [_damaged() if a == "DAMAGED" else to_position(a_position()) if a == "POSITION"
            else a for a in argv]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "error" in err and "Traceback" not in err
    for name in names:
        assert name in err


@pytest.mark.parametrize(("content", "names"), [
    ('{"players": ', ["not valid JSON"]),
    ('{"format": "precog-position", "version": 9}', ["version 1"]),
    ("", ["is empty"]),
    ('{"format": "precog-game", "version": 1, "start": START, "actions": ["rooms R99 R98"]}',
     ["saved game", "action 1", "R99"]),
])
def test_a_bad_position_file_is_named_with_what_is_wrong(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str,
        names: list[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content.replace("START", json.dumps(to_json(a_position()))))
    status, _, err = run(capsys, "show", str(path))
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert f"file {path}" in err
    for name in names:
        assert name in err


# ---------------------------------------------------------------------------- help and layout
def test_help_lists_every_command_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "examples:" in out
    for module in cli.COMMANDS:
        assert module.NAME in out
        status, out_cmd, _ = run(capsys, module.NAME, "--help")
        assert status == 0 and "examples:" in out_cmd and f"precog {module.NAME}" in out_cmd


def test_every_command_module_is_listed_in_the_cli() -> None:
    folder = Path(cli.__file__).parent / "commands"
    helpers = {"__init__", "common", "errors", "tables", "cli_words", "progress", "tool_parser"}
    modules = {p.stem for p in folder.glob("*.py")} - helpers
    assert modules == {m.__name__.rsplit(".", 1)[1] for m in cli.COMMANDS}


def test_app_command_serves_the_given_root_and_port(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    import precog.serve

    served: list[tuple[Path, int]] = []
    monkeypatch.setattr(precog.serve, "serve",
                        lambda root, port, *_, **__: served.append((root, port)))
    (tmp_path / "notebooks").mkdir()
    assert cli.main(["app", "--root", str(tmp_path), "--port", "9123"]) == 0
    monkeypatch.setenv("PORT", "9124")
    assert cli.main(["app", "--root", str(tmp_path)]) == 0
    assert served == [(tmp_path.resolve(), 9123), (tmp_path.resolve(), 9124)]


# ---------------------------------------------------------------------------- installed entry
def test_installed_precog_command_runs_and_reports_bad_input_with_status_2() -> None:
    ok = subprocess.run([str(PRECOG), "simulate", "--players", "2", "--games", "2", "--json"],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["games"] == 2
    bad = subprocess.run([str(PRECOG), "show", "pg1.not.valid"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("precog show: error: POSITION")
    assert "Traceback" not in bad.stderr


def test_simulate_reports_a_failed_invariant_with_its_game_and_seed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from precog.commands import simulate
    from precog.engine.playout import InvariantError

    def failing_playout(rng: random.Random, **kwargs: Any) -> Any:
        if kwargs["seed"] == 21:
            raise InvariantError("Bane 13 out of 0..12")
        return random_playout(rng, **kwargs)

    monkeypatch.setattr(simulate, "random_playout", failing_playout)
    status, out, err = run(capsys, "simulate", "--players", "2", "--games", "3", "--seed", "20")
    assert status == 1 and out == ""
    assert "game 2 (seed 21)" in err and "Bane 13" in err and "Traceback" not in err


def test_the_ranking_text_names_the_cards_in_both_languages_with_the_analysis_numbers(
        ) -> None:
    from precog.analysis.arena.tournament import run_tournament
    from precog.analysis.choices.ranking import rank_options
    from precog.session.names import quoted_name
    from precog.session.reports import ranking_text, tournament_text

    state = random_playout(random.Random(2), stop_round=3, seed=2, players=3).final
    ranking = rank_options(state, state.to_move)
    cards = state.components.cards
    for lang in ("en", "ru"):
        text = ranking_text(ranking, lang)
        rows = [ln for ln in text.splitlines() if ln[:2].strip().isdigit()]
        assert len(rows) == len(ranking.rows)
        for line, row in zip(rows, ranking.rows, strict=True):
            numbers = line.split()[1:5]  # value, loss, its 95 % interval, to left
            assert row.ci95 is not None  # the tree's interval (the fitted value's error)
            decimal = "," if lang == "ru" else "."  # Russian writes a decimal comma
            assert numbers == [f"{x:{spec}}".replace(".", decimal) for x, spec in (
                (row.value, ".2f"), (row.loss, ".2f"), (row.ci95, ".2f"),
                (row.give_value_to_left, "+.2f"))]
            # by name (in «quotes» in Russian), the id only as the mark that tells a card
            # from its namesakes
            assert f"{quoted_name(cards[row.keep].name, lang)} ·{row.keep}" in line
            unmarked = line.replace(f"·{row.keep}", "").replace(f"·{row.give}", "")
            assert row.keep not in unmarked and row.give not in unmarked
    by_rollouts = rank_options(state, state.to_move, rollouts=64, seed=1)
    rows = [ln for ln in ranking_text(by_rollouts, "en").splitlines()
            if ln[:2].strip().isdigit()]
    for i, (line, row) in enumerate(zip(rows, by_rollouts.rows, strict=True)):
        loss = [] if i == 0 else [f"{row.loss_ci95:.2f}"]  # the best has no loss to bound
        assert line.split()[1:6 if i else 5] == [f"{row.value:.2f}", f"{row.loss:.2f}", *loss,
                                                 f"{row.ci95:.2f}",
                                                 f"{row.give_value_to_left:+.2f}"]
    russian = ranking_text(ranking, "ru")
    assert russian.startswith(f"Место {state.to_move}, раунд 3") and "Healthy" not in russian
    assert "почему:" in russian and "линия:" in russian
    result = run_tournament(["random", "greedy"], 2, seed=1, workers=1, players=2,
                            mode="competitive", setup="standard", difficulty="normal")
    assert tournament_text(result, "en") == result.table()
    assert "партии, 2 игрока" in tournament_text(result, "ru")


def test_the_ranking_text_says_which_row_holds_the_same_cards_as_another() -> None:
    from precog.analysis.choices.ranking import rank_options
    from precog.session.reports import ranking_text
    from tests.widgets.test_explorer import _with_twin_cards

    state = _with_twin_cards()
    ranking = rank_options(state, 0, rollouts=16, seed=0, depth_rounds=1)
    lines = ranking_text(ranking, "en").splitlines()
    starts = [i for i, ln in enumerate(lines) if ln[:2].strip().isdigit()]
    first: dict[object, int] = {}
    for n, (start, row) in enumerate(zip(starts, ranking.rows, strict=True), 1):
        face = (state.card(row.keep).face, state.card(row.give).face)
        said = lines[start + 1].strip()
        if face in first:
            assert said == f"the same cards as choice {first[face]} (a copy from another deck)"
        else:
            first[face] = n
            assert "the same cards" not in said
    assert len(first) < len(ranking.rows)


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["random-position"],
                                     ["tournament", "--games", "1"], ["analyse", "-"],
                                     ["review", "-"]])
@pytest.mark.parametrize("seed", ["99999999999999999999", "-9223372036854775807"])
def test_a_seed_no_saved_game_could_hold_is_a_usage_error_with_status_2(
        capsys: pytest.CaptureFixture[str], command: list[str], seed: str) -> None:
    assert cli.main([*command, "--seed", seed]) == 2
    out, err = capsys.readouterr()
    assert out == "" and seed in err and str(SEED_LIMIT - 1) in err and "Traceback" not in err


def test_the_largest_seed_plays_checked_games_that_save_and_load(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "simulate", "--check-invariants", "--workers", "1", "--games", "2",
                    "--seed", str(SEED_LIMIT - 1))
    assert data["games"] == 2 and data["violations"] == 0
    last_game = random_playout(random.Random(0), players=2, seed=SEED_LIMIT).final
    assert from_json(to_json(last_game)) == last_game
