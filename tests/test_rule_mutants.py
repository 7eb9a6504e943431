"""Made-up tests for rules that only real logs (or nothing) used to check.

Each test here was written against a one-line change of the rule it names (a "mutant" of the
engine) and fails on that change: the kuikae suji at the edge of a suit, pao through a
daiminkan, the winning tile of an mjai ``hora`` without ``pai`` after a kakan, open ittsu's
han, double ron in turn order, nagashi mangan voided by a called discard, a tenhou.net/6
daiminkan from the right and agari-yame at exactly the end target; then no pao for a call
that does not complete the set, kyuushu needing nine kinds, no riichi when open, no ron on a
wait in one's own river, no fifth kan, tobi only below zero, ippatsu ending with one's own
discard, no double riichi after a call, rinshan not haitei, suufon renda of one wind only.
``tools/mutate_rules.py`` applies those changes and runs this file (and the round tests)
against each.
"""

from __future__ import annotations

import json

import pytest

import riichi
from engine_support import make_rules
from riichi.actions import Ankan, Chi, Daiminkan, Discard, Kakan, Kyuushu, Pon, Riichi, Ron, Tsumo
from riichi.events import EndGame, StartGame
from riichi.game import Game
from riichi.logs import read_mjai, read_tenhou6, to_mjai_lines, to_tenhou6
from riichi.round import Round
from scripted import (
    discard,
    draw_out,
    pass_all,
    play_until,
    scripted_wall,
    take,
    tiles,
    tsumogiri,
)

SUITS = "mps"
HONORS = [f"{i}z" for i in range(1, 8)]


def _kind(text: str) -> int:
    ((k, _red),) = tiles(text)
    return k


def _discard_kinds(r: Round, seat: int) -> set[int]:
    return {a.tile >> 2 for a in r.legal_actions(seat) if isinstance(a, Discard)}


def _chi_with(r: Round, seat: int, own: str):
    """The Chi of ``seat`` that uses exactly the two tiles ``own`` (mpsz), or None."""
    want = sorted(k for k, _ in tiles(own))
    for a in r.legal_actions(seat):
        if isinstance(a, Chi) and sorted(t >> 2 for t in a.consumed) == want:
            return a
    return None


# ---------------------------------------------------------------------- kuikae at suit edges
# (called tile, the two own tiles, the suji kind kuikae forbids or None, a kind it must not)
# Chi 6 with 78 forbids 9; chi 4 with 23 forbids 1. Chi 7 with 89 and chi 3 with 12 have no
# suji inside the suit: the kind three away is the next suit's 1 / the previous suit's 9 (or
# an honor), which stays discardable.
def _edge_cases():
    out = []
    for i, s in enumerate(SUITS):
        nxt = f"1{SUITS[i + 1]}" if i < 2 else "1z"
        prv = f"9{SUITS[i - 1]}" if i > 0 else "7z"  # kind -1 wraps to 7z (chun) in a list
        out += [
            pytest.param(f"6{s}", f"78{s}", f"9{s}", None, id=f"6{s}-with-78{s}-forbids-9{s}"),
            pytest.param(f"4{s}", f"23{s}", f"1{s}", None, id=f"4{s}-with-23{s}-forbids-1{s}"),
            pytest.param(f"7{s}", f"89{s}", None, nxt, id=f"7{s}-with-89{s}-allows-{nxt}"),
            pytest.param(f"3{s}", f"12{s}", None, prv, id=f"3{s}-with-12{s}-allows-{prv}"),
        ]
    return out


@pytest.mark.parametrize("called,own,forbidden,allowed", _edge_cases())
def test_kuikae_suji_after_chi_at_each_suit_edge(called, own, forbidden, allowed):
    # seat 1 holds the chi shape and one copy of each kind in question; seat 0 discards
    extra = (forbidden or "") + (allowed or "")
    r = Round(make_rules(), scripted_wall([called, own + extra, "", ""]))
    discard(r, 0, called, auto_pass=False)
    chi = _chi_with(r, 1, own)
    assert chi is not None, r.legal_actions(1)
    r.step(chi)
    pass_all(r)
    kinds = _discard_kinds(r, 1)
    assert _kind(called) not in kinds  # the same tile: kuikae in every case
    if forbidden:
        assert _kind(forbidden) not in kinds
        with pytest.raises(riichi.IllegalAction, match="kuikae"):
            tile = next(t for t in r.hand(1) if t >> 2 == _kind(forbidden))
            r.step(Discard(1, tile))
    if allowed:
        assert _kind(allowed) in kinds


def _after_two_pons(concealed: str, tile: str, pons: tuple[str, str] | None = None) -> Round:
    """Seat 1 holds ``concealed`` (7 tiles) after ponning two honors from seat 0; then seat 0
    discards ``tile``. Returns the round in the claim phase (or past it if nobody may call)."""
    used = {t for t in HONORS if t in concealed}
    # pons of West and North first: no yakuhai for seat 1 in East, so no accidental ron
    free = [h for h in ("3z", "4z", "1z", "2z", "5z", "6z", "7z") if h not in used]
    pon_a, pon_b, single_a, single_b, fill_a = free[:5]
    fill_b = free[5] if len(free) > 5 else fill_a
    if pons:  # suit pons: no honitsu, no yakuhai, so the hand has no yaku to ron with
        pon_a, pon_b = pons
        fill_b = free[2]
    hand1 = concealed + pon_a * 2 + pon_b * 2 + single_a + single_b
    draws = pon_a + fill_a + fill_a + pon_b + fill_b + fill_b + tile
    if fill_b == fill_a:  # only five honors free: one pair of fillers from the suits' far ends
        draws = pon_a + fill_a + fill_a + pon_b + "5m5m" + tile
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], draws))
    for pon, single in ((pon_a, single_a), (pon_b, single_b)):
        discard(r, 0, pon, auto_pass=False)
        take(r, 1, Pon)
        discard(r, 1, single)
        play_until(r, 0)
    assert len(r.hand(1)) == 7
    discard(r, 0, tile, auto_pass=False)
    return r


# (concealed 7 tiles, called tile, chi shape, whether the chi is offered): the chi is offered
# only when the hand keeps a tile kuikae allows to discard after it.
def _offer_cases():
    out = []
    for i, s in enumerate(SUITS):
        nxt = f"1{SUITS[i + 1]}" if i < 2 else "1z"
        prv = f"9{SUITS[i - 1]}" if i > 0 else "7z"
        n3 = nxt[0] * 3 + nxt[1]
        y = SUITS[(i + 1) % 3]
        other = (f"1{y}", f"9{y}")
        p3 = prv[0] * 3 + prv[1]
        out += [
            # 66 78 999: after chi 6 with 78 only 6 and 9 are left, both forbidden
            pytest.param(f"6678999{s}", f"6{s}", f"78{s}", False, None, id=f"chi-6{s}-78{s}-all-forbidden"),
            # 111 23 44: after chi 4 with 23 only 1 and 4 are left, both forbidden
            pytest.param(f"1112344{s}", f"4{s}", f"23{s}", False, None, id=f"chi-4{s}-23{s}-all-forbidden"),
            # no pon either (one copy of the called kind): seat 1 is not asked at all
            pytest.param(f"6789999{s}", f"6{s}", f"78{s}", False, other, id=f"only-chi-6{s}-78{s}-all-forbidden"),
            pytest.param(f"1111234{s}", f"4{s}", f"23{s}", False, other, id=f"only-chi-4{s}-23{s}-all-forbidden"),
            # 77 89 + three of the next kind: that kind is not a suji of 7
            pytest.param(f"7789{s}{n3}", f"7{s}", f"89{s}", True, None, id=f"chi-7{s}-89{s}-keeps-{nxt}"),
            pytest.param(f"1233{s}{p3}", f"3{s}", f"12{s}", True, None, id=f"chi-3{s}-12{s}-keeps-{prv}"),
        ]
    return out


@pytest.mark.parametrize("concealed,called,own,offered,pons", _offer_cases())
def test_chi_offered_only_when_a_discard_kuikae_allows_remains(
    concealed, called, own, offered, pons
):
    r = _after_two_pons(concealed, called, pons)
    chi = _chi_with(r, 1, own) if 1 in r.seats_to_act else None
    assert (chi is not None) == offered, (r.phase, r.seats_to_act, r.legal_actions(1))
    # a seat is asked only when it may do more than pass
    assert 1 not in r.seats_to_act or len(r.legal_actions(1)) > 1
    if offered:
        r.step(chi)
        pass_all(r)
        assert _discard_kinds(r, 1) - {_kind(called)}


# ---------------------------------------------------------------------- pao through a daiminkan
def test_pao_daisangen_when_the_third_dragon_is_a_daiminkan():
    # seat 1 pons 5z and 6z from seat 0, then calls daiminkan on seat 2's 7z: seat 2 is liable
    hand1 = "55z66z777z123m9s1p9p"
    draws = "5z2p3p6z7z4p9s"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], draws, rinshan="1s"))
    for dragon, single in (("5z", "1p"), ("6z", "9p")):
        discard(r, 0, dragon, auto_pass=False)
        take(r, 1, Pon)
        discard(r, 1, single)
        if dragon == "5z":
            play_until(r, 0)
    discard(r, 2, "7z", auto_pass=False)
    take(r, 1, Daiminkan)
    discard(r, 1, "1s")
    play_until(r, 3)
    discard(r, 3, "9s", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    (win,) = r.result.wins
    assert any(n.startswith("daisangen") for n, _ in win.score.yakuman)
    assert win.pao_seat == 2
    v = win.score.points
    assert win.deltas == (0, v, -v // 2, -v // 2)


def test_pao_daisuushii_when_the_fourth_wind_is_a_daiminkan():
    hand1 = "11z22z33z444z5m1p9p9s"
    draws = "1z2p3p2z4p6p3z4z7p5m"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], draws, rinshan="1s"))
    for wind, single in (("1z", "1p"), ("2z", "9p"), ("3z", "9s")):
        discard(r, 0, wind, auto_pass=False)
        take(r, 1, Pon)
        discard(r, 1, single)
        if wind != "3z":
            play_until(r, 0)
    discard(r, 2, "4z", auto_pass=False)
    take(r, 1, Daiminkan)
    discard(r, 1, "1s")
    play_until(r, 3)
    discard(r, 3, "5m", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    (win,) = r.result.wins
    assert "daisuushii" in dict(win.score.yakuman)
    assert win.pao_seat == 2
    v = win.score.points
    assert win.deltas == (0, v, -v // 2, -v // 2)


def test_no_pao_when_the_second_dragon_is_called_and_the_third_is_concealed():
    # seat 1 pons 5z from seat 0 and 6z from seat 2 and holds 777z concealed: no call made
    # the daisangen certain, so nobody is liable (Tenhou's pao is for the third dragon's call)
    hand1 = "55z66z777z123m1p9p9s"
    draws = "5z6z4p9s"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], draws))
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1p")
    discard(r, 2, "6z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9p")
    play_until(r, 3)
    discard(r, 3, "9s", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    (win,) = r.result.wins
    assert any(n.startswith("daisangen") for n, _ in win.score.yakuman)
    assert win.pao_seat is None
    v = win.score.points
    assert win.deltas == (0, v, 0, -v)


def test_no_pao_when_the_third_wind_is_called_and_the_fourth_is_concealed():
    # the same for daisuushii: three wind pons (the third from seat 2), the fourth concealed
    hand1 = "11z22z33z444z1p9p9s5m"
    draws = "1z2p3p2z3z4p5m"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], draws))
    discard(r, 0, "1z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1p")
    play_until(r, 0)
    discard(r, 0, "2z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9p")
    discard(r, 2, "3z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9s")
    play_until(r, 3)
    discard(r, 3, "5m", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    (win,) = r.result.wins
    assert "daisuushii" in dict(win.score.yakuman)
    assert win.pao_seat is None
    v = win.score.points
    assert win.deltas == (0, v, 0, -v)


# ---------------------------------------------------------------------- mjai hora without pai
def _chankan_events() -> list:
    """A round where seat 1 pons 3s from seat 0, draws the fourth 3s and adds it (kakan), and
    seat 2, waiting on 3s, robs it (chankan): the event list of a one-round game."""
    hands = ["3s", "33s", "123m456p789s11z24s", ""]
    draws = "7z" + "8m8p8s" + "3s"  # s0 draws 7z; after the pon and a discard: s2 s3 s0, s1
    r = Round(make_rules(), scripted_wall(hands, draws))
    discard(r, 0, "3s", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1z")
    play_until(r, 1)
    assert r.state["drawn"] >> 2 == _kind("3s")
    take(r, 1, Kakan, auto_pass=False)
    r.step(Ron(2))
    pass_all(r)
    assert r.result.wins[0].seat == 2
    return [StartGame(names=("a", "b", "c", "d")), *r.events, EndGame()]


def test_mjai_hora_without_pai_after_kakan_takes_the_added_tile():
    events = _chankan_events()
    kakan = next(e for e in events if e.type == "kakan")
    last_dahai = next(e for e in reversed(events) if e.type == "dahai")
    assert last_dahai.pai != kakan.pai  # else the test could not tell the two apart
    objs = [json.loads(line) for line in to_mjai_lines(events).splitlines()]
    for o in objs:
        if o["type"] == "hora":
            del o["pai"]  # as riichienv writes it
    got = read_mjai("\n".join(json.dumps(o) for o in objs)).events
    (hora,) = [e for e in got if e.type == "hora"]
    assert hora.pai == kakan.pai
    assert got == events


# ---------------------------------------------------------------------- open ittsu
def test_ittsu_is_two_han_closed_and_one_han_open():
    closed = riichi.score("123456m234p55s789m", "3m")
    opened = riichi.score("123456m234p55s chi:789m", "3m")
    assert dict(closed.yaku) == {"ittsu": 2}
    assert dict(opened.yaku) == {"ittsu": 1}
    assert opened.han == 1 and opened.points == 1500  # 1 han 30 fu, non-dealer ron
    # the chi may be any of the three runs
    assert dict(riichi.score("456789m234p55s chi:123m", "4m").yaku) == {"ittsu": 1}


# ---------------------------------------------------------------------- double ron order
def test_double_ron_winners_in_turn_order_from_the_discarder_not_by_seat_number():
    # seat 2 discards 6m; seats 1 and 3 both win. From seat 2 the turn order is 3, 0, 1:
    # seat 3 is the first winner (honba and kyotaku), whatever order the rons were declared in
    hands = ["", "234m456p678s345s6m", "", "234p567p345s678s6m"]
    r = Round(make_rules(), scripted_wall(hands, "1z2z6m"), honba=2, kyotaku=1)
    play_until(r, 2)
    discard(r, 2, "6m", auto_pass=False)
    assert {1, 3} <= set(r.seats_to_act)
    r.step(Ron(1))
    r.step(Ron(3))
    pass_all(r)
    res = r.result
    assert [w.seat for w in res.wins] == [3, 1]
    v3, v1 = (w.score.points for w in res.wins)
    assert res.wins[0].deltas[3] == v3 + 600 + 1000
    assert res.wins[1].deltas[1] == v1
    assert res.deltas[2] == -(v1 + v3 + 600)
    assert [e.actor for e in r.events if e.type == "hora"] == [3, 1]


# ---------------------------------------------------------------------- nagashi voided by a call
def test_nagashi_mangan_voided_when_a_discard_is_called():
    # seat 1 discards only terminals and honors to the end, but its first discard (1z) is
    # ponned by seat 2: no nagashi mangan (an ordinary exhaustive draw)
    terms = ["1m", "9m", "1p", "9p", "1s", "9s", "2z", "3z", "4z", "5z", "6z", "7z"]
    mids = [f"{n}{suit}" for suit in "mps" for n in (2, 3, 4, 6, 7, 8)]
    draws = ["2m", "1z"]  # s0, s1; then s2 pons and discards: the draws go s3 s0 s1 s2 ...
    j = 0
    for i in range(2, 69):
        if (i + 1) % 4 == 1:
            draws.append(terms[j % len(terms)])
            j += 1
        else:
            draws.append(mids[i % len(mids)])
    hands = ["", "", "11z", ""]
    r = Round(make_rules(), scripted_wall(hands, "".join(draws)))
    tsumogiri_passing(r, 0)
    tsumogiri_passing(r, 1, keep_claims=True)
    take(r, 2, Pon)
    discard(r, 2, r_hand_text_not(r, 2, "1z"))
    while not r.is_over:
        pass_all(r)
        if not r.is_over:
            tsumogiri_passing(r, r.current_seat)
    discards1 = [e.pai for e in r.events if e.type == "dahai" and e.actor == 1]
    assert all(t.kind in (0, 8, 9, 17, 18, 26) or t.kind >= 27 for t in discards1)
    assert r.result.kind == "exhaustive" and r.result.reason != "nagashi_mangan"


def tsumogiri_passing(r: Round, seat: int, keep_claims: bool = False) -> None:
    r.step(Discard(seat, r.state["drawn"], True))
    if not keep_claims:
        pass_all(r)


def r_hand_text_not(r: Round, seat: int, text: str) -> str:
    """Text of a tile of ``seat``'s hand that is not of kind ``text``."""
    k = _kind(text)
    t = next(t for t in r.hand(seat) if t >> 2 != k)
    kind = t >> 2
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}" if kind < 27 else f"{kind - 26}z"


# ---------------------------------------------------------------------- tenhou.net/6 daiminkan
def test_tenhou6_daiminkan_from_the_right_is_m_at_six_and_reads_back():
    # seat 1 calls daiminkan on 5z discarded by seat 2 (its shimocha, on its right)
    g = Game(make_rules(length="one_round"), seed=3, walls=[
        scripted_wall(["", "555z", "", ""], "1m1p5z", rinshan="9s")
    ])
    r = g.round
    while r.current_seat != 2:
        g.step(Discard(r.current_seat, r.state["drawn"], True))
        for s in list(r.seats_to_act) if r.phase == "claim" else []:
            g.step(riichi.actions.Pass(s))
    discard(g, 2, "5z", auto_pass=False)
    take(g, 1, Daiminkan, auto_pass=False)
    draw_out(g)
    dm = next(e for e in g.events if e.type == "daiminkan")
    assert (dm.actor, dm.target) == (1, 2)
    doc = json.loads(json.dumps(to_tenhou6(g.events), ensure_ascii=False))
    takes1 = doc["log"][0][4 + 3 * 1 + 1]
    assert "454545m45" in takes1  # the "m" after three own tiles: called from the right
    back = read_tenhou6(json.dumps(doc, ensure_ascii=False)).events
    dm_back = next(e for e in back if e.type == "daiminkan")
    assert (dm_back.actor, dm_back.target) == (1, 2)


# ---------------------------------------------------------------------- agari-yame at the target
def _all_last_dealer_tsumo(scores, **kw) -> Game:
    """South 4, dealer seat 3 (tenpai on 6z/1s) tsumogiri once, then tsumo 6z on its second
    draw (hatsu, menzen tsumo; not a tenhou)."""
    wall = scripted_wall(["", "", "", "123m456p789s66z11s"], "9m2m2p2s6z", dealer=3, dora="9p")
    g = Game(make_rules(**kw), seed=6, walls=[wall], round_wind=1, dealer=3, scores=scores)
    r = g.round
    for seat in (3, 0, 1, 2):
        g.step(Discard(seat, r.state["drawn"], True))
        while r.phase == "claim":
            g.step(riichi.actions.Pass(r.seats_to_act[0]))
    g.step(Tsumo(3))
    return g


def test_agari_yame_when_the_dealer_reaches_exactly_the_target():
    # hatsu + menzen tsumo, 2 han 30 fu: 1000 all, the dealer gains 3000
    g = _all_last_dealer_tsumo([24000, 24000, 25100, 26900])
    assert g.scores[3] == 29900 and not g.is_over  # top but short: renchan
    g = _all_last_dealer_tsumo([24000, 24000, 25000, 27000])
    assert g.scores == [23000, 23000, 24000, 30000]
    assert g.is_over
    g = _all_last_dealer_tsumo([24000, 24000, 25000, 27000], agari_yame=False)
    assert not g.is_over


def test_all_last_ends_when_the_top_has_exactly_the_target():
    from scripted import TENPAI_13

    # South 4, only seat 0 tenpai: it gets 3000 to exactly 30000, the game ends (no West)
    wall = scripted_wall([TENPAI_13, "", "", ""], dealer=3)
    g = Game(make_rules(), seed=8, walls=[wall], round_wind=1, dealer=3,
             scores=[27000, 25000, 24000, 24000])
    draw_out(g)
    assert g.scores == [30000, 24000, 23000, 23000]
    assert g.is_over


# ---------------------------------------------------------------------- offers the round refuses
def _types(r: Round, seat: int) -> set[type]:
    return {type(a) for a in r.legal_actions(seat)}


def test_kyuushu_needs_nine_kinds_eight_are_not_enough():
    eight = "1239m19p19s12z456p"  # 1m 9m 1p 9p 1s 9s East South: eight kinds
    r = Round(make_rules(), scripted_wall([eight, "", "", ""], "5s"))
    assert Kyuushu not in _types(r, 0)
    nine = "1239m19p19s123z56p"  # West as the ninth kind
    r = Round(make_rules(), scripted_wall([nine, "", "", ""], "5s"))
    assert Kyuushu in _types(r, 0)


def test_no_riichi_with_an_open_hand_in_tenpai():
    # seat 1 pons 5z, then holds 123m 456p 789s 1p + a drawn 2p: tenpai after either, but open
    hand1 = "55z123m456p789s19p"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], "5z2p"))
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9p")
    play_until(r, 1)
    acts = r.legal_actions(1)
    assert any(isinstance(a, Discard) for a in acts)
    assert not any(isinstance(a, Riichi) for a in acts)


def _furiten_round(own_draw: str) -> Round:
    # seat 1 waits on 4p-7p (tanyao pinfu); it draws ``own_draw`` and discards it, then seat 2
    # discards 7p
    hand1 = "234m345p678s55s56p"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], "9s" + own_draw + "7p"))
    play_until(r, 1)
    discard(r, 1, own_draw)
    play_until(r, 2)
    discard(r, 2, "7p", auto_pass=False)
    return r


def test_no_ron_offered_on_a_wait_the_seat_discarded_itself():
    clean = _furiten_round("1m")
    assert 1 in clean.seats_to_act and Ron(1) in clean.legal_actions(1)
    furiten = _furiten_round("4p")  # 4p, one of its waits, in its own river
    assert Ron(1) not in furiten.legal_actions(1)
    assert 1 not in furiten.seats_to_act


def test_no_fifth_kan_after_one_seat_made_four():
    # seat 1 makes four ankan (1m 2m 3m on its first turn, 4m on its second); then seat 3
    # draws its fourth 8s and seat 0 discards the 7p seat 2 holds three of: no kan for either
    hands = ["", "1111m2222m3333m9p", "777p", "888s"]
    draws = "9s5z2s3s4s4m" + "1s8s7p"
    r = Round(make_rules(), scripted_wall(hands, draws, rinshan="4m4m4m6z"))
    play_until(r, 1)
    for _ in range(3):
        take(r, 1, Ankan)
    discard(r, 1, "5z")
    play_until(r, 1)
    take(r, 1, Ankan)
    discard(r, 1, "6z")
    assert [m[0] for m in r.state["melds"][1]] == ["ankan"] * 4 and r.state["kans"] == [1] * 4
    play_until(r, 3)
    assert r.hand(3).count(r.state["drawn"]) == 1 and r.state["drawn"] >> 2 == _kind("8s")
    assert Ankan not in _types(r, 3)
    tsumogiri(r, 3)
    play_until(r, 0)
    discard(r, 0, "7p", auto_pass=False)
    assert Pon in _types(r, 2)
    assert Daiminkan not in _types(r, 2)


def test_tobi_only_below_zero_not_at_exactly_zero():
    # the dealer deals a 3200 ron (ittsu, 50 fu) holding exactly 3200: the game goes on
    wall = scripted_wall(["7z", "123456789m111s7z", "", ""], "9p")
    g = Game(make_rules(), seed=3, walls=[wall], scores=[3200, 32000, 32400, 32400])
    discard(g, 0, "7z", auto_pass=False)
    g.step(Ron(1))
    pass_all(g)
    assert g.scores[0] == 0
    assert not g.is_over


# ---------------------------------------------------------------------- ippatsu, double riichi
def _yaku_names(r: Round) -> list[str]:
    (win,) = r.result.wins
    return [n for n, _ in win.score.yaku]


def test_ippatsu_ends_with_the_riichi_players_own_next_discard():
    # seat 1 declares (double) riichi on its first discard (waiting 1s-4s), draws and
    # discards once more, then rons 1s
    hand1 = "123m456p789s23s55p"
    r = Round(make_rules(), scripted_wall(["", hand1, "", ""], "2z9p3z4z6z8p1s"))
    play_until(r, 1)
    discard(r, 1, "9p", riichi=True)
    play_until(r, 1)
    tsumogiri(r, 1)
    play_until(r, 2)
    discard(r, 2, "1s", auto_pass=False)
    r.step(Ron(1))
    pass_all(r)
    names = _yaku_names(r)
    assert "double_riichi" in names and "ippatsu" not in names


def test_no_double_riichi_after_a_call_before_the_first_discard():
    # seat 2 pons seat 0's first discard; seat 3 then declares riichi on its first discard:
    # a plain riichi (the first go-around was interrupted), with ippatsu on seat 0's 1s
    hands = ["5z", "", "55z", "123m456p789s23s55p"]
    r = Round(make_rules(), scripted_wall(hands, "2z9p1s"))
    discard(r, 0, "5z", auto_pass=False)
    take(r, 2, Pon)
    pon_discard = next(a for a in r.legal_actions(2) if isinstance(a, Discard))
    r.step(pon_discard)
    pass_all(r)
    discard(r, 3, "9p", riichi=True)
    play_until(r, 0)
    discard(r, 0, "1s", auto_pass=False)
    r.step(Ron(3))
    pass_all(r)
    names = _yaku_names(r)
    assert "riichi" in names and "double_riichi" not in names and "ippatsu" in names


# ---------------------------------------------------------------------- rinshan is not haitei
def test_a_kan_on_the_next_to_last_tile_wins_rinshan_not_haitei():
    # seat 0 draws 8s with one live tile left, makes ankan 1m; the replacement 8s (the live
    # wall now empty) completes the hand: rinshan kaihou, no haitei
    wall = scripted_wall(["1111m234p567s789s", "", "", ""], "8s", live=1, rinshan="8s")
    r = Round(make_rules(), wall)
    play_until(r, 0, left=1)
    assert r.state["drawn"] >> 2 == _kind("8s")
    take(r, 0, Ankan)
    assert r.live_tiles_left == 0
    assert Tsumo(0) in r.legal_actions(0)
    r.step(Tsumo(0))
    names = _yaku_names(r)
    assert "rinshan_kaihou" in names and "haitei_raoyue" not in names


# ---------------------------------------------------------------------- suufon renda
def test_no_suufon_renda_when_the_four_winds_are_not_all_the_same():
    r = Round(make_rules(), scripted_wall(["1z", "1z", "1z", "2z"], "9m9m9m9m"))
    for s, wind in enumerate(["1z", "1z", "1z", "2z"]):
        discard(r, s, wind)
    assert not r.is_over
    r = Round(make_rules(), scripted_wall(["2z", "2z", "2z", "2z"], "9m9m9m9m"))
    for s in range(4):
        discard(r, s, "2z")
    assert r.is_over and r.result.reason == "suufon_renda"
