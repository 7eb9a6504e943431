"""The HTML replay viewer: one self-contained file that steps through a game event by event.

:func:`viewer_html` replays a :class:`riichi.GameLog` (any format the readers support)
through the verifying replay (:func:`riichi.replay_game`), folds its events into table
states (:mod:`riichi.view.table`), one per event, and writes them as JSON into a page with
the tile faces (:mod:`riichi.view.faces`), the style sheet and the script inlined: the
page loads nothing from the network, and its script only draws the states it is given.

The page shows all four hands (the drawn tile apart), rivers (tsumogiri tiles shaded, the
riichi tile sideways, called tiles faded), melds with the called tile sideways, dora
indicators, scores, honba and kyotaku; each settlement with its yaku, han, fu, points and
payments; each mismatch the replay found, at its event (and the events the table could not
follow, if any). Navigation: ← / → one event, PageUp / PageDown one round, Home / End,
``m`` the next mismatch, ``r`` turns the table (the next seat at the bottom); the buttons, the
slider and the round list do the same by click.
"""

from __future__ import annotations

import html
import json
from importlib.resources import files
from typing import Any

from riichi.errors import RiichiError
from riichi.view import faces
from riichi.view.table import TableTracker, event_text, settlement

__all__ = ["viewer_data", "viewer_html"]

_ROUND_WIND = "ESWN"


def _script_text(name: str) -> str:
    return (files("riichi.view") / name).read_text(encoding="utf-8")


def viewer_data(game_log: Any, report: Any = None) -> dict[str, Any]:
    """The data the viewer page draws: one step per event after ``start_game``.

    Args:
        game_log: a :class:`riichi.GameLog`.
        report: its :class:`riichi.GameReport` (default: ``riichi.replay_game(game_log)``).

    Returns:
        A JSON-ready dict: ``title``, ``source``, ``format``, ``players``, ``names``,
        ``summary`` (the replay's counts: ``rounds``, ``actions``, ``mismatches``,
        ``unsupported`` reasons, ``fragment``, ``ok``), ``rounds`` (per round ``label``,
        ``step`` where it starts, ``result`` text, ``mismatches`` count) and ``steps``: per
        step ``event`` (its index in ``game_log.events``), ``type``, ``text``, ``round``,
        ``state`` (a table state, :mod:`riichi.view.table`), ``settlement`` (or None),
        ``mismatches`` (``Mismatch.to_dict()`` of those found at this event; those of the
        final result on the last step) and ``problems`` (events the table could not follow).

    Raises:
        RiichiError: ``game_log`` is not a GameLog, or has no event after its header;
            ``report`` is not a GameReport.
    """
    from riichi.events import GameLog, StartKyoku
    from riichi.replay import GameReport, replay_game

    if not isinstance(game_log, GameLog):
        raise RiichiError(f"viewer: expected a riichi.GameLog, got {game_log!r:.80}")
    events = game_log.events
    if not events:
        raise RiichiError(f"viewer: {game_log.source}: the log has no events")
    if report is None:
        report = replay_game(game_log)
    elif not isinstance(report, GameReport):
        raise RiichiError(f"viewer: report must be a riichi.GameReport or None, got {report!r:.80}")
    try:
        start = game_log.start
        players, names = start.players, tuple(start.names)
    except RiichiError:
        players, names = 4, ()
    if players not in (3, 4):
        raise RiichiError(f"viewer: {players}-player games cannot be drawn")
    by_event: dict[int, list[dict[str, Any]]] = {}
    for m in report.mismatches:
        by_event.setdefault(m.event_index, []).append(m.to_dict())
    tracker = TableTracker(players, names)
    steps: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    first_step_of: dict[int, int] = {}
    for i, ev in enumerate(events):
        before = len(tracker.problems)
        problems: list[str] = []
        try:
            tracker.apply(ev)
        except RiichiError as e:
            problems.append(f"event {i}: {e}")
        problems += tracker.problems[before:]
        if ev.type == "start_game":
            continue
        if isinstance(ev, StartKyoku):
            label = f"{_ROUND_WIND[ev.bakaze - 27]}{ev.kyoku}-{ev.honba}"
            rounds.append({"label": label, "step": len(steps), "result": "", "mismatches": 0})
        k = len(rounds) - 1
        first_step_of.setdefault(i, len(steps))
        state = tracker.snapshot()
        settle = settlement(ev, state)
        if settle is not None and k >= 0:
            rounds[k]["result"] = _result_text(settle, tracker.names)
        steps.append(
            {
                "event": i,
                "type": ev.type,
                "text": event_text(ev, tracker.names),
                "round": k,
                "state": state,
                "settlement": settle,
                "mismatches": [],
                "problems": problems,
            }
        )
    if not steps:
        why = (game_log.meta or {}).get("unsupported")
        raise RiichiError(
            f"viewer: {game_log.source}: the log has no event after its header"
            + (f" ({why})" if why else "")
        )
    for idx, found in sorted(by_event.items()):
        # a mismatch at the header (or at the final result) is shown on the first (last) step
        s = first_step_of.get(idx, 0 if idx <= 0 and idx != -1 else len(steps) - 1)
        if idx == -1:
            s = len(steps) - 1
        steps[s]["mismatches"].extend(found)
        k = steps[s]["round"]
        if k >= 0:
            rounds[k]["mismatches"] += len(found)
    summary = {
        "rounds": report.rounds,
        "actions": report.actions,
        "mismatches": len(report.mismatches),
        "unsupported": [str(p) for p in report.unsupported],
        "fragment": report.fragment,
        "ok": report.ok,
    }
    source = game_log.source or ""
    return {
        "title": source.rsplit("/", 1)[-1] or "game",
        "source": source,
        "format": game_log.format,
        "players": players,
        "names": list(tracker.names),
        "summary": summary,
        "rounds": rounds,
        "steps": steps,
    }


def _result_text(s: dict[str, Any], names: list[str]) -> str:
    if s["type"] == "hora":
        how = "tsumo" if s["tsumo"] else f"ron from seat {s['from']}"
        value = f" {s['points']}" if s["points"] is not None else ""
        return f"seat {s['winner']} {how}{value}"
    return f"draw ({s['reason'].replace('_', ' ')})"


def _json_for_script(data: Any) -> str:
    """JSON that cannot end the ``<script>`` element it sits in."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def viewer_html(game_log: Any, report: Any = None, *, bottom: int = 0) -> str:
    """The viewer page of one game (see the module text) as one self-contained HTML
    document: no URL is loaded, the tile faces, style and script are inlined.

    Args:
        game_log: a :class:`riichi.GameLog` (any format the readers support).
        report: its :class:`riichi.GameReport` (default: the game is replayed here with
            :func:`riichi.replay_game`, under the rules its header gives).
        bottom: the seat drawn at the bottom when the page opens (``r`` turns the table).

    Raises:
        RiichiError: see :func:`viewer_data`; ``bottom`` not a seat of the game.
    """
    data = viewer_data(game_log, report)
    if isinstance(bottom, bool) or not isinstance(bottom, int) or not 0 <= bottom < data["players"]:
        raise RiichiError(f"viewer: bottom must be a seat 0..{data['players'] - 1}, got {bottom!r}")
    data["bottom"] = bottom
    symbols = "".join(faces.symbol(n) for n in faces.NAMES)
    title = html.escape(f"riichi view: {data['title']}")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{_script_text('viewer.css')}</style></head>"
        '<body><svg width="0" height="0" style="position:absolute" aria-hidden="true">'
        f"<defs>{symbols}</defs></svg>"
        f'<header><h1>{title}</h1><p id="summary"></p></header>'
        '<main><div id="board" tabindex="0"></div><aside>'
        '<div id="controls"><button id="first" title="first event (Home)">|◀</button>'
        '<button id="prev-round" title="previous round (PageUp)">◀◀</button>'
        '<button id="prev" title="previous event (←)">◀</button>'
        '<button id="next" title="next event (→)">▶</button>'
        '<button id="next-round" title="next round (PageDown)">▶▶</button>'
        '<button id="last" title="last event (End)">▶|</button>'
        '<button id="next-mismatch" title="next mismatch (m)">next mismatch</button>'
        '<button id="rotate" title="the next seat at the bottom (r)">turn table</button>'
        '<input id="slider" type="range" min="0" value="0" aria-label="event">'
        '<span id="position"></span></div>'
        '<div id="event"></div><div id="mismatches"></div><div id="settlement"></div>'
        '<ol id="rounds"></ol></aside></main>'
        f'<script type="application/json" id="riichi-data">{_json_for_script(data)}</script>'
        f"<script>{_script_text('viewer.js')}</script></body></html>\n"
    )
