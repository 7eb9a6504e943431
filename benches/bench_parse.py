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


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


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
    print(f"files: {n} ({errors} unreadable), best of {args.repeat}")
    print(f"riichi.logs.parse_log: {t_parse:.3f} s  {n / t_parse:,.0f} games/s")
    print(f"ElementTree.fromstring alone: {t_et:.3f} s  {n / t_et:,.0f} games/s")
    print(f"parse / ElementTree ratio: {t_parse / t_et:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
