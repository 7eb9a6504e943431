"""Riichi City (麻雀一番街) raw game logs: reader.

A game log is one JSON object (the ``data`` of the game server's record answer; the whole
answer ``{"code": 0, "data": {...}}`` reads too). Its header: ``playerCount``, ``initPoints``
(starting points), ``round`` (1 East only, 2 hanchan), ``gamePlay`` (the room's rule set) and
room switches (``isKaiLiZhi`` open riichi, ``isShaoJi`` yakitori, ``isGeMu`` wareme, ``isLuck``
luck bonuses, ``fangFu`` a han minimum, ``isGangPay`` true in every record read, its meaning
undocumented). ``handRecord[]`` holds the hands, each with
``players[]`` (``position`` 0..n-1 in turn order, ``userId``, ``nickname``),
``handCardEncode`` (the whole wall as mpsz pairs, ``0p``/``0s`` red; ``handCardsSHA256`` is
its SHA-256), ``paiShan`` (the wall after the deal, as tile codes) and
``handEventRecord[]``: events ``{"eventType", "userId", "data"}`` whose ``data`` is a JSON
text. Tiles are codes ``16 * suit + number``: suit 0 pinzu, 1 souzu, 2 manzu (1..9), honors
``0x31`` East, ``0x41`` South, ``0x51`` West, ``0x61`` North, ``0x71`` haku, ``0x81`` hatsu,
``0x91`` chun; ``+0x100`` a red five.

Event types (``eventType``), confirmed against the eleven three-player games of
``../shared/data/more/RiichiCityTournamentBot`` (tile conservation, the wall reproducing
every draw and the dora indicator, every logged point change equal to the engine's) except
the codes those games do not hold, marked "(unseen)", taken from the Riichi City readers of
Longhorn-Riichi/InjusticeJudge and Badtaro/RiichiCityTournamentBot:

- 1 the deal, one per player: ``hand_cards`` (the dealer's 14, the last its first draw),
  ``dealer_pos``, ``dices``, ``bao_pai_card`` (the dora indicator), ``quan_feng`` (round
  wind tile), ``chang_ci`` (the dealer's turn in the wind, 1..n), ``ben_chang_num`` (honba),
  ``li_zhi_bang_num`` (riichi sticks), ``user_info_list[].hand_points`` (scores);
- 2 a draw: ``in_card`` (0: no draw, the dealer's first turn or after a pon),
  ``is_gang_incard`` a replacement draw from the back of the wall (after a kan or kita); the
  other fields are the options the client offered;
- 3 the call options offered on a discard (``out_card``, ``action_list``): not an action;
- 4 an action: ``action`` 2/3/4 chi (unseen), 5 pon, 6 daiminkan, 7 ron, 8 ankan, 9 kakan,
  10 tsumo, 11 discard (``is_li_zhi`` with ``li_zhi_type`` 1 riichi, 2 double riichi), 12
  kyuushu kyuuhai (unseen), 13 kita (sanma North set aside); ``card`` the tile,
  ``group_cards`` the tiles shown from the hand, ``hand_cards`` the winner's tiles,
  ``move_cards_pos`` the client's tile slots, the first the discarded tile's (the tile just
  drawn is the last slot, 14 with no meld: tsumogiri);
- 5 the hand's end: ``end_type`` 0 ron, 1 tsumo, 2 suufon renda, 3 suukaikan, 4 suucha
  riichi, 5 sanchahou, 6 kyuushu kyuuhai (2-6 unseen), 7 exhaustive draw (the live wall
  used up: 14 dead-wall tiles and one more per replacement draw); ``win_info[]`` per winner
  (``fang_info[]`` yaku ids and han, ``all_fang_num`` han, ``all_fu``, ``all_point`` the
  hand's value, ``bash_points`` its basic points (2000 a mangan), ``user_cards`` the
  concealed tiles, ``li_bao_card`` the uradora indicators)
  or, at a draw, per tenpai player (``user_cards``, ``ting_card_list``);
  ``user_profit[].point_profit`` each seat's change (riichi sticks won included, a stick
  put down this hand not: Tenhou's convention) and ``is_bao_pai`` the pao seat;
- 6 the game's end: ``user_data[].point_num`` final scores, ``score`` final points x 10;
- 7 the kan dora indicators so far (``cards``) after a kan; 8 a riichi accepted (the stick
  put down); 9 no data, sent to a player after a discard of a tile it waits on and does not
  win on (the four of the records: the player's waits at the draw, or its later tsumo, hold
  the tile); 11 the waits after a riichi. 3, 9 and 11 are informational.

Seats are absolute: seat 0 is the first hand's dealer, then turn order (``position``).
Yaku ids: :mod:`riichi.logs.riichi_city_names`. Rules: :meth:`riichi.Rules.riichi_city_sanma`
for the three-player tournament rooms the records come from (``gamePlay`` 1002, 50,000
points, hanchan); a game under other header values, with a room switch the rules do not
model, or of four players (no Riichi City four-player record has been checked) is read as
far as it goes and carries the reason in ``meta["unsupported"]``, never replayed under
guessed rules.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
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
from riichi.logs._common import (
    MAX_COUNTER,
    MAX_POINTS,
    ReadLimits,
    check_events,
    int_in,
    limits_of,
    load_json,
    loads_bounded,
    log_error,
    reader_input,
)
from riichi.logs._common import BadRecord as _Bad
from riichi.logs.riichi_city_names import RIICHI_CITY_YAKU, riichi_city_yaku
from riichi.rules import Rules

__all__ = ["RIICHI_CITY_YAKU", "read_riichi_city", "riichi_city_tile"]

#: The header values of the records the rules were established from (Riichi City
#: three-player tournament rooms, :meth:`Rules.riichi_city_sanma`); another value of one of
#: these fields is a rule set nobody has checked: the game is read but not replayed.
_ESTABLISHED = {"playerCount": 3, "gamePlay": 1002, "initPoints": 50000, "round": 2}
#: Room switches riichi does not model, with the value under which the game replays.
_SWITCHES = {
    "isKaiLiZhi": (False, "open riichi (its payment rule is not known)"),
    "isShaoJi": (False, "yakitori (its penalty is not known)"),
    "isGeMu": (False, "wareme"),
    "isLuck": (False, "luck bonuses (祝儀)"),
    "fangFu": (0, "a han minimum"),
    # true in every record read, its meaning not documented (a pao or kan payment switch,
    # one reader guesses): the records' kan settlements all agree with riichi's
    "isGangPay": (True, "a kan payment switch whose rule is not known"),
}
_ABORTIVE = {2: "suufon_renda", 3: "suukaikan", 4: "suucha_riichi", 5: "sanchahou",
             6: "kyuushu_kyuuhai"}  # fmt: skip
_ROUND_WIND = {0x31: 27, 0x41: 28, 0x51: 29, 0x61: 30}
#: ``bash_points`` (basic points) of the limit hands -> Hora.limit (a yakuman is 8000 a
#: multiple: 5); under 2000 a hand has no limit (0)
_LIMITS = {2000: 1, 3000: 2, 4000: 3, 6000: 4}
_MPSZ_SUIT = {"m": 0, "p": 1, "s": 2}
_NORTH = Tile.of(30)


def riichi_city_tile(code: Any) -> Tile:
    """The tile of a Riichi City tile code (``16 * suit + number``; suit 0 pinzu, 1 souzu,
    2 manzu; honors ``0x31`` East .. ``0x61`` North, ``0x71`` haku, ``0x81`` hatsu, ``0x91``
    chun; ``0x100`` added for a red five).

    Raises:
        LogFormatError: ``code`` is not one of those 37 codes.
    """
    if type(code) is int:
        red, base = code >> 8, code & 0xFF
        suit, number = base >> 4, base & 0xF
        if red in (0, 1) and 0 <= suit <= 2 and 1 <= number <= 9 and (not red or number == 5):
            kind = (1, 2, 0)[suit] * 9 + number - 1  # pinzu, souzu, manzu -> p s m kinds
            return Tile.of(kind, bool(red))
        if not red and 3 <= suit <= 9 and number == 1:
            return Tile.of(27 + suit - 3)
    raise LogFormatError(f"{code!r:.40} is not a Riichi City tile code")


def _tile(code: Any) -> Tile:
    try:
        return riichi_city_tile(code)
    except LogFormatError as e:
        raise _Bad(str(e)) from None


def _wall(text: Any) -> list[Tile]:
    """The tiles of ``handCardEncode`` (mpsz pairs, ``0`` a red five)."""
    if not isinstance(text, str) or len(text) % 2:
        raise _Bad(f"handCardEncode {text!r:.40} is not a string of mpsz pairs")
    out = []
    for i in range(0, len(text), 2):
        n, s = text[i], text[i + 1]
        if s in _MPSZ_SUIT and n in "0123456789":
            out.append(Tile.of(_MPSZ_SUIT[s] * 9 + 4, True) if n == "0"
                       else Tile.of(_MPSZ_SUIT[s] * 9 + int(n) - 1))  # fmt: skip
        elif s == "z" and n in "1234567":
            out.append(Tile.of(27 + int(n) - 1))
        else:
            raise _Bad(f"handCardEncode: {text[i:i + 2]!r} at character {i} is not a tile")
    return out


def _obj(v: Any, what: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad(f"{what} {v!r:.60} is not an object")
    return v


def _list(d: dict, key: str, *, null_ok: bool = False) -> list[Any]:
    v = d.get(key)
    if v is None and null_ok:
        return []
    if not isinstance(v, list):
        raise _Bad(f"{key} {v!r:.60} is not a list")
    return v


def _num(d: dict, key: str, lo: int = -MAX_POINTS, hi: int = MAX_POINTS) -> int:
    if key not in d:
        raise _Bad(f"no {key}")
    v = d[key]
    if type(v) is not int:
        raise _Bad(f"{key} {v!r:.40} is not an integer")
    return int_in(v, key, lo, hi)


def read_riichi_city(
    data: bytes | str, source: str | None = None, *, limits: ReadLimits | None = None
) -> GameLog:
    """Read one Riichi City game log (see the module docstring).

    Returns:
        The game; ``meta["rules"]`` the rules (:meth:`riichi.Rules.riichi_city_sanma`),
        ``meta["unsupported"]`` the reason when the game cannot be replayed faithfully,
        ``meta["key"]`` the game's id (``keyValue``).

    Raises:
        LogFormatError: not JSON, no ``handRecord`` list, no hand, or an event that cannot
            be read or does not fit the hands, the wall or the turn order (naming
            ``handRecord[i].handEventRecord[j] (eventType T)``, the value and the reason).
        RiichiError: ``data`` not bytes or text, or ``source`` not a str or None (before
            anything is read).
    """
    data = reader_input("read_riichi_city", data, source)
    lim = limits_of(limits)
    if isinstance(data, bytes):
        try:
            data = data.decode(json.detect_encoding(data))  # as json.loads reads bytes
        except UnicodeDecodeError as e:
            raise log_error(source, f"byte {e.start}", "not UTF-8 text") from None
    doc: Any = load_json(data, source, "document", lim)
    if isinstance(doc, dict) and "handRecord" not in doc and isinstance(doc.get("data"), dict):
        doc = doc["data"]  # the server's whole answer {"code", "data", "message"}
    if not isinstance(doc, dict) or not isinstance(doc.get("handRecord"), list):
        raise log_error(source, "document", 'not a Riichi City game log (no "handRecord" list)')
    players = doc.get("playerCount")
    if type(players) is not int or players not in (3, 4):
        raise log_error(source, "playerCount", f"{players!r} is not 3 or 4")
    hands = doc["handRecord"]
    if not hands:
        raise log_error(source, "handRecord", "no hand: the game log holds no round")
    unsupported: list[str] = []
    for key, want in _ESTABLISHED.items():
        if doc.get(key) != want:
            unsupported.append(
                f"{key} {doc.get(key)!r}: Riichi City rules are established only for "
                "three-player tournament rooms (playerCount 3, gamePlay 1002, initPoints "
                "50000, round 2)"
            )
    for key, (want, what) in _SWITCHES.items():
        if key in doc and doc[key] != want:
            unsupported.append(f"{key} {doc[key]!r}: {what}, which the rules do not model")
    length = "tonpuusen" if doc.get("round") == 1 else "hanchan"
    rules = Rules.riichi_city_sanma(length)  # type: ignore[arg-type]
    game = _Game(players, length, unsupported, lim.max_depth)
    for i, hand in enumerate(hands):
        try:
            game.hand(i, hand)
        except (_Bad, InvalidTile, LogFormatError) as e:
            where = f"handRecord[{i}]"
            if game.event_index is not None:
                where += f".handEventRecord[{game.event_index}] (eventType {game.event_type})"
            raise log_error(source, where, str(e)) from None
    events = game.out
    if game.final is not None:
        events.append(game.final)
    meta: dict[str, Any] = {
        "key": doc.get("keyValue"),
        "rules": rules,
        "complete": game.final is not None,
    }
    if unsupported:
        meta["unsupported"] = "Riichi City game log not replayable: " + "; ".join(
            dict.fromkeys(unsupported)
        )
    check_events(events, source)
    return GameLog(events, source, "riichi_city", meta)


class _Game:
    """The reader's state: seats, the current hand's tiles and melds, the events so far."""

    def __init__(
        self, players: int, length: str, unsupported: list[str], max_depth: int
    ) -> None:
        self.n = players
        self.length = length
        self.unsupported = unsupported
        self.max_depth = max_depth
        self.out: list[Event] = []
        self.seat_of: dict[int, int] | None = None  # userId -> absolute seat
        self.first_pos = 0  # the position of the first dealer
        self.final: EndGame | None = None
        self.open = False  # a hand is being played
        self.event_index: int | None = None
        self.event_type: Any = None

    # ------------------------------------------------------------------ hands

    def hand(self, i: int, hand: Any) -> None:
        self.event_index = None
        hand = _obj(hand, "hand")
        if self.final is not None:
            raise _Bad("a hand after the game's end (eventType 6)")
        ps = _list(hand, "players")
        if len(ps) != self.n:
            raise _Bad(f"players lists {len(ps)} players, the game has {self.n}")
        pos_of: dict[int, int] = {}
        names = [""] * self.n
        for p in ps:
            p = _obj(p, "player")
            pos, uid = _num(p, "position", 0, self.n - 1), p.get("userId")
            if type(uid) is not int or uid in pos_of or pos in pos_of.values():
                raise _Bad(f"players: userId {uid!r} at position {pos} is not one distinct "
                           "player per position")  # fmt: skip
            pos_of[uid] = pos
            names[pos] = str(p.get("nickname", ""))
        self.wall = _wall(hand.get("handCardEncode"))
        if len(self.wall) != (108 if self.n == 3 else 136):
            raise _Bad(f"handCardEncode holds {len(self.wall)} tiles, a {self.n}-player wall "
                       f"{108 if self.n == 3 else 136}")  # fmt: skip
        self.check_tiles()
        sha = hand.get("handCardsSHA256")
        digest = hashlib.sha256(hand["handCardEncode"].encode()).hexdigest()
        if isinstance(sha, str) and sha.lower() != digest:
            raise _Bad("handCardEncode is not the wall its handCardsSHA256 names")
        records = _list(hand, "handEventRecord")
        deals: dict[int, dict[str, Any]] = {}
        k = 0
        while k < len(records):  # the deal events open the hand, one per player
            self.event_index = k
            ev, d = self.event(records[k])
            if self.event_type != 1:
                break
            uid = ev.get("userId")
            if type(uid) is not int or uid not in pos_of or uid in deals:
                raise _Bad(f"a deal (eventType 1) for userId {uid!r:.40}, not one per player "
                           f"{sorted(pos_of)}")  # fmt: skip
            deals[uid] = d
            k += 1
        if len(deals) != self.n or set(deals) != set(pos_of):
            raise _Bad(f"the hand opens with {len(deals)} deal events (eventType 1) for "
                       f"users {sorted(deals)}, not one per player {sorted(pos_of)}")  # fmt: skip
        if self.seat_of is None:  # seat 0 is the first dealer
            self.first_pos = _num(next(iter(deals.values())), "dealer_pos", 0, self.n - 1)
            self.seat_of = {u: (p - self.first_pos) % self.n for u, p in pos_of.items()}
            self.out.append(StartGame(
                names=tuple(names[(s + self.first_pos) % self.n] for s in range(self.n)),
                players=self.n, red_fives=True, kuitan=True, length=self.length,
            ))  # fmt: skip
        elif any(self.seat_of.get(u) != (p - self.first_pos) % self.n for u, p in pos_of.items()):
            raise _Bad("players sit at other positions than in the first hand")
        self.event_index = None  # the deal's errors name the hand (and the field)
        self.start(deals, hand)
        for j in range(k, len(records)):
            self.event_index = j
            ev, d = self.event(records[j])
            handler = getattr(self, f"on_{self.event_type}", None)
            if handler is None:
                raise _Bad(f"unknown eventType {self.event_type!r}")
            if not self.open and self.event_type != 6:
                raise _Bad("an event after the hand's end")
            handler(self.user_seat(ev), d)
        self.event_index = None
        self.open = False  # a hand cut before its end is replayed up to its last action

    def check_tiles(self) -> None:
        """The wall holds the game's tiles: four of each kind (three players: no 2m-8m, and
        one red 5p and one red 5s, as every record read has)."""
        kinds = Counter(t.kind for t in self.wall)
        sanma = self.n == 3
        for kind in range(34):
            want = 0 if sanma and 1 <= kind <= 7 else 4
            if kinds[kind] != want:
                raise _Bad(f"handCardEncode holds {kinds[kind]} of {Tile.of(kind)}, not {want}")
        reds = sorted(str(t) for t in self.wall if t.red)
        if sanma and reds != ["0p", "0s"]:
            raise _Bad(f"handCardEncode holds the red fives {reds}, not one 0p and one 0s")

    def event(self, rec: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        rec = _obj(rec, "event")
        self.event_type = rec.get("eventType")
        if type(self.event_type) is not int:
            raise _Bad(f"eventType {self.event_type!r:.40} is not an integer")
        text = rec.get("data")
        if not isinstance(text, str):
            raise _Bad(f"data {text!r:.40} is not a JSON text")
        try:
            d = loads_bounded(text, self.max_depth)
        except ValueError as e:
            raise _Bad(f"data is not JSON: {e}") from None
        return rec, _obj(d, "data")

    def user_seat(self, rec: dict[str, Any]) -> int | None:
        uid = rec.get("userId")
        if uid == 0 or uid is None:
            return None  # the table's events (dora, the end of the hand)
        assert self.seat_of is not None
        seat = self.seat_of.get(uid) if type(uid) is int else None
        if seat is None:
            raise _Bad(f"userId {uid!r:.40} is not a player of the game")
        return seat

    def seat_of_user(self, uid: Any, what: str) -> int:
        assert self.seat_of is not None
        seat = self.seat_of.get(uid) if type(uid) is int else None
        if seat is None:
            raise _Bad(f"{what} user_id {uid!r:.40} is not a player of the game")
        return seat

    def start(self, deals: dict[int, dict[str, Any]], hand: dict[str, Any]) -> None:
        n = self.n
        first = next(iter(deals.values()))
        dealer = (_num(first, "dealer_pos", 0, n - 1) - self.first_pos) % n
        qf = first.get("quan_feng")
        wind = _ROUND_WIND.get(qf) if type(qf) is int else None
        if wind is None:
            raise _Bad(f"quan_feng {first.get('quan_feng')!r:.40} is not a wind tile")
        kyoku = _num(first, "chang_ci", 1, n)
        if (kyoku - 1) % n != dealer:
            raise _Bad(f"chang_ci {kyoku} is not the turn of dealer seat {dealer}")
        scores = [0] * n
        infos = _list(first, "user_info_list")
        if len(infos) != n:
            raise _Bad(f"user_info_list lists {len(infos)} players, not {n}")
        for info in infos:
            info = _obj(info, "user_info_list entry")
            scores[self.seat_of_user(info.get("user_id"), "user_info_list")] = _num(
                info, "hand_points"
            )
        hands: list[list[Tile]] = [[] for _ in range(n)]
        for uid, d in deals.items():
            s = self.seat_of_user(uid, "deal")
            same = ("dealer_pos", "quan_feng", "chang_ci", "ben_chang_num", "li_zhi_bang_num",
                    "bao_pai_card")  # fmt: skip
            for key in same:
                if d.get(key) != first.get(key):
                    raise _Bad(f"the deals disagree on {key} ({d.get(key)!r} and "
                               f"{first.get(key)!r})")  # fmt: skip
            hands[s] = [_tile(c) for c in _list(d, "hand_cards")]
            want = 14 if s == dealer else 13
            if len(hands[s]) != want:
                raise _Bad(f"seat {s} is dealt {len(hands[s])} tiles, expected {want}")
        first_draw = hands[dealer][13]  # the dealer's 14th tile is its first draw
        dora = _tile(first.get("bao_pai_card"))
        self.checked = n == 3  # the wall layout is established on three-player records only
        if self.checked:
            self.check_deal(dealer, hands, first_draw, dora, hand.get("paiShan"))
        self.doras = [dora]
        self.dealer = dealer
        self.wind = wind
        self.scores = scores
        self.start_scores = tuple(scores)
        hands[dealer].remove(first_draw)
        self.hands = hands
        self.melds: list[list[CalledMeld]] = [[] for _ in range(n)]
        self.drawn: list[Tile | None] = [None] * n
        self.drawn[dealer] = first_draw
        self.riichi_pending: int | None = None
        self.last: tuple[int, Tile] | None = None  # the tile a ron may take, and who let it go
        self.wins: list[tuple[int, Tile, bool]] = []  # (seat, tile, tsumo) declared
        self.kyuushu: int | None = None  # the seat that declared kyuushu kyuuhai
        self.open = True
        self.out.append(StartKyoku(
            bakaze=wind, kyoku=kyoku, honba=_num(first, "ben_chang_num", 0, MAX_COUNTER),
            kyotaku=_num(first, "li_zhi_bang_num", 0, MAX_COUNTER), oya=dealer,
            scores=tuple(scores), dora_marker=dora,
            tehais=tuple(tuple(sorted(h)) for h in hands),
            dice=tuple(int_in(x, "dices", 1, 6) for x in _list(first, "dices")),
        ))  # fmt: skip
        self.out.append(Tsumo(dealer, first_draw))
        self.hands[dealer].append(first_draw)

    def check_deal(
        self, dealer: int, hands: list[list[Tile]], first_draw: Tile, dora: Tile, paishan: Any
    ) -> None:
        """The deal, the dealer's first draw and the dora indicator are the wall's: 4 tiles a
        seat three times from the dealer, then one each, then the dealer's draw; the dora
        indicator is the ninth tile from the back, the replacement draws come from the back
        (three-player walls of 108 tiles); ``paiShan``, where given, is the wall after the
        deal."""
        n, w = self.n, self.wall
        want_deal: list[list[Tile]] = [[] for _ in range(n)]
        k = 0
        for block in (4, 4, 4, 1):
            for j in range(n):
                want_deal[(dealer + j) % n] += w[k : k + block]
                k += block
        want_deal[dealer].append(w[k])
        for s in range(n):
            if sorted(want_deal[s]) != sorted(hands[s]):
                raise _Bad(f"seat {s}'s deal {[str(t) for t in hands[s]]} is not the one the "
                           f"wall (handCardEncode) gives, {[str(t) for t in want_deal[s]]}")  # fmt: skip
        if w[k] != first_draw:
            raise _Bad(f"the dealer's 14th tile {first_draw} is not the wall's next tile {w[k]}")
        if paishan is not None:  # the codes of the wall after the deal, where given
            if not isinstance(paishan, list) or [_tile(c) for c in paishan] != w[k + 1 :]:
                raise _Bad("paiShan is not the wall (handCardEncode) after the deal")
        self.live = k + 1  # the next live draw
        self.dead = len(w) - 1  # the next replacement draw (from the back)
        if w[len(w) - 9] != dora:
            raise _Bad(f"bao_pai_card {dora} is not the wall's dora indicator {w[len(w) - 9]}")

    def take(self, p: int, t: Tile, what: str) -> None:
        try:
            self.hands[p].remove(t)
        except ValueError:
            raise _Bad(f"seat {p} {what} {t}, which is not in its hand "
                       f"{sorted(str(x) for x in self.hands[p])}") from None  # fmt: skip

    def actor(self, seat: int | None) -> int:
        if seat is None:
            raise _Bad("a player's event without its userId")
        return seat

    # ------------------------------------------------------------------ events

    def on_2(self, seat: int | None, d: dict[str, Any]) -> None:
        """A draw (``in_card`` 0: the turn starts with no draw)."""
        p = self.actor(seat)
        code = d.get("in_card")
        if code == 0:
            return
        t = _tile(code)
        w = self.wall
        if not self.checked:
            pass
        elif d.get("is_gang_incard"):
            want, self.dead = w[self.dead], self.dead - 1
            if t != want:
                raise _Bad(f"seat {p} draws {t}, the wall's next replacement tile (from the back "
                           f"of handCardEncode) is {want}")  # fmt: skip
        else:
            if self.live >= len(w) - 14 - (len(w) - 1 - self.dead):
                raise _Bad(f"seat {p} draws {t} from an exhausted live wall (the last 14 tiles "
                           "and one per replacement draw are the dead wall)")
            want, self.live = w[self.live], self.live + 1
            if t != want:
                raise _Bad(f"seat {p} draws {t}, the wall's next tile (handCardEncode) is {want}")
        self.hands[p].append(t)
        self.drawn[p] = t
        self.last = None
        self.out.append(Tsumo(p, t))

    def on_3(self, seat: int | None, d: dict[str, Any]) -> None:
        """The call options offered on a discard: not an action."""

    def on_4(self, seat: int | None, d: dict[str, Any]) -> None:
        p = self.actor(seat)
        if d.get("user_id") not in (None, 0) and self.seat_of_user(d["user_id"], "action") != p:
            raise _Bad(f"action by user_id {d['user_id']!r} in seat {p}'s event")
        action = d.get("action")
        handler = getattr(self, f"act_{action}", None) if type(action) is int else None
        if handler is None:
            raise _Bad(f"unknown action {action!r:.40}")
        handler(p, d)

    def act_11(self, p: int, d: dict[str, Any]) -> None:
        """A discard; ``is_li_zhi`` declares riichi (``li_zhi_type`` 1, 2 double riichi)."""
        t = _tile(d.get("card"))
        drawn = self.drawn[p]
        mv = d.get("move_cards_pos")
        tsumogiri = False
        if drawn == t:
            # move_cards_pos[0] is the discarded tile's slot, the tile just drawn being the
            # last (slot 14 with no meld); with no other copy in the hand it is the drawn one
            slot = mv[0] if isinstance(mv, list) and mv else None
            tsumogiri = slot == len(self.hands[p]) or self.hands[p].count(t) == 1
        self.take(p, t, "discards")
        if d.get("is_li_zhi"):
            kind = d.get("li_zhi_type")
            if kind not in (1, 2):
                raise _Bad(f"li_zhi_type {kind!r:.40} is not 1 (riichi) or 2 (double riichi)")
            self.out.append(Reach(p))
            self.riichi_pending = p
        self.out.append(Dahai(p, t, tsumogiri))
        self.drawn[p] = None
        self.last = (p, t)

    def act_13(self, p: int, d: dict[str, Any]) -> None:
        """Kita: a North set aside as dora (sanma); the replacement draw follows."""
        if self.n != 3:
            raise _Bad(f"seat {p} sets a North aside (kita) in a {self.n}-player game")
        t = _tile(d.get("card"))
        if t != _NORTH:
            raise _Bad(f"seat {p} sets aside {t} as kita, not a North")
        self.take(p, t, "sets aside")
        self.out.append(Nukidora(p, t))
        self.melds[p].append(CalledMeld("nukidora", (t,)))
        self.drawn[p] = None
        self.last = (p, t)  # a ron on it robs the North

    def called(self, p: int, d: dict[str, Any], size: int) -> tuple[int, Tile, tuple[Tile, ...]]:
        if self.last is None:
            raise _Bad(f"seat {p} calls with no discard to call")
        frm, t = self.last
        card = _tile(d.get("card"))
        if card != t:
            raise _Bad(f"seat {p} calls {card}, the last discard is {t} (seat {frm})")
        shown = tuple(sorted(_tile(c) for c in _list(d, "group_cards")))
        if len(shown) != size:
            raise _Bad(f"group_cards {d.get('group_cards')!r} are not {size} tiles")
        for x in shown:
            self.take(p, x, "calls with")
        self.last = None
        self.drawn[p] = None
        return frm, t, shown

    def act_2(self, p: int, d: dict[str, Any]) -> None:
        """Chi (2, 3, 4: the called tile low, middle, high)."""
        frm, t, shown = self.called(p, d, 2)
        self.out.append(Chi(p, frm, t, shown))
        self.melds[p].append(CalledMeld("chi", tuple(sorted((*shown, t)))))

    act_3 = act_2
    act_4 = act_2

    def act_5(self, p: int, d: dict[str, Any]) -> None:
        """Pon."""
        frm, t, shown = self.called(p, d, 2)
        self.out.append(Pon(p, frm, t, shown))
        self.melds[p].append(CalledMeld("pon", tuple(sorted((*shown, t)))))

    def act_6(self, p: int, d: dict[str, Any]) -> None:
        """Daiminkan."""
        frm, t, shown = self.called(p, d, 3)
        self.out.append(Daiminkan(p, frm, t, shown))
        self.melds[p].append(CalledMeld("daiminkan", tuple(sorted((*shown, t)))))

    def act_8(self, p: int, d: dict[str, Any]) -> None:
        """Ankan: ``card`` and the three ``group_cards``."""
        tiles = tuple(sorted([_tile(d.get("card")), *(_tile(c) for c in _list(d, "group_cards"))]))
        if len(tiles) != 4 or len({x.kind for x in tiles}) != 1:
            raise _Bad(f"ankan of {[str(x) for x in tiles]}: not four tiles of one kind")
        for x in tiles:
            self.take(p, x, "declares an ankan with")
        self.out.append(Ankan(p, tiles))
        self.melds[p].append(CalledMeld("ankan", tiles))
        self.drawn[p] = None
        self.last = (p, tiles[0])  # kokushi may rob it where the rules allow

    def act_9(self, p: int, d: dict[str, Any]) -> None:
        """Kakan: ``card`` added to the pon of its kind."""
        t = _tile(d.get("card"))
        for i, m in enumerate(self.melds[p]):  # noqa: B007 - i is used after the loop
            if m.kind == "pon" and m.tiles[0].kind == t.kind:
                break
        else:
            raise _Bad(f"seat {p} kakan of {t} without a pon of it")
        self.take(p, t, "adds")
        self.out.append(Kakan(p, t, m.tiles))
        self.melds[p][i] = CalledMeld("kakan", tuple(sorted((*m.tiles, t))))
        self.drawn[p] = None
        self.last = (p, t)  # chankan

    def act_7(self, p: int, d: dict[str, Any]) -> None:
        """Ron on the last discard (or the kakan, kita or ankan tile)."""
        t = _tile(d.get("card"))
        if self.last is None or self.last[1] != t:
            raise _Bad(f"seat {p} ron on {t}, the last tile let go is "
                       f"{self.last[1] if self.last else None}")  # fmt: skip
        self.wins.append((p, t, False))

    def act_10(self, p: int, d: dict[str, Any]) -> None:
        """Tsumo on the tile just drawn."""
        t = _tile(d.get("card"))
        if self.drawn[p] != t:
            raise _Bad(f"seat {p} tsumo on {t}, but it drew {self.drawn[p]}")
        self.wins.append((p, t, True))

    def act_12(self, p: int, d: dict[str, Any]) -> None:
        """Kyuushu kyuuhai declared: the end event (5, end_type 6) settles it."""
        if self.drawn[p] is None:
            raise _Bad(f"seat {p} declares kyuushu kyuuhai without a tile drawn")
        self.kyuushu = p

    def on_7(self, seat: int | None, d: dict[str, Any]) -> None:
        """The kan dora indicators so far (``cards``, the first indicator not among them)
        after a kan: the new ones are the last."""
        cards = [_tile(c) for c in _list(d, "cards")]
        known = self.doras[1:]
        if cards[: len(known)] != known or len(cards) <= len(known):
            raise _Bad(f"kan dora indicators {[str(x) for x in cards]} do not add to "
                       f"{[str(x) for x in known]}")  # fmt: skip
        for t in cards[len(known) :]:
            self.doras.append(t)
            self.out.append(Dora(t))

    def on_8(self, seat: int | None, d: dict[str, Any]) -> None:
        """The riichi stick is put down: the riichi discard passed."""
        p = self.actor(seat)
        if self.riichi_pending != p:
            raise _Bad(f"seat {p}'s riichi is accepted, but it declared none")
        self.riichi_pending = None
        self.scores[p] -= 1000
        deltas = tuple(-1000 if q == p else 0 for q in range(self.n))
        self.out.append(ReachAccepted(p, deltas, tuple(self.scores)))

    def on_9(self, seat: int | None, d: dict[str, Any]) -> None:
        """A player let a tile it waits on go by (no data): no action."""

    def on_11(self, seat: int | None, d: dict[str, Any]) -> None:
        """The waits of a riichi hand (informational)."""

    def on_5(self, seat: int | None, d: dict[str, Any]) -> None:
        """The hand's end: wins, an exhaustive draw or an abortive draw."""
        end = d.get("end_type")
        if type(end) is not int:
            raise _Bad(f"end_type {end!r:.40} is not an integer")
        profits = [0] * self.n
        bao: int | None = None
        for u in _list(d, "user_profit"):
            u = _obj(u, "user_profit entry")
            s = self.seat_of_user(u.get("user_id"), "user_profit")
            profits[s] = _num(u, "point_profit")
            if u.get("is_bao_pai"):
                bao = s
        deltas = tuple(profits)
        infos = [_obj(x, "win_info entry") for x in _list(d, "win_info", null_ok=True)]
        if end in (0, 1):
            self.settle_wins(infos, deltas, bao, tsumo=end == 1)
        elif end == 7:
            if self.checked:  # the dead wall: 14 tiles and one per replacement draw
                left = len(self.wall) - 14 - (len(self.wall) - 1 - self.dead) - self.live
                if left:
                    raise _Bad(f"an exhaustive draw with {left} live tiles left in the wall")
            tenpai = [False] * self.n
            shown: list[tuple[Tile, ...] | None] = [None] * self.n
            for w in infos:
                s = self.seat_of_user(w.get("user_id"), "win_info")
                tenpai[s] = True
                cards = tuple(sorted(_tile(c) for c in _list(w, "user_cards")))
                if list(cards) != sorted(self.hands[s]):
                    raise _Bad(f"seat {s} shows {[str(x) for x in cards]} at the draw, it "
                               f"holds {sorted(str(x) for x in self.hands[s])}")  # fmt: skip
                shown[s] = cards
            self.scores = [a + b for a, b in zip(self.scores, deltas)]
            self.out.append(Ryukyoku("exhaustive", tuple(tenpai), tuple(shown), deltas,
                                     tuple(self.scores)))  # fmt: skip
        elif end in _ABORTIVE:
            hands: tuple[tuple[Tile, ...] | None, ...] | None = None
            if end == 6:  # kyuushu kyuuhai: the declarer shows its 14 tiles
                if self.kyuushu is None:
                    raise _Bad("kyuushu kyuuhai (end_type 6) that nobody declared (action 12)")
                hands = tuple(tuple(sorted(self.hands[s])) if s == self.kyuushu else None
                              for s in range(self.n))  # fmt: skip
            self.scores = [a + b for a, b in zip(self.scores, deltas)]
            self.out.append(Ryukyoku(_ABORTIVE[end], None, hands, deltas, tuple(self.scores)))
        else:
            raise _Bad(f"unknown end_type {end!r:.40}")
        self.out.append(EndKyoku())
        self.open = False

    def settle_wins(
        self, infos: list[dict[str, Any]], deltas: tuple[int, ...], bao: int | None, tsumo: bool
    ) -> None:
        n = self.n
        if not infos:
            raise _Bad("a win with no win_info")
        declared = {s: (t, z) for s, t, z in self.wins}
        by_seat = {}
        for w in infos:
            s = self.seat_of_user(w.get("user_id"), "win_info")
            if s not in declared or declared[s][1] != tsumo:
                raise _Bad(f"win_info for seat {s}, which declared no "
                           f"{'tsumo' if tsumo else 'ron'}")  # fmt: skip
            by_seat[s] = w
        if set(by_seat) != set(declared):
            raise _Bad(f"seats {sorted(declared)} declared a win, win_info lists {sorted(by_seat)}")
        target = None if tsumo else self.last[0]  # type: ignore[index]
        order = sorted(by_seat, key=lambda s: (s - (target if target is not None else s)) % n)
        after = tuple(a + b for a, b in zip(self.scores, deltas))
        for j, s in enumerate(order):
            w = by_seat[s]
            pai = declared[s][0]
            concealed = [_tile(c) for c in _list(w, "user_cards")]
            hand = sorted(concealed if tsumo else [*concealed, pai])
            if hand != sorted(self.hands[s] if tsumo else [*self.hands[s], pai]):
                raise _Bad(f"seat {s}'s winning hand {[str(x) for x in hand]} is not the hand "
                           f"it holds {sorted(str(x) for x in self.hands[s])}")  # fmt: skip
            yaku: dict[str, int] = {}
            for f in _list(w, "fang_info", null_ok=True):
                f = _obj(f, "fang_info entry")
                fid, han = _num(f, "fang_type", 0, 999), _num(f, "fang_num", 0, 999)
                name = riichi_city_yaku(fid, seat_wind=(s - self.dealer) % n,
                                        round_wind=self.wind - 27)  # fmt: skip
                if 31 <= fid <= 48:
                    msg = (f"a yakuman win (yaku id {fid}): how Riichi City writes a yakuman's "
                           "han is not established from any record")  # fmt: skip
                    if msg not in self.unsupported:
                        self.unsupported.append(msg)
                if name is None:
                    msg = f"Riichi City yaku id {fid} that the rules do not model"
                    if msg not in self.unsupported:
                        self.unsupported.append(msg)
                    name = f"riichi_city_yaku_{fid}"
                if han:
                    yaku[name] = yaku.get(name, 0) + han
            base = _num(w, "bash_points", 0)  # the basic points: 2000 a mangan ...
            limit = 5 if base >= 8000 else _LIMITS.get(base, 0 if base < 2000 else None)
            if limit is None:
                raise _Bad(f"bash_points {base} is no limit hand's basic points")
            ura = w.get("li_bao_card")
            self.out.append(Hora(
                actor=s, target=s if tsumo else target, pai=pai, hand=tuple(hand),  # type: ignore[arg-type]
                melds=tuple(self.melds[s]), fu=_num(w, "all_fu", 0, 999),
                han=_num(w, "all_fang_num", 0, 999), yaku=tuple(yaku.items()),
                points=_num(w, "all_point", 0), limit=limit, dora_markers=tuple(self.doras),
                uradora_markers=tuple(_tile(c) for c in ura) if isinstance(ura, list) else (),
                pao=bao if bao is not None and bao != s else None,
                deltas=deltas if len(order) == 1 else None,
                scores=after if j == len(order) - 1 else None,
            ))  # fmt: skip
        self.scores = list(after)

    def on_6(self, seat: int | None, d: dict[str, Any]) -> None:
        """The game's end: final scores and final points (``score`` in tenths)."""
        final = [0] * self.n
        points = [0.0] * self.n
        seen = set()
        for u in _list(d, "user_data"):
            u = _obj(u, "user_data entry")
            s = self.seat_of_user(u.get("user_id"), "user_data")
            seen.add(s)
            final[s] = _num(u, "point_num")
            points[s] = _num(u, "score") / 10
        if len(seen) != self.n:
            raise _Bad(f"user_data lists seats {sorted(seen)}, not each of the {self.n}")
        self.final = EndGame(tuple(final), tuple(points))
        self.open = False

