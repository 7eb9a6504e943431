"""What counts as a finding, and the kinds of finding already known.

A harness signals a broken invariant by raising :class:`Violation`; any exception that is not
a ``riichi.RiichiError`` is a finding too. :data:`KNOWN` lists the kinds of the bugs already
reported in ``../shared/repros`` (each names its reproducer): a finding of one of those kinds
is counted and shown, but does not fail a run unless ``--strict`` is given. When a fix lands,
delete its entry here; the run then fails if the kind comes back.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass, field

from riichi import RiichiError


class Violation(Exception):
    """A broken engine invariant or contract, found by a harness itself.

    ``code`` names the kind (e.g. ``"tiles_not_conserved"``); the message gives the details.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Hang(BaseException):
    """One input ran past the per-input time limit (a BaseException so that no harness's
    ``except Exception`` swallows it)."""


class Ctx:
    """What a harness did to the input it is running: tags such as ``"odd_type"`` (an
    argument of a wrong type was passed on purpose) that some known kinds require."""

    def __init__(self) -> None:
        self.tags: set[str] = set()

    def tag(self, name: str) -> None:
        """Record that the input did ``name``."""
        self.tags.add(name)


@dataclass(frozen=True)
class Known:
    """One known kind of finding.

    A finding matches when its exception is one of ``exc`` (or its Violation code is one of
    ``codes``), every tag of ``tags`` was set by the harness, some traceback frame's file
    ends with one of ``where`` (if given), and ``message`` (a regex) is found in the message.
    """

    repro: str
    what: str
    exc: tuple[type[BaseException], ...] = ()
    codes: tuple[str, ...] = ()
    tags: frozenset[str] = field(default_factory=frozenset)
    where: tuple[str, ...] = ()
    message: str = ""

    def matches(self, e: BaseException, ctx: Ctx) -> bool:
        if isinstance(e, Violation):
            if e.code not in self.codes:
                return False
        elif not (self.exc and isinstance(e, self.exc)):
            return False
        if not self.tags <= ctx.tags:
            return False
        if self.where:
            files = [f.filename.replace("\\", "/") for f in traceback.extract_tb(e.__traceback__)]
            if not any(f.endswith(w) for f in files for w in self.where):
                return False
        return not self.message or re.search(self.message, str(e)) is not None


_T = frozenset

# TODO(issue 15): each entry goes when the fix for its reproducer is merged; a run then fails
# on that kind again. `python -m fuzz.run --strict` fails on them already.
KNOWN: tuple[Known, ...] = (
    Known("01", "mjai reader: a non-string 'type' escapes as TypeError", (TypeError,),
          where=("riichi/logs/mjai.py",), message="unhashable"),
    Known("02", "JSON readers: 1e999 (inf) where an int is expected: OverflowError",
          (OverflowError,), message="infinity"),
    Known("03", "JSON readers: deep nesting escapes as RecursionError", (RecursionError,)),
    Known("04", "gzip/zip members inflated with no size limit", codes=("memory",),
          tags=_T({"compressed"})),
    Known("01", "via read_logs", codes=("unexpected_error",), message="unexpected TypeError"),
    Known("02", "via read_logs", codes=("unexpected_error",), message="unexpected OverflowError"),
    Known("03", "via read_logs", codes=("unexpected_error",), message="unexpected RecursionError"),
    Known("10", "via read_logs", codes=("unexpected_error",), message="unexpected IndexError"),
    Known("10", "a round index past North reaches replay / the mjai writer: IndexError",
          (IndexError,), where=("riichi/replay.py", "riichi/logs/mjai.py", "riichi/events.py")),
)


def classify(e: BaseException, ctx: Ctx) -> str | None:
    """``None`` when ``e`` is allowed (a RiichiError that is not a Violation), else the known
    reproducer id it matches, or ``"NEW"``."""
    if isinstance(e, RiichiError) and not isinstance(e, Violation):
        return None
    for k in KNOWN:
        if k.matches(e, ctx):
            return k.repro
    return "NEW"
