"""The core's per-seat hand questions (``_core.SeatHand``) set beside ``Round.legal_actions``.

Builds a ``SeatHand`` per seat and a ``SeatTable`` from a round's state (public views where
there are some; the furiten flags, the kuikae kinds and the riichi state are read from the
round's private fields, read-only), and walks decision points: self-play games under given
rules, and real Tenhou games stepped through their logged actions. Shared by
tests/test_seat_core.py and benches/bench_seat.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from riichi import _core
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
        kuikae=sorted(rnd._forbidden) if turn else (),
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
        live = w[135:13:-1]
        dead = [w[1], w[0], w[3], w[2], *w[5:14:2], *w[4:13:2]]
        rnd = Round(
            rules,
            Wall.from_order(live + dead),
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


class Shadow:
    """One ``SeatHand`` per seat kept up to date by its update methods along a round (the
    way the engine would keep them): a draw, a discard, a meld, a North set aside. Flow
    flags the referee decides (riichi, ippatsu, furiten, points) are copied from the round
    after each step, as the engine would set them."""

    def __init__(self, rnd: Round) -> None:
        self.rnd = rnd
        n = rnd.rules.num_players
        # the deal: 13 tiles each; the dealer's first draw is taken by _draws
        self.hands = [
            _core.SeatHand(
                s,
                [t for t in rnd.hand(s) if t != rnd._drawn],
                None,
                [],
                red_fives=tuple(rnd.rules.red_fives),
                points=rnd.scores[s],
            )
            for s in range(n)
        ]
        self.melds: list[list[tuple[str, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.nuki = [0] * n
        self._draws()

    def _draws(self) -> None:
        for s, h in enumerate(self.hands):
            held = set(self.rnd.hand(s))
            counts = [0] * 34
            for t in held:
                counts[t >> 2] += 1
            if counts != h.counts:
                new = [t for t in held if t == self.rnd._drawn]
                assert len(new) == 1, (s, held)
                h.draw(new[0])

    def after(self, a: Any) -> None:
        """Update the hands after the round stepped the action ``a`` (a call is made when
        the claim resolves, maybe on another seat's pass: the melds are compared)."""
        rnd = self.rnd
        if isinstance(a, (Discard, Riichi)):
            self.hands[a.seat].discard(a.tile)
        for o, q in enumerate(rnd.players):
            x = self.hands[o]
            seen = self.melds[o]
            for i, m in enumerate(q.melds):
                if i < len(seen) and seen[i] == (m.kind, tuple(m.tiles)):
                    continue
                if i < len(seen):  # a pon became a kakan: the added tile
                    from_hand = sorted(set(m.tiles) - set(seen[i][1]))
                else:
                    from_hand = [t for t in m.tiles if t != m.called]
                kuikae = []
                if m.kind in ("chi", "pon"):
                    kuikae = _core.kuikae_kinds(m.core, rnd.rules.kuikae)
                    assert kuikae == sorted(rnd._forbidden), (m, kuikae, rnd._forbidden)
                x.add_meld(m.core, from_hand, kuikae)
            self.melds[o] = [(m.kind, tuple(m.tiles)) for m in q.melds]
            for t in q.nuki[self.nuki[o] :]:
                x.nukidora(t)
            self.nuki[o] = len(q.nuki)
            x.temp_furiten = q.temp_furiten
            x.riichi_furiten = q.riichi_furiten
            x.riichi = q.riichi
            x.double_riichi = q.double_riichi
            x.ippatsu = q.ippatsu
            x.points = rnd.scores[o]
        if not rnd.is_over:
            self._draws()

    def answers(self, point: Point) -> dict[int, list[tuple]]:
        table = seat_table(self.rnd)
        if point[0] == "turn":
            s = point[2]
            h = self.hands[s]
            h_kuikae = sorted(self.rnd._forbidden)
            assert not h_kuikae or h.drawn is None
            acts = h.turn_actions(table)
            return {s: acts} if acts else {}
        if point[0] == "rob":
            return dict(_core.robbed_answers(self.hands, point[2], point[3], point[4], table))
        return dict(_core.discard_answers(self.hands, point[2], point[3], table))


def shadow_selfplay(rules: Rules, games: int, seed: int) -> tuple[int, int]:
    """Self-play with a :class:`Shadow` beside each round; at every decision point its
    answers must equal the round's. Returns (points checked, rounds)."""
    rng = random.Random(seed)
    seen = rounds = 0
    for i in range(games):
        g = Game(rules, seed=seed * 7919 + i)
        shadow = None
        while not g.is_over:
            rnd = g.round
            if shadow is None or shadow.rnd is not rnd:
                shadow = Shadow(rnd)
                rounds += 1
            for point in decision_points(rnd):
                want = round_answers(point)
                got = shadow.answers(point)
                assert got == want, f"{point[0]} {point[2:]}: shadow {got} != round {want}"
                seen += 1
            seats = g.seats_to_act
            seat = seats[rng.randrange(len(seats))]
            legal = g.legal_actions(seat)
            a = legal[rng.randrange(len(legal))]
            g.step(a)
            if g.round is rnd:
                shadow.after(a)
    return seen, rounds
