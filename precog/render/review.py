"""The review page's parts as HTML strings: the decisions table, one decision, the summaries.

Pure functions over :class:`precog.session.review.DecisionRow` (page data holding only the
reviewed seat's own cards and its view string); cards are drawn as named chips with their
picture (:func:`precog.render.cards.card_chip_html`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from precog.analysis.review import MARKS
from precog.engine import Components
from precog.render.cards import card_chip_html, marked_html
from precog.session.language import page_link
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["decision_html", "explorer_href", "rows_html", "summaries_html"]


def explorer_href(row: Any, explorer_url: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The explorer's address for this decision as the seat saw it (``?view=pv1…`` only)."""
    return page_link(f"{explorer_url}?view={row.view}", lang)


def _card(cid: str, comps: Components, lang: str) -> str:
    card = comps.cards.get(cid)
    return card_chip_html(card, lang) if card is not None else escape(cid)


def choice_html(keep: str, give: str, comps: Components, lang: str = DEFAULT_LANGUAGE) -> str:
    text = escape(words(lang).say("review_page.keep_give", keep="\0k", give="\0g"))
    return text.replace("\0k", _card(keep, comps, lang)).replace("\0g", _card(give, comps, lang))


def _mark(row: Any, lang: str) -> str:
    if not row.mark:
        return ""
    name = words(lang).say(f"review.mark_{row.mark}")
    return (f'<span class="pc-review-mark pc-review-{row.mark}" title="{escape(name)}">'
            f"{escape(row.symbol)}</span>")


def rows_html(rows: Sequence[Any], comps: Components, explorer_url: str,
              lang: str = DEFAULT_LANGUAGE) -> str:
    """The reviewed decisions, one row each, with a link into the explorer."""
    say = words(lang).say
    head = "".join(f"<th>{escape(say('review_page.' + k))}</th>"
                   for k in ("round", "played", "value", "best", "value", "loss", "mark", "open"))
    body = []
    for r in rows:
        link = (f'<a class="pc-link pc-review-open" target="_blank" '
                f'href="{escape(explorer_href(r, explorer_url, lang))}" '
                f'title="{escape(say("review_page.open_tip"))}">{escape(say("review_page.open"))}</a>')
        body.append(
            f'<tr class="pc-review-row" data-number="{r.number}" data-mark="{r.mark or ""}">'
            f'<td class="pc-num">{r.round}</td><td>{choice_html(r.keep, r.give, comps, lang)}</td>'
            f'<td class="pc-num">{r.value:.2f}</td>'
            f"<td>{choice_html(r.best_keep, r.best_give, comps, lang)}</td>"
            f'<td class="pc-num">{r.best_value:.2f}</td><td class="pc-num">{r.loss:.2f}</td>'
            f"<td>{_mark(r, lang)}</td><td>{link}</td></tr>")
    return (f'<table class="pc-review-table"><tr>{head}</tr>{"".join(body)}</table>'
            if body else "")


def decision_html(row: Any, comps: Components, explorer_url: str,
                  lang: str = DEFAULT_LANGUAGE) -> str:
    """One decision: what was played and what was best, why, and the explorer link."""
    say = words(lang).say
    text = escape(say("review_page.detail", round=row.round, played="\0p", value=row.value,
                      best="\0b", best_value=row.best_value, loss=row.loss))
    text = (text.replace("\0p", choice_html(row.keep, row.give, comps, lang))
            .replace("\0b", choice_html(row.best_keep, row.best_give, comps, lang)))
    why = "".join(f"<li>{marked_html(t, comps, lang)}</li>" for t in row.why)
    link = (f'<a class="pc-link pc-review-open pc-review-detail-open" target="_blank" '
            f'href="{escape(explorer_href(row, explorer_url, lang))}">'
            f'{escape(say("review_page.open_tip"))}</a>')
    return (f'<div class="pc-review-detail" data-number="{row.number}">{_mark(row, lang)} {text}'
            f"<ul>{why}</ul>{link}</div>")


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
            line = (line.replace("\0p", choice_html(r.keep, r.give, comps, lang))
                    .replace("\0b", choice_html(r.best_keep, r.best_give, comps, lang)))
            why = " ".join(marked_html(t, comps, lang) for t in r.why[:1])
            costly.append(f"<li>{_mark(r, lang)} {line} {why}</li>")
        if costly:
            parts.append(f'<div>{escape(say("review_page.costliest"))}:</div>'
                         f'<ol class="pc-review-costly">{"".join(costly)}</ol>')
        parts.append("</div>")
    thresholds = {name: f"{t:g}" for name, t in MARKS}
    parts.append(f'<div class="pc-review-legend">{escape(say("review_page.legend", **thresholds))}'
                 "</div>")
    return "".join(parts)
