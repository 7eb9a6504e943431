"""Table states: what a table looks like after each event of a game, as JSON-ready dicts.

:class:`TableTracker` folds the events of the one event model (:mod:`riichi.events`: any
log format, or a :class:`riichi.Round`'s own ``events``) into a table state; the HTML viewer
(:mod:`riichi.view.html`) snapshots it after every event and :func:`riichi.view.table_svg`
draws one.

A table state is a dict:

- ``players`` (3 or 4), ``names`` (per seat, may be empty strings);
- ``round_wind`` (0 East .. 3 North), ``kyoku`` (1..4), ``honba``, ``kyotaku`` (sticks,
  a count), ``dealer`` (seat), ``scores`` (points per seat), ``tiles_left`` (live wall, or
  None when unknown), ``turn`` (the seat that acted last, or None), ``last_discard``
  (``[seat, index in its river]`` of the discard just made, until the next draw or call
  takes the table on; else None);
- ``dora``: dora indicators revealed, mpsz names;
- ``seats``: per seat ``hand`` (concealed tiles sorted, mpsz names, ``"back"`` for a tile the
  log hides), ``drawn`` (the tile just drawn, kept apart, or None), ``melds`` (dicts of
  :func:`riichi.view.svg.meld_layout`, in call order), ``river`` (discards in order, each its
  name followed by flags: ``t`` tsumogiri, ``r`` laid sideways for riichi, ``c`` called by
  another player), ``riichi`` (declared and accepted), ``nuki`` (Norths set aside, sanma).

Tiles are mpsz names throughout (``"0m"`` is the red five).
"""

from __future__ import annotations

import copy
from typing import Any

from riichi.errors import RiichiError
from riichi.events import Event
from riichi.view.svg import LIMIT_NAMES, meld_layout, tile_name

__all__ = ["TableTracker", "event_text", "settlement", "table_state"]

_WIND = "ESWN"
# live wall at the deal: 136 - 14 (dead wall) - 13 x 4; sanma 108 - 14 - 13 x 3. Each draw
# (rinshan and nukidora replacements included: the live wall gives up its last tile for
# each) leaves one fewer.
_LIVE_AT_DEAL = {4: 70, 3: 55}
# events after which the last discard is no longer the one in play
_MOVES_ON = frozenset(("tsumo", "chi", "pon", "daiminkan", "ankan", "kakan", "nukidora", "end_kyoku"))


def _names(tiles: Any) -> list[str]:
    return [tile_name(t) for t in tiles]


def _sort_key(name: str) -> tuple[int, int, int]:
    if name == "back":
        return (9, 0, 0)
    d, s = int(name[0]), name[1]
    return ("mpsz".index(s), 5 if d == 0 else d, 0 if d == 0 else 1)


def _source(actor: int, target: int, n: int) -> int:
    """Turn-order offset of the discarder as a meld's ``source``: 1 shimocha, 2 toimen, 3
    kamicha (in sanma the seat before is kamicha)."""
    off = (target - actor) % n
    return 3 if off == n - 1 else off


class TableTracker:
    """Folds events into a table state (see the module text).

    Args:
        players: 4, or 3 (sanma).
        names: player names by seat (optional).

    Attributes:
        state: the current table state (a dict; :meth:`snapshot` copies it).
        problems: events that do not fit the table as tracked (a discarded tile that is
            not in the hand, a kakan without its pon...), each a sentence naming the event:
            the tracker never drops such an event silently.
    """

    def __init__(self, players: int = 4, names: tuple[str, ...] | list[str] = ()) -> None:
        if players.__class__ is not int or players not in (3, 4):
            raise RiichiError(f"players must be 3 or 4, got {players!r:.60}")
        names = _names_arg("TableTracker", names)
        self.n = players
        self.names = [str(x) for x in names][:players] + [""] * (players - len(names))
        self.problems: list[str] = []
        self._riichi_pending: set[int] = set()
        self._sideways_next: set[int] = set()
        self.state: dict[str, Any] = self._empty()

    def _empty(self) -> dict[str, Any]:
        return {
            "players": self.n,
            "names": list(self.names),
            "round_wind": 0,
            "kyoku": 1,
            "honba": 0,
            "kyotaku": 0,
            "dealer": 0,
            "scores": [0] * self.n,
            "tiles_left": None,
            "turn": None,
            "last_discard": None,
            "dora": [],
            "seats": [
                {"hand": [], "drawn": None, "melds": [], "river": [], "riichi": False, "nuki": []}
                for _ in range(self.n)
            ],
        }

    def snapshot(self) -> dict[str, Any]:
        """A deep copy of the current state."""
        return copy.deepcopy(self.state)

    # ------------------------------------------------------------------ helpers
    def _seat(self, seat: Any, ev: Any) -> dict[str, Any]:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise RiichiError(f"{ev.type} event names seat {seat!r}: not a seat of {self.n}")
        return self.state["seats"][seat]

    def _take(self, seat: int, names: list[str], ev: Any) -> None:
        """Remove ``names`` from the seat's hand and drawn tile (the drawn tile joins the
        hand); a tile not there is taken from the hidden tiles, else reported."""
        p = self.state["seats"][seat]
        pool = list(p["hand"])
        if p["drawn"] is not None:
            pool.append(p["drawn"])
        for name in names:
            if name in pool:
                pool.remove(name)
            elif "back" in pool:
                pool.remove("back")
            else:
                self.problems.append(
                    f"{event_text(ev, self.names)}: {name} is not in seat {seat}'s hand"
                )
        p["hand"] = sorted(pool, key=_sort_key)
        p["drawn"] = None

    def _mark_called(self, target: int, name: str, ev: Any) -> None:
        river = self.state["seats"][target]["river"]
        if not river or river[-1][:2] != name:
            self.problems.append(
                f"{event_text(ev, self.names)}: {name} is not seat {target}'s last discard"
            )
            return
        river[-1] += "c"
        if "r" in river[-1][2:]:
            self._sideways_next.add(target)  # the riichi tile was taken: the next lies sideways

    def _settle(self, ev: Any) -> None:
        scores = getattr(ev, "scores", None)
        deltas = getattr(ev, "deltas", None)
        if scores:
            self.state["scores"] = list(scores)
        elif deltas:
            self.state["scores"] = [a + b for a, b in zip(self.state["scores"], deltas)]

    # ------------------------------------------------------------------ events
    def apply(self, ev: Any) -> None:
        """Apply one event (a :mod:`riichi.events` object).

        Raises:
            RiichiError: an event that names a seat the table does not have.
        """
        if not isinstance(ev, Event):
            raise RiichiError(f"expected a riichi.events event, got {ev!r:.80}")
        t = ev.type
        st = self.state
        if t in _MOVES_ON:
            st["last_discard"] = None
        if t == "start_game":
            if ev.names:
                self.names = [str(x) for x in ev.names][: self.n]
                self.names += [""] * (self.n - len(self.names))
                st["names"] = list(self.names)
        elif t == "start_kyoku":
            fresh = self._empty()
            fresh.update(
                round_wind=ev.bakaze - 27,
                kyoku=ev.kyoku,
                honba=ev.honba,
                kyotaku=ev.kyotaku,
                dealer=ev.oya,
                scores=list(ev.scores) if ev.scores else list(st["scores"]),
                tiles_left=_LIVE_AT_DEAL[self.n],
                dora=[tile_name(ev.dora_marker)],
            )
            for seat, hand in enumerate(ev.tehais[: self.n]):
                fresh["seats"][seat]["hand"] = sorted(
                    ["back"] * 13 if hand is None else _names(hand), key=_sort_key
                )
            self.state = fresh
            self._riichi_pending.clear()
            self._sideways_next.clear()
        elif t == "tsumo":
            p = self._seat(ev.actor, ev)
            if p["drawn"] is not None:  # a draw before discarding: keep every tile
                p["hand"] = sorted([*p["hand"], p["drawn"]], key=_sort_key)
            p["drawn"] = tile_name(ev.pai)
            if st["tiles_left"] is not None:
                st["tiles_left"] -= 1
            st["turn"] = ev.actor
        elif t == "dahai":
            p = self._seat(ev.actor, ev)
            name = tile_name(ev.pai)
            if ev.tsumogiri and p["drawn"] in (name, "back"):
                p["drawn"] = None
                p["hand"] = sorted(p["hand"], key=_sort_key)
            else:
                self._take(ev.actor, [name], ev)
            flags = "t" if ev.tsumogiri else ""
            if ev.actor in self._riichi_pending or ev.actor in self._sideways_next:
                flags += "r"
                self._riichi_pending.discard(ev.actor)
                self._sideways_next.discard(ev.actor)
            p["river"].append(name + flags)
            st["last_discard"] = [ev.actor, len(p["river"]) - 1]
            st["turn"] = ev.actor
        elif t in ("chi", "pon", "daiminkan"):
            p = self._seat(ev.actor, ev)
            self._seat(ev.target, ev)
            called = tile_name(ev.pai)
            consumed = _names(ev.consumed)
            self._take(ev.actor, consumed, ev)
            self._mark_called(ev.target, called, ev)
            p["melds"].append(
                meld_layout(t, [called, *consumed], called, _source(ev.actor, ev.target, self.n))
            )
            st["turn"] = ev.actor
        elif t == "ankan":
            p = self._seat(ev.actor, ev)
            consumed = _names(ev.consumed)
            self._take(ev.actor, consumed, ev)
            p["melds"].append(meld_layout("ankan", consumed))
            st["turn"] = ev.actor
        elif t == "kakan":
            p = self._seat(ev.actor, ev)
            added = tile_name(ev.pai)
            self._take(ev.actor, [added], ev)
            kind = added.replace("0", "5")
            for m in p["melds"]:
                if m["kind"] == "pon" and m["tiles"][0].replace("0", "5") == kind:
                    m["kind"] = "kakan"
                    m["added"] = added
                    break
            else:
                self.problems.append(f"{event_text(ev, self.names)}: no pon of {kind} to add to")
            st["turn"] = ev.actor
        elif t == "nukidora":
            p = self._seat(ev.actor, ev)
            name = tile_name(ev.pai)
            self._take(ev.actor, [name], ev)
            p["nuki"].append(name)
            st["turn"] = ev.actor
        elif t == "dora":
            st["dora"].append(tile_name(ev.dora_marker))
        elif t == "reach":
            self._seat(ev.actor, ev)
            self._riichi_pending.add(ev.actor)
            st["turn"] = ev.actor
        elif t == "reach_accepted":
            p = self._seat(ev.actor, ev)
            p["riichi"] = True
            st["kyotaku"] += 1
            if ev.scores:
                st["scores"] = list(ev.scores)
            elif ev.deltas:
                st["scores"] = [a + b for a, b in zip(st["scores"], ev.deltas)]
            else:
                st["scores"][ev.actor] -= 1000
        elif t == "hora":
            self._seat(ev.actor, ev)
            self._settle(ev)
            st["kyotaku"] = 0
            st["turn"] = ev.actor
        elif t == "ryukyoku":
            self._settle(ev)
        elif t == "end_game":
            if ev.scores:
                st["scores"] = list(ev.scores)
        # end_kyoku, disconnect, reconnect: nothing on the table changes


def _names_arg(who: str, names: Any) -> list[Any]:
    """``names`` as a list (player names by seat), or a RiichiError naming ``who``."""
    if isinstance(names, (str, bytes)) or not hasattr(names, "__iter__"):
        raise RiichiError(f"{who}: names must be a list of player names, got {names!r:.60}")
    try:
        return list(names)
    except TypeError:  # iterable by its type only: a 0-d NumPy array
        raise RiichiError(f"{who}: names must be a list of player names, got {names!r:.60}") from None


def event_text(ev: Any, names: list[str] | tuple[str, ...] = ()) -> str:
    """One line for an event: ``"seat 2 discards 5m (tsumogiri)"``.

    Raises:
        RiichiError: ``ev`` not a :mod:`riichi.events` event, or ``names`` not a list of
            names (each named with its value).
    """
    if not isinstance(ev, Event):
        raise RiichiError(f"event_text: expected a riichi event, got {ev!r:.60}")
    names = _names_arg("event_text", names)
    t = ev.type

    def who(seat: int) -> str:
        name = names[seat] if 0 <= seat < len(names) and names[seat] else ""
        return f"seat {seat}" + (f" ({name})" if name else "")

    if t == "start_game":
        return "game start"
    if t == "start_kyoku":
        return f"{_WIND[ev.bakaze - 27]}{ev.kyoku}-{ev.honba}: deal, dora indicator {tile_name(ev.dora_marker)}"
    if t == "tsumo":
        return f"{who(ev.actor)} draws {tile_name(ev.pai) if ev.pai is not None else 'a tile'}"
    if t == "dahai":
        return f"{who(ev.actor)} discards {tile_name(ev.pai)}" + (
            " (tsumogiri)" if ev.tsumogiri else ""
        )
    if t in ("chi", "pon", "daiminkan"):
        return (
            f"{who(ev.actor)} calls {t} on {tile_name(ev.pai)} from {who(ev.target)}, "
            f"showing {''.join(_names(ev.consumed))}"
        )
    if t == "ankan":
        return f"{who(ev.actor)} declares ankan of {''.join(_names(ev.consumed))}"
    if t == "kakan":
        return f"{who(ev.actor)} adds {tile_name(ev.pai)} to a pon (kakan)"
    if t == "nukidora":
        return f"{who(ev.actor)} sets a North aside (nukidora)"
    if t == "dora":
        return f"new dora indicator {tile_name(ev.dora_marker)}"
    if t == "reach":
        return f"{who(ev.actor)} declares riichi"
    if t == "reach_accepted":
        return f"{who(ev.actor)}'s riichi is accepted (1000 points on the table)"
    if t == "hora":
        how = "tsumo" if ev.actor == ev.target else f"ron from {who(ev.target)}"
        return f"{who(ev.actor)} wins by {how} on {tile_name(ev.pai)}"
    if t == "ryukyoku":
        return f"draw: {ev.reason.replace('_', ' ')}"
    if t == "end_kyoku":
        return "end of the round"
    if t == "end_game":
        return "end of the game"
    if t in ("disconnect", "reconnect"):
        return f"{who(ev.actor)} {'disconnects' if t == 'disconnect' else 'reconnects'}"
    return t


def settlement(ev: Any, state: dict[str, Any]) -> dict[str, Any] | None:
    """The settlement of a ``hora`` or ``ryukyoku`` event as a JSON-ready dict (None for
    other events), with the table ``state`` after it (for the winner's melds and scores).

    ``hora``: ``winner``, ``from`` (the discarder; the winner for tsumo), ``tsumo``,
    ``pai``, ``hand`` (concealed tiles with the winning tile, as recorded), ``melds`` (the
    winner's, laid out), ``yaku`` ([name, han] pairs), ``han``, ``fu``, ``points`` (the
    hand's value before honba and sticks), ``limit`` (``"mangan"``..``"yakuman"`` or None),
    ``dora``, ``ura`` (indicators), ``pao``, ``deltas`` and ``scores`` (points per seat).
    ``ryukyoku``: ``reason``, ``tenpai`` (per seat, or None), ``hands`` (shown hands per seat,
    None where not shown), ``deltas``, ``scores``. Fields the log does not record are None.

    Raises:
        RiichiError: ``ev`` not a :mod:`riichi.events` event, or ``state`` not a dict.
    """
    if not isinstance(ev, Event):
        raise RiichiError(f"settlement: expected a riichi event, got {ev!r:.60}")
    if not isinstance(state, dict):
        raise RiichiError(f"settlement: state must be the table state (a dict), got {state!r:.60}")
    if ev.type == "hora":
        seat = state["seats"][ev.actor]
        return {
            "type": "hora",
            "winner": ev.actor,
            "from": ev.target,
            "tsumo": ev.actor == ev.target,
            "pai": tile_name(ev.pai),
            "hand": None if ev.hand is None else sorted(_names(ev.hand), key=_sort_key),
            "melds": copy.deepcopy(seat["melds"]),
            "yaku": None if ev.yaku is None else [[n, h] for n, h in ev.yaku],
            "han": ev.han,
            "fu": ev.fu,
            "points": ev.points,
            "limit": LIMIT_NAMES.get(ev.limit) if ev.limit else None,
            "dora": None if ev.dora_markers is None else _names(ev.dora_markers),
            "ura": None if ev.uradora_markers is None else _names(ev.uradora_markers),
            "pao": ev.pao,
            "deltas": None if ev.deltas is None else list(ev.deltas),
            "scores": list(state["scores"]),
        }
    if ev.type == "ryukyoku":
        return {
            "type": "ryukyoku",
            "reason": ev.reason,
            "tenpai": None if ev.tenpai is None else list(ev.tenpai),
            "hands": None
            if ev.hands is None
            else [None if h is None else sorted(_names(h), key=_sort_key) for h in ev.hands],
            "deltas": None if ev.deltas is None else list(ev.deltas),
            "scores": list(state["scores"]),
        }
    return None


def table_state(rnd: Any) -> dict[str, Any]:
    """The table state of a :class:`riichi.Round` now (its events folded, then its public
    scores, kyotaku and live tiles taken as they are).

    Raises:
        RiichiError: ``rnd`` is not a round (it has no ``events`` starting with a deal).
    """
    events = getattr(rnd, "events", None)
    if not events or getattr(events[0], "type", None) != "start_kyoku":
        raise RiichiError(f"expected a riichi.Round, got {rnd!r:.80}")
    tracker = TableTracker(rnd.rules.num_players)
    for ev in events:
        tracker.apply(ev)
    st = tracker.snapshot()
    st["scores"] = list(rnd.scores)
    st["kyotaku"] = rnd.kyotaku
    st["tiles_left"] = rnd.live_tiles_left
    st["problems"] = list(tracker.problems)
    return st
