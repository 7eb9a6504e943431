"""What a round shows: a seat's observation, the full state for referees and tests, where
every tile is, and an independent copy of the round.

Rules fields read: none.
Rule source: none (views of the state).
"""

from __future__ import annotations

import copy
from typing import Any

from riichi.kyoku.state import TURN, Claim, Player, check_seat, seat_table

__all__ = ["clone", "copy_player", "observation", "state", "tile_locations"]


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
    r = copy.copy(rnd)
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
