"""riichi.waits / Hand.waits / Hand.is_tenpai against a brute-force reference, RC08 and
its whole kind (no wait on a tile whose four copies the player holds), and bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from _brute import counts_of
from _brute import waits as brute_waits
from _hands import Built, random_concealed, tenpai_like_hands

SHAPE_ORDER = ["ryanmen", "kanchan", "penchan", "tanki", "shanpon"]


def waits_dict(ws: list[riichi.Wait]) -> dict[int, set[str]]:
    return {w.tile: set(w.shapes) for w in ws}


@settings(max_examples=400, deadline=None)
@given(tenpai_like_hands())
def test_waits_match_brute_force_with_melds(case: tuple[Built, int]) -> None:
    built, out = case
    concealed = list(built.concealed)
    concealed[out] -= 1
    all_counts = list(built.all_counts)
    all_counts[out] -= 1
    hand = riichi.Hand.from_counts(concealed, built.hand().melds)
    ws = hand.waits()
    assert [w.tile for w in ws] == sorted(w.tile for w in ws)
    for w in ws:  # distinct, in the documented order
        assert w.shapes == sorted(set(w.shapes), key=SHAPE_ORDER.index)
    assert waits_dict(ws) == brute_waits(concealed, all_counts)
    assert hand.is_tenpai() == bool(ws)
    assert riichi.waits(hand) == ws
    # every wait's readings are complete and hold the tile
    for w in ws:
        won = riichi.Hand.from_counts(
            [c + (k == w.tile) for k, c in enumerate(concealed)], hand.melds
        )
        readings = riichi.decompose(won, w.tile)
        assert {r.wait for r in readings} == set(w.shapes)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([1, 4, 7, 10, 13]).flatmap(random_concealed))
def test_waits_of_random_counts_match_brute_force(concealed: list[int]) -> None:
    assert waits_dict(riichi.waits(concealed)) == brute_waits(concealed, concealed)


NO_WAIT = [
    "123456789m1111p",  # RC08
    "123456789m1111z",  # RC01 family
    "112233s123p1111m",
    "1m234567p789s pon:111m",  # tanki on the pon's tile
    "12m456p789s11z ankan:3333m",  # penchan into an ankan
    "13m456p789s11z ankan:2222m",  # kanchan into an ankan
    "1111m3344p5566s7z",  # 1111m is not two pairs for chiitoitsu
    "5555m123p456s789s",
]


@pytest.mark.parametrize("text", NO_WAIT)
def test_no_wait_on_a_tile_held_four_times(text: str) -> None:
    hand = riichi.Hand.parse(text)
    held = counts_of(t for m in hand.melds for t in m.tiles)
    held = [a + b for a, b in zip(held, hand.concealed)]
    expected = brute_waits(list(hand.concealed), held)
    assert waits_dict(hand.waits()) == expected


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("123456789m1111p", []),
        ("123456789m1111z", []),
        ("1m234567p789s pon:111m", []),
        ("12m456p789s11z ankan:3333m", []),
        ("23m456p789s11z ankan:1111m", ["4m"]),
        ("23m456p789s11z ankan:4444m", ["1m"]),
        ("2m234567p789s pon:111m", ["2m"]),
        ("1112345678999m", [f"{k}m" for k in range(1, 10)]),
        (
            "19m19p19s1234567z",
            ["1m", "9m", "1p", "9p", "1s", "9s"] + [f"{k}z" for k in range(1, 8)],
        ),
        ("1122m3344p5566s7z", ["7z"]),
        # RC05 kind: kokushi and chiitoitsu need a closed 13-tile hand, not one with a meld
        ("19m19p19s1234z chi:234s", []),
        ("19m19p19s1234z ankan:5555z", []),
        ("1122m3344p5s6z chi:789s", []),
        ("1111m3344p5566s7z", []),
    ],
)
def test_known_waits(text: str, want: list[str]) -> None:
    hand = riichi.Hand.parse(text)
    assert [w.tile for w in hand.waits()] == [riichi.parse_tile(t) for t in want]
    assert hand.is_tenpai() == bool(want)


def test_wait_shapes_and_repr() -> None:
    ws = riichi.waits("1123m456p789s111z")
    assert [repr(w) for w in ws] == ["Wait(1m: ryanmen, tanki)", "Wait(4m: ryanmen)"]
    assert ws[0].to_dict() == {
        "tile": 0,
        "shapes": ["ryanmen", "tanki"],
        "live": 2,
        "karaten": False,
    }
    assert riichi.waits("123m789p789s12p11z")[0].shapes == ["penchan"]
    assert riichi.waits("123m789p789s13p11z")[0].shapes == ["kanchan"]
    assert [w.shapes for w in riichi.waits("123m789p789s11p11z")] == [["shanpon"]] * 2


@pytest.mark.parametrize(
    ("hand", "exc", "words"),
    [
        ("123m456p789s11122z", riichi.InvalidHand, ["14 concealed", "3n+1"]),
        (riichi.Hand.parse("123m456p789s11122z"), riichi.InvalidHand, ["14 concealed", "13 tiles"]),
        ("11111m23456789p", riichi.InvalidHand, ["5 copies of 1m"]),
        ([0] * 34, riichi.InvalidHand, ["0 concealed"]),
        ("1x", riichi.InvalidTile, ["position 1"]),
        (3.5, riichi.InvalidHand, ["float"]),
    ],
)
def test_bad_input(hand: object, exc: type[Exception], words: list[str]) -> None:
    with pytest.raises(exc) as info:
        riichi.waits(hand)  # type: ignore[arg-type]
    for w in words:
        assert w in str(info.value)
    if isinstance(hand, riichi.Hand):
        with pytest.raises(exc):
            hand.waits()
        with pytest.raises(exc):
            hand.is_tenpai()


def _seeded_tenpai(n: int, seed: int, span: int = 34) -> list[list[int]]:
    """n 13-tile hands, each a complete hand (4 sets and a pair over the first `span`
    kinds, at most 4 copies of a kind) less one of its tiles: nearly all are tenpai."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < n:
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                k = 9 * rng.randrange(min(3, (span + 8) // 9)) + rng.randrange(7)
                for j in range(3):
                    c[k + j] += 1
            else:
                c[rng.randrange(span)] += 3
        c[rng.randrange(span)] += 2
        if max(c) > 4:
            continue
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
        out.append(c)
    return out


def _waits_by_readings(concealed: list[int]) -> dict[int, set[str]]:
    """Each kind the player holds fewer than 4 of whose draw completes the hand, with the
    wait shapes of every reading (riichi.decompose, a separate code path from waits)."""
    out: dict[int, set[str]] = {}
    for k in range(34):
        if concealed[k] == 4:
            continue
        won = list(concealed)
        won[k] += 1
        shapes = {r.wait for r in riichi.decompose(won, k)}
        if shapes:
            out[k] = shapes
    return out


def test_waits_stay_equal_when_asked_again_after_many_other_hands() -> None:
    # a waiting group's answer is remembered per thread by the group's counts: the same
    # hands asked before and after 30,000 others (far more group shapes than are kept,
    # so most are forgotten and recomputed, some recalled) give equal answers, and those
    # equal every reading's wait shapes; single-suit hands share their groups the most
    hands = _seeded_tenpai(400, 16) + _seeded_tenpai(200, 17, span=9)
    first = [riichi.waits(c) for c in hands]
    assert sum(bool(w) for w in first) > 550
    for c in _seeded_tenpai(30_000, 18):
        riichi.waits(c)
    again = [riichi.waits(c) for c in hands]
    assert again == first
    assert [repr(w) for w in again] == [repr(w) for w in first]
    for c, ws in zip(hands, again):
        assert waits_dict(ws) == _waits_by_readings(c), c
        assert [w.live for w in ws] == [4 - c[w.tile] for w in ws]
