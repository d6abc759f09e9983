"""Bots: players that choose from what they may observe.

The protocol is one method, ``choose(observation, legal_actions) -> action``. A bot that
needs to simulate gets, before each call, ``sample_world``: a function ``rng -> GameState``
returning a full position consistent with its observation (the game runner binds it to
``determinize(state, seat, rng)``, which uses only what the seat may see). A bot never
receives the real position.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`GreedyBot`: the best immediate outcome: each Keep/Give and each plan step is judged
  by the Boat's resources at the end of this round (no projection, no look-ahead beyond it).
* :class:`LookaheadBot`: the look-ahead tree (:func:`precog.analysis.tree.build_tree`) with
  the projection evaluation, under an opponent model.
* :class:`RolloutBot`: Monte Carlo: ranks its Keep/Give choices by batched rollouts to the
  end of the game (:func:`precog.analysis.ranking.rank_options`).

>>> from precog.engine import new_game
>>> final = play_game([RandomBot(1), RandomBot(2)], seed=4, players=2)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from precog.analysis.evaluation import DEFAULT, Weights, evaluate, immediate
from precog.analysis.plans import RoundSearch
from precog.analysis.world import AnalysisError, river_outcomes
from precog.engine import (
    Action,
    GameState,
    Observation,
    apply,
    determinize,
    legal_actions,
    new_game,
    observation,
)
from precog.engine.actions import Choose, ChooseRooms, EndActions, Mitigate, PassCards, Reveal

WorldSampler = Callable[[random.Random], GameState]


class Player(Protocol):
    """What a bot is: it chooses one of the legal actions from its observation."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...


class Bot:
    """Base class: a seeded generator and the world sampler bound by the game runner."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.sample_world: WorldSampler | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def world(self) -> GameState:
        if self.sample_world is None:
            raise AnalysisError(f"{self!r} needs sample_world (a function rng -> a position "
                                "consistent with its observation) to simulate")
        return self.sample_world(self.rng)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.randrange(len(legal_actions))]


class _Planner(Bot):
    """Shared by the bots that simulate: setup heuristics and the plan for a round."""

    narrow = False
    coop_worlds = 0  # worlds that value a cooperative Objective step (0: one, like any step)

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        raise NotImplementedError

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        first = legal_actions[0]
        if isinstance(first, ChooseRooms | PassCards):
            return setup_choice(self.world(), observation.player, legal_actions)
        if isinstance(first, Choose):
            return self.decide(observation, legal_actions)
        return self.plan_step(observation, legal_actions)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        raise NotImplementedError

    def plan_step(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The first step of the best plan for the rest of this round."""
        if self.coop_worlds and any(isinstance(a, Reveal | Mitigate | EndActions)
                                    for a in legal_actions):
            return self.objective_step(observation, legal_actions)
        world = self.world()
        seat = observation.player
        search = RoundSearch(seat, river_outcomes(observation), self.leaf(seat),
                             narrow=self.narrow)
        line = search.run(world)
        if line.steps and line.steps[0] in legal_actions:
            return line.steps[0]
        return legal_actions[0]


    def objective_step(self, observation: Observation,
                       legal_actions: Sequence[Action]) -> Action:
        """A cooperative step that offers Objective actions (reveal before activating; reveal,
        mitigate or done after placing gains and in the team window): each option is valued by
        the best plan for the rest of the round, averaged over ``coop_worlds`` sampled worlds,
        so that a reveal is judged over every tile it could show (one sampled world would show
        one tile and make revealing look good or bad by chance). Ties go to ``done``, and
        before activating to the first activation (not to revealing)."""
        seat = observation.player
        rivers = river_outcomes(observation)
        totals = dict.fromkeys(legal_actions, 0.0)
        for _ in range(self.coop_worlds):
            world = self.world()
            for action in legal_actions:
                search = RoundSearch(seat, rivers, self.leaf(seat), narrow=self.narrow)
                totals[action] += search.run(apply(world, action)).value
        if isinstance(legal_actions[-1], EndActions):
            return max(reversed(legal_actions), key=lambda a: totals[a])
        return max(legal_actions, key=lambda a: totals[a])  # the reveal is listed last


class GreedyBot(_Planner):
    """Best immediate outcome: the Boat's resources at the end of this round."""

    name = "greedy"
    narrow = True

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        return lambda s: immediate(s, seat)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        from precog.analysis.tree import build_tree

        seat = observation.player
        root = build_tree(self.world(), seat, depth_rounds=1,
                          evaluation=lambda s, who: immediate(s, who), seed=self.rng.randrange(
                              1 << 30), worlds=1, leaves=False)
        return best_child_action(root, legal_actions)


class LookaheadBot(_Planner):
    """The look-ahead tree with the projection evaluation (``depth_rounds`` 1 or 2).

    ``spite``: in the competitive mode, how much of what its Give is worth to the left
    neighbour the bot subtracts (0: it only looks at its own Boat).
    """

    name = "lookahead"
    coop_worlds = 6

    def __init__(self, seed: int = 0, depth_rounds: int = 1, model: str = "uniform",
                 weights: Weights = DEFAULT, worlds: int = 2, spite: float = 0.0) -> None:
        super().__init__(seed)
        self.depth_rounds, self.model, self.weights = depth_rounds, model, weights
        self.worlds, self.spite = worlds, spite

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        weights = self.weights
        return lambda s: evaluate(s, seat, weights)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        from precog.analysis.tree import build_tree

        seat = observation.player
        world = self.world()
        root = build_tree(world, seat, model=self.model, depth_rounds=self.depth_rounds,
                          evaluation=self.weights, seed=self.rng.randrange(1 << 30),
                          worlds=self.worlds, leaves=False)
        if self.spite and world.config.mode == "competitive":
            from precog.analysis.ranking import give_values

            worth = give_values(world, seat, self.rng.randrange(1 << 30))
            for child in root.children:
                child.value -= self.spite * worth.get(child.label.split()[-1], 0.0)
        return best_child_action(root, legal_actions)


class RolloutBot(_Planner):
    """Monte Carlo: Keep/Give ranked by ``rollouts`` batched rollouts per choice."""

    name = "rollout"

    def __init__(self, seed: int = 0, rollouts: int = 64, model: str = "uniform",
                 weights: Weights = DEFAULT) -> None:
        super().__init__(seed)
        self.rollouts, self.model, self.weights = rollouts, model, weights

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        weights = self.weights
        return lambda s: evaluate(s, seat, weights)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        from precog.analysis.ranking import rank_options

        ranking = rank_options(self.world(), observation.player, model=self.model,
                               rollouts=self.rollouts, seed=self.rng.randrange(1 << 30),
                               depth_rounds=1, with_give_values=False)
        best = ranking.rows[0].action
        for action in legal_actions:
            if str(action) == best:
                return action
        return legal_actions[0]


def best_child_action(root: Any, legal_actions: Sequence[Action]) -> Action:
    best = max(root.children, key=lambda c: c.value)
    for action in legal_actions:
        if str(action) == best.label:
            return action
    raise AnalysisError(f"the tree's best choice {best.label} is not legal")


def setup_choice(world: GameState, seat: int, legal_actions: Sequence[Action]) -> Action:
    """Advanced setup: keep the two rooms with the cheapest Machines; send right the two
    cards that give least (the other two become the first hand)."""
    first = legal_actions[0]
    comps = world.components
    if isinstance(first, ChooseRooms):
        def cheap(a: Action) -> float:
            assert isinstance(a, ChooseRooms)
            return sum(1.0 / max(1, m.batteries) for r in a.rooms
                       for m in comps.room_by_id[r].face(True))
        return max(legal_actions, key=cheap)
    hand = world.players[seat].hand

    def worth(card_id: str) -> float:
        card = comps.cards[card_id]
        return (card.gain or 0) + card.bonus.total() - 0.5 * (card.cost or 0)

    weakest = tuple(sorted(hand, key=worth)[:2])
    for a in legal_actions:
        if isinstance(a, PassCards) and set(a.cards) == set(weakest):
            return a
    return legal_actions[0]


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot,
    "rollout": RolloutBot,
}


SPIEL_BOTS = {  # OpenSpiel's search bots (the openspiel extra): kind, leaf evaluator
    "ismcts": ("ismcts", "random"), "ismcts-eval": ("ismcts", "precog"),
    "mcts-eval": ("mcts", "precog"),
}


def bot_names() -> list[str]:
    return sorted([*BOTS, "lookahead2", *SPIEL_BOTS])


def make_bot(spec: str, seed: int) -> Any:
    """A bot from its name, seeded: ``random``, ``greedy``, ``lookahead``, ``lookahead2`` (two
    rounds), ``rollout``, and with OpenSpiel installed ``ismcts`` (information-set MCTS, random
    rollouts), ``ismcts-eval`` and ``mcts-eval`` (leaves valued by precog's evaluation)."""
    if spec == "lookahead2":
        return LookaheadBot(seed, depth_rounds=2)
    if spec in SPIEL_BOTS:
        try:
            from precog.analysis.openspiel_game import SpielPlayer
        except ImportError:
            raise AnalysisError(f"bot {spec!r} needs OpenSpiel (pip install "
                                "'precog[openspiel]')") from None
        kind, evaluator = SPIEL_BOTS[spec]
        return SpielPlayer(seed, kind=kind, evaluator=evaluator)
    if spec not in BOTS:
        raise AnalysisError(f"bot {spec!r}: expected one of {', '.join(bot_names())}")
    return BOTS[spec](seed)


def play_game(bots: Sequence[Player], seed: int = 0,
              observe: Callable[[GameState], None] | None = None, **setup: Any) -> GameState:
    """Play one seeded game between ``bots`` (seat order); returns the final position.

    Each bot sees only ``observation(state, seat)``; bots that simulate get a world sampler
    bound to ``determinize(state, seat, rng)``. ``observe``, if given, is shown every
    position of the game, the first and the last included.
    """
    players = setup.pop("players", len(bots))
    if players != len(bots):
        raise AnalysisError(f"{players} players but {len(bots)} bots")
    state = new_game(players=players, seed=seed, **setup)
    if observe is not None:
        observe(state)
    while not state.is_over:
        seat = state.to_move
        bot = bots[seat]
        legal = legal_actions(state)
        if hasattr(bot, "sample_world"):
            bot.sample_world = _sampler(state, seat)
        action = bot.choose(observation(state, seat), legal)
        if action not in legal:
            raise AnalysisError(f"{bot!r} chose {action}, which is not legal here")
        state = apply(state, action)
        if observe is not None:
            observe(state)
    return state


def _sampler(state: GameState, seat: int) -> WorldSampler:
    return lambda rng: determinize(state, seat, rng)


