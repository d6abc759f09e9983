"""The numbers lesson text may state, each read from the engine or its component data.

Lesson text never types a rule's number by hand: it writes a placeholder such as
``{FEEDING_ROUNDS:list}`` or ``{COOP_THRESHOLDS[3]}`` and :func:`rule_numbers` supplies the
value, so a change to the engine or to the component files changes the lessons with it.

>>> values = rule_numbers()
>>> values["BANE_MAX"] == values["ROUNDS"] == 12
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from precog.engine import legal_actions, new_game, reference_components
from precog.engine.machines import resolved_costs
from precog.engine.maintenance import bane_after_protectors
from precog.engine.scoring import TEAMS
from precog.engine.state import BANE_MAX, COOP_THRESHOLDS, FEEDING_ROUNDS, REVEAL_COST, ROUNDS


@cache
def rule_numbers() -> dict[str, Any]:
    """Placeholder name -> value. Tuples and dicts may be indexed (``{REVEAL_COST[2]}``)."""
    comps = reference_components()
    start = new_game(players=2, seed=0)
    boat = start.players[0]
    hard = new_game(players=2, mode="coop", difficulty="hard", seed=0).players[0]
    apocalypse = new_game(players=2, mode="coop", difficulty="apocalypse", seed=0)
    normal_coop = new_game(players=2, mode="coop", seed=0)
    advanced = new_game(players=2, setup="advanced", seed=0)
    x_card = next(c for c in comps.cards.values() if c.cost is None)
    season_cards = {s: sum(counts.values()) for s, counts in comps.distribution.items()}
    return {
        "ROUNDS": ROUNDS,
        "BANE_MAX": BANE_MAX,
        "FEEDING_ROUNDS": FEEDING_ROUNDS,
        "SEASON_ROUNDS": FEEDING_ROUNDS[0],
        "SEASONS": len(FEEDING_ROUNDS),
        "RIVER_TILES_USED": FEEDING_ROUNDS[0] - 1,
        "COOP_THRESHOLDS": COOP_THRESHOLDS,
        "REVEAL_COST": REVEAL_COST,
        "START_FOOD": boat.food,
        "START_HEALTHY": boat.healthy,
        "START_DOCTORS": boat.doctors,
        "START_BANE": boat.bane,
        "START_FEEDINGS": boat.food // boat.healthy,
        "HARD_FOOD": hard.food,
        "EXTRA_OBJECTIVES": (len(apocalypse.objective_stacks[0])
                             - len(normal_coop.objective_stacks[0])),
        "DECK_CARDS": sum(season_cards.values()),
        "SEASON_CARDS": season_cards,
        "HAND_CARDS": len(boat.hand),
        "DECISION_CARDS": len(boat.decision_zone),
        "CHOICE_CARDS": len(boat.hand) + len(boat.decision_zone),
        "CHOICES_MAX": len(legal_actions(start)),
        "MACHINES_PER_ROOM": len(comps.rooms[0].standard),
        "ROOMS_KEPT": len(boat.rooms),
        "ROOMS_OFFERED": len(advanced.players[0].rooms),
        "FIRST_DRAW_ADVANCED": len(advanced.players[0].hand),
        "X_WITH_X": resolved_costs(x_card, x_card)[0],
        "PROTECTOR_STEP": BANE_MAX - bane_after_protectors(BANE_MAX, 1),
        "TEAM_PLAYERS": sum(len(team) for team in TEAMS),
    }
