"""Per-decision data from logged games: :func:`decisions`.

A decision point is a moment where a seat chooses among legal actions:

- ``"turn"``: the seat to play acts on its own hand, after a draw (discard, riichi, tsumo,
  ankan, kakan, kyuushu kyuuhai, nukidora) or after a call (its discard);
- ``"claim"``: a seat that may claim a tile answers it (chi, pon, daiminkan, ron, or pass):
  a discard, a kakan (chankan), an ankan (kokushi chankan) or a North set aside in sanma.
  Only seats with at least one option besides passing are asked; a seat with none has no
  decision.

Each :class:`Decision` carries the seat's :class:`~riichi.mining.observation.Observation`,
its legal actions and the action the log shows. Decisions come from the verifying replay
(:func:`riichi.replay.replay_game` with a watch): the engine applies each logged action only
when it is legal, so every decision's action is one of its legal actions. A decision of a
game that does not replay cleanly (any mismatch) has ``ok`` False and ``problem`` naming the
first mismatch of its round (else of the game); never a silent pass.

What logs do not record: a seat that could claim a tile and the log shows nothing from it is
recorded as passing (``inferred`` True); when another seat's call or ron took the tile
(``taken_by``), that pass may also be a call outranked by it (Tenhou, mjai and Mahjong Soul
logs keep only the call that took effect). A decision the log stops at (a draw with no
action after it, claims left open at its end) or whose logged action is illegal (a
mismatch: the replay abandons the round there) has no logged action and is not yielded.

**Features** (``features=True``): each decision also carries its feature arrays
(:attr:`Decision.features`, the arrays of :func:`riichi.features.encode` of its
observation, equal to them). They are read straight from the replayed round by the core
(no :class:`~riichi.mining.observation.Observation` is built for them) and encoded once per
game (one core call, the GIL released); the decision's ``observation`` is then built only
when it is asked for, equal to the one ``features=False`` gives.

Canonical records (:meth:`Decision.record`) write tiles as mpsz text (``0`` = red five),
so the same game read from different formats (physical ids differ where a format has none)
gives the same records.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from riichi import _core
from riichi.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Nukidora,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.errors import RiichiError
from riichi.events import GameLog
from riichi.mining.observation import Observation, RiverMarks, observe
from riichi.replay import GameReport, replay_game
from riichi.rules import Rules
from riichi.tiles import tile_text

__all__ = [
    "Decision",
    "action_text",
    "decisions",
    "game_decisions",
    "mpsz",
    "replay_decisions",
    "tile_texts",
]

_OBS_FIELDS = tuple(Observation.__dataclass_fields__)
_TURN_ACTIONS = (Discard, Riichi, Tsumo, Ankan, Kakan, Kyuushu, Nukidora)
_CLAIM_ACTIONS = (Chi, Pon, Daiminkan, Ron, Pass)


@dataclass(frozen=True)
class Decision:
    """One decision of one seat in a logged game.

    Attributes:
        game: the game's name (its file, ``archive.zip:member``, ``file.json#i``).
        round_index: the round's index in the log (0-based; the replay's ``round_index``).
        event_index: index in ``GameLog.events`` of the event the decision answers: the
            logged action itself for a turn decision, the discard (or kan, or North set
            aside) that opened the claims for a claim decision.
        action_index: index of the logged event of ``action`` (-1 for an inferred pass).
        seat: the deciding seat (absolute).
        kind: ``"turn"`` or ``"claim"``.
        observation: what the seat saw (:class:`Observation`), its legal actions included.
        action: the action the log shows (a :mod:`riichi.actions` object, one of
            ``observation.legal_actions``).
        inferred: the log records no answer from this seat to a claimable tile: a pass.
        taken_by: for an inferred pass, the seat whose call or ron took the tile, if one did
            (this seat's pass may then be an outranked call); else None.
        ok: the game replayed with no mismatch.
        problem: "" when ``ok``; else the first mismatch of this decision's round, or of the
            game when the round has none.
    """

    game: str
    round_index: int
    event_index: int
    action_index: int
    seat: int
    kind: str
    observation: Observation
    action: Action
    inferred: bool = False
    taken_by: int | None = None
    ok: bool = True
    problem: str = ""

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions (``observation.legal_actions``)."""
        return self.observation.legal_actions

    @property
    def features(self) -> dict[str, Any] | None:
        """The feature arrays of the decision's observation (shapes and dtypes of
        :func:`riichi.features.feature_spec`, ``action_mask`` included; read-only views of
        its game's batch) when the decisions were made with ``features=True``, else None."""
        f = self.__dict__.get("_features")
        if f is None:
            return None
        if f.__class__ is tuple:  # (the game's batch, row): views made on first use
            batch, row = f
            f = {k: v[row] for k, v in batch.items()}
            self.__dict__["_features"] = f
        return f  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        # only reached for an attribute not in the instance: the observation of a decision
        # made with features=True, built from its core record on first use
        if name == "observation":
            lazy = self.__dict__.get("_lazy")
            if lazy is not None:
                reader, row = lazy
                obs = object.__new__(Observation)
                obs.__dict__.update(zip(_OBS_FIELDS, reader.fields(row)))
                self.__dict__["observation"] = obs
                del self.__dict__["_lazy"]
                return obs
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if "_lazy" in state:  # the core record does not pickle: the observation does
            state["observation"] = self.observation
            del state["_lazy"]
        if "_features" in state:
            state["_features"] = {k: v.copy() for k, v in (self.features or {}).items()}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def record(self) -> dict[str, Any]:
        """A format-independent record: round index, seat, kind, the hand, drawn tile and
        pending tile as mpsz text, the action and the legal actions as text
        (:func:`action_text`, legal ones sorted), inferred, taken_by, ok. Equal for the same
        game read from any format."""
        obs = self.observation
        red = obs.red_ids
        return {
            "round_index": self.round_index,
            "seat": self.seat,
            "kind": self.kind,
            "hand": mpsz(obs.hand, red),
            "drawn": None if obs.drawn is None else tile_text(obs.drawn, obs.drawn in red),
            "pending": None
            if obs.pending is None
            else [obs.pending[0], obs.pending[1], tile_text(obs.pending[2], obs.pending[2] in red)],
            "scores": list(obs.scores),
            "action": action_text(self.action, red),
            "legal": sorted(action_text(a, red) for a in obs.legal_actions),
            "inferred": self.inferred,
            "taken_by": self.taken_by,
            "ok": self.ok,
        }


def tile_texts(red_ids: frozenset[int]) -> list[str]:
    """The mpsz text of each id 0..135 (``0`` for an id in ``red_ids``), built once per
    red-id set (do not mutate).

    Raises:
        RiichiError: ``red_ids`` not a frozenset of tile ids (named with the value).
    """
    try:
        texts = _TILE_TEXTS.get(red_ids)
    except TypeError:  # unhashable: a list, a set, an array
        texts = None
    if not isinstance(red_ids, frozenset):
        raise RiichiError(f"red_ids must be a frozenset of tile ids, got {red_ids!r:.60}")
    if texts is None:
        texts = _TILE_TEXTS[red_ids] = [tile_text(t, t in red_ids) for t in range(136)]
    return texts


_TILE_TEXTS: dict[frozenset[int], list[str]] = {}


def mpsz(ids: Iterable[int], red_ids: frozenset[int] = frozenset()) -> str:
    """Tile ids as compact mpsz text, sorted by id, ``0`` for a red five (an id in
    ``red_ids``): ``[0, 5, 16, 124]`` -> ``"120m5z"`` with 16 red.

    Raises:
        RiichiError: ``ids`` not ints 0..135, or ``red_ids`` not a frozenset (named).
    """
    texts = tile_texts(red_ids)
    out = []
    digits = ""
    suit = ""
    try:
        ordered = sorted(ids)
        if ordered and not (0 <= ordered[0] and ordered[-1] <= 135
                            and all(t.__class__ is int for t in ordered)):  # fmt: skip
            raise TypeError
    except TypeError:  # not iterable, not ints, or out of range
        raise RiichiError(f"mpsz: ids must be tile ids 0..135, got {ids!r:.60}") from None
    for t in ordered:
        text = texts[t]
        if text[1] != suit:
            if digits:
                out.append(digits + suit)
            digits = ""
            suit = text[1]
        digits += text[0]
    if digits:
        out.append(digits + suit)
    return "".join(out)


def action_text(action: Action, red_ids: frozenset[int] = frozenset()) -> str:
    """An action as text with tiles in mpsz (``0`` = red five when its id is in
    ``red_ids``): ``"dahai 3m"``, ``"dahai 3m tsumogiri"``, ``"riichi 0p"``, ``"chi 3m 45m"``
    (the called tile, then the tiles from the hand), ``"pon 5s 05s"``, ``"daiminkan 1z
    111z"``, ``"ankan 0555m"``, ``"kakan 7z"``, ``"nukidora 4z"``, ``"tsumo"``, ``"ron"``,
    ``"pass"``, ``"kyuushu"``.

    Raises:
        RiichiError: ``action`` is not a :mod:`riichi.actions` action.
    """

    key = (action, red_ids)
    try:
        text = _TEXTS.get(key)
    except TypeError:  # an unhashable red_ids (or action): named below
        text = None
    if not isinstance(red_ids, frozenset):
        raise RiichiError(f"action_text: red_ids must be a frozenset of tile ids, got {red_ids!r:.60}")
    if text is None:
        text = _action_text(action, red_ids)
        if len(_TEXTS) < 200_000:  # actions and red-id sets are few: a bounded cache
            _TEXTS[key] = text
    return text


_TEXTS: dict[tuple[Action, frozenset[int]], str] = {}


def _action_text(action: Action, red_ids: frozenset[int]) -> str:
    def t(i: int) -> str:
        return tile_text(i, i in red_ids)

    def group(ids: Iterable[int]) -> str:
        texts = [t(i) for i in sorted(ids)]
        return "".join(x[0] for x in texts) + texts[-1][1]  # one suit: digits then suit

    cls = action.__class__
    if cls is Discard or cls is Riichi:
        name = "dahai" if cls is Discard else "riichi"
        return f"{name} {t(action.tile)}" + (" tsumogiri" if action.tsumogiri else "")  # type: ignore[union-attr]
    if cls in (Chi, Pon, Daiminkan):
        return f"{cls.__name__.lower()} {t(action.tile)} {group(action.consumed)}"  # type: ignore[union-attr]
    if cls is Ankan:
        return f"ankan {group(action.consumed)}"  # type: ignore[union-attr]
    if cls is Kakan or cls is Nukidora:
        return f"{cls.__name__.lower()} {t(action.tile)}"  # type: ignore[union-attr]
    if cls in (Tsumo, Ron, Pass, Kyuushu):
        return cls.__name__.lower()
    raise RiichiError(f"action_text: not a riichi.actions action: {action!r:.80}")


class _Collector:
    """The replay's watch (see :func:`riichi.replay.replay_game`) that records decisions."""

    all_claims = True  # every seat's claim options are built: each is a decision

    def __init__(self, name: str, seats: frozenset[int] | None, reader: Any = None) -> None:
        self.name = name
        self.seats = seats
        # with features: the core reader that records each decision's view (its row number
        # stands where the observation would)
        self.reader = reader
        self.players = 4
        self.out: list[list[Any]] = []  # [k, i, ai, seat, kind, obs, action, inferred, taken]
        self.k = -1
        self.rnd: Any = None
        self.marks: RiverMarks | None = None
        self.turn: list[Any] | None = None  # a pending turn decision
        self.pending: list[list[Any]] = []  # pending claim decisions (seat order)
        self.taken: int | None = None  # the seat whose claim took the pending tile
        self.replayed: list[int] = []  # the indices of the rounds replayed

    def begin(self, rules: Rules) -> None:
        self.out = []  # a second replay of the same game starts afresh
        self.turn = None
        self.pending = []
        self.rnd = None
        self.replayed = []

    def round(self, k: int, game: Any) -> None:
        self._flush()
        self.turn = None
        self.k = k
        self.replayed.append(k)
        self.rnd = game.round
        self.players = game.rules.num_players
        self.marks = RiverMarks(self.players)

    def _want(self, seat: int) -> bool:
        return self.seats is None or seat in self.seats

    def _flush(self) -> None:
        """Emit the pending claim decisions: every seat that answered is recorded, the
        others passed (inferred), unless the claim is still open (the log stops there, or
        the replay abandoned the round on it): their answers are unknown."""
        if not self.pending:
            self.taken = None
            return
        rnd = self.rnd
        open_seats = rnd.seats_to_act if rnd is not None and rnd.phase == "claim" else ()
        for d in self.pending:
            if d[6] is None:
                if d[3] in open_seats:
                    continue  # no answer known
                d[6] = Pass(d[3])
                d[7] = True
                d[2] = -1
            if d[7] and self.taken is not None and self.taken != d[3]:
                d[8] = self.taken
            self.out.append(d)
        self.pending = []
        self.taken = None

    def before(self, i: int, rnd: Any) -> None:
        if rnd._phase == "turn":  # rnd.phase, read directly: this runs on every event
            if self.pending:
                self._flush()
            else:
                self.taken = None
            s = rnd._turn  # rnd.current_seat in the turn phase
            self.turn = None
            if self.seats is None or s in self.seats:
                reader = self.reader
                obs = observe(rnd, s, self.marks) if reader is None else reader.push(rnd, s)
                self.turn = [self.k, i, i, s, "turn", obs, None, False, None]

    def after(self, i: int, rnd: Any, act: Action) -> None:
        cls = act.__class__
        if cls in _TURN_ACTIONS:
            d = self.turn
            if d is not None and d[3] == act.seat:
                d[6] = act
                self.out.append(d)
            self.turn = None
            if rnd._phase == "claim":  # the action opened claims: every seat asked decides
                self._flush()
                for q in rnd.seats_to_act:
                    if self._want(q):
                        if self.reader is None:
                            obs = observe(rnd, q, self.marks)
                        else:
                            obs = self.reader.push(rnd, q)
                        self.pending.append([self.k, i, -1, q, "claim", obs, None, False, None])
        elif cls in _CLAIM_ACTIONS:
            if cls is not Ron or self.taken is None:
                self.taken = act.seat
            for d in self.pending:
                if d[3] == act.seat:
                    d[6] = act
                    d[2] = i

    def finish(self) -> None:
        self._flush()


def game_decisions(
    game_log: GameLog,
    seats: Iterable[int] | None = None,
    rules: Rules | None = None,
    *,
    features: bool = False,
) -> tuple[GameReport, list[Decision]]:
    """Replay one game and return its :class:`~riichi.replay.GameReport` and every decision
    (of ``seats`` only, when given), in the order they were taken (a claim decision after
    the discard that opened it).

    Args:
        game_log: a game from :func:`riichi.read_log` (any format).
        seats: the seats whose decisions are wanted (absolute), or None for every seat.
        rules: the rules to replay under (default: as :func:`riichi.replay.replay_game`).
        features: give each decision its feature arrays (:attr:`Decision.features`; see
            the module text), encoded in one core call for the game.

    Raises:
        RiichiError: ``game_log`` is not a GameLog, ``rules`` not Rules, or a seat that is
            not an int in 0..n-1 (n = the game's players); ``features`` not a bool.
    """
    report, out, _ = replay_decisions(game_log, seats, rules, features=features)
    return report, out


def replay_decisions(
    game_log: GameLog,
    seats: Iterable[int] | None = None,
    rules: Rules | None = None,
    *,
    features: bool = False,
) -> tuple[GameReport, list[Decision], list[int]]:
    """:func:`game_decisions` plus the indices of the rounds the replay replayed (the
    rounds a table of rounds lists: a round may be replayed and hold no decision).

    Raises:
        RiichiError: as :func:`game_decisions`.
    """
    if not isinstance(game_log, GameLog):
        raise RiichiError(f"decisions: expected a riichi.GameLog or a path, got {game_log!r:.80}")
    wanted = _check_seats(seats, game_log)
    _check_features(features)
    name = game_log.source or "<memory>"
    reader = _core.RoundReader() if features else None
    col = _Collector(name, wanted, reader)
    report = replay_game(game_log, rules, watch=col)
    col.finish()
    by_round: dict[int, str] = {}
    for m in report.mismatches:
        by_round.setdefault(m.round_index, str(m))
    first = str(report.mismatches[0]) if report.mismatches else ""
    ok = not report.mismatches
    if reader is not None:
        return report, _with_features(col, reader, name, ok, by_round, first), col.replayed
    out = []
    new = object.__new__
    for k, i, ai, s, kind, obs, act, inferred, taken in col.out:
        d = new(Decision)  # every field set (a frozen __init__ costs more)
        d.__dict__.update(
            game=name, round_index=k, event_index=i, action_index=ai, seat=s, kind=kind,
            observation=obs, action=act, inferred=inferred, taken_by=taken, ok=ok,
            problem="" if ok else by_round.get(k, f"game: {first}"),
        )  # fmt: skip
        out.append(d)
    return report, out, col.replayed


def _with_features(
    col: _Collector, reader: Any, name: str, ok: bool, by_round: dict[int, str], first: str
) -> list[Decision]:
    """The decisions of a replay made with a core reader: each row's arrays from one batch
    encoding of the game, the observation left to build on first use."""
    rows = [d[5] for d in col.out]
    batch = reader.encode_rows(rows, col.players) if rows else None
    for v in (batch or {}).values():
        v.flags.writeable = False  # shared by the game's decisions: views stay read-only
    out = []
    new = object.__new__
    set_dict = object.__setattr__  # Decision is frozen: its instance dict is set whole
    for j, (k, i, ai, s, kind, row, act, inferred, taken) in enumerate(col.out):
        d = new(Decision)  # every field but the observation set (built on first use)
        set_dict(d, "__dict__", {
            "game": name, "round_index": k, "event_index": i, "action_index": ai, "seat": s,
            "kind": kind, "action": act, "inferred": inferred, "taken_by": taken, "ok": ok,
            "problem": "" if ok else by_round.get(k, f"game: {first}"),
            "_lazy": (reader, row), "_features": (batch, j),
        })  # fmt: skip
        out.append(d)
    return out


def _check_features(features: object) -> None:
    if features is not True and features is not False:
        raise RiichiError(f"decisions: features must be True or False, got {features!r:.80}")


def _check_seats(seats: Iterable[int] | None, game_log: GameLog) -> frozenset[int] | None:
    if seats is None:
        return None
    try:
        n = game_log.start.players
    except RiichiError:
        n = 4
    items = None
    if not isinstance(seats, (str, bytes)) and isinstance(seats, Iterable):
        try:
            items = list(seats)
        except TypeError:  # iterable by its type only: a 0-d NumPy array
            items = None
    if items is None:
        raise RiichiError(f"decisions: seats must be an iterable of seats or None, got {seats!r:.80}")
    out = []
    for s in items:
        if type(s) is not int or not 0 <= s < n:
            raise RiichiError(
                f"decisions: seat {s!r} of seats={seats!r:.80} is not a seat 0..{n - 1} of "
                f"{game_log.source or 'the game'}"
            )
        out.append(s)
    return frozenset(out)


def decisions(
    log: GameLog | str | os.PathLike[str],
    seats: Iterable[int] | None = None,
    *,
    rules: Rules | None = None,
    features: bool = False,
) -> Iterator[Decision]:
    """Every decision of a logged game, replayed and verified (see the module text).

    Args:
        log: a :class:`riichi.GameLog`, or a log file's path (every game in it: a kobalab
            file may hold several; a zip archive is not taken, use :func:`riichi.read_logs`).
        seats: only these seats' decisions (absolute seats), or None for every seat.
        rules: the rules to replay under (default: read from the log's header).
        features: give each decision its feature arrays (:attr:`Decision.features`),
            encoded in one core call per game; the observations are then built only when
            asked for.

    Returns:
        An iterator of :class:`Decision` objects in the order they were taken (each game is
        replayed when the iteration reaches it).

    Raises:
        RiichiError: at once: ``log`` is neither a GameLog nor a path, a seat that is not a
            seat of the game, ``rules`` not Rules; during the iteration: a game the replay
            cannot replay at all (a player's view, no round, ...), naming why; ``features``
            not a bool.
        LogFormatError: at once: a path that cannot be read as a log.
    """
    _check_features(features)
    if isinstance(log, GameLog):
        games: list[tuple[str, Any]] = [(log.source or "<memory>", log)]
        _check_seats(seats, log)
    elif isinstance(log, (str, os.PathLike)):
        from riichi.logs import read_games

        games = read_games(log)
        for _name, g in games:
            if isinstance(g, Exception):
                raise g
            _check_seats(seats, g)
    else:
        raise RiichiError(f"decisions: expected a riichi.GameLog or a path, got {log!r:.80}")
    if rules is not None:
        from riichi.rules import Rules as _Rules

        if not isinstance(rules, _Rules):
            raise RiichiError(f"decisions: rules must be a riichi.Rules or None, got {rules!r:.80}")
    # the arguments are checked before the first decision is asked for
    return _decisions(games, seats, rules, features)


def _decisions(
    games: list[tuple[str, Any]],
    seats: Iterable[int] | None,
    rules: Rules | None,
    features: bool = False,
) -> Iterator[Decision]:
    for _name, g in games:
        report, out = game_decisions(g, seats, rules, features=features)
        if not report.replayed:
            why = "; ".join(str(p) for p in report.unsupported) or "nothing replayed"
            raise RiichiError(f"decisions: {g.source or 'the game'} cannot be replayed: {why}")
        yield from out
