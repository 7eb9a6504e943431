"""Batch scoring: dict requests and NumPy columns agree with single calls."""

from __future__ import annotations

import numpy as np
import pytest

import mjlog_agari as M
import riichi
from riichi.batch_score import FLAG_BITS, MELD_KINDS, score, score_arrays

ROOT = M.shared_dir() / "data" / "mjlog"


def _ints(s: str) -> list[int]:
    return [int(x) for x in s.split(",") if x.strip()]


def _sample_wins(n: int):
    out = []
    for w in M.all_wins(ROOT, limit_files=40):
        if not w.sanma and w.red_on and w.file not in M.KNOWN_FAULTS and not w.go_type & 0x200:
            out.append(w)
        if len(out) >= n:
            break
    return out


@pytest.mark.skipif(not ROOT.is_dir(), reason="shared logs not found")
def test_arrays_agree_with_single_calls_on_real_wins():
    wins = _sample_wins(400)
    n = len(wins)
    concealed = np.zeros((n, 34), np.uint8)
    red = np.zeros((n, 3), np.uint8)
    melds = np.zeros((n, 4, 3), np.uint8)
    flags = np.zeros(n, np.uint16)
    dora = np.full((n, 5), -1, np.int8)
    ura = np.full((n, 5), -1, np.int8)
    for i, w in enumerate(wins):
        a = dict(M.ATTR.findall(w.tag))
        for t in _ints(a["hai"]):
            concealed[i, t // 4] += 1
            if t in M.RED_IDS:
                red[i, t // 36] += 1
        for j, m in enumerate(M.decode_meld(c, True) for c in _ints(a.get("m", ""))):
            melds[i, j] = (MELD_KINDS[m.kind], min(m.ids) // 4, sum(t in M.RED_IDS for t in m.ids))
        flags[i] = sum(1 << b for f, b in FLAG_BITS.items() if w.kwargs.get(f))
        dora[i, : len(w.kwargs["dora_indicators"])] = w.kwargs["dora_indicators"]
        ura[i, : len(w.kwargs["ura_indicators"])] = w.kwargs["ura_indicators"]
    cols = score_arrays(
        concealed,
        np.array([w.win_tile for w in wins], np.uint8),
        red=red,
        melds=melds,
        flags=flags,
        seat_wind=np.array([w.kwargs["seat_wind"] - 27 for w in wins]),
        round_wind=np.array([w.kwargs["round_wind"] - 27 for w in wins]),
        dora=dora,
        ura=ura,
        honba=np.array([w.kwargs["honba"] for w in wins]),
        kyotaku=np.array([w.kwargs["kyotaku"] for w in wins]),
    )
    for i, w in enumerate(wins):
        r = riichi.score(w.hand_text, w.win_tile, **w.kwargs)
        assert (cols["han"][i], cols["fu"][i], cols["points"][i]) == (r.han, r.fu, r.points)
        assert cols["total"][i] == r.total and cols["ron_payment"][i] == r.ron_payment
        assert cols["points"][i] == w.points  # and with Tenhou's record
        assert _mask_ids(cols["yaku_mask"][i]) == r.yaku_ids


def _mask_ids(row: np.ndarray) -> list[int]:
    """The yaku ids set in one (2,) uint64 row of ``yaku_mask``: id i is bit i % 64 of word
    i // 64."""
    assert row.shape == (2,) and row.dtype == np.uint64
    return [64 * w + b for w in range(2) for b in range(64) if int(row[w]) >> b & 1]


def test_yaku_mask_carries_every_yaku_id():
    """Shiisan-puutaa (local yakuman, id 64: past a 64-bit mask) with its rule flag on shows up
    in both batch entry points exactly as riichi.score lists it; the column is (N, 2) uint64."""
    on = riichi.Rules(shiisan_puutaa=True)
    kw = {"tsumo": True, "chiihou": True, "seat_wind": "S"}
    hands = ["147m258p369s12344z", "123m456p789s234s55p"]
    single = [
        riichi.score(h, "4z" if i == 0 else "2s", rules=on, **kw) for i, h in enumerate(hands)
    ]
    assert single[0].yaku_ids == [64] and single[0].yakuman == [("shiisan_puutaa", 1)]
    assert 64 in riichi.scoring.YAKU_IDS
    cols = score([(hands[0], "4z", kw), (hands[1], "2s", kw)], on)
    assert cols["yaku_mask"].shape == (2, 2) and cols["yaku_mask"].dtype == np.uint64
    c = np.array([riichi.Hand.parse(h).concealed for h in hands], np.uint8)
    for i, r in enumerate(single):
        assert _mask_ids(cols["yaku_mask"][i]) == r.yaku_ids
        assert (cols["han"][i], cols["yakuman"][i], cols["points"][i]) == (
            r.han,
            sum(n for _, n in r.yakuman),
            r.points,
        )
    assert cols["yaku_mask"][0].tolist() == [0, 1]  # id 64 = bit 0 of word 1
    # the same through score_arrays (NumPy columns)
    arr = score_arrays(
        c,
        np.array([riichi.parse_tile("4z"), riichi.parse_tile("2s")], np.uint8),
        flags=np.full(2, 1 << FLAG_BITS["tsumo"] | 1 << FLAG_BITS["chiihou"], np.uint16),
        seat_wind=np.ones(2, np.uint8),
        rules=on,
    )
    for k in ("yaku_mask", "han", "yakuman", "points", "is_agari", "has_yaku"):
        assert np.array_equal(arr[k], cols[k]), k
    off = score_arrays(
        c[:1],
        np.array([riichi.parse_tile("4z")], np.uint8),
        flags=np.array([1 | 1 << 9], np.uint16),
        seat_wind=np.ones(1, np.uint8),
    )
    assert off["yaku_mask"].tolist() == [[0, 0]] and not off["is_agari"][0]


def test_arrays_defaults_and_errors():
    c = np.zeros((2, 34), np.uint8)
    for k, n in zip((0, 1, 2, 12, 13, 14, 24, 25, 26, 27), (1, 1, 1, 1, 1, 1, 1, 1, 1, 3)):
        c[:, k] = n
    c[:, 33] = 2
    out = score_arrays(c, np.array([33, 33]), flags=np.array([1 << FLAG_BITS["tsumo"], 0]))
    single = riichi.score("123m456p789s111z77z", "7z", tsumo=True)
    assert out["han"][0] == single.han and out["total"][0] == single.total
    assert out["has_yaku"].tolist() == [True, True]
    with pytest.raises(riichi.RiichiError, match="concealed"):
        score_arrays(np.zeros((2, 33), np.uint8), np.zeros(2))
    with pytest.raises(riichi.RiichiError, match="seat_wind"):
        score_arrays(c, np.array([33, 33]), seat_wind=np.array([0]))
    bad = c.copy()
    bad[1, 0] = 5
    with pytest.raises(riichi.RiichiError, match=r"concealed: row 1: value 5"):
        score_arrays(bad, np.array([33, 33]))
    with pytest.raises(riichi.RiichiError, match="melds"):
        score_arrays(c, np.array([33, 33]), melds=np.full((2, 1, 3), 9, np.uint8))


def test_dict_batch_is_the_same_api():
    cols = score([{"hand": "123m456p789s111z77z", "win_tile": "7z", "tsumo": True}])
    assert cols["han"][0] == riichi.score("123m456p789s111z77z", "7z", tsumo=True).han


def test_tuple_requests():
    cols = score([("123m456p789s111z77z", "7z", {"tsumo": True}), ("123m456p789s111z77z", 33)])
    assert cols["han"].tolist() == [
        riichi.score("123m456p789s111z77z", "7z", tsumo=True).han,
        riichi.score("123m456p789s111z77z", "7z").han,
    ]
    with pytest.raises(riichi.RiichiError, match=r"requests\[0\]"):
        score([("123m",)])


@pytest.mark.parametrize(
    ("column", "value", "fragment"),
    [
        ("win_tile", np.array([278, 33]), "win_tile: row 0: value 278"),
        ("win_tile", np.array([-234, 33]), "win_tile: row 0: value -234"),
        ("win_tile", np.array([22.7, 33.0]), "win_tile: expected an integer array"),
        ("honba", np.array([65538, 0]), "honba: row 0: value 65538"),
        ("flags", np.array([1.9, 0.0]), "flags: expected an integer array"),
        ("flags", np.array([0xFFFF, 0]), "flags: row 0: value 65535"),
        ("dora", np.array([[-5], [-1]]), "dora: row 0: value -5"),
        ("red", np.array([1, 0]), r"red: expected shape \(2, 3\)"),
        ("melds", np.array([[[9, 0, 0]], [[0, 0, 0]]]), "melds: row 0: meld 0 field 0 is 9"),
    ],
)
def test_arrays_refuse_values_they_would_wrap(column, value, fragment):
    """Out-of-range or non-integer columns raise naming the column and row; nothing wraps
    modulo 256 or truncates a float (found in review: win tile 278 scored as 22)."""
    c = np.zeros((2, 34), np.uint8)
    c[:] = riichi.parse_counts("123m456p789s111z77z")[0]
    kwargs = {} if column == "win_tile" else {column: value}
    win = value if column == "win_tile" else np.array([33, 33])
    with pytest.raises(riichi.RiichiError, match=fragment):
        score_arrays(c, win, **kwargs)


def test_arrays_refuse_wide_counts_that_would_wrap():
    c = np.zeros((1, 34), np.int64)
    c[0, :14] = 1
    c[0, 0] = 257
    with pytest.raises(riichi.RiichiError, match="concealed: row 0: value 257"):
        score_arrays(c, np.array([0]))


def test_arrays_check_indicators_as_single_calls_do():
    """An indicator that would be a fifth copy of a kind is refused by score_arrays (naming the
    row), as riichi.score refuses it; six indicators likewise."""
    hand = "111123m456p789s55p"
    with pytest.raises(riichi.RiichiError, match="fifth copy"):
        riichi.score(hand, "2m", dora_indicators=["1m"])
    c = np.array([riichi.Hand.parse(hand).concealed] * 2, np.uint8)
    win = np.array([riichi.parse_tile("2m")] * 2, np.uint8)
    ok = score_arrays(c, win, dora=np.array([[9], [9]], np.int8))
    assert ok["has_yaku"].tolist() == [False, False]  # no yaku, but valid
    with pytest.raises(riichi.RiichiError, match=r"requests\[1\].*fifth copy"):
        score_arrays(c, win, dora=np.array([[9], [0]], np.int8))
    with pytest.raises(
        riichi.RiichiError, match=r"requests\[0\].*ura.*fifth copy|requests\[0\].*fifth"
    ):
        score_arrays(
            c, win, dora=np.array([[-1], [-1]], np.int8), ura=np.array([[0], [9]], np.int8)
        )
    six = np.full((2, 6), 9, np.int8)
    with pytest.raises(riichi.RiichiError, match=r"requests\[0\].*at most 5"):
        score_arrays(c, win, dora=six)
