"""A readable text rendering of a position (for the terminal and ``precog show``)."""

from __future__ import annotations

from precog.engine.state import GameState, Phase, PlayerState

_PHASE_NAMES = {
    Phase.SETUP_ROOMS: "Advanced setup: keep 2 of 3 Machine Rooms",
    Phase.SETUP_PASS: "Advanced setup: send 2 of the first 4 cards right",
    Phase.DECISION: "Decision phase", Phase.ACTION: "Action phase",
    Phase.MAINTENANCE: "Maintenance phase", Phase.RIVER: "Maintenance: the River",
    Phase.OVER: "Game over",
}


def render_text(state: GameState, hidden_for: int | None = None) -> str:
    """The position as text; with ``hidden_for`` set, other players' hands are hidden."""
    c = state.config
    lines = [f"precog - {c.players} players, {c.mode}"
             f"{' (' + c.difficulty + ')' if c.mode == 'coop' else ''}, {c.setup} setup, "
             f"components: {state.components.name}",
             f"Round {state.round} (season {state.season}) - {_PHASE_NAMES[state.phase]}"
             + (f", seat {state.to_move} to move ({state.step.value})" if state.to_move >= 0
                else "")]
    if state.pending.total():
        lines.append(f"On offer ({state.pending_source}): {state.pending.describe()}")
    lines.append(f"River: {_river(state)}")
    if c.coop:
        stacks = " / ".join(str(len(s)) for s in state.objective_stacks)
        shown = ", ".join(f"{t}{' (mitigated)' if m else ''}" for t, m in state.objectives)
        lines.append(f"Objectives face down per season: {stacks}; revealed: {shown or 'none'}")
    for seat, p in enumerate(state.players):
        lines.extend(_seat(state, seat, p, hidden_for))
    if state.outcome is not None:
        lines.append(f"Result: {state.outcome.reason}")
    return "\n".join(lines)


def _river(state: GameState) -> str:
    from precog.engine.state import revealed_count

    shown = revealed_count(state)
    return " ".join(t if i < shown else "##" for i, t in enumerate(state.river))


def _seat(state: GameState, seat: int, p: PlayerState, hidden_for: int | None) -> list[str]:
    comps = state.components
    deck = comps.prescients.get(state.config.decks[seat], state.config.decks[seat])
    chosen = " (has chosen)" if state.choices and state.choices[seat] is not None else ""
    out = [f"Seat {seat} - {deck}{chosen}",
           f"  Food {p.food} | Cabins {p.healthy} Healthy | Contaminated {p.contaminated} | "
           f"Doctors {p.doctors} | Protectors {p.protectors} | Bane {p.bane}"]
    machines = []
    for i, room_id in enumerate(p.rooms):
        room = comps.room_by_id[room_id]
        if i >= 2:
            machines.append(f"{room.name} (candidate)")
            continue
        face = room.face(state.config.advanced)
        parts = [f"m{3 * i + j + 1} {p.batteries[3 * i + j]}/{m.batteries}"
                 f"{'*' if p.batteries[3 * i + j] >= m.batteries else ''}"
                 for j, m in enumerate(face)]
        machines.append(f"{room.name}: {' '.join(parts)}")
    out.append("  Machines: " + "; ".join(machines) + "  (* powered)")
    hand = ("hidden (" + str(len(p.hand)) + " cards)" if hidden_for is not None
            and hidden_for != seat and p.hand else " ".join(p.hand) or "-")
    out.append(f"  Hand: {hand} | Decision Zone: {' '.join(p.decision_zone) or '-'} | "
               f"Action Zone G/R: {' / '.join(p.action_zone) or '-'} | deck {len(p.deck)}")
    for card_id in p.action_zone + p.decision_zone:
        out.append(f"    {comps.cards[card_id].describe()}")
    if hidden_for is None or hidden_for == seat:
        for card_id in p.hand:
            out.append(f"    {comps.cards[card_id].describe()}")
    return out
