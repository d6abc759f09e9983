"""The numpy batch held to the engine stage by stage: one game played both ways, compared.

:mod:`precog.analysis.playouts.batch` is a compiled form of the engine's rules for speed. This
module plays the same games through both (same start, same policy, the same row of uniforms, so the
same decisions and the same random draws) and compares them at every stage the engine shows
as a position:

- each round's start (the Decision phase, no choice made yet; after the cards drawn and a
  season's cooperative supplies),
- the Action phase as it opens (the Keep/Give choices revealed; the cooperative team window
  before any seat activates),
- each seat's activation (the seats before it done: gains placed, Machines, healing with
  ``heal_in_action_phase``, the cooperative Objective steps),
- the cooperative team window that closes the Action phase,
- each seat's Maintenance decision (the seats before it done, its own Bane risen),
- the River as its first seat may ignore the tile (Maintenance done),
- the end of the game (the Action Zones discarded; a cooperative game lost at an Island).

A stage the engine settles within one action (a seat with nothing to decide, a River tile
nobody can ignore) is compared at the next stage it shows. At each compared stage every seat's
Boat (the six counts, the Batteries, the Machine Rooms), hand, Decision Zone, Action Zone, card
given, deck, discard pile, what the activated cards gave (once it activated), the River, the
Objective stacks and revealed tiles with what each seat took (cooperative), what the Boats
hold of the box's supply (:func:`precog.analysis.basics.supply.on_boats`) and the number of uniforms
used must be equal. ``scripts/differential.py`` runs it on many random games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from precog.analysis.basics.seeds import worlds_rng
from precog.analysis.basics.supply import on_boats
from precog.analysis.playing.players import first_legal, until_seat
from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playouts.batch import Batch
from precog.analysis.playouts.batch_coop import objective_tables
from precog.analysis.playouts.batch_machines import _RoomTable
from precog.analysis.playouts.batch_state import BatchState, Dealt, supports
from precog.analysis.playouts.many_worlds import Dealer
from precog.analysis.playouts.rollouts import RandomPolicy, uniforms
from precog.analysis.playouts.uniform_row import UniformRow
from precog.engine import GameState, Phase, RuleOptions, Step, legal_actions, new_game
from precog.engine.playout import play_on, random_playout

Key = tuple[int, str, int]  # (round, stage, seat or -1)
View = dict[str, Any]


@dataclass(frozen=True)
class Setting:
    """One kind of game to compare: who plays, the rules, how the starts are made."""

    players: int
    mode: str
    setup: str = "standard"
    difficulty: str = "normal"
    options: RuleOptions = field(default_factory=RuleOptions)
    policy: Any = field(default_factory=SensiblePolicy)
    start_round: int = 1
    forced: int = -1  # seat 1's first Keep/Give given (its index), as the ranking gives it
    dealt: bool = False  # the worlds of one start dealt as arrays (the ranking's rollouts)

    def label(self) -> str:
        o = self.options
        flags = "".join(f" {name}" for name, on in (
            ("heal_in_action_phase", o.heal_in_action_phase),
            ("received_means_offered", o.received_means_offered),
            ("no_coop_supplies", self.mode == "coop" and not o.coop_supplies),
            (f"forced {self.forced}", self.forced >= 0), ("dealt", self.dealt)) if on)
        return (f"{self.players}p {self.mode} {self.setup} {self.difficulty} "
                f"{self.policy!r} from round {self.start_round}{flags}")


@dataclass(frozen=True)
class Difference:
    """A stage at which the batch and the engine disagree on one thing."""

    setting: str
    seed: int
    game: int
    key: Key
    field: str
    engine: Any
    batch: Any

    def as_dict(self) -> dict[str, Any]:
        return {"setting": self.setting, "seed": self.seed, "game": self.game,
                "round": self.key[0], "stage": self.key[1], "seat": self.key[2],
                "field": self.field, "engine": repr(self.engine), "batch": repr(self.batch)}


@dataclass
class Compared:
    """What one comparison covered and found."""

    games: int = 0
    stages: int = 0
    differences: list[Difference] = field(default_factory=list)


def random_setting(rng: random.Random) -> Setting:
    """A random kind of game over every mode, player count, setup, difficulty, rule option
    and both mirrored policies (the random baseline is mirrored outside the cooperative mode)."""
    mode = rng.choice(("competitive", "team", "coop"))
    players = 4 if mode == "team" else rng.choice((2, 3, 4))
    difficulty = rng.choice(("normal", "hard", "apocalypse")) if mode == "coop" else "normal"
    options = RuleOptions(heal_in_action_phase=rng.random() < 0.5,
                          received_means_offered=rng.random() < 0.3,
                          coop_supplies=rng.random() < 0.7)
    if mode != "coop" and rng.random() < 0.4:
        policy: Any = RandomPolicy(rng.choice((0.0, 0.15, 0.6, 1.0)))
    else:
        policy = SensiblePolicy(rng.choice((0.5, 0.5, 1.0, 0.0, 2.0)))  # 0.5: the default
    dealt = isinstance(policy, SensiblePolicy) and rng.random() < 0.2
    return Setting(players, mode, rng.choice(("standard", "advanced")), difficulty, options,
                   policy, rng.choice((1, 1, 1, 2, 4, 5, 8, 9, 12)),
                   rng.choice((-1, -1, -1, 0, 1)), dealt)


def starts_for(setting: Setting, seed: int, games: int) -> list[GameState]:
    """``games`` starts of ``setting`` (seeded): new games, or games played on at random to
    the start of ``start_round`` (the advanced setup chooses its Machine Rooms that way)."""
    out = []
    for g in range(games):
        game_seed = seed * 1000 + g
        common: dict[str, Any] = {
            "players": setting.players, "mode": setting.mode, "setup": setting.setup,
            "difficulty": setting.difficulty, "options": setting.options, "seed": game_seed}
        if setting.setup == "standard" and setting.start_round == 1:
            out.append(new_game(**common))
            continue
        start = random_playout(random.Random(game_seed), stop_round=setting.start_round,
                               **common).final
        if not start.is_over:
            out.append(start)
    return out


def compare(setting: Setting, seed: int, games: int) -> Compared:
    """Play ``games`` seeded games of ``setting`` through the batch and the engine and compare
    them at every stage (see the module doc), each game up to its first stage that differs."""
    starts = starts_for(setting, seed, 1 if setting.dealt else games)
    dealt = None
    if setting.dealt and starts:
        dealer = Dealer(starts[0], 0)
        dealt = dealer(worlds_rng(seed), games)
        starts = dealer.states(dealt)
    result = Compared(games=len(starts))
    if not starts:
        return result
    assert supports(starts)
    rows = uniforms(len(starts), seed=seed)
    forced = np.full((len(starts), setting.players), -1)
    fixed: list[dict[int, Any]] = [{} for _ in starts]
    if setting.forced >= 0:
        forced[:, 1] = setting.forced
        fixed = [{1: legal_actions(until_seat(s, 1, first_legal))[setting.forced]}
                 for s in starts]
    engine = [engine_stages(start, rows[g], setting.policy, fixed[g])
              for g, start in enumerate(starts)]
    frames = batch_stages(starts, rows, setting.policy, forced, dealt)
    name = setting.label()
    for g, start in enumerate(starts):
        for key, seen in engine[g].items():
            frame = frames.get(key)
            if frame is None:
                result.differences.append(Difference(name, seed, g, key, "stage", "reached",
                                                     "never reached"))
                break
            result.stages += 1
            mine = batch_view(frame, g, start)
            found = [Difference(name, seed, g, key, part, value, mine.get(part))
                     for part, value in seen.items() if mine.get(part) != value]
            if found:  # the stages after the first difference differ with it
                result.differences.extend(found)
                break
    return result


# -- the engine's side -------------------------------------------------------------------

def stage_of(before: GameState | None, after: GameState) -> Key | None:
    """The stage ``after`` shows, if it is the first position of one (see the module doc)."""
    phase, step, seat = after.phase, after.step, after.to_move
    entered = before is None or before.phase is not phase or before.round != after.round
    if phase is Phase.OVER:
        return (after.round, "over", -1)
    if phase is Phase.DECISION:
        return (after.round, "decision", -1) if entered and not any(after.choices) else None
    if phase is Phase.ACTION:
        if entered:
            return (after.round, "action", -1)
        assert before is not None
        if step is Step.ACTIVATE and (before.step is not Step.ACTIVATE or before.to_move != seat):
            return (after.round, "activate", seat)
        if step is Step.TEAM and before.step is not Step.TEAM:
            return (after.round, "team", -1)
        return None
    if phase is Phase.MAINTENANCE:
        new_seat = entered or (before is not None and before.to_move != seat)
        return (after.round, "maintenance", seat) if new_seat else None
    if phase is Phase.RIVER and entered and step is Step.IGNORE and seat == 0:
        return (after.round, "river", -1)
    return None


def engine_stages(start: GameState, row: np.ndarray, policy: Any,
                  fixed: dict[int, Any] | None = None) -> dict[Key, View]:
    """Play ``start`` to the end with ``policy`` driven by ``row`` (as
    :func:`precog.analysis.playouts.rollouts.play_out` does; ``fixed``: seats whose first Keep/Give
    is given) and keep the view of every stage shown."""
    read = UniformRow(row)
    seen: dict[Key, View] = {}

    def note(before: GameState | None, state: GameState) -> None:
        key = stage_of(before, state)
        if key is not None and key not in seen:
            seen[key] = engine_view(state, read.used)

    def move(s: GameState, seat: int) -> Any:
        if fixed and s.phase is Phase.DECISION and s.round == start.round and seat in fixed:
            return fixed[seat]
        options = legal_actions(s)
        return options[policy.index(s, read(s, seat), options)]

    def moved(before: GameState, _action: Any, after: GameState) -> None:
        note(before, after)

    note(None, start)
    play_on(start, move, on_move=moved, limit=1 << 30)
    return seen


def engine_view(state: GameState, used: int) -> View:
    """What the comparison reads of an engine position."""
    offered = state.config.options.received_means_offered
    view: View = {
        "round": state.round, "uniforms": used, "river": state.river,
        "supply": tuple(on_boats(state)),
        "boats": tuple((*p.boat, p.batteries) for p in state.players),
        "rooms": tuple(p.rooms[:2] for p in state.players),
        "hand": tuple(p.hand for p in state.players),
        "decision_zone": tuple(p.decision_zone for p in state.players),
        "action_zone": tuple(p.action_zone for p in state.players),
        "gave": tuple(p.gave for p in state.players),
        "deck": tuple(p.deck for p in state.players),
        "discard": tuple(p.discard for p in state.players),
        "card_gains": tuple((p.card_gains if offered else p.received).astuple()
                            if p.activated else None for p in state.players),
    }
    if state.config.coop:
        view["objective_stacks"] = state.objective_stacks
        view["objectives"] = state.objectives
        view["taken"] = tuple((p.taken.food, p.taken.human, p.taken.doctor, p.taken.protector)
                              for p in state.players)
    return view


# -- the batch's side --------------------------------------------------------------------

Frame = dict[str, Any]


def batch_stages(starts: list[GameState], rows: np.ndarray, policy: Any,
                 forced: np.ndarray | None = None, dealt: Dealt | None = None
                 ) -> dict[Key, Frame]:
    """Play ``starts`` in one batch (as :func:`precog.analysis.playouts.batch.run` does, or
    :func:`~precog.analysis.playouts.batch.run_dealt` for ``dealt`` worlds) and keep a copy of its
    arrays at every stage."""
    if dealt is not None:
        batch = Batch([], rows, 0.0, forced, sensible=policy, dealt=dealt)
    elif isinstance(policy, SensiblePolicy):
        batch = Batch(starts, rows, 0.0, forced, sensible=policy)
    else:
        batch = Batch(starts, rows, policy.explore, forced)
    frames: dict[Key, Frame] = {}
    activated = np.zeros((batch.game_count, batch.seat_count), bool)

    def keep(b: BatchState, stage: str, seat: int) -> None:
        activated[:] = stage in ("team", "maintenance", "river")  # every seat, or none
        if stage == "activate":
            activated[:, :seat] = True  # the seats before it
        frames[(b.round, stage, seat)] = _frame(b, activated.copy())

    batch.on_stage = keep
    batch.play()
    return frames


BATCH_ARRAYS = ("food", "healthy", "contaminated", "doctors", "protectors", "bane", "batteries",
                "hand", "decision_zone", "action_zone", "gave", "deck", "deck_top", "card_gains",
                "river", "used")
"""The batch's arrays copied at every stage (:class:`~precog.analysis.playouts.batch_state.
BatchState`'s attributes of one row per game)."""


def _frame(b: BatchState, activated: np.ndarray) -> Frame:
    frame: Frame = {name: getattr(b, name).copy() for name in BATCH_ARRAYS}
    frame.update(round=b.round, discarded=list(b.discarded), activated=activated,
                 tables=b.tables, rooms=b.rooms.copy(), advanced=b.advanced)
    if b.cooperative is not None:
        cooperative = b.cooperative
        frame.update(stack=cooperative.stack.copy(), shown=cooperative.shown.copy(),
                     mitigated=cooperative.mitigated.copy(), count=cooperative.count.copy(),
                     taken=cooperative.taken.copy())
    return frame


PER_GAME = BATCH_ARRAYS + ("rooms", "activated")
PER_GAME_COOP = ("stack", "shown", "mitigated", "count", "taken")


def batch_view(frame: Frame, g: int, start: GameState) -> View:
    """What the comparison reads of game ``g`` of a batch at one stage (its ids in
    ``start``'s component set)."""
    cards, tiles = frame["tables"].card_ids, frame["tables"].tile_ids
    n = start.config.players
    coop = "stack" in frame
    a = {name: frame[name][g].tolist() for name in PER_GAME + (PER_GAME_COOP if coop else ())}

    def ids(row: list[int]) -> tuple[str, ...]:
        return tuple(cards[i] for i in row if i >= 0)

    room_rows = _room_names(start, frame["advanced"])
    boats = tuple((a["food"][s], a["healthy"][s], a["contaminated"][s], a["doctors"][s],
                   a["protectors"][s], a["bane"][s], tuple(a["batteries"][s])) for s in range(n))
    discarded = [zone[g].tolist() for zone in frame["discarded"]]
    view: View = {
        "round": frame["round"], "uniforms": a["used"],
        "river": tuple(tiles[i] for i in a["river"]),
        "supply": (sum(b[1] + b[2] for b in boats), sum(b[3] + b[4] for b in boats),
                   sum(sum(b[6]) for b in boats)),
        "boats": boats,
        "rooms": tuple(room_rows[a["rooms"][s]][:2] for s in range(n)),
        "hand": tuple(ids(a["hand"][s]) for s in range(n)),
        "decision_zone": tuple(ids(a["decision_zone"][s]) for s in range(n)),
        "action_zone": tuple(ids(a["action_zone"][s]) for s in range(n)),
        "gave": tuple(cards[x] if x >= 0 else None for x in a["gave"]),
        "deck": tuple(ids(a["deck"][s][a["deck_top"][s]:]) for s in range(n)),
        "discard": tuple(start.players[s].discard + tuple(
            c for az in discarded for c in ids(az[s])) for s in range(n)),
        "card_gains": tuple(tuple(a["card_gains"][s]) if a["activated"][s] else None
                            for s in range(n)),
    }
    if coop:
        objective = _objective_names(start)
        view["objective_stacks"] = tuple(
            tuple(objective[i] for i in a["stack"][season] if i >= 0)
            for season in range(len(start.objective_stacks)))
        view["objectives"] = tuple((objective[a["shown"][j]], a["mitigated"][j])
                                   for j in range(a["count"]))
        view["taken"] = tuple(tuple(a["taken"][s]) for s in range(n))
    return view


def _room_names(start: GameState, advanced: bool) -> dict[int, tuple[str, ...]]:
    table = _RoomTable.get(start.components, advanced)
    return {row: rooms for rooms, row in table.rows.items()}


_OBJECTIVE_NAMES: dict[str, list[str]] = {}


def _objective_names(start: GameState) -> list[str]:
    """The Objective ids by the batch's index (one list per component set, kept)."""
    comps = start.components
    found = _OBJECTIVE_NAMES.get(comps.fingerprint)
    if found is None:
        tiles, _ = objective_tables([comps])
        found = _OBJECTIVE_NAMES[comps.fingerprint] = [t.id for t in tiles]
    return found

