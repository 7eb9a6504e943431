"""Calls on a discard: chi, pon and daiminkan options, kuikae, and who may answer.

Each seat after the discarder is offered ron (when it waits on the tile, is not furiten
and the win has a yaku: :mod:`riichi.kyoku.win`), pon and daiminkan (two or three copies
held), chi (the discarder is its kamicha, four players only), or nothing; no call in
riichi or on the last discard (houtei), no daiminkan after four kans. One choice of ids is
offered per red count. Kuikae (:func:`kuikae_held`): a pon or chi is offered only when the
hand keeps a tile it may discard after the call.

Rules fields read: ``kuikae``, ``num_players`` (through the round's seat tables).
Rule source: Tenhou (https://tenhou.net/man/): 喰い替えなし; RC52 (calls that would leave no
legal discard are not offered).
"""

from __future__ import annotations

from typing import Any

from riichi.actions import Action, Chi, Daiminkan, Pon
from riichi.kyoku.state import EVERYONE, PASS, RON, Claim, Player
from riichi.kyoku.tiles import CHI_SHAPES, FIVES

__all__ = ["call_options", "choices", "claim_actions", "claim_options", "dahai_options", "may_call"]


def dahai_options(
    rnd, d: int, tile: int, answer: frozenset[int] = EVERYONE
) -> tuple[dict[int, list[Action] | None] | None, dict[int, bool] | None]:
    """``_claim_options("dahai", d, tile)``, with the call options of each seat left to
    be built when first asked for (:meth:`_claim_actions`): a seat that may call maps to
    None, and ``lazy[seat]`` says whether it may also ron. :meth:`_may_call` decides
    without building them whether a seat has any call. ``(None, None)`` when no seat can
    answer (most discards). Seats not in ``answer`` are left out (see :meth:`_discard`)."""
    k = tile >> 2
    out: dict[int, list[Action] | None] | None = None
    lazy: dict[int, bool] | None = None
    live = rnd._live - len(rnd._kans) - rnd._draw_pos > 0
    players = rnd.players
    shapes = CHI_SHAPES[k]
    for o, kamicha in rnd._others[d]:
        if o not in answer:
            continue
        p = players[o]
        ron = (
            k in p.waits
            and not (p.temp_furiten or p.riichi_furiten or p.waits & p.river_kinds)
            and rnd._win_score(o, tile, tsumo=False, from_seat=d, claim_kind="dahai")
            is not None
        )
        if live and not p.riichi:
            c = p.counts
            callable_ = c[k] >= 2
            if not callable_ and kamicha:
                for a, b in shapes:
                    if c[a] and c[b]:
                        callable_ = True
                        break
            if callable_ and rnd._may_call(p, k, kamicha):
                if out is None:
                    out = {}
                if lazy is None:
                    lazy = {}
                out[o] = None
                lazy[o] = ron
                continue
        if ron:
            if out is None:
                out = {}
            out[o] = [RON[o], PASS[o]]
    return out, lazy


def may_call(rnd: Any, p: Player, k: int, kamicha: bool) -> bool:
    """Whether :meth:`_call_options` offers ``p`` any call on a discard of kind ``k``
    (with live tiles left and ``p`` not in riichi), without building the calls: the
    same tile and kuikae conditions on counts alone (every choice of ids of one call
    shape uses the same kinds)."""
    c = p.counts
    n = len(p.hand)
    kuikae = rnd.rules.kuikae == "forbidden"
    ck = c[k]
    if ck >= 2:
        if n - 2 > (ck - 2 if kuikae else 0):  # pon keeps a discard
            return True
        if ck == 3 and len(rnd._kans) < 4:  # daiminkan
            return True
    if kamicha and k < 27:
        num = k % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if not (0 <= num + a <= 8 and 0 <= num + b <= 8) or not (c[k + a] and c[k + b]):
                continue
            held = 0
            if kuikae:
                held = ck
                if a == 1 and num + 3 <= 8:
                    held += c[k + 3]
                if b == -1 and num - 3 >= 0:
                    held += c[k - 3]
            if n - 2 > held:
                return True
    return False


def claim_actions(rnd: Any, c: Claim, seat: int) -> list[Action]:
    """The actions of ``seat`` on claim ``c`` (built now if they were left lazy)."""
    acts = c.options.get(seat)
    if acts is None:
        if seat not in c.lazy:
            return []
        acts = [RON[seat]] if c.lazy.pop(seat) else []
        acts += rnd._call_options(seat, c.seat, c.tile)
        acts.append(PASS[seat])
        c.options[seat] = acts
    return acts


def claim_options(rnd: Any, kind: str, d: int, tile: int) -> dict[int, list[Action]]:
    k = tile >> 2
    out: dict[int, list[Action]] = {}
    live = rnd.live_tiles_left > 0
    for o, kamicha in rnd._others[d]:
        p = rnd.players[o]
        acts: list[Action] = []
        if k in p.waits and not rnd._furiten(o):
            sc = rnd._win_score(o, tile, tsumo=False, from_seat=d, claim_kind=kind)
            if sc is not None:
                acts.append(RON[o])
        if kind == "dahai" and live and not p.riichi and (p.counts[k] >= 2 or kamicha):
            acts += rnd._call_options(o, d, tile)
        if acts:
            acts.append(PASS[o])
            out[o] = acts
    return out


def call_options(rnd: Any, o: int, d: int, tile: int) -> list[Action]:
    """Pon, daiminkan and chi of seat ``o`` on the discard ``tile`` of seat ``d``: one
    action per distinct choice of ids (by red count), pons first, then the daiminkan,
    then chi by shape; a pon or chi only when the hand keeps a discard that kuikae
    allows (the same for every choice of one shape: it depends on kinds only)."""
    p = rnd.players[o]
    k = tile >> 2
    c = p.counts
    ck = c[k]
    kamicha = o == (d + 1) % 4 and k < 27 and rnd._n == 4
    acts: list[Action] = []
    if ck < 2 and not kamicha:
        return acts
    hand = p.hand
    n = len(hand)
    kuikae = rnd.rules.kuikae == "forbidden"
    if ck >= 2:
        same = [t for t in range(4 * k, 4 * k + 4) if t in hand]  # ascending
        if n - 2 > (ck - 2 if kuikae else 0):  # the pon keeps a discard
            for pair in rnd._choices(same, 2):
                acts.append(Pon(o, tile, pair))  # type: ignore[arg-type]
        if ck == 3 and len(rnd._kans) < 4:
            acts.append(Daiminkan(o, tile, tuple(same)))  # type: ignore[arg-type]
    if kamicha:
        num = k % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if not (0 <= num + a <= 8 and 0 <= num + b <= 8) or not (c[k + a] and c[k + b]):
                continue
            held = 0  # tiles kuikae forbids to discard after this chi
            if kuikae:
                held = ck
                if a == 1 and num + 3 <= 8:
                    held += c[k + 3]
                if b == -1 and num - 3 >= 0:
                    held += c[k - 3]
            if n - 2 <= held:
                continue
            ka, kb = 4 * (k + a), 4 * (k + b)
            ida = [t for t in range(ka, ka + 4) if t in hand]
            idb = [t for t in range(kb, kb + 4) if t in hand]
            for ta in rnd._choices(ida, 1):
                for tb in rnd._choices(idb, 1):
                    acts.append(Chi(o, tile, (ta[0], tb[0])))
    return acts


def choices(rnd: Any, ids: list[int], n: int) -> list[tuple[int, ...]]:
    """Distinct choices of ``n`` ids by red count (lowest ids of each colour)."""
    if (ids[0] >> 2) not in FIVES:  # no red copies: the lowest ids (ids are sorted)
        return [tuple(ids[:n])] if len(ids) >= n else []
    reds = [t for t in ids if t in rnd._reds]
    plain = [t for t in ids if t not in rnd._reds]
    out = []
    for r in range(n + 1):
        if r <= len(reds) and n - r <= len(plain):
            out.append(tuple(sorted(reds[:r] + plain[: n - r])))
    return out


