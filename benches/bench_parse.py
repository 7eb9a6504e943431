"""Log parsing throughput (games/s) on the mjlog corpus, parsing alone (files read into memory
first; gunzip, format sniffing and event building included).

    python benches/bench_parse.py [PATH ...] [--repeat N]

Also prints the time of ``xml.etree.ElementTree.fromstring`` alone on the same bytes, the floor
any ElementTree-based reader pays, so a figure taken on a busy machine can be read as a ratio.
The target (issue 5) is >= 1,000 games/s on one process.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from riichi.logs import parse_log
from riichi.logs.sniff import decompress

DEFAULT = Path(
    os.environ.get("RIICHI_SHARED", Path(__file__).resolve().parents[1] / ".." / "shared")
)


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(q for q in p.rglob("*") if q.is_file()) if p.is_dir() else [p]
    return out


def _best(fn, repeat: int) -> tuple[float, float]:
    """Best wall time and best CPU time of this process (CPU time is less disturbed by other
    work on a shared machine)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT / "data" / "mjlog")])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    files = _files(args.paths)
    if not files:
        print(f"no files under {args.paths}", file=sys.stderr)
        return 2
    blobs = [f.read_bytes() for f in files]
    plain = [decompress(b) for b in blobs]
    n = len(blobs)
    errors = 0
    for b, f in zip(blobs, files):
        try:
            parse_log(b, str(f))
        except ValueError:
            errors += 1
    t_parse = _best(lambda: [parse_log(b) for b in blobs], args.repeat)
    t_et = _best(lambda: [ET.fromstring(p) for p in plain], args.repeat)
    print(f"files: {n} ({errors} unreadable), best of {args.repeat}; load {os.getloadavg()[0]:.1f}")
    for label, (wall, cpu) in (
        ("riichi.logs.parse_log", t_parse),
        ("ElementTree.fromstring alone", t_et),
    ):
        print(f"{label}: wall {wall:.3f} s = {n / wall:,.0f} games/s; "
              f"cpu {cpu:.3f} s = {n / cpu:,.0f} games/s")  # fmt: skip
    print(f"parse / ElementTree ratio (cpu): {t_parse[1] / t_et[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
