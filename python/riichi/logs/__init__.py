"""Game log readers and writers, all through the one event model (:mod:`riichi.events`).

Readers: Tenhou mjlog XML (:func:`read_tenhou_xml`), tenhou.net/6 JSON (:func:`read_tenhou6`),
mjai JSON lines (:func:`read_mjai`), kobalab 電脳麻将 paipu JSON (:func:`read_kobalab`), Mahjong
Soul raw game records (:func:`read_majsoul`) and
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
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Union

from riichi.errors import LogFormatError
from riichi.events import GameLog
from riichi.logs._common import log_error
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


def parse_log(data: bytes, source: str | None = None) -> GameLog:
    """Read one game from bytes in any supported format (gzip or not), sniffed by content.

    Raises:
        LogFormatError: see the readers.
    """
    data = decompress(data, source)
    return _READERS[sniff_format(data, source)](data, source)


def parse_games(
    data: bytes, source: str | None = None
) -> list[tuple[str | None, GameLog | LogFormatError]]:
    """Every game in bytes already in memory (any format, gzip or not, sniffed by content).

    Returns:
        ``(name, GameLog)`` per game and ``(name, LogFormatError)`` per bad game of a file
        that holds several: a kobalab JSON array's games are named ``"{source}#{i}"`` (i from
        0, :func:`read_kobalab_games`); every other format holds one game, named ``source``.

    Raises:
        LogFormatError: bytes that are not a log at all, or a one-game file that is bad.
    """
    data = decompress(data, source)
    fmt = sniff_format(data, source)
    if fmt == "kobalab":
        return read_kobalab_games(data, source)
    return [(source, _READERS[fmt](data, source))]


def read_games(path: PathLike) -> list[tuple[str, GameLog | LogFormatError]]:
    """:func:`read_log` for a file that may hold several games (:func:`parse_games`).

    Raises:
        LogFormatError: an unreadable file (I/O errors included), naming file, position, reason.
        RiichiError: ``path`` is not a str, bytes or os.PathLike.
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        from riichi.errors import RiichiError

        raise RiichiError(f"read_games: path must be a str or os.PathLike, got {path!r}")
    source = os.fsdecode(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise log_error(source, "file", f"cannot read: {e.strerror or e}") from None
    return [(name or source, g) for name, g in parse_games(data, source)]


def read_log(path: PathLike) -> GameLog:
    """Read one game file in any supported format (sniffed by content, not extension).

    Raises:
        LogFormatError: an unreadable file (I/O errors included), naming file, position, reason.
        RiichiError: ``path`` is not a str, bytes or os.PathLike.
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        from riichi.errors import RiichiError

        raise RiichiError(f"read_log: path must be a str or os.PathLike, got {path!r}")
    source = os.fsdecode(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise log_error(source, "file", f"cannot read: {e.strerror or e}") from None
    return parse_log(data, source)


def is_archive(path: PathLike) -> bool:
    """Whether ``path`` is a zip archive (by its magic bytes, not its extension); False for a
    folder or a file that cannot be read (:func:`read_log` then reports it)."""
    try:
        with open(path, "rb") as fh:
            return is_zip(fh.read(4))
    except OSError:
        return False


def read_archive(path: PathLike) -> Iterator[tuple[str, GameLog | LogFormatError]]:
    """Each member of a zip archive read as one log (any format, sniffed by content).

    Members are taken in archive order; folders, hidden files or folders (``.idea/``) and
    ``__MACOSX/`` entries are skipped. Each is named ``"{path}:{member}"`` (its ``GameLog.source`` and the file of its
    errors).

    Yields:
        ``(name, GameLog)`` per readable member and ``(name, LogFormatError)`` per bad one; a
        bad member (corrupt, truncated, not a log) never stops the others. A member holding
        several games yields one item per game (``archive.zip:member#i``, :func:`parse_games`).
        An archive that cannot be opened yields one ``(path, LogFormatError)``.
    """
    import zipfile

    source = os.fspath(path)
    try:
        zf = zipfile.ZipFile(source)
    except (OSError, zipfile.BadZipFile, EOFError, ValueError) as e:
        yield source, log_error(source, "zip archive", f"cannot open: {e}")
        return
    with zf:
        for info in zf.infolist():
            name = info.filename
            # "." and ".." are path steps, not hidden names: such a member is still read
            hidden = any(p.startswith(".") and p not in (".", "..") for p in name.split("/"))
            if info.is_dir() or hidden or name.startswith("__MACOSX/"):
                continue
            member = f"{source}:{name}"
            try:
                data = zf.read(info)
            except Exception as e:  # CRC error, truncated member, unsupported compression
                yield member, log_error(member, "member", f"cannot extract: {e}")
                continue
            try:
                games = parse_games(data, member)
            except LogFormatError as e:
                yield member, e
                continue
            except Exception as e:  # a reader bug must not stop the batch: report it
                yield member, log_error(member, "file", f"unexpected {type(e).__name__}: {e}")
                continue
            yield from ((name or member, g) for name, g in games)


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
    """Read many logs: files, folders walked recursively (sorted, hidden files skipped) and
    zip archives (each member one log, see :func:`read_archive`).

    Yields:
        ``(path, GameLog)`` for each readable file and ``(path, LogFormatError)`` for each
        unreadable one (``archive.zip:member`` for archive members); a file holding several
        games yields one item per game (``file.json#i``, :func:`read_games`); one bad file
        never stops the batch.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    for path in _walk(paths):
        if is_archive(path):
            yield from read_archive(path)
            continue
        try:
            games = read_games(path)
        except LogFormatError as e:
            yield path, e
            continue
        except Exception as e:  # a reader bug must not stop the batch either: report it
            yield path, log_error(path, "file", f"unexpected {type(e).__name__}: {e}")
            continue
        yield from games
