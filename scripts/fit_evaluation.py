"""Fit the one value's leaf model (precog/analysis/fitted/value.py) to playouts, or check it.

Positions: seeded games of every mode (competitive 2-4 players, team, cooperative 2-4
players), standard and advanced setups, played by the sensible player
(``rollouts.DEFAULT_POLICY``) to the start of a Decision phase of round 1..12. Target of a
position for a seat: the mean final score of ``--playouts`` games played on from worlds that
seat cannot tell from the position (``rollouts.sample_starts``), everyone playing the sensible
player. The model (ridge regression on :func:`precog.analysis.fitted.value.features`, one per mode)
is fitted on ``--positions`` positions and checked on as many held-out positions (other
seeds, ``2 x --playouts`` playouts each). The held-out RMSE per mode, player count and round
band (the playouts' own noise removed) goes into the data file: it sets the tree's intervals.

    nice -n 10 .venv/bin/python scripts/fit_evaluation.py --positions 600 --playouts 24 --seed 1
    .venv/bin/python scripts/fit_evaluation.py --check --positions 200 --playouts 32 --seed 7

``--check`` only measures the shipped fit on held-out positions (prints the calibration
table; ``--json`` for one JSON object). ``--cv K`` only cross-validates the model on the
training positions (K folds by game) and prints the same table; with ``--cache`` it reuses the
positions and targets of an earlier run with the same ``--positions --playouts --seed``.

``--box BOX.toml`` plays every position on that box (a box file, partly entered or whole:
unknown faces are drawn from the box's prior) and writes the fit to ``--out`` (required then:
the package's data file stays the reference set's). A mode with fewer than 10 positions keeps
the shipped coefficients, and the fit's ``kept`` key names it. The analysis loads such a file
for that box only (:mod:`precog.analysis.fitted.fits`): ``precog --box BOX.toml --fit my_fit.toml
analyse ...``, and the box tab of the explorer and Play (load the box, then its fit); every
analysis then says it values positions with your fit, and with that fit's held-out error.

    nice -n 10 .venv/bin/python scripts/fit_evaluation.py --box BOX.toml --out my_fit.toml \
        --positions 600 --playouts 24 --seed 1
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from precog.analysis.basics.intervals import mean_ci
from precog.analysis.fitted.value import (
    FIT_FILE,
    MODES,
    Fit,
    band_name,
    feature_names,
    features,
    parse_fit,
    shipped_fit,
)
from precog.analysis.playouts import batch, rollouts
from precog.analysis.projection.evaluation import DEFAULT, last_check_value
from precog.commands.errors import UsageCode
from precog.commands.tool_parser import (
    ToolParser,
    existing_file,
    listed,
    positive_int,
    seed_number,
    whole_number,
)
from precog.engine import (
    Components,
    GameState,
    Phase,
    from_position,
    legal_actions,
    new_game,
    to_position,
)
from precog.engine.playout import play_on
from precog.engine.problems import Problem

OUT = Path(__file__).resolve().parent.parent / "precog" / "data" / FIT_FILE
# (mode, players): team play is for 4 players only
GAMES = [("competitive", 2), ("competitive", 3), ("competitive", 4), ("team", 4),
         ("coop", 2), ("coop", 3), ("coop", 4)]
MIN_CELL = 8  # held-out positions a cell needs for its own error in the data file
RIDGE = 1.0  # on standardised inputs (the constant is not shrunk)
MIN_MODE = 10  # positions a mode needs for its own coefficients
BOX: Components | None = None  # --box: the component set every position is played on


@dataclass
class Sample:
    mode: str
    players: int
    round: int
    x: np.ndarray
    y: float  # mean final score of the playouts
    var: float  # variance of that mean (playout noise)
    position: str = ""  # the position string (what --cache keeps)
    seat: int = 0
    prediction: float = math.nan


def policy_name(policy: object) -> str:
    return repr(policy)


def snapshots(mode: str, players: int, setup: str, rounds: list[int],
              seed: int) -> list[GameState]:
    """One game played by the sensible player, taken at the start of the Decision phase of
    each of ``rounds`` it reaches."""
    state = new_game(players=players, mode=mode, setup=setup, seed=seed, components=BOX)
    row = rollouts.uniforms(1, seed)[0]
    used = [0]
    policy = rollouts.DEFAULT_POLICY
    wanted = set(rounds)
    taken: dict[int, GameState] = {}

    def move(s: GameState, seat: int) -> object:
        options = legal_actions(s)
        u = float(row[used[0] % len(row)])
        used[0] += 1
        return options[policy.index(s, u, options)]

    def there(s: GameState) -> bool:
        if (s.round in wanted and s.round not in taken and s.phase is Phase.DECISION
                and all(c is None for c in s.choices)):
            taken[s.round] = s
        return len(taken) == len(wanted)

    play_on(state, move, there, limit=1 << 30)  # type: ignore[arg-type]
    return [taken[r] for r in sorted(taken)]


def greedy_snapshots(mode: str, players: int, setup: str, rounds: list[int],
                     seed: int) -> list[GameState]:
    """One game played by greedy bots (each plans its round for the best immediate outcome,
    as the decision-quality suite's games are), taken like :func:`snapshots`."""
    from precog.analysis.arena.bots import play_game
    from precog.analysis.playing.basic_bots import GreedyBot

    wanted = set(rounds)
    taken: dict[int, GameState] = {}

    def observe(s: GameState) -> None:
        if (s.round in wanted and s.round not in taken and s.phase is Phase.DECISION
                and all(c is None for c in s.choices)):
            taken[s.round] = s

    bots = [GreedyBot(seed * 8 + s) for s in range(players)]
    play_game(bots, seed=seed, players=players, mode=mode, setup=setup, observe=observe,
              components=BOX)
    return [taken[r] for r in sorted(taken)]


STYLES = {"sensible": snapshots, "greedy": greedy_snapshots}


def positions(count: int, seed: int, per_game: int = 3,
              styles: tuple[str, ...] = ("sensible", "greedy")) -> list[tuple[GameState, int]]:
    """``count`` (position, seat) pairs spread over modes, player counts, setups and rounds
    (``per_game`` rounds of each game played), from games of each of ``styles`` in turn: the
    sensible player's, whose positions the playouts meet, and the greedy bot's, whose
    positions are like the tree's leaves (the end of a round planned for the best outcome) and
    the decision-quality suite's; a model fitted on one style alone is biased on the other."""
    rng = random.Random(seed)
    out: list[tuple[GameState, int]] = []
    games = 0
    while len(out) < count and games < 5 * count:
        mode, players = GAMES[games % len(GAMES)]
        style = styles[(games // len(GAMES)) % len(styles)]
        games += 1
        setup = "advanced" if rng.random() < 0.4 else "standard"
        rounds = rng.sample(range(1, 13), per_game)
        for state in STYLES[style](mode, players, setup, rounds, rng.randrange(1 << 30)):
            if len(out) < count:
                out.append((state, rng.randrange(players)))
    return out


def targets(pairs: list[tuple[GameState, int]], playouts: int, seed: int) -> list[Sample]:
    """Each position's mean final score over ``playouts`` playouts (batched per game kind)."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for i, (s, _) in enumerate(pairs):
        c = s.config
        groups.setdefault((c.players, c.mode, c.setup, s.round), []).append(i)
    out: list[Sample | None] = [None] * len(pairs)
    for g, members in enumerate(groups.values()):
        starts: list[GameState] = []
        for i in members:
            state, seat = pairs[i]
            starts += rollouts.sample_starts(state, seat, playouts, seed + 7919 * i)
        finals = rollouts.final_states(starts, seed + 104_729 * g, rollouts.DEFAULT_POLICY)
        for k, i in enumerate(members):
            state, seat = pairs[i]
            chunk = slice(k * playouts, (k + 1) * playouts)
            if isinstance(finals, list):
                vals = np.array([last_check_value(f, seat) for f in finals[chunk]])
            else:
                vals = batch.seat_values(finals, starts[0], seat)[chunk]
            c = state.config
            out[i] = Sample(c.mode, c.players, state.round, features(state, seat),
                            float(vals.mean()), float(vals.var(ddof=1) / len(vals)),
                            to_position(state), seat)
    return [s for s in out if s is not None]


def cached(path: Path | None, make: Callable[[], list[Sample]]) -> list[Sample]:
    """Samples from ``path`` (positions, seats and targets; the features are recomputed, so a
    change of the features needs no new playouts) or made and written there."""
    if path is not None and path.exists():
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            state = from_position(d["position"], BOX)
            c = state.config
            out.append(Sample(c.mode, c.players, state.round, features(state, d["seat"]),
                              d["y"], d["var"], d["position"], d["seat"]))
        return out
    made = make()
    if path is not None:
        path.write_text("".join(json.dumps({"position": m.position, "seat": m.seat, "y": m.y,
                                            "var": m.var}) + "\n" for m in made),
                        encoding="utf-8")
    return made


def ridge(samples: list[Sample]) -> np.ndarray:
    x = np.array([s.x for s in samples])
    y = np.array([s.y for s in samples])
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[0] = 1.0
    z = x / scale
    penalty = RIDGE * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    beta = np.linalg.solve(z.T @ z + penalty, z.T @ y)
    return beta / scale


def fit(samples: list[Sample], keep: Fit | None = None) -> dict[str, np.ndarray]:
    """Per mode ridge coefficients; with ``keep``, a mode with too few positions keeps
    ``keep``'s coefficients (else too few positions stop the script)."""
    out = {}
    for mode in MODES:
        mine = [s for s in samples if s.mode == mode]
        if len(mine) < MIN_MODE:
            if keep is None:
                raise SystemExit(f"only {len(mine)} {mode} positions: ask for more --positions")
            out[mode] = keep.coefficients[mode]
        else:
            out[mode] = ridge(mine)
    return out


def cross_validate(samples: list[Sample], folds: int) -> None:
    """Sets each sample's prediction from a fit on the other folds (by game: the positions of
    one game stay in one fold), per mode."""
    for mode in MODES:
        mine = [s for s in samples if s.mode == mode]
        group = [(i // 3) % folds for i in range(len(mine))]  # 3 positions a game, in order
        for f in range(folds):
            train = [s for s, g in zip(mine, group) if g != f]
            if len(train) < MIN_MODE:
                raise SystemExit(f"only {len(train)} {mode} positions per fold: ask for more "
                                 "--positions or fewer --cv folds")
            beta = ridge(train)
            for s, g in zip(mine, group):
                if g == f:
                    s.prediction = float(s.x @ beta)


def kept_modes(samples: list[Sample]) -> list[str]:
    return [m for m in MODES if sum(s.mode == m for s in samples) < MIN_MODE]


def predict(samples: list[Sample], coefficients: dict[str, np.ndarray]) -> None:
    for s in samples:
        s.prediction = float(s.x @ coefficients[s.mode])


def calibration(samples: list[Sample]) -> list[dict[str, object]]:
    """MAE and bias (with 95 % intervals) and the RMSE with the playout noise removed, per
    mode, player count and round band, then per mode."""
    cells: dict[tuple[str, str, str], list[Sample]] = {}
    for s in samples:
        cells.setdefault((s.mode, str(s.players), band_name(s.round)), []).append(s)
        cells.setdefault((s.mode, "all", "all"), []).append(s)
    rows = []
    for (mode, players, band), mine in sorted(cells.items()):
        err = np.array([s.prediction - s.y for s in mine])
        noise = float(np.mean([s.var for s in mine]))
        mae, mae_ci95 = mean_ci(np.abs(err))
        bias, bias_ci95 = mean_ci(err)
        rmse = math.sqrt(max(0.0, float(np.mean(err ** 2)) - noise))
        rows.append({"mode": mode, "players": players, "rounds": band, "positions": len(err),
                     "mae": mae, "mae_ci95": mae_ci95, "bias": bias, "bias_ci95": bias_ci95,
                     "rmse": rmse, "noise_sd": math.sqrt(noise),
                     "mean_value": float(np.mean([s.y for s in mine]))})
    return rows


def table_text(rows: list[dict[str, object]]) -> str:
    out = [f"{'mode':<12} {'players':>7} {'rounds':>6} {'n':>4} {'mean':>6} "
           f"{'MAE':>12} {'bias':>13} {'RMSE*':>6} {'noise':>6}"]
    for r in rows:
        out.append(f"{r['mode']:<12} {r['players']:>7} {r['rounds']:>6} {r['positions']:>4} "
                   f"{r['mean_value']:>6.2f} {r['mae']:>5.2f} ± {r['mae_ci95']:<4.2f} "
                   f"{r['bias']:>+6.2f} ± {r['bias_ci95']:<4.2f} {r['rmse']:>6.2f} "
                   f"{r['noise_sd']:>6.2f}")
    out.append("MAE, bias: prediction minus the mean final score of the playouts (95 % "
               "intervals over positions); RMSE*: with the playouts' own noise removed; "
               "noise: the standard error of a position's playout mean")
    return "\n".join(out)


def write(coefficients: dict[str, np.ndarray], rows: list[dict[str, object]],
          info: dict[str, object]) -> str:
    lines = ["# The one value's leaf model (precog/analysis/fitted/value.py), written by",
             "# scripts/fit_evaluation.py: do not edit by hand, refit instead.", "[fit]"]
    for key, value in info.items():
        lines.append(f"{key} = {json.dumps(value)}")
    for mode in MODES:
        lines += ["", f"[modes.{mode}]",
                  "features = [" + ", ".join(json.dumps(f) for f in feature_names(mode)) + "]",
                  "coefficients = [" + ", ".join(f"{c:.6g}" for c in coefficients[mode]) + "]",
                  f"[modes.{mode}.residual]  # held-out RMSE by \"players:rounds\""]
        overall = next((float(r["rmse"]) for r in rows
                        if r["mode"] == mode and r["players"] == "all"), None)
        if overall is None:  # no held-out position of this mode (a tiny --box run)
            for key, rmse in shipped_fit().residual[mode].items():
                lines.append(f"\"{key}\" = {rmse:.4f}  # kept from the shipped fit")
            continue
        for r in rows:
            if r["mode"] == mode and (r["players"] == "all" or r["positions"] >= MIN_CELL):
                key = "all" if r["players"] == "all" else f"{r['players']}:{r['rounds']}"
                rmse, note = float(r["rmse"]), ""
                if rmse < float(r["noise_sd"]):  # lost in the playouts' noise: not resolved
                    rmse, note = max(rmse, overall), ", below the noise: the mode's error"
                lines.append(f"\"{key}\" = {rmse:.4f}  # {r['positions']} positions{note}")
    return "\n".join(lines) + "\n"


def held_out(fit_: Fit, count: int, playouts: int, seed: int,
             cache: Path | None = None,
             styles: tuple[str, ...] = ("sensible", "greedy")) -> list[Sample]:
    samples = cached(cache, lambda: targets(positions(count, seed + 1_000_003, styles=styles),
                                            playouts, seed + 2))
    predict(samples, fit_.coefficients)
    return samples


def cache_file(args: argparse.Namespace, kind: str) -> Path | None:
    if args.cache is None:
        return None
    args.cache.mkdir(parents=True, exist_ok=True)
    styles = "+".join(args.styles)
    return args.cache / f"{kind}-{args.positions}-{args.playouts}-{args.seed}-{styles}.jsonl"


def load_box_option(path: Path, parser: ToolParser) -> None:
    """Sets :data:`BOX` from ``--box`` (a bad file: the loader's message, exit 2)."""
    global BOX
    from precog.engine.box import load_box
    from precog.engine.errors import PrecogError

    try:
        BOX = load_box(path)
    except PrecogError as err:
        parser.refuse(err, f"--box {path}")


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=positive_int, default=420)
    parser.add_argument("--playouts", type=positive_int, default=24)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--check", action="store_true", help="report the shipped fit only")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path, default=None,
                        help="where the fit goes (default: the package data; required with --box)")
    parser.add_argument("--box", type=existing_file, default=None, metavar="BOX.toml",
                        help="play the positions on this box file (partly entered or whole)")
    parser.add_argument("--cache", type=Path, default=None, metavar="DIR",
                        help="keep the positions and targets in DIR (reused when there)")
    parser.add_argument("--cv", type=whole_number, default=0, metavar="K",
                        help="only K-fold cross-validate the model on the training positions "
                             "(by game; prints the calibration table, writes nothing)")
    parser.add_argument("--styles", type=listed(STYLES), default="sensible,greedy",
                        help="whose games the positions come from, in turn: sensible (the "
                             "playout policy), greedy (greedy bots); default both")
    args = parser.parse_args(argv)
    styles = tuple(args.styles)
    least = 6 if args.box is not None else 14
    if not least <= args.positions <= 20_000:
        parser.refuse(Problem.of(UsageCode.COUNT, low=least, high=20_000, got=args.positions),
                      "--positions")
    if not 2 <= args.playouts <= 4096:
        parser.refuse(Problem.of(UsageCode.COUNT, low=2, high=4096, got=args.playouts),
                      "--playouts")
    if args.box is not None:
        if args.out is None and not args.check:  # the package's fit stays the reference set's
            parser.refuse(Problem.of(UsageCode.NEEDS, option="--box", needed="--out FILE"))
        load_box_option(args.box, parser)
    out_file = args.out or OUT
    start = time.perf_counter()
    train: list[Sample] = []
    policy = policy_name(rollouts.DEFAULT_POLICY)
    if args.cv:
        if not 2 <= args.cv <= 20:
            parser.refuse(Problem.of(UsageCode.COUNT, low=2, high=20, got=args.cv), "--cv")
        train = cached(cache_file(args, "train"), lambda: targets(
            positions(args.positions, args.seed, styles=styles), args.playouts, args.seed))
        cross_validate(train, args.cv)
        rows = calibration(train)
        report = {"cv_folds": args.cv, "positions": len(train), "playouts": args.playouts,
                  "seed": args.seed, "styles": list(styles), "rows": rows,
                  "elapsed_s": time.perf_counter() - start}
    elif args.check:
        current = shipped_fit()
        samples = held_out(current, args.positions, args.playouts, args.seed,
                           cache_file(args, "check"), styles)
        rows = calibration(samples)
        report = {"fit": current.info, "box": None if BOX is None else BOX.name,
                  "policy_now": policy, "positions": len(samples),
                  "playouts": args.playouts, "seed": args.seed, "rows": rows,
                  "elapsed_s": time.perf_counter() - start}
    else:
        train = cached(cache_file(args, "train"), lambda: targets(
            positions(args.positions, args.seed, styles=styles), args.playouts, args.seed))
        coefficients = fit(train, shipped_fit() if BOX is not None else None)
        comps = new_game(players=2, seed=0, components=BOX).components
        info: dict[str, object] = {
            "date": datetime.date.today().isoformat(), "components": comps.fingerprint,
            "component_set": comps.name, "policy": policy, "projection": repr(DEFAULT),
            "positions": len(train),
            "playouts": args.playouts, "seed": args.seed,
            "command": f"scripts/fit_evaluation.py --positions {args.positions} "
                       f"--playouts {args.playouts} --seed {args.seed}"}
        if BOX is not None:
            info["box"] = comps.box_id
            info["command"] = str(info["command"]).replace(
                "--positions", f"--box {args.box.name} --positions")
            info["kept"] = kept_modes(train)
        draft = Fit(coefficients, {}, info)
        samples = held_out(draft, args.positions, 2 * args.playouts, args.seed,
                           cache_file(args, "held_out"), styles)
        rows = calibration(samples)
        info["held_out_positions"] = len(samples)
        info["held_out_playouts"] = 2 * args.playouts
        text = write(coefficients, rows, info)
        parse_fit(text)  # what is written must load
        out_file.write_text(text, encoding="utf-8")
        report = {"fit": info, "rows": rows, "elapsed_s": time.perf_counter() - start}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        if BOX is not None:
            print(f"box: {BOX.name} ({len(BOX.unknown)} unknown faces drawn from the prior)")
            kept = [] if args.check or args.cv else kept_modes(train)
            if kept:
                print(f"too few positions for {', '.join(kept)}: the shipped coefficients kept")
            if not args.check and not args.cv:
                print(f"fit written to {out_file}")
        print(table_text(rows))
        print(f"({report['elapsed_s']:.0f} s; policy {policy})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
