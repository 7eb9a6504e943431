"""Per-seat hand questions: the core's ``SeatHand`` against today's Python referee.

Run: ``python benches/bench_seat.py [--games N] [--seed S] [--sanma]``.

At every decision point of ``--games`` seeded self-play hanchan (uniformly random legal
actions) the same question is answered twice and timed per call:

* a turn (after a draw or a call): the round's ``_turn_actions(seat)`` (what the first
  ``legal_actions(seat)`` of that turn computes) against ``SeatHand.turn_actions(table)``;
* a discard: the round's ``_dahai_options`` plus ``_call_options`` of every seat that may call
  (every seat's ``legal_actions`` at the claim) against one ``discard_answers`` call.

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
from seat_support import action_tuple, seat_hand, seat_table, selfplay_points


class _Timer:
    def __init__(self) -> None:
        self.py = {"turn": 0, "discard": 0}
        self.core = {"turn": 0, "discard": 0}
        self.core_built = {"turn": 0, "discard": 0}
        self.points = {"turn": 0, "discard": 0}
        self.mismatches = 0

    def __call__(self, point) -> None:
        clock = time.perf_counter_ns
        kind, rnd = point[0], point[1]
        if kind == "rob":  # rare (a kakan, an ankan, a kita): not timed
            return
        if kind == "turn":
            s = point[2]
            t0 = clock()
            py = rnd._turn_actions(s)
            t1 = clock()
            table = seat_table(rnd)
            hand = seat_hand(rnd, s)
            t2 = clock()
            core = hand.turn_actions(table)
            t3 = clock()
            want = {s: [action_tuple(a) for a in py]} if py else {}
            got = {s: core} if core else {}
        else:
            d, tile = point[2], point[3]
            t0 = clock()
            opts, lazy = rnd._dahai_options(d, tile)
            calls = {o: rnd._call_options(o, d, tile) for o in (lazy or ())}
            t1 = clock()
            table = seat_table(rnd)
            hands = [seat_hand(rnd, o) for o in range(rnd.rules.num_players)]
            t2 = clock()
            answers = _core.discard_answers(hands, d, tile, table)
            t3 = clock()
            want = {}
            for o, acts in (opts or {}).items():
                if acts is None:
                    acts = [*(["ron"] if lazy[o] else []), *calls[o], "pass"]
                want[o] = [
                    ("ron",) if a == "ron" else ("pass",) if a == "pass" else action_tuple(a)
                    for a in acts
                ]
            got = dict(answers)
        self.py[kind] += t1 - t0
        self.core[kind] += t3 - t2
        self.core_built[kind] += t3 - t1
        self.points[kind] += 1
        self.mismatches += got != want


def run(games: int, seed: int, rules: Rules) -> dict:
    timer = _Timer()
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
    args = ap.parse_args(argv)
    rules = Rules.tenhou_sanma() if args.sanma else Rules()
    res = run(args.games, args.seed, rules)
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
