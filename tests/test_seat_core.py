"""The core's per-seat hand questions answer as the rules say.

At every decision point (the turn seat's actions after a draw or a call, every other seat's
answers to a discard, or to a kakan, ankan or kita tile it may rob) of seeded self-play games
under varied rules, three and four players, and of real Tenhou games stepped through their
logged actions, three answers must be equal, in the same order: the slow reference of
tests/seat_support.py (the rules spelled out in Python from the round's tiles), the round's
own legal actions (its ``SeatHand`` per seat, kept by their updates since the deal) and fresh
``_core.SeatHand`` / ``_core.discard_answers`` objects built from the round's state. Plus
notation-level cases of the API, its errors, and copies and pickles of a hand.
"""

from __future__ import annotations

import pytest

from conftest import SHARED
from engine_support import require_slow
from riichi import _core
from riichi.actions import Ankan, Kakan, Nukidora
from riichi.errors import RiichiError
from riichi.rules import Rules
from seat_support import (
    action_tuple,
    core_answers,
    log_points,
    reference_answers,
    reference_claims,
    round_answers,
    seat_hand,
    seat_table,
    selfplay_points,
)

RULES = {
    "tenhou": Rules(),
    "kuikae_allowed_no_kuitan": Rules(kuikae="allowed", kuitan=False),
    "strict_riichi": Rules(furiten_riichi=False, riichi_min_live_tiles=8, riichi_min_points=0),
    "no_kyuushu_no_red": Rules(kyuushu_kyuuhai=False, red_fives=(0, 0, 0)),
    "two_red_pin_kokushi_robs_ankan": Rules(red_fives=(1, 2, 1), kokushi_chankan_ankan=True),
    "mahjong_soul": Rules.mahjong_soul(),
    "tenhou_sanma": Rules.tenhou_sanma(),
    "mahjong_soul_sanma": Rules.mahjong_soul_sanma(),
    "riichi_without_tenpai": Rules(riichi_requires_tenpai=False, furiten_riichi=False),
    "kuikae_same_tile": Rules(kuikae="same_tile"),
    "riichi_ankan_same_reading": Rules(riichi_ankan="same_reading"),
    "riichi_ankan_forbidden_kuikae_none": Rules(riichi_ankan="forbidden", kuikae="none"),
}


class _Check:
    def __init__(self) -> None:
        self.kinds: dict[str, int] = {}

    def __call__(self, point) -> None:
        want = reference_answers(point)
        got = round_answers(point)
        assert got == want, f"{point[0]} {point[2:]}: round {got} != reference {want}"
        fresh = core_answers(point)
        assert fresh == want, f"{point[0]} {point[2:]}: fresh core {fresh} != reference {want}"
        for acts in want.values():
            for a in acts:
                self.kinds[a[0]] = self.kinds.get(a[0], 0) + 1
        if point[0] == "rob":
            self.kinds["rob"] = self.kinds.get("rob", 0) + 1
        if point[0] == "turn":
            self.robbing(point[1], point[2])

    def robbing(self, rnd, s) -> None:
        """Every kakan, ankan (under kokushi_chankan_ankan) or kita on offer, stepped on a
        copy of the round: the seats it offers a ron equal the core's robbed answers (none
        at all, most often, and then the round moves on without a claim)."""
        for a in rnd.legal_actions(s):
            if isinstance(a, Kakan):
                kind, tile = "kakan", a.tile
            elif isinstance(a, Ankan) and rnd.rules.kokushi_chankan_ankan:
                kind, tile = "ankan", a.consumed[0]
            elif isinstance(a, Nukidora):
                kind, tile = "nukidora", a.tile
            else:
                continue
            after = rnd.clone()
            after.step(a)
            c = after._claim
            want = {}
            if after.phase == "claim" and c is not None and c.kind == kind:
                want = {o: [action_tuple(x) for x in acts] for o, acts in c.options.items()}
            ref = reference_claims(after, s, tile, kind)
            assert want == ref, f"{kind} {tile} by {s}: round {want} != reference {ref}"
            hands = [seat_hand(after, o) for o in range(rnd.rules.num_players)]
            got = dict(_core.robbed_answers(hands, s, tile, kind, seat_table(after)))
            assert got == want, f"{kind} {tile} by {s}: core {got} != round {want}"
            self.kinds["robbable"] = self.kinds.get("robbable", 0) + 1


@pytest.mark.parametrize("name", sorted(RULES))
def test_round_and_core_answer_as_the_reference_in_selfplay(name):
    check = _Check()
    seen = selfplay_points(RULES[name], games=2, seed=11, visit=check)
    assert seen > 500
    # the walk reached the questions that matter, not only discards and passes
    assert {"discard", "pass"} <= set(check.kinds)
    assert set(check.kinds) & {"pon", "chi", "ron", "tsumo", "riichi"}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULES))
def test_round_and_core_answer_as_the_reference_in_selfplay_long(name, request):
    require_slow(request)
    check = _Check()
    selfplay_points(RULES[name], games=30, seed=5, visit=check)
    assert {"discard", "riichi", "pon", "pass", "ankan"} <= set(check.kinds)
    assert {"tsumo", "ron"} & set(check.kinds)


def _mjlogs(limit: int):
    root = SHARED / "data" / "mjlog"
    if not root.exists():
        pytest.skip(f"real logs not found at {root}")
    files = sorted(p for p in root.rglob("*") if p.is_file())
    step = max(1, len(files) // limit)
    return files[::step][:limit]


def _mjlog_games(limit: int):
    from riichi.errors import RiichiError as _E
    from riichi.logs import parse_log

    out = []
    for p in _mjlogs(limit * 3):
        try:
            log = parse_log(p.read_bytes(), str(p))
            seed = log.start.seed or ""
            if log.start.players == 4 and seed.startswith("mt19937ar-sha512-n288-base64,"):
                out.append(p)
        except (_E, AttributeError):
            continue
        if len(out) == limit:
            break
    return out


def test_round_and_core_answer_as_the_reference_on_real_games():
    check = _Check()
    seen = 0
    games = _mjlog_games(6)
    assert games, "no replayable mjlog games"
    for path in games:
        seen += log_points(path, check)
    assert seen > 1000
    assert {"discard", "riichi", "pon", "chi", "pass"} <= set(check.kinds)


@pytest.mark.slow
def test_round_and_core_answer_as_the_reference_on_many_real_games(request):
    require_slow(request)
    check = _Check()
    for path in _mjlog_games(80):
        log_points(path, check)
    for kind in ("discard", "riichi", "tsumo", "ron", "pon", "chi", "ankan", "kakan"):
        assert kind in check.kinds, kind


# ------------------------------------------------------------------ the API on written hands
def _ids(text: str) -> list[int]:
    """Physical ids of mpsz text: the lowest copy of each kind not yet used."""
    used: set[int] = set()
    out = []
    for k in _core.parse_tiles(text):
        t = next(t for t in range(4 * k, 4 * k + 4) if t not in used)
        used.add(t)
        out.append(t)
    return out


def _table(**kw):
    kw.setdefault("live_left", 50)
    return _core.SeatTable(Rules(), **kw)


def test_turn_after_a_chi_leaves_out_the_kuikae_kinds():
    # chi of 4s with 56s: 4s (the called kind) and 7s (the run's other end) may not go
    hand = _core.SeatHand(0, _ids("123m456p47s9s11z"), None, [_core.Meld.parse("chi:456s")])
    kinds = [a[1] >> 2 for a in hand.turn_actions(_table())]
    assert kinds == [0, 1, 2, 12, 13, 14, 21, 24, 26, 27]
    forbid = _core.SeatHand(
        0, _ids("123m456p47s9s11z"), None, [_core.Meld.parse("chi:456s")], kuikae=[21, 24]
    )
    acts = forbid.turn_actions(_table())
    assert all(a[0] == "discard" and not a[2] for a in acts)
    assert [a[1] >> 2 for a in acts] == [0, 1, 2, 12, 13, 14, 26, 27]


def test_riichi_discards_keep_tenpai():
    ids = _ids("123m456p789s1122z3z")
    hand = _core.SeatHand(0, ids, ids[-1])
    acts = hand.turn_actions(_table())
    assert [a for a in acts if a[0] == "riichi"] == [("riichi", ids[-1], True)]
    assert hand.waits == [27, 28]  # the waits before the draw
    # too few live tiles, too few points, an open hand: no riichi
    assert not [a for a in hand.turn_actions(_table(live_left=3)) if a[0] == "riichi"]
    poor = _core.SeatHand(0, ids, ids[-1], points=900)
    assert not [a for a in poor.turn_actions(_table()) if a[0] == "riichi"]


def test_ron_needs_a_yaku_and_no_furiten():
    # seat 2 (West), East round: a shanpon on 1z (the round wind: a yaku) and 2z (none)
    ids = _ids("234m678p678s11z22z")
    hand = _core.SeatHand(2, ids, None)
    table = _table(dealer=0)
    assert hand.discard_answers(4 * 27 + 3, False, table) == [
        ("ron",),
        ("pon", 111, (ids[9], ids[10])),
        ("pass",),
    ]
    assert hand.discard_answers(4 * 28 + 3, False, table) == [
        ("pon", 115, (ids[11], ids[12])),
        ("pass",),
    ]
    furiten = _core.SeatHand(2, ids, None, river_kinds=[28])
    assert furiten.furiten
    assert ("ron",) not in furiten.discard_answers(4 * 27 + 3, False, table)
    # in riichi: no calls, the ron stays
    riichi = _core.SeatHand(2, ids, None, riichi=True)
    assert riichi.discard_answers(4 * 27 + 3, False, table) == [("ron",), ("pass",)]


def test_discard_answers_over_the_table():
    table = _core.SeatTable(Rules(), live_left=40, dealer=0)
    seats = [
        _core.SeatHand(0, _ids("9m19p19s12345677z"), None),
        _core.SeatHand(1, _ids("23m456p789s11z222z"), None),  # kamicha: 1m/4m, South
        _core.SeatHand(2, _ids("11m456p789s11z222z"), None),  # 1m/1z, no yaku on 1m
        _core.SeatHand(3, _ids("345m456p789s1z222z"), None),
    ]
    answers = _core.discard_answers(seats, 0, 3, table)  # seat 0 discards 1m (id 3)
    assert answers == [
        (1, [("ron",), ("chi", 3, (4, 8)), ("pass",)]),
        (2, [("pon", 3, (0, 1)), ("pass",)]),
    ]
    # one seat's own question gives the same answer
    assert seats[2].discard_answers(3, False, table) == answers[1][1]
    with pytest.raises(RiichiError, match="seat order"):
        _core.discard_answers(seats[::-1], 0, 3, table)


def test_bad_input_is_named():
    with pytest.raises(RiichiError, match="drawn"):
        _core.SeatHand(0, _ids("123m456p789s1122z"), 135)
    with pytest.raises(RiichiError, match="ids"):
        _core.SeatHand(0, [0, 0, *_ids("23m456p789s1122z")[:11]], None)
    with pytest.raises(RiichiError, match="ids"):
        _core.SeatHand(0, _ids("123m456p789s11z"), None)
    with pytest.raises(RiichiError, match="kuikae"):
        _core.SeatHand(0, _ids("123m456p789s1122z"), None, kuikae=[34])
    with pytest.raises(RiichiError, match="live_left"):
        _core.SeatTable(Rules(), live_left=-1)


def test_a_change_that_would_hold_a_fifth_copy_is_refused_where_it_comes_in():
    """The hand is checked as tiles come in (so the questions of every turn need not check
    it again): a fifth copy with the melds' is named when the hand is made, drawn or melded,
    even where no waits are asked then, and the hand is left as it was."""
    pon = _core.Meld.parse("pon:111m")
    with pytest.raises(RiichiError, match="1m"):  # 3n+2, nothing drawn: no waits asked
        _core.SeatHand(0, _ids("11m234567p234s"), None, [pon])
    h = _core.SeatHand(0, _ids("1m234567p234s"), None, [pon])
    before = h.__reduce__()
    with pytest.raises(RiichiError, match="1m"):
        h.draw(1)  # another 1m: five with the pon's three
    assert h.__reduce__() == before
    g = _core.SeatHand(0, _ids("1333m3333p23456s"), None)
    before = g.__reduce__()
    with pytest.raises(RiichiError, match="3p"):  # a pon of three more 3p
        g.add_meld(_core.Meld.parse("pon:333p"), _ids("33p"), [])
    with pytest.raises(RiichiError, match="from_hand"):  # one tile for a pon
        g.add_meld(_core.Meld.parse("pon:333m"), _ids("3m"), [])
    assert g.__reduce__() == before


def test_a_copied_or_pickled_hand_keeps_every_fact():
    """A copy (the round's clone) and a pickle keep the waits a chi left (not those of the
    tiles alone), the furiten flags, riichi, points and kuikae."""
    import copy
    import pickle

    ids = _ids("23m456p789s11z222z")
    hand = _core.SeatHand(1, ids, None, river_kinds=[27], points=8000)
    hand.missed(0)  # 1m is a wait: temporary furiten
    chi = _core.Meld.parse("chi:123m@3")
    hand.add_meld(chi, [ids[0], ids[1]], _core.kuikae_kinds(chi))
    # 1m chi with 23m: 1m and 4m may not go next (suji kuikae)
    assert hand.waits == [0, 3] and hand.kuikae == [0, 3] and hand.temp_furiten
    for other in (copy.copy(hand), pickle.loads(pickle.dumps(hand))):
        assert other.waits == hand.waits and other.kuikae == [0, 3]
        assert other.ids == hand.ids and other.counts == hand.counts
        assert (other.temp_furiten, other.points, other.river_kinds) == (True, 8000, [27])
        assert other.turn_actions(_table()) == hand.turn_actions(_table())
    twin = copy.copy(hand)
    twin.discard(twin.ids[-1])
    assert hand.ids != twin.ids  # independent


def test_turn_codes_name_the_turn_actions():
    ids = _ids("123m456p789s1122z3z")
    hand = _core.SeatHand(0, ids, ids[-1])
    acts = hand.turn_actions(_table())
    codes = hand.turn_codes(_table())
    assert len(codes) == len(acts)
    for code, a in zip(codes, acts):
        if a[0] == "discard":
            assert code == 2 * a[1] + a[2]
        elif a[0] == "riichi":
            assert code == 272 + 2 * a[1] + a[2]


def test_no_call_while_a_fourth_kan_by_two_seats_ends_the_round():
    ids = _ids("234m678p678s11z22z")
    hand = _core.SeatHand(2, ids, None)
    pon = 4 * 28 + 3  # 2z: pon only (no yaku on it)
    assert hand.discard_answers(pon, False, _table(kans=4, kan_seats=1))[0][0] == "pon"
    assert hand.discard_answers(pon, False, _table(kans=4, kan_seats=2)) == []
    no_rule = _core.SeatTable(Rules(suukaikan=False), live_left=50, kans=4, kan_seats=2)
    assert hand.discard_answers(pon, False, no_rule)[0][0] == "pon"
    with pytest.raises(RiichiError, match="kan_seats"):
        _table(kans=2, kan_seats=3)


def test_turn_find_gives_the_listed_discard_of_a_tile_class():
    ids = _ids("123m406p789s1122z3z")  # the 5p is the red one (id 52)
    hand = _core.SeatHand(0, ids, ids[-1])
    table = _table()
    acts, codes = hand.turn_actions(table), hand.turn_codes(table)
    for a, code in zip(acts, codes):
        if a[0] in ("discard", "riichi"):
            cls = (a[1] >> 2) * 2 + (a[1] == 52)
            assert hand.turn_find(table, a[0] == "riichi", cls, a[2]) == code
    red_five = 13 * 2 + 1
    assert hand.turn_find(table, False, red_five, False) == 2 * 52
    assert hand.turn_find(table, False, red_five - 1, False) == -1  # no plain 5p held
    assert hand.turn_find(table, False, 29 * 2, False) == -2  # 3z is the drawn tile
    assert hand.turn_find(table, True, 29 * 2, True) == 272 + 2 * ids[-1] + 1
    assert hand.turn_find(table, True, 0, False) == -1  # 1m leaves no tenpai
    with pytest.raises(RiichiError, match="cls"):
        hand.turn_find(table, False, 68, False)


def test_discard_tile_moves_the_hand_and_answers_or_lets_the_tile_go_by():
    one_m = 3  # seat 0 draws the fourth 1m and discards it (seat 2 holds ids 0 and 1)

    def seats():
        return [
            _core.SeatHand(0, [*_ids("9m19p19s12345677z"), one_m], one_m),
            _core.SeatHand(1, _ids("23m456p789s11z222z"), None),  # 1m/4m: South, ron on 1m
            _core.SeatHand(2, _ids("11m456p789s11z222z"), None),  # shanpon 1m/1z: pon
            _core.SeatHand(3, _ids("345m456p789s1z222z"), None),
        ]

    table = _core.SeatTable(Rules(), live_left=40, dealer=0)
    hands = seats()
    want = _core.discard_answers(hands, 0, one_m, table)
    assert want  # seat 1 may ron or chi, seat 2 pon
    got = _core.discard_tile(hands, 0, one_m, 15, table)
    assert one_m not in hands[0].ids and 0 in hands[0].river_kinds
    assert got == _core.discard_answers(hands, 0, one_m, table) == want
    assert not hands[1].temp_furiten  # the claim is open: no miss yet
    # asked of nobody: the tile goes by, and seat 1 (waiting on it) is furiten
    hands = seats()
    assert _core.discard_tile(hands, 0, one_m, 0, table) == []
    assert hands[1].temp_furiten and hands[2].temp_furiten and not hands[3].temp_furiten
    # only seat 2 asked: its pon; seat 1 is not asked
    hands = seats()
    got = _core.discard_tile(hands, 0, one_m, 1 << 2, table)
    assert [o for o, _ in got] == [2]
    # a tile not held: named, nothing changes
    before = hands[3].ids
    with pytest.raises(RiichiError, match="discard"):
        _core.discard_tile(hands, 3, 135, 15, table)
    assert hands[3].ids == before


def test_discard_tile_draws_for_the_next_seat_only_when_nobody_answers():
    one_m = 3  # as above: seat 0 discards the fourth 1m; seat 1 may ron or chi, seat 2 pon

    def seats():
        return [
            _core.SeatHand(0, [*_ids("9m19p19s12345677z"), one_m], one_m),
            _core.SeatHand(1, _ids("23m456p789s11z222z"), None),
            _core.SeatHand(2, _ids("11m456p789s11z222z"), None),
            _core.SeatHand(3, _ids("345m456p789s1z222z"), None),
        ]

    nine_s = 4 * 26 + 3  # a tile nobody holds, for seat 1 to draw
    # nobody asked: the tile goes by and seat 1 draws, the live wall one tile shorter
    hands, table = seats(), _core.SeatTable(Rules(), live_left=40, dealer=0)
    assert _core.discard_tile(hands, 0, one_m, 0, table, nine_s) == []
    assert hands[1].drawn == nine_s and nine_s in hands[1].ids and table.live_left == 39
    assert hands[1].temp_furiten  # it missed the 1m first, as without the draw
    # answers: the claim opens, nobody draws, the wall is as it was
    hands, table = seats(), _core.SeatTable(Rules(), live_left=40, dealer=0)
    assert _core.discard_tile(hands, 0, one_m, 15, table, nine_s)
    assert hands[1].drawn is None and nine_s not in hands[1].ids and table.live_left == 40
    # a draw that cannot be made is named before anything changes
    for bad, live, match in ((hands[1].ids[0], 40, "already held"), (nine_s, 0, "no live")):
        hands, table = seats(), _core.SeatTable(Rules(), live_left=live, dealer=0)
        before = [h.ids for h in hands]
        with pytest.raises(RiichiError, match=match):
            _core.discard_tile(hands, 0, one_m, 0, table, bad)
        assert [h.ids for h in hands] == before and table.live_left == live


def test_honba_beyond_what_the_core_scores_is_named():
    from riichi.round import Round
    from riichi.wall import Wall

    assert Round(Rules(), Wall.from_seed(1), honba=20_000).honba == 20_000
    for bad in (2**32, 2**64):
        with pytest.raises(RiichiError, match="honba"):
            Round(Rules(), Wall.from_seed(1), honba=bad)
        with pytest.raises(RiichiError, match="honba"):
            _core.SeatTable(Rules(), live_left=50, honba=bad)


def test_the_kinds_kuikae_forbids_agree_between_the_core_and_the_player_view():
    from riichi.kyoku.calls import kuikae, kuikae_kinds

    rules = Rules()
    checked = 0
    for k in range(27):
        suit, n = "mps"[k // 9], k % 9 + 1
        pon = _core.Meld.parse(f"pon:{n}{n}{n}{suit}@1")
        assert list(kuikae_kinds(rules, pon)) == sorted(kuikae(rules, k))
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if not (1 <= n + a <= 9 and 1 <= n + b <= 9):
                continue
            chi = _core.Meld.parse(f"chi:{n}{n + a}{n + b}{suit}@3")  # the called tile first
            assert list(kuikae_kinds(rules, chi)) == sorted(kuikae(rules, k, k + a)), chi
            checked += 1
    assert checked == 7 * 3 * 3
    assert kuikae(Rules(kuikae="allowed"), 4) == ()


def test_turn_list_looks_the_turn_codes_up_or_defers_a_kan():
    from riichi.kyoku.state import TURN_CODES

    table = _core.SeatTable(Rules(), live_left=40)
    hand = _core.SeatHand(0, _ids("123m456p789s1122z3z"), _ids("123m456p789s1122z3z")[-1])
    codes = hand.turn_codes(table)
    got = hand.turn_list(table, TURN_CODES[0])
    assert got == [TURN_CODES[0][c] for c in codes]
    assert all(a is TURN_CODES[0][c] for a, c in zip(got, codes))  # the shared objects
    kan = _core.SeatHand(0, _ids("1111m456p789s1122z"), _ids("1111m456p789s1122z")[3])
    assert max(kan.turn_codes(table)) >= len(TURN_CODES[0])  # an ankan code
    assert kan.turn_list(table, TURN_CODES[0]) is None


def test_a_renewed_table_keeps_the_rules_and_checks_the_new_facts():
    """``SeatTable.renew`` (a new round's table, the rules not read again) is the table
    the constructor makes of the same rules and facts, and refuses what it refuses."""
    rules = Rules(riichi_min_live_tiles=8, red_fives=(0, 0, 0))
    proto = _core.SeatTable(rules, live_left=0)
    facts = dict(live_left=7, kans=1, kan_seats=1, dealer=2, round_wind=1,
                 dora_indicators=[3], honba=2, uninterrupted=True)  # fmt: skip
    renewed, fresh = proto.renew(**facts), _core.SeatTable(rules, **facts)
    for name in ("players", "live_left", "kans", "kan_seats", "uninterrupted", "rinshan",
                 "dora_indicators"):  # fmt: skip
        assert getattr(renewed, name) == getattr(fresh, name), name
    assert proto.live_left == 0 and proto.kans == 0  # the prototype is left as it was
    # the rules kept decide: 7 live tiles are too few to declare riichi (8 needed)
    hand = _core.SeatHand(0, _ids("123m456p789s1122z3z"), _ids("3z")[0], points=25000)
    riichi = {a for a in hand.turn_actions(renewed) if a[0] == "riichi"}
    assert riichi == {a for a in hand.turn_actions(fresh) if a[0] == "riichi"} == set()
    assert {a for a in hand.turn_actions(proto.renew(live_left=8)) if a[0] == "riichi"}
    for bad, match in (({"live_left": 137}, "live_left"), ({"live_left": 5, "kans": 2,
                       "kan_seats": 0}, "kan_seats"), ({"live_left": 5, "dealer": 4}, "dealer"),
                       ({"live_left": 5, "dora_indicators": [34]}, "dora_indicators")):  # fmt: skip
        with pytest.raises(RiichiError, match=match):
            proto.renew(**bad)


def _past_first_discard(hand):
    """``hand`` as after its seat's first discard (the state its pickle carries)."""
    state = list(hand.__reduce__()[1][0])
    b = list(state[6])
    b[2] = 1  # discards_made
    state[6] = tuple(b)
    return _core.SeatHand._from_state(tuple(state))


@pytest.mark.parametrize("red", [(1, 1, 1), (2, 1, 3), (0, 0, 0)])
def test_discard_run_codes_name_the_events_of_the_run(red):
    """``discard_run`` gives, beside the ids discarded, the code of each event of the run
    (a dahai, then the next seat's tsumo, per discard), the class ``kind * 2 + red`` under
    the hands' red-five rule."""
    rules = Rules(red_fives=red)
    three_z = _ids("33z")
    hands = [
        _core.SeatHand(0, _ids("123m0678p999s11z33z"), three_z[1], red_fives=red),
        _core.SeatHand(1, _ids("789m1122334s555z"), None, red_fives=red),
        _core.SeatHand(2, _ids("11223344p66z777z"), None, red_fives=red),
        _core.SeatHand(3, _ids("234m567p234s5566z"), None, red_fives=red),
    ]
    hands = [_past_first_discard(h) for h in hands]
    table = _core.SeatTable(rules, live_left=40, dealer=0)
    five_p, five_m, five_s, nine_m = 52, 16, 90, 35  # 5p copy 0, 5m copy 0, 5s copy 2
    draws = [five_m, five_s, nine_m]  # seat 1, 2, 3 draw these
    discards = [  # seat 0 its 5p, seats 1 and 2 what they drew
        (13 * 2 + _red(five_p, red), False),
        (4 * 2 + _red(five_m, red), True),
        (22 * 2 + _red(five_s, red), True),
    ]
    done, codes = _core.discard_run(hands, 0, discards, draws, table)
    assert done == [five_p, five_m, five_s]
    want = []
    for j, (tile, (_, g)) in enumerate(zip(done, discards)):
        s, nxt = j % 4, (j + 1) % 4
        want += [(s * 68 + (tile >> 2) * 2 + _red(tile, red)) * 2 + g,
                 544 + nxt * 68 + (draws[j] >> 2) * 2 + _red(draws[j], red)]  # fmt: skip
    assert codes == want
    assert hands[3].drawn == nine_m and table.live_left == 37


def _red(t: int, red: tuple[int, ...]) -> bool:
    """Whether id ``t`` is a red five with ``red`` red fives per suit (copies 0.. of the
    five, DESIGN.md)."""
    k = t >> 2
    return k in (4, 13, 22) and t % 4 < red[k // 9]


@pytest.mark.parametrize("red", [(1, 1, 1), (0, 0, 0), (2, 3, 1)])
@pytest.mark.parametrize("kuikae", ["forbidden", "same_tile", "allowed"])
def test_call_makes_the_meld_the_ids_name_with_kuikae_by_the_rules(red, kuikae):
    """``SeatHand.call``: every chi, pon and daiminkan the seat is offered on a discard of
    every id makes the meld ``Meld.parse`` reads from the ids (called tile first, red
    fives by the rules) and forbids the kinds ``kuikae_kinds`` names under
    ``Rules.kuikae`` (none after a daiminkan), as ``add_meld`` with both does."""
    from riichi import _core_api as core
    from riichi.tiles import red_tables

    rules = Rules(red_fives=red, kuikae=kuikae)
    table = _core.SeatTable(rules, live_left=40, dealer=0)
    reds = red_tables(red, lambda k, r: (k, r))[0]
    hand = [0, 1, 2, 4, 5, 6, 16, 17, 18, 20, 24, 28, 32]  # 111 222 555 6 7 8 9m
    made = 0
    for tile in (3, 7, 12, 13, 19, 21, 25, 29, 33):  # 1m 2m 4m 4m 5m 6m 7m 8m 9m
        kamicha = _core.SeatHand(1, hand, None, red_fives=red)
        for name, _, consumed in (a for a in kamicha.discard_answers(tile, True, table)
                                  if a[0] in ("chi", "pon", "daiminkan")):  # fmt: skip
            for source in (1, 2, 3) if name != "chi" else (3,):
                seat = _core.SeatHand(1, hand, None, red_fives=red)
                want = _core.SeatHand(1, hand, None, red_fives=red)
                meld = seat.call(name, tile, consumed, source, table)
                ref = core.make_meld(name, [*consumed, tile], tile, source, reds)
                assert meld == ref, (name, tile, consumed)
                forbid = _core.kuikae_kinds(ref, kuikae) if name != "daiminkan" else []
                want.add_meld(ref, list(consumed), forbid)
                assert seat.kuikae == want.kuikae == forbid
                assert seat.ids == want.ids and seat.waits == want.waits
                made += 1
    assert made > 20


def test_call_refuses_what_is_not_a_call_by_name_and_changes_nothing():
    table = _core.SeatTable(Rules(), live_left=40, dealer=0)
    hand = [0, 1, 2, 4, 5, 6, 16, 17, 18, 20, 24, 28, 32]
    for args, match in [
        (("ankan", 3, (0, 1, 2), 3), "kind"),
        (("pon", 3, (0, 1, 2), 1), "takes 2 ids"),
        (("chi", 3, (4, 28), 3), "consecutive"),  # 1m with 2m 8m
        (("pon", 3, (0, 4), 1), "one kind"),
        (("chi", 12, (4, 8), 1), "kamicha"),  # 4m with 2m 3m from shimocha
        (("pon", 3, (0, 136), 1), "consumed"),
        (("pon", 30, (28, 29), 1), "not held"),  # one 8m held
        (("pon", 3, (0, 1), 4), "source"),
    ]:
        seat = _core.SeatHand(1, hand, None)
        before = (seat.ids, seat.kuikae, seat.waits)
        with pytest.raises(RiichiError, match=match):
            seat.call(*args, table)
        assert (seat.ids, seat.kuikae, seat.waits) == before, args


@pytest.mark.parametrize(
    ("call", "last"),
    [
        (lambda h: h.draw(136), 135),
        (lambda h: h.discard(-1), 135),
        (lambda h: h.missed(136), 135),
    ],
)
def test_an_id_out_of_range_is_named_with_the_last_id_allowed(call, last):
    # the message gave the range as Rust's half-open 0..136 ("must be 0..136, got 136"),
    # which reads as if 136 were allowed
    hand = _core.SeatHand(0, list(range(0, 52, 4)))
    with pytest.raises(RiichiError, match=rf"must be 0\.\.={last}, got -?\d+$"):
        call(hand)


@pytest.mark.parametrize("players", [4, 3])
def test_deal_makes_each_seat_hand_and_the_start_tiles_as_one_at_a_time(players):
    # SeatHand.deal (a round's deal in one call) against a SeatHand per seat from its wall
    # positions, and the start_kyoku tiles against TileKind of each id under the red rule
    import random

    from riichi.tiles import TileKind, is_red
    from riichi.wall import SANMA_IDS

    rng = random.Random(5)
    for red in [(1, 1, 1), (0, 0, 0), (0, 2, 0), (4, 3, 1)]:
        for _ in range(12):
            order = list(range(136)) if players == 4 else list(SANMA_IDS)
            rng.shuffle(order)
            dealer = rng.randrange(players)
            scores = [rng.randrange(-5000, 60000) for _ in range(players)]
            seats, tehais = _core.SeatHand.deal(tuple(order), dealer, red, scores)
            assert len(seats) == len(tehais) == players
            for s in range(players):
                i, b = (s - dealer) % players, 4 * players
                ids = [*order[4 * i : 4 * i + 4], *order[4 * i + b : 4 * i + b + 4]]
                ids += [*order[4 * i + 2 * b : 4 * i + 2 * b + 4], order[3 * b + i]]
                one = _core.SeatHand(s, sorted(ids), red_fives=red, points=scores[s])
                assert seats[s].__reduce__()[1:] == one.__reduce__()[1:], (red, dealer, s)
                assert list(seats[s].ids) == sorted(ids) and seats[s].waits == one.waits
                want = tuple(TileKind(t >> 2, is_red(t, red)) for t in sorted(ids))
                assert tehais[s] == want
                assert [t.red for t in tehais[s]] == [t.red for t in want]


def test_deal_refuses_bad_arguments_naming_them():
    order = tuple(range(136))
    for args, name in [
        ((order[:135], 0, (1, 1, 1), [25000] * 4), "order"),
        (((*order[:-1], 136), 0, (1, 1, 1), [25000] * 4), "order"),
        ((order, 4, (1, 1, 1), [25000] * 4), "dealer"),
        ((order, -1, (1, 1, 1), [25000] * 4), "dealer"),
        ((order, 0, (1, 5, 1), [25000] * 4), "red_fives"),
        ((order, 0, (1, 1, 1), [25000] * 2), "scores"),
        ((order, 0, (1, 1, 1), [25000] * 3), "order"),  # 136 ids for three players
        (((0,) * 136, 0, (1, 1, 1), [25000] * 4), "ids"),  # an id twice in a hand
        (((*order[:-1], 2**70), 0, (1, 1, 1), [25000] * 4), "item 135"),
        (((*order[:-1], True), 0, (1, 1, 1), [25000] * 4), "item 135"),
        (((*order[:-1], 135.0), 0, (1, 1, 1), [25000] * 4), "item 135"),
    ]:
        with pytest.raises(RiichiError, match=name):
            _core.SeatHand.deal(*args)
    # any sequence of ints reads alike (a tuple of plain ints has a fast path)
    import numpy as np

    want = _core.SeatHand.deal(order, 1, (1, 1, 1), [25000] * 4)
    for same in (list(order), np.arange(136), tuple(np.arange(136))):
        got = _core.SeatHand.deal(same, 1, (1, 1, 1), [25000] * 4)
        assert [h.__reduce__()[1:] for h in got[0]] == [h.__reduce__()[1:] for h in want[0]]
        assert got[1] == want[1]
