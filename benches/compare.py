"""riichi against its peers in one run: shanten, ukeire, waits and discard tables (four and
three players), scoring, self-play, log parsing, replay.

    python benches/compare.py [--quick] [--hands N] [--seed S] [--json FILE] [--sections LIST]

Every library gets the same inputs (prepared outside the timed region, each in its own
natural input type) and every answer is checked, not just timed: a table per section shows
throughput by wall clock and per CPU-second, the ratio riichi/peer, and how many answers
disagreed. A final summary lists every target of issues 2-5 with PASS or MISS. Method and
how to read the output: benches/README.md.

The per-area scripts (bench_shanten.py, shanten_throughput.py, bench_score.py,
bench_selfplay.py, bench_parse.py, bench_replay.py when present) provide the inputs and the
library calls; this file only times and checks them side by side.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

# NumPy's OpenBLAS threads spin for a while after start-up and would be counted as this
# process's CPU time; no BLAS is used here, so one BLAS thread (set before importing NumPy)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import numpy as np

import riichi

SECTIONS = ("shanten", "ukeire", "analysis", "score", "selfplay", "parse", "replay")
CPUS = os.cpu_count() or 1


# ---- timing ------------------------------------------------------------------------------


@dataclass
class Row:
    """One measured line of a section table."""

    name: str
    library: str
    input: str
    items: int  # items processed per timed call (hands, hanchan, games)
    wall: float = 0.0  # best seconds per call (wall clock)
    cpu: float = 0.0  # best CPU seconds per call (thread or process, see `clock`)
    clock: str = "thread"  # "thread": calling thread's CPU; "process": all threads
    checked: int = 0  # answers compared with the reference
    mismatches: int | None = None  # None: nothing to check against
    note: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def rate_wall(self) -> float:
        return self.items / self.wall if self.wall else 0.0

    @property
    def rate_cpu(self) -> float:
        return self.items / self.cpu if self.cpu else 0.0


def measure(rows_fns: list[tuple[Row, Callable[[], object]]], reps: int, min_time: float) -> None:
    """Time each function, repetitions interleaved (so a burst of load from other work on a
    shared machine hits every candidate alike); keep the best wall and best CPU time per call.

    A call shorter than ``min_time`` is repeated k times inside one timed region (k chosen
    from a first untimed call) and the times divided by k.
    """
    ks = []
    for row, fn in rows_fns:
        t = time.perf_counter()
        fn()
        once = time.perf_counter() - t
        ks.append(max(1, int(min_time / max(once, 1e-9))))
        row.wall = row.cpu = float("inf")
    for _ in range(reps):
        for (row, fn), k in zip(rows_fns, ks):
            clock = time.thread_time if row.clock == "thread" else time.process_time
            t, c = time.perf_counter(), clock()
            for _ in range(k):
                fn()
            wall, cpu = (time.perf_counter() - t) / k, (clock() - c) / k
            if wall < row.wall:
                row.extra["cores_at_best_wall"] = cpu / wall  # CPU/wall of the fastest run
            row.wall, row.cpu = min(row.wall, wall), min(row.cpu, cpu)


def fmt_rate(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:8.2f} M"
    if x >= 1e3:
        return f"{x / 1e3:8.1f} k"
    return f"{x:8.1f}  "


def print_table(title: str, rows: list[Row], base: Row | None, unit: str) -> None:
    print(f"\n== {title}")
    head = (
        f"{'':47s} {'n':>7s} {unit + '/s wall':>12s} {unit + '/s CPU':>12s} "
        f"{'x base wall':>11s} {'x base CPU':>10s}  answers"
    )
    print(head)
    for r in rows:
        if r.mismatches is None:
            ans = "not checked" if not r.note else ""
        elif r.mismatches == 0:
            ans = f"all {r.checked} agree"
        else:
            ans = f"{r.mismatches}/{r.checked} DISAGREE"
        if base is not None and base.wall and r.wall:
            xw = f"{r.rate_wall / base.rate_wall:10.2f}x"
            xc = f"{r.rate_cpu / base.rate_cpu:9.2f}x"
        else:
            xw = xc = f"{'-':>10s}"
        cpu = fmt_rate(r.rate_cpu) + ("*" if r.clock == "process" else " ")
        print(
            f"{r.name:47.47s} {r.items:7d} {fmt_rate(r.rate_wall):>12s} {cpu:>12s} {xw} {xc}  {ans}"
        )
        if r.note:
            print(f"{'':49s}{r.note}")
    if base is not None:
        print(f"(base = {base.name}; * CPU of all threads of the process)")


# ---- inputs ------------------------------------------------------------------------------


def random_hands(n: int, seed: int) -> tuple[np.ndarray, list[list[int]], np.ndarray]:
    """n hands of 13 or 14 tiles (each size with probability 1/2) drawn without replacement
    from the 136 tiles. Returns (uint8 (n, 34) counts, sorted 136-id lists, sizes)."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(13, 15, n)
    ids = np.empty((n, 14), np.int64)
    for a in range(0, n, 20_000):  # chunks: (20k, 136) random keys at a time
        b = min(n, a + 20_000)
        ids[a:b] = np.argpartition(rng.random((b - a, 136)), 14, axis=1)[:, :14]
    counts = np.zeros((n, 34), np.uint8)
    id_lists = []
    for i in range(n):
        row = np.sort(ids[i, : sizes[i]])
        np.add.at(counts[i], row // 4, 1)
        id_lists.append(row.tolist())
    return counts, id_lists, sizes


# ---- 1. shanten --------------------------------------------------------------------------


def section_shanten(a, out: dict) -> list[Row]:
    import mahjong.shanten
    import riichienv
    import xiangting

    four = xiangting.PlayerCount.FOUR
    counts, id_lists, _ = random_hands(a.hands, a.seed)
    lists = [r.tolist() for r in counts]
    hand_objs = [riichi.Hand.from_counts(c) for c in lists]
    # reference: xiangting's replacement number - 1 (the definition of shanten)
    expected = [xiangting.calculate_replacement_number(c, four) - 1 for c in lists]
    n_mj = min(len(lists), 200 if a.quick else 3_000)
    mj = mahjong.shanten.Shanten()

    def from_ids(ids):
        c = [0] * 34
        for t in ids:
            c[t >> 2] += 1
        return riichi.shanten(c)

    def xt(c):
        return xiangting.calculate_replacement_number(c, four) - 1

    n = len(lists)
    single = [
        (Row("riichi.shanten", "riichi", "list of 34 counts", n), riichi.shanten, lists),
        (Row("riichi Hand.shanten() (Hand built beforehand)", "riichi", "Hand", n),
         riichi.Hand.shanten, hand_objs),
        (Row("riichi.shanten, counts built from 136-ids in loop", "riichi",
             "list of 136-ids -> Python -> 34 counts", n), from_ids, id_lists),
        (Row("riichienv.calculate_shanten", "riichienv", "list of 136-ids (sorted)", n),
         riichienv.calculate_shanten, id_lists),
        (Row("xiangting replacement_number - 1 (reference)", "xiangting", "list of 34 counts", n),
         xt, lists),
        (Row(f"mahjong Shanten.calculate_shanten ({n_mj} hands)", "mahjong", "list of 34 counts",
             n_mj), mj.calculate_shanten, lists[:n_mj]),
    ]  # fmt: skip
    rows_fns = []
    for row, f, items in single:
        got = [f(x) for x in items]
        row.checked = len(got)
        row.mismatches = sum(g != e for g, e in zip(got, expected))
        rows_fns.append((row, lambda f=f, items=items: [f(x) for x in items]))
    b1 = Row("riichi.batch.shanten threads=1", "riichi", "uint8 (N, 34)", n)
    ball = Row(f"riichi.batch.shanten threads=None (all {CPUS})", "riichi", "uint8 (N, 34)", n,
               clock="process")  # fmt: skip
    for row, t in ((b1, 1), (ball, None)):
        got = riichi.batch.shanten(counts, threads=t).tolist()
        row.checked, row.mismatches = n, sum(g != e for g, e in zip(got, expected))
    measure(rows_fns, reps=3 if a.quick else 5, min_time=0.05 if a.quick else 0.3)
    # the batch pair on its own, with more repetitions: the 2-thread/1-thread ratio needs a
    # moment when both cores are free, and the best of many interleaved runs finds one
    measure(
        [
            (b1, lambda: riichi.batch.shanten(counts, threads=1)),
            (ball, lambda: riichi.batch.shanten(counts, threads=None)),
        ],
        reps=3 if a.quick else 15,
        min_time=0.05 if a.quick else 0.2,
    )
    rows = [r for r, _ in rows_fns] + [b1, ball]
    renv = rows[3]
    print_table(
        f"1. shanten: {n} random hands of 13/14 tiles from 136 (seed {a.seed}); "
        "answers vs xiangting replacement number - 1",
        rows, renv, "hands",
    )  # fmt: skip
    out["shanten"] = {
        "batch1_over_riichienv_cpu": b1.rate_cpu / renv.rate_cpu,
        "batch1_hands_per_cpu_s": b1.rate_cpu,
        "batch1_hands_per_wall_s": b1.rate_wall,
        "batch_all_over_1_wall": ball.rate_wall / b1.rate_wall,
        "batch_all_cores_used": ball.extra["cores_at_best_wall"],
        "single_over_riichienv_cpu": rows[0].rate_cpu / renv.rate_cpu,
        "single_over_riichienv_wall": rows[0].rate_wall / renv.rate_wall,
    }
    return rows


# ---- 2. ukeire ---------------------------------------------------------------------------


def section_ukeire(a, out: dict) -> list[Row]:
    import xiangting

    four = xiangting.PlayerCount.FOUR
    counts, _, sizes = random_hands(a.hands, a.seed)
    c13 = np.ascontiguousarray(counts[sizes == 13])
    lists = [r.tolist() for r in c13]
    n = len(lists)
    # reference: xiangting's necessary tiles (bit k = kind k lowers the replacement number)
    ref = [xiangting.calculate_necessary_tiles(c, four)[1] for c in lists]

    def mask_of(kinds) -> int:
        m = 0
        for k in kinds:
            m |= 1 << k
        return m

    def xt(c):
        return xiangting.calculate_necessary_tiles(c, four)

    r_single = Row("riichi.ukeire", "riichi", "list of 34 counts", n)
    got = [mask_of(riichi.ukeire(c).tiles) for c in lists]
    r_single.checked, r_single.mismatches = n, sum(g != e for g, e in zip(got, ref))
    r_xt = Row("xiangting calculate_necessary_tiles (ref)", "xiangting", "list of 34 counts", n)
    r_xt.checked, r_xt.mismatches = n, 0
    rows_fns = [
        (r_single, lambda: [riichi.ukeire(c) for c in lists]),
        (r_xt, lambda: [xt(c) for c in lists]),
    ]
    bits = 1 << np.arange(34, dtype=np.uint64)
    for t, name in ((1, "threads=1"), (None, f"threads=None (all {CPUS})")):
        row = Row(f"riichi.batch.ukeire {name}", "riichi", "uint8 (N, 34)", n,
                  clock="thread" if t == 1 else "process")  # fmt: skip
        live = riichi.batch.ukeire(c13, threads=t)
        # with no visible tiles an improving kind always has a live copy: nonzero = improving
        masks = ((live > 0).astype(np.uint64) * bits).sum(axis=1).tolist()
        row.checked, row.mismatches = n, sum(int(g) != e for g, e in zip(masks, ref))
        rows_fns.append((row, lambda t=t: riichi.batch.ukeire(c13, threads=t)))
    measure(rows_fns, reps=3 if a.quick else 5, min_time=0.05 if a.quick else 0.3)
    rows = [r for r, _ in rows_fns]
    rows.append(Row("riichienv / mahjong: no ukeire function", "-", "-", 0,
                    note="(riichienv 0.4 and mahjong 2.1 expose no ukeire; not measured)"))  # fmt: skip
    print_table(
        f"2. ukeire: the {n} 13-tile hands of section 1; answers = set of improving kinds "
        "vs xiangting necessary tiles",
        rows, r_xt, "hands",
    )  # fmt: skip
    out["ukeire"] = {
        "single_over_xiangting_cpu": r_single.rate_cpu / r_xt.rate_cpu,
        "single_over_xiangting_wall": r_single.rate_wall / r_xt.rate_wall,
        "batch1_hands_per_cpu_s": rows[2].rate_cpu,
    }
    return rows


# ---- 2b. waits, discard tables, three players --------------------------------------------


def tenpai_hands(n: int, seed: int) -> list[list[int]]:
    """n tenpai 13-tile hands: a random complete hand (4 sets, each a sequence with
    probability 0.6 else a triplet, and a pair, at most 4 copies of a kind) less one random
    tile."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                k = 9 * int(rng.integers(3)) + int(rng.integers(7))
                for j in range(3):
                    c[k + j] += 1
            else:
                c[int(rng.integers(34))] += 3
        c[int(rng.integers(34))] += 2
        if max(c) > 4:
            continue
        held = [k for k in range(34) if c[k]]
        c[held[int(rng.integers(len(held)))]] -= 1
        out.append(c)
    return out


def sanma_hands(n: int, seed: int) -> list[list[int]]:
    """n hands of 13 or 14 tiles drawn without replacement from the 108 three-player tiles
    (no 2m-8m)."""
    rng = np.random.default_rng(seed)
    kinds = np.array([k for k in range(34) if not 1 <= k <= 7])
    out = []
    for _ in range(n):
        ids = rng.choice(108, size=int(rng.integers(13, 15)), replace=False)
        c = [0] * 34
        for t in ids:
            c[int(kinds[t // 4])] += 1
        out.append(c)
    return out


def section_analysis(a, out: dict) -> list[Row]:
    import xiangting

    four, three = xiangting.PlayerCount.FOUR, xiangting.PlayerCount.THREE
    n = max(200, a.hands // 5)
    reps, min_time = (3, 0.05) if a.quick else (5, 0.3)

    def bits(kinds) -> int:
        return sum(1 << k for k in kinds)

    # waits of tenpai hands: the wait kinds are xiangting's necessary tiles (rn = 1)
    tenpai = tenpai_hands(n, a.seed + 3)
    ref = [xiangting.calculate_necessary_tiles(c, four) for c in tenpai]
    ref_w = [nt if rn == 1 else 0 for rn, nt in ref]
    w_single = Row("riichi.waits (tenpai hands)", "riichi", "list of 34 counts", n)
    w_single.checked = n
    w_single.mismatches = sum(bits(w.tile for w in riichi.waits(c)) != e
                              for c, e in zip(tenpai, ref_w))  # fmt: skip
    w_xt = Row("xiangting calculate_necessary_tiles (tenpai)", "xiangting", "list of 34 counts", n,
               checked=n, mismatches=0)  # fmt: skip
    arr_t = np.array(tenpai, np.uint8)
    w_batch = Row("riichi.batch.waits threads=1", "riichi", "uint8 (N, 34)", n)
    shapes = riichi.batch.waits(arr_t, threads=1)["shapes"]
    w_batch.checked = n
    w_batch.mismatches = sum(bits(np.flatnonzero(r).tolist()) != e for r, e in zip(shapes, ref_w))
    wait_rows = [
        (w_single, lambda: [riichi.waits(c) for c in tenpai]),
        (w_xt, lambda: [xiangting.calculate_necessary_tiles(c, four) for c in tenpai]),
        (w_batch, lambda: riichi.batch.waits(arr_t, threads=1)),
    ]
    measure(wait_rows, reps, min_time)
    # the same calls on hands never asked before, each timed on one pass only: riichi.waits
    # remembers a waiting group's answer by the group's counts (per thread), so the rows
    # above, which repeat their hands, could flatter it; these show a first sight. Three
    # new sets, interleaved, best of three; answers checked as above
    w_new = Row("riichi.waits (new hands, one pass each)", "riichi", "list of 34 counts", n)
    w_new_xt = Row("xiangting necessary_tiles (same new hands)", "xiangting",
                   "list of 34 counts", n)  # fmt: skip
    w_new.wall = w_new.cpu = w_new_xt.wall = w_new_xt.cpu = float("inf")
    w_new.checked = w_new_xt.checked = w_new.mismatches = w_new_xt.mismatches = 0
    for i in range(3):
        fresh = tenpai_hands(n, a.seed + 11 + i)
        for row, call in ((w_new, riichi.waits),
                          (w_new_xt, lambda c: xiangting.calculate_necessary_tiles(c, four))):  # fmt: skip
            t, cpu = time.perf_counter(), time.thread_time()
            got = [call(c) for c in fresh]
            row.wall = min(row.wall, time.perf_counter() - t)
            row.cpu = min(row.cpu, time.thread_time() - cpu)
            if row is w_new:
                kinds = [bits(w.tile for w in ws) for ws in got]
            else:
                kinds = [nt if rn == 1 else 0 for rn, nt in got]
            want = [nt if rn == 1 else 0
                    for rn, nt in (xiangting.calculate_necessary_tiles(c, four) for c in fresh)]  # fmt: skip
            row.checked += n
            row.mismatches += sum(k != e for k, e in zip(kinds, want))

    # discard tables of 14-tile hands: per discard, shanten after and improving kinds
    counts, _, sizes = random_hands(n, a.seed + 5)
    c14 = [r.tolist() for r, size in zip(counts, sizes) if size == 14]
    arr14 = np.array(c14, np.uint8)
    m = len(c14)

    def xt_table(c):
        # the cheapest equivalent loop: one xiangting call per distinct discard
        t = {}
        for k in range(34):
            if c[k]:
                c[k] -= 1
                t[k] = xiangting.calculate_necessary_tiles(c, four)
                c[k] += 1
        return t

    ref_d = [{k: (rn - 1, nt) for k, (rn, nt) in xt_table(c).items()} for c in c14]
    d_single = Row("riichi.discards", "riichi", "list of 34 counts", m, checked=m)
    d_single.mismatches = sum(
        {d.tile: (d.shanten, bits(d.ukeire.tiles)) for d in riichi.discards(c)} != e
        for c, e in zip(c14, ref_d)
    )
    d_xt = Row("Python loop: xiangting per discard (ref)", "xiangting", "list of 34 counts", m,
               checked=m, mismatches=0)  # fmt: skip
    d_batch = Row("riichi.batch.discards threads=1", "riichi", "uint8 (N, 34)", m, checked=m)
    tab = riichi.batch.discards(arr14, threads=1)
    d_batch.mismatches = sum(
        {k: (int(tab["shanten"][i, k]), int(tab["tiles"][i, k])) for k in e} != e
        for i, e in enumerate(ref_d)
    )
    disc_rows = [
        (d_single, lambda: [riichi.discards(c) for c in c14]),
        (d_xt, lambda: [xt_table(c) for c in c14]),
        (d_batch, lambda: riichi.batch.discards(arr14, threads=1)),
    ]
    measure(disc_rows, reps, min_time)

    # three players: shanten and ukeire against xiangting's PlayerCount.THREE
    sanma = sanma_hands(n, a.seed + 7)
    s13 = [c for c in sanma if sum(c) == 13]
    ref_s = [xiangting.calculate_replacement_number(c, three) - 1 for c in sanma]
    s_single = Row("riichi.shanten(players=3)", "riichi", "list of 34 counts", n, checked=n)
    s_single.mismatches = sum(riichi.shanten(c, players=3) != e for c, e in zip(sanma, ref_s))
    s_xt = Row("xiangting replacement_number THREE - 1 (ref)", "xiangting", "list of 34 counts",
               n, checked=n, mismatches=0)  # fmt: skip
    ref_u = [xiangting.calculate_necessary_tiles(c, three) for c in s13]
    u_single = Row("riichi.ukeire(players=3)", "riichi", "list of 34 counts", len(s13),
                   checked=len(s13))  # fmt: skip
    u_single.mismatches = sum(
        (u.shanten, bits(u.tiles)) != (rn - 1, nt)
        for u, (rn, nt) in zip((riichi.ukeire(c, players=3) for c in s13), ref_u)
    )
    u_xt = Row("xiangting necessary_tiles THREE (ref)", "xiangting", "list of 34 counts",
               len(s13), checked=len(s13), mismatches=0)  # fmt: skip
    sanma_rows = [
        (s_single, lambda: [riichi.shanten(c, players=3) for c in sanma]),
        (s_xt, lambda: [xiangting.calculate_replacement_number(c, three) for c in sanma]),
        (u_single, lambda: [riichi.ukeire(c, players=3) for c in s13]),
        (u_xt, lambda: [xiangting.calculate_necessary_tiles(c, three) for c in s13]),
    ]
    measure(sanma_rows, reps, min_time)

    wr = [r for r, _ in wait_rows] + [w_new, w_new_xt]
    print_table(f"2b. waits: {n} tenpai 13-tile hands (complete hands less a tile, seed "
                f"{a.seed + 3}); answers = wait kinds vs xiangting necessary tiles",
                wr, w_xt, "hands")  # fmt: skip
    dr = [r for r, _ in disc_rows]
    print_table(f"2c. discard table: {m} random 14-tile hands; answers = per discard, shanten "
                "and improving kinds vs one xiangting call per discard", dr, d_xt, "hands")  # fmt: skip
    sr = [r for r, _ in sanma_rows]
    print_table(f"2d. three players: {n} random 13/14-tile hands from the 108 sanma tiles; "
                "answers vs xiangting PlayerCount.THREE (ukeire: the 13-tile ones)",
                sr, s_xt, "hands")  # fmt: skip
    out["analysis"] = {
        "waits_over_xiangting_cpu": w_single.rate_cpu / w_xt.rate_cpu,
        "waits_over_xiangting_wall": w_single.rate_wall / w_xt.rate_wall,
        "waits_new_hands_over_xiangting_cpu": w_new.rate_cpu / w_new_xt.rate_cpu,
        "discards_over_xiangting_loop_cpu": d_single.rate_cpu / d_xt.rate_cpu,
        "discards_over_xiangting_loop_wall": d_single.rate_wall / d_xt.rate_wall,
        "sanma_shanten_over_xiangting_cpu": s_single.rate_cpu / s_xt.rate_cpu,
        "sanma_ukeire_over_xiangting_cpu": u_single.rate_cpu / u_xt.rate_cpu,
    }
    return wr + dr + sr


# ---- 3. scoring --------------------------------------------------------------------------


def _random_arrays(hands: list[dict]) -> dict:
    """bench_score.random_hands as score_arrays columns (closed hands)."""
    import bench_score as B

    n = len(hands)
    cols = {
        "concealed": np.array([h["counts"] for h in hands], np.uint8),
        "red": np.array([B.red_of(h["ids"]) for h in hands], np.uint8),
        "win_tile": np.array([h["machi"] // 4 for h in hands], np.uint8),
        "flags": np.array([int(h["tsumo"]) | int(h["riichi"]) << 1 for h in hands], np.uint16),
        "seat_wind": np.array([h["seat"] for h in hands], np.uint8),
        "round_wind": np.zeros(n, np.uint8),
        "dora": np.array([[h["dora"][0] // 4] for h in hands], np.int8),
    }
    return cols


@functools.cache
def _group_rules(key: str) -> riichi.Rules:
    """Rules of a column group: "default" (riichi.Rules()) or "tenhou-<red>-<kiriage>". Built
    once per group (configuration, like the inputs: not part of the timed scoring)."""
    if key == "default":
        return riichi.Rules()
    _, red, kiri = key.split("-")
    return riichi.Rules.tenhou(red=red == "1").replace(kiriage_mangan=kiri == "1")


def _score_groups(groups: dict[str, dict]) -> list[dict]:
    """score_arrays once per rule group (one Rules per call)."""
    from riichi.batch_score import score_arrays

    return [score_arrays(**cols, rules=_group_rules(k.split("/")[1])) for k, cols in groups.items()]


def _score_child(path: str, reps: int, min_time: float) -> None:
    """Child process (RAYON_NUM_THREADS=k): time score_arrays on the saved columns. The work
    runs on rayon's worker threads, so CPU is process time."""
    res = {}
    data = np.load(path)
    for kind in ("real", "random"):
        groups: dict[str, dict] = {}
        for k in data.files:
            if k.startswith(kind + "/"):
                g, col = k.rsplit(".", 1)
                groups.setdefault(g, {})[col] = data[k]
        n = sum(len(c["win_tile"]) for c in groups.values())
        row = Row(kind, "riichi", "", n, clock="process")
        measure([(row, lambda groups=groups: _score_groups(groups))], reps, min_time)
        res[kind] = (row.wall, row.cpu, row.extra["cores_at_best_wall"])
    print(json.dumps(res))


def _same_score(r, e) -> str:
    """riichi ScoreResult vs riichienv WinResult: "same", "rule" (a known rule difference) or
    "differ". Yakuman hands compare the multiple (riichi also reports the fu of a yakuman
    hand, riichienv 0)."""
    if r.has_yaku != e.is_win:
        return "differ"
    if not r.has_yaku:
        return "same"
    if r.yakuman or e.han >= 13:
        if r.han == e.han:
            return "same"
        # Tenhou counts suuankou tanki as a single yakuman, riichienv as a double
        if any(n == "suuankou_tanki" for n, _ in r.yakuman) and e.han == r.han + 13:
            return "rule"
        return "differ"
    return "same" if (r.han, r.fu) == (e.han, e.fu) else "differ"


def section_score(a, out: dict) -> list[Row]:
    import bench_score as B

    real = B.real_hands(limit=600 if a.quick else None)
    rnd = B.random_hands(2_000 if a.quick else 20_000, seed=a.seed)
    nr, nx = len(real), len(rnd)

    def log_han(h, r_han):
        w = h["win"]
        return r_han if w.yakuman else sum(w.yaku.values())

    # agreement with the log (han, fu, points for riichi; han and fu for riichienv, whose
    # result carries payments rather than the hand value)
    res = [B.riichi_real(h) for h in real]
    bad_r = sum(
        not (r.has_yaku and r.han == log_han(h, r.han) and r.fu == h["win"].fu
             and r.points == h["win"].points)
        for h, r in zip(real, res)
    )  # fmt: skip
    bad_e = raised_e = rule_e = 0
    for h in real:
        w = h["win"]
        try:
            e = B.riichienv_real(h)
        except Exception:
            raised_e += 1
            bad_e += 1
            continue
        if not e.is_win:
            bad_e += 1
        elif w.yakuman:  # Tenhou lists each yakuman; riichienv reports fu 0 for them
            exp = 13 * len(w.yakuman)
            if e.han == exp + 13 and 41 in w.yakuman:  # 41: Tenhou's suuankou tanki
                rule_e += 1
            elif e.han != exp:
                bad_e += 1
        elif (e.han, e.fu) != (sum(w.yaku.values()), w.fu):
            bad_e += 1
    # random hands: riichi vs riichienv (win or not, han, fu)
    rr = [B.riichi_random(h) for h in rnd]
    verdicts = [_same_score(r, B.riichienv_random(h)) for r, h in zip(rr, rnd)]
    bad_x, rule_x = verdicts.count("differ"), verdicts.count("rule")
    rows_fns = [
        (Row("riichi.score (real)", "riichi", "Hand + keywords + Rules", nr, checked=nr,
             mismatches=bad_r), lambda: [B.riichi_real(h) for h in real]),
        (Row("riichienv HandEvaluator(..).calc (real)", "riichienv",
             "136-ids + Meld objects + Conditions", nr, checked=nr, mismatches=bad_e,
             note=f"(han/fu vs log; {raised_e} raised; {rule_e} more differ by rule: suuankou "
             "tanki double yakuman in riichienv)"),
         lambda: [B.riichienv_real(h) for h in real]),
        (Row("riichi.score (random closed)", "riichi", "Hand + keywords", nx, checked=nx,
             mismatches=bad_x, note=f"(vs riichienv han/fu; {rule_x} more differ by rule: "
             "suuankou tanki double yakuman in riichienv)"),
         lambda: [B.riichi_random(h) for h in rnd]),
        (Row("riichienv HandEvaluator(..).calc (random closed)", "riichienv",
             "136-ids + Conditions", nx), lambda: [B.riichienv_random(h) for h in rnd]),
    ]  # fmt: skip
    # batch columns: one group per rule set (score_arrays takes one Rules per call); the real
    # hands' rules follow the log's lobby (red fives, kiriage mangan) as for riichi.score
    by_rule: dict[str, list[int]] = {}
    for i, h in enumerate(real):
        w = h["win"]
        key = f"tenhou-{int(w.red_on)}-{int(bool(w.go_type & 0x200))}"
        by_rule.setdefault(key, []).append(i)
    order = [i for idx in by_rule.values() for i in idx]
    groups_real = {f"real/{k}": B.arrays([real[i] for i in idx]) for k, idx in by_rule.items()}
    groups_rnd = {"random/default": _random_arrays(rnd)}
    chk = {k: np.concatenate([o[k] for o in _score_groups(groups_real)])
           for k in ("has_yaku", "han", "fu", "points")}  # fmt: skip
    bad_b = sum(
        not (bool(chk["has_yaku"][j]) and (chk["han"][j], chk["fu"][j], chk["points"][j])
             == (res[i].han, res[i].fu, res[i].points))
        for j, i in enumerate(order)
    )  # fmt: skip
    chk = _score_groups(groups_rnd)[0]
    bad_br = sum(
        bool(chk["has_yaku"][i]) != r.has_yaku
        or (r.has_yaku and (chk["han"][i], chk["fu"][i]) != (r.han, r.fu))
        for i, r in enumerate(rr)
    )
    reps, min_time = (3, 0.05) if a.quick else (5, 0.3)
    measure(rows_fns, reps, min_time)
    # batch: rayon's global pool size is fixed per process, so the batch is timed in child
    # processes with RAYON_NUM_THREADS=1 and =CPUS on the same columns, alternating (best of
    # `rounds` children of 2 repetitions each) so that both see the same load
    batch = {}
    for t in (1, CPUS):
        for kind, n, bad in (("real", nr, bad_b), ("random", nx, bad_br)):
            label = "1 thread" if t == 1 else f"{t} threads (all)"
            batch[t, kind] = Row(
                f"riichi score_arrays {label} ({kind})", "riichi", "NumPy columns", n,
                wall=float("inf"), cpu=float("inf"), clock="process", checked=n, mismatches=bad,
            )  # fmt: skip
    batch[CPUS, "real"].note = "(answers vs riichi.score single, in-process, all threads)"
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "cols.npz")
        np.savez(path, **{f"{g}.{k}": v for grp in (groups_real, groups_rnd)
                          for g, cols in grp.items() for k, v in cols.items()})  # fmt: skip
        for _ in range(1 if a.quick else 3):
            for t in (1, CPUS):
                child = subprocess.run(
                    [sys.executable, __file__, "--_score-child", path, "2", str(min_time)],
                    env={**os.environ, "RAYON_NUM_THREADS": str(t)},
                    capture_output=True, text=True, check=True,
                )  # fmt: skip
                for kind, (wall, cpu, cores) in json.loads(child.stdout).items():
                    row = batch[t, kind]
                    if wall < row.wall:
                        row.extra["cores_at_best_wall"] = cores
                    row.wall, row.cpu = min(row.wall, wall), min(row.cpu, cpu)
    b1_real, b1_rnd = batch[1, "real"], batch[1, "random"]
    ball_real = batch[CPUS, "real"]
    rows = [r for r, _ in rows_fns] + list(batch.values())
    renv = rows[1]
    print_table(
        f"3. scoring: {nr} real 4-player mjlog wins (answers vs the log) + {nx} random closed "
        "complete hands",
        rows, renv, "hands",
    )  # fmt: skip
    print(
        "   (random-hand rows compare with riichienv random: "
        f"riichi single {rows[2].rate_cpu / rows[3].rate_cpu:.2f}x CPU, "
        f"batch 1 thread {b1_rnd.rate_cpu / rows[3].rate_cpu:.2f}x CPU)"
    )
    out["score"] = {
        "single_over_riichienv_cpu_real": rows[0].rate_cpu / renv.rate_cpu,
        "single_over_riichienv_cpu_random": rows[2].rate_cpu / rows[3].rate_cpu,
        "batch1_over_riichienv_cpu_real": b1_real.rate_cpu / renv.rate_cpu,
        "batch1_over_riichienv_cpu_random": b1_rnd.rate_cpu / rows[3].rate_cpu,
        "batch_all_over_1_wall_real": ball_real.rate_wall / b1_real.rate_wall,
        "batch_all_cores_used_real": ball_real.extra["cores_at_best_wall"],
        "riichi_log_agreement": f"{nr - bad_r}/{nr}",
        "riichienv_log_agreement": f"{nr - bad_e - rule_e}/{nr} (+{rule_e} by rule)",
    }
    return rows


# ---- 4. self-play ------------------------------------------------------------------------


def section_selfplay(a, out: dict) -> list[Row]:
    import bench_selfplay as S

    games = 2 if a.quick else 30
    rows = []
    S.run_riichi(1, a.seed + 1)  # warm-up, untimed: imports and caches of both engines
    S.run_riichienv(1, a.seed + 1)
    for name, lib, fn in (("riichi Game", "riichi", S.run_riichi),
                          ("riichienv RiichiEnv", "riichienv", S.run_riichienv)):  # fmt: skip
        c = time.process_time()
        g, d, wall = fn(games, a.seed)
        cpu = time.process_time() - c
        row = Row(f"{name} (hanchan)", lib, "random legal action chosen in Python", g,
                  wall=wall, cpu=cpu, clock="process",
                  note=f"{d} decisions: {d / wall:,.0f}/s wall, {d / cpu:,.0f}/CPU-s")  # fmt: skip
        row.extra = {"decisions": d}
        rows.append(row)
    print_table(f"4. self-play: {games} hanchan each, seeds {a.seed}*1000003+i", rows, rows[1],
                "hanchan")  # fmt: skip
    r, e = rows
    out["selfplay"] = {
        "hanchan_over_riichienv_cpu": r.rate_cpu / e.rate_cpu,
        "decisions_per_cpu_s_riichi": r.extra["decisions"] / r.cpu,
        "decisions_per_cpu_s_riichienv": e.extra["decisions"] / e.cpu,
    }
    return rows


# ---- 5. log parsing and replay -----------------------------------------------------------


def section_parse(a, out: dict) -> list[Row]:
    import bench_parse as P
    from riichi.logs import parse_log

    files = P._files([str(P.DEFAULT / "data" / "mjlog")])
    if a.quick:
        files = files[:: max(1, len(files) // 100)][:100]
    blobs, errors = [], 0
    for f in files:
        b = f.read_bytes()
        try:
            parse_log(b, str(f))
            blobs.append(b)
        except ValueError:
            errors += 1
    row = Row("riichi.logs.parse_log (mjlog corpus)", "riichi", "bytes of each file", len(blobs),
              clock="thread", checked=len(files), mismatches=errors,
              note="(answers: every file parses without error)")  # fmt: skip
    rows_fns = [(row, lambda: [parse_log(b) for b in blobs])]
    # the floor of any ElementTree-based reader: ElementTree.fromstring alone on the same bytes
    import xml.etree.ElementTree as ET

    from riichi.logs.sniff import decompress

    xml = [p for p in map(decompress, blobs) if p.lstrip()[:1] == b"<"]
    et = None
    if len(xml) == len(blobs):
        et = Row("xml.etree.ElementTree.fromstring alone", "stdlib", "decompressed XML", len(xml))
        rows_fns.append((et, lambda: [ET.fromstring(p) for p in xml]))
    measure(rows_fns, 2 if a.quick else 3, 0.0)
    print_table(
        "5a. log parsing (files in memory; gunzip, sniffing, events included)",
        [r for r, _ in rows_fns],
        et,
        "games",
    )
    out["parse"] = {"games_per_cpu_s": row.rate_cpu, "games_per_wall_s": row.rate_wall}
    return [r for r, _ in rows_fns]


def section_replay(a, out: dict) -> list[Row]:
    # ---- REPLAY: provided by benches/bench_replay.py (written separately) -----------------
    # Contract: bench_replay.compare(quick: bool, seed: int) -> dict of figures (printed and
    # stored in the JSON). Without `compare`, its script is run (`main(["--games", N])`) and
    # its own table shown as is; its verdicts are then read from that table, not summarised.
    try:
        import bench_replay as R
    except ImportError as e:
        why = "benches/bench_replay.py not present"
        if getattr(e, "name", None) != "bench_replay":
            why = f"bench_replay.py present but its import failed: {e}"
        print(f"\n== 5b. replay: not available ({why})")
        out["replay"] = "not available"
        return []
    print("\n== 5b. replay (benches/bench_replay.py)")
    try:
        if hasattr(R, "compare"):
            figures = R.compare(quick=a.quick, seed=a.seed)
            for k, v in figures.items():
                print(f"   {k}: {v}")
            out["replay"] = figures
        else:
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                R.main(["--games", "20" if a.quick else "200"])
            print(buf.getvalue())
            out["replay"] = {"output": buf.getvalue()}
    except (Exception, SystemExit) as e:  # its failure must not hide the other sections
        print(f"   replay benchmark failed: {type(e).__name__}: {e}")
        out["replay"] = f"failed: {e}"
    return []


# ---- summary -----------------------------------------------------------------------------


def summary(figs: dict, rows: dict) -> list[dict]:
    t = []

    def add(target, value, ok, how):
        t.append({"target": target, "value": value, "pass": ok, "measured": how})

    def busy(cores: float) -> str:
        # the all-threads run could not get the cores: the ratio is the machine's, not ours
        return " BUSY MACHINE: rerun when idle" if cores < 0.9 * CPUS else ""

    s = figs.get("shanten")
    if s:
        add(
            "shanten batch 1 thread >= 10x riichienv.calculate_shanten single",
            f"{s['batch1_over_riichienv_cpu']:.1f}x",
            s["batch1_over_riichienv_cpu"] >= 10,
            "per CPU-second",
        )
        add(
            "shanten batch 1 thread >= 10 M hands/s",
            f"{s['batch1_hands_per_cpu_s'] / 1e6:.2f} M/CPU-s "
            f"({s['batch1_hands_per_wall_s'] / 1e6:.2f} M/s wall)",
            s["batch1_hands_per_cpu_s"] >= 10e6,
            "per CPU-second",
        )
        add(
            f"shanten batch {CPUS} threads >= 1.7x 1 thread",
            f"{s['batch_all_over_1_wall']:.2f}x (fastest run used {s['batch_all_cores_used']:.2f} cores)"
            + busy(s["batch_all_cores_used"]),
            s["batch_all_over_1_wall"] >= 1.7,
            "wall clock, interleaved runs",
        )
        add(
            "shanten single call no slower than riichienv",
            f"{s['single_over_riichienv_cpu']:.2f}x CPU ({s['single_over_riichienv_wall']:.2f}x "
            "wall)",
            s["single_over_riichienv_cpu"] >= 1.0,
            "per CPU-second",
        )
    if s:
        add(
            "shanten single call >= 2x riichienv (issue 16)",
            f"{s['single_over_riichienv_cpu']:.2f}x CPU ({s['single_over_riichienv_wall']:.2f}x "
            "wall)",
            s["single_over_riichienv_cpu"] >= 2.0,
            "per CPU-second",
        )
    u = figs.get("ukeire")
    if u:
        add(
            "ukeire single >= 2x xiangting (issue 16)",
            f"{u['single_over_xiangting_cpu']:.2f}x CPU ({u['single_over_xiangting_wall']:.2f}x "
            "wall)",
            u["single_over_xiangting_cpu"] >= 2.0,
            "per CPU-second",
        )
    an = figs.get("analysis")
    if an:
        add(
            "waits single >= 2x xiangting (issue 16)",
            f"{an['waits_over_xiangting_cpu']:.2f}x CPU ({an['waits_over_xiangting_wall']:.2f}x "
            f"wall; new hands, one pass: {an['waits_new_hands_over_xiangting_cpu']:.2f}x CPU)",
            an["waits_over_xiangting_cpu"] >= 2.0,
            "per CPU-second",
        )
        add(
            "discard table >= 3x a Python loop over xiangting (issue 16)",
            f"{an['discards_over_xiangting_loop_cpu']:.2f}x CPU "
            f"({an['discards_over_xiangting_loop_wall']:.2f}x wall)",
            an["discards_over_xiangting_loop_cpu"] >= 3.0,
            "per CPU-second",
        )
    sc = figs.get("score")
    if sc:
        add(
            "score single >= riichienv HandEvaluator (real hands)",
            f"{sc['single_over_riichienv_cpu_real']:.2f}x "
            f"(random {sc['single_over_riichienv_cpu_random']:.2f}x)",
            sc["single_over_riichienv_cpu_real"] >= 1.0,
            "per CPU-second",
        )
        add(
            "score batch 1 thread >= 10x riichienv single (real hands)",
            f"{sc['batch1_over_riichienv_cpu_real']:.1f}x "
            f"(random {sc['batch1_over_riichienv_cpu_random']:.1f}x)",
            sc["batch1_over_riichienv_cpu_real"] >= 10,
            "per CPU-second",
        )
        add(
            f"score batch scales with threads ({CPUS} vs 1; read as >= 1.5x)",
            f"{sc['batch_all_over_1_wall_real']:.2f}x (fastest run used "
            f"{sc['batch_all_cores_used_real']:.2f} cores)" + busy(sc["batch_all_cores_used_real"]),
            sc["batch_all_over_1_wall_real"] >= 1.5,
            "wall clock",
        )
    sp = figs.get("selfplay")
    if sp:
        add(
            "self-play riichi >= riichienv (hanchan/s)",
            f"{sp['hanchan_over_riichienv_cpu']:.2f}x",
            sp["hanchan_over_riichienv_cpu"] >= 1.0,
            "per CPU-second",
        )
    p = figs.get("parse")
    if p:
        add("log parsing >= 1,000 games/s", f"{p['games_per_cpu_s']:,.0f} games/CPU-s "
            f"({p['games_per_wall_s']:,.0f}/s wall)", p["games_per_cpu_s"] >= 1000,
            "per CPU-second")  # fmt: skip
    rp = figs.get("replay")
    if isinstance(rp, dict) and "replay_games_per_cpu_s" in rp:
        if "over_riichienv_cpu" in rp:
            add(
                "replay >= 2x riichienv MjaiReplay + legal (one process)",
                f"{rp['over_riichienv_cpu']:.2f}x CPU ({rp['over_riichienv_wall']:.2f}x wall)",
                rp["over_riichienv_cpu"] >= 2.0,
                "per CPU-second, parse included",
            )
        add(
            "replay >= 200 games/s (one process)",
            f"{rp['replay_games_per_cpu_s']:,.0f} games/CPU-s "
            f"({rp['replay_games_per_s']:,.0f}/s wall; {rp['riichi_agreement']} agree)",
            rp["replay_games_per_cpu_s"] >= 200,
            "per CPU-second, parse included",
        )
        # near-linear: 85% of one core per process (1.7x with 2 processes); no verdict with
        # fewer cores than processes, or too few games to amortise the pool's start-up
        jobs, x = rp["jobs"], rp["jobs_over_one_process"]
        few = rp["games"] < 100
        add(
            f"replay --jobs {jobs} near-linear: >= {0.85 * jobs:.1f}x one process",
            f"{x:.2f}x"
            + (" (too few games for a verdict: pool start-up dominates)" if few else ""),
            None if few or CPUS < jobs else x >= 0.85 * jobs,
            "wall clock, pool start-up included",
        )
    elif isinstance(rp, dict) and "output" in rp:
        add("replay >= 2x riichienv, >= 200 games/s, --jobs 2 near-linear",
            "see section 5b (bench_replay's own table)", None, "bench_replay.main")  # fmt: skip
    elif isinstance(rp, str):
        add(
            "replay >= 2x riichienv, >= 200 games/s, --jobs 2 near-linear",
            rp,
            None,
            "benches/bench_replay.py absent or failed",
        )
    bad = {
        lib: [
            f"{sec}: {r.name} ({r.mismatches}/{r.checked})"
            for sec, rs in rows.items()
            for r in rs
            if r.mismatches and (r.library == "riichi") == (lib == "riichi")
        ]
        for lib in ("riichi", "peers")
    }
    add(
        "every answer of riichi agrees",
        "; ".join(bad["riichi"]) or "all agree",
        not bad["riichi"],
        "answers checked",
    )
    if bad["peers"]:
        add("(info) peers' answers that disagree", "; ".join(bad["peers"]), None, "not a target")
    return t


def print_summary(targets: list[dict]) -> None:
    print("\n== Summary (targets of issues 2-5 and 16)")
    for x in targets:
        mark = {True: "PASS", False: "MISS", None: "N/A "}[x["pass"]]
        if x["target"].startswith("(info)"):
            mark = "INFO"
        print(f"{mark}  {x['target']:62s} {x['value']}  [{x['measured']}]")


# ---- main --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small inputs: well under a minute")
    ap.add_argument("--hands", type=int, default=None, help="random hands (default 100000)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    ap.add_argument("--sections", default=",".join(SECTIONS),
                    help=f"comma list of {','.join(SECTIONS)}")  # fmt: skip
    a = ap.parse_args(argv)
    if a.hands is None:
        a.hands = 5_000 if a.quick else 100_000
    wanted = [s.strip() for s in a.sections.split(",") if s.strip()]
    unknown = set(wanted) - set(SECTIONS)
    if unknown:
        ap.error(f"unknown sections: {sorted(unknown)}")
    versions = {}
    for mod in ("riichienv", "xiangting", "mahjong", "numpy"):
        try:
            from importlib.metadata import version

            versions[mod] = version(mod)
        except Exception:
            versions[mod] = None
    print(
        f"compare.py  {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}  "
        f"{platform.machine()} {CPUS} CPUs  load {os.getloadavg()[0]:.2f}  "
        f"python {platform.python_version()}  "
        + "  ".join(f"{k} {v}" for k, v in versions.items())
        + ("  [--quick]" if a.quick else "")
    )
    figs: dict = {}
    rows: dict[str, list[Row]] = {}
    funcs = {
        "shanten": section_shanten,
        "ukeire": section_ukeire,
        "analysis": section_analysis,
        "score": section_score,
        "selfplay": section_selfplay,
        "parse": section_parse,
        "replay": section_replay,
    }
    t0 = time.perf_counter()
    for s in SECTIONS:
        if s in wanted:
            rows[s] = funcs[s](a, figs)
            sys.stdout.flush()
    targets = summary(figs, rows)
    print_summary(targets)
    print(f"(total {time.perf_counter() - t0:.0f} s; load {os.getloadavg()[0]:.2f})")
    if a.json:
        doc = {
            "args": vars(a),
            "cpus": CPUS,
            "versions": versions,
            "loadavg_end": os.getloadavg(),
            "figures": figs,
            "rows": {
                s: [{**asdict(r), "rate_wall": r.rate_wall, "rate_cpu": r.rate_cpu} for r in rs]
                for s, rs in rows.items()
            },
            "targets": targets,
        }
        Path(a.json).write_text(json.dumps(doc, indent=1, default=str))
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--_score-child":
        _score_child(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
    else:
        sys.exit(main())
