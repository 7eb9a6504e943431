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

Serialisations: proto3 JSON omits a field at its default (``seat`` 0, ``chang`` 0, ``moqie``
false, an empty list are absent) and the reader takes an absent field as that default; a file
that writes the defaults out (``"records": []`` beside the real ``actions``, ``"result": ""``
on the actions that carry no record) reads the same. Before 2024 ``paishan`` is the wall left
after the deal; from 2024 it holds all the tiles (136, sanma 108), deal included, so the
dealer's first draw is known. A ``RecordBaBei`` is a sanma kita (North set aside).

Tiles are mpsz (``"0m"`` red). Seats are absolute (0 = the first dealer). Rules: ranked games
(``head.config.meta.mode_id``) use :meth:`riichi.Rules.mahjong_soul` or
:meth:`riichi.Rules.mahjong_soul_sanma` with the length from ``mode``, their ``detail_rule``
being empty; friendly and contest rooms apply the ``detail_rule`` fields riichi models
(starting and return points, red fives, kuitan, the rule switches that map onto
:class:`~riichi.Rules`) and report the others as unsupported. The rules go in
``meta["rules"]``, which the replay uses. A record that cannot be replayed faithfully (a
test-environment game with a custom wall, more than four copies of a tile, yaku or rule
switches the rules do not model) is read as far as it goes and carries the reason in
``meta["unsupported"]``. A document with no round in it is not a game: it raises
:class:`~riichi.errors.LogFormatError`.
"""

from __future__ import annotations

import dataclasses
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
    Nukidora,
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
from riichi.logs._common import (
    ReadLimits,
    check_events,
    limits_of,
    load_json,
    log_error,
    reader_input,
)
from riichi.logs.majsoul_names import MAJSOUL_FANS, majsoul_fan
from riichi.rules import Length, Rules

__all__ = ["MAJSOUL_FANS", "read_majsoul"]

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


def _int(d: dict, key: str) -> int:
    """An integer field, absent = 0 (proto3 omits defaults)."""
    v = d.get(key, 0)
    if type(v) is not int:
        raise _Bad(f"{key} {v!r:.40} is not an integer")
    return v


def _is_record(r: Any) -> bool:
    return isinstance(r, dict) and isinstance(r.get("name"), str) and bool(r["name"]) and \
        isinstance(r.get("data"), dict)  # fmt: skip


def _is_empty(r: Any) -> bool:
    """An action's ``result`` at its default: absent, ``""`` (empty bytes) or an empty
    ``{name, data}``."""
    if r is None or r == "" or r == {}:
        return True
    return isinstance(r, dict) and set(r) <= {"name", "data"} and not r.get("name") and \
        r.get("data") in (None, "", {})  # fmt: skip


def _records(doc: dict) -> list[dict]:
    outer = doc.get("data")
    inner = outer.get("data") if isinstance(outer, dict) else None
    if not isinstance(inner, dict):
        raise _Bad('no game records ("data": {"data": ...})')
    recs, acts = inner.get("records"), inner.get("actions")
    if recs is None and acts is None:
        raise _Bad('no "records" or "actions" list in the game data')
    for key, v in (("records", recs), ("actions", acts)):
        if v is not None and not isinstance(v, list):
            raise _Bad(f'"{key}" is {type(v).__name__}, not a list')
    from_actions = []
    for i, act in enumerate(acts or []):
        if not isinstance(act, dict):
            raise _Bad(f"action #{i} {act!r:.60} is not an object")
        kind, res = act.get("type", 0), act.get("result")
        if kind == 1:  # a game record; 2 user input, 3 user event, 4 game event
            if not _is_record(res):
                raise _Bad(f"action #{i} (type 1) carries no record {{name, data}}: {res!r:.80}")
            from_actions.append(res)
        elif not _is_empty(res):
            raise _Bad(f"action #{i} of type {kind!r} carries a result {res!r:.80} (only type 1 "
                       "actions carry records)")  # fmt: skip
    for i, r in enumerate(recs or []):
        if isinstance(r, str):
            raise _Bad(f"records #{i} is encoded protobuf (text {r[:24]!r}), not a decoded "
                       "record: decode the records first")  # fmt: skip
        if not _is_record(r):
            raise _Bad(f"record {r!r:.80} is not {{name, data}}")
    if recs and from_actions and recs != from_actions:
        raise _Bad(f'both "records" ({len(recs)}) and "actions" ({len(from_actions)} records) '
                   "hold the game, and they differ")  # fmt: skip
    out = recs or from_actions
    if not out:
        raise _Bad(f'no game record: "records" is {"empty" if recs == [] else "absent"} and '
                   f'none of the {len(acts or [])} actions carries one (type 1 with a result)')
    return out


#: Mahjong Soul game modes (``head.config.mode.mode``): players and length.
_MODES: dict[int, tuple[int, Length]] = {
    1: (4, "tonpuusen"), 2: (4, "hanchan"), 11: (3, "tonpuusen"), 12: (3, "hanchan"),
}  # fmt: skip
#: ``detail_rule`` switches of friendly / contest rooms that map onto a Rules field: when the
#: record writes one, its value is used (absent: Mahjong Soul's standard, the preset's).
_SWITCHES: dict[str, tuple[str, Any]] = {
    "have_liujumanguan": ("nagashi_mangan", lambda v: bool(v)),
    "have_qieshangmanguan": ("kiriage_mangan", lambda v: bool(v)),
    "have_jiuzhongjiupai": ("kyuushu_kyuuhai", lambda v: bool(v)),
    "have_sifenglianda": ("suufon_renda", lambda v: bool(v)),
    "have_sigangsanle": ("suukaikan", lambda v: bool(v)),
    "have_sijializhi": ("suucha_riichi", lambda v: bool(v)),
    "have_sanjiahele": ("sanchahou", lambda v: bool(v)),
    "can_jifei": ("tobi", lambda v: bool(v)),
    "have_helezhongju": ("agari_yame", lambda v: bool(v)),
    "have_tingpaizhongju": ("tenpai_yame", lambda v: bool(v)),
    "have_nanruxiru": ("extension", lambda v: "sudden_death" if v else "none"),
    "have_tingpailianzhuang": ("renchan", lambda v: "tenpai" if v else "agari"),
    "ming_dora_immediately_open": ("open_kan_dora", lambda v: "immediate" if v else "after_discard"),
    "disable_angang_guoshi": ("kokushi_chankan_ankan", lambda v: not v),
    "disable_double_yakuman": ("double_yakuman_special_waits", lambda v: () if v else None),
    "disable_leijiyiman": ("kazoe_yakuman", lambda v: "sanbaiman" if v else "yakuman"),
}
#: Switches riichi does not model when they leave Mahjong Soul's standard (value shown).
_UNMODELLED_OFF = ("have_yifa", "have_li_dora", "have_biao_dora", "have_gang_biao_dora",
                   "have_gang_li_dora", "have_helelianzhuang")  # fmt: skip
_UNMODELLED_ON = ("guyi_mode", "dora3_mode", "begin_open_mode", "jiuchao_mode", "muyu_mode",
                  "open_hand", "xuezhandaodi", "huansanzhang", "chuanma", "reveal_discard",
                  "field_spell_mode", "zhanxing", "tianming_mode", "yongchang_mode",
                  "hunzhiyiji_mode", "wanxiangxiuluo_mode", "beishuizhizhan_mode",
                  "disable_composite_yakuman", "have_toutiao", "noting_fafu_1", "noting_fafu_2",
                  "noting_fafu_3", "liqibang_value", "changbang_value", "tianbian_value",
                  "amusement_switches")  # fmt: skip


def _head_rules(head: dict, unsupported: list[str]) -> tuple[int, Length, Rules, int, bool]:
    """Players, length, rules, red-five count and kuitan from the head (reasons the game is
    not replayable are appended to ``unsupported``)."""
    config = _dict(head.get("config"))
    mode = _dict(config.get("mode"))
    meta = _dict(config.get("meta"))
    detail = _dict(mode.get("detail_rule"))
    mode_n = mode.get("mode", 0)
    players, length = _MODES.get(mode_n, (4, "hanchan")) if type(mode_n) is int else (4, "hanchan")
    if type(mode_n) is not int or mode_n not in _MODES:  # a list is not a mode (nor hashable)
        unsupported.append(f"game mode {mode_n!r} (head.config.mode.mode; known: 1/2 = "
                           "4-player East/South, 11/12 = 3-player East/South)")  # fmt: skip
    env = mode.get("testing_environment")
    if env:
        unsupported.append(f"a test-environment game (testing_environment {env}): a custom "
                           "wall, not a shuffled one")  # fmt: skip
    preset = Rules.mahjong_soul_sanma if players == 3 else Rules.mahjong_soul
    rules = preset(length=length)
    red_std = 2 if players == 3 else 3
    if meta.get("mode_id"):  # a ranked room: the mode's fixed rules; detail_rule is unused
        return players, length, rules, red_std, True
    changes: dict[str, Any] = {}
    room = ("friendly room " + str(meta["room_id"]) if meta.get("room_id")
            else "contest " + str(meta["contest_uid"]) if meta.get("contest_uid")
            else "a game with no room (no mode_id, room_id or contest_uid)")  # fmt: skip
    # proto3: an absent detail_rule field is 0 / false
    try:
        red_count = _int(detail, "dora_count")
        kuitan = bool(detail.get("shiduan"))
        init, fandian, fanfu = (_int(detail, k) for k in ("init_point", "fandian", "fanfu"))
    except _Bad as e:
        unsupported.append(f"detail_rule: {e}")
        return players, length, rules, red_std, True
    if init > 0:
        changes["starting_points"] = init
    else:
        unsupported.append(f"{room}: no starting points (detail_rule.init_point)")
    if fandian > 0:
        changes["target_points"] = fandian
    changes["kuitan"] = kuitan
    if red_count == 0:
        changes["red_fives"] = (0, 0, 0)
    elif red_count != red_std:
        unsupported.append(f"{red_count} red fives (detail_rule.dora_count)")
    if fanfu > 1:
        unsupported.append(f"a {fanfu}-han minimum (detail_rule.fanfu)")
    if players == 3 and not detail.get("have_zimosun"):
        unsupported.append("sanma without tsumo loss (detail_rule.have_zimosun false: the "
                           "North share is split, riichi scores tsumo loss only)")  # fmt: skip
    for key, (field_name, conv) in _SWITCHES.items():
        if key in detail:
            value = conv(detail[key])
            if value is not None:
                changes[field_name] = value
    if detail.get("have_toutiao"):
        changes["multiple_ron"] = "head_bump"
    elif "have_sanjiahele" in detail:
        changes["multiple_ron"] = "double" if detail["have_sanjiahele"] else "triple"
    for key in _UNMODELLED_OFF:
        if key in detail and not detail[key]:
            unsupported.append(f"detail_rule.{key} false, which the rules do not model")
    for key in _UNMODELLED_ON:
        if detail.get(key) and key != "have_toutiao":
            unsupported.append(f"detail_rule.{key} {detail[key]!r}, which the rules do not model")
    for key in sorted(k for k in detail if k.startswith("_")):
        unsupported.append(f"detail_rule.{key}: an edited record (replay editor setting)")
    try:
        rules = dataclasses.replace(rules, **changes)
    except (RiichiError, TypeError, ValueError) as e:
        unsupported.append(f"rules the engine cannot take: {e}")
    return players, length, rules, red_count, kuitan


def read_majsoul(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one Mahjong Soul raw game record (see the module docstring).

    Returns:
        The game; ``meta["rules"]`` the rules from the head, ``meta["unsupported"]`` the reason
        when the game cannot be replayed faithfully.

    Raises:
        LogFormatError: not JSON, no head, no round to replay (an empty ``records`` list and no
            record among the ``actions``, a header only), or a record that cannot be read or
            does not fit the hands (naming ``record #i (.lq.RecordX)`` and the reason).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_majsoul", data, source)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    doc = load_json(data, source, "document", limits_of(limits))
    if not isinstance(doc, dict) or not isinstance(doc.get("head"), dict):
        raise log_error(source, "document", 'not a Mahjong Soul record (no "head")')
    head = doc["head"]
    try:
        recs = _records(doc)
    except _Bad as e:
        raise log_error(source, "data", str(e)) from None
    unsupported: list[str] = []
    players, length, rules, red_count, kuitan = _head_rules(head, unsupported)
    names = [""] * players
    accounts = head.get("accounts")
    for acc in accounts if isinstance(accounts, list) else []:
        seat = acc.get("seat", 0) if isinstance(acc, dict) else None
        if type(seat) is int and 0 <= seat < players:
            names[seat] = str(acc.get("nickname", ""))
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
    if not game.rounds:
        raise log_error(source, "data", f"no round: none of the {len(recs)} records starts one "
                        "(RecordNewRound)")  # fmt: skip
    result = head.get("result")
    if isinstance(result, dict) and isinstance(result.get("players"), list):
        final = [0] * players
        pts = [0.0] * players
        seats = []
        try:
            for p in result["players"]:
                seat = p.get("seat", 0)
                seats.append(seat)
                final[seat] = int(p.get("part_point_1", 0))
                pts[seat] = float(p.get("total_point", 0)) / 1000
        except (AttributeError, TypeError, ValueError, IndexError):
            raise log_error(source, "head.result", "final scores are not readable") from None
        if sorted(seats) != list(range(players)):
            raise log_error(source, "head.result", f"final scores list seats {seats}, not each "
                            f"of the {players} seats once")  # fmt: skip
        events.append(EndGame(tuple(final), tuple(pts)))
    meta: dict[str, Any] = {"uuid": head.get("uuid"), "rules": rules}
    meta["complete"] = isinstance(events[-1], EndGame)
    if unsupported:
        meta["unsupported"] = "Mahjong Soul record not replayable: " + "; ".join(unsupported)
    check_events(events, source)
    return GameLog(events, source, "majsoul", meta)


class _Game:
    def __init__(self, players: int, out: list[Event], unsupported: list[str]) -> None:
        self.n = players
        self.out = out
        self.unsupported = unsupported
        self.open = False
        self.rounds = 0

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
        p = self.seat(liqi.get("seat", 0))
        self.scores[p] -= 1000
        if _int(liqi, "score") != self.scores[p]:
            raise _Bad(f"riichi of seat {p} leaves {liqi['score']}, expected {self.scores[p]}")
        self.riichi[p] = True
        deltas = tuple(-1000 if q == p else 0 for q in range(self.n))
        self.emit(ReachAccepted(p, deltas, tuple(self.scores)))

    def new_doras(self, d: dict) -> None:
        doras = d.get("doras")
        if not isinstance(doras, list) or not doras:
            return  # absent: no new indicator
        known = [_tile(x) for x in doras[: len(self.doras)]]
        if known != self.doras[: len(known)] or len(doras) < len(self.doras):
            raise _Bad(f"doras {doras!r} do not continue the indicators {self.doras}")
        if len(doras) > len(self.doras):
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
        chang, ju = _int(d, "chang"), _int(d, "ju")
        if not 0 <= chang <= 3:
            raise _Bad(f"chang {chang!r} is not a round wind 0..3")
        dealer = self.seat(ju)
        self.scores = [int(x) for x in d["scores"][:n]]
        if len(self.scores) != n:
            raise _Bad(f"scores {d['scores']!r} must list {n} seats")
        deals = []
        for s in range(n):
            raw = d.get(f"tiles{s}") or d.get(f"begin_tiles[{s}]")
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
            if isinstance(paishan, str) and paishan
            else None
        )
        self.drawn_live = 0
        first_draw = None
        if self.wall is not None and len(self.wall) == (136 if n == 4 else 108):
            # the 2024 layout: the whole wall, deal included (4 tiles a seat three times from
            # the dealer, then one each, then the dealer's first draw)
            dealt = 13 * n
            order = [(dealer + s) % n for s in range(n)]
            want: list[list[Tile]] = [[] for _ in range(n)]
            k = 0
            for block in (4, 4, 4, 1):
                for s in order:
                    want[s] += self.wall[k : k + block]
                    k += block
            first_draw = self.wall[dealt]
            want[dealer].append(first_draw)
            for s in range(n):
                if sorted(want[s]) != sorted(deals[s]):
                    raise _Bad(f"seat {s}'s deal {[str(t) for t in deals[s]]} is not the one "
                               f"the wall (paishan) gives, {[str(t) for t in want[s]]}")  # fmt: skip
            self.drawn_live = dealt + 1
        self.after_kan = False
        self.dealer = dealer
        self.first = deals[dealer]  # the dealer's 14: the first draw is chosen at the discard
        self.first_draw = first_draw  # known from a whole-wall paishan
        self.hands = [list(h) for h in deals]
        self.melds: list[list[CalledMeld]] = [[] for _ in range(n)]
        self.riichi = [False] * n
        self.last: tuple[int, Tile] | None = None
        self.drawn: list[Tile | None] = [None] * n
        self.start_index = len(self.out)
        self.open = True
        self.rounds += 1
        self.first_pending = True
        self.emit(
            StartKyoku(
                bakaze=27 + chang,
                kyoku=dealer + 1,
                honba=_int(d, "ben"),
                kyotaku=_int(d, "liqibang"),
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
        if self.first_draw is not None:
            draw = self.first_draw
            if moqie and discard is not None and discard != draw:
                raise _Bad(f"the dealer's tsumogiri of {discard}, but its first draw (paishan) "
                           f"is {draw}")  # fmt: skip
        elif discard is not None and moqie:
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
        p = self.seat(d.get("seat", 0))
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
        p = self.seat(d.get("seat", 0))
        t = _tile(d.get("tile"))
        moqie = bool(d.get("moqie"))
        first = self.first_pending and p == self.dealer
        self.settle_first(t if p == self.dealer else None, moqie)
        self.new_doras(d)
        tsumogiri = moqie and self.drawn[p] == t
        if first and self.first_draw == t and self.hands[p].count(t) == 1:
            # the record marks no dealer's first discard tsumogiri (its 14 tiles are all
            # "hand"); with the whole wall known, the tile discarded is the one drawn
            tsumogiri = True
        if moqie and self.drawn[p] != t:
            raise _Bad(f"seat {p} tsumogiri of {t}, but it drew {self.drawn[p]}")
        self.take(p, t, "discards")
        if d.get("is_liqi") or d.get("is_wliqi"):
            self.emit(Reach(p))
        self.emit(Dahai(p, t, tsumogiri))
        self.drawn[p] = None
        self.last = (p, t)

    def on_RecordChiPengGang(self, d: dict) -> None:
        p = self.seat(d.get("seat", 0))
        kind = _int(d, "type")
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
        cls = {0: Chi, 1: Pon, 2: Daiminkan}.get(kind)
        if cls is None:
            raise _Bad(f"unknown call type {kind!r} (0 chi, 1 pon, 2 daiminkan)")
        ev = cls(p, frm, tile, consumed)
        self.emit(ev)
        self.melds[p].append(CalledMeld(ev.type, tuple(sorted(tiles))))
        self.after_kan = kind == 2
        self.last = None

    def on_RecordAnGangAddGang(self, d: dict) -> None:
        p = self.seat(d.get("seat", 0))
        kind = _int(d, "type")
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
            self.last = (p, consumed[0])  # kokushi may rob it (Mahjong Soul)
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

    def on_RecordBaBei(self, d: dict) -> None:
        """Sanma kita: the player sets a North aside and draws from the dead wall."""
        p = self.seat(d.get("seat", 0))
        if self.n != 3:
            raise _Bad(f"seat {p} sets a North aside (kita) in a {self.n}-player game")
        self.settle_first(None, False)
        north = Tile.of(30)
        if bool(d.get("moqie")) and self.drawn[p] != north:
            raise _Bad(f"seat {p} sets aside the North it drew, but it drew {self.drawn[p]}")
        self.take(p, north, "sets aside")
        self.emit(Nukidora(p, north))
        self.melds[p].append(CalledMeld("nukidora", (north,)))
        self.new_doras(d)
        self.drawn[p] = None
        self.last = (p, north)  # a ron on it robs the North (no chankan yaku)
        self.after_kan = True  # the replacement comes from the dead wall

    def on_RecordHule(self, d: dict) -> None:
        n = self.n
        hules = d.get("hules")
        if not isinstance(hules, list) or not hules:
            raise _Bad("hules must list the wins")
        if not all(isinstance(h, dict) for h in hules):
            raise _Bad(f"hules {hules!r:.80} must be objects")
        if self.first_pending and hules[0].get("zimo"):  # tenhou: the first draw wins
            self.settle_first(_tile(hules[0].get("hu_tile")), True)
        self.settle_first(None, False)
        deltas = tuple(int(x) for x in (d.get("delta_scores") or [0] * n)[:n])
        after = tuple(int(x) for x in d["scores"][:n])
        if len(deltas) != n or len(after) != n:
            raise _Bad(f"delta_scores / scores must list {n} seats")
        start = self.out[self.start_index]
        for k, h in enumerate(hules):
            p = self.seat(h.get("seat", 0))
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
            yaku: dict[str, int] = {}  # the North dora (kita) is added to dora
            seat_wind = (p - start.oya) % n  # type: ignore[attr-defined]
            for f in h.get("fans") or []:
                if not isinstance(f, dict):
                    raise _Bad(f"fan {f!r:.40} is not an object")
                fid, val = _int(f, "id"), _int(f, "val")
                if not val:
                    continue
                name = majsoul_fan(
                    fid,
                    seat_wind=seat_wind,
                    round_wind=start.bakaze - 27,  # type: ignore[attr-defined]
                ) or f"majsoul_fan_{fid}"
                if name not in _KNOWN:
                    msg = f"Mahjong Soul yaku id {fid} that the rules do not model"
                    if msg not in self.unsupported:
                        self.unsupported.append(msg)
                yaku[name] = yaku.get(name, 0) + (13 * val if h.get("yiman") else val)
            han = _int(h, "count")
            if h.get("yiman"):
                han *= 13
            dealer = p == start.oya  # type: ignore[attr-defined]
            if frm != p:
                points = _int(h, "point_rong")
            elif dealer:
                points = _int(h, "point_zimo_xian") * (n - 1)
            else:
                points = _int(h, "point_zimo_qin") + _int(h, "point_zimo_xian") * (n - 2)
            last = k == len(hules) - 1
            self.emit(
                Hora(
                    actor=p,
                    target=frm,
                    pai=pai,
                    hand=tuple(sorted([*hand, pai])),
                    melds=tuple(self.melds[p]),
                    fu=None if h.get("yiman") else _int(h, "fu"),
                    han=han,
                    yaku=tuple(yaku.items()),
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
        if len(ps) != n or not all(isinstance(x, dict) for x in ps):
            raise _Bad(f"players {ps!r:.80} must list {n} seats")
        tenpai = tuple(bool(x.get("tingpai")) for x in ps)
        hands = tuple(
            tuple(sorted(_tile(t) for t in x["hand"])) if x.get("tingpai") and x.get("hand")
            else None
            for x in ps
        )  # fmt: skip
        total = [0] * n  # one entry per settlement (several nagashi mangan: several)
        for entry in d.get("scores") or []:
            got = [int(x) for x in _dict(entry).get("delta_scores") or [0] * n]
            if len(got) != n:
                raise _Bad(f"delta_scores {got!r} must list {n} seats")
            total = [a + b for a, b in zip(total, got)]
        deltas = tuple(total)
        reason = "nagashi_mangan" if d.get("liujumanguan") else "exhaustive"
        self.scores = [s + x for s, x in zip(self.scores, deltas)]
        self.emit(Ryukyoku(reason, tenpai, hands, deltas, tuple(self.scores)))
        self.end()

    def on_RecordLiuJu(self, d: dict) -> None:
        self.settle_first(None, False)
        reason = _LIUJU.get(_int(d, "type"))
        if reason is None:
            raise _Bad(f"unknown abortive draw type {d.get('type')!r}")
        self.emit(Ryukyoku(reason, None, None, (0,) * self.n, tuple(self.scores)))
        self.end()

    def end(self) -> None:
        self.emit(EndKyoku())
        self.open = False
