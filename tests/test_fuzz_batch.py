"""Fuzz the batch entry points with garbage arrays: a result or a RiichiError, never a crash."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import riichi
from riichi import RiichiError

dtypes = st.sampled_from([np.uint8, np.int8, np.int64, np.float64, np.uint16, np.bool_])
shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=40)
garbage = st.one_of(
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 30), st.just(34))),
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 30), st.just(34)), elements=st.integers(0, 4)),
    hnp.arrays(dtypes, shapes),
)


def check_rows(arr, out):
    """Valid rows come back right, in the right shape."""
    assert out.shape[0] == arr.shape[0]
    for i in range(min(len(arr), 5)):
        if out.ndim == 1:
            assert out[i] == riichi.shanten(arr[i].tolist())


@settings(max_examples=400, deadline=None)
@given(garbage, st.sampled_from([None, 1, 2]))
def test_shanten_never_crashes(arr, threads):
    try:
        out = riichi.batch.shanten(arr, threads=threads)
    except RiichiError:
        return
    check_rows(arr, out)


@settings(max_examples=300, deadline=None)
@given(garbage, st.one_of(st.none(), garbage), st.sampled_from([None, 1, 2]))
def test_ukeire_never_crashes(arr, visible, threads):
    try:
        out = riichi.batch.ukeire(arr, visible, threads=threads)
    except RiichiError:
        return
    assert out.shape == (arr.shape[0], 34)


@settings(max_examples=200, deadline=None)
@given(garbage, st.sampled_from(["minimum", "regular", "chiitoitsu", "kokushi", "x"]))
def test_core_kernel_never_crashes(arr, form):
    try:
        riichi._core.batch_shanten(arr, form, None)
    except (RiichiError, TypeError):
        pass
