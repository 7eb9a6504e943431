"""Log-mining throughput: decisions per CPU-second, export games/s, peak memory, Dask.

    python benches/bench_mining.py [PATH ...] [--games N] [--dask] [--memory]

Games: the files under PATH (default ../shared/data/mjlog), every ``len // N``-th file up to
N (default 200). Rows (CPU seconds of this process unless said):

- replay only: :func:`riichi.replay.replay_game` of each parsed game (the floor);
- decisions: :func:`riichi.mining.decision.game_decisions` of each parsed game
  (the replay plus every decision's observation and legal actions), decisions per
  CPU-second;
- export, one process: :func:`riichi.mining.export.export` of the files (reading, replay,
  every table, Parquet written), games per CPU-second and per wall second; the same with
  the ``features`` table added (``riichi export --features``); the same without the
  decisions table;
- riichienv (when installed): ``MjaiReplay`` steps with each observation's legal actions
  on the same four-player games, steps per CPU-second, and the ratio of games per
  CPU-second (riichi's decisions replay also verifies every action and settlement);
- ``--memory``: the peak resident memory (ru_maxrss) of a child process that exports the
  files, against one that exports one file;
- ``--dask``: :func:`riichi.dask.read_tables` computed on a ``distributed.LocalCluster`` of
  one worker process and of two (wall seconds, cluster start not timed; the workers' first
  imports are warmed up by a first computation).

Answers are checked: every decision's logged action is among its legal actions, and the
export's games count equals the number of games read.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from riichi.logs import read_games
from riichi.mining.decision import game_decisions
from riichi.mining.export import export, list_files
from riichi.mining.tables import TABLES
from riichi.replay import replay_game

DEFAULT = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
) / "data" / "mjlog"


def pick(paths: list[str], n: int) -> list[str]:
    files = list_files(paths)
    step = max(1, len(files) // n) if n else 1
    return files[::step][:n] if n else files


def _games(files: list[str]) -> list:
    out = []
    for f in files:
        out += [g for _, g in read_games(f) if not isinstance(g, Exception)]
    return out


def bench_decisions(files: list[str]) -> dict:
    games = _games(files)
    replay_game(games[0])  # first-use tables
    t = time.process_time()
    for g in games:
        replay_game(g)
    replay_s = time.process_time() - t
    t = time.process_time()
    n = bad = 0
    for g in games:
        _, decs = game_decisions(g)
        n += len(decs)
        bad += sum(d.action not in d.observation.legal_actions for d in decs)
    dec_s = time.process_time() - t
    return {
        "games": len(games), "decisions": n, "illegal_logged_actions": bad,
        "replay_games_per_cpu_s": len(games) / replay_s,
        "decisions_per_cpu_s": n / dec_s, "decision_games_per_cpu_s": len(games) / dec_s,
    }  # fmt: skip


def bench_riichienv(files: list[str]) -> dict | None:
    """riichienv on the same four-player games (converted to standard mjai, not timed):
    ``MjaiReplay`` stepped through every kyoku, each step's observation asked for its legal
    actions (its decision points, without encoders), steps per CPU-second."""
    try:
        import riichienv
    except ImportError:
        return None
    from riichi.logs import to_mjai_lines

    games = [g for g in _games(files) if g.start.players == 4]
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for n, g in enumerate(games):
            p = Path(d) / f"{n}.jsonl"
            p.write_text(to_mjai_lines(g, extensions=False))
            paths.append(str(p))
        mine = sum(len(game_decisions(g)[1]) for g in games[:1])
        t = time.process_time()
        steps = 0
        for p in paths:
            for kyoku in riichienv.MjaiReplay.from_jsonl(p).take_kyokus():
                for _seat, obs, _act in kyoku.steps():
                    obs.legal_actions()
                    steps += 1
        env_s = time.process_time() - t
    t = time.process_time()
    mine = sum(len(game_decisions(g)[1]) for g in games)
    mine_s = time.process_time() - t
    return {
        "games": len(games), "riichienv_steps": steps,
        "riichienv_steps_per_cpu_s": steps / env_s, "riichi_decisions": mine,
        "riichi_decisions_per_cpu_s": mine / mine_s,
        "riichi_over_riichienv_games_per_cpu_s": env_s / mine_s,
    }  # fmt: skip


def bench_export(files: list[str], tables: list[str] | None) -> dict:
    with tempfile.TemporaryDirectory() as d:
        export(files[:1], Path(d) / "warm")
        t, w = time.process_time(), time.perf_counter()
        res = export(files, Path(d) / "out", tables)
        cpu, wall = time.process_time() - t, time.perf_counter() - w
    return {
        "files": res.files, "rows": res.rows,
        "games_per_cpu_s": res.rows.get("games", 0) / cpu,
        "games_per_wall_s": res.rows.get("games", 0) / wall,
    }  # fmt: skip


_CHILD = """
import resource, sys, json
from riichi.mining.export import export
res = export(json.loads(sys.argv[1]), sys.argv[2])
print(json.dumps({"maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "games": res.rows["games"], "decisions": res.rows["decisions"]}))
"""


def bench_memory(files: list[str]) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as d:
        for label, fs in (("one_file", files[:1]), ("all_files", files)):
            r = subprocess.run(
                [sys.executable, "-c", _CHILD, json.dumps(fs), str(Path(d) / label)],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            out[label] = json.loads(r.stdout)
    return out


def bench_dask(files: list[str]) -> dict:
    import dask
    from distributed import Client, LocalCluster

    import riichi.dask as rd

    out = {}
    for workers in (1, 2):
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, Client(cluster):
            warm = rd.read_tables(files[: 2 * workers], ["games"], files_per_partition=1)
            dask.compute(warm["games"])  # the workers' first imports
            t = rd.read_tables(files, files_per_partition=4)
            w = time.perf_counter()
            frames = dask.compute(*t.values())
            out[f"{workers}_workers_s"] = time.perf_counter() - w
            out[f"{workers}_workers_games"] = len(frames[0])
    out["speedup"] = out["1_workers_s"] / out["2_workers_s"]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT)])
    ap.add_argument("--games", type=int, default=200, help="files to use (0: all)")
    ap.add_argument("--dask", action="store_true", help="time a LocalCluster of 1 and 2 workers")
    ap.add_argument("--memory", action="store_true", help="peak RSS of an export in a child")
    ap.add_argument("--json", default=None, help="write the figures as JSON")
    ap.add_argument("--export-only", action="store_true", help="only the export rows")
    args = ap.parse_args(argv)
    files = pick(args.paths, args.games)
    out = {"files": len(files), "load": os.getloadavg()[0]}
    if not args.export_only:
        out["decisions"] = bench_decisions(files)
        out["riichienv"] = bench_riichienv(files)
    out["export_all_tables"] = bench_export(files, None)
    out["export_with_features"] = bench_export(files, [*TABLES, "features"])
    out["export_without_decisions"] = bench_export(
        files, ["games", "rounds", "wins", "draws", "players", "errors"]
    )
    if args.memory:
        out["memory"] = bench_memory(files)
    if args.dask:
        out["dask"] = bench_dask(files)
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    assert args.export_only or out["decisions"]["illegal_logged_actions"] == 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
