"""Thinking ahead (lesson 9): the learner's (Keep, Give) choices and the explorer's look-ahead
tree, one round deep, in the tutor's words."""

from __future__ import annotations

from typing import Any

from precog.engine import GameState, Phase, legal_actions
from precog.engine.actions import Choose
from precog.session.words import action_label
from precog.tutor.data import UiTexts

__all__ = ["lookahead_choices", "tree_rows"]


def lookahead_choices(state: GameState, seat: int) -> list[Choose]:
    """The legal (Keep, Give) choices of ``seat`` now (none outside its Decision turn)."""
    if state.phase is not Phase.DECISION or state.to_move != seat:
        return []
    return [a for a in legal_actions(state) if isinstance(a, Choose)]


def tree_rows(state: GameState, seat: int, texts: UiTexts
              ) -> dict[str, tuple[float, str, bool]]:
    """The explorer's look-ahead tree, one round deep: choice notation -> (value, what
    likely follows, best). Empty when the analysis package is not installed or cannot
    analyse this position."""
    if not lookahead_choices(state, seat):
        return {}
    try:
        from precog.analysis.search.tree import build_tree, principal_line
    except ImportError:
        return {}
    try:
        root = build_tree(state, seat, depth_rounds=1)
    except Exception:  # the explorer is optional in a lesson; the lesson goes on without it
        return {}
    rows = {}
    for child in root.children:
        line = [_tree_step(n, seat, texts) for n in principal_line(child)[:2]]
        rows[child.label] = (child.value, " · ".join(x for x in line if x), child.principal)
    return rows


def _tree_step(node: Any, seat: int, texts: UiTexts) -> str:
    """One node of the explorer's likely line in the tutor's words: the card that arrives,
    or the first decision of the plan."""
    after = node.state
    if after is None:
        return ""
    if node.kind == "plan":
        return texts.say("label", "tree_arrives", card=after.players[seat].action_zone[1],
                         n=after.right(seat))
    steps = getattr(node.meta.get("line"), "steps", ())
    return action_label(after, steps[0], texts.lang) if steps else ""
