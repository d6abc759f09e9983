"""Short quizzes generated from a position, answered by the engine, with the working shown.

Every answer is read off the engine: an action applied to the immutable position, the legal
actions, or the engine's rule helpers (``activation_cost``, ``humans_to_lose``...). The working
explains the answer with the position's own values; a wrong answer shows it.

>>> from precog.tutor.data import PositionSpec
>>> from precog.tutor.positions import build_position
>>> state = build_position(PositionSpec(setup={"players": 3, "seed": 11}, play_to="phase:action"))
>>> quiz = make_quiz("activation_cost", state, 0, {}, ui_texts())
>>> quiz.check({str(activation_cost(state, 0))})
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from precog.engine import GameState, Phase, PrecogError, Step, apply, legal_actions
from precog.engine.action_phase import activation_cost, triggered_machines
from precog.engine.actions import Action, Activate, Reveal, SpendProtectors
from precog.engine.machines import card_gains, resolved_costs
from precog.engine.maintenance import bane_after_protectors, feed, humans_to_lose
from precog.engine.problems import Problem
from precog.engine.scoring import TEAMS
from precog.engine.state import COOP_THRESHOLDS, REVEAL_COST
from precog.tutor.data import UiTexts, ui_texts
from precog.tutor.errors import TutorCode
from precog.tutor.preview import gains_text, outlook, resolve_with
from precog.tutor.words import card_label

__all__ = ["Choice", "Quiz", "QuizError", "make_quiz", "ui_texts"]


class QuizError(PrecogError):
    """A quiz was asked in a position it does not fit (a lesson data mistake): code
    ``TutorCode.QUIZ_UNKNOWN`` or ``QUIZ_NEEDS`` (its ``what`` a ``QUIZ_NEED_*`` problem)."""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Quiz:
    kind: str
    question: str
    choices: tuple[Choice, ...]
    answer: frozenset[str]
    multi: bool
    working: str

    def check(self, picked: Iterable[str]) -> bool:
        return frozenset(picked) == self.answer

    def answer_text(self) -> str:
        labels = [c.label for c in self.choices if c.value in self.answer]
        return ", ".join(labels)


@dataclass(frozen=True)
class Context:
    """What a quiz may need besides the position: the learner's last Dual Select round."""

    state: GameState
    seat: int
    params: dict[str, Any]
    texts: UiTexts
    before_choice: GameState | None = None  # the position just before the learner's choice

    def say(self, key: str, **values: Any) -> str:
        return self.texts.say(f"quiz_{self.kind}", key, **values)

    kind: str = ""


Generator = Callable[[Context], Quiz]
_GENERATORS: dict[str, Generator] = {}


def _quiz(kind: str) -> Callable[[Generator], Generator]:
    def register(fn: Generator) -> Generator:
        _GENERATORS[kind] = fn
        return fn
    return register


def make_quiz(kind: str, state: GameState, seat: int, params: dict[str, Any],
              texts: UiTexts, before_choice: GameState | None = None) -> Quiz:
    """The quiz ``kind`` for ``seat`` in ``state``; QuizError if the position does not fit."""
    if kind not in _GENERATORS:
        raise QuizError(Problem.of(TutorCode.QUIZ_UNKNOWN, kind=kind, known=sorted(_GENERATORS)),
                        input=kind)
    ctx = Context(state=state, seat=seat, params=params, texts=texts,
                  before_choice=before_choice, kind=kind)
    return _GENERATORS[kind](ctx)


def quiz_kinds() -> list[str]:
    return sorted(_GENERATORS)


def numbers(answer: int, low: int = 0, high: int | None = None, count: int = 5) -> tuple[
        Choice, ...]:
    """``count`` numbers around ``answer`` (never below ``low`` nor above ``high``)."""
    top = high if high is not None else answer + count
    values = sorted(range(max(low, answer - count // 2), top + 1), key=lambda v: abs(v - answer))
    picked = sorted(values[:count])
    return tuple(Choice(str(v), str(v)) for v in picked)


def _need(ok: bool, ctx: Context, what: TutorCode, **values: object) -> None:
    """QuizError unless ``ok``: ``what`` (a ``QUIZ_NEED_*`` code) is what the quiz needs."""
    if not ok:
        s = ctx.state
        raise QuizError(Problem.of(TutorCode.QUIZ_NEEDS, kind=ctx.kind,
                                   what=Problem.of(what, **values), round=s.round,
                                   phase=s.phase.value, step=s.step.value, seat=s.to_move),
                        state=s)


def _action_zone(ctx: Context) -> tuple[str, str]:
    zone = ctx.state.players[ctx.seat].action_zone
    _need(ctx.state.phase is Phase.ACTION and len(zone) == 2, ctx,
          TutorCode.QUIZ_NEED_ACTION_ZONE)
    return zone[0], zone[1]


# -- the quizzes -----------------------------------------------------------------------------

@_quiz("activation_cost")
def _activation_cost(ctx: Context) -> Quiz:
    g_id, r_id = _action_zone(ctx)
    g, r = ctx.state.card(g_id), ctx.state.card(r_id)
    n = activation_cost(ctx.state, ctx.seat)
    a, b = resolved_costs(g, r)
    x_note = ctx.say("x_note") if g.cost is None or r.cost is None else ""
    working = ctx.say("working", g=g_id, gc=g.cost_text, r=r_id, rc=r.cost_text, a=a, b=b, n=n,
                      x_note=x_note)
    return Quiz("activation_cost", ctx.say("question"), numbers(n), frozenset({str(n)}), False,
                working)


def _gains_of(state: GameState, seat: int, slots: str) -> str | None:
    options = [a for a in legal_actions(state) if isinstance(a, Activate) and a.slots == slots]
    if not options:
        return None
    after = apply(state, options[0])
    return str(after.players[seat].card_gains.astuple())


@_quiz("gains")
def _gains(ctx: Context) -> Quiz:
    g_id, r_id = _action_zone(ctx)
    s, seat = ctx.state, ctx.seat
    _need(s.step is Step.ACTIVATE and s.to_move == seat, ctx, TutorCode.QUIZ_NEED_ACTIVATE)
    slots = str(ctx.params.get("slots", "both"))
    legal = {a.slots: a for a in legal_actions(s) if isinstance(a, Activate)}
    _need(slots in legal, ctx, TutorCode.QUIZ_NEED_ACTIVATE_LEGAL, slots=slots)
    got = apply(s, legal[slots]).players[seat].card_gains
    g, r = s.card(g_id), s.card(r_id)
    plain = {"G": card_gains(g, r, False), "R": card_gains(r, g, False)}
    with_bonus = {"G": card_gains(g, r, True), "R": card_gains(r, g, True)}
    used = ("G", "R") if slots == "both" else (slots,)
    no_bonus = plain[used[0]] if len(used) == 1 else plain["G"] + plain["R"]
    bonus_given = got != no_bonus
    candidates = [got, no_bonus, plain["G"], plain["R"], with_bonus["G"] + with_bonus["R"]]
    for option in legal.values():
        candidates.append(apply(s, option).players[seat].card_gains)
    choices, seen = [], set()
    for c in candidates:
        label = gains_text(c, ctx.texts)
        if label not in seen:
            seen.add(label)
            choices.append(Choice(label, label))
    parts = []
    for slot, card, other in (("G", g, r), ("R", r, g)):
        if slot in used:
            key = "per_card_x" if card.gain is None else "per_card"
            parts.append(ctx.say(key, card=card.id, other=other.id,
                                 gains=gains_text(plain[slot], ctx.texts)))
    bonus = ctx.say("bonus_yes" if bonus_given else "bonus_no",
                    t1=ctx.texts.card_type(g.type.value), t2=ctx.texts.card_type(r.type.value))
    working = ctx.say("working", parts=" ".join(parts), bonus=bonus,
                      total=gains_text(got, ctx.texts))
    which = ctx.texts.say("quiz_gains", f"slots_{slots}", g=g_id, r=r_id)
    answer = gains_text(got, ctx.texts)
    return Quiz("gains", ctx.say("question", which=which), tuple(sorted(choices, key=_by_label)),
                frozenset({answer}), False, working)


def _by_label(c: Choice) -> str:
    return c.label


@_quiz("bane_after")
def _bane_after(ctx: Context) -> Quiz:
    g_id, r_id = _action_zone(ctx)
    ahead = outlook(ctx.state, ctx.seat)
    _need(ahead is not None, ctx, TutorCode.QUIZ_NEED_MAINTENANCE)
    assert ahead is not None
    g, r = ctx.state.card(g_id), ctx.state.card(r_id)
    working = ctx.say("working", a=ahead.bane_before, g=g_id, gb=g.bane, r=r_id, rb=r.bane,
                      b=ahead.bane_after)
    n = ahead.bane_after
    return Quiz("bane_after", ctx.say("question"), numbers(n), frozenset({str(n)}), False,
                working)


@_quiz("humans_lost")
def _humans_lost(ctx: Context) -> Quiz:
    s, seat = ctx.state, ctx.seat
    _need(s.to_move == seat and s.step is Step.PROTECT, ctx, TutorCode.QUIZ_NEED_PROTECTOR_STEP)
    p = s.players[seat]
    k = int(ctx.params.get("protectors", 0))
    legal = [a for a in legal_actions(s) if isinstance(a, SpendProtectors)]
    _need(any(a.amount == k for a in legal), ctx, TutorCode.QUIZ_NEED_PROTECTORS_LEGAL, n=k)
    bane = bane_after_protectors(p.bane, k)
    n = humans_to_lose(replace(p, bane=bane))
    returned = ctx.say("returned", k=k, a=p.bane, b=bane) if k else ""
    working = ctx.say("working", returned=returned, b=bane, h=p.healthy, c=p.contaminated,
                      humans=p.humans, n=n)
    question = ctx.say("question_k", k=k) if k else ctx.say("question")
    return Quiz("humans_lost", question, numbers(n, high=max(n + 2, p.bane)),
                frozenset({str(n)}), False, working)


@_quiz("protectors_to_clear")
def _protectors_to_clear(ctx: Context) -> Quiz:
    s, seat = ctx.state, ctx.seat
    _need(s.to_move == seat and s.step is Step.PROTECT, ctx, TutorCode.QUIZ_NEED_PROTECTOR_STEP)
    p = s.players[seat]
    n = max(a.amount for a in legal_actions(s) if isinstance(a, SpendProtectors))
    working = ctx.say("working", bane=p.bane, p=p.protectors, n=n,
                      b=bane_after_protectors(p.bane, n))
    choices = tuple(Choice(str(v), str(v)) for v in range(p.protectors + 1))
    return Quiz("protectors_to_clear", ctx.say("question"), choices, frozenset({str(n)}), False,
                working)


def _learner_choose(ctx: Context) -> Action:
    s = ctx.state
    _need(s.phase is Phase.DECISION and s.to_move == ctx.seat, ctx,
          TutorCode.QUIZ_NEED_DECISION)
    return legal_actions(s)[0]


@_quiz("arriving_card")
def _arriving_card(ctx: Context) -> Quiz:
    s, seat = ctx.state, ctx.seat
    mine = _learner_choose(ctx)
    right, left = s.right(seat), s.left(seat)
    shown = list(dict.fromkeys(s.players[seat].hand + s.players[seat].decision_zone
                               + s.players[right].decision_zone + s.players[left].decision_zone))
    can = [c for c in shown if resolve_with(s, seat, mine, c) is not None]
    choices = tuple(Choice(c, card_label(s.card(c), ctx.texts)) for c in shown)
    working = ctx.say("working", n=right, a=" ".join(can))
    return Quiz("arriving_card", ctx.say("question", n=right), choices, frozenset(can), True,
                working)


@_quiz("incoming_cards")
def _incoming_cards(ctx: Context) -> Quiz:
    s, seat = ctx.state, ctx.seat
    p = s.players[seat]
    _need(s.phase is not Phase.DECISION and len(p.action_zone) == 2 and p.gave is not None, ctx,
          TutorCode.QUIZ_NEED_CHOSEN)
    right = s.right(seat)
    back = s.players[right].decision_zone
    kept, gave = p.action_zone[0], str(p.gave)
    shown = list(dict.fromkeys((kept, gave, *back, *p.decision_zone)))
    choices = tuple(Choice(c, card_label(s.card(c), ctx.texts)) for c in sorted(shown))
    working = ctx.say("working", keep=kept, give=gave, a=back[0], b=back[1], n=right)
    return Quiz("incoming_cards", ctx.say("question"), choices, frozenset(back), True, working)


@_quiz("feeding")
def _feeding(ctx: Context) -> Quiz:
    p = ctx.state.players[ctx.seat]
    fed = feed(p)
    ask = str(ctx.params.get("ask", "unfed"))
    _need(ask in ("unfed", "food_left"), ctx, TutorCode.QUIZ_NEED_ASK)
    n = p.healthy - fed.healthy if ask == "unfed" else fed.food
    working = ctx.say("working", h=p.healthy, f=p.food, lost=p.healthy - fed.healthy,
                      left=fed.food)
    return Quiz("feeding", ctx.say(f"question_{ask}"), numbers(n), frozenset({str(n)}), False,
                working)


@_quiz("machines_trigger")
def _machines_trigger(ctx: Context) -> Quiz:
    """Before activating: which machines would give (activating ``params.slots``); after the
    learner's Action phase: which gave. After it, machine-given Batteries (advanced faces only)
    would blur the answer, so that case is refused."""
    s, seat = ctx.state, ctx.seat
    _action_zone(ctx)
    p = s.players[seat]
    if s.step is Step.ACTIVATE and s.to_move == seat:
        slots = str(ctx.params.get("slots", "both"))
        legal = {a.slots: a for a in legal_actions(s) if isinstance(a, Activate)}
        after, question = apply(s, legal.get(slots) or legal["G"]), ctx.say("question")
    else:
        _need(bool(p.activated) and (s.to_move != seat or s.step is not Step.GAINS), ctx,
              TutorCode.QUIZ_NEED_GAINS)
        _need(p.taken.battery <= p.card_gains.battery, ctx,
              TutorCode.QUIZ_NEED_NO_BATTERY)
        after, question = s, ctx.say("question_after")
    fired = {m for m, _ in triggered_machines(after, seat, take_all=after is not s)}
    choices, lines = [], []
    for i, room_id in enumerate(p.rooms[:2]):
        face = s.components.room_by_id[room_id].face(s.config.advanced)
        for j, machine in enumerate(face):
            m = 3 * i + j
            label = ctx.say("machine", m=m + 1, cond=ctx.texts.condition_said(machine.condition),
                            gains=gains_text(machine.effect, ctx.texts))
            choices.append(Choice(f"m{m + 1}", label))
            filled = after.players[seat].batteries[m]
            key = ("fires" if m in fired else "unpowered" if filled < machine.batteries
                   else "condition_fails")
            lines.append(ctx.say(key, m=m + 1, a=filled, b=machine.batteries,
                                 cond=ctx.texts.condition_said(machine.condition)))
    choices.append(Choice("none", ctx.say("none")))
    answer = frozenset(f"m{m + 1}" for m in fired) or frozenset({"none"})
    return Quiz("machines_trigger", question, tuple(choices), answer, True, " ".join(lines))


@_quiz("coop_threshold")
def _coop_threshold(ctx: Context) -> Quiz:
    n = int(ctx.params.get("players", ctx.state.config.players))
    _need(n in COOP_THRESHOLDS, ctx, TutorCode.QUIZ_NEED_PLAYERS)
    t = COOP_THRESHOLDS[n]
    values = sorted(set(COOP_THRESHOLDS.values()) | {t - 5, t + 5})
    return Quiz("coop_threshold", ctx.say("question", n=n),
                tuple(Choice(str(v), str(v)) for v in values), frozenset({str(t)}), False,
                ctx.say("working", n=n, t=t))


@_quiz("reveal_cost")
def _reveal_cost(ctx: Context) -> Quiz:
    s, seat = ctx.state, ctx.seat
    _need(s.config.coop and s.phase is Phase.ACTION, ctx, TutorCode.QUIZ_NEED_COOP_ACTION)
    reveal = [a for a in legal_actions(s) if isinstance(a, Reveal)] if s.to_move == seat else []
    if reveal:
        n = s.players[seat].healthy - apply(s, reveal[0]).players[seat].healthy
    else:
        n = REVEAL_COST[s.season]
    return Quiz("reveal_cost", ctx.say("question", season=s.season), numbers(n, low=0),
                frozenset({str(n)}), False, ctx.say("working", season=s.season, n=n))


@_quiz("teammate")
def _teammate(ctx: Context) -> Quiz:
    s, seat = ctx.state, ctx.seat
    _need(s.config.mode == "team", ctx, TutorCode.QUIZ_NEED_TEAM)
    team = next(t for t in TEAMS if seat in t)
    mate = next(x for x in team if x != seat)
    left = s.left(seat)
    role = ctx.say("helps" if left == mate else "hinders", n=left)
    choices = tuple(Choice(str(x), ctx.texts.say("seat", "other", n=x))
                    for x in range(s.config.players) if x != seat)
    return Quiz("teammate", ctx.say("question"), choices, frozenset({str(mate)}), False,
                ctx.say("working", a=team[0], b=team[1], role=role))
