"""Tenhou mjlog XML writer: the event model back to ``<mjloggm ver="2.3">`` in Tenhou's shape.

The output is what Tenhou writes and :func:`riichi.logs.read_tenhou_xml` reads (its module text
describes every tag): ``SHUFFLE`` (when the game has a seed), ``GO``, ``UN``, ``TAIKYOKU``,
then per round ``INIT``, draws ``T U V W`` and discards ``D E F G`` followed by a physical tile
id, ``N`` with the meld code ``m``, ``REACH`` step 1 and 2, ``DORA``, ``AGARI`` (one per
winner) or ``RYUUKYOKU``, ``BYE`` / ``UN`` for disconnects, and ``owari`` on the last result.
Points are in hundreds as Tenhou writes them (``ten``, ``sc``, ``owari``).

Physical ids: events name tiles by kind and red flag only, so each round gives every tile that
enters play (the deal, draws, dora and uradora indicators) a free copy of its kind (the red five
is copy 0 when the game plays red fives) and follows each copy from hand to river or meld, so a
discard of the tile just drawn is that id (the reader's tsumogiri test) and every other discard
is another copy. A game with a Tenhou shuffle seed keeps it in ``SHUFFLE``; the ids are still
assigned this way (the events do not record Tenhou's).

The complete :class:`riichi.Rules` go in the ``riichi_rules`` attribute of ``<GO>`` (see
:mod:`riichi.logs._rules_key`); Tenhou's own readers and other mjlog tools read ``type`` and
``lobby`` and ignore it.

What mjlog cannot hold, so reading the file back gives instead (every other field of every
event comes back equal):

- ``StartGame``: the GO type when the game has none (built from players, red fives, kuitan,
  speed, and the hanchan bit for any length but ``tonpuusen`` / ``one_round``), so the length
  reads back as ``"hanchan"`` or ``"tonpuusen"`` (the rules keep the real one); names padded to
  the player count with ``""``.
- ``StartKyoku.dice``: written as they are (Tenhou's ``INIT`` holds its dice 0-based; riichi's
  own games record 1..6); a round without dice gets ``0,0``.
- ``ReachAccepted.deltas``: always -1000 for the declarer (Tenhou's stick).
- ``Hora``: ``fu`` None (tenhou.net/6 records no fu for a limit hand) is written as the fu
  the engine scores the hand with (the game is replayed: ``GameReport.filled``), as Tenhou's
  own mjlog always records the real fu; only a win the replay does not settle as the log
  does (a faulty source) is written with fu 0. A ``limit`` None is written as the one han
  and fu give; ``han`` reads back as the sum of the yaku. ``melds`` or ``dora_markers`` None
  (mjai's ``hora`` has neither) are written as the seat's melds and the indicators of the
  round as the log played it; the generic yaku names of some mjai logs (``sangenpai``,
  ``bakaze``, ``jikaze``) are written as the dragon, round wind or seat wind they stand for.
- ``Ryukyoku``: at an exhaustive draw or nagashi mangan each tenpai seat's hand is shown (its
  concealed tiles as the round left them, when the event has no hands), and ``tenpai`` reads
  back as "the hand is shown"; a draw that records no ``tenpai`` (tenhou.net/6 at nagashi
  mangan) shows the hands of the seats the replay finds tenpai, as Tenhou does.
- ``EndGame`` with scores or points missing: an empty ``owari``.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import quote

from riichi.errors import InvalidTile, LogFormatError
from riichi.events import (
    TENHOU_YAKU,
    Ankan,
    CalledMeld,
    Chi,
    Dahai,
    Daiminkan,
    Disconnect,
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
    Reconnect,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tile,
    Tsumo,
    _bad_field,
)
from riichi.logs._common import BadRecord as _Bad
from riichi.logs._rules_key import RULES_KEY, game_events, rules_attribute, rules_for
from riichi.logs.tenhou_xml import decode_meld
from riichi.rules import Rules

__all__ = ["to_mjlog"]

_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
_DRAW_TYPES = {
    "kyuushu_kyuuhai": "yao9",
    "suucha_riichi": "reach4",
    "sanchahou": "ron3",
    "suukaikan": "kan4",
    "suufon_renda": "kaze4",
    "nagashi_mangan": "nm",
}
_YAKU_ID = {name: i for i, name in enumerate(TENHOU_YAKU)}
_YAKUMAN_IDS = range(37, 52)


def to_mjlog(game: GameLog | list[Event], *, rules: Rules | None = None) -> str:
    """Write a game as Tenhou mjlog XML (``<mjloggm ver="2.3">``, one line per tag).

    Args:
        game: a :class:`GameLog` or a list of events (starting with ``start_game``).
        rules: the rules the game was played under, stored complete in ``<GO riichi_rules>``
            (read back into ``GameLog.meta["rules"]``); default: the ``GameLog``'s
            ``meta["rules"]`` when it has them, else none are stored. A ``GameLog``'s meta
            also gives ``lobby`` and the players' ``dan`` / ``rate`` / ``sx`` when it has them.

    Returns:
        The XML text (UTF-8 when encoded; names are percent-encoded as Tenhou does).

    Raises:
        LogFormatError: naming the event index and type: events mjlog cannot hold (hidden
            tiles, a red five in a game without red fives, a fifth copy of a tile in a round,
            a yaku with no Tenhou id, a win without points, points not in hundreds, an open
            riichi) or that
            contradict each other (a tsumogiri that is not the tile drawn, a call of a tile
            not just discarded, a kakan with no pon).
        RiichiError: ``rules`` not a ``riichi.Rules``; ``game`` not a ``GameLog`` nor a list
            of events.
    """
    carried = rules_for(game, rules)
    events = game_events(game, "to_mjlog")
    meta = game.meta if isinstance(game, GameLog) else {}
    if not events or not isinstance(events[0], StartGame):
        raise LogFormatError("to_mjlog: the events must start with start_game")
    w = _Writer(events[0], meta or {}, carried)
    w.filled = _engine_filled(game, events, carried)
    for i, ev in enumerate(events[1:], 1):
        try:
            w.index = i
            w.add(ev)
        except (_Bad, InvalidTile, ValueError) as e:
            raise LogFormatError(f"to_mjlog: event #{i} ({ev.type}): {e}") from None
        except (AttributeError, TypeError) as e:  # a field no reader gives (a plain int tile)
            raise LogFormatError(f"to_mjlog: event #{i} ({ev.type}): {_bad_field(ev, e)}") from None
    return w.text()


def _engine_filled(
    game: GameLog | list[Event], events: list[Event], rules: Rules | None
) -> dict[int, dict[str, Any]]:
    """What the engine settled that the events leave out (a win's fu, a draw's tenpai), by
    event index, from a replay of the game under ``rules`` (else the rules its header gives;
    see ``riichi.replay.GameReport.filled``); empty when nothing is left out."""
    if not any(
        (isinstance(ev, Hora) and ev.fu is None)
        or (
            isinstance(ev, Ryukyoku)
            and ev.tenpai is None
            and ev.reason in ("exhaustive", "nagashi_mangan")
        )
        for ev in events
    ):
        return {}
    from riichi.replay import replay_game

    log = game if isinstance(game, GameLog) else GameLog(list(events))
    return replay_game(log, rules).filled


def _go_type(start: StartGame) -> int:
    """Tenhou's ``<GO type>`` bits for a game that has none (bit 0: a human game)."""
    return (
        0x01
        | (0 if start.red_fives else 0x02)
        | (0 if start.kuitan else 0x04)
        | (0 if start.length in ("tonpuusen", "one_round") else 0x08)
        | (0x10 if start.players == 3 else 0)
        | (0x40 if start.speed else 0)
    )


def _attrs(pairs: list[tuple[str, object]]) -> str:
    return "".join(f' {k}="{html.escape(str(v), quote=True)}"' for k, v in pairs)


def _hundreds(values: tuple[int, ...], what: str) -> list[int]:
    out = []
    for v in values:
        if v % 100:
            raise _Bad(f"{what} {v} is not in hundreds (mjlog writes points / 100)")
        out.append(v // 100)
    return out


def _ints(values: list[int]) -> str:
    return ",".join(map(str, values))


class _Writer:
    def __init__(self, start: StartGame, meta: dict[str, Any], rules: Rules | None) -> None:
        n = start.players
        if n not in (3, 4):
            raise LogFormatError(f"to_mjlog: {n}-player games cannot be written")
        self.n = n
        self.red = bool(start.red_fives)
        self.rules = rules
        self.lines: list[str] = ['<mjloggm ver="2.3">']
        if start.seed is not None:
            self.tag("SHUFFLE", [("seed", start.seed), ("ref", "")])
        go = _go_type(start) if start.go_type is None else start.go_type
        go_attrs: list[tuple[str, object]] = [("type", go)]
        if meta.get("lobby") is not None:
            go_attrs.append(("lobby", meta["lobby"]))
        if rules is not None:
            go_attrs.append((RULES_KEY, rules_attribute(rules)))
        self.tag("GO", go_attrs)
        self.names = list(start.names[:n]) + [""] * (4 - len(start.names[:n]))
        un: list[tuple[str, object]] = [(f"n{i}", quote(self.names[i], safe="")) for i in range(4)]
        for key in ("dan", "rate", "sx"):
            values = meta.get(key)
            if isinstance(values, (list, tuple)):
                un.append((key, ",".join(map(str, values))))
        self.tag("UN", un)
        self.tag("TAIKYOKU", [("oya", 0)])
        self.in_round = False
        self.last_result = -1  # index in lines of the last AGARI / RYUUKYOKU
        # what the engine settled that the events leave out (fu, tenpai), by event index
        self.filled: dict[int, dict[str, Any]] = {}
        self.index = 0  # index in the events of the event being written

    # ------------------------------------------------------------------ output
    def tag(self, name: str, attrs: list[tuple[str, object]]) -> None:
        self.lines.append(f"<{name}{_attrs(attrs)}/>")

    def text(self) -> str:
        return "\n".join([*self.lines, "</mjloggm>"]) + "\n"

    # ------------------------------------------------------------------ physical ids
    def _copies(self, t: Tile) -> range:
        if t.red:
            if not self.red:
                raise _Bad(f"red five {t} in a game without red fives")
            return range(0, 1)
        if self.red and t.kind in (4, 13, 22):
            return range(1, 4)
        return range(0, 4)

    def is_match(self, tile_id: int, t: Tile) -> bool:
        return tile_id >> 2 == t.kind and tile_id & 3 in self._copies(t)

    def take(self, t: Tile | None, what: str) -> int:
        """A free copy of ``t`` entering play (deal, draw, indicator)."""
        if t is None:
            raise _Bad(f"{what}: a hidden tile cannot be written")
        for c in self._copies(t):
            i = t.kind * 4 + c
            if i not in self.used:
                self.used.add(i)
                return i
        raise _Bad(f"{what}: no copy of {t} left (all are in play this round)")

    def any_id(self, t: Tile) -> int:
        """Some id of ``t`` (for a tile the round did not follow, e.g. a shown hand that
        differs from the calls the log recorded)."""
        return t.kind * 4 + self._copies(t)[0]

    def pick(self, seat: int, t: Tile, what: str, avoid: int | None = None) -> int:
        """Take a copy of ``t`` out of ``seat``'s hand (not ``avoid``)."""
        hand = self.hands[seat]
        for j in range(len(hand) - 1, -1, -1):
            if hand[j] != avoid and self.is_match(hand[j], t):
                return hand.pop(j)
        if avoid is not None and avoid in hand and self.is_match(avoid, t):
            raise _Bad(f"{what}: {t} not tsumogiri, but seat {seat}'s only {t} is the one drawn")
        raise _Bad(f"{what}: seat {seat} holds no {t}")

    def ids_of(self, tiles: tuple[Tile, ...], pool: list[int]) -> list[int]:
        """Ids for ``tiles``, from ``pool`` where it has them (the pool is not changed)."""
        left = list(pool)
        out = []
        for t in tiles:
            j = next((j for j, i in enumerate(left) if self.is_match(i, t)), None)
            out.append(left.pop(j) if j is not None else self.any_id(t))
        return sorted(out)

    # ------------------------------------------------------------------ events
    def add(self, ev: Event) -> None:
        if isinstance(ev, StartKyoku):
            self.init(ev)
        elif isinstance(ev, EndGame):
            self.owari(ev)
        elif isinstance(ev, Disconnect):
            self.tag("BYE", [("who", ev.actor)])
        elif isinstance(ev, Reconnect):
            self.tag("UN", [(f"n{ev.actor}", quote(self.names[ev.actor], safe=""))])
        elif isinstance(ev, EndKyoku):
            self.in_round = False
        elif not self.in_round:
            raise _Bad(f"{ev.type} outside a round")
        elif isinstance(ev, Tsumo):
            i = self.take(ev.pai, "tsumo")
            self.hands[ev.actor].append(i)
            self.last_draw[ev.actor] = i
            self.lines.append(f"<{_DRAW_TAGS[ev.actor]}{i}/>")
        elif isinstance(ev, Dahai):
            self.dahai(ev)
        elif isinstance(ev, (Chi, Pon, Daiminkan)):
            self.call(ev)
        elif isinstance(ev, Kakan):
            self.kakan(ev)
        elif isinstance(ev, Ankan):
            ids = sorted(self.pick(ev.actor, t, "ankan") for t in ev.consumed)
            if len({i >> 2 for i in ids}) != 1 or len(ids) != 4:
                raise _Bad(f"ankan of {ev.consumed}: not four copies of one tile")
            self.meld(ev.actor, (ids[0] & ~3) << 8, ids)
        elif isinstance(ev, Nukidora):
            i = self.pick(ev.actor, ev.pai, "nukidora")
            self.meld(ev.actor, i << 8 | 0x20, [i])
        elif isinstance(ev, Dora):
            i = self.take(ev.dora_marker, "dora")
            self.dora.append(i)
            self.tag("DORA", [("hai", i)])
        elif isinstance(ev, Reach):
            if ev.open:
                raise _Bad(
                    f"seat {ev.actor} declares open riichi (Rules.open_riichi), which mjlog "
                    "cannot record: its REACH has no open form, so the log would replay as "
                    "a closed riichi and verify wrong; write mjai instead"
                )
            self.tag("REACH", [("who", ev.actor), ("step", 1)])
        elif isinstance(ev, ReachAccepted):
            self.sticks += 1
            attrs: list[tuple[str, object]] = [("who", ev.actor)]
            if ev.scores is not None:
                attrs.append(("ten", _ints(self.padded(ev.scores, "scores"))))
            self.tag("REACH", [*attrs, ("step", 2)])
        elif isinstance(ev, Hora):
            self.agari(ev)
        elif isinstance(ev, Ryukyoku):
            self.ryuukyoku(ev)
        else:
            raise _Bad(f"{ev.type} cannot be written to mjlog")

    def padded(self, values: tuple[int, ...], what: str) -> list[int]:
        if len(values) != self.n:
            raise _Bad(f"{what} {values} must have {self.n} values")
        return _hundreds(values, what) + [0] * (4 - self.n)

    def init(self, sk: StartKyoku) -> None:
        if not (27 <= sk.bakaze <= 30 and 1 <= sk.kyoku <= 4):
            raise _Bad(f"round {sk.bakaze - 26}-{sk.kyoku} has no Tenhou round number")
        self.in_round = True
        self.used: set[int] = set()
        self.sk = sk
        self.sticks = sk.kyotaku
        self.last_draw: list[int | None] = [None] * 4
        self.offered: list[int] = []  # the ids a ron may take: last discard, kakan, ankan
        self.melds: list[list[tuple[int, list[int]]]] = [[] for _ in range(4)]
        self.pons: dict[tuple[int, int], int] = {}  # (seat, kind) -> the pon's meld code
        self.ura: list[int] | None = None
        self.first_win = True
        dora = self.take(sk.dora_marker, "dora indicator")
        self.dora = [dora]
        if sk.tehais is None or len(sk.tehais) != self.n:
            raise _Bad(f"the deal must give {self.n} hands")
        self.hands: list[list[int]] = [[] for _ in range(4)]
        for p, hand in enumerate(sk.tehais):
            if hand is None:
                raise _Bad(f"the deal of seat {p} is hidden")
            self.hands[p] = [self.take(t, f"deal of seat {p}") for t in hand]
        dice = sk.dice if sk.dice is not None else (0, 0)
        attrs: list[tuple[str, object]] = [
            ("seed", _ints([(sk.bakaze - 27) * 4 + sk.kyoku - 1, sk.honba, sk.kyotaku, *dice, dora])),
            ("ten", _ints(self.padded(sk.scores, "scores"))),
            ("oya", sk.oya),
        ]
        attrs += [(f"hai{p}", _ints(sorted(self.hands[p]))) for p in range(4)]
        self.tag("INIT", attrs)

    def dahai(self, ev: Dahai) -> None:
        drawn = self.last_draw[ev.actor]
        if ev.tsumogiri:
            if drawn is None or not self.is_match(drawn, ev.pai):
                raise _Bad(f"tsumogiri of {ev.pai}, which is not the tile seat {ev.actor} drew")
            self.hands[ev.actor].remove(drawn)
            i = drawn
        else:
            i = self.pick(ev.actor, ev.pai, "dahai", avoid=drawn)
        self.last_draw[ev.actor] = None
        self.offered = [i]
        self.discarder = ev.actor
        self.lines.append(f"<{_DISCARD_TAGS[ev.actor]}{i}/>")

    def called_id(self, ev: Chi | Pon | Daiminkan) -> int:
        i = self.offered[0] if len(self.offered) == 1 else None
        if i is None or self.discarder != ev.target or not self.is_match(i, ev.pai):
            raise _Bad(f"{ev.pai} from seat {ev.target} is not the tile just discarded")
        return i

    def call(self, ev: Chi | Pon | Daiminkan) -> None:
        rel = (ev.target - ev.actor) % 4
        if rel == 0 or ev.target >= self.n:
            raise _Bad(f"called from seat {ev.target}")
        called = self.called_id(ev)
        own = [self.pick(ev.actor, t, ev.type) for t in ev.consumed]
        ids = sorted([called, *own])
        if isinstance(ev, Chi):
            if rel != 3:
                raise _Bad(f"chi from seat {ev.target}, not the player on the left")
            kinds = [i >> 2 for i in ids]
            low = kinds[0]
            if low >= 27 or kinds != [low, low + 1, low + 2] or low % 9 > 6:
                raise _Bad(f"chi of {ev.pai} with {ev.consumed} is not a run")
            base = (low // 9) * 7 + low % 9
            code = (base * 3 + ids.index(called)) << 10 | 0x04 | rel
            for j, i in enumerate(ids):
                code |= (i & 3) << (3 + 2 * j)
        elif isinstance(ev, Pon):
            kind = ids[0] >> 2
            if any(i >> 2 != kind for i in ids) or len(ids) != 3:
                raise _Bad(f"pon of {ev.pai} with {ev.consumed}: not three of one tile")
            unused = next(c for c in range(4) if kind * 4 + c not in ids)
            code = (kind * 3 + ids.index(called)) << 9 | unused << 5 | 0x08 | rel
            self.pons[(ev.actor, kind)] = code
        else:
            if len({i >> 2 for i in ids}) != 1 or len(ids) != 4:
                raise _Bad(f"daiminkan of {ev.pai} with {ev.consumed}: not four of one tile")
            code = called << 8 | rel
        self.offered = []
        self.meld(ev.actor, code, ids)

    def kakan(self, ev: Kakan) -> None:
        kind = ev.pai.kind
        pon = self.pons.pop((ev.actor, kind), None)
        if pon is None:
            raise _Bad(f"kakan of {ev.pai} without an earlier pon")
        added = self.pick(ev.actor, ev.pai, "kakan")
        if added & 3 != pon >> 5 & 3:
            raise _Bad(f"kakan of {ev.pai}: that copy is in the pon already")
        code = (pon & ~0x08) | 0x10
        melds = self.melds[ev.actor]
        j = next(j for j, (c, _) in enumerate(melds) if c == pon)
        melds[j] = (code, sorted([*melds[j][1], added]))
        self.last_draw[ev.actor] = None
        self.offered = [added]
        self.discarder = ev.actor
        self.tag("N", [("who", ev.actor), ("m", code)])

    def meld(self, seat: int, code: int, ids: list[int]) -> None:
        self.melds[seat].append((code, ids))
        self.last_draw[seat] = None
        if code & 0x3C == 0 and code & 3 == 0:  # an ankan: kokushi may rob it
            self.offered = list(ids)
            self.discarder = seat
        self.tag("N", [("who", seat), ("m", code)])

    # ------------------------------------------------------------------ results
    def ba(self) -> str:
        sticks = self.sticks if self.first_win else 0
        return f"{self.sk.honba},{sticks}"

    def sc(self, deltas: tuple[int, ...] | None, scores: tuple[int, ...] | None) -> list:
        if deltas is None or scores is None:
            return []
        before = tuple(s - d for s, d in zip(scores, deltas))
        b, d = self.padded(before, "scores"), self.padded(deltas, "deltas")
        return [("sc", _ints([x for pair in zip(b, d) for x in pair]))]

    def agari(self, ev: Hora) -> None:
        who, n = ev.actor, self.n
        if ev.points is None:
            raise _Bad("a win without points cannot be written to mjlog")
        if ev.target >= n:
            raise _Bad(f"won from seat {ev.target}")
        if ev.actor == ev.target:
            drawn = self.last_draw[who]
            win = drawn if drawn is not None and self.is_match(drawn, ev.pai) else None
            pool = list(self.hands[who])
        else:
            win = next((i for i in self.offered if self.is_match(i, ev.pai)), None)
            pool = list(self.hands[who]) + ([win] if win is not None else [])
        if win is None:
            win = self.any_id(ev.pai)
        hand = self.ids_of(ev.hand, pool) if ev.hand is not None else sorted(pool)
        attrs: list[tuple[str, object]] = [("ba", self.ba()), ("hai", _ints(hand))]
        if ev.melds is None:  # mjai's hora leaves them out: the seat's melds of this round
            codes = [c for c, _ in self.melds[who]]
        else:
            codes = self.shown_melds(who, ev.melds)
        if codes:
            attrs.append(("m", _ints(codes[::-1])))  # Tenhou lists the newest meld first
        attrs.append(("machi", win))
        fu = ev.fu if ev.fu is not None else self.filled.get(self.index, {}).get("fu", 0)
        limit = ev.limit if ev.limit is not None else self.limit_of(ev, fu)
        attrs.append(("ten", f"{fu},{ev.points},{limit}"))
        attrs += self.yaku(self.named_yaku(ev.yaku or (), who, hand, codes))
        # mjai's hora leaves the indicators out too: those the round revealed
        markers = list(self.dora) if ev.dora_markers is None else self.indicator_ids(ev.dora_markers)
        attrs.append(("doraHai", _ints(markers)))
        if ev.uradora_markers:
            if self.ura is None or len(self.ura) != len(ev.uradora_markers):
                self.ura = [self.take(t, "uradora") for t in ev.uradora_markers]
            ura = [
                i if self.is_match(i, t) else self.any_id(t)
                for i, t in zip(self.ura, ev.uradora_markers)
            ]
            attrs.append(("doraHaiUra", _ints(ura)))
        attrs += [("who", who), ("fromWho", ev.target)]
        if ev.pao is not None:
            attrs.append(("paoWho", ev.pao))
        attrs += self.sc(ev.deltas, ev.scores)
        self.first_win = False
        self.result(attrs, "AGARI")

    def indicator_ids(self, tiles: tuple[Tile, ...]) -> list[int]:
        return [
            self.dora[j] if j < len(self.dora) and self.is_match(self.dora[j], t) else self.any_id(t)
            for j, t in enumerate(tiles)
        ]

    def shown_melds(self, seat: int, melds: tuple[CalledMeld, ...]) -> list[int]:
        """The meld codes of ``melds`` (in call order): the codes the round wrote for them,
        or, for a meld the round did not see, a code built from its tiles."""
        left = list(self.melds[seat])
        out = []
        for m in melds:
            j = next((j for j, (c, _) in enumerate(left) if self.shown(c, seat) == m), None)
            out.append(left.pop(j)[0] if j is not None else self.code_of(seat, m))
        return out

    def shown(self, code: int, seat: int) -> CalledMeld:
        ev = decode_meld(code, seat, self.n, self.red)
        if isinstance(ev, Nukidora):
            return CalledMeld("nukidora", (ev.pai,))
        if isinstance(ev, Ankan):
            return CalledMeld("ankan", tuple(sorted(ev.consumed)))
        return CalledMeld(ev.type, tuple(sorted((ev.pai, *ev.consumed))))  # type: ignore[attr-defined]

    def code_of(self, seat: int, m: CalledMeld) -> int:
        used: list[int] = []  # distinct copies, each of its tile's kind and red flag
        for t in sorted(m.tiles):
            i = next((t.kind * 4 + c for c in self._copies(t) if t.kind * 4 + c not in used), None)
            if i is None:
                raise _Bad(f"{m.kind} of {m.tiles}: more copies than a tile has")
            used.append(i)
        ids = sorted(used)
        rel = next(r for r in (3, 2, 1) if (seat + r) % 4 < self.n)
        if m.kind == "nukidora":
            return ids[0] << 8 | 0x20
        if m.kind == "ankan":
            return (ids[0] & ~3) << 8
        if m.kind == "daiminkan":
            return ids[0] << 8 | rel
        if m.kind == "chi":
            low = ids[0] >> 2
            code = ((low // 9) * 7 + low % 9) * 3 << 10 | 0x04 | 3
            for j, i in enumerate(ids):
                code |= (i & 3) << (3 + 2 * j)
            return code
        kind = ids[0] >> 2
        if m.kind == "pon":
            unused = next(c for c in range(4) if kind * 4 + c not in ids)
            return kind * 3 << 9 | unused << 5 | 0x08 | rel
        if m.kind == "kakan":
            return kind * 3 << 9 | (ids[-1] & 3) << 5 | 0x10 | rel
        raise _Bad(f"meld kind {m.kind!r} cannot be written to mjlog")

    def named_yaku(
        self, yaku: tuple[tuple[str, int], ...], who: int, hand: list[int], codes: list[int]
    ) -> tuple[tuple[str, int], ...]:
        """``yaku`` with the generic names some mjai logs write (``sangenpai``, ``bakaze``,
        ``jikaze``: the family, not the tile) named as Tenhou records them: the round's and
        the seat's wind, and the winner's dragon triplets in order (haku, hatsu, chun)."""
        winds = ("ton", "nan", "shaa", "pei")
        kinds = [i // 4 for i in hand]
        for c in codes:
            kinds += [t.kind for t in self.shown(c, who).tiles]
        dragons = iter([k for k in (31, 32, 33) if kinds.count(k) >= 3])
        out = []
        for name, han in yaku:
            if name == "bakaze" and 27 <= self.sk.bakaze <= 30:
                name = f"bakaze_{winds[self.sk.bakaze - 27]}"
            elif name == "jikaze":
                name = f"jikaze_{winds[(who - self.sk.oya) % self.n]}"
            elif name == "sangenpai":
                name = {31: "haku", 32: "hatsu", 33: "chun"}.get(next(dragons, 0), name)
            out.append((name, han))
        return tuple(out)

    def yaku(self, yaku: tuple[tuple[str, int], ...]) -> list[tuple[str, object]]:
        ids = []
        for name, han in yaku:
            if name not in _YAKU_ID:
                raise _Bad(f"yaku {name!r} has no Tenhou id")
            ids.append((_YAKU_ID[name], han))
        big = [i in _YAKUMAN_IDS and h == 13 for i, h in ids]
        split = big.index(True) if True in big else len(ids)
        if not all(big[split:]):
            split = len(ids)  # a yakuman before another yaku: keep the order, all in yaku
        out: list[tuple[str, object]] = []
        if split:
            out.append(("yaku", _ints([x for i, h in ids[:split] for x in (i, h)])))
        if split < len(ids):
            out.append(("yakuman", _ints([i for i, _ in ids[split:]])))
        return out

    def limit_of(self, ev: Hora, fu: int) -> int:
        """Tenhou's limit code (0 none, 1 mangan .. 5 yakuman) from han and fu."""
        code = tenhou_limit(ev, fu, self.rules)
        assert code is not None  # fu is known
        return code

    def ryuukyoku(self, ev: Ryukyoku) -> None:
        attrs: list[tuple[str, object]] = []
        if ev.reason != "exhaustive":
            if ev.reason not in _DRAW_TYPES:
                raise _Bad(f"draw reason {ev.reason!r} has no Tenhou type")
            attrs.append(("type", _DRAW_TYPES[ev.reason]))
        attrs.append(("ba", self.ba()))
        attrs += self.sc(ev.deltas, ev.scores)
        tenpai = ev.tenpai
        if tenpai is None:
            tenpai = self.filled.get(self.index, {}).get("tenpai")
        shows_tenpai = ev.reason in ("exhaustive", "nagashi_mangan") and tenpai is not None
        for p in range(self.n):
            hand = ev.hands[p] if ev.hands is not None and p < len(ev.hands) else None
            if hand is not None:
                attrs.append((f"hai{p}", _ints(self.ids_of(hand, self.hands[p]))))
            elif shows_tenpai and tenpai[p]:  # type: ignore[index]
                attrs.append((f"hai{p}", _ints(sorted(self.hands[p]))))
        self.result(attrs, "RYUUKYOKU")

    def result(self, attrs: list[tuple[str, object]], name: str) -> None:
        self.tag(name, attrs)
        self.last_result = len(self.lines) - 1

    def owari(self, ev: EndGame) -> None:
        if self.last_result < 0 or self.in_round:
            raise _Bad("end_game must follow the last round's result")
        value = ""
        if ev.scores is not None and ev.points is not None:
            scores = self.padded(ev.scores, "final scores")
            points = list(ev.points) + [0.0] * (4 - self.n)
            if len(ev.points) != self.n:
                raise _Bad(f"final points {ev.points} must have {self.n} values")
            value = ",".join(f"{s},{float(p)!r}" for s, p in zip(scores, points))
        line = self.lines[self.last_result]
        self.lines[self.last_result] = line[:-2] + f'{_attrs([("owari", value)])}/>'
        self.last_result = -1


def tenhou_limit(ev: Hora, fu: int | None, rules: Rules | None) -> int | None:
    """Tenhou's limit code of a win (0 none, 1 mangan .. 5 yakuman) from its yaku, han and
    ``fu`` under ``rules`` (kiriage mangan, kazoe yakuman capped at sanbaiman; None: Tenhou's),
    for the logs that record han and fu but no limit (mjai, Mahjong Soul, kobalab). None when
    it depends on the fu and ``fu`` is None."""
    han = ev.han or 0
    if any(_YAKU_ID.get(name, 0) in _YAKUMAN_IDS for name, _ in ev.yaku or ()):
        return 5
    if han >= 13:
        capped = rules is not None and rules.kazoe_yakuman == "sanbaiman"
        return 4 if capped else 5
    for low, code in ((11, 4), (8, 3), (6, 2), (5, 1)):
        if han >= low:
            return code
    if fu is None:
        return None
    kiriage = rules is not None and rules.kiriage_mangan
    if fu * 2 ** (han + 2) >= 2000 or (kiriage and (han, fu) in ((4, 30), (3, 60))):
        return 1
    return 0
