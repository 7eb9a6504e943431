"""riichi.batch: agreement with single calls, threads, forms, and input validation."""

from __future__ import annotations

import numpy as np
import pytest

import riichi
from riichi import InvalidHand, RiichiError

SIZES = np.array([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])


def random_rows(n, seed=0, sizes=SIZES):
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        k = int(sizes[i % len(sizes)])
        ids = rng.choice(136, k, replace=False)
        np.add.at(out[i], ids // 4, 1)
    return out


def test_equals_single_calls_and_threads_agree():
    arr = random_rows(3000, seed=1)
    one = riichi.batch.shanten(arr, threads=1)
    two = riichi.batch.shanten(arr, threads=2)
    every = riichi.batch.shanten(arr)
    assert one.dtype == np.int8 and one.shape == (3000,)
    assert np.array_equal(one, two) and np.array_equal(one, every)
    assert one.tolist() == [riichi.shanten(r.tolist()) for r in arr]


def test_forms():
    arr = random_rows(600, seed=2, sizes=np.array([13, 14]))
    detail = [riichi.shanten_detail(r.tolist()) for r in arr]
    for form in ("regular", "chiitoitsu", "kokushi", "minimum"):
        got = riichi.batch.shanten(arr, form=form, threads=2)
        assert got.tolist() == [getattr(d, form) for d in detail]
    with pytest.raises(RiichiError, match="form"):
        riichi.batch.shanten(arr, form="pinfu")  # type: ignore[arg-type]


def test_closed_form_on_short_row_names_the_row():
    arr = random_rows(5, seed=3, sizes=np.array([13, 13, 13, 10, 13]))
    with pytest.raises(InvalidHand, match="row 3"):
        riichi.batch.shanten(arr, form="chiitoitsu")


def test_empty_and_non_contiguous():
    empty = np.zeros((0, 34), np.uint8)
    assert riichi.batch.shanten(empty).shape == (0,)
    assert riichi.batch.ukeire(empty).shape == (0, 34)
    arr = random_rows(200, seed=4)
    strided = np.repeat(arr, 2, axis=0)[::2]
    assert not strided.flags.c_contiguous
    assert np.array_equal(riichi.batch.shanten(strided), riichi.batch.shanten(arr))
    fortran = np.asfortranarray(arr)
    assert np.array_equal(riichi.batch.shanten(fortran), riichi.batch.shanten(arr))


def test_ukeire_equals_single_calls():
    arr = random_rows(500, seed=5, sizes=np.array([1, 4, 7, 10, 13]))
    rng = np.random.default_rng(6)
    visible = np.zeros((500, 34), np.uint8)
    for i in range(500):
        free = (4 - arr[i]).astype(int)
        pool = np.repeat(np.arange(34), free)
        np.add.at(visible[i], rng.choice(pool, 10, replace=False), 1)
    got = riichi.batch.ukeire(arr, visible, threads=2)
    assert got.shape == (500, 34) and got.dtype == np.uint8
    assert np.array_equal(got, riichi.batch.ukeire(arr, visible, threads=1))
    for i in range(500):
        u = riichi.ukeire(arr[i].tolist(), visible[i].tolist())
        want = np.zeros(34, np.uint8)
        want[u.tiles] = u.counts
        assert np.array_equal(got[i], want)
    shared = visible[0]
    ok = arr[(arr + shared).max(axis=1) <= 4]
    got = riichi.batch.ukeire(ok, shared)
    for i in range(len(ok)):
        u = riichi.ukeire(ok[i].tolist(), shared.tolist())
        assert got[i].sum() == u.total


def test_ukeire_visible_overflow_names_row_and_kind():
    arr = random_rows(4, seed=7, sizes=np.array([13]))
    vis = np.zeros((4, 34), np.uint8)
    k = int(np.argmax(arr[2]))
    vis[2, k] = 5 - arr[2, k]
    with pytest.raises(InvalidHand, match=r"row 2: \d copies of " + riichi.tile_name(k)):
        riichi.batch.ukeire(arr, vis)
    with pytest.raises(RiichiError, match="rows"):
        riichi.batch.ukeire(arr, vis[:3])
    with pytest.raises(InvalidHand, match="row 0"):
        riichi.batch.ukeire(random_rows(2, sizes=np.array([14])))


def good(n=6):
    return random_rows(n, seed=8, sizes=np.array([13, 14]))


def test_wrong_dtype_float64():
    with pytest.raises(InvalidHand, match="float64"):
        riichi.batch.shanten(good().astype(np.float64))


def test_wrong_dtype_int64():
    with pytest.raises(InvalidHand, match="int64"):
        riichi.batch.shanten(good().astype(np.int64))


def test_wrong_shape_33():
    with pytest.raises(InvalidHand, match=r"\(6, 33\)"):
        riichi.batch.shanten(good()[:, :33].copy())


def test_three_dimensional():
    with pytest.raises(InvalidHand, match=r"\(2, 3, 34\)"):
        riichi.batch.shanten(good().reshape(2, 3, 34))


def test_not_an_array():
    with pytest.raises(InvalidHand, match="list"):
        riichi.batch.shanten(good().tolist())  # type: ignore[arg-type]


def test_five_copies_names_row_and_kind():
    arr = good()
    arr[4, :] = 0
    arr[4, 9] = 5
    arr[4, 20:29] = 1
    with pytest.raises(InvalidHand, match="row 4: 5 copies of 1p"):
        riichi.batch.shanten(arr)


def test_fifteen_tiles_names_row():
    arr = good()
    arr[3] = 0
    arr[3, :15] = 1
    with pytest.raises(InvalidHand, match="row 3: 15 concealed"):
        riichi.batch.shanten(arr)


def test_twelve_tiles_names_row():
    arr = good()
    arr[5] = 0
    arr[5, :12] = 1
    with pytest.raises(InvalidHand, match="row 5: 12 concealed"):
        riichi.batch.shanten(arr)


def test_lowest_bad_row_is_reported():
    arr = random_rows(10_000, seed=9)
    arr[9000, 0] = 7
    arr[7001, :] = 0
    with pytest.raises(InvalidHand, match="row 7001"):
        riichi.batch.shanten(arr, threads=2)


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2"])
def test_bad_threads(threads):
    with pytest.raises(RiichiError, match="threads"):
        riichi.batch.shanten(good(), threads=threads)  # type: ignore[arg-type]


def test_core_refuses_bad_arrays_without_crashing():
    # the private kernel is reachable too: it must refuse, never crash
    with pytest.raises((RiichiError, TypeError)):
        riichi._core.batch_shanten(np.zeros((2, 33), np.uint8))
    with pytest.raises((RiichiError, TypeError)):
        riichi._core.batch_shanten(np.zeros((4, 34), np.uint8)[::2])
    with pytest.raises(RiichiError):
        riichi._core.batch_shanten(good(), "minimum", 0)
