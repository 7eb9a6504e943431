"""riichi.payment at the high end of fu: fu come from kans and terminal or honor sets, which
bring yaku (sankantsu, sanankou, toitoi, honroutou) or make a yakuman, so each han has a most
fu (1 han 120 fu by ron, 1 han 110 fu by tsumo, 150 fu at any han: no hand without yakuman).
payment refuses what lies above it and takes every pair the scorer gives: a hand at each
bound, every high-fu hand built from kans, triplets and sequences, random hands under every
preset and the winning hands of the real logs under every preset of their player count."""

from __future__ import annotations

import collections
import itertools
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import riichi
from _brute import mpsz
from _hands import complete_hands
from conftest import SHARED
from engine_support import require_slow
from riichi import Rules

DW2 = Rules.m_league()  # a double wind pair is 2 fu (Tenhou: 4)
SANMA = Rules.tenhou_sanma()
AOTENJOU = Rules(aotenjou=True)
PRESETS = [Rules.preset(name) for name in Rules.presets()]

#: The most fu at han 1..14 (ron, tsumo) under Tenhou's fu (a double wind pair 4 fu), with a
#: 2-fu double wind pair, and with three players.
MOST = {
    "tenhou": ([110] * 3 + [140] * 11, [100] + [110] * 2 + [130] * 11),
    "dw2": ([100] + [110] * 2 + [130] * 4 + [140] * 7, [100] + [110] * 2 + [130] * 11),
    # three players: no chi (score() refuses one), so 4 han by tsumo reach 110 fu only
    "sanma": ([110] * 3 + [140] * 11, [100] + [110] * 3 + [130] * 10),
}
RULES = {"tenhou": Rules(), "dw2": DW2, "sanma": SANMA}

#: A hand the scorer gives each bound: rules, hand, winning tile, tsumo, riichi, seat wind,
#: round wind -> han, fu.
WITNESSES = [
    ("tenhou", "111m234s11z ankan:9999p ankan:9999s", "1m", False, True, "E", "E", 1, 110),
    ("tenhou", "444m234s11z ankan:1111m ankan:9999p", "1z", False, False, "E", "E", 2, 110),
    ("tenhou", "234s11z ankan:1111m ankan:9999p ankan:9999s", "1z", False, False, "E", "E", 4, 140),
    ("tenhou", "234s22z pon:444m ankan:1111m ankan:1111z", "2z", True, False, "S", "E", 1, 100),
    ("tenhou", "44m234s ankan:1111m ankan:9999p minkan:9999s", "2s", True, False, "E", "E", 2, 110),
    ("tenhou", "11z ankan:1111m ankan:9999p ankan:9999s chi:234s", "1z", True, False, "E", "E", 4, 130),
    ("dw2", "56667p444s ankan:1111m ankan:9999p", "4s", False, True, "E", "E", 1, 100),
    ("dw2", "23444s ankan:1111m ankan:9999p ankan:9999s", "2s", False, False, "E", "E", 4, 130),
    ("dw2", "111m22z ankan:9999p ankan:9999s ankan:1111z", "1m", False, False, "W", "S", 8, 140),
    ("sanma", "234s11z ankan:1111m ankan:9999p ankan:9999s", "1z", True, False, "E", "E", 5, 130),
    ("sanma", "11z pon:555p ankan:1111m ankan:9999p daiminkan:9999s", "1z", True, False, "E", "E",
     4, 110),
]  # fmt: skip


def _way(tsumo: bool) -> str:
    return "tsumo" if tsumo else "ron"


@pytest.mark.parametrize("case", WITNESSES, ids=lambda c: f"{c[0]}-{_way(c[3])}-{c[7]}han")
def test_each_bound_is_a_hand_the_scorer_gives_and_no_fu_above_it(case):
    name, hand, win, tsumo, riichi_, seat, rnd, han, fu = case
    rules = RULES[name]
    r = riichi.score(hand, win, tsumo=tsumo, riichi=riichi_, seat_wind=seat, round_wind=rnd,
                     rules=rules)  # fmt: skip
    assert (r.han, r.fu, r.yakuman) == (han, fu, [])
    assert fu == MOST[name][tsumo][han - 1]
    dealer = seat == "E"
    assert riichi.payment(han, fu, dealer=dealer, tsumo=tsumo, rules=rules).value == r.points
    for d in (False, True):
        with pytest.raises(riichi.RiichiError, match=f"{han} han {fu + 10} fu by {_way(tsumo)}"):
            riichi.payment(han, fu + 10, dealer=d, tsumo=tsumo, rules=rules)


@pytest.mark.parametrize(
    "han,fu,tsumo,rules,most",
    [
        (1, 120, False, Rules(), 110),
        (1, 110, True, Rules(), 100),  # 1 han 110 fu is a ron only
        (3, 120, False, Rules(), 110),
        (3, 120, True, Rules(), 110),
        (5, 140, True, Rules(), 130),
        (4, 150, False, Rules(), 140),
        (13, 150, False, Rules(), 140),  # a yakuman's fu: pass yakuman=
        (30, 170, True, Rules(), 130),
        (1, 110, False, DW2, 100),
        (7, 140, False, DW2, 130),
        (4, 120, True, SANMA, 110),
        (5, 140, True, SANMA, 130),
        (12, 150, False, AOTENJOU, 140),
    ],
)  # fmt: skip
def test_payment_refuses_more_fu_than_a_hand_scores_at_its_han(han, fu, tsumo, rules, most):
    for dealer in (False, True):
        with pytest.raises(riichi.RiichiError, match=f"{han} han {fu} fu by {_way(tsumo)}") as e:
            riichi.payment(han, fu, dealer=dealer, tsumo=tsumo, rules=rules)
        assert f"at most {most} fu" in str(e.value)
        assert riichi.payment(han, most, dealer=dealer, tsumo=tsumo, rules=rules).value > 0


def test_yakuman_and_aotenjou_from_13_han_take_any_fu():
    assert riichi.payment(13, 170, dealer=False, tsumo=False, yakuman=1).ron == 32000
    # aotenjou: a yakuman is 13 han on top of the hand's, with its own fu (suukantsu 170)
    p = riichi.payment(13, 170, dealer=False, tsumo=False, rules=AOTENJOU)
    assert p.basic_points == 170 * 2 ** 15


# ------------------------------------------------------------------ every high-fu hand
_SMALL = (["4s"], ["1m", "9p"], ["1z", "2z", "5z"])
_FULL = (["4s"], ["1m", "9p", "9s"], ["1z", "2z", "3z", "5z"])
_SET_FU = {"trip": 4, "pon": 2, "ankan": 16, "minkan": 8}


def _tiles(kind: str, text: str) -> list[str]:
    if kind in ("seq", "chi"):
        return [text[i] + text[-1] for i in range(3)]
    return [text] * (4 if kind.endswith("kan") else 3)


def _text(tiles: list[str]) -> str:
    by_suit = collections.defaultdict(list)
    for t in tiles:
        by_suit[t[1]].append(t[0])
    return "".join("".join(sorted(by_suit[s])) + s for s in "mpsz" if by_suit[s])


@lru_cache(maxsize=2)
def _high_fu_hands(full: bool) -> list[tuple[str, str, bool]]:
    """(hand, winning tile, closed) for every hand of four sets and a pair over a few tiles
    whose sets can bring 100 fu or more: kans, triplets (concealed or pon) and sequences
    (concealed or chi) of simples, terminals and honors, each pair, each winning tile."""
    simple, terminal, honor = _FULL if full else _SMALL
    options = [(k, t, f * (1 if t in simple else 2)) for t in simple + terminal + honor
               for k, f in _SET_FU.items()]  # fmt: skip
    sequences = ["234s", "567p"] if full else ["234s"]
    options += [(k, s, 0) for s in sequences for k in ("seq", "chi")]
    out = []
    for sets in itertools.combinations_with_replacement(options, 4):
        if 30 + sum(f for _, _, f in sets) + 4 + 2 < 92:  # 100 fu out of reach
            continue
        used = collections.Counter(t for k, x, _ in sets for t in _tiles(k, x))
        concealed = [t for k, x, _ in sets if k in ("trip", "seq") for t in _tiles(k, x)]
        melds = " ".join(
            f"{'minkan' if k == 'minkan' else k}:{_text(_tiles(k, x))}"
            for k, x, _ in sets if k not in ("trip", "seq")
        )  # fmt: skip
        closed = all(k in ("trip", "seq", "ankan") for k, _, _ in sets)
        for pair in simple + terminal + honor:
            if max((used + collections.Counter([pair, pair])).values()) > 4:
                continue
            tiles = [*concealed, pair, pair]
            for win in sorted(set(tiles)):
                out.append((f"{_text(tiles)} {melds}".strip(), win, closed))
    return out


def _check_high_fu_hands(rules: Rules, full: bool, sample: int = 0) -> dict[tuple[bool, int], int]:
    """Score the hands of :func:`_high_fu_hands` (every one, or ``sample`` of them drawn with
    a fixed seed) by ron and tsumo, with riichi when closed, under four seat and round winds;
    each pair the scorer gives is one payment() takes at the same value. Returns the most
    fu seen at each (tsumo, han)."""
    hands = _high_fu_hands(full)
    if sample:
        hands = random.Random(len(hands)).sample(hands, sample)
    most: dict[tuple[bool, int], int] = {}
    winds = [("E", "E"), ("S", "E"), ("E", "S"), ("W", "S")]
    for hand, win, closed in hands:
        for tsumo, rch, (seat, rnd) in itertools.product((False, True), (False, True), winds):
            if rch and not closed:
                continue
            try:
                r = riichi.score(hand, win, tsumo=tsumo, riichi=rch, seat_wind=seat,
                                 round_wind=rnd, rules=rules)  # fmt: skip
            except riichi.RiichiError:
                continue  # e.g. a chi or a 4z set at a three-player table
            if not r.has_yaku or r.yakuman:
                continue
            p = riichi.payment(r.han, r.fu, dealer=seat == "E", tsumo=tsumo, rules=rules)
            assert p.value == r.points, (hand, win, tsumo, rch, seat, rnd)
            key = (tsumo, r.han)
            most[key] = max(most.get(key, 0), r.fu)
    return most


def _reached(most: dict[tuple[bool, int], int], tsumo: bool, han: int) -> int:
    return max((f for (t, h), f in most.items() if t == tsumo and h <= han), default=0)


@pytest.mark.parametrize("name", sorted(RULES))
def test_payment_takes_the_pair_of_high_fu_hands(name):
    most = _check_high_fu_hands(RULES[name], full=False, sample=1500)
    assert max(most.values()) >= 110  # the sample holds hands near the bounds


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS, ids=Rules.presets())
def test_payment_takes_every_high_fu_pair_under_every_preset_and_the_bounds_are_reached(
    rules, request
):
    require_slow(request)
    most = _check_high_fu_hands(rules, full=True)
    if rules.num_players == 3:
        assert rules.double_wind_pair_fu == 4  # the sanma row is Tenhou's pair fu
        name = "sanma"
    else:
        name = "tenhou" if rules.double_wind_pair_fu == 4 else "dw2"
    for tsumo in (False, True):
        # dora add han one at a time: the most at h han is the most of any hand of <= h han
        assert [_reached(most, tsumo, h) for h in range(1, 15)] == MOST[name][tsumo]


# ------------------------------------------------------------------ random and real hands
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(built=complete_hands(), data=st.data())
def test_payment_takes_the_pair_of_random_hands_under_every_preset(built, data):
    rules = data.draw(st.sampled_from(PRESETS))
    win = data.draw(st.sampled_from([k for k in range(34) if built.concealed[k]]))
    closed = all(m.startswith("ankan") for m in built.melds)
    kw = dict(
        tsumo=data.draw(st.booleans()),
        riichi=closed and data.draw(st.booleans()),
        seat_wind=data.draw(st.sampled_from("ESWN"[: rules.num_players])),
        round_wind=data.draw(st.sampled_from("ES")),
        dora_indicators=data.draw(st.lists(st.integers(0, 33), max_size=3)),
    )
    try:
        r = riichi.score(" ".join([mpsz(built.concealed), *built.melds]), win, rules=rules, **kw)
    except riichi.RiichiError:
        assume(False)  # e.g. 2m-8m at a three-player table
    assume(r.has_yaku and not r.yakuman)
    p = riichi.payment(r.han, r.fu, dealer=kw["seat_wind"] == "E", tsumo=kw["tsumo"], rules=rules)
    assert p.value == r.points


def _real_wins(step: int):
    """(hand text, winning tile, tsumo, closed, seat wind, round wind, players) of every
    ``step``-th mjlog game's wins."""
    folder = SHARED / "data" / "mjlog"
    if not folder.is_dir():
        pytest.skip(f"{folder} is not there")
    files = sorted(p for p in folder.rglob("*") if p.is_file())[::step]
    out = []
    for _, log in riichi.read_logs([str(p) for p in files]):
        if isinstance(log, Exception):
            continue
        players = log.start.players
        sk = None
        for e in log.events:
            if e.type == "start_kyoku":
                sk = e
            if e.type != "hora" or e.hand is None or e.melds is None or sk is None:
                continue
            kept = [m for m in e.melds if m.kind != "nukidora"]
            melds = [f"{m.kind}:{''.join(map(str, m.tiles))}" for m in kept]
            tiles = list(e.hand)
            if len(tiles) + 3 * len(kept) == 13:
                tiles.append(e.pai)  # a record whose hand leaves out the winning tile
            seat = "ESWN"[(e.actor - sk.oya) % players]
            rnd = "ESWN"[sk.bakaze - 27]
            closed = all(m.kind in ("ankan", "nukidora") for m in e.melds)
            # red fives as plain fives: some presets play without them
            hand = " ".join(["".join(map(str, tiles)), *melds]).replace("0", "5")
            win = str(e.pai).replace("0", "5")
            out.append((hand, win, e.actor == e.target, closed, seat, rnd, players))
    return out


def _check_real(step: int) -> int:
    wins = _real_wins(step)
    scored = 0
    for rules in PRESETS:
        for hand, win, tsumo, closed, seat, rnd, players in wins:
            if players != rules.num_players:
                continue
            r = riichi.score(hand, win, tsumo=tsumo, riichi=closed, seat_wind=seat,
                             round_wind=rnd, rules=rules)  # fmt: skip
            if not r.has_yaku or r.yakuman:
                continue
            p = riichi.payment(r.han, r.fu, dealer=seat == "E", tsumo=tsumo, rules=rules)
            assert p.value == r.points, (hand, win, tsumo, seat, rnd)
            scored += 1
    return scored


def test_payment_takes_the_pair_of_real_winning_hands_under_every_preset():
    assert _check_real(step=10) > 10_000


@pytest.mark.slow
def test_payment_takes_the_pair_of_every_real_winning_hand_under_every_preset(request):
    require_slow(request)
    assert _check_real(step=1) > 100_000
