"""Replay-with-verification throughput (games/s): riichi vs riichienv on the same games.

    python benches/bench_replay.py [PATH ...] [--games N] [--jobs J] [--reps R]

Games: 4-player Tenhou logs under PATH (default ../shared/data/mjlog), KNOWN-FAULTS files left
out, every ``len // N``-th file up to N. Rows:

- riichi parse only: :func:`riichi.logs.parse_log` from bytes in memory;
- riichi replay (one process): parse + :func:`riichi.replay.replay_game` (every action checked
  against ``legal_actions``, every settlement recomputed and compared);
- riichi replay with ``--jobs`` processes (files spread in chunks, as ``riichi verify`` does);
- riichienv: the same games converted to standard mjai (``to_mjai_lines(extensions=False)``,
  conversion not timed), read with ``MjaiReplay.from_jsonl`` and stepped through every kyoku
  with each logged action checked to be among the observation's ``legal_actions``.

Each engine replays one game untimed first (as the self-play section does: riichi builds its
shanten tables on first use, ~0.1 s, which would otherwise be billed to the first games).

With ``--reps R`` every row is timed R times, the rows interleaved, and each row's fastest
run kept (the machine is shared: one ~1 s run swings by ±15%). :func:`compare` returns these
figures for benches/compare.py (section 5b and its summary), best of 3.

Each row also reports whether its answers were right (riichi: games without a mismatch;
riichienv: actions it accepted as legal). The target (issue 5): replay >= 2x riichienv on one
process, aiming at >= 200 games/s; parsing alone >= 1,000 games/s.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from riichi.logs import parse_log, to_mjai_lines
from riichi.replay import replay_game

DEFAULT = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
)
FAULTS = ("tenhou-python-bot/23.txt", "tenhou-python-bot/24.txt", "tenhou-python-bot/25.txt")


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(q for q in p.rglob("*") if q.is_file()) if p.is_dir() else [p]
    return [p for p in out if not any(p.as_posix().endswith(f) for f in FAULTS)]


def _replay_blobs(blobs: list[bytes]) -> tuple[int, int]:
    """Replay games from bytes; returns (games, games with a mismatch)."""
    bad = 0
    for b in blobs:
        rep = replay_game(parse_log(b))
        bad += bool(rep.mismatches)
    return len(blobs), bad


def _riichienv(paths: list[str]) -> tuple[int, int, int]:
    """riichienv: (games, actions checked, actions not among legal_actions)."""
    import riichienv

    actions = illegal = 0
    for p in paths:
        replay = riichienv.MjaiReplay.from_jsonl(p)
        for kyoku in replay.take_kyokus():
            for _seat, obs, act in kyoku.steps():
                actions += 1
                want = act.encode()
                if not any(a.encode() == want for a in obs.legal_actions()):
                    illegal += 1
    return len(paths), actions, illegal


def _load(paths: list[str], games: int) -> tuple[list[bytes], list]:
    """The selected 4-player games: (bytes, parsed logs)."""
    blobs: list[bytes] = []
    logs = []
    for f in _files(paths):
        b = f.read_bytes()
        try:
            g = parse_log(b, str(f))
        except ValueError:
            continue
        if g.start.players == 4 and any(e.type == "end_game" for e in g.events):
            blobs.append(b)
            logs.append(g)
    step = max(1, len(blobs) // games)
    return blobs[::step][:games], logs[::step][:games]


def _timed(fn, *args):
    """(result, wall seconds, CPU seconds of this process) of one call."""
    t, c = time.perf_counter(), time.process_time()
    r = fn(*args)
    return r, time.perf_counter() - t, time.process_time() - c


def _jobs(blobs: list[bytes], jobs: int) -> None:
    """Replay the games with ``jobs`` processes (files spread in chunks of 8)."""
    chunks = [blobs[i : i + 8] for i in range(0, len(blobs), 8)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(_replay_blobs, chunks))


def measure(paths: list[str], games: int, jobs: int, reps: int = 1, out=print) -> dict | None:
    """Time every row ``reps`` times, interleaved (riichi one process, --jobs, riichienv, in
    turn, so that a burst of load from other work hits all alike), and keep each row's
    fastest run; returns the figures (None when no game was found). ``out`` receives the
    table's lines."""
    blobs, logs = _load(paths, games)
    n = len(blobs)
    if not n:
        return None
    out(
        f"{n} four-player games; load {os.getloadavg()[0]:.1f}"
        + (f"; best of {reps}" if reps > 1 else "")
    )
    try:
        import riichienv  # noqa: F401

        have_env = True
    except ImportError:
        have_env = False
    with tempfile.TemporaryDirectory() as tmp:
        paths_env = []
        if have_env:  # the same games as standard mjai (not timed)
            for k, g in enumerate(logs):
                p = os.path.join(tmp, f"{k}.jsonl")
                with open(p, "w", encoding="utf-8") as fh:
                    fh.write(to_mjai_lines(g, extensions=False))
                paths_env.append(p)
            _riichienv(paths_env[:1])  # untimed warm-up, as for riichi
        _replay_blobs(blobs[:1])  # untimed warm-up (riichi builds its shanten tables, ~0.1 s)
        best: dict[str, tuple] = {}

        def keep(row: str, run: tuple) -> None:
            if row not in best or run[1] < best[row][1]:
                best[row] = run

        for _ in range(reps):
            keep("parse", _timed(lambda: [parse_log(b) for b in blobs]))
            keep("one", _timed(_replay_blobs, blobs))
            keep("jobs", _timed(_jobs, blobs, jobs))
            if have_env:
                keep("env", _timed(_riichienv, paths_env))
    _, t_parse, c_parse = best["parse"]
    (_, bad), t_one, c_one = best["one"]
    _, t_jobs, _ = best["jobs"]
    out(f"riichi parse only:            {n / t_parse:8.1f} games/s  (cpu: {n / c_parse:.1f})")
    out(
        f"riichi replay, 1 process:     {n / t_one:8.1f} games/s  (cpu: {n / c_one:.1f}; "
        f"{n - bad}/{n} games agree)"
    )
    out(
        f"riichi replay, {jobs} processes:   {n / t_jobs:8.1f} games/s  "
        f"(x{t_one / t_jobs:.2f} of one process, pool start-up included)"
    )
    figures = {
        "games": n,
        "reps": reps,
        "parse_games_per_s": n / t_parse,
        "parse_games_per_cpu_s": n / c_parse,
        "replay_games_per_s": n / t_one,
        "replay_games_per_cpu_s": n / c_one,
        "jobs": jobs,
        "replay_jobs_games_per_s": n / t_jobs,
        "jobs_over_one_process": t_one / t_jobs,
        "riichi_agreement": f"{n - bad}/{n} games",
    }
    if not have_env:
        out("riichienv not installed: no comparison")
        return figures
    (_, actions, illegal), t_env, c_env = best["env"]
    out(
        f"riichienv MjaiReplay + legal: {n / t_env:8.1f} games/s  (cpu: {n / c_env:.1f}; "
        f"{actions} actions, {illegal} not among its legal_actions)"
    )
    out(
        f"ratio riichi / riichienv (one process): wall {t_env / t_one:.2f}, cpu {c_env / c_one:.2f}"
    )
    figures.update(
        {
            "riichienv_games_per_s": n / t_env,
            "riichienv_games_per_cpu_s": n / c_env,
            "over_riichienv_wall": t_env / t_one,
            "over_riichienv_cpu": c_env / c_one,
            "riichienv_agreement": f"{actions - illegal}/{actions} actions among its legal_actions",
        }
    )
    return figures


def compare(quick: bool = False, seed: int = 0) -> dict:
    """The figures for benches/compare.py (section 5b and its summary): 20 games with
    ``quick`` (one run per row), else 200 (best of 3 interleaved runs), one process and two.
    ``seed`` is not used: the games are a fixed spread of the corpus (every ``len // N``-th
    file)."""
    del seed
    figures = measure(
        [str(DEFAULT / "data" / "mjlog")], 20 if quick else 200, 2, reps=1 if quick else 3
    )
    if figures is None:
        raise RuntimeError(f"no 4-player games under {DEFAULT / 'data' / 'mjlog'}")
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT / "data" / "mjlog")])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reps", type=int, default=1, help="runs per row, interleaved; best kept")
    args = ap.parse_args(argv)
    if measure(args.paths, args.games, args.jobs, args.reps) is None:
        print(f"no 4-player games under {args.paths}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
