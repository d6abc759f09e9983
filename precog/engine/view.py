"""A seat's view as a position string, and the full position analyses start from.

The position string ``pg1.…`` holds everything: every hand, the order of every deck and of the
River. A *view string* ``pv1.…`` holds only what one seat observes (an
:class:`~precog.engine.observation.Observation`), the game's setup without its seed (the seed
would deal every hidden card again), and the component set. It is made from the observation
alone, so two positions that look the same to the seat give the same string.

Reading it back (:func:`from_view_position`) gives a :class:`SeatView` whose :meth:`world` is a
full position with the hidden parts filled in a fixed, sorted order: other seats' hands and
every deck from the cards their deck still hides, the River's face-down tiles from the season's
unseen ones. Those fills are placeholders, not knowledge: an analysis samples them again
(:func:`~precog.engine.observation.determinize`).

>>> from precog.engine import new_game
>>> state = new_game(players=3, seed=4)
>>> text = to_view_position(state, 1)
>>> text.startswith("pv1.")
True
>>> view = from_view_position(text)
>>> view.seat, view.observation == observation(state, 1)
(1, True)
>>> observation(view.world(), 1) == observation(state, 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from precog.engine.actions import parse_action_text
from precog.engine.components import Components
from precog.engine.errors import PositionError, PrecogError
from precog.engine.formulas import season_of
from precog.engine.observation import Observation, observation
from precog.engine.observation import SeatView as SeenSeat
from precog.engine.problems import ErrorCode, Problem
from precog.engine.serialize import _gains, _gains_json, _objective, _Reader, pack, unpack
from precog.engine.state import GameConfig, GameState, Phase, PlayerState, RuleOptions, Step

PREFIX = "pv1"
FORMAT = "precog-view"
VERSION = 1
_CHOOSING = (Phase.DECISION, Phase.SETUP_ROOMS, Phase.SETUP_PASS)
_SEAT_INTS = ("seat", "food", "healthy", "contaminated", "doctors", "protectors", "bane",
              "deck_size", "hand_size")
_SEAT_IDS = ("rooms", "decision_zone", "action_zone", "discard")
_GAINS = ("card_gains", "received", "taken")


@dataclass(frozen=True)
class SeatView:
    """What one seat sees of a game, with the game's setup (seed 0) and components."""

    seat: int
    observation: Observation
    config: GameConfig
    components: Components

    def world(self) -> GameState:
        """A full position this seat cannot tell from the real one, the hidden parts filled in
        sorted order (:class:`PositionError` when the view is not one a game can show)."""
        from precog.engine.validate import check_state

        try:
            state = _world(self)
        except PrecogError as err:
            raise PositionError(Problem.of(ErrorCode.VIEW_ABOUT,
                                           problem=err.problem or str(err))) from None
        check_state(state)
        return state


def view_of(state: GameState, seat: int) -> SeatView:
    """What ``seat`` sees of ``state`` (its observation; the seed left out)."""
    if not isinstance(seat, int) or not 0 <= seat < state.config.players:
        raise PositionError(Problem.of(ErrorCode.VIEW_SEAT, seat=seat,
                                       top=state.config.players - 1), input=seat)
    if state.is_over:
        raise PositionError(Problem.of(ErrorCode.VIEW_FINISHED))
    config = GameConfig(players=state.config.players, mode=state.config.mode,
                        setup=state.config.setup, difficulty=state.config.difficulty,
                        options=state.config.options, decks=state.config.decks, seed=0)
    return SeatView(seat, observation(state, seat), config, state.components)


def to_view_position(state: GameState, seat: int) -> str:
    """The view string of ``seat`` (made from its observation alone)."""
    return view_position(view_of(state, seat))


def view_position(view: SeatView) -> str:
    """The view string of ``view``."""
    return pack(view_json(view), PREFIX)


def view_json(view: SeatView) -> dict[str, Any]:
    """The view as plain JSON data (the unseen River tiles are left out: the component set
    says which they are)."""
    obs, c = view.observation, view.config
    return {"format": FORMAT, "version": VERSION,
            "components": _components_json(view),
            "config": {"players": c.players, "mode": c.mode, "setup": c.setup,
                       "difficulty": c.difficulty, "decks": list(c.decks),
                       "options": {"heal_in_action_phase": c.options.heal_in_action_phase,
                                   "received_means_offered": c.options.received_means_offered,
                                   "coop_supplies": c.options.coop_supplies}},
            "seat": view.seat, "round": obs.round, "phase": obs.phase.value,
            "step": obs.step.value, "to_move": obs.to_move,
            "seats": [_seat_json(s) for s in obs.seats],
            "own_choice": None if obs.own_choice is None else str(obs.own_choice),
            "river_revealed": list(obs.river_revealed),
            "objectives": [[t, m] for t, m in obs.objectives],
            "objective_stack_sizes": list(obs.objective_stack_sizes),
            "passes": obs.passes, "pending": _gains_json(obs.pending),
            "pending_source": obs.pending_source}


def _components_json(view: SeatView) -> dict[str, Any]:
    """The component set by name and fingerprint; on a partly-known box, the box's fingerprint
    and the unknown faces this seat has seen (facts it may show), never another one."""
    comps = view.components
    out: dict[str, Any] = {"name": comps.name, "fingerprint": comps.box_id}
    if comps.unknown:
        from precog.engine.faces import faces_json

        seen = {i for i, _ in view.observation.faces}
        out["faces"] = {i: f for i, f in faces_json(comps).items() if i in seen}
    return out


def _seat_json(s: SeenSeat) -> dict[str, Any]:
    out: dict[str, Any] = {k: getattr(s, k) for k in _SEAT_INTS}
    out.update({k: list(getattr(s, k)) for k in _SEAT_IDS})
    out.update(batteries=list(s.batteries), deck_seasons=list(s.deck_seasons), gave=s.gave,
               activated=s.activated, has_chosen=s.has_chosen,
               hand=None if s.hand is None else list(s.hand))
    out.update({k: _gains_json(getattr(s, k)) for k in _GAINS})
    return out


def from_view_position(text: str, components: Components | None = None) -> SeatView:
    """Read a view string (:class:`PositionError` when damaged, foreign or impossible)."""
    from precog.engine.data_loading import reference_components

    r = _Reader(unpack(text, PREFIX, "view string"), "view")
    if r.get("format", str) != FORMAT or r.get("version", int) != VERSION:
        raise PositionError(Problem.of(ErrorCode.VIEW_FORMAT, format=FORMAT, version=VERSION),
                            input=text)
    comps = components if components is not None else reference_components()
    want = r.sub("components").get("fingerprint", str)
    if want != comps.box_id:
        name = r.sub("components").data.get("name")
        made = f"{name[:80]!r} ({want})" if isinstance(name, str) else repr(want)
        raise PositionError(Problem.of(ErrorCode.VIEW_OTHER_BOX, made=made, name=comps.name,
                                 fingerprint=comps.box_id), input=text)
    try:
        comps = _seen_world(r, comps)
        view = _read(r, comps)
    except PrecogError as err:
        raise PositionError(err.problem or str(err), input=text) from None
    view.world()  # refuses a view no game can show
    return view


def _seen_world(r: _Reader, box: Components) -> Components:
    """On a partly-known box: a world where the faces the seat has seen are as the view gives
    them (facts) and every other unknown face is drawn from the prior (never a fact: the
    analysis draws them again)."""
    if not box.unknown:
        return box
    from precog.engine.faces import world_from_json

    data = r.sub("components").data.get("faces", {})
    seen = frozenset(data) if isinstance(data, dict) else frozenset()
    return world_from_json(box, data, 0, seen)


def _read(r: _Reader, comps: Components) -> SeatView:
    cr = r.sub("config")
    opts = cr.sub("options")
    config = GameConfig(players=cr.get("players", int), mode=cr.get("mode", str),
                        setup=cr.get("setup", str), difficulty=cr.get("difficulty", str),
                        decks=tuple(cr.strs("decks")), seed=0, options=RuleOptions(
                            heal_in_action_phase=opts.get("heal_in_action_phase", bool),
                            received_means_offered=opts.get("received_means_offered", bool)))
    seat = r.get("seat", int)
    seats = tuple(_read_seat(r.item("seats", i)) for i in range(len(r.list("seats"))))
    if len(seats) != config.players or not 0 <= seat < config.players:
        raise PositionError(Problem.of(ErrorCode.VIEW_SEATS, n=len(seats), seat=seat,
                                 players=config.players))
    if len(config.decks) != config.players:
        raise PositionError(Problem.of(ErrorCode.VIEW_DECKS, n=len(config.decks),
                                       players=config.players))
    own = r.get("own_choice", str, optional=True)
    shown = tuple(r.strs("river_revealed"))
    obs = Observation(
        player=seat, round=r.get("round", int), phase=r.enum("phase", Phase),
        step=r.enum("step", Step), to_move=r.get("to_move", int), seats=seats,
        own_choice=None if own is None else parse_action_text(own), river_revealed=shown,
        river_unseen=tuple(tuple(t.id for t in comps.river
                                 if t.season == season and t.id not in shown)
                           for season in (1, 2, 3)),
        objectives=tuple(_objective(r, i) for i in range(len(r.list("objectives")))),
        objective_stack_sizes=tuple(r.ints("objective_stack_sizes")),
        passes=r.get("passes", int), pending=_gains(r.sub("pending")),
        pending_source=r.get("pending_source", str), faces=_seen_faces(r, comps))
    if any(s.seat != i or (s.hand is None) == (i == seat) for i, s in enumerate(seats)):
        raise PositionError(Problem.of(ErrorCode.VIEW_SEAT_ORDER))
    return SeatView(seat, obs, config, comps)


def _seen_faces(r: _Reader, comps: Components) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    if not comps.unknown:
        return ()
    from precog.engine.faces import face_of, face_values

    data = r.sub("components").data.get("faces", {})
    return tuple((i, face_values(face_of(comps, i))) for i in sorted(data))


def _read_seat(r: _Reader) -> SeenSeat:
    kw: dict[str, Any] = {k: r.get(k, int) for k in _SEAT_INTS}
    kw.update({k: tuple(r.strs(k)) for k in _SEAT_IDS})
    seasons = tuple(r.ints("deck_seasons"))
    if len(seasons) != 3:
        raise PositionError(Problem.of(ErrorCode.VIEW_DECK_SEASONS, where=r.where))
    hand = r.get("hand", list, optional=True)
    kw.update(batteries=tuple(r.ints("batteries")), deck_seasons=seasons,
              gave=r.get("gave", str, optional=True), activated=r.get("activated", str),
              has_chosen=r.get("has_chosen", bool),
              hand=None if hand is None else tuple(r.strs("hand")))
    kw.update({k: _gains(r.sub(k)) for k in _GAINS})
    names = {f.name for f in fields(SeenSeat)}
    return SeenSeat(**{k: v for k, v in kw.items() if k in names})


# -- the full position, hidden parts filled in sorted order ------------------------------

def _world(view: SeatView) -> GameState:
    obs, config, comps = view.observation, view.config, view.components
    seen: set[str] = set()
    for s in obs.seats:
        seen.update(s.decision_zone + s.action_zone + s.discard + (s.hand or ()))
    players = tuple(_player(s, comps, config.decks[s.seat], seen) for s in obs.seats)
    choices: list[Any] = [None] * config.players
    if obs.phase in _CHOOSING and obs.own_choice is not None:
        choices[view.seat] = obs.own_choice
    to_move = obs.to_move
    waiting = [s for s, c in enumerate(choices) if c is None]
    if obs.phase in _CHOOSING and waiting:
        to_move = waiting[0]
    return GameState(config=config, components=comps, round=obs.round, phase=obs.phase,
                     step=obs.step, to_move=to_move, players=players, choices=tuple(choices),
                     pending=obs.pending, pending_source=obs.pending_source,
                     river=_river(obs, comps), objective_stacks=_stacks(obs, comps),
                     objectives=obs.objectives, passes=obs.passes)


def _player(s: SeenSeat, comps: Components, code: str, seen: set[str]) -> PlayerState:
    if code not in comps.decks:
        raise PositionError(Problem.of(ErrorCode.VIEW_DECK_UNKNOWN, code=code))
    hidden = sorted((c for c in comps.decks[code] if c.id not in seen),
                    key=lambda c: (c.season, c.id))
    if s.hand is not None:
        deck = [c.id for c in hidden]
        hand = list(s.hand)
    else:
        deck, hand = [], []
        for season, count in zip((1, 2, 3), s.deck_seasons, strict=True):
            pile = [c.id for c in hidden if c.season == season]
            deck += pile[len(pile) - count:] if count else []
            hand += pile[:max(0, len(pile) - count)]
    if len(deck) != s.deck_size or len(hand) != s.hand_size:
        raise PositionError(Problem.of(ErrorCode.VIEW_HIDDEN_CARDS, seat=s.seat, deck=s.deck_size,
                                 hand=s.hand_size))
    return PlayerState(food=s.food, healthy=s.healthy, contaminated=s.contaminated,
                       doctors=s.doctors, protectors=s.protectors, bane=s.bane, rooms=s.rooms,
                       batteries=s.batteries, deck=tuple(deck), hand=tuple(hand),
                       decision_zone=s.decision_zone, action_zone=s.action_zone, gave=s.gave,
                       discard=s.discard, activated=s.activated, card_gains=s.card_gains,
                       received=s.received, taken=s.taken)


def _river(obs: Observation, comps: Components) -> tuple[str, ...]:
    river = list(obs.river_revealed)
    unseen = [list(tiles) for tiles in obs.river_unseen]
    islands = {i.season: i.id for i in comps.islands}
    while len(river) < 12:
        season = season_of(len(river) + 1)
        if len(river) % 4 == 3:
            river.append(islands[season])
        elif unseen[season - 1]:
            river.append(unseen[season - 1].pop(0))
        else:
            raise PositionError(Problem.of(ErrorCode.VIEW_RIVER_LEFT, season=season))
    return tuple(river)


def _stacks(obs: Observation, comps: Components) -> tuple[tuple[str, ...], ...]:
    shown = {t for t, _ in obs.objectives}
    stacks = []
    for season, size in enumerate(obs.objective_stack_sizes, start=1):
        pool = sorted(o.id for o in comps.objectives if o.season == season and o.id not in shown)
        if size > len(pool):
            raise PositionError(Problem.of(ErrorCode.VIEW_OBJECTIVES_LEFT, n=size, season=season,
                                     left=len(pool)))
        stacks.append(tuple(pool[:size]))
    return tuple(stacks)

