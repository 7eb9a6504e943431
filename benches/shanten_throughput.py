"""Quick shanten throughput figures (hands per second), one line per library.

Run: ``python benches/shanten_throughput.py [N]``. Method: the same random 13/14-tile
hands for every library, each in its native input type prepared beforehand (riichi: list
of 34 counts, ``Hand``, or a uint8 (N, 34) array; riichienv: list of 136-ids; xiangting and
mahjong: list of 34 counts). Each figure is the best of 5 repetitions of wall-clock time
(``time.perf_counter``); single-threaded figures also show the best per-CPU-second rate
(``time.process_time``), which is what to trust on a machine shared with other work.
Every library's answers are compared with xiangting's replacement number − 1 first.
"""

from __future__ import annotations

import sys
import time

import mahjong.shanten
import numpy as np
import riichienv
import xiangting

import riichi

FOUR = xiangting.PlayerCount.FOUR


def hands(n, seed=2024):
    rng = np.random.default_rng(seed)
    ids = np.argsort(rng.random((n, 136)), axis=1)[:, :14]
    counts = np.zeros((n, 34), np.uint8)
    id_lists = []
    for i in range(n):
        k = 13 + i % 2
        np.add.at(counts[i], ids[i, :k] // 4, 1)
        id_lists.append(sorted(ids[i, :k].tolist()))
    return counts, id_lists


def best(f, reps=5):
    wall, cpu = float("inf"), float("inf")
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        f()
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu


def line(name, n, wall, cpu=None, ok=True):
    extra = f"  ({n / cpu / 1e6:7.3f} M/CPU-s)" if cpu else ""
    print(f"{name:46s} {n / wall / 1e6:8.3f} M hands/s{extra}  correct={ok}")


def main():
    n_single = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    counts, ids = hands(max(n_single, 1_000_000))
    lists = [r.tolist() for r in counts[:n_single]]
    id_lists = ids[:n_single]
    objs = [riichi.Hand.from_counts(c) for c in lists]
    expected = [xiangting.calculate_replacement_number(c, FOUR) - 1 for c in lists]

    out = riichi.batch.shanten(counts, threads=1)
    ok = out[:n_single].tolist() == expected
    for threads in (1, 2):
        w, c = best(lambda t=threads: riichi.batch.shanten(counts, threads=t))
        line(
            f"riichi.batch.shanten threads={threads}",
            len(counts),
            w,
            c if threads == 1 else None,
            ok,
        )

    def check(f, items, exp):
        return [f(x) for x in items] == exp

    cases = [
        ("riichi.shanten(list of 34 counts)", riichi.shanten, lists),
        ("riichi Hand.shanten()", lambda h: h.shanten(), objs),
        ("riichienv.calculate_shanten(136-ids)", riichienv.calculate_shanten, id_lists),
        (
            "xiangting.calculate_replacement_number - 1",
            lambda c: xiangting.calculate_replacement_number(c, FOUR) - 1,
            lists,
        ),
    ]
    for name, f, items in cases:
        ok = check(f, items, expected)
        w, c = best(lambda f=f, items=items: [f(x) for x in items])
        line(name, len(items), w, c, ok)
    s = mahjong.shanten.Shanten()
    few = lists[:1000]
    ok = check(s.calculate_shanten, few, expected[:1000])
    w, c = best(lambda: [s.calculate_shanten(x) for x in few], reps=2)
    line("mahjong Shanten.calculate_shanten(34 counts)", len(few), w, c, ok)


if __name__ == "__main__":
    main()
