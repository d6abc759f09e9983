"""The analysis tables of ``precog analyse`` and ``precog tournament`` in the reader's words.

The ranking names cards and tiles and says its lines and reasons in sentences (``[cli]``,
``[line]`` and ``[why]`` of ``precog/data/words/<lang>/app.toml``); ``Ranking.table()`` keeps
the analysis' own notation with ids. The tournament's English text is its own ``table()``
(``tests/test_cli.py`` checks it); other languages fill ``[cli]`` with the same numbers.
"""

from __future__ import annotations

from typing import Any

from precog.analysis.choices.reasons import choice_reasons
from precog.analysis.search.tree import TreeNode, render_tree_text
from precog.session.lines import choice_text, edge_text, line_text, mark, named
from precog.session.provenance import provenance_text
from precog.session.why import reasons_text
from precog.session.words import words


def ranking_text(ranking: Any, lang: str) -> str:
    """The ranked Keep/Give table of ``ranking`` (a
    :class:`~precog.analysis.choices.ranking.Ranking`): one row of numbers per choice, the cards by
    name, then what comes back, why and the principal line in sentences."""
    w, m = words(lang), ranking.meta
    how = (w.say("cli.rank_rollouts", n=m["samples"]) if m.get("rollouts")
           else w.say("cli.rank_lookahead_played", n=m["depth_rounds"],
                      playouts=m["leaf_playouts"]) if m.get("leaf_playouts")
           else w.say("cli.rank_lookahead", n=m["depth_rounds"]))
    partial = "" if m.get("complete", True) else w.say("cli.rank_partial")
    out = [w.say("cli.rank_head", seat=m["player"], round=m["round"], model=m["model"],
                 seed=m["seed"], how=how, seconds=m["elapsed_s"], partial=partial),
           w.say("cli.rank_legend"), w.say("cli.rank_columns")]
    note = m.get("components", {})
    if note:  # which component set and which evaluation fit
        out.insert(1, provenance_text(note, lang, "cli"))
    state = ranking.tree.state if ranking.tree is not None else None
    if state is not None and state.config.coop:  # what a cooperative value counts
        out.insert(-1, w.say("results.coop_note"))
    seat = m["player"]
    why = choice_reasons(ranking)
    twins = ranking.copies()
    pad = " " * 4
    for i, r in enumerate(ranking.rows, 1):
        ci = "" if r.ci95 is None else w.number(r.ci95, ".2f")
        lci = "" if r.loss_ci95 is None or i == 1 else w.number(r.loss_ci95, ".2f")
        choice = choice_text(r.choice, lang, state, seat)
        out.append(f"{i:>2} {w.number(r.value, '>7.2f')} {w.number(r.loss, '>6.2f')} {lci:>6} "
                   f"{ci:>6} {w.number(r.give_value_to_left, '>+7.2f')}  {choice}")
        if i - 1 in twins:  # the engine keeps copies apart; a reader sees the same cards
            out.append(pad + w.say("results.same_as", i=twins[i - 1] + 1))
        if r.return_chance:
            cards = ", ".join(f"{named(mark(c), state, lang)} {w.number(p, '.0%')}"
                              for c, p in r.return_chance.items())
            out.append(pad + w.say("cli.rank_back", cards=cards))
        out.append(pad + w.say("cli.rank_why",
                               text=reasons_text(why[r.action], lang, state, seat)))
        out.append(pad + w.say("cli.rank_line", text=line_text(r.line, lang, state, seat)))
    return "\n".join(out)


def tree_text(tree: TreeNode, lang: str, seat: int, max_depth: int = 6) -> str:
    """The look-ahead tree as indented text, cards and tiles by name."""
    say, number = words(lang).say, words(lang).number

    def describe(n: TreeNode) -> str:
        prob = say("tree.probability", p=number(n.probability, ".0%")) \
            if n.probability < 0.999 else ""
        return (f"{edge_text(n.edge, lang, n.state, seat)}  ({say(f'tree.kind_{n.kind}')}) "
                f"{say('tree.value', value=number(n.value, '.2f'))}{prob}")

    return render_tree_text(tree, max_depth=max_depth, describe=describe)


def tournament_text(result: Any, lang: str) -> str:
    """The standings and margins of a tournament (a ``TournamentResult``)."""
    w, c = words(lang), result.config
    level = w.say(f"text.difficulty_{c['difficulty']}")
    difficulty = f" ({level})" if c["mode"] == "coop" else ""
    lines = [w.say("cli.tour_head", games=c["games"], players=c["players"],
                   mode=w.say(f"text.mode_{c['mode']}"), difficulty=difficulty,
                   setup=w.say(f"text.setup_{c['setup']}"), seed=c["seed"],
                   seconds=result.elapsed_s),
             w.say("cli.tour_columns")]
    for s in result.standings:
        n = w.number
        between = "; " if "," in n(0.5, ".1f") else ", "  # a decimal comma needs a semicolon
        lines.append(f"{s.bot:<12} {s.games:>5} {n(s.win_rate, '>7.1%')} "
                     f"[{n(s.win_low, '>5.1%')}{between}{n(s.win_high, '>5.1%')}] "
                     f"{n(s.healthy, '>8.2f')} ±{n(s.healthy_ci95, '>5.2f')}")
    for m in result.margins:
        sig = w.say("cli.tour_significant" if m.significant else "cli.tour_not_significant")
        lines.append(w.say("cli.tour_margin", a=m.a, b=m.b, healthy=m.healthy_diff,
                           healthy_ci=m.healthy_diff_ci95, wins=m.win_diff,
                           wins_ci=m.win_diff_ci95, games=m.games, sig=sig))
    for f in result.supply():
        lines.append(w.say("cli.tour_supply", resource=w.say(f"cli.supply_{f.resource}"),
                           cap=f.cap, within=f.within, games=f.games, share=f.share,
                           low=f.low, high=f.high, most=f.peak_max, mean=f.peak_mean))
    return "\n".join(lines)


def review_text(review: Any, lang: str) -> str:
    """A game review (a :class:`~precog.analysis.game_review.review.Review`) as a table and a
    summary."""
    from precog.engine.actions import Choose, parse_action_text

    def choice(text: str) -> str:
        action = parse_action_text(text)
        return choice_text(action, lang) if isinstance(action, Choose) else text

    w = words(lang)
    s = review.summary()
    marks = ", ".join(w.say(f"review.mark_{name}_n", n=n) for name, n in s["marks"].items())
    out = [w.say("review.head", seat=review.seat, players=review.players,
                 mode=w.say(f"text.mode_{review.mode}"), n=s["decisions"],
                 loss=s["mean_loss"], total=s["total_loss"], marks=marks),
           w.say("review.columns")]
    for d in review.decisions:
        played, best = choice(d.played), choice(d.best)
        mark = w.say(f"review.mark_{d.mark}") if d.mark else ""
        out.append(f"{d.round:>5}  {played:<24} {w.number(d.played_value, '>6.2f')}  "
                   f"{best:<24} {w.number(d.best_value, '>6.2f')} "
                   f"{w.number(d.loss, '>6.2f')}  {d.symbol:<2} {mark}")
    odds = getattr(review, "wins", {}).get(review.seat, [])
    if odds:
        points = ", ".join(f"{r}: {100 * p:.0f} % ± {100 * c:.0f}" for r, p, c in odds)
        key = "review.coop_wins" if review.mode == "coop" else "review.wins"
        out.append(w.say(key, seat=review.seat, points=points))
    if not review.complete:
        out.append(w.say("review.incomplete"))
    return "\n".join(out)
