"""Calls on a discard: chi, pon and daiminkan options, kuikae, and who may answer.

Each seat after the discarder is offered ron (when it waits on the tile, is not furiten
and the win has a yaku: :mod:`riichi.kyoku.win`), pon and daiminkan (two or three copies
held), chi (the discarder is its kamicha, four players only), or nothing; no call in
riichi, on the last discard (houtei) or on a discard that ends the round by suukaikan
unless won on (Tenhou), no daiminkan after four kans. One choice of ids is
offered per red count. Kuikae (:func:`kuikae_held`): a pon or chi is offered only when the
hand keeps a tile it may discard after the call.

Rules fields read: ``kuikae``, ``multiple_ron``, ``kokushi_chankan_ankan``.
Rule source: Tenhou (https://tenhou.net/man/): 喰い替えなし; RC52 (calls that would leave no
legal discard are not offered).
"""

from __future__ import annotations

from typing import Any

from riichi.actions import Action, Chi, Daiminkan, Pon
from riichi.kyoku import aborts
from riichi.kyoku.furiten import furiten
from riichi.kyoku.state import EVERYONE, PASS, RON, Claim, Player
from riichi.tiles import CHI_SHAPES, FIVES

__all__ = [
    "ankan_options",
    "call_options",
    "choices",
    "claim_actions",
    "claim_options",
    "dahai_options",
    "keeps_discard",
    "kuikae",
    "may_call",
    "priority_call",
    "ron_winners",
]


def kuikae(rules: Any, k: int, low: int | None = None) -> tuple[int, ...]:
    """The kinds a seat may not discard right after calling a tile of kind ``k``: none
    under ``Rules.kuikae == "allowed"``; ``k`` itself (genbutsu kuikae) under
    ``"same_tile"`` and ``"forbidden"``; under ``"forbidden"`` also, after a chi whose
    other two tiles are both above ``k`` (``low == k + 1``) or both below it
    (``low == k - 2``), the kind at the far end of that run (suji kuikae). ``low`` is
    the lower of the chi's two other kinds; ``None`` for a pon.

    Rule source: Tenhou (喰い替えなし: genbutsu and suji kuikae); genbutsu only: "現物のみ
    不可とするルールもある" (mj-news.net, 2019-07-24)."""
    mode = rules.kuikae
    if mode == "allowed":
        return ()
    if low is not None and mode == "forbidden":
        num = k % 9
        if low == k + 1 and num + 3 <= 8:
            return (k, k + 3)
        if low == k - 2 and num - 3 >= 0:
            return (k, k - 3)
    return (k,)


def keeps_discard(rules: Any, counts: Any, n: int, k: int, low: int | None = None) -> bool:
    """Whether a concealed hand of ``n`` tiles (``counts`` per kind) keeps a tile it may
    discard after calling a tile of kind ``k`` (a pon when ``low`` is ``None``, else the chi
    whose lower other kind is ``low``): a call that leaves only tiles :func:`kuikae`
    forbids is not offered (RC52). The same for every choice of ids of one call shape."""
    held = 0
    for x in kuikae(rules, k, low):
        held += counts[x]
    if low is None and held:
        held -= 2  # the pon takes two copies of k
    return n - 2 > held


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
    # no call on the last discard (houtei), nor on one that ends the round unless won on
    # (the discard after a fourth kan by two or more players: suukaikan)
    live = rnd._live - len(rnd._kans) - rnd._draw_pos > 0 and not aborts.suukaikan(rnd)
    players = rnd.players
    shapes = CHI_SHAPES[k]
    for o, kamicha in rnd._others[d]:
        if o not in answer:
            continue
        p = players[o]
        ron = (
            k in p.waits
            and not furiten(p)
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
    rules = rnd.rules
    ck = c[k]
    if ck >= 2:
        if keeps_discard(rules, c, n, k):  # pon
            return True
        if ck == 3 and len(rnd._kans) < 4:  # daiminkan
            return True
    if kamicha:
        for ka, kb in CHI_SHAPES[k]:
            if c[ka] and c[kb] and keeps_discard(rules, c, n, k, ka):
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
    live = rnd.live_tiles_left > 0 and not aborts.suukaikan(rnd)
    for o, kamicha in rnd._others[d]:
        p = rnd.players[o]
        acts: list[Action] = []
        if k in p.waits and not furiten(p):
            sc = rnd._win_score(o, tile, tsumo=False, from_seat=d, claim_kind=kind)
            if sc is not None:
                acts.append(RON[o])
        if kind == "dahai" and live and not p.riichi and (p.counts[k] >= 2 or kamicha):
            acts += rnd._call_options(o, d, tile)
        if acts:
            acts.append(PASS[o])
            out[o] = acts
    return out


def ankan_options(rnd: Any, s: int, tile: int) -> dict[int, list[Action]]:
    """Who may rob seat ``s``'s ankan of ``tile``'s kind: with
    ``Rules.kokushi_chankan_ankan`` a kokushi musou waiting on it (ron or pass), else
    nobody (Tenhou: an ankan may be robbed only for kokushi; MS ranked rules)."""
    if not rnd.rules.kokushi_chankan_ankan:
        return {}
    return rnd._claim_options("ankan", s, tile)  # type: ignore[no-any-return]


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
    rules = rnd.rules
    if ck >= 2:
        same = [t for t in range(4 * k, 4 * k + 4) if t in hand]  # ascending
        if keeps_discard(rules, c, n, k):
            for pair in rnd._choices(same, 2):
                acts.append(Pon(o, tile, pair))  # type: ignore[arg-type]
        if ck == 3 and len(rnd._kans) < 4:
            acts.append(Daiminkan(o, tile, tuple(same)))  # type: ignore[arg-type]
    if kamicha:
        for ka, kb in CHI_SHAPES[k]:
            if not (c[ka] and c[kb]) or not keeps_discard(rules, c, n, k, ka):
                continue
            ida = [t for t in range(4 * ka, 4 * ka + 4) if t in hand]
            idb = [t for t in range(4 * kb, 4 * kb + 4) if t in hand]
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




def ron_winners(rnd: Any, rons: list[int]) -> list[int] | None:
    """The seats that win on one discard, from the rons declared (in turn order from the
    discarder): all of them (``Rules.multiple_ron == "triple"``), at most two
    (``"double"``) or the first only (``"head_bump"``, atamahane); ``None`` when three rons
    abort the round instead (sanchahou, :func:`riichi.kyoku.aborts.sanchahou`).

    Rule source: Tenhou (double ron, triple ron aborts); RC43."""
    mode = rnd.rules.multiple_ron
    if mode == "head_bump":
        return rons[:1]
    if aborts.sanchahou(rnd, rons):
        return None
    if mode == "double":
        return rons[:2]
    return rons


def priority_call(responses: dict[int, Action]) -> Action | None:
    """The call that takes a discard nobody won on: a pon or daiminkan before a chi (a
    seat answers once, so at most one of each); ``None`` when everybody passed."""
    chi = None
    for a in responses.values():
        if isinstance(a, (Pon, Daiminkan)):
            return a
        if chi is None and isinstance(a, Chi):
            chi = a
    return chi
