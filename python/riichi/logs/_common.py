"""Shared helpers of the log readers: the one way to build a LogFormatError."""

from __future__ import annotations

from riichi.errors import LogFormatError


def log_error(source: str | None, position: str, reason: str) -> LogFormatError:
    """A :class:`LogFormatError` whose message is ``"{file}: {position}: {reason}"``.

    The parts are also kept as attributes ``file``, ``position`` and ``reason``.
    """
    err = LogFormatError(f"{source or '<input>'}: {position}: {reason}")
    err.file = source  # type: ignore[attr-defined]
    err.position = position  # type: ignore[attr-defined]
    err.reason = reason  # type: ignore[attr-defined]
    return err


class BadRecord(Exception):
    """Internal to the readers: a reason only; the reader adds file and position and raises
    :func:`log_error` from it."""
