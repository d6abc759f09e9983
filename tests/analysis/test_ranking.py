"""The ranked candidate list of Keep/Give choices."""

from __future__ import annotations

import random

import numpy as np
import pytest

from precog.analysis.basics.budget import Budget
from precog.analysis.basics.edges import Stage
from precog.analysis.choices.ranking import (
    BATCH_GAMES,
    FIRST_BATCH_TIMED,
    RACE_CI,
    RACE_MIN,
    TIME_LEFT_SHARE,
    RankingRow,
    batch_size,
    give_values,
    left_behind_on_the_leaders_worlds,
    rank_options,
    still_racing,
)
from precog.engine.actions import Choose
from tests.analysis.conftest import mid_game, starving_position


def test_keeping_the_food_card_before_a_feeding_island_ranks_first():
    ranking = rank_options(starving_position(), 0, depth_rounds=1)
    assert ranking.rows[0].keep == "D02"
    keeps = [r.keep for r in ranking.rows]
    assert keeps[:keeps.count("D02")] == ["D02"] * keeps.count("D02")  # every Keep of it first
    others = [r for r in ranking.rows if r.keep != "D02"]
    assert min(r.loss for r in others) > 0.5
    assert ranking.rows[0].loss == 0.0


def test_rollouts_also_put_the_food_card_first_playing_every_choice_as_often():
    ranking = rank_options(starving_position(), 0, rollouts=256, seed=2)
    assert ranking.rows[0].keep == "D02"
    assert all(r.ci95 is not None and r.ci95 >= 0 and r.samples == 256 for r in ranking.rows)
    assert ranking.meta["model"] == "uniform" and ranking.meta["seed"] == 2


def test_a_choice_clearly_behind_stops_getting_rollouts_and_is_valued_on_the_leaders_worlds():
    raced = rank_options(starving_position(), 0, rollouts=512, seed=2, race=True)
    full = rank_options(starving_position(), 0, rollouts=512, seed=2)  # no time budget: no race
    leader = raced.rows[0]
    assert leader.keep == "D02" and leader.samples == 512
    assert sorted(r.samples for r in raced.rows)[-2:] == [512, 512]  # leader and nearest rival
    behind = [r for r in raced.rows if r.samples < 512]
    assert behind and all(r.samples >= RACE_MIN for r in behind)
    by_action = {r.action: r for r in full.rows}
    for r in raced.rows:  # the same worlds in the same order: a prefix of the full draws
        assert r.draws == by_action[r.action].draws[:r.samples]
    assert leader.value == pytest.approx(sum(leader.draws) / 512)
    lead = np.asarray(leader.draws)
    for r in behind:  # its own mean, corrected by the leader's luck on the worlds it played
        n = r.samples
        beta = np.cov(lead[:n], r.draws)[0, 1] / np.var(lead[:n], ddof=1)
        luck = lead[:n].mean() - lead.mean()
        assert r.value == pytest.approx(np.mean(r.draws) - beta * luck)
        assert r.loss == pytest.approx(max(0.0, leader.value - r.value))
        deficit = lead[:n] - np.asarray(r.draws)
        assert r.loss_ci95 == pytest.approx(1.96 * deficit.std(ddof=1) / np.sqrt(n))
        assert 0 < r.ci95 <= 1.96 * np.std(r.draws, ddof=1) / np.sqrt(n)


def test_a_choice_left_behind_after_lucky_first_worlds_never_outranks_the_leader():
    # its first 64 worlds were good ones for every choice: its own mean of them is above the
    # leader's mean over all 512, yet it was behind the leader in each of those worlds
    rng = random.Random(7)
    worlds = [rng.gauss(5, 3) + (3 if k < 64 else 0) for k in range(512)]
    leader = _row("A B", [w + 0.5 for w in worlds])
    leader.ci95 = 1.96 * float(np.std(leader.draws, ddof=1)) / np.sqrt(512)
    behind = _row("C B", worlds[:64])
    assert behind.value > leader.value
    left_behind_on_the_leaders_worlds([leader, behind])
    assert behind.value == pytest.approx(leader.value - 0.5)  # it followed the leader exactly
    assert 0 < behind.ci95 <= leader.ci95  # the same deficit in every world: the leader's noise


def test_a_choice_left_behind_states_the_spread_its_value_has():
    # over many seeded races of two correlated choices, the interval a left-behind row states
    # is 1.96 times the spread its value shows from race to race
    rng = np.random.default_rng(5)
    values, stated = [], []
    for _ in range(600):
        worlds = rng.normal(5, 3, 800)
        leader = _row("A B", list(worlds + rng.normal(0.3, 1.5, 800)))
        leader.ci95 = 1.96 * float(np.std(leader.draws, ddof=1)) / np.sqrt(800)
        behind = _row("C B", list((worlds + rng.normal(0, 1.5, 800))[:100]))
        left_behind_on_the_leaders_worlds([leader, behind])
        values.append(behind.value)
        stated.append(behind.ci95 / 1.96)
    spread = float(np.std(values, ddof=1))
    assert spread == pytest.approx(float(np.mean(stated)), rel=0.12)
    assert spread < 0.8 * np.sqrt(1.5 ** 2 + 9) / np.sqrt(100)  # below its own mean's spread
    assert all(v <= 1.96 * np.sqrt(1.5 ** 2 + 9) / np.sqrt(100) * 1.2 for v in stated)


def _row(action: str, draws: list[float]) -> RankingRow:
    keep, give = action.split()
    return RankingRow(choice=Choose(keep=keep, give=give), value=sum(draws) / len(draws),
                      draws=tuple(draws), samples=len(draws))


def test_racing_keeps_a_choice_whose_paired_deficit_is_within_the_noise():
    rng = random.Random(3)
    noise = [rng.gauss(5, 3) for _ in range(4 * RACE_MIN)]  # each row's own interval < 0.5
    leader = _row("A B", [x + 0.05 for x in noise])
    close = _row("C B", noise)  # 0.05 behind in every world: a clear deficit once paired
    tied = _row("D B", [x + rng.gauss(0, 1) for x in noise])
    far = _row("E B", [x - 2 for x in noise])
    rows = [leader, close, tied, far]
    samples = {r.action: [list(r.draws)] for r in rows}
    kept = {r.keep for r in still_racing(rows, samples)}
    assert kept == {"A", "D"}


def test_a_choice_clearly_behind_races_on_while_its_own_interval_is_too_wide_to_read():
    rng = random.Random(4)
    base = [rng.gauss(5, 10) for _ in range(RACE_MIN)]  # worlds far apart: wide intervals
    leader = _row("A B", [x + 1 for x in base])
    rival = _row("C B", [x + 0.9 + rng.gauss(0, 0.5) for x in base])  # within the noise
    behind_wide = _row("D B", [x - 3 for x in base])  # 4 behind in every world: clear
    behind_narrow = _row("E B", [-10.0] * RACE_MIN)  # far behind, its own interval 0
    rows = [leader, rival, behind_wide, behind_narrow]
    spread = (sum((v - behind_wide.value) ** 2 for v in behind_wide.draws)
              / (RACE_MIN - 1)) ** 0.5
    assert 1.96 * spread / RACE_MIN ** 0.5 > RACE_CI
    kept = {r.keep for r in still_racing(rows, {r.action: [list(r.draws)] for r in rows})}
    assert kept == {"A", "C", "D"}


def test_racing_waits_for_enough_rollouts_and_keeps_two_choices():
    few = [_row("A B", [5.0] * (RACE_MIN - 1)), _row("C B", [0.0] * (RACE_MIN - 1)),
           _row("D B", [1.0] * (RACE_MIN - 1))]
    assert still_racing(few, {r.action: [list(r.draws)] for r in few}) == few
    many = [_row("A B", [5.0, 5.1] * RACE_MIN), _row("C B", [0.0, 0.1] * RACE_MIN),
            _row("D B", [1.0, 1.1] * RACE_MIN)]
    kept = still_racing(many, {r.action: [list(r.draws)] for r in many})
    assert [r.keep for r in kept] == ["A", "D"]


def test_every_choice_is_listed_once_with_its_losses_against_the_best(mid_game_3p):
    ranking = rank_options(mid_game_3p, 0, depth_rounds=1)
    assert len({r.action for r in ranking.rows}) == 6
    values = [r.value for r in ranking.rows]
    assert values == sorted(values, reverse=True)
    assert [r.loss for r in ranking.rows] == pytest.approx([values[0] - v for v in values])


def test_a_rollout_ranking_states_each_loss_with_its_interval_on_the_same_rollouts(mid_game_3p):
    ranking = rank_options(mid_game_3p, 0, rollouts=128, seed=3)
    best = ranking.rows[0]
    assert best.loss == 0.0 and best.loss_ci95 == 0.0
    for r in ranking.rows[1:]:
        diffs = np.subtract(best.draws, r.draws)
        assert r.loss == pytest.approx(diffs.mean())
        assert r.loss_ci95 == pytest.approx(1.96 * diffs.std(ddof=1) / np.sqrt(len(diffs)))
        assert r.to_dict()["loss_ci95"] == round(r.loss_ci95, 4)
    assert all(r.loss_ci95 is None for r in rank_options(mid_game_3p, 0, depth_rounds=1).rows)


def test_each_passed_card_comes_back_with_the_model_s_probability():
    state = mid_game(players=2, seed=4, round=3)
    for row in rank_options(state, 0, depth_rounds=2).rows:
        me = state.players[0]
        passed = {c for c in me.hand + me.decision_zone if c not in (row.keep, row.give)}
        assert set(row.return_chance) == passed
        assert sum(row.return_chance.values()) == pytest.approx(1.0)


def test_rollout_values_are_reproducible_for_a_seed_and_shared_across_choices(mid_game_3p):
    a = rank_options(mid_game_3p, 1, rollouts=48, seed=5)
    b = rank_options(mid_game_3p, 1, rollouts=48, seed=5)
    assert [r.to_dict() for r in a.rows] == [r.to_dict() for r in b.rows]
    assert a.meta["samples"] == 48


def test_the_two_gives_are_worth_opposite_amounts_to_the_left_neighbour(mid_game_3p):
    worth = give_values(mid_game_3p, 0, seed=0)
    assert set(worth) == set(mid_game_3p.players[0].decision_zone)
    assert sum(worth.values()) == pytest.approx(0.0)


def test_a_time_budget_stops_rollouts_early_but_keeps_every_choice(mid_game_3p):
    ranking = rank_options(mid_game_3p, 0, rollouts=1_000_000, budget_s=0.3, seed=1)
    assert len(ranking.rows) == 6
    assert 2 <= ranking.meta["samples"] < 1_000_000
    assert max(r.samples for r in ranking.rows) == ranking.meta["samples"]


def test_timed_batches_grow_with_the_worlds_played_within_their_games():
    ample = Budget(seconds=1000.0)
    fast = 1e-7  # seconds per world and choice: the time left does not bind
    assert batch_size(10**6, 0, ample, None, 6) == FIRST_BATCH_TIMED
    assert batch_size(10**6, 64, ample, fast, 6) == 256
    assert batch_size(10**6, 600, ample, fast, 2) == 600  # as many as played so far
    assert batch_size(10**6, 50_000, ample, fast, 2) == BATCH_GAMES // 2
    assert batch_size(10**6, 50_000, ample, fast, 12) == BATCH_GAMES // 12
    assert batch_size(1000, 900, ample, fast, 2) == 100  # never past the rollouts asked
    # the processes that play a batch are in the pace measured: the plan stays the same
    assert batch_size(10**6, 50_000, ample, fast, 2, parts=2) == BATCH_GAMES // 2


def test_a_timed_batch_fits_the_time_left_and_none_starts_when_16_worlds_do_not():
    budget = Budget(seconds=1.0)
    budget.start -= 0.9  # 0.1 s left
    assert batch_size(10**6, 5000, budget, 1e-4, 2) <= int(TIME_LEFT_SHARE * 0.1 / 2e-4)
    assert batch_size(10**6, 5000, budget, 1e-2, 2) == 0


def plan(target: int, budget: Budget, rows: int = 6) -> list[int]:
    sizes, done = [], 0
    while done < target:
        size = batch_size(target, done, budget, None if not sizes else 1e-7, rows)
        sizes.append(size)
        done += size
    return sizes


@pytest.mark.parametrize("target", [16, 256, 1024, 5000])
def test_rollouts_with_time_to_spare_play_the_batches_of_rollouts_without_a_budget(target):
    """The worlds and uniforms of a batch follow from where it starts, so the same batches
    give the same values: a review or hint whose budget let every rollout finish says the
    explorer's very numbers."""
    assert plan(target, Budget()) == plan(target, Budget(seconds=1000.0))
    assert plan(256, Budget()) == [FIRST_BATCH_TIMED, 256 - FIRST_BATCH_TIMED]
    assert max(plan(10**5, Budget(), rows=6)) == BATCH_GAMES // 6  # memory stays bounded


def test_a_timed_ranking_that_finishes_its_rollouts_says_the_untimed_values(mid_game_3p):
    timed = rank_options(mid_game_3p, 0, rollouts=128, budget_s=600.0, seed=1, race=False)
    untimed = rank_options(mid_game_3p, 0, rollouts=128, seed=1)
    assert [(r.action, r.value, r.ci95, r.samples) for r in timed.rows] == [
        (r.action, r.value, r.ci95, r.samples) for r in untimed.rows]


def test_a_ranking_plays_batches_larger_than_256_worlds(mid_game_3p):
    """The batches grow with the worlds played (the plan a timed ranking follows too, while
    its time allows: ``test_rollouts_with_time_to_spare_play_the_batches_...``)."""
    done: list[int] = []

    def seen(_fraction: float, stage: Stage) -> None:
        if stage.code == "rollouts":
            done.append(stage.get("done"))
    rank_options(mid_game_3p, 0, rollouts=1024, seed=1, progress=seen)
    sizes = [b - a for a, b in zip([0, *done], done, strict=False)]
    assert sizes[0] == FIRST_BATCH_TIMED
    assert max(sizes) > 256 and sum(sizes) == 1024


def test_a_timed_batch_counts_each_incoming_card_the_worst_model_plays(mid_game_3p,
                                                                      monkeypatch):
    """The "worst" opponent model plays every world once per card that may arrive: its
    batches are sized by those games, so that the time left and BATCH_GAMES hold."""
    from precog.analysis.choices import rollout_batches

    asked: list[int] = []

    def spy(target: int, done: int, budget: Budget, per_row_s: float | None,
            rows: int, parts: int = 1) -> int:
        asked.append(rows)
        return batch_size(target, done, budget, per_row_s, rows, parts)
    monkeypatch.setattr(rollout_batches, "batch_size", spy)
    uniform = rank_options(mid_game_3p, 0, rollouts=128, budget_s=5.0, seed=1)
    uniform_rows, asked[:] = asked[0], []
    rank_options(mid_game_3p, 0, model="worst", rollouts=128, budget_s=5.0, seed=1)
    assert len(uniform.know.incoming) == 2 and asked[0] == 2 * uniform_rows


def test_with_rollouts_each_choice_of_the_tree_reads_the_tables_number():
    """One number per choice: the tree's choices read the rows' values, intervals and
    rollouts, its principal choice is the table's first and its root is worth it; every node
    below a choice is moved by the same amount (the tree's own value is kept), so the
    branches keep their differences and back up to the choice's number."""
    from precog.analysis.search.tree import choice_of, iter_nodes
    from precog.engine.playout import random_playout

    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3).final
    ranking = rank_options(state, 0, rollouts=64, seed=0, depth_rounds=1)
    tree = ranking.tree
    assert tree is not None
    rows = {r.choice: r for r in ranking.rows}
    for c in tree.children:
        row = rows[choice_of(c)]
        assert (c.value, c.ci95, c.meta["samples"]) == (row.value, row.ci95, row.samples)
        assert c.principal == (row is ranking.rows[0])
        moved = c.value - c.meta["tree_value"]
        assert all(n.shift == pytest.approx(moved) for n in iter_nodes(c) if n is not c)
        # the model's chance of each incoming card backs the plans up to the choice
        assert sum(p.probability * p.value for p in c.children) == pytest.approx(c.value)
    assert (tree.value, tree.ci95) == (ranking.rows[0].value, ranking.rows[0].ci95)
    assert sum(c.principal for c in tree.children) == 1


def test_an_expanded_node_below_a_choice_stays_on_the_tables_level():
    from precog.analysis.search.tree import expand, iter_nodes
    from precog.engine.playout import random_playout

    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3).final
    ranking = rank_options(state, 0, rollouts=32, seed=0, depth_rounds=1)
    assert ranking.tree is not None
    choice = ranking.tree.children[0]
    plan = choice.children[0]
    shift = plan.shift
    assert shift != 0.0 and plan.expandable
    expand(plan)
    assert len(plan.children) > 1
    assert all(n.shift == pytest.approx(shift) for n in iter_nodes(plan))
    assert plan.value == pytest.approx(max(c.value for c in plan.children))


def test_a_choice_of_the_same_cards_as_another_takes_its_rollouts_and_the_time_goes_elsewhere(
        monkeypatch):
    """Two choices that Keep and Give the same cards by face (one a copy from another deck)
    are worth the same: the copy is not played again but takes its twin's rollouts (the same
    value, a loss of 0 ± 0), and every rollout goes to a choice of different cards."""
    from precog.analysis.choices import rollout_batches
    from precog.analysis.choices.copies import copies
    from tests.widgets.test_explorer import _with_twin_cards

    state = _with_twin_cards()
    played: list[int] = []
    real = rollout_batches._rollout_values

    def counted(worlds, times, forced, player, seed):
        played.extend(int(f) for f in forced[:, player])
        return real(worlds, times, forced, player, seed)

    monkeypatch.setattr(rollout_batches, "_rollout_values", counted)
    ranking = rank_options(state, 0, rollouts=32, seed=0, depth_rounds=1)
    order = [str(c) for c in ranking.know.choices]
    twins = copies([(c.keep, c.give) for c in ranking.know.choices], state)
    assert twins
    assert sorted(set(played)) == [i for i in range(len(order)) if i not in twins]
    assert len(played) == 32 * (len(order) - len(twins))
    rows = {r.action: r for r in ranking.rows}
    for copy, twin in twins.items():
        a, b = rows[order[copy]], rows[order[twin]]
        assert (a.value, a.ci95, a.samples, a.draws) == (b.value, b.ci95, b.samples, b.draws)
        assert a.samples == 32
        best = ranking.rows[0]
        if best.action in (a.action, b.action):
            other = b if best is a else a
            assert (other.loss, other.loss_ci95) == (0.0, 0.0)


