"""A position as readable text in any language (``precog --lang ru show``).

The layout is the engine's ``render_text``; the words come from ``[text]`` of
``precog/data/words/<lang>/game.toml``. In English the two are the same text, line for line
(``tests/session/test_describe.py`` checks it), so neither can drift from the other.

>>> from precog.engine import new_game
>>> print(position_text(new_game(players=2, seed=1), "ru").splitlines()[1])
Раунд 1 (сезон 1) - Фаза решений, ходит место 0 (выбор)
"""

from __future__ import annotations

from precog.engine import Card, GameState, PlayerState
from precog.engine.state import revealed_count
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE, Words, words

__all__ = ["card_text", "position_text"]


def position_text(state: GameState, lang: str = DEFAULT_LANGUAGE,
                  hidden_for: int | None = None) -> str:
    """The position as text; with ``hidden_for`` set, other players' hands are hidden."""
    w = words(lang)
    c = state.config
    difficulty = f" ({w.say(f'text.difficulty_{c.difficulty}')})" if c.mode == "coop" else ""
    lines = [w.say("text.head", players=c.players, mode=w.say(f"text.mode_{c.mode}"),
                   difficulty=difficulty, setup=w.say(f"text.setup_{c.setup}"),
                   components=state.components.name),
             w.say("text.round", round=state.round, season=state.season,
                   phase=w.say(f"text.phase_{state.phase.value}"))
             + (w.say("text.to_move", seat=state.to_move,
                      step=w.say(f"text.step_{state.step.value}")) if state.to_move >= 0 else "")]
    if state.pending.total():
        lines.append(w.say("text.offer", source=w.say(f"text.source_{state.pending_source}"),
                           gains=_kinds(w, state.pending.items())))
    shown = revealed_count(state)
    river = " ".join(t if i < shown else "##" for i, t in enumerate(state.river))
    lines.append(w.say("text.river", river=river))
    if c.coop:
        stacks = " / ".join(str(len(s)) for s in state.objective_stacks)
        revealed = tuple(t + (w.say("text.mitigated") if m else "") for t, m in state.objectives)
        lines.append(w.say("text.objectives", stacks=stacks, revealed=revealed))
    for seat, p in enumerate(state.players):
        lines.extend(_seat(w, state, seat, p, hidden_for))
    if state.outcome is not None:
        lines.append(w.say("text.result", reason=w.outcome(state.outcome)))
    return "\n".join(lines)


def _kinds(w: Words, pairs: list[tuple[str, int]]) -> str:
    """``1 Human, 1 Heal``: amounts with the short name of each kind."""
    return ", ".join(f"{n} {w.say(f'kind.{k}')}" for k, n in pairs) or w.say("word.nothing")


def card_text(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """One card on one line: ``T05 Human +2 (Cost X) | bonus 1 Heal [season 1]``."""
    w = words(lang)
    bonus = (w.say("text.card_bonus", bonus=_kinds(w, card.bonus.items()))
             if not card.bonus.is_empty() else "")
    bane = w.say("text.card_bane", bane=card.bane) if card.bane else ""
    return w.say("text.card", id=card.id, type=w.say(f"kind.{card.type.value.lower()}"),
                 gain=card.gain_text, cost=card.cost_text, bonus=bonus, bane=bane,
                 season=card.season)


def _seat(w: Words, state: GameState, seat: int, p: PlayerState,
          hidden_for: int | None) -> list[str]:
    comps = state.components
    deck = component_name(comps.prescients.get(state.config.decks[seat],
                                               state.config.decks[seat]), w.lang)
    chosen = w.say("text.has_chosen") if state.choices and state.choices[seat] is not None else ""
    out = [w.say("text.seat", seat=seat, deck=deck, chosen=chosen),
           w.say("text.boat", food=p.food, healthy=p.healthy, contaminated=p.contaminated,
                 doctors=p.doctors, protectors=p.protectors, bane=p.bane)]
    machines = []
    for i, room_id in enumerate(p.rooms):
        room = comps.room_by_id[room_id]
        if i >= 2:
            machines.append(w.say("text.candidate", room=component_name(room.name, w.lang)))
            continue
        face = room.face(state.config.advanced)
        parts = [f"m{3 * i + j + 1} {p.batteries[3 * i + j]}/{m.batteries}"
                 f"{'*' if p.batteries[3 * i + j] >= m.batteries else ''}"
                 for j, m in enumerate(face)]
        machines.append(f"{component_name(room.name, w.lang)}: {' '.join(parts)}")
    out.append(w.say("text.machines", machines="; ".join(machines)))
    hidden = hidden_for is not None and hidden_for != seat and p.hand
    hand = w.say("text.hidden", n=len(p.hand)) if hidden else " ".join(p.hand) or "-"
    out.append(w.say("text.zones", hand=hand, decision=" ".join(p.decision_zone) or "-",
                     action=" / ".join(p.action_zone) or "-", deck=len(p.deck)))
    for card_id in p.action_zone + p.decision_zone:
        out.append(f"    {card_text(comps.cards[card_id], w.lang)}")
    if hidden_for is None or hidden_for == seat:
        for card_id in p.hand:
            out.append(f"    {card_text(comps.cards[card_id], w.lang)}")
    return out
