"""Format detection by content, never by file extension.

gzip is recognised by its magic bytes ``1f 8b`` and undone first; then the first
non-blank character decides: ``<`` is Tenhou mjlog XML; ``{`` is JSON, which is mjai when the
first line is a complete object with a ``"type"`` key, a Mahjong Soul record when it names
``".lq.GameDetailRecords"`` / ``".lq.Record..."`` messages, a kobalab paipu when its rounds
start with a ``"qipai"`` object, and tenhou.net/6 otherwise (one document, or JSON lines of
single-round documents as mjx writes them); a Riichi City game log
(:mod:`riichi.logs.riichi_city`) names a ``"handRecord"`` list of hands in its first 64 KiB.
``[`` is a JSON array, read when it holds kobalab games (several games in one file). A Tenhou protocol transcript starts with
``*** Begin logging`` (hex dump) or a ``Send: <`` / ``Get: <`` line. A zip archive (magic ``PK\x03\x04``) is a
container of logs, not a log: :func:`is_zip` tells, and :func:`riichi.logs.read_logs` reads
its members.
"""

from __future__ import annotations

import json
import re
from typing import Any

from riichi.errors import RiichiError
from riichi.logs._common import inflate_gzip, limits_of, log_error, reader_input, too_big
from riichi.logs.tenhou_protocol import is_transcript

__all__ = ["decompress", "is_zip", "sniff_format"]

FORMATS = (
    "tenhou_xml", "tenhou6", "mjai", "kobalab", "majsoul", "riichi_city", "tenhou_protocol"
)

_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")


def is_zip(data: bytes) -> bool:
    """Whether ``data`` is a zip archive (local file header or empty-archive magic)."""
    return data[:4] in _ZIP_MAGIC


# a kobalab round starts with {"qipai": ...}; tenhou.net/6 rounds are lists of lists
_KOBALAB = re.compile(rb'\[\s*\{\s*"qipai"\s*:')
# a Riichi City game log: a "handRecord" list of hands with "handEventRecord" lists
_RIICHI_CITY = re.compile(rb'"handRecord"\s*:\s*\[\s*(?:\]|\{)')
# a Mahjong Soul record names its protobuf messages: ".lq.GameDetailRecords", ".lq.Record..."
_MAJSOUL = re.compile(rb'"name"\s*:\s*"\.lq\.(?:GameDetailRecords|Record)')


def decompress(data: bytes, source: str | None = None, limits: Any = None) -> bytes:
    """``data`` un-gzipped if it starts with the gzip magic ``1f 8b``, else unchanged.

    Args:
        limits: a :class:`riichi.logs.ReadLimits` (None: the defaults): the result may not
            pass ``max_bytes``; a gzip stream is inflated piece by piece and stopped there.

    Raises:
        LogFormatError: a corrupt, truncated or oversized gzip stream, or plain data past
            ``max_bytes``.
        RiichiError: ``limits`` is not a ReadLimits.
    """
    lim = limits_of(limits)
    if data[:2] == b"\x1f\x8b":
        return inflate_gzip(data, source, lim)
    if len(data) > lim.max_bytes:
        raise too_big(source, "document", lim)
    return data


def _bytes_of(data: object, source: object) -> bytes:
    out = reader_input("sniff_format", data, source)
    if isinstance(out, str):
        raise RiichiError(f"sniff_format: data must be bytes (the file's content), got {data!r:.60}")
    return out


def sniff_format(data: bytes, source: str | None = None) -> str:
    """The format of (already decompressed) log bytes: one of :data:`FORMATS`.

    Raises:
        LogFormatError: empty input or a first character that starts none of the formats.
        RiichiError: ``data`` not bytes (a ``bytearray`` or ``memoryview`` is read as its
            bytes), or ``source`` not a str or None.
    """
    if not isinstance(data, bytes) or (source is not None and not isinstance(source, str)):
        data = _bytes_of(data, source)
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head:
        raise log_error(source, "byte 0", "empty file")
    first = head[:1]
    if first == b"<":
        return "tenhou_xml"
    if first == b"{":
        line = data.lstrip(b"\xef\xbb\xbf \t\r\n").split(b"\n", 1)[0]
        if b'"type"' in line:
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):  # the reader reports it, with the bounds
                obj = None
            if isinstance(obj, dict) and "type" in obj:
                return "mjai"
        if _MAJSOUL.search(data):
            return "majsoul"
        if _KOBALAB.search(data):
            return "kobalab"
        if _RIICHI_CITY.search(data[:65536]):
            return "riichi_city"
        return "tenhou6"
    if first == b"[" and _KOBALAB.search(data):
        return "kobalab"  # several kobalab games in one JSON array
    if is_transcript(data):
        return "tenhou_protocol"
    if is_zip(data):
        raise log_error(
            source, "byte 0", "a zip archive holds many logs: read it with read_logs / verify"
        )
    offset = len(data[:4096]) - len(head)
    if head[:2] == b"//":
        raise log_error(
            source, f"byte {offset}",
            "starts with a // comment: not a log (JSON has no comments; a hand-annotated "
            "file? without its comments it may be one)",
        )  # fmt: skip
    raise log_error(
        source,
        f"byte {offset}",
        f"unknown log format (starts with {head[:16]!r}; expected Tenhou XML, "
        "tenhou.net/6 JSON, mjai JSON lines, kobalab paipu JSON, Mahjong Soul record JSON, "
        "Riichi City game log JSON or a Tenhou protocol transcript)",
    )
