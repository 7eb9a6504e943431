"""A digest of seeded self-play games: one hash per game of its whole event stream, the
actions stepped and the final result, under varied ``Rules``.

The engine's behaviour must not change when its internals do (issue 10): run this before and
after a change and compare the files (``--check FILE`` does it and names the first game that
differs). The games are played by a fixed policy over ``Game.legal_actions`` that depends only
on the offered actions, the visible hand and a seeded ``random.Random``, so any change in the
offered actions, their order, the events or the settlement changes some hash. The policy
favours wins, riichi, calls and discards that lower shanten, so that furiten, riichi, kans,
pao, abortive and exhaustive draws and multiple ron are reached, not only discards and passes.

Usage::

    python tools/selfplay_digest.py [--games 200] [--out FILE] [--check FILE] [--first N]

Output: one line per game, ``index variant seed sha256``; the variant names the ``Rules``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Callable

import riichi
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
from riichi.rules import Rules

# name -> rules; games cycle through them in this order
VARIANTS: list[tuple[str, Callable[[], Rules]]] = [
    ("tenhou", Rules.tenhou),
    ("tenhou_tonpuu", lambda: Rules.tenhou("tonpuusen")),
    ("tenhou_no_red", lambda: Rules.tenhou(red=False)),
    ("mahjong_soul", Rules.mahjong_soul),
    ("tenhou_sanma", Rules.tenhou_sanma),
    ("mahjong_soul_sanma_tonpuu", lambda: Rules.mahjong_soul_sanma("tonpuusen")),
    ("kuikae_allowed_no_kuitan", lambda: Rules(kuikae="allowed", kuitan=False)),
    (
        "strict_riichi_immediate_kan_dora",
        lambda: Rules(
            furiten_riichi=False,
            riichi_min_live_tiles=8,
            riichi_min_points=0,
            open_kan_dora="immediate",
        ),
    ),
    (
        "triple_ron_no_aborts",
        lambda: Rules(
            multiple_ron="triple",
            sanchahou=False,
            kyuushu_kyuuhai=False,
            suufon_renda=False,
            suucha_riichi=False,
            suukaikan=False,
            nagashi_mangan=False,
        ),
    ),
    (
        "head_bump_two_red_pin_kokushi_ankan",
        lambda: Rules(
            multiple_ron="head_bump", red_fives=(1, 2, 1), kokushi_chankan_ankan=True
        ),
    ),
    ("east_east_agari_renchan", lambda: Rules(length="east_east", renchan="agari", tobi=False)),
    (
        "one_round_honba_wareme",
        lambda: Rules(length="one_round", honba_points=1500, wareme=True, noten_payment=0),
    ),
]


def _shanten_after(hand: list[int], tile: int) -> int:
    """Shanten of the concealed tiles left after discarding ``tile`` (melds need no tiles:
    the counts of a 3n+1 hand say it)."""
    counts = [0] * 34
    for t in hand:
        counts[t >> 2] += 1
    counts[tile >> 2] -= 1
    return int(riichi.shanten(counts))


def _choose(g: Game, seat: int, rng: random.Random) -> object:
    acts = g.legal_actions(seat)
    wins = [a for a in acts if isinstance(a, (Tsumo, Ron))]
    if wins and rng.random() < 0.9:
        return wins[0]
    riichis = [a for a in acts if isinstance(a, Riichi)]
    if riichis and rng.random() < 0.8:
        return riichis[rng.randrange(len(riichis))]
    rare = [a for a in acts if isinstance(a, (Ankan, Kakan, Nukidora, Kyuushu))]
    if rare and rng.random() < 0.5:
        return rare[rng.randrange(len(rare))]
    calls = [a for a in acts if isinstance(a, (Chi, Pon, Daiminkan))]
    if calls and rng.random() < 0.25:
        return calls[rng.randrange(len(calls))]
    passes = [a for a in acts if isinstance(a, Pass)]
    if passes and rng.random() < 0.9:
        return passes[0]
    discards = [a for a in acts if isinstance(a, Discard)]
    if discards and rng.random() < 0.92:
        hand = g.hand(seat)
        return min(discards, key=lambda a: _shanten_after(hand, a.tile))  # type: ignore[attr-defined]
    return acts[rng.randrange(len(acts))]


def play(rules: Rules, seed: int) -> str:
    """Play one game; the sha256 of its events, the actions stepped and its result."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    h = hashlib.sha256()
    while not g.is_over:
        seats = g.seats_to_act
        seat = seats[rng.randrange(len(seats))]
        a = _choose(g, seat, rng)
        h.update(repr(a).encode())
        g.step(a)  # type: ignore[arg-type]
    for ev in g.events:
        h.update(repr(ev).encode())
        h.update(b"\n")
    h.update(repr(g.result).encode())
    h.update(repr([(r.kind, r.reason, r.deltas, r.tenpai, r.kyotaku_left) for r in g.rounds]).encode())
    return h.hexdigest()


def digest(games: int) -> list[str]:
    out = []
    for i in range(games):
        name, make = VARIANTS[i % len(VARIANTS)]
        seed = 1000 + i
        out.append(f"{i} {name} {seed} {play(make(), seed)}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--out", help="write the digest here (default: stdout)")
    ap.add_argument("--check", help="compare with this digest file; exit 1 on a difference")
    ap.add_argument("--first", type=int, default=0, help="with --check: only its first N games")
    args = ap.parse_args(argv)
    if args.check:
        want = open(args.check).read().split("\n")
        want = [w for w in want if w][: args.first or None]
        got = digest(len(want))
        for w, g in zip(want, got):
            if w != g:
                print(f"differs: want {w}\n         got  {g}")
                return 1
        print(f"{len(got)} games identical")
        return 0
    lines = digest(args.games)
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
