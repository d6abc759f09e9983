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

from precog.engine import Components
from precog.render.cards import card_chip_html, marked_html
from precog.render.speech import Speech

__all__ = ["best_html", "decision_html", "explorer_href", "played_html", "rows_html",
           "summaries_html", "win_html"]


def explorer_href(row: Any, explorer_url: str, speech: Speech) -> str:
    """The explorer's address for this decision as the seat saw it (``?view=pv1…`` only)."""
    return speech.link(f"{explorer_url}?view={row.view}")


def _card(cid: str, comps: Components, speech: Speech) -> str:
    card = comps.cards.get(cid)
    return card_chip_html(card, speech) if card is not None else escape(cid)


def choice_html(keep: str, give: str, comps: Components, speech: Speech) -> str:
    text = escape(speech.say("review_page.keep_give", keep="\0k", give="\0g"))
    return (text.replace("\0k", _card(keep, comps, speech))
            .replace("\0g", _card(give, comps, speech)))


def _move(said: str, notation: str) -> str:
    """A decision other than Keep/Give in words, its notation in the tooltip."""
    return f'<span class="pc-review-action" title="{escape(notation)}">{escape(said)}</span>'


def played_html(row: Any, comps: Components, speech: Speech) -> str:
    """What was played: the Keep/Give's cards, or another decision in words."""
    if row.keep_give:
        return choice_html(row.keep, row.give, comps, speech)
    return _move(row.played_words, row.played)


def best_html(row: Any, comps: Components, speech: Speech) -> str:
    """The best option, drawn as :func:`played_html` draws the played one."""
    if row.keep_give:
        return choice_html(row.best_keep, row.best_give, comps, speech)
    return _move(row.best_words, row.best)


def kind_text(row: Any, speech: Speech) -> str:
    """The decision's kind in words (Keep/Give, Activation, Gains, Protectors, ...)."""
    return speech.say(f"review_page.kind_{row.kind}")


def win_html(row: Any, mode: str, speech: Speech) -> str:
    """The seat's chance to win after a Keep/Give (the graph's point), as a sentence."""
    if getattr(row, "win", None) is None:
        return ""
    key = "review_page.coop_win_line" if mode == "coop" else "review_page.win_line"
    text = speech.say(key, p=100 * row.win, ci=100 * (row.win_ci95 or 0.0))
    return f'<div class="pc-review-win">{escape(text)}</div>'


def _mark(row: Any, speech: Speech) -> str:
    if not row.mark:
        return ""
    name = speech.say(f"review.mark_{row.mark}")
    return (f'<span class="pc-review-mark pc-review-{row.mark}" title="{escape(name)}">'
            f"{escape(row.symbol)}</span>")


def rows_html(rows: Sequence[Any], comps: Components, explorer_url: str,
              speech: Speech) -> str:
    """The reviewed decisions grouped per round, one row each, with a link into the
    explorer."""
    say, number = speech.say, speech.number
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
                f'href="{escape(explorer_href(r, explorer_url, speech))}" '
                f'title="{escape(say("review_page.open_tip"))}">{escape(say("review_page.open"))}</a>')
        ci = ("" if r.loss_ci95 is None or not r.loss
              else f' <span class="pc-ci">± {number(r.loss_ci95, ".2f")}</span>')
        body.append(
            f'<tr class="pc-review-row" data-number="{r.number}" data-mark="{r.mark or ""}" '
            f'data-kind="{escape(r.kind)}" data-round="{r.round}">'
            f'<td>{escape(kind_text(r, speech))}</td><td>{played_html(r, comps, speech)}</td>'
            f'<td class="pc-num">{value_html(r, speech)}</td>'
            f"<td>{best_html(r, comps, speech)}</td>"
            f'<td class="pc-num">{number(r.best_value, ".2f")}</td>'
            f'<td class="pc-num">{number(r.loss, ".2f")}{ci}</td>'
            f"<td>{_mark(r, speech)}</td><td>{link}</td></tr>")
    return (f'<table class="pc-review-table"><tr>{head}</tr>{"".join(body)}</table>'
            if body else "")


def value_html(row: Any, speech: Speech) -> str:
    """The played value as the explorer says it (numbers as its language writes them): with
    its interval, the rollouts it rests on in the tooltip."""
    ci95, samples = getattr(row, "ci95", None), int(getattr(row, "samples", 0) or 0)
    number = speech.number
    text = number(row.value, ".2f") + ("" if ci95 is None else
                                       f' <span class="pc-ci">±{number(ci95, ".2f")}</span>')
    if not samples:
        return text
    tip = speech.say("review_page.rests_on", n=samples)
    return f'<span title="{escape(tip)}">{text}</span>'


def decision_html(row: Any, comps: Components, explorer_url: str,
                  speech: Speech, mode: str = "competitive") -> str:
    """One decision: what was played and what was best, why, the chance to win after it,
    and the explorer link."""
    say = speech.say
    if row.keep_give:
        text = escape(say("review_page.detail", round=row.round, played="\0p", value=row.value,
                          best="\0b", best_value=row.best_value, loss=row.loss))
    else:
        text = escape(say("review_page.detail_action", round=row.round,
                          kind=kind_text(row, speech),
                          played="\0p", value=row.value, best="\0b",
                          best_value=row.best_value, loss=row.loss, ci=row.loss_ci95 or 0.0))
    if int(getattr(row, "samples", 0) or 0):
        text += " " + escape(say("review_page.rests_on", n=row.samples))
    text = (text.replace("\0p", played_html(row, comps, speech))
            .replace("\0b", best_html(row, comps, speech)))
    why = "".join(f"<li>{marked_html(t, comps, speech)}</li>" for t in row.why)
    link = (f'<a class="pc-link pc-review-open pc-review-detail-open" target="_blank" '
            f'href="{escape(explorer_href(row, explorer_url, speech))}">'
            f'{escape(say("review_page.open_tip"))}</a>')
    return (f'<div class="pc-review-detail" data-number="{row.number}">'
            f"{_mark(row, speech)} {text}"
            f"{win_html(row, mode, speech)}<ul>{why}</ul>{link}</div>")


def summaries_html(summaries: dict[int, dict[str, Any]], comps: Components, speech: Speech,
                   mark_thresholds: Sequence[tuple[str, float]]) -> str:
    """Each reviewed seat: average loss, the count of each mark, its costliest decisions and
    why they cost; the legend gives each mark's threshold (``mark_thresholds``: name, loss)."""
    say = speech.say
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
            line = (line.replace("\0p", played_html(r, comps, speech))
                    .replace("\0b", best_html(r, comps, speech)))
            why = " ".join(marked_html(t, comps, speech) for t in r.why[:1])
            costly.append(f"<li>{_mark(r, speech)} {line} {why}</li>")
        if costly:
            parts.append(f'<div>{escape(say("review_page.costliest"))}:</div>'
                         f'<ol class="pc-review-costly">{"".join(costly)}</ol>')
        parts.append("</div>")
    thresholds = {name: f"{t:g}" for name, t in mark_thresholds}
    parts.append(f'<div class="pc-review-legend">{escape(say("review_page.legend", **thresholds))} '
                 f'{escape(say("review_page.legend_interval"))}</div>')
    return "".join(parts)
