"""kobalab 電脳麻将 (majiang) paipu JSON: reader.

The paipu format of kobalab's Majiang (https://github.com/kobalab/majiang-core, "牌譜" in its
wiki) is also what several Tenhou converters write (e.g. MahjongLM's fixtures, one game per
``.json`` file or per ``.txt`` member of a zip). A document is::

    {"title", "player": [...], "qijia", "log": [round, ...], "defen", "point", "rank"}

``player``/``defen``/``point``/``rank`` are indexed by player id; ``qijia`` (起家) is the id of
the first dealer, so absolute seat ``s`` (0 = first dealer) is player ``(qijia + s) % n``.
A round is a list of one-key objects:

- ``qipai`` (deal): ``zhuangfeng`` round wind 0..3, ``jushu`` dealer index 0..3,
  ``changbang`` honba, ``lizhibang`` riichi sticks, ``defen`` scores, ``baopai`` the dora
  indicator, ``shoupai`` the hands;
- ``zimo`` / ``gangzimo`` draw / kan replacement draw ``{l, p}``; ``dapai`` discard ``{l, p}``;
  ``fulou`` chi/pon/daiminkan ``{l, m}``; ``gang`` ankan/kakan ``{l, m}``; ``kaigang`` a new
  dora indicator ``{baopai}``; ``penuki`` a sanma North set aside ``{l, p}``;
- ``hule`` win: ``l``, ``baojia`` (the discarder, null for tsumo), ``shoupai`` (the winner's
  hand with the winning tile), ``fubaopai`` (uradora indicators, null without riichi), ``fu``,
  ``fanshu`` (han), ``damanguan`` (yakuman multiple, instead of fu/fanshu), ``defen``
  (points), ``hupai`` (``{name, fanshu}`` yaku in Tenhou's Japanese names; a yakuman's
  fanshu is ``"*"`` per yakuman), ``fenpei`` (score changes, honba and sticks included); 電脳麻将 itself names the
  dragons ``翻牌 白/發/中`` where Tenhou writes ``役牌``;
- ``pingju`` draw: ``name`` (流局, 九種九牌, 四風連打, 四家立直, 四槓散了, 三家和了, 流し満貫 as
  Tenhou names them; 電脳麻将 itself writes 荒牌平局, 四開槓 and 三家和),
  ``shoupai`` (hands shown, ``""`` when hidden), ``fenpei``.

Seats inside a round are relative to its dealer: ``l`` = 0 is the dealer (East), 1 South...,
and every per-seat list of a round (``shoupai``, ``defen``, ``fenpei``) is in that order;
absolute seat = ``(jushu + l) % n``.

Tiles are a suit letter ``m p s z`` and a digit (``0`` = red five; ``z1..z7`` = E S W N haku
hatsu chun). A hand string groups digits after their letter (``m123p0z11``), melds follow
after commas. A discard may end in ``_`` (tsumogiri) and ``*`` (riichi declaration). In a
meld string the called tile is the digit followed by a source mark: ``-`` from the left
player (kamicha), ``=`` from across (toimen), ``+`` from the right (shimocha); an ankan has
no mark (``m5550``) and a kakan appends the added tile to its pon (``m555=5``).

The format does not say when a kan's new dora shows relative to the replacement draw; the
reader puts each ``kaigang`` where Tenhou logs it (an ankan's at once, an open kan's after its
replacement draw, before the next discard or the next kan's draw), as the tenhou.net/6 reader
does. The riichi stick is taken when the riichi discard passes (no ron on it, no sanchahou).
A record that lists fewer ``kaigang`` than its kans reveal is read as it is (the kan reveals
nothing) and the round is listed in ``GameLog.meta["rounds_missing_kan_dora"]``: MahjongLM's
conversion writes one ``kaigang`` for a kakan followed at once by an ankan, where Tenhou
reveals two (the replay reports it as a ``dora_indicators`` mismatch).
Rules come from the Tenhou table name that starts ``title`` (``四鳳南喰赤``: 三 = sanma, 東/南
length, 喰 kuitan, 赤 red fives, 速 fast); with any other title (電脳麻将's own games, e.g.
``状況役: 地和 (東四局 0本場)``, whose 東 is a round, not a length) the game is replayed under
Tenhou's default (hanchan, kuitan, red), which is also 電脳麻将's default in these; 電脳麻将
differs from Tenhou in counting double yakuman (majiang-core lib/rule.js ダブル役満あり), which
the replay then reports as a mismatch.

A file may hold several games as a JSON array (電脳麻将, kobalab/majiang-analog):
:func:`read_kobalab_games` reads each, named ``file.json#i``.
"""

from __future__ import annotations

import re
from typing import Any

from riichi.errors import InvalidTile, LogFormatError
from riichi.events import (
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
from riichi.logs.tenhou6 import _DRAW_NAMES, _JA_TO_NAME

__all__ = ["read_kobalab", "read_kobalab_games"]

_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}
_TILE_RE = re.compile(r"([mpsz])([0-9])")
_NAME_RE = re.compile(r"^(.*?)\s*\(([^()]*)\)$")
# draw names: Tenhou's (converted records) and 電脳麻将's own (majiang-core lib/game.js:
# 荒牌平局 for the exhaustive draw, 四開槓, 三家和)
_DRAWS = {**_DRAW_NAMES, "荒牌平局": "exhaustive", "四開槓": "suukaikan", "三家和": "sanchahou"}
# yaku names: Tenhou's, and 電脳麻将's own for the dragons (majiang-core lib/hule.js)
_YAKU = {**_JA_TO_NAME, "翻牌 白": "haku", "翻牌 發": "hatsu", "翻牌 中": "chun"}
# source mark -> seat offset from the caller (4 players)
_MARK_REL = {"-": 3, "=": 2, "+": 1}


def _tile(text: Any) -> Tile:
    """One tile from ``"m5"`` / ``"p0"`` (red) / ``"z7"``."""
    if not isinstance(text, str) or len(text) != 2 or text[0] not in _SUITS:
        raise _Bad(f"{text!r} is not a tile (m/p/s 0-9, z 1-7)")
    return _digit(text[0], text[1])


def _digit(suit: str, d: str) -> Tile:
    n = int(d)
    if suit == "z":
        if not 1 <= n <= 7:
            raise _Bad(f"{suit}{d} is not a tile (honors are z1..z7)")
        return Tile.of(27 + n - 1)
    if n == 0:
        return Tile.of(_SUITS[suit] + 4, True)
    return Tile.of(_SUITS[suit] + n - 1)


def _hand(text: Any) -> tuple[list[Tile], list[str]]:
    """A hand string: (concealed tiles, meld strings). Marks in the concealed part (the
    winning tile of a ron may carry one) are ignored."""
    if not isinstance(text, str):
        raise _Bad(f"hand {text!r} is not a string")
    parts = text.split(",")
    body = parts[0]
    tiles: list[Tile] = []
    suit = None
    for c in body:
        if c in _SUITS:
            suit = c
        elif c.isdigit():
            if suit is None:
                raise _Bad(f"hand {text!r}: digit before a suit letter")
            tiles.append(_digit(suit, c))
        elif c not in "+=-_*":
            raise _Bad(f"hand {text!r}: unexpected character {c!r}")
    return tiles, [p for p in parts[1:] if p]


def _meld(text: Any) -> tuple[list[Tile], int | None, str | None, Tile | None]:
    """A meld string: (tiles of the meld before any kakan addition, index of the called tile
    or None, its source mark or None, the kakan's added tile or None)."""
    if not isinstance(text, str) or not re.fullmatch(r"[mpsz](?:[0-9][-+=]?){3,4}", text):
        raise _Bad(f"{text!r} is not a meld string")
    suit = text[0]
    tiles: list[Tile] = []
    called = mark = None
    for c in text[1:]:
        if c in "-+=":
            if mark is not None:
                raise _Bad(f"meld {text!r} has two source marks")
            called, mark = len(tiles) - 1, c
        else:
            tiles.append(_digit(suit, c))
    added = None
    if mark is not None and len(tiles) == 4 and called == 2 and text[-1] not in "-+=":
        added = tiles.pop()  # kakan: pon string + added tile
    return tiles, called, mark, added


# a Tenhou table name at the start of the title: players and/or room, then length and flags
_TABLE_RE = re.compile(r"\s*([三四]?)([般上特鳳若銀琥孔技]?)([東南])(喰?)(赤?)(速?)")


def _rules(title: str) -> tuple[int | None, bool, bool, str, bool]:
    """(players or None, red fives, kuitan, length, speed) from a Tenhou table name that
    starts the title (``四鳳南喰赤``); any other title (電脳麻将's own, or a note such as
    ``状況役: 地和 (東四局 0本場)``) gives 電脳麻将's and Tenhou's common default: hanchan,
    kuitan, red fives."""
    m = _TABLE_RE.match(title)
    if m is None or not (m.group(1) or m.group(2)):
        return None, True, True, "hanchan", False
    return (
        {"三": 3, "四": 4}.get(m.group(1)),
        bool(m.group(5)),
        bool(m.group(4)),
        "tonpuusen" if m.group(3) == "東" else "hanchan",
        bool(m.group(6)),
    )


def read_kobalab(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one kobalab paipu JSON game (see the module docstring for the format).

    A file holding several games (a JSON array, as 電脳麻将 saves them) is read with
    :func:`read_kobalab_games`; here an array of exactly one game is that game.

    Returns:
        The game in the event model (absolute seats; EndGame when the document has the
        final ``defen``).

    Raises:
        LogFormatError: not UTF-8 or not JSON, no ``log`` list, a ``log`` without any round,
            an array of more or fewer than one game, or an event that cannot be read or does
            not fit the hands (naming ``round #i event #j``, and the reason).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_kobalab", data, source)
    doc = _load(data, source, limits)
    if isinstance(doc, list):
        if len(doc) != 1:
            raise log_error(source, "document", f"an array of {len(doc)} games: read it with "
                            "read_kobalab_games (or read_logs / verify)")  # fmt: skip
        doc = doc[0]
    return _read_game(doc, source)


def read_kobalab_games(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> list[tuple[str | None, GameLog | LogFormatError]]:
    """Every game of a kobalab paipu file: one document, or a JSON array of documents (the
    way 電脳麻将 and kobalab/majiang-analog save several games in one file).

    Returns:
        ``(name, GameLog)`` per readable game and ``(name, LogFormatError)`` per bad one, in
        file order; a bad game does not stop the others. A single document is named
        ``source``; the games of an array ``"{source}#{i}"`` (i from 0), which is also each
        game's ``GameLog.source`` and the file of its errors.

    Raises:
        LogFormatError: the file is not UTF-8 JSON, or an empty array (no game at all).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_kobalab_games", data, source)
    doc = _load(data, source, limits)
    if not isinstance(doc, list):
        return [(source, _read_game(doc, source))]
    if not doc:
        raise log_error(source, "document", "an empty array: no game")
    out: list[tuple[str | None, GameLog | LogFormatError]] = []
    for i, game in enumerate(doc):
        name = f"{source or ''}#{i}"
        try:
            out.append((name, _read_game(game, name)))
        except LogFormatError as e:
            out.append((name, e))
    return out


def _load(data: bytes | str, source: str | None, limits: ReadLimits | None) -> Any:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    return load_json(data, source, "document", limits_of(limits))


def _read_game(doc: Any, source: str | None) -> GameLog:
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
        raise log_error(source, "document", 'not a kobalab paipu (no "log" list)')
    rounds = doc["log"]
    if not rounds:
        raise log_error(source, "log", 'the game holds no round (an empty "log" list)')
    title = doc["title"] if isinstance(doc.get("title"), str) else ""
    t_players, red, kuitan, length, speed = _rules(title)
    players = t_players
    if players is None:
        try:
            players = len(rounds[0][0]["qipai"]["shoupai"])
        except (IndexError, KeyError, TypeError):
            players = 4
    if players not in (3, 4):
        raise log_error(source, "document", f"{players} players (expected 3 or 4)")
    qijia = doc.get("qijia", 0)
    if type(qijia) is not int or not 0 <= qijia < players:
        raise log_error(source, "qijia", f"first dealer {qijia!r} is not a player index")
    raw_names = doc.get("player")
    names: list[str] = []
    ranks: list[str] = []
    if isinstance(raw_names, list) and len(raw_names) == players:
        for s in range(players):
            v = str(raw_names[(qijia + s) % players])
            m = _NAME_RE.match(v)
            names.append(m.group(1) if m else v)
            ranks.append(m.group(2) if m else "")
    events: list[Event] = [
        StartGame(
            names=tuple(names) or ("",) * players,
            players=players,
            red_fives=red,
            kuitan=kuitan,
            length=length,
            speed=speed,
        )
    ]
    missing: list[int] = []
    for index, rnd in enumerate(rounds):
        r = _Round(players, events)
        try:
            r.run(rnd)
            if r.missing:
                missing.append(index)
        except (_Bad, InvalidTile, LogFormatError, TypeError, ValueError, KeyError,
                IndexError, AttributeError) as e:  # fmt: skip
            where = f"round #{index}" + (f" event #{r.pos}" if r.pos >= 0 else "")
            raise log_error(source, where, str(e)) from None
    defen, point = doc.get("defen"), doc.get("point")
    if isinstance(defen, list) and len(defen) == players:
        try:
            scores = tuple(int(defen[(qijia + s) % players]) for s in range(players))
            pts = None
            if isinstance(point, list) and len(point) == players:
                pts = tuple(float(point[(qijia + s) % players]) for s in range(players))
        except (TypeError, ValueError):
            raise log_error(source, "defen", f"final scores {defen!r} / {point!r} are not "
                            "numbers") from None  # fmt: skip
        events.append(EndGame(scores, pts))
    meta: dict[str, Any] = {"title": title} if title else {}
    if any(ranks):
        meta["dan_rate"] = ranks
    meta["complete"] = isinstance(events[-1], EndGame)
    if missing:
        meta["rounds_missing_kan_dora"] = missing
    check_events(events, source)
    return GameLog(events, source, "kobalab", meta)


class _Round:
    """Builds one round's events, keeping the hands to check every tile taken from them."""

    def __init__(self, players: int, out: list[Event]) -> None:
        self.n = players
        self.out = out
        self.pos = -1

    def emit(self, ev: Event) -> None:
        self.out.append(ev)

    def seat(self, v: Any) -> int:
        l_ = v.get("l")
        if type(l_) is not int or not 0 <= l_ < self.n:
            raise _Bad(f"seat l={l_!r} is outside 0..{self.n - 1}")
        return (l_ + self.jushu) % self.n

    def by_seat(self, values: Any, what: str) -> list[Any]:
        """A per-seat list of the round (dealer first) in absolute seat order."""
        if not isinstance(values, list) or len(values) != self.n:
            raise _Bad(f"{what} {values!r} must list {self.n} seats")
        return [values[(s - self.jushu) % self.n] for s in range(self.n)]

    def take(self, p: int, t: Tile, what: str) -> None:
        try:
            self.hands[p].remove(t)
        except ValueError:
            raise _Bad(f"seat {p} {what} {t}, which is not in the hand") from None

    def reveal(self) -> None:
        if self.dora_shown >= len(self.kaigang):
            # The record lists fewer kaigang than its kans reveal (seen after a kakan
            # followed at once by an ankan: one kaigang for two kans). Read it as it is: the
            # replay reports the missing indicator as a dora_indicators mismatch.
            self.missing += 1
            return
        self.dora.append(self.kaigang[self.dora_shown])
        self.emit(Dora(self.kaigang[self.dora_shown]))
        self.dora_shown += 1

    def flush(self) -> None:
        while self.pending:
            self.pending -= 1
            self.reveal()

    def run(self, rnd: Any) -> None:
        if not isinstance(rnd, list) or not rnd:
            raise _Bad("a round must be a non-empty list of events")
        items: list[tuple[str, Any]] = []
        for j, ev in enumerate(rnd):
            if not isinstance(ev, dict) or len(ev) != 1:
                self.pos = j
                raise _Bad(f"event {ev!r:.80} must be an object with one key")
            ((k, v),) = ev.items()
            if not isinstance(v, dict):
                self.pos = j
                raise _Bad(f"{k} {v!r:.80} must be an object")
            items.append((k, v))
        if items[0][0] != "qipai":
            self.pos = 0
            raise _Bad(f"a round must start with qipai, not {items[0][0]}")
        self.kaigang = [_tile(v.get("baopai")) for k, v in items if k == "kaigang"]
        self.dora_shown = 0
        self.pending = 0  # open kans whose dora shows before the next discard
        self.before_draw = 0  # ... or, after another kan, before its replacement draw
        self.missing = 0  # kan dora the record does not list
        ended = False
        for j, (k, v) in enumerate(items):
            self.pos = j
            if ended and k not in ("hule",):
                raise _Bad(f"{k} after the end of the round")
            handler = getattr(self, "on_" + k, None)
            if handler is None:
                raise _Bad(f"unknown event {k!r}")
            nxt = items[j + 1] if j + 1 < len(items) else None
            handler(v, nxt)
            ended = ended or k in ("hule", "pingju")
        self.pos = -1
        while self.dora_shown < len(self.kaigang):  # more kaigang than kans: keep them
            self.emit(Dora(self.kaigang[self.dora_shown]))
            self.dora_shown += 1
        if ended:
            self.emit(EndKyoku())

    # -- events
    def on_qipai(self, v: dict, nxt: Any) -> None:
        n = self.n
        if self.pos != 0:
            raise _Bad("qipai inside a round")
        wind, jushu = v.get("zhuangfeng"), v.get("jushu")
        if type(wind) is not int or not 0 <= wind <= 3:
            raise _Bad(f"zhuangfeng {wind!r} is not a wind 0..3")
        if type(jushu) is not int or not 0 <= jushu < n:
            raise _Bad(f"jushu {jushu!r} is not a dealer index 0..{n - 1}")
        self.jushu = jushu
        self.scores = [int(x) for x in self.by_seat(v.get("defen"), "defen")]
        hands = [_hand(h) for h in self.by_seat(v.get("shoupai"), "shoupai")]
        for s, (tiles, melds) in enumerate(hands):
            if len(tiles) != 13 or melds:
                raise _Bad(f"seat {s} is dealt {len(tiles)} tiles (expected 13, no melds)")
        self.hands = [list(t) for t, _ in hands]
        self.melds: list[list[CalledMeld]] = [[] for _ in range(n)]
        self.riichi = [False] * n
        self.last_draw: list[Tile | None] = [None] * n
        self.last: tuple[str, int, Tile] | None = None  # last dahai / kakan / penuki
        self.dora = [_tile(v.get("baopai"))]
        honba, sticks = v.get("changbang", 0), v.get("lizhibang", 0)
        if type(honba) is not int or type(sticks) is not int or honba < 0 or sticks < 0:
            raise _Bad(f"changbang {honba!r} / lizhibang {sticks!r} must be counts")
        self.emit(
            StartKyoku(
                bakaze=27 + wind,
                kyoku=jushu + 1,
                honba=honba,
                kyotaku=sticks,
                oya=jushu,
                scores=tuple(self.scores),
                dora_marker=self.dora[0],
                tehais=tuple(tuple(sorted(h)) for h in self.hands),
            )
        )

    def draw(self, v: dict) -> None:
        p = self.seat(v)
        t = _tile(v.get("p"))
        while self.before_draw:
            self.before_draw -= 1
            self.reveal()
        self.hands[p].append(t)
        self.last_draw[p] = t
        self.emit(Tsumo(p, t))

    def on_zimo(self, v: dict, nxt: Any) -> None:
        self.draw(v)

    def on_gangzimo(self, v: dict, nxt: Any) -> None:
        self.draw(v)

    def on_dapai(self, v: dict, nxt: Any) -> None:
        p = self.seat(v)
        text = v.get("p")
        if not isinstance(text, str) or len(text) < 2:
            raise _Bad(f"discard {text!r} is not a tile")
        flags = text[2:]
        if flags not in ("", "_", "*", "_*"):
            raise _Bad(f"discard {text!r}: unknown suffix {flags!r} (expected _ and/or *)")
        t = _tile(text[:2])
        tsumogiri = "_" in flags
        if tsumogiri and self.last_draw[p] != t:
            raise _Bad(f"seat {p} tsumogiri {text!r} is not the tile it drew")
        self.flush()
        self.take(p, t, "discards")
        riichi = "*" in flags
        if riichi:
            self.emit(Reach(p))
        self.emit(Dahai(p, t, tsumogiri))
        self.last_draw[p] = None
        self.last = ("dahai", p, t)
        if riichi:
            ronned = nxt is not None and (
                nxt[0] == "hule"
                or (nxt[0] == "pingju" and _DRAWS.get(nxt[1].get("name")) == "sanchahou")
            )
            if not ronned:
                self.riichi[p] = True
                self.scores[p] -= 1000
                deltas = tuple(-1000 if q == p else 0 for q in range(self.n))
                self.emit(ReachAccepted(p, deltas, tuple(self.scores)))

    def on_fulou(self, v: dict, nxt: Any) -> None:
        p = self.seat(v)
        text = v.get("m")
        tiles, called, mark, added = _meld(text)
        if called is None or mark is None or added is not None:
            raise _Bad(f"fulou {text!r} must mark the called tile with - = or +")
        if self.last is None or self.last[0] != "dahai":
            raise _Bad(f"fulou {text!r} without a discard to call")
        _, frm, tile = self.last
        if tiles[called] != tile:
            raise _Bad(f"fulou {text!r} calls {tiles[called]}, the discard is {tile}")
        if self.n == 4 and (p + _MARK_REL[mark]) % 4 != frm:
            raise _Bad(f"fulou {text!r} by seat {p} marks the wrong source (discard by seat "
                       f"{frm})")  # fmt: skip
        consumed = tuple(sorted(tiles[:called] + tiles[called + 1 :]))
        for t in consumed:
            self.take(p, t, f"calls {text!r} with")
        kinds = {t.kind for t in tiles}
        if len(tiles) == 4:
            if len(kinds) != 1:
                raise _Bad(f"fulou {text!r}: a kan of different tiles")
            ev: Event = Daiminkan(p, frm, tile, consumed)
            self.pending += 1
        elif len(kinds) == 1:
            ev = Pon(p, frm, tile, consumed)
        else:
            ks = sorted(t.kind for t in tiles)
            if ks[0] >= 27 or ks[1] != ks[0] + 1 or ks[2] != ks[0] + 2:
                raise _Bad(f"fulou {text!r} is neither a pon nor a run")
            ev = Chi(p, frm, tile, consumed)
        self.emit(ev)
        self.melds[p].append(CalledMeld(ev.type, tuple(sorted(tiles))))
        self.last = None

    def on_gang(self, v: dict, nxt: Any) -> None:
        p = self.seat(v)
        text = v.get("m")
        tiles, _, mark, added = _meld(text)
        if mark is None:
            if len(tiles) != 4 or len({t.kind for t in tiles}) != 1:
                raise _Bad(f"gang {text!r} is not an ankan of four equal tiles")
            consumed = tuple(sorted(tiles))
            for t in consumed:
                self.take(p, t, "declares an ankan with")
            self.emit(Ankan(p, consumed))
            self.melds[p].append(CalledMeld("ankan", consumed))
            self.flush()
            self.reveal()
            self.last = None
            return
        if added is None:
            raise _Bad(f"gang {text!r} is neither an ankan nor a kakan (pon + added tile)")
        rest = tuple(sorted(tiles))
        for i, m in enumerate(self.melds[p]):  # noqa: B007 - i is used after the loop
            if m.kind == "pon" and m.tiles[0].kind == added.kind:
                break
        else:
            raise _Bad(f"kakan {text!r} without an earlier pon of that tile")
        if m.tiles != rest:
            raise _Bad(f"kakan {text!r}: the pon was {''.join(map(str, m.tiles))}")
        self.take(p, added, "adds")
        self.emit(Kakan(p, added, rest))
        self.melds[p][i] = CalledMeld("kakan", tuple(sorted((added, *rest))))
        self.before_draw += self.pending
        self.pending = 1
        self.last = ("kakan", p, added)

    def on_kaigang(self, v: dict, nxt: Any) -> None:
        _tile(v.get("baopai"))  # placed by the kan rules (see the module docstring)

    def on_penuki(self, v: dict, nxt: Any) -> None:
        p = self.seat(v)
        t = _tile(v.get("p"))
        if t.kind != 30 or self.n != 3:
            raise _Bad(f"penuki of {t} (only a North, only in sanma)")
        self.take(p, t, "sets aside")
        self.emit(Nukidora(p, t))
        self.melds[p].append(CalledMeld("nukidora", (t,)))
        self.before_draw += self.pending
        self.pending = 0
        self.last = ("penuki", p, t)

    def on_hule(self, v: dict, nxt: Any) -> None:
        p = self.seat(v)
        baojia = v.get("baojia")
        if baojia is None:
            frm = p
            pai = self.last_draw[p]
            if pai is None:
                raise _Bad(f"seat {p} wins by tsumo without a draw")
        else:
            frm = self.seat({"l": baojia})
            if self.last is None or self.last[1] != frm:
                raise _Bad(f"seat {p} wins on a tile of seat {frm}, which did not just "
                           "discard, add to a kan or set aside a North")  # fmt: skip
            pai = self.last[2]
        tiles, _melds = _hand(v.get("shoupai"))
        if len(tiles) % 3 != 2:
            raise _Bad(f"winning hand {v.get('shoupai')!r} has {len(tiles)} concealed tiles")
        yaku: list[tuple[str, int]] = []
        hupai = v.get("hupai")
        if not isinstance(hupai, list):
            raise _Bad(f"hupai {hupai!r} must be a list of yaku")
        for y in hupai:
            name, han = y.get("name"), y.get("fanshu")
            if isinstance(han, str) and han and set(han) == {"*"}:
                han = 13 * len(han)
            if not isinstance(name, str) or type(han) is not int:
                raise _Bad(f"yaku {y!r} must have a name and a han count")
            if han:
                yaku.append((_YAKU.get(name, name), han))
        dam = v.get("damanguan")
        han_total = v.get("fanshu")
        if dam is not None:
            if type(dam) is not int or dam < 1:
                raise _Bad(f"damanguan {dam!r} must be a positive count")
            han_total = 13 * dam
        if type(han_total) is not int:
            raise _Bad(f"fanshu {han_total!r} is not a han count")
        fu = v.get("fu")
        if fu is not None and type(fu) is not int:
            raise _Bad(f"fu {fu!r} is not a number")
        points = v.get("defen")
        if type(points) is not int:
            raise _Bad(f"defen {points!r} is not a number of points")
        deltas = tuple(int(x) for x in self.by_seat(v.get("fenpei"), "fenpei"))
        ura = v.get("fubaopai")
        ura_tiles = tuple(_tile(x) for x in ura) if isinstance(ura, list) else ()
        self.scores = [s + d for s, d in zip(self.scores, deltas)]
        self.emit(
            Hora(
                actor=p,
                target=frm,
                pai=pai,
                hand=tuple(sorted(tiles)),
                melds=tuple(self.melds[p]),
                fu=fu if dam is None else None,
                han=han_total,
                yaku=tuple(yaku),
                points=points,
                dora_markers=tuple(self.dora),
                uradora_markers=ura_tiles,
                deltas=deltas,
                scores=tuple(self.scores),
            )
        )

    def on_pingju(self, v: dict, nxt: Any) -> None:
        n = self.n
        name = v.get("name")
        reason = _DRAWS.get(name) if isinstance(name, str) else None
        if reason is None:
            raise _Bad(f"unknown draw name {name!r}")
        fenpei = v.get("fenpei")
        deltas = (
            tuple(int(x) for x in self.by_seat(fenpei, "fenpei"))
            if fenpei is not None
            else (0,) * n
        )
        shown_raw = v.get("shoupai")
        shown: list[tuple[Tile, ...] | None] = [None] * n
        if shown_raw is not None:
            for s, h in enumerate(self.by_seat(shown_raw, "shoupai")):
                if h:
                    shown[s] = tuple(sorted(_hand(h)[0]))
        tenpai: tuple[bool, ...] | None = None
        hands: tuple[tuple[Tile, ...] | None, ...] | None = tuple(shown)
        if reason == "exhaustive":
            tenpai = tuple(h is not None for h in shown)
        elif reason in ("nagashi_mangan", "sanchahou"):
            hands = None  # the record's shown hands are not what Tenhou's draw shows
        self.scores = [s + d for s, d in zip(self.scores, deltas)]
        self.emit(Ryukyoku(reason, tenpai, hands, deltas, tuple(self.scores)))
