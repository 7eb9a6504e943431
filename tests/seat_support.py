"""The core's per-seat hand questions (``_core.SeatHand``), which the round asks, set beside
a slow reference written here in Python.

The reference (:func:`reference_answers`) spells out the rules of the turn's actions and of
the answers to a discard or a robbed tile from the round's tiles alone (hands, melds,
rivers, the wall's counters; the riichi and furiten flags, which the flow sets, are read from
the round): the engine's Python arithmetic before the core took it over, with the calls by
their definition (every distinct choice of ids, kept when the hand then still has a discard
kuikae allows). :func:`core_answers` asks fresh ``SeatHand`` objects built from the round's
state, :func:`round_answers` the round itself (its own hands, kept by their updates since
the deal). Decision points come from self-play games under given rules and from real Tenhou
games stepped through their logged actions. Shared by tests/test_seat_core.py and
benches/bench_seat.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from riichi import _core
from riichi import _core_api as core
from riichi.actions import (
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
from riichi.game import Game
from riichi.round import Round
from riichi.rules import Rules
from riichi.wall import Wall


def action_tuple(a: Any) -> tuple:
    """A ``riichi.actions`` action as the core's tuple (``_core.SeatHand`` docstring)."""
    if isinstance(a, Discard):
        return ("discard", a.tile, a.tsumogiri)
    if isinstance(a, Riichi):
        return ("riichi", a.tile, a.tsumogiri)
    if isinstance(a, Tsumo):
        return ("tsumo",)
    if isinstance(a, Ankan):
        return ("ankan", tuple(a.consumed))
    if isinstance(a, Kakan):
        return ("kakan", a.tile)
    if isinstance(a, Kyuushu):
        return ("kyuushu",)
    if isinstance(a, Nukidora):
        return ("nukidora", a.tile)
    if isinstance(a, Ron):
        return ("ron",)
    if isinstance(a, (Pon, Chi, Daiminkan)):
        name = {Pon: "pon", Chi: "chi", Daiminkan: "daiminkan"}[type(a)]
        return (name, a.tile, tuple(a.consumed))
    if isinstance(a, Pass):
        return ("pass",)
    raise AssertionError(f"unexpected action {a!r}")


def seat_table(rnd: Round) -> Any:
    """The ``SeatTable`` of the round as it stands."""
    return _core.SeatTable(
        rnd.rules,
        live_left=rnd.live_tiles_left,
        kans=len(rnd._kans),
        kan_seats=len(set(rnd._kans)),
        uninterrupted=rnd._uninterrupted,
        rinshan=rnd._rinshan,
        dealer=rnd.dealer,
        round_wind=rnd.round_wind,
        dora_indicators=[t >> 2 for t in rnd.dora_indicators],
        honba=rnd.honba,
    )


def seat_hand(rnd: Round, s: int) -> Any:
    """The ``SeatHand`` of seat ``s`` as the round stands."""
    p = rnd.players[s]
    turn = rnd.phase == "turn" and rnd.current_seat == s
    return _core.SeatHand(
        s,
        rnd.hand(s),
        rnd._drawn if turn else None,
        [m.core for m in p.melds],
        red_fives=tuple(rnd.rules.red_fives),
        river_kinds=sorted(p.river_kinds),
        temp_furiten=p.temp_furiten,
        riichi_furiten=p.riichi_furiten,
        riichi=p.riichi,
        double_riichi=p.double_riichi,
        ippatsu=p.ippatsu,
        discards_made=p.discards_made,
        nukidora=len(p.nuki),
        points=rnd.scores[s],
        kuikae=p.seat.kuikae if turn else (),
    )


# A decision point: ("turn", round, seat), ("discard", round, discarder, tile) or ("rob",
# round, actor, tile, "kakan" | "ankan" | "nukidora"), the round untouched until the
# callback returns.
Point = tuple


def decision_points(rnd: Round) -> Iterator[Point]:
    """The decision point the round is at: the turn seat's actions, or every seat's answers
    to a discard or a robbable kan or kita tile just offered (no answer given yet)."""
    if rnd.phase == "turn":
        yield ("turn", rnd, rnd.current_seat)
    elif rnd.phase == "claim":
        c = rnd._claim
        if c is not None and not c.responses:
            if c.kind == "dahai":
                yield ("discard", rnd, c.seat, c.tile)
            else:  # a kakan, an ankan (kokushi only) or a kita: ron or pass
                yield ("rob", rnd, c.seat, c.tile, c.kind)


def core_answers(point: Point) -> dict[int, list[tuple]]:
    """The core's answers at a decision point: seat -> its action tuples."""
    rnd = point[1]
    table = seat_table(rnd)
    if point[0] == "turn":
        s = point[2]
        return {s: seat_hand(rnd, s).turn_actions(table)}
    hands = [seat_hand(rnd, s) for s in range(rnd.rules.num_players)]
    if point[0] == "rob":
        return dict(_core.robbed_answers(hands, point[2], point[3], point[4], table))
    return dict(_core.discard_answers(hands, point[2], point[3], table))


def round_answers(point: Point) -> dict[int, list[tuple]]:
    """``Round.legal_actions`` at the same point, as tuples (seats with none left out)."""
    rnd = point[1]
    seats = [point[2]] if point[0] == "turn" else range(rnd.rules.num_players)
    out = {}
    for s in seats:
        acts = rnd.legal_actions(s)
        if acts:
            out[s] = [action_tuple(a) for a in acts]
    return out


def selfplay_points(
    rules: Rules, games: int, seed: int, visit: Callable[[Point], None], max_rounds: int = 0
) -> int:
    """Play ``games`` seeded games choosing uniformly among the legal actions, calling
    ``visit`` at every decision point; returns how many were visited."""
    rng = random.Random(seed)
    seen = 0
    for i in range(games):
        g = Game(rules, seed=seed * 7919 + i)
        rounds = 0
        last = None
        while not g.is_over:
            rnd = g.round
            if rnd is not last:
                rounds += 1
                last = rnd
                if max_rounds and rounds > max_rounds:
                    break
            for point in decision_points(rnd):
                visit(point)
                seen += 1
            seats = g.seats_to_act
            seat = seats[rng.randrange(len(seats))]
            legal = g.legal_actions(seat)
            g.step(legal[rng.randrange(len(legal))])
    return seen


_PLAYER_EVENTS = frozenset(
    ("dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "hora", "ryukyoku")
)


def log_points(path: Path, visit: Callable[[Point], None]) -> int:
    """Step every round of a real four-player Tenhou game (mjlog, walls from its seed)
    through the logged actions, calling ``visit`` at every decision point."""
    from riichi.logs import parse_log, tenhou_walls
    from riichi.replay import rules_from_log

    log = parse_log(path.read_bytes(), str(path))
    rules = rules_from_log(log)
    events = log.events
    starts = [i for i, e in enumerate(events) if e.type == "start_kyoku"]
    walls = [w for _, (w, _d) in zip(starts, tenhou_walls(log.start.seed))]
    seen = 0
    for w, i0 in zip(walls, starts):
        sk = events[i0]
        rnd = Round(
            rules,
            Wall.from_tenhou(w),
            scores=sk.scores,
            dealer=sk.oya,
            round_wind=sk.bakaze - 27,
            honba=sk.honba,
            kyotaku=sk.kyotaku,
        )
        reach: set[int] = set()
        for ev in events[i0 + 1 :]:
            t = ev.type
            if t in ("end_kyoku", "start_kyoku", "end_game"):
                break
            if t not in _PLAYER_EVENTS:
                continue
            for point in decision_points(rnd):
                visit(point)
                seen += 1
            is_claim = t in ("chi", "pon", "daiminkan") or (t == "hora" and ev.target != ev.actor)
            while rnd.phase == "claim" and not (is_claim and ev.actor in rnd.seats_to_act):
                for s in list(rnd.seats_to_act):
                    rnd.step(Pass(s))
                for point in decision_points(rnd):
                    visit(point)
                    seen += 1
            if rnd.is_over:
                break
            if t == "reach":
                reach.add(ev.actor)
                continue
            if t == "ryukyoku" and getattr(ev, "reason", "") != "kyuushu_kyuuhai":
                break
            actor = getattr(ev, "actor", rnd.current_seat)  # a kyuushu ryukyoku has none
            riichi = t == "dahai" and actor in reach
            reach.discard(actor)
            rnd.step(rnd.match_event(ev, riichi=riichi))
    return seen


# ---------------------------------------------------------------------- the reference
_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_NORTH = 30


def _counts(ids: list[int]) -> list[int]:
    c = [0] * 34
    for t in ids:
        c[t >> 2] += 1
    return c


def _waits(counts: list[int], rnd: Round, s: int) -> frozenset[int]:
    """Waits of a 3n+1 concealed hand with seat ``s``'s melds."""
    return core.waits(counts, [m.core for m in rnd.players[s].melds])


def _choices(rnd: Round, ids: list[int], n: int) -> list[tuple[int, ...]]:
    """Distinct choices of ``n`` of the (ascending) ``ids`` by red count, fewer reds first,
    each the lowest ids of its colours."""
    reds = [t for t in ids if t in rnd._reds]
    plain = [t for t in ids if t not in rnd._reds]
    out = []
    for r in range(n + 1):
        if r <= len(reds) and n - r <= len(plain):
            out.append(tuple(sorted(reds[:r] + plain[: n - r])))
    return out


def _kuikae(rnd: Round, k: int, low: int | None) -> set[int]:
    """Kinds that may not be discarded right after calling kind ``k`` (``low``: the lower
    other kind of a chi, None for a pon): Tenhou's genbutsu and suji kuikae
    (``"forbidden"``), the called kind only (``"same_tile"``) or none (``"allowed"``)."""
    if rnd.rules.kuikae == "allowed":
        return set()
    out = {k}
    if low is not None and rnd.rules.kuikae == "forbidden":
        n = k % 9
        if low == k + 1 and n + 3 <= 8:
            out.add(k + 3)
        if low == k - 2 and n - 3 >= 0:
            out.add(k - 3)
    return out


def _split_reading(counts: list[int], k: int, waits: frozenset[int]) -> bool:
    """Whether the hand before the draw (``counts`` holds the drawn fourth ``k``) completed
    by one of ``waits`` reads as sets and a pair without a triplet of ``k``."""

    def split(c: list[int], i: int, pair: bool) -> bool:
        while i < 34 and not c[i]:
            i += 1
        if i == 34:
            return pair
        for take, is_pair in ((3, False), (2, True)):
            if c[i] >= take and ((is_pair and not pair) or (not is_pair and i != k)):
                c[i] -= take
                found = split(c, i, pair or is_pair)
                c[i] += take
                if found:
                    return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for j in (i, i + 1, i + 2):
                c[j] -= 1
            found = split(c, i, pair)
            for j in (i, i + 1, i + 2):
                c[j] += 1
            return found
        return False

    before = list(counts)
    before[k] -= 1
    for w in waits:
        before[w] += 1
        found = split(before, 0, False)
        before[w] -= 1
        if found:
            return True
    return False


def _furiten(rnd: Round, o: int, waits: frozenset[int]) -> bool:
    p = rnd.players[o]
    river = {t >> 2 for t in p.river}
    return bool(p.temp_furiten or p.riichi_furiten or waits & river)


def _calls(rnd: Round, o: int, d: int, tile: int) -> list[tuple]:
    """Pon, daiminkan and chi of seat ``o`` on ``tile`` by their definition."""
    hand = rnd.hand(o)
    k = tile >> 2
    counts = _counts(hand)

    def keeps(used: tuple[int, ...], forbid: set[int]) -> bool:
        held = sum(counts[f] for f in forbid) - sum(1 for t in used if (t >> 2) in forbid)
        return len(hand) - len(used) > held

    acts: list[tuple] = []
    same = [t for t in hand if t >> 2 == k]
    if len(same) >= 2:
        acts += [("pon", tile, pair) for pair in _choices(rnd, same, 2)
                 if keeps(pair, _kuikae(rnd, k, None))]  # fmt: skip
    if len(same) == 3 and len(rnd._kans) < 4:
        acts.append(("daiminkan", tile, tuple(same)))
    n4 = rnd.rules.num_players == 4
    if n4 and o == (d + 1) % 4 and k < 27:
        n = k % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if not (0 <= n + a <= 8 and 0 <= n + b <= 8):
                continue
            ida = [t for t in hand if t >> 2 == k + a]
            idb = [t for t in hand if t >> 2 == k + b]
            for (ta,) in _choices(rnd, ida, 1) if ida and idb else ():
                for (tb,) in _choices(rnd, idb, 1):
                    if keeps((ta, tb), _kuikae(rnd, k, k + a)):
                        acts.append(("chi", tile, (ta, tb)))
    return acts


def reference_turn(rnd: Round, s: int) -> list[tuple]:
    """The turn seat's actions by the rules, in the round's order."""
    p = rnd.players[s]
    rules = rnd.rules
    hand = rnd.hand(s)
    counts = _counts(hand)
    drawn = rnd._drawn
    river = {t >> 2 for t in p.river}
    forbid: set[int] = set()
    if drawn is None and not p.riichi and p.melds:  # right after a chi or pon
        last = p.melds[-1]
        k = last.called >> 2
        others = sorted(t >> 2 for t in last.tiles if t != last.called)
        forbid = _kuikae(rnd, k, others[0] if last.kind == "chi" else None)

    def distinct() -> list[int]:
        out, prev = [], -1
        for t in hand:
            if t != drawn and rnd._cls[t] != prev:
                prev = rnd._cls[t]
                out.append(t)
        return out + ([drawn] if drawn is not None else [])

    if drawn is None and not p.riichi:
        return [("discard", t, False) for t in distinct() if (t >> 2) not in forbid]
    acts: list[tuple] = []
    before = list(counts)
    if drawn is not None:
        before[drawn >> 2] -= 1
    waits = _waits(before, rnd, s)
    if (
        drawn is not None
        and (drawn >> 2) in waits
        and rnd._win_score(s, drawn, tsumo=True) is not None
    ):
        acts.append(("tsumo",))
    live = rnd.live_tiles_left
    if p.riichi:
        acts.append(("discard", drawn, True))
    else:
        ds = distinct()
        acts += [("discard", t, t == drawn) for t in ds if (t >> 2) not in forbid]
        closed = all(m.kind == "ankan" for m in p.melds)
        if (
            drawn is not None
            and closed
            and rnd.scores[s] >= rules.riichi_min_points
            and live >= rules.riichi_min_live_tiles
        ):
            dw = core.discard_waits(counts, [m.core for m in p.melds])
            for t in ds:
                w = dw.get(t >> 2)
                if not w and rules.riichi_requires_tenpai:
                    continue
                w = w or frozenset()  # riichi without tenpai: no waits to be furiten on
                if rules.furiten_riichi or not ((t >> 2) in w or w & river):
                    acts.append(("riichi", t, t == drawn))
    if drawn is not None and len(rnd._kans) < 4 and live > 0:
        for k in range(34):
            if counts[k] != 4:
                continue
            if p.riichi:  # only the drawn kind, and the waits stay (Rules.riichi_ankan)
                if drawn >> 2 != k or rules.riichi_ankan == "forbidden":
                    continue
                after = list(counts)
                after[k] = 0
                ankan = core.make_meld("ankan", [4 * k + i for i in range(4)], None, 0, rnd._reds)
                if core.waits(after, [*(m.core for m in p.melds), ankan]) != waits:
                    continue
                if rules.riichi_ankan == "same_reading" and _split_reading(counts, k, waits):
                    continue
            acts.append(("ankan", tuple(t for t in hand if t >> 2 == k)))
        if not p.riichi:
            for m in p.melds:
                if m.kind == "pon" and counts[m.kind34]:
                    acts.append(("kakan", min(t for t in hand if t >> 2 == m.kind34)))
    if (
        len(p.river) == 0
        and rnd._uninterrupted
        and drawn is not None
        and rules.kyuushu_kyuuhai
        and sum(1 for k in _YAOCHUU if counts[k]) >= 9
    ):
        acts.append(("kyuushu",))
    if (
        rules.num_players == 3
        and drawn is not None
        and counts[_NORTH]
        and live > 0
        and (not p.riichi or drawn >> 2 == _NORTH)
    ):
        north = drawn if drawn >> 2 == _NORTH else min(t for t in hand if t >> 2 == _NORTH)
        acts.append(("nukidora", north))
    return acts


def reference_claims(rnd: Round, d: int, tile: int, kind: str) -> dict[int, list[tuple]]:
    """Every other seat's answers to seat ``d``'s ``kind`` ("dahai", "kakan", "ankan" or
    "nukidora") of ``tile``, by the rules."""
    rules = rnd.rules
    n = rules.num_players
    kans = rnd._kans
    suukaikan = rules.suukaikan and len(kans) == 4 and len(set(kans)) > 1
    out: dict[int, list[tuple]] = {}
    if kind == "ankan" and not rules.kokushi_chankan_ankan:
        return out
    for i in range(1, n):
        o = (d + i) % n
        p = rnd.players[o]
        waits = _waits(_counts(rnd.hand(o)), rnd, o)
        acts: list[tuple] = []
        if (
            (tile >> 2) in waits
            and not _furiten(rnd, o, waits)
            and rnd._win_score(o, tile, tsumo=False, from_seat=d, claim_kind=kind) is not None
        ):
            acts.append(("ron",))
        if kind == "dahai" and rnd.live_tiles_left > 0 and not suukaikan and not p.riichi:
            acts += _calls(rnd, o, d, tile)
        if acts:
            out[o] = [*acts, ("pass",)]
    return out


def reference_answers(point: Point) -> dict[int, list[tuple]]:
    """The reference's answers at a decision point: seat -> its action tuples."""
    rnd = point[1]
    if point[0] == "turn":
        s = point[2]
        acts = reference_turn(rnd, s)
        return {s: acts} if acts else {}
    if point[0] == "rob":
        return reference_claims(rnd, point[2], point[3], point[4])
    return reference_claims(rnd, point[2], point[3], "dahai")
