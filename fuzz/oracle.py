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



# Kinds found but not fixed yet, each naming its reproducer (none open today: the 14 of
# ../shared/repros and the fuzzers' own N1-N3 are fixed). An entry goes when its fix lands, so
# that a run fails on that kind again; `python -m fuzz.run --strict` fails on them already.
KNOWN: tuple[Known, ...] = ()


def classify(e: BaseException, ctx: Ctx) -> str | None:
    """``None`` when ``e`` is allowed (a RiichiError that is not a Violation), else the known
    reproducer id it matches, or ``"NEW"``."""
    if isinstance(e, RiichiError) and not isinstance(e, Violation):
        return None
    for k in KNOWN:
        if k.matches(e, ctx):
            return k.repro
    return "NEW"
