"""Per-seat hand questions: the core's ``SeatHand`` against the same rules written in Python.

Run: ``python benches/bench_seat.py [--games N] [--seed S] [--sanma]``.

At every decision point of ``--games`` seeded self-play hanchan (uniformly random legal
actions) the same question is answered by both and timed per call (the fastest of ``--reps`` runs, so
that the noise of a shared machine drops out; the referee's per-hand cache of riichi waits is
the reference keeps no cache):

* a turn (after a draw or a call): the Python reference of tests/seat_support.py
  (``reference_turn``: the engine's Python arithmetic before the core took it over) against
  ``SeatHand.turn_actions(table)``, which the round asks once per turn;
* a discard: the reference's answers of every other seat (``reference_claims``) against one
  ``discard_answers`` call, which the round makes once per discard.

The core is timed twice: the question alone on prebuilt objects (the cost once the engine keeps
a ``SeatHand`` per seat up to date), and with the objects built from the round's state in Python
first (the cost of asking without wiring). Every answer is compared; a disagreement is counted
and reported, never hidden.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from riichi import _core
from riichi.rules import Rules
from seat_support import (
    reference_claims,
    reference_turn,
    seat_hand,
    seat_table,
    selfplay_points,
)


class _Timer:
    def __init__(self, reps: int) -> None:
        self.py = {"turn": 0, "discard": 0}
        self.core = {"turn": 0, "discard": 0}
        self.core_built = {"turn": 0, "discard": 0}
        self.points = {"turn": 0, "discard": 0}
        self.mismatches = 0
        self.reps = reps

    def __call__(self, point) -> None:
        kind, rnd = point[0], point[1]
        if kind == "rob":  # rare (a kakan, an ankan, a kita): not timed
            return
        if kind == "turn":
            s = point[2]

            def python():
                return reference_turn(rnd, s)

            def build():
                return seat_hand(rnd, s), seat_table(rnd)

            def core(built):
                return built[0].turn_actions(built[1])

            def compare(py, got):
                return got == py
        else:
            d, tile = point[2], point[3]

            def python():
                return reference_claims(rnd, d, tile, "dahai")

            def build():
                return [seat_hand(rnd, o) for o in range(rnd.rules.num_players)], seat_table(rnd)

            def core(built):
                return _core.discard_answers(built[0], d, tile, built[1])

            def compare(py, got):
                return dict(got) == py

        clock = time.perf_counter_ns
        t_py = t_core = t_build = None
        for _ in range(self.reps):  # the fastest of a few reps: the machine's noise out
            t0 = clock()
            py = python()
            t1 = clock()
            built = build()
            t2 = clock()
            got = core(built)
            t3 = clock()
            t_py = t1 - t0 if t_py is None else min(t_py, t1 - t0)
            t_build = t2 - t1 if t_build is None else min(t_build, t2 - t1)
            t_core = t3 - t2 if t_core is None else min(t_core, t3 - t2)
        self.py[kind] += t_py
        self.core[kind] += t_core
        self.core_built[kind] += t_core + t_build
        self.points[kind] += 1
        self.mismatches += not compare(py, got)


def run(games: int, seed: int, rules: Rules, reps: int = 3) -> dict:
    timer = _Timer(reps)
    selfplay_points(rules, games, seed, timer)
    out = {"mismatches": timer.mismatches}
    for kind in ("turn", "discard"):
        n = max(timer.points[kind], 1)
        out[kind] = {
            "points": timer.points[kind],
            "python_per_s": n / max(timer.py[kind], 1) * 1e9,
            "core_per_s": n / max(timer.core[kind], 1) * 1e9,
            "core_with_build_per_s": n / max(timer.core_built[kind], 1) * 1e9,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--sanma", action="store_true", help="three players (Tenhou sanma rules)")
    ap.add_argument("--reps", type=int, default=3, help="timed reps per point (the fastest counts)")
    args = ap.parse_args(argv)
    rules = Rules.tenhou_sanma() if args.sanma else Rules()
    res = run(args.games, args.seed, rules, args.reps)
    print(f"{args.games} hanchan, seed {args.seed}, {'sanma' if args.sanma else 'four players'}")
    print(f"{'question':<10}{'points':>9}{'python/s':>12}{'core/s':>12}{'x':>7}"
          f"{'core+build/s':>14}{'x':>7}")  # fmt: skip
    for kind in ("turn", "discard"):
        r = res[kind]
        print(
            f"{kind:<10}{r['points']:>9}{r['python_per_s']:>12,.0f}{r['core_per_s']:>12,.0f}"
            f"{r['core_per_s'] / r['python_per_s']:>7.1f}{r['core_with_build_per_s']:>14,.0f}"
            f"{r['core_with_build_per_s'] / r['python_per_s']:>7.1f}"
        )
    print(f"answers that differ: {res['mismatches']}")
    return 1 if res["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
