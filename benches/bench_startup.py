"""Start-up cost: ``import riichi`` plus the first shanten call, against riichienv's.

Run: ``python benches/bench_startup.py [--runs 10] [--callgrind] [--pythonpath DIR]``.

Each library is measured in ``--runs`` fresh interpreter processes (a warm-up process first,
so that bytecode caches exist and the files are in the page cache). In each process:

* ``import+first`` — CPU time (``time.process_time``) from before the import to after the
  first shanten call returns (riichi: ``riichi.shanten`` on mpsz text; riichienv:
  ``calculate_shanten`` on 136-ids), both on the same 13-tile hand, answers checked;
* ``process`` — the whole process's CPU time (``resource.getrusage``: interpreter start-up
  included), for scale.

``--callgrind`` adds instruction counts (``valgrind --tool=callgrind``; slow but stable):
the import plus the first call, as the count of the process minus that of an interpreter
that imports nothing. ``--pythonpath`` measures another checkout's ``riichi`` (e.g. main's
``python/`` directory, for a before/after). Target (issue 10): riichi's import+first ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

HAND = "123m456p789s1122z"
EXPECT = 0  # tenpai on 1z/2z

_PROBE = """
import resource, sys, time
t0 = time.process_time()
{body}
t1 = time.process_time()
ru = resource.getrusage(resource.RUSAGE_SELF)
print({{"first": t1 - t0, "process": ru.ru_utime + ru.ru_stime, "answer": int(answer)}})
"""

BODIES = {
    "riichi": f"import riichi\nanswer = riichi.shanten({HAND!r})",
    "riichienv": (
        "import riichienv\n"
        "answer = riichienv.calculate_shanten([0, 4, 8, 48, 52, 56, 96, 100, 104, 108, 109, 112, 113])"
    ),
}


def _env(pythonpath: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return env


def probe(lib: str, env: dict[str, str]) -> dict:
    code = _PROBE.format(body=BODIES[lib])
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    ).stdout
    return eval(out.strip())  # the probe prints a dict literal of floats and ints


def callgrind(code: str, env: dict[str, str]) -> int:
    res = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    m = re.search(r"Collected\s*:\s*(\d+)", res.stderr)
    if not m:
        raise RuntimeError(f"no instruction count in valgrind's output: {res.stderr[-300:]}")
    return int(m.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--pythonpath", help="PYTHONPATH for the riichi processes")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    rows = {}
    for lib in BODIES:
        env = _env(args.pythonpath if lib == "riichi" else None)
        try:
            probe(lib, env)  # warm-up: bytecode caches, page cache
        except subprocess.CalledProcessError as e:
            print(f"{lib}: not measured ({e.stderr.strip().splitlines()[-1:]})")
            continue
        runs = [probe(lib, env) for _ in range(args.runs)]
        first = [r["first"] * 1e3 for r in runs]
        proc = [r["process"] * 1e3 for r in runs]
        rows[lib] = {
            "first_ms_median": statistics.median(first),
            "first_ms_mean": statistics.fmean(first),
            "first_ms_min": min(first),
            "process_ms_median": statistics.median(proc),
            "correct": all(r["answer"] == EXPECT for r in runs),
        }
        if args.callgrind and shutil.which("valgrind"):
            base = callgrind("pass", env)
            rows[lib]["instructions"] = callgrind(BODIES[lib], env) - base
    print(f"{args.runs} fresh processes each (CPU ms; import + first shanten call)")
    print(f"{'library':<11}{'median':>9}{'mean':>9}{'min':>9}{'process':>10}{'instr (M)':>11}  ok")
    for lib, r in rows.items():
        ins = r.get("instructions")
        print(
            f"{lib:<11}{r['first_ms_median']:>9.1f}{r['first_ms_mean']:>9.1f}"
            f"{r['first_ms_min']:>9.1f}{r['process_ms_median']:>10.1f}"
            f"{'' if ins is None else f'{ins / 1e6:.1f}':>11}  {r['correct']}"
        )
    if "riichi" in rows:
        verdict = "PASS" if rows["riichi"]["first_ms_median"] <= 50 else "MISS"
        print(f"target riichi import+first <= 50 ms CPU: {verdict}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0 if all(r["correct"] for r in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
