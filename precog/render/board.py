"""The whole table drawn as HTML/SVG: each player's Boat, the River, the cooperative Objectives.

Pure functions of engine values (no ipywidgets or IPython imports); widgets, notebooks and the
tutor show the strings they return.

- ``board_html(state, viewer)`` draws what seat ``viewer`` may see (``None``: only public
  information). Other hands are face down, no deck order is ever shown, River tiles not yet
  flipped stay face down, and other seats' secret choices show only as "has chosen".
- ``labels=True`` gives every named part a ``data-part`` attribute and a ``title`` tooltip:
  ``river``, ``river.N`` (N = 1..12), ``objectives``, and per seat S (``seatS``):
  ``seatS.food``, ``.cabins``, ``.contaminated``, ``.infirmary``, ``.bow``, ``.bane``,
  ``.room1``/``.room2``, ``.m1``..``.m6``, ``.hand``, ``.decision-zone``, ``.action-zone``,
  ``.action-zone.G``/``.R``, ``.deck``, ``.offer``; each card is ``card.ID``.
- ``highlight={part: note}`` rings those parts and prints the note (may be empty) beside them.

>>> from precog.engine import new_game
>>> from precog.session.speech import speech
>>> html = board_html(new_game(players=2, seed=1), viewer=0, labels=True, speech=speech("en"))
>>> 'data-part="seat0.cabins"' in html and 'data-part="river.1"' in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape

from precog.engine import GameState, PlayerState, PrecogError, Step, observation
from precog.engine.components import Gains, Losses, Machine, Requirement, RiverTile
from precog.engine.formulas import season_of
from precog.engine.observation import Observation
from precog.engine.problems import ErrorCode, Problem
from precog.engine.scoring import requirement_met
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS, ROUNDS
from precog.render.cards import card_back_html, card_html, empty_slot_html, gains_html
from precog.render.icons import RESOURCE_ICON, icon
from precog.render.speech import Speech
from precog.render.style import attrs, style_tag

_MAX_PAWNS = 10
_SCOPES = ("pair", "received", "given")


@dataclass(frozen=True)
class _Ctx:
    state: GameState
    viewer: int | None
    labels: bool
    speech: Speech
    highlight: Mapping[str, str] = field(default_factory=dict)
    obs: Observation | None = None

    def say(self, key: str, **values: object) -> str:
        """The board's words (``[board]`` of ``precog/data/words/<lang>/app.toml``)."""
        return self.speech.say(f"board.{key}", **values)

    def a(self, part: str, title: str) -> str:
        return attrs(part, title, self.labels, self.highlight.get(part))

    def note(self, part: str) -> str | None:
        return self.highlight.get(part)


@dataclass(frozen=True)
class BoardSections:
    """The board's parts as separate HTML strings (no stylesheet), in drawing order: a view
    that redraws only the parts that changed (Play's board) shows them one by one."""

    top: str  # the header line and, once the game is over, its outcome
    river: str
    objectives: str  # empty outside the cooperative mode
    boats: tuple[str, ...]  # the viewer's Boat first


def board_sections(state: GameState, viewer: int | None, labels: bool = False,
                   highlight: Mapping[str, str] | None = None, *,
                   speech: Speech) -> BoardSections:
    """:func:`board_html`'s parts, the same HTML cut where a redraw may stop."""
    ctx = _context(state, viewer, labels, highlight, speech)
    return BoardSections(f"{_header(ctx)}{_outcome(ctx)}",
                         river_html(state, speech, labels, highlight, _ctx=ctx),
                         _objectives(ctx) if state.config.coop else "",
                         tuple(_boat(ctx, seat) for seat in _seat_order(state, viewer)))


def board_html(state: GameState, viewer: int | None, labels: bool = False,
               highlight: Mapping[str, str] | None = None, *, speech: Speech) -> str:
    """The table as seat ``viewer`` sees it (``None``: public view), with the stylesheet."""
    parts = board_sections(state, viewer, labels, highlight, speech=speech)
    return (f'{style_tag()}<div class="pc-board">{parts.top}{parts.river}{parts.objectives}'
            f'<div class="pc-boats pc-boats-{state.n}">{"".join(parts.boats)}</div></div>')


def boat_html(state: GameState, seat: int, viewer: int | None, labels: bool = False,
              highlight: Mapping[str, str] | None = None, *, speech: Speech) -> str:
    """One player's Boat alone (with the stylesheet)."""
    ctx = _context(state, viewer, labels, highlight, speech)
    return f'{style_tag()}<div class="pc-board pc-single">{_boat(ctx, seat)}</div>'


def river_html(state: GameState, speech: Speech, labels: bool = False,
               highlight: Mapping[str, str] | None = None, *, _ctx: _Ctx | None = None) -> str:
    """The River: tiles flipped so far face up, the rest face down, and the progress pawn."""
    ctx = _ctx or _context(state, None, labels, highlight, speech)
    assert ctx.obs is not None
    shown = ctx.obs.river_revealed
    here = state.round - 1
    tiles = "".join(_river_tile(ctx, i, tile_id, i < len(shown), i == here)
                    for i, tile_id in enumerate(state.river))
    tip = ctx.say("river_tip", islands=FEEDING_ROUNDS)
    return (f'<div class="pc-river"{ctx.a("river", tip)}><div class="pc-section-title">'
            f'{ctx.say("river")}</div><div class="pc-river-tiles">{tiles}</div></div>')


# -- helpers ----------------------------------------------------------------------------

def _context(state: GameState, viewer: int | None, labels: bool,
             highlight: Mapping[str, str] | None, speech: Speech) -> _Ctx:
    if viewer is not None and not 0 <= viewer < state.n:
        raise PrecogError(Problem.of(ErrorCode.VIEW_SEAT, seat=viewer, top=state.n - 1),
                          input=viewer)
    obs = observation(state, viewer if viewer is not None else 0)
    return _Ctx(state, viewer, labels, speech, dict(highlight or {}), obs)


def _seat_order(state: GameState, viewer: int | None) -> list[int]:
    """The viewer's Boat first, then the others in seat order."""
    seats = list(range(state.n))
    return seats if viewer is None else [viewer] + [s for s in seats if s != viewer]


def seat_name(state: GameState, seat: int, speech: Speech) -> str:
    code = state.config.decks[seat]
    return speech.say("board.seat_name", seat=seat,
                      prescient=speech.name(state.components.prescients.get(code, code)))


def _header(ctx: _Ctx) -> str:
    s = ctx.state
    phase = ctx.say(f"phase_{s.phase.value}")
    if s.is_over:
        where = phase
    else:
        step = ctx.say(f"step_{s.step.value}")
        who = ctx.say("you") if s.to_move == ctx.viewer else ctx.say("seat", seat=s.to_move)
        where = f"{phase} · {who}: {step}" if step else phase
    c = s.config
    w = ctx.speech
    mode = w.say(f"text.mode_{c.mode}") + (
        f" ({w.say(f'text.difficulty_{c.difficulty}')})" if c.coop else "")
    feeding = (f' <span class="pc-feeding" title="{escape(ctx.say("feeding_tip"))}">'
               f'{icon("food", 13)} {escape(ctx.say("feeding"))}</span>'
               if s.round in FEEDING_ROUNDS and not s.is_over else "")
    config = ctx.say("config", players=c.players, mode=mode,
                     setup=w.say(f"text.setup_{c.setup}"))
    return (f'<div class="pc-header"><span class="pc-round">'
            f'{ctx.say("round", round=s.round, rounds=ROUNDS)}</span>'
            f'<span class="pc-season-badge pc-s{s.season}">'
            f'{escape(ctx.say("season", season=s.season))}</span>'
            f'<span class="pc-where">{escape(where)}</span>{feeding}'
            f'<span class="pc-config">{escape(config)}</span></div>')


def _outcome(ctx: _Ctx) -> str:
    out = ctx.state.outcome
    if out is None:
        return ""
    you = ctx.viewer is not None and ctx.viewer in out.winners
    if not out.winners:
        head, cls = ctx.say("team_loses" if ctx.state.config.coop else "nobody_wins"), "pc-lose"
    elif ctx.state.config.coop:
        head, cls = ctx.say("team_wins"), "pc-win"
    elif you:
        head, cls = ctx.say("you_win" if len(out.winners) == 1 else "you_share"), "pc-win"
    else:
        won = f" {ctx.speech.say('word.and')} ".join(
            ctx.say("seat", seat=s) for s in out.winners)
        key = "wins" if len(out.winners) == 1 else "share"
        head, cls = ctx.say(key, seats=won), "pc-result"
    reason = ctx.speech.outcome(out)
    return (f'<div class="pc-outcome {cls}"><b>{escape(head)}</b> — {escape(reason)}'
            "</div>")


def _river_tile(ctx: _Ctx, i: int, tile_id: str, face_up: bool, here: bool) -> str:
    comps = ctx.state.components
    season = season_of(i + 1)
    island = i % 4 == 3
    pawn = (f'<span class="pc-progress" title="{escape(ctx.say("pawn_tip", round=i + 1))}">'
            f'{icon("boat", 22)}</span>' if here else "")
    part = f"river.{i + 1}"
    if island:
        name = ctx.speech.name(next((t.name for t in comps.islands if t.id == tile_id),
                                    tile_id))
        cls = "pc-tile pc-island" + ("" if face_up else " pc-ahead")
        tip = ctx.say("island_tip", round=i + 1, name=name)
        return (f'<div class="{cls}"{ctx.a(part, tip)}>{pawn}<span class="pc-tile-round">'
                f'{i + 1}</span>{tile_name_html(name)}'
                f'<span class="pc-tile-fx">{icon("healthy", 12)}{escape(ctx.say("eats"))}'
                f'{icon("food", 12)}'
                "</span></div>")
    if not face_up:
        tip = ctx.say("tile_down_tip", round=i + 1, season=season)
        return (f'<div class="pc-tile pc-down pc-s{season}"{ctx.a(part, tip)}>{pawn}'
                f'<span class="pc-tile-round">{i + 1}</span><span class="pc-tile-q">?</span>'
                "</div>")
    tile = comps.river_by_id[tile_id]
    fx = (gains_html(tile.gains, ctx.speech, 12) if not tile.gains.is_empty()
          else _losses_html(tile.losses, ctx.speech))
    w = ctx.speech
    effect = (w.gains(tile.gains) if not tile.gains.is_empty() else
              ", ".join(ctx.say("loss", n=n, what=w.resource(k, n))
                        for k, n in tile.losses.items()) or w.say("word.nothing"))
    tip = ctx.say("tile_tip", round=i + 1, name=ctx.speech.name(tile.name),
                  effect=effect)
    return (f'<div class="pc-tile pc-up pc-s{season}"{ctx.a(part, tip)}>{pawn}'
            f'<span class="pc-tile-round">{i + 1}</span>'
            f'{tile_name_html(ctx.speech.name(tile.name))}'
            f'<span class="pc-tile-fx">{fx}</span></div>')


VOWELS = frozenset("aeiouyAEIOUYаеёиоуыэюяАЕЁИОУЫЭЮЯ")
SOFT_HYPHEN = "\u00ad"


def tile_name_html(name: str) -> str:
    """A River tile's or Island's name, in smaller letters when a word of it is long, and
    with the places a long word may be split marked (a hyphen shows there if it is): the
    tiles are narrow, and a long word was otherwise broken anywhere ("Strand|ed")."""
    longest = max((len(word) for word in name.split()), default=0)
    size = " pc-tile-name-long" if longest >= 8 else ""
    size = " pc-tile-name-longer" if longest >= 10 else size
    split = " ".join(syllables(word) for word in name.split(" "))
    return f'<span class="pc-tile-name{size}">{escape(split)}</span>'


def syllables(word: str, shortest: int = 7) -> str:
    """``word`` with a soft hyphen before each consonant that starts a syllable (a consonant
    followed by a vowel, at least three letters from either end): "Stran-ded", "gene-ra-tor".
    A rough rule, good enough for where a narrow tile may split a name; shorter words are
    left whole."""
    if len(word) < shortest:
        return word
    out = []
    for i, ch in enumerate(word):
        if (3 <= i <= len(word) - 3 and ch.isalpha() and ch not in VOWELS
                and word[i + 1] in VOWELS and word[i - 1].isalpha()):
            out.append(SOFT_HYPHEN)
        out.append(ch)
    return "".join(out)


def river_face_html(tile: RiverTile, round_: int, speech: Speech) -> str:
    """One River tile face up, drawn as on the board (the table page's live drawing of a tile
    as it is typed)."""
    fx = (gains_html(tile.gains, speech, 12) if not tile.gains.is_empty()
          else _losses_html(tile.losses, speech))
    return (f'<div class="pc-tile pc-up pc-s{tile.season}" title="{escape(tile.id)}">'
            f'<span class="pc-tile-round">{round_}</span>'
            f'{tile_name_html(speech.name(tile.name))}'
            f'<span class="pc-tile-fx">{fx}</span></div>')


def _losses_html(losses: Losses, speech: Speech) -> str:
    parts = []
    for k, n in losses.items():
        parts.append(f'<span class="pc-amt pc-loss">−{n}{icon(RESOURCE_ICON[k], 12)}'
                     "</span>")
    nothing = escape(speech.say("word.nothing"))
    return "".join(parts) or f'<span class="pc-none">{nothing}</span>'


def _objectives(ctx: _Ctx) -> str:
    s = ctx.state
    comps = s.components
    tiles = []
    for tile_id, mitigated in s.objectives:
        tile = comps.objective_by_id[tile_id]
        side = tile.mitigated if mitigated else tile.full
        met = all(requirement_met(s, r) for r in side)
        reqs = "; ".join(_requirement(ctx, r) for r in side)
        price = "" if mitigated else (f'<span class="pc-obj-cost">{ctx.say("mitigate")}: '
                                      f"{gains_html(tile.mitigate_cost, ctx.speech, 11, '')}"
                                      "</span>")
        tiles.append(
            f'<div class="pc-obj{" pc-mitigated" if mitigated else ""}'
            f'{" pc-met" if met else ""}" data-card="{tile_id}"'
            f'{ctx.a(f"objective.{tile_id}", f"{tile_id}: {reqs}")}>'
            f'<span class="pc-obj-id">{tile_id} · S{tile.season}'
            f'{" · " + ctx.say("mitigated") if mitigated else ""}</span><span class="pc-obj-req">'
            f'{escape(reqs)}</span><span class="pc-obj-state">'
            f'{ctx.say("met_now" if met else "not_met")}</span>{price}</div>')
    stacks = "".join(
        f'<div class="pc-obj pc-obj-stack" title="'
        f'{escape(ctx.say("stack_tip", season=i + 1, n=len(st)))}">'
        f'<span class="pc-obj-id">{ctx.say("season", season=i + 1)}</span>'
        f'<span class="pc-back-count">{len(st)}</span><span>{ctx.say("face_down")}</span></div>'
        for i, st in enumerate(s.objective_stacks))
    tip = ctx.say("objectives_tip")
    return (f'<div class="pc-objectives"{ctx.a("objectives", tip)}><div class="pc-section-title">'
            f'{ctx.say("objectives")}</div><div class="pc-obj-row">{"".join(tiles)}{stacks}'
            "</div></div>")


def _requirement(ctx: _Ctx, r: Requirement) -> str:
    """``one player holds 3 Food`` in the board's language."""
    what = ctx.speech.resource(r.resource, r.amount)
    return ctx.say(f"requirement_{r.scope}", n=r.amount, what=what)


# -- a Boat ----------------------------------------------------------------------------

def _boat(ctx: _Ctx, seat: int) -> str:
    s = ctx.state
    p = s.players[seat]
    cls = "pc-boat pc-deck-" + s.config.decks[seat].lower()
    if seat == s.to_move:
        cls += " pc-to-move"
    if seat == ctx.viewer:
        cls += " pc-you"
    return (f'<div class="{cls}" data-seat="{seat}"'
            f'{ctx.a(f"seat{seat}", seat_name(s, seat, ctx.speech))}>'
            f"{_boat_header(ctx, seat)}"
            f'<div class="pc-boat-body"><div class="pc-res-row">{_food_gauge(ctx, seat, p)}'
            f"{_bane_gauge(ctx, seat, p)}</div>"
            f'<div class="pc-res-row pc-pawns-row">{_humans(ctx, seat, p)}</div>'
            f"{_rooms(ctx, seat, p)}{_offer(ctx, seat)}{_zones(ctx, seat, p)}</div></div>")


def _boat_header(ctx: _Ctx, seat: int) -> str:
    s = ctx.state
    badges = []
    if seat == ctx.viewer:
        badges.append(f'<span class="pc-badge pc-badge-you">{ctx.say("you")}</span>')
    if seat == s.to_move:
        badges.append(f'<span class="pc-badge pc-badge-move">{ctx.say("to_move")}</span>')
    if s.choices and s.choices[seat] is not None:
        badges.append(f'<span class="pc-badge pc-badge-chosen">{ctx.say("has_chosen")}</span>')
    if s.outcome is not None and seat in s.outcome.winners:
        badges.append(f'<span class="pc-badge pc-badge-win">{ctx.say("winner")}</span>')
    if s.config.mode == "team":
        team = ctx.say("team", team="A" if seat in (0, 1) else "B")
        badges.append(f'<span class="pc-badge">{team}</span>')
    flow = (f'<span class="pc-flow" title="{escape(ctx.say("flow_tip"))}">'
            f'{escape(ctx.say("flow", left=s.left(seat), right=s.right(seat)))}</span>')
    return (f'<div class="pc-boat-head">{icon("boat", 20)}<span class="pc-boat-name">'
            f'{escape(seat_name(s, seat, ctx.speech))}</span>{"".join(badges)}{flow}</div>')


def _food_gauge(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    cube = p.food % 10
    cells = "".join(
        f'<span class="pc-cell{" pc-on" if i == cube else ""}">'
        f'{icon("food", 14) if i == cube else i}</span>' for i in range(10))
    tokens = "".join(icon("food10", 18) for _ in range(p.food // 10))
    tip = ctx.say("food_tip", food=p.food, cube=cube, tokens=p.food // 10,
                  islands=FEEDING_ROUNDS)
    return (f'<div class="pc-gauge pc-food"{ctx.a(f"seat{seat}.food", tip)}>'
            f'<span class="pc-gauge-label">{ctx.say("food")} <b>{p.food}</b></span>'
            f'<span class="pc-track">{cells}</span><span class="pc-tokens">{tokens}</span></div>')


def _bane_gauge(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    cells = "".join(
        f'<span class="pc-cell pc-b{min(i, 12)}{" pc-on" if i == p.bane else ""}">'
        f'{icon("bane", 13) if i == p.bane else i}</span>' for i in range(BANE_MAX + 1))
    tip = ctx.say("bane_tip", bane=p.bane)
    return (f'<div class="pc-gauge pc-bane"{ctx.a(f"seat{seat}.bane", tip)}>'
            f'<span class="pc-gauge-label">{ctx.say("bane")} <b>{p.bane}</b></span>'
            f'<span class="pc-track">{cells}</span></div>')


def _pawns(kind: str, n: int, size: int = 16, none: str = "none") -> str:
    shown = "".join(icon(kind, size) for _ in range(min(n, _MAX_PAWNS)))
    more = f'<span class="pc-more">+{n - _MAX_PAWNS}</span>' if n > _MAX_PAWNS else ""
    return shown + more if n else f'<span class="pc-none">{escape(none)}</span>'


def _humans(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    areas = (("cabins", "healthy", p.healthy), ("contaminated", "contaminated", p.contaminated),
             ("infirmary", "doctor", p.doctors), ("bow", "protector", p.protectors))
    none = ctx.speech.say("word.none")
    return "".join(
        f'<div class="pc-area pc-area-{key}"'
        f'{ctx.a(f"seat{seat}.{key}", ctx.say(key + "_tip", n=n))}>'
        f'<span class="pc-area-label">{ctx.say(key)} <b>{n}</b></span>'
        f'<span class="pc-pawns">{_pawns(kind, n, none=none)}</span></div>'
        for key, kind, n in areas)


def _rooms(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    s = ctx.state
    comps = s.components
    rooms = []
    for i, room_id in enumerate(p.rooms):
        room = comps.room_by_id[room_id]
        name = escape(ctx.speech.name(room.name))
        if i >= 2:  # advanced setup: a third room still to be refused
            rooms.append(f'<div class="pc-room pc-candidate"><div class="pc-room-name">'
                         f'{name} <i>({ctx.say("candidate")})</i></div></div>')
            continue
        machines = "".join(_machine(ctx, seat, 3 * i + j, m, p.batteries[3 * i + j])
                           for j, m in enumerate(room.face(s.config.advanced)))
        face = ctx.say("face_advanced" if s.config.advanced else "face_standard")
        tip = ctx.say("room_tip", room=ctx.speech.name(room.name), face=face,
                     first=3 * i + 1, last=3 * i + 3)
        rooms.append(f'<div class="pc-room"{ctx.a(f"seat{seat}.room{i + 1}", tip)}>'
                     f'<div class="pc-room-name">{name}</div>'
                     f'<div class="pc-machines">{machines}</div></div>')
    return f'<div class="pc-rooms">{"".join(rooms)}</div>'


def _machine(ctx: _Ctx, seat: int, m: int, machine: Machine, filled: int) -> str:
    powered = filled >= machine.batteries
    slots = "".join(icon("battery" if k < filled else "battery-empty", 14)
                    for k in range(machine.batteries))
    scope = machine.condition.scope
    w = ctx.speech
    rest = w.condition(machine.condition)
    state_text = ctx.say("powered") if powered else f"{filled}/{machine.batteries}"
    scope_name = ctx.say(f"scope_{scope}") if scope in _SCOPES else scope
    # the machine in the reader's words: its slots, its test and what it gives
    tip = (f"m{m + 1} ({machine.batteries} {w.resource('battery', machine.batteries)}): "
           f"{scope_name} {rest.strip()} → {w.gains(machine.effect)}. "
           + (ctx.say("powered_tip") if powered else
              ctx.say("unpowered_tip", n=machine.batteries - filled)))
    return (f'<div class="pc-machine{" pc-powered" if powered else ""}"'
            f'{ctx.a(f"seat{seat}.m{m + 1}", tip)}><div class="pc-m-top"><span class="pc-m-id">'
            f'm{m + 1}</span><span class="pc-slots">{slots}</span></div>'
            f'<div class="pc-m-cond"><span class="pc-m-scope">{escape(scope_name)}</span>'
            f'{escape(rest.strip())}</div><div class="pc-m-fx">→ '
            f'{gains_html(machine.effect, ctx.speech, 13)}'
            f'</div><div class="pc-m-state">{state_text}</div></div>')


def _offer(ctx: _Ctx, seat: int) -> str:
    s = ctx.state
    if seat != s.to_move or s.step is not Step.GAINS or not s.pending.total():
        return ""
    source = ctx.say(f"from_{s.pending_source}")
    tip = ctx.say("offer_tip", source=source)
    return (f'<div class="pc-offer"{ctx.a(f"seat{seat}.offer", tip)}><span>'
            f'{escape(ctx.say("offer", source=source))}</span> '
            f"{gains_html(s.pending, ctx.speech, 15)}</div>")


def _zones(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    return (f'<div class="pc-zones">{_hand(ctx, seat, p)}{_decision_zone(ctx, seat, p)}'
            f"{_action_zone(ctx, seat, p)}{_deck(ctx, seat, p)}</div>")


def _zone(ctx: _Ctx, part: str, label: str, tip: str, cards: str) -> str:
    return (f'<div class="pc-zone"{ctx.a(part, tip)}><div class="pc-zone-label">{label}</div>'
            f'<div class="pc-zone-cards">{cards}</div></div>')


def _own_choice(ctx: _Ctx, seat: int) -> tuple[str, str]:
    """The viewer's own secret (Keep, Give) this round, if made: never another seat's."""
    s = ctx.state
    if seat != ctx.viewer or not s.choices or s.choices[seat] is None:
        return "", ""
    choice = s.choices[seat]
    return getattr(choice, "keep", ""), getattr(choice, "give", "")


def _card(ctx: _Ctx, card_id: str, tags: tuple[str, ...] = (), dim: bool = False) -> str:
    return card_html(ctx.state.card(card_id), labels=ctx.labels, part=f"card.{card_id}",
                     tags=tags, dim=dim, note=ctx.note(f"card.{card_id}"), speech=ctx.speech)


def _tags(ctx: _Ctx, card_id: str, keep: str, give: str) -> tuple[str, ...]:
    return ((ctx.say("tag_keep"),) if card_id == keep else
            (ctx.say("tag_give"),) if card_id == give else ())


def _hand(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    s = ctx.state
    code = s.config.decks[seat]
    keep, give = _own_choice(ctx, seat)
    if seat == ctx.viewer:
        cards = "".join(_card(ctx, c, _tags(ctx, c, keep, give)) for c in p.hand)
        tip = ctx.say("hand_tip")
    else:
        cards = "".join(card_back_html(code, s.components.prescients.get(code, code),
                                       speech=ctx.speech) for _ in p.hand)
        tip = ctx.say("other_hand_tip", seat=seat, n=len(p.hand))
    return _zone(ctx, f"seat{seat}.hand", ctx.say("hand"), tip,
                 cards or '<span class="pc-none">—</span>')


def _decision_zone(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    keep, give = _own_choice(ctx, seat)
    cards = "".join(_card(ctx, c, _tags(ctx, c, keep, give)) for c in p.decision_zone)
    tip = ctx.say("decision_zone_tip", seat=ctx.state.left(seat))
    return _zone(ctx, f"seat{seat}.decision-zone", ctx.say("decision_zone"), tip,
                 cards or '<span class="pc-none">—</span>')


def _action_zone(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    slots = []
    for i, slot in enumerate(("G", "R")):
        part = f"seat{seat}.action-zone.{slot}"
        if i < len(p.action_zone):
            card_id = p.action_zone[i]
            on = p.activated in ("both", slot)
            off = p.activated != "" and not on
            tags = (ctx.say("tag_activated"),) if on else ()
            inner = _card(ctx, card_id, tags, dim=off)
        else:
            inner = empty_slot_html(slot, size="")
        tip = ctx.say(f"slot_{slot}_tip")
        slots.append(f'<div class="pc-az-slot"{ctx.a(part, tip)}><span class="pc-az-name">{slot}'
                     f"</span>{inner}</div>")
    tip = ctx.say("action_zone_tip")
    return (f'<div class="pc-zone pc-az"{ctx.a(f"seat{seat}.action-zone", tip)}>'
            f'<div class="pc-zone-label">{ctx.say("action_zone")}</div>'
            f'<div class="pc-zone-cards">{"".join(slots)}</div></div>')


def _deck(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    s = ctx.state
    code = s.config.decks[seat]
    assert ctx.obs is not None
    per = ctx.obs.seats[seat].deck_seasons
    tip = ctx.say("deck_tip", n=len(p.deck), a=per[0], b=per[1], c=per[2])
    back = (card_back_html(code, s.components.prescients.get(code, code), count=len(p.deck),
                           title=tip, size="small", speech=ctx.speech) if p.deck
            else empty_slot_html("0", size="small", title=ctx.say("deck_empty_tip")))
    split = " ".join(f"{m}:{n}" for m, n in zip(("I", "II", "III"), per) if n)
    return (f'<div class="pc-zone pc-deckzone"{ctx.a(f"seat{seat}.deck", tip)}>'
            f'<div class="pc-zone-label">{ctx.say("deck")}</div>'
            f'<div class="pc-zone-cards">{back}</div>'
            f'<div class="pc-deck-split">{split or ctx.say("empty")}</div></div>')


def gains_line(g: Gains, speech: Speech) -> str:
    """Gains as pictures, for widgets that list what a choice gives."""
    return gains_html(g, speech, 14)
