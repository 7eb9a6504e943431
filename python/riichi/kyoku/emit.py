"""Events: the round's event stream, in the mjai-shaped classes of :mod:`riichi.events`.

The two most frequent events (tsumo, dahai) are built once per (seat, tile class) and
shared; the hora event carries the score fields of the core's result.

Rules fields read: none.
Rule source: the mjai protocol's event shapes (DESIGN.md).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from riichi import _core_api as core
from riichi.kyoku.state import Player, Win
from riichi.tiles import kind_plain_first

__all__ = ["call_event", "emit", "emit_tile", "hora", "hora_melds", "run_events", "start_kyoku"]

# events of the two most frequent kinds, shared (they are immutable): index by
# actor * 68 + kind * 2 + red (and * 2 + tsumogiri for a dahai)
TSUMO_EVENTS: list[Any] = [None] * (4 * 68)
DAHAI_EVENTS: list[Any] = [None] * (4 * 68 * 2)


def hora(rnd: Any, win: Win) -> None:
    # what _emit("hora", ...) builds, without the generic field conversion
    ev = rnd._ev
    tiles = rnd._tiles
    p = rnd.players[win.seat]
    hand = p.hand if win.from_seat == win.seat else [*p.hand, win.tile]
    rnd.events.append(
        ev.Hora(
            actor=win.seat,
            target=win.from_seat,
            pai=tiles[win.tile],
            hand=tuple([tiles[t] for t in sorted(hand)]),
            melds=rnd._hora_melds(p),
            dora_markers=tuple(
                [tiles[rnd.wall.dora_indicator(i)] for i in range(rnd._dora_revealed)]
            ),
            uradora_markers=tuple([tiles[t] for t in win.ura_indicators]),
            deltas=tuple(win.deltas),
            scores=tuple(rnd.scores),
            pao=win.pao_seat,
            **core.score_fields(win.score),
        )
    )


def hora_melds(rnd: Any, p: Player) -> tuple[Any, ...]:
    """The winner's melds for the hora event, Norths set aside (sanma) in call order."""
    ev = rnd._ev
    tiles = rnd._tiles
    out = [
        ev.CalledMeld(m.kind, tuple(sorted([tiles[t] for t in m.tiles], key=kind_plain_first)))
        for m in p.melds
    ]
    for j in range(len(p.nuki) - 1, -1, -1):  # backwards: each index is a call count
        out.insert(p.nuki_at[j], ev.CalledMeld("nukidora", (tiles[p.nuki[j]],)))
    return tuple(out)


def emit(rnd: Any, kind: str, **fields: Any) -> None:
    rnd.events.append(core.make_event(kind, rnd._reds, **fields))


def emit_tile(rnd: Any, kind: str, actor: int, tile: int, tsumogiri: bool | None = None) -> None:
    """Fast path for the two most frequent events (tsumo, dahai), built once and shared."""
    i = actor * 68 + rnd._cls[tile]
    if tsumogiri is None:
        ev = TSUMO_EVENTS[i]
        if ev is None:
            ev = rnd._ev._intern(rnd._ev.Tsumo(actor=actor, pai=rnd._tiles[tile]))
            TSUMO_EVENTS[i] = ev
    else:
        i = i * 2 + tsumogiri
        ev = DAHAI_EVENTS[i]
        if ev is None:
            ev = rnd._ev._intern(
                rnd._ev.Dahai(actor=actor, pai=rnd._tiles[tile], tsumogiri=tsumogiri)
            )
            DAHAI_EVENTS[i] = ev
    rnd.events.append(ev)


# chi, pon and daiminkan events, shared (immutable) as the tsumo and dahai ones: by
# (actor, target, the called tile's class, the consumed tiles' classes), class = kind * 2 +
# red; a call's event depends on nothing else
_CALL_EVENTS: dict[tuple[Any, ...], Any] = {}
_CALL_EVENTS_MAX = 100_000


def call_event(
    rnd: Any, kind: str, actor: int, target: int, tile: int, consumed: tuple[int, ...]
) -> Any:
    """The ``kind`` (``"chi"``, ``"pon"``, ``"daiminkan"``) event of ``actor`` calling
    ``target``'s ``tile`` with the ids ``consumed`` (what ``emit(kind, ...)`` builds, without
    the generic conversion; built once per call shape and shared)."""
    cls = rnd._cls
    key = (actor, target, cls[tile], tuple([cls[t] for t in consumed]))
    ev = _CALL_EVENTS.get(key)
    if ev is None:
        tiles = rnd._tiles
        ev = rnd._ev.EVENT_TYPES[kind](
            actor=actor, target=target, pai=tiles[tile], consumed=tuple([tiles[t] for t in consumed])
        )
        if len(_CALL_EVENTS) >= _CALL_EVENTS_MAX:
            _CALL_EVENTS.clear()
        _CALL_EVENTS[key] = ev
    return ev


_RUN_EVENTS: list[Any] = []


def run_events(rnd: Any) -> list[Any]:
    """Every dahai and tsumo event by the code ``_core.discard_run`` gives each event of a
    run of discards: ``(actor * 68 + cls) * 2 + tsumogiri`` a dahai, ``544 + actor * 68 +
    cls`` a tsumo (``cls = kind * 2 + red``); the shared events of :func:`emit_tile`, all
    built on first use (do not mutate)."""
    if not _RUN_EVENTS:
        ev = rnd._ev
        for actor in range(4):
            for c in range(68):
                if c & 1 and c >> 1 not in (4, 13, 22):
                    continue  # only a five has a red copy
                i = actor * 68 + c
                pai = ev.Tile.of(c >> 1, bool(c & 1))
                if TSUMO_EVENTS[i] is None:
                    TSUMO_EVENTS[i] = ev._intern(ev.Tsumo(actor=actor, pai=pai))
                for g in (False, True):
                    if DAHAI_EVENTS[i * 2 + g] is None:
                        DAHAI_EVENTS[i * 2 + g] = ev._intern(
                            ev.Dahai(actor=actor, pai=pai, tsumogiri=g)
                        )
        _RUN_EVENTS.extend(DAHAI_EVENTS + TSUMO_EVENTS)
    return _RUN_EVENTS


def start_kyoku(
    rnd: Any,
    hands: list[list[int]] | None = None,
    dora: int | None = None,
    tehais: tuple[tuple[Any, ...], ...] | None = None,
) -> None:
    """The ``start_kyoku`` event of a round just dealt (what ``emit("start_kyoku", ...)``
    builds, without the generic field conversion); when the caller has them: ``hands``,
    each seat's deal as sorted ids, or ``tehais``, the same as the event's tiles
    (``_core.SeatHand.deal`` gives them); ``dora``, the first dora indicator's id (else read
    from the players and the wall)."""
    tiles = rnd._tiles
    if tehais is None:
        if hands is None:
            hands = [p.hand for p in rnd.players]
        tehais = tuple([itemgetter(*h)(tiles) for h in hands])  # 13 ids: a tuple each
    if dora is None:
        dora = rnd.wall.dora_indicator(0)
    # positional, in the fields' order (bakaze, kyoku, honba, kyotaku, oya, scores,
    # dora_marker, tehais, dice): keywords cost the constructor nearly twice as much;
    # tests/test_round_basic.py compares the event with one built by keyword
    rnd.events.append(
        rnd._ev.StartKyoku(
            tiles[(27 + rnd.round_wind) * 4],  # the wind's tile (no red copy)
            rnd.dealer + 1,
            rnd.honba,
            rnd.kyotaku,
            rnd.dealer,
            tuple(rnd.scores),
            tiles[dora],
            tehais,
            rnd.wall.dice,
        )
    )
