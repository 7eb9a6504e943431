"""Table states folded from events (riichi.view.table): checked against what real logs record
at each settlement, and on made-up events for riichi, calls and faults."""

from __future__ import annotations

from importlib.resources import files

import pytest

import riichi
from riichi.events import (
    Chi,
    Dahai,
    Hora,
    Kakan,
    Pon,
    Reach,
    ReachAccepted,
    StartGame,
    StartKyoku,
    Tile,
    Tsumo,
)
from riichi.view.table import TableTracker, settlement, table_state

SAMPLE = files("riichi") / "data" / "games"


def _t(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.of(k % 34, k >= 34) for k in _kinds(text))


def _kinds(text: str) -> list[int]:
    out: list[int] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            base = "mpsz".index(ch) * 9
            out += [base + 4 + 34 if d == "0" else base + int(d) - 1 for d in digits]
            digits = ""
    return out


def _names(tiles) -> list[str]:
    return sorted(str(t) for t in tiles)


def _sample_logs():
    logs = [log for _, log in riichi.read_logs([str(SAMPLE)]) if not isinstance(log, Exception)]
    assert len(logs) >= 5
    return logs


def test_states_agree_with_every_settlement_of_the_sample_games():
    checked = {"melds": 0, "hora": 0, "ryukyoku": 0, "exhaustive": 0, "end_game": 0}
    for log in _sample_logs():
        start = log.start
        tracker = TableTracker(start.players, start.names)
        for ev in log.events:
            before = tracker.snapshot() if ev.type == "hora" else None
            tracker.apply(ev)
            st = tracker.state
            if before is not None:
                p = before["seats"][ev.actor]
                held = list(p["hand"]) + ([p["drawn"]] if p["drawn"] else [])
                if ev.actor != ev.target:
                    held.append(str(ev.pai))
                else:
                    assert p["drawn"] == str(ev.pai)
                if ev.hand is not None:  # the winner's hand as the table holds it
                    assert sorted(held) == _names(ev.hand), (log.source, ev)
                if ev.melds:  # (an mjai hora may leave them out)
                    melds = [m.kind for m in ev.melds if m.kind != "nukidora"]
                    assert [m["kind"] for m in p["melds"]] == melds, (log.source, ev)
                    checked["melds"] += bool(melds)
                checked["hora"] += 1
            if ev.type in ("hora", "ryukyoku") and ev.scores:
                assert st["scores"] == list(ev.scores), (log.source, ev)
                checked[ev.type] += ev.type == "ryukyoku"
            if ev.type == "ryukyoku" and ev.reason == "exhaustive":
                assert st["tiles_left"] == 0, log.source  # the live wall ran out
                checked["exhaustive"] += 1
            if ev.type == "end_game" and ev.scores:
                assert st["scores"] == list(ev.scores)
                checked["end_game"] += 1
        assert tracker.problems == [], log.source
    assert all(checked.values()), checked


def _deal() -> list:
    hands = (
        _t("123456789m1234p"),
        _t("1122334455667s"),
        _t("1112223334445z"),
        _t("999p888p777p6655p"),
    )
    return [
        StartGame(names=("a", "b", "c", "d")),
        StartKyoku(
            bakaze=27, kyoku=1, oya=0, scores=(25000,) * 4, dora_marker=Tile.of(0), tehais=hands
        ),
    ]


def test_riichi_tile_lies_sideways_and_passes_on_when_called():
    tr = TableTracker(4)
    for ev in _deal():
        tr.apply(ev)
    for ev in [
        Tsumo(actor=0, pai=Tile.of(27)),
        Reach(actor=0),
        Dahai(actor=0, pai=Tile.of(27), tsumogiri=True),
        ReachAccepted(actor=0),
    ]:
        tr.apply(ev)
    st = tr.state
    assert st["seats"][0]["river"] == ["1ztr"] and st["last_discard"] == [0, 0]
    assert st["seats"][0]["riichi"] and st["kyotaku"] == 1 and st["scores"][0] == 24000
    assert st["seats"][0]["hand"] == [str(t) for t in _t("123456789m1234p")]
    assert st["seats"][0]["drawn"] is None
    # seat 2 pons the riichi tile: marked called; seat 0's next discard lies sideways
    tr.apply(Pon(actor=2, target=0, pai=Tile.of(27), consumed=(Tile.of(27), Tile.of(27))))
    st = tr.state
    assert st["seats"][0]["river"] == ["1ztrc"] and st["last_discard"] is None
    meld = st["seats"][2]["melds"][0]
    assert meld["side"] == 1 and meld["tiles"] == ["1z"] * 3  # from toimen: in the middle
    assert len(st["seats"][2]["hand"]) == 11
    tr.apply(Dahai(actor=2, pai=Tile.of(28), tsumogiri=False))
    tr.apply(Tsumo(actor=3, pai=Tile.of(8)))
    tr.apply(Dahai(actor=3, pai=Tile.of(8), tsumogiri=True))
    tr.apply(Tsumo(actor=0, pai=Tile.of(9)))
    tr.apply(Dahai(actor=0, pai=Tile.of(9), tsumogiri=True))
    assert tr.state["seats"][0]["river"] == ["1ztrc", "1ptr"]
    assert tr.state["tiles_left"] == 70 - 3
    assert tr.problems == []


def test_chi_and_kakan_layout_and_faults_are_reported():
    tr = TableTracker(4)
    for ev in _deal():
        tr.apply(ev)
    tr.apply(Tsumo(actor=0, pai=Tile.of(13, True)))
    tr.apply(Dahai(actor=0, pai=Tile.of(13, True), tsumogiri=True))
    tr.apply(Chi(actor=1, target=0, pai=Tile.of(13, True), consumed=_t("46p")))
    # seat 1 holds no pinzu: both tiles it shows are named
    assert len(tr.problems) == 2 and all("not in seat 1's hand" in p for p in tr.problems)
    meld = tr.state["seats"][1]["melds"][0]
    assert meld == {"kind": "chi", "tiles": ["0p", "4p", "6p"], "side": 0, "added": None}
    tr.apply(Kakan(actor=1, pai=Tile.of(5), consumed=_t("666m")))
    assert "no pon of 6m" in tr.problems[-1]


def test_settlement_of_a_win():
    tr = TableTracker(4)
    for ev in _deal():
        tr.apply(ev)
    hora = Hora(actor=1, target=0, pai=Tile.of(24), hand=_t("11223344556677s"), han=3,
                fu=40, yaku=(("chiitoitsu", 2), ("dora", 1)), points=5200, limit=0,
                deltas=(-5200, 5200, 0, 0), scores=(19800, 30200, 25000, 25000))  # fmt: skip
    tr.apply(hora)
    s = settlement(hora, tr.state)
    assert s["winner"] == 1 and s["from"] == 0 and not s["tsumo"] and s["limit"] is None
    assert s["yaku"] == [["chiitoitsu", 2], ["dora", 1]] and s["scores"] == [19800, 30200, 25000, 25000]
    assert tr.state["kyotaku"] == 0


def test_a_seat_the_table_does_not_have_raises():
    tr = TableTracker(3)
    with pytest.raises(riichi.RiichiError, match="seat 3"):
        tr.apply(Tsumo(actor=3, pai=Tile.of(0)))
    with pytest.raises(riichi.RiichiError, match="players"):
        TableTracker(5)
    with pytest.raises(riichi.RiichiError, match=r"riichi\.Round"):
        table_state("not a round")
