"""Shanten throughput: riichi against riichienv, xiangting and mahjong on the same hands.

Run: ``python -m pytest benches/bench_shanten.py --benchmark-enable`` (``-k batch`` etc.).

Every library gets the same random 13/14-tile hands (drawn from the 136-tile set, seeded),
each in its own native input type, prepared outside the timed region: riichi a list of
34 counts (or a ``Hand``, or a uint8 (N, 34) array for the batch kernel), riichienv a list
of 136-ids (what ``calculate_shanten`` takes), xiangting a list of 34 counts, mahjong a list
of 34 counts. Each benchmark first checks every answer against xiangting's replacement
number − 1 (the exact definition) and records ``correct`` and ``mismatches`` in
``extra_info``: a fast wrong answer is reported as such, not hidden. Per-hand rates are
``extra_info["hands"] / mean``.
"""

from __future__ import annotations

import numpy as np
import pytest

import riichi

riichienv = pytest.importorskip("riichienv")
xiangting = pytest.importorskip("xiangting")
mahjong_shanten = pytest.importorskip("mahjong.shanten")

N_SINGLE = 2_000
N_BATCH = 200_000
FOUR = xiangting.PlayerCount.FOUR


def make_ids(n, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 136)), axis=1)[:, :14].astype(np.int64)


def ids_to_counts(ids, sizes):
    counts = np.zeros((len(ids), 34), np.uint8)
    for i, (row, k) in enumerate(zip(ids, sizes)):
        np.add.at(counts[i], row[:k] // 4, 1)
    return counts


@pytest.fixture(scope="module")
def hands():
    ids = make_ids(N_SINGLE, seed=2024)
    sizes = [13 + (i % 2) for i in range(N_SINGLE)]
    counts = ids_to_counts(ids, sizes)
    count_lists = [row.tolist() for row in counts]
    id_lists = [sorted(row[:k].tolist()) for row, k in zip(ids, sizes)]
    expected = [xiangting.calculate_replacement_number(c, FOUR) - 1 for c in count_lists]
    return {
        "counts": count_lists,
        "ids": id_lists,
        "hand_objects": [riichi.Hand.from_counts(c) for c in count_lists],
        "expected": expected,
    }


@pytest.fixture(scope="module")
def batch_hands():
    ids = make_ids(N_BATCH, seed=7)
    sizes = [13 + (i % 2) for i in range(N_BATCH)]
    counts = ids_to_counts(ids, sizes)
    sample = range(0, N_BATCH, 97)  # a checked sample (xiangting is ~1 µs per hand)
    expected = {
        i: xiangting.calculate_replacement_number(counts[i].tolist(), FOUR) - 1 for i in sample
    }
    return counts, expected


def record(benchmark, answers, expected, library, input_type):
    mismatches = sum(a != e for a, e in zip(answers, expected))
    benchmark.extra_info.update(
        library=library,
        input=input_type,
        hands=len(expected),
        correct=mismatches == 0,
        mismatches=mismatches,
    )


def run_all(f, items):
    return [f(x) for x in items]


def test_riichi_single_counts(benchmark, hands):
    answers = run_all(riichi.shanten, hands["counts"])
    record(benchmark, answers, hands["expected"], "riichi", "list of 34 counts")
    benchmark(run_all, riichi.shanten, hands["counts"])


def test_riichi_single_hand_object(benchmark, hands):
    answers = [h.shanten() for h in hands["hand_objects"]]
    record(benchmark, answers, hands["expected"], "riichi", "Hand")
    benchmark(lambda: [h.shanten() for h in hands["hand_objects"]])


def test_riichienv_single_ids(benchmark, hands):
    answers = run_all(riichienv.calculate_shanten, hands["ids"])
    record(benchmark, answers, hands["expected"], "riichienv", "list of 136-ids")
    benchmark(run_all, riichienv.calculate_shanten, hands["ids"])


def test_xiangting_single_counts(benchmark, hands):
    def f(c):
        return xiangting.calculate_replacement_number(c, FOUR) - 1

    answers = run_all(f, hands["counts"])
    record(benchmark, answers, hands["expected"], "xiangting", "list of 34 counts")
    benchmark(run_all, f, hands["counts"])


def test_mahjong_single_counts(benchmark, hands):
    s = mahjong_shanten.Shanten()
    few = hands["counts"][:200]  # ~30 µs per hand
    answers = run_all(s.calculate_shanten, few)
    record(benchmark, answers, hands["expected"][:200], "mahjong", "list of 34 counts")
    benchmark.pedantic(run_all, args=(s.calculate_shanten, few), rounds=3)


@pytest.mark.parametrize("threads", [1, 2, None])
def test_riichi_batch(benchmark, batch_hands, threads):
    counts, expected = batch_hands
    out = riichi.batch.shanten(counts, threads=threads)
    idx = list(expected)
    record(
        benchmark,
        out[idx].tolist(),
        [expected[i] for i in idx],
        "riichi.batch",
        f"uint8 (N, 34), threads={threads}",
    )
    benchmark.extra_info["hands"] = len(counts)
    benchmark(riichi.batch.shanten, counts, threads=threads)
