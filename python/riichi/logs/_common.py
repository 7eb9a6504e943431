"""Shared machinery of the log readers: the one way to build a LogFormatError, the resource
bounds every reader works within (:class:`ReadLimits`), and the guarded steps that touch
untrusted input: reading a file, inflating gzip, parsing JSON, range-checking numbers.

The bounds exist so that no input, however made, can hang a batch or exhaust memory: a 1 MB
gzip or zip member can inflate to gigabytes, a named pipe never ends, JSON nested 100 000
deep overflows the parser's stack, and a number like ``1e999`` or ``10**30`` only fails far
from where it was read.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from riichi.errors import LogFormatError, RiichiError

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_COUNTER",
    "MAX_POINTS",
    "BadRecord",
    "ReadLimits",
    "check_events",
    "display_name",
    "inflate_gzip",
    "int_in",
    "limits_of",
    "load_json",
    "loads_bounded",
    "log_error",
    "paths_under",
    "read_regular_file",
]


def display_name(name: str | bytes | None) -> str:
    """``name`` as text that can always be printed and written as UTF-8.

    A file name that is not valid UTF-8 arrives from the OS with its bad bytes as lone
    surrogates (``os.fsdecode``, PEP 383); here each such byte is shown as a backslash escape
    (``bad\\xff.json``), so that messages, reports and JSON stay encodable.
    """
    if name is None:
        return "<input>"
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        pass
    try:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate no file name decodes to ('\ud800'): escaped
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


def log_error(source: str | None, position: str, reason: str) -> LogFormatError:
    """A :class:`LogFormatError` whose message is ``"{file}: {position}: {reason}"``.

    The parts are also kept as attributes ``file``, ``position`` and ``reason`` (``file`` as
    given; the message shows it through :func:`display_name`).
    """
    err = LogFormatError(f"{display_name(source)}: {position}: {reason}")
    err.file = source  # type: ignore[attr-defined]
    err.position = position  # type: ignore[attr-defined]
    err.reason = reason  # type: ignore[attr-defined]
    return err


class BadRecord(Exception):
    """Internal to the readers: a reason only; the reader adds file and position and raises
    :func:`log_error` from it."""


# --------------------------------------------------------------------------- limits


@dataclass(frozen=True)
class ReadLimits:
    """Resource bounds of the log readers; every reader and loader takes one as ``limits``.

    Attributes:
        max_bytes: the most bytes one log may have, after gzip or zip decompression (and a
            plain file's size). Default 64 MiB; the largest real log seen is about 2 MB.
        max_archive_bytes: the most bytes all members of one zip archive may inflate to
            together; members past it are reported, not read. Default 1 GiB.
        max_depth: the deepest nesting of JSON arrays and objects (and of XML elements).
            Default 100; real logs nest at most 12 deep.

    Inflating stops as soon as a bound is passed (a bomb is never inflated whole), and the
    reader raises :class:`riichi.LogFormatError` naming the bound and its value.

    Raises:
        RiichiError: a bound that is not a positive int.
    """

    max_bytes: int = 64 << 20
    max_archive_bytes: int = 1 << 30
    max_depth: int = 100

    def __post_init__(self) -> None:
        for name in ("max_bytes", "max_archive_bytes", "max_depth"):
            v = getattr(self, name)
            if type(v) is not int or v < 1:
                raise RiichiError(f"ReadLimits.{name} must be a positive int, got {v!r}")


DEFAULT_LIMITS = ReadLimits()
"""The bounds used when a reader is given no ``limits``."""


def limits_of(limits: Any) -> ReadLimits:
    """``limits``, or :data:`DEFAULT_LIMITS` for None.

    Raises:
        RiichiError: ``limits`` is neither None nor a :class:`ReadLimits`.
    """
    if limits is None:
        return DEFAULT_LIMITS
    if not isinstance(limits, ReadLimits):
        raise RiichiError(f"limits must be a riichi.logs.ReadLimits or None, got {limits!r:.80}")
    return limits


def reader_input(who: str, data: Any, source: Any) -> bytes | str:
    """The ``data`` and ``source`` arguments of the format reader ``who``, checked before
    anything is read: ``data`` bytes (a ``bytearray`` or ``memoryview`` is read as its
    bytes) or text, ``source`` a str (the name shown in errors) or None.

    Raises:
        RiichiError: either of another type, naming ``who``, the argument and the value.
    """
    if source is not None and not isinstance(source, str):
        raise RiichiError(
            f"{who}: source must be a str (the name shown in errors) or None, got {source!r:.60}"
        )
    if isinstance(data, (bytes, str)):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    raise RiichiError(f"{who}: data must be bytes or str (the log's content), got {data!r:.60}")


def too_big(source: str | None, position: str, limits: ReadLimits) -> LogFormatError:
    """The error for input past ``limits.max_bytes``."""
    return log_error(
        source, position, f"more than max_bytes={limits.max_bytes} bytes (ReadLimits.max_bytes)"
    )


# --------------------------------------------------------------------------- files

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    """What a non-regular file is, in words ("a named pipe (FIFO)", "a socket", ...)."""
    for test, what in _KINDS:
        if test(mode):
            return what
    return "not a regular file"


def not_regular(source: str | None, mode: int) -> LogFormatError:
    """The error for a path that is not a regular file (never opened, never read)."""
    return log_error(source, "file", f"not a regular file: {file_kind(mode)}; skipped, not read")


def files_under(top: str) -> Iterator[tuple[str, LogFormatError | None]]:
    """Every file below the folder ``top``: ``(path, None)``, folders and files sorted by
    name, hidden names (``.x``) skipped.

    Symbolic links to folders are followed (a linked folder of logs is read, not dropped),
    each folder once (two links to one folder list its files once, under the first). A
    link to a folder that holds it (``a/up -> ..``, ``a/root -> /``) would loop or climb out
    of ``top``: it is yielded as ``(link, LogFormatError)`` and not followed. A folder that
    cannot be listed is yielded as ``(folder, LogFormatError)`` naming why, where
    ``os.walk`` alone would pass over it without a word.
    """
    failed: list[OSError] = []
    seen: set[tuple[int, int]] = set()

    def listing_errors() -> Iterator[tuple[str, LogFormatError]]:
        while failed:
            e = failed.pop(0)
            where = os.fsdecode(e.filename) if e.filename is not None else top
            yield where, log_error(where, "folder", f"cannot list: {e.strerror or e}")

    for root, dirs, files in os.walk(top, onerror=failed.append, followlinks=True):
        yield from listing_errors()
        try:
            st = os.stat(root)
        except OSError as e:
            yield root, log_error(root, "folder", f"cannot read: {e.strerror or e}")
            dirs[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen:
            dirs[:] = []  # reached again through a link: its files are already listed
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs.sort()
        here = os.path.realpath(root)
        for d in [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            target = os.path.realpath(os.path.join(root, d))
            if here == target or here.startswith(target.rstrip(os.sep) + os.sep):
                dirs.remove(d)
                link = os.path.join(root, d)
                why = f"a symbolic link to {target}, a folder that holds it; not followed"
                yield link, log_error(link, "folder", why)
        for f in sorted(files):
            if not f.startswith("."):
                yield os.path.join(root, f), None
    yield from listing_errors()


def paths_under(
    paths: Iterable[str | os.PathLike[str]],
) -> Iterator[tuple[str, LogFormatError | None]]:
    """Each path of ``paths`` as ``(path, None)``, a folder replaced by what
    :func:`files_under` yields for it (its files, and ``(path, error)`` for what cannot be
    walked). The one expansion of a list of paths that ``riichi verify``, ``export``,
    ``stats`` and ``read_logs`` share."""
    for p in paths:
        p = os.fsdecode(p)
        if os.path.isdir(p):
            yield from files_under(p)
        else:
            yield p, None


def read_regular_file(path: Any, source: str | None, limits: ReadLimits) -> bytes:
    """The bytes of the regular file ``path``, at most ``limits.max_bytes`` of them.

    A FIFO, device or socket is refused from its ``stat`` without being opened (so nothing
    blocks), and the open is non-blocking and re-checked with ``fstat`` in case the path
    changed in between.

    Raises:
        LogFormatError: not a regular file, an I/O error, or a file larger than the bound.
    """
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise not_regular(source, st.st_mode)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        flags |= getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
    except OSError as e:
        raise log_error(source, "file", f"cannot read: {e.strerror or e}") from None
    except ValueError as e:  # a name the OS cannot take: a NUL byte, an unpaired surrogate
        raise log_error(source, "file", f"cannot read: not a file name the OS takes ({e})") from None
    with open(fd, "rb", closefd=True) as fh:
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise not_regular(source, st.st_mode)
            if st.st_size > limits.max_bytes:
                raise too_big(source, "file", limits)
            data = fh.read(limits.max_bytes + 1)
        except OSError as e:
            raise log_error(source, "file", f"cannot read: {e.strerror or e}") from None
    if len(data) > limits.max_bytes:
        raise too_big(source, "file", limits)
    return data


# --------------------------------------------------------------------------- gzip


def inflate_gzip(data: bytes, source: str | None, limits: ReadLimits) -> bytes:
    """The content of the gzip stream ``data`` (one or more members, as ``gzip.decompress``
    reads them), inflated piece by piece and stopped as soon as it passes
    ``limits.max_bytes``.

    Raises:
        LogFormatError: a corrupt, truncated or oversized stream.
    """
    out = bytearray()
    cap = limits.max_bytes
    rest = memoryview(data)
    try:
        while True:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            out += d.decompress(rest, cap + 1 - len(out))
            while d.unconsumed_tail and len(out) <= cap:
                out += d.decompress(d.unconsumed_tail, cap + 1 - len(out))
            if len(out) > cap:
                raise too_big(source, "gzip stream", limits)
            if not d.eof:
                raise log_error(source, "gzip stream", "cannot decompress: truncated stream")
            tail = d.unused_data.lstrip(b"\0")  # zero padding between members is allowed
            if not tail:
                return bytes(out)
            if tail[:2] != b"\x1f\x8b":
                raise log_error(
                    source, "gzip stream", f"cannot decompress: {tail[:8]!r} after the stream"
                )
            rest = memoryview(tail)
    except zlib.error as e:
        raise log_error(source, "gzip stream", f"cannot decompress: {e}") from None


# --------------------------------------------------------------------------- JSON

# what json.loads would treat as a string (strings hide brackets and digits from the scans)
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# an integer literal of 19 or more digits (not a fraction's or an exponent's digits)
_LONG_INT = re.compile(r"(?<![\d.eE+])(?<![eE]-)-?\d{19,}(?![\d.eE])")


class _Bound(ValueError):
    """JSON past one of the readers' bounds (the message names it)."""


def _no_constant(name: str) -> float:
    raise _Bound(f"{name} is not a number a log may hold")


def _finite(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise _Bound(f"number {text[:40]} is out of range (not a finite float)")
    return v


def _depth_over(brackets: str, max_depth: int) -> bool:
    """Whether the brackets of a JSON text (strings and all else removed) nest deeper than
    ``max_depth``; the scan stops at the first level past the bound."""
    depth = 0
    for c in brackets:
        if c == "[" or c == "{":
            depth += 1
            if depth > max_depth:
                return True
        else:
            depth -= 1
    return False


def loads_bounded(text: str | bytes, max_depth: int = DEFAULT_LIMITS.max_depth) -> Any:
    """``json.loads(text)`` within the bounds every JSON reader shares.

    Refused: nesting deeper than ``max_depth`` (checked before parsing, so the parser never
    recurses that deep); ``NaN`` / ``Infinity`` and floats that overflow (``1e999``);
    integers of 19 or more digits (no log field comes near; bounded ints cannot overflow a
    64-bit field).

    Raises:
        ValueError: not JSON (a ``json.JSONDecodeError``), or past a bound (a subclass whose
            message names it).
    """
    if isinstance(text, (bytes, bytearray)):
        text = text.decode(json.detect_encoding(text))
    bare = _JSON_STRING.sub("", text)
    brackets = _NOT_BRACKET.sub("", bare)
    if len(brackets) > max_depth and _depth_over(brackets, max_depth):
        raise _Bound(f"JSON nested deeper than max_depth={max_depth} (ReadLimits.max_depth)")
    m = _LONG_INT.search(bare)
    if m:
        raise _Bound(f"integer {m.group()[:40]}... is out of range (19 or more digits)")
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:
        raise _Bound(f"JSON nested too deeply for the parser (max_depth={max_depth} is set "
                     "above what it can take)") from None  # fmt: skip


def load_json(text: str, source: str | None, position: str, limits: ReadLimits) -> Any:
    """:func:`loads_bounded` with ``limits.max_depth``, its errors as a
    :class:`LogFormatError` at ``position`` (``"not JSON: ..."`` or the bound passed)."""
    try:
        return loads_bounded(text, limits.max_depth)
    except _Bound as e:
        raise log_error(source, position, str(e)) from None
    except ValueError as e:
        pos = getattr(e, "pos", None)
        if isinstance(pos, int) and text[pos : pos + 2] == "//":
            line, col = e.lineno, e.colno  # type: ignore[attr-defined]
            raise log_error(
                source, position,
                f"not JSON: a // comment at line {line} column {col} (JSON has no comments; "
                "a hand-annotated file?)",
            ) from None  # fmt: skip
        raise log_error(source, position, f"not JSON: {e}") from None


# --------------------------------------------------------------------------- numbers

MAX_POINTS = 10**8
"""The largest magnitude a points value (score, delta, hand value, fu, han) may have in a log:
far above any real game, low enough that sums stay within 32-bit fields."""

MAX_COUNTER = 999
"""The largest honba or kyotaku count a log may hold."""


def int_in(value: Any, what: str, lo: int, hi: int) -> int:
    """``value`` as an int in ``lo..hi`` (an int, an integral float or a decimal string, as
    the JSON readers always took them; never a bool).

    Raises:
        BadRecord: naming ``what``, the value and the range.
    """
    if isinstance(value, bool):
        raise BadRecord(f"{what} {value!r} is not a number")
    if isinstance(value, float) and not value.is_integer():
        raise BadRecord(f"{what} {value!r} is not an integer")
    try:
        v = int(value)
    except (TypeError, ValueError, OverflowError):
        raise BadRecord(f"{what} {value!r:.40} is not a number") from None
    if not lo <= v <= hi:
        raise BadRecord(f"{what} {v} is out of range {lo}..{hi}")
    return v


# per event class: (seat fields, (field, lo, hi) int fields, int-tuple fields)
_SEATS = ("actor", "target", "oya", "pao")
_RANGES: dict[str, tuple[int, int]] = {
    "bakaze": (27, 30),
    "kyoku": (1, 4),
    "honba": (0, MAX_COUNTER),
    "kyotaku": (0, MAX_COUNTER),
    "players": (3, 4),
}
_POINTS = (-MAX_POINTS, MAX_POINTS)


def check_events(
    events: list[Any], source: str | None, vouched: list[tuple[int, int]] | None = None
) -> None:
    """Range-check every number of a read game before anything else uses it.

    Seats (``actor``, ``target``, ``oya``, ``pao``) are in ``0..players-1``; ``bakaze`` is a
    wind (27..30); ``kyoku`` 1..4; ``honba`` and ``kyotaku`` 0..:data:`MAX_COUNTER`;
    ``players`` 3 or 4; every other integer (scores, deltas, points, fu, han, yaku han,
    dice) within ±:data:`MAX_POINTS`; float points finite.

    ``vouched``: ascending, disjoint ``(start, stop)`` ranges of indices the reader vouches
    for and that are not looked at again: draws and discards (``Tsumo``, ``Dahai``, whose
    one number is the ``actor``) that it took from a table holding events of the game's
    seats only (the Tenhou mjlog reader's runs of ``_core.mjlog_scan`` codes).

    Raises:
        LogFormatError: at ``event #i (type)``, naming the field, the value and the range.
    """
    from riichi.events import Tile

    skip = (str, bool, type(None), Tile)  # nothing to range-check in these
    players = 4
    spans = []  # the index ranges to look at: the complement of ``vouched``
    at = 0
    for a, b in vouched or ():
        spans.append((at, a))
        at = b
    spans.append((at, len(events)))
    for a, b in spans:
        for i in range(a, b):
            ev = events[i]
            cls = type(ev)
            names = _FIELD_NAMES.get(cls)
            if names is None:
                names = _FIELD_NAMES[cls] = _number_fields(cls)
            try:
                if names == _ACTOR:  # draws and discards, most of a game: one seat to look at
                    v = ev.actor
                    if type(v) is not int or not 0 <= v < players:
                        _check_value("actor", v, players)
                    continue
                if ev.type == "start_game":
                    players = ev.players if type(ev.players) is int else players
                for name in names:
                    v = getattr(ev, name)
                    t = type(v)
                    if t is int:  # the common case inline; _check_value words the refusal
                        lo, hi = (0, players - 1) if name in _SEATS else _RANGES.get(name, _POINTS)
                        if not lo <= v <= hi:
                            _check_value(name, v, players)
                    elif t not in skip:
                        _check_value(name, v, players)
            except BadRecord as e:
                raise log_error(source, f"event #{i} ({ev.type})", str(e)) from None


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # event class -> the fields worth a look
_ACTOR = ("actor",)


def _number_fields(cls: type) -> tuple[str, ...]:
    """The dataclass fields of an event class declared to hold numbers (``int`` or ``float``
    somewhere in the declared type: a Dahai's ``actor``, not its ``pai`` or ``tsumogiri``; a
    StartKyoku's ``scores``, not its ``tehais`` of tiles), so the check costs one look per
    number, not one per tile."""
    fields = getattr(cls, "__dataclass_fields__", {})
    return tuple(
        n for n, f in fields.items() if "int" in str(f.type) or "float" in str(f.type)
    )


def _check_value(name: str, v: Any, players: int) -> None:
    if v is None or isinstance(v, (str, bool)):
        return
    if type(v) is int:
        if name in _SEATS:
            lo, hi = 0, players - 1
            what = f"{name} (a seat)"
        else:
            lo, hi = _RANGES.get(name, (-MAX_POINTS, MAX_POINTS))
            what = name
        if not lo <= v <= hi:
            raise BadRecord(f"{what} {v} is out of range {lo}..{hi}")
    elif type(v) is float:
        if not math.isfinite(v) or abs(v) > MAX_POINTS:
            raise BadRecord(f"{name} {v} is out of range")
    elif type(v) is tuple:
        lo, hi = -MAX_POINTS, MAX_POINTS
        for x in v:
            if type(x) is tuple:  # yaku (name, han)
                for y in x:
                    if type(y) is int and not lo <= y <= hi:
                        raise BadRecord(f"{name} value {y} is out of range {lo}..{hi}")
            elif type(x) is int and not lo <= x <= hi:
                raise BadRecord(f"{name} value {x} is out of range {lo}..{hi}")
            elif type(x) is float and (not math.isfinite(x) or abs(x) > MAX_POINTS):
                raise BadRecord(f"{name} value {x} is out of range")
