"""Immutable game state: the configuration, each player's Boat and zones, the River."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from precog.engine.components import NO_GAINS, Card, Components, Gains, Machine
from precog.engine.fastcopy import DERIVED, replace, updater
from precog.engine.fastenum import plain_members
from precog.engine.formulas import ROUNDS as ROUNDS
from precog.engine.formulas import season_of

if TYPE_CHECKING:
    from precog.engine.actions import Action

MODES = ("competitive", "team", "coop")
SETUPS = ("standard", "advanced")
DIFFICULTIES = ("normal", "hard", "apocalypse")
BANE_MAX = 12
FEEDING_ROUNDS = (4, 8, 12)
COOP_THRESHOLDS = {2: 30, 3: 45, 4: 60}
REVEAL_COST = {1: 1, 2: 2, 3: 3}  # Healthy Humans to reveal an Objective, by season
MACHINES_PER_ROOM = 3
BOAT_FIELDS = ("food", "healthy", "contaminated", "doctors", "protectors", "bane")
"""The Boat's counted resources (:class:`PlayerState` fields), in the order they are shown."""


@plain_members
class Phase(str, Enum):
    """Where the game is. Setup phases exist only in the advanced setup."""

    SETUP_ROOMS = "setup_rooms"
    SETUP_PASS = "setup_pass"
    DECISION = "decision"
    ACTION = "action"
    MAINTENANCE = "maintenance"
    RIVER = "river"
    OVER = "over"


@plain_members
class Step(str, Enum):
    """The decision the player to move faces inside a phase."""

    CHOOSE = "choose"  # setup choices and the Decision phase
    ACTIVATE = "activate"
    GAINS = "gains"  # placing what cards, machines or the River gave
    COOP = "coop"  # reveal / mitigate Objectives after placing one's gains, then done
    TEAM = "team"  # cooperative: the last window, every seat in turn reveals, mitigates or passes
    PROTECT = "protect"
    LOSE = "lose"
    IGNORE = "ignore"
    NONE = "none"


PHASE_SETUP_ROOMS = Phase.SETUP_ROOMS
PHASE_SETUP_PASS = Phase.SETUP_PASS
PHASE_DECISION = Phase.DECISION
PHASE_ACTION = Phase.ACTION
PHASE_MAINTENANCE = Phase.MAINTENANCE
PHASE_RIVER = Phase.RIVER
PHASE_OVER = Phase.OVER
STEP_CHOOSE = Step.CHOOSE
STEP_ACTIVATE = Step.ACTIVATE
STEP_GAINS = Step.GAINS
STEP_COOP = Step.COOP
STEP_TEAM = Step.TEAM
STEP_PROTECT = Step.PROTECT
STEP_LOSE = Step.LOSE
STEP_IGNORE = Step.IGNORE
STEP_NONE = Step.NONE
"""Each phase and step as a module constant, for the code that reads them at every step: on
Python 3.11 ``Phase.OVER`` passes the enum metaclass's ``__getattr__`` hook (a Python-level
call, about 130 ns), a module global does not (about 15 ns). Import them by name
(``from precog.engine.state import PHASE_OVER``) so the reading module holds its own global."""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Disputed rules as switches (defaults per docs/rules-coverage.md).

    ``heal_in_action_phase``: heal Contaminated Humans at the end of the Action phase (as the
    Player Aid lists it) instead of after losing Humans in Maintenance.

    ``received_means_offered``: line-1 Machine conditions ("received: ...") count what the
    activated cards offered, declined resources included, instead of what the player took.

    ``coop_supplies``: in the cooperative mode, each cooperative River tile brings its
    supplies to every Boat as its season begins (the project's choice, on by default, for a
    game that needs 15 Healthy Humans a player). Off: the rulebook's literal reading, where
    the tile only marks its River section and holds its Objectives.
    """

    heal_in_action_phase: bool = False
    received_means_offered: bool = False
    coop_supplies: bool = True


@dataclass(frozen=True, slots=True)
class GameConfig:
    players: int
    mode: str = "competitive"
    setup: str = "standard"
    difficulty: str = "normal"
    options: RuleOptions = field(default_factory=RuleOptions)
    decks: tuple[str, ...] = ()  # deck code per seat
    seed: int = 0
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:  # computed once: every position's key holds the configuration
        found = self._hash
        if found is None:
            found = hash((self.players, self.mode, self.setup, self.difficulty, self.options,
                          self.decks, self.seed))
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def advanced(self) -> bool:
        return self.setup == "advanced"

    @property
    def coop(self) -> bool:
        return self.mode == "coop"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's Boat and card zones.

    ``action_zone`` is ``(G, R)``: the card kept for oneself and the card given by the right
    neighbour. ``batteries`` counts filled slots per machine (3 per room).
    """

    food: int = 8
    healthy: int = 4
    contaminated: int = 0
    doctors: int = 1
    protectors: int = 0
    bane: int = 0
    rooms: tuple[str, ...] = ()
    batteries: tuple[int, ...] = (0,) * 6
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    decision_zone: tuple[str, ...] = ()
    action_zone: tuple[str, ...] = ()
    gave: str | None = None
    discard: tuple[str, ...] = ()
    activated: str = ""  # "", "both", "G" or "R"
    card_gains: Gains = NO_GAINS  # what the activated cards offered this round
    received: Gains = NO_GAINS  # what this player took from its activated cards this round
    taken: Gains = NO_GAINS  # what this player took this round (cards and machines)
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:  # computed once: positions are hashed again and again in search
        found = self._hash
        if found is None:
            found = hash((self.food, self.healthy, self.contaminated, self.doctors,
                          self.protectors, self.bane, self.rooms, self.batteries, self.deck,
                          self.hand, self.decision_zone, self.action_zone, self.gave,
                          self.discard, self.activated, self.card_gains, self.received,
                          self.taken))
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def humans(self) -> int:
        return self.healthy + self.contaminated

    @property
    def ymunes(self) -> int:
        return self.doctors + self.protectors

    @property
    def boat(self) -> tuple[int, ...]:
        """The values of :data:`BOAT_FIELDS`, in that order."""
        return (self.food, self.healthy, self.contaminated, self.doctors, self.protectors,
                self.bane)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game."""

    winners: tuple[int, ...]  # seats sharing the win (empty: cooperative loss)
    scores: tuple[int, ...]  # per seat (team mode: the team total)
    reason: str  # the English sentence, rendered from code and values
    code: str = ""  # an OutcomeCode value ("" for a result saved without one)
    values: tuple[tuple[str, int | tuple[int, ...] | tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class GameState:
    """A whole position. Immutable: :func:`precog.engine.apply` returns a new one."""

    config: GameConfig
    components: Components
    round: int
    phase: Phase
    step: Step
    to_move: int  # seat, or -1 when the game is over
    players: tuple[PlayerState, ...]
    choices: tuple[Action | None, ...] = ()  # secret choices made this Decision/setup step
    pending: Gains = NO_GAINS  # gains the player to move is placing
    pending_source: str = ""  # "cards", "machines" or "river"
    river: tuple[str, ...] = ()  # 12 tile ids in River order (Islands included)
    objective_stacks: tuple[tuple[str, ...], ...] = ()  # face-down, per season
    objectives: tuple[tuple[str, bool], ...] = ()  # revealed (id, mitigated)
    passes: int = 0  # seats that passed in a row in the cooperative team window
    outcome: Outcome | None = None
    is_over: bool = field(default=False, init=False, compare=False, repr=False, metadata={
        DERIVED: (("phase",), "self.phase is PHASE_OVER", {"PHASE_OVER": PHASE_OVER})})
    """Whether the game has ended (``phase`` is ``Phase.OVER``): kept with the position,
    derived from its phase by ``__post_init__`` and by every copy that changes the phase
    (a slot read: drivers ask it at every step, where a property is a function call)."""
    _legal: list[Action] | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_over", self.phase is PHASE_OVER)

    # -- convenience -------------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.config.players

    @property
    def season(self) -> int:
        round_ = self.round
        return _SEASON_OF[round_] if 0 < round_ <= ROUNDS else season_of(round_)

    def left(self, seat: int) -> int:
        return (seat + 1) % self.config.players

    def right(self, seat: int) -> int:
        return (seat - 1) % self.config.players

    def card(self, card_id: str) -> Card:
        return self.components.cards[card_id]

    def machine(self, seat: int, slot: int) -> Machine | None:
        """The Machine in ``seat``'s slot ``slot`` (0-5: m1-m3 on the first room, m4-m6 on
        the second) on the setup's face; None while that room is not chosen yet."""
        rooms = self.players[seat].rooms
        if not 0 <= slot < 2 * MACHINES_PER_ROOM or slot // MACHINES_PER_ROOM >= len(rooms):
            return None
        room = self.components.room_by_id[rooms[slot // MACHINES_PER_ROOM]]
        return room.face(self.config.advanced)[slot % MACHINES_PER_ROOM]

    def with_player(self, seat: int, player: PlayerState, **changes: object) -> GameState:
        """This state with ``seat``'s Boat replaced (and any other fields changed)."""
        ps = list(self.players)
        ps[seat] = player
        if changes:
            return replace(self, players=tuple(ps), **changes)
        return _with_players(self, tuple(ps))

    def key(self) -> tuple[object, ...]:
        """A hashable value equal for identical positions (used for transpositions)."""
        return (self.config, self.components.fingerprint, self.round, self.phase, self.step,
                self.to_move, self.players, tuple(map(str, self.choices)), self.pending,
                self.pending_source, self.river, self.objective_stacks, self.objectives,
                self.passes, self.outcome)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return (f"<GameState round {self.round} {self.phase.value}/{self.step.value} "
                f"to_move {self.to_move} ({self.config.players} players, {self.config.mode})>")

    def __str__(self) -> str:
        from precog.engine.plain_text import render_text

        return render_text(self)


_with_players = updater(GameState, "players")
_SEASON_OF = tuple(season_of(round_) for round_ in range(ROUNDS + 1))
"""The season of each round, looked up (read at most steps of the cooperative mode)."""


def revealed_count(state: GameState) -> int:
    """River tiles face up: this round's is flipped once the River phase starts."""
    done = state.round - 1
    if state.phase is PHASE_RIVER or state.phase is PHASE_OVER:
        done = state.round
    return done
