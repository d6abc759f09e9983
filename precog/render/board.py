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
>>> html = board_html(new_game(players=2, seed=1), viewer=0, labels=True)
>>> 'data-part="seat0.cabins"' in html and 'data-part="river.1"' in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape

from precog.engine import GameState, Phase, PlayerState, Step, observation
from precog.engine.components import Gains, Losses, Machine
from precog.engine.observation import Observation
from precog.engine.scoring import requirement_met
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS, ROUNDS
from precog.render.cards import card_back_html, card_html, empty_slot_html, gains_html
from precog.render.icons import RESOURCE_ICON, icon
from precog.render.style import attrs, style_tag

PHASE_NAMES = {
    Phase.SETUP_ROOMS: "Setup: Machine Rooms", Phase.SETUP_PASS: "Setup: first cards",
    Phase.DECISION: "Decision phase", Phase.ACTION: "Action phase",
    Phase.MAINTENANCE: "Maintenance phase", Phase.RIVER: "Maintenance: the River",
    Phase.OVER: "Game over",
}
STEP_NAMES = {
    Step.CHOOSE: "choosing", Step.ACTIVATE: "activating cards", Step.GAINS: "placing gains",
    Step.COOP: "working on Objectives", Step.TEAM: "team window (Objectives)",
    Step.PROTECT: "returning Protectors",
    Step.LOSE: "losing Humans", Step.IGNORE: "facing the River", Step.NONE: "",
}
_MAX_PAWNS = 10
_SCOPES = {"pair": "Pair", "received": "Cards gave", "given": "Gave left"}


@dataclass(frozen=True)
class _Ctx:
    state: GameState
    viewer: int | None
    labels: bool
    highlight: Mapping[str, str] = field(default_factory=dict)
    obs: Observation | None = None

    def a(self, part: str, title: str) -> str:
        return attrs(part, title, self.labels, self.highlight.get(part))

    def note(self, part: str) -> str | None:
        return self.highlight.get(part)


def board_html(state: GameState, viewer: int | None, labels: bool = False,
               highlight: Mapping[str, str] | None = None) -> str:
    """The table as seat ``viewer`` sees it (``None``: public view), with the stylesheet."""
    ctx = _context(state, viewer, labels, highlight)
    seats = "".join(_boat(ctx, seat) for seat in _seat_order(state, viewer))
    coop = _objectives(ctx) if state.config.coop else ""
    return (f'{style_tag()}<div class="pc-board">{_header(ctx)}{_outcome(ctx)}'
            f'{river_html(state, labels, highlight, _ctx=ctx)}{coop}'
            f'<div class="pc-boats pc-boats-{state.n}">{seats}</div></div>')


def boat_html(state: GameState, seat: int, viewer: int | None, labels: bool = False,
              highlight: Mapping[str, str] | None = None) -> str:
    """One player's Boat alone (with the stylesheet)."""
    ctx = _context(state, viewer, labels, highlight)
    return f'{style_tag()}<div class="pc-board pc-single">{_boat(ctx, seat)}</div>'


def river_html(state: GameState, labels: bool = False,
               highlight: Mapping[str, str] | None = None, *, _ctx: _Ctx | None = None) -> str:
    """The River: tiles flipped so far face up, the rest face down, and the progress pawn."""
    ctx = _ctx or _context(state, None, labels, highlight)
    assert ctx.obs is not None
    shown = ctx.obs.river_revealed
    here = state.round - 1
    tiles = "".join(_river_tile(ctx, i, tile_id, i < len(shown), i == here)
                    for i, tile_id in enumerate(state.river))
    tip = ("The River: one tile is flipped at the end of each round; rounds 4, 8 and 12 end "
           "on an Island where every Healthy Human eats 1 Food.")
    return (f'<div class="pc-river"{ctx.a("river", tip)}><div class="pc-section-title">River'
            f"</div><div class=\"pc-river-tiles\">{tiles}</div></div>")


# -- helpers ----------------------------------------------------------------------------

def _context(state: GameState, viewer: int | None, labels: bool,
             highlight: Mapping[str, str] | None) -> _Ctx:
    if viewer is not None and not 0 <= viewer < state.n:
        raise ValueError(f"viewer should be a seat 0..{state.n - 1} or None, got {viewer}")
    obs = observation(state, viewer if viewer is not None else 0)
    return _Ctx(state, viewer, labels, dict(highlight or {}), obs)


def _seat_order(state: GameState, viewer: int | None) -> list[int]:
    """The viewer's Boat first, then the others in seat order."""
    seats = list(range(state.n))
    return seats if viewer is None else [viewer] + [s for s in seats if s != viewer]


def seat_name(state: GameState, seat: int) -> str:
    code = state.config.decks[seat]
    return f"Seat {seat} · {state.components.prescients.get(code, code)}"


def _header(ctx: _Ctx) -> str:
    s = ctx.state
    if s.is_over:
        where = "Game over"
    else:
        step = STEP_NAMES[s.step]
        who = "You" if s.to_move == ctx.viewer else f"Seat {s.to_move}"
        where = f"{PHASE_NAMES[s.phase]} · {who}: {step}" if step else PHASE_NAMES[s.phase]
    c = s.config
    mode = c.mode + (f" ({c.difficulty})" if c.coop else "")
    feeding = (' <span class="pc-feeding" title="this round ends on an Island: '
               f'every Healthy Human eats 1 Food">{icon("food", 13)} feeding round</span>'
               if s.round in FEEDING_ROUNDS and not s.is_over else "")
    return (f'<div class="pc-header"><span class="pc-round">Round <b>{s.round}</b>/{ROUNDS}'
            f'</span><span class="pc-season-badge pc-s{s.season}">Season {s.season}</span>'
            f'<span class="pc-where">{escape(where)}</span>{feeding}'
            f'<span class="pc-config">{c.players} players · {escape(mode)} · {c.setup} setup'
            "</span></div>")


def _outcome(ctx: _Ctx) -> str:
    out = ctx.state.outcome
    if out is None:
        return ""
    you = ctx.viewer is not None and ctx.viewer in out.winners
    if not out.winners:
        head, cls = ("The team loses" if ctx.state.config.coop else "Nobody wins"), "pc-lose"
    elif ctx.state.config.coop:
        head, cls = "The team wins!", "pc-win"
    elif you:
        head, cls = ("You win!" if len(out.winners) == 1 else "You share the win!"), "pc-win"
    else:
        won = " and ".join(f"Seat {s}" for s in out.winners)
        head, cls = f"{won} {'wins' if len(out.winners) == 1 else 'share the win'}", "pc-result"
    return (f'<div class="pc-outcome {cls}"><b>{escape(head)}</b> — {escape(out.reason)}'
            "</div>")


def _river_tile(ctx: _Ctx, i: int, tile_id: str, face_up: bool, here: bool) -> str:
    comps = ctx.state.components
    season = i // 4 + 1
    island = i % 4 == 3
    pawn = (f'<span class="pc-progress" title="the progress pawn: round {i + 1}">'
            f'{icon("boat", 22)}</span>' if here else "")
    part = f"river.{i + 1}"
    if island:
        name = next((t.name for t in comps.islands if t.id == tile_id), tile_id)
        cls = "pc-tile pc-island" + ("" if face_up else " pc-ahead")
        tip = (f"Round {i + 1}: {name}, an Island. Every Healthy Human eats 1 Food; "
               "those who cannot be fed are lost.")
        return (f'<div class="{cls}"{ctx.a(part, tip)}>{pawn}<span class="pc-tile-round">'
                f'{i + 1}</span><span class="pc-tile-name">{escape(name)}</span>'
                f'<span class="pc-tile-fx">{icon("healthy", 12)}eats{icon("food", 12)}'
                "</span></div>")
    if not face_up:
        tip = f"Round {i + 1}: a face-down season {season} River tile."
        return (f'<div class="pc-tile pc-down pc-s{season}"{ctx.a(part, tip)}>{pawn}'
                f'<span class="pc-tile-round">{i + 1}</span><span class="pc-tile-q">?</span>'
                "</div>")
    tile = comps.river_by_id[tile_id]
    fx = (gains_html(tile.gains, 12) if not tile.gains.is_empty()
          else _losses_html(tile.losses))
    effect = tile.gains.describe() if not tile.gains.is_empty() else tile.losses.describe()
    tip = f"Round {i + 1}: {tile.name} ({effect}). Returning a Protector ignores it."
    return (f'<div class="pc-tile pc-up pc-s{season}"{ctx.a(part, tip)}>{pawn}'
            f'<span class="pc-tile-round">{i + 1}</span><span class="pc-tile-name">'
            f'{escape(tile.name)}</span><span class="pc-tile-fx">{fx}</span></div>')


def _losses_html(losses: Losses) -> str:
    parts = []
    for k, n in losses.items():
        sign = "+" if k == "bane" else "−"
        parts.append(f'<span class="pc-amt pc-loss">{sign}{n}{icon(RESOURCE_ICON[k], 12)}'
                     "</span>")
    return "".join(parts) or '<span class="pc-none">nothing</span>'


def _objectives(ctx: _Ctx) -> str:
    s = ctx.state
    comps = s.components
    tiles = []
    for tile_id, mitigated in s.objectives:
        tile = comps.objective_by_id[tile_id]
        side = tile.mitigated if mitigated else tile.full
        met = all(requirement_met(s, r) for r in side)
        reqs = "; ".join(r.describe() for r in side)
        price = "" if mitigated else (f'<span class="pc-obj-cost">mitigate: '
                                      f"{gains_html(tile.mitigate_cost, 11, '')}</span>")
        tiles.append(
            f'<div class="pc-obj{" pc-mitigated" if mitigated else ""}'
            f'{" pc-met" if met else ""}" data-card="{tile_id}"'
            f'{ctx.a(f"objective.{tile_id}", f"{tile_id}: {reqs}")}>'
            f'<span class="pc-obj-id">{tile_id} · S{tile.season}'
            f'{" · mitigated" if mitigated else ""}</span><span class="pc-obj-req">'
            f'{escape(reqs)}</span><span class="pc-obj-state">{"met now" if met else "not met"}'
            f"</span>{price}</div>")
    stacks = "".join(
        f'<div class="pc-obj pc-obj-stack" title="season {i + 1}: {len(st)} face down">'
        f'<span class="pc-obj-id">Season {i + 1}</span><span class="pc-back-count">{len(st)}'
        "</span><span>face down</span></div>" for i, st in enumerate(s.objective_stacks))
    tip = ("Cooperative Objectives: every tile of a season must be met when the season's "
           "Island has fed the Humans.")
    return (f'<div class="pc-objectives"{ctx.a("objectives", tip)}><div class="pc-section-title">'
            f'Objectives</div><div class="pc-obj-row">{"".join(tiles)}{stacks}</div></div>')


# -- a Boat ----------------------------------------------------------------------------

def _boat(ctx: _Ctx, seat: int) -> str:
    s = ctx.state
    p = s.players[seat]
    cls = "pc-boat pc-deck-" + s.config.decks[seat].lower()
    if seat == s.to_move:
        cls += " pc-to-move"
    if seat == ctx.viewer:
        cls += " pc-you"
    return (f'<div class="{cls}" data-seat="{seat}"{ctx.a(f"seat{seat}", seat_name(s, seat))}>'
            f"{_boat_header(ctx, seat)}"
            f'<div class="pc-boat-body"><div class="pc-res-row">{_food_gauge(ctx, seat, p)}'
            f"{_bane_gauge(ctx, seat, p)}</div>"
            f'<div class="pc-res-row pc-pawns-row">{_humans(ctx, seat, p)}</div>'
            f"{_rooms(ctx, seat, p)}{_offer(ctx, seat)}{_zones(ctx, seat, p)}</div></div>")


def _boat_header(ctx: _Ctx, seat: int) -> str:
    s = ctx.state
    badges = []
    if seat == ctx.viewer:
        badges.append('<span class="pc-badge pc-badge-you">You</span>')
    if seat == s.to_move:
        badges.append('<span class="pc-badge pc-badge-move">to move</span>')
    if s.choices and s.choices[seat] is not None:
        badges.append('<span class="pc-badge pc-badge-chosen">has chosen</span>')
    if s.outcome is not None and seat in s.outcome.winners:
        badges.append('<span class="pc-badge pc-badge-win">winner</span>')
    if s.config.mode == "team":
        badges.append(f'<span class="pc-badge">team {"A" if seat in (0, 1) else "B"}</span>')
    flow = (f'<span class="pc-flow" title="gives to the left neighbour, receives from the '
            f'right">gives → Seat {s.left(seat)} · gets ← Seat {s.right(seat)}</span>')
    return (f'<div class="pc-boat-head">{icon("boat", 20)}<span class="pc-boat-name">'
            f'{escape(seat_name(s, seat))}</span>{"".join(badges)}{flow}</div>')


def _food_gauge(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    cube = p.food % 10
    cells = "".join(
        f'<span class="pc-cell{" pc-on" if i == cube else ""}">'
        f'{icon("food", 14) if i == cube else i}</span>' for i in range(10))
    tokens = "".join(icon("food10", 18) for _ in range(p.food // 10))
    tip = (f"Food {p.food}: the cube on {cube} plus {p.food // 10} token(s) of 10. Each Island "
           "(end of rounds 4, 8, 12) every Healthy Human eats 1 Food.")
    return (f'<div class="pc-gauge pc-food"{ctx.a(f"seat{seat}.food", tip)}>'
            f'<span class="pc-gauge-label">Food <b>{p.food}</b></span>'
            f'<span class="pc-track">{cells}</span><span class="pc-tokens">{tokens}</span></div>')


def _bane_gauge(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    cells = "".join(
        f'<span class="pc-cell pc-b{min(i, 12)}{" pc-on" if i == p.bane else ""}">'
        f'{icon("bane", 13) if i == p.bane else i}</span>' for i in range(BANE_MAX + 1))
    tip = (f"Bane {p.bane}: in Maintenance the player loses that many Humans (Protectors "
           "returned first lower it by 2 each).")
    return (f'<div class="pc-gauge pc-bane"{ctx.a(f"seat{seat}.bane", tip)}>'
            f'<span class="pc-gauge-label">Bane <b>{p.bane}</b></span>'
            f'<span class="pc-track">{cells}</span></div>')


def _pawns(kind: str, n: int, size: int = 16) -> str:
    shown = "".join(icon(kind, size) for _ in range(min(n, _MAX_PAWNS)))
    more = f'<span class="pc-more">+{n - _MAX_PAWNS}</span>' if n > _MAX_PAWNS else ""
    return shown + more if n else '<span class="pc-none">none</span>'


def _humans(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    areas = (
        ("cabins", "Cabins", "healthy", p.healthy,
         f"Cabins: {p.healthy} Healthy Humans. They pay for activating both cards, eat on "
         "the Islands and are the score at the end."),
        ("contaminated", "Contaminated", "contaminated", p.contaminated,
         f"Contaminated deck: {p.contaminated} Humans. New Humans arrive here; Doctors heal "
         "them back into the Cabins."),
        ("infirmary", "Infirmary", "doctor", p.doctors,
         f"Infirmary: {p.doctors} Doctors. Each heals one Contaminated Human every Maintenance."),
        ("bow", "Bow", "protector", p.protectors,
         f"Bow: {p.protectors} Protectors. Return one to lower Bane by 2 or to ignore a River "
         "tile."),
    )
    return "".join(
        f'<div class="pc-area pc-area-{key}"{ctx.a(f"seat{seat}.{key}", tip)}>'
        f'<span class="pc-area-label">{label} <b>{n}</b></span>'
        f'<span class="pc-pawns">{_pawns(kind, n)}</span></div>'
        for key, label, kind, n, tip in areas)


def _rooms(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    s = ctx.state
    comps = s.components
    rooms = []
    for i, room_id in enumerate(p.rooms):
        room = comps.room_by_id[room_id]
        if i >= 2:  # advanced setup: a third room still to be refused
            rooms.append(f'<div class="pc-room pc-candidate"><div class="pc-room-name">'
                         f"{escape(room.name)} <i>(candidate)</i></div></div>")
            continue
        machines = "".join(_machine(ctx, seat, 3 * i + j, m, p.batteries[3 * i + j])
                           for j, m in enumerate(room.face(s.config.advanced)))
        face = "advanced" if s.config.advanced else "standard"
        tip = f"Machine Room {room.name} ({face} face): 3 machines, m{3 * i + 1}-m{3 * i + 3}."
        rooms.append(f'<div class="pc-room"{ctx.a(f"seat{seat}.room{i + 1}", tip)}>'
                     f'<div class="pc-room-name">{escape(room.name)}</div>'
                     f'<div class="pc-machines">{machines}</div></div>')
    return f'<div class="pc-rooms">{"".join(rooms)}</div>'


def _machine(ctx: _Ctx, seat: int, m: int, machine: Machine, filled: int) -> str:
    powered = filled >= machine.batteries
    slots = "".join(icon("battery" if k < filled else "battery-empty", 14)
                    for k in range(machine.batteries))
    scope, _, rest = machine.condition.text.partition(":")
    state_text = "powered" if powered else f"{filled}/{machine.batteries}"
    tip = (f"m{m + 1}: {machine.describe()}. "
           + ("Powered: it works every round its condition holds." if powered else
              f"{machine.batteries - filled} more Battery needed to power it."))
    return (f'<div class="pc-machine{" pc-powered" if powered else ""}"'
            f'{ctx.a(f"seat{seat}.m{m + 1}", tip)}><div class="pc-m-top"><span class="pc-m-id">'
            f'm{m + 1}</span><span class="pc-slots">{slots}</span></div>'
            f'<div class="pc-m-cond"><span class="pc-m-scope">{_SCOPES.get(scope, scope)}</span>'
            f'{escape(rest.strip())}</div><div class="pc-m-fx">→ {gains_html(machine.effect, 13)}'
            f'</div><div class="pc-m-state">{state_text}</div></div>')


def _offer(ctx: _Ctx, seat: int) -> str:
    s = ctx.state
    if seat != s.to_move or s.step is not Step.GAINS or not s.pending.total():
        return ""
    source = {"cards": "the cards", "machines": "the machines", "river": "the River"}.get(
        s.pending_source, s.pending_source)
    tip = f"On offer from {source}: take all, part or none of it."
    return (f'<div class="pc-offer"{ctx.a(f"seat{seat}.offer", tip)}><span>On offer from '
            f"{source}:</span> {gains_html(s.pending, 15)}</div>")


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
                     tags=tags, dim=dim, note=ctx.note(f"card.{card_id}"))


def _tags(card_id: str, keep: str, give: str) -> tuple[str, ...]:
    return ("Keep",) if card_id == keep else ("Give",) if card_id == give else ()


def _hand(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    s = ctx.state
    code = s.config.decks[seat]
    keep, give = _own_choice(ctx, seat)
    if seat == ctx.viewer:
        cards = "".join(_card(ctx, c, _tags(c, keep, give)) for c in p.hand)
        tip = "Your hand: the cards you drew this round (only you see them)."
    else:
        cards = "".join(card_back_html(code, s.components.prescients.get(code, code))
                        for _ in p.hand)
        tip = f"Seat {seat}'s hand: {len(p.hand)} face-down cards."
    return _zone(ctx, f"seat{seat}.hand", "Hand", tip,
                 cards or '<span class="pc-none">—</span>')


def _decision_zone(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    keep, give = _own_choice(ctx, seat)
    cards = "".join(_card(ctx, c, _tags(c, keep, give)) for c in p.decision_zone)
    tip = (f"Decision Zone: 2 face-up cards from Seat {ctx.state.left(seat)}. Give one of "
           "them back to the left; the other can be kept or passes on.")
    return _zone(ctx, f"seat{seat}.decision-zone", "Decision Zone", tip,
                 cards or '<span class="pc-none">—</span>')


def _action_zone(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    slots = []
    for i, (slot, what) in enumerate((("G", "kept"), ("R", "from the right"))):
        part = f"seat{seat}.action-zone.{slot}"
        if i < len(p.action_zone):
            card_id = p.action_zone[i]
            on = p.activated in ("both", slot)
            off = p.activated != "" and not on
            tags = ("activated",) if on else ()
            inner = _card(ctx, card_id, tags, dim=off)
        else:
            inner = empty_slot_html(slot, size="")
        tip = f"Action Zone {slot}: the card {what} this round."
        slots.append(f'<div class="pc-az-slot"{ctx.a(part, tip)}><span class="pc-az-name">{slot}'
                     f"</span>{inner}</div>")
    tip = ("Action Zone: G is the card kept, R the card received from the right neighbour. "
           "Activate one for free, or both by paying their Costs in Healthy Humans.")
    return (f'<div class="pc-zone pc-az"{ctx.a(f"seat{seat}.action-zone", tip)}>'
            f'<div class="pc-zone-label">Action Zone</div>'
            f'<div class="pc-zone-cards">{"".join(slots)}</div></div>')


def _deck(ctx: _Ctx, seat: int, p: PlayerState) -> str:
    s = ctx.state
    code = s.config.decks[seat]
    assert ctx.obs is not None
    per = ctx.obs.seats[seat].deck_seasons
    tip = (f"Deck: {len(p.deck)} cards face down, stacked by season "
           f"(I: {per[0]}, II: {per[1]}, III: {per[2]}); their order is hidden.")
    back = (card_back_html(code, s.components.prescients.get(code, code), count=len(p.deck),
                           title=tip, size="small") if p.deck
            else empty_slot_html("0", size="small", title="the deck is empty"))
    split = " ".join(f"{m}:{n}" for m, n in zip(("I", "II", "III"), per) if n)
    return (f'<div class="pc-zone pc-deckzone"{ctx.a(f"seat{seat}.deck", tip)}>'
            f'<div class="pc-zone-label">Deck</div><div class="pc-zone-cards">{back}</div>'
            f'<div class="pc-deck-split">{split or "empty"}</div></div>')


def gains_line(g: Gains) -> str:
    """Gains as pictures, for widgets that list what a choice gives."""
    return gains_html(g, 14)
