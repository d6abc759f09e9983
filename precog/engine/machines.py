"""Machine conditions: their text form, parsing, and when a powered machine triggers.

A condition is written as ``SCOPE: TEST``:

* ``pair: Human + other`` - one Action Zone card is a Human card, the other is of another type
* ``pair: Ymune + Food`` - one Ymune card and one Food card
* ``pair: Bane + no Bane`` - one card shows a Bane value, the other does not
* ``pair: Cost sum <= 3`` / ``pair: Cost sum >= 7`` - the two resolved Costs added
* ``pair: same Cost`` / ``pair: different Cost``
* ``given: Battery`` - the card given to the left neighbour this round is a Battery card
* ``given: Cost = 2`` / ``given: Cost <= 1`` / ``given: Cost >= 3`` / ``given: Bane``
* ``received: 2 Food`` - the player took at least 2 Food from its activated cards this round
* ``received: 3 any`` - the player took at least 3 resources in all from its activated cards
* ``received: 1 Ymune`` - at least 1 Ymune, Doctor or Protector
* ``received: 1 Doctor`` / ``received: 1 Protector`` - at least 1 Ymune placed as a Doctor
  (in the Infirmary) or as a Protector (on the Bow)

Line 1 counts what the player took (a declined resource was not received); the rule option
``received_means_offered`` makes it count what the cards offered instead, and then a free
Ymune counts towards ``Doctor`` and ``Protector`` alike (it could have been placed as either).

Standard faces and advanced line 3 use ``pair``, line 2 uses ``given``, line 1 ``received``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from precog.engine.components import Card, CardType, Condition, Gains
from precog.engine.errors import DataError
from precog.engine.fastcopy import maker
from precog.engine.problems import ErrorCode, Problem

_TYPES = {t.value.lower(): t for t in CardType}
_PAIR_TYPE = re.compile(r"^(food|human|battery|ymune)\s*\+\s*(other|food|human|battery|ymune)$")
_COST_SUM = re.compile(r"^cost sum\s*(<=|>=)\s*(\d+)$")
_GIVEN_COST = re.compile(r"^cost\s*(=|<=|>=)\s*(\d+)$")
_RECEIVED = re.compile(r"^(\d+)\s+(\w+)$")
RECEIVED_KINDS = ("Food", "Human", "Battery", "Ymune", "Doctor", "Protector", "any")

LINE_SCOPE = {0: "pair", 1: "received", 2: "given", 3: "pair"}


def parse_condition(text: str) -> Condition:
    """Parse a condition's text form, raising :class:`DataError` with what is expected.

    >>> parse_condition("pair: Human + other").kind
    'type_and_other'
    """
    if not isinstance(text, str) or ":" not in text:
        raise DataError(Problem.of(ErrorCode.DATA_CONDITION_FORM, text=text), input=text)
    scope, _, test = text.partition(":")
    scope = scope.strip().lower()
    test = " ".join(test.strip().lower().split())
    parser = {"pair": _parse_pair, "given": _parse_given, "received": _parse_received}.get(scope)
    if parser is None:
        raise DataError(Problem.of(ErrorCode.DATA_CONDITION_SCOPE, text=text, scope=scope),
                        input=text)
    parsed = parser(test)
    if parsed is None:
        problem = (Problem.of(ErrorCode.DATA_CONDITION_RECEIVED, text=text, test=test,
                              kinds=tuple(RECEIVED_KINDS)) if scope == "received" else
                   Problem.of(ErrorCode.DATA_CONDITION_TEST, text=text, test=test, scope=scope))
        raise DataError(problem, input=text)
    kind, args = parsed
    return Condition(text=text.strip(), scope=scope, kind=kind, args=args)


def _parse_pair(test: str) -> tuple[str, tuple[str | int, ...]] | None:
    if m := _PAIR_TYPE.match(test):
        a, b = m.groups()
        if b == "other":
            return "type_and_other", (_TYPES[a].value,)
        if a == b:
            return None
        return "type_and_type", (_TYPES[a].value, _TYPES[b].value)
    if test == "bane + no bane":
        return "bane_and_no_bane", ()
    if m := _COST_SUM.match(test):
        kind = "cost_sum_at_most" if m.group(1) == "<=" else "cost_sum_at_least"
        return kind, (int(m.group(2)),)
    if test == "same cost":
        return "same_cost", ()
    if test == "different cost":
        return "different_cost", ()
    return None


def _parse_given(test: str) -> tuple[str, tuple[str | int, ...]] | None:
    if test in _TYPES:
        return "given_type", (_TYPES[test].value,)
    if test == "bane":
        return "given_bane", ()
    if m := _GIVEN_COST.match(test):
        op = {"=": "given_cost_is", "<=": "given_cost_at_most", ">=": "given_cost_at_least"}
        return op[m.group(1)], (int(m.group(2)),)
    return None


def _parse_received(test: str) -> tuple[str, tuple[str | int, ...]] | None:
    if m := _RECEIVED.match(test):
        n, what = int(m.group(1)), m.group(2)
        kinds = {k.lower(): k for k in RECEIVED_KINDS}
        if what not in kinds or n < 1:
            return None
        return "received_at_least", (n, kinds[what])
    return None


def resolved_costs(first: Card, second: Card) -> tuple[int, int]:
    """Costs of two cards played together: an X Cost copies the other card's; X with X is 0."""
    a, b = first.cost, second.cost
    if a is None and b is None:
        return 0, 0
    return (b if a is None else a), (a if b is None else b)  # type: ignore[return-value]


def card_gains(card: Card, other: Card, bonus: bool) -> Gains:
    """What one activated card gives when paired with ``other`` (X gains use the other's Cost)."""
    _own_cost, other_cost = resolved_costs(card, other)
    amount = other_cost if card.gain is None else card.gain
    base = Gains.of_type(card.type, amount)
    return base + card.bonus if bonus else base


@dataclass(frozen=True, slots=True)
class Context:
    """What machine conditions look at for one player in one round."""

    kept: Card  # G slot
    received_card: Card  # R slot (given to this player by the right neighbour)
    given: Card | None  # the card this player gave left (None before any give)
    given_cost: int  # that card's Cost as resolved in the left neighbour's Action Zone
    received: Gains  # what the player took from its activated cards (or what they offered)
    offered: bool = False  # ``received`` is what the cards offered (a free Ymune unplaced)


make_context = maker(Context)
"""``Context(kept, received_card, given, given_cost, received, offered)``, built faster (every
value given, in field order): the engine builds one whenever a powered machine is checked."""
_TYPE_NAMES = {t: t.value for t in CardType}
"""Each card type's name as conditions spell it (read at every check, without the enum's
``value`` descriptor)."""


def condition_met(cond: Condition, ctx: Context) -> bool:
    """Whether ``cond`` holds in ``ctx``."""
    kind, args = cond.kind, cond.args
    a, b = ctx.kept, ctx.received_card
    if cond.scope == "pair":
        types = (_TYPE_NAMES[a.type], _TYPE_NAMES[b.type])
        if kind == "type_and_other":
            return args[0] in types and types[0] != types[1]
        if kind == "type_and_type":
            return sorted(types) == sorted((str(args[0]), str(args[1])))
        if kind == "bane_and_no_bane":
            return (a.bane > 0) != (b.bane > 0)
        ca, cb = resolved_costs(a, b)
        if kind == "cost_sum_at_most":
            return ca + cb <= int(args[0])
        if kind == "cost_sum_at_least":
            return ca + cb >= int(args[0])
        if kind == "same_cost":
            return ca == cb
        if kind == "different_cost":
            return ca != cb
    elif cond.scope == "given":
        g = ctx.given
        if g is None:
            return False
        if kind == "given_type":
            return _TYPE_NAMES[g.type] == args[0]
        if kind == "given_bane":
            return g.bane > 0
        if kind == "given_cost_is":
            return ctx.given_cost == int(args[0])
        if kind == "given_cost_at_most":
            return ctx.given_cost <= int(args[0])
        if kind == "given_cost_at_least":
            return ctx.given_cost >= int(args[0])
    elif kind == "received_at_least":
        return received_count(ctx.received, str(args[1]), ctx.offered) >= int(args[0])
    raise AssertionError(f"unknown condition {cond.text!r}")


def received_count(g: Gains, what: str, offered: bool = False) -> int:
    """Resources of kind ``what`` (a ``RECEIVED_KINDS`` entry) in ``g``; a Heal is not one.

    With ``offered``, a free (unplaced) Ymune counts as a Doctor and as a Protector."""
    if what == "any":
        return g.food + g.human + g.battery + g.ymune + g.doctor + g.protector
    if what == CardType.YMUNE.value:
        return g.ymune + g.doctor + g.protector
    if what in ("Doctor", "Protector"):
        return int(getattr(g, what.lower())) + (g.ymune if offered else 0)
    return int(getattr(g, what.lower()))
