"""The log readers' resource bounds (riichi.logs.ReadLimits) and file handling.

Each kind of hostile input, for every reader it can reach: gzip and zip bombs (inflated size
per log and per archive), nesting depth, numbers that are not finite or not bounded, and
files that are not regular (named pipes, devices, sockets, folders). Every case must end in
a LogFormatError naming the bound or the field, quickly and without blocking.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import socket
import subprocess
import sys
import time
import tracemalloc
import zipfile
import zlib

import pytest

import riichi
from riichi import LogFormatError, RiichiError
from riichi.logs import (
    DEFAULT_LIMITS,
    ReadLimits,
    is_archive,
    parse_log,
    read_archive,
    read_kobalab,
    read_log,
    read_logs,
    read_majsoul,
    read_mjai,
    read_tenhou6,
    read_tenhou_xml,
)
from riichi.logs.sniff import decompress

GAMES = os.path.join(os.path.dirname(riichi.__file__), "data", "games")
MJLOG = os.path.join(GAMES, "2014051613gm-0041-0000-3366561a.mjlog")  # gzip XML
TENHOU6 = os.path.join(GAMES, "2020051716gm-00a9-0000-7f8226dd.json")
MJAI = os.path.join(GAMES, "126_204_0_mjai.jsonl")


def _tenhou6_doc() -> dict:
    """The first round document of the bundled tenhou.net/6 game (JSON lines, one per round)."""
    with open(TENHOU6, "rb") as fh:
        return json.loads(fh.readline())


def _zero_gzip(size: int) -> bytes:
    """A gzip stream of ``size`` zero bytes, built without holding them in memory."""
    c = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = b"\0" * (1 << 20)
    parts = [c.compress(block) for _ in range(size >> 20)]
    parts.append(c.compress(b"\0" * (size & ((1 << 20) - 1))))
    parts.append(c.flush())
    return b"".join(parts)


# --------------------------------------------------------------------------- ReadLimits


def test_limits_defaults_are_documented_values():
    want = ReadLimits(max_bytes=64 << 20, max_archive_bytes=1 << 30, max_depth=100)
    assert DEFAULT_LIMITS == want


@pytest.mark.parametrize("field", ["max_bytes", "max_archive_bytes", "max_depth"])
@pytest.mark.parametrize("bad", [0, -1, 1.5, "10", None, True])
def test_limits_must_be_positive_ints(field, bad):
    with pytest.raises(RiichiError, match=field):
        ReadLimits(**{field: bad})


@pytest.mark.parametrize(
    "call",
    [
        lambda lim: parse_log(b"{}", "x", limits=lim),
        lambda lim: read_log(TENHOU6, limits=lim),
        lambda lim: list(read_logs([TENHOU6], limits=lim)),
        lambda lim: list(read_archive(TENHOU6, limits=lim)),
        lambda lim: read_tenhou6(b"{}", limits=lim),
        lambda lim: read_mjai(b"{}", limits=lim),
        lambda lim: decompress(b"{}", limits=lim),
    ],
)
def test_limits_argument_must_be_readlimits(call):
    with pytest.raises(RiichiError, match="ReadLimits"):
        call({"max_bytes": 10})


# --------------------------------------------------------------------------- gzip


def test_gzip_bomb_stops_at_max_bytes_without_inflating_it_whole():
    bomb = _zero_gzip(512 << 20)  # 512 MiB of zeros in ~0.5 MB
    assert len(bomb) < 1 << 20
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        with pytest.raises(LogFormatError, match=r"max_bytes=67108864") as e:
            parse_log(bomb, "bomb.mjlog")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert e.value.position == "gzip stream"
    assert peak < 3 * DEFAULT_LIMITS.max_bytes  # not 512 MiB
    assert time.perf_counter() - t0 < 30


@pytest.mark.parametrize("reader", [parse_log, read_tenhou_xml, decompress])
def test_gzip_limit_is_configurable_for_every_gzip_entry(reader):
    inner = gzip.decompress(open(MJLOG, "rb").read())  # the mjlog's XML
    data = gzip.compress(inner)
    small = ReadLimits(max_bytes=len(inner) - 1)
    with pytest.raises(LogFormatError, match=f"max_bytes={len(inner) - 1}"):
        reader(data, "x", limits=small)
    # exactly at the bound it is read
    assert reader(data, "x", limits=ReadLimits(max_bytes=len(inner))) is not None


def test_plain_input_past_max_bytes_is_refused():
    data = open(TENHOU6, "rb").read()
    with pytest.raises(LogFormatError, match=f"max_bytes={len(data) - 1}"):
        parse_log(data, "x", limits=ReadLimits(max_bytes=len(data) - 1))
    assert parse_log(data, "x", limits=ReadLimits(max_bytes=len(data))).format == "tenhou6"


def test_gzip_members_padding_and_damage():
    raw = open(TENHOU6, "rb").read()
    half = len(raw) // 2
    two = gzip.compress(raw[:half]) + b"\0\0\0" + gzip.compress(raw[half:])
    assert parse_log(two, "x").format == "tenhou6"  # concatenated members, zero padding
    with pytest.raises(LogFormatError, match="truncated"):
        parse_log(gzip.compress(raw)[:-12], "x")
    with pytest.raises(LogFormatError, match="after the stream"):
        parse_log(gzip.compress(raw) + b"junk", "x")
    bad = bytearray(gzip.compress(raw))
    bad[20] ^= 0xFF
    with pytest.raises(LogFormatError, match="decompress"):
        parse_log(bytes(bad), "x")


# --------------------------------------------------------------------------- zip


def _zip(tmp_path, members: dict[str, bytes], name: str = "a.zip") -> str:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, data in members.items():
            zf.writestr(n, data)
    return str(path)


def test_zip_bomb_member_is_refused_and_the_others_read(tmp_path):
    path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        with zf.open("big.mjlog", "w", force_zip64=True) as fh:
            for _ in range(80):
                fh.write(b"\0" * (1 << 20))
        zf.write(TENHOU6, "game.json")
    tracemalloc.start()
    try:
        got = dict(read_logs([path]))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    big = got[f"{path}:big.mjlog"]
    assert isinstance(big, LogFormatError) and "max_bytes=67108864" in str(big)
    assert got[f"{path}:game.json"].format == "tenhou6"
    assert peak < 3 * DEFAULT_LIMITS.max_bytes


def test_zip_member_whose_content_passes_max_bytes(tmp_path):
    # the declared size passes the check only when the bound is above it; inflating then
    # stops one byte past the bound
    raw = open(TENHOU6, "rb").read()
    path = _zip(tmp_path, {"a.json": raw, "b.json": raw})
    lim = ReadLimits(max_bytes=len(raw) - 1)
    got = list(read_archive(path, limits=lim))
    assert [isinstance(r, LogFormatError) for _, r in got] == [True, True]
    assert all(f"max_bytes={len(raw) - 1}" in str(r) for _, r in got)


def test_zip_archive_total_is_bounded(tmp_path):
    raw = open(TENHOU6, "rb").read()
    members = {f"m{i}.json": raw for i in range(5)}
    path = _zip(tmp_path, members)
    lim = ReadLimits(max_archive_bytes=2 * len(raw) + len(raw) // 2)
    got = list(read_archive(path, limits=lim))
    assert [n.rsplit(":", 1)[1] for n, _ in got] == list(members)  # every member accounted for
    ok = [not isinstance(r, LogFormatError) for _, r in got]
    assert ok == [True, True, False, False, False]
    assert "max_archive_bytes=" in str(got[2][1]) and "not read" not in str(got[2][1])
    assert all("not read" in str(r) and "max_archive_bytes" in str(r) for _, r in got[3:])
    # the bound is on the archive, not the batch: a second archive starts afresh
    path2 = _zip(tmp_path, members, "b.zip")
    results = list(read_logs([path, path2], limits=lim))
    assert [not isinstance(r, LogFormatError) for _, r in results] == ok + ok


def test_zip_member_with_gzip_content_is_bounded(tmp_path):
    path = _zip(tmp_path, {"bomb.json.gz": _zero_gzip(8 << 20)})
    ((_, err),) = read_archive(path, limits=ReadLimits(max_bytes=1 << 20))
    assert isinstance(err, LogFormatError) and err.position == "gzip stream"
    assert "max_bytes=1048576" in str(err)


# --------------------------------------------------------------------------- depth

DEEP = "[" * 5000 + "]" * 5000


def _deep_docs(inner: str) -> dict[str, tuple[object, bytes]]:
    """Per JSON reader, a document whose first nested value is ``inner``."""
    return {
        "tenhou6": (
            read_tenhou6,
            ('{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},"log":'
             + inner + "}").encode(),
        ),
        "mjai": (
            read_mjai,
            ('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku","x":'
             + inner + "}\n").encode(),
        ),
        "kobalab": (
            read_kobalab,
            ('{"title":"x","player":["a","b","c","d"],"qijia":0,"log":[[{"qipai":'
             + inner + "}]]}").encode(),
        ),
        "majsoul": (
            read_majsoul,
            ('{"head":{},"data":{"name":".lq.GameDetailRecords","data":' + inner + "}}").encode(),
        ),
    }  # fmt: skip


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai", "kobalab", "majsoul"])
@pytest.mark.parametrize("inner", [DEEP, '{"a":' * 5000 + "1" + "}" * 5000, "[" * 200000])
def test_deep_json_is_refused_by_every_reader(fmt, inner):
    reader, data = _deep_docs(inner)[fmt]
    for call in (lambda: reader(data, "x.json"), lambda: parse_log(data, "x.json")):
        with pytest.raises(LogFormatError, match=r"nested deeper than max_depth=100"):
            call()


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai", "kobalab", "majsoul"])
def test_depth_limit_is_exact_and_configurable(fmt):
    # wrapping the value in 30 arrays puts the deepest point at a known depth per format
    inner = "[" * 30 + "0" + "]" * 30
    reader, data = _deep_docs(inner)[fmt]
    depth = {"tenhou6": 31, "mjai": 31, "kobalab": 34, "majsoul": 32}[fmt]

    def refused(max_depth: int) -> bool:
        try:
            reader(data, "x.json", limits=ReadLimits(max_depth=max_depth))
        except LogFormatError as e:
            return "max_depth" in str(e)
        return False

    assert refused(depth - 1) and not refused(depth)
    assert not refused(100) and refused(5)


def test_brackets_inside_strings_do_not_count():
    doc = _tenhou6_doc()
    doc["title"] = ["[" * 500 + '{\\"[', "]" * 3]
    assert read_tenhou6(json.dumps(doc).encode()).format == "tenhou6"


def test_deep_xml_is_refused():
    data = b"<mjloggm>" + b"<a>" * 5000 + b"</a>" * 5000 + b"</mjloggm>"
    with pytest.raises(LogFormatError, match="XML nested deeper than max_depth=100"):
        read_tenhou_xml(data, "x.xml")
    nested = b"<mjloggm><!-- not canonical --><GO><x/></GO></mjloggm>"  # depth 3
    with pytest.raises(LogFormatError, match="max_depth=2"):
        read_tenhou_xml(nested, "x.xml", limits=ReadLimits(max_depth=2))
    with pytest.raises(LogFormatError, match="<x> inside it"):  # past the bound: the reader
        read_tenhou_xml(nested, "x.xml", limits=ReadLimits(max_depth=3))


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai", "kobalab", "majsoul"])
@pytest.mark.parametrize(
    "token, why",
    [
        ("1e999", "not a finite float"),
        ("-1e999", "not a finite float"),
        ("NaN", "NaN"),
        ("Infinity", "Infinity"),
        ("-Infinity", "-Infinity"),
        ("1" * 19, "19 or more digits"),
        ("-" + "9" * 40, "19 or more digits"),
        ("1" * 5000, "19 or more digits"),
    ],
)
def test_non_finite_and_huge_numbers_are_refused_by_every_reader(fmt, token, why):
    reader, data = _deep_docs(f"[[{token}, 0, 0]]")[fmt]
    for call in (lambda: reader(data, "x.json"), lambda: parse_log(data, "x.json")):
        with pytest.raises(LogFormatError, match=why):
            call()


def test_number_scan_ignores_strings_fractions_and_exponents():
    doc = _tenhou6_doc()
    doc["ref"] = "1" * 40  # digits inside a string
    doc["extra"] = "@"  # a key the reader ignores: numbers written as literal text
    literals = ["0.1234567890123456789012", "1234567890123456789012.5",
                "1.5e-1234567890123456789", "-0.0000000000000000000001",
                "123456789012345678", "-123456789012345678"]  # fmt: skip
    text = json.dumps(doc).replace('"@"', "[" + ", ".join(literals) + "]")
    assert read_tenhou6(text.encode()).format == "tenhou6"
    for bad in ("1234567890123456789", "-1234567890123456789", "1e999", "-1.5e400"):
        with pytest.raises(LogFormatError, match="out of range"):
            read_tenhou6(json.dumps(doc).replace('"@"', bad).encode())


# --------------------------------------------------------------------------- files


def test_fifo_in_a_folder_is_reported_not_opened(tmp_path):
    os.mkfifo(tmp_path / "pipe.mjlog")
    (tmp_path / "game.json").write_bytes(open(TENHOU6, "rb").read())
    code = (
        "import json, riichi, sys; r = list(riichi.read_logs([sys.argv[1]]));"
        "print(json.dumps({p.rsplit('/', 1)[1]: str(x) for p, x in r}))"
    )
    p = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert "not a regular file: a named pipe (FIFO)" in got["pipe.mjlog"]
    assert "format='tenhou6'" in got["game.json"]  # the regular file beside it is read


def test_non_regular_files_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    sock_path = tmp_path / "s.json"
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(sock_path))
        cases = {
            str(fifo): "named pipe",
            str(sock_path): "socket",
            "/dev/zero": "character device",
            str(tmp_path): "folder",
        }
        for path, what in cases.items():
            with pytest.raises(LogFormatError, match=f"not a regular file: a {what}") as e:
                read_log(path)
            assert e.value.position == "file"
            assert not is_archive(path)
        got = dict(read_logs([tmp_path]))
        assert set(got) == {str(fifo), str(sock_path)}
        assert "named pipe" in str(got[str(fifo)]) and "socket" in str(got[str(sock_path)])
        assert all(isinstance(r, LogFormatError) for r in got.values())
        (only,) = read_archive(fifo)
        assert "named pipe" in str(only[1])
    finally:
        sock.close()


def test_large_regular_file_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(1 << 30)  # sparse: costs no disk
    t0 = time.perf_counter()
    with pytest.raises(LogFormatError, match="max_bytes=67108864"):
        read_log(path)
    assert time.perf_counter() - t0 < 5
    with pytest.raises(LogFormatError, match="max_bytes=100"):
        read_log(TENHOU6, limits=ReadLimits(max_bytes=100))


def test_zip_limits_reach_read_logs_members(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(MJAI, "g.jsonl")
    (tmp_path / "a.zip").write_bytes(buf.getvalue())
    ((_, ok),) = read_logs([tmp_path])
    assert ok.format == "mjai"
    ((_, err),) = read_logs([tmp_path], limits=ReadLimits(max_depth=1))
    assert isinstance(err, LogFormatError) and "max_depth=1" in str(err)
