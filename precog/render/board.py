"""The whole table drawn as HTML/SVG: each player's Boat, the River, the cooperative Objectives.

Pure functions of engine values (no ipywidgets or IPython imports); widgets, notebooks and the
tutor show the strings they return. This module holds the whole board, its header, outcome and
cooperative Objectives; the River is drawn by :mod:`precog.render.river`, each Boat by
:mod:`precog.render.boat` (their public names stay importable from here).

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
from dataclasses import dataclass
from html import escape

from precog.engine import GameState
from precog.engine.components import Gains, Requirement
from precog.engine.scoring import requirement_met
from precog.engine.state import FEEDING_ROUNDS, ROUNDS
from precog.render.board_context import BoardContext, board_context
from precog.render.boat import boat_section
from precog.render.boat import seat_name as seat_name
from precog.render.cards import gains_html
from precog.render.icons import icon
from precog.render.river import SOFT_HYPHEN as SOFT_HYPHEN
from precog.render.river import VOWELS as VOWELS
from precog.render.river import river_face_html as river_face_html
from precog.render.river import river_html as river_html
from precog.render.river import syllables as syllables
from precog.render.river import tile_name_html as tile_name_html
from precog.render.speech import Speech
from precog.render.style import style_tag


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
    ctx = board_context(state, viewer, labels, highlight, speech)
    return BoardSections(f"{_header(ctx)}{_outcome(ctx)}",
                         river_html(state, speech, labels, highlight, _ctx=ctx),
                         _objectives(ctx) if state.config.coop else "",
                         tuple(boat_section(ctx, seat) for seat in _seat_order(state, viewer)))


def board_html(state: GameState, viewer: int | None, labels: bool = False,
               highlight: Mapping[str, str] | None = None, *, speech: Speech) -> str:
    """The table as seat ``viewer`` sees it (``None``: public view), with the stylesheet."""
    parts = board_sections(state, viewer, labels, highlight, speech=speech)
    return (f'{style_tag()}<div class="pc-board">{parts.top}{parts.river}{parts.objectives}'
            f'<div class="pc-boats pc-boats-{state.n}">{"".join(parts.boats)}</div></div>')


def boat_html(state: GameState, seat: int, viewer: int | None, labels: bool = False,
              highlight: Mapping[str, str] | None = None, *, speech: Speech) -> str:
    """One player's Boat alone (with the stylesheet)."""
    ctx = board_context(state, viewer, labels, highlight, speech)
    return f'{style_tag()}<div class="pc-board pc-single">{boat_section(ctx, seat)}</div>'


def _seat_order(state: GameState, viewer: int | None) -> list[int]:
    """The viewer's Boat first, then the others in seat order."""
    seats = list(range(state.n))
    return seats if viewer is None else [viewer] + [s for s in seats if s != viewer]


def _header(ctx: BoardContext) -> str:
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


def _outcome(ctx: BoardContext) -> str:
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


def _objectives(ctx: BoardContext) -> str:
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


def _requirement(ctx: BoardContext, r: Requirement) -> str:
    """``one player holds 3 Food`` in the board's language."""
    what = ctx.speech.resource(r.resource, r.amount)
    return ctx.say(f"requirement_{r.scope}", n=r.amount, what=what)


def gains_line(g: Gains, speech: Speech) -> str:
    """Gains as pictures, for widgets that list what a choice gives."""
    return gains_html(g, speech, 14)
