"""Instructions per replayed game: a load-independent figure for replay speed (issue 10).

    python benches/instructions_replay.py [PATH ...] [--games N] [--selfplay N]
        [--pythonpath DIR]

Runs this script three times under ``valgrind --tool=cachegrind --cache-sim=no`` (valgrind
must be on ``PATH``): a base run that imports riichi, reads the games' bytes and parses and
replays the first one (first-use costs: imports, tables), then the same plus parsing the N
games, then the same plus parsing and replaying them (with full verification, as
``benches/bench_replay.py``). It prints the instructions per game of parsing alone and of
parse + replay, each minus the base run, and the replay's share (their difference).

Games: the N four-player games ``benches/bench_replay.py --games N`` selects from PATH
(default ../shared/data/mjlog: every ``len // N``-th, KNOWN-FAULTS files left out); 40 by
default. ``--selfplay N`` also counts N random self-play hanchan of
``benches/bench_selfplay.py`` (seed 0), minus a run that plays none. The counts are
deterministic to a few parts in ten thousand on one build, so a
before/after pair needs one run each: ``--pythonpath`` measures another checkout.

Inside valgrind (``--run MODE``) the script does the work of one run and nothing else.
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


def _select(paths: list[str], games: int) -> list[str]:
    """The files of the games ``bench_replay._load`` selects (outside valgrind: it parses
    every file of the corpus to find the four-player games)."""
    sys.path.insert(0, str(HERE))
    import bench_replay
    from riichi.logs import parse_log

    keep: list[str] = []
    for f in bench_replay._files(paths):
        try:
            g = parse_log(f.read_bytes(), str(f))
        except ValueError:
            continue
        if g.start.players == 4 and any(e.type == "end_game" for e in g.events):
            keep.append(str(f))
    return keep[:: max(1, len(keep) // games)][:games]


def _work(mode: str, files: list[str]) -> None:
    """One run's work: ``base``, ``parse``, ``replay`` or ``selfplay`` (see the module
    text)."""
    from riichi.logs import parse_log
    from riichi.replay import replay_game

    if mode.startswith("selfplay"):  # "selfplay:N": N hanchan of bench_selfplay, seed 0
        sys.path.insert(0, str(HERE))
        import bench_selfplay

        bench_selfplay.run_riichi(1, seed=1)  # first-use costs, as the base run's replay
        bench_selfplay.run_riichi(int(mode.split(":")[1]), seed=0)
        return

    blobs = [Path(f).read_bytes() for f in files]
    replay_game(parse_log(blobs[0]))  # first-use costs, in every run alike
    if mode == "parse":
        for b in blobs:
            parse_log(b)
    elif mode == "replay":
        bad = sum(bool(replay_game(parse_log(b)).mismatches) for b in blobs)
        if bad:
            raise SystemExit(f"{bad} of {len(blobs)} games replayed with a mismatch")


def _count(mode: str, files: list[str], env: dict[str, str]) -> int:
    """Instructions of one run under cachegrind."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            "valgrind", "--tool=cachegrind", "--cache-sim=no",
            f"--cachegrind-out-file={tmp}/out", sys.executable, __file__, "--run", mode,
            *files,
        ]  # fmt: skip
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"{mode} run failed:\n{done.stderr[-2000:]}")
        m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if m is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
        return int(m.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(bench_default())])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--pythonpath", help="measure the riichi under this directory instead")
    ap.add_argument(
        "--selfplay", type=int, default=0, metavar="N",
        help="also count N random self-play hanchan (benches/bench_selfplay.py, seed 0)",
    )  # fmt: skip
    ap.add_argument("--run", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.run:
        _work(args.run, args.paths)
        return 0
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
    files = _select(args.paths, args.games)
    counts = {m: _count(m, files, env) for m in ("base", "parse", "replay")}
    n = len(files)
    parse = (counts["parse"] - counts["base"]) / n
    total = (counts["replay"] - counts["base"]) / n
    print(f"{n} games; instructions per game (base run {counts['base'] / 1e6:.1f} M subtracted):")
    print(f"  parse:           {parse / 1e6:7.2f} M")
    print(f"  parse + replay:  {total / 1e6:7.2f} M")
    print(f"  replay alone:    {(total - parse) / 1e6:7.2f} M")
    if args.selfplay:
        k = args.selfplay
        base = _count("selfplay:0", [], env)
        play = _count(f"selfplay:{k}", [], env)
        print(f"self-play: {(play - base) / k / 1e6:.2f} M instructions per hanchan ({k} hanchan)")
    return 0


def bench_default() -> Path:
    shared = os.environ.get("RIICHI_SHARED", HERE.parent / ".." / "shared")
    return Path(shared) / "data" / "mjlog"


if __name__ == "__main__":
    sys.exit(main())
