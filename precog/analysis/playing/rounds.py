"""One seat's round in sampled worlds: the best plan after a choice, and the round played.

:class:`RoundPlayer` is what the look-ahead tree and the resource trajectories share: after a
(Keep, Give) choice has been resolved, the best plan for the rest of the round (a
:class:`~precog.analysis.playing.plans.RoundSearch`, cached by what the round's outcome depends on),
and a whole round played along that plan.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from precog.analysis.playing.plans import Line, Played, RoundSearch, candidates
from precog.analysis.playing.players import first_legal
from precog.analysis.playing.policy import SENSIBLE, sensible_move
from precog.analysis.playing.world import (
    canonical_world,
    knowledge,
    past_river,
    resolve_decision,
    with_river_tile,
)
from precog.analysis.projection.evaluation import team_of
from precog.engine import (
    Action,
    GameState,
    PlayerState,
    determinize,
    legal_actions,
    river_chances,
)
from precog.engine.actions import Choose
from precog.engine.playout import MAX_ACTIONS, play_on
from precog.engine.state import (
    FEEDING_ROUNDS,
    PHASE_ACTION,
    PHASE_DECISION,
    PHASE_MAINTENANCE,
    PHASE_OVER,
    PHASE_RIVER,
    STEP_COOP,
    STEP_TEAM,
)

Search = tuple[RoundSearch, Line, GameState]


class RoundPlayer:
    """Rounds of seat ``me`` with leaves valued by ``leaf`` (plans cached per Boat)."""

    def __init__(self, me: int, players: int, leaf: Callable[[GameState], float],
                 transpose: bool = False) -> None:
        self.me = me
        self.n = players
        self.right = (me - 1) % players
        self.leaf = leaf
        # what the sensible lines' ends are worth meanwhile, when a caller values them again
        # (a tree with played-out leaves: the fitted value, not the last round played out)
        self.line_leaf = leaf
        self.searches: dict[tuple[object, ...], Search] = {}
        # lines after the River shows, shared between searches (only for a leaf that reads
        # no more than river_key holds: the evaluation, not rollouts or a caller's function)
        self.after_river: dict[Hashable, Line] | None = {} if transpose else None
        # what a search's lines are shared by (no reference back to this player: a tree's
        # searches and their positions are freed with the tree, without the collector)
        self.river_keys = RiverKey(me, players)
        # the moves of the latest searches, kept for a line played right after it is found
        # (None: not kept; the caller empties it once it has played its lines)
        self.played: dict[tuple[int, Action], Played] | None = None

    def search(self, after: GameState, narrow: bool = False,
               sensible: bool = False) -> Search:
        """The best plan from ``after`` (shared between worlds where my Boat is the same);
        ``sensible``: the sensible player's plan instead, forked on the River as a search is."""
        key = (narrow, sensible, *self.boat_key(after))
        found = self.searches.get(key)
        if found is None:
            rs = RoundSearch(self.me, river_chances(after), self.leaf,
                             others=other_seat, narrow=narrow, sensible=sensible,
                             shared=self.after_river, river_key=self.river_keys,
                             played=self.played)
            found = (rs, rs.run(after), after)
            self.searches[key] = found
        return found

    def sensible_line(self, after: GameState) -> Search:
        """The rest of the round from ``after`` played by the sensible player (its plan is
        one line, no branching: what the second round of the tree uses), in ``after``'s own
        world (its River tile), shared like :meth:`search` between worlds where my Boat, my
        Action Zone and this round's River tile are the same. The search it returns (for a
        later :func:`~precog.analysis.search.tree.expand`) has this one River outcome."""
        slot = after.round - 1
        key = ("sensible", *self.boat_key(after), after.river[slot:slot + 1])
        found = self.searches.get(key)
        if found is not None:
            return found
        rs = RoundSearch(self.me, [(None, 1.0)], self.line_leaf, others=other_seat,
                         narrow=True, sensible=True)
        found = (rs, rs.run(after), after)
        self.searches[key] = found
        return found

    def boat_key(self, s: GameState) -> tuple[object, ...]:
        """What my round's outcome depends on: my Boat, my Action Zone, the River so far (and,
        outside the competitive mode, every Boat; in a cooperative season's last round, the
        Objectives and the season's face-down tiles, if the sensible player reveals tiles)."""
        p = s.players[self.me]
        tiles = ((s.objectives, s.objective_stacks[s.season - 1])
                 if SENSIBLE.reveals and s.config.coop and s.round in FEEDING_ROUNDS else None)
        others = tuple(map(round_part, s.players)) if s.config.mode != "competitive" else None
        # advanced Machines may test the card I gave (its Cost resolved next to what the
        # left neighbour kept)
        left = s.players[(self.me + 1) % self.n].action_zone[:1]
        gave = (p.gave, left) if s.config.setup == "advanced" else None
        return (s.round, s.phase, s.step, *p.boat, p.rooms, p.batteries, p.action_zone, gave,
                s.river[:s.round - 1], others, tiles)

    def river_key(self, s: GameState, revealed: int) -> Hashable | None:
        """What the rest of the round from ``s`` depends on for me (:class:`RiverKey`)."""
        return self.river_keys(s, revealed)

    def scoring(self, s: GameState) -> tuple[int, ...]:
        """The seats whose Boats make my score: mine, my team's, or every seat (co-op)."""
        return self.river_keys.scoring(s)

    def play_choice(self, world: GameState, choice: Choose, give: str, seed: int) -> GameState:
        """``world`` through this round: ``choice``, the right neighbour Gives ``give``, the
        other seats choose at random (``seed``), then my best plan (narrow search)."""
        rng = random.Random(seed)

        def others(w: GameState, seat: int) -> Action:
            options = legal_actions(w)
            if w.phase is PHASE_DECISION:
                return options[rng.randrange(len(options))]
            return other_seat(w, seat)

        after = resolve_decision(world, self.me, choice, {self.right: give}, others)
        rs, line, _ = self.search(after, narrow=True)
        tile = after.river[after.round - 1]
        return play_steps(after, self.me, rs.steps_for(line, tile))

    def play_line(self, after: GameState, rs: RoundSearch, line: Line,
                  tile: str | None) -> GameState:
        """``after`` played to the round's end along ``line`` with the River showing ``tile``."""
        world = with_river_tile(after, tile)
        return play_steps(world, self.me, rs.steps_for(line, tile))

    def play_line_tiles(self, after: GameState, rs: RoundSearch, line: Line,
                        tiles: list[str | None]) -> list[GameState]:
        """``after`` played along ``line`` for each River tile of ``tiles``: the same positions
        as :meth:`play_line` for each, the part of the round before the River shows played
        once (nothing before it reads the tile) and branched as the tile is revealed; the
        moves ``rs`` made from these very positions while it searched (``rs.played``) are
        not played again."""
        if len(tiles) < 2 or after.phase in (PHASE_RIVER, PHASE_OVER):
            return [self._play_queue(rs, with_river_tile(after, tile),
                                     rs.steps_for(line, tile), after.round) for tile in tiles]
        start = after.round
        queues = [rs.steps_for(line, tile) for tile in tiles]
        state = after
        for _ in range(MAX_ACTIONS):
            if state.is_over or state.round != start:
                break
            mover = state.to_move
            if mover == self.me:
                options = legal_actions(state)
                picks = [next_plan_step(state, mover, queue, options) for queue in queues]
                if any(pick != picks[0] for pick in picks):  # the plans part before the
                    return [self.play_line(after, rs, line, tile) for tile in tiles]  # River
                action = picks[0]
            else:
                action = other_seat(state, mover)
            nxt = rs.known_step(state, action)
            if past_river(state, nxt):
                return [self._play_queue(rs, rs.known_fork(state, action, tile, nxt), queue,
                                         start) for tile, queue in zip(tiles, queues)]
            state = nxt
        return [state for _ in tiles]

    def _play_queue(self, rs: RoundSearch, state: GameState, queue: list[Any],
                    start: int) -> GameState:
        """:func:`play_steps` of ``queue`` on, from a position of round ``start`` (the moves
        ``rs`` made from these very positions taken from it)."""
        for _ in range(MAX_ACTIONS):
            if state.is_over or state.round != start:
                break
            mover = state.to_move
            action = next_plan_step(state, mover, queue, legal_actions(state)) \
                if mover == self.me else other_seat(state, mover)
            state = rs.known_step(state, action)
        return state

    def worst_give(self, base: GameState, choice: Choose, incoming: tuple[str, ...]) -> str:
        """The card that is worse for me to receive with ``choice`` (its best plan's value)."""
        values = {}
        for card in incoming:
            after = resolve_decision(base, self.me, choice, {self.right: card}, other_seat)
            values[card] = self.search(after, narrow=True)[1].value
        return min(values, key=lambda c: values[c])


class RiverKey:
    """:meth:`RoundPlayer.river_key` of seat ``me`` at a table of ``players`` (a small object
    that searches hold, so that they hold no round player)."""

    __slots__ = ("me", "n")

    def __init__(self, me: int, players: int) -> None:
        self.me = me
        self.n = players

    def __call__(self, s: GameState, revealed: int) -> Hashable | None:
        """What the rest of the round from ``s``, and the value at its end, depend on for me
        once the cards that make my score are played (None before: then the whole position
        matters), given the first ``revealed`` River tiles. Outside the cooperative mode that
        is the Boats that make my score (mine; my team's in the team mode) and where each of
        them is in the round (Action turn done, Maintenance and River tile still to come or
        done, or its own step): the other seats' turns change only their own Boats. In the
        cooperative mode every Boat counts (the Objectives), from Maintenance on, and of the
        face-down Objectives only what the rest of the round reads (:func:`face_down`): so the
        sampled worlds of one analysis, whose face-down tiles differ, share their lines. Cards
        are left out but for the Bane they add when Maintenance begins: from here to the
        round's end they play no other part, and the evaluation reads none."""
        phase = s.phase
        over = phase is PHASE_OVER or phase is PHASE_DECISION  # round_over_for(s, self.me)
        coop = s.config.mode == "coop"
        if not over and coop and phase is not PHASE_MAINTENANCE and phase is not PHASE_RIVER:
            return None  # every Boat's Action turn counts until Maintenance
        seats = self.scoring(s)
        players = s.players
        if over:
            return ("over", s.round, s.outcome, tuple([scored_boat(players[seat])
                                                       for seat in seats]),
                    s.river[:revealed], s.objectives,
                    tuple(map(len, s.objective_stacks)))  # the value reads only how many
        if not coop:
            stages = tuple([round_stage(s, seat) for seat in seats])
            if None in stages:
                return None
            own = (s.to_move, phase, s.step, s.pending, s.pending_source) \
                if "own" in stages else None
            rises = tuple([bane_rise(s, seat) if stage == "before maintenance" else 0
                           for seat, stage in zip(seats, stages)])
            return (stages, own, rises, s.round,
                    tuple([scored_boat(players[seat]) for seat in seats]), s.river[:revealed])
        return (s.round, phase, s.step, s.to_move, s.pending, s.pending_source,
                s.river[:revealed], tuple(map(scored_boat, players)), s.objectives,
                face_down(s), tuple([bane_rise(s, seat) for seat in seats]))

    def scoring(self, s: GameState) -> tuple[int, ...]:
        """The seats whose Boats make my score: mine, my team's, or every seat (co-op)."""
        if s.config.mode == "team":
            return team_of(self.me)
        if s.config.coop:
            return tuple(range(self.n))
        return (self.me,)


def round_part(p: PlayerState) -> tuple[object, ...]:
    """What of a seat plays a part in the rest of a round after the Decision phase: all but
    its deck, hand, Decision Zone and discard (the next round's cards, and what no Machine or
    judgement of this round reads)."""
    return (*p.boat, p.rooms, p.batteries, p.action_zone, p.gave, p.activated, p.card_gains,
            p.received, p.taken)


def other_seat(state: GameState, seat: int) -> Action:
    """How another seat plays the rest of a round in the look-ahead: like the sensible player
    where its Boat counts for me (a teammate, every seat in the cooperative mode: its
    placements, its River decisions and its Objective steps change my score), its first legal
    action where it does not (cheaper; its Boat changes nothing of mine)."""
    if state.config.mode == "competitive":
        return first_legal(state, seat)
    return sensible_move(state, seat)


def face_down(s: GameState) -> tuple[object, ...]:
    """What the rest of a cooperative round reads of the face-down Objectives once its
    Action phase is over (no tile can be revealed any more): how many each season has, and
    the season's own tiles where the round ends with their check."""
    stacks = s.objective_stacks
    checked = stacks[s.season - 1] if s.round in FEEDING_ROUNDS and stacks else ()
    return (tuple(map(len, stacks)), checked)


def bane_rise(s: GameState, seat: int) -> int:
    """The Bane ``seat``'s played cards add when its Maintenance begins."""
    zone = s.players[seat].action_zone
    if len(zone) == 2:  # a round's Action Zone: Keep and Give (read at every search node)
        cards = s.components.cards
        return cards[zone[0]].bane + cards[zone[1]].bane
    return sum(s.card(c).bane for c in zone)


def scored_boat(p: PlayerState) -> tuple[object, ...]:
    """What of a Boat makes a score from the River on: its resources and its Batteries."""
    return (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane, p.batteries)


def round_over_for(s: GameState, seat: int) -> str:
    return "over" if s.is_over or s.phase is PHASE_DECISION else ""


def round_stage(s: GameState, seat: int) -> str | None:
    """Where ``seat`` is in the rest of a round (not a cooperative one): ``own`` (its
    Maintenance or River turn), ``before maintenance`` (its Action turn done), ``before river``
    (its Maintenance done), ``done`` (its River tile met), or None (its Action turn is still to
    come)."""
    if s.phase is PHASE_ACTION:  # its cards and what they gave count until its turn ends
        return "before maintenance" if s.to_move > seat else None
    if s.to_move == seat and s.phase in (PHASE_MAINTENANCE, PHASE_RIVER):
        return "own"
    if s.phase is PHASE_MAINTENANCE:
        return "before maintenance" if s.to_move < seat else "before river"
    if s.phase is PHASE_RIVER:
        return "before river" if s.to_move < seat else "done"
    return None


def round_values(world: GameState, seat: int, leaf: Callable[[GameState], float],
                 seed: int) -> list[tuple[Choose, float]]:
    """Each (Keep, Give) choice of ``seat`` in ``world`` valued over this round: the mean,
    over the cards the right neighbour may Give (each equally likely), of the best plan's
    value (a one-round look-ahead, River left collapsed: the greedy bot's quick judgement)."""
    know = knowledge(world, seat)
    state = canonical_world(world, seat)
    player = RoundPlayer(seat, state.config.players, leaf)
    base = determinize(state, seat, random.Random(seed))
    out = []
    for choice in know.choices:
        p = 1.0 / len(know.incoming)
        values = []
        for give in know.incoming:
            after = resolve_decision(base, seat, choice, {player.right: give}, other_seat)
            values.append(player.search(after, narrow=True)[1].value)
        out.append((choice, sum(p * v for v in values)))
    return out


def play_steps(state: GameState, seat: int, steps: list[Any]) -> GameState:
    """Play ``seat``'s ``steps`` in order to the end of the round (others: :func:`other_seat`).

    A plan is found in one sampled world and replayed in others, where the same choice can
    meet other decisions: a ``given: Cost`` Machine fires or not as the left neighbour's kept
    card resolves an X Cost, so Machine gains appear or vanish. The plan is then followed as
    closely as the position allows (:func:`next_plan_step`), never refused."""
    start = state.round
    queue = list(steps)

    def move(s: GameState, mover: int) -> Action:
        if mover == seat:
            action: Action = next_plan_step(s, seat, queue, legal_actions(s))
            return action
        return other_seat(s, mover)

    return play_on(state, move, lambda s: s.round != start)


def next_plan_step(state: GameState, seat: int, queue: list[Any], options: list[Any]) -> Any:
    """The plan's step for this decision, taken off ``queue``: the first queued step of the
    same kind as this decision (steps before it, for decisions this world does not have, are
    dropped), or the legal option closest to it; with no step of this kind left, the default
    a plan would take here (the first candidate: take everything, best Battery slot...)."""
    kinds = {type(a) for a in options}
    for i, step in enumerate(queue):
        if type(step) in kinds:
            del queue[:i + 1]
            return step if step in options else _closest(step, options)
    if state.step in (STEP_COOP, STEP_TEAM):
        return sensible_move(state, seat)  # reveal or mitigate only as a playout would
    return candidates(state, seat)[0]


def _closest(step: Any, options: list[Any]) -> Any:
    same = [a for a in options if type(a) is type(step)]
    for name in ("amount", "healthy", "doctors"):
        if hasattr(step, name):
            return min(same, key=lambda a: abs(getattr(a, name) - getattr(step, name)))
    return same[0]
