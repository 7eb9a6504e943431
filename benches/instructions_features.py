"""Instructions per decision with features and per environment step, riichi against
riichienv: the load-independent figures for issues 11 and 12.

    python benches/instructions_features.py [PATH ...] [--games N] [--hanchan N]
        [--pythonpath DIR]

Runs this script under ``valgrind --tool=cachegrind --cache-sim=no`` (valgrind must be on
``PATH``) once per measure and once more for its base (the same imports, inputs and
first-use warm-up, no work), and prints each measure's instructions per decision or step,
base subtracted:

- decisions: the four-player games of ``benches/bench_features.py --games N`` (default 12
  files of PATH, default ../shared/data/mjlog): ``game_decisions(g, features=True)`` (the
  fast path), the observation path (``game_decisions(g)``, then ``encode_batch`` of the
  observations), the verifying replay alone (per decision of the same games), and
  riichienv ``MjaiReplay`` steps with ``obs.encode()`` and ``obs.mask()`` (the games
  converted to mjai in the base run too);
- environment steps: ``benches/bench_env.py``'s runs of N hanchan (default 3, seed 0):
  riichi's AEC environment with flat observations, riichi's ``Game`` alone, riichienv's
  ``RiichiEnv`` with ``encode()``; the same random agent on both sides.

``--pythonpath`` measures another checkout (before/after; a checkout without
``features=True`` skips the fast path). Inside valgrind (``--run MODE``) the script does the
work of one run, prints its decision or step count and nothing else.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _games(paths: list[str], n: int) -> list:
    sys.path.insert(0, str(HERE))
    from bench_features import games_of, pick

    return [g for g in games_of(pick(paths, n)) if g.start.players == 4]


def _work(mode: str, paths: list[str], n: int, hanchan: int) -> int:
    """One run: ``MODE`` or ``MODE:base``; returns the decisions or steps counted."""
    what, _, base = mode.partition(":")
    sys.path.insert(0, str(HERE))
    if what in ("env", "game", "riichienv_env"):
        import bench_env

        run = {"env": lambda k: bench_env.run_riichi(k, 0, "flat"),
               "game": lambda k: bench_env.run_riichi_game(k, 0),
               "riichienv_env": lambda k: bench_env.run_riichienv(k, 0, True)}[what]  # fmt: skip
        run(1)  # first use (bench_env's warm-up seed differs from the timed ones)
        return 0 if base else int(run(hanchan)["steps"])
    from riichi import features
    from riichi.mining.decision import game_decisions
    from riichi.replay import replay_game

    games = _games(paths, n)
    if what == "riichienv":
        import riichienv

        from riichi.logs import to_mjai_lines

        tmp = tempfile.mkdtemp()
        files = []
        for i, g in enumerate(games):
            p = Path(tmp) / f"{i}.jsonl"
            p.write_text(to_mjai_lines(g, extensions=False))
            files.append(str(p))
        for kyoku in riichienv.MjaiReplay.from_jsonl(files[0]).take_kyokus():  # first use
            for _s, obs, _a in kyoku.steps():
                obs.encode()
                obs.mask()
        if base:
            return 0
        steps = 0
        for f in files:
            for kyoku in riichienv.MjaiReplay.from_jsonl(f).take_kyokus():
                for _s, obs, _a in kyoku.steps():
                    obs.encode()
                    obs.mask()
                    steps += 1
        return steps
    for g in games[:2]:  # first use, in every run alike
        features.encode_batch([d.observation for d in game_decisions(g)[1]])
        if what == "fast":
            game_decisions(g, features=True)
    if base:
        return 0
    count = 0
    for g in games:
        if what == "fast":
            count += len(game_decisions(g, features=True)[1])
        elif what == "observation":
            obs = [d.observation for d in game_decisions(g)[1]]
            features.encode_batch(obs)
            count += len(obs)
        else:  # replay alone; counted per decision of the same games outside valgrind
            replay_game(g)
    return count


def _count(mode: str, argv: list[str], env: dict[str, str]) -> tuple[int, int]:
    """(instructions, the run's count) of one run under cachegrind."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            "valgrind", "--tool=cachegrind", "--cache-sim=no",
            f"--cachegrind-out-file={tmp}/out", sys.executable, __file__, "--run", mode, *argv,
        ]  # fmt: skip
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"{mode} run failed:\n{done.stderr[-2000:]}")
        m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        c = re.search(r"COUNT (\d+)", done.stdout)
        if m is None or c is None:
            raise SystemExit(f"no counts in the output of {mode}:\n{done.stderr[-2000:]}")
        return int(m.group(1).replace(",", "")), int(c.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(_default())])
    ap.add_argument("--games", type=int, default=12, help="files to pick decisions from")
    ap.add_argument("--hanchan", type=int, default=3, help="hanchan per environment run")
    ap.add_argument("--pythonpath", help="measure the riichi under this directory instead")
    ap.add_argument("--run", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    rest = [*args.paths, "--games", str(args.games), "--hanchan", str(args.hanchan)]
    if args.run:
        print("COUNT", _work(args.run, args.paths, args.games, args.hanchan))
        return 0
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")  # no BLAS threads in the counts
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath

    def per(mode: str, unit: int | None = None) -> float:
        base, _ = _count(f"{mode}:base", rest, env)
        total, count = _count(mode, rest, env)
        return (total - base) / (unit or count)

    out = {}
    decisions = None
    try:
        out["decisions with features (fast path)"] = per("fast")
    except SystemExit as e:  # a checkout without features=True
        print(f"fast path not measured: {str(e).splitlines()[0]}")
    _, decisions = _count("observation", rest, env)
    out["decisions with features (observation path)"] = per("observation")
    out["verifying replay alone, per decision"] = per("replay", decisions)
    out["riichienv MjaiReplay step, encode + mask"] = per("riichienv")
    out["env step, riichi AEC flat"] = per("env")
    out["env step, riichi Game alone"] = per("game")
    out["env step, riichienv RiichiEnv encode"] = per("riichienv_env")
    for k, v in out.items():
        print(f"{k:46s} {v / 1000:8.1f} k instructions")
    return 0


def _default() -> Path:
    shared = os.environ.get("RIICHI_SHARED", HERE.parent / ".." / "shared")
    return Path(shared) / "data" / "mjlog"


if __name__ == "__main__":
    sys.exit(main())
