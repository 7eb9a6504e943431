"""Game log readers and writers, all through the one event model (:mod:`riichi.events`).

Readers: Tenhou mjlog XML (:func:`read_tenhou_xml`), tenhou.net/6 JSON (:func:`read_tenhou6`)
and mjai JSON lines (:func:`read_mjai`); :func:`read_log` sniffs the format by content and
:func:`read_logs` walks files and folders, yielding an error value for a bad file and going on;
:func:`parse_log` reads bytes already in memory; :func:`tenhou_walls` expands a Tenhou shuffle
seed into every round's wall and dice.
Writers: :func:`to_mjai_lines` and :func:`to_tenhou6`.

Every reader error is a :class:`riichi.LogFormatError` whose message and attributes
(``file``, ``position``, ``reason``) name the file, the position (line, element or round
index, byte) and the reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Union

from riichi.errors import LogFormatError
from riichi.events import GameLog
from riichi.logs._common import log_error
from riichi.logs.mjai import read_mjai, to_mjai_lines, to_mjai_objects
from riichi.logs.sniff import decompress, sniff_format
from riichi.logs.tenhou6 import read_tenhou6, to_tenhou6
from riichi.logs.tenhou_xml import read_tenhou_xml, tenhou_walls

__all__ = [
    "parse_log",
    "read_log",
    "read_logs",
    "read_mjai",
    "read_tenhou6",
    "read_tenhou_xml",
    "sniff_format",
    "tenhou_walls",
    "to_mjai_lines",
    "to_mjai_objects",
    "to_tenhou6",
]

_READERS = {"tenhou_xml": read_tenhou_xml, "tenhou6": read_tenhou6, "mjai": read_mjai}

PathLike = Union[str, "os.PathLike[str]"]


def parse_log(data: bytes, source: str | None = None) -> GameLog:
    """Read one game from bytes in any supported format (gzip or not), sniffed by content.

    Raises:
        LogFormatError: see the readers.
    """
    data = decompress(data, source)
    return _READERS[sniff_format(data, source)](data, source)


def read_log(path: PathLike) -> GameLog:
    """Read one game file in any supported format (sniffed by content, not extension).

    Raises:
        LogFormatError: an unreadable file (I/O errors included), naming file, position, reason.
    """
    source = os.fspath(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise log_error(source, "file", f"cannot read: {e.strerror or e}") from None
    return parse_log(data, source)


def _walk(paths: Iterable[PathLike]) -> Iterator[str]:
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if not f.startswith("."):
                        yield os.path.join(root, f)
        else:
            yield p


def read_logs(
    paths: PathLike | Iterable[PathLike],
) -> Iterator[tuple[str, GameLog | LogFormatError]]:
    """Read many logs: files, and folders walked recursively (sorted, hidden files skipped).

    Yields:
        ``(path, GameLog)`` for each readable file and ``(path, LogFormatError)`` for each
        unreadable one; one bad file never stops the batch.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    for path in _walk(paths):
        try:
            yield path, read_log(path)
        except LogFormatError as e:
            yield path, e
        except Exception as e:  # a reader bug must not stop the batch either: report it
            yield path, log_error(path, "file", f"unexpected {type(e).__name__}: {e}")
