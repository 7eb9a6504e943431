"""Mahjong Soul (雀魂) raw game records (``.lq.GameDetailRecords`` as JSON): reader.

A record is ``{"head": {...}, "data": {"name": ".lq.GameDetailRecords", "data": {...}}}``.
``head`` holds ``uuid``, ``config.mode`` (``mode`` 1/2 = 4-player East-only/hanchan, 11/12 =
3-player; ``detail_rule`` overrides such as ``init_point``, ``dora_count`` (red fives),
``shiduan`` (kuitan), ``testing_environment``), ``accounts`` (``seat``, ``nickname``) and
``result.players`` (``seat``, ``part_point_1`` = final points, ``total_point`` = uma-adjusted, in
thousandths). The game is a list of records (newer files: ``data.actions``, whose ``type`` 1
entries carry a ``result`` record; older: ``data.records``), each ``{"name": ".lq.RecordX",
"data": {...}}``:

- ``RecordNewRound``: ``chang`` round wind, ``ju`` dealer seat, ``ben`` honba, ``liqibang``
  sticks, ``scores``, ``doras``, ``tiles0..3`` (or ``begin_tiles[i]``) the deals, the dealer's
  with 14 tiles (sorted: which one was the first draw is not recorded), ``paishan`` the wall
  left after the deal (the next draws first, the dead wall last);
- ``RecordDealTile`` a draw (``seat``, ``tile``); ``RecordDiscardTile`` a discard (``moqie`` =
  tsumogiri, ``is_liqi`` / ``is_wliqi`` riichi / double riichi); ``RecordChiPengGang`` (``type``
  0 chi, 1 pon, 2 daiminkan; ``tiles`` with ``froms``, the seat each came from);
  ``RecordAnGangAddGang`` (``type`` 3 ankan, 2 kakan; ``tiles``); a ``liqi`` object on the next
  record says a riichi was accepted; ``doras`` on a record lists the indicators once a kan
  revealed a new one;
- ``RecordHule``: ``hules`` (``seat``, ``zimo``, ``hu_tile``, ``hand`` without the winning
  tile, ``ming`` melds, ``doras``, ``li_doras``, ``count`` han (yakuman multiple when
  ``yiman``), ``fu``, ``fans`` (``id``, ``val``), ``point_rong`` / ``point_zimo_qin`` /
  ``point_zimo_xian``), ``delta_scores``, ``scores``; ``RecordNoTile`` (exhaustive draw:
  ``players[i].tingpai`` / ``hand``, ``scores[0].delta_scores``, ``liujumanguan``);
  ``RecordLiuJu`` (abortive draw, ``type`` 1 kyuushu kyuuhai, 2 suufon renda, 3 suukaikan,
  4 suucha riichi, 5 sanchahou).

Tiles are mpsz (``"0m"`` red). Seats are absolute (0 = the first dealer). Rules:
:meth:`riichi.Rules.mahjong_soul` with the length from ``mode`` and the head's
``detail_rule`` overrides (starting points, red fives, kuitan) in ``meta["rules"]``, which the
replay uses. A record that cannot be replayed faithfully (a test-environment game with a
custom wall, more than four copies of a tile, yaku the rules do not model) is read as far as it
goes and carries the reason in ``meta["unsupported"]``.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

from riichi.errors import InvalidTile, LogFormatError, RiichiError
from riichi.events import (
    TENHOU_YAKU,
    Ankan,
    CalledMeld,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    GameLog,
    Hora,
    Kakan,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tile,
    Tsumo,
)
from riichi.logs._common import BadRecord as _Bad
from riichi.logs._common import log_error
from riichi.rules import Length, Rules

__all__ = ["MAJSOUL_FANS", "read_majsoul"]

#: Mahjong Soul fan id -> project yaku name (10 and 11, seat and round wind, are resolved to
#: the wind of the hand). Ids not listed are kept as ``"majsoul_fan_<id>"``.
MAJSOUL_FANS: dict[int, str] = {
    1: "menzen_tsumo", 2: "riichi", 3: "chankan", 4: "rinshan_kaihou", 5: "haitei_raoyue",
    6: "houtei_raoyui", 7: "haku", 8: "hatsu", 9: "chun", 10: "jikaze", 11: "bakaze",
    12: "tanyao", 13: "iipeikou", 14: "pinfu", 15: "chanta", 16: "ittsu",
    17: "sanshoku_doujun", 18: "double_riichi", 19: "sanshoku_doukou", 20: "sankantsu",
    21: "toitoi", 22: "sanankou", 23: "shousangen", 24: "honroutou", 25: "chiitoitsu",
    26: "junchan", 27: "honitsu", 28: "ryanpeikou", 29: "chinitsu", 30: "ippatsu", 31: "dora",
    32: "akadora", 33: "uradora", 35: "tenhou", 36: "chiihou", 37: "daisangen",
    38: "suuankou", 39: "tsuuiisou", 40: "ryuuiisou", 41: "chinroutou", 42: "kokushi_musou",
    43: "shousuushii", 44: "suukantsu", 45: "chuuren_poutou", 47: "junsei_chuuren_poutou",
    48: "suuankou_tanki", 49: "kokushi_musou_juusanmen", 50: "daisuushii",
}  # fmt: skip
_WINDS = ("ton", "nan", "shaa", "pei")
_LIUJU = {1: "kyuushu_kyuuhai", 2: "suufon_renda", 3: "suukaikan", 4: "suucha_riichi",
          5: "sanchahou"}  # fmt: skip
_KNOWN = frozenset(TENHOU_YAKU)


def _tile(v: Any) -> Tile:
    if not isinstance(v, str) or len(v) != 2 or v[1] not in "mpsz" or not v[0].isdigit():
        raise _Bad(f"{v!r} is not a tile (mpsz, 0 = red five)")
    n, suit = int(v[0]), "mpsz".index(v[1])
    if suit == 3:
        if not 1 <= n <= 7:
            raise _Bad(f"{v!r} is not a tile (honors are 1z..7z)")
        return Tile.of(27 + n - 1)
    return Tile.of(suit * 9 + 4, True) if n == 0 else Tile.of(suit * 9 + n - 1)


def _dict(v: Any) -> dict[str, Any]:
    return v if isinstance(v, dict) else {}


def _records(doc: dict) -> list[dict]:
    outer = doc.get("data")
    inner = outer.get("data") if isinstance(outer, dict) else None
    if not isinstance(inner, dict):
        raise _Bad('no game records ("data": {"data": ...})')
    if isinstance(inner.get("records"), list):
        recs = inner["records"]
    elif isinstance(inner.get("actions"), list):
        recs = [a["result"] for a in inner["actions"] if isinstance(a, dict) and "result" in a]
    else:
        raise _Bad('no "records" or "actions" list in the game data')
    for r in recs:
        if not (isinstance(r, dict) and isinstance(r.get("name"), str)
                and isinstance(r.get("data"), dict)):  # fmt: skip
            raise _Bad(f"record {r!r:.80} is not {{name, data}}")
    return recs


def read_majsoul(data: bytes | str, source: str | None = None) -> GameLog:
    """Read one Mahjong Soul raw game record (see the module docstring).

    Returns:
        The game; ``meta["rules"]`` the rules from the head, ``meta["unsupported"]`` the reason
        when the game cannot be replayed faithfully.

    Raises:
        LogFormatError: not JSON, no head or records, or a record that cannot be read or does
            not fit the hands (naming ``record #i (.lq.RecordX)`` and the reason).
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    try:
        doc = json.loads(data)
    except ValueError as e:
        raise log_error(source, "document", f"not JSON: {e}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("head"), dict):
        raise log_error(source, "document", 'not a Mahjong Soul record (no "head")')
    head = doc["head"]
    try:
        recs = _records(doc)
    except _Bad as e:
        raise log_error(source, "data", str(e)) from None
    config = _dict(head.get("config"))
    mode = _dict(config.get("mode"))
    detail = _dict(mode.get("detail_rule"))
    mode_n = mode.get("mode", 2)
    players = 3 if mode_n in (11, 12, 13) else 4
    length: Length = "tonpuusen" if mode_n in (1, 11) else "hanchan"
    unsupported: list[str] = []
    if mode_n not in (1, 2, 11, 12):
        unsupported.append(f"game mode {mode_n!r} (only 1/2 = 4-player East/South, "
                           "11/12 = 3-player are known)")  # fmt: skip
    env = mode.get("testing_environment")
    if env:
        unsupported.append(f"a test-environment game (testing_environment {env}): a custom "
                           "wall, not a shuffled one")  # fmt: skip
    if detail.get("guyi_mode"):
        unsupported.append("old yaku (guyi_mode) that the rules do not model")
    red_count = detail.get("dora_count", 3)
    kuitan = detail.get("shiduan", 1) != 0
    rules = Rules.mahjong_soul(length=length)
    try:
        rules = dataclasses.replace(
            rules,
            starting_points=int(detail.get("init_point", rules.starting_points)),
            red_fives=(1, 1, 1) if red_count == 3 else (0, 0, 0) if red_count == 0
            else rules.red_fives,
            kuitan=kuitan,
        )  # fmt: skip
    except (RiichiError, TypeError, ValueError) as e:
        unsupported.append(f"rules the engine cannot take: {e}")
    if red_count not in (0, 3):
        unsupported.append(f"{red_count} red fives (dora_count)")
    names = [""] * players
    accounts = head.get("accounts")
    for acc in accounts if isinstance(accounts, list) else []:
        if isinstance(acc, dict) and type(acc.get("seat")) is int and 0 <= acc["seat"] < players:
            names[acc["seat"]] = str(acc.get("nickname", ""))
    events: list[Event] = [
        StartGame(
            names=tuple(names),
            players=players,
            red_fives=red_count > 0,
            kuitan=kuitan,
            length=length,
        )
    ]
    game = _Game(players, events, unsupported)
    for i, rec in enumerate(recs):
        try:
            game.record(rec["name"].rsplit(".", 1)[-1], rec["data"])
        except (_Bad, InvalidTile, LogFormatError, TypeError, ValueError, KeyError,
                IndexError, AttributeError) as e:  # fmt: skip
            raise log_error(source, f"record #{i} ({rec['name']})", str(e)) from None
    if game.open:
        game.unfinished()
    result = head.get("result")
    if isinstance(result, dict) and isinstance(result.get("players"), list):
        final = [0] * players
        pts = [0.0] * players
        try:
            for p in result["players"]:
                final[p["seat"]] = int(p["part_point_1"])
                pts[p["seat"]] = float(p["total_point"]) / 1000
        except (KeyError, TypeError, ValueError, IndexError):
            raise log_error(source, "head.result", "final scores are not readable") from None
        events.append(EndGame(tuple(final), tuple(pts)))
    meta: dict[str, Any] = {"uuid": head.get("uuid"), "rules": rules}
    meta["complete"] = isinstance(events[-1], EndGame)
    if unsupported:
        meta["unsupported"] = "Mahjong Soul record not replayable: " + "; ".join(unsupported)
    return GameLog(events, source, "majsoul", meta)


class _Game:
    def __init__(self, players: int, out: list[Event], unsupported: list[str]) -> None:
        self.n = players
        self.out = out
        self.unsupported = unsupported
        self.open = False

    def emit(self, ev: Event) -> None:
        self.out.append(ev)

    def seat(self, v: Any) -> int:
        if type(v) is not int or not 0 <= v < self.n:
            raise _Bad(f"seat {v!r} is outside 0..{self.n - 1}")
        return v

    def take(self, p: int, t: Tile, what: str) -> None:
        try:
            self.hands[p].remove(t)
        except ValueError:
            raise _Bad(f"seat {p} {what} {t}, which is not in the hand") from None

    def record(self, name: str, d: dict) -> None:
        handler = getattr(self, "on_" + name, None)
        if handler is None:
            raise _Bad(f"unknown record {name!r}")
        if name != "RecordNewRound":
            if not self.open:
                raise _Bad(f"{name} outside a round")
            self.accept(d.get("liqi"))
        handler(d)

    def accept(self, liqi: Any) -> None:
        """A ``liqi`` object on a record: the pending riichi was accepted."""
        if not isinstance(liqi, dict):
            return
        p = self.seat(liqi.get("seat"))
        self.scores[p] -= 1000
        if liqi.get("score") is not None and int(liqi["score"]) != self.scores[p]:
            raise _Bad(f"riichi of seat {p} leaves {liqi['score']}, expected {self.scores[p]}")
        self.riichi[p] = True
        deltas = tuple(-1000 if q == p else 0 for q in range(self.n))
        self.emit(ReachAccepted(p, deltas, tuple(self.scores)))

    def new_doras(self, d: dict) -> None:
        doras = d.get("doras")
        if isinstance(doras, list) and len(doras) > len(self.doras):
            for x in doras[len(self.doras) :]:
                t = _tile(x)
                self.doras.append(t)
                self.emit(Dora(t))

    def unfinished(self) -> None:
        self.open = False

    # -- records (handlers named after Mahjong Soul's message names)
    def on_RecordNewRound(self, d: dict) -> None:
        n = self.n
        if self.open:
            raise _Bad("a new round before the previous one ended")
        chang, ju = d.get("chang", 0), d.get("ju", 0)
        if type(chang) is not int or not 0 <= chang <= 3:
            raise _Bad(f"chang {chang!r} is not a round wind 0..3")
        dealer = self.seat(ju)
        self.scores = [int(x) for x in d["scores"][:n]]
        if len(self.scores) != n:
            raise _Bad(f"scores {d['scores']!r} must list {n} seats")
        deals = []
        for s in range(n):
            raw = d.get(f"tiles{s}", d.get(f"begin_tiles[{s}]"))
            if not isinstance(raw, list):
                raise _Bad(f"no deal for seat {s} (tiles{s})")
            deals.append([_tile(x) for x in raw])
            want = 14 if s == dealer else 13
            if len(deals[s]) != want:
                raise _Bad(f"seat {s} is dealt {len(deals[s])} tiles, expected {want}")
        counts = Counter(t.kind for h in deals for t in h)
        over = sorted(k for k, c in counts.items() if c > 4)
        if over:
            shown = ", ".join(f"{Tile.of(k)} x{counts[k]}" for k in over)
            msg = f"the deal holds more than four copies of a tile ({shown})"
            if msg not in self.unsupported:
                self.unsupported.append(msg)
        self.doras = [_tile(x) for x in d.get("doras") or []]
        if not self.doras:
            raise _Bad("no dora indicator (doras)")
        paishan = d.get("paishan")
        self.wall = (
            [_tile(paishan[i : i + 2]) for i in range(0, len(paishan), 2)]
            if isinstance(paishan, str)
            else None
        )
        self.drawn_live = 0
        self.after_kan = False
        self.dealer = dealer
        self.first = deals[dealer]  # the dealer's 14: the first draw is chosen at the discard
        self.hands = [list(h) for h in deals]
        self.melds: list[list[CalledMeld]] = [[] for _ in range(n)]
        self.riichi = [False] * n
        self.last: tuple[int, Tile] | None = None
        self.drawn: list[Tile | None] = [None] * n
        self.start_index = len(self.out)
        self.open = True
        self.first_pending = True
        self.emit(
            StartKyoku(
                bakaze=27 + chang,
                kyoku=dealer + 1,
                honba=int(d.get("ben", 0)),
                kyotaku=int(d.get("liqibang", 0)),
                oya=dealer,
                scores=tuple(self.scores),
                dora_marker=self.doras[0],
                tehais=(),  # filled in when the dealer's first draw is known
            )
        )

    def settle_first(self, discard: Tile | None, moqie: bool) -> None:
        """The dealer's first draw: the discarded tile when the record says tsumogiri, else
        the last tile of the 14 that is not the discarded one (the record does not say)."""
        if not self.first_pending:
            return
        self.first_pending = False
        hand = self.first
        if discard is not None and moqie:
            draw = discard
        else:
            draw = next((t for t in reversed(hand) if t != discard), hand[-1])
        deal = list(hand)
        deal.remove(draw)
        tehais = [tuple(sorted(h)) for h in self.hands]
        tehais[self.dealer] = tuple(sorted(deal))
        st = self.out[self.start_index]
        self.out[self.start_index] = dataclasses.replace(st, tehais=tuple(tehais))  # type: ignore[type-var]
        self.out.insert(self.start_index + 1, Tsumo(self.dealer, draw))
        self.drawn[self.dealer] = draw

    def on_RecordDealTile(self, d: dict) -> None:
        self.settle_first(None, False)
        p = self.seat(d.get("seat"))
        t = _tile(d.get("tile"))
        self.new_doras(d)
        if not self.after_kan and self.wall is not None:
            if self.drawn_live >= len(self.wall) or self.wall[self.drawn_live] != t:
                want = self.wall[self.drawn_live] if self.drawn_live < len(self.wall) else None
                raise _Bad(f"seat {p} draws {t}, the wall (paishan) gives {want}")
            self.drawn_live += 1
        self.after_kan = False
        self.hands[p].append(t)
        self.drawn[p] = t
        self.emit(Tsumo(p, t))

    def on_RecordDiscardTile(self, d: dict) -> None:
        p = self.seat(d.get("seat"))
        t = _tile(d.get("tile"))
        moqie = bool(d.get("moqie"))
        self.settle_first(t if p == self.dealer else None, moqie)
        self.new_doras(d)
        tsumogiri = moqie and self.drawn[p] == t
        if moqie and self.drawn[p] != t:
            raise _Bad(f"seat {p} tsumogiri of {t}, but it drew {self.drawn[p]}")
        self.take(p, t, "discards")
        if d.get("is_liqi") or d.get("is_wliqi"):
            self.emit(Reach(p))
        self.emit(Dahai(p, t, tsumogiri))
        self.drawn[p] = None
        self.last = (p, t)

    def on_RecordChiPengGang(self, d: dict) -> None:
        p = self.seat(d.get("seat"))
        kind = d.get("type")
        tiles = [_tile(x) for x in d.get("tiles") or []]
        froms = d.get("froms") or []
        if len(froms) != len(tiles):
            raise _Bad(f"tiles {d.get('tiles')!r} and froms {froms!r} differ in length")
        others = [i for i, f in enumerate(froms) if f != p]
        if len(others) != 1 or self.last is None:
            raise _Bad(f"a call must take exactly one tile from the last discard, got froms "
                       f"{froms!r}")  # fmt: skip
        frm, tile = self.last
        i = others[0]
        if froms[i] != frm or tiles[i] != tile:
            raise _Bad(f"the call takes {tiles[i]} from seat {froms[i]}, the last discard is "
                       f"{tile} by seat {frm}")  # fmt: skip
        consumed = tuple(sorted(tiles[:i] + tiles[i + 1 :]))
        for t in consumed:
            self.take(p, t, "calls with")
        cls = {0: Chi, 1: Pon, 2: Daiminkan}.get(kind) if type(kind) is int else None
        if cls is None:
            raise _Bad(f"unknown call type {kind!r} (0 chi, 1 pon, 2 daiminkan)")
        ev = cls(p, frm, tile, consumed)
        self.emit(ev)
        self.melds[p].append(CalledMeld(ev.type, tuple(sorted(tiles))))
        self.after_kan = kind == 2
        self.last = None

    def on_RecordAnGangAddGang(self, d: dict) -> None:
        p = self.seat(d.get("seat"))
        kind = d.get("type")
        t = _tile(
            d.get("tiles") if isinstance(d.get("tiles"), str) else (d.get("tiles") or [""])[0]
        )
        if kind == 3:  # ankan
            same = [x for x in self.hands[p] if x.kind == t.kind]
            if len(same) != 4:
                raise _Bad(f"seat {p} ankan of {t} holding {len(same)}")
            for x in same:
                self.take(p, x, "declares an ankan with")
            consumed = tuple(sorted(same))
            self.emit(Ankan(p, consumed))
            self.melds[p].append(CalledMeld("ankan", consumed))
            self.last = None
        elif kind == 2:  # kakan
            added = next((x for x in self.hands[p] if x.kind == t.kind), None)
            for i, m in enumerate(self.melds[p]):  # noqa: B007 - i is used after the loop
                if m.kind == "pon" and m.tiles[0].kind == t.kind:
                    break
            else:
                raise _Bad(f"seat {p} kakan of {t} without a pon")
            if added is None:
                raise _Bad(f"seat {p} kakan of {t} without the fourth tile")
            self.take(p, added, "adds")
            self.emit(Kakan(p, added, m.tiles))
            self.melds[p][i] = CalledMeld("kakan", tuple(sorted((*m.tiles, added))))
            self.last = (p, added)
        else:
            raise _Bad(f"unknown kan type {kind!r} (3 ankan, 2 kakan)")
        self.new_doras(d)
        self.after_kan = True

    def on_RecordHule(self, d: dict) -> None:
        n = self.n
        hules = d.get("hules")
        if not isinstance(hules, list) or not hules:
            raise _Bad("hules must list the wins")
        if self.first_pending and hules[0].get("zimo"):  # tenhou: the first draw wins
            self.settle_first(_tile(hules[0].get("hu_tile")), True)
        self.settle_first(None, False)
        deltas = tuple(int(x) for x in d["delta_scores"][:n])
        after = tuple(int(x) for x in d["scores"][:n])
        start = self.out[self.start_index]
        for k, h in enumerate(hules):
            p = self.seat(h.get("seat"))
            pai = _tile(h.get("hu_tile"))
            if h.get("zimo"):
                frm = p
                if self.drawn[p] != pai:
                    raise _Bad(f"seat {p} tsumo on {pai}, but it drew {self.drawn[p]}")
            else:
                if self.last is None:
                    raise _Bad(f"seat {p} ron on {pai} without a discard")
                frm = self.last[0]
                if self.last[1] != pai:
                    raise _Bad(f"seat {p} ron on {pai}, the last discard is {self.last[1]}")
            hand = [_tile(x) for x in h.get("hand") or []]
            mine = sorted(self.hands[p] if frm == p else [*self.hands[p], pai])
            yaku = []
            seat_wind = (p - start.oya) % n  # type: ignore[attr-defined]
            for f in h.get("fans") or []:
                fid, val = f.get("id"), f.get("val")
                if type(fid) is not int or type(val) is not int:
                    raise _Bad(f"fan {f!r} must have an integer id and val")
                if not val:
                    continue
                name = MAJSOUL_FANS.get(fid, f"majsoul_fan_{fid}")
                if name == "jikaze":
                    name = f"jikaze_{_WINDS[seat_wind]}"
                elif name == "bakaze":
                    name = f"bakaze_{_WINDS[start.bakaze - 27]}"  # type: ignore[attr-defined]
                if name not in _KNOWN:
                    msg = f"Mahjong Soul yaku id {fid} that the rules do not model"
                    if msg not in self.unsupported:
                        self.unsupported.append(msg)
                yaku.append((name, 13 * val if h.get("yiman") else val))
            han = int(h.get("count", 0))
            if h.get("yiman"):
                han *= 13
            dealer = p == start.oya  # type: ignore[attr-defined]
            if frm != p:
                points = int(h.get("point_rong", 0))
            elif dealer:
                points = int(h.get("point_zimo_xian", 0)) * (n - 1)
            else:
                points = int(h.get("point_zimo_qin", 0)) + int(h.get("point_zimo_xian", 0)) * (
                    n - 2
                )
            last = k == len(hules) - 1
            self.emit(
                Hora(
                    actor=p,
                    target=frm,
                    pai=pai,
                    hand=tuple(sorted([*hand, pai])),
                    melds=tuple(self.melds[p]),
                    fu=None if h.get("yiman") else int(h.get("fu", 0)),
                    han=han,
                    yaku=tuple(yaku),
                    points=points,
                    dora_markers=tuple(_tile(x) for x in h.get("doras") or []),
                    uradora_markers=tuple(_tile(x) for x in h.get("li_doras") or [])
                    if h.get("liqi")
                    else (),
                    # Mahjong Soul gives the deltas of all wins together: on the last one
                    deltas=deltas if len(hules) == 1 else None,
                    scores=after if last else None,
                )
            )
            if tuple(mine) != tuple(sorted([*hand, pai])) and not self.unsupported:
                raise _Bad(f"seat {p}'s winning hand {hand} is not the hand it holds")
        self.scores = list(after)
        self.end()

    def on_RecordNoTile(self, d: dict) -> None:
        n = self.n
        ps = d.get("players") or []
        if len(ps) != n:
            raise _Bad(f"players {ps!r:.80} must list {n} seats")
        tenpai = tuple(bool(x.get("tingpai")) for x in ps)
        hands = tuple(
            tuple(sorted(_tile(t) for t in x["hand"])) if x.get("tingpai") and x.get("hand")
            else None
            for x in ps
        )  # fmt: skip
        sc = d.get("scores") or []
        deltas = tuple(int(x) for x in sc[0]["delta_scores"][:n]) if sc else (0,) * n
        reason = "nagashi_mangan" if d.get("liujumanguan") else "exhaustive"
        self.scores = [s + x for s, x in zip(self.scores, deltas)]
        self.emit(Ryukyoku(reason, tenpai, hands, deltas, tuple(self.scores)))
        self.end()

    def on_RecordLiuJu(self, d: dict) -> None:
        self.settle_first(None, False)
        reason = _LIUJU.get(d.get("type"))  # type: ignore[arg-type]
        if reason is None:
            raise _Bad(f"unknown abortive draw type {d.get('type')!r}")
        self.emit(Ryukyoku(reason, None, None, (0,) * self.n, tuple(self.scores)))
        self.end()

    def end(self) -> None:
        self.emit(EndKyoku())
        self.open = False
