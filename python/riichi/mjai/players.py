"""The arena's connections to its bots: a bot process speaking mjai JSON lines over
stdin/stdout (:class:`ProcessPlayer`), or a :class:`riichi.mjai.Bot` in this process
(:class:`LocalPlayer`, for tests and benchmarks; its messages are JSON-encoded all the same).

Each exchange writes one line (a JSON array of events) and waits for one line back; a reader
thread per process feeds a queue so that a bot that stops answering is given up on after the
timeout instead of blocking the arena.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from typing import Any

from riichi.errors import RiichiError

__all__ = ["BotFault", "LocalPlayer", "ProcessPlayer"]


class BotFault(Exception):
    """A bot did not give a usable answer: ``kind`` is ``"timeout"``, ``"crash"`` (the
    process exited, closed its output or could not be started), ``"not_json"`` (a line that
    is not JSON, or longer than :data:`MAX_LINE`) or ``"protocol"`` (a line written when no
    answer was asked for: the stream is out of step); ``detail`` says what was seen."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class ProcessPlayer:
    """A bot process: ``command`` is a shell-style command line (split with
    :func:`shlex.split`) or an argument list. Its stderr goes to a temporary file, or to
    ``stderr_path`` (appended), and the last lines are quoted when it crashes.

    The process is started on the first exchange and kept across games (each game starts
    with a ``start_game`` that resets a bot); :meth:`close` ends it. ``{seat}`` in an argument
    is replaced by the seat the bot plays (:meth:`set_seat`; for bots that take their player
    id on the command line, as mjai.app's ``bot.py ID`` and Mortal's ``mortal.py ID`` do): the
    process is started again whenever its seat changes.
    """

    def __init__(
        self, command: str | Sequence[str], name: str | None = None, stderr_path: str | None = None
    ) -> None:
        if isinstance(command, str):
            argv = shlex.split(command)
        else:
            argv = [str(x) for x in command]
        if not argv:
            raise RiichiError(f"bot command is empty: {command!r}")
        self.template = argv
        self.argv = argv
        self.name = name or (command if isinstance(command, str) else " ".join(argv))
        self._stderr_path = stderr_path
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._err: Any = None

    def set_seat(self, seat: int) -> None:
        """Fill ``{seat}`` in the command; a running process of another seat is ended."""
        argv = [a.replace("{seat}", str(seat)) for a in self.template]
        if argv != self.argv:
            self.close()
            self.argv = argv

    @property
    def alive(self) -> bool:
        """Whether the process is running."""
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start the process (if it is not running).

        Raises:
            BotFault: ``crash`` when the command cannot be started (named with the OS error).
        """
        if self.alive:
            return
        self.close()
        if self._stderr_path:
            self._err = open(self._stderr_path, "a", encoding="utf-8")
        else:
            self._err = tempfile.TemporaryFile("w+", encoding="utf-8")
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._err,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as e:
            raise BotFault("crash", f"cannot start {self.argv[0]!r}: {e.strerror or e}") from None
        self._lines = queue.Queue()
        t = threading.Thread(target=_pump, args=(self._proc.stdout, self._lines), daemon=True)
        t.start()

    def exchange(
        self,
        events: list[dict[str, Any]],
        timeout: float,
        *,
        per_event: bool = False,
        answer: bool = True,
    ) -> Any:
        """Send the events as one JSON array line (``per_event``: one JSON object line per
        event) and return the decoded answer line (None without reading when ``answer`` is
        False).

        Raises:
            BotFault: ``timeout`` (no line within ``timeout`` seconds), ``crash`` (the
                process is gone or closed stdout), ``not_json`` (the line is not JSON or too
                long), ``protocol`` (an extra line was waiting from before).
        """
        self.start()
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        if not self._lines.empty():  # lines nobody asked for: the stream is out of step
            extra = self._lines.get_nowait()
            if extra is None:
                raise BotFault("crash", self._exit_text())
            if extra == _TOO_LONG:
                raise BotFault("not_json", f"wrote a line longer than {MAX_LINE} characters")
            raise BotFault(
                "protocol", f"wrote a line nobody asked for: {extra.strip()[:120]!r}"
            )
        dumps = json.JSONEncoder(separators=(",", ":")).encode
        if per_event:
            text = "".join(dumps(e) + "\n" for e in events)
        else:
            text = dumps(events) + "\n"
        try:
            proc.stdin.write(text)
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotFault("crash", self._exit_text()) from None
        if not answer:
            return None
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise BotFault("timeout", f"no answer within {timeout:g} s") from None
        if line is None:
            raise BotFault("crash", self._exit_text())
        if line == _TOO_LONG:
            raise BotFault("not_json", f"wrote a line longer than {MAX_LINE} characters")
        try:
            return json.loads(line)
        except ValueError:
            text = line.strip()
            raise BotFault("not_json", f"answered {text[:120]!r}") from None

    def _exit_text(self) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                code = None
        why = "closed its output" if code is None else f"exited with status {code}"
        tail = self._stderr_tail()
        return f"{why}{'; stderr: ' + tail if tail else ''}"

    def _stderr_tail(self, lines: int = 3) -> str:
        err = self._err
        if err is None:
            return ""
        try:
            err.flush()
            if self._stderr_path:
                with open(self._stderr_path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            else:
                err.seek(0)
                text = err.read()
        except (OSError, ValueError):
            return ""
        tail = [x for x in text.splitlines() if x.strip()][-lines:]
        return " | ".join(tail)[-400:]

    def close(self) -> None:
        """End the process (closing its input, then killing it) and release its files."""
        proc = self._proc
        self._proc = None
        if proc is not None:
            try:
                if proc.stdin is not None:
                    proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        if self._err is not None:
            self._err.close()
            self._err = None

    def kill(self) -> None:
        """Kill the process now (a bot that timed out or broke the protocol)."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
        self.close()


#: the longest answer line read (a longer one is a protocol fault, never held in memory)
MAX_LINE = 1 << 20
_TOO_LONG = "\0too long"


def _pump(stream: Any, out: queue.Queue[str | None]) -> None:
    try:
        while True:
            line = stream.readline(MAX_LINE)
            if not line:
                break
            if len(line) >= MAX_LINE and not line.endswith("\n"):
                out.put(_TOO_LONG)
                break  # the rest is not read: the bot is killed
            out.put(line)
    except (OSError, ValueError):
        pass
    out.put(None)


class LocalPlayer:
    """A :class:`riichi.mjai.Bot` (or anything with ``react(events) -> dict``) run in this
    process; each exchange is JSON-encoded and decoded as it would be over a pipe. An
    exception from the bot is a ``crash``."""

    def __init__(self, bot: Any, name: str | None = None) -> None:
        self.bot = bot
        self.name = name or type(bot).__name__
        self.alive = True

    def start(self) -> None:
        self.alive = True

    def set_seat(self, seat: int) -> None:
        pass

    def exchange(
        self,
        events: list[dict[str, Any]],
        timeout: float,
        *,
        per_event: bool = False,
        answer: bool = True,
    ) -> Any:
        try:
            reply = self.bot.react(json.loads(json.dumps(events)))
            return json.loads(json.dumps(reply)) if answer else None
        except Exception as e:  # any failure of the bot is its crash
            self.alive = False
            raise BotFault("crash", f"{type(e).__name__}: {e}") from None

    def kill(self) -> None:
        self.alive = False

    def close(self) -> None:
        pass

