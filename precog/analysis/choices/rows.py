"""The ranked table and its intervals: :class:`RankingRow` (one choice's value, loss and
interval), :class:`Ranking` (the rows, what the analysis did, its text and notebook displays),
the loss's paired interval (:func:`paired_loss`) and the value of a row the rollouts' race left
behind (:func:`left_behind_on_the_leaders_worlds`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from precog.analysis.basics.display import interval_text, ranking_html
from precog.analysis.basics.edges import Edge, line_notation
from precog.analysis.basics.intervals import half_width, mean_ci
from precog.analysis.choices.copies import copies
from precog.analysis.playing.world import Knowledge
from precog.analysis.search.tree import TreeNode
from precog.engine.actions import Choose


@dataclass
class RankingRow:
    """One candidate: its value, its loss against the best, and what it leads to.

    ``choice`` is the (Keep, Give) action and ``action`` its notation; ``line`` is the principal
    line as data (:mod:`precog.analysis.basics.edges`), ``principal_line`` its notation."""

    choice: Choose
    value: float
    loss: float = 0.0
    ci95: float | None = None
    line: tuple[Edge, ...] = field(default=(), repr=False)
    return_chance: dict[str, float] = field(default_factory=dict)
    give_value_to_left: float = 0.0
    samples: int = 0
    # the rollout values, in the same worlds for every row (thousands: never in the repr)
    draws: tuple[float, ...] = field(default=(), repr=False)
    loss_ci95: float | None = None  # the loss's 95 % half-width on paired rollouts

    @property
    def within_noise(self) -> bool:
        """Behind the best by no more than the loss's paired interval: the rollouts cannot
        tell this choice from the best (False without rollouts; the best itself is within)."""
        return self.loss_ci95 is not None and self.loss <= self.loss_ci95

    @property
    def keep(self) -> str:
        return self.choice.keep

    @property
    def give(self) -> str:
        return self.choice.give

    @property
    def action(self) -> str:
        return str(self.choice)

    @property
    def principal_line(self) -> str:
        return line_notation(self.line)

    def to_dict(self) -> dict[str, Any]:
        return {"keep": self.keep, "give": self.give, "action": self.action,
                "value": round(self.value, 4), "loss": round(self.loss, 4),
                "ci95": None if self.ci95 is None else round(self.ci95, 4),
                "loss_ci95": None if self.loss_ci95 is None else round(self.loss_ci95, 4),
                "principal_line": self.principal_line,
                "return_chance": {card: round(chance, 4)
                                  for card, chance in self.return_chance.items()},
                "give_value_to_left": round(self.give_value_to_left, 4),
                "samples": self.samples}


@dataclass(repr=False)
class Ranking:
    rows: list[RankingRow]
    meta: dict[str, Any]
    tree: TreeNode | None = None
    know: Knowledge | None = None  # what the seat knew (reusable by a following analysis)

    def title(self) -> str:
        meta = self.meta
        return (f"seat {meta.get('player')}, round {meta.get('round')}: {len(self.rows)} "
                f"choices, up to {meta.get('samples', 0)} rollouts each, seed {meta.get('seed')}")

    def __repr__(self) -> str:
        best = self.rows[0] if self.rows else None
        top = "" if best is None else (
            f"; best {best.action} {interval_text(best.value, best.ci95)}")
        return f"<Ranking {self.title()}{top}>"

    def _repr_html_(self) -> str:
        """A compact table: each choice's value ± its 95 % interval, as a dot and whisker."""
        return ranking_html(self.title(), self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {"rows": [row.to_dict() for row in self.rows], "meta": self.meta}

    def copies(self) -> dict[int, int]:
        """Rows (by index) that Keep and Give the same cards as an earlier row (a copy of a
        card from another deck, :mod:`precog.analysis.choices.copies`): that row's index."""
        state = self.tree.state if self.tree is not None else None
        return {} if state is None else copies([(row.keep, row.give) for row in self.rows],
                                               state)

    def distinct(self, n: int) -> list[RankingRow]:
        """The first ``n`` rows that are not copies of an earlier row (what to show or plot
        first: two choices of the same cards play alike)."""
        twins = self.copies()
        return [row for index, row in enumerate(self.rows) if index not in twins][:n]

    def table(self) -> str:
        """The ranked table as text."""
        lines = [self._heading(),
                 f"{'#':>2} {'choice':<20} {'value':>7} {'loss':>6} {'±loss':>6} {'±95%':>6} "
                 f"{'to left':>7}  back (chance)   principal line"]
        note = self.meta.get("components", {})
        if not note.get("reference", True):
            lines.insert(1, f"component set {note['name']!r}, not the reference set: "
                            f"{note['unknown_faces']} unknown faces drawn from the prior; "
                            f"evaluation {note['calibration']} (refit: {note['refit']})")
        for number, row in enumerate(self.rows, 1):
            interval = "" if row.ci95 is None else f"{row.ci95:.2f}"
            loss_interval = "" if row.loss_ci95 is None else f"{row.loss_ci95:.2f}"
            back = " ".join(f"{card} {chance:.0%}"
                            for card, chance in row.return_chance.items()) or "-"
            lines.append(f"{number:>2} {row.action:<20} {row.value:>7.2f} {row.loss:>6.2f} "
                         f"{loss_interval:>6} {interval:>6} {row.give_value_to_left:>+7.2f}  "
                         f"{back:<15} {row.principal_line}")
        return "\n".join(lines)

    def _heading(self) -> str:
        """The table's first line: the seat, the round and how the choices were valued."""
        meta = self.meta
        how = (f"up to {meta['samples']} rollouts per choice" if meta.get("rollouts")
               else f"{meta['depth_rounds']}-round look-ahead, each leaf played out "
                    f"{meta['leaf_playouts']} times" if meta.get("leaf_playouts")
               else f"{meta['depth_rounds']}-round look-ahead, fitted value at the leaves")
        partial = "" if meta.get("complete", True) else (
            ", stopped early: values from the first round only")
        return (f"seat {meta['player']}, round {meta['round']}: model {meta['model']}, "
                f"seed {meta['seed']}, {how} ({meta['elapsed_s']:.2f} s{partial})")


def paired_loss(best: RankingRow, row: RankingRow) -> tuple[float, float | None]:
    """The loss of ``row`` against ``best`` and its 95 % half-width on paired rollouts (the
    same worlds and the same Keep/Give draws: far narrower than either value's interval)."""
    loss = max(0.0, best.value - row.value)
    if row is best:
        return 0.0, 0.0
    shared = min(len(best.draws), len(row.draws))  # a choice left behind has the first worlds
    if shared > 1:
        _mean, interval = mean_ci([best_value - row_value for best_value, row_value
                                   in zip(best.draws[:shared], row.draws[:shared], strict=True)])
        return loss, interval
    return loss, None


def left_behind_on_the_leaders_worlds(rows: list[RankingRow]) -> None:
    """Value each row the race left behind through the leader's games on the same worlds.

    A row left behind has rollouts in the first ``n`` worlds only, while the leader (the
    best of the rows played to the end) went on; the row's own mean of those ``n`` games keeps
    the luck of its first worlds, which the leader's longer mean has averaged away, and could
    come out above the leader it was found clearly behind. Its value is its own mean corrected
    by the leader's luck on those worlds (the leader's mean over all its ``N`` games less its
    mean over the first ``n``), in proportion to how closely the row's games follow the
    leader's (``beta = cov / var`` over the shared worlds: a regression on the leader, the
    same worlds and uniforms). That estimate of the row's mean has the least noise of its
    kind, never more than its own mean's: variance ``var(row)/n - (1/n - 1/N) cov^2/var``, its
    interval."""
    most = max((row.samples for row in rows), default=0)
    ahead = [row for row in rows if row.samples == most]
    if not ahead or most < 2:
        return
    leader = max(ahead, key=lambda row: row.value)
    lead = np.asarray(leader.draws, dtype=float)
    for row in rows:
        if 2 < row.samples < most:
            n, own = row.samples, np.asarray(row.draws, dtype=float)
            (var_lead, cov), (_, var_own) = np.cov(lead[:n], own, ddof=1)
            beta = cov / var_lead if var_lead > 0 else 0.0
            row.value = float(own.mean() + beta * (lead.mean() - lead[:n].mean()))
            var = var_own / n - (1 / n - 1 / most) * beta * cov
            row.ci95 = half_width(math.sqrt(max(var, 0.0)))
