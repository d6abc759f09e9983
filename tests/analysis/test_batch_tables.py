"""The batch's static tables are built once per component set and kept: two sets in one
process each get their own, and each matches the engine's rules for its own cards."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from precog.analysis.playing.policy import SensiblePolicy
from precog.analysis.playouts import batch
from precog.analysis.playouts.rollouts import play_out, uniforms
from precog.engine import new_game
from precog.engine.components import Components
from precog.engine.faces import draw_world
from precog.engine.machines import card_gains, resolved_costs
from tests.engine.test_partly_known import half_box


def other_box() -> Components:
    """A complete box whose card ids are the reference set's but whose faces differ."""
    whole = draw_world(half_box(), random.Random(5))
    return replace(whole, unknown=frozenset(), box_fingerprint="", prior="")


def test_two_component_sets_in_one_process_get_their_own_tables():
    reference = new_game(players=3, seed=0).components
    other = other_box()
    assert other.fingerprint != reference.fingerprint
    shared = set(reference.cards) & set(other.cards)
    assert any(reference.cards[i] != other.cards[i] for i in shared)  # same ids, other faces
    mine, theirs = batch.tables(reference), batch.tables(other)
    assert mine is not theirs
    assert batch.tables(reference) is mine and batch.tables(other) is theirs  # kept
    assert mine.pairs() is mine.pairs() and mine.pairs() is not theirs.pairs()
    assert mine.facts() is mine.facts() and mine.facts() is not theirs.facts()
    for comps, t in ((reference, mine), (other, theirs)):
        cards = [comps.cards[i] for i in t.card_ids]
        assert [t.card_index[c.id] for c in cards] == list(range(len(cards)))
        pairs = t.pairs()
        for a, first in enumerate(cards):
            for b, second in enumerate(cards):
                assert pairs.cost[a, b] == resolved_costs(first, second)[0]
                same = first.type == second.type
                assert tuple(pairs.gains[a, b]) == card_gains(first, second, same).astuple()


def test_games_of_two_sets_played_in_turn_each_match_the_engine():
    # the reference set, another box, then the reference set again, in one process: no
    # table of one set is used for the other
    other = other_box()
    runs = [None, other, None]
    rows = uniforms(6, seed=9)
    finals = []
    for comps in runs:
        extra = {} if comps is None else {"components": comps}
        starts = [new_game(players=3, seed=g, **extra) for g in range(6)]
        got = batch.run(starts, rows, SensiblePolicy())
        for g, start in enumerate(starts):
            final = play_out(start, SensiblePolicy(), rows[g])
            assert [got.seat(g, s) for s in range(3)] == [
                (p.food, p.healthy, p.contaminated, p.doctors, p.protectors, p.bane,
                 tuple(p.batteries)) for p in final.players]
        finals.append(got.healthy)
    assert np.array_equal(finals[0], finals[2])



def test_the_co_op_batch_reads_a_row_as_all_true_exactly_when_numpy_does() -> None:
    import numpy as np

    from precog.analysis.playouts.batch_objectives import _rows_all

    rng = np.random.default_rng(5)
    for k in (1, 2, 3, 4, 5, 8):
        mask = rng.random((300, k)) < 0.85
        mask[:3] = True  # some rows all true whatever k is
        assert (_rows_all(mask) == mask.all(axis=1)).all()
        assert (_rows_all(mask[:, ::-1]) == mask[:, ::-1].all(axis=1)).all()  # not contiguous
