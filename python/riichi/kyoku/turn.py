"""The turn seat's actions after a draw or a call: discards, riichi, tsumo, kans, kyuushu
kyuuhai, kita (sanma nukidora).

Rules fields read: ``riichi_min_points``, ``riichi_min_live_tiles``,
``riichi_requires_tenpai`` (EMA RCR 2012 §3.4.6: riichi on a noten hand is a chombo found
at a draw, so the declaration is allowed), ``open_kan_dora``, ``closed_kan_dora``,
``riichi_ankan``
(riichi while furiten:
:mod:`riichi.kyoku.furiten`; kyuushu kyuuhai: :mod:`riichi.kyoku.aborts`).
Rule source: Tenhou (https://tenhou.net/man/); RC48 (riichi preconditions), RC45 (kyuushu
kyuuhai only on the first uninterrupted draw); an ankan in riichi only with the drawn tile
and when the waits do not change (Tenhou).
"""

from __future__ import annotations

from typing import Any

from riichi import _core_api as core
from riichi.actions import Action, Ankan, Kakan, Kyuushu, Nukidora, Riichi
from riichi.kyoku import aborts, furiten
from riichi.kyoku.furiten import riichi_allowed
from riichi.kyoku.state import DISCARD, RIICHI, TSUMO, Player
from riichi.tiles import NORTH

__all__ = [
    "can_riichi",
    "closed_kan_dora_now",
    "discard_waits",
    "distinct",
    "open_kan_dora_now",
    "riichi_ankan_ok",
    "turn_actions",
    "why_not_riichi",
    "why_not_riichi_ankan",
]


def turn_actions(rnd: Any, s: int) -> list[Action]:
    p = rnd.players[s]
    drawn = rnd._drawn
    disc = DISCARD[s]
    if drawn is None and not p.riichi:  # right after a chi or pon: discards only
        distinct = rnd._distinct(p.hand, None)
        forbidden = rnd._forbidden
        if forbidden:
            return [disc[t][False] for t in distinct if (t >> 2) not in forbidden]
        return [disc[t][False] for t in distinct]
    rules = rnd.rules
    acts: list[Action] = []
    counts = p.counts
    if (
        drawn is not None
        and (drawn >> 2) in p.waits
        and rnd._win_score(s, drawn, tsumo=True) is not None
    ):
        acts.append(TSUMO[s])
    if p.riichi:
        assert drawn is not None
        acts.append(disc[drawn][1])
    else:
        distinct = rnd._distinct(p.hand, drawn)
        forbidden = rnd._forbidden
        if forbidden:
            acts += [disc[t][t == drawn] for t in distinct if (t >> 2) not in forbidden]
        else:
            acts += [disc[t][t == drawn] for t in distinct]
        dw = rnd._discard_waits(p) if rnd._can_riichi(s) else None
        if dw or (dw is not None and not rules.riichi_requires_tenpai):
            riichi = RIICHI[s]
            for t in distinct:
                w = dw.get(t >> 2)
                if not w and rules.riichi_requires_tenpai:
                    continue
                w = w or frozenset()  # riichi without tenpai: no waits to be furiten on
                if not riichi_allowed(rules, p, t >> 2, w):
                    continue
                acts.append(riichi[t][t == drawn])
    nk = len(rnd._kans)
    if drawn is not None and nk < 4 and rnd._live - nk - rnd._draw_pos > 0:
        for k in range(34) if 4 in counts else ():
            if counts[k] == 4 and (not p.riichi or rnd._riichi_ankan_ok(s, k)):
                ids = tuple(sorted(t for t in p.hand if t >> 2 == k))
                acts.append(Ankan(s, ids))  # type: ignore[arg-type]
        if p.melds and not p.riichi:
            for m in p.melds:
                if m.kind == "pon" and counts[m.kind34] > 0:
                    t = min(t for t in p.hand if t >> 2 == m.kind34)
                    acts.append(Kakan(s, t))
    if aborts.kyuushu_kyuuhai(rnd, p):
        acts.append(Kyuushu(s))
    if (
        rnd._n == 3
        and drawn is not None
        and counts[NORTH]
        and rnd._live - nk - rnd._draw_pos > 0
        and (not p.riichi or drawn >> 2 == NORTH)
    ):
        north = drawn if drawn >> 2 == NORTH else min(t for t in p.hand if t >> 2 == NORTH)
        acts.append(Nukidora(s, north))
    return acts


def distinct(rnd: Any, hand: list[int], drawn: int | None) -> list[int]:
    """One id per (kind, red) in the hand, plus the drawn id itself (tsumogiri)."""
    cls = rnd._cls
    # Each class is a run of consecutive ids (the red copy of a five comes first), so in
    # ascending order the first id of each new class is its lowest.
    out = []
    prev = -1
    for t in sorted(hand):
        if t != drawn:
            c = cls[t]
            if c != prev:
                prev = c
                out.append(t)
    if drawn is not None:
        out.append(drawn)
    return out


def can_riichi(rnd: Any, s: int) -> bool:
    """Riichi preconditions before the hand itself: closed, points, live tiles."""
    p = rnd.players[s]
    rules = rnd.rules
    if p.riichi or rnd._drawn is None:
        return False
    if p.opened:
        return False
    if rnd.scores[s] < rules.riichi_min_points:
        return False
    return rnd._live - len(rnd._kans) - rnd._draw_pos >= rules.riichi_min_live_tiles


def discard_waits(rnd: Any, p: Player) -> dict[int, frozenset[int]]:
    """Discarded kind -> waits left, for ``p``'s 3n+2 hand (computed once per hand)."""
    dw = p.dw
    if dw is None:
        dw = p.dw = core.discard_waits(p.counts, p.cores, p.mkey, p.mcounts)
    return dw


def riichi_ankan_ok(rnd: Any, s: int, k: int) -> bool:
    """Ankan in riichi (``Rules.riichi_ankan``): none under ``"forbidden"``; else only with
    the drawn tile and the waits unchanged (``"same_waits"``, Tenhou), and under
    ``"same_reading"`` the kind a triplet in every reading of the hand on every wait."""
    p = rnd.players[s]
    rule = rnd.rules.riichi_ankan
    if rule == "forbidden" or rnd._drawn is None or rnd._drawn >> 2 != k:
        return False
    if rule == "same_reading" and not _triplet_in_every_reading(p.counts, k, p.waits):
        return False
    counts = list(p.counts)
    counts[k] -= 4
    ids = [t for t in p.hand if t >> 2 == k]
    m = rnd._new_meld("ankan", ids, None, s)
    melds = [x.core for x in p.melds] + [m.core]
    key = p.mkey + bytes([k, 4])
    mc = bytearray(p.mcounts)
    mc[k] += 4
    return core.waits(counts, melds, key, bytes(mc)) == p.waits


def why_not_riichi(rnd: Any, a: Riichi) -> str:
    """The first riichi precondition that fails (after the generic discard checks)."""
    p = rnd.players[a.seat]
    rules = rnd.rules
    if p.melds and any(m.kind != "ankan" for m in p.melds):
        return "riichi needs a closed hand (only ankan allowed)"
    if rnd.scores[a.seat] < rules.riichi_min_points:
        return (
            f"riichi needs {rules.riichi_min_points} points; "
            f"seat {a.seat} has {rnd.scores[a.seat]}"
        )
    live = rnd._live - len(rnd._kans) - rnd._draw_pos
    if live < rules.riichi_min_live_tiles:
        return f"riichi needs {rules.riichi_min_live_tiles} live tiles left; {live} are left"
    waits = rnd._discard_waits(p).get(a.tile >> 2)
    if not waits and rules.riichi_requires_tenpai:
        return "the hand is not tenpai after that discard"
    refused = furiten.riichi_refused(rules)
    if refused:
        return refused
    return "riichi is not possible now"


def closed_kan_dora_now(rules: Any) -> bool:
    """Whether an ankan's kan dora is revealed as soon as the kan stands
    (``Rules.closed_kan_dora == "immediate"``: Tenhou, MS) or with the replacement discard
    (or the next kan; ``"after_discard"``), as an open kan's is by default."""
    return rules.closed_kan_dora == "immediate"


def why_not_riichi_ankan(rnd: Any, a: Ankan) -> str:
    """Why the ankan ``a`` of a seat in riichi is refused, by ``Rules.riichi_ankan``."""
    rule = rnd.rules.riichi_ankan
    if rule == "forbidden":
        return "no ankan in riichi under Rules.riichi_ankan='forbidden'"
    drawn = rnd._drawn
    if drawn is None or any(t >> 2 != drawn >> 2 for t in a.consumed):
        return "in riichi an ankan must be of the tile just drawn"
    if rule == "same_reading":
        return (
            "in riichi an ankan must keep the waits and be a triplet in every reading "
            "of the hand (Rules.riichi_ankan='same_reading')"
        )
    return "in riichi an ankan must keep the waits (Rules.riichi_ankan='same_waits')"


def open_kan_dora_now(rules: Any) -> bool:
    """Whether the kan dora of a daiminkan or kakan is revealed as soon as the kan stands
    (``Rules.open_kan_dora == "immediate"``, MS) or only after the rinshan discard (or the
    next kan; ``"after_discard"``, Tenhou). An ankan's is always revealed at once."""
    return rules.open_kan_dora == "immediate"


def _triplet_in_every_reading(counts: Any, k: int, waits: Any) -> bool:
    """Whether kind ``k`` is a triplet in every regular reading of the hand before the
    draw (``counts`` holds the drawn fourth copy) completed by each of ``waits``."""
    before = list(counts)
    before[k] -= 1
    for w in waits:
        before[w] += 1
        split = _reading_without_triplet(before, k, 0, False)
        before[w] -= 1
        if split:
            return False
    return True


def _reading_without_triplet(c: list[int], k: int, i: int, pair: bool) -> bool:
    """Whether the concealed counts ``c`` (from kind ``i`` on) read as sets and one pair
    with no triplet of kind ``k``."""
    while i < 34 and not c[i]:
        i += 1
    if i == 34:
        return pair
    found = False
    if c[i] >= 3 and i != k:
        c[i] -= 3
        found = _reading_without_triplet(c, k, i, pair)
        c[i] += 3
    if not found and not pair and c[i] >= 2:
        c[i] -= 2
        found = _reading_without_triplet(c, k, i, True)
        c[i] += 2
    if not found and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        found = _reading_without_triplet(c, k, i, pair)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return found
