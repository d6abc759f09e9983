"""The River drawn as HTML: its tiles face up or down, the Islands, and the progress pawn.

:func:`river_html` draws the River of a position (the tiles flipped so far face up, the rest
face down); :func:`river_face_html` draws one tile face up alone (the table page draws a tile as
it is typed); :func:`tile_name_html` and :func:`syllables` fit a long name on a narrow tile.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from precog.engine import GameState
from precog.engine.components import Losses, RiverTile
from precog.engine.formulas import season_of
from precog.engine.state import FEEDING_ROUNDS
from precog.render.board_context import BoardContext, board_context
from precog.render.cards import gains_html
from precog.render.icons import RESOURCE_ICON, icon
from precog.render.speech import Speech


def river_html(state: GameState, speech: Speech, labels: bool = False,
               highlight: Mapping[str, str] | None = None, *,
               _ctx: BoardContext | None = None) -> str:
    """The River: tiles flipped so far face up, the rest face down, and the progress pawn."""
    ctx = _ctx or board_context(state, None, labels, highlight, speech)
    assert ctx.obs is not None
    shown = ctx.obs.river_revealed
    here = state.round - 1
    tiles = "".join(_river_tile(ctx, i, tile_id, i < len(shown), i == here)
                    for i, tile_id in enumerate(state.river))
    tip = ctx.say("river_tip", islands=FEEDING_ROUNDS)
    return (f'<div class="pc-river"{ctx.a("river", tip)}><div class="pc-section-title">'
            f'{ctx.say("river")}</div><div class="pc-river-tiles">{tiles}</div></div>')


def _river_tile(ctx: BoardContext, i: int, tile_id: str, face_up: bool, here: bool) -> str:
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
