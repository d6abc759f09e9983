"""precog as OpenSpiel Python games (the optional ``openspiel`` extra).

Two registered games share one state class over the engine:

* ``python_precog``: the Decision phase (and the advanced setup's room and card choices) is a
  simultaneous node where every seat picks its Keep/Give at once; everything else is played
  seat by seat. A chance node at the start picks the setup: one seed from a fixed list, each
  equally likely. Per-player observation strings show exactly what
  ``precog.engine.observation`` shows (other hands hidden).
* ``python_precog_turns``: the same game with the secret choices made one seat at a time (the
  engine's own order; a seat never sees another's choice before all have chosen), so that
  OpenSpiel's sequential algorithms (MCTS, information-set MCTS) can play it. Its
  ``resample_from_infostate`` is the engine's ``determinize``.

An action is the index of a precog action in the engine's ``legal_actions`` list (the list
depends only on what the seat sees). Returns are each seat's score when the game ends
(Healthy Humans; the team's in team mode; everyone's in cooperative mode, 0 on a loss).
Parameters: ``players``, ``mode``, ``setup``, ``difficulty``, ``seeds`` (how many setup seeds
the chance node chooses from).

>>> import pyspiel  # doctest: +SKIP
>>> game = pyspiel.load_game("python_precog", {"players": 2})  # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from precog.analysis.playing.players import first_legal, random_policy, until_seat
from precog.engine import (
    Action,
    GameState,
    Phase,
    apply,
    determinize,
    legal_actions,
    new_game,
    observation,
    render_text,
)
from precog.engine.playout import play_on

MAX_ACTIONS = 64
MAX_SCORE = 200.0
SECRET = (Phase.DECISION, Phase.SETUP_ROOMS, Phase.SETUP_PASS)
DEFAULTS = {"players": 2, "mode": "competitive", "setup": "standard", "difficulty": "normal",
            "seeds": 1000}


def _game_type(short: str, long: str, dynamics: Any) -> Any:
    return pyspiel.GameType(
        short_name=short, long_name=long, dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        provides_factored_observation_string=False, parameter_specification=DEFAULTS)


SIMULTANEOUS_TYPE = _game_type("python_precog", "precog (Precognition, unofficial)",
                               pyspiel.GameType.Dynamics.SIMULTANEOUS)
TURNS_TYPE = _game_type("python_precog_turns",
                        "precog (Precognition, unofficial), secret choices in turn",
                        pyspiel.GameType.Dynamics.SEQUENTIAL)


class _Frozen:
    """Holds a value that never changes (a position, the game); copying the OpenSpiel state
    shares it instead of copying it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


class PrecogGame(pyspiel.Game):
    """The simultaneous-move game (``python_precog``)."""

    game_type = SIMULTANEOUS_TYPE
    simultaneous = True

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(DEFAULTS, **(params or {}))
        self.setup: dict[str, Any] = {"players": int(p["players"]), "mode": str(p["mode"]),
                      "setup": str(p["setup"]), "difficulty": str(p["difficulty"])}
        self.seeds = list(range(int(p["seeds"])))
        new_game(seed=0, **self.setup)  # refuses bad options now, naming them
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=len(self.seeds),
            num_players=self.setup["players"], min_utility=0.0, max_utility=MAX_SCORE,
            utility_sum=None, max_game_length=2000)
        super().__init__(self.game_type, info, p)

    def new_initial_state(self) -> PrecogState:
        return PrecogState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PrecogObserver:
        return PrecogObserver(iig_obs_type, params)


class PrecogTurnsGame(PrecogGame):
    """The same game with secret choices made in turn (``python_precog_turns``)."""

    game_type = TURNS_TYPE
    simultaneous = False


class PrecogState(pyspiel.State):
    """An OpenSpiel state over an immutable precog position (None before the setup)."""

    def __init__(self, game: PrecogGame) -> None:
        super().__init__(game)
        self._game_ref = _Frozen(game)
        self._held = _Frozen(None)

    @property
    def _game(self) -> PrecogGame:
        game: PrecogGame = self._game_ref.value
        return game

    # -- the position
    @property
    def position(self) -> GameState | None:
        return self._held.value

    def _set(self, state: GameState) -> None:
        self._held = _Frozen(state)

    def _secret_phase(self) -> bool:
        s = self.position
        return self._game.simultaneous and s is not None and s.phase in SECRET

    def _options(self, player: int) -> list[Action]:
        s = self.position
        assert s is not None
        if self._secret_phase():
            return legal_actions(until_seat(s, player, first_legal))
        return legal_actions(s)

    # -- OpenSpiel API
    def current_player(self) -> int:
        s = self.position
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._secret_phase():
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return s.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._options(player))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / len(self._game.seeds)
        return [(i, p) for i in range(len(self._game.seeds))]

    def _apply_action(self, action: int) -> None:
        s = self.position
        if s is None:
            self._set(new_game(seed=self._game.seeds[action], **self._game.setup))
            return
        self._set(apply(s, self._options(s.to_move)[action]))

    def _apply_actions(self, actions: list[int]) -> None:
        s = self.position
        assert s is not None
        choices = {seat: self._options(seat)[a] for seat, a in enumerate(actions)}
        start = (s.round, s.phase)
        self._set(play_on(s, lambda w, seat: choices[seat],
                          lambda w: (w.round, w.phase) != start))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.position is None:
            return f"setup seed {self._game.seeds[action]}"
        options = self._options(player)
        return str(options[action]) if action < len(options) else f"action {action}"

    def is_terminal(self) -> bool:
        s = self.position
        return s is not None and s.is_over

    def returns(self) -> list[float]:
        s = self.position
        n = self._game.setup["players"]
        if s is None or not s.is_over or s.outcome is None:
            return [0.0] * n
        from precog.analysis.projection.evaluation import terminal_value

        return [float(round(terminal_value(s, seat))) for seat in range(n)]

    def information_state_string(self, player: int | None = None) -> str:
        return self.observation_string(player)

    def observation_string(self, player: int | None = None) -> str:
        s = self.position
        who = self.current_player() if player is None else player
        if s is None:
            return f"seat {who}: before the setup"
        return f"seat {who}\n{render_text(s, hidden_for=who)}"

    def resample_from_infostate(self, player: int, sampler: Any) -> PrecogState:
        """A state ``player`` cannot tell from this one (the engine's ``determinize``; seats
        that already chose in secret this phase choose again at random)."""
        s = self.position
        clone = self.clone()
        if s is None:
            return clone
        rng = random.Random(int(sampler() * 2**31))
        world = determinize(s, player, rng)
        chosen = [i for i, c in enumerate(s.choices or ()) if c is not None and i != player]
        world = play_on(world, random_policy(rng),
                        lambda w: w.phase not in SECRET or w.to_move not in chosen)
        clone._set(world)
        return clone

    def __str__(self) -> str:
        s = self.position
        return "before the setup" if s is None else render_text(s)


class PrecogObserver:
    """Per-player observation: the engine's observation of that seat, as text."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"precog observer takes no parameters, got {params}")
        self.iig_obs_type = iig_obs_type
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: PrecogState, player: int) -> None:
        pass

    def string_from(self, state: PrecogState, player: int) -> str:
        return state.observation_string(player)


def seat_observation(state: PrecogState, player: int) -> Any:
    """The engine's structured observation behind the strings (for tools)."""
    s = state.position
    return None if s is None else observation(s, player)


pyspiel.register_game(SIMULTANEOUS_TYPE, PrecogGame)
pyspiel.register_game(TURNS_TYPE, PrecogTurnsGame)


# -- OpenSpiel's search bots as precog players ------------------------------------------

class PrecogEvaluator:
    """An OpenSpiel evaluator using precog's projection (``precog.analysis.projection.evaluation``)
    instead of random rollouts; priors are uniform."""

    def evaluate(self, state: PrecogState) -> np.ndarray:
        from precog.analysis.projection.evaluation import evaluate

        s = state.position
        n = state.get_game().num_players()
        if s is None:
            return np.zeros(n)
        return np.array([evaluate(s, seat) for seat in range(n)])

    def prior(self, state: PrecogState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


class SpielPlayer:
    """An OpenSpiel search bot playing precog through the bot protocol.

    ``kind``: "ismcts" (information-set MCTS: worlds resampled with ``determinize``) or
    "mcts" (MCTS on one sampled world per decision). ``evaluator``: "random" (OpenSpiel's
    random rollouts) or "precog" (:class:`PrecogEvaluator`). Like every bot it sees only its
    observation and the world sampler bound by the game runner.
    """

    def __init__(self, seed: int = 0, kind: str = "ismcts", evaluator: str = "random",
                 simulations: int = 40, uct_c: float = 10.0) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        self.seed, self.kind, self.simulations = seed, kind, simulations
        self.rng = random.Random(seed)
        self.sample_world: Any = None
        np_rng = np.random.RandomState(seed % 2**32)  # it takes 0..2**32-1 only
        if evaluator == "precog":
            self.evaluator: Any = PrecogEvaluator()
        else:
            self.evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
        self._game: Any = None
        self._mcts, self._ismcts = mcts, ismcts
        self.uct_c, self.np_rng = uct_c, np_rng

    def __repr__(self) -> str:
        return f"SpielPlayer({self.kind}, seed={self.seed})"

    def _bot(self, game: Any) -> Any:
        if self.kind == "ismcts":
            return self._ismcts.ISMCTSBot(game, self.evaluator, self.uct_c, self.simulations,
                                          random_state=self.np_rng)
        return self._mcts.MCTSBot(game, self.uct_c, self.simulations, self.evaluator,
                                  random_state=self.np_rng, solve=False)

    def choose(self, obs: Any, legal: Any, sample_world: Any = None) -> Action:
        if sample_world is not None:
            self.sample_world = sample_world
        if len(legal) == 1:
            return legal[0]
        # seats that chose in secret before this one: a random guess
        world = until_seat(self.sample_world(self.rng), obs.player, random_policy(self.rng))
        c = world.config
        game = PrecogTurnsGame({"players": c.players, "mode": c.mode, "setup": c.setup,
                                "difficulty": c.difficulty, "seeds": 1})
        state = game.new_initial_state()
        state._set(world)
        index = int(self._bot(game).step(state))
        options = legal_actions(world)
        chosen = options[index]
        if chosen not in legal:
            raise ValueError(f"{self!r} chose {chosen}, not legal here")
        return chosen
