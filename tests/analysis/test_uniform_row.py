"""Which uniform a playout's decision reads: a seat's Keep/Give in a round always reads the
same one, so two games from one world meet the same Keep/Give draws (lasting common random
numbers), and the batch reads the same numbers as the engine."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import pytest

from precog.analysis.basics.errors import AnalysisCode, AnalysisError
from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playing.world import first_legal, until_seat
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.analysis.playouts.uniform_row import (
    KEEP_GIVE_COLUMNS,
    UniformRow,
    keep_give_column,
    other_column,
)
from precog.engine import Phase, legal_actions
from precog.engine.playout import play_on, random_playout
from tests.codes import raises_code


@dataclass
class Spy:
    """The sensible player, noting the uniform each seat's Keep/Give read in each round."""

    seen: dict[tuple[int, int], float] = field(default_factory=dict)
    inner: SensiblePolicy = field(default_factory=SensiblePolicy)

    def index(self, state, u, options):
        if state.phase is Phase.DECISION:
            self.seen[(state.round, state.to_move)] = u
        return self.inner.index(state, u, options)


def test_every_seat_and_round_has_a_keep_give_column_of_its_own_before_the_other_decisions():
    columns = {keep_give_column(r, s) for r in range(1, 13) for s in range(4)}
    assert columns == set(range(KEEP_GIVE_COLUMNS))
    others = other_column(np.arange(5_000), 512)
    assert others.min() == KEEP_GIVE_COLUMNS and others.max() == 511


def test_a_row_too_narrow_for_the_keep_give_columns_is_refused():
    with raises_code(AnalysisError, AnalysisCode.UNIFORM_WIDTH) as caught:
        UniformRow(np.zeros(KEEP_GIVE_COLUMNS))
    assert caught.value.problem.values == {"got": KEEP_GIVE_COLUMNS, "least": KEEP_GIVE_COLUMNS}


@pytest.mark.parametrize("mode", ["competitive", "coop"])
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_two_choices_in_one_world_meet_the_same_keep_give_draws_all_game_long(seed, mode):
    start = random_playout(random.Random(seed), players=3, mode=mode, seed=seed,
                           stop_round=2).final
    options = legal_actions(until_seat(start, 0, first_legal))
    row = uniforms(1, seed=11)[0]
    spies = [Spy(), Spy()]
    finals = [play_out(start, spy, row, {0: options[i]})
              for spy, i in zip(spies, (0, len(options) - 1))]
    assert finals[0] != finals[1]  # the games went apart...
    a, b = spies[0].seen, spies[1].seen
    both = a.keys() & b.keys()  # (a co-op game lost on an Objective ends early)
    assert len(both) >= 3 * 3
    assert {k: a[k] for k in both} == {k: b[k] for k in both}  # ...and drew the same numbers
    for (round_, seat), u in a.items():
        assert u == row[keep_give_column(round_, seat)]


def test_the_batch_counts_the_uniforms_its_games_used_as_the_engine_does():
    starts = [random_playout(random.Random(g), players=4, mode="coop", seed=g,
                             stop_round=3).final for g in range(6)]
    rows = uniforms(len(starts), seed=5)
    finals = batch.run(starts, rows, SensiblePolicy())
    used = []
    for g, start in enumerate(starts):
        read = UniformRow(rows[g])

        def move(s, seat, read=read):
            options = legal_actions(s)
            return options[SensiblePolicy().index(s, read(s, seat), options)]

        play_on(start, move, limit=1 << 30)
        used.append(read.used)
    assert finals.decisions.tolist() == used
