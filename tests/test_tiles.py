"""Tiles, mpsz notation and mjai names: round trips and errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import riichi
from riichi import InvalidHand, InvalidTile, RiichiError

# A multiset of tiles as 34 counts (≤ 4 each) with red fives ≤ the fives held.
counts_st = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@st.composite
def counts_and_red(draw):
    counts = draw(counts_st)
    red = tuple(draw(st.integers(0, counts[s * 9 + 4])) for s in range(3))
    return counts, red


@given(counts_and_red())
def test_counts_text_round_trip(cr):
    counts, red = cr
    text = riichi.format_counts(counts, red)
    back, back_red = riichi.parse_counts(text)
    assert back == counts
    assert back_red == red
    # canonical: formatting the parse gives the same text
    assert riichi.format_counts(back, back_red) == text


@given(st.lists(st.tuples(st.integers(0, 33), st.booleans()), max_size=20))
def test_tile_names_round_trip(tiles):
    for kind, red in tiles:
        red = red and kind < 27 and kind % 9 == 4
        name = riichi.tile_name(kind, red)
        assert riichi.parse_tile(name) == kind
        assert riichi.parse_mjai(riichi.mjai_name(kind, red)) == (kind, red)


def test_mjai_names():
    assert riichi.mjai_name(4, True) == "5mr"
    assert riichi.mjai_name(4) == "5m"  # RC61: plain fives never written red
    assert [riichi.mjai_name(k) for k in range(27, 34)] == ["E", "S", "W", "N", "P", "F", "C"]


def test_tile_order_and_red_fives():
    assert riichi.parse_tiles("0m5p7z") == [4, 13, 33]
    assert riichi.parse_counts("406p")[1] == (0, 1, 0)
    assert riichi.tile_name(13, red=True) == "0p"
    # only fives of numbered suits are red: red=True for another tile is refused, not dropped
    with pytest.raises(RiichiError, match="only 5m, 5p and 5s have red copies"):
        riichi.tile_name(31, red=True)


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("12x", 2, "'x'"),
        ("123m45", 4, "not followed by a suit"),
        ("m", 0, "no digits"),
        ("18z", 1, "8z"),
        ("0z", 0, "0z"),
        ("12m 3p", 3, "' '"),
    ],
)
def test_notation_errors_name_character_and_position(text, position, fragment):
    with pytest.raises(InvalidTile) as info:
        riichi.parse_tiles(text)
    msg = str(info.value)
    assert f"position {position}" in msg
    assert fragment in msg
    assert repr(text) in msg or f'"{text}"' in msg


@pytest.mark.parametrize(
    "call",
    [riichi.parse_tiles, riichi.shanten, riichi.Hand.parse, lambda t: riichi.score(t, "1m")],
)
def test_a_long_bad_text_is_shown_around_the_error_not_whole(call):
    # the message echoed the whole input: a megabyte of text in one error message
    text = "1" * 500_000 + "x" + "2" * 500_000
    with pytest.raises(InvalidTile) as info:
        call(text)
    msg = str(info.value)
    assert len(msg) < 300
    assert '"' + "1" * 32 + "x" + "2" * 31 + '"' in msg
    assert "(characters 499968..500032 of 1000001) at position 500000" in msg


def test_errors_are_value_errors_in_one_tree():
    assert issubclass(RiichiError, ValueError)
    for cls in (
        riichi.InvalidTile,
        riichi.InvalidHand,
        riichi.IllegalAction,
        riichi.LogFormatError,
    ):
        assert issubclass(cls, RiichiError)
        assert cls.__module__ == "riichi"


def test_out_of_range_kinds():
    with pytest.raises(InvalidTile, match="34"):
        riichi.tile_name(34)
    with pytest.raises(InvalidTile, match="-1"):
        riichi.mjai_name(-1)
    with pytest.raises(InvalidHand, match="5 copies of 1m"):
        riichi.parse_counts("11111m")


@given(st.text(max_size=30))
def test_parser_never_crashes(text):
    try:
        riichi.parse_tiles(text)
        riichi.Hand.parse(text)
    except RiichiError:
        pass


@given(st.text(alphabet="0123456789mpsz :@chiponkaderinm", max_size=40))
def test_hand_parser_never_crashes_on_near_miss_text(text):
    try:
        hand = riichi.Hand.parse(text)
    except RiichiError:
        return
    assert riichi.Hand.parse(str(hand)) == hand
