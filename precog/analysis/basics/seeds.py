"""numpy generators from the project's whole-number seeds (negative ones included)."""

from __future__ import annotations

import numpy as np

__all__ = ["numpy_rng", "worlds_rng"]


def numpy_rng(seed: int) -> np.random.Generator:
    """numpy's generator for any whole-number seed (numpy refuses negative ones): a seed of 0 or
    more as numpy reads it, a negative seed ``-k`` as ``k`` in a stream of its own (a
    spawn key), so that no two seeds share a stream."""
    if seed >= 0:
        return np.random.default_rng(seed)
    return np.random.default_rng(np.random.SeedSequence(-seed, spawn_key=(1,)))


WORLDS_STREAM = 2  # the spawn key of the streams that draw sampled worlds


def worlds_rng(seed: int) -> np.random.Generator:
    """The generator that draws sampled worlds for ``seed``: a stream of its own, apart from
    :func:`numpy_rng`'s, which drives the playouts' uniforms with the same seed (a world's
    cards dealt from the numbers its game then reads would tie the two together)."""
    return np.random.default_rng(
        np.random.SeedSequence(abs(seed), spawn_key=(WORLDS_STREAM, int(seed < 0))))
