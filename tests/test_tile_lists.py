"""The analysis calls take a list of tiles (every item a riichi.TileKind, as parse_tiles
returns) wherever they take a hand or visible tiles: read as the mpsz text of the same
tiles, red fives kept; plain ints stay 34 counts; a list mixing the two is refused naming
the first item of the other type and its index. And Hand(...) names its constructors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from riichi.tiles import TileKind

TENPAI = "123m406p789s1122z"  # 13 tiles, a red 5p, waits 1z / 2z
FULL = "123m406p789s11222z"  # 14 tiles, complete


def _waits(ws):
    return [(str(w.tile), w.shapes, w.live, w.karaten) for w in ws]


def _discards(ds):
    return [(str(d.tile), d.red, d.shanten, d.ukeire) for d in ds]


@pytest.mark.parametrize("seq", [list, tuple])
def test_a_list_of_tiles_is_the_hand_it_spells(seq):
    # was refused: "expected 34 counts ..., got 13 (tile ids 0..135? ...)"
    tiles = seq(riichi.parse_tiles(TENPAI))
    assert riichi.shanten(tiles) == riichi.shanten(TENPAI) == 0
    assert riichi.shanten_detail(tiles) == riichi.shanten_detail(TENPAI)
    assert riichi.ukeire(tiles) == riichi.ukeire(TENPAI)
    assert [str(t) for t in riichi.ukeire(tiles).tiles] == ["1z", "2z"]
    assert _waits(riichi.waits(tiles)) == _waits(riichi.waits(TENPAI))
    # plain ints keep their meaning: 34 counts
    counts = seq(riichi.parse_counts(TENPAI)[0])
    assert riichi.shanten(counts) == 0
    assert riichi.ukeire(tiles, visible=seq([0] * 27 + [1] + [0] * 6)).counts == [1, 2]
    full = seq(riichi.parse_tiles(FULL))
    assert riichi.shanten(full) == -1
    assert [str(r) for r in riichi.decompose(full, "2z")] == [
        str(r) for r in riichi.decompose(FULL, "2z")
    ]
    assert riichi.decompose(full)


def test_a_list_of_tiles_keeps_its_red_five_in_the_discard_table():
    # the only 5p of the hand is red: its discard row is the red five, as for Hand.parse
    opts = riichi.discards(riichi.parse_tiles(FULL))
    assert _discards(opts) == _discards(riichi.Hand.parse(FULL).discards())
    zero = next(o for o in opts if o.tile == 13)
    assert zero.red and str(zero.tile) == "0p"


def test_visible_tiles_may_be_a_list_of_tiles():
    hand = riichi.Hand.parse(TENPAI)
    seen = riichi.parse_tiles("11z2z")
    assert riichi.ukeire(TENPAI, visible=seen) == riichi.ukeire(TENPAI, visible="11z2z")
    assert riichi.ukeire(TENPAI, visible=seen).total == 1  # 1z: 4-2-2, 2z: 4-2-1
    assert _waits(hand.waits(visible=seen)) == _waits(hand.waits(visible="11z2z"))
    assert hand.ukeire(visible=seen) == hand.ukeire(visible="11z2z")
    assert _discards(riichi.discards(FULL, visible=seen)) == _discards(
        riichi.discards(FULL, visible="11z2z")
    )
    # a list of 34 tiles is tiles, not counts: too many of a kind
    with pytest.raises(riichi.InvalidHand, match=re.escape("5 copies of 1z (at most 4 exist)")):
        riichi.ukeire(TENPAI, visible=riichi.parse_tiles("1111z" * 2) + [TileKind(0)] * 26)


def test_a_list_of_34_tiles_is_not_read_as_counts():
    tiles = riichi.parse_tiles("123456789m123456789p123456789s1234567z")
    assert len(tiles) == 34
    with pytest.raises(riichi.InvalidHand, match="34 concealed tiles"):
        riichi.shanten(tiles)


def test_five_copies_in_a_list_of_tiles_name_the_kind():
    with pytest.raises(riichi.InvalidHand, match=re.escape("5 copies of 9s (at most 4 exist)")):
        riichi.shanten(riichi.parse_tiles("99999s12345678m"))


CALLS = [
    pytest.param(lambda h: riichi.shanten(h), id="shanten"),
    pytest.param(lambda h: riichi.shanten_detail(h), id="shanten_detail"),
    pytest.param(lambda h: riichi.ukeire(h), id="ukeire"),
    pytest.param(lambda h: riichi.waits(h), id="waits"),
    pytest.param(lambda h: riichi.discards(h), id="discards"),
    pytest.param(lambda h: riichi.decompose(h), id="decompose"),
]


@pytest.mark.parametrize("call", CALLS)
def test_ints_then_a_tile_is_refused_naming_the_tile_and_its_index(call):
    counts = list(riichi.parse_counts(TENPAI)[0])
    counts[27] = TileKind(27)  # 2 ints -> the tile 1z
    with pytest.raises(riichi.InvalidHand) as e:
        call(counts)
    assert str(e.value) == (
        "invalid hand: item 27 is the riichi.TileKind 1z, but item 0 is the int 1: "
        "give 34 int counts or a list of tiles, not both"
    )


@pytest.mark.parametrize("call", CALLS)
def test_tiles_then_an_int_is_refused_naming_the_int_and_its_index(call):
    tiles = riichi.parse_tiles(TENPAI)
    tiles[4] = 13  # the red 5p as a plain int kind
    with pytest.raises(riichi.InvalidHand) as e:
        call(tiles)
    assert str(e.value) == (
        "invalid hand: item 4 is 13 (an int), not a riichi.TileKind like item 0 (1m): "
        "give a list of tiles or 34 int counts, not both"
    )


def test_tiles_then_text_is_refused_naming_the_text_and_its_index():
    tiles = riichi.parse_tiles(TENPAI)
    tiles[12] = "2z"
    with pytest.raises(riichi.InvalidHand, match=re.escape("item 12 is '2z', not a riichi.TileKind")):
        riichi.shanten(tiles)


def test_a_mixed_visible_list_is_refused_naming_the_item():
    visible = [0] * 34
    visible[30] = TileKind(30)
    with pytest.raises(riichi.RiichiError) as e:
        riichi.waits(TENPAI, visible=visible)
    assert str(e.value) == (
        "invalid visible: item 30 is the riichi.TileKind 4z, but item 0 is the int 0: "
        "give 34 int counts or a list of tiles, not both"
    )
    with pytest.raises(riichi.RiichiError, match="invalid visible: item 1 is 27 \\(an int\\)"):
        riichi.Hand.parse(TENPAI).ukeire(visible=[TileKind(27), 27])


def test_short_int_lists_get_a_hint_for_what_they_probably_are():
    kinds = [int(t) for t in riichi.parse_tiles(TENPAI)]  # plain int kinds, not TileKind
    with pytest.raises(riichi.RiichiError) as e:
        riichi.shanten(kinds)
    msg = str(e.value)
    assert msg.startswith("invalid counts: expected 34 counts (one per tile kind), got 13 (tile kinds 0..33?")
    assert "riichi.parse_tiles" in msg and "Hand.from_ids" in msg
    with pytest.raises(riichi.RiichiError, match=re.escape("got 13 (tile ids 0..135? Hand.from_ids reads those)")):
        riichi.shanten([4 * k + 1 for k in kinds])  # physical ids


@pytest.mark.parametrize(
    "args, kwargs, shown",
    [
        ((riichi.parse_tiles("123m"),), {}, "riichi.Hand([1m, 2m, 3m])"),
        (("123m456p789s1122z",), {}, "riichi.Hand('123m456p789s1122z')"),
        ((), {}, "riichi.Hand()"),
        ((), {"counts": [0]}, "riichi.Hand(counts=[0])"),
    ],
)
def test_calling_hand_names_its_constructors(args, kwargs, shown):
    # was a bare TypeError: "cannot create 'riichi._core.Hand' instances"
    with pytest.raises(riichi.RiichiError) as e:
        riichi.Hand(*args, **kwargs)
    msg = str(e.value)
    assert msg.startswith(shown + ": a Hand is not built by calling the class")
    for ctor in ("Hand.parse(", "Hand.from_counts(", "Hand.from_ids("):
        assert ctor in msg


# 13 or 14 distinct physical tiles, red fives included (ids 16, 52, 88)
_ids = st.integers(13, 14).flatmap(
    lambda n: st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=150, deadline=None)
@given(_ids)
def test_tiles_answer_as_their_text(ids):
    tiles = [TileKind.from_tenhou_id(i) for i in ids]
    text = "".join(str(t) for t in tiles)
    assert riichi.shanten(tiles) == riichi.shanten(text)
    assert riichi.shanten_detail(tiles) == riichi.shanten_detail(text)
    if len(tiles) == 13:
        assert riichi.ukeire(tiles) == riichi.ukeire(text)
        assert _waits(riichi.waits(tiles)) == _waits(riichi.waits(text))
    else:
        assert _discards(riichi.discards(tiles)) == _discards(riichi.Hand.parse(text).discards())
        assert [str(r) for r in riichi.decompose(tiles)] == [str(r) for r in riichi.decompose(text)]


@pytest.mark.parametrize(
    "call, name, what",
    [
        (lambda t: riichi.Hand.from_counts(t), "counts", "a plain int count"),
        (lambda t: riichi.format_counts(t), "counts", "a plain int count"),
        (lambda t: riichi.Hand.from_ids(t), "ids", "a physical tile id 0..135"),
    ],
)
def test_counts_and_ids_arguments_refuse_tiles_naming_the_first(call, name, what):
    # a list of tiles read as counts got the hint "tile kinds 0..33? give them as
    # riichi.TileKind", and read as ids it made a hand of other tiles
    tiles = riichi.parse_tiles(TENPAI)
    with pytest.raises(riichi.RiichiError) as e:
        call(tiles)
    assert str(e.value).startswith(f"invalid {name}: item 0 is the riichi.TileKind 1m, not {what}")
    assert "Hand.parse" in str(e.value)
    assert str(riichi.Hand.from_ids(list(range(0, 52, 4)))) == "123406789m1234p"  # ints: ids


def test_tiles_under_three_players_answer_and_refuse_as_their_text():
    sanma = "19m123p456s789s11z"
    assert riichi.shanten(riichi.parse_tiles(sanma), players=3) == riichi.shanten(sanma, players=3)
    assert riichi.ukeire(riichi.parse_tiles(sanma), players=3) == riichi.ukeire(sanma, players=3)
    with pytest.raises(riichi.InvalidHand, match="hand holds 2m, which three-player mahjong"):
        riichi.shanten(riichi.parse_tiles("29m123p456s789s11z"), players=3)
