"""Ukeire and discard tables against their definitions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from _shanten_hands import near_complete_hands, random_hands
from riichi import Hand, InvalidHand


def brute_ukeire(counts):
    base = riichi.shanten(counts)
    tiles = []
    for k in range(34):
        if counts[k] < 4:
            c = list(counts)
            c[k] += 1
            if riichi.shanten(c) < base:
                tiles.append(k)
    return base, tiles


def test_tenpai_hand():
    u = riichi.ukeire("123m456p789s1122z")
    assert (u.shanten, u.tiles, u.counts, u.total) == (0, [27, 28], [2, 2], 4)
    assert repr(u) == "Ukeire(shanten=0, 4 tiles: 12z)"
    assert len(u) == 2
    with pytest.raises(AttributeError):
        u.total = 0  # type: ignore[misc]


def test_visible_reduces_live_counts():
    visible = [0] * 34
    visible[27] = 2
    u = riichi.ukeire("123m456p789s1122z", visible)
    assert (u.tiles, u.counts, u.total) == ([27, 28], [0, 2], 2)
    assert riichi.ukeire("123m456p789s1122z", "11z") == u


def test_visible_over_four_names_the_kind():
    with pytest.raises(InvalidHand, match="1z"):
        riichi.ukeire("123m456p789s1122z", "111z")
    with pytest.raises(InvalidHand, match="copies"):
        riichi.ukeire("123m456p789s1122z", [5] + [0] * 33)


def test_fifth_copy_not_ukeire():
    u = riichi.ukeire("123456789m1111z")
    assert u.shanten == 1
    assert 27 not in u.tiles


def test_wrong_sizes_raise():
    with pytest.raises(InvalidHand):
        riichi.ukeire("123m456p789s11222z")
    with pytest.raises(InvalidHand):
        riichi.discards("123m456p789s1122z")
    with pytest.raises(InvalidHand):
        Hand.parse("123m456p789s11222z").ukeire()
    with pytest.raises(InvalidHand):
        Hand.parse("123m456p789s1122z").discards()


def test_hand_methods_with_melds():
    h = Hand.parse("1m pon:111z pon:222z pon:333z pon:444z")
    u = h.ukeire()
    assert (u.tiles, u.total) == ([0], 3)
    # own melded copies are never live
    h = Hand.parse("1m pon:111m pon:222z pon:333z pon:444z")
    assert 0 not in h.ukeire().tiles
    h = Hand.parse("12m pon:111z pon:222z pon:333z pon:444z")
    d = h.discards()
    assert {x.tile for x in d} == {0, 1}
    assert all(x.shanten == 0 for x in d)
    assert d[0].ukeire.total == 3


def test_discard_repr_and_order():
    d = riichi.discards("123m456p789s11223z")
    assert repr(d[0]) == "DiscardOption(tile=3z, shanten=0, ukeire=4 tiles: 12z)"
    assert d[0].tile == 29 and str(d[0].tile) == "3z"  # the tile it prints, an int kind
    keys = [(x.shanten, -x.ukeire.total, x.tile) for x in d]
    assert keys == sorted(keys)
    assert d[0].ukeire == riichi.ukeire("123m456p789s1122z", "3z")
    # discarding a kind the rest still waits on: the discarded copy is not live
    d = {x.tile: x for x in riichi.discards("123444m456p789s11z")}
    u = d[3].ukeire  # after 4m: 12344m456p789s11z, which waits on 4m among others
    assert d[3].shanten == 0
    assert 3 in u.tiles
    assert u.counts[u.tiles.index(3)] == 1  # 4 - three 4m of the 14 tiles


def test_a_discard_row_throws_the_red_five_only_when_no_plain_copy_is_held():
    both = {x.tile: x for x in riichi.Hand.parse("055m123p456s789s11z").discards()}
    only_red = {x.tile: x for x in riichi.Hand.parse("019m123p456s789s11z").discards()}
    assert not both[4].red and repr(both[4]).startswith("DiscardOption(tile=5m,")
    assert only_red[4].red and repr(only_red[4]).startswith("DiscardOption(tile=0m,")
    assert not both[4].tile.red and only_red[4].tile.red and str(only_red[4].tile) == "0m"
    assert not any(x.red for k, x in only_red.items() if k != 4)
    # text keeps its red fives as Hand.parse does; 34 plain counts carry no colour
    assert riichi.discards("019m123p456s789s11z") == list(only_red.values())
    assert not any(x.red for x in riichi.discards(riichi.parse_counts("019m123p456s789s11z")[0]))


@settings(max_examples=400, deadline=None)
@given(st.one_of(random_hands([1, 4, 7, 10, 13]), near_complete_hands([1, 4, 7, 10, 13])))
def test_ukeire_equals_brute_force(counts):
    base, tiles = brute_ukeire(counts)
    u = riichi.ukeire(counts)
    assert u.shanten == base
    assert u.tiles == tiles
    assert u.counts == [4 - counts[k] for k in tiles]
    assert u.total == sum(u.counts)


@settings(max_examples=200, deadline=None)
@given(st.one_of(random_hands([2, 5, 8, 11, 14]), near_complete_hands([2, 5, 8, 11, 14])))
def test_discards_consistent_with_shanten(counts):
    d = riichi.discards(counts)
    assert sorted(x.tile for x in d) == [k for k in range(34) if counts[k]]
    for x in d:
        after = list(counts)
        after[x.tile] -= 1
        assert x.shanten == riichi.shanten(after)
        pond = [0] * 34
        pond[x.tile] = 1  # the discarded copy is visible, not live
        assert x.ukeire == riichi.ukeire(after, pond)
    assert min(x.shanten for x in d) == max(riichi.shanten(counts), 0)


@st.composite
def melded_hands(draw):
    """One or two called melds and the rest concealed: (concealed counts, melds, caps)."""
    used = [0] * 34
    melds = []
    for _ in range(draw(st.integers(1, 2))):
        if draw(st.booleans()):
            suit, r = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            k = 9 * suit + r
            if any(used[j] >= 4 for j in range(k, k + 3)):
                continue
            for j in range(k, k + 3):
                used[j] += 1
            melds.append(riichi.Meld.parse(f"chi:{r + 1}{r + 2}{r + 3}{'mps'[suit]}"))
        else:
            k = draw(st.integers(0, 33))
            if used[k]:
                continue
            used[k] = 3
            melds.append(riichi.Meld.parse(f"pon:{str(k % 9 + 1) * 3}{'mpsz'[k // 9]}"))
    n = 14 - 3 * len(melds)
    counts = [0] * 34
    for _ in range(n):
        free = [k for k in range(34) if counts[k] + used[k] < 4]
        counts[draw(st.sampled_from(free))] += 1
    return counts, melds, [4 - u for u in used]


@settings(max_examples=150, deadline=None)
@given(melded_hands())
def test_melded_discards_and_ukeire_follow_the_definition(case):
    counts, melds, caps = case
    hand = Hand.from_counts(counts, melds)
    own = [c + (4 - cap) for c, cap in zip(counts, caps)]
    for d in hand.discards():
        after = list(counts)
        after[d.tile] -= 1
        h13 = Hand.from_counts(after, melds)
        assert d.shanten == h13.shanten()
        pond = [0] * 34
        pond[d.tile] = 1
        assert d.ukeire == h13.ukeire(pond)
        # the definition: kinds the player may still hold that lower shanten
        want = []
        for k in range(34):
            if after[k] < caps[k]:
                more = list(after)
                more[k] += 1
                if Hand.from_counts(more, melds).shanten() < d.shanten:
                    want.append(k)
        assert d.ukeire.tiles == want
        assert d.ukeire.counts == [4 - own[k] for k in want]  # own: the 14 tiles


def test_results_are_values_the_cycle_collector_never_visits():
    """Ukeire, DiscardOption and Wait hold no Python object, so they can be in no cycle:
    they are created untracked (a collection walked every one of them), and stay plain
    values: equal results compare and hash equal, and survive a collection."""
    import gc

    tenpai, full = "123m456p789s1122z", "123m406p789s11222z"
    results = [
        riichi.ukeire(tenpai),
        Hand.parse(tenpai).ukeire(),
        *riichi.discards(full),
        *Hand.parse(full).discards(),
        *riichi.waits(tenpai),
        *Hand.parse(tenpai).waits(),
    ]
    assert len(results) > 10
    for r in results:
        assert not gc.is_tracked(r), r
    a, b = riichi.ukeire(tenpai), riichi.ukeire(riichi.parse_counts("1122z789s456p123m")[0])
    assert a == b and hash(a) == hash(b)
    d, e = riichi.discards(full), riichi.discards("11222z789s406p123m")
    assert d == e and [hash(x) for x in d] == [hash(x) for x in e]
    gc.collect()
    assert (d[0].tile, d[0].shanten, d[0].ukeire.tiles, d[0].ukeire.total) == (0, 0, [0, 3], 7)


@settings(max_examples=300, deadline=None)
@given(random_hands(sizes=(14, 11, 8)))
def test_discard_rows_equal_the_ukeire_of_the_hand_left(counts):
    """Each row of the discard table is the ukeire of the tiles left, with the discarded
    copy counted as seen (it lies in the pond)."""
    table = riichi.discards(counts)
    assert sorted(d.tile for d in table) == [k for k in range(34) if counts[k]]
    for d in table:
        left = list(counts)
        left[d.tile] -= 1
        pond = [0] * 34
        pond[d.tile] = 1
        assert d.ukeire == riichi.ukeire(left, visible=pond), (counts, d)
        assert d.shanten == d.ukeire.shanten
