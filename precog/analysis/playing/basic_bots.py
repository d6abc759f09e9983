"""The bots that need no look-ahead tree: the base class, Random and Greedy.

Every bot is a :class:`~precog.analysis.playing.players.Player`: one method,
``choose(observation, legal, sample_world) -> action``, where ``sample_world`` is a function
``rng -> GameState`` returning a full position consistent with its observation
(:func:`~precog.analysis.playing.players.ask` binds it to ``determinize(state, seat, rng)``, which
uses only what the seat may see). A bot never receives the real position.

* :class:`RandomBot`: a uniformly random legal action.
* :class:`GreedyBot`: the best immediate outcome: each Keep/Give and each plan step is judged
  by the Boat's resources at the end of this round (no projection, no look-ahead beyond it).

The look-ahead bots are in :mod:`precog.analysis.arena.bots` (they build on the tree, whose ``bot``
opponent model uses the Greedy bot from here).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.playing.plans import Line, NodeKey, RoundSearch
from precog.analysis.playing.players import WorldSampler
from precog.analysis.playing.rounds import RoundPlayer, round_values
from precog.analysis.playing.world import AnalysisError, river_outcomes
from precog.analysis.projection.evaluation import immediate
from precog.engine import Action, GameState, Observation, apply
from precog.engine.actions import Choose, ChooseRooms, EndActions, Mitigate, PassCards, Reveal
from precog.engine.collector import fewer_collections
from precog.engine.observation import observation as observation_of
from precog.engine.problems import Problem

__all__ = ["Bot", "GreedyBot", "RandomBot", "setup_choice"]


class Bot:
    """Base class: a seeded generator and the world sampler of the current call.

    ``choose(observation, legal, sample_world)`` keeps ``sample_world`` for :meth:`world` and
    hands over to :meth:`pick`, which subclasses write.
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.sample_world: WorldSampler | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def world(self) -> GameState:
        if self.sample_world is None:
            raise AnalysisError(Problem.of(AnalysisCode.NEEDS_SAMPLER, player=repr(self)[:60]))
        return self.sample_world(self.rng)

    def choose(self, observation: Observation, legal_actions: Sequence[Action],
               sample_world: WorldSampler | None = None) -> Action:
        if sample_world is not None:
            self.sample_world = sample_world
        return self.pick(observation, legal_actions)

    def pick(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def pick(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self.rng.randrange(len(legal_actions))]


class _Planner(Bot):
    """Shared by the bots that simulate: setup heuristics and the plan for a round."""

    narrow = False
    transpose = False  # lines shared once the cards are played (a leaf that reads the Boats)
    coop_worlds = 0  # worlds that value a cooperative Objective step (0: one, like any step)

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        raise NotImplementedError

    def pick(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        with fewer_collections():  # a search keeps most of what it makes until it is done
            return self._pick(observation, legal_actions)

    def _pick(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
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
        leaf = self.leaf(seat)
        shared = self.round_lines(world, seat) if self.transpose else None
        search = RoundSearch(seat, river_outcomes(observation), leaf, narrow=self.narrow,
                             shared=shared.after_river if shared else None,
                             river_key=shared.river_keys if shared else None)
        line = search.run(world)
        if line.steps and line.steps[0] in legal_actions:
            return line.steps[0]
        return legal_actions[0]

    _round_lines: tuple[object, tuple[object, ...], RoundPlayer] | None = None

    def round_lines(self, world: GameState, seat: int) -> RoundPlayer:
        """The lines this bot's searches share once the seat's cards are played (a leaf that
        reads only the Boats, ``transpose``: :meth:`~precog.analysis.playing.rounds.RoundPlayer.
        river_key`), kept for the rest of the round: the plan steps and Objective steps of one
        round search the same lines in worlds that differ only in what those lines do not
        read, as the worlds of one step already do."""
        anchor = (world.round, seat, world.config, world.players[seat].rooms)
        kept = self._round_lines
        if kept is None or kept[0] is not world.components or kept[1] != anchor:
            shared = RoundPlayer(seat, world.config.players, self.leaf(seat), transpose=True)
            kept = self._round_lines = (world.components, anchor, shared)
        return kept[2]

    def objective_step(self, observation: Observation,
                       legal_actions: Sequence[Action]) -> Action:
        """A cooperative step that offers Objective actions (reveal before activating; reveal,
        mitigate or done after placing gains and in the team window): each option is valued by
        the best plan for the rest of the round, averaged over ``coop_worlds`` sampled worlds,
        so that a reveal is judged over every tile it could show (one sampled world would show
        one tile and make revealing look good or bad by chance). Ties go to ``done``, and
        before activating to the first activation (not to revealing)."""
        totals = self.objective_values(observation, legal_actions)
        if isinstance(legal_actions[-1], EndActions):
            return max(reversed(legal_actions), key=lambda a: totals[a])
        return max(legal_actions, key=lambda a: totals[a])  # the reveal is listed last

    def objective_values(self, observation: Observation,
                         legal_actions: Sequence[Action]) -> dict[Action, float]:
        """Each option's value summed over ``coop_worlds`` sampled worlds (see
        :meth:`objective_step`). An action after which the table plays on past this round's
        River tile (the last seat's mitigation in the team window, nothing left to choose
        until the next round) is valued with the next tile's outcomes, not this one's. With a
        leaf that reads only the Boats (``transpose``), the searches share their lines once
        the cards are played, between worlds, options and the round's other steps alike
        (:meth:`round_lines`)."""
        seat = observation.player
        rivers = river_outcomes(observation)
        totals = dict.fromkeys(legal_actions, 0.0)
        leaf = self.leaf(seat)
        shared = None
        for _ in range(self.coop_worlds):
            world = self.world()
            if shared is None and self.transpose:
                shared = self.round_lines(world, seat)
            # the options' searches in one world share the positions they meet (by River
            # outcomes: a position's best line is the same in every search that has them)
            searched: dict[tuple[object, ...], dict[NodeKey, Line]] = {}
            for action in legal_actions:
                after = apply(world, action)
                outcomes = (rivers if after.round == world.round
                            else river_outcomes(observation_of(after, seat)))
                search = RoundSearch(seat, outcomes, leaf, narrow=self.narrow,
                                     shared=shared.after_river if shared else None,
                                     river_key=shared.river_keys if shared else None,
                                     _cache=searched.setdefault(tuple(outcomes), {}))
                totals[action] += search.run(after).value
        return totals


class GreedyBot(_Planner):
    """Best immediate outcome: the Boat's resources at the end of this round."""

    name = "greedy"
    narrow = True

    def leaf(self, seat: int) -> Callable[[GameState], float]:
        return lambda s: immediate(s, seat)

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        seat = observation.player
        values = round_values(self.world(), seat, self.leaf(seat), self.rng.randrange(1 << 30))
        best = max(values, key=lambda cv: cv[1])[0]
        for action in legal_actions:
            if action == best:
                return action
        raise AnalysisError(Problem.of(AnalysisCode.BEST_NOT_LEGAL, choice=str(best)))


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
