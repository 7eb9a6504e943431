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
    blobs, errors = [], 0
    for f in files:
        b = f.read_bytes()
        try:
            parse_log(b, str(f))
            blobs.append(b)
        except ValueError:
            errors += 1  # unreadable files are left out of the timing
    n = len(blobs)
    xml = [p for p in map(decompress, blobs) if p.lstrip()[:1] == b"<"]
    t_parse = _best(lambda: [parse_log(b) for b in blobs], args.repeat)
    t_et = _best(lambda: [ET.fromstring(p) for p in xml], args.repeat)
    load = os.getloadavg()[0]
    print(
        f"files read: {n} ({errors} unreadable, left out); best of {args.repeat}; load {load:.1f}"
    )
    rows = [("riichi.logs.parse_log", t_parse, n)]
    if len(xml) == n:  # the baseline only means something for an all-XML set
        rows.append(("ElementTree.fromstring alone", t_et, n))
    for label, (wall, cpu), count in rows:
        print(f"{label}: wall {wall:.3f} s = {count / wall:,.0f} games/s; "
              f"cpu {cpu:.3f} s = {count / cpu:,.0f} games/s")  # fmt: skip
    if len(rows) == 2:
        print(f"parse / ElementTree ratio (cpu): {t_parse[1] / t_et[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
