"""Harnesses of the log readers: each reads one (mutated) log and, when it reads, replays it
and writes it back out as mjai. Allowed outcomes: a ``GameLog`` and a report, or a
``LogFormatError`` (``RiichiError`` from the replay) whose message starts with the source."""

from __future__ import annotations

import gzip
import io
import os
import tempfile
import zipfile

from fuzz.oracle import Ctx, Violation
from riichi import LogFormatError, replay_game
from riichi.logs import (
    parse_log,
    read_kobalab,
    read_logs,
    read_majsoul,
    read_mjai,
    read_tenhou6,
    read_tenhou_protocol,
    read_tenhou_xml,
    to_mjai_lines,
)

SOURCE = "fuzz-input"


def _read(reader, data: bytes, ctx: Ctx) -> None:
    try:
        log = reader(data, SOURCE)
    except LogFormatError as e:
        if not str(e).startswith(SOURCE):
            raise Violation("error_without_source", f"{e!s:.200}") from None
        return
    _use(log, ctx)


def _use(log, ctx: Ctx) -> None:
    """A log that was read must replay to a report and write out as mjai (or raise a
    RiichiError saying why not)."""
    report = replay_game(log)
    if report.actions < 0 or report.rounds < 0:
        raise Violation("report_counts", f"negative counts in {report!r:.200}")
    to_mjai_lines(log)


def mjlog(data: bytes, ctx: Ctx) -> None:
    """Tenhou mjlog XML."""
    _read(read_tenhou_xml, data, ctx)


def tenhou6(data: bytes, ctx: Ctx) -> None:
    """tenhou.net/6 JSON (and its JSON-lines form)."""
    _read(read_tenhou6, data, ctx)


def mjai(data: bytes, ctx: Ctx) -> None:
    """mjai JSON lines."""
    _read(read_mjai, data, ctx)


def kobalab(data: bytes, ctx: Ctx) -> None:
    """kobalab paipu JSON."""
    _read(read_kobalab, data, ctx)


def majsoul(data: bytes, ctx: Ctx) -> None:
    """Mahjong Soul raw record JSON."""
    _read(read_majsoul, data, ctx)


def protocol(data: bytes, ctx: Ctx) -> None:
    """Tenhou protocol transcript (header and counts only)."""
    _read(read_tenhou_protocol, data, ctx)


def sniffed(data: bytes, ctx: Ctx) -> None:
    """Any bytes through ``parse_log``: format sniffing, then whichever reader it picks."""
    _read(parse_log, data, ctx)


def archive(data: bytes, ctx: Ctx) -> None:
    """The gzip and zip paths: the input as a gzip stream (cut or flipped now and then) and
    as members of a zip archive in a folder, read through ``parse_log`` and ``read_logs``."""
    ctx.tag("compressed")
    z = gzip.compress(data, 1, mtime=0)
    pick = data[:1][0] if data else 0
    if pick % 4 == 1:
        z = z[: len(z) * 3 // 4]
    elif pick % 4 == 2 and len(z) > 20:
        z = z[:12] + bytes([z[12] ^ 0x40]) + z[13:]
    _read(parse_log, z, ctx)
    with tempfile.TemporaryDirectory(prefix="riichi-fuzz-") as d:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("a.mjlog", data)
            zf.writestr("sub/b.json", z)
            zf.writestr(".hidden", b"x")
        raw = buf.getvalue()
        if pick % 8 == 3:  # a damaged archive must be reported, not crash the walk
            raw = raw[: len(raw) // 2]
        with open(os.path.join(d, "logs.zip"), "wb") as fh:
            fh.write(raw)
        with open(os.path.join(d, "plain.log"), "wb") as fh:
            fh.write(data)
        got = list(read_logs([d]))
        if len(got) < 2:
            raise Violation("archive_members", f"read_logs gave {len(got)} results for 2+ files")
        for name, item in got:
            if isinstance(item, LogFormatError):
                if not str(item).startswith(name.split(":")[0]):
                    raise Violation("error_without_source", f"{name}: {item!s:.200}")
                if "unexpected" in item.reason:
                    raise Violation("unexpected_error", f"{name}: {item!s:.300}")
            else:
                _use(item, ctx)
