"""Random self-play with invariants after every step, and brute-force legality checks.

Every step: all 136 tiles are somewhere exactly once; points plus riichi sticks are
conserved; the chosen (offered) action is accepted. On sampled states: every candidate
action (all tile ids, all call combinations, every action type) is accepted by ``step`` on a
copy exactly when an equivalent action is offered, and the offered tsumo / ron / riichi /
pon / chi agree with a brute-force hand check (tests/_reference.py). At the end: the game
ended by the rules.
"""

from __future__ import annotations

import itertools
import os
import random
import time

import pytest

import riichi
from _reference import brute_waits, is_complete
from engine_support import base_rules, require_slow
from riichi.actions import (
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game import Game

TOTAL = 100_000


def _candidates(r, seat):
    st = r.state
    hand = st["hands"][seat]
    out = [Tsumo(seat), Ron(seat), Pass(seat), Kyuushu(seat)]
    drawn = st["drawn"]
    for t in hand:
        for tg in (True, False):
            out += [Discard(seat, t, tg), Riichi(seat, t, tg)]
        out.append(Kakan(seat, t))
    by_kind = {}
    for t in hand:
        by_kind.setdefault(t >> 2, []).append(t)
    for ids in by_kind.values():
        if len(ids) == 4:
            out.append(Ankan(seat, tuple(sorted(ids))))
    pending = r.observation(seat)["pending"]
    if pending and pending[0] == "dahai":
        tile = pending[2]
        k = tile >> 2
        same = by_kind.get(k, [])
        for pair in itertools.combinations(same, 2):
            out.append(Pon(seat, tile, pair))
        for tri in itertools.combinations(same, 3):
            out.append(Daiminkan(seat, tile, tri))
        if k < 27:
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if 0 <= k % 9 + a <= 8 and 0 <= k % 9 + b <= 8:
                    for x in by_kind.get(k + a, []):
                        for y in by_kind.get(k + b, []):
                            out.append(Chi(seat, tile, (x, y)))
    del drawn
    return out


def _brute_check(r, seat):
    legal = r.legal_actions(seat)
    keys = {r.action_key(a) for a in legal}
    for a in legal:  # every offered action is accepted
        c = r.clone()
        c.step(a)
    before = r.state
    for cand in _candidates(r, seat):
        c = r.clone()
        try:
            c.step(cand)
            ok = True
        except riichi.IllegalAction:
            ok = False
            assert c.state == before  # a refusal leaves the state unchanged
        assert ok == (r.action_key(cand) in keys), (cand, legal)
    # independent hand checks
    st = r.state
    counts = [0] * 34
    for t in st["hands"][seat]:
        counts[t >> 2] += 1
    melds = st["melds"][seat]
    closed = all(m[0] == "ankan" for m in melds)
    if r.phase == "turn":
        if any(isinstance(a, Tsumo) for a in legal):
            assert is_complete(counts)
        riichi_kinds = {a.tile >> 2 for a in legal if isinstance(a, Riichi)}
        if (
            closed
            and not st["riichi"][seat]
            and st["drawn"] is not None
            and st["scores"][seat] >= 1000
            and r.live_tiles_left >= 4
        ):
            expect = set()
            for k in range(34):
                if counts[k]:
                    counts[k] -= 1
                    if brute_waits(counts):
                        expect.add(k)
                    counts[k] += 1
            assert riichi_kinds == expect
        else:
            assert not riichi_kinds
    else:
        kind, discarder, tile = r.observation(seat)["pending"]
        k = tile >> 2
        if any(isinstance(a, Ron) for a in legal):
            counts[k] += 1
            assert is_complete(counts)
            counts[k] -= 1
            waits = brute_waits(counts)
            river = {t >> 2 for t in st["rivers"][seat]}
            assert not (waits & river)  # not furiten on own discards
        if kind == "dahai" and not st["riichi"][seat] and r.live_tiles_left > 0:
            if counts[k] < 2:
                assert not any(isinstance(a, Pon) for a in legal)
        else:
            assert not any(isinstance(a, (Pon, Chi, Daiminkan)) for a in legal)
        if seat != (discarder + 1) % 4:
            assert not any(isinstance(a, Chi) for a in legal)


def _check_end(g):
    res = g.result
    rules = g.rules
    assert res is not None and g.is_over
    assert sum(res.scores) == TOTAL
    assert sorted(res.ranks) == [1, 2, 3, 4]
    order = sorted(range(4), key=lambda s: res.ranks[s])
    for a, b in zip(order, order[1:]):
        assert res.scores[a] > res.scores[b] or (res.scores[a] == res.scores[b] and a < b)
    assert abs(sum(res.final) - 0) < 1e-6  # uma sums to 0, oka balances the returns
    # yakitori: exactly the players who never won, paying only when someone won
    won = [False] * 4
    for rnd in g.rounds:
        for w in rnd.wins:
            won[w.seat] = True
    assert res.yakitori == tuple(rules.yakitori and not w for w in won)
    assert sum(res.penalties) == 0
    if not rules.yakitori or all(won) or not any(won):
        assert res.penalties == (0, 0, 0, 0)
    else:
        for s in range(4):
            assert (res.penalties[s] < 0) == (not won[s])
    last = g.round
    last_res = g.rounds[-1]
    if min(res.scores) < 0 and rules.tobi:
        return
    assert last_res.kind != "abortive"  # an abortive draw always repeats the round
    planned = {"tonpuusen": 1, "hanchan": 2, "full": 4, "east_north": 2, "east_east": 2}
    n = planned[rules.length]
    limit = n - 1 + (rules.extension_winds if rules.extension != "none" else 0)
    wi = g.wind_index
    assert n - 1 <= wi <= limit
    sudden = g.in_extension and rules.extension == "sudden_death"
    assert last.dealer == 3 or sudden  # a decisive round
    reached = max(s for s in res.scores) >= rules.end_target
    if last_res.dealer_continues:
        top = order[0]
        yame = top == last.dealer and res.scores[top] >= rules.end_target
        assert yame or (sudden and reached and not rules.sudden_death_renchan)
    else:
        assert reached or (wi == limit and last.dealer == 3)


def play(n_games, seed, brute_every=0, rules=None):
    rules = base_rules() if rules is None else rules
    rng = random.Random(seed)
    decisions = 0
    for i in range(n_games):
        g = Game(rules, seed=seed * 100_003 + i)
        while not g.is_over:
            r = g.round
            seats = g.seats_to_act
            seat = seats[rng.randrange(len(seats))]
            legal = g.legal_actions(seat)
            assert legal
            if brute_every and decisions % brute_every == 0:
                _brute_check(r, seat)
            g.step(legal[rng.randrange(len(legal))])
            decisions += 1
            r = g.round
            locs = r.tile_locations()
            assert len(locs) == 136 and len(set(locs)) == 136
            if not g.is_over:
                assert sum(r.scores) + r.kyotaku * rules.riichi_stick == TOTAL
        _check_end(g)
    return decisions


def _invariants_run(n: int) -> None:
    t = time.perf_counter()
    decisions = play(n, seed=1, brute_every=251)
    dt = time.perf_counter() - t
    print(f"\n{n} hanchan, {decisions} decisions in {dt:.1f} s with invariant checks")


def test_selfplay_invariants_and_brute_force_legality():
    """The default run's share: the first 60 games of the slow test's 2,000 (same seeds).

    At 250 games it took half of the default run (122 s of 245 s on the shared 2-core
    machine); 60 keep every invariant and the brute-force legality check in the default
    run, and all 2,000 run with ``-m slow``."""
    _invariants_run(int(os.environ.get("RIICHI_SELFPLAY_GAMES", "60")))


@pytest.mark.slow
def test_selfplay_invariants_and_brute_force_legality_full(request):
    """The full 2,000 hanchan (about two minutes on one core): opt in with ``-m slow``."""
    require_slow(request)
    _invariants_run(int(os.environ.get("RIICHI_SELFPLAY_GAMES_FULL", "2000")))


OPTION_SETS = {
    "sudden_death_3winds_no_renchan_priority_yakitori_wareme": dict(
        extension_winds=3,
        extension_target=33300,
        sudden_death_renchan=False,
        yakitori=True,
        yakitori_payment="each",
        wareme=True,
    ),
    "full_wind_north_entry_no_tobi": dict(
        extension="full_wind",
        extension_winds=2,
        tobi=False,
        yakitori=True,
        wareme=True,
        renchan="agari",
    ),
    "east_north_no_yame": dict(
        length="east_north", extension_winds=3, agari_yame=False, tenpai_yame=False, wareme=True
    ),
    "east_east_no_extension": dict(length="east_east", extension="none", yakitori=True),
}


def _options_run(name: str, n: int) -> None:
    rules = base_rules().replace(**OPTION_SETS[name])
    play(n, seed=3 + sorted(OPTION_SETS).index(name), brute_every=997, rules=rules)


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_selfplay_with_flow_options(name):
    """The default run's share: the first 40 games of each option set's 100 (20 s of CPU
    at 100 each); all 100 of each run with ``-m slow``."""
    _options_run(name, int(os.environ.get("RIICHI_SELFPLAY_OPTION_GAMES", "40")))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_selfplay_with_flow_options_full(name, request):
    """A few hundred games in all with the extension / yakitori / wareme options on."""
    require_slow(request)
    _options_run(name, int(os.environ.get("RIICHI_SELFPLAY_OPTION_GAMES_FULL", "100")))


@pytest.mark.slow
def test_selfplay_many(request):
    require_slow(request)
    play(int(os.environ.get("RIICHI_SELFPLAY_SLOW", "3000")), seed=2, brute_every=101)
