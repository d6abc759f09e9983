"""One set of words per language: action labels, prompts, resources, refusals, phases, and
the labels and messages of the app's pages.

The texts are data: ``precog/data/words/<lang>/game.toml`` (the game's words, also read by the
engine for its English refusals) and ``app.toml`` (Play, the explorer, the landing page, the
command line). A key missing in a language falls back to English; ``tests/session/
test_words.py`` fails when a language lacks a key English has.

>>> from precog.engine import new_game, legal_actions
>>> state = new_game(players=3, seed=11)
>>> action_label(state, legal_actions(state)[0])
'Keep D07, give T06'
>>> action_label(state, legal_actions(state)[0], "ru")
'Оставить D07, отдать T06'
>>> words("ru").resource("human", 3)
'человека'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from precog.engine import Action, DataError, Gains, GameState, Outcome, Phase, Refusal, Step
from precog.engine.action_phase import activation_cost
from precog.engine.actions import (
    Activate,
    Choose,
    ChooseRooms,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.components import Condition
from precog.engine.maintenance import bane_after_protectors
from precog.engine.problems import ErrorCode, Problem
from precog.engine.refusals import render_refusal
from precog.engine.scoring import outcome_text
from precog.engine.state import REVEAL_COST
from precog.engine.wording import (
    DEFAULT_LANGUAGE,
    error_text,
    fill,
    languages,
    load_words,
    number_text,
    plural_form,
)
from precog.session.card_names import card_name
from precog.session.names import quoted_name

__all__ = ["DEFAULT_LANGUAGE", "Words", "action_label", "choose_language", "languages",
           "number_text", "prompt", "words"]

PARTS = ("game", "app")


def choose_language(lang: str | None) -> str:
    """``lang`` if precog has words for it (``ru``, ``RU``, ``ru-RU``), else English."""
    code = (lang or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in languages() else DEFAULT_LANGUAGE


class Words:
    """The words of one language; ``say("play.undo")`` is the sentence under ``[play] undo``."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        if lang not in languages():
            raise DataError(Problem.of(ErrorCode.DATA_NO_LANGUAGE, lang=lang,
                                       available=languages()), input=lang)
        self.lang = lang

    # -- raw access -------------------------------------------------------------------------
    def raw(self, key: str) -> Any:
        """The value under ``section.key`` (English when this language lacks it)."""
        section, _, name = key.rpartition(".")
        for lang in (self.lang, DEFAULT_LANGUAGE):
            for part in PARTS:
                value = load_words(lang, part).get(section, {}).get(name)
                if value is not None:
                    return value
        raise DataError(Problem.of(ErrorCode.DATA_NO_WORD, lang=self.lang, name=name,
                                   section=section))

    def say(self, key: str, **values: Any) -> str:
        """The sentence ``section.key`` with its ``{names}`` filled in."""
        text = self.raw(key)
        if not isinstance(text, str):
            raise DataError(Problem.of(ErrorCode.DATA_WORD_NOT_TEXT, lang=self.lang, key=key))
        try:
            return fill(self.lang, text, values)
        except (KeyError, IndexError) as err:
            raise DataError(Problem.of(ErrorCode.DATA_WORD_VALUE, lang=self.lang, key=key,
                                       name=str(err))) from None

    def number(self, value: float, spec: str = "") -> str:
        """``value`` formatted by ``spec`` as this language writes numbers (``1,5`` in Russian)."""
        return number_text(value, spec, self.lang)

    def plot_separators(self) -> str:
        """A plotly figure's ``separators``: this language's decimal mark and thousands
        separator (a comma and a space in Russian)."""
        sample = self.number(1000.5, ",.1f")  # 1,000.5 as this language writes it
        return sample[-2] + sample[1]

    # -- the game's words -----------------------------------------------------------------
    def resource(self, kind: str, n: int | None = None) -> str:
        """A resource's name for ``n`` of it (the plural form when ``n`` is None)."""
        forms = self.raw(f"resource.{kind}")
        return plural_form(self.lang, 2 if n is None else n, forms)

    def gains(self, gains: Gains | Iterable[tuple[str, int]]) -> str:
        """``2 Food, 1 Human`` in this language (``nothing`` when empty)."""
        pairs = tuple(gains.items()) if isinstance(gains, Gains) else tuple(gains)
        return fill(self.lang, "{x:gains}", {"x": pairs})

    def refusal(self, refusal: Refusal) -> str:
        """The rules' reason for refusing an action, as a sentence."""
        return _sentence(render_refusal(refusal, self.lang))

    def error(self, error: BaseException) -> str:
        """What a refused input was and why, in this language (from the error's code)."""
        return error_text(error, self.lang)

    def explain(self, refusal: Refusal) -> str:
        """The reason said kindly for a learner (``[explain]``, else the plain sentence)."""
        return _sentence(render_refusal(refusal, self.lang, table="explain"))

    def condition(self, condition: Condition) -> str:
        """A machine's test (``Food + other``) in this language, from its parsed form."""
        names = [self.say("condition.any") if a == "any" else
                 self.say(f"kind.{a.lower()}") if isinstance(a, str) else a
                 for a in condition.args]
        return self.say(f"condition.{condition.kind}", **dict(zip("ab", names, strict=False)))

    def condition_said(self, condition: Condition) -> str:
        """A machine's test as a player reads it (``when your two cards cost 1 or less
        together``), for the lessons."""
        kind, args = condition.kind, condition.args
        if kind == "received_at_least":
            n, what = int(args[0]), str(args[1])
            if what == "any":
                return self.say("condition_said.received_at_least_any", a=n)
            return self.say("condition_said.received_at_least", a=n,
                            b=self.resource(what.lower(), n))
        names = [self.say(f"kind.{a.lower()}") if isinstance(a, str) else a for a in args]
        return self.say(f"condition_said.{kind}", **dict(zip("ab", names, strict=False)))

    def outcome(self, outcome: Outcome) -> str:
        """Why the game ended as it did (the saved English sentence if it has no code)."""
        if not outcome.code:
            return outcome.reason
        return outcome_text(outcome.code, dict(outcome.values), self.lang)

    def phase(self, phase: Phase) -> str:
        return self.say(f"phase.{phase.value}")

    def step(self, step: Step) -> str:
        return self.say(f"step.{step.value}")

    def mode(self, mode: str) -> str:
        return self.say(f"mode.{mode}")

    def action(self, state: GameState, action: Action) -> str:
        return action_label(state, action, self.lang)

    def prompt(self, state: GameState) -> str:
        return prompt(state, self.lang)


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


@cache
def words(lang: str = DEFAULT_LANGUAGE) -> Words:
    """The :class:`Words` of ``lang`` (cached)."""
    return Words(lang)


# -- action labels ----------------------------------------------------------------------------

class Name(str):
    """A component's name (a room's, a card's) in a label: shown in the reader's language."""


class CardId(str):
    """A card's id in a label: shown as every page names the card, its name in the reader's
    language with its mark where another card shares the name
    (:func:`precog.session.card_names.card_name`)."""


def action_label(state: GameState, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
    """A button label for ``action`` in ``state`` (costs and effects from the engine)."""
    key, values = _label_key(state, action)
    values = {k: card_name(v, state.components, lang, quoted=True) if isinstance(v, CardId)
              else quoted_name(v, lang) if isinstance(v, Name) else v
              for k, v in values.items()}
    return words(lang).say(f"action.{key}", **values)


def _label_key(state: GameState, action: Action) -> tuple[str, dict[str, Any]]:
    for kind, describe in _LABELS:
        if isinstance(action, kind):
            return describe(state, action)
    raise DataError(Problem.of(ErrorCode.DATA_NO_LABEL, thing=action))


def _choose(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "choose", {"keep": a.keep, "give": a.give}


def _activate(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    if a.slots == "both":
        cost = activation_cost(state, state.to_move)
        return ("activate_both" if cost else "activate_both_free"), {"cost": cost}
    zone = state.players[state.to_move].action_zone
    return "activate_one", {"slot": a.slots, "card": CardId(zone[0 if a.slots == "G" else 1])}


def _take(kind: str, top: str) -> Any:
    def describe(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
        n = a.amount
        suffix = "_none" if n == 0 else "_all" if n == top_of(state) and n > 1 else ""
        return f"take_{kind}{suffix}", {"n": n}

    def top_of(state: GameState) -> int:
        return int(getattr(state.pending, top))
    return describe


def _ymunes(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "ymunes", {"d": a.doctors, "p": a.protectors}


def _heal(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return ("heal" if a.amount else "heal_none"), {"n": a.amount}


def _battery(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    if a.machine is None:
        return "battery_none", {}
    p = state.players[state.to_move]
    room = state.components.room_by_id[p.rooms[a.machine // 3]]
    slots = room.face(state.config.advanced)[a.machine % 3].batteries
    filled = p.batteries[a.machine] + 1
    key = "battery_powers" if filled == slots else "battery"
    return key, {"m": a.machine + 1, "room": Name(room.name), "filled": filled, "slots": slots}


def _protectors(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    bane = state.players[state.to_move].bane
    if not a.amount:
        return "protectors_keep", {"bane": bane}
    return "protectors", {"n": a.amount, "bane": bane,
                          "after": bane_after_protectors(bane, a.amount)}


def _lose(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "lose", {"h": a.healthy, "c": a.contaminated}


def _river(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return ("river_ignore" if a.ignore else "river_accept"), {}


def _reveal(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "reveal", {"cost": REVEAL_COST[state.season]}


def _mitigate(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "mitigate", {"tile": a.tile}


def _done(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "done", {}


def _rooms(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    names = [Name(state.components.room_by_id[r].name) for r in a.rooms]
    return "rooms", {"a": names[0], "b": names[1]}


def _pass(state: GameState, a: Any) -> tuple[str, dict[str, Any]]:
    return "pass", {"a": CardId(a.cards[0]), "b": CardId(a.cards[1])}


_LABELS: tuple[tuple[type, Any], ...] = (
    (Choose, _choose), (Activate, _activate), (TakeFood, _take("food", "food")),
    (TakeHumans, _take("humans", "human")), (PlaceYmunes, _ymunes), (Heal, _heal),
    (PlaceBattery, _battery), (SpendProtectors, _protectors), (LoseHumans, _lose),
    (IgnoreRiver, _river), (Reveal, _reveal), (Mitigate, _mitigate), (EndActions, _done),
    (ChooseRooms, _rooms), (PassCards, _pass),
)
ACTION_TYPES = tuple(kind for kind, _ in _LABELS)
"""Every action type the label function knows (a test checks this is all of them)."""


# -- prompts ----------------------------------------------------------------------------------

def prompt(state: GameState, lang: str = DEFAULT_LANGUAGE) -> str:
    """What the player to move is asked, in a sentence ('' when the game is over)."""
    w = words(lang)
    if state.is_over:
        return ""
    p = state.players[state.to_move]
    if state.phase in (Phase.SETUP_ROOMS, Phase.SETUP_PASS, Phase.DECISION):
        return w.say(f"prompt.{state.phase.value}", left=state.left(state.to_move))
    if state.step is Step.GAINS:
        source = w.say(f"prompt.source_{state.pending_source or 'cards'}")
        return w.say("prompt.gains", source=source)
    return w.say(f"prompt.{state.step.value}", bane=p.bane)
