"""The sensible player (the rollouts' default policy): its judgements and its strength."""

from __future__ import annotations

import numpy as np
import pytest

from precog.analysis.arena.bots import PolicyBot, play_game
from precog.analysis.playing.policy import SensiblePolicy, card_worth, facts, soft_pick
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import DEFAULT_POLICY, RandomPolicy, play_out, uniforms
from precog.engine import Phase, Step, legal_actions, new_game
from precog.engine.actions import IgnoreRiver, LoseHumans, PlaceBattery
from precog.engine.maintenance import current_tile
from precog.engine.playout import play_on


def positions(where, games=30, players=3, **setup):
    """Positions of sensible-player games where ``where(state)`` holds (seeded, in order)."""
    found = []
    for g in range(games):
        row = uniforms(1, g)[0]
        used = [0]

        def move(s, seat, row=row, used=used):
            options = legal_actions(s)
            if where(s):
                found.append(s)
            used[0] += 1
            return options[DEFAULT_POLICY.index(s, float(row[used[0] % len(row)]), options)]

        play_on(new_game(players=players, seed=g, **setup), move, limit=1 << 30)
    return found


def test_the_default_rollout_policy_is_the_sensible_player():
    assert isinstance(DEFAULT_POLICY, SensiblePolicy)


def test_a_river_tile_that_takes_healthy_humans_is_ignored_with_a_protector_on_the_bow():
    def mutiny(s):
        tile = s.step is Step.IGNORE and current_tile(s)
        p = s.players[s.to_move] if tile else None
        return bool(tile) and tile.losses.healthy >= 2 and p.healthy >= 2 and p.bane == 0
    found = positions(mutiny)
    assert found
    for s in found:
        options = legal_actions(s)
        assert options[DEFAULT_POLICY.index(s, 0.5, options)] == IgnoreRiver(True)


def test_a_river_tile_that_costs_little_is_accepted_to_keep_the_protector():
    def small(s):
        tile = s.step is Step.IGNORE and current_tile(s)
        p = s.players[s.to_move] if tile else None
        return (bool(tile) and tile.losses.contaminated and not tile.losses.healthy
                and p.contaminated == 0 and p.protectors == 1
                and p.bane >= 1)
    found = positions(small, games=60)
    for s in found:
        options = legal_actions(s)
        assert options[DEFAULT_POLICY.index(s, 0.5, options)] == IgnoreRiver(False)


def test_a_battery_goes_to_the_machine_with_the_fewest_batteries_missing():
    def choice(s):
        return (s.step is Step.GAINS and isinstance(legal_actions(s)[0], PlaceBattery)
                and len(legal_actions(s)) > 2)
    found = positions(choice)
    assert found
    for s in found:
        options = legal_actions(s)
        picked = options[DEFAULT_POLICY.index(s, 0.5, options)]
        p = s.players[s.to_move]
        missing = {a.machine: s.machine(s.to_move, a.machine).batteries - p.batteries[a.machine]
                   for a in options if a.machine is not None}
        assert picked.machine is not None
        assert missing[picked.machine] == min(missing.values())


def test_contaminated_humans_are_lost_before_healthy_ones():
    found = positions(lambda s: s.step is Step.LOSE)
    assert found
    for s in found:
        options = legal_actions(s)
        picked = options[DEFAULT_POLICY.index(s, 0.5, options)]
        assert isinstance(picked, LoseHumans)
        assert picked.healthy == min(a.healthy for a in options)


def test_a_card_with_bane_is_worth_less_than_the_same_card_without_it():
    state = new_game(players=3, seed=1)
    f = facts(state, 0)
    card = state.card(state.players[0].hand[0])
    from dataclasses import replace

    assert card_worth(replace(card, bane=1), f) < card_worth(replace(card, bane=0), f)


def test_a_boats_free_battery_slots_are_its_machines_slots_less_its_batteries():
    state = new_game(players=2, seed=4, setup="advanced")
    while state.phase is not Phase.DECISION:
        state = play_on(state, lambda s, seat: legal_actions(s)[0],
                        lambda s: s.phase is Phase.DECISION)
    from dataclasses import replace

    state = state.with_player(1, replace(state.players[1], batteries=(1, 0, 1, 0, 0, 1)))
    machines = [state.machine(1, m) for m in range(6)]
    assert facts(state, 1).free_slots == sum(m.batteries for m in machines if m) - 3


def test_the_keep_give_is_drawn_by_whole_number_weights_falling_with_the_shortfall():
    # with a Keep weight of 3 a Healthy Human is 24 score units; at 0.5 Healthy Humans a
    # choice one Healthy Human short of the best weighs exp(-2) of it, one 200 units short
    # nothing
    scores = [24, 0, 24, -200]
    picks = [soft_pick(scores, (i + 0.5) / 4000, 0.5, keep=3) for i in range(4000)]
    counts = np.bincount(picks, minlength=4)
    assert abs(counts[0] - counts[2]) <= 1 and counts[3] == 0
    assert counts[1] / counts[0] == pytest.approx(np.exp(-2), rel=0.05)
    assert {soft_pick(scores, u, 0.0, keep=3) for u in np.linspace(0, 0.999, 50)} <= {0, 2}


def test_a_playout_is_a_function_of_its_uniforms_and_playouts_spread():
    start = new_game(players=3, seed=5)
    rows = uniforms(8, 5)
    finals = [play_out(start, DEFAULT_POLICY, r) for r in rows]
    again = play_out(start, DEFAULT_POLICY, rows[0])
    assert again.players == finals[0].players
    assert len({f.players for f in finals}) > 1


@pytest.mark.parametrize(("players", "mode"), [(2, "competitive"), (3, "competitive"),
                                                (4, "team")])
def test_the_sensible_player_ends_games_with_far_more_healthy_humans_than_random_play(
        players, mode):
    starts = [new_game(players=players, mode=mode, seed=g) for g in range(64)]
    rows = uniforms(64, 3)
    sensible = batch.run(starts, rows, DEFAULT_POLICY).healthy.mean()
    baseline = batch.run(starts, rows, RandomPolicy()).healthy.mean()
    assert sensible >= 4.0 and baseline <= 1.5, (sensible, baseline)


def test_the_policy_bot_plays_legal_games_in_every_mode():
    from tests.analysis.test_bots_play_legal_games import Checking

    for seed, setup in enumerate([dict(players=2), dict(players=3, setup="advanced"),
                                  dict(players=4, mode="team"), dict(players=2, mode="coop")]):
        bots = [Checking(PolicyBot(seed + s)) for s in range(setup["players"])]
        final = play_game(bots, seed=seed, **setup)
        assert final.is_over and final.phase is Phase.OVER


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_each_gives_chance_is_the_share_of_draws_in_which_the_sensible_player_gives_it(mode):
    from precog.analysis.playing.policy import SENSIBLE, give_chances

    found = positions(lambda s: s.phase is Phase.DECISION and s.round > 1, games=4, mode=mode)
    found = found[::max(1, len(found) // 12)][:12]  # spread over all the games' rounds
    assert found
    lopsided = False
    draws = 4000
    for state in found:
        options = legal_actions(state)
        chances = give_chances(state, state.to_move)
        counts: dict[str, int] = {}
        for k in range(draws):
            give = options[SENSIBLE.index(state, (k + 0.5) / draws, options)].give
            counts[give] = counts.get(give, 0) + 1
        assert set(chances) == {a.give for a in options}
        assert sum(chances.values()) == pytest.approx(1.0)
        for give, p in chances.items():
            assert counts.get(give, 0) / draws == pytest.approx(p, abs=2 / draws)
        lopsided |= max(chances.values()) > 0.75
    assert lopsided  # the sensible player's Give is not a coin toss


def test_a_forced_give_comes_with_the_keep_the_sensible_player_takes_beside_it():
    """The look-ahead makes the right neighbour Give each card in turn; its Keep is the one
    the sensible player would take with that Give (it is a teammate's Boat, and the cards it
    passes right), not the first legal one."""
    from precog.analysis.playing.policy import keep_give_scores
    from precog.analysis.playing.world import give_of

    found = positions(lambda s: s.phase is Phase.DECISION and s.round > 1, games=3)[:20]
    not_first = 0
    for state in found:
        seat = state.to_move
        options = legal_actions(state)
        for give in {a.give for a in options}:
            same = [a for a in options if a.give == give]
            scores = keep_give_scores(state, seat, same)
            chosen = give_of(state, seat, give)
            assert chosen.give == give
            assert scores[same.index(chosen)] == max(scores)
            not_first += chosen != same[0]
    assert not_first  # the first legal Keep was often not the sensible one
