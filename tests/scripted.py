"""Scripted walls: build a wall whose deal and draws are exactly the tiles a test names."""

from __future__ import annotations

import re

from riichi.wall import LIVE_TILES, Wall

_SUIT = {"m": 0, "p": 9, "s": 18, "z": 27}

#: A closed 13-tile tenpai hand (shanpon on 1z/5z) for draw and renchan tests.
TENPAI_13 = "123m456p789s11z55z"


def tiles(text: str) -> list[tuple[int, bool]]:
    """mpsz text -> [(kind, red)] in order written."""
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text.replace(" ", "")):
        for d in digits:
            n = int(d)
            out.append((_SUIT[suit] + (4 if n == 0 else n - 1), n == 0))
    return out


class _Pool:
    def __init__(self, red_fives=(1, 1, 1)):
        self.free = set(range(136))
        self.red = {16: red_fives[0], 52: red_fives[1], 88: red_fives[2]}

    def take(self, kind: int, red: bool) -> int:
        base = kind * 4
        nred = self.red.get(base, 0)
        copies = range(nred) if red else range(nred if nred else 0, 4)
        for c in copies:
            if base + c in self.free:
                self.free.remove(base + c)
                return base + c
        raise ValueError(f"no {'red ' if red else ''}copy of kind {kind} left")

    def take_text(self, text: str) -> list[int]:
        return [self.take(k, r) for k, r in tiles(text)]


def scripted_wall(
    hands: list[str],
    draws: str = "",
    *,
    dealer: int = 0,
    dora: str = "",
    rinshan: str = "",
    ura: str = "",
    live: int | None = None,
    red_fives=(1, 1, 1),
) -> Wall:
    """A wall dealing ``hands[seat]`` (13 tiles each) and then drawing ``draws`` in order.

    ``dora`` / ``ura`` / ``rinshan`` fill the dead wall's positions from the first; the rest
    of the wall is filled with the unused tiles in id order (honors last, to keep draws
    unremarkable), so a test controls exactly the tiles it names. ``live`` (optional)
    places the ``draws`` so that they are the last ``len(draws)`` tiles of the live wall
    when ``live`` counts tiles left after them.
    """
    pool = _Pool(red_fives)
    hand_ids = [pool.take_text(h) for h in hands]
    draw_ids = pool.take_text(draws)
    named_dead = (pool.take_text(rinshan), pool.take_text(dora), pool.take_text(ura))
    for s, h in enumerate(hand_ids):
        _fill(pool, h)
        if len(h) != 13:
            raise ValueError(f"hand of seat {s} has {len(h)} tiles")
    dead = [None] * 14
    for base, ids in zip((0, 4, 9), named_dead):
        for i, t in enumerate(ids):
            dead[base + i] = t
    order: list[int] = []
    for rnd in range(3):
        for i in range(4):
            order += hand_ids[(dealer + i) % 4][rnd * 4 : rnd * 4 + 4]
    for i in range(4):
        order.append(hand_ids[(dealer + i) % 4][12])
    # filler: terminals-free, spread out so they do not make accidental wins
    filler = sorted(pool.free, key=lambda t: (t >> 2 >= 27, (t & 3), t))
    n_fill_before = 0 if live is None else LIVE_TILES - 52 - len(draw_ids) - live
    order += filler[:n_fill_before]
    filler = filler[n_fill_before:]
    order += draw_ids
    need_live = LIVE_TILES - len(order)
    order += filler[:need_live]
    filler = filler[need_live:]
    for i in range(14):
        if dead[i] is None:
            dead[i] = filler.pop(0)
    order += dead
    return Wall.from_order(order)


_FILL_ORDER = [27, 28, 29, 30, 31, 32, 33, 4, 13, 22, 1, 7, 10, 16, 19, 25, 0, 8, 9, 17, 18, 26]


def _fill(pool: _Pool, hand: list[int]) -> None:
    """Complete a hand to 13 tiles with isolated tiles: no pair, no run shape, no 4th kind."""
    kinds = {t >> 2 for t in hand}
    for strict in (2, 1, 0):
        _fill_pass(pool, hand, kinds, strict)


def _fill_pass(pool: _Pool, hand: list[int], kinds: set[int], reach: int) -> None:
    for k in _FILL_ORDER + [k for k in range(34) if k not in _FILL_ORDER]:
        if len(hand) >= 13:
            return
        if k in kinds:
            continue
        if k < 27 and any(j in kinds for j in range(k - reach, k + reach + 1) if j // 9 == k // 9):
            continue
        if not any(k * 4 + c in pool.free for c in range(4)):
            continue
        try:
            hand.append(pool.take(k, False))
        except ValueError:
            continue
        kinds.add(k)


# ---------------------------------------------------------------------- driving a round
def kind_of(text: str) -> tuple[int, bool]:
    ((k, red),) = tiles(text)
    return k, red


def find(actions, cls, text: str | None = None, **kw):
    """The first action of type ``cls`` (matching tile text / fields) among ``actions``."""
    for a in actions:
        if not isinstance(a, cls):
            continue
        if text is not None:
            k, red = kind_of(text)
            t = getattr(a, "tile", None)
            if t is None or t >> 2 != k or ((t >> 2) in (4, 13, 22) and (t & 3 == 0) != red):
                continue
        if all(getattr(a, f) == v for f, v in kw.items()):
            return a
    return None


def draw_out(g):
    """Tsumogiri (passing every claim) until the current round of Game ``g`` ends."""
    from riichi.actions import Discard, Pass

    rnd = g.round
    while not rnd.is_over:
        if rnd.phase == "claim":
            for s in list(rnd.seats_to_act):
                g.step(Pass(s))
            continue
        s = rnd.current_seat
        g.step(Discard(s, rnd.state["drawn"], True))


def pass_all(r, except_seats=()):
    """Answer every pending claim with Pass (except the given seats)."""
    from riichi.actions import Pass

    while r.phase == "claim":
        seats = [s for s in r.seats_to_act if s not in except_seats]
        if not seats:
            return
        for s in seats:
            r.step(Pass(s))


def discard(r, seat: int, text: str, *, riichi: bool = False, auto_pass: bool = True):
    """Discard the tile ``text`` from ``seat`` (tsumogiri if it is the drawn one)."""
    from riichi.actions import Discard, Riichi

    cls = Riichi if riichi else Discard
    acts = r.legal_actions(seat)
    drawn = r.state["drawn"]
    k, _red = kind_of(text)
    pick = None
    for a in acts:
        ok = isinstance(a, cls) and a.tile >> 2 == k and find([a], cls, text)
        if ok and (pick is None or a.tile == drawn):
            pick = a
    if pick is None:
        raise AssertionError(f"no {cls.__name__} of {text} for seat {seat}: {acts}")
    r.step(pick)
    if auto_pass:
        pass_all(r)
    return pick


def tsumogiri(r, seat: int, auto_pass: bool = True):
    from riichi.actions import Discard

    t = r.state["drawn"]
    r.step(Discard(seat, t, True))
    if auto_pass:
        pass_all(r)


def take(r, seat: int, cls, auto_pass: bool = True, **kw):
    """Step the first legal action of type ``cls`` for ``seat`` (then pass the other claims)."""
    acts = [a for a in r.legal_actions(seat) if isinstance(a, cls)]
    acts = [a for a in acts if all(getattr(a, f) == v for f, v in kw.items())]
    if not acts:
        raise AssertionError(f"no {cls.__name__} for seat {seat}: {r.legal_actions(seat)}")
    r.step(acts[0])
    if auto_pass:
        pass_all(r)
    return acts[0]


def play_until(r, seat: int, left: int | None = None):
    """Tsumogiri every turn (passing claims) until it is ``seat``'s turn (with ``left`` live
    tiles after its draw, if given)."""
    while not r.is_over:
        pass_all(r)
        if r.current_seat == seat and (left is None or r.live_tiles_left == left):
            return
        tsumogiri(r, r.current_seat)
    raise AssertionError("the round ended first")
