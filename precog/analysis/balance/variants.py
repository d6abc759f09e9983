"""Look-ahead bots with one part of the game switched off, for the balance targets' ablations.

* ``lookahead-nomachines`` never places a Battery on a Machine (it declines every Battery) and
  its evaluation gives powered Machines and Batteries no worth, so it plans without Machines.
* ``lookahead-nobane`` plays as ``lookahead`` but its evaluation is blind to Bane beyond the
  round it searches: no projected loss to the Bane level, no worth for a spare Protector.

Paired with ``lookahead`` in seeded games they say what Machines and Bane are worth to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from precog.analysis.arena.bots import LookaheadBot, make_bot
from precog.analysis.projection.evaluation import DEFAULT
from precog.engine.actions import Action, PlaceBattery
from precog.engine.observation import Observation


class NoMachinesBot(LookaheadBot):
    """The look-ahead bot that never fills a Machine."""

    name = "lookahead-nomachines"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, weights=replace(DEFAULT, machine=0.0, battery=0.0))

    def pick(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if any(isinstance(a, PlaceBattery) for a in legal_actions):
            return PlaceBattery(None)
        return super().pick(observation, legal_actions)


class NoBaneBot(LookaheadBot):
    """The look-ahead bot whose evaluation ignores Bane."""

    name = "lookahead-nobane"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, weights=replace(DEFAULT, bane=0.0, spare_protector=0.0))


VARIANTS: dict[str, Callable[[int], LookaheadBot]] = {
    NoMachinesBot.name: NoMachinesBot, NoBaneBot.name: NoBaneBot}


def make_player(spec: str, seed: int) -> Any:
    """A bot of :func:`~precog.analysis.arena.bots.make_bot`, or one of :data:`VARIANTS`."""
    if spec in VARIANTS:
        return VARIANTS[spec](seed)
    return make_bot(spec, seed)
