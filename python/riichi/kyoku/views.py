"""What a round shows: a seat's observation, the full state for referees and tests, where
every tile is, and an independent copy of the round.

Rules fields read: none.
Rule source: none (views of the state).
"""

from __future__ import annotations

import copy
from typing import Any

from riichi.kyoku.state import TURN, Claim, Player, check_seat, seat_table

__all__ = [
    "ObservationMemo",
    "clone",
    "copy_player",
    "observation",
    "observation_fields",
    "state",
    "tile_locations",
]


def observation(rnd: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: its own hand, all rivers and melds, dora, scores, riichi.

    Returns:
        A dict: ``seat``, ``hand`` (sorted ids), ``drawn`` (id or None; own only),
        ``melds`` (per seat, list of (kind, ids, called id, source seat)), ``rivers``
        (per seat, ids in order), ``riichi`` (per seat), ``dora_indicators``,
        ``scores``, ``round_wind``, ``dealer``, ``honba``, ``kyotaku``,
        ``live_tiles_left``, ``phase``, ``current_seat``, ``pending`` (the tile and
        seat of a pending claim), ``legal_actions`` (for ``seat``), ``nukidora`` (per
        seat, the Norths it set aside; sanma), ``open_hands`` (per seat, the sorted
        concealed ids of a hand in open riichi, shown to every seat; ``None`` for any
        other hand).

    Raises:
        RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
    """
    check_seat(seat, rnd._n)
    claim = rnd._claim
    return {
        "seat": seat,
        "hand": rnd.hand(seat),
        "drawn": rnd._drawn if rnd._phase == TURN and rnd._turn == seat else None,
        "melds": [rnd._meld_view(p) for p in rnd.players],
        "rivers": [list(p.river) for p in rnd.players],
        "riichi": [p.riichi for p in rnd.players],
        "dora_indicators": rnd.dora_indicators,
        "scores": list(rnd.scores),
        "round_wind": rnd.round_wind,
        "dealer": rnd.dealer,
        "honba": rnd.honba,
        "kyotaku": rnd.kyotaku,
        "live_tiles_left": rnd.live_tiles_left,
        "phase": rnd._phase,
        "current_seat": rnd.current_seat,
        "pending": None if claim is None else (claim.kind, claim.seat, claim.tile),
        "legal_actions": rnd.legal_actions(seat),
        "nukidora": [list(p.nuki) for p in rnd.players],
        "open_hands": [rnd.hand(q) if p.open_riichi else None for q, p in enumerate(rnd.players)],
    }


class ObservationMemo:
    """The public tuples of one round's observations, kept between snapshots: a river only
    grows, melds change on a call or kan, the dora indicators on a reveal, so successive
    snapshots share the tuples that did not change (built once, never mutated).
    :func:`observation_fields` fills it; one memo follows one round (a memo given another
    round starts afresh)."""

    __slots__ = (
        "called", "dora", "events", "meld_objs", "melds", "public", "red_ids", "rivers", "round",
        "taken",
    )  # fmt: skip

    def __init__(self) -> None:
        self.round: Any = None

    def reset(self, rnd: Any) -> None:
        n = rnd._n
        self.round = rnd
        self.rivers: list[tuple[int, ...]] = [()] * n
        self.called: list[tuple[bool, ...]] = [()] * n  # per river entry: called away
        self.meld_objs: list[list[Any]] = [[] for _ in range(n)]
        self.melds: list[tuple[Any, ...]] = [()] * n
        self.taken: set[int] = set()  # the ids called from a river
        self.dora: tuple[int, ...] = ()
        self.events = -1  # len(rnd.events) when the tuples were last brought up to date
        self.public: tuple[Any, ...] = ()  # (melds, rivers, called) as of ``events``
        self.red_ids: frozenset[int] = rnd._reds  # the ids that are red fives (shared)


def observation_fields(rnd: Any, seat: int, memo: ObservationMemo) -> tuple[Any, ...]:
    """What ``seat`` may see, as the tuples an observation holds (the facts of
    :func:`observation`, frozen): ``(hand, drawn, melds, rivers, called, riichi, nukidora,
    dora_indicators, scores, phase, pending, legal_actions, live_tiles_left)``.

    ``hand`` sorted ids; ``melds`` per seat ``(kind, ids, called id, source seat)`` tuples;
    ``rivers`` per seat ids in order; ``called`` per seat, per river entry, whether another
    seat called it; ``riichi`` per seat; ``nukidora`` per seat ids; ``pending`` ``(kind,
    seat, id)`` or None. Tuples that did not change since the last call with ``memo``
    are the same objects.

    Raises:
        RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
    """
    check_seat(seat, rnd._n)
    if memo.round is not rnd:
        memo.reset(rnd)
    n_events = len(rnd.events)
    if n_events != memo.events:  # every discard, call, kan and dora reveal is an event
        memo.events = n_events
        _update(memo, rnd)
    melds, rivers, called = memo.public
    players = rnd.players
    phase = rnd._phase
    claim = rnd._claim
    seats = rnd._seats  # each player's core hand (Player.hand and .riichi read it)
    return (
        tuple(sorted(seats[seat].ids)),
        rnd._drawn if phase == TURN and rnd._turn == seat else None,
        melds,
        rivers,
        called,
        tuple([h.riichi for h in seats]),
        tuple([p.nuki for p in players]),
        memo.dora,
        tuple(rnd.scores),
        phase,
        None if claim is None else (claim.kind, claim.seat, claim.tile),
        tuple(rnd._legal(seat)),
        rnd.live_tiles_left,
    )


def _update(memo: ObservationMemo, rnd: Any) -> None:
    """Bring the memo's rivers, melds, called flags and dora indicators up to the round."""
    rivers = memo.rivers
    called = memo.called
    objs = memo.meld_objs
    melds = memo.melds
    taken = memo.taken
    new_call = False
    for s, p in enumerate(rnd.players):
        ms = p.melds
        if ms != objs[s]:  # identity first: a call appends, a kakan replaces its pon
            objs[s] = list(ms)
            melds[s] = tuple([(m.kind, tuple(m.tiles), m.called, m.source) for m in ms])
            for m in ms:
                if m.called is not None and m.called not in taken:
                    taken.add(m.called)
                    new_call = True
        r = p.river
        known = len(rivers[s])
        if len(r) != known:
            rivers[s] = tuple(r)
            # the new discards: a called one is in ``taken`` (its call was seen above)
            called[s] = called[s] + tuple([t in taken for t in r[known:]])
    if new_call:  # a tile called away from a river entry seen before
        called[:] = [tuple([t in taken for t in r]) for r in rivers]
    if len(memo.dora) != rnd._dora_revealed:
        memo.dora = tuple(rnd.dora_indicators)
    memo.public = (tuple(melds), tuple(rivers), tuple(called))


def state(rnd: Any) -> dict[str, Any]:
    """The full state (every hand and the wall); for referees and tests, not players."""
    return {
        "hands": [rnd.hand(s) for s in range(rnd._n)],
        "melds": [rnd._meld_view(p) for p in rnd.players],
        "rivers": [list(p.river) for p in rnd.players],
        "riichi": [p.riichi for p in rnd.players],
        "furiten": [rnd._furiten(s) for s in range(rnd._n)],
        "nukidora": [list(p.nuki) for p in rnd.players],
        "waits": [sorted(p.waits) for p in rnd.players],
        "wall": list(rnd.wall.order),
        "draw_position": rnd._draw_pos,
        "rinshan_drawn": rnd._rinshan_drawn,
        "kans": list(rnd._kans),
        "dora_indicators": rnd.dora_indicators,
        "scores": list(rnd.scores),
        "dealer": rnd.dealer,
        "round_wind": rnd.round_wind,
        "honba": rnd.honba,
        "kyotaku": rnd.kyotaku,
        "phase": rnd._phase,
        "turn": rnd._turn,
        "drawn": rnd._drawn,
        "live_tiles_left": rnd.live_tiles_left,
        "result": rnd.result,
    }


def tile_locations(rnd: Any) -> list[int]:
    """Every tile id exactly where it is: hands, melds, rivers (not called), live wall,
    dead wall. Used by invariant checks; a correct round returns 136 distinct ids (108 in
    sanma, Norths set aside included)."""
    out: list[int] = []
    called = {m.called for q in rnd.players for m in q.melds if m.called is not None}
    for p in rnd.players:
        out += p.hand
        for m in p.melds:
            out += m.tiles
        out += [t for t in p.river if t not in called]
        out += p.nuki
    order = rnd.wall.order
    rin = rnd.wall._rin
    drawn = {rin[i] for i in range(rnd._rinshan_drawn)}
    out += [order[j] for j in range(rnd._draw_pos, len(order)) if j not in drawn]
    return out


def clone(rnd: Any) -> Any:
    """An independent copy of the round (for search: step the copy, keep the original).

    The event list is copied shallowly (events are immutable); the rules and wall are
    shared (immutable).
    """
    # the attributes as they are, then every mutable one replaced by a copy (not
    # copy.copy(rnd): that is this function, Round.__copy__)
    r = object.__new__(type(rnd))
    r.__dict__.update(rnd.__dict__)
    r.players = [copy_player(p) for p in rnd.players]
    r._seats = [p.seat for p in r.players]
    r.scores = list(rnd.scores)
    r.events = list(rnd.events)
    r._kans = list(rnd._kans)
    r._pao = dict(rnd._pao)
    r._first_discards = list(rnd._first_discards)
    r._table = seat_table(r)
    c = rnd._claim
    if c is not None:
        r._claim = Claim(
            c.kind,
            c.seat,
            c.tile,
            {k: list(v) for k, v in c.options.items()},
            dict(c.responses),
            c.riichi,
        )
    r._cache = {}
    r._cache_version = -1
    r._keys_cache = {}
    return r


def copy_player(p: Player) -> Player:
    q = Player(copy.copy(p.seat))
    q.melds = list(p.melds)
    q.river = list(p.river)
    q.nagashi = p.nagashi
    q.riichi_declared_at = p.riichi_declared_at
    q.nuki = p.nuki
    q.nuki_at = p.nuki_at
    return q
