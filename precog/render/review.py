"""The review page's parts as HTML strings: the decisions table, one decision, the summaries.

Pure functions over :class:`precog.session.review.DecisionRow` (page data holding only the
reviewed seat's own cards and its view string); cards are drawn as named chips with their
picture (:func:`precog.render.cards.card_chip_html`), the other decisions in words (``take 3
Food``, ``ignore the River tile``; the notation in the tooltip), grouped per round.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from precog.analysis.review import KEEP_GIVE, MARKS
from precog.engine import Components
from precog.render.cards import card_chip_html, marked_html
from precog.session.language import page_link
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["best_html", "decision_html", "explorer_href", "played_html", "rows_html",
           "summaries_html", "win_html"]


def explorer_href(row: Any, explorer_url: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The explorer's address for this decision as the seat saw it (``?view=pv1…`` only)."""
    return page_link(f"{explorer_url}?view={row.view}", lang)


def _card(cid: str, comps: Components, lang: str) -> str:
    card = comps.cards.get(cid)
    return card_chip_html(card, lang) if card is not None else escape(cid)


def choice_html(keep: str, give: str, comps: Components, lang: str = DEFAULT_LANGUAGE) -> str:
    text = escape(words(lang).say("review_page.keep_give", keep="\0k", give="\0g"))
    return text.replace("\0k", _card(keep, comps, lang)).replace("\0g", _card(give, comps, lang))


def _move(said: str, notation: str) -> str:
    """A decision other than Keep/Give in words, its notation in the tooltip."""
    return f'<span class="pc-review-action" title="{escape(notation)}">{escape(said)}</span>'


def played_html(row: Any, comps: Components, lang: str = DEFAULT_LANGUAGE) -> str:
    """What was played: the Keep/Give's cards, or another decision in words."""
    if row.kind == KEEP_GIVE:
        return choice_html(row.keep, row.give, comps, lang)
    return _move(row.played_words, row.played)


def best_html(row: Any, comps: Components, lang: str = DEFAULT_LANGUAGE) -> str:
    """The best option, drawn as :func:`played_html` draws the played one."""
    if row.kind == KEEP_GIVE:
        return choice_html(row.best_keep, row.best_give, comps, lang)
    return _move(row.best_words, row.best)


def kind_text(row: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """The decision's kind in words (Keep/Give, Activation, Gains, Protectors, ...)."""
    return words(lang).say(f"review_page.kind_{row.kind}")


def win_html(row: Any, mode: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The seat's chance to win after a Keep/Give (the graph's point), as a sentence."""
    if getattr(row, "win", None) is None:
        return ""
    key = "review_page.coop_win_line" if mode == "coop" else "review_page.win_line"
    text = words(lang).say(key, p=100 * row.win, ci=100 * (row.win_ci95 or 0.0))
    return f'<div class="pc-review-win">{escape(text)}</div>'


def _mark(row: Any, lang: str) -> str:
    if not row.mark:
        return ""
    name = words(lang).say(f"review.mark_{row.mark}")
    return (f'<span class="pc-review-mark pc-review-{row.mark}" title="{escape(name)}">'
            f"{escape(row.symbol)}</span>")


def rows_html(rows: Sequence[Any], comps: Components, explorer_url: str,
              lang: str = DEFAULT_LANGUAGE) -> str:
    """The reviewed decisions grouped per round, one row each, with a link into the
    explorer."""
    say, number = words(lang).say, words(lang).number
    head = "".join(f"<th>{escape(say('review_page.' + k))}</th>"
                   for k in ("kind", "played", "value", "best", "value", "loss", "mark", "open"))
    body = []
    shown_round = None
    for r in rows:
        if r.round != shown_round:
            shown_round = r.round
            body.append(f'<tr class="pc-review-round" data-round="{r.round}"><th colspan="8">'
                        f'{escape(say("review_page.round_head", round=r.round))}</th></tr>')
        link = (f'<a class="pc-link pc-review-open" target="_blank" '
                f'href="{escape(explorer_href(r, explorer_url, lang))}" '
                f'title="{escape(say("review_page.open_tip"))}">{escape(say("review_page.open"))}</a>')
        ci = ("" if r.loss_ci95 is None or not r.loss
              else f' <span class="pc-ci">± {number(r.loss_ci95, ".2f")}</span>')
        body.append(
            f'<tr class="pc-review-row" data-number="{r.number}" data-mark="{r.mark or ""}" '
            f'data-kind="{escape(r.kind)}" data-round="{r.round}">'
            f'<td>{escape(kind_text(r, lang))}</td><td>{played_html(r, comps, lang)}</td>'
            f'<td class="pc-num">{value_html(r, lang)}</td>'
            f"<td>{best_html(r, comps, lang)}</td>"
            f'<td class="pc-num">{number(r.best_value, ".2f")}</td>'
            f'<td class="pc-num">{number(r.loss, ".2f")}{ci}</td>'
            f"<td>{_mark(r, lang)}</td><td>{link}</td></tr>")
    return (f'<table class="pc-review-table"><tr>{head}</tr>{"".join(body)}</table>'
            if body else "")


def value_html(row: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """The played value as the explorer says it (numbers as ``lang`` writes them): with its
    interval, the rollouts it rests on in the tooltip."""
    ci95, samples = getattr(row, "ci95", None), int(getattr(row, "samples", 0) or 0)
    number = words(lang).number
    text = number(row.value, ".2f") + ("" if ci95 is None else
                                       f' <span class="pc-ci">±{number(ci95, ".2f")}</span>')
    if not samples:
        return text
    tip = words(lang).say("review_page.rests_on", n=samples)
    return f'<span title="{escape(tip)}">{text}</span>'


def decision_html(row: Any, comps: Components, explorer_url: str,
                  lang: str = DEFAULT_LANGUAGE, mode: str = "competitive") -> str:
    """One decision: what was played and what was best, why, the chance to win after it,
    and the explorer link."""
    say = words(lang).say
    if row.kind == KEEP_GIVE:
        text = escape(say("review_page.detail", round=row.round, played="\0p", value=row.value,
                          best="\0b", best_value=row.best_value, loss=row.loss))
    else:
        text = escape(say("review_page.detail_action", round=row.round, kind=kind_text(row, lang),
                          played="\0p", value=row.value, best="\0b",
                          best_value=row.best_value, loss=row.loss, ci=row.loss_ci95 or 0.0))
    if int(getattr(row, "samples", 0) or 0):
        text += " " + escape(say("review_page.rests_on", n=row.samples))
    text = (text.replace("\0p", played_html(row, comps, lang))
            .replace("\0b", best_html(row, comps, lang)))
    why = "".join(f"<li>{marked_html(t, comps, lang)}</li>" for t in row.why)
    link = (f'<a class="pc-link pc-review-open pc-review-detail-open" target="_blank" '
            f'href="{escape(explorer_href(row, explorer_url, lang))}">'
            f'{escape(say("review_page.open_tip"))}</a>')
    return (f'<div class="pc-review-detail" data-number="{row.number}">{_mark(row, lang)} {text}'
            f"{win_html(row, mode, lang)}<ul>{why}</ul>{link}</div>")


def summaries_html(summaries: dict[int, dict[str, Any]], comps: Components,
                   lang: str = DEFAULT_LANGUAGE) -> str:
    """Each reviewed seat: average loss, the count of each mark, its costliest decisions and
    why they cost."""
    say = words(lang).say
    parts = [f'<div class="pc-sub">{escape(say("review_page.summary_title"))}</div>']
    for seat in sorted(summaries):
        s = summaries[seat]
        marks = ", ".join(say(f"review.mark_{name}_n", n=n) for name, n in s["marks"].items()
                          if n) or say("review_page.no_marks")
        parts.append(f'<div class="pc-review-summary" data-seat="{seat}">'
                     + escape(say("review_page.summary", seat=seat, n=s["decisions"],
                                  loss=s["mean_loss"], marks=marks)))
        costly = []
        for r in s["costliest"]:
            line = escape(say("review_page.costly_line", round=r.round, loss=r.loss,
                              played="\0p", best="\0b"))
            line = (line.replace("\0p", played_html(r, comps, lang))
                    .replace("\0b", best_html(r, comps, lang)))
            why = " ".join(marked_html(t, comps, lang) for t in r.why[:1])
            costly.append(f"<li>{_mark(r, lang)} {line} {why}</li>")
        if costly:
            parts.append(f'<div>{escape(say("review_page.costliest"))}:</div>'
                         f'<ol class="pc-review-costly">{"".join(costly)}</ol>')
        parts.append("</div>")
    thresholds = {name: f"{t:g}" for name, t in MARKS}
    parts.append(f'<div class="pc-review-legend">{escape(say("review_page.legend", **thresholds))} '
                 f'{escape(say("review_page.legend_interval"))}</div>')
    return "".join(parts)
