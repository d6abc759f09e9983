"""The Play hint at a Keep/Give: the seat's best choices, worked out from what that seat sees.

(A decision of another step is ranked by :mod:`precog.session.step_hint`; its answers are
:class:`HintAnswer` too, and :class:`~precog.session.step_hint.SeatHint` picks the one.)

No widget here. :class:`HintRun` takes a seat's view (:class:`~precog.engine.view.SeatView`,
never the whole position), rebuilds a full position whose hidden parts are placeholders the
analysis samples again, and ranks the choices with the explorer's own analysis
(:class:`~precog.session.explore.Exploration`): first a quick pass (the rollouts on a
1-second budget), then a refining pass (the same rollouts and the two-round tree), each answer
handed to ``on_answer``.
:meth:`HintRun.cancel` stops the refinement; the last answer stays.

>>> from precog.engine import new_game
>>> from precog.engine.view import view_of
>>> answers = []
>>> run = HintRun(background=False)
>>> run.start(view_of(new_game(players=3, seed=2), 0), answers.append)
>>> [a.final for a in answers], len(answers[-1].rows)
([False, True], 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from precog.analysis.choices.ranking import DEFAULT_ROLLOUTS, Ranking, RankingRow
from precog.analysis.choices.reasons import row_reasons
from precog.engine import GameState, Phase
from precog.engine.view import SeatView, view_position
from precog.session.explore import Exploration
from precog.session.provenance import provenance_text
from precog.session.why import reason_text
from precog.session.words import DEFAULT_LANGUAGE, words

TOP = 3
# The explorer's opening analysis (its controls' defaults) is the refined answer, so the hint
# and "Open in explorer" show the same values. The quick pass plays the same rollouts on a
# 1-second budget, every choice alike (no race), the tree of this round built after them:
# where they all finish (most positions) its numbers are already the refined ones, which add
# the two-round tree's lines; where the second ran out, fewer rollouts, and it says how many.
QUICK = {"model": "uniform", "rollouts": DEFAULT_ROLLOUTS, "depth_rounds": 1, "seed": 0,
         "budget_s": 1.0, "race": False}
REFINE = {"model": "uniform", "rollouts": DEFAULT_ROLLOUTS, "depth_rounds": 2, "seed": 0}


@dataclass(frozen=True)
class HintRow:
    """One of the top choices: its value with a 95 % half-width, and why (short sentences)."""

    keep: str
    give: str
    value: float
    ci95: float | None
    loss: float
    reasons: tuple[str, ...]
    samples: int = 0  # the rollouts its value rests on (0: the look-ahead's value)
    action: str = ""  # its notation (``keep K give G``, ``activate G``…)
    label: str = ""  # a step hint's option as Play's button names it ("" for a Keep/Give)


@dataclass(frozen=True)
class HintAnswer:
    """The top choices after one pass; ``final`` once the refining pass has answered."""

    rows: tuple[HintRow, ...]
    samples: int  # sampled futures per choice (0: the look-ahead's values alone)
    depth: int  # rounds looked ahead
    seconds: float
    final: bool
    cancelled: bool = False
    provenance: str = ""  # which component set and which evaluation fit, in words
    leaf_playouts: int = 0  # games played from each end of the look-ahead (0: the fit)
    step: str = "choose"  # the engine's step ranked (choose: a Keep/Give)

    def to_json(self) -> dict[str, Any]:
        return {"rows": [row.__dict__ | {"reasons": list(row.reasons)} for row in self.rows],
                "samples": self.samples, "depth": self.depth,
                "leaf_playouts": self.leaf_playouts,
                "seconds": round(self.seconds, 3), "step": self.step,
                "final": self.final, "cancelled": self.cancelled}


def hint_unavailable(state: GameState, seat: int, my_turn: bool, lang: str = DEFAULT_LANGUAGE
                     ) -> str | None:
    """Why there is no hint now (None when there is one): the hint ranks the seat's choices at
    every decision of the game's rounds, not the advanced setup's."""
    say = words(lang).say
    if state.is_over:
        return say("hint.no_game_over")
    if not my_turn:
        return say("hint.no_not_your_turn")
    if state.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS):
        return say("hint.no_phase", phase=say(f"board.phase_{state.phase.value}"))
    return None


def view_link(view: SeatView, explorer_url: str) -> str:
    """The explorer's address for this view (``?view=pv1…``: the seat's view only)."""
    return f"{explorer_url}?view={view_position(view)}"


class HintRun:
    """One hint at a time: :meth:`start` replaces any running one."""

    def __init__(self, background: bool = True, lang: str = DEFAULT_LANGUAGE) -> None:
        self.model = Exploration(background, with_trajectories=False)
        self.lang = lang
        self.answer: HintAnswer | None = None
        self._job = 0

    @property
    def running(self) -> bool:
        return self.model.running

    def wait(self, timeout: float | None = None) -> None:
        """Block until both passes are done (for scripts and tests)."""
        for _ in range(2):  # the quick pass starts the refining one before it ends
            self.model.wait(timeout)

    def start(self, view: SeatView, on_answer: Callable[[HintAnswer], None],
              on_error: Callable[[BaseException], None] | None = None) -> None:
        """Rank ``view``'s choices: a quick answer, then a refined one."""
        self.cancel()
        self._job += 1
        job = self._job
        world = view.world()
        failed = on_error or (lambda err: None)

        def done(final: bool) -> Callable[[BaseException | None], None]:
            def finish(error: BaseException | None) -> None:
                if job != self._job:
                    return
                if error is not None:
                    failed(error)
                    return
                ranking = self.model.ranking
                assert ranking is not None
                self.answer = answer_of(ranking, world, final, self.model.meta, self.lang)
                on_answer(self.answer)
                if not final and not self.answer.cancelled:
                    self.model.start(world, view.seat, REFINE, False, done=done(True))
            return finish

        self.model.start(world, view.seat, QUICK, False, done=done(False))

    def cancel(self) -> bool:
        """Stop the refinement (the answer so far stays); True if one was running."""
        return self.model.cancel()


def answer_of(ranking: Ranking, world: GameState, final: bool, meta: dict[str, Any],
              lang: str = DEFAULT_LANGUAGE) -> HintAnswer:
    """The top choices of ``ranking`` as hint rows (reasons in ``lang``): the first
    :data:`TOP` of different cards (a copy of a card from another deck plays alike, so a row
    that Keeps and Gives the same cards as one above is left out)."""
    rows = tuple(HintRow(r.keep, r.give, r.value, r.ci95, r.loss,
                         reasons(ranking, r, world, lang), r.samples, r.action)
                 for r in ranking.distinct(TOP))
    return HintAnswer(rows, int(ranking.meta.get("samples", 0)),
                      int(ranking.meta.get("depth_rounds", 0)), float(meta.get("seconds", 0.0)),
                      final, bool(meta.get("cancelled")),
                      provenance_text(ranking.meta.get("components", {}), lang),
                      int(ranking.meta.get("leaf_playouts", 0)))


def how_text(answer: HintAnswer, lang: str = DEFAULT_LANGUAGE) -> str:
    """How the answer was worked out, and how long it took, in a line."""
    say = words(lang).say
    how = (say("hint.how_samples", samples=answer.samples) if answer.samples else
           say("hint.how_ahead_played", depth=answer.depth, playouts=answer.leaf_playouts)
           if answer.leaf_playouts else say("hint.how_ahead", depth=answer.depth))
    key = ("hint.cancelled" if answer.cancelled else "hint.final" if answer.final else
           "hint.first")
    return say(key, how=how, seconds=words(lang).number(answer.seconds, ".1f"))


def reasons(ranking: Ranking, row: RankingRow, world: GameState,
            lang: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The gap to the best choice, then up to two of the analysis's own reasons
    (:func:`precog.analysis.choices.reasons.row_reasons`, said by :mod:`precog.session.why`)."""
    say = words(lang).say
    seat = int(ranking.meta.get("player", 0))
    gap = say("hint.best") if row.loss <= 1e-9 else gap_text(row, say, lang)
    why = [reason_text(r, lang, world, seat) for r in row_reasons(ranking, row)[:2]]
    return (gap, *why)


class Behind(Protocol):
    """A ranked choice's shortfall against the best (a ranking's row, a step's option)."""

    @property
    def loss(self) -> float: ...
    @property
    def loss_ci95(self) -> float | None: ...
    @property
    def within_noise(self) -> bool: ...


def gap_text(row: Behind, say: Callable[..., str], lang: str = DEFAULT_LANGUAGE) -> str:
    """How far ``row`` is behind the best: with its paired interval when rollouts measured it,
    and said to be as good when the loss is within that interval (numbers as ``lang`` writes
    them)."""
    loss = words(lang).number(row.loss, ".2f")
    if row.loss_ci95 is None:
        return say("hint.behind", loss=loss)
    key = "hint.behind_tied" if row.within_noise else "hint.behind_paired"
    return say(key, loss=loss, ci=words(lang).number(row.loss_ci95, ".2f"))


__all__ = ["QUICK", "REFINE", "HintAnswer", "HintRow", "HintRun", "answer_of", "gap_text",
           "hint_unavailable", "how_text", "reasons", "view_link"]
