"""The state of one round, as data: players, melds, a claim waiting for answers, the result.

Nothing here decides a rule; the rule modules of :mod:`riichi.kyoku` read and change these
objects. Each player's hand lives in the core (``_core.SeatHand``: tiles, waits, furiten
inputs, riichi, kuikae), which the round moves at every change and asks every hand question;
:class:`Player` shows its facts. Also the core's view of the table (:func:`seat_table`), the
shared immutable action objects (the frequent ones, built once, and the turn actions by the
core's action code) and the seat orders around a discarder.

Rules fields read: ``num_players`` and ``starting_points`` (a new round's seats and default
scores); ``red_fives`` through the red ids the round passes in.
Rule source: none (data only).
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

from riichi import _core
from riichi import _core_api as core
from riichi.actions import Action, Discard, Kyuushu, Pass, Riichi, Ron, Tsumo
from riichi.errors import RiichiError
from riichi.rules import Rules
from riichi.wall import Wall

TURN, CLAIM, END = "turn", "claim", "end"
# Actions are immutable: the frequent ones are built once and shared.
DISCARD = [[(Discard(s, t, False), Discard(s, t, True)) for t in range(136)] for s in range(4)]
RIICHI = [[(Riichi(s, t, False), Riichi(s, t, True)) for t in range(136)] for s in range(4)]
TSUMO = [Tsumo(s) for s in range(4)]
RON = [Ron(s) for s in range(4)]
PASS = [Pass(s) for s in range(4)]
KYUUSHU = [Kyuushu(s) for s in range(4)]
# per seat, the turn actions by the core's action code below 546 (``SeatHand.turn_codes``:
# 2 * id + tsumogiri a discard, 272 + 2 * id + tsumogiri a riichi, 544 tsumo, 545 kyuushu)
TURN_CODES = [
    [DISCARD[s][t][g] for t in range(136) for g in (0, 1)]
    + [RIICHI[s][t][g] for t in range(136) for g in (0, 1)]
    + [TSUMO[s], KYUUSHU[s]]
    for s in range(4)
]
EVERYONE = frozenset(range(4))  # seats that may answer a discard (Round._discard)

ORDER = [tuple((d + i) % 4 for i in (1, 2, 3)) for d in range(4)]  # the seats after d
# sanma: the two seats after d
ORDER3 = [tuple((d + i) % 3 for i in (1, 2)) for d in range(3)]



@dataclass
class MeldState:
    kind: str  # chi pon daiminkan ankan kakan
    tiles: list[int]  # physical ids
    called: int | None  # id taken from another player (None for ankan)
    source: int | None  # absolute seat the tile came from
    core: Any  # riichi.Meld

    @property
    def kind34(self) -> int:
        return min(self.tiles) >> 2


class Player:
    """One seat's state in the round: its hand in the core (``seat``, a ``_core.SeatHand``:
    concealed tiles, melds' tiles, the drawn tile, waits, the furiten inputs, riichi and
    ippatsu, points and kuikae; the one home of these facts), and what only the flow and
    the events need (melds with their ids and sources, the river, nagashi, Norths set
    aside). A plain slotted class: it is read on every step."""

    __slots__ = ("melds", "nagashi", "nuki", "nuki_at", "riichi_declared_at", "river", "seat")

    def __init__(self, seat: Any) -> None:
        self.seat = seat  # riichi._core.SeatHand
        self.melds: list[MeldState] = []
        self.river: list[int] = []
        self.nagashi = True  # every discard a terminal/honor and none called away
        self.riichi_declared_at = -1  # river index of the declaration tile
        # Norths set aside (sanma nukidora), in order, and len(melds) when each was (the hora
        # event's meld order); tuples, replaced on change (shared and never copied)
        self.nuki: tuple[int, ...] = ()
        self.nuki_at: tuple[int, ...] = ()

    # views of the seat's hand in the core (read-only unless a setter says otherwise)
    @property
    def hand(self) -> list[int]:
        """The concealed ids, ascending."""
        return self.seat.ids  # type: ignore[no-any-return]

    @property
    def counts(self) -> list[int]:
        """Copies of each kind among the concealed tiles (34 ints)."""
        return self.seat.counts  # type: ignore[no-any-return]

    @property
    def waits(self) -> frozenset[int]:
        """The waits of the last 3n+1 hand (kinds)."""
        return frozenset(self.seat.waits)

    @property
    def river_kinds(self) -> frozenset[int]:
        """The kinds this seat discarded this round."""
        return frozenset(self.seat.river_kinds)

    @property
    def discards_made(self) -> int:
        return self.seat.discards_made  # type: ignore[no-any-return]

    @property
    def mcounts(self) -> list[int]:
        """Copies of each kind held in the melds (34 ints)."""
        c = [0] * 34
        for m in self.melds:
            for t in m.tiles:
                c[t >> 2] += 1
        return c

    @property
    def cores(self) -> list[Any]:
        """The core ``Meld`` of each meld, in the order made."""
        return [m.core for m in self.melds]

    @property
    def riichi(self) -> bool:
        return self.seat.riichi  # type: ignore[no-any-return]

    @riichi.setter
    def riichi(self, value: bool) -> None:
        self.seat.riichi = value

    @property
    def double_riichi(self) -> bool:
        return self.seat.double_riichi  # type: ignore[no-any-return]

    @double_riichi.setter
    def double_riichi(self, value: bool) -> None:
        self.seat.double_riichi = value

    @property
    def open_riichi(self) -> bool:
        """The riichi was declared open (``Rules.open_riichi``): the hand is shown to every
        seat and its wins score the yaku ``open_riichi``."""
        return self.seat.open_riichi  # type: ignore[no-any-return]

    @open_riichi.setter
    def open_riichi(self, value: bool) -> None:
        self.seat.open_riichi = value

    @property
    def ippatsu(self) -> bool:
        return self.seat.ippatsu  # type: ignore[no-any-return]

    @ippatsu.setter
    def ippatsu(self, value: bool) -> None:
        self.seat.ippatsu = value

    @property
    def temp_furiten(self) -> bool:
        return self.seat.temp_furiten  # type: ignore[no-any-return]

    @property
    def riichi_furiten(self) -> bool:
        return self.seat.riichi_furiten  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Win:
    """One winner's settlement.

    Attributes:
        seat: the winner.
        from_seat: the discarder (ron) or the winner (tsumo).
        tile: the winning tile id.
        score: the core ``ScoreResult``.
        pao_seat: the liable player (pao), or ``None``.
        deltas: this win's point changes per seat (honba and kyotaku included when paid here).
        ura_indicators: uradora indicator ids revealed for this win (riichi only).
    """

    seat: int
    from_seat: int
    tile: int
    score: Any
    pao_seat: int | None
    deltas: tuple[int, ...]
    ura_indicators: tuple[int, ...]


def is_int(value: object) -> bool:
    """An integer (Python or NumPy), not a bool."""
    if value.__class__ is int:
        return True
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def check_seat(seat: object, players: int = 4) -> int:
    """``seat`` as an absolute seat 0..3 (0..2 when ``players`` is 3).

    Raises:
        RiichiError: for anything else (a negative index must not wrap to another seat).
    """
    if seat.__class__ is not int or not 0 <= seat < players:  # type: ignore[operator]
        raise RiichiError(f"seat must be an int 0..{players - 1}, got {seat!r}")
    return seat  # type: ignore[return-value]



@dataclass(frozen=True)
class RoundResult:
    """How a round ended.

    Attributes:
        kind: ``"tsumo"``, ``"ron"``, ``"exhaustive"`` or ``"abortive"``.
        reason: for draws: ``"exhaustive"``, ``"nagashi_mangan"``, ``"kyuushu_kyuuhai"``,
            ``"suufon_renda"``, ``"suucha_riichi"``, ``"suukaikan"``, ``"sanchahou"``; else ``""``.
        deltas: total point change per seat (riichi sticks deposited this round not included;
            they are in the round's ``scores`` already).
        wins: the winners in turn order from the discarder.
        tenpai: per seat, tenpai at an exhaustive draw (all False otherwise).
        dealer_continues: renchan (the same dealer deals the next round).
        kyotaku_left: riichi sticks left on the table for the next round.
    """

    kind: str
    reason: str
    deltas: tuple[int, ...]
    wins: tuple[Win, ...]
    tenpai: tuple[bool, ...]
    dealer_continues: bool
    kyotaku_left: int


class Claim:
    """A discard (or kan or kita tile) waiting for the answers of the seats that may claim
    it."""

    __slots__ = ("kind", "options", "responses", "riichi", "seat", "tile")

    def __init__(
        self,
        kind: str,
        seat: int,
        tile: int,
        options: dict[int, list[Action]],
        responses: dict[int, Action] | None = None,
        riichi: bool = False,
    ) -> None:
        self.kind = kind  # "dahai", "kakan", "ankan", "nukidora"
        self.seat = seat
        self.tile = tile
        self.options = options  # seat -> its actions (each ends with its Pass)
        self.responses: dict[int, Action] = {} if responses is None else responses
        self.riichi = riichi  # the discard declared riichi




def red_counts(rnd: Any, ids: list[int]) -> tuple[int, int, int]:
    r = [0, 0, 0]
    for t in rnd._reds.intersection(ids):
        r[(t >> 2) // 9] += 1
    return (r[0], r[1], r[2])


# (rules, a core table of them): the last rules read into a core table; a new round of
# the same rules object (every round of a game) renews that table without reading them
# again (one tuple, read and replaced whole: threads never see a table of other rules)
_LAST_TABLE: tuple[Any, Any] = (None, None)


def seat_table(rnd: Any) -> Any:
    """The core's view of the table for the seats' hand questions (``_core.SeatTable``),
    as the round stands; the round keeps it in step as these facts change."""
    global _LAST_TABLE
    kans = rnd._kans
    rules, table = _LAST_TABLE
    if rules is not rnd.rules:
        table = _core.SeatTable(rnd.rules, live_left=0)
        _LAST_TABLE = (rnd.rules, table)
    return table.renew(
        live_left=rnd.live_tiles_left,
        kans=len(kans),
        kan_seats=len(set(kans)),
        uninterrupted=rnd._uninterrupted,
        rinshan=rnd._rinshan,
        dealer=rnd.dealer,
        round_wind=rnd.round_wind,
        dora_indicators=[t >> 2 for t in rnd.dora_indicators],
        honba=rnd.honba,
    )


def deal_table(rules: Any, live_left: int, dealer: int, round_wind: int, dora: int, honba: int) -> Any:
    """:func:`seat_table` of a round just dealt (no kan, no call yet, no replacement draw):
    ``live_left`` tiles drawable, ``dora`` the first indicator's kind; the same table without
    reading the round back."""
    global _LAST_TABLE
    last, table = _LAST_TABLE
    if last is not rules:
        table = _core.SeatTable(rules, live_left=0)
        _LAST_TABLE = (rules, table)
    return table.renew(  # kans, kan_seats and rinshan: their defaults (0, 0, False)
        live_left=live_left,
        uninterrupted=True,
        dealer=dealer,
        round_wind=round_wind,
        dora_indicators=[dora],
        honba=honba,
    )


def new_meld(
    rnd: Any,
    kind: str,
    ids: list[int],
    called: int | None,
    owner: int,
    source: int | None = None,
) -> MeldState:
    src = 0 if source is None else (source - owner) % rnd._n
    return MeldState(
        kind, sorted(ids), called, source, core.make_meld(kind, ids, called, src, rnd._reds)
    )


def meld_view(p: Player) -> list[tuple[str, list[int], int | None, int | None]]:
    return [(m.kind, list(m.tiles), m.called, m.source) for m in p.melds]


def check_round_args(
    rules: Any,
    wall: Any,
    scores: Any,
    dealer: Any,
    round_wind: Any,
    honba: Any,
    kyotaku: Any,
) -> tuple[list[int], int, int, int, int]:
    """The arguments of a new round, checked and as plain ints: ``(scores, dealer,
    round_wind, honba, kyotaku)``; ``scores=None`` is 25000 each with four players, the
    rules' ``starting_points`` each in sanma.

    Raises:
        RiichiError: naming the argument and its value (bad arguments are never clamped or
            carried into the round: a NaN score or a negative honba would only surface as
            wrong payments much later; honba and kyotaku past 2**32 - 1 could never be
            scored).
    """
    if not isinstance(rules, Rules):
        raise RiichiError(f"rules: expected riichi.Rules, got {rules!r}")
    if not isinstance(wall, Wall):
        raise RiichiError(f"wall: expected riichi.Wall, got {wall!r}")
    n = rules.num_players
    if (  # plain ints in range (a Game's next round): as they are, without the checks below
        scores.__class__ is list
        and wall.players == n
        and len(scores) == n
        and dealer.__class__ is int
        and round_wind.__class__ is int
        and honba.__class__ is int
        and kyotaku.__class__ is int
        and 0 <= dealer < n
        and 0 <= round_wind <= 3
        and 0 <= honba <= 0xFFFF_FFFF
        and 0 <= kyotaku <= 0xFFFF_FFFF
    ):
        for s in scores:  # (a loop: a comprehension is a call of its own)
            if s.__class__ is not int:
                break
        else:
            return list(scores), dealer, round_wind, honba, kyotaku
    if wall.players != n:
        raise RiichiError(
            f"a {n}-player round needs a {136 if n == 4 else 108}-tile wall, "
            f"got {len(wall.order)} tiles"
        )
    if scores is None:  # 25000 each in 4-player, the rules' starting points in sanma
        scores = (25000,) * 4 if n == 4 else (rules.starting_points,) * 3
    # bad arguments are named, never clamped or carried into the round (a NaN score or
    # a negative honba would only surface as wrong payments much later)
    if (
        isinstance(scores, (str, bytes, dict))
        or not hasattr(scores, "__len__")
        or getattr(scores, "ndim", 1) == 0  # a 0-d NumPy array: __len__ by type, no length
        or len(scores) != n
        or not all(is_int(s) for s in scores)
    ):
        raise RiichiError(f"scores must be {n} ints, one per seat, got {scores!r}")
    if not is_int(dealer) or not 0 <= dealer < n:
        raise RiichiError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    if not is_int(round_wind) or not 0 <= round_wind <= 3:
        raise RiichiError(f"round_wind must be 0..3, got {round_wind!r}")
    for name, value in (("honba", honba), ("kyotaku", kyotaku)):
        # (the core counts both in 32 bits: a larger count could never be scored)
        if not is_int(value) or not 0 <= value <= 0xFFFF_FFFF:
            raise RiichiError(f"{name} must be an int 0..4294967295, got {value!r}")
    scores = [int(s) for s in scores]
    dealer, round_wind, honba, kyotaku = int(dealer), int(round_wind), int(honba), int(kyotaku)
    return scores, dealer, round_wind, honba, kyotaku
