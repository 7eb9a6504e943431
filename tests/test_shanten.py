"""Shanten: rule cases (RC01, RC04, RC05 and their families), agreement with
xiangting and with a brute-force reference, inputs and errors."""

from __future__ import annotations

import numpy as np
import pytest
import xiangting
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import riichi
from _shanten_hands import brute_regular, near_complete_hands, random_hands
from riichi import Hand, InvalidHand, InvalidTile


def replacement_minus_one(counts):
    return xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1


# RC01 family: a wait on a fifth copy does not count (regular form)
@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123456789m1111z", 1),
        ("123456789m1111p", 1),
        ("112233s123p1111m", 1),
        ("11112222333444z", 1),
        ("11m111122223333z", 2),
        ("23m111122223333z", 2),
        ("1111m", 1),
        ("1111z", 1),
        ("123m1111z", 1),
        ("123456789m1112z", 0),
    ],
)
def test_rc01_fifth_copy_family(hand, expected):
    assert riichi.shanten_detail(hand).regular == expected
    assert riichi.shanten(hand) == expected


# RC04 family: chiitoitsu needs seven distinct pairs
@pytest.mark.parametrize(
    ("hand", "chiitoitsu", "minimum"),
    [
        ("66677888s55p2255m", 1, 1),
        ("1111m2233p4455s66z", 1, 1),
        ("1111m2222p3333s44z", 5, 1),
        ("1122m3344p5566s7z", 0, 0),
        ("1122m3344p5566s77z", -1, -1),
    ],
)
def test_rc04_chiitoitsu_family(hand, chiitoitsu, minimum):
    d = riichi.shanten_detail(hand)
    assert d.chiitoitsu == chiitoitsu
    assert d.minimum == minimum
    assert d.minimum == min(x for x in (d.regular, d.chiitoitsu, d.kokushi) if x is not None)


# RC05 family: closed forms only for closed 13/14-tile hands
@pytest.mark.parametrize(
    "hand",
    [
        "19m19p19s12345z",
        "19m19p19s12345z chi:123m",
        "19m19p19s12345z pon:777z",
        "19m19p19s1234z ankan:5555z",
    ],
)
def test_rc05_closed_forms_need_a_closed_hand(hand):
    d = riichi.shanten_detail(hand)
    assert d.chiitoitsu is None
    assert d.kokushi is None
    assert d.minimum == d.regular
    assert riichi.shanten(hand) == d.regular


def test_rc05_value():
    assert riichi.shanten("19m19p19s12345z") == 6
    assert Hand.parse("19m19p19s12345z chi:123m").shanten() == 6
    # the same tiles closed with two more are kokushi tenpai
    assert riichi.shanten_detail("19m19p19s1234567z").kokushi == 0


def test_melds_cap_copies():
    # pon of 1m: the concealed fourth 1m cannot wait for a fifth
    assert Hand.parse("1m pon:111m pon:222z pon:333z pon:444z").shanten() == 1
    assert Hand.parse("1m pon:111z pon:222z pon:333z pon:444z").shanten() == 0
    assert riichi.shanten("1m") == 0
    assert Hand.parse("1m234p pon:111m pon:222z pon:333z").shanten() == 1
    assert riichi.shanten("1m234p") == 0


def test_inputs_agree():
    text = "123m456p789s1122z"
    counts, _ = riichi.parse_counts(text)
    h = Hand.parse(text)
    assert riichi.shanten(text) == riichi.shanten(h) == riichi.shanten(counts) == 0
    assert riichi.shanten(tuple(counts)) == 0
    assert h.shanten() == 0
    assert riichi.shanten([*counts[:-1], True]) == riichi.shanten([*counts[:-1], 1])
    assert riichi.shanten_detail(h) == riichi.shanten_detail(counts)
    for dtype in (np.uint8, np.int64, np.int32):
        row = np.array(counts, dtype=dtype)
        assert riichi.shanten(row) == 0
        assert riichi.shanten_detail(row) == riichi.shanten_detail(counts)
        assert riichi.ukeire(row) == riichi.ukeire(counts)


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        (np.array([5] + [0] * 33, np.uint8), "5 copies of 1m"),
        (np.array([-1] + [1] * 13 + [0] * 20, np.int64), "negative"),
        (np.zeros(33, np.uint8), "34 counts"),
        (np.array([1] * 12 + [0] * 22, np.uint8), "12 concealed"),
    ],
)
def test_numpy_rows_are_checked(row, needle):
    with pytest.raises(riichi.RiichiError, match=needle):
        riichi.shanten(row)


def test_detail_repr_and_frozen():
    d = riichi.shanten_detail("123m456p789s1122z")
    assert repr(d) == "ShantenDetail(regular=0, chiitoitsu=4, kokushi=8, minimum=0)"
    with pytest.raises(AttributeError):
        d.regular = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("bad", "exc", "needle"),
    [
        ("123m", InvalidHand, "3 concealed"),
        ("123m456p789s112233z", InvalidHand, "15 concealed"),
        ([0] * 34, InvalidHand, "0 concealed"),
        ([5] + [0] * 33, InvalidHand, "1m"),
        ([1] * 33, riichi.RiichiError, "34 counts"),
        ([-1] + [1] * 13 + [0] * 20, riichi.RiichiError, "negative"),
        ("123x", InvalidTile, "123x"),
        (3.5, InvalidHand, "float"),
    ],
)
def test_errors_name_the_problem(bad, exc, needle):
    with pytest.raises(exc, match=needle):
        riichi.shanten(bad)


@settings(max_examples=1500, deadline=None)
@given(random_hands())
def test_equals_xiangting_on_random_hands(counts):
    assert riichi.shanten(counts) == replacement_minus_one(counts)


@settings(max_examples=1500, deadline=None)
@given(near_complete_hands())
def test_equals_xiangting_on_near_complete_hands(counts):
    assert riichi.shanten(counts) == replacement_minus_one(counts)


@settings(max_examples=150, deadline=None)
@given(st.one_of(random_hands([1, 2, 4, 5]), near_complete_hands([1, 2, 4, 5])))
def test_regular_equals_brute_force_on_small_hands(counts):
    n = sum(counts)
    assert riichi.shanten_detail(counts).regular == brute_regular(counts, n // 3)


@st.composite
def melded_hands(draw):
    """Three called melds (chi, pon or kan) and 4 or 5 concealed tiles."""
    used = [0] * 34
    melds = []
    for _ in range(3):
        if draw(st.booleans()):
            suit, r = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            k = 9 * suit + r
            if any(used[j] >= 4 for j in range(k, k + 3)):
                continue
            for j in range(k, k + 3):
                used[j] += 1
            melds.append(f"chi:{r + 1}{r + 2}{r + 3}{'mps'[suit]}")
        else:
            k = draw(st.integers(0, 33))
            size = draw(st.sampled_from([3, 4]))
            if used[k] + size > 4:
                continue
            used[k] += size
            digit, letter = str(k % 9 + 1), "mpsz"[k // 9]
            melds.append(f"{'pon' if size == 3 else 'ankan'}:{digit * size}{letter}")
    n = 14 - 3 * len(melds) - draw(st.integers(0, 1))
    counts = [0] * 34
    for _ in range(n):
        free = [k for k in range(34) if counts[k] + used[k] < 4]
        counts[draw(st.sampled_from(free))] += 1
    text = " ".join([riichi.format_counts(counts), *melds])
    caps = [4 - u for u in used]
    return text, counts, caps, len(melds)


@settings(max_examples=200, deadline=None)
@given(melded_hands())
def test_melded_hands_equal_capped_brute_force(case):
    text, counts, caps, melds = case
    assume(melds >= 2)  # keeps the brute force small
    d = Hand.parse(text).shanten_detail()
    assert d.regular == brute_regular(counts, 4 - melds, caps), text
    assert d.chiitoitsu is None and d.kokushi is None
