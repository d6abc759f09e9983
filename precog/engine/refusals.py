"""Why an action is refused: a code from a closed set and its values, never a sentence.

:func:`precog.engine.why_illegal` returns a :class:`Refusal`; :class:`IllegalActionError`
carries one. The words are rendered from the code: ``str(refusal)`` is the engine's English
sentence (``precog/data/words/en/game.toml``, table ``[refusal]``), and
:mod:`precog.session.words` renders it in any language. Rewording a sentence changes no code.

To add a refusal: add a member to :class:`RefusalCode`, return ``Refusal.of(code, name=value)``
from the phase module, and write its sentence under ``[refusal]`` in every language's
``game.toml`` (``tests/engine/test_refusals.py`` fails while one is missing).

>>> from precog.engine import new_game, why_illegal
>>> from precog.engine.actions import EndActions
>>> r = why_illegal(new_game(players=2, seed=1), EndActions())
>>> r.code
<RefusalCode.CHOOSE_EXPECTED: 'choose_expected'>
>>> str(r)
'in the Decision phase each player chooses a Keep and a Give (keep X give Y)'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from precog.engine.wording import DEFAULT_LANGUAGE, fill, load_words

Value = int | str | tuple[str, ...] | tuple[tuple[str, int], ...]
"""A refusal's value: a number, an id, a list of ids or a list of ``(resource, amount)``."""


class RefusalCode(StrEnum):
    """Every reason the rules give for refusing an action."""

    GAME_OVER = "game_over"
    # a malformed action value (built in code, not read from notation)
    NOT_AN_ACTION = "not_an_action"              # kind: the value's type
    FIELD_TYPE = "field_type"                    # field, want, got
    FIELD_IDS = "field_ids"                      # field, count
    # advanced setup
    ROOMS_EXPECTED = "rooms_expected"            # example: the first two rooms
    ROOMS_SAME = "rooms_same"
    ROOMS_NOT_YOURS = "rooms_not_yours"          # rooms: your 3
    PASS_EXPECTED = "pass_expected"
    PASS_SAME = "pass_same"
    PASS_NOT_YOURS = "pass_not_yours"            # cards: your first 4
    ROOMS_ORDER = "rooms_order"                  # example: the pair in the order held
    PASS_ORDER = "pass_order"                    # example: the pair in the order held
    # Decision phase
    CHOOSE_EXPECTED = "choose_expected"
    KEEP_NOT_YOURS = "keep_not_yours"            # count, cards
    GIVE_NOT_IN_DECISION_ZONE = "give_not_in_decision_zone"  # cards
    KEEP_IS_GIVE = "keep_is_give"
    # Action phase
    ACTIVATE_EXPECTED = "activate_expected"
    ACTIVATE_OR_REVEAL_EXPECTED = "activate_or_reveal_expected"  # cooperative mode
    BOTH_UNAFFORDABLE = "both_unaffordable"      # cost, cabins
    OBJECTIVE_EXPECTED = "objective_expected"
    TEAM_WINDOW_EXPECTED = "team_window_expected"
    NO_OBJECTIVE_LEFT = "no_objective_left"
    REVEAL_UNAFFORDABLE = "reveal_unaffordable"  # cost, healthy
    NOT_REVEALED = "not_revealed"                # tile, revealed
    ALREADY_MITIGATED = "already_mitigated"      # tile
    WRONG_SEASON = "wrong_season"                # tile, season, current
    MITIGATE_SHORT = "mitigate_short"            # tile, cost, received, short
    # placing gains
    GAINS_EXPECTED = "gains_expected"            # kind, offer, example
    TAKE_RANGE = "take_range"                    # kind (food|human|heal), top, n
    YMUNES_DONT_FIT = "ymunes_dont_fit"          # doctors, protectors, offer
    BATTERY_SLOT_FULL = "battery_slot_full"      # machine (1..6), free
    # Maintenance and the River
    PROTECTORS_EXPECTED = "protectors_expected"  # bane
    PROTECTORS_RANGE = "protectors_range"        # top, have, bane, n
    LOSE_EXPECTED = "lose_expected"              # n, bane
    LOSE_COUNT = "lose_count"                    # bane, n, got
    LOSE_DOES_NOT_FIT = "lose_does_not_fit"      # healthy, contaminated, h, c
    RIVER_EXPECTED = "river_expected"
    IGNORE_WITHOUT_PROTECTOR = "ignore_without_protector"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refusal: its ``code`` and the values its sentence names, as ``(name, value)`` pairs."""

    code: RefusalCode
    params: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, code: RefusalCode, **params: Value) -> Refusal:
        return cls(code, tuple(params.items()))

    @property
    def values(self) -> dict[str, Value]:
        return dict(self.params)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The sentence for this refusal in ``lang`` (``precog/data/words/<lang>/game.toml``)."""
        return render_refusal(self, lang)

    def __str__(self) -> str:
        return self.text()


def refusal_template(code: RefusalCode, lang: str = DEFAULT_LANGUAGE,
                     table: str = "refusal") -> str | None:
    """The template of ``code`` under ``[table]`` of ``lang``'s game words, or None."""
    template = load_words(lang).get(table, {}).get(code.value)
    return template if isinstance(template, str) else None


def render_refusal(refusal: Refusal, lang: str = DEFAULT_LANGUAGE, table: str = "refusal") -> str:
    """``refusal`` as a sentence of ``[table]`` in ``lang`` (English when it has none)."""
    template = refusal_template(refusal.code, lang, table)
    if template is None and table != "refusal":
        template = refusal_template(refusal.code, lang)
    if template is None:
        template = refusal_template(refusal.code) or refusal.code.value
    return fill(lang, template, refusal.values)
