"""Opponent models: how the tree weighs what other players choose.

``uniform`` (the default; the name is kept for the settings and commands that use it): the
right neighbour Gives as the playouts' sensible player would, each card with the chance a
playout draws it (:func:`~precog.analysis.playing.policy.give_chances`, over a few hands the
analysing seat cannot tell apart), and every other seat's Keep/Give in a sampled world is the
sensible player's, drawn as a playout draws it: the tree then weighs what the table's rollouts play
(not each card as equally likely, which no playout does);
``worst``: the right neighbour Gives the card that is worst for the analysing seat; ``bot``: a
bot (the greedy bot by default) predicts each choice from sampled worlds, so the probabilities
are its prediction.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.playing.basic_bots import GreedyBot
from precog.analysis.playing.players import ask
from precog.analysis.playing.policy import SENSIBLE, give_chances
from precog.analysis.playing.world import AnalysisError, first_legal, until_seat
from precog.engine import (
    Action,
    GameState,
    WorldSampler,
    determinize,
    legal_actions,
    observation,
)
from precog.engine.actions import Choose
from precog.engine.problems import Problem
from precog.engine.state import PHASE_DECISION

if TYPE_CHECKING:
    from precog.analysis.search.tree import TreeNode

MODELS = ("uniform", "worst", "bot")


def even(incoming: tuple[str, ...]) -> dict[str, float]:
    """Each card of ``incoming`` as likely as the others."""
    return {card: 1.0 / len(incoming) for card in incoming}


GIVE_HANDS = 3
"""Hands of the right neighbour its chances of Giving are averaged over: the sampled world's
own and more drawn from what the analysing seat sees."""


class OpponentModel:
    """The default model (the playouts' sensible player); subclasses change how opponent
    nodes are weighed."""

    name = "uniform"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed * 7919 + 17)
        self.samplers: tuple[GameState, int, WorldSampler] | None = None

    def give_probabilities(self, world: GameState, seat: int,
                           incoming: tuple[str, ...]) -> dict[str, float]:
        """The chance that ``seat`` Gives each card of ``incoming`` to its left neighbour, the
        analysing seat, of whose view ``world`` is a sample: the sensible player's, over
        ``world``'s hand of ``seat`` and others that view allows."""
        me = (seat + 1) % world.config.players
        sampler = self.sampler(world, me)
        worlds = [world, *(sampler(self.rng) for _ in range(GIVE_HANDS - 1))]
        probs = {card: 0.0 for card in incoming}
        for w in worlds:
            for card, p in give_chances(until_seat(w, seat, first_legal), seat).items():
                if card in probs:
                    probs[card] += p
        total = sum(probs.values())
        if total <= 0:
            return even(incoming)
        return {card: p / total for card, p in probs.items()}

    def sampler(self, world: GameState, seat: int) -> WorldSampler:
        """``determinize`` of ``world`` for ``seat``, what hides where worked out once for
        every choice asked about the same world (the tree asks with its base world for each
        of my choices)."""
        kept = self.samplers
        if kept is None or kept[0] is not world or kept[1] != seat:
            kept = self.samplers = (world, seat, WorldSampler(world, seat))
        return kept[2]

    def back_up(self, node: TreeNode) -> None:
        """Set an opponent node's value (and its children's probabilities and principal)."""
        if not node.children:
            return
        node.value = sum(c.probability * c.value for c in node.children)
        likely = max(node.children, key=lambda c: (c.probability, -c.value))
        for c in node.children:
            c.principal = c is likely

    def policy(self, world: GameState, seat: int) -> Action:
        """Another seat's move in a sampled world: its Keep/Give drawn as a playout draws the
        sensible player's, first legal otherwise."""
        options = legal_actions(world)
        if world.phase is PHASE_DECISION:
            return options[SENSIBLE.index(world, self.rng.random(), options)]
        return options[0]


class WorstCase(OpponentModel):
    name = "worst"

    def give_probabilities(self, world: GameState, seat: int,
                           incoming: tuple[str, ...]) -> dict[str, float]:
        return even(incoming)  # back_up picks the worst

    def back_up(self, node: TreeNode) -> None:
        if not node.children:
            return
        worst = min(node.children, key=lambda c: c.value)
        for c in node.children:
            c.probability = 1.0 if c is worst else 0.0
            c.principal = c is worst
        node.value = worst.value


class BotPrediction(OpponentModel):
    """A bot predicts each opponent choice in ``samples`` sampled worlds (cached per view)."""

    name = "bot"

    def __init__(self, seed: int = 0, bot: Any = None, samples: int = 2) -> None:
        super().__init__(seed)
        if bot is None:
            bot = GreedyBot(seed=seed)
        self.bot = bot
        self.samples = samples
        self.cache: dict[object, dict[Choose, float]] = {}

    def _choices(self, world: GameState, seat: int) -> dict[Choose, float]:
        view = observation(world, seat)
        key = (seat, view)
        found = self.cache.get(key)
        if found is not None:
            return found
        tally: dict[Choose, float] = {}
        for _ in range(self.samples):
            guess = determinize(world, seat, self.rng)
            guess = until_seat(guess, seat, first_legal)
            action = ask(self.bot, guess, seat)
            if not isinstance(action, Choose):
                raise AnalysisError(Problem.of(AnalysisCode.NOT_KEEP_GIVE,
                                               player=repr(self.bot)[:60]), input=action)
            tally[action] = tally.get(action, 0.0) + 1.0 / self.samples
        self.cache[key] = tally
        return tally

    def give_probabilities(self, world: GameState, seat: int,
                           incoming: tuple[str, ...]) -> dict[str, float]:
        tally = self._choices(until_seat(world, seat, first_legal), seat)
        probs = {card: 0.0 for card in incoming}
        for choice, p in tally.items():
            if choice.give in probs:
                probs[choice.give] += p
        total = sum(probs.values())
        if total <= 0:
            return super().give_probabilities(world, seat, incoming)
        return {card: p / total for card, p in probs.items()}

    def policy(self, world: GameState, seat: int) -> Action:
        if world.phase is not PHASE_DECISION:
            return legal_actions(world)[0]
        tally = self._choices(world, seat)
        best = max(tally.items(), key=lambda kv: kv[1])[0]
        for action in legal_actions(world):
            if action == best:
                return action
        return legal_actions(world)[0]


def make_model(name: str, seed: int = 0) -> OpponentModel:
    """The opponent model called ``name`` (uniform, worst or bot)."""
    if name == "uniform":
        return OpponentModel(seed)
    if name == "worst":
        return WorstCase(seed)
    if name == "bot":
        return BotPrediction(seed)
    raise AnalysisError(Problem.of(AnalysisCode.ONE_OF, name="model", got=repr(name)[:40],
                                   known=MODELS), input=name)
