"""Hand and Meld: only valid hands exist; text round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import riichi
from riichi import Hand, InvalidHand, InvalidTile, Meld


@pytest.mark.parametrize(
    "text",
    [
        "123m406p789s1122z",
        "678m567p88s pon:111z kakan:2222z",
        "55m999s pon:555z pon:666z pon:777z",
        "777p05567888s pon:888m",
        "1m ankan:2222m ankan:3333m ankan:4444m ankan:5555z",
        "23m chi:406p chi:789s pon:111z@1 daiminkan:9999p@2",
    ],
)
def test_round_trip(text):
    hand = Hand.parse(text)
    assert str(hand) == text
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand), {"Hand": Hand.parse}) == hand


def test_fields():
    hand = Hand.parse("678m567p88s pon:111z kakan:2222z")
    assert len(hand) == 8
    assert sum(hand.concealed) == 8
    assert [m.kind for m in hand.melds] == ["pon", "kakan"]
    assert hand.melds[1].tiles == [28, 28, 28, 28]
    assert not hand.is_closed
    assert Hand.parse("1m ankan:2222m ankan:3333m ankan:4444m ankan:5555z").is_closed


def test_meld_fields():
    m = Meld.parse("chi:406m")
    assert (m.kind, m.tile, m.called, m.red, m.source, m.is_open) == ("chi", 3, 3, 1, 3, True)
    assert m.tiles == [3, 4, 5]
    assert Meld.parse("ankan:0555s").source == 0
    assert str(Meld.parse("minkan:1111z@2")) == "daiminkan:1111z@2"


@pytest.mark.parametrize(
    ("text", "exc", "fragment"),
    [
        ("11111m23456789p", InvalidHand, "5 copies of 1m"),
        ("11m2345678p99s pon:111m", InvalidHand, "5 copies of 1m"),
        ("123456789m123456p", InvalidHand, "15 concealed tiles"),
        ("123456789m12p", InvalidHand, "11 concealed tiles"),
        ("chi:123z 123m", InvalidHand, "run of three"),
        ("pon:556m 123m", InvalidHand, "one kind"),
        ("123m pon:5x5m", InvalidTile, "position 10"),
        ("123m zon:555m", InvalidTile, "unknown meld kind"),
        ("12x", InvalidTile, "position 2"),
    ],
)
def test_invalid_hands_are_refused(text, exc, fragment):
    with pytest.raises(exc, match=fragment):
        Hand.parse(text)


def test_from_counts_checks_everything():
    counts = [0] * 34
    counts[0] = 5
    with pytest.raises(InvalidHand, match="5 copies of 1m"):
        Hand.from_counts(counts)
    with pytest.raises(riichi.RiichiError, match="34 counts"):
        Hand.from_counts([1] * 13)
    counts = riichi.parse_counts("123m456p789s1122z")[0]
    with pytest.raises(InvalidHand, match="red"):
        Hand.from_counts(counts, red=(1, 0, 0))  # no 5m to be red
    hand = Hand.from_counts(riichi.parse_counts("123m406p789s1122z")[0], red=(0, 1, 0))
    assert str(hand) == "123m406p789s1122z"


@given(st.lists(st.integers(0, 33), min_size=13, max_size=14))
def test_random_hands_valid_or_refused(kinds):
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4:
        with pytest.raises(InvalidHand):
            Hand.from_counts(counts)
    else:
        hand = Hand.from_counts(counts)
        assert hand.concealed == counts
        assert Hand.parse(str(hand)) == hand
