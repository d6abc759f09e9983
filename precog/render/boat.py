"""One player's Boat drawn as HTML: gauges, Humans, rooms and machines, the offer, the zones.

:func:`seat_name` names a seat by its Prescient; :func:`boat_section` draws a Boat (for
:mod:`precog.render.board`) from its parts, each drawn by a private function here: the Food and
Bane gauges, the Cabins, Contaminated, Infirmary and Bow, the rooms with their machines, the offer
of gains, the hand, Decision Zone, Action Zone and deck. Other seats' hands stay face down and
their secret choices hidden.
"""

from __future__ import annotations

from html import escape

from precog.engine import GameState, PlayerState, Step
from precog.engine.components import Machine
from precog.engine.state import BANE_MAX, FEEDING_ROUNDS
from precog.render.board_context import BoardContext
from precog.render.cards import card_back_html, card_html, empty_slot_html, gains_html
from precog.render.icons import icon
from precog.render.speech import Speech

_MAX_PAWNS = 10
_SCOPES = ("pair", "received", "given")


def seat_name(state: GameState, seat: int, speech: Speech) -> str:
    code = state.config.decks[seat]
    return speech.say("board.seat_name", seat=seat,
                      prescient=speech.name(state.components.prescients.get(code, code)))


def boat_section(ctx: BoardContext, seat: int) -> str:
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


def _boat_header(ctx: BoardContext, seat: int) -> str:
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


def _food_gauge(ctx: BoardContext, seat: int, p: PlayerState) -> str:
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


def _bane_gauge(ctx: BoardContext, seat: int, p: PlayerState) -> str:
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


def _humans(ctx: BoardContext, seat: int, p: PlayerState) -> str:
    areas = (("cabins", "healthy", p.healthy), ("contaminated", "contaminated", p.contaminated),
             ("infirmary", "doctor", p.doctors), ("bow", "protector", p.protectors))
    none = ctx.speech.say("word.none")
    return "".join(
        f'<div class="pc-area pc-area-{key}"'
        f'{ctx.a(f"seat{seat}.{key}", ctx.say(key + "_tip", n=n))}>'
        f'<span class="pc-area-label">{ctx.say(key)} <b>{n}</b></span>'
        f'<span class="pc-pawns">{_pawns(kind, n, none=none)}</span></div>'
        for key, kind, n in areas)


def _rooms(ctx: BoardContext, seat: int, p: PlayerState) -> str:
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


def _machine(ctx: BoardContext, seat: int, m: int, machine: Machine, filled: int) -> str:
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


def _offer(ctx: BoardContext, seat: int) -> str:
    s = ctx.state
    if seat != s.to_move or s.step is not Step.GAINS or not s.pending.total():
        return ""
    source = ctx.say(f"from_{s.pending_source}")
    tip = ctx.say("offer_tip", source=source)
    return (f'<div class="pc-offer"{ctx.a(f"seat{seat}.offer", tip)}><span>'
            f'{escape(ctx.say("offer", source=source))}</span> '
            f"{gains_html(s.pending, ctx.speech, 15)}</div>")


def _zones(ctx: BoardContext, seat: int, p: PlayerState) -> str:
    return (f'<div class="pc-zones">{_hand(ctx, seat, p)}{_decision_zone(ctx, seat, p)}'
            f"{_action_zone(ctx, seat, p)}{_deck(ctx, seat, p)}</div>")


def _zone(ctx: BoardContext, part: str, label: str, tip: str, cards: str) -> str:
    return (f'<div class="pc-zone"{ctx.a(part, tip)}><div class="pc-zone-label">{label}</div>'
            f'<div class="pc-zone-cards">{cards}</div></div>')


def _own_choice(ctx: BoardContext, seat: int) -> tuple[str, str]:
    """The viewer's own secret (Keep, Give) this round, if made: never another seat's."""
    s = ctx.state
    if seat != ctx.viewer or not s.choices or s.choices[seat] is None:
        return "", ""
    choice = s.choices[seat]
    return getattr(choice, "keep", ""), getattr(choice, "give", "")


def _card(ctx: BoardContext, card_id: str, tags: tuple[str, ...] = (), dim: bool = False) -> str:
    return card_html(ctx.state.card(card_id), labels=ctx.labels, part=f"card.{card_id}",
                     tags=tags, dim=dim, note=ctx.note(f"card.{card_id}"), speech=ctx.speech)


def _tags(ctx: BoardContext, card_id: str, keep: str, give: str) -> tuple[str, ...]:
    return ((ctx.say("tag_keep"),) if card_id == keep else
            (ctx.say("tag_give"),) if card_id == give else ())


def _hand(ctx: BoardContext, seat: int, p: PlayerState) -> str:
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


def _decision_zone(ctx: BoardContext, seat: int, p: PlayerState) -> str:
    keep, give = _own_choice(ctx, seat)
    cards = "".join(_card(ctx, c, _tags(ctx, c, keep, give)) for c in p.decision_zone)
    tip = ctx.say("decision_zone_tip", seat=ctx.state.left(seat))
    return _zone(ctx, f"seat{seat}.decision-zone", ctx.say("decision_zone"), tip,
                 cards or '<span class="pc-none">—</span>')


def _action_zone(ctx: BoardContext, seat: int, p: PlayerState) -> str:
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


def _deck(ctx: BoardContext, seat: int, p: PlayerState) -> str:
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
