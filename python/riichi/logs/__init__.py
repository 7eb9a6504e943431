"""Game log readers and writers, all through the one event model (:mod:`riichi.events`).

Readers: Tenhou mjlog XML (:func:`read_tenhou_xml`), tenhou.net/6 JSON (:func:`read_tenhou6`),
mjai JSON lines (:func:`read_mjai`), kobalab 電脳麻将 paipu JSON (:func:`read_kobalab`), Mahjong
Soul raw game records (:func:`read_majsoul`), Riichi City game logs (:func:`read_riichi_city`)
and
Tenhou protocol transcripts (:func:`read_tenhou_protocol`: header and counts only, reported as
unsupported by the replay);
:func:`read_log` sniffs the format by content and :func:`read_logs` walks files, folders and
zip archives (each member one log, named ``archive.zip:member``), yielding an error value for a
bad file or member and going on, one item per game (a kobalab file may hold several games in
a JSON array: its games are named ``file.json#0``, ``file.json#1``...; :func:`read_games`);
:func:`parse_log` reads bytes already in memory (:func:`parse_games` for every game in them); :func:`tenhou_walls` expands a Tenhou shuffle
seed into every round's wall and dice.
Writers: :func:`to_mjai_lines`, :func:`to_tenhou6` and :func:`to_mjlog` (Tenhou mjlog XML);
each stores the game's complete :class:`riichi.Rules` under a ``riichi_rules`` key the
format's other readers ignore, and the readers give them back in ``GameLog.meta["rules"]``.

Every reader error is a :class:`riichi.LogFormatError` whose message and attributes
(``file``, ``position``, ``reason``) name the file, the position (line, element or round
index, byte) and the reason.

Resource bounds: every loader and reader takes ``limits``, a :class:`ReadLimits` (None:
:data:`DEFAULT_LIMITS`): the size of one log after decompression (64 MiB), of all members of
one zip archive together (1 GiB) and the nesting depth of JSON and XML (100). gzip and zip
data are inflated piece by piece and stopped at the bound; a log past one is a
LogFormatError naming it. Only regular files are read: a named pipe, device or socket is
reported from its ``stat`` and never opened. Numbers are range-checked where they are read
(seats, winds, counters, points; see :func:`riichi.logs._common.check_events`), so a bad
value is reported as a LogFormatError naming the field, never an IndexError or
OverflowError later.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from typing import Any, Union

from riichi.errors import LogFormatError, RiichiError
from riichi.events import GameLog
from riichi.logs._common import (
    DEFAULT_LIMITS,
    ReadLimits,
    limits_of,
    log_error,
    not_regular,
    paths_under,
    read_regular_file,
)
from riichi.logs.kobalab import read_kobalab, read_kobalab_games
from riichi.logs.majsoul import read_majsoul
from riichi.logs.mjai import read_mjai, to_mjai_lines, to_mjai_objects
from riichi.logs.mjlog_writer import to_mjlog
from riichi.logs.riichi_city import read_riichi_city
from riichi.logs.sniff import decompress, is_zip, sniff_format
from riichi.logs.tenhou6 import read_tenhou6, to_tenhou6
from riichi.logs.tenhou_protocol import read_tenhou_protocol
from riichi.logs.tenhou_xml import read_tenhou_xml, tenhou_walls

__all__ = [
    "DEFAULT_LIMITS",
    "ReadLimits",
    "is_archive",
    "parse_games",
    "parse_log",
    "read_archive",
    "read_games",
    "read_kobalab",
    "read_kobalab_games",
    "read_log",
    "read_logs",
    "read_majsoul",
    "read_mjai",
    "read_riichi_city",
    "read_tenhou6",
    "read_tenhou_protocol",
    "read_tenhou_xml",
    "sniff_format",
    "tenhou_walls",
    "to_mjai_lines",
    "to_mjai_objects",
    "to_mjlog",
    "to_tenhou6",
]

_READERS = {
    "tenhou_xml": read_tenhou_xml,
    "tenhou6": read_tenhou6,
    "mjai": read_mjai,
    "kobalab": read_kobalab,
    "majsoul": read_majsoul,
    "riichi_city": read_riichi_city,
    "tenhou_protocol": read_tenhou_protocol,
}

PathLike = Union[str, "os.PathLike[str]"]


def parse_log(
    data: bytes, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one game from bytes in any supported format (gzip or not), sniffed by content.

    Args:
        limits: the resource bounds (None: :data:`DEFAULT_LIMITS`).

    Raises:
        LogFormatError: see the readers; also input past a bound of ``limits``.
        RiichiError: ``data`` is not bytes, or ``limits`` is not a ReadLimits.
    """
    lim = limits_of(limits)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise RiichiError(f"parse_log: data must be bytes, got {type(data).__name__}")
    _check_source("parse_log", source)
    data = decompress(bytes(data), source, lim)
    return _READERS[sniff_format(data, source)](data, source, limits=lim)


def _check_source(who: str, source: object) -> None:
    if source is not None and not isinstance(source, str):
        raise RiichiError(f"{who}: source must be a str (the name shown in errors) or None, got {source!r:.60}")


def parse_games(
    data: bytes, source: str | None = None, *, limits: ReadLimits | None = None
) -> list[tuple[str | None, GameLog | LogFormatError]]:
    """Every game in bytes already in memory (any format, gzip or not, sniffed by content).

    Returns:
        ``(name, GameLog)`` per game and ``(name, LogFormatError)`` per bad game of a file
        that holds several: a kobalab JSON array's games are named ``"{source}#{i}"`` (i from
        0, :func:`read_kobalab_games`); every other format holds one game, named ``source``.

    Args:
        limits: the resource bounds (None: :data:`DEFAULT_LIMITS`).

    Raises:
        LogFormatError: bytes that are not a log at all, or a one-game file that is bad;
            input past a bound of ``limits``.
        RiichiError: ``data`` is not bytes, or ``limits`` is not a ReadLimits.
    """
    lim = limits_of(limits)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise RiichiError(f"parse_games: data must be bytes, got {type(data).__name__}")
    _check_source("parse_games", source)
    data = decompress(bytes(data), source, lim)
    fmt = sniff_format(data, source)
    if fmt == "kobalab":
        return read_kobalab_games(data, source, limits=lim)
    return [(source, _READERS[fmt](data, source, limits=lim))]


def read_games(
    path: PathLike, *, limits: ReadLimits | None = None
) -> list[tuple[str, GameLog | LogFormatError]]:
    """:func:`read_log` for a file that may hold several games (:func:`parse_games`).

    Only a regular file is read, as by :func:`read_log`.

    Raises:
        LogFormatError: an unreadable file (I/O errors included, not a regular file, past a
            bound of ``limits``), naming file, position, reason.
        RiichiError: ``path`` is not a str, bytes or os.PathLike, or ``limits`` is not a
            ReadLimits.
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise RiichiError(f"read_games: path must be a str or os.PathLike, got {path!r}")
    lim = limits_of(limits)
    source = os.fsdecode(path)
    data = read_regular_file(path, source, lim)
    return [(name or source, g) for name, g in parse_games(data, source, limits=lim)]


def read_log(path: PathLike, *, limits: ReadLimits | None = None) -> GameLog:
    """Read one game file in any supported format (sniffed by content, not extension).

    Only a regular file is read: a named pipe, device or socket is refused without being
    opened (nothing blocks); a file larger than ``limits.max_bytes`` is refused unread.

    Args:
        limits: the resource bounds (None: :data:`DEFAULT_LIMITS`).

    Raises:
        LogFormatError: an unreadable file (I/O errors included, not a regular file, past a
            bound), naming file, position, reason.
        RiichiError: ``path`` is not a str, bytes or os.PathLike, or ``limits`` is not a
            ReadLimits.
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise RiichiError(f"read_log: path must be a str or os.PathLike, got {path!r}")
    lim = limits_of(limits)
    source = os.fsdecode(path)
    return parse_log(read_regular_file(path, source, lim), source, limits=lim)


def is_archive(path: PathLike) -> bool:
    """Whether ``path`` is a zip archive (by its magic bytes, not its extension); False for a
    folder, a file that is not regular (never opened) or one that cannot be read
    (:func:`read_log` then reports it).

    Raises:
        RiichiError: ``path`` is not a str, bytes or os.PathLike (an int is not read as a
            file descriptor)."""
    if not isinstance(path, (str, bytes, os.PathLike)):  # an int would be a file descriptor
        raise RiichiError(f"is_archive: path must be a str or os.PathLike, got {path!r:.60}")
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            return stat.S_ISREG(os.fstat(fd).st_mode) and is_zip(os.read(fd, 4))
        finally:
            os.close(fd)
    except (OSError, TypeError, ValueError):
        return False


def read_archive(
    path: PathLike, *, limits: ReadLimits | None = None
) -> Iterator[tuple[str, GameLog | LogFormatError]]:
    """Each member of a zip archive read as one log (any format, sniffed by content).

    Members are taken in archive order; folders, hidden files or folders (``.idea/``) and
    ``__MACOSX/`` entries are skipped. Each is named ``"{path}:{member}"`` (its
    ``GameLog.source`` and the file of its errors).

    Members are inflated piece by piece: one past ``limits.max_bytes`` is reported when it
    passes the bound, and once all members together pass ``limits.max_archive_bytes`` each
    remaining member is reported unread.

    Yields:
        ``(name, GameLog)`` per readable member and ``(name, LogFormatError)`` per bad one; a
        bad member (corrupt, truncated, not a log, past a bound) never stops the others. A
        member holding several games yields one item per game (``archive.zip:member#i``,
        :func:`parse_games`). An archive that cannot be opened yields one
        ``(path, LogFormatError)``.

    Raises:
        RiichiError: ``path`` is not a str, bytes or os.PathLike, or ``limits`` is not a
            ReadLimits (before anything is read).
    """
    import zipfile

    if not isinstance(path, (str, bytes, os.PathLike)):
        raise RiichiError(f"read_archive: path must be a str or os.PathLike, got {path!r:.60}")
    lim = limits_of(limits)
    source = os.fsdecode(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            yield source, not_regular(source, st.st_mode)
            return
        zf = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile, EOFError, ValueError) as e:
        yield source, log_error(source, "zip archive", f"cannot open: {e}")
        return
    budget = lim.max_archive_bytes  # bytes the remaining members may still inflate to
    over_archive = (
        "the archive's members inflate to more than "
        f"max_archive_bytes={lim.max_archive_bytes} bytes (ReadLimits.max_archive_bytes)"
    )
    with zf:
        for info in zf.infolist():
            name = info.filename
            # "." and ".." are path steps, not hidden names: such a member is still read
            hidden = any(p.startswith(".") and p not in (".", "..") for p in name.split("/"))
            if info.is_dir() or hidden or name.startswith("__MACOSX/"):
                continue
            member = f"{source}:{name}"
            if budget < 0:
                yield member, log_error(member, "member", f"not read: {over_archive}")
                continue
            too_big = f"more than max_bytes={lim.max_bytes} bytes (ReadLimits.max_bytes)"
            if info.file_size > lim.max_bytes:  # its declared size: refused uninflated
                yield member, log_error(member, "member", f"{info.file_size} bytes, {too_big}")
                continue
            try:
                data, inflated = _inflate_member(zf, info, min(lim.max_bytes, budget))
            except Exception as e:  # CRC error, truncated member, unsupported compression
                yield member, log_error(member, "member", f"cannot extract: {e}")
                continue
            budget -= inflated
            if budget < 0:
                yield member, log_error(member, "member", over_archive)
                continue
            if data is None:
                yield member, log_error(member, "member", too_big)
                continue
            try:
                games = parse_games(data, member, limits=lim)
            except LogFormatError as e:
                yield member, e
                continue
            except Exception as e:  # a reader bug must not stop the batch: report it
                yield member, log_error(member, "file", f"unexpected {type(e).__name__}: {e}")
                continue
            yield from ((name or member, g) for name, g in games)


def _inflate_member(zf: Any, info: Any, cap: int) -> tuple[bytes | None, int]:
    """One member's bytes (None when past ``cap``) and how many bytes were inflated: the
    member is inflated in pieces and stopped one byte past ``cap``."""
    chunks: list[bytes] = []
    size = 0
    with zf.open(info) as fh:
        while size <= cap:
            chunk = fh.read(min(1 << 20, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    return (b"".join(chunks) if size <= cap else None), size


def _walk(paths: Iterable[PathLike]) -> Iterator[tuple[str, LogFormatError | None]]:
    """Each file under ``paths`` (folders walked recursively, sorted, hidden names skipped,
    linked folders followed: :func:`paths_under`), with the error that reports it unread
    when it is not a regular file (never opened) or is a folder that cannot be listed."""
    for path, error in paths_under(paths):
        yield (path, error) if error is not None else _entry(path)


def _entry(path: str) -> tuple[str, LogFormatError | None]:
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # (ValueError: a NUL byte or unpaired surrogate in the name)
        return path, None  # read_log reports why it cannot be read
    return path, None if stat.S_ISREG(mode) else not_regular(path, mode)


def read_logs(
    paths: PathLike | Iterable[PathLike], *, limits: ReadLimits | None = None
) -> Iterator[tuple[str, GameLog | LogFormatError]]:
    """Read many logs: files, folders walked recursively (sorted, hidden files skipped) and
    zip archives (each member one log, see :func:`read_archive`).

    Only regular files are read: a named pipe, device or socket is yielded with a
    LogFormatError saying what it is, and never opened.

    Args:
        limits: the resource bounds of each log and archive (None: :data:`DEFAULT_LIMITS`).

    Yields:
        ``(path, GameLog)`` for each readable file and ``(path, LogFormatError)`` for each
        unreadable one (``archive.zip:member`` for archive members); a file holding several
        games yields one item per game (``file.json#i``, :func:`read_games`); one bad file
        never stops the batch.

    Raises:
        RiichiError: ``limits`` is not a ReadLimits, ``paths`` is not a path nor an iterable
            of them, or one of them is not a str, bytes or os.PathLike (named with its
            index); all before anything is read.
    """
    lim = limits_of(limits)
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    try:
        paths = list(paths)
    except TypeError:
        raise RiichiError(f"read_logs: paths must be a path or an iterable of paths, got {paths!r:.60}") from None
    for i, p in enumerate(paths):
        if not isinstance(p, (str, bytes, os.PathLike)):
            raise RiichiError(f"read_logs: paths[{i}] must be a str, bytes or os.PathLike, got {p!r:.60}")
    return _read_logs(paths, lim)


def _read_logs(
    paths: Iterable[PathLike], lim: ReadLimits
) -> Iterator[tuple[str, GameLog | LogFormatError]]:
    for path, refused in _walk(paths):
        if refused is not None:
            yield path, refused
            continue
        if is_archive(path):
            yield from read_archive(path, limits=lim)
            continue
        try:
            games = read_games(path, limits=lim)
        except LogFormatError as e:
            yield path, e
            continue
        except Exception as e:  # a reader bug must not stop the batch either: report it
            yield path, log_error(path, "file", f"unexpected {type(e).__name__}: {e}")
            continue
        yield from games
