"""34 counts given as a list or tuple of plain ints: the fast path that reads CPython's
cached small ints by address (two items at a time) answers exactly as the checked path,
and anything that is not an int 0..=4 at any position (first, last, either side of the
16-item blocks) falls back to the checked path and its errors."""

from __future__ import annotations

import random

import pytest

import riichi

# 13 tiles: 123456789m and two pairs of honors (tenpai on 1z / 2z: shanpon)
BASE = [1] * 9 + [0] * 18 + [2, 2] + [0] * 5
POSITIONS = [0, 1, 15, 16, 17, 31, 32, 33]


@pytest.mark.parametrize("seq", [list, tuple])
@pytest.mark.parametrize("pos", POSITIONS)
@pytest.mark.parametrize("value", [5, 7, 8, 255, 256])
def test_a_count_above_four_is_refused_naming_it(seq: type, pos: int, value: int) -> None:
    c = list(BASE)
    c[pos] = value
    with pytest.raises(riichi.InvalidHand, match=f"{value} copies of"):
        riichi.shanten(seq(c))
    with pytest.raises(riichi.InvalidHand, match=f"{value} copies of"):
        riichi.waits(seq(c))


@pytest.mark.parametrize("pos", POSITIONS)
def test_negative_and_non_int_counts_are_refused_naming_the_index(pos: int) -> None:
    c = list(BASE)
    c[pos] = -1
    with pytest.raises(riichi.RiichiError, match=f"count -1 at index {pos} "):
        riichi.waits(c)
    for odd in (1.0, "1", None):
        c[pos] = odd
        with pytest.raises(riichi.InvalidHand, match=f"count at index {pos} must be an int"):
            riichi.waits(c)


@pytest.mark.parametrize("pos", POSITIONS)
def test_every_small_count_at_every_position_reads_as_itself(pos: int) -> None:
    # each value 0..=4 moved through each position: the fast path's counts are the
    # checked path's (a numpy array takes the buffer path, text the parser)
    np = pytest.importorskip("numpy")
    for value in range(5):
        c = [0] * 34
        c[pos] = value
        k = 0
        while sum(c) < 13:
            if k != pos and c[k] < 3:
                c[k] += 1
            k = (k + 7) % 34
        want_shanten = riichi.shanten(np.array(c, np.uint8))
        assert riichi.shanten(c) == riichi.shanten(tuple(c)) == want_shanten
        want = riichi.waits(np.array(c, np.int64))
        assert riichi.waits(c) == riichi.waits(tuple(c)) == want
        assert riichi.ukeire(c) == riichi.ukeire(np.array(c, np.uint8))


def test_bools_and_int_subclasses_take_the_checked_path() -> None:
    # True is an int equal to 1 but not the cached 1: the checked path reads it as 1
    c = list(BASE)
    c[0] = True
    assert riichi.shanten(c) == riichi.shanten(BASE)

    class Count(int):
        pass

    c[0] = Count(1)
    assert riichi.waits(c) == riichi.waits(BASE)
    c[33] = Count(5)
    with pytest.raises(riichi.InvalidHand, match="5 copies of 7z"):
        riichi.waits(c)


def test_hands_read_the_same_as_list_tuple_array_and_text() -> None:
    # 13-tile hands over one suit, two suits or all kinds (one suit: many tenpai), each
    # given by the fast path (list, tuple) and by two checked paths (array, text)
    np = pytest.importorskip("numpy")
    rng = random.Random(34)
    tenpai = 0
    for i in range(900):
        span = [9, 18, 34][i % 3]
        c = [0] * 34
        while sum(c) < 13:
            k = rng.randrange(span)
            if c[k] < 4:
                c[k] += 1
        ws = riichi.waits(c)
        tenpai += bool(ws)
        assert riichi.waits(tuple(c)) == ws == riichi.waits(np.array(c, np.uint8))
        assert riichi.waits(riichi.format_counts(c)) == ws
        assert riichi.shanten(c) == riichi.shanten(np.array(c, np.uint8))
        assert riichi.ukeire(c) == riichi.ukeire(riichi.format_counts(c))
    assert tenpai > 100
