"""What a card or a gain is worth to one Boat, as the sensible player counts it.

The sensible player (:mod:`precog.analysis.playing.policy`) judges every choice by whole-number
"points" on the seat's own Boat (4 points are one Healthy Human; what each part of a card is
worth is the :class:`~precog.analysis.playing.policy_data.Judgement` shipped in
``precog/data/policy.toml``): :class:`Facts` is what it looks
at, :func:`gains_points` what a gain brings, :func:`cost_points` and :func:`bane_points` what a
card's Cost and Bane take away, :func:`card_worth` a card to Keep. The numpy batch's twins
(:mod:`precog.analysis.playouts.batch_policy`) reach the same numbers bit for bit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from precog.analysis.playing.policy_data import Judgement, shipped_policy_weights
from precog.engine import GameState
from precog.engine.components import Card, Gains
from precog.engine.formulas import islands_from, protectors_against
from precog.engine.gains import capacities
from precog.engine.state import BANE_MAX, ROUNDS

HH = 4  # points per Healthy Human
X_GUESS = 2  # an X Cost or gain before its partner card is known
JUDGEMENT = shipped_policy_weights().judgement  # what a card's parts are worth (policy.toml)


class Facts(NamedTuple):
    """What the sensible player looks at on one Boat, as whole numbers (a named tuple: the
    judgements' memories key on it, and a tuple is hashed and compared without a call)."""

    food: int
    healthy: int
    contaminated: int
    doctors: int
    protectors: int
    bane: int
    free_slots: int  # Batteries the Machines can still take
    left: int  # rounds still to play, this one included
    feeds: int  # Islands still to come, this round's included


def facts(state: GameState, seat: int) -> Facts:
    p = state.players[seat]
    slots = capacities(state, p.rooms)
    round_ = state.round
    return Facts(p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane,
                 sum(slots) - sum(p.batteries[:len(slots)]), ROUNDS - round_ + 1,
                 islands_from(round_))


def free_slots(state: GameState, seat: int) -> int:
    """Batteries the Machines of ``seat`` can still take."""
    p = state.players[seat]
    slots = capacities(state, p.rooms)
    return sum(slots) - sum(p.batteries[:len(slots)])


def battery_points(f: Facts, j: Judgement = JUDGEMENT) -> int:
    return j.battery_early if f.left >= 6 else j.battery_late if f.left >= 3 else 0


def protectors_short(f: Facts) -> int:
    """Protectors the current Bane still calls for beyond those on the Bow."""
    return max(0, protectors_against(f.bane) - f.protectors)


def gains_points(g: tuple[int, ...], f: Facts, j: Judgement = JUDGEMENT) -> int:
    """What ``g`` (food, human, battery, ymune, doctor, protector, heal) brings this Boat."""
    food, human, battery, ymune, doctor, protector, heal = g
    short = max(0, f.healthy * f.feeds - f.food)
    fed = min(food, short)
    pts = j.food_short * fed + j.food_spare * (food - fed)
    pts += human * (j.human_healed if f.doctors > 0 else j.human)
    pts += min(battery, f.free_slots) * battery_points(f, j)
    y = ymune + doctor + protector
    pts += j.ymune * y + j.ymune_short * min(y, protectors_short(f))
    pts += j.heal * min(heal, f.contaminated)
    return pts


def cost_points(cost: int, f: Facts, j: Judgement = JUDGEMENT) -> int:
    """Paying ``cost`` Healthy Humans (they turn Contaminated): free when this round's
    Doctors heal them, else ``j.cost`` points each (a whole Healthy Human in the last round;
    an activation there is judged by :func:`last_round_points`)."""
    return max(0, f.contaminated + cost - f.doctors) * (HH if f.left <= 1 else j.cost)


def last_bane(f: Facts, coming: int, held: int = 0) -> int:
    """The Humans this round's Bane (``coming``: the level it reaches with the Action Zone's
    cards) takes beyond what the Protectors on the Bow cover, but the ``held`` ones kept for
    a cooperative check."""
    return max(0, min(BANE_MAX, coming) - 2 * max(0, f.protectors - held))


def last_round_healthy(f: Facts, bane: int, humans: int, heal: int, paid: int = 0) -> int:
    """The last round's Healthy Humans at the end, less those of the Boat now, after the
    Action Zone brings ``humans`` (Contaminated) and ``heal`` (healed at once, the new ones
    too) and its Cost turns ``paid`` Healthy Humans Contaminated: the Bane takes ``bane``
    Humans, Contaminated first, then the Doctors heal."""
    contaminated = f.contaminated + humans + paid
    healed = min(heal, contaminated)
    contaminated -= healed
    return (healed - paid - max(0, bane - contaminated)
            + min(f.doctors, max(0, contaminated - bane)))


def last_round_points(g: tuple[int, ...], paid: int, f: Facts, bane: int,
                      machines: tuple[int, int] = (0, 0), j: Judgement = JUDGEMENT) -> int:
    """What an activation bringing ``g`` at a Cost of ``paid`` Healthy Humans is worth in the
    last round: its Humans, its healing and its Cost counted by the Healthy Humans they leave
    at the end (:func:`last_round_healthy`, beside the ``machines``' Humans and healing that
    come whatever is activated, against activating nothing), the rest as
    :func:`gains_points` counts it."""
    humans, heal = g[1] + machines[0], g[6] + machines[1]
    rest = (g[0], 0, *g[2:6], 0)
    return gains_points(rest, f, j) + HH * (last_round_healthy(f, bane, humans, heal, paid)
                                         - last_round_healthy(f, bane, *machines))


def bane_points(bane: int, f: Facts, j: Judgement = JUDGEMENT) -> int:
    """A card's Bane: a Human a round for up to ``j.bane_rounds`` rounds, beyond spare
    Protectors."""
    spare = max(0, f.protectors - protectors_against(f.bane))
    return max(0, bane - 2 * spare) * j.bane * min(f.left, j.bane_rounds)


def card_worth(card: Card, f: Facts, j: Judgement = JUDGEMENT) -> int:
    """A card to Keep, in half points: its gain (its bonus at half, the partner being
    unknown) less its Cost and its Bane (a card met again on the same Boat facts is looked
    up: the playouts and the look-ahead judge the same few cards on the same Boats)."""
    memory = _WORTH if j is JUDGEMENT else judged(_OTHER_WORTH, j)
    key = (card.id, f)
    found = memory.get(key)
    if found is not None and found[0] is card:  # the same face (a world's unknown cards
        return found[1]  # have their own)
    amount = X_GUESS if card.gain is None else card.gain
    cost = X_GUESS if card.cost is None else card.cost
    base = Gains.of_type(card.type, amount).astuple()
    own = gains_points(base, f, j) - cost_points(cost, f, j) - bane_points(card.bane, f, j)
    worth = 2 * own + gains_points(card.bonus.astuple(), f, j)
    if len(memory) >= MOST_REMEMBERED:
        memory.clear()
    memory[key] = (card, worth)
    return worth


_WORTH: dict[tuple[str, Facts], tuple[Card, int]] = {}
"""Each card's worth on each Boat's facts met so far, with the card it was read from."""
_OTHER_WORTH: dict[int, tuple[Judgement, dict[Any, Any]]] = {}
"""The same under each other judgement than the shipped one (the cooperative one, a
candidate being tried), by :func:`judged`."""
MOST_REMEMBERED = 100_000  # entries a judgement's memory keeps before it starts afresh
MOST_JUDGEMENTS = 64  # judgements remembered apart before the memories start afresh

def judged(memories: dict[int, tuple[Judgement, dict[Any, Any]]],
           j: Judgement) -> dict[Any, Any]:
    """Judgement ``j``'s own memory in ``memories``, found by the judgement's identity (its
    hash reads every weight; an entry holds its judgement, so no key names a later object of
    the same ``id``)."""
    found = memories.get(id(j))
    if found is not None and found[0] is j:
        return found[1]
    if len(memories) >= MOST_JUDGEMENTS:
        memories.clear()
    memory: dict[Any, Any] = {}
    memories[id(j)] = (j, memory)
    return memory
