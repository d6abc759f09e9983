"""The one value: the Healthy Humans to expect at the end of the game (see docs/analysis.md).

A position's value for a seat is the final score that games reach from it when everyone then
plays like the sensible player (:data:`precog.analysis.playouts.rollouts.DEFAULT_POLICY`): the
seat's own Healthy Humans in competitive play, its team's in the team mode, every Boat's in the
cooperative mode (0 when an Objective is missed). Rollouts measure it directly; the look-ahead
tree needs it at its leaves without playing to the end, so :func:`expected_final` predicts it
from the position (a position of the last round, cheap to play, is played out instead): the
hand-made projection (:func:`precog.analysis.projection.evaluation.evaluate`) rescaled by a linear
model fitted to such playouts (``scripts/fit_evaluation.py``), whose weight on the projection and
offset change with the share of the game left. A positive weight keeps
the projection's order of positions, so the fit changes the scale, not the choices. The
coefficients, the fit's date, component set, policy and sample sizes live in
``precog/data/evaluation_fit.toml``, with the held-out error that sets the intervals.

>>> from precog.engine import new_game
>>> 0 < expected_final(new_game(players=3, seed=1), 0) < 20
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import numpy as np

from precog.analysis.projection.evaluation import (
    DEFAULT,
    evaluate,
    last_check_value,
    rounds_left,
    team_of,
)
from precog.engine import Action, GameState
from precog.engine.state import ROUNDS

FIT_FILE = "evaluation_fit.toml"
FEATURES = ("constant", "share of the game left", "share left squared", "advanced setup",
            "players - 3", "projection", "projection x left", "projection x left squared")
MODES = ("competitive", "team", "coop")
BANDS = ((1, 4), (5, 8), (9, 13))  # rounds of the position (13: the game is over)


def feature_names(mode: str) -> tuple[str, ...]:
    """The model's inputs in order (the coefficients of the data file follow it; the same
    for every mode, each mode has its own coefficients)."""
    return FEATURES


def scoring_seats(state: GameState, seat: int) -> tuple[int, ...]:
    """The Boats whose Healthy Humans make ``seat``'s score in this mode."""
    mode = state.config.mode
    if mode == "team":
        return team_of(seat)
    if mode == "coop":
        return tuple(range(state.config.players))
    return (seat,)


def features(state: GameState, seat: int) -> np.ndarray:
    """The model's inputs for ``seat`` in ``state``: the hand-made projection
    (:func:`~precog.analysis.projection.evaluation.evaluate`, in the mode's score) with a weight
    that changes as the game goes on (the share of the game left, and its square), and shifts for
    that share, the setup and the player count (:data:`FEATURES` names them)."""
    left = rounds_left(state) / ROUNDS
    projection = evaluate(state, seat, DEFAULT)
    return np.array([1.0, left, left * left,
                     1.0 if state.config.setup == "advanced" else 0.0,
                     state.config.players - 3.0,
                     projection, projection * left, projection * left * left])


@dataclass(frozen=True)
class Fit:
    """A fitted model: coefficients per mode, the held-out error per mode, player count and
    round band (the root mean square error of the prediction against the mean final score,
    the playouts' own sampling noise removed), and where the fit came from."""

    coefficients: dict[str, np.ndarray]
    residual: dict[str, dict[str, float]]  # mode -> "players:band" -> RMSE
    info: dict[str, Any]

    @property
    def fingerprint(self) -> str:
        return str(self.info.get("components", ""))

    @property
    def box(self) -> str:
        """The component set (box fingerprint) the fit was made on."""
        return str(self.info.get("box") or self.info.get("components", ""))

    def error(self, mode: str, players: int, round_: int) -> float:
        """The held-out RMSE for positions of ``mode``, ``players`` and round ``round_``
        (the mode's overall error when that cell had too few positions)."""
        table = self.residual.get(mode, {})
        key = f"{players}:{band_name(round_)}"
        if key in table:
            return table[key]
        return table.get("all", max(table.values(), default=0.0))


def band_name(round_: int) -> str:
    for lo, hi in BANDS:
        if lo <= round_ <= hi:
            return f"{lo}-{min(hi, ROUNDS)}"
    return f"{BANDS[-1][0]}-{ROUNDS}"


def parse_fit(text: str, label: str = FIT_FILE) -> Fit:
    """A fit from the data file's text (refuses a file whose coefficients do not match the
    features: :class:`AnalysisError` with ``AnalysisCode.FIT_FIELD`` or ``FIT_FEATURES``)."""
    from precog.analysis.basics.errors import AnalysisCode, AnalysisError
    from precog.engine.problems import Problem

    data = tomllib.loads(text)
    coefficients, residual = {}, {}
    for mode in MODES:
        table = data.get("modes", {}).get(mode)
        if table is None:
            raise AnalysisError(Problem.of(AnalysisCode.FIT_FIELD, file=label,
                                           field=f"modes.{mode}"), input=label)
        names = tuple(table.get("features", ()))
        if names != feature_names(mode):
            raise AnalysisError(Problem.of(AnalysisCode.FIT_FEATURES, file=label,
                                           field=f"modes.{mode}.features",
                                           expected=list(feature_names(mode))), input=label)
        coefficients[mode] = np.array(table["coefficients"], dtype=float)
        residual[mode] = {str(k): float(v) for k, v in table.get("residual", {}).items()}
    return Fit(coefficients, residual, dict(data.get("fit", {})))


@cache
def shipped_fit() -> Fit:
    """The fit shipped in ``precog/data/evaluation_fit.toml``."""
    text = (resources.files("precog") / "data" / FIT_FILE).read_text(encoding="utf-8")
    return parse_fit(text)


_USER_FITS: dict[str, Fit] = {}  # box fingerprint -> a fit the user made on that box


def use_fit(fit: Fit) -> None:
    """From now on value positions on the box ``fit`` was made on with ``fit`` (a user's fit,
    ``scripts/fit_evaluation.py --box``; loaded by :func:`precog.analysis.fitted.fits.load_fit`).
    A fit never applies to another component set."""
    if len(_USER_FITS) >= 8:
        _USER_FITS.clear()
    _USER_FITS[fit.box] = fit


def user_fit(box_id: str) -> Fit | None:
    """The user's fit in use for the box ``box_id``, if any."""
    return _USER_FITS.get(box_id)


def fit_for(state: GameState) -> Fit:
    """The fit that values ``state``: the user's fit of its box if one is in use, else the
    shipped (reference set) fit."""
    return _USER_FITS.get(state.components.box_id) or shipped_fit()


def expected_final(state: GameState, seat: int, fit: Fit | None = None) -> float:
    """The one value of ``state`` for ``seat``: its final score expected under the sensible
    player (exact for a finished game, the last round played out, else the fitted
    prediction)."""
    if state.is_over:
        return last_check_value(state, seat)
    if state.round == ROUNDS:
        return last_round_value(state, seat)
    return fitted_value(state, seat, fit)


def fitted_value(state: GameState, seat: int, fit: Fit | None = None) -> float:
    """The fitted prediction alone, also in the last round (where :func:`expected_final`
    plays the round out instead); a finished game its value. What a look-ahead whose leaves
    will be played out anyway gives them meanwhile."""
    if state.is_over:
        return last_check_value(state, seat)
    fit = fit or fit_for(state)
    x = features(state, seat)
    return float(x @ fit.coefficients[state.config.mode])


LAST_ROUND_GAMES = 2
"""Games the sensible player plays out of a position of the last round (its own uniforms)."""
LAST_ROUND_SEED = 12


def last_round_value(state: GameState, seat: int, games: int = LAST_ROUND_GAMES) -> float:
    """The last round played out: the mean :func:`last_check_value` of ``games`` sensible
    games from ``state`` in its own world (a round is cheap to play, and the fit, made for
    whole games to come, misjudged the last check's Objectives)."""
    from precog.analysis.playouts.rollouts import DEFAULT_POLICY, play_out

    rows = _last_round_rows(games)
    by_choices: dict[tuple[object, ...], float] = {}
    values = []
    for row in rows:  # the sensible player draws only for its Keep/Give: games whose
        chosen, after = _keep_give_draws(state, row)  # draws choose alike end alike
        if chosen not in by_choices:
            by_choices[chosen] = last_check_value(play_out(after, DEFAULT_POLICY, row), seat)
        values.append(by_choices[chosen])
    return float(np.mean(values))


def _keep_give_draws(state: GameState,
                     row: np.ndarray) -> tuple[tuple[object, ...], GameState]:
    """The Keep/Give choices the sensible player's playout driven by ``row`` makes in
    ``state``'s Decision phase (none once it is past), and the position after them: after it
    the sensible player draws nothing, so two rows that choose alike play the same game, and
    the game goes on from there whatever the row."""
    from precog.analysis.playouts.rollouts import DEFAULT_POLICY
    from precog.analysis.playouts.uniform_row import UniformRow
    from precog.engine import Phase, legal_actions
    from precog.engine.playout import play_on

    read = UniformRow(row)
    start = state.round
    chosen: list[object] = []

    def move(s: GameState, seat: int) -> Action:
        options = legal_actions(s)
        action = options[DEFAULT_POLICY.index(s, read(s, seat), options)]
        chosen.append(action)
        return action

    after = play_on(state, move, lambda s: s.phase is not Phase.DECISION or s.round != start)
    return tuple(chosen), after


@lru_cache(maxsize=8)
def _last_round_rows(games: int) -> np.ndarray:
    """The uniforms of :func:`last_round_value`'s games (the same at every leaf: drawn once,
    read-only)."""
    from precog.analysis.playouts.rollouts import uniforms

    rows = uniforms(games, LAST_ROUND_SEED)
    rows.setflags(write=False)
    return rows


def leaf_error(state: GameState, fit: Fit | None = None) -> float:
    """The RMSE of :func:`expected_final` on positions like ``state`` (0 once it is over)."""
    if state.is_over:
        return 0.0
    fit = fit or fit_for(state)
    return fit.error(state.config.mode, state.config.players, state.round)
