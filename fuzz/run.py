"""Run the fuzz harnesses: ``python -m fuzz.run --help``.

Two engines. ``builtin`` (the default, what CI runs) makes inputs from a seeded
``random.Random``: reader harnesses mutate the real logs of ``../shared/data``, core harnesses
get random bytes; the same ``--seed`` and ``--inputs`` make the same inputs. ``atheris``
(coverage-guided, needs ``pip install atheris``) runs one harness for ``--minutes``.

Exit status: 0 when nothing but known kinds (``fuzz/oracle.py``) was found, 1 on any new
finding (or any finding at all with ``--strict``), 2 on bad usage. Every finding's input is
written to ``--out`` as ``TARGET-HASH.bin``; ``--replay FILE`` runs one again.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import resource
import signal
import sys
import threading
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Callable

from fuzz import seeds, targets_core, targets_logs
from fuzz.mutate import mutate
from fuzz.oracle import KNOWN, Ctx, Hang, Violation, classify

Harness = Callable[[bytes, Ctx], None]

#: Reader harnesses and the seed formats they mutate.
LOG_TARGETS: dict[str, tuple[Harness, tuple[str, ...]]] = {
    "mjlog": (targets_logs.mjlog, ("tenhou_xml",)),
    "tenhou6": (targets_logs.tenhou6, ("tenhou6",)),
    "mjai": (targets_logs.mjai, ("mjai",)),
    "kobalab": (targets_logs.kobalab, ("kobalab",)),
    "majsoul": (targets_logs.majsoul, ("majsoul",)),
    "protocol": (targets_logs.protocol, ("tenhou_protocol",)),
    "sniffed": (targets_logs.sniffed, ("tenhou_xml", "tenhou6", "mjai", "kobalab", "majsoul",
                                       "tenhou_protocol", "gzip", "zip")),
    "archive": (targets_logs.archive, ("tenhou_xml", "tenhou6", "kobalab", "mjai")),
}
CORE_TARGETS: dict[str, Harness] = {
    "notation": targets_core.notation,
    "shanten": targets_core.shanten,
    "waits": targets_core.waits,
    "decompose": targets_core.decompose,
    "score": targets_core.score,
    "batch": targets_core.batch,
    "rules": targets_core.rules,
    "step": targets_core.step,
}
ALL = (*LOG_TARGETS, *CORE_TARGETS)

#: Inputs per harness of the CI run (about 40 s in all on the 2-core CI machine).
CI_INPUTS = {
    "mjlog": 500, "tenhou6": 400, "mjai": 60, "kobalab": 200, "majsoul": 40, "protocol": 300,
    "sniffed": 400, "archive": 120,
    "notation": 4000, "shanten": 3000, "waits": 1500, "decompose": 2000, "score": 4000,
    "batch": 800, "rules": 150, "step": 120,
}
#: Relative weight of each harness in a timed run (cheap core inputs run more often).
WEIGHTS = {**{t: 1 for t in LOG_TARGETS}, **{t: 1 for t in CORE_TARGETS},
           "notation": 2, "shanten": 2, "score": 2, "decompose": 2, "waits": 2}

TIMEOUT_S = 20.0  # one input; a hang past 5 times that ends the process (see _watchdog)
MEMORY_MB = 3000  # peak resident memory of the process


class Stats:
    """Counts per harness and the findings, printed at the end."""

    def __init__(self) -> None:
        self.inputs: Counter[str] = Counter()
        self.seconds: Counter[str] = Counter()
        self.findings: dict[tuple[str, str, str], int] = {}
        self.first: dict[tuple[str, str, str], str] = {}
        self.tracebacks: dict[tuple[str, str, str], str] = {}

    def add(self, target: str, kind: str, e: BaseException, path: str) -> None:
        tb = traceback.extract_tb(e.__traceback__)
        where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
        key = (target, kind, f"{type(e).__name__} at {where}: {str(e)[:160]}")
        self.findings[key] = self.findings.get(key, 0) + 1
        if key not in self.first:
            self.first[key] = path
            self.tracebacks[key] = "".join(traceback.format_exception(e, limit=-6))


def _save(out: Path, target: str, data: bytes) -> str:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{target}-{hashlib.sha1(data).hexdigest()[:12]}.bin"
    path.write_bytes(data)
    return str(path)


def _on_alarm(signum: int, frame: object) -> None:
    raise Hang(f"one input ran past {TIMEOUT_S} s")


_current: list[object] = [None, None, 0.0]  # target, data, start time


def _watchdog(out: Path) -> None:
    """A hang inside Rust never sees the alarm: save the input and end the process."""
    while True:
        time.sleep(5)
        target, data, start = _current
        if target is not None and time.monotonic() - float(start) > 5 * TIMEOUT_S:  # type: ignore[arg-type]
            path = _save(out, str(target), data)  # type: ignore[arg-type]
            print(f"\nHANG: {target} input {path} ran past {5 * TIMEOUT_S} s", flush=True)
            os._exit(1)


def run_one(target: str, data: bytes, stats: Stats, out: Path) -> str | None:
    """Run one input; a finding is recorded (and its input saved). Returns its kind."""
    harness = LOG_TARGETS[target][0] if target in LOG_TARGETS else CORE_TARGETS[target]
    ctx = Ctx()
    _current[:] = [target, data, time.monotonic()]
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    t0 = time.perf_counter()
    kind = None
    try:
        harness(data, ctx)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        if rss > MEMORY_MB:
            raise Violation("memory", f"peak resident memory {rss} MB > {MEMORY_MB} MB")
    except Hang as e:
        kind = "NEW"
        stats.add(target, kind, e, _save(out, target, data))
    except RecursionError as e:  # before Exception: a deep stack is a finding, not a crash
        kind = classify(e, ctx)
        stats.add(target, str(kind), e, _save(out, target, data))
    except Exception as e:
        kind = classify(e, ctx)
        if kind is not None:
            stats.add(target, kind, e, _save(out, target, data))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _current[:] = [None, None, 0.0]
    stats.inputs[target] += 1
    stats.seconds[target] += time.perf_counter() - t0
    return kind


class Inputs:
    """The input stream of one harness under the built-in engine."""

    def __init__(self, target: str, seed: int) -> None:
        self.rng = random.Random(f"{seed}:{target}")
        self.target = target
        if target in LOG_TARGETS:
            pool = seeds.logs()
            self.seeds = [b for fmt in LOG_TARGETS[target][1] for b in pool[fmt]]

    def next(self) -> bytes:
        rng = self.rng
        if self.target not in LOG_TARGETS:
            return rng.randbytes(rng.choice((8, 32, 128, 512, 2048)))
        data = rng.choice(self.seeds)
        if rng.randrange(16) == 0:
            return data  # the real log as it is
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            data = mutate(rng, data, self.seeds)
        return data


def builtin(targets: list[str], budget: dict[str, int] | None, seconds: float | None,
            seed: int, out: Path, progress: bool) -> Stats:
    stats = Stats()
    streams = {t: Inputs(t, seed) for t in targets}
    start = time.monotonic()
    if budget is not None:
        for t in targets:
            for _ in range(budget[t]):
                run_one(t, streams[t].next(), stats, out)
            if progress:
                print(f"  {t}: {stats.inputs[t]} inputs, {stats.seconds[t]:.1f} s", flush=True)
        return stats
    assert seconds is not None
    # round robin by time: each harness gets an equal share of the wall clock
    last = start
    while time.monotonic() - start < seconds:
        t = min(targets, key=lambda x: stats.seconds[x] / WEIGHTS[x])
        for _ in range(20):
            run_one(t, streams[t].next(), stats, out)
        if progress and time.monotonic() - last > 60:
            last = time.monotonic()
            done = sum(stats.inputs.values())
            print(f"  {time.monotonic() - start:.0f} s: {done} inputs", flush=True)
    return stats


def atheris_run(target: str, seconds: float, out: Path) -> None:
    """Coverage-guided fuzzing of one harness with atheris (libFuzzer), seeded from the
    real logs (written to a temporary corpus folder, outside the repository)."""
    import tempfile

    import atheris  # type: ignore[import-not-found]

    stats = Stats()
    corpus = Path(tempfile.mkdtemp(prefix=f"riichi-fuzz-{target}-"))
    if target in LOG_TARGETS:
        pool = seeds.logs()
        for fmt in LOG_TARGETS[target][1]:
            for i, b in enumerate(pool[fmt][:500]):
                (corpus / f"{fmt}-{i}").write_bytes(b)

    def one(data: bytes) -> None:
        kind = run_one(target, data, stats, out)
        if kind == "NEW":
            report(stats, time.monotonic() - t0)
            raise SystemExit(1)

    t0 = time.monotonic()
    signal.signal(signal.SIGALRM, _on_alarm)
    atheris.Setup([sys.argv[0], str(corpus), f"-max_total_time={int(seconds)}",
                   "-max_len=1048576", "-rss_limit_mb=4096", "-timeout=120"], one)
    try:
        atheris.Fuzz()
    finally:
        report(stats, time.monotonic() - t0)


def report(stats: Stats, elapsed: float) -> int:
    """Print counts and findings; the number of findings that fail the run."""
    print(f"{'harness':<10} {'inputs':>9} {'seconds':>8}  findings")
    for t in ALL:
        if stats.inputs[t]:
            found = sum(n for (tt, _, _), n in stats.findings.items() if tt == t)
            print(f"{t:<10} {stats.inputs[t]:>9} {stats.seconds[t]:>8.1f}  {found}")
    print(f"total      {sum(stats.inputs.values()):>9} {elapsed:>8.1f}")
    failing = 0
    for (t, kind, what), n in sorted(stats.findings.items()):
        label = "NEW" if kind == "NEW" else f"known {kind}"
        print(f"  [{label}] {t} x{n}: {what}\n      input: {stats.first[(t, kind, what)]}")
        if kind == "NEW" or STRICT:
            failing += n
            print("      " + stats.tracebacks[(t, kind, what)].replace("\n", "\n      "))
    return failing


STRICT = False


def main(argv: list[str] | None = None) -> int:
    global STRICT
    p = argparse.ArgumentParser(prog="python -m fuzz.run", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("targets", nargs="*", choices=[*ALL, []], metavar="HARNESS",
                   help=f"harnesses to run (default all): {', '.join(ALL)}")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--ci", action="store_true", help="fixed input counts per harness (CI_INPUTS)")
    g.add_argument("--minutes", type=float, help="run for this long, sharing time evenly")
    g.add_argument("--inputs", type=int, help="this many inputs per harness")
    g.add_argument("--replay", metavar="FILE", help="run one saved input (needs one HARNESS)")
    p.add_argument("--seed", type=int, default=0, help="seed of the built-in engine")
    p.add_argument("--engine", choices=("builtin", "atheris"), default="builtin")
    p.add_argument("--strict", action="store_true", help="fail on known kinds too")
    p.add_argument("--out", type=Path, default=Path("fuzz-findings"),
                   help="folder for the inputs of findings (default ./fuzz-findings)")
    a = p.parse_args(argv)
    STRICT = a.strict
    targets = list(a.targets) or list(ALL)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    signal.signal(signal.SIGALRM, _on_alarm)
    threading.Thread(target=_watchdog, args=(a.out,), daemon=True).start()
    if not seeds.DATA.is_dir():
        print(f"note: {seeds.DATA} not found: reader harnesses start from made-up seeds only")
    t0 = time.monotonic()
    if a.replay:
        if len(targets) != 1:
            p.error("--replay needs exactly one HARNESS")
        stats = Stats()
        run_one(targets[0], Path(a.replay).read_bytes(), stats, a.out)
        return 1 if report(stats, time.monotonic() - t0) else 0
    if a.engine == "atheris":
        if len(targets) != 1 or a.minutes is None:
            p.error("--engine atheris runs one HARNESS for --minutes")
        atheris_run(targets[0], a.minutes * 60, a.out)
        return 0
    budget = None
    if a.ci:
        budget = CI_INPUTS
    elif a.inputs is not None:
        budget = {t: a.inputs for t in targets}
    elif a.minutes is None:
        budget = {t: 50 for t in targets}
    stats = builtin(targets, budget, None if a.minutes is None else a.minutes * 60, a.seed,
                    a.out, progress=True)
    failing = report(stats, time.monotonic() - t0)
    if not STRICT:
        print(f"({len(KNOWN)} known kinds listed in fuzz/oracle.py are reported, not failed)")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
