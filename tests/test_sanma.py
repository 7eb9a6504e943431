"""Three-player (sanma) games through the round and game engine.

Self-play games must complete with consistent scores and complete tile accounting; the legal
actions hold no chi and offer the nukidora (kita); and real Tenhou sanma logs (a sample of
../shared/data/mjlog and every sanma tenhou.net/6 file, skipped when absent) replay with
every action legal and every settlement equal.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import riichi
from riichi.actions import Chi, Discard, Nukidora, Riichi, Ron, Tsumo
from riichi.replay import replay_game
from riichi.round import Round
from riichi.wall import SANMA_IDS, Wall, wall_from_events

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
RULES = riichi.Rules.tenhou_sanma()
NORTH = (120, 121, 122, 123)


def _wall(placed: dict[int, int]) -> Wall:
    """A sanma wall in draw order with ``placed`` ids (position -> id), the rest ascending."""
    rest = [t for t in SANMA_IDS if t not in placed.values()]
    order = [placed[j] if j in placed else rest.pop(0) for j in range(108)]
    return Wall.from_order(order)


def _dealer_hand_positions() -> list[int]:
    # 4-4-4 then one: the dealer (first seat) takes order[0:4], [12:16], [24:28] and [36]
    return [0, 1, 2, 3, 12, 13, 14, 15, 24, 25, 26, 27, 36]


# ----------------------------------------------------------------------------- the wall


def test_sanma_wall_layout_and_checks():
    w = Wall.from_seed(3, players=3)
    assert w.players == 3 and w.live_tiles == 94
    assert sorted(w.order) == list(SANMA_IDS) and len(w.live) == 94 and len(w.dead) == 14
    dead = [w.rinshan(i) for i in range(8)]
    dead += [w.dora_indicator(i) for i in range(5)] + [w.ura_indicator(i) for i in range(5)]
    assert len(set(dead)) == 18  # 8 replacement tiles, 5 dora and 5 uradora indicators
    assert Wall.from_seed(3).players == 4
    bad = list(w.order)
    bad[0] = 4  # a 2m
    with pytest.raises(riichi.RiichiError, match="not a sanma tile"):
        Wall.from_order(bad)
    with pytest.raises(riichi.RiichiError, match="appears twice"):
        Wall.from_order([w.order[1], *w.order[1:]])


def test_round_refuses_a_wall_of_the_other_size():
    with pytest.raises(riichi.RiichiError, match="108-tile wall"):
        Round(RULES, Wall.from_seed(1))
    with pytest.raises(riichi.RiichiError, match="136-tile wall"):
        Round(riichi.Rules.tenhou(), Wall.from_seed(1, players=3))
    with pytest.raises(riichi.RiichiError, match="3 ints"):
        Round(RULES, Wall.from_seed(1, players=3), scores=(35000,) * 4)
    # four scores of 25000 are refused too (not read as "the default" and replaced)
    with pytest.raises(riichi.RiichiError, match="3 ints"):
        Round(RULES, Wall.from_seed(1, players=3), scores=(25000,) * 4)
    assert Round(RULES, Wall.from_seed(1, players=3)).scores == [RULES.starting_points] * 3


# ----------------------------------------------------------------------------- self-play


def _play(seed: int, *, nuki_rate: float = 0.8) -> riichi.Game:
    rng = random.Random(seed)
    g = riichi.Game(RULES, seed=seed)
    total = 3 * RULES.starting_points
    while not g.is_over:
        seat = g.seats_to_act[0]
        assert 0 <= seat < 3
        acts = g.legal_actions(seat)
        assert acts and not any(isinstance(a, Chi) for a in acts)
        wins = [a for a in acts if isinstance(a, (Tsumo, Ron))]
        kita = [a for a in acts if isinstance(a, Nukidora)]
        if wins and rng.random() < 0.9:
            a = wins[0]
        elif kita and rng.random() < nuki_rate:
            a = kita[0]
        else:
            a = rng.choice(acts)
        rounds = len(g.rounds)
        g.step(a)
        if not g.is_over and len(g.rounds) == rounds:
            r = g.round
            assert sorted(r.tile_locations()) == sorted(r.wall.order)
            assert sum(r.scores) + r.kyotaku * RULES.riichi_stick == total
    return g


def test_self_play_sanma_games_complete_with_consistent_scores():
    kinds = set()
    for seed in range(25):
        g = _play(seed)
        res = g.result
        assert len(res.scores) == len(res.ranks) == len(res.final) == 3
        assert sorted(res.ranks) == [1, 2, 3]
        # leftover riichi sticks go to the top at the end (Rules.leftover_kyotaku_to_top)
        assert sum(res.scores) == 3 * 35000
        assert abs(sum(res.final)) < 1e-9  # uma sums to 0; oka = (40000 - 35000) * 3
        for rr in g.rounds:
            assert len(rr.deltas) == len(rr.tenpai) == 3
            kinds.add(rr.reason or rr.kind)
        starts = [e for e in g.events if e.type == "start_kyoku"]
        assert all(len(e.scores) == 3 and len(e.tehais) == 3 for e in starts)
        assert {e.kyoku for e in starts} <= {1, 2, 3}
    assert {"tsumo", "exhaustive"} <= kinds  # (rons: the real logs below)


# ----------------------------------------------------------------------------- nukidora


def test_nukidora_offered_and_applied():
    # the dealer holds one North (id 120) and draws another (121) first
    pos = _dealer_hand_positions()
    placed = {p: t for p, t in zip(pos, [0, 1, 2, 36, 40, 44, 72, 76, 80, 108, 112, 116, 120])}
    placed[39] = 121
    placed[106], placed[107] = 84, 85  # the first two replacement tiles: 4s 4s
    r = Round(RULES, _wall(placed), scores=(35000, 35000, 35000))
    acts = r.legal_actions(0)
    kita = [a for a in acts if isinstance(a, Nukidora)]
    assert kita == [Nukidora(0, 121)]  # one action: the drawn North (Norths are alike)
    assert r.live_tiles_left == 94 - 40
    replacement = r.wall.rinshan(0)
    r.step(kita[0])
    if r.phase == "claim":  # somebody could ron on the North: they pass
        for s in r.seats_to_act:
            r.step(riichi.actions.Pass(s))
    assert r.current_seat == 0 and r.live_tiles_left == 94 - 40 - 1
    assert r.state["nukidora"] == [[121], [], []]
    assert replacement in r.hand(0) and 121 not in r.hand(0)
    assert [e.type for e in r.events[-2:]] == ["nukidora", "tsumo"]
    # the other North can be set aside too (any North id in the hand is the same choice)
    assert Nukidora(0, 120) in r.legal_actions(0)
    r.step(Nukidora(0, 120))
    for s in r.seats_to_act if r.phase == "claim" else ():
        r.step(riichi.actions.Pass(s))
    assert r.state["nukidora"][0] == [121, 120]
    assert not any(isinstance(a, Nukidora) for a in r.legal_actions(0))


def test_nukidora_is_refused_in_four_player_games_and_without_a_north():
    r = Round(riichi.Rules.tenhou(), Wall.from_seed(5))
    assert not any(isinstance(a, Nukidora) for a in r.legal_actions(0))
    north = next((t for t in r.hand(0) if t >> 2 == 30), 121)
    with pytest.raises(riichi.IllegalAction, match="sanma"):
        r.step(Nukidora(0, north))
    for seed in range(50):  # a deal whose dealer holds no North
        r3 = Round(RULES, Wall.from_seed(seed, players=3))
        if not any(t >> 2 == 30 for t in r3.hand(0)):
            break
    assert not any(t >> 2 == 30 for t in r3.hand(0))
    with pytest.raises(riichi.IllegalAction, match="North"):
        r3.step(Nukidora(0, 120))


def test_in_riichi_only_the_drawn_north_is_set_aside():
    # the dealer: 1m1m1m 9m9m9m 1p2p3p 4p5p N N, draws a 9p and declares riichi on it
    # (waits 3p/6p), then draws a third North
    pos = _dealer_hand_positions()
    ids = [0, 1, 2, 32, 33, 34, 36, 40, 44, 48, 52 + 1, 120, 121]  # 5p id 53: not red
    placed = dict(zip(pos, ids))
    placed[39] = 68  # the dealer's first draw: 9p
    placed[37], placed[38] = 100, 104  # the others' last dealt tiles (not Norths)
    placed[40], placed[41] = 101, 105  # the others' draws
    placed[42] = 122  # the dealer's second draw: a North
    placed[106] = 84  # its replacement: a 4s
    r = Round(RULES, _wall(placed), scores=(35000, 35000, 35000))
    acts = r.legal_actions(0)
    riichi_68 = [a for a in acts if isinstance(a, Riichi) and a.tile == 68]
    assert riichi_68, acts
    # two Norths in the hand: a North could be set aside now (before riichi)
    assert any(isinstance(a, Nukidora) for a in acts)
    r.step(riichi_68[0])
    while r.current_seat != 0:
        seat = r.seats_to_act[0]
        acts = r.legal_actions(seat)
        r.step(next((a for a in acts if isinstance(a, Discard)), acts[-1]))
    acts = r.legal_actions(0)
    kita = [a for a in acts if isinstance(a, Nukidora)]
    assert kita == [Nukidora(0, 122)]  # the drawn North
    r.step(kita[0])
    for s in r.seats_to_act if r.phase == "claim" else ():
        r.step(riichi.actions.Pass(s))
    # the replacement is not a North: the two held Norths (the pair of the waiting hand)
    # are not offered in riichi
    assert r.current_seat == 0 and r.hand(0).count(120) == 1
    assert not any(isinstance(a, Nukidora) for a in r.legal_actions(0))


# ----------------------------------------------------------------------------- real logs


def _sanma_files() -> list[Path]:
    out = []
    for folder in ("mjlog", "tenhou6"):
        base = DATA / folder
        if base.is_dir():
            out += sorted(p for p in base.rglob("*") if p.is_file())
    return out


# Tenhou logs with the sanma cases the rules were read from: a ron on a North set aside
# (99e4d1b9, 788331b8), riichi with 3 live tiles left (62c652dd, b6539f13), ippatsu ended by
# a nukidora (bc812169), a nukidora ending the first go-around (2df2e370: riichi, not double).
SPECIAL = (
    "2020010101gm-00b9-0000-99e4d1b9",
    "2020010105gm-00b9-0000-788331b8",
    "2020010118gm-00b9-0000-62c652dd",
    "2020010123gm-00b9-0000-b6539f13",
    "2020010100gm-00b9-0000-bc812169",
    "2020010111gm-00b9-0000-2df2e370",
)


def test_real_sanma_logs_replay_without_mismatch():
    files = _sanma_files()
    if not files:
        pytest.skip(f"no logs under {DATA}")
    logs = []
    for p in files:
        try:
            log = riichi.read_log(str(p))
        except riichi.RiichiError:
            continue
        if log.start.players == 3:
            logs.append((p, log))
    assert len(logs) >= 280
    # every tenhou.net/6 one, the special cases, and a sample of the rest
    sample = [x for x in logs if x[0].suffix == ".json" or any(s in x[0].name for s in SPECIAL)]
    sample += logs[::10]
    games = actions = kita = 0
    for p, log in sample:
        rep = replay_game(log)
        assert rep.replayed and rep.players == 3, (p, rep.unsupported)
        assert not rep.mismatches, "\n".join(str(m) for m in rep.mismatches[:10])
        assert not rep.unsupported
        games += 1
        actions += rep.actions
        kita += sum(e.type == "nukidora" for e in log.events)
    assert games >= 35 and actions > 10_000 and kita > 500


def test_sanma_wall_from_events_rebuilds_the_seeded_wall_draws():
    p = next((p for p in _sanma_files() if "2020010101gm-00b9-0000-99e4d1b9" in p.name), None)
    if p is None:
        pytest.skip("sanma log absent")
    log = riichi.read_log(str(p))
    rules = riichi.replay.rules_from_log(log)
    events = log.events
    starts = [i for i, e in enumerate(events) if e.type == "start_kyoku"]
    for k, s in enumerate(starts):
        e = starts[k + 1] if k + 1 < len(starts) else len(events)
        w = wall_from_events(events[s:e], rules.red_fives)
        assert w.players == 3 and sorted(w.order) == list(SANMA_IDS)
