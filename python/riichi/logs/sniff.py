"""Format detection by content, never by file extension.

gzip is recognised by its magic bytes ``1f 8b`` and undone first; then the first
non-blank character decides: ``<`` is Tenhou mjlog XML; ``{`` is JSON, which is mjai when the
first line is a complete object with a ``"type"`` key, and tenhou.net/6 otherwise (one
document, or JSON lines of single-round documents as mjx writes them).
"""

from __future__ import annotations

import gzip
import json
import zlib

from riichi.logs._common import log_error

__all__ = ["decompress", "sniff_format"]

FORMATS = ("tenhou_xml", "tenhou6", "mjai")


def decompress(data: bytes, source: str | None = None) -> bytes:
    """``data`` un-gzipped if it starts with the gzip magic ``1f 8b``, else unchanged.

    Raises:
        LogFormatError: a corrupt or truncated gzip stream.
    """
    if data[:2] == b"\x1f\x8b":
        try:
            return gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as e:
            raise log_error(source, "gzip stream", f"cannot decompress: {e}") from None
    return data


def sniff_format(data: bytes, source: str | None = None) -> str:
    """The format of (already decompressed) log bytes: one of :data:`FORMATS`.

    Raises:
        LogFormatError: empty input or a first character that starts none of the formats.
    """
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
            except ValueError:
                obj = None
            if isinstance(obj, dict) and "type" in obj:
                return "mjai"
        return "tenhou6"
    offset = len(data[:4096]) - len(head)
    raise log_error(
        source,
        f"byte {offset}",
        f"unknown log format (starts with {head[:16]!r}; expected Tenhou XML, "
        "tenhou.net/6 JSON or mjai JSON lines)",
    )
