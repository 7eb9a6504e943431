"""Scoring speed: riichi vs riichienv's evaluator on the same hands, in one run.

Hands: the 4-player winning hands of ../shared/data/mjlog (each scored from its AGARI tag,
closed and open, with dora, uradora and red fives) and random complete hands. Reports
single-call throughput of both libraries (and whether each answer matched Tenhou's record for
the real hands), then ``riichi.batch_score`` throughput on one thread and on all threads.

Run: ``python benches/bench_score.py`` (a table), or ``pytest benches/bench_score.py
--benchmark-enable`` for pytest-benchmark timings. Never a timed test.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import mjlog_agari as M
import riichi
from riichi.batch_score import FLAG_BITS, score_arrays
from riichi.batch_score import score as batch_score

try:
    import riichienv
    from riichienv import _riichienv as renv
except ImportError:  # pragma: no cover
    riichienv = None
    renv = None

WINDS_RENV = None
if riichienv is not None:
    WINDS_RENV = [riichienv.EAST, riichienv.SOUTH, riichienv.WEST, riichienv.NORTH]


def _ints(s: str) -> list[int]:
    return [int(x) for x in s.split(",") if x.strip()]


def real_hands(limit: int | None = None) -> list[dict]:
    """4-player mjlog wins (known-fault files excluded) as prepared inputs for both libraries."""
    out = []
    root = M.shared_dir() / "data" / "mjlog"
    for w in M.all_wins(root):
        if w.sanma or w.file in M.KNOWN_FAULTS:
            continue
        a = dict(M.ATTR.findall(w.tag))
        melds = [M.decode_meld(c, w.red_on) for c in _ints(a.get("m", ""))]
        out.append(
            {
                "win": w,
                "hand": riichi.Hand.parse(w.hand_text),
                "rules": M.rules_for(w),
                "ids": _ints(a["hai"]),
                "machi": int(a["machi"]),
                "melds": melds,
                "dora": _ints(a.get("doraHai", "")),
                "ura": _ints(a.get("doraHaiUra", "")),
            }
        )
        if limit and len(out) >= limit:
            break
    return out


def random_hands(n: int, seed: int = 7) -> list[dict]:
    """Closed random complete hands (4 sets + pair) with random flags (a red five only when
    all four copies of a five are held)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        counts = [0] * 34
        ids: list[int] = []
        ok = True
        for _ in range(4):
            if rng.random() < 0.6:
                k = rng.randrange(3) * 9 + rng.randrange(7)
                ks = [k, k + 1, k + 2]
            else:
                ks = [rng.randrange(34)] * 3
            for k in ks:
                if counts[k] >= 4:
                    ok = False
                counts[k] += 1
        p = rng.randrange(34)
        counts[p] += 2
        if not ok or max(counts) > 4:
            continue
        for k, c in enumerate(counts):
            ids += [k * 4 + 3 - i for i in range(c)]  # copy 3 first: red only with all 4 fives
        win = rng.choice(ids)
        out.append(
            {
                "counts": counts,
                "ids": ids,
                "machi": win,
                "tsumo": rng.random() < 0.4,
                "riichi": rng.random() < 0.5,
                "seat": rng.randrange(4),
                # an indicator is a physical tile: one the hand does not hold (copy 0 of the
                # kind is the one left when the hand holds three, copies 3, 2, 1 being taken)
                "dora": [rng.choice([k * 4 for k in range(34) if counts[k] < 4])],
            }
        )
        # riichi's input built before timing, as for the real hands: a random hand holding
        # all four copies of a five holds its red copy (id 16/52/88); riichienv sees it in
        # the 136-ids, so riichi is told as well
        out[-1]["hand"] = riichi.Hand.from_counts(counts, red=red_of(ids))
        out[-1]["dora_kinds"] = [d // 4 for d in out[-1]["dora"]]
    return out


# ---- riichi calls -------------------------------------------------------------------------


def riichi_real(h: dict):
    w = h["win"]
    return riichi.score(h["hand"], w.win_tile, rules=h["rules"], **w.kwargs)


def red_of(ids: list[int]) -> tuple[int, int, int]:
    """Red fives (man, pin, sou) among 136-ids: copy 0 of each five (ids 16, 52, 88)."""
    return tuple(int(r in ids) for r in sorted(M.RED_IDS))  # type: ignore[return-value]


def riichi_random(h: dict):
    return riichi.score(
        h["hand"],
        h["machi"] // 4,
        tsumo=h["tsumo"],
        riichi=h["riichi"],
        seat_wind=27 + h["seat"],
        dora_indicators=h["dora_kinds"],
    )


# ---- riichienv calls ----------------------------------------------------------------------

_MT = {}


def _renv_meld(m) -> object:
    if not _MT:
        _MT.update(
            chi=renv.MeldType.Chi,
            pon=renv.MeldType.Pon,
            daiminkan=renv.MeldType.Daiminkan,
            ankan=renv.MeldType.Ankan,
            kakan=renv.MeldType.Kakan,
        )
    return renv.Meld(_MT[m.kind], list(m.ids), m.kind != "ankan", 0, m.ids[0])


def riichienv_real(h: dict):
    w = h["win"]
    kw = w.kwargs
    cond = renv.Conditions(
        tsumo=kw["tsumo"],
        riichi=kw.get("riichi", False),
        double_riichi=kw.get("double_riichi", False),
        ippatsu=kw.get("ippatsu", False),
        haitei=kw.get("haitei", False),
        houtei=kw.get("houtei", False),
        rinshan=kw.get("rinshan", False),
        chankan=kw.get("chankan", False),
        tsumo_first_turn=kw.get("tenhou", False) or kw.get("chiihou", False),
        player_wind=WINDS_RENV[kw["seat_wind"] - 27],
        round_wind=WINDS_RENV[kw["round_wind"] - 27],
        riichi_sticks=kw["kyotaku"],
        honba=kw["honba"],
    )
    melds = [_renv_meld(m) for m in h["melds"] if not m.nuki]
    ev = renv.HandEvaluator(sorted(h["ids"]), melds)
    return ev.calc(h["machi"], h["dora"], h["ura"], cond)


def riichienv_random(h: dict):
    cond = renv.Conditions(
        tsumo=h["tsumo"],
        riichi=h["riichi"],
        player_wind=WINDS_RENV[h["seat"]],
        round_wind=WINDS_RENV[0],
    )
    ev = renv.HandEvaluator(sorted(h["ids"]), [])
    return ev.calc(h["machi"], h["dora"], [], cond)


def _rate(fn, hands, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for h in hands:
            fn(h)
        best = min(best, time.perf_counter() - t)
    return len(hands) / best


def _requests(hands: list[dict]) -> list[dict]:
    out = []
    for h in hands:
        w = h["win"]
        out.append({"hand": h["hand"], "win_tile": w.win_tile, **w.kwargs})
    return out


def arrays(hands: list[dict]) -> dict:
    """The real hands as the columns of riichi.batch_score.score_arrays."""
    import numpy as np

    n = len(hands)
    cols = {
        "concealed": np.zeros((n, 34), np.uint8),
        "win_tile": np.zeros(n, np.uint8),
        "red": np.zeros((n, 3), np.uint8),
        "melds": np.zeros((n, 4, 3), np.uint8),
        "flags": np.zeros(n, np.uint16),
        "seat_wind": np.zeros(n, np.uint8),
        "round_wind": np.zeros(n, np.uint8),
        "dora": np.full((n, 5), -1, np.int8),
        "ura": np.full((n, 5), -1, np.int8),
        "honba": np.zeros(n, np.uint16),
        "kyotaku": np.zeros(n, np.uint16),
    }
    kinds = {"chi": 1, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 5}
    for i, h in enumerate(hands):
        w = h["win"]
        for t in h["ids"]:
            cols["concealed"][i, t // 4] += 1
            if w.red_on and t in M.RED_IDS:
                cols["red"][i, t // 36] += 1
        cols["win_tile"][i] = w.win_tile
        for j, m in enumerate(x for x in h["melds"] if not x.nuki):
            red = sum(1 for t in m.ids if w.red_on and t in M.RED_IDS)
            cols["melds"][i, j] = (kinds[m.kind], min(m.ids) // 4, red)
        kw = w.kwargs
        cols["flags"][i] = sum(1 << b for f, b in FLAG_BITS.items() if kw.get(f))
        cols["seat_wind"][i] = kw["seat_wind"] - 27
        cols["round_wind"][i] = kw["round_wind"] - 27
        for j, d in enumerate(kw["dora_indicators"]):
            cols["dora"][i, j] = d
        for j, d in enumerate(kw["ura_indicators"]):
            cols["ura"][i, j] = d
        cols["honba"][i] = kw["honba"]
        cols["kyotaku"][i] = kw["kyotaku"]
    return cols


def _arrays_rate(cols: dict, repeat: int = 5) -> float:
    return _arrays_rates(cols, repeat)[0]


def _arrays_rates(cols: dict, repeat: int = 5) -> tuple[float, float]:
    """(hands per wall second, hands per CPU second of the whole process) of score_arrays.

    The CPU rate is robust to other load on a shared machine; with several threads it is
    the rate per core.
    """
    best = best_cpu = float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        score_arrays(**cols)
        best = min(best, time.perf_counter() - t)
        best_cpu = min(best_cpu, time.process_time() - c)
    n = len(cols["win_tile"])
    return n / best, n / max(best_cpu, 1e-9)


def _batch_rate(reqs: list[dict], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        batch_score(reqs)
        best = min(best, time.perf_counter() - t)
    return len(reqs) / best


def main() -> None:
    real = real_hands()
    rnd = random_hands(5000)
    print(f"hands: {len(real)} real (4-player mjlog wins), {len(rnd)} random closed")
    # correctness of each library on the real hands (han/fu/points vs Tenhou's record)
    ok_r = sum(1 for h in real if not M.check(h["win"])[1])
    print(f"riichi agrees with Tenhou on {ok_r}/{len(real)} real hands")
    if renv is not None:
        ok_e = errors = 0
        for h in real:
            try:
                res = riichienv_real(h)
            except Exception:
                errors += 1
                res = None
            if res is None:
                continue
            w = h["win"]
            han = sum(w.yaku.values()) if not w.yakuman else res.han
            if res.is_win and res.fu == w.fu and res.han == han:
                ok_e += 1
        print(
            f"riichienv han/fu agree with Tenhou on {ok_e}/{len(real)} real hands ({errors} raised)"
        )
    rows = [("riichi.score (real)", _rate(riichi_real, real))]
    rows.append(("riichi.score (random)", _rate(riichi_random, rnd)))
    if renv is not None:
        rows.append(("riichienv HandEvaluator.calc (real)", _rate(riichienv_real, real)))
        rows.append(("riichienv HandEvaluator.calc (random)", _rate(riichienv_random, rnd)))
    reqs = _requests(real) * 4
    threads = os.cpu_count()
    rows.append((f"riichi batch.score dicts, {threads} threads (real x4)", _batch_rate(reqs)))
    cols = arrays(real * 4)
    wall, cpu = _arrays_rates(cols)
    rows.append((f"riichi score_arrays, {threads} threads (real x4)", wall))
    rows.append((f"riichi score_arrays, {threads} threads, per CPU-second", cpu))
    one = subprocess.run(
        [sys.executable, __file__, "--batch-one-thread"],
        env={**os.environ, "RAYON_NUM_THREADS": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    dicts1, arrays1, arrays1_cpu = map(float, one.stdout.split())
    rows.append(("riichi batch.score dicts, 1 thread (real x4)", dicts1))
    rows.append(("riichi score_arrays, 1 thread (real x4)", arrays1))
    rows.append(("riichi score_arrays, 1 thread, per CPU-second", arrays1_cpu))
    for name, rate in rows:
        print(f"{name:55s} {rate:12,.0f} hands/s")
    base = dict(rows).get("riichienv HandEvaluator.calc (real)")
    if base:
        for name, rate in rows:
            print(f"{name:55s} {rate / base:8.2f}x riichienv single (real)")


def test_bench_riichi_single(benchmark):
    hands = real_hands(2000)
    benchmark(lambda: [riichi_real(h) for h in hands])


def test_bench_riichienv_single(benchmark):
    if renv is None:
        import pytest

        pytest.skip("riichienv not installed")
    hands = real_hands(2000)
    benchmark(lambda: [riichienv_real(h) for h in hands])


def test_bench_riichi_batch(benchmark):
    reqs = _requests(real_hands(2000))
    benchmark(lambda: batch_score(reqs))


def test_bench_riichi_arrays(benchmark):
    cols = arrays(real_hands(2000))
    benchmark(lambda: score_arrays(**cols))


if __name__ == "__main__":
    if "--batch-one-thread" in sys.argv:
        hands = real_hands()
        print(_batch_rate(_requests(hands) * 4), *_arrays_rates(arrays(hands * 4)))
    else:
        main()
