"""RL environment throughput: riichi.env's PettingZoo AEC environment vs riichienv's
``RiichiEnv`` with random agents, in the same run.

Both play whole hanchan (Tenhou rules with red fives; riichienv's ``4p-red-half``) with the
same random agent: per decision, ``np.flatnonzero`` of the environment's own action mask and
one ``random.Random.randrange`` over it (the same calls on both sides), and both build each deciding seat's feature observation (riichi: the flat
``float32`` vector of :mod:`riichi.features` and its int8 mask; riichienv:
``Observation.encode()`` and ``mask()``) as a learner would need. A *step* is one decision
(one action applied). Rates are per CPU-second of this process (``time.process_time``) and
per wall second; the machine is shared, so the ratio in one run is the figure to read.

Rows: riichi flat observations, riichi dict observations, riichi's Gymnasium wrapper
(one seat observed and encoded, the others' random policy reading the mask alone; steps
are every seat's decisions), riichi's ``Game`` alone (random
typed legal actions, no observation: the floor of the environment's loop), riichienv with
``encode()``, riichienv without any encoding (legal actions only, the floor of its loop).

Run: ``python benches/bench_env.py [--games N] [--seed S] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np


def run_riichi(games: int, seed: int, observation: str = "flat") -> dict[str, Any]:
    import riichi
    from riichi.env import RiichiAECEnv

    env = RiichiAECEnv(riichi.Rules.tenhou(), observation=observation)
    rng = random.Random(seed)
    steps = 0
    t, c = time.perf_counter(), time.process_time()
    for i in range(games):
        env.reset(seed=seed * 1_000_003 + i)
        for _agent in env.agent_iter():
            obs, _, term, _, _ = env.last()
            if term:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return {"games": games, "steps": steps, "wall_s": time.perf_counter() - t,
            "cpu_s": time.process_time() - c}  # fmt: skip


def run_single(games: int, seed: int) -> dict[str, Any]:
    """SingleAgentEnv: seat 0 learns (random legal index from the flat observation's
    mask), the others play its built-in random policy (mask only, no encoding); steps
    count every seat's decisions."""
    import riichi
    from riichi.env import SingleAgentEnv

    env = SingleAgentEnv(riichi.Rules.tenhou(), seat=0)
    rng = random.Random(seed)
    steps = 0
    t, c = time.perf_counter(), time.process_time()
    for i in range(games):
        obs, _ = env.reset(seed=seed * 1_000_003 + i)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
        steps += env.aec._steps
    return {"games": games, "steps": steps, "wall_s": time.perf_counter() - t,
            "cpu_s": time.process_time() - c}  # fmt: skip


def run_riichi_game(games: int, seed: int) -> dict[str, Any]:
    import riichi

    rules = riichi.Rules.tenhou()
    rng = random.Random(seed)
    steps = 0
    t, c = time.perf_counter(), time.process_time()
    for i in range(games):
        g = riichi.Game(rules, seed=seed * 1_000_003 + i)
        while not g.is_over:
            acts = g.legal_actions(g.seats_to_act[0])
            g.step(acts[rng.randrange(len(acts))])
            steps += 1
    return {"games": games, "steps": steps, "wall_s": time.perf_counter() - t,
            "cpu_s": time.process_time() - c}  # fmt: skip


def run_riichienv(games: int, seed: int, encode: bool = True) -> dict[str, Any]:
    from riichienv import RiichiEnv

    rng = random.Random(seed)
    steps = 0
    t, c = time.perf_counter(), time.process_time()
    for i in range(games):
        env = RiichiEnv(game_mode="4p-red-half", seed=seed * 1_000_003 + i, skip_mjai_logging=True)
        obs = env.reset()
        while not env.done():
            acts = {}
            for pid, o in obs.items():
                if encode:
                    x = np.frombuffer(o.encode(), dtype=np.float32)  # noqa: F841
                    legal = np.flatnonzero(np.frombuffer(o.mask(), dtype=np.uint8))
                    acts[pid] = o.find_action(int(legal[rng.randrange(len(legal))]))
                else:
                    la = o.legal_actions()
                    acts[pid] = la[rng.randrange(len(la))]
            steps += len(acts)
            obs = env.step(acts)
    return {"games": games, "steps": steps, "wall_s": time.perf_counter() - t,
            "cpu_s": time.process_time() - c}  # fmt: skip


def _line(name: str, r: dict[str, Any]) -> str:
    return (
        f"{name:32s} {r['games']:4d} hanchan {r['steps']:8d} steps  "
        f"{r['steps'] / r['cpu_s']:9.0f} steps/CPU-s {r['steps'] / r['wall_s']:9.0f} steps/s  "
        f"{r['games'] / r['cpu_s']:6.2f} hanchan/CPU-s"
    )


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    out: dict[str, Any] = {}
    run_riichi(1, args.seed + 99)  # untimed warm-up (imports, caches), as for riichienv
    out["riichi_flat"] = run_riichi(args.games, args.seed, "flat")
    print(_line("riichi.env AEC, flat obs", out["riichi_flat"]))
    out["riichi_dict"] = run_riichi(args.games, args.seed, "dict")
    print(_line("riichi.env AEC, dict obs", out["riichi_dict"]))
    out["riichi_single"] = run_single(args.games, args.seed)
    print(_line("riichi.env SingleAgentEnv", out["riichi_single"]))
    out["riichi_game"] = run_riichi_game(args.games, args.seed)
    print(_line("riichi Game alone, no observation", out["riichi_game"]))
    try:
        run_riichienv(1, args.seed + 99)
    except ImportError:
        print("riichienv not installed: no comparison")
    else:
        out["riichienv_encode"] = run_riichienv(args.games, args.seed, True)
        print(_line("riichienv RiichiEnv, encode()", out["riichienv_encode"]))
        out["riichienv_plain"] = run_riichienv(args.games, args.seed, False)
        print(_line("riichienv RiichiEnv, no encoding", out["riichienv_plain"]))

        def rate(k: str) -> float:
            return out[k]["steps"] / out[k]["cpu_s"]

        out["ratio_steps_flat_vs_encode"] = rate("riichi_flat") / rate("riichienv_encode")
        out["ratio_steps_flat_vs_plain"] = rate("riichi_flat") / rate("riichienv_plain")
        print(
            f"steps per CPU-second, riichi flat / riichienv encode(): "
            f"{out['ratio_steps_flat_vs_encode']:.2f} (target >= 2); "
            f"/ riichienv without encoding: {out['ratio_steps_flat_vs_plain']:.2f}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
    return out


def test_bench_env_smoke() -> None:
    """The bench runs (one game each); no timing asserted."""
    out = main(["--games", "1"])
    assert out["riichi_flat"]["steps"] > 0


if __name__ == "__main__":
    main()
