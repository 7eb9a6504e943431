"""The state of one round, as data: players, melds, a claim waiting for answers, the result.

Nothing here decides a rule; the rule modules of :mod:`riichi.kyoku` read and change these
objects. Also the shared immutable action objects (the frequent ones, built once), the seat
orders around a discarder and the bookkeeping that keeps a player's derived hand state
(tile counts, meld keys and counts, waits of a 3n+1 hand) in step with its tiles.

Rules fields read: ``num_players`` and ``starting_points`` (a new round's seats and default
scores); ``red_fives`` through the red ids the round passes in.
Rule source: none (data only).
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

from riichi import _core_api as core
from riichi.actions import Action, Discard, Pass, Riichi, Ron, Tsumo
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
EVERYONE = frozenset(range(4))  # seats that may answer a discard (Round._discard)

NO_WAITS: frozenset[int] = frozenset()
NO_MELD_COUNTS = bytes(34)
NO_KINDS: frozenset[int] = NO_WAITS
# the seats after a discarder in turn order, each with whether the discarder is its kamicha
OTHERS = [tuple(((d + i) % 4, i == 1) for i in (1, 2, 3)) for d in range(4)]
ORDER = [tuple((d + i) % 4 for i in (1, 2, 3)) for d in range(4)]  # the seats after d
# sanma: two other seats, none of them may chi
OTHERS3 = [tuple(((d + i) % 3, False) for i in (1, 2)) for d in range(3)]
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
    """One seat's private state (a plain slotted class: it is read on every step)."""

    __slots__ = (
        "cores",
        "counts",
        "discards_made",
        "double_riichi",
        "dw",
        "hand",
        "ippatsu",
        "mcounts",
        "melds",
        "mkey",
        "nagashi",
        "nuki",
        "nuki_at",
        "opened",
        "riichi",
        "riichi_declared_at",
        "riichi_furiten",
        "river",
        "river_kinds",
        "temp_furiten",
        "waits",
    )  # fmt: skip

    def __init__(self) -> None:
        self.hand: list[int] = []
        # copies of each kind in the hand; a bytearray: bytes(counts), the wait kernel's
        # argument on every discard, is then a copy instead of 34 conversions
        self.counts = bytearray(34)
        self.melds: list[MeldState] = []
        self.river: list[int] = []
        self.river_kinds: set[int] = set()
        self.nagashi = True  # every discard a terminal/honor and none called away
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.riichi_declared_at = -1  # river index of the declaration tile
        self.temp_furiten = False
        self.riichi_furiten = False
        self.waits: frozenset[int] = NO_WAITS  # waits of the last 3n+1 hand
        self.mkey = b""  # cache key of the melds (kinds and sizes)
        self.mcounts = NO_MELD_COUNTS  # copies of each kind held in the melds (immutable)
        # discarded kind -> waits left, for the current 3n+2 hand (None: not computed yet)
        self.dw: dict[int, frozenset[int]] | None = None
        self.cores: list[Any] = []  # core Meld objects
        self.discards_made = 0
        self.opened = False  # a meld other than an ankan (kept by Round._melds_changed)
        # Norths set aside (sanma nukidora), in order, and len(melds) when each was (the hora
        # event's meld order); tuples, replaced on change (shared and never copied)
        self.nuki: tuple[int, ...] = ()
        self.nuki_at: tuple[int, ...] = ()


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


def after_seats(players: list[Player]) -> list[tuple[int, Player, Player, Player]]:
    """Per seat: the next seat, and the players of the three seats after it in turn order
    (sanma: the two seats after it, the last one given twice)."""
    if len(players) == 3:
        return [((s + 1) % 3, players[(s + 1) % 3], players[(s + 2) % 3], players[(s + 2) % 3])
                for s in range(3)]  # fmt: skip
    return [
        ((s + 1) & 3, players[(s + 1) & 3], players[(s + 2) & 3], players[(s + 3) & 3])
        for s in range(4)
    ]


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
    """A discard (or kan tile) waiting for the answers of the seats that may claim it."""

    __slots__ = ("kind", "lazy", "options", "responses", "riichi", "seat", "tile")

    def __init__(
        self,
        kind: str,
        seat: int,
        tile: int,
        options: dict[int, list[Action] | None],
        responses: dict[int, Action] | None = None,
        riichi: bool = False,
        lazy: dict[int, bool] | None = None,
    ) -> None:
        self.kind = kind  # "dahai", "kakan", "ankan"
        self.seat = seat
        self.tile = tile
        # seat -> its actions; None: the seat may call, its list is built on first use
        # (Round._claim_actions) from ``lazy[seat]`` (whether it may ron)
        self.options = options
        self.responses: dict[int, Action] = {} if responses is None else responses
        self.riichi = riichi  # the discard declared riichi
        self.lazy: dict[int, bool] = {} if lazy is None else lazy




def red_counts(rnd: Any, ids: list[int]) -> tuple[int, int, int]:
    r = [0, 0, 0]
    for t in rnd._reds.intersection(ids):
        r[(t >> 2) // 9] += 1
    return (r[0], r[1], r[2])


def melds_changed(rnd: Any, p: Player) -> None:
    p.mkey = rnd._meld_key(p)
    p.cores = [m.core for m in p.melds]
    mc = [0] * 34
    for m in p.melds:
        for t in m.tiles:
            mc[t >> 2] += 1
    p.mcounts = bytes(mc)
    p.dw = None
    p.opened = any(m.kind != "ankan" for m in p.melds)


def meld_key(rnd: Any, p: Player) -> bytes:
    return bytes(b for m in p.melds for b in (m.kind34, len(m.tiles), m.kind == "chi"))


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


def update_waits(rnd: Any, s: int) -> None:
    p = rnd.players[s]
    if len(p.hand) % 3 != 1:
        return
    p.waits = core.waits(p.counts, p.cores, p.mkey, p.mcounts)


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
            wrong payments much later).
    """
    if not isinstance(rules, Rules):
        raise RiichiError(f"rules: expected riichi.Rules, got {rules!r}")
    if not isinstance(wall, Wall):
        raise RiichiError(f"wall: expected riichi.Wall, got {wall!r}")
    n = rules.num_players
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
        or len(scores) != n
        or not all(is_int(s) for s in scores)
    ):
        raise RiichiError(f"scores must be {n} ints, one per seat, got {scores!r}")
    if not is_int(dealer) or not 0 <= dealer < n:
        raise RiichiError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    if not is_int(round_wind) or not 0 <= round_wind <= 3:
        raise RiichiError(f"round_wind must be 0..3, got {round_wind!r}")
    for name, value in (("honba", honba), ("kyotaku", kyotaku)):
        if not is_int(value) or value < 0:
            raise RiichiError(f"{name} must be an int >= 0, got {value!r}")
    scores = [int(s) for s in scores]
    dealer, round_wind, honba, kyotaku = int(dealer), int(round_wind), int(honba), int(kyotaku)
    return scores, dealer, round_wind, honba, kyotaku
