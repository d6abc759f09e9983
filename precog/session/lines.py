"""The analysis said in words: the look-ahead tree's edges, the principal line, the moves of a
plan, the analysis' progress and the bots' names, in the reader's language.

The analysis returns data (:mod:`precog.analysis.basics.edges`: actions, card and tile ids, seat
numbers); the words are ``[line]``, ``[stage]`` and ``[bots]`` of ``precog/data/words/<lang>/
app.toml``. Given a position (``state``), cards are said by name, River tiles by name and
effect, Islands by name and feeding, a Battery's machine by room and effect, and the seat a
card is given to by number; without one, by id. The ``*_marked`` functions keep each id
marked (:func:`mark`) so that a renderer can draw the card
(:func:`precog.render.cards.marked_html`). A plan's moves are said without what they cost
(the analysis plays them in sampled worlds), except in the principal line, where the card kept
and the card that arrives are said: activating both then says what it pays. Marking and
naming are in :mod:`~precog.session.marks`, a plan's moves in
:mod:`~precog.session.move_words`.

>>> from precog.analysis.basics.edges import Arrives, Chosen, RiverTile
>>> from precog.engine.actions import Choose
>>> line_text((Arrives("D02", 2), RiverTile("I1"), Chosen(Choose("T16", "T15"))))
'Seat 2 gives you D02. The River reaches I1. Then keep T16, give T15.'
>>> edge_text(Arrives("D02", 2), "ru")
'Место 2 отдаёт вам карту D02'
"""

from __future__ import annotations

from precog.analysis.basics.edges import Arrives, Chosen, Draw, Edge, Plan, RiverTile, Stage, Start
from precog.engine import DataError, GameState
from precog.engine.actions import Choose
from precog.engine.machines import resolved_costs
from precog.engine.problems import ErrorCode, Problem
from precog.session.marks import END, MARK, MARKED, component_label, mark, named, tile_effect
from precog.session.move_words import ID_FIELDS, MOVE_TYPES, SEP, move_text, plan_text
from precog.session.words import DEFAULT_LANGUAGE, words

# The marks (:mod:`~precog.session.marks`) and a plan's moves said in words
# (:mod:`~precog.session.move_words`) stay importable from here.
__all__ = ["END", "ID_FIELDS", "MARK", "MARKED", "MOVE_TYPES", "SEP", "bot_name",
           "chance_text", "choice_text", "component_label", "edge_marked", "edge_names",
           "edge_row_text", "edge_text", "line_marked", "line_text", "mark", "move_text",
           "named", "plan_text", "stage_text", "tile_effect"]


def edge_text(edge: Edge, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
              seat: int = 0) -> str:
    """One edge of the tree as a label (``state``/``seat``: whose Boat, for names of cards,
    tiles and rooms; without a state the ids are shown)."""
    return named(edge_marked(edge, lang, state, seat), state, lang)


def edge_row_text(edge: Edge, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
                  seat: int = 0) -> str:
    """:func:`edge_text` as short as a row of the tree needs: the next cards in a few words,
    a sampled deal's number first (a long row is cut at its end); other edges as they are."""
    if not isinstance(edge, Draw):
        return edge_text(edge, lang, state, seat)
    text = _draw(edge, lang, state, seat, row=True)
    return named(text[:1].upper() + text[1:], state, lang)


def edge_marked(edge: Edge, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
                seat: int = 0) -> str:
    """:func:`edge_text` with its component ids marked (:func:`mark`), as a label: starting
    with a capital."""
    text = _edge(edge, lang, state, seat)
    return text[:1].upper() + text[1:]


def _edge(edge: Edge, lang: str, state: GameState | None, seat: int) -> str:
    say = words(lang).say
    if isinstance(edge, Start):
        return say("line.start", round=edge.round, seat=edge.seat)
    if isinstance(edge, Chosen):
        return _choice(edge.choice, lang, "line.choose", state, seat)
    if isinstance(edge, Arrives):
        return say("line.arrives", card=mark(edge.card), seat=edge.seat)
    if isinstance(edge, Plan):
        text = plan_text(edge, lang, state, seat) or say("line.nothing")
        return text[:1].upper() + text[1:]
    if isinstance(edge, RiverTile):
        return say("line.river_island" if edge.island else "line.river", tile=mark(edge.tile))
    if isinstance(edge, Draw):
        return _draw(edge, lang, state, seat)
    raise DataError(Problem.of(ErrorCode.DATA_NO_LABEL, thing=edge))


def _draw(edge: Draw, lang: str, state: GameState | None, seat: int, row: bool = False) -> str:
    say = words(lang).say
    key = "line.draw_row" if row else "line.draw"
    hand = [mark(c) for c in edge.hand] or [say("line.draw_nothing")]
    passed = [mark(c) for c in edge.passed]
    if state is None:
        text = say(key, hand=hand, passed=passed)
    else:
        text = say(f"{key}_seat", hand=hand, passed=passed, left=_left(state, seat))
    if not edge.deal:
        return text
    return say(f"{key}_deal", draw=text, i=edge.deal, n=edge.deals)


def _left(state: GameState, seat: int) -> int:
    return (seat + 1) % state.config.players


def _choice(choice: Choose, lang: str, key: str, state: GameState | None, seat: int) -> str:
    if state is None:
        return words(lang).say(key, keep=mark(choice.keep), give=mark(choice.give))
    return words(lang).say(f"{key}_seat", keep=mark(choice.keep), give=mark(choice.give),
                           left=_left(state, seat))


def edge_names(edge: Edge, state: GameState, lang: str = DEFAULT_LANGUAGE
               ) -> list[tuple[str, str]]:
    """(id, name in ``lang``) of each card and River tile an edge mentions (ids the
    position's components do not know are left out)."""
    ids = [m.group(1) for m in MARKED.finditer(edge_marked(edge, lang))]
    return [(i, label) for i in dict.fromkeys(ids)
            if (label := component_label(i, state.components, lang)) != i]


def line_text(line: tuple[Edge, ...], lang: str = DEFAULT_LANGUAGE,
              state: GameState | None = None, seat: int = 0) -> str:
    """The principal line as short sentences: who gives you what, your plan, the River, the
    next cards and your next choice (names of cards and tiles when ``state`` is given)."""
    return named(line_marked(line, lang, state, seat), state, lang)


def line_marked(line: tuple[Edge, ...], lang: str = DEFAULT_LANGUAGE,
                state: GameState | None = None, seat: int = 0) -> str:
    """:func:`line_text` with its component ids marked (:func:`mark`). The line is one
    sampled future: what chance decides (the card that arrives, the River tile, the next
    cards) is said as a possibility with its chance where the edge carries one
    (``Arrives.chance`` and the like; :func:`chance_text`), and the next choice as what you
    would then do; a River tile that may turn up leads the sentence after it ("if the River
    brings …, you may draw …")."""
    say = words(lang).say
    parts: list[str] = []
    zone = _action_zone(state, seat)  # the two cards "activate both" would pay for
    sampled = False  # a possibility said before: what follows is conditional
    joined = False  # the previous part is a condition that leads into this one
    for edge in line:
        chance = _chance(edge)
        if isinstance(edge, Arrives):
            zone = (zone[0], edge.card)
            text = (say("line.arrives_short", card=mark(edge.card), seat=edge.seat)
                    if chance is None else
                    say("line.arrives_may", card=mark(edge.card), seat=edge.seat,
                        chance=chance_text(chance, lang)))
        elif isinstance(edge, Plan):
            text = plan_text(edge, lang, state, seat, _both_cost(state, zone))
            text = (say("line.you_would" if sampled else "line.you", plan=text) if text
                    else say("line.nothing"))
            zone = (None, None)
        elif isinstance(edge, Chosen):
            zone = (edge.choice.keep, None)
            text = _would(edge.choice, lang, state, seat) if sampled else _choice(
                edge.choice, lang, "line.then", state, seat)
        elif isinstance(edge, RiverTile) and chance is not None:
            key = "line.river_if" if edge is not line[-1] else "line.river_may"
            text = say(key, tile=mark(edge.tile), chance=chance_text(chance, lang))
        elif isinstance(edge, Draw) and chance is not None:
            text = _draw_may(edge, chance, lang, state, seat)
        else:
            text = edge_marked(edge, lang, state, seat)
        sampled = sampled or chance is not None
        if joined:
            parts[-1] = f"{parts[-1]}, {text[:1].lower()}{text[1:]}"
        else:
            parts.append(text)
        joined = isinstance(edge, RiverTile) and chance is not None and edge is not line[-1]
    return " ".join(_sentence(p) for p in parts)


def _chance(edge: Edge) -> float | None:
    """The chance a line's edge carries, None when certain or not said."""
    chance = getattr(edge, "chance", None)
    return None if chance is None or chance >= CERTAIN else float(chance)


CERTAIN = 0.9995
"""A chance at least this high is said as a fact (an Island, the only card that can arrive)."""


def chance_text(chance: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """A chance in words: ``1 in 3`` where it is one of a few equally likely outcomes (a
    River tile, a share of a few sampled worlds), else a percentage (``73 %``).

    >>> chance_text(1 / 3), chance_text(0.5), chance_text(0.731), chance_text(2 / 3, "ru")
    ('1 in 3', '1 in 2', '73%', '2 из 3')
    """
    say = words(lang).say
    for whole in range(2, 13):
        part = round(chance * whole)
        if 0 < part < whole and abs(chance * whole - part) < 1e-4 \
                and all(part % k or whole % k for k in range(2, part + 1)):
            return say("line.chance_in", part=part, whole=whole)
    return say("line.chance_percent", percent=max(1, min(99, round(100 * chance))))


def _would(choice: Choose, lang: str, state: GameState | None, seat: int) -> str:
    """The next choice in a sampled future: what you would then keep and give."""
    keep, give = mark(choice.keep), mark(choice.give)
    if state is None:
        return words(lang).say("line.would", keep=keep, give=give)
    return words(lang).say("line.would_seat", keep=keep, give=give, left=_left(state, seat))


def _draw_may(edge: Draw, chance: float, lang: str, state: GameState | None,
              seat: int) -> str:
    """The next cards of a sampled world, said as what may come, with its chance."""
    say = words(lang).say
    hand = [mark(c) for c in edge.hand] or [say("line.draw_nothing")]
    passed = [mark(c) for c in edge.passed]
    left = _left(state, seat) if state is not None else None
    key = "line.draw_may" if left is None else "line.draw_may_seat"
    return say(key, hand=hand, passed=passed, left=left, chance=chance_text(chance, lang))


def _action_zone(state: GameState | None, seat: int) -> tuple[str | None, str | None]:
    """The seat's Action Zone cards in ``state`` (None where the line has yet to say)."""
    if state is None or not 0 <= seat < len(state.players):
        return None, None
    zone = state.players[seat].action_zone
    return (zone[0], zone[1]) if len(zone) == 2 else (None, None)


def _both_cost(state: GameState | None, zone: tuple[str | None, str | None]) -> int | None:
    """Healthy Humans that activating both cards costs, once the line has said both (the
    card kept and the card that arrives); None when it has not (or without a position)."""
    kept, arrived = zone
    if state is None or kept is None or arrived is None:
        return None
    if kept not in state.components.cards or arrived not in state.components.cards:
        return None
    return sum(resolved_costs(state.card(kept), state.card(arrived)))


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "…", "]")) else ".")


def choice_text(choice: Choose, lang: str = DEFAULT_LANGUAGE,
                state: GameState | None = None, seat: int = 0) -> str:
    """``Keep <card>, give <card> to Seat N`` (names with a position, ids without)."""
    return named(_choice(choice, lang, "line.choose", state, seat), state, lang)




def stage_text(stage: Stage, lang: str = DEFAULT_LANGUAGE, state: GameState | None = None,
               seat: int = 0) -> str:
    """What a long analysis is doing now (its progress report; names with ``state``)."""
    values = dict(stage.values)
    if isinstance(values.get("choice"), Choose):
        values["choice"] = _choice(values["choice"], lang, "line.choose", state, seat)
    if "card" in values:
        values["card"] = mark(values["card"])
    return named(words(lang).say(f"stage.{stage.code}", **values), state, lang)


def bot_name(name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A Play bot's name (``Random``, ``Greedy``…) in ``lang``; other names as written."""
    try:
        return words(lang).say(f"bots.{name.lower()}")
    except DataError:
        return name
