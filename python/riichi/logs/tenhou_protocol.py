"""Tenhou client/server protocol transcripts: what a client saw of a game (not replayable).

Two transcript styles are read:

- ``Send: <...>`` / ``Get: <...>`` lines (dnovikoff/tenhou's bot client): ``Get:`` lines are
  server messages, one or more tags each;
- hex dumps (TenhouViewerUI's logger): ``*** Begin logging at ...``, then blocks headed
  ``HH:MM:SS: server->client`` (or ``client->server``) of ``00000000| 3C 47 4F ... |<GO...``
  lines; the server bytes are joined and split at the NUL that ends each message.

A transcript is one player's view: the other players' hands and draws are hidden, so the game
cannot be replayed. :func:`read_tenhou_protocol` gives a :class:`GameLog` with the header
(players and rules from the first ``<GO type>``; a transcript may hold several games) and ``meta["unsupported"]`` naming why, which
``riichi verify`` reports as unsupported; its ``meta`` also counts the rounds, ``<AGARI>`` and
``<RYUUKYOKU>`` tags. Every ``<AGARI>`` tag is a complete scoring record in mjlog's form (seats
relative to the viewer, who is seat 0): :func:`server_tags` yields the server's tags for such
checks (tests/test_protocol_wins.py scores each one).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from riichi.events import GameLog, StartGame
from riichi.logs._common import ReadLimits, limits_of, log_error, reader_input

__all__ = [
    "UNSUPPORTED_REASON",
    "is_transcript",
    "read_tenhou_protocol",
    "server_tags",
    "server_text",
]

#: Why a transcript is not replayed (``riichi verify`` lists it as unsupported).
UNSUPPORTED_REASON = "player-view protocol transcript: other hands hidden"

_HEX_HEAD = b"*** Begin logging"
_LINE_HEAD = re.compile(rb"^(?:Send|Get): <", re.M)
_BLOCK = re.compile(r"^\d\d:\d\d:\d\d: (server->client|client->server)\s*$")
_HEX_LINE = re.compile(r"^[0-9A-Fa-f]{8}\| ((?:[0-9A-Fa-f]{2} )+)")
_TAG = re.compile(r"<([A-Za-z]+\d*)((?:\s+[\w]+=\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def is_transcript(data: bytes) -> bool:
    """Whether ``data`` (decompressed) looks like a protocol transcript of either style."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(_HEX_HEAD) or bool(_LINE_HEAD.match(head))


def server_text(data: bytes | str) -> str:
    """The server->client messages of a transcript as text, one message per line."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    if text.lstrip("\ufeff \t\r\n").startswith("*** Begin logging"):
        chunks: list[bytes] = []
        server = False
        for line in text.splitlines():
            m = _BLOCK.match(line)
            if m:
                server = m.group(1) == "server->client"
                continue
            h = _HEX_LINE.match(line)
            if h and server:
                chunks.append(bytes.fromhex(h.group(1)))
        raw = b"".join(chunks)
        return "\n".join(m.decode("utf-8", "replace") for m in raw.split(b"\x00") if m)
    return "\n".join(ln[5:] for ln in text.splitlines() if ln.startswith("Get: "))


def server_tags(data: bytes | str) -> Iterator[tuple[str, dict[str, str]]]:
    """The server's tags of a transcript, in order: ``(name, attributes)``.

    Draw and discard tags (``<T12/>``, ``<e117 t="1"/>``) come as their full name (``"T12"``,
    ``"e117"``)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    for m in _TAG.finditer(server_text(text)):
        yield m.group(1), dict(_ATTR.findall(m.group(2)))


def read_tenhou_protocol(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read a protocol transcript's header and counts (see the module docstring).

    Returns:
        A :class:`GameLog` with format ``"tenhou_protocol"``, a :class:`StartGame` from
        ``<GO type>`` and ``<UN>``, no round events, and ``meta`` keys ``unsupported``
        (:data:`UNSUPPORTED_REASON`), ``games`` (``<TAIKYOKU>`` tags), ``rounds``, ``agari``,
        ``ryuukyoku``, ``log`` (the first Tenhou log id given) and ``go_type`` (None when the
        transcript starts with a reconnection and has no ``<GO>``: Tenhou's defaults then).

    Raises:
        LogFormatError: not a transcript, or one with no game in it (no ``<GO>``, ``<INIT>``,
            ``<REINIT>`` or ``<AGARI>`` tag).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_tenhou_protocol", data, source)
    limits_of(limits)  # only checked: a transcript is read line by line, never nested
    if isinstance(data, bytes):
        if not is_transcript(data):
            raise log_error(source, "byte 0", "not a Tenhou protocol transcript")
        data = data.decode("utf-8", "replace")
    go: dict[str, str] | None = None
    names: list[str] = []
    counts = {"games": 0, "rounds": 0, "agari": 0, "ryuukyoku": 0}
    log_id = None
    players: int | None = None
    for name, attrs in server_tags(data):
        if name == "GO" and go is None:
            go = attrs
        elif name == "UN" and "n0" in attrs and not names:
            from urllib.parse import unquote

            names = [unquote(attrs.get(f"n{i}", "")) for i in range(4)]
        elif name == "TAIKYOKU":
            counts["games"] += 1
            log_id = log_id or attrs.get("log")
        elif name in ("INIT", "REINIT"):  # REINIT: the round state after a reconnection
            counts["rounds"] += 1
            if players is None and "ten" in attrs:
                players = 3 if len(attrs["ten"].split(",")) == 3 else None
        elif name == "AGARI":
            counts["agari"] += 1
        elif name == "RYUUKYOKU":
            counts["ryuukyoku"] += 1
    if go is None and not (counts["games"] or counts["rounds"] or counts["agari"]):
        raise log_error(source, "transcript", "no game in it (no <GO>, <INIT> or <AGARI> tag)")
    go_type: int | None = None
    if go is not None:
        try:
            go_type = int(go.get("type", ""))
        except ValueError:
            raise log_error(source, "<GO>", f"type {go.get('type')!r} is not a number") from None
        players = 3 if go_type & 0x10 else 4
    players = players or 4
    gt = go_type or 0  # a transcript that starts with a reconnection has no <GO>: defaults
    start = StartGame(
        names=tuple(names[:players]) if names else ("",) * players,
        players=players,
        red_fives=not gt & 0x2,
        kuitan=not gt & 0x4,
        length="hanchan" if gt & 0x8 else "tonpuusen",
        speed=bool(gt & 0x40),
        go_type=go_type,
    )
    meta: dict[str, object] = {"unsupported": UNSUPPORTED_REASON, "go_type": go_type, **counts}
    if log_id:
        meta["log"] = log_id
    return GameLog([start], source, "tenhou_protocol", meta)
