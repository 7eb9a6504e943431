"""A base class for mjai bots: the protocol loop and the seat's state, so that a bot is the
one method :meth:`Bot.choose`.

Input, one line at a time on stdin: a JSON array of the events since the bot's last answer
(mjai.app's form, https://github.com/smly/mjai.app), answered with one mjai object per line;
or a single event object (Mortal's ``mortal.py`` form), answered only by the event that
gives the seat a decision (every event with ``run(answer_every_event=True)``, as the
original mjai server expects). Answers are written to stdout, flushed. Example (a complete bot)::

    from riichi.mjai import Bot

    class Tsumogiri(Bot):
        def choose(self, state, legal):
            drawn = state.drawn
            for a in legal:
                if a["type"] == "dahai" and (a["tsumogiri"] or drawn is None):
                    return a
            return legal[-1]   # none (pass), or the last option

    if __name__ == "__main__":
        raise SystemExit(Tsumogiri().main("tsumogiri"))

:meth:`Bot.main` runs the loop as a program: input it cannot take (a line that is not JSON,
an event the state refuses) ends it with one line on stderr naming the line and the bad
input, and exit status 2 (a referee sees the bot exit and quotes that line).
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from riichi.errors import RiichiError
from riichi.mjai.state import PlayerState
from riichi.rules import Rules

__all__ = ["Bot"]


class Bot:
    """A bot over one :class:`PlayerState`.

    Args:
        rules: the rules when ``start_game`` does not carry them (``"riichi_rules"``).

    Attributes:
        state: the seat's :class:`PlayerState` (reset by every ``start_game``).
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.state = PlayerState(rules=rules)

    def choose(self, state: PlayerState, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The answer to send: one of ``legal`` (:meth:`PlayerState.legal_actions`). Called
        only when the seat has a decision (``state.decision`` is not None). Override it."""
        raise NotImplementedError

    def react(self, events: list[dict[str, Any]] | dict[str, Any]) -> dict[str, Any]:
        """Feed the events (a list, or one event) and return the answer: :meth:`choose`'s
        when the seat has a decision, else ``{"type": "none"}``.

        Raises:
            RiichiError: an event the state cannot take (see :meth:`PlayerState.update`).
        """
        for ev in events if isinstance(events, list) else [events]:
            self.state.update(ev)
        if self.state.decision is None:
            return {"type": "none"}
        return self.choose(self.state, self.state.legal_actions())

    def run(
        self,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        *,
        answer_every_event: bool = False,
    ) -> None:
        """Answer the lines of ``stdin`` (default ``sys.stdin``) on ``stdout`` until the
        input ends: every array line; an event-object line only when the seat then has a
        decision, unless ``answer_every_event``.

        Raises:
            RiichiError: a line that is not JSON (nested too deep to read included), input
                that is not UTF-8 text (from a stream that decodes strictly), or an event the
                state cannot take, named with its line number (the bot stops: the referee
                sees it exit).
        """
        inp = sys.stdin if stdin is None else stdin
        out = sys.stdout if stdout is None else stdout
        lines = iter(inp)
        lineno = 0
        while True:
            lineno += 1
            try:
                line = next(lines)
            except StopIteration:
                return
            except UnicodeDecodeError as e:
                # a strict text stream decodes ahead of the lines it hands out: the bad
                # byte is in this line or one after it
                raise RiichiError(
                    f"input line {lineno} or a later one is not UTF-8 text ({e.reason}: "
                    f"{e.object[e.start:e.end]!r})"
                ) from None
            if not line.strip():
                continue
            try:
                events = json.loads(line)
            except ValueError as e:
                raise RiichiError(
                    f"input line {lineno} is not JSON ({e}): {line.strip()[:80]!r}"
                ) from None
            except RecursionError:
                raise RiichiError(
                    f"input line {lineno} is not an mjai message: JSON nested too deep "
                    f"to read: {line.strip()[:80]!r}"
                ) from None
            try:
                answer = self.react(events)
            except RiichiError as e:
                raise RiichiError(f"input line {lineno}: {e}") from None
            if not isinstance(events, list) and not answer_every_event:
                # a kan dora shown after a discard keeps that discard's decision: it was
                # answered already
                if self.state.decision is None or events.get("type") == "dora":
                    continue
            out.write(json.dumps(answer, separators=(",", ":")) + "\n")
            out.flush()

    def main(
        self,
        prog: str | None = None,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
        *,
        answer_every_event: bool = False,
    ) -> int:
        """:meth:`run` as a program's main: the exit status, 0 when the input ends.

        Input the bot cannot take (:meth:`run`'s RiichiError: a line that is not JSON, an
        event the state refuses) is reported as one line on ``stderr`` (default
        ``sys.stderr``), ``"PROG: error: input line N ..."`` with the bad input quoted, and
        gives exit status 2, never a traceback. ``prog`` defaults to the class name. Use:
        ``raise SystemExit(MyBot().main("mybot"))``.
        """
        try:
            self.run(stdin, stdout, answer_every_event=answer_every_event)
        except RiichiError as e:
            err = sys.stderr if stderr is None else stderr
            print(f"{prog or type(self).__name__}: error: {e}", file=err, flush=True)
            return 2
        return 0
