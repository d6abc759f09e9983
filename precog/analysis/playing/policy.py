"""The sensible player: the playout policy that rollouts, trajectories and the policy bot use.

:class:`SensiblePolicy` is an *index policy*: ``index(state, u, options) -> int`` picks one of
the legal ``options`` from one uniform number ``u`` (a playout draws one number for every
decision with more than one legal action), so that a playout is a pure function of its start
position and its row of uniforms, and the numpy batch (:mod:`precog.analysis.playouts.batch`) can
play the same games exactly. Every judgement is whole-number arithmetic on the seat's own Boat
("points": 4 points are one Healthy Human), so the batch reaches the same choices bit for bit.
What a card or a gain is worth to a Boat (:class:`Facts`, :func:`card_worth` and the points
they add up) lives in :mod:`precog.analysis.playing.policy_points`; this module holds the
choices made with it.

What the sensible player does:

* **Keep/Give**: each card is worth what it would bring this Boat (Food against the Food the
  coming Islands will ask of the Cabins, Humans when Doctors can heal them, Batteries while
  Machines have free slots, Ymunes more when the Bane outgrows the Protectors, healing against
  the Contaminated) less its Cost (Humans the activation contaminates beyond what the Doctors
  heal) and its Bane (a Human a round for up to four rounds, less what spare Protectors
  cover). A choice scores its Keep's worth plus its Give's, weighted by the shipped weights
  (``precog/data/policy.toml``: the Give counts against the choice when the left neighbour
  is an opponent, for it when a teammate). The choice is drawn with probabilities that fall
  off with its shortfall from the best (a softmax with ``temperature`` Healthy Humans), so
  playouts do not all follow one line.
* **Activation**: both cards, one or the other, whichever brings most by the same points (both
  only when the Cabins can pay; the Cost counts against it, in the last round as the Healthy
  Humans it leaves at the end once the Bane has taken Contaminated Humans first and the
  Doctors have healed).
* **Gains**: take all Food, Humans and healing; Ymunes as Protectors until they cover the Bane
  this round brings, the rest as Doctors; each Battery to the Machine closest to being powered.
* **Maintenance**: return every useful Protector but those this season's revealed Objectives
  need at the check (:func:`protectors_held`); lose Contaminated Humans first.
* **The Island's check** (cooperative, ``checks_needs``): in a season's last round, an
  activation and a return of Protectors that leave the Boat short of the Food or the Healthy
  Humans a revealed Objective asks of every Boat once the Island has fed it
  (:func:`check_needs`) come after every one that does not: Humans saved from the Bane and
  healed are more mouths at the Island.
* **River**: spend a Protector to ignore a tile whose losses (less its gains) are worth more
  than one and a half Healthy Humans.
* **Cooperative Objectives**: mitigate a revealed tile the players do not meet yet, whenever
  the seat can pay for it; mitigate a met one when its easier side lets the seat return
  Protectors it keeps for the check against this round's Bane, saving more Humans than the
  price is worth (:func:`frees_protectors`); otherwise end the turn. The shipped player
  never reveals a tile and never looks at a face-down one, so its games do not depend on
  which tiles lie face down: a playout may count them by their chance
  (:func:`precog.analysis.projection.evaluation.last_check_chance`). ``reveals=True`` adds
  a reveal in a season's last round when one of the season's unrevealed tiles is unmet and
  mitigable from what the seat took (:func:`reveal_pays`, decided from public facts only);
  its games then depend on the tile revealed.
* Advanced setup choices (rooms, the first pass), which a playout from the Decision phase
  never meets, are drawn at random.

>>> from precog.engine import new_game
>>> from precog.analysis.playouts.rollouts import play_out, uniforms
>>> final = play_out(new_game(players=2, seed=3), SensiblePolicy(), uniforms(1, seed=3)[0])
>>> final.is_over
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from precog.analysis.playing.policy_data import Judgement, shipped_policy_weights
from precog.analysis.playing.policy_points import (
    HH,
    MOST_REMEMBERED,
    Facts,
    card_worth,
    cost_points,
    facts,
    gains_points,
    judged,
    last_bane,
    last_round_healthy,
    last_round_points,
)
from precog.engine import Action, GameState, legal_actions
from precog.engine.action_phase import machine_effects
from precog.engine.actions import (
    Activate,
    Choose,
    EndActions,
    IgnoreRiver,
    Mitigate,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
)
from precog.engine.components import Card
from precog.engine.formulas import feeding, healed, protectors_against
from precog.engine.gains import capacities, place_ymunes
from precog.engine.machines import card_gains, resolved_costs
from precog.engine.maintenance import current_tile
from precog.engine.scoring import TEAMS, requirement_met
from precog.engine.state import (
    BANE_MAX,
    FEEDING_ROUNDS,
    PHASE_DECISION,
    PHASE_SETUP_PASS,
    PHASE_SETUP_ROOMS,
    STEP_ACTIVATE,
    STEP_COOP,
    STEP_PROTECT,
    STEP_TEAM,
    PlayerState,
)

WEIGHTS = shipped_policy_weights()  # precog/data/policy.toml: the Keep/Give weights
SCALE = 1024  # the softmax weights are whole numbers up to this
IGNORE_ABOVE = 8  # points a River tile must cost (net) before a Protector is spent on it
IGNORE_SPARE = 3  # the same with a Protector to spare beyond the current Bane
MITIGATE_YMUNE = 6  # points a Doctor or a Protector paid for a mitigation costs


def gives_to_friend(state: GameState, seat: int) -> bool:
    """Whether the left neighbour (who receives the Give) plays on this seat's side."""
    mode = state.config.mode
    if mode == "coop":
        return True
    if mode == "team":
        left = state.left(seat)
        return any(seat in t and left in t for t in TEAMS)
    return False


@lru_cache(maxsize=16)
def softmax_table(temperature: float, keep: int = WEIGHTS.keep) -> tuple[int, ...]:
    """Whole-number weights by a choice's shortfall from the best (score units: a Healthy
    Human is ``2 * HH * keep``), ``SCALE * exp(-shortfall / temperature)``, down to 0."""
    unit = 2 * HH * keep
    out = []
    for gap in range(100 * unit):
        w = round(SCALE * math.exp(-gap / unit / temperature)) if temperature > 0 else (
            SCALE if gap == 0 else 0)
        if w == 0:
            break
        out.append(w)
    return tuple(out)


def soft_weights(scores: list[int], temperature: float, keep: int = WEIGHTS.keep) -> list[int]:
    """The whole-number softmax weight of each of ``scores`` (``keep``: the Keep's weight,
    which sets the scores' scale)."""
    table = softmax_table(temperature, keep)
    best = max(scores)
    return [table[best - s] if best - s < len(table) else 0 for s in scores]


def soft_pick(scores: list[int], u: float, temperature: float, keep: int = WEIGHTS.keep) -> int:
    """Index drawn from ``scores`` by ``u``: whole-number softmax weights, exact in numpy."""
    weights = soft_weights(scores, temperature, keep)
    x = u * sum(weights)
    acc = 0
    for i, w in enumerate(weights):
        acc += w
        if acc > x:
            return i
    return scores.index(max(scores))


@dataclass(frozen=True, slots=True)
class SensiblePolicy:
    """The sensible player (see the module doc); ``temperature`` in Healthy Humans softens
    the Keep/Give (0: always the best-scored choice); a Keep/Give scores ``keep`` times the
    Keep's worth, less ``give_rival`` (or plus ``give_friend``) times the Give's;
    ``judgement`` is what a card's parts are worth (to Keep, Give and activate). The
    defaults are the shipped ones (``precog/data/policy.toml``)."""

    temperature: float = WEIGHTS.temperature
    keep: int = WEIGHTS.keep
    give_rival: int = WEIGHTS.give_rival
    give_friend: int = WEIGHTS.give_friend
    judgement: Judgement = WEIGHTS.judgement
    coop_keep: int = WEIGHTS.coop_keep
    coop_judgement: Judgement = WEIGHTS.coop_judgement
    checks_needs: bool = True
    """Co-op: in a season's last round, activate and return Protectors so as to leave the
    Boat what the season's revealed Objectives ask of every Boat at the check
    (:func:`check_needs`)."""
    reveals: bool = field(default=False, repr=False)  # reveal_pays: off in the shipped player
    _cooperative: SensiblePolicy | None = field(default=None, init=False, repr=False,
                                                compare=False)
    """:meth:`in_mode`'s cooperative player, found once (asking :func:`cooperative` hashes
    every weight; playouts ask at every decision)."""

    def in_mode(self, mode: str) -> SensiblePolicy:
        """The player as it plays ``mode``: in the cooperative mode with its cooperative Keep
        weight and judgement."""
        if mode != "coop":
            return self
        found = self._cooperative
        if found is None:
            found = self if (self.keep, self.judgement) == (
                self.coop_keep, self.coop_judgement) else cooperative(self)
            object.__setattr__(self, "_cooperative", found)
        return found

    def index(self, state: GameState, u: float, options: list[Action]) -> int:
        if state.config.mode == "coop":
            player = self._cooperative
            if player is None:
                player = self.in_mode("coop")
            if player is not self:
                return player.index(state, u, options)
        k = len(options)
        if k == 1:
            return 0
        phase, step = state.phase, state.step  # module constants: no enum lookups
        if phase is PHASE_DECISION:
            return self.keep_give(state, u, options)
        if phase is PHASE_SETUP_ROOMS or phase is PHASE_SETUP_PASS:
            return min(k - 1, int(u * k))
        first = options[0]
        if step is STEP_ACTIVATE:
            return activation(state, options, self.judgement, self.checks_needs)
        if step is STEP_COOP or step is STEP_TEAM:
            return objective_step(state, options, self.reveals, self.coop_judgement)
        if isinstance(first, PlaceYmunes):
            return ymune_split(state, options)
        if isinstance(first, PlaceBattery):
            return battery_choice(state, options)
        if isinstance(first, IgnoreRiver):
            return 1 if ignore_river(state, self.judgement) else 0
        if step is STEP_PROTECT:
            return protect_choice(state, options, self.checks_needs)
        return 0  # take everything, heal all, Contaminated first

    def keep_give(self, state: GameState, u: float, options: list[Action]) -> int:
        return soft_pick(keep_give_scores(state, state.to_move, options, self), u,
                         self.temperature, self.keep)


@lru_cache(maxsize=64)
def cooperative(policy: SensiblePolicy) -> SensiblePolicy:
    """``policy`` with its cooperative Keep weight and judgement in their places."""
    return replace(policy, keep=policy.coop_keep, judgement=policy.coop_judgement)


def sensible_choice(state: GameState, seat: int, choices: Sequence[Choose]) -> Choose:
    """The (Keep, Give) of ``seat`` that the sensible player's middle draw takes (as
    :func:`sensible_move` plays the later steps): what the look-ahead's second round plays."""
    options: list[Action] = list(choices)
    player = SENSIBLE.in_mode(state.config.mode)
    return choices[soft_pick(keep_give_scores(state, seat, options), 0.5, player.temperature,
                             player.keep)]


def keep_give_scores(state: GameState, seat: int, options: list[Action],
                     policy: SensiblePolicy | None = None) -> list[int]:
    """The sensible player's score of each (Keep, Give) of ``seat`` (in half points), with
    ``policy``'s weights (the shipped ones by default)."""
    policy = (policy or SENSIBLE).in_mode(state.config.mode)
    f = facts(state, seat)
    keep, judgement = policy.keep, policy.judgement
    give = policy.give_friend if gives_to_friend(state, seat) else -policy.give_rival
    worth: dict[str, int] = {}
    scores = []
    for a in options:
        assert isinstance(a, Choose)
        for c in (a.keep, a.give):
            if c not in worth:
                worth[c] = card_worth(state.card(c), f, judgement)
        scores.append(keep * worth[a.keep] + give * worth[a.give])
    return scores


SENSIBLE = SensiblePolicy()
_SENSIBLE_COOPERATIVE = SENSIBLE.in_mode("coop").in_mode("coop")
"""The shipped player as it plays the cooperative mode (asked first: no detour through
:meth:`SensiblePolicy.in_mode` at each move)."""


def give_chances(state: GameState, seat: int) -> dict[str, float]:
    """The chance that ``seat`` (choosing its Keep/Give in ``state``) Gives each card, as
    a playout's sensible player draws its choice: the softmax's weights, summed by Give."""
    options: list[Action] = list(legal_actions(state))
    player = SENSIBLE.in_mode(state.config.mode)
    weights = soft_weights(keep_give_scores(state, seat, options), player.temperature,
                           player.keep)
    total = sum(weights)
    out: dict[str, float] = {}
    for a, w in zip(options, weights):
        assert isinstance(a, Choose)
        out[a.give] = out.get(a.give, 0.0) + w / total
    return out


def sensible_move(state: GameState, seat: int) -> Action:
    """The sensible player's move for ``seat`` (to move) after the Decision phase, where it
    draws nothing: every choice there is a judgement, so the move depends only on ``state``
    (a Keep/Give would take the softmax's middle draw). The look-ahead plays the seats whose
    Boats count for its player with it, as the playouts do."""
    options = legal_actions(state)
    if len(options) == 1:
        return options[0]
    player = _SENSIBLE_COOPERATIVE if state.config.mode == "coop" else SENSIBLE
    return options[player.index(state, 0.5, options)]


def activation(state: GameState, options: list[Action], j: Judgement = WEIGHTS.judgement,
               checks_needs: bool = True) -> int:
    """Both cards, G or R, whichever brings most (the Cost counted against both), as ``j``
    counts it; with ``checks_needs``, in the cooperative mode's Island rounds, first those
    that leave the Boat the Food and Healthy Humans the season's revealed Objectives ask of
    every Boat (:func:`check_needs`)."""
    seat = state.to_move
    p = state.players[seat]
    f = facts(state, seat)
    cards = state.components.cards
    g, r = cards[p.action_zone[0]], cards[p.action_zone[1]]
    needs = check_needs(state, seat) if checks_needs else NO_NEEDS
    held, machines = 0, (0, 0, 0)
    if f.left <= 1 or needs != NO_NEEDS:  # judged by the Boat at the end of the round
        held = protectors_held(state, seat)
        from_machines = machine_effects(state, seat)
        machines = (from_machines.human, from_machines.heal, from_machines.food)
    memory = _ACTIVATIONS if j is WEIGHTS.judgement else judged(_OTHER_ACTIVATIONS, j)
    key = (g.id, r.id, f, held, machines, needs)
    found = memory.get(key)
    if found is not None and found[0] is g and found[1] is r:
        value = found[2]
    else:
        value = activation_points(g, r, f, p.bane, held, machines, needs, j)
        if len(memory) >= MOST_REMEMBERED:
            memory.clear()
        memory[key] = (g, r, value)
    best, pick = None, 0
    for i, a in enumerate(options):
        if isinstance(a, Activate) and (best is None or value[a.slots] > best):
            best, pick = value[a.slots], i
    return pick


def activation_points(g: Card, r: Card, f: Facts, bane_now: int, held: int,
                      machines: tuple[int, int, int], needs: tuple[int, int],
                      j: Judgement) -> dict[str, int]:
    """What activating G, R or both is worth (see :func:`activation`); an activation that
    leaves the Boat short of ``needs`` at the check loses :data:`SHORT_AT_CHECK`."""
    bonus = g.type == r.type
    gg = card_gains(g, r, bonus).astuple()
    rr = card_gains(r, g, bonus).astuple()
    both = tuple(a + b for a, b in zip(gg, rr, strict=True))
    cost = sum(resolved_costs(g, r))
    bane = last_bane(f, bane_now + g.bane + r.bane, held)
    if f.left <= 1:
        value = {"G": last_round_points(gg, 0, f, bane, machines[:2], j),
                 "R": last_round_points(rr, 0, f, bane, machines[:2], j),
                 "both": last_round_points(both, cost, f, bane, machines[:2], j)}
    else:
        value = {"G": gains_points(gg, f, j), "R": gains_points(rr, f, j),
                 "both": gains_points(both, f, j) - cost_points(cost, f, j)}
    if needs != NO_NEEDS:
        for slots, gains, paid in (("G", gg, 0), ("R", rr, 0), ("both", both, cost)):
            if not needs_met(f, gains, paid, bane, machines, needs):
                value[slots] -= SHORT_AT_CHECK
    return value


NO_NEEDS = (0, 0)
SHORT_AT_CHECK = 1 << 16
"""Points an activation loses when it leaves the Boat short at the season's check: more than
any activation is otherwise worth, so one that meets the Objectives is always preferred."""


def check_needs(state: GameState, seat: int) -> tuple[int, int]:
    """Co-op, in a season's last round (its Island): the Food and the Healthy Humans that
    the season's revealed Objectives (on their shown side) ask of every Boat at the check,
    after the Island has fed it; :data:`NO_NEEDS` otherwise. Face-down tiles are not looked
    at (the module doc)."""
    if not state.config.coop or state.round not in FEEDING_ROUNDS:
        return NO_NEEDS
    food = healthy = 0
    comps, season = state.components, state.season
    for tile_id, mitigated in state.objectives:
        tile = comps.objective_by_id[tile_id]
        if tile.season != season:
            continue
        for req in tile.mitigated if mitigated else tile.full:
            if req.scope == "each" and req.resource == "food":
                food = max(food, req.amount)
            elif req.scope == "each" and req.resource == "healthy":
                healthy = max(healthy, req.amount)
    return food, healthy


def needs_met(f: Facts, gains: tuple[int, ...], paid: int, bane: int,
              machines: tuple[int, int, int], needs: tuple[int, int]) -> bool:
    """Whether an activation bringing ``gains`` at a Cost of ``paid`` Healthy Humans leaves
    the Boat ``needs`` (Food, Healthy Humans) once the Bane has struck, the Doctors have
    healed and the Island has fed it (the River tile before the Island unknown)."""
    healthy = f.healthy + last_round_healthy(f, bane, gains[1] + machines[0],
                                             gains[6] + machines[1], paid)
    food, fed = feeding(f.food + gains[0] + machines[2], healthy)
    return food >= needs[0] and fed >= needs[1]


_ACTIVATIONS: dict[tuple[object, ...], tuple[Card, Card, dict[str, int]]] = {}
"""What activating G, R or both brings, by Action Zone pair, Boat facts and (in the last
round) Protectors held for the check and the Machines' Humans and healing, met so far."""
_OTHER_ACTIVATIONS: dict[int, tuple[Judgement, dict[Any, Any]]] = {}
"""The same under each other judgement than the shipped one, by :func:`judged`."""


def protectors_wanted(state: GameState) -> int:
    """Protectors that would bring this round's Bane to 0, beyond those on the Bow."""
    p = state.players[state.to_move]
    coming = p.bane + sum(state.card(c).bane for c in p.action_zone)
    return max(0, protectors_against(coming) - p.protectors)


def ymune_default(state: GameState, options: list[Action]) -> int:
    """Index of the split placing every Ymune, Protectors first up to the Bane's need."""
    g = state.pending
    total = g.ymune + g.doctor + g.protector
    want = min(total, max(g.protector, min(g.protector + g.ymune, protectors_wanted(state))))
    target = place_ymunes(total - want, want)  # the listed object: found by identity
    return options.index(target)


DOCTORS_AT_LEAST = 2  # the sensible player's Infirmary before its Ymunes go to the Bow


def ymune_split(state: GameState, options: list[Action]) -> int:
    """Index of the sensible split placing every Ymune: Protectors up to the Bane's need this
    round, then Doctors until they match the Contaminated (at least ``DOCTORS_AT_LEAST``),
    the rest Protectors (they lower the Bane to come and ignore River tiles)."""
    g = state.pending
    p = state.players[state.to_move]
    total = g.ymune + g.doctor + g.protector
    need = protectors_wanted(state)
    doctors_wanted = max(0, max(DOCTORS_AT_LEAST, p.contaminated) - p.doctors)
    free = g.ymune
    to_bow = min(free, max(0, need - g.protector))
    free -= to_bow
    to_infirmary = min(free, max(0, doctors_wanted - g.doctor))
    doctors = g.doctor + to_infirmary
    return options.index(place_ymunes(doctors, total - doctors))


def protectors_held(state: GameState, seat: int, mitigating: str | None = None) -> int:
    """Co-op: the Protectors ``seat`` keeps on its Bow for this season's check: the most
    that a revealed Objective of the season needs on its shown side (a Protector requirement,
    or a Ymune one beyond the seat's Doctors), when the seat holds that many now. A miss loses
    the game; a Protector returned against the Bane saves at most two Humans. Face-down tiles
    are not looked at (the module doc); another seat holding enough does not release it.
    ``mitigating``: a revealed tile counted on its mitigated side (as if mitigated now)."""
    if not state.config.coop:
        return 0
    comps, season = state.components, state.season
    p = state.players[seat]
    held = 0
    for tile_id, mitigated in state.objectives:
        tile = comps.objective_by_id[tile_id]
        if tile.season != season:
            continue
        for req in tile.mitigated if mitigated or tile_id == mitigating else tile.full:
            if req.resource == "protector":
                need = req.amount
            elif req.resource == "ymune":
                need = req.amount - p.doctors
            else:
                continue
            if 0 < need <= p.protectors:
                held = max(held, need)
    return held


def protect_choice(state: GameState, options: list[Action], checks_needs: bool = True) -> int:
    """Index of the Protectors to return: every useful one, but none of
    :func:`protectors_held` (``options`` run from every useful Protector down to none); with
    ``checks_needs``, in a cooperative Island round, no more than leave the Boat what
    :func:`check_needs` asks (Humans saved from the Bane and healed are more mouths at the
    Island)."""
    seat = state.to_move
    p = state.players[seat]
    useful = len(options) - 1
    spend = min(useful, max(0, p.protectors - protectors_held(state, seat)))
    needs = check_needs(state, seat) if checks_needs else NO_NEEDS
    if needs != NO_NEEDS and not spend_meets(state, p, spend, needs):
        spend = next((k for k in range(spend - 1, -1, -1) if spend_meets(state, p, k, needs)),
                     spend)
    return useful - spend


def spend_meets(state: GameState, p: PlayerState, spend: int, needs: tuple[int, int]) -> bool:
    """Whether returning ``spend`` Protectors leaves the Boat ``p`` the Food and Healthy
    Humans ``needs`` asks once the Bane has taken its Humans (Contaminated first), the
    Doctors have healed and the Island has fed it (the River tile before it unknown)."""
    lost = min(max(0, p.bane - 2 * spend), p.humans)
    healthy_lost = max(0, lost - p.contaminated)
    contaminated = p.contaminated - (lost - healthy_lost)
    if not state.config.options.heal_in_action_phase:
        contaminated -= healed(p.doctors, contaminated)
    food, fed = feeding(p.food, p.humans - lost - contaminated)
    return food >= needs[0] and fed >= needs[1]


def battery_choice(state: GameState, options: list[Action]) -> int:
    """The Machine with the fewest Batteries still missing (the first of them on a tie)."""
    p = state.players[state.to_move]
    slots = capacities(state, p.rooms)  # each Machine's Battery slots, read once
    best, pick = None, len(options) - 1
    for i, a in enumerate(options):
        if isinstance(a, PlaceBattery) and a.machine is not None:
            missing = slots[a.machine] - p.batteries[a.machine]
            if best is None or missing < best:
                best, pick = missing, i
    return pick


def ignore_river(state: GameState, j: Judgement = WEIGHTS.judgement) -> bool:
    """Whether the River tile's losses, less its gains, are worth more than a Protector."""
    tile = current_tile(state)
    assert tile is not None
    p = state.players[state.to_move]
    f = facts(state, state.to_move)
    loss = tile.losses
    lost = (2 * min(loss.food, p.food) + HH * min(loss.healthy, p.healthy)
            + min(loss.contaminated, p.contaminated) + 3 * min(loss.doctor, p.doctors)
            + 3 * min(loss.protector, p.protectors))
    spare = p.protectors - protectors_against(p.bane) > 0
    net = lost - gains_points(tile.gains.astuple(), f, j)
    return net > (IGNORE_SPARE if spare else IGNORE_ABOVE)


def objective_step(state: GameState, options: list[Action], reveals: bool = False,
                   judgement: Judgement = WEIGHTS.coop_judgement) -> int:
    """Co-op: mitigate an unmet revealed tile; else mitigate a met one when that frees
    Protectors against this round's Bane worth more than the price as ``judgement`` (the
    playing policy's cooperative judgement) weighs it (:func:`frees_protectors`);
    else, with ``reveals``, reveal the next face-down tile when :func:`reveal_pays`; else end
    the turn."""
    mitigations = [(i, a.tile) for i, a in enumerate(options) if isinstance(a, Mitigate)]
    if mitigations:  # most turns offer none: the end of the turn is then looked for at once
        for i, tile in mitigations:
            if not _met(state, tile):
                return i
        for i, tile in mitigations:
            if frees_protectors(state, state.to_move, tile, judgement):
                return i
    if reveals:
        for i, a in enumerate(options):
            if isinstance(a, Reveal) and reveal_pays(state, state.to_move):
                return i
    for i, a in enumerate(options):
        if isinstance(a, EndActions):
            return i
    return len(options) - 1


def reveal_pays(state: GameState, seat: int) -> bool:
    """Whether ``seat`` reveals the next face-down Objective (its Cost payable): in a
    season's last round (its Island checks the tiles next), while every revealed tile of the
    season is met, when some tile it may be (the season's tiles not revealed, all alike: the
    tile itself is not looked at) is unmet now and the seat could pay its mitigation from
    what it took this round. Then the tile shown is mitigated if it is one of those."""
    if state.round not in FEEDING_ROUNDS:
        return False
    comps, season = state.components, state.season
    shown = set()
    for tile_id, mitigated in state.objectives:
        shown.add(tile_id)
        tile = comps.objective_by_id[tile_id]
        if tile.season == season and not all(
                requirement_met(state, r) for r in (tile.mitigated if mitigated else tile.full)):
            return False
    p = state.players[seat]
    purse = (min(p.taken.food, p.food), min(p.taken.human, p.healthy + p.contaminated),
             min(p.taken.doctor, p.doctors), min(p.taken.protector, p.protectors))
    for tile in comps.objectives:
        if tile.season != season or tile.id in shown:
            continue
        price = tile.mitigate_cost
        if (price.food <= purse[0] and price.human <= purse[1] and price.doctor <= purse[2]
                and price.protector <= purse[3]
                and not all(requirement_met(state, r) for r in tile.full)):
            return True
    return False


def frees_protectors(state: GameState, seat: int, tile_id: str,
                     judgement: Judgement = WEIGHTS.coop_judgement) -> bool:
    """Whether mitigating the revealed ``tile_id`` (met on its full side, the price
    payable) pays for ``seat``: the Protectors it no longer keeps for the check
    (:func:`protectors_held`) go back against this round's Bane at the Maintenance, and the
    Humans they save (:func:`bane_saved`, ``HH`` points each) are worth more than the price
    (:func:`price_points`)."""
    held_now = protectors_held(state, seat)
    if not held_now:
        return False
    held_after = protectors_held(state, seat, mitigating=tile_id)
    if held_after >= held_now:
        return False
    p = state.players[seat]
    price = state.components.objective_by_id[tile_id].mitigate_cost
    coming = p.bane + sum(state.card(c).bane for c in p.action_zone)
    protectors = p.protectors - price.protector
    saved = bane_saved(coming, p.healthy + p.contaminated - price.human, protectors,
                       held_now, held_after)
    return HH * saved > price_points(price.food, price.human, price.doctor, price.protector,
                                     facts(state, seat), judgement)


def bane_saved(coming: int, humans: int, protectors: int, held_now: int,
               held_after: int) -> int:
    """The Humans a Bane reaching ``coming`` takes with ``held_now`` of the ``protectors``
    kept off the Bow's returns, less those it takes with ``held_after`` kept."""
    def lost(held: int) -> int:
        return min(humans, max(0, min(BANE_MAX, coming) - 2 * max(0, protectors - held)))
    return lost(held_now) - lost(held_after)


def price_points(food: int, human: int, doctor: int, protector: int, f: Facts,
                 judgement: Judgement = WEIGHTS.coop_judgement) -> int:
    """What paying a mitigation price costs the Boat, in points: a Food as ``judgement`` (the
    playing policy's cooperative judgement) weighs it (``food_short`` while short of the
    coming Islands, else ``food_spare``), a Human 1 from the Contaminated and ``HH`` from the
    Cabins, a Doctor or a Protector ``MITIGATE_YMUNE`` each."""
    short = max(0, f.healthy * f.feeds - f.food)
    fed = min(food, short)
    from_contaminated = min(human, f.contaminated)
    return (judgement.food_short * fed + judgement.food_spare * (food - fed)
            + from_contaminated + HH * (human - from_contaminated)
            + MITIGATE_YMUNE * (doctor + protector))


def _met(state: GameState, tile_id: str) -> bool:
    tile = state.components.objective_by_id[tile_id]
    return all(requirement_met(state, r) for r in tile.full)
