"""riichi.decompose: readings against an independent brute-force enumeration, the
re-assembly invariant, worked rule cases and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from _brute import block_tiles, counts_of, is_chiitoitsu, is_kokushi, regular_readings, shape
from _hands import Built, complete_hands, kokushi_hands, random_concealed, seven_pairs

SHAPES = {"ryanmen", "kanchan", "penchan", "tanki", "shanpon"}


def reading_tiles(r: riichi.Reading, hand: riichi.Hand | None = None) -> list[int]:
    """All tiles of a reading: its blocks plus its melds (kokushi: the hand's concealed)."""
    c = [0] * 34
    if r.form == "kokushi":
        assert hand is not None
        c = list(hand.concealed)
    for b in r.blocks:
        for t in block_tiles(b):
            c[t] += 1
    for m in r.melds:
        for t in m.tiles:
            c[t] += 1
    return c


def won(r: riichi.Reading) -> tuple[str, int]:
    """The block the winning tile completed."""
    assert r.win_block is not None
    return r.blocks[r.win_block]


def all_counts(hand: riichi.Hand) -> list[int]:
    c = list(hand.concealed)
    for m in hand.melds:
        for t in m.tiles:
            c[t] += 1
    return c


def check_reading_shape(r: riichi.Reading) -> None:
    if r.form == "regular":
        kinds = [k for k, _ in r.blocks]
        assert kinds.count("pair") == 1 and kinds[-1] == "pair"
        assert r.blocks[:-1] == sorted(r.blocks[:-1])
    elif r.form == "chiitoitsu":
        assert [k for k, _ in r.blocks] == ["pair"] * 7
        assert len({t for _, t in r.blocks}) == 7
    else:
        assert r.form == "kokushi" and r.blocks == []


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_decompose_without_win_matches_brute_force(built: Built) -> None:
    hand = built.hand()
    readings = riichi.decompose(hand)
    regular = [r for r in readings if r.form == "regular"]
    assert {tuple(r.blocks) for r in regular} == regular_readings(built.concealed)
    assert len(regular) == len({tuple(r.blocks) for r in regular})  # distinct
    for r in readings:
        check_reading_shape(r)
        assert r.win_block is None and r.win_tile is None and r.wait is None
        assert reading_tiles(r, hand) == all_counts(hand)  # re-assembles to the hand
        assert r.melds == hand.melds


@settings(max_examples=300, deadline=None)
@given(complete_hands(), st.data())
def test_decompose_win_matches_brute_force(built: Built, data: st.DataObject) -> None:
    hand = built.hand()
    win = data.draw(st.sampled_from([k for k in range(34) if built.concealed[k]]))
    readings = riichi.decompose(hand, win)
    assert readings == riichi.decompose(hand, riichi.tile_name(win))
    got = set()
    for r in readings:
        check_reading_shape(r)
        assert r.win_tile == win and r.wait in SHAPES
        assert reading_tiles(r, hand) == all_counts(hand)
        if r.form == "regular":
            assert r.win_block is not None
            block = r.blocks[r.win_block]
            assert win in block_tiles(block)
            assert r.blocks.index(block) == r.win_block  # first of identical blocks
            assert r.wait == shape(block, win)
            got.add((tuple(r.blocks), block))
    want = {
        (blocks, b)
        for blocks in regular_readings(built.concealed)
        for b in set(blocks)
        if win in block_tiles(b)
    }
    assert got == want
    assert len(readings) == len(set(readings))  # distinct


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([2, 5, 8, 11, 14]).flatmap(random_concealed))
def test_random_tiles_complete_iff_brute_force(counts: list[int]) -> None:
    readings = riichi.decompose(counts)
    want = regular_readings(counts)
    assert {tuple(r.blocks) for r in readings if r.form == "regular"} == want
    assert any(r.form == "chiitoitsu" for r in readings) == is_chiitoitsu(counts)
    assert any(r.form == "kokushi" for r in readings) == is_kokushi(counts)


@given(seven_pairs())
def test_chiitoitsu_readings(counts: list[int]) -> None:
    readings = riichi.decompose(counts)
    chiitoi = [r for r in readings if r.form == "chiitoitsu"]
    assert len(chiitoi) == 1
    assert chiitoi[0].blocks == [("pair", k) for k in range(34) if counts[k]]
    assert {tuple(r.blocks) for r in readings if r.form == "regular"} == regular_readings(counts)
    win = next(k for k in range(34) if counts[k])
    (w,) = [r for r in riichi.decompose(counts, win) if r.form == "chiitoitsu"]
    assert won(w) == ("pair", win) and w.wait == "tanki"


@given(kokushi_hands(), st.data())
def test_kokushi_readings(counts: list[int], data: st.DataObject) -> None:
    win = data.draw(st.sampled_from([k for k in range(34) if counts[k]]))
    (r,) = riichi.decompose(counts, win)
    assert (r.form, r.blocks, r.win_block, r.wait) == ("kokushi", [], None, "tanki")


def blocks_of(text: str) -> list[tuple[str, int]]:
    """`"123m 222s 55p"` -> [("sequence", 0), ("triplet", 19), ("pair", 13)]."""
    out = []
    for word in text.split():
        t = riichi.parse_tiles(word)
        kind = "pair" if len(t) == 2 else "triplet" if t[0] == t[1] else "sequence"
        out.append((kind, t[0]))
    return out


def test_repr_and_dict() -> None:
    (r,) = riichi.decompose("123m456m789m111z22z", "3m")
    assert repr(r) == "Reading(regular: 123m 456m 789m 111z 22z, win 3m in 123m, penchan)"
    assert r.to_dict() == {
        "form": "regular",
        "blocks": blocks_of("123m 456m 789m 111z 22z"),
        "win_block": 0,
        "win_tile": 2,
        "wait": "penchan",
        "melds": [],
    }
    (k,) = riichi.decompose("19m19p19s12345677z", "1m")
    assert repr(k) == "Reading(kokushi: 19m19p19s12345677z, win 1m, tanki)"
    r2 = riichi.decompose(riichi.Hand.parse("777p05567888s pon:888m"))
    assert [repr(x) for x in r2] == [
        "Reading(regular: 567s 777p 888s 55s pon:888m)",
        "Reading(regular: 678s 777p 555s 88s pon:888m)",
    ]
    assert r2[0].to_dict()["melds"] == ["pon:888m"]


def test_rc15_kanchan_keeps_the_triplet() -> None:
    readings = riichi.decompose("12222305888s666z", "2s")
    kanchan = [r for r in readings if r.wait == "kanchan"]
    assert len(kanchan) == 1
    assert ("triplet", riichi.parse_tile("2s")) in kanchan[0].blocks
    assert won(kanchan[0]) == ("sequence", riichi.parse_tile("1s"))
    assert any(r.wait == "shanpon" for r in readings)


@pytest.mark.parametrize(
    ("hand", "win", "want"),
    [
        # RC17: all triplets (shanpon on 1s), three 123s runs, or 11s + 123s 234s 234s
        (
            "11122233344s222z",
            "1s",
            [("111s", "shanpon"), ("123s", "ryanmen"), ("11s", "tanki")],
        ),
        # RC18
        (
            "11122233344789m",
            "1m",
            [("111m", "shanpon"), ("123m", "ryanmen"), ("11m", "tanki")],
        ),
        # RC30: 567s kanchan (with 888s) or 678s ryanmen (with 555s)
        ("777p05567888s pon:888m", "6s", [("567s", "kanchan"), ("678s", "ryanmen")]),
        # 123m + 345m, win 3m
        ("123345m456p789s11z", "3m", [("123m", "penchan"), ("345m", "ryanmen")]),
        # 111222333m + pair: runs or triplets
        ("111222333m789s55p", "2m", [("123m", "kanchan"), ("222m", "shanpon")]),
    ],
)
def test_rule_case_readings(hand: str, win: str, want: list[tuple[str, str]]) -> None:
    readings = riichi.decompose(hand, win)
    got = {(won(r), r.wait) for r in readings if r.form == "regular"}
    assert got == {(blocks_of(b)[0], w) for b, w in want}


def test_ryanpeikou_is_also_chiitoitsu() -> None:
    # three regular readings and seven pairs
    regular = {
        tuple(blocks_of(b))
        for b in ["234s 234s 567s 567s 88s", "345s 345s 678s 678s 22s", "234s 234s 678s 678s 55s"]
    }
    got = riichi.decompose("22334455667788s")
    assert {tuple(r.blocks) for r in got if r.form == "regular"} == regular
    assert [r.form for r in got] == ["regular"] * 3 + ["chiitoitsu"]
    readings = riichi.decompose("22334455667788s", "8s")
    waits = {(r.form, won(r), r.wait) for r in readings}
    assert waits == {
        ("chiitoitsu", ("pair", 25), "tanki"),
        ("regular", ("pair", 25), "tanki"),
        ("regular", ("sequence", 23), "ryanmen"),
    }


@pytest.mark.parametrize(
    ("hand", "win", "exc", "words"),
    [
        ("11111m23456789p1z", None, riichi.InvalidHand, ["5 copies of 1m"]),
        ([5] + [0] * 8 + [1] * 9 + [0] * 16, None, riichi.InvalidHand, ["5 copies of 1m"]),
        ("123m456p789s1122z", None, riichi.InvalidHand, ["13 concealed tiles", "3n+2"]),
        ("123m456p789s1122z pon:333z", None, riichi.InvalidHand, ["with 1 meld"]),
        (riichi.Hand.parse("123m456p789s1122z"), None, riichi.InvalidHand, ["13 concealed"]),
        ("123m456p789s11122z", "5m", riichi.RiichiError, ["5m is not among"]),
        ("123m456p789s11122z", 34, riichi.InvalidTile, ["34"]),
        ("123m456p789s11122z", "8z", riichi.InvalidTile, ["8z"]),
        ("123m456p789s11122z", 1.5, riichi.InvalidTile, ["1.5"]),
        ([1] * 33, None, riichi.RiichiError, ["34 counts"]),
        ([0] * 33 + [-1], None, riichi.RiichiError, ["negative"]),
    ],
)
def test_bad_input(hand: object, win: object, exc: type[Exception], words: list[str]) -> None:
    with pytest.raises(exc) as info:
        riichi.decompose(hand, win)  # type: ignore[arg-type]
    for w in words:
        assert w in str(info.value)


def test_incomplete_is_a_value() -> None:
    assert riichi.decompose("123m456p789s11223z") == []
    assert riichi.decompose("123m456p789s11223z", "3z") == []
    assert counts_of([]) == [0] * 34


# --- differential: the `mahjong` package as an oracle (closed 14-tile hands) ---


def as_tile_lists(r: riichi.Reading) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(tuple(block_tiles(b)) for b in r.blocks))


@settings(max_examples=300, deadline=None)
@given(st.one_of(complete_hands(max_melds=0).map(lambda b: b.concealed), random_concealed(14)))
def test_agrees_with_mahjong_package(counts: list[int]) -> None:
    mahjong_agari = pytest.importorskip("mahjong.agari")
    mahjong_divider = pytest.importorskip("mahjong.hand_calculating.divider")
    readings = riichi.decompose(counts)
    assert bool(readings) == mahjong_agari.Agari().is_agari(counts)
    # HandDivider lists regular and chiitoitsu readings (not kokushi)
    theirs = {
        tuple(sorted(tuple(b) for b in d)) for d in mahjong_divider.HandDivider.divide_hand(counts)
    }
    ours = {as_tile_lists(r) for r in readings if r.form != "kokushi"}
    assert ours == theirs


def test_numpy_counts_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    counts = np.zeros(34, dtype=np.uint8)
    counts[0:9] = 1
    counts[27], counts[28] = 3, 2
    (r,) = riichi.decompose(counts, "1z")
    assert (won(r), r.wait) == (("triplet", 27), "shanpon")
    assert [w.tile for w in riichi.waits(counts - np.eye(34, dtype=np.uint8)[28])] == [28]


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.lists(st.integers(-3, 7), min_size=30, max_size=36),
        st.text(alphabet="0123456789mpsz :ponchi", max_size=24),
    ),
    st.one_of(st.none(), st.integers(-2, 40), st.text(alphabet="0123456789mpsz", max_size=3)),
)
def test_any_input_gives_a_value_or_a_riichi_error(hand: object, win: object) -> None:
    # never a crash or a foreign exception, whatever comes in
    for call in (lambda: riichi.decompose(hand, win), lambda: riichi.waits(hand)):  # type: ignore[arg-type]
        try:
            result = call()
        except riichi.RiichiError:
            continue
        assert isinstance(result, list)
