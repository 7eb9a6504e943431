"""The bot side of the mjai protocol: one seat's view of the game, built from the events it
receives, with its legal answers as mjai responses.

A :class:`PlayerState` is fed every mjai event (a ``dict``) the seat receives, in order,
with :meth:`PlayerState.update`; other seats' hands arrive masked (``"?"``). It tracks the
seat's concealed hand, everyone's melds, rivers, riichi and points, the dora indicators and
the wall, and answers the hand questions through the core's per-seat hand state
(``riichi._core.SeatHand``, the same code the referee's legal actions are checked against):
:attr:`shanten`, :attr:`waits`, :attr:`furiten` and :meth:`legal_actions`, the responses
the seat may send now (``{"type": "none"}`` included where passing is allowed).

Tiles inside the tracker are physical ids (DESIGN.md); mjai names carry only a kind and a
red flag, so each tile the seat sees gets the lowest free id of its kind and colour (red
fives are copies 0.. of their five as ``Rules.red_fives`` says). Tiles of one kind and
colour are interchangeable, so this changes no answer.

The rules come from the ``start_game`` key ``"riichi_rules"`` (the arena sends it, as the log
writers do), else ``PlayerState(rules=...)``, else Tenhou's (:meth:`riichi.Rules.tenhou`).

Rule sources: the referee's (:mod:`riichi.kyoku`): furiten after a passed winning tile
(``kyoku/furiten.py``), kuikae (``kyoku/calls.py``), riichi conditions (``Rules``
``riichi_min_points``, ``riichi_min_live_tiles``, ``furiten_riichi``).
"""

from __future__ import annotations

from typing import Any

from riichi import _core
from riichi import _core_api as core
from riichi.errors import RiichiError
from riichi.events import Tile
from riichi.kyoku.calls import kuikae
from riichi.logs._rules_key import RULES_KEY, rules_from_value
from riichi.rules import Rules
from riichi.tiles import red_tables

__all__ = ["PlayerState"]

_NONE: dict[str, Any] = {"type": "none"}
_CALLS = ("chi", "pon", "daiminkan")


def _tile(name: Any, where: str) -> Tile:
    if not isinstance(name, str):
        raise RiichiError(f"{where}: expected an mjai tile name, got {name!r:.40}")
    try:
        return Tile.from_mjai(name)
    except RiichiError as e:
        raise RiichiError(f"{where}: {e}") from None


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise RiichiError(f"{where}: expected an int {lo}..{hi}, got {v!r:.40}")
    return v


class PlayerState:
    """One seat's view of an mjai game, updated event by event.

    Args:
        seat: the seat (0..3; 0..2 in sanma); default: the ``id`` of ``start_game``.
        rules: the rules, when ``start_game`` does not carry them (``"riichi_rules"``).

    Attributes:
        seat: the seat this state belongs to (None until known).
        rules: the ``riichi.Rules`` in force.
        scores: points per seat (riichi sticks already paid).
        bakaze: round wind kind (27 East .. 30 North); kyoku (1..4), honba, kyotaku.
        oya: the dealer's seat.
        dora_markers: revealed dora indicators (mjai names).
        rivers: per seat, the discarded tiles in order (mjai names, called ones included).
        melds: per seat, ``(type, tiles)`` of each meld in call order (mjai names; chi, pon,
            daiminkan: the called tile first; kakan: the pon's tiles, then the added one;
            sanma kita: ``("nukidora", ["N"])``).
        riichi: per seat, whether it declared riichi (the declaration tile passed).
        last_event: the last event fed (a dict), or None.

    Raises:
        RiichiError: from :meth:`update`, for an event that contradicts the state (a tile
            the seat does not hold, a fifth copy of a tile, a bad field), naming the event.
    """

    def __init__(self, seat: int | None = None, rules: Rules | None = None) -> None:
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise RiichiError(f"PlayerState: seat must be 0..3 or None, got {seat!r}")
        if rules is not None and not isinstance(rules, Rules):
            raise RiichiError(f"PlayerState: rules must be a riichi.Rules, got {rules!r:.60}")
        self.seat = seat
        self._given_seat = seat
        self._given_rules = rules
        self._log: list[dict[str, Any]] = []  # this game's events (for copies)
        self.rules: Rules = rules if rules is not None else Rules.tenhou()
        self.last_event: dict[str, Any] | None = None
        self.scores: list[int] = []
        self._new_game()
        self._in_round = False

    # ------------------------------------------------------------------ public views
    @property
    def players(self) -> int:
        """Number of seats (4, or 3 in sanma)."""
        return self.rules.num_players

    @property
    def hand(self) -> list[str]:
        """The seat's concealed tiles as mjai names, sorted (the drawn tile included)."""
        return [self._name(t) for t in sorted(self._ids)]

    @property
    def drawn(self) -> str | None:
        """The tile just drawn (mjai name) while it is the seat's turn, else None."""
        return None if self._drawn is None else self._name(self._drawn)

    @property
    def counts(self) -> list[int]:
        """The concealed tiles as 34 counts per kind."""
        c = [0] * 34
        for t in self._ids:
            c[t >> 2] += 1
        return c

    @property
    def shanten(self) -> int:
        """Shanten of the concealed hand with its melds (-1 complete, 0 tenpai).

        Raises:
            RiichiError: no round has started (also :attr:`waits`, :attr:`furiten`,
                :attr:`core_hand`)."""
        self._seat_hand()
        return core.shanten(self.counts, self._my_cores)

    @property
    def waits(self) -> list[str]:
        """The kinds the hand waits on (mjai names), from the last 3n+1 tiles (on the turn:
        the hand before the draw)."""
        return [Tile.of(k).mjai for k in self._seat_hand().waits]

    @property
    def furiten(self) -> bool:
        """Whether the seat may not ron now: a wait in its own river, a winning tile passed
        this go-around, or one passed after riichi (``kyoku/furiten.py``)."""
        return bool(self._seat_hand().furiten)

    @property
    def in_riichi(self) -> bool:
        """Whether this seat is in riichi (its declaration tile has been discarded)."""
        return bool(self.seat is not None and self.riichi[self.seat])

    @property
    def core_hand(self) -> Any:
        """The concealed tiles and melds as a ``riichi.Hand`` (for :meth:`riichi.Hand.discards`
        and the other hand analyses)."""
        self._seat_hand()
        return core.make_hand(self.counts, self._my_cores, self._red_counts())

    @property
    def visible_counts(self) -> list[int]:
        """Per kind, the copies this seat can see besides its own concealed tiles and melds:
        every river (its own included), the other seats' melds and the dora indicators
        (34 ints; the ``visible`` of :meth:`riichi.Hand.ukeire` and :meth:`riichi.Hand.discards`,
        which count the hand's own tiles themselves)."""
        own = set(self._ids)
        for _, ids, _, _ in self._meld_ids:
            own.update(ids)
        c = [0] * 34
        for t in self._seen:
            if t not in own:
                c[t >> 2] += 1
        return c

    @property
    def decision(self) -> str | None:
        """What the seat must answer now: ``"turn"`` (its own draw or call), ``"reach"``
        (the discard of its riichi), ``"claim"`` (another seat's discard, kan or kita tile
        that it may call or win on), or None (nothing to decide: the referee does not ask,
        an answer would be ``{"type": "none"}``)."""
        p = self._pending
        if p is None:
            return None
        if p[0] == "claim" and all(a["type"] == "none" for a in self.legal_actions()):
            return None
        return p[0]

    def legal_actions(self) -> list[dict[str, Any]]:
        """The responses this seat may send now, as mjai objects.

        On its turn: ``hora`` (tsumo), ``dahai`` (with ``tsumogiri``), ``reach`` (once,
        when some discard keeps tenpai; the discard follows after the ``reach`` event),
        ``ankan``, ``kakan``, ``ryukyoku`` (kyuushu kyuuhai), ``nukidora`` (sanma). After its
        ``reach`` event: the ``dahai`` that keep tenpai. On another seat's discard: ``hora``
        (ron), ``pon`` / ``chi`` / ``daiminkan`` (each with ``consumed``) and
        ``{"type": "none"}`` (pass); on a kakan, ankan or kita tile: ``hora`` (chankan) and
        ``none``. Else ``[{"type": "none"}]``.
        """
        p = self._pending
        if p is None or self.seat is None:
            return [dict(_NONE)]
        s = self.seat
        table = self._table()
        hand = self._seat_hand()
        if p[0] == "turn":
            acts = hand.turn_actions(table)
            out = []
            reach = False
            for a in acts:
                if a[0] == "riichi":
                    reach = True
                    continue
                out.append(self._response(a, None))
            if reach:
                out.append({"type": "reach", "actor": s})
            return out
        if p[0] == "reach":
            acts = hand.turn_actions(table)
            return [self._response(("discard", *a[1:]), None) for a in acts if a[0] == "riichi"]
        _, kind, actor, tile = p
        if kind == "dahai":
            kamicha = (actor + 1) % self.players == s
            acts = hand.discard_answers(tile, kamicha, table)
        else:
            acts = hand.robbed_answers(tile, kind, table)
        return [self._response(a, (actor, tile)) for a in acts] or [dict(_NONE)]

    # ------------------------------------------------------------------ copies
    def __getstate__(self) -> dict[str, Any]:
        """Pickle and ``copy.deepcopy`` support: a copy is rebuilt by feeding the events
        of the current game (since its ``start_game``) to a new state, so it answers exactly
        as the original (the core hand state itself cannot be pickled)."""
        return {"seat": self._given_seat, "rules": self._given_rules, "log": list(self._log)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["seat"], state["rules"])  # type: ignore[misc]
        for ev in state["log"]:
            self.update(ev)

    def _restore(self) -> None:
        """Back to the state before the event being refused: the handlers change the state
        as they go, so it is rebuilt from the events accepted since ``start_game`` (as a
        copy is); a refusal is rare, and this keeps every handler simple."""
        self.__setstate__(self.__getstate__())

    # ------------------------------------------------------------------ update
    def update(self, event: dict[str, Any]) -> None:
        """Feed one mjai event (as the seat receives it).

        Raises:
            RiichiError: not an object with a known ``type``, a bad field, or an event that
                contradicts the state (named with its type). The state is then as it was
                before the event: a refused event changes nothing.
        """
        if not isinstance(event, dict):
            raise RiichiError(f"expected an mjai event object, got {event!r:.80}")
        t = event.get("type")
        handler = _HANDLERS.get(t) if isinstance(t, str) else None
        if handler is None:
            raise RiichiError(f"unknown mjai event type {t!r:.40}")
        try:
            self._settle_pending(event)
            handler(self, event)
        except RiichiError as e:
            self._restore()
            raise RiichiError(f"{t} event {_short(event)}: {e}") from None
        except (KeyError, IndexError, TypeError, ValueError) as e:
            self._restore()
            raise RiichiError(f"{t} event {_short(event)}: bad or missing field ({e})") from None
        self.last_event = event
        if t == "start_game":
            self._log = []
        self._log.append(event)

    # ------------------------------------------------------------------ handlers
    def _new_game(self) -> None:
        self.bakaze = 27
        self.kyoku = 1
        self.honba = 0
        self.kyotaku = 0
        self.oya = 0
        self.dora_markers: list[str] = []
        self.rivers: list[list[str]] = []
        self.melds: list[list[tuple[str, list[str]]]] = []
        self.riichi: list[bool] = []
        self._live = 0
        self._tsumos = 0
        self._replacement_pending = 0
        self._ids: list[int] = []
        self._drawn: int | None = None
        self._pending: tuple[Any, ...] | None = None
        self._seen: list[int] = []
        self._meld_ids: list[tuple[str, list[int], int | None, int | None]] = []
        self._my_cores: list[Any] = []
        self._hand: Any = None

    def _start_game(self, ev: dict[str, Any]) -> None:
        if "id" in ev:
            self.seat = _int(ev["id"], "id", 0, 3)
        if RULES_KEY in ev:
            self.rules = rules_from_value(ev[RULES_KEY])
        elif self._given_rules is not None:
            self.rules = self._given_rules
        self._new_game()
        self._in_round = False

    def _start_kyoku(self, ev: dict[str, Any]) -> None:
        n = self.players
        if self.seat is None:
            raise RiichiError("the seat is not known (no id in start_game, none given)")
        if self.seat >= n:
            raise RiichiError(f"seat {self.seat} does not exist with {n} players")
        bakaze = _tile(ev["bakaze"], "bakaze").kind
        if not 27 <= bakaze <= 30:
            raise RiichiError(f"bakaze must be a wind, got {ev['bakaze']!r}")
        self.bakaze = bakaze
        self.kyoku = _int(ev["kyoku"], "kyoku", 1, 4)
        self.honba = _int(ev["honba"], "honba", 0, 1000)
        self.kyotaku = _int(ev["kyotaku"], "kyotaku", 0, 1000)
        self.oya = _int(ev["oya"], "oya", 0, n - 1)
        scores = ev["scores"]
        if not isinstance(scores, list) or len(scores) != n:
            raise RiichiError(f"scores must be {n} ints, got {scores!r:.60}")
        self.scores = [_int(x, "scores", -(10**9), 10**9) for x in scores]
        self._reds, _, _, class_ids = red_tables(tuple(self.rules.red_fives), Tile.of)
        self._free = [list(ids) for ids in class_ids]
        self._seen = []
        self.dora_markers = []
        self.rivers = [[] for _ in range(n)]
        self.melds = [[] for _ in range(n)]
        self._cores: list[Any] = []
        self.riichi = [False] * n
        self._live = (136 if n == 4 else 108) - 14 - 13 * n  # after the deal
        self._tsumos = 0
        self._kans = 0
        self._replacement_pending = 0  # an ankan / kita whose replacement is not drawn yet
        self._uninterrupted = True
        self._late_break = False  # a kakan / kita ends ippatsu once nobody robbed it
        self._kakan_pending = False  # a kakan counts as a kan once nobody robbed it
        self._meld_ids = []
        self._last_discard: int | None = None
        self._last_discarder: int | None = None
        self._rinshan = False
        self._replacement_next = False
        self._reach_declared = False
        self._drawn = None
        self._pending = None
        self._add_dora(ev["dora_marker"])
        tehais = ev["tehais"]
        mine = tehais[self.seat]
        if not isinstance(mine, list) or len(mine) != 13:
            raise RiichiError(f"tehais[{self.seat}] must be 13 tiles, got {mine!r:.80}")
        self._ids = [self._alloc(_tile(x, f"tehais[{self.seat}]")) for x in mine]
        self._hand = _core.SeatHand(
            self.seat,
            self._ids,
            None,
            [],
            red_fives=self.rules.red_fives,
            points=self.scores[self.seat],
        )
        self._my_cores = []
        self._in_round = True

    def _tsumo(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        if self._late_break:  # the kakan / kita stood: it ends ippatsu like a call
            self._late_break = False
            self._break_ippatsu()
            self._uninterrupted = False
        if self._kakan_pending:
            self._kakan_pending = False
            self._kans += 1
        self._tsumos += 1
        self._replacement_pending = 0
        replacement = self._replacement_next
        self._replacement_next = False
        if a != self.seat:
            return
        t = self._alloc(_tile(ev["pai"], "pai"))
        self._ids.append(t)
        self._hand.draw(t)
        self._drawn = t
        self._rinshan = replacement
        self._pending = ("turn",)

    def _dahai(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        tile = _tile(ev["pai"], "pai")
        tsumogiri = ev.get("tsumogiri", False)
        if type(tsumogiri) is not bool:
            raise RiichiError(f"tsumogiri: expected true or false, got {tsumogiri!r:.40}")
        self.rivers[a].append(tile.mjai)
        self._last_discarder = a
        if a == self.seat:
            t = self._take(tile, prefer=self._drawn if tsumogiri else None)
            h = self._hand
            if self._reach_declared:
                h.double_riichi = self._uninterrupted and len(self.rivers[a]) == 1
            h.discard(t)
            if self._reach_declared:
                h.riichi = True
                self._reach_declared = False
            self._drawn = None
            self._rinshan = False
            self._last_discard = t
            self._pending = None
            return
        t = self._alloc(tile)
        self._last_discard = t
        self._pending = ("claim", "dahai", a, t)

    def _reach(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        if a == self.seat:
            self._reach_declared = True
            self._pending = ("reach",)

    def _reach_accepted(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        self.riichi[a] = True
        self.kyotaku += 1
        self._apply_scores(ev, a)
        if a == self.seat:
            self._hand.ippatsu = True

    def _call(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        kind = ev["type"]
        target = _int(ev["target"], "target", 0, self.players - 1)
        tile = _tile(ev["pai"], "pai")
        consumed = [_tile(x, "consumed") for x in ev["consumed"]]
        if len(consumed) != (3 if kind == "daiminkan" else 2):
            raise RiichiError(f"{kind} takes {3 if kind == 'daiminkan' else 2} tiles")
        called = self._last_discard
        if called is None or self._class(called) != self._class_of(tile):
            raise RiichiError(f"{kind} of {tile.mjai}, which is not the last discard")
        if target != self._last_discarder or a == target:
            raise RiichiError(
                f"{kind} by seat {a} from target {target}: the last discard is seat "
                f"{self._last_discarder}'s"
            )
        kinds = sorted(x.kind for x in [tile, *consumed])
        shown = f"{kind} of {tile.mjai} with {[x.mjai for x in consumed]}"
        if kind == "chi":
            run = kinds[0] < 27 and kinds[2] // 9 == kinds[0] // 9
            if not run or kinds != list(range(kinds[0], kinds[0] + 3)):
                raise RiichiError(f"{shown}: not a run of one suit")
            if a != (target + 1) % self.players:
                raise RiichiError(f"chi by seat {a} of seat {target}'s discard (only the next seat)")
        elif len(set(kinds)) != 1:
            raise RiichiError(f"{shown}: not tiles of one kind")
        self._break_ippatsu()
        self._uninterrupted = False
        self.melds[a].append((kind, [tile.mjai] + [x.mjai for x in consumed]))
        self._last_discard = None
        if kind == "daiminkan":
            self._kans += 1
            self._replacement_next = True
        if a != self.seat:
            for x in consumed:
                self._alloc(x)
            return
        ids = [self._take(x) for x in consumed]
        meld = core.make_meld(kind, [*ids, called], called, (target - a) % self.players, self._reds)
        forbid: tuple[int, ...] = ()
        if kind != "daiminkan":
            low = min(t >> 2 for t in ids) if kind == "chi" else None
            forbid = kuikae(self.rules, called >> 2, low)
        self._hand.add_meld(meld, ids, list(forbid))
        self._my_cores.append(meld)
        self._meld_ids.append((kind, [*ids, called], called, target))
        self._pending = ("turn",) if kind != "daiminkan" else None

    def _ankan(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        consumed = [_tile(x, "consumed") for x in ev["consumed"]]
        if len(consumed) != 4 or len({c.kind for c in consumed}) != 1:
            raise RiichiError("ankan takes four tiles of one kind")
        self._break_ippatsu()
        self._uninterrupted = False
        self._kans += 1
        self._replacement_pending = 1
        self._replacement_next = True
        self.melds[a].append(("ankan", [x.mjai for x in consumed]))
        if a != self.seat:
            ids = [self._alloc(x) for x in consumed]
            self._pending = ("claim", "ankan", a, ids[0])
            return
        ids = sorted(self._take(x) for x in consumed)
        meld = core.make_meld("ankan", ids, None, 0, self._reds)
        self._hand.add_meld(meld, ids, [])
        self._my_cores.append(meld)
        self._meld_ids.append(("ankan", ids, None, None))
        self._drawn = None
        self._pending = None

    def _kakan(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        tile = _tile(ev["pai"], "pai")
        for i, (kind, tiles) in enumerate(self.melds[a]):
            if kind == "pon" and Tile.from_mjai(tiles[0]).kind == tile.kind:
                self.melds[a][i] = ("kakan", [*tiles, tile.mjai])
                break
        else:
            raise RiichiError(f"kakan of {tile.mjai} without a pon of its kind")
        self._late_break = True
        self._kakan_pending = True
        self._replacement_next = True
        if a != self.seat:
            t = self._alloc(tile)
            self._pending = ("claim", "kakan", a, t)
            return
        t = self._take(tile)
        pons = (j for j, m in enumerate(self._meld_ids) if m[0] == "pon" and m[1][0] >> 2 == tile.kind)
        pon = next(pons, None)
        if pon is None:  # pragma: no cover - self.melds above agrees
            raise RiichiError(f"kakan of {tile.mjai} without a pon of its kind")
        i = pon
        _, ids, called, target = self._meld_ids[i]
        if target is None:  # pragma: no cover - a pon always records its discarder
            raise RiichiError(f"kakan of {tile.mjai}: its pon has no discarder")
        new_ids = [*ids, t]
        src = (target - a) % self.players
        meld = core.make_meld("kakan", new_ids, called, src, self._reds)
        self._hand.add_meld(meld, [t], [])
        self._my_cores[i] = meld
        self._meld_ids[i] = ("kakan", new_ids, called, target)
        self._drawn = None
        self._pending = None

    def _nukidora(self, ev: dict[str, Any]) -> None:
        a = self._actor(ev)
        tile = _tile(ev.get("pai", "N"), "pai")
        if tile.kind != 30:
            raise RiichiError(f"nukidora of {tile.mjai}, not a North")
        self.melds[a].append(("nukidora", [tile.mjai]))
        self._late_break = True
        self._replacement_pending = 1
        self._replacement_next = True
        if a != self.seat:
            t = self._alloc(tile)
            self._pending = ("claim", "nukidora", a, t)
            return
        t = self._take(tile)
        self._hand.nukidora(t)
        self._drawn = None
        self._pending = None

    def _dora(self, ev: dict[str, Any]) -> None:
        self._add_dora(ev["dora_marker"])

    def _end(self, ev: dict[str, Any]) -> None:
        if "scores" in ev:
            self._apply_scores(ev, None)
        self._pending = None
        self._in_round = False

    def _ignore(self, ev: dict[str, Any]) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    def _settle_pending(self, ev: dict[str, Any]) -> None:
        """A claim this seat did not win on is over when the next event comes: a winning
        tile let go is furiten (the referee's ``furiten.missed``)."""
        p = self._pending
        if p is None or p[0] != "claim" or not self._in_round or ev.get("type") == "dora":
            return  # (a kan dora revealed after a discard comes before its claims end)
        if ev.get("type") == "hora" and ev.get("actor") == self.seat:
            return
        _, kind, _, tile = p
        if kind == "ankan":  # only a kokushi that could rob the ankan missed a win
            acts = self._seat_hand().robbed_answers(tile, kind, self._table())
            if not any(a[0] == "ron" for a in acts):
                self._pending = None
                return
        self._hand.missed(tile)
        self._pending = None

    @property
    def tiles_left(self) -> int:
        """Tiles still drawable from the live wall (a kan or kita whose replacement is not
        drawn yet already counts)."""
        return self._live - self._tsumos - self._replacement_pending

    def _break_ippatsu(self) -> None:
        if self._hand is not None:
            self._hand.ippatsu = False

    def _actor(self, ev: dict[str, Any]) -> int:
        if not self._in_round:
            raise RiichiError("an event of a round before start_kyoku")
        return _int(ev["actor"], "actor", 0, self.players - 1)

    def _apply_scores(self, ev: dict[str, Any], actor: int | None) -> None:
        n = self.players
        scores = ev.get("scores")
        deltas = ev.get("deltas")
        for name, value in (("scores", scores), ("deltas", deltas)):
            if name in ev and not (isinstance(value, list) and len(value) == n):
                raise RiichiError(f"{name} must be {n} ints, got {value!r:.60}")
        if scores is not None:
            self.scores = [_int(x, "scores", -(10**9), 10**9) for x in scores]
        elif deltas is not None:
            self.scores = [s + _int(d, "deltas", -(10**9), 10**9) for s, d in zip(self.scores, deltas)]
        elif actor is not None:
            self.scores[actor] -= self.rules.riichi_stick
        if self._hand is not None and self.seat is not None and self.seat < n:
            self._hand.points = self.scores[self.seat]

    def _add_dora(self, name: Any) -> None:
        t = _tile(name, "dora_marker")
        self._alloc(t)
        self.dora_markers.append(t.mjai)

    def _class_of(self, tile: Tile) -> int:
        return tile.kind * 2 + tile.red

    def _class(self, t: int) -> int:
        return (t >> 2) * 2 + (t in self._reds)

    def _alloc(self, tile: Tile) -> int:
        """The lowest free id of the tile's kind and colour (it becomes seen)."""
        free = self._free[self._class_of(tile)]
        if not free:
            red = " red" if tile.red else ""
            raise RiichiError(
                f"a{red} {tile.mjai} more than the rules' tile set holds "
                f"(red_fives={tuple(self.rules.red_fives)})"
            )
        t = free.pop(0)
        self._seen.append(t)
        return t

    def _take(self, tile: Tile, prefer: int | None = None) -> int:
        """Remove a held id of the tile's kind and colour from the concealed hand."""
        c = self._class_of(tile)
        if prefer is not None and prefer in self._ids and self._class(prefer) == c:
            self._ids.remove(prefer)
            return prefer
        for t in self._ids:
            if self._class(t) == c:
                self._ids.remove(t)
                return t
        raise RiichiError(f"seat {self.seat} does not hold {tile.mjai} (hand {self.hand})")

    def _name(self, t: int) -> str:
        return Tile.of(t >> 2, t in self._reds).mjai

    def _red_counts(self) -> tuple[int, int, int]:
        man, pin, sou = (
            sum(1 for t in self._ids if t in self._reds and t >> 2 == k) for k in (4, 13, 22)
        )
        return (man, pin, sou)

    def _seat_hand(self) -> Any:
        if self._hand is None:
            raise RiichiError("no round has started")
        return self._hand

    def _table(self) -> Any:
        return _core.SeatTable(
            self.rules,
            live_left=self.tiles_left,
            kans=self._kans,
            uninterrupted=self._uninterrupted,
            rinshan=self._rinshan,
            dealer=self.oya,
            round_wind=self.bakaze - 27,
            dora_indicators=[Tile.from_mjai(x).kind for x in self.dora_markers],
            honba=self.honba,
        )

    def _response(self, a: tuple[Any, ...], claim: tuple[int, int] | None) -> dict[str, Any]:
        s = self.seat
        name = a[0]
        if name == "discard":
            return {"type": "dahai", "actor": s, "pai": self._name(a[1]), "tsumogiri": a[2]}
        if name == "tsumo":
            d = self._drawn
            if d is None:  # pragma: no cover - a tsumo is offered only with a drawn tile
                raise RiichiError("a tsumo answer with no drawn tile")
            return {"type": "hora", "actor": s, "target": s, "pai": self._name(d)}
        if name == "ron":
            assert claim is not None
            return {"type": "hora", "actor": s, "target": claim[0], "pai": self._name(claim[1])}
        if name == "pass":
            return dict(_NONE)
        if name == "ankan":
            return {"type": "ankan", "actor": s, "consumed": [self._name(t) for t in a[1]]}
        if name == "kakan":
            k = a[1] >> 2
            pon = next(ids for kind, ids, _, _ in self._meld_ids if kind == "pon" and ids[0] >> 2 == k)
            return {
                "type": "kakan",
                "actor": s,
                "pai": self._name(a[1]),
                "consumed": [self._name(t) for t in sorted(pon)],
            }
        if name == "kyuushu":
            return {"type": "ryukyoku", "actor": s}
        if name == "nukidora":
            return {"type": "nukidora", "actor": s, "pai": self._name(a[1])}
        if name in _CALLS:
            assert claim is not None
            return {
                "type": name,
                "actor": s,
                "target": claim[0],
                "pai": self._name(a[1]),
                "consumed": [self._name(t) for t in a[2]],
            }
        raise RiichiError(f"unexpected action {a!r}")  # pragma: no cover


def _short(ev: dict[str, Any]) -> str:
    text = repr(ev)
    return text if len(text) <= 120 else text[:117] + "..."


_HANDLERS = {
    "start_game": PlayerState._start_game,
    "start_kyoku": PlayerState._start_kyoku,
    "tsumo": PlayerState._tsumo,
    "dahai": PlayerState._dahai,
    "reach": PlayerState._reach,
    "reach_accepted": PlayerState._reach_accepted,
    "chi": PlayerState._call,
    "pon": PlayerState._call,
    "daiminkan": PlayerState._call,
    "ankan": PlayerState._ankan,
    "kakan": PlayerState._kakan,
    "nukidora": PlayerState._nukidora,
    "dora": PlayerState._dora,
    "hora": PlayerState._end,
    "ryukyoku": PlayerState._end,
    "end_kyoku": PlayerState._end,
    "end_game": PlayerState._end,
    "none": PlayerState._ignore,
    "error": PlayerState._ignore,
}
