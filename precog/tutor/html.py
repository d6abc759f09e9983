"""HTML pieces of the tutor's pages: pure strings from the runner's values, no widgets.

The cards are drawn by :mod:`precog.render.cards`, the board by :mod:`precog.render.board`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from html import escape
from importlib import resources

from precog.engine import GameState, observation
from precog.render.board import board_html
from precog.render.cards import card_html
from precog.render.style import style_tag
from precog.session.language import page_link
from precog.session.speech import speech
from precog.session.words import number_text
from precog.tutor.data import Lesson, UiTexts
from precog.tutor.flow import STAGES, CardFlow
from precog.tutor.glossary import Glossary, Hit
from precog.tutor.progress import LessonStatus
from precog.tutor.text import inline_html, to_html


@cache
def tutor_css() -> str:
    return resources.files("precog.tutor").joinpath("tutor.css").read_text(encoding="utf-8")


def footer(texts: UiTexts) -> str:
    """The note under every lesson: an unofficial tool, and the cards are the project's own."""
    return f'<div class="pt-unofficial pt-footer">{escape(texts.say("label", "unofficial"))}</div>'


def styles() -> str:
    """The board's stylesheet and the tutor's, as ``<style>`` elements."""
    return f"{style_tag()}<style>{tutor_css()}</style>"


def rich(text: str, glossary: Glossary) -> str:
    """Lesson text as HTML with glossary tooltips on the terms it uses."""
    return glossary.wrap(to_html(text))


def board(state: GameState, seat: int, highlight: Iterable[str] = (),
          notes: Mapping[str, str] | None = None, lang: str = "en") -> str:
    """The drawn table as the learner's seat sees it, parts labelled, some highlighted.

    Highlight names without a seat (``cabins``) mean the learner's own part (``seat0.cabins``).
    """
    marks: dict[str, str] = {}
    for part in highlight:
        marks[_part(part, seat)] = ""
    for part, note in (notes or {}).items():
        marks[_part(part, seat)] = note
    drawn = board_html(state, seat, labels=True, highlight=marks, speech=speech(lang))
    return f'<div class="pt-board">{drawn}</div>'


def _part(part: str, seat: int) -> str:
    own = part.split(".")[0] in ("river", "objectives", "card") or part.startswith("seat")
    return part if own else f"seat{seat}.{part}"


def header(lesson: Lesson, index: int, done: list[bool], titles: list[str], texts: UiTexts,
           total_lessons: int, finished: bool) -> str:
    dots = []
    for i, title in enumerate(titles):
        cls = "pt-dot" + (" pt-dot-done" if done[i] else "") + (
            " pt-dot-now" if i == index and not finished else "")
        dots.append(f'<li class="{cls}" title="{escape(title)}"><span>{i + 1}</span></li>')
    step = texts.say("label", "step_of", n=min(index + 1, len(titles)), total=len(titles))
    return (f'<div class="pt-header"><div class="pt-kicker">'
            f'{escape(texts.say("label", "lesson_of", n=lesson.number, total=total_lessons))}'
            f'</div><h2 class="pt-title">{escape(lesson.title)}</h2>'
            f'<div class="pt-steps"><ol class="pt-dots">{"".join(dots)}</ol>'
            f'<span class="pt-step-count">{escape(step)}</span></div></div>')


def _href(target: str, lang: str) -> str:
    """A link to another page that keeps the reader's language (``?lang=``)."""
    return escape(page_link(target, lang))


def nav_links(lesson: Lesson, ids: list[str], texts: UiTexts) -> str:
    """Links to the index, the app's landing page and the neighbouring lessons."""
    i = ids.index(lesson.id)
    def href(target: str) -> str:
        return _href(target, texts.lang)

    links = [f'<a href="{href("index.ipynb")}">{escape(texts.say("label", "all_lessons"))}</a>',
             f'<a href="{href("../notebooks/index.ipynb")}">'
             f'{escape(texts.say("label", "app_home"))}</a>']
    if i > 0:
        links.append(f'<a href="{href(ids[i - 1] + ".ipynb")}">'
                     f'{escape(texts.say("label", "previous_lesson", n=i))}</a>')
    after = ""
    if i + 1 < len(ids):
        after = (f'<a class="pt-next-lesson" href="{href(ids[i + 1] + ".ipynb")}">'
                 f'{escape(texts.say("label", "next_lesson", n=i + 2))}</a>')
    return f'<nav class="pt-nav">{" · ".join(links)}{after}</nav>'


def finished_html(lesson: Lesson, ids: list[str], texts: UiTexts) -> str:
    """The end of a lesson: well done, and the way to the next one."""
    i = ids.index(lesson.id)
    if i + 1 < len(ids):
        from precog.tutor.data import load_lesson

        nxt = load_lesson(ids[i + 1], lesson.lang)
        onward = (f'<a class="pt-up-next" href="{_href(nxt.id + ".ipynb", texts.lang)}">'
                  f'{escape(texts.say("label", "up_next", n=nxt.number, title=nxt.title))}</a>')
    else:
        onward = f'<p>{escape(texts.say("label", "all_done"))}</p>'
    return (f'<div class="pt-finished"><div class="pt-finished-head">'
            f'{escape(texts.say("feedback", "lesson_done"))}</div>{onward}'
            f'<a class="pt-back" href="{_href("index.ipynb", texts.lang)}">'
            f'{escape(texts.say("label", "all_lessons"))}</a></div>')


def step_html(title: str, text: str, glossary: Glossary) -> str:
    return (f'<div class="pt-step"><h3>{escape(title)}</h3>'
            f'<div class="pt-text">{rich(text, glossary)}</div></div>')


def feedback_html(kind: str, text: str, lines: Iterable[str], glossary: Glossary) -> str:
    body = "".join(f"<li>{glossary.wrap(inline_html(line))}</li>" for line in lines if line)
    if not text and not body:
        return ""
    head = f'<div class="pt-fb-head">{inline_html(text)}</div>' if text else ""
    return (f'<div class="pt-feedback pt-fb-{kind}" role="status">{head}'
            f'{f"<ul>{body}</ul>" if body else ""}</div>')


def preview_html(lines: list[str], texts: UiTexts, glossary: Glossary) -> str:
    if not lines:
        return ""
    items = "".join(f"<li>{glossary.wrap(inline_html(line))}</li>" for line in lines)
    return (f'<div class="pt-preview"><div class="pt-preview-head">'
            f'{escape(texts.say("label", "preview"))}</div><ul>{items}</ul></div>')


# -- the Dual Select, move by move -----------------------------------------------------------

def flow_html(flow: CardFlow, stage: int, seat: int, texts: UiTexts) -> str:
    """The table at move ``stage`` of the reveal: where each card sits, the moved ones lit."""
    state = flow.before
    cols = []
    for s in [seat] + [x for x in range(state.n) if x != seat]:
        name = texts.say("flow", "you" if s == seat else "seat", n=s)
        ways = texts.say("flow", "ways", left=state.left(s), right=state.right(s))
        cols.append(f'<div class="pt-flow-seat{" pt-flow-you" if s == seat else ""}">'
                    f'<div class="pt-flow-name">{escape(name)}</div>'
                    f'<div class="pt-flow-ways">{escape(ways)}</div>'
                    f"{_flow_zones(flow, stage, s, state, texts)}</div>")
    caption = texts.say("flow", STAGES[stage])
    count = texts.say("label", "flow_stage", n=stage + 1, total=len(STAGES))
    return (f'<div class="pt-flow pc-board"><div class="pt-flow-caption"><b>{escape(count)}</b>'
            f" {inline_html(caption)}</div><div class=\"pt-flow-table\">{''.join(cols)}</div>"
            "</div>")


def _flow_zones(flow: CardFlow, stage: int, seat: int, state: GameState,
                texts: UiTexts) -> str:
    zones: dict[str, list[str]] = {"hand": [], "decision": [], "G": [], "R": []}
    for move in flow.moves:
        moved = stage >= move.stage
        holder, zone = (move.to_seat, move.to_zone) if moved else (move.from_seat, move.from_zone)
        if holder != seat or zone not in zones:
            continue
        tags = () if moved else (texts.say("flow", f"tag_{move.role}"),)
        lit = moved and stage == move.stage
        zones[zone].append(card_html(state.card(move.card), size="small", tags=tags,
                                     note="" if lit else None, speech=speech(texts.lang)))
    names = texts.section("zone")
    return "".join(f'<div class="pt-flow-zone pt-zone-{z.lower()}"><div class="pt-zone-name">'
                   f'{escape(names[z])}</div><div class="pt-zone-cards">{"".join(cards) or "—"}'
                   "</div></div>" for z, cards in zones.items())


# -- lesson 9: the known incoming cards ----------------------------------------------------

def lookahead_html(state: GameState, seat: int, rows: list[tuple[str, str, str]],
                   tree: Mapping[str, tuple[float, str, bool]], texts: UiTexts,
                   glossary: Glossary) -> str:
    """What the learner knows is coming, and for each (Keep, Give) choice (``rows``: notation,
    label, the two cards passed right) the explorer's value and likely continuation."""
    obs = observation(state, seat).seats[seat]
    right = state.right(seat)
    arriving = " / ".join(state.players[right].decision_zone)
    a, b, c = obs.deck_seasons
    facts = [texts.say("label", "arriving", n=right, cards=arriving),
             texts.say("label", "deck_left", a=a, b=b, c=c)]
    items = "".join(f"<li>{glossary.wrap(inline_html(line))}</li>" for line in facts)
    say = texts.say
    head = (f'<tr><th>{escape(say("label", "tree_choice"))}</th>'
            f'<th>{escape(say("label", "tree_pass", n=right))}</th>'
            + (f'<th>{escape(say("label", "tree_value"))}</th>'
               f'<th>{escape(say("label", "tree_line"))}</th>' if tree else "") + "</tr>")
    body = []
    for key, label, passed in rows:
        value, line, best = tree.get(key, (0.0, "", False))
        cells = (f"<td>{escape(label)}</td><td>{escape(passed)}</td>"
                 + (f"<td>{number_text(value, '.1f', texts.lang)}</td><td>{escape(line)}</td>"
                    if tree else ""))
        body.append(f'<tr class="{"pt-best" if best else ""}">{cells}</tr>')
    title = say("label", "tree_title" if tree else "tree_missing")
    return (f'<div class="pt-incoming"><ul>{items}</ul></div><div class="pt-tree">'
            f'<div class="pt-preview-head">{escape(title)}</div>'
            f'<table><thead>{head}</thead><tbody>{"".join(body)}</tbody></table></div>')


# -- the index page ----------------------------------------------------------------------------

def lesson_list_html(lessons: list[Lesson], statuses: Mapping[str, LessonStatus | None],
                     texts: UiTexts) -> str:
    items = []
    for lesson in lessons:
        st = statuses.get(lesson.id)
        if st is None:
            status, cls = texts.say("label", "status_new"), "pt-new"
        elif st.done:
            status, cls = texts.say("label", "status_done"), "pt-done"
        else:
            status, cls = texts.say("label", "status_step", n=st.step, total=st.steps), "pt-going"
        items.append(
            f'<li class="pt-lesson {cls}" data-lesson="{lesson.id}">'
            f'<span class="pt-lesson-n">{lesson.number}</span><div class="pt-lesson-body">'
            f'<a class="pt-lesson-title" href="{_href(lesson.id + ".ipynb", texts.lang)}">'
            f'{escape(lesson.title)}</a>'
            f'<div class="pt-lesson-summary">{inline_html(lesson.summary)}</div></div>'
            f'<span class="pt-lesson-status">{escape(status)}</span></li>')
    done = sum(1 for st in statuses.values() if st is not None and st.done)
    bar = (f'<div class="pt-overall"><div class="pt-overall-bar"><span style="width:'
           f'{100 * done / max(1, len(lessons)):.0f}%"></span></div>'
           f'{escape(texts.say("label", "lessons_done", n=done, total=len(lessons)))}</div>')
    return f'{bar}<ol class="pt-lessons">{"".join(items)}</ol>'


def glossary_html(glossary: Glossary, lessons: Mapping[str, Lesson]) -> str:
    rows = []
    for term in sorted(glossary.terms, key=lambda t: t.term.lower()):
        lesson = lessons.get(term.lesson)
        href = _href(f"{term.lesson}.ipynb", glossary.lang)
        link = f' <a href="{href}">{escape(lesson.title)}</a>' if lesson else ""
        rows.append(f'<dt id="term-{term.id}">{escape(term.term)}</dt>'
                    f"<dd>{escape(term.text)}{link}</dd>")
    return f'<dl class="pt-glossary">{"".join(rows)}</dl>'


def lookup_html(query: str, hits: list[Hit], lessons: Mapping[str, Lesson],
                texts: UiTexts) -> str:
    if not query.strip():
        return ""
    if not hits:
        none = escape(texts.say("label", "lookup_none", q=query))
        return f'<div class="pt-lookup-none">{none}</div>'
    items = []
    for hit in hits:
        lesson = lessons.get(hit.lesson)
        where = ""
        if lesson is not None:
            where = (texts.say("label", "lookup_step", lesson=lesson.title, n=hit.step + 1,
                               title=hit.step_title) if hit.step >= 0 else
                     texts.say("label", "lookup_lesson", n=lesson.number, title=lesson.title))
        head = f"<b>{escape(hit.term.term)}</b>: " if hit.term else ""
        items.append(f'<li class="pt-hit">{head}{escape(hit.excerpt)} '
                     f'<a href="{_href(hit.lesson + ".ipynb", texts.lang)}">'
                     f'{escape(where)}</a></li>')
    return f'<ul class="pt-lookup-hits">{"".join(items)}</ul>'
