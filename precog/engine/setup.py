"""Setting up a game: Boats, decks stacked by season, Machine Rooms, the River, Objectives."""

from __future__ import annotations

import random
from collections.abc import Sequence

from precog.engine.components import Components
from precog.engine.data_loading import reference_components
from precog.engine.errors import OptionError
from precog.engine.fastcopy import updater
from precog.engine.maintenance import coop_supplies
from precog.engine.problems import ErrorCode, Problem
from precog.engine.rules import advance
from precog.engine.state import (
    DIFFICULTIES,
    MACHINES_PER_ROOM,
    MODES,
    SETUPS,
    GameConfig,
    GameState,
    Phase,
    PlayerState,
    RuleOptions,
    Step,
)


def check_config(config: GameConfig, components: Components) -> None:
    """Raise :class:`OptionError` naming the option when the configuration is not playable."""
    if not isinstance(config.players, int) or not 2 <= config.players <= 4:
        raise OptionError(Problem.of(ErrorCode.OPTION_PLAYERS, got=config.players),
                          input=config.players)
    if config.mode not in MODES:
        raise OptionError(Problem.of(ErrorCode.OPTION_MODE, allowed=MODES, got=config.mode),
                          input=config.mode)
    if config.setup not in SETUPS:
        raise OptionError(Problem.of(ErrorCode.OPTION_SETUP, allowed=SETUPS, got=config.setup),
                          input=config.setup)
    if config.difficulty not in DIFFICULTIES:
        raise OptionError(Problem.of(ErrorCode.OPTION_DIFFICULTY, allowed=DIFFICULTIES,
                                     got=config.difficulty),
                          input=config.difficulty)
    if config.difficulty != "normal" and config.mode != "coop":
        raise OptionError(Problem.of(ErrorCode.OPTION_DIFFICULTY_COOP, got=config.difficulty),
                          input=config.difficulty)
    if config.mode == "team" and config.players != 4:
        raise OptionError(Problem.of(ErrorCode.OPTION_TEAM, got=config.players),
                          input=config.players)
    if len(config.decks) != config.players or len(set(config.decks)) != config.players:
        raise OptionError(Problem.of(ErrorCode.OPTION_DECKS, n=config.players, got=config.decks),
                          input=config.decks)
    for code in config.decks:
        if code not in components.decks:
            raise OptionError(Problem.of(ErrorCode.OPTION_DECK_UNKNOWN, deck=code,
                                  available=tuple(sorted(components.decks))), input=code)


def parse_rooms(text: str) -> tuple[tuple[str, ...], ...] | None:
    """Rooms chosen by hand as typed: seats separated by commas, each seat's room ids by
    spaces (``"R01 R05, R02 R07"``); empty text means dealt at random (None)."""
    if not isinstance(text, str) or len(text) > 400:
        raise OptionError(Problem.of(ErrorCode.OPTION_ROOMS_TEXT, got=text), input=text)
    if not text.strip():
        return None
    seats = tuple(tuple(part.split()) for part in text.split(","))
    if not all(seats):
        raise OptionError(Problem.of(ErrorCode.OPTION_ROOMS_SEATS, got=text[:60]), input=text)
    return seats


def rooms_text(rooms: object) -> str:
    """Rooms as a player types them (``R01 R05, R02 R07``), for a message: seats by commas,
    room ids by spaces; anything else shortened as it is."""
    if isinstance(rooms, Sequence) and not isinstance(rooms, str) and all(
            isinstance(seat, Sequence) and not isinstance(seat, str) for seat in rooms):
        return ", ".join(" ".join(str(room)[:20] for room in seat[:6]) or "–"
                         for seat in rooms[:8])[:80]
    return str(rooms)[:80]


def check_rooms(rooms: object, config: GameConfig, comps: Components) -> list[str]:
    """The rooms chosen by hand, seat after seat; :class:`OptionError` naming what is wrong."""
    per_seat = 3 if config.advanced else 2
    example = ", ".join(" ".join(r.id for r in comps.rooms[k:k + per_seat])
                        for k in range(0, per_seat * config.players, per_seat))
    if isinstance(rooms, str) or not isinstance(rooms, Sequence) or len(rooms) != config.players:
        raise OptionError(Problem.of(ErrorCode.OPTION_ROOMS_SHAPE, seats=config.players, n=per_seat,
                              setup=config.setup, example=example, got=rooms_text(rooms)),
                          input=rooms)
    chosen: list[str] = []
    for seat, pick in enumerate(rooms):
        if isinstance(pick, str) or not isinstance(pick, Sequence) or len(pick) != per_seat:
            raise OptionError(Problem.of(ErrorCode.OPTION_ROOMS_SEAT, seat=seat, n=per_seat,
                                  got=rooms_text([pick])), input=pick)
        for room in pick:
            if room not in comps.room_by_id:
                raise OptionError(Problem.of(ErrorCode.OPTION_ROOM_UNKNOWN, seat=seat,
                                             room=repr(room)[:20],
                                      known=tuple(comps.room_by_id)), input=room)
            if room in chosen:
                raise OptionError(Problem.of(ErrorCode.OPTION_ROOM_TWICE, seat=seat, room=room),
                                  input=room)
            chosen.append(room)
    return chosen


def new_game(players: int = 4, mode: str = "competitive", setup: str = "standard",
             seed: int = 0, components: Components | None = None, difficulty: str = "normal",
             options: RuleOptions | None = None, decks: Sequence[str] | None = None,
             rng: random.Random | None = None,
             rooms: Sequence[Sequence[str]] | None = None) -> GameState:
    """A new game, shuffled by a generator seeded with ``seed`` (or the ``rng`` given).

    ``rooms``: the Machine Rooms of each seat, chosen by hand (2 per seat in the standard setup,
    the 3 to choose from in the advanced setup), all different; None deals them at random. The
    rest of the setup (decks, River, Objectives) is shuffled the same either way.

    >>> state = new_game(players=3, seed=7)
    >>> state.round, state.phase.value, len(state.players)
    (1, 'decision', 3)
    """
    comps = components if components is not None else reference_components()
    if decks is None:
        decks = tuple(sorted(comps.decks, key=_deck_order))[:players] if isinstance(
            players, int) else ()
    config = GameConfig(players=players, mode=mode, setup=setup, difficulty=difficulty,
                        options=options or RuleOptions(), decks=tuple(decks), seed=seed)
    check_config(config, comps)
    gen = rng if rng is not None else random.Random(seed)
    if comps.unknown:  # a partly-known box: this game's world gives every unknown face a value
        from precog.engine.faces import draw_world

        comps = draw_world(comps, gen)
    start_food = 4 if difficulty in ("hard", "apocalypse") else 8
    per_seat = 3 if config.advanced else 2
    room_pool = gen.sample([r.id for r in comps.rooms], per_seat * players)
    if rooms is not None:
        room_pool = check_rooms(rooms, config, comps)
    seats = []
    for seat, code in enumerate(config.decks):
        rooms = room_pool[per_seat * seat:per_seat * (seat + 1)]
        seats.append(_new_boat(_EMPTY_BOAT, start_food, tuple(rooms),
                               (0,) * (2 * MACHINES_PER_ROOM), _stack_deck(comps, code, gen)))
    state = GameState(config=config, components=comps, round=1, phase=Phase.DECISION,
                      step=Step.CHOOSE, to_move=0, players=tuple(seats),
                      choices=(None,) * players, river=_lay_river(comps, gen),
                      objective_stacks=_objective_stacks(config, comps, gen))
    state = coop_supplies(state)
    if config.advanced:
        state = _begin_advanced(state)
    else:
        state = _deal_first_cards(state)
    return advance(state)


def _deck_order(code: str) -> int:
    return "DTPK".find(code) if code in "DTPK" else 4


def _stack_deck(comps: Components, code: str, gen: random.Random) -> tuple[str, ...]:
    """Season 1 shuffled on top of season 2 shuffled on top of season 3 shuffled."""
    order: list[str] = []
    for season_cards in _deck_seasons(comps, code):
        cards = list(season_cards)
        shuffle(gen, cards)
        order.extend(cards)
    return tuple(order)


def shuffle(gen: random.Random, items: list[str]) -> None:
    """``gen.shuffle(items)``: the same order from the same generator, drawn without a
    method call per card where ``gen`` is a plain :class:`random.Random` (whose shuffle asks
    ``getrandbits`` for the bits of each index, again while it is out of range)."""
    if type(gen) is not random.Random:
        gen.shuffle(items)
        return
    getrandbits = gen.getrandbits
    count = len(items)
    draws = _DRAWS[count] if count < _LISTED_SIZES else _draws(count)
    for i, size, bits in draws:
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def _draws(count: int) -> tuple[tuple[int, int, int], ...]:
    """The draws that shuffle ``count`` items, last place first: (place, pile size, bits of
    the pile size)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(count - 1, 0, -1))


_LISTED_SIZES = 64
_DRAWS = tuple(_draws(count) for count in range(_LISTED_SIZES))
"""The draws of each pile size below 64, listed once (the shuffles of a new game)."""


def _deck_seasons(comps: Components, code: str) -> tuple[tuple[str, ...], ...]:
    """The ids of deck ``code``'s cards of seasons 1, 2 and 3, in the deck's order."""
    deck = comps.decks[code]
    found = _SEASONS.get(code)
    if found is not None and found[0] is deck:
        return found[1]
    if len(_SEASONS) >= 100:
        _SEASONS.clear()
    seasons = tuple(tuple(c.id for c in deck if c.season == season) for season in (1, 2, 3))
    _SEASONS[code] = (deck, seasons)
    return seasons


_SEASONS: dict[str, tuple[tuple[object, ...], tuple[tuple[str, ...], ...]]] = {}
"""Each deck's cards by season, with the deck they were read from (read again for another)."""


def _lay_river(comps: Components, gen: random.Random) -> tuple[str, ...]:
    """3 of each season's 4 River tiles in random order, then that season's Island."""
    tiles: list[str] = []
    for season_tiles, islands in _river_seasons(comps):
        pool = list(season_tiles)
        shuffle(gen, pool)
        tiles.extend(pool[:3])
        tiles.extend(islands)
    return tuple(tiles)


def _river_seasons(comps: Components) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The ids of each season's River tiles and Islands (seasons 1, 2 and 3), in the box's
    order, read once per box (read again for another box's River)."""
    river, islands = comps.river, comps.islands
    found = _RIVER_SEASONS[0]
    if found[0] is river and found[1] is islands:
        return found[2]
    seasons = tuple((tuple(t.id for t in river if t.season == season),
                     tuple(i.id for i in islands if i.season == season))
                    for season in (1, 2, 3))
    _RIVER_SEASONS[0] = (river, islands, seasons)
    return seasons


_RIVER_SEASONS: list[tuple[object, object, tuple[tuple[tuple[str, ...], tuple[str, ...]],
                                                   ...]]] = [(None, None, ())]
"""The last box's River tiles and Islands by season, with the tiles they were read from (one
tuple read at once: threads may share the engine)."""


def _objective_stacks(config: GameConfig, comps: Components,
                      gen: random.Random) -> tuple[tuple[str, ...], ...]:
    if not config.coop:
        return ()
    count = config.players + (1 if config.difficulty == "apocalypse" else 0)
    stacks = []
    for season in (1, 2, 3):
        pool = [o.id for o in comps.objectives if o.season == season]
        stacks.append(tuple(gen.sample(pool, count)))
    return tuple(stacks)


def _deal_first_cards(state: GameState) -> GameState:
    """Standard setup: each player's top 2 cards go face up to the right neighbour."""
    players, n = state.players, len(state.players)
    return _with_players(state, tuple(
        _dealt(p, p.deck[4:], p.deck[2:4], players[(seat + 1) % n].deck[:2])
        for seat, p in enumerate(players)))


def _begin_advanced(state: GameState) -> GameState:
    """Advanced setup: everyone first picks 2 of 3 rooms, before any card is drawn (the
    table's setup step 2); then each draws their first 4 cards and passes 2 of them right
    (``decision._resolve_rooms``)."""
    return _with_phase(state, Phase.SETUP_ROOMS)


_dealt = updater(PlayerState, "deck", "hand", "decision_zone")
_new_boat = updater(PlayerState, "food", "rooms", "batteries", "deck")
_EMPTY_BOAT = PlayerState()
"""A Boat as the game starts it, copied for each seat (faster than ``PlayerState(...)``)."""
_with_players = updater(GameState, "players")
_with_phase = updater(GameState, "phase")
