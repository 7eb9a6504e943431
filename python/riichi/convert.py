"""Convert game logs between formats (``riichi convert``): any readable format to mjai JSON
lines, tenhou.net/6 JSON or Tenhou mjlog XML, each written with the game's rules.

The rules stored in each written log (see :mod:`riichi.logs`) are the ones the source log
replays under: those its reader knew (``GameLog.meta["rules"]``: a log riichi wrote, a Mahjong
Soul record), else :func:`riichi.replay.rules_from_log` of its header; so the converted file
replays as the source does.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from riichi.errors import LogFormatError, RiichiError
from riichi.events import GameLog, Hora, ReachAccepted, Ryukyoku, StartKyoku
from riichi.rules import Rules

__all__ = ["FORMATS", "ConvertResult", "convert_logs", "output_names"]

#: Output formats and the file extension each is written with.
FORMATS = {"mjai": ".jsonl", "tenhou6": ".json", "mjlog": ".xml"}


@dataclass
class ConvertResult:
    """What a conversion did.

    Attributes:
        written: ``(source, output path)`` per game written.
        failed: ``(source, reason)`` per input that could not be read or written.
    """

    written: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)


def game_rules(log: GameLog) -> Rules:
    """The rules a log replays under: its reader's, else those its replay settles on (read
    from its header, with the rule for final points the log's figures agree with where the
    header leaves it open).

    Raises:
        RiichiError: a header no rules can be built from (e.g. a 2-player game).
    """
    found = (log.meta or {}).get("rules")
    if isinstance(found, Rules):
        return found
    from riichi.replay import replay_game, rules_from_log

    return replay_game(log).rules or rules_from_log(log)


def render(log: GameLog, fmt: str) -> str:
    """The text of ``log`` in ``fmt`` (a key of :data:`FORMATS`), with its rules.

    Raises:
        LogFormatError: a log the replay reports unsupported (``meta["unsupported"]``, e.g.
            a player's view or a Mahjong Soul test-environment wall: written out, that mark
            would be lost), a log with no round, events the format cannot hold (see the
            writers), or a written text its reader refuses (a log that contradicts itself in
            a way the format cannot carry), named with the reader's reason.
        RiichiError: an unknown ``fmt``, or rules that cannot be built for the log.
    """
    from riichi.logs import parse_log, to_mjai_lines, to_mjlog, to_tenhou6

    why = (log.meta or {}).get("unsupported")
    if why:
        raise LogFormatError(f"not converted: unsupported by the replay: {why}")
    if not log.rounds:
        raise LogFormatError("not converted: the log has no round")
    if fmt not in ("mjai", "tenhou6", "mjlog"):
        raise RiichiError(f"unknown output format {fmt!r} (one of {', '.join(FORMATS)})")
    rules = game_rules(log)
    log = fill_start_scores(log, rules)
    if fmt == "mjai":
        text = to_mjai_lines(log, rules=rules)
    elif fmt == "tenhou6":
        text = json.dumps(to_tenhou6(log, rules=rules), ensure_ascii=False) + "\n"
    else:
        text = to_mjlog(log, rules=rules)
    # A log that contradicts itself may be written in a form whose reader refuses it (three
    # kobalab records list one dora indicator for two kans: mjai keeps the events and the
    # replay reports the mismatch, tenhou.net/6 lists indicators only and its reader
    # cannot place them): never write a file that does not read back.
    try:
        parse_log(text.encode("utf-8"), f"the {fmt} written")
    except LogFormatError as e:
        raise LogFormatError(f"not converted: {e} (the written log would not read back)") from None
    return text


def fill_start_scores(log: GameLog, rules: Rules) -> GameLog:
    """``log`` with the scores of each ``start_kyoku`` that gives none (standard mjai may
    leave them out) filled in: ``rules.starting_points`` for the first round, then the
    scores the log records after each riichi stick and settlement (or its deltas added).
    The other formats need them: tenhou.net/6 and mjlog write each round's scores, and an
    empty list was read back as an unreadable round. A round whose scores cannot be known
    (a settlement with neither scores nor deltas before it) is left as it was.
    """
    n = rules.num_players
    running: list[int] | None = [rules.starting_points] * n
    events = list(log.events)
    changed = False
    for i, ev in enumerate(events):
        if isinstance(ev, StartKyoku):
            if ev.scores:
                running = list(ev.scores)
            elif running is not None and len(running) == n:
                events[i] = dataclasses.replace(ev, scores=tuple(running))
                changed = True
        elif isinstance(ev, (ReachAccepted, Hora, Ryukyoku)):
            if ev.scores:
                running = list(ev.scores)
            elif ev.deltas and running is not None and len(ev.deltas) == len(running):
                running = [a + b for a, b in zip(running, ev.deltas)]
            elif isinstance(ev, ReachAccepted) and running is not None and 0 <= ev.actor < n:
                running[ev.actor] -= rules.riichi_stick
            else:
                running = None  # unknown until a round start or settlement gives them
    return dataclasses.replace(log, events=events) if changed else log


def output_names(inputs: Sequence[str]) -> Iterator[tuple[str, str, str]]:
    """Each input file as ``(path, name relative to the output folder without extension,
    the input it came from)``: a folder's files keep their path below it, a file its name.
    Linked folders are followed (:func:`riichi.logs._common.files_under`); a folder that
    cannot be listed is not a file and is not given (:func:`convert_logs` reports it).

    Raises:
        RiichiError: ``inputs`` not a list of paths (a single str is refused: give a list),
            naming the value (at the call, before any folder is walked).
    """
    entries = _entries(_checked_inputs("output_names", inputs))
    return ((path, rel, top) for path, rel, top, error in entries if error is None)


def _checked_inputs(who: str, inputs: object) -> list[str]:
    """``inputs`` as a list of path strings, or a RiichiError naming ``who`` and the value:
    a single str or bytes (it would be read letter by letter), a non-iterable, or an item
    that is not a str or os.PathLike."""
    items = None
    if not isinstance(inputs, (str, bytes)) and hasattr(inputs, "__iter__"):
        try:
            items = list(inputs)  # type: ignore[call-overload]
        except TypeError:  # iterable by its type only: a 0-d NumPy array
            items = None
    if items is None:
        raise RiichiError(f"{who}: inputs must be a list of paths, got {inputs!r:.60}")
    out = []
    for i, p in enumerate(items):
        if not isinstance(p, (str, os.PathLike)):
            raise RiichiError(f"{who}: inputs[{i}] must be a path (str or os.PathLike), got {p!r:.60}")
        out.append(os.fspath(p))
    return out


def _entries(inputs: Sequence[str]) -> Iterator[tuple[str, str, str, LogFormatError | None]]:
    from riichi.logs._common import files_under

    for top in inputs:
        if os.path.isdir(top):
            for path, error in files_under(top):
                yield path, os.path.relpath(path, top), top, error
        else:
            yield top, os.path.basename(top), top, None


def _stem(name: str) -> str:
    for ext in (".gz", ".mjlog", ".xml", ".jsonl", ".json", ".mjson", ".txt", ".zip"):
        if name.endswith(ext) and len(name) > len(ext):
            name = name[: -len(ext)]
    return name


def convert_logs(
    inputs: Sequence[str],
    out: str,
    fmt: str,
    *,
    single_file: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ConvertResult:
    """Convert every game of ``inputs`` (files, folders, zip archives) to ``fmt``.

    Args:
        inputs: paths as :func:`riichi.read_logs` takes them.
        out: the output folder (created; each game written to the input's relative path with
            the format's extension, an archive member below a folder named after the
            archive), or with ``single_file`` the one output file.
        fmt: ``"mjai"``, ``"tenhou6"`` or ``"mjlog"``.
        single_file: write the one input's game to the file ``out`` (a file holding several
            games: ``out-0.ext``, ``out-1.ext``, ...).
        progress: called with 1 after each input file.

    Returns:
        Every game written and every input that failed with the reason (an unreadable input
        or one the format cannot hold never stops the others; a game whose output path is
        one of the input files is not written, so that no source log is replaced).

    Raises:
        RiichiError: an unknown ``fmt``; ``inputs`` not a list of paths (a single str is
            refused: give a list), ``out`` not a path, ``single_file`` not a bool or
            ``progress`` not callable or None (each named with its value, before anything
            is read).
    """
    from riichi.logs import is_archive, read_archive, read_games

    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise RiichiError(f"unknown output format {fmt!r:.60} (one of {', '.join(FORMATS)})")
    inputs = _checked_inputs("convert_logs", inputs)
    if not isinstance(out, (str, os.PathLike)):
        raise RiichiError(f"convert_logs: out must be a path (str or os.PathLike), got {out!r:.60}")
    out = os.fspath(out)
    if single_file is not True and single_file is not False:
        raise RiichiError(f"convert_logs: single_file must be True or False, got {single_file!r:.60}")
    if progress is not None and not callable(progress):
        raise RiichiError(f"convert_logs: progress must be callable or None, got {progress!r:.60}")
    result = ConvertResult()
    taken: set[str] = set()
    names = list(_entries(inputs))
    sources = {os.path.realpath(path) for path, _, _, _ in names}  # never written over
    for path, rel, _top, refused in names:
        items: list[tuple[str, str, GameLog | Exception]] = []
        if refused is not None:  # a folder that could not be listed, or a looping link
            items.append((path, "", refused))
        elif is_archive(path):
            stem = _stem(rel)
            for member, got in read_archive(path):
                name = member[len(path) + 1 :] if member.startswith(path + ":") else member
                items.append((member, os.path.join(stem, _stem(name)), got))
        else:
            try:
                games = read_games(path)
                # a file of several games (a kobalab array) names them file.json#i: stem-i
                items.extend(
                    (name, _stem(rel) + (f"-{name[len(path) + 1 :]}" if name != path else ""), got)
                    for name, got in games
                )
            except LogFormatError as e:
                items.append((path, "", e))
            except Exception as e:  # a reader bug must not stop the batch: report it
                items.append((path, "", RiichiError(f"unexpected {type(e).__name__}: {e}")))
        for source, stem, got in items:
            if isinstance(got, Exception):
                result.failed.append((source, _reason(got, source)))
                continue
            try:
                text = render(got, fmt)
            except RiichiError as e:
                result.failed.append((source, str(e)))
                continue
            except Exception as e:  # a writer bug must not stop the batch: report it
                result.failed.append((source, f"unexpected {type(e).__name__}: {e}"))
                continue
            if not single_file:
                target = _unique(os.path.join(out, stem) + FORMATS[fmt], taken)
            elif len(items) == 1:
                target = out
            else:  # the one input holds several games: out-0.ext, out-1.ext, ...
                root, ext = os.path.splitext(out)
                target = _unique(f"{root}{stem[len(_stem(rel)) :]}{ext}", taken)
            if os.path.realpath(target) in sources:
                result.failed.append((source, f"not written: {target} is an input (give another output)"))
                continue
            try:
                parent = os.path.dirname(target)
                if parent:
                    os.makedirs(parent, exist_ok=True)
                with open(target, "w", encoding="utf-8") as fh:
                    fh.write(text)
            except OSError as e:
                result.failed.append((source, f"cannot write {target}: {e.strerror or e}"))
                continue
            result.written.append((source, target))
        if progress is not None:
            progress(1)
    return result


def _unique(target: str, taken: set[str]) -> str:
    """``target``, or ``name-2.ext``, ``name-3.ext``... when an earlier game took it."""
    base, ext = os.path.splitext(target)
    k = 1
    while target in taken:
        k += 1
        target = f"{base}-{k}{ext}"
    taken.add(target)
    return target


def _reason(err: Exception, source: str) -> str:
    """The error's text without the file name it starts with (the report names it)."""
    text = str(err)
    return text[len(source) + 2 :] if text.startswith(f"{source}: ") else text
