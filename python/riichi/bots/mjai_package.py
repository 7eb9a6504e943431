"""Run a bot of the PyPI package ``mjai`` (https://github.com/smly/mjai.app) in the arena.

Usage: ``python -m riichi.bots.mjai_package MODULE:CLASS [--check]``, e.g.
``mjai.bot.rulebase:RulebaseBot`` (a rule-based bot over Mortal's libriichi). The class is
an ``mjai.Bot`` subclass: ``CLASS(player_id=seat).react(events_json)`` answers one mjai
action for a JSON array of events (so the arena's ``batch`` protocol only); a new instance is made at each ``start_game`` with its
``id``. The package pins ``mahjong~=1.2``: install it in a folder of its own
(``pip install --target DIR mjai``) and put ``DIR`` first on this process's ``PYTHONPATH``.

``--check`` also feeds every event to a :class:`riichi.mjai.PlayerState` and writes one
line ``riichi-check {...}`` on stderr

- ``"kind": "flags"``: after every line of events where the bot's own tracker (its
  libriichi ``action_candidate``: can_discard, can_riichi, can_pon, ...) offers a different
  set of moves than riichi's legal answers (none when the seat has nothing to decide);
- ``"kind": "calls"`` / ``"dora"`` (once per round): where the bot's Python-side records
  (``mjai.Bot.get_call_events(seat)``, which its ``tehai`` text and call decisions read, and
  ``dora_indicators``) disagree with this round's melds and dora indicators;
- ``"kind": "riichi_state_error"``: an event riichi's tracker refused.

A failure of the bot's own tracker shows as ``Exception:`` on its stderr (``mjai.Bot``
prints it and answers ``none``).
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from riichi.errors import RiichiError
from riichi.mjai.state import PlayerState

__all__ = ["candidate_flags", "main", "riichi_flags"]

#: the mjai.Bot properties compared with riichi's legal answers
FLAGS = (
    "can_discard", "can_riichi", "can_tsumo_agari", "can_ron_agari", "can_pon", "can_chi",
    "can_daiminkan", "can_ankan", "can_kakan", "can_ryukyoku",
)  # fmt: skip


def riichi_flags(state: PlayerState) -> dict[str, bool]:
    """Which kinds of move riichi's :meth:`PlayerState.legal_actions` offers, as the
    ``mjai.Bot`` flags."""
    seat = state.seat
    types = {(a["type"], a.get("target") == seat) for a in state.legal_actions()}
    names = {t for t, _ in types}
    return {
        "can_discard": "dahai" in names,
        "can_riichi": "reach" in names,
        "can_tsumo_agari": ("hora", True) in types,
        "can_ron_agari": ("hora", False) in types,
        "can_pon": "pon" in names,
        "can_chi": "chi" in names,
        "can_daiminkan": "daiminkan" in names,
        "can_ankan": "ankan" in names,
        "can_kakan": "kakan" in names,
        "can_ryukyoku": "ryukyoku" in names,
    }


def candidate_flags(bot: Any) -> dict[str, bool] | None:
    """The ``mjai.Bot``'s own flags (None before its first event)."""
    if getattr(bot, "action_candidate", None) is None:
        return None
    return {f: bool(getattr(bot, f)) for f in FLAGS}


def _load(spec: str) -> Any:
    """The bot class ``MODULE:CLASS`` names.

    Raises:
        RiichiError: ``spec`` is not ``MODULE:CLASS``, the module cannot be imported (the
            ``mjai`` package not on the path), it has no such name, or the name is not a class.
    """
    module, _, name = spec.partition(":")
    if not module or not name:
        raise RiichiError(f"expected MODULE:CLASS, got {spec!r}")
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise RiichiError(
            f"{spec}: cannot import {module}: {e} (the mjai package goes in a folder of its "
            "own, `pip install --target DIR mjai`, put first on this bot's PYTHONPATH)"
        ) from None
    cls = getattr(mod, name, None)
    if not isinstance(cls, type):
        raise RiichiError(f"{spec}: {module} has no class {name} (got {cls!r:.60})")
    return cls


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    specs = [a for a in args if a != "--check"]
    if len(specs) != 1:
        print("usage: python -m riichi.bots.mjai_package MODULE:CLASS [--check]", file=sys.stderr)
        return 2
    try:
        cls = _load(specs[0])
    except RiichiError as e:
        print(f"riichi.bots.mjai_package: error: {e}", file=sys.stderr)
        return 2
    try:
        bot: Any = cls(player_id=0)
    except Exception as e:  # the bot's own constructor: name it, not a traceback
        print(f"riichi.bots.mjai_package: error: {specs[0]}(player_id=0) failed: "
              f"{type(e).__name__}: {e}", file=sys.stderr)  # fmt: skip
        return 2
    state = PlayerState()
    for n, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            events = json.loads(line)
        except ValueError as e:
            print(f"riichi.bots.mjai_package: error: line {n} is not JSON: {e}", file=sys.stderr)
            return 2
        if not isinstance(events, list):
            print(
                "riichi.bots.mjai_package: mjai.Bot reads JSON arrays of events (the arena's "
                "default --protocol batch), got a single object",
                file=sys.stderr,
            )
            return 2
        for ev in events:
            if ev.get("type") == "start_game":
                bot = cls(player_id=int(ev.get("id", 0)))
        answer = bot.react(json.dumps(events, separators=(",", ":")))
        if check:
            _check(state, bot, events, answer)
        sys.stdout.write(answer.strip() + "\n")
        sys.stdout.flush()
    return 0


def _check(state: PlayerState, bot: Any, events: list[dict[str, Any]], answer: str) -> None:
    try:
        for ev in events:
            state.update(ev)
    except RiichiError as e:
        _report({"kind": "riichi_state_error", "error": str(e), "events": events[-3:]})
        return
    ours = riichi_flags(state)  # all False when the seat has nothing to decide
    theirs = candidate_flags(bot)
    if theirs is None:
        return
    _check_records(state, bot)
    diff = {k: {"riichi": ours[k], "bot": theirs[k]} for k in FLAGS if ours[k] != theirs[k]}
    if diff:
        _report(
            {
                "kind": "flags",
                "decision": state.decision,
                "diff": diff,
                "last": events[-1],
                "hand": state.hand,
                "answer": answer.strip(),
            }
        )


_REPORTED: set[tuple[Any, ...]] = set()


def _check_records(state: PlayerState, bot: Any) -> None:
    """The bot's own call and dora records against this round's (once per round and kind)."""
    seat = state.seat
    if seat is None or seat >= len(state.melds):  # no round yet
        return
    where = (state.bakaze, state.kyoku, state.honba, tuple(state.scores))
    getter = getattr(bot, "get_call_events", None)
    if callable(getter):
        theirs = [e["type"] for e in getter(seat) if e.get("type") in ("chi", "pon", "daiminkan", "ankan")]
        ours = [kind for kind, _ in state.melds[seat] if kind != "nukidora"]
        if len(theirs) != len(ours) and ("calls", *where) not in _REPORTED:
            _REPORTED.add(("calls", *where))
            _report({"kind": "calls", "round": list(where[:3]), "bot": theirs, "riichi": ours})
    dora = getattr(bot, "dora_indicators", None)
    if isinstance(dora, list) and dora != state.dora_markers and ("dora", *where) not in _REPORTED:
        _REPORTED.add(("dora", *where))
        _report({"kind": "dora", "round": list(where[:3]), "bot": dora, "riichi": state.dora_markers})


def _report(obj: dict[str, Any]) -> None:
    print("riichi-check " + json.dumps(obj, separators=(",", ":")), file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
