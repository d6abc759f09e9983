"""Bots: players that choose from what they may observe.

Every bot is a :class:`~precog.analysis.playing.players.Player`: one method,
``choose(observation, legal, sample_world) -> action``, where ``sample_world`` is a function
``rng -> GameState`` returning a full position consistent with its observation
(:func:`~precog.analysis.playing.players.ask` binds it to ``determinize(state, seat, rng)``, which
uses only what the seat may see). A bot never receives the real position.

* :class:`RandomBot`: a uniformly random legal action (from
:mod:`~precog.analysis.playing.basic_bots`).
* :class:`GreedyBot`: the best immediate outcome: each Keep/Give and each plan step is judged
  by the Boat's resources at the end of this round (no projection, no look-ahead beyond it;
  from :mod:`~precog.analysis.playing.basic_bots`).
* :class:`LookaheadBot`: the look-ahead tree (:func:`precog.analysis.search.tree.build_tree`) with
  the projection evaluation, under an opponent model.
* :class:`PolicyBot`: the sensible player of the rollouts (:class:`~precog.analysis.playing.policy.
  SensiblePolicy`) at the table: no search, one judgement per decision.
* :class:`RolloutBot`: Monte Carlo: ranks its Keep/Give choices by batched rollouts to the
  end of the game (:func:`precog.analysis.choices.ranking.rank_options`).

>>> from precog.engine import new_game
>>> final = play_game([RandomBot(1), RandomBot(2)], seed=4, players=2)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.choices.ranking import give_values, rank_options
from precog.analysis.playing.basic_bots import Bot, GreedyBot, RandomBot, _Planner, setup_choice
from precog.analysis.playing.players import Player, as_policy
from precog.analysis.playing.world import AnalysisError
from precog.analysis.playouts.rollouts import DEFAULT_POLICY
from precog.analysis.projection.evaluation import DEFAULT, Weights, evaluate
from precog.analysis.search.tree import build_tree, choice_of
from precog.engine import Action, GameState, Observation, new_game
from precog.engine.actions import ChooseRooms, PassCards
from precog.engine.collector import fewer_collections
from precog.engine.playout import play_on
from precog.engine.problems import Problem

__all__ = [
    "BOTS",
    "ONE_SECOND_ROLLOUTS",
    "Bot",
    "GreedyBot",
    "LookaheadBot",
    "Player",
    "PolicyBot",
    "RandomBot",
    "RolloutBot",
    "best_child_action",
    "bot_names",
    "is_work_budget",
    "make_bot",
    "play_game",
    "setup_choice",
]


class LookaheadBot(_Planner):
    """The look-ahead tree with the projection evaluation (``depth_rounds`` 1 or 2).

    ``spite``: in the competitive mode, how much of what its Give is worth to the left
    neighbour the bot subtracts (0: it only looks at its own Boat).
    """

    name = "lookahead"
    coop_worlds = 6
    transpose = True  # its leaf, the projection, reads only the Boats (shares_after_river)

    def __init__(self, seed: int = 0, depth_rounds: int = 1, model: str = "uniform",
                 weights: Weights = DEFAULT, worlds: int = 2, spite: float = 0.0) -> None:
        super().__init__(seed)
        self.depth_rounds, self.model, self.weights = depth_rounds, model, weights
        self.worlds, self.spite = worlds, spite

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        weights = self.weights
        return lambda s: evaluate(s, seat, weights)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        with fewer_collections():  # the collector's thresholds come back once the tree is gone
            return self._decide(observation, legal_actions)

    def _decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        seat = observation.player
        world = self.world()
        root = build_tree(world, seat, model=self.model, depth_rounds=self.depth_rounds,
                          evaluation=self.weights, seed=self.rng.randrange(1 << 30),
                          worlds=self.worlds, leaves=False)
        if self.spite and world.config.mode == "competitive":
            worth = give_values(world, seat, self.rng.randrange(1 << 30))
            for child in root.children:
                child.value -= self.spite * worth.get(choice_of(child).give, 0.0)
        return best_child_action(root, legal_actions)


class PolicyBot(Bot):
    """The rollouts' sensible player (:data:`~precog.analysis.playouts.rollouts.DEFAULT_POLICY`) in
    a sampled world; the advanced setup's choices as the other bots make them."""

    name = "policy"

    def __init__(self, seed: int = 0, policy: Any = None) -> None:
        super().__init__(seed)
        self.policy = policy or DEFAULT_POLICY

    def pick(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        world = self.world()
        if isinstance(legal_actions[0], ChooseRooms | PassCards):
            return setup_choice(world, observation.player, legal_actions)
        return policy_move(self.policy, world, self.rng, legal_actions)


def policy_move(policy: Any, world: GameState, rng: random.Random,
                legal_actions: Sequence[Action]) -> Action:
    """The move ``policy`` (a sensible player) makes among ``legal_actions`` in ``world``."""
    options = list(legal_actions)
    return options[policy.index(world, rng.random(), options)]


class RolloutBot(_Planner):
    """Monte Carlo: Keep/Give ranked by ``rollouts`` batched rollouts per choice (with
    ``budget_s``: as many as fit in that many seconds, at most ``rollouts``); every other
    decision planned for the round like the look-ahead bot's, or with ``plays_on`` played as
    that sensible player plays it.

    ``plays_on`` makes the bot the player who follows the explorer: the explorer's values
    assume the seat's later decisions are the sensible player's (its rollouts play them so),
    and this bot plays them so. It is what policy iteration calls the rollout policy of the
    sensible player: its Keep/Give improves on the sensible player's own, and the rest of the
    game is the sensible player's (``benchmarks/strength.py`` measures both against the
    look-ahead bot).

    ``explorer=True`` without ``budget_s``: the explorer's timed ranking on a budget of work
    instead of seconds, the same whatever the machine's load: the choices race
    (:func:`~precog.analysis.choices.ranking.still_racing`) and the tree's leaves are the fit, as
    under a time budget, and the rollouts stop at ``rollouts`` a choice, which is exactly
    where a timed ranking that reached them would stop (the batches follow the same plan)."""

    name = "rollout"

    def __init__(self, seed: int = 0, rollouts: int = 64, model: str = "uniform",
                 weights: Weights = DEFAULT, budget_s: float | None = None,
                 explorer: bool = False, plays_on: Any = None) -> None:
        super().__init__(seed)
        self.rollouts, self.model, self.weights = rollouts, model, weights
        self.budget_s, self.plays_on = budget_s, plays_on
        self.race: bool | None = True if explorer else None  # None: the ranking's own rule
        self.leaf_values: str | None = "fit" if explorer else None
        self.samples: list[int] = []  # the rollouts a choice each Keep/Give rested on

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        weights = self.weights
        return lambda s: evaluate(s, seat, weights)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        ranking = rank_options(self.world(), observation.player, model=self.model,
                               rollouts=self.rollouts, seed=self.rng.randrange(1 << 30),
                               depth_rounds=1, with_give_values=False,
                               budget_s=self.budget_s, race=self.race,
                               leaf_values=self.leaf_values)
        self.samples.append(int(ranking.meta["samples"]))
        best = ranking.rows[0].choice
        for action in legal_actions:
            if action == best:
                return action
        return legal_actions[0]

    def plan_step(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if self.plays_on is None:
            return super().plan_step(observation, legal_actions)
        return policy_move(self.plays_on, self.world(), self.rng, legal_actions)


def best_child_action(root: Any, legal_actions: Sequence[Action]) -> Action:
    best = max(root.children, key=lambda c: c.value)
    for action in legal_actions:
        if action == choice_of(best):
            return action
    raise AnalysisError(Problem.of(AnalysisCode.BEST_NOT_LEGAL, choice=best.label))


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot,
    "rollout": RolloutBot, "policy": PolicyBot,
}


SPIEL_BOTS = {  # OpenSpiel's search bots (the openspiel extra): kind, leaf evaluator
    "ismcts": ("ismcts", "random"), "ismcts-eval": ("ismcts", "precog"),
    "mcts-eval": ("mcts", "precog"),
}


WORK_PREFIX = "rollout@"
"""``rollout@N``: the explorer's ranking on a budget of ``N`` rollouts a choice (work, not
seconds: the same choice whatever the machine's load)."""


def bot_names() -> list[str]:
    return sorted([*BOTS, "lookahead2", "rollout1s", "rollout10s", f"{WORK_PREFIX}N",
                   *SPIEL_BOTS])


ONE_SECOND_ROLLOUTS = 4_096
"""The rollouts a choice the explorer's 1-second ranking reaches on a quiet 2-core machine
(``benchmarks/analysis.py --json``, ``ranking_samples_per_choice_at_1s``: a median of 4,074 on
its seven 4-player positions at load 0.8, the second's ranking stopping at 0.74-0.79 s): the
benchmarks' load-proof stand-in for that second, ``rollout@4096``."""
WORK_RANGE = (2, 10_000_000)
"""The least and most rollouts a choice a ``rollout@N`` bot may be given."""


def is_work_budget(spec: str) -> bool:
    """Whether ``spec`` names the explorer on a budget of work: ``rollout@N``, ``N`` a whole
    number within :data:`WORK_RANGE`.

    >>> is_work_budget("rollout@2048"), is_work_budget("rollout@1"), is_work_budget("rollout")
    (True, False, False)
    """
    count = spec[len(WORK_PREFIX):]
    return spec.startswith(WORK_PREFIX) and count.isdigit() and len(count) <= 8 \
        and WORK_RANGE[0] <= int(count) <= WORK_RANGE[1]


def make_bot(spec: str, seed: int) -> Any:
    """A bot from its name, seeded: ``random``, ``greedy``, ``policy`` (the rollouts' sensible
    player), ``lookahead``, ``lookahead2`` (two rounds), ``rollout``, ``rollout1s`` (rollouts
    for 1 s per Keep/Give), ``rollout10s`` (the same with 10 times the time), and with OpenSpiel
    installed ``ismcts`` (information-set MCTS, random rollouts), ``ismcts-eval`` and
    ``mcts-eval`` (leaves valued by precog's evaluation); ``rollout@N``: the 1-second explorer's
    ranking stopped at ``N`` rollouts a choice instead of on the clock (:func:`is_work_budget`).
    ``rollout1s``, ``rollout10s`` and ``rollout@N`` are the player who follows the explorer:
    its Keep/Give, every other decision the sensible player's (``RolloutBot.plays_on``);
    ``rollout`` plans the other decisions as the look-ahead bot does."""
    if is_work_budget(spec):
        return RolloutBot(seed, rollouts=int(spec[len(WORK_PREFIX):]), explorer=True,
                          plays_on=DEFAULT_POLICY)
    if spec == "lookahead2":
        return LookaheadBot(seed, depth_rounds=2)
    if spec == "rollout1s":  # the analysis a player gets in 1 s: rollouts until time is up
        return RolloutBot(seed, rollouts=1_000_000, budget_s=1.0, plays_on=DEFAULT_POLICY)
    if spec == "rollout10s":  # the same analysis with 10 times the time
        return RolloutBot(seed, rollouts=1_000_000, budget_s=10.0, plays_on=DEFAULT_POLICY)
    if spec in SPIEL_BOTS:
        try:
            from precog.analysis.arena.openspiel_game import SpielPlayer
        except ImportError:
            raise AnalysisError(Problem.of(AnalysisCode.NEEDS_OPENSPIEL, bot=spec),
                                input=spec) from None
        kind, evaluator = SPIEL_BOTS[spec]
        return SpielPlayer(seed, kind=kind, evaluator=evaluator)
    if spec not in BOTS:
        raise AnalysisError(Problem.of(AnalysisCode.ONE_OF, name="bot", got=repr(spec)[:40],
                                       known=tuple(bot_names())), input=spec)
    return BOTS[spec](seed)


def play_game(bots: Sequence[Player], seed: int = 0,
              observe: Callable[[GameState], None] | None = None, **setup: Any) -> GameState:
    """Play one seeded game between ``bots`` (seat order); returns the final position.

    Each bot sees only ``observation(state, seat)`` and worlds sampled from it
    (:func:`~precog.analysis.playing.players.ask`). ``observe``, if given, is shown every position
    of the game, the first and the last included.
    """
    players = setup.pop("players", len(bots))
    if players != len(bots):
        raise AnalysisError(Problem.of(AnalysisCode.BOTS_COUNT, players=players,
                                       bots=len(bots)), input=bots)
    on_move = None if observe is None else (lambda _before, _action, after: observe(after))
    state = new_game(players=players, seed=seed, **setup)
    if observe is not None:
        observe(state)
    return play_on(state, as_policy(list(bots)), on_move=on_move, limit=1 << 30)
