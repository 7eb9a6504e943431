"""Two rule options first seen on Riichi City: noten payments per tenpai player
(``Rules.noten_payment_split``) and no tsumo fu for rinshan kaihou
(``Rules.rinshan_tsumo_fu``). Each test fails when the engine ignores its option; the real
Riichi City games that need them are replayed in test_logs_riichi_city.py."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import riichi
from engine_support import make_rules
from riichi import Rules
from riichi.actions import Ankan, Daiminkan, Discard, Kakan, Pon, Riichi, Ron, Tsumo
from riichi.events import GameLog
from riichi.game import Game
from riichi.kyoku.settlement import noten_payments
from riichi.logs import parse_log, to_mjai_lines, to_mjlog, to_tenhou6
from riichi.replay import replay_game
from riichi.round import Round
from scripted import discard, pass_all, play_until, scripted_wall, take, tsumogiri

T, N = True, False

# ------------------------------------------------------------------ noten payments


@pytest.mark.parametrize(
    ("players", "payment", "split", "tenpai", "want"),
    [
        # the usual total (場3000): shared by the tenpai players
        (4, 3000, "total", (T, N, N, N), (3000, -1000, -1000, -1000)),
        (4, 3000, "total", (T, T, N, N), (1500, 1500, -1500, -1500)),
        (4, 3000, "total", (N, T, T, T), (-3000, 1000, 1000, 1000)),
        (3, 2000, "total", (N, T, T), (-2000, 1000, 1000)),
        # each tenpai player receives the whole payment
        (4, 3000, "per_tenpai", (T, N, N, N), (3000, -1000, -1000, -1000)),
        (4, 3000, "per_tenpai", (T, N, T, N), (3000, -3000, 3000, -3000)),
        (4, 3000, "per_tenpai", (T, T, N, T), (3000, 3000, -9000, 3000)),
        (3, 2000, "per_tenpai", (N, N, T), (-1000, -1000, 2000)),  # Riichi City, one tenpai
        (3, 2000, "per_tenpai", (T, N, T), (2000, -4000, 2000)),  # Riichi City, two tenpai
        # nothing moves when all or none are tenpai, or with no payment
        (4, 3000, "per_tenpai", (T, T, T, T), (0, 0, 0, 0)),
        (3, 2000, "per_tenpai", (N, N, N), (0, 0, 0)),
        (4, 0, "per_tenpai", (T, T, N, N), (0, 0, 0, 0)),
    ],
)
def test_noten_payments_by_split(players, payment, split, tenpai, want):
    extra = {"num_players": 3, "uma": (10000, 0, -10000)} if players == 3 else {}
    rules = Rules(noten_payment=payment, noten_payment_split=split, **extra)
    got = noten_payments(tenpai, rules)
    assert tuple(got) == want and sum(got) == 0


TENPAI = ["123m456p789s11z55z", "789m123p456s22z66z", "456m789p123s33z77z", "234m567p678s4z44z"]


def _draw(rules: Rules, hands: list[str]) -> Round:
    r = Round(rules, scripted_wall(hands))
    while not r.is_over:
        pass_all(r)
        if not r.is_over:
            tsumogiri(r, r.current_seat)
    return r


def test_an_exhaustive_draw_pays_each_tenpai_player_in_full():
    r = _draw(make_rules(noten_payment_split="per_tenpai"), [TENPAI[0], "", TENPAI[2], ""])
    res = r.result
    assert res.kind == "exhaustive" and res.tenpai == (True, False, True, False)
    assert res.deltas == (3000, -3000, 3000, -3000) and res.dealer_continues
    # the default: the 3,000 shared
    assert _draw(make_rules(), [TENPAI[0], "", TENPAI[2], ""]).result.deltas == (
        1500,
        -1500,
        1500,
        -1500,
    )


def test_riichi_city_sanma_pays_2000_to_each_tenpai_player():
    rules = Rules.riichi_city_sanma()
    assert (rules.noten_payment, rules.noten_payment_split) == (2000, "per_tenpai")
    assert tuple(noten_payments((T, T, N), rules)) == (2000, 2000, -4000)


# ------------------------------------------------------------------ rinshan tsumo fu

#: RC35's hand: a kakan of South, its rinshan tile completes 678m (ryanmen); East is the
#: round wind (yakuhai), South is not the seat's (West). No dora: rinshan + East, 2 han.
RC35 = ("678m567p88s pon:111z kakan:2222z", "6m")


def _rc35(rules: Rules | None = None, **kw) -> riichi.ScoreResult:
    return riichi.score(
        *RC35, tsumo=True, rinshan=True, seat_wind="W", round_wind="E", rules=rules, **kw
    )


def test_rinshan_kaihou_counts_the_tsumo_fu_by_default():
    r = _rc35()
    assert ("tsumo", 2) in r.fu_breakdown
    assert (r.han, r.fu, r.tsumo_dealer_payment, r.tsumo_nondealer_payment) == (
        2,
        50,
        1600,
        800,
    )


def test_rinshan_kaihou_without_tsumo_fu():
    r = _rc35(Rules(rinshan_tsumo_fu=False))
    assert not any(label == "tsumo" for label, _ in r.fu_breakdown)
    assert r.fu_breakdown == [("base", 20), ("open_triplet 1z", 4), ("open_kan 2z", 16)]
    # 20 + 4 + 16 = 40 fu, 2 han: 700 / 1,300 (50 fu: 800 / 1,600)
    assert (r.han, r.fu, r.tsumo_dealer_payment, r.tsumo_nondealer_payment) == (
        2,
        40,
        1300,
        700,
    )


def test_a_tsumo_that_is_not_rinshan_keeps_its_fu_under_the_option():
    # the same hand drawn from the live wall (no rinshan, so no yaku but East): 50 fu
    r = riichi.score(
        *RC35, tsumo=True, seat_wind="W", round_wind="E", rules=Rules(rinshan_tsumo_fu=False)
    )
    assert ("tsumo", 2) in r.fu_breakdown and r.fu == 50


def test_a_rinshan_after_kita_counts_no_tsumo_fu_under_riichi_city_rules():
    # sanma, closed: 111s (closed terminal triplet, 8), kanchan 8p (2): 20 + 8 + 2 = 30;
    # with the tsumo fu 32 -> 40
    hand, tile = "111s123p456p79p22s8p", "8p"
    kw = {"tsumo": True, "rinshan": True, "nukidora": 1}
    sanma = Rules.riichi_city_sanma()
    assert riichi.score(hand, tile, rules=sanma, **kw).fu == 30
    assert riichi.score(hand, tile, rules=sanma.replace(rinshan_tsumo_fu=True), **kw).fu == 40


def test_batch_scoring_reads_the_option_too():
    reqs = [
        {"hand": RC35[0], "win_tile": RC35[1], "tsumo": True, "rinshan": True,
         "seat_wind": "W", "round_wind": "E"}
    ]  # fmt: skip
    assert list(riichi.batch.score(reqs)["fu"]) == [50]
    assert list(riichi.batch.score(reqs, rules=Rules(rinshan_tsumo_fu=False))["fu"]) == [40]


def test_a_rinshan_win_in_a_round_is_scored_without_tsumo_fu():
    # seat 1 pons haku, draws the fourth, kakan, and the rinshan 6z completes its tanki:
    # 20 + 16 (open honor kan) + 2 (hatsu pair) + 2 (tanki) = 40, with the tsumo 42 -> 50
    hands = ["5z", "55z123m456p789s6z1z", "", ""]
    fus = []
    for flag in (True, False):
        wall = scripted_wall(hands, "1p2p3p4p5z", rinshan="6z")
        r = Round(make_rules(rinshan_tsumo_fu=flag), wall)
        discard(r, 0, "5z", auto_pass=False)
        take(r, 1, Pon)
        discard(r, 1, "1z")
        play_until(r, 1)
        take(r, 1, Kakan)
        r.step(Tsumo(1))
        (win,) = r.result.wins
        assert "rinshan_kaihou" in dict(win.score.yaku)
        fus.append((win.score.fu, ("tsumo", 2) in win.score.fu_breakdown, win.deltas[1]))
    # 2 han (haku, rinshan) non-dealer tsumo: 800 + 1,600 + 800 at 50 fu, 700 + 1,300 + 700
    # at 40
    assert fus == [(50, True, 3200), (40, False, 2700)]


# ------------------------------------------------------------------ the Rules fields


NEW = {"noten_payment_split": "per_tenpai", "rinshan_tsumo_fu": False}


def test_the_options_round_trip_through_dict_json_and_pickle():
    rules = Rules(**NEW)
    assert rules != Rules()
    assert rules.to_dict()["noten_payment_split"] == "per_tenpai"
    assert rules.to_dict()["rinshan_tsumo_fu"] is False
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_json(rules.to_json()) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    # the scorer's copy differs only by the fu option
    assert Rules(rinshan_tsumo_fu=False).scoring() != Rules().scoring()
    assert Rules(noten_payment_split="per_tenpai").scoring() == Rules().scoring()
    # a rules key written before the fields existed reads as today's behaviour
    old = {k: v for k, v in Rules().to_dict().items() if k not in NEW}
    assert Rules.from_dict(old) == Rules()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("noten_payment_split", "each"),
        ("noten_payment_split", True),
        ("rinshan_tsumo_fu", 0),
        ("rinshan_tsumo_fu", "no"),
    ],
)
def test_bad_values_are_refused_by_name(field, value):
    with pytest.raises(riichi.RiichiError, match=field):
        Rules(**{field: value})


def test_the_documented_fields_name_their_source():
    doc = Rules.__doc__ or ""
    for field in NEW:
        assert f"        {field}: " in doc
    assert "RiichiCityTournamentBot" in doc and "faruzeru" in doc


# ------------------------------------------------------------------ self-play


def _without(ids: list[int], tile: int) -> list[int]:
    counts = [0] * 34
    for t in ids:
        counts[t // 4] += 1
    counts[tile // 4] -= 1
    return counts


def _selfplay(rules: Rules, seed: int) -> Game:
    """A game of greedy players (wins always taken, every kan, riichi and pon often, the
    discard that leaves the fewest shanten), points checked after every action: they reach
    tenpai at draws and win on rinshan tiles, so both options are met."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    total = rules.starting_points * rules.num_players
    while not g.is_over:
        seat = rng.choice(g.seats_to_act)
        legal = g.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        kans = [a for a in legal if isinstance(a, (Ankan, Daiminkan, Kakan))]
        pons = [a for a in legal if isinstance(a, Pon)]
        riichis = [a for a in legal if isinstance(a, Riichi)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if wins:
            action = wins[0]
        elif kans:
            action = rng.choice(kans)
        elif riichis and rng.random() < 0.5:
            action = rng.choice(riichis)
        elif pons and rng.random() < 0.3:
            action = rng.choice(pons)
        elif discards:
            ids = g.hand(seat)
            after = {a: riichi.shanten(_without(ids, a.tile), players=rules) for a in discards}
            action = rng.choice([a for a in discards if after[a] == min(after.values())])
        else:
            action = rng.choice(legal)
        g.step(action)
        if not g.is_over:
            st = g.round.state
            assert sum(st["scores"]) + st["kyotaku"] * rules.riichi_stick == total
    assert sum(g.result.scores) == total
    return g


def _met(g: Game) -> set[str]:
    """Which option a game's rounds met: a draw with several tenpai players, paid in full
    to each; a rinshan kaihou scored without the tsumo fu."""
    out = set()
    for res in g.rounds:
        ready = [d for d, t in zip(res.deltas, res.tenpai or ()) if t]
        if res.kind == "exhaustive" and 1 < len(ready) < len(res.deltas):
            assert set(ready) == {g.rules.noten_payment}
            out.add("noten_payment_split")
        for w in res.wins or ():
            if "rinshan_kaihou" in dict(w.score.yaku):
                assert not any(label == "tsumo" for label, _ in w.score.fu_breakdown)
                out.add("rinshan_tsumo_fu")
    return out


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [
        (Rules.riichi_city_sanma("tonpuusen"), [2, 120]),
        (Rules(length="tonpuusen", **NEW), [0, 23]),
    ],
    ids=["riichi_city_sanma", "four_players"],
)
def test_selfplay_under_the_options_verifies_from_its_written_logs(rules, seeds):
    # the seeds listed meet both options today; further seeds are tried should the engine's
    # play change, up to a bound
    met: set[str] = set()
    for seed in [*seeds, *range(1000, 1060)]:
        g = _selfplay(rules, seed)
        met |= _met(g)
        game = GameLog(g.events, meta={"rules": rules})
        texts = {"mjai": to_mjai_lines(game), "mjlog": to_mjlog(game)}
        if rules.open_kan_dora == "after_discard":  # what tenhou.net/6 can record
            texts["tenhou6"] = json.dumps(to_tenhou6(game))
        for fmt, text in texts.items():
            log = parse_log(text.encode(), f"selfplay{seed}.{fmt}")
            assert log.meta["rules"] == rules  # the rules key carries both options
            rep = replay_game(log)
            assert rep.mismatches == [] and rep.rounds == len(g.rounds) > 0, (seed, fmt)
        if met == set(NEW):
            break
    assert met == set(NEW)


def test_verify_rules_takes_the_options(shared, tmp_path, capsys):
    from riichi.cli import main

    game = shared / "data/more/RiichiCityTournamentBot/cd1atc6ai08a0i7cu1c0.json"
    if not game.exists():
        pytest.skip(f"{game} absent")
    assert main(["verify", "--quiet", str(game)]) == 0  # the reader's riichi_city_sanma
    capsys.readouterr()
    # the same rules but the usual total split, from a rules file: the two-tenpai draw of
    # South 2-1 fails (+1,000 each where the record pays +2,000)
    f = tmp_path / "r.json"
    f.write_text(json.dumps({"preset": "riichi_city_sanma", "noten_payment_split": "total"}))
    assert main(["verify", "--rules", str(f), str(game)]) == 1
    out = capsys.readouterr().out
    assert "S2-1" in out and "ryukyoku.deltas" in out and "S2-0" not in out
