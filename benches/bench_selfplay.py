"""Random self-play throughput: riichi's Game vs riichienv's RiichiEnv in the same run.

Both engines play whole hanchan (Tenhou-like rules, red fives) with uniformly random legal
actions chosen in Python; we count finished hanchan and decisions (actions stepped) per
second on one process. riichi is a Python state machine over a Rust core; riichienv's
environment is in Rust (its observations and legal actions cross into Python).

Run: ``python benches/bench_selfplay.py [--games N] [--seconds S]``; or under pytest with
``pytest benches/bench_selfplay.py --benchmark-enable``.
"""

from __future__ import annotations

import argparse
import random
import time


def run_riichi(games: int, seed: int = 0) -> tuple[int, int, float]:
    import riichi

    rules = riichi.Rules.tenhou()
    rng = random.Random(seed)
    decisions = 0
    t = time.perf_counter()
    for i in range(games):
        g = riichi.Game(rules, seed=seed * 1_000_003 + i)
        while not g.is_over:
            seats = g.seats_to_act
            for s in seats if g.phase == "claim" else seats[:1]:
                acts = g.legal_actions(s)
                if not acts:
                    continue
                g.step(acts[rng.randrange(len(acts))])
                decisions += 1
                if g.is_over or g.phase != "claim":
                    break
    return games, decisions, time.perf_counter() - t


def run_riichienv(games: int, seed: int = 0) -> tuple[int, int, float]:
    from riichienv import RiichiEnv

    rng = random.Random(seed)
    decisions = 0
    t = time.perf_counter()
    for i in range(games):
        env = RiichiEnv(game_mode="4p-red-half", seed=seed * 1_000_003 + i, skip_mjai_logging=True)
        obs = env.reset()
        while not env.done():
            acts = {}
            for pid, o in obs.items():
                legal = o.legal_actions()
                acts[pid] = legal[rng.randrange(len(legal))]
            decisions += len(acts)
            obs = env.step(acts)
    return games, decisions, time.perf_counter() - t


def _report(name: str, games: int, decisions: int, seconds: float) -> None:
    print(
        f"{name:10s} {games:6d} hanchan {decisions:9d} decisions {seconds:7.2f} s  "
        f"{games / seconds:8.2f} hanchan/s {decisions / seconds:10.0f} decisions/s"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    r = run_riichi(args.games, args.seed)
    _report("riichi", *r)
    try:
        e = run_riichienv(args.games, args.seed)
    except ImportError:
        print("riichienv not installed")
        return
    _report("riichienv", *e)
    print(f"ratio riichi/riichienv (hanchan/s): {(r[0] / r[2]) / (e[0] / e[2]):.2f}")


def test_bench_riichi_selfplay(benchmark):
    benchmark.pedantic(run_riichi, args=(5,), rounds=1, iterations=1)


def test_bench_riichienv_selfplay(benchmark):
    benchmark.pedantic(run_riichienv, args=(5,), rounds=1, iterations=1)


if __name__ == "__main__":
    main()
