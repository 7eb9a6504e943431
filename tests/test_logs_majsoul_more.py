"""Mahjong Soul raw records in every serialisation, sanma, and no pass without a round.

Real data (read from ../shared/data/more, never copied here; see its MANIFEST.md):
``mahjongSite/paifu_220714-faa69c2d_compact.json`` and
``mahjongSite/sample_paifu_220714-faa69c2d_defaults.json`` are ONE game serialised twice
(proto3 defaults omitted / written out, with ``"records": []`` beside the actions);
``mahjong-soul-data-viewer/data_241023-8ebc1b25.json`` is a 2024 record whose ``paishan`` holds
the whole wall. The sanma record below is made up (no raw three-player record is in the
corpus): its tile play and settlement follow Mahjong Soul's rules as stated in
:meth:`riichi.Rules.mahjong_soul_sanma`.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from riichi import LogFormatError, Rules
from riichi.cli import main
from riichi.events import Dahai, Hora, Nukidora, StartKyoku, Tsumo
from riichi.logs import read_log, read_majsoul
from riichi.logs.majsoul_names import majsoul_fan, majsoul_yaku_name
from riichi.replay import replay_game

COMPACT = "mahjongSite/paifu_220714-faa69c2d_compact.json"
DEFAULTS = "mahjongSite/sample_paifu_220714-faa69c2d_defaults.json"
WHOLE_WALL = "mahjong-soul-data-viewer/data_241023-8ebc1b25.json"


@pytest.fixture(scope="module")
def more(shared: Path) -> Path:
    d = shared / "data" / "more"
    if not (d / COMPACT).exists():
        pytest.skip(f"Mahjong Soul data not found under {d}")
    return d


def _read(doc: dict, name: str = "ms.json"):
    return read_majsoul(json.dumps(doc, ensure_ascii=False).encode(), name)


# -------------------------------------------------------------- every serialisation


def test_the_two_serialisations_of_one_game_give_identical_events(more):
    compact = read_log(more / COMPACT)
    defaults = read_log(more / DEFAULTS)
    assert compact.rounds == defaults.rounds == 10
    assert compact.events == defaults.events
    # seat 0 is absent from the compact file's records, yet it plays
    assert any(isinstance(e, Dahai) and e.actor == 0 for e in compact.events)
    for g in (compact, defaults):
        rep = replay_game(g)
        assert rep.ok and rep.replayed and (rep.rounds, rep.wins) == (10, 10)
        assert not rep.fragment  # final scores compared too


def test_ranked_room_ignores_a_detail_rule_of_zeros(more):
    # the defaults file writes detail_rule with init_point 0, dora_count 0, shiduan 0
    doc = json.loads((more / DEFAULTS).read_text(encoding="utf-8"))
    assert doc["head"]["config"]["mode"]["detail_rule"]["dora_count"] == 0
    assert read_log(more / DEFAULTS).meta["rules"] == Rules.mahjong_soul()


def test_whole_wall_paishan_gives_the_deal_and_the_first_draw(more):
    g = read_log(more / WHOLE_WALL)
    rep = replay_game(g)
    assert rep.ok and (rep.rounds, rep.wins, rep.draws) == (15, 11, 4) and not rep.fragment
    doc = json.loads((more / WHOLE_WALL).read_text(encoding="utf-8"))
    first = next(a["result"]["data"] for a in doc["data"]["data"]["actions"]
                 if a.get("type") == 1)  # fmt: skip
    wall = first["paishan"]
    assert len(wall) == 272  # 136 tiles
    sk = next(e for e in g.events if isinstance(e, StartKyoku))
    draw = g.events[g.events.index(sk) + 1]
    assert isinstance(draw, Tsumo) and draw.actor == sk.oya
    assert str(draw.pai) == wall[104:106]  # the 53rd tile: the dealer's 14th
    # a deal that is not the wall's is an error naming it
    bad = copy.deepcopy(doc)
    rec = next(a["result"]["data"] for a in bad["data"]["data"]["actions"] if a.get("type") == 1)
    rec["tiles1"][0], rec["tiles2"][0] = rec["tiles2"][0], rec["tiles1"][0]
    with pytest.raises(LogFormatError, match=r"seat 1's deal .* is not the one the wall"):
        _read(bad)


# -------------------------------------------------------------- no pass without a round


def _actions_doc(more: Path) -> dict:
    return json.loads((more / COMPACT).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["data"]["data"].update(actions=[a for a in d["data"]["data"]["actions"]
                                                      if a.get("type") != 1], records=[]),
         "no game record"),
        (lambda d: d["data"]["data"].update(actions=[]), "no game record"),
        (lambda d: d["data"]["data"].pop("actions"), 'no "records" or "actions"'),
        (lambda d: d["data"]["data"].update(records=["CiMubHEuUmVjb3Jk"]), "encoded protobuf"),
        (lambda d: d["data"]["data"]["actions"][0].update(
            result={"name": ".lq.RecordDealTile", "data": {"tile": "1m"}}),
         "of type 3 carries a result"),
        (lambda d: d["data"]["data"].update(
            records=[{"name": ".lq.RecordNewRound", "data": {}}]), "they differ"),
        (lambda d: d["data"]["data"]["actions"][-1].update(type=1, result=""),
         "carries no record"),
    ],
)
def test_a_document_without_a_round_is_unreadable(more, mutate, message):
    doc = _actions_doc(more)
    mutate(doc)
    with pytest.raises(LogFormatError, match=message):
        _read(doc)


def test_an_unknown_record_kind_is_unreadable(more):
    doc = _actions_doc(more)
    rec = next(a for a in doc["data"]["data"]["actions"] if a.get("type") == 1)
    rec["result"]["name"] = ".lq.RecordSomethingNew"
    with pytest.raises(LogFormatError, match="unknown record 'RecordSomethingNew'"):
        _read(doc)


def test_a_dora_list_that_contradicts_the_indicators_is_unreadable(more):
    doc = _actions_doc(more)
    rec = [a for a in doc["data"]["data"]["actions"] if a.get("type") == 1][1]["result"]["data"]
    rec["doras"] = ["1m", "2m"]  # the round's indicator is 3z
    with pytest.raises(LogFormatError, match="do not continue the indicators"):
        _read(doc)


def test_verify_never_counts_a_round_less_document_as_a_pass(more, tmp_path):
    doc = json.loads((more / DEFAULTS).read_text(encoding="utf-8"))
    # the shape riichi once passed: "records": [] and the actions' records taken away
    doc["data"]["data"]["actions"] = [
        a for a in doc["data"]["data"]["actions"] if a.get("type") != 1
    ]
    (tmp_path / "empty.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "v.json"
    code = main(["verify", "--quiet", str(tmp_path / "empty.json"), "--json", str(out)])
    rep = json.loads(out.read_text())
    assert code != 0 and rep["games"] == 0 and rep["rounds"] == 0
    assert len(rep["unreadable"]) == 1 and "no game record" in rep["unreadable"][0]["reason"]


# -------------------------------------------------------------- sanma


def _sanma_doc() -> dict:
    """A made-up Mahjong Soul 3-player East game, proto3-compact (seat 0 absent): the dealer
    and seat 2 discard, seat 1 sets a North aside (kita), draws 3s from the dead wall and
    wins by tsumo: menzen tsumo, ittsu, rinshan, kita dora = 5 han, a mangan paid 4000 by
    the dealer and 2000 by seat 2 (tsumo loss: nobody pays the absent North's share)."""

    def rec(name: str, data: dict) -> dict:
        return {"type": 1, "result": {"name": ".lq." + name, "data": data}}

    p1 = ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "1s", "2s", "4s"]
    actions = [
        {"type": 3, "user_event": {"seat": 1, "type": 1}},
        rec("RecordNewRound", {
            "scores": [35000, 35000, 35000],
            "tiles0": ["1m", "1m", "1m", "9m", "9m", "9m", "5z", "5z", "5z", "6z", "6z", "1z",
                       "2z", "4p"],
            "tiles1": p1,
            "tiles2": ["6s", "6s", "7s", "7s", "8s", "8s", "9s", "9s", "2p", "2p", "6p", "7z",
                       "3z"],
            "doras": ["7z"],
        }),
        rec("RecordDiscardTile", {"tile": "2z"}),
        rec("RecordDealTile", {"seat": 1, "tile": "1z"}),
        rec("RecordDiscardTile", {"seat": 1, "tile": "1z", "moqie": True}),
        rec("RecordDealTile", {"seat": 2, "tile": "3z"}),
        rec("RecordDiscardTile", {"seat": 2, "tile": "3z", "moqie": True}),
        rec("RecordDealTile", {"tile": "9s"}),
        rec("RecordDiscardTile", {"tile": "9s", "moqie": True}),
        rec("RecordDealTile", {"seat": 1, "tile": "4z"}),
        rec("RecordBaBei", {"seat": 1, "moqie": True}),
        rec("RecordDealTile", {"seat": 1, "tile": "3s"}),
        rec("RecordHule", {
            "hules": [{
                "seat": 1, "zimo": True, "hu_tile": "3s", "hand": p1, "doras": ["7z"],
                "count": 5, "fu": 30, "point_rong": 8000, "point_zimo_qin": 4000,
                "point_zimo_xian": 2000,
                "fans": [{"id": 1, "val": 1}, {"id": 16, "val": 2}, {"id": 4, "val": 1},
                         {"id": 34, "val": 1}],
            }],
            "delta_scores": [-4000, 6000, -2000],
            "scores": [31000, 41000, 33000],
        }),
    ]  # fmt: skip
    return {
        "head": {
            "uuid": "000000-made-up-sanma",
            "config": {"category": 2, "mode": {"mode": 11, "detail_rule": {}},
                       "meta": {"mode_id": 21}},
            "accounts": [{"nickname": "A"}, {"seat": 1, "nickname": "B"},
                         {"seat": 2, "nickname": "C"}],
        },
        "data": {"name": ".lq.GameDetailRecords", "data": {"version": 210715,
                                                          "actions": actions}},
    }


def test_a_sanma_mode_reads_under_mahjong_soul_sanma_rules():
    g = _read(_sanma_doc())
    assert g.start.players == 3 and g.start.names == ("A", "B", "C")
    r = g.meta["rules"]
    assert r == Rules.mahjong_soul_sanma(length="tonpuusen")
    assert (r.num_players, r.starting_points, r.end_target, r.honba_points) == (
        3, 35000, 40000, 200,
    )  # fmt: skip
    assert r.kokushi_chankan_ankan and r.red_fives == (0, 1, 1)
    kita = [e for e in g.events if isinstance(e, Nukidora)]
    assert [(e.actor, str(e.pai)) for e in kita] == [(1, "4z")]
    win = next(e for e in g.events if isinstance(e, Hora))
    # the North dora (fan 34) is riichi's dora
    assert dict(win.yaku) == {"menzen_tsumo": 1, "ittsu": 2, "rinshan_kaihou": 1, "dora": 1}
    assert win.points == 6000 and win.deltas == (-4000, 6000, -2000)


def test_a_sanma_record_replays_with_zero_mismatches():
    rep = replay_game(_read(_sanma_doc()))
    assert rep.replayed and rep.ok and (rep.rounds, rep.wins) == (1, 1)


def test_a_sanma_record_is_checked_not_waved_through():
    doc = _sanma_doc()
    hule = doc["data"]["data"]["actions"][-1]["result"]["data"]
    hule["delta_scores"] = [-4000, 8000, -4000]  # no tsumo loss: not Mahjong Soul's rule
    hule["scores"] = [31000, 43000, 31000]
    fields = {m.field for m in replay_game(_read(doc)).mismatches}
    assert "hora.deltas" in fields


def test_a_sanma_round_in_a_four_player_mode_is_unreadable():
    doc = _sanma_doc()
    doc["head"]["config"]["mode"]["mode"] = 1
    with pytest.raises(LogFormatError, match="must list 4 seats"):
        _read(doc)


def test_friendly_sanma_without_tsumo_loss_is_unsupported_with_the_reason():
    doc = _sanma_doc()
    doc["head"]["config"]["meta"] = {"room_id": 4242}
    doc["head"]["config"]["mode"]["detail_rule"] = {"init_point": 35000, "dora_count": 2,
                                                    "shiduan": 1}  # fmt: skip
    why = _read(doc).meta["unsupported"]
    assert "have_zimosun" in why
    doc["head"]["config"]["mode"]["detail_rule"]["have_zimosun"] = True
    g = _read(doc)
    assert "unsupported" not in g.meta and replay_game(g).ok


def test_a_friendly_room_switch_is_read_or_reported():
    doc = _sanma_doc()
    doc["head"]["config"]["meta"] = {"room_id": 4242}
    detail = {"init_point": 35000, "fandian": 40000, "dora_count": 2, "shiduan": 1,
              "have_zimosun": True, "have_qieshangmanguan": True, "have_yifa": False}  # fmt: skip
    doc["head"]["config"]["mode"]["detail_rule"] = detail
    g = _read(doc)
    assert g.meta["rules"].kiriage_mangan
    assert "have_yifa false" in g.meta["unsupported"]


# -------------------------------------------------------------- names


def test_mahjong_soul_names_map_onto_riichi_names():
    assert majsoul_yaku_name("役牌:場風牌", seat_wind=1, round_wind=0) == "bakaze_ton"
    assert majsoul_yaku_name("役牌:自風牌", seat_wind=2, round_wind=0) == "jikaze_shaa"
    assert majsoul_yaku_name("抜きドラ", seat_wind=0, round_wind=0) == "dora"
    assert majsoul_yaku_name("Kita", seat_wind=0, round_wind=0) == "dora"
    assert majsoul_yaku_name("Half Flush", seat_wind=0, round_wind=0) == "honitsu"
    assert majsoul_yaku_name("ダブル立直", seat_wind=0, round_wind=0) == "double_riichi"
    assert majsoul_yaku_name("国士無双十三面待ち", seat_wind=0, round_wind=1) == (
        "kokushi_musou_juusanmen"
    )
    assert majsoul_yaku_name("not a yaku", seat_wind=0, round_wind=0) is None
    assert majsoul_fan(11, seat_wind=0, round_wind=1) == "bakaze_nan"
    from riichi.errors import RiichiError

    with pytest.raises(RiichiError, match="seat_wind 4"):
        majsoul_fan(10, seat_wind=4, round_wind=0)


def test_every_name_in_the_converted_logs_maps(more):
    """Each Mahjong Soul name in the corpus' converted logs (tenhou.net/6) has a riichi
    name."""
    import re

    from riichi.logs.tenhou6 import TENHOU_YAKU_JA

    seen = set()
    for f in [*more.glob("mjai-reviewer3p/*.json"), *more.glob("mahjongSite/*tensoul*.json"),
              *more.glob("MahjongSoul-review-supporter/*.json")]:  # fmt: skip
        for rnd in json.loads(f.read_text(encoding="utf-8"))["log"]:
            res = rnd[-1]
            for detail in res[2::2] if res and res[0] == "和了" else []:
                for s in detail[4:]:
                    name = re.sub(r"\(.*\)$", "", s)
                    if name not in TENHOU_YAKU_JA:
                        seen.add(name)
    assert {"役牌:場風牌", "役牌:自風牌", "抜きドラ", "Kita", "Riichi"} <= seen
    unmapped = {n for n in seen if majsoul_yaku_name(n, seat_wind=0, round_wind=0) is None}
    assert not unmapped


# -------------------------------------------------------------- pao (Mahjong Soul)


def _daisangen_tsuuiisou(rules: Rules, *, tsumo: bool):
    """Seat 1 pons 5z and 6z from seat 0 and 7z from seat 2 (liable for daisangen), then
    wins 2z for daisangen + tsuuiisou (two yakuman), at 1 honba: by ron from seat 3, or by
    tsumo."""
    from riichi.actions import Pon, Ron, Tsumo
    from riichi.round import Round
    from scripted import discard, pass_all, play_until, scripted_wall, take

    hand1 = "55z66z77z11z22z1p9p1s"
    x = ["1p", "2p", "3p", "4p", "6p", "8p"]
    draws = ["5z", x[0], x[1], "6z", "7z", x[2], "2z"]
    if tsumo:
        draws = ["5z", x[0], x[1], "6z", "7z", x[2], x[3], x[4], "2z"]
    r = Round(rules, scripted_wall(["", hand1, "", ""], "".join(draws)), honba=1)
    discard(r, 0, "5z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1p")
    play_until(r, 0)
    discard(r, 0, "6z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "9p")
    discard(r, 2, "7z", auto_pass=False)
    take(r, 1, Pon)
    discard(r, 1, "1s")
    if tsumo:
        play_until(r, 1)
        r.step(Tsumo(1))
    else:
        play_until(r, 3)
        discard(r, 3, "2z", auto_pass=False)
        r.step(Ron(1))
        pass_all(r)
    (win,) = r.result.wins
    assert win.pao_seat == 2
    return win.deltas


def test_mahjong_soul_pao_covers_only_the_liable_yakuman_on_a_ron():
    # Mahjong Soul: seat 3 pays tsuuiisou (32000) and half of daisangen (16000); seat 2
    # (liable) the other half and the honba
    assert _daisangen_tsuuiisou(Rules.mahjong_soul(), tsumo=False) == (0, 64300, -16300, -48000)
    # Tenhou: the liable player answers for the whole hand
    assert _daisangen_tsuuiisou(Rules.tenhou(), tsumo=False) == (0, 64300, -32300, -32000)


def test_mahjong_soul_pao_covers_only_the_liable_yakuman_on_a_tsumo():
    # seat 2 pays daisangen in full with the honba (32300) and its tsumo share of tsuuiisou
    # (8000); the dealer and seat 3 pay their tsumo shares of tsuuiisou
    assert _daisangen_tsuuiisou(Rules.mahjong_soul(), tsumo=True) == (
        -16000, 64300, -40300, -8000,
    )  # fmt: skip
    assert _daisangen_tsuuiisou(Rules.tenhou(), tsumo=True) == (0, 64300, -64300, 0)


def test_pao_scope_is_checked():
    from riichi.errors import RiichiError

    with pytest.raises(RiichiError, match="pao_scope"):
        Rules(pao_scope="some")  # type: ignore[arg-type]


def _kokushi_robs_ankan_doc() -> dict:
    """Made-up sanma round: seat 1 draws its fourth 7z and declares an ankan; seat 2, on a
    kokushi waiting on 7z, robs it (legal on Mahjong Soul, not on Tenhou); no kan dora is
    revealed for a robbed kan."""
    doc = _sanma_doc()
    p2 = ["1m", "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z"]

    def rec(name: str, data: dict) -> dict:
        return {"type": 1, "result": {"name": ".lq." + name, "data": data}}

    doc["data"]["data"]["actions"] = [
        rec("RecordNewRound", {
            "scores": [35000, 35000, 35000],
            "tiles0": ["1m", "1m", "9m", "9m", "2p", "2p", "3p", "3p", "4p", "4p", "5s", "5s",
                       "6s", "7s"],
            "tiles1": ["7z", "7z", "7z", "2s", "3s", "4s", "6p", "7p", "8p", "3s", "3s", "8s",
                       "8s"],
            "tiles2": p2,
            "doras": ["1p"],
        }),
        rec("RecordDiscardTile", {"tile": "7s"}),
        rec("RecordDealTile", {"seat": 1, "tile": "7z"}),
        rec("RecordAnGangAddGang", {"seat": 1, "type": 3, "tiles": "7z"}),
        rec("RecordHule", {
            "hules": [{"seat": 2, "hu_tile": "7z", "hand": p2, "doras": ["1p"], "yiman": True,
                       "count": 1, "point_rong": 32000, "fans": [{"id": 42, "val": 1}]}],
            "delta_scores": [0, -32000, 32000],
            "scores": [35000, 3000, 67000],
        }),
    ]  # fmt: skip
    return doc


def test_kokushi_robs_a_closed_kan_under_mahjong_soul_rules():
    g = _read(_kokushi_robs_ankan_doc())
    win = next(e for e in g.events if isinstance(e, Hora))
    assert (win.actor, win.target, str(win.pai), win.yaku) == (2, 1, "7z",
                                                               (("kokushi_musou", 13),))
    rep = replay_game(g)
    assert rep.replayed and rep.ok and rep.wins == 1
    # the same record under Tenhou's sanma rules is not a legal ron
    tenhou = replay_game(g, Rules.tenhou_sanma(length="tonpuusen"))
    assert not tenhou.ok


def test_final_scores_must_name_every_seat_once(more):
    doc = _actions_doc(more)
    doc["head"]["result"]["players"].pop()
    with pytest.raises(LogFormatError, match=r"head.result.*not each of the 4 seats once"):
        _read(doc)


@pytest.mark.parametrize("mode", [[1], {"a": 1}, "2", 2.0, True, None])
def test_a_game_mode_of_any_json_type_is_named_not_a_type_error(more, mode):
    # a list as head.config.mode.mode raised TypeError (unhashable) before
    doc = json.loads((more / COMPACT).read_text(encoding="utf-8"))
    doc["head"].setdefault("config", {}).setdefault("mode", {})["mode"] = mode
    try:
        g = _read(doc)
    except LogFormatError:
        return
    assert "game mode" in g.meta.get("unsupported", "")
