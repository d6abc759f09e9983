"""The look-ahead bot's searches share what they can without changing a move: a round's plan
steps share their lines once the cards are played, an Objective step's options share the
positions they meet in each world, the evaluation remembers Boats by what it reads of them,
and a tree with its searches is freed by reference counting alone."""

from __future__ import annotations

import dataclasses
import gc
import random
import weakref

import pytest

from precog.analysis.arena.bots import LookaheadBot, play_game
from precog.analysis.playing import basic_bots
from precog.analysis.playing.plans import RoundSearch
from precog.analysis.playing.rounds import RoundPlayer
from precog.analysis.projection import evaluation
from precog.analysis.projection.evaluation import (
    at_check,
    check_rounds,
    evaluate,
    lack,
    miss_chance,
    objective_shortfall,
    tile_risks,
    unrevealed,
)
from precog.analysis.search.tree import build_tree
from precog.engine import (
    GameState,
    Phase,
    determinize,
    legal_actions,
    new_game,
    observation,
    to_position,
)
from precog.engine.playout import play_on, random_playout
from tests.analysis.test_coop_objectives import objective_steps


class Forgetful(LookaheadBot):
    """The look-ahead bot with a new table of lines for every step (none kept for the round)."""

    def round_lines(self, world: GameState, seat: int) -> RoundPlayer:
        return RoundPlayer(seat, world.config.players, self.leaf(seat), transpose=True)


def positions(bot: type[LookaheadBot], players: int, mode: str, seed: int) -> list[str]:
    """Every position of a seeded game of ``bot`` at each seat."""
    seen: list[str] = []
    play_game([bot(seed * 8 + s) for s in range(players)], seed=seed, players=players,
              mode=mode, observe=lambda s: seen.append(to_position(s)))
    return seen


@pytest.mark.parametrize(("players", "mode", "seed"),
                         [(3, "competitive", 11), (4, "team", 12), (2, "coop", 13)])
def test_a_bot_keeping_its_lines_for_the_round_plays_the_game_of_one_that_does_not(
        players, mode, seed):
    assert positions(LookaheadBot, players, mode, seed) == positions(Forgetful, players,
                                                                       mode, seed)


class Unshared(RoundSearch):
    """A search that keeps the positions it met to itself."""

    def __init__(self, *args: object, _cache: object = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]


def test_an_objective_step_values_its_options_exactly_as_searches_of_their_own_do(
        monkeypatch):
    steps = objective_steps(3, range(3))[:6]
    assert len(steps) == 6
    for state in steps:
        seat, legal = state.to_move, legal_actions(state)
        values = []
        for search in (RoundSearch, Unshared):
            monkeypatch.setattr(basic_bots, "RoundSearch", search)
            bot = LookaheadBot(5)
            bot.sample_world = lambda rng, s=state, seat=seat: determinize(s, seat, rng)
            values.append(bot.objective_values(observation(state, seat), legal))
        shared, own = values
        assert list(shared) == legal
        assert shared == own  # the very numbers


def test_a_tree_and_its_searches_are_freed_without_the_collector():
    state = random_playout(random.Random(3), players=3, seed=3, stop_round=4).final
    enabled = gc.isenabled()
    gc.disable()
    try:
        root = build_tree(state, 0, depth_rounds=1, seed=3)
        plan = root.children[0].children[0]
        search = weakref.ref(plan.children[0].meta["search"])
        expander = plan.expander
        assert expander is not None and search() is not None
        builder = weakref.ref(expander.__self__)  # type: ignore[attr-defined]
        del root, plan, expander
        assert search() is None and builder() is None
    finally:
        if enabled:
            gc.enable()


def test_a_bot_searches_with_fewer_collections_and_gives_the_collector_back():
    state = play_on(new_game(players=2, seed=6), lambda s, _seat: legal_actions(s)[0],
                    until=lambda s: s.phase is Phase.ACTION and len(legal_actions(s)) > 1)
    seen = []
    bot = LookaheadBot(2)
    bot.sample_world = lambda rng: determinize(state, state.to_move, rng)
    real_run = RoundSearch.run

    def watched(search, start):
        seen.append(gc.get_threshold()[0])
        return real_run(search, start)

    before = gc.get_threshold()
    gc.set_threshold(700, *before[1:])
    try:
        RoundSearch.run = watched  # type: ignore[method-assign]
        action = bot.choose(observation(state, state.to_move), legal_actions(state))
    finally:
        RoundSearch.run = real_run  # type: ignore[method-assign]
        after = gc.get_threshold()[0]
        gc.set_threshold(*before)
    assert action in legal_actions(state)
    assert seen and all(threshold > 700 for threshold in seen)
    assert after == 700


def with_other_cards(state: GameState) -> GameState:
    """``state`` with every seat's hand and deck dealt in another order (the same Boats)."""
    players = tuple(dataclasses.replace(p, hand=p.hand[::-1], deck=p.deck[::-1],
                                        discard=p.discard[::-1])
                    for p in state.players)
    return dataclasses.replace(state, players=players)


@pytest.mark.parametrize("mode", ["coop", "team"])
def test_boats_that_differ_only_in_their_cards_share_what_is_remembered_of_them(mode):
    evaluation.PROJECTIONS.clear()
    evaluation.OBJECTIVES.clear()
    state = random_playout(random.Random(7), players=4, mode=mode, seed=7,
                           stop_round=5).final
    other = with_other_cards(state)
    assert other.players != state.players
    first = [evaluate(state, seat) for seat in range(4)]
    entries = (len(evaluation.PROJECTIONS.values), len(evaluation.OBJECTIVES.values))
    assert [evaluate(other, seat) for seat in range(4)] == first
    assert (len(evaluation.PROJECTIONS.values), len(evaluation.OBJECTIVES.values)) == entries


def coop_positions(players: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    out: list[GameState] = []
    play_on(new_game(players=players, mode="coop", seed=seed),
            lambda s, _seat: rng.choice(legal_actions(s)),
            on_move=lambda _before, _action, after: out.append(after))
    return out


def risks_tile_by_tile(state: GameState) -> list[tuple[str, float]]:
    """:func:`tile_risks` as its doc says it, one tile at a time with :func:`lack`."""
    if state.phase is Phase.OVER:
        return []
    season, by_id = state.season, state.components.objective_by_id
    rounds = check_rounds(state)
    out = []
    for tile_id, mitigated in state.objectives:
        tile = by_id[tile_id]
        if tile.season != season:
            continue
        full = miss_chance(lack(state, tile.mitigated if mitigated else tile.full), rounds)
        if not mitigated and rounds > 0:
            easy = miss_chance(lack(state, tile.mitigated), rounds)
            full -= evaluation.DEFAULT.mitigate_option * max(0.0, full - easy)
        out.append((tile_id, full))
    hidden = len(state.objective_stacks[season - 1])
    pool = unrevealed(state, season)
    if hidden and pool:
        risk = sum(miss_chance(lack(state, o.full), rounds) for o in pool) / len(pool)
        out += [("face-down", risk)] * hidden
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_tile_risks_read_each_boat_once_and_give_what_each_tile_lacks(players, seed):
    states = coop_positions(players, seed)
    assert any(s.objectives for s in states)
    for state in states:
        assert tile_risks(state) == risks_tile_by_tile(state)
        held = [at_check(state, p) for p in state.players]
        for tile_id, _ in state.objectives:
            side = state.components.objective_by_id[tile_id].full
            assert lack(state, side, held=held) == lack(state, side)
        assert objective_shortfall(state) >= 0.0
