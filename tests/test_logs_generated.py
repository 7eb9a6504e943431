"""Writer -> reader round trips on generated games (Hypothesis drives a small random referee:
draws, tsumogiri or hand discards, red fives, pon whenever possible, riichi, tsumo wins and
exhaustive draws). tenhou.net/6 and mjai must both give back the identical events."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.events import (
    CalledMeld,
    Dahai,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tile,
    Tsumo,
)
from riichi.logs import read_mjai, read_tenhou6, to_mjai_lines, to_tenhou6


def _round(rng: random.Random, index: int, scores: list[int], out: list[Event]) -> None:
    wall = [Tile.from_tenhou_id(i) for i in range(136)]
    rng.shuffle(wall)
    dead, live = wall[:14], wall[14:]
    hands = [sorted(live[13 * p : 13 * p + 13]) for p in range(4)]
    live = live[52:]
    oya = index % 4
    out.append(
        StartKyoku(
            bakaze=27 + index // 4, kyoku=index % 4 + 1, honba=0, kyotaku=0, oya=oya,
            scores=tuple(scores), dora_marker=dead[4], tehais=tuple(tuple(h) for h in hands),
        )
    )  # fmt: skip
    riichi = [False] * 4
    melds: list[list[CalledMeld]] = [[] for _ in range(4)]
    actor, draw = oya, True
    win_at = rng.randrange(20, 90) if rng.random() < 0.5 else None
    steps = 0
    while True:
        drawn = None
        if draw:
            if not live:
                out.append(
                    Ryukyoku("exhaustive", (False,) * 4, (None,) * 4, (0,) * 4, tuple(scores))
                )
                break
            drawn = live.pop()
            hands[actor].append(drawn)
            out.append(Tsumo(actor, drawn))
            steps += 1
            if win_at is not None and steps >= win_at:  # a tsumo win (the hand is not checked)
                n_pay = 300 if actor != oya else 500
                deltas = [
                    -(n_pay if actor == oya else (500 if p == oya else 300)) for p in range(4)
                ]
                deltas[actor] = -sum(d for p, d in enumerate(deltas) if p != actor)
                points = deltas[actor]
                scores[:] = [s + d for s, d in zip(scores, deltas)]
                out.append(
                    Hora(
                        actor, actor, drawn, tuple(sorted(hands[actor])), tuple(melds[actor]),
                        30, 1, (("menzen_tsumo", 1),), points, 0, (dead[4],),
                        (dead[5],) if riichi[actor] else (), None, tuple(deltas), tuple(scores),
                    )
                )  # fmt: skip
                break
        if riichi[actor] and drawn is not None:
            tile = drawn
        else:
            tile = rng.choice(hands[actor])
        # riichi needs 4 tiles left in the wall (so the stick is always put down here)
        declare = not riichi[actor] and not melds[actor] and len(live) >= 4 and rng.random() < 0.05
        if declare:
            out.append(Reach(actor))
        hands[actor].remove(tile)
        # the drawn tile itself, or another copy of the same tile from the hand (tedashi)
        out.append(Dahai(actor, tile, drawn is not None and tile == drawn and rng.random() < 0.8))
        caller = next(
            (
                p
                for p in range(4)
                if p != actor
                and not riichi[p]
                and sum(t.kind == tile.kind for t in hands[p]) >= 2
                and rng.random() < 0.7
            ),
            None,
        )
        if declare:
            riichi[actor] = True
            scores[actor] -= 1000
            out.append(
                ReachAccepted(
                    actor, tuple(-1000 if i == actor else 0 for i in range(4)), tuple(scores)
                )
            )
        if caller is not None:
            own = sorted(t for t in hands[caller] if t.kind == tile.kind)[:2]
            for t in own:
                hands[caller].remove(t)
            out.append(Pon(caller, actor, tile, tuple(own)))
            melds[caller].append(CalledMeld("pon", tuple(sorted((tile, *own)))))
            actor, draw = caller, False
        else:
            actor, draw = (actor + 1) % 4, True
    out.append(EndKyoku())


def _game(seed: int, rounds: int) -> list[Event]:
    rng = random.Random(seed)
    out: list[Event] = [StartGame(names=("a", "b", "c", "d"), players=4)]
    scores = [25000] * 4
    for i in range(rounds):
        _round(rng, i, scores, out)
    out.append(EndGame(tuple(scores), tuple(float(s - 25000) / 1000 for s in scores)))
    return out


@given(st.integers(0, 2**32 - 1), st.integers(1, 3))
@settings(max_examples=150, deadline=None)
def test_generated_games_round_trip(seed, rounds):
    events = _game(seed, rounds)
    doc = json.loads(json.dumps(to_tenhou6(events), ensure_ascii=False))
    assert read_tenhou6(json.dumps(doc, ensure_ascii=False)).events == events
    assert read_mjai(to_mjai_lines(events)).events == events
