"""Three-player-aware analysis (issue 16 item 4): shanten, ukeire, waits, discards and
decompose for 3 or 4 players, karaten waits, and the batch forms of waits and discards.

The oracle is the `xiangting` package: its replacement number - 1 is shanten and its
necessary tiles are the improving kinds, for `PlayerCount.FOUR` and `PlayerCount.THREE`
(three players: no 2m-8m). Waits of a tenpai hand are its necessary tiles.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from riichi.errors import InvalidHand, RiichiError

xiangting = pytest.importorskip("xiangting")
THREE, FOUR = xiangting.PlayerCount.THREE, xiangting.PlayerCount.FOUR
SANMA_KINDS = [k for k in range(34) if not 1 <= k <= 7]


@st.composite
def counts_of(draw: st.DrawFn, sizes: tuple[int, ...], players: int, few: bool = False):
    """34 counts of `n` tiles (n drawn from `sizes`) over the tile set of `players`;
    `few` draws from at most 9 kinds, so that pairs, sets and tenpai are common."""
    n = draw(st.sampled_from(sizes))
    kinds = SANMA_KINDS if players == 3 else list(range(34))
    if few:
        kinds = draw(st.lists(st.sampled_from(kinds), min_size=5, max_size=9, unique=True))
    c = [0] * 34
    for _ in range(n):
        free = [k for k in kinds if c[k] < 4]
        c[draw(st.sampled_from(free))] += 1
    return c


def bits(kinds) -> int:
    return sum(1 << k for k in kinds)


# ------------------------------------------------------------------ shanten


@settings(max_examples=600, deadline=None)
@given(counts_of((1, 2, 4, 5, 7, 8, 10, 11, 13, 14), 3), st.booleans())
def test_three_player_shanten_is_xiangting_three(c, few):
    want = xiangting.calculate_replacement_number(c, THREE) - 1
    assert riichi.shanten(c, players=3) == want
    assert riichi.shanten_detail(c, players=3).minimum == want
    assert riichi.shanten(tuple(c), players=riichi.Rules.tenhou_sanma()) == want


@settings(max_examples=300, deadline=None)
@given(counts_of((13, 14), 3, few=True))
def test_three_player_shanten_on_dense_hands(c):
    assert riichi.shanten(c, players=3) == xiangting.calculate_replacement_number(c, THREE) - 1
    # the same hand as a Hand object, and in a batch
    assert riichi.Hand.from_counts(c).shanten(players=3) == riichi.shanten(c, players=3)
    rows = np.array([c], np.uint8)
    assert riichi.batch.shanten(rows, players=3, threads=1).tolist() == [
        riichi.shanten(c, players=3)
    ]


def test_three_players_change_the_answer():
    # 1111m111122233z: 4 players read 1111m as 11m + 12m-type shapes with 2m/3m; 3 cannot
    c = riichi.parse_counts("1111m111122233z")[0]
    assert riichi.shanten(c) == 1
    assert riichi.shanten(c, players=3) == 2
    # 19m alone: a sequence needs 2m-8m, so only pairs and triplets remain
    u4 = riichi.ukeire("1m9m123p456s789s11z")
    u3 = riichi.ukeire("1m9m123p456s789s11z", players=3)
    assert [riichi.tile_name(k, False) for k in u4.tiles] == ["1m", "2m", "3m", "7m", "8m",
                                                              "9m", "1z"]  # fmt: skip
    assert [riichi.tile_name(k, False) for k in u3.tiles] == ["1m", "9m", "1z"]
    assert u3.total == 3 + 3 + 2


def test_sanma_shanten_on_a_meld_hand():
    # a pon of 1m caps it: the concealed 1m can neither pair nor wait on a fifth copy
    h = riichi.Hand.parse("1m123p456s789s pon:111m")
    assert h.shanten() == 1
    assert h.shanten(players=3) == 1
    h = riichi.Hand.parse("9m123p456s789s pon:111m")
    assert h.shanten(players=3) == 0
    assert [w.tile for w in h.waits(players=3)] == [8]


# ------------------------------------------------------------------ ukeire


@settings(max_examples=400, deadline=None)
@given(counts_of((1, 4, 7, 10, 13), 3), st.booleans())
def test_three_player_ukeire_is_xiangting_three(c, _):
    rn, nt = xiangting.calculate_necessary_tiles(c, THREE)
    u = riichi.ukeire(c, players=3)
    assert u.shanten == rn - 1
    assert bits(u.tiles) == nt
    assert not any(1 <= k <= 7 for k in u.tiles)
    assert u.counts == [4 - c[k] for k in u.tiles]
    live = riichi.batch.ukeire(np.array([c], np.uint8), players=3, threads=1)[0]
    assert bits(k for k in range(34) if live[k]) == nt


@settings(max_examples=400, deadline=None)
@given(counts_of((1, 4, 7, 10, 13), 4), st.booleans())
def test_four_player_ukeire_is_xiangting_four(c, few):
    rn, nt = xiangting.calculate_necessary_tiles(c, FOUR)
    u = riichi.ukeire(c)
    assert (u.shanten, bits(u.tiles)) == (rn - 1, nt)


# ------------------------------------------------------------------ discard table


def _xiangting_discards(c, pc):
    """Per discarded kind: (shanten after, improving mask, live total) via xiangting."""
    out = {}
    for k in range(34):
        if c[k]:
            c[k] -= 1
            rn, nt = xiangting.calculate_necessary_tiles(c, pc)
            c[k] += 1
            out[k] = (rn - 1, nt, sum(4 - c[j] for j in range(34) if nt >> j & 1))
    return out


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([3, 4]).flatmap(
    lambda p: st.tuples(st.just(p), counts_of((2, 5, 8, 11, 14), p, few=False))
), st.booleans())  # fmt: skip
def test_discard_table_is_one_xiangting_call_per_discard(pc, few):
    players, c = pc
    want = _xiangting_discards(c, THREE if players == 3 else FOUR)
    got = {d.tile: (d.shanten, bits(d.ukeire.tiles), d.ukeire.total)
           for d in riichi.discards(c, players=players)}  # fmt: skip
    assert got == want
    table = riichi.batch.discards(np.array([c], np.uint8), players=players, threads=1)
    for k in range(34):
        if k in want:
            sh, mask, total = want[k]
            assert (table["shanten"][0, k], table["tiles"][0, k], table["ukeire"][0, k]) == (
                sh, mask, total)  # fmt: skip
        else:
            assert table["shanten"][0, k] == riichi.batch.NOT_HELD
            assert table["tiles"][0, k] == 0


@settings(max_examples=200, deadline=None)
@given(counts_of((14,), 4, few=True))
def test_discard_table_on_dense_hands(c):
    want = _xiangting_discards(c, FOUR)
    got = {d.tile: (d.shanten, bits(d.ukeire.tiles), d.ukeire.total) for d in riichi.discards(c)}
    assert got == want


# ------------------------------------------------------------------ waits and karaten


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([3, 4]).flatmap(
    lambda p: st.tuples(st.just(p), counts_of((4, 7, 10, 13), p, few=True))
))  # fmt: skip
def test_waits_are_the_necessary_tiles_of_a_tenpai_hand(pc):
    players, c = pc
    rn, nt = xiangting.calculate_necessary_tiles(c, THREE if players == 3 else FOUR)
    ws = riichi.waits(c, players=players)
    assert bits(w.tile for w in ws) == (nt if rn == 1 else 0)
    assert all(w.shapes and not w.karaten and w.live == 4 - c[w.tile] for w in ws)
    out = riichi.batch.waits(np.array([c], np.uint8), players=players, threads=1)
    shapes = out["shapes"][0]
    assert [k for k in range(34) if shapes[k]] == [w.tile for w in ws]
    for w in ws:
        names = [riichi.batch.WAIT_SHAPES[i] for i in range(5) if shapes[w.tile] >> i & 1]
        assert names == w.shapes
        assert out["live"][0, w.tile] == w.live


def test_karaten_is_marked_not_dropped():
    # 1z/2z shanpon; both other 1z visible: the 1z wait stays, karaten, 0 live
    ws = riichi.waits("123m456p789s1122z", visible="11z")
    assert [(w.tile, w.live, w.karaten) for w in ws] == [(27, 0, True), (28, 2, False)]
    assert repr(ws[0]) == "Wait(1z: shanpon, karaten)"
    # every wait karaten: still tenpai, every wait listed
    ws = riichi.waits("123m456p789s1122z", visible="1122z")
    assert [(w.tile, w.karaten) for w in ws] == [(27, True), (28, True)]
    # without visible tiles the list is today's, nothing karaten
    plain = riichi.waits("123m456p789s1122z")
    assert [w.tile for w in plain] == [27, 28] and not any(w.karaten for w in plain)
    # a tanki on a kind held three times with the fourth visible
    h = riichi.Hand.parse("1m234567p789s pon:111z")
    assert [(w.tile, w.live) for w in h.waits()] == [(0, 3)]
    assert [(w.tile, w.karaten) for w in h.waits(visible="111m")] == [(0, True)]
    # RC08 is unchanged: all four copies in the own hand is no wait at all
    assert riichi.waits("123456789m1111p", visible="") == []
    # batch: the same
    c = np.array([riichi.parse_counts("123m456p789s1122z")[0]], np.uint8)
    vis = np.array(riichi.parse_counts("11z")[0], np.uint8)
    out = riichi.batch.waits(c, vis, threads=1)
    assert out["karaten"][0].nonzero()[0].tolist() == [27]
    assert out["live"][0, 28] == 2
    with pytest.raises(InvalidHand, match="1z"):
        riichi.waits("123m456p789s1122z", visible="111z")


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("tile", [f"{n}m" for n in range(2, 9)])
def test_three_players_refuse_2m_to_8m(tile):
    hand13 = f"{tile}123p456s789s111z"
    hand14 = f"{tile}123p456s789s1112z"
    sanma = riichi.Rules.tenhou_sanma()
    calls = [
        lambda: riichi.shanten(hand13, players=3),
        lambda: riichi.shanten(riichi.parse_counts(hand13)[0], players=3),
        lambda: riichi.shanten_detail(hand13, players=sanma),
        lambda: riichi.ukeire(hand13, players=3),
        lambda: riichi.waits(hand13, players=3),
        lambda: riichi.discards(hand14, players=3),
        lambda: riichi.decompose(f"{tile}{tile}123p456s789s111z", players=3),
        lambda: riichi.Hand.parse(hand13).ukeire(players=3),
        lambda: riichi.Hand.parse(hand13).waits(players=3),
        lambda: riichi.Hand.parse(hand13).is_tenpai(players=3),
        lambda: riichi.Hand.parse(hand14).discards(players=3),
        lambda: riichi.score(f"{tile}{tile}123p456s789s111z", "1z", rules=sanma),
    ]
    for call in calls:
        with pytest.raises(InvalidHand, match=f"{tile}.*three-player"):
            call()
    # a visible 2m-8m is refused too, and the same hands are fine for 4 players
    with pytest.raises(InvalidHand, match=f"visible holds {tile}"):
        riichi.ukeire("1m123p456s789s111z", visible=tile, players=3)
    assert riichi.shanten(hand13) == 0  # a tanki wait
    rows = np.array([riichi.parse_counts(hand13)[0]], np.uint8)
    for f in (riichi.batch.shanten, riichi.batch.ukeire, riichi.batch.waits):
        with pytest.raises(InvalidHand, match=f"row 0: hand holds {tile}"):
            f(rows, players=3, threads=1)


@pytest.mark.parametrize("tile", [f"{n}m" for n in range(2, 9)])
def test_three_player_batch_scoring_refuses_2m_to_8m(tile):
    """The batch scorers refuse what riichi.score refuses under three players, naming the
    hand's index and the tile; the same rows score for four players."""
    sanma = riichi.Rules.tenhou_sanma()
    good = "11m123p456s789s111z"
    bad = f"{tile}{tile}123p456s789s111z"
    rows = np.array([riichi.parse_counts(h)[0] for h in (good, bad)], np.uint8)
    win = np.array([27, 27], np.uint8)
    want = rf"requests\[1\]: hand holds {tile}.*three-player"
    with pytest.raises(InvalidHand, match=want):
        riichi.batch.score_arrays(rows, win, rules=sanma)
    with pytest.raises(InvalidHand, match=want):
        riichi.batch.score([(good, "1z"), (bad, "1z")], rules=sanma)
    # an indicator 2m-8m beside a hand that has none is refused too
    kind = int(tile[0]) - 1
    with pytest.raises(InvalidHand, match=rf"requests\[0\]: dora_indicators holds {tile}"):
        riichi.batch.score_arrays(
            rows[:1], win[:1], dora=np.array([[kind]], np.int8), rules=sanma
        )
    with pytest.raises(InvalidHand, match=rf"requests\[0\]: ura_indicators holds {tile}"):
        riichi.batch.score(
            [(good, "1z", {"riichi": True, "ura_indicators": [tile]})], rules=sanma
        )
    four = riichi.batch.score_arrays(rows, win)
    assert four["has_yaku"].tolist() == [True, True]
    assert riichi.batch.score([(good, "1z"), (bad, "1z")])["has_yaku"].all()


def test_three_player_scoring_refuses_indicators_and_win_tile():
    sanma = riichi.Rules.tenhou_sanma()
    hand = "111m999m123p456s11z"
    assert not riichi.score(hand, "1z", rules=sanma, dora_indicators=["9m"]).has_yaku
    with pytest.raises(InvalidHand, match="dora_indicators holds 5m"):
        riichi.score(hand, "1z", rules=sanma, dora_indicators=["5m"])
    with pytest.raises(InvalidHand, match="ura_indicators holds 2m"):
        riichi.score(hand, "1z", rules=sanma, riichi=True, ura_indicators=["2m"])
    # four players: the same inputs score
    riichi.score(hand, "1z", dora_indicators=["5m"])


def test_three_player_scoring_refuses_a_chi():
    # three-player mahjong has no chi: a hand holding one was scored (2 han here)
    sanma = riichi.Rules.tenhou_sanma()
    with pytest.raises(riichi.RiichiError, match="three-player mahjong has no chi"):
        riichi.score("11p456s111z999s chi:213p", "1p", rules=sanma)
    with pytest.raises(riichi.RiichiError, match="no chi"):
        riichi.batch.score([("11p456s111z999s chi:213p", "1p")], rules=sanma)
    assert riichi.score("11p456s111z999s pon:999p", "1p", rules=sanma).han == 2
    assert riichi.score("11p456s111z999s chi:213p", "1p").han == 2  # four players


@pytest.mark.parametrize("bad", [2, 5, 0, -3, "3", 3.0, True, object()])
def test_players_must_be_3_4_or_rules(bad):
    with pytest.raises(RiichiError, match="players"):
        riichi.shanten("123m456p789s1122z", players=bad)
    with pytest.raises(RiichiError, match="players"):
        riichi.batch.waits(np.zeros((1, 34), np.uint8) + 0, players=bad)
