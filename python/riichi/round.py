"""The round (kyoku) state machine: the referee of one hand from the deal to the settlement.

A :class:`Round` holds the wall, the players' hands (four, or three in sanma), rivers and
melds, and the flow state (whose turn, a pending discard waiting for claims, the end). Players
act through typed actions (:mod:`riichi.actions`): :meth:`Round.legal_actions` lists what a
seat may do now, :meth:`Round.step` applies one action. Claims on a discard are collected from
every seat that has one (ron, pon, daiminkan, chi or pass) before they are resolved by
priority (ron > pon/daiminkan > chi); an illegal action raises :class:`riichi.IllegalAction`
naming the action and the reason and leaves the round unchanged.

Seats are absolute 0..3; tiles in actions and events are physical ids 0..135 (DESIGN.md).

Sanma (``rules.num_players == 3``): seats 0..2, the 108-tile wall of :mod:`riichi.wall`, no
chi, and the :class:`~riichi.actions.Nukidora` action: on its own turn after a draw (in riichi
only with the drawn tile) a player may set a North aside; it counts one dora for that player
(the core scorer's ``nukidora``), the other players may ron on it (neither chankan nor
houtei), and the player draws a replacement tile from the dead wall, which shortens the live
wall by one like a kan. Tenhou's logs (tests/test_sanma.py replays them) show that a win on
that replacement tile is rinshan kaihou, that a North set aside which nobody robs ends every
ippatsu and the uninterrupted first go-around (double riichi, kyuushu kyuuhai) as a call
does, that a kan dora waiting to be revealed is revealed when the North is set aside, and that
a riichi player sets aside only the drawn North.
Every hand question (waits, score) goes to the Rust core through :mod:`riichi._core_api`.

Rule sources: Tenhou's rules (https://tenhou.net/man/) unless a ``Rules`` field says
otherwise; the worked cases RC40 (pao), RC43 (multiple ron sticks), RC45 (kyuushu timing),
RC48 (riichi preconditions), RC52 (calls leaving no legal discard), RC54 (declined chankan).
"""

from __future__ import annotations

import copy
import numbers
from dataclasses import dataclass
from typing import Any

from riichi import _core_api as core
from riichi.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kyuushu,
    Nukidora,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.errors import IllegalAction, RiichiError
from riichi.rules import Rules
from riichi.wall import Wall, is_red

__all__ = ["Round", "RoundResult", "Win"]

_TERMINALS_HONORS = frozenset([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
_DRAGONS = (31, 32, 33)
_WINDS = (27, 28, 29, 30)
_TURN, _CLAIM, _END = "turn", "claim", "end"
# Actions are immutable: the frequent ones are built once and shared.
_DISCARD = [[(Discard(s, t, False), Discard(s, t, True)) for t in range(136)] for s in range(4)]
_RIICHI = [[(Riichi(s, t, False), Riichi(s, t, True)) for t in range(136)] for s in range(4)]
_TSUMO = [Tsumo(s) for s in range(4)]
_RON = [Ron(s) for s in range(4)]
_PASS = [Pass(s) for s in range(4)]
_CALLS = {"chi": Chi, "pon": Pon, "daiminkan": Daiminkan}  # logged claim -> action class
_EVERYONE = frozenset(range(4))  # seats that may answer a discard (Round._discard)


def _kind_plain_first(x: Any) -> tuple[int, bool]:  # sort key of meld tiles, as make_event
    return (x.kind, not x.red)


_NO_WAITS: frozenset[int] = frozenset()
_NO_MELD_COUNTS = bytes(34)
_NO_KINDS: frozenset[int] = _NO_WAITS
_wait_mask = core.wait_mask
_mask_get = core._MASK_KINDS.get  # the cache of core.mask_kinds (cleared in place, never replaced)
# the seats after a discarder in turn order, each with whether the discarder is its kamicha
_OTHERS = [tuple(((d + i) % 4, i == 1) for i in (1, 2, 3)) for d in range(4)]
_ORDER = [tuple((d + i) % 4 for i in (1, 2, 3)) for d in range(4)]  # the seats after d
# sanma: two other seats, none of them may chi
_OTHERS3 = [tuple(((d + i) % 3, False) for i in (1, 2)) for d in range(3)]
_ORDER3 = [tuple((d + i) % 3 for i in (1, 2)) for d in range(3)]
_NORTH = 30  # the kind of the North wind (kita)
_FIVES = (4, 13, 22)
# chi shapes around each numbered kind: the two other kinds of each run through it
_CHI_SHAPES = [
    tuple(
        (k + a, k + b)
        for a, b in ((-2, -1), (-1, 1), (1, 2))
        if k < 27 and 0 <= k % 9 + a <= 8 and 0 <= k % 9 + b <= 8
    )
    for k in range(34)
]
# events of the two most frequent kinds, shared (they are immutable): index by
# actor * 68 + kind * 2 + red (and * 2 + tsumogiri for a dahai)
_TSUMO_EVENTS: list[Any] = [None] * (4 * 68)
_RED_TABLES: dict[
    tuple[int, ...], tuple[frozenset[int], list[int], list[Any], list[tuple[int, ...]]]
] = {}
_DAHAI_EVENTS: list[Any] = [None] * (4 * 68 * 2)


@dataclass
class _Meld:
    kind: str  # chi pon daiminkan ankan kakan
    tiles: list[int]  # physical ids
    called: int | None  # id taken from another player (None for ankan)
    source: int | None  # absolute seat the tile came from
    core: Any  # riichi.Meld

    @property
    def kind34(self) -> int:
        return min(self.tiles) >> 2


class _Player:
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
        self.melds: list[_Meld] = []
        self.river: list[int] = []
        self.river_kinds: set[int] = set()
        self.nagashi = True  # every discard a terminal/honor and none called away
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.riichi_declared_at = -1  # river index of the declaration tile
        self.temp_furiten = False
        self.riichi_furiten = False
        self.waits: frozenset[int] = _NO_WAITS  # waits of the last 3n+1 hand
        self.mkey = b""  # cache key of the melds (kinds and sizes)
        self.mcounts = _NO_MELD_COUNTS  # copies of each kind held in the melds (immutable)
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


def _after_seats(players: list[_Player]) -> list[tuple[int, _Player, _Player, _Player]]:
    """Per seat: the next seat, and the players of the three seats after it in turn order
    (sanma: the two seats after it, the last one given twice)."""
    if len(players) == 3:
        return [((s + 1) % 3, players[(s + 1) % 3], players[(s + 2) % 3], players[(s + 2) % 3])
                for s in range(3)]  # fmt: skip
    return [
        ((s + 1) & 3, players[(s + 1) & 3], players[(s + 2) & 3], players[(s + 3) & 3])
        for s in range(4)
    ]


def _is_int(value: object) -> bool:
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


def _pao_part(res: Any, pao: tuple[int, str], scope: str) -> tuple[int, int]:
    """Yakuman multiples the liable player answers for, and the hand's total: the whole hand
    (``scope == "hand"``) or only the yakuman that made it liable (``"yakuman"``)."""
    mults = [(str(y[0]), int(y[1])) for y in getattr(res, "yakuman", None) or []
             if isinstance(y, tuple)]  # fmt: skip
    whole = sum(m for _, m in mults) or 1
    if scope != "yakuman":
        return whole, whole
    return sum(m for name, m in mults if name.startswith(pao[1])) or whole, whole


# field -> what it must be, per action class (the same names as riichi.actions)
_SHAPES: dict[type, tuple[tuple[str, str], ...]] = {
    Discard: (("tile", "tile"), ("tsumogiri", "bool")),
    Riichi: (("tile", "tile"), ("tsumogiri", "bool")),
    Chi: (("tile", "tile"), ("consumed", "ids2")),
    Pon: (("tile", "tile"), ("consumed", "ids2")),
    Daiminkan: (("tile", "tile"), ("consumed", "ids3")),
    Ankan: (("consumed", "ids4"),),
    Kakan: (("tile", "tile"),),
    Nukidora: (("tile", "tile"),),
    Tsumo: (),
    Ron: (),
    Pass: (),
    Kyuushu: (),
}
_IDS_LEN = {"ids2": 2, "ids3": 3, "ids4": 4}


def _is_tile_id(value: object) -> bool:
    return value.__class__ is int and 0 <= value < 136  # type: ignore[operator]


def malformed_action(action: object, players: int = 4) -> str | None:
    """Why ``action`` is not a well-formed action (``None`` when it is one).

    Well formed: an instance of a :mod:`riichi.actions` class whose ``seat`` is an ``int``
    0..3 (0..2 in sanma; a bool is not a seat), whose tiles are ``int`` ids 0..135, whose
    ``consumed`` is a tuple of as many ids as the class takes, and whose ``tsumogiri`` is a
    ``bool`` (``0.0`` or ``1`` are not). Checked on the type, so NumPy integers and floats
    equal to an id are refused too: an action's fields go into the event stream as they are.
    Legality in the current state is a separate question (:meth:`Round.step`).
    """
    shape = _SHAPES.get(action.__class__)
    if shape is None:
        for cls, sh in _SHAPES.items():  # a subclass of an action class has its fields
            if isinstance(action, cls):
                shape = sh
                break
        else:
            return f"not an action of riichi.actions (got {type(action).__name__})"
    seat = getattr(action, "seat", None)
    if seat.__class__ is not int or not 0 <= seat < players:  # type: ignore[operator]
        return f"seat: must be an int 0..{players - 1}, got {seat!r}"
    for name, what in shape:
        value = getattr(action, name, None)
        if what == "tile":
            if not _is_tile_id(value):
                return f"{name}: tile ids must be ints 0..135, got {value!r}"
        elif what == "bool":
            if value.__class__ is not bool:
                return f"{name}: must be True or False, got {value!r}"
        else:
            want = _IDS_LEN[what]
            if (
                value.__class__ is not tuple
                or len(value) != want  # type: ignore[arg-type]
                or not all(_is_tile_id(t) for t in value)  # type: ignore[union-attr]
            ):
                return f"{name}: tile ids must be ints 0..135, {want} in a tuple, got {value!r}"
    return None


def _wareme_double(deltas: list[int], winner: int, wareme: int) -> None:
    """Wareme: double every payment (honba included) between the wareme seat and the
    winner, in place (``deltas`` holds the payers' negative amounts)."""
    for o in range(len(deltas)):
        if o != winner and wareme in (o, winner):
            deltas[o] *= 2


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


class _Claim:
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


class Round:
    """One kyoku, from the deal to the settlement.

    Args:
        rules: a ``riichi.Rules`` (flow fields are read: kuikae, open_kan_dora, riichi_*,
            furiten_riichi, multiple_ron, abortive draw flags, nagashi_mangan,
            noten_payment, pao_*, kokushi_chankan_ankan, honba_points, riichi_stick,
            red_fives).
        wall: the round's :class:`~riichi.wall.Wall`.
        scores: points per seat at the start (``rules.num_players`` ints; default 25000 each
            with four players, ``rules.starting_points`` each in sanma).
        dealer: the dealer's seat 0..3 (0..2 in sanma).
        round_wind: 0 East, 1 South, 2 West, 3 North.
        honba: counters on the table.
        kyotaku: riichi sticks on the table (count, not points).

    Attributes:
        scores: current points per seat (riichi sticks already deducted).
        kyotaku: riichi sticks on the table.
        events: the event stream so far (``riichi.events`` classes).
        result: the :class:`RoundResult` once the round is over, else ``None``.
        wareme_seat: with ``rules.wareme`` and a wall with dice, the seat whose wall section
            is broken (``(dealer + dice total - 1) % players``): its win payments, paid or
            received, are doubled; else ``None``.
    """

    def __init__(
        self,
        rules: Any,
        wall: Wall,
        *,
        scores: tuple[int, ...] | list[int] | None = None,
        dealer: int = 0,
        round_wind: int = 0,
        honba: int = 0,
        kyotaku: int = 0,
    ) -> None:
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
            or not all(_is_int(s) for s in scores)
        ):
            raise RiichiError(f"scores must be {n} ints, one per seat, got {scores!r}")
        if not _is_int(dealer) or not 0 <= dealer < n:
            raise RiichiError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        if not _is_int(round_wind) or not 0 <= round_wind <= 3:
            raise RiichiError(f"round_wind must be 0..3, got {round_wind!r}")
        for name, value in (("honba", honba), ("kyotaku", kyotaku)):
            if not _is_int(value) or value < 0:
                raise RiichiError(f"{name} must be an int >= 0, got {value!r}")
        scores = [int(s) for s in scores]
        dealer, round_wind, honba, kyotaku = int(dealer), int(round_wind), int(honba), int(kyotaku)
        self.rules = rules
        self.wall = wall
        self.scores = list(scores)
        self.dealer = dealer
        self.round_wind = round_wind
        self.honba = honba
        self.kyotaku = kyotaku
        self.events: list[Any] = []
        self.result: RoundResult | None = None
        self.wareme_seat: int | None = None
        self._n = n
        # live tiles before the replacement draws of kans (len(_kans)): the wall's, one less
        # per nukidora
        self._live: int = wall.live_tiles
        self._others = _OTHERS if n == 4 else _OTHERS3
        self._order = _ORDER if n == 4 else _ORDER3
        if getattr(rules, "wareme", False) and wall.dice is not None:
            self.wareme_seat = (dealer + wall.dice[0] + wall.dice[1] - 1) % n
        self._red = tuple(rules.red_fives)
        self._ev = core.event_classes()
        self._set_tables()
        self.players = [_Player() for _ in range(n)]
        self._after = _after_seats(self.players)
        self._draw_pos = 0
        self._rinshan_drawn = 0
        self._kans: list[int] = []  # owner of each kan, in order
        self._dora_revealed = 1
        self._pending_dora = 0
        self._uninterrupted = True  # no call (incl. ankan) yet this round
        self._pao: dict[int, tuple[int, str]] = {}
        self._phase = _TURN
        self._turn = dealer
        self._drawn: int | None = None
        self._rinshan = False
        self._forbidden: frozenset[int] = frozenset()
        self._claim: _Claim | None = None
        self._first_discards: list[int] = []
        self._version = 0
        self._cache: dict[int, list[Action]] = {}
        self._cache_version = -1
        self._keys_cache: dict[int, tuple[int, set[Any]]] = {}
        # (version, action) of the last action match_event found legal without listing
        self._matched: tuple[int, Any] = (-1, None)
        self._deal()

    def _set_tables(self) -> None:
        """The red ids, the (kind, colour) class and the event tile of each id: per red-five
        rule, built once and shared by every round."""
        tables = _RED_TABLES.get(self._red)
        if tables is None:
            reds = frozenset(t for t in range(136) if is_red(t, self._red))
            cls = [(t >> 2) * 2 + (t in reds) for t in range(136)]
            tables = (
                reds,
                cls,
                [self._ev.Tile.of(t >> 2, t in reds) for t in range(136)],
                [tuple(t for t in range(136) if cls[t] == c) for c in range(68)],
            )
            _RED_TABLES[self._red] = tables
        self._reds: frozenset[int] = tables[0]
        self._cls: list[int] = tables[1]  # kind and colour (do not mutate)
        self._tiles: list[Any] = tables[2]  # do not mutate
        self._class_ids: list[tuple[int, ...]] = tables[3]  # class -> its ids, ascending

    # shared tables and caches: rebuilt on load, not pickled
    _UNPICKLED = ("_ev", "_reds", "_cls", "_tiles", "_class_ids", "_cache", "_keys_cache")

    def __getstate__(self) -> dict[str, Any]:
        """Pickle (and ``copy.deepcopy``) support: the whole state except the shared
        per-rule tables and the legal-action caches, which are rebuilt on load. A copy plays
        on exactly like the original."""
        state = {k: v for k, v in self.__dict__.items() if k not in self._UNPICKLED}
        state["_cache_version"] = -1
        state["_matched"] = (-1, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._ev = core.event_classes()
        self._set_tables()
        self._cache = {}
        self._keys_cache = {}

    # ------------------------------------------------------------------ public views
    @property
    def phase(self) -> str:
        """``"turn"`` (a seat must act on its own hand), ``"claim"`` (seats answer a
        discard or kan) or ``"end"``."""
        return self._phase

    @property
    def current_seat(self) -> int | None:
        """The seat whose turn it is (``None`` while claims are pending or after the end)."""
        return self._turn if self._phase == _TURN else None

    @property
    def seats_to_act(self) -> list[int]:
        """Seats that must act now: the turn seat, or the seats yet to answer a claim."""
        if self._phase == _TURN:
            return [self._turn]
        if self._phase == _CLAIM:
            assert self._claim is not None
            return [s for s in sorted(self._claim.options) if s not in self._claim.responses]
        return []

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self._phase == _END

    @property
    def live_tiles_left(self) -> int:
        """Tiles still drawable from the live wall."""
        return self._live - len(self._kans) - self._draw_pos

    @property
    def dora_indicators(self) -> list[int]:
        """Revealed dora indicator ids."""
        return [self.wall.dora_indicator(i) for i in range(self._dora_revealed)]

    def hand(self, seat: int) -> list[int]:
        """The concealed tile ids of ``seat`` (sorted).

        Raises:
            RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
        """
        return sorted(self.players[check_seat(seat, self._n)].hand)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, all rivers and melds, dora, scores, riichi.

        Returns:
            A dict: ``seat``, ``hand`` (sorted ids), ``drawn`` (id or None; own only),
            ``melds`` (per seat, list of (kind, ids, called id, source seat)), ``rivers``
            (per seat, ids in order), ``riichi`` (per seat), ``dora_indicators``,
            ``scores``, ``round_wind``, ``dealer``, ``honba``, ``kyotaku``,
            ``live_tiles_left``, ``phase``, ``current_seat``, ``pending`` (the tile and
            seat of a pending claim), ``legal_actions`` (for ``seat``), ``nukidora`` (per
            seat, the Norths it set aside; sanma).

        Raises:
            RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
        """
        check_seat(seat, self._n)
        claim = self._claim
        return {
            "seat": seat,
            "hand": self.hand(seat),
            "drawn": self._drawn if self._phase == _TURN and self._turn == seat else None,
            "melds": [self._meld_view(p) for p in self.players],
            "rivers": [list(p.river) for p in self.players],
            "riichi": [p.riichi for p in self.players],
            "dora_indicators": self.dora_indicators,
            "scores": list(self.scores),
            "round_wind": self.round_wind,
            "dealer": self.dealer,
            "honba": self.honba,
            "kyotaku": self.kyotaku,
            "live_tiles_left": self.live_tiles_left,
            "phase": self._phase,
            "current_seat": self.current_seat,
            "pending": None if claim is None else (claim.kind, claim.seat, claim.tile),
            "legal_actions": self.legal_actions(seat),
            "nukidora": [list(p.nuki) for p in self.players],
        }

    @property
    def state(self) -> dict[str, Any]:
        """The full state (every hand and the wall); for referees and tests, not players."""
        return {
            "hands": [self.hand(s) for s in range(self._n)],
            "melds": [self._meld_view(p) for p in self.players],
            "rivers": [list(p.river) for p in self.players],
            "riichi": [p.riichi for p in self.players],
            "furiten": [self._furiten(s) for s in range(self._n)],
            "nukidora": [list(p.nuki) for p in self.players],
            "waits": [sorted(p.waits) for p in self.players],
            "wall": list(self.wall.order),
            "draw_position": self._draw_pos,
            "rinshan_drawn": self._rinshan_drawn,
            "kans": list(self._kans),
            "dora_indicators": self.dora_indicators,
            "scores": list(self.scores),
            "dealer": self.dealer,
            "round_wind": self.round_wind,
            "honba": self.honba,
            "kyotaku": self.kyotaku,
            "phase": self._phase,
            "turn": self._turn,
            "drawn": self._drawn,
            "live_tiles_left": self.live_tiles_left,
            "result": self.result,
        }

    def tile_locations(self) -> list[int]:
        """Every tile id exactly where it is: hands, melds, rivers (not called), live wall,
        dead wall. Used by invariant checks; a correct round returns 136 distinct ids (108 in
        sanma, Norths set aside included)."""
        out: list[int] = []
        called = {m.called for q in self.players for m in q.melds if m.called is not None}
        for p in self.players:
            out += p.hand
            for m in p.melds:
                out += m.tiles
            out += [t for t in p.river if t not in called]
            out += p.nuki
        order = self.wall.order
        rin = self.wall._rin
        drawn = {rin[i] for i in range(self._rinshan_drawn)}
        out += [order[j] for j in range(self._draw_pos, len(order)) if j not in drawn]
        return out

    def clone(self) -> Round:
        """An independent copy of the round (for search: step the copy, keep the original).

        The event list is copied shallowly (events are immutable); the rules and wall are
        shared (immutable).
        """
        r = copy.copy(self)
        r.players = [self._copy_player(p) for p in self.players]
        r._after = _after_seats(r.players)
        r.scores = list(self.scores)
        r.events = list(self.events)
        r._kans = list(self._kans)
        r._pao = dict(self._pao)
        r._first_discards = list(self._first_discards)
        c = self._claim
        if c is not None:
            r._claim = _Claim(
                c.kind,
                c.seat,
                c.tile,
                {k: None if v is None else list(v) for k, v in c.options.items()},
                dict(c.responses),
                c.riichi,
                dict(c.lazy),
            )
        r._cache = {}
        r._cache_version = -1
        r._keys_cache = {}
        return r

    @staticmethod
    def _copy_player(p: _Player) -> _Player:
        q = copy.copy(p)
        q.hand = list(p.hand)
        q.counts = bytearray(p.counts)
        q.melds = list(p.melds)
        q.river = list(p.river)
        q.river_kinds = set(p.river_kinds)
        q.cores = list(p.cores)
        return q

    def action_key(self, action: Action) -> tuple[Any, ...] | None:
        """The equivalence key of an action: actions with equal keys are the same choice
        (tiles of one kind and colour are interchangeable). ``None`` for a non-action."""
        return self._key(action)

    def match_event(self, event: Any, *, riichi: bool = False) -> Action:
        """The legal action that a logged player event stands for (for replaying logs).

        Handles ``dahai`` (``riichi=True`` when the log's ``reach`` came just before it),
        ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``, ``hora`` (tsumo when
        ``actor == target``, else ron), ``nukidora`` (sanma), a ``ryukyoku`` for kyuushu
        kyuuhai, and a
        ``ryukyoku`` for sanchahou (the ron of the next seat that can still ron: call it
        until the round ends, then pass the others). Tiles are
        matched by kind and red flag (logs have no physical ids); a dahai's ``tsumogiri``
        flag must match too (a tsumogiri is the tile just drawn).

        Raises:
            IllegalAction: no legal action matches; the message names the event and the
                legal actions of that seat, or, for a dahai whose tile is legal but whose
                ``tsumogiri`` flag is not, what the flag contradicts (no tile drawn this
                turn, another tile drawn, or the only copy held is the one drawn).
        """
        kind = getattr(event, "type", "")
        if kind in _CALLS or (kind == "hora" and getattr(event, "target", None) != event.actor):
            self._check_claimed_tile(event)
        if kind == "dahai":
            act = self._match_dahai(event, riichi)
            if act is not None:
                return act
        elif kind == "hora":
            act = self._match_hora(event)
            if act is not None:
                self._matched = (self._version, act)  # step() need not check it again
                return act
        elif kind in _CALLS:
            act = self._match_call(event, _CALLS[kind])
            if act is not None:
                self._matched = (self._version, act)
                return act
        want: list[Action] = []
        if kind == "ryukyoku" and getattr(event, "reason", "") == "kyuushu_kyuuhai":
            seat = self._turn
            want = [a for a in self.legal_actions(seat) if isinstance(a, Kyuushu)]
        elif kind == "ryukyoku" and getattr(event, "reason", "") == "sanchahou":
            # the log records only the abort: each seat that can ron declares it in turn
            seat = self._turn
            for s in self.seats_to_act:
                want = [a for a in self.legal_actions(s) if isinstance(a, Ron)]
                if want:
                    seat = s
                    break
        else:
            seat = getattr(event, "actor", -1)
            if not isinstance(seat, int) or not 0 <= seat < self._n:
                raise IllegalAction(f"{event!r}: not a player action")
            legal = self.legal_actions(seat)
            reds = self._reds

            def same(tile_id: int, tile: Any) -> bool:
                return tile_id >> 2 == tile.kind and (tile_id in reds) == bool(tile.red)

            def cons(ids: Any) -> list[tuple[int, bool]]:
                return sorted((t >> 2, t in reds) for t in ids)

            if kind == "dahai":
                cls = Riichi if riichi else Discard
                want = [a for a in legal if type(a) is cls and same(a.tile, event.pai)]
                if want and not any(a.tsumogiri == bool(event.tsumogiri) for a in want):
                    drew = self._drawn is not None and self._turn == seat
                    why = (
                        f"the tile seat {seat} just drew is not {event.pai}"
                        if drew
                        else f"seat {seat} drew no tile this turn (a discard after a call)"
                    )
                    raise IllegalAction(
                        f"{event!r}: marked tsumogiri, but {why}"
                        if event.tsumogiri
                        else f"{event!r}: not marked tsumogiri, but seat {seat}'s only "
                        f"{event.pai} is the tile it just drew"
                    )
                want = [a for a in want if a.tsumogiri == bool(event.tsumogiri)]
            elif kind in ("chi", "pon", "daiminkan"):
                cls2 = {"chi": Chi, "pon": Pon, "daiminkan": Daiminkan}[kind]
                logged = sorted((t.kind, bool(t.red)) for t in event.consumed)
                want = [a for a in legal if type(a) is cls2 and cons(a.consumed) == logged]  # type: ignore[union-attr]
            elif kind == "ankan":
                k = event.consumed[0].kind
                want = [a for a in legal if isinstance(a, Ankan) and a.consumed[0] >> 2 == k]
            elif kind == "kakan":
                want = [a for a in legal if isinstance(a, Kakan) and a.tile >> 2 == event.pai.kind]
            elif kind == "nukidora":
                want = [a for a in legal if isinstance(a, Nukidora)]
            elif kind == "hora":
                cls3 = Tsumo if event.target == seat else Ron
                want = [a for a in legal if isinstance(a, cls3)]
        if not want:
            raise IllegalAction(
                f"{event!r}: no legal action of seat {seat} matches; legal: "
                f"{self._short(self.legal_actions(seat))}"
            )
        return want[0]

    def _match_dahai(self, event: Any, riichi: bool) -> Action | None:
        """:meth:`match_event` of a ``dahai`` without listing the legal actions: the action
        it returns (which :meth:`step` then takes without checking it again), or ``None``
        when no legal action matches (the caller then lists them for the error; the log
        replay calls this first). Mirrors :meth:`_turn_actions`: one discard per (kind, red)
        class, the lowest id other than the drawn tile (not tsumogiri) and the drawn tile
        itself (tsumogiri); the logged tsumogiri flag must be the action's (a tsumogiri of
        a tile not just drawn is not legal as logged). tests/test_replay_fast_paths.py checks
        it against the listing on sampled states.
        """
        s = event.actor
        pai = event.pai
        if self._phase != _TURN or s != self._turn or pai is None or s.__class__ is not int:
            return None
        p = self.players[s]
        drawn = self._drawn
        if p.riichi:  # only the drawn tile, as a plain discard
            if drawn is None or riichi or self._cls[drawn] != pai.kind * 2 + bool(pai.red):
                return None
            if not event.tsumogiri:
                return None  # the log says from the hand: only the drawn tile may go
            act = _DISCARD[s][drawn][True]
            self._matched = (self._version, act)  # step() need not check it again
            return act
        k = pai.kind
        c = k * 2 + 1 if pai.red else k * 2
        if riichi:
            if drawn is None or not self._can_riichi(s):
                return None
            dw = self._discard_waits(p)
            w = dw.get(k) if dw else None
            if not w:
                return None
            if not self.rules.furiten_riichi and (k in w or w & p.river_kinds):
                return None
            table = _RIICHI[s]
        else:
            if k in self._forbidden:
                return None
            table = _DISCARD[s]
        has_drawn = drawn is not None and self._cls[drawn] == c
        if has_drawn and event.tsumogiri:
            act = table[drawn][True]  # type: ignore[index]
        else:
            low = -1  # the lowest id of the class other than the drawn one
            if p.counts[k] > has_drawn:
                hand = p.hand
                for t in self._class_ids[c]:  # ascending: the first held is the lowest
                    if t != drawn and t in hand:
                        low = t
                        break
            if low >= 0 and not event.tsumogiri:
                act = table[low][False]
            else:
                # the logged tsumogiri flag must hold: a tsumogiri of a tile not just drawn,
                # or a discard "from the hand" of the only copy, the one just drawn, is not
                # what happened (the listing then reports it)
                return None
        self._matched = (self._version, act)  # step() need not check it again
        return act

    def _check_claimed_tile(self, event: Any) -> None:
        """A logged call or ron must name the tile that is open to claims and its owner: the
        ``target`` and ``pai`` of the event are the discarder (or kan declarer) and that tile
        (kind and red flag).

        Raises:
            IllegalAction: they are not (nothing is open to claims, another seat's tile, or
                another tile).
        """
        c = self._claim
        if self._phase != _CLAIM or c is None:
            return  # the listing below reports it (no call or ron is legal outside claims)
        target = getattr(event, "target", None)
        pai = getattr(event, "pai", None)
        tile = c.tile
        red = tile in self._reds
        if target != c.seat or pai is None or pai.kind != tile >> 2 or bool(pai.red) != red:
            raise IllegalAction(
                f"{event!r}: the tile open to claims is seat {c.seat}'s "
                f"{self._ev.Tile.of(tile >> 2, red)!r}, the log claims seat {target}'s {pai!r}"
            )

    def _match_call(self, event: Any, cls: type) -> Action | None:
        """:meth:`match_event` of a ``chi`` / ``pon`` / ``daiminkan`` (``cls``): the first
        action of that class in the seat's legal actions whose consumed tiles have the
        logged kinds and red flags (compared as (kind, red) classes), without copying the
        listing or building keys for the other actions; ``None`` when none matches."""
        s = event.actor
        if self._phase != _CLAIM or s.__class__ is not int or not 0 <= s < self._n:
            return None
        cc = self._cls
        logged = sorted([t.kind * 2 + 1 if t.red else t.kind * 2 for t in event.consumed])
        for a in self._legal(s):
            if a.__class__ is cls and sorted([cc[t] for t in a.consumed]) == logged:  # type: ignore[attr-defined]
                return a
        return None

    def _match_hora(self, event: Any) -> Action | None:
        """:meth:`match_event` of a ``hora`` without listing the legal actions (as
        :meth:`_match_dahai`): the seat's Tsumo when :meth:`_turn_actions` offers it, its Ron
        when its claim options hold one; else ``None``."""
        s = event.actor
        if s.__class__ is not int or not 0 <= s < self._n:
            return None
        if event.target == s:
            drawn = self._drawn
            if (
                self._phase == _TURN
                and s == self._turn
                and drawn is not None
                and (drawn >> 2) in self.players[s].waits
                and self._win_score(s, drawn, tsumo=True) is not None
            ):
                return _TSUMO[s]
            return None
        c = self._claim
        if self._phase != _CLAIM or c is None or s in c.responses or s not in c.options:
            return None
        acts = c.options[s]
        if c.lazy.get(s, False) if acts is None else _RON[s] in acts:
            return _RON[s]
        return None

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has nothing to do).

        Tiles of one kind and colour are interchangeable: one action is offered per
        distinct choice (lowest ids); :meth:`step` accepts any equivalent ids the seat holds.

        Raises:
            RiichiError: ``seat`` is not a seat (0..3; 0..2 in sanma).
        """
        return list(self._legal(check_seat(seat, self._n)))

    def _legal(self, seat: int) -> list[Action]:
        """The cached legal actions of ``seat`` (do not mutate)."""
        if self._cache_version != self._version:
            self._cache = {}
            self._cache_version = self._version
            acts = None
        else:
            acts = self._cache.get(seat)
        if acts is None:
            if self._phase == _TURN and seat == self._turn:
                acts = self._turn_actions(seat)
            elif self._phase == _CLAIM:
                assert self._claim is not None
                c = self._claim
                acts = [] if seat in c.responses else list(self._claim_actions(c, seat))
            else:
                acts = []
            self._cache[seat] = acts
        return acts

    def _turn_actions(self, s: int) -> list[Action]:
        p = self.players[s]
        drawn = self._drawn
        disc = _DISCARD[s]
        if drawn is None and not p.riichi:  # right after a chi or pon: discards only
            distinct = self._distinct(p.hand, None)
            forbidden = self._forbidden
            if forbidden:
                return [disc[t][False] for t in distinct if (t >> 2) not in forbidden]
            return [disc[t][False] for t in distinct]
        rules = self.rules
        acts: list[Action] = []
        counts = p.counts
        if (
            drawn is not None
            and (drawn >> 2) in p.waits
            and self._win_score(s, drawn, tsumo=True) is not None
        ):
            acts.append(_TSUMO[s])
        if p.riichi:
            assert drawn is not None
            acts.append(disc[drawn][1])
        else:
            distinct = self._distinct(p.hand, drawn)
            forbidden = self._forbidden
            if forbidden:
                acts += [disc[t][t == drawn] for t in distinct if (t >> 2) not in forbidden]
            else:
                acts += [disc[t][t == drawn] for t in distinct]
            dw = self._discard_waits(p) if self._can_riichi(s) else None
            if dw:
                riichi = _RIICHI[s]
                for t in distinct:
                    w = dw.get(t >> 2)
                    if not w:
                        continue
                    if not rules.furiten_riichi and ((t >> 2) in w or w & p.river_kinds):
                        continue
                    acts.append(riichi[t][t == drawn])
        nk = len(self._kans)
        if drawn is not None and nk < 4 and self._live - nk - self._draw_pos > 0:
            for k in range(34) if 4 in counts else ():
                if counts[k] == 4 and (not p.riichi or self._riichi_ankan_ok(s, k)):
                    ids = tuple(sorted(t for t in p.hand if t >> 2 == k))
                    acts.append(Ankan(s, ids))  # type: ignore[arg-type]
            if p.melds and not p.riichi:
                for m in p.melds:
                    if m.kind == "pon" and counts[m.kind34] > 0:
                        t = min(t for t in p.hand if t >> 2 == m.kind34)
                        acts.append(Kakan(s, t))
        if (
            p.discards_made == 0
            and self._uninterrupted
            and drawn is not None
            and rules.kyuushu_kyuuhai
            and sum(1 for k in _TERMINALS_HONORS if counts[k]) >= 9
        ):
            acts.append(Kyuushu(s))
        if (
            self._n == 3
            and drawn is not None
            and counts[_NORTH]
            and self._live - nk - self._draw_pos > 0
            and (not p.riichi or drawn >> 2 == _NORTH)
        ):
            north = drawn if drawn >> 2 == _NORTH else min(t for t in p.hand if t >> 2 == _NORTH)
            acts.append(Nukidora(s, north))
        return acts

    def _distinct(self, hand: list[int], drawn: int | None) -> list[int]:
        """One id per (kind, red) in the hand, plus the drawn id itself (tsumogiri)."""
        cls = self._cls
        # Each class is a run of consecutive ids (the red copy of a five comes first), so in
        # ascending order the first id of each new class is its lowest.
        out = []
        prev = -1
        for t in sorted(hand):
            if t != drawn:
                c = cls[t]
                if c != prev:
                    prev = c
                    out.append(t)
        if drawn is not None:
            out.append(drawn)
        return out

    def _can_riichi(self, s: int) -> bool:
        """Riichi preconditions before the hand itself: closed, points, live tiles."""
        p = self.players[s]
        rules = self.rules
        if p.riichi or self._drawn is None:
            return False
        if p.opened:
            return False
        if self.scores[s] < rules.riichi_min_points:
            return False
        return self._live - len(self._kans) - self._draw_pos >= rules.riichi_min_live_tiles

    def _discard_waits(self, p: _Player) -> dict[int, frozenset[int]]:
        """Discarded kind -> waits left, for ``p``'s 3n+2 hand (computed once per hand)."""
        dw = p.dw
        if dw is None:
            dw = p.dw = core.discard_waits(p.counts, p.cores, p.mkey, p.mcounts)
        return dw

    def _riichi_ankan_ok(self, s: int, k: int) -> bool:
        """Ankan in riichi: only with the drawn tile, and the waits must not change."""
        p = self.players[s]
        if self._drawn is None or self._drawn >> 2 != k:
            return False
        counts = list(p.counts)
        counts[k] -= 4
        ids = [t for t in p.hand if t >> 2 == k]
        m = self._new_meld("ankan", ids, None, s)
        melds = [x.core for x in p.melds] + [m.core]
        key = p.mkey + bytes([k, 4])
        mc = bytearray(p.mcounts)
        mc[k] += 4
        return core.waits(counts, melds, key, bytes(mc)) == p.waits

    def _dahai_options(
        self, d: int, tile: int, answer: frozenset[int] = _EVERYONE
    ) -> tuple[dict[int, list[Action] | None] | None, dict[int, bool] | None]:
        """``_claim_options("dahai", d, tile)``, with the call options of each seat left to
        be built when first asked for (:meth:`_claim_actions`): a seat that may call maps to
        None, and ``lazy[seat]`` says whether it may also ron. :meth:`_may_call` decides
        without building them whether a seat has any call. ``(None, None)`` when no seat can
        answer (most discards). Seats not in ``answer`` are left out (see :meth:`_discard`)."""
        k = tile >> 2
        out: dict[int, list[Action] | None] | None = None
        lazy: dict[int, bool] | None = None
        live = self._live - len(self._kans) - self._draw_pos > 0
        players = self.players
        shapes = _CHI_SHAPES[k]
        for o, kamicha in self._others[d]:
            if o not in answer:
                continue
            p = players[o]
            ron = (
                k in p.waits
                and not (p.temp_furiten or p.riichi_furiten or p.waits & p.river_kinds)
                and self._win_score(o, tile, tsumo=False, from_seat=d, claim_kind="dahai")
                is not None
            )
            if live and not p.riichi:
                c = p.counts
                callable_ = c[k] >= 2
                if not callable_ and kamicha:
                    for a, b in shapes:
                        if c[a] and c[b]:
                            callable_ = True
                            break
                if callable_ and self._may_call(p, k, kamicha):
                    if out is None:
                        out = {}
                    if lazy is None:
                        lazy = {}
                    out[o] = None
                    lazy[o] = ron
                    continue
            if ron:
                if out is None:
                    out = {}
                out[o] = [_RON[o], _PASS[o]]
        return out, lazy

    def _may_call(self, p: _Player, k: int, kamicha: bool) -> bool:
        """Whether :meth:`_call_options` offers ``p`` any call on a discard of kind ``k``
        (with live tiles left and ``p`` not in riichi), without building the calls: the
        same tile and kuikae conditions on counts alone (every choice of ids of one call
        shape uses the same kinds)."""
        c = p.counts
        n = len(p.hand)
        kuikae = self.rules.kuikae == "forbidden"
        ck = c[k]
        if ck >= 2:
            if n - 2 > (ck - 2 if kuikae else 0):  # pon keeps a discard
                return True
            if ck == 3 and len(self._kans) < 4:  # daiminkan
                return True
        if kamicha and k < 27:
            num = k % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if not (0 <= num + a <= 8 and 0 <= num + b <= 8) or not (c[k + a] and c[k + b]):
                    continue
                held = 0
                if kuikae:
                    held = ck
                    if a == 1 and num + 3 <= 8:
                        held += c[k + 3]
                    if b == -1 and num - 3 >= 0:
                        held += c[k - 3]
                if n - 2 > held:
                    return True
        return False

    def _claim_actions(self, c: _Claim, seat: int) -> list[Action]:
        """The actions of ``seat`` on claim ``c`` (built now if they were left lazy)."""
        acts = c.options.get(seat)
        if acts is None:
            if seat not in c.lazy:
                return []
            acts = [_RON[seat]] if c.lazy.pop(seat) else []
            acts += self._call_options(seat, c.seat, c.tile)
            acts.append(_PASS[seat])
            c.options[seat] = acts
        return acts

    def _claim_options(self, kind: str, d: int, tile: int) -> dict[int, list[Action]]:
        k = tile >> 2
        out: dict[int, list[Action]] = {}
        live = self.live_tiles_left > 0
        for o, kamicha in self._others[d]:
            p = self.players[o]
            acts: list[Action] = []
            if k in p.waits and not self._furiten(o):
                sc = self._win_score(o, tile, tsumo=False, from_seat=d, claim_kind=kind)
                if sc is not None:
                    acts.append(_RON[o])
            if kind == "dahai" and live and not p.riichi and (p.counts[k] >= 2 or kamicha):
                acts += self._call_options(o, d, tile)
            if acts:
                acts.append(_PASS[o])
                out[o] = acts
        return out

    def _call_options(self, o: int, d: int, tile: int) -> list[Action]:
        """Pon, daiminkan and chi of seat ``o`` on the discard ``tile`` of seat ``d``: one
        action per distinct choice of ids (by red count), pons first, then the daiminkan,
        then chi by shape; a pon or chi only when the hand keeps a discard that kuikae
        allows (the same for every choice of one shape: it depends on kinds only)."""
        p = self.players[o]
        k = tile >> 2
        c = p.counts
        ck = c[k]
        kamicha = o == (d + 1) % 4 and k < 27 and self._n == 4
        acts: list[Action] = []
        if ck < 2 and not kamicha:
            return acts
        hand = p.hand
        n = len(hand)
        kuikae = self.rules.kuikae == "forbidden"
        if ck >= 2:
            same = [t for t in range(4 * k, 4 * k + 4) if t in hand]  # ascending
            if n - 2 > (ck - 2 if kuikae else 0):  # the pon keeps a discard
                for pair in self._choices(same, 2):
                    acts.append(Pon(o, tile, pair))  # type: ignore[arg-type]
            if ck == 3 and len(self._kans) < 4:
                acts.append(Daiminkan(o, tile, tuple(same)))  # type: ignore[arg-type]
        if kamicha:
            num = k % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if not (0 <= num + a <= 8 and 0 <= num + b <= 8) or not (c[k + a] and c[k + b]):
                    continue
                held = 0  # tiles kuikae forbids to discard after this chi
                if kuikae:
                    held = ck
                    if a == 1 and num + 3 <= 8:
                        held += c[k + 3]
                    if b == -1 and num - 3 >= 0:
                        held += c[k - 3]
                if n - 2 <= held:
                    continue
                ka, kb = 4 * (k + a), 4 * (k + b)
                ida = [t for t in range(ka, ka + 4) if t in hand]
                idb = [t for t in range(kb, kb + 4) if t in hand]
                for ta in self._choices(ida, 1):
                    for tb in self._choices(idb, 1):
                        acts.append(Chi(o, tile, (ta[0], tb[0])))
        return acts

    def _choices(self, ids: list[int], n: int) -> list[tuple[int, ...]]:
        """Distinct choices of ``n`` ids by red count (lowest ids of each colour)."""
        if (ids[0] >> 2) not in _FIVES:  # no red copies: the lowest ids (ids are sorted)
            return [tuple(ids[:n])] if len(ids) >= n else []
        reds = [t for t in ids if t in self._reds]
        plain = [t for t in ids if t not in self._reds]
        out = []
        for r in range(n + 1):
            if r <= len(reds) and n - r <= len(plain):
                out.append(tuple(sorted(reds[:r] + plain[: n - r])))
        return out

    # ------------------------------------------------------------------ step
    def step(self, action: Action) -> None:
        """Apply one action.

        Raises:
            IllegalAction: the action is not legal now, or is malformed (a field of the
                wrong type or range: seats and tiles are ``int``, ``consumed`` a tuple of
                ints, ``tsumogiri`` a ``bool``; a bool is not a seat; see
                :func:`malformed_action`). The message names the action and why; the
                round is unchanged, checked completely before anything changes.
        """
        m = self._matched
        if action.__class__ is Pass and self._phase == _CLAIM:
            # Pass is offered to every seat with an unanswered claim (and nothing else is)
            c = self._claim
            seat = action.seat  # type: ignore[union-attr]
            if type(seat) is not int or seat not in c.options or seat in c.responses:  # type: ignore[union-attr]
                self._check(action)
        elif m[1] is not action or m[0] != self._version:
            seat = getattr(action, "seat", None)
            legal = (
                self._cache.get(seat)
                if self._cache_version == self._version and type(seat) is int
                else None
            )
            for x in legal or ():
                if x is action:
                    break  # the very object offered (legal actions are cached per version)
            else:
                self._check(action)
        self._version += 1
        if self._phase == _TURN:
            if action.__class__ is Discard:  # the most frequent action, without _do_turn
                self._discard(action.seat, action.tile, action.tsumogiri, False)  # type: ignore[union-attr]
            else:
                self._do_turn(action)
        else:
            self._do_claim(action)

    def _pass_except(self, keep: set[int]) -> None:
        """Every seat yet to answer the open claim and not in ``keep`` passes: what
        ``step(Pass(seat))`` for each of them in seat order does, without re-checking each
        Pass (they are exactly the offered ones). The log replay calls it; nothing when no
        claim is open."""
        c = self._claim
        if self._phase != _CLAIM or c is None:
            return
        responses = c.responses
        seats = [q for q in sorted(c.options) if q not in responses and q not in keep]
        if not seats:
            return
        for q in seats:
            responses[q] = _PASS[q]
        self._version += len(seats)
        if len(responses) == len(c.options):
            self._resolve_claim()

    def _check(self, a: Action) -> None:
        # the whole action is checked for types first: nothing below (nor the step that
        # follows) may meet a float tile, a bool seat or a float tsumogiri half-way through
        bad = malformed_action(a, self._n)
        if bad is not None:
            raise IllegalAction(f"{a!r}: {bad}")
        seat = a.seat
        if self._phase == _END:
            raise IllegalAction(f"{a!r}: the round is over")
        legal = self._cache.get(seat) if self._cache_version == self._version else None
        if legal is None:
            legal = self._legal(seat)
        if not legal:
            if self._phase == _TURN:
                why = f"it is seat {self._turn}'s turn"
            else:
                why = f"seat {seat} has no call to answer now"
            raise IllegalAction(f"{a!r}: {why}")
        for x in legal:
            if x is a:
                return  # the very object offered: legal as it stands
        if a not in legal:
            want = self._key(a)
            if want is None or want not in self._legal_keys(seat, legal):
                raise IllegalAction(f"{a!r}: {self._why(a)}; legal: {self._short(legal)}")
        p = self.players[seat]
        held: list[int] = []
        if isinstance(a, (Discard, Riichi, Kakan, Nukidora)):
            held = [a.tile]
        elif isinstance(a, (Chi, Pon, Daiminkan, Ankan)):
            held = list(a.consumed)
            if not isinstance(a, Ankan):
                assert self._claim is not None
                if a.tile != self._claim.tile:
                    raise IllegalAction(f"{a!r}: the discard is tile {self._claim.tile}")
        rest = list(p.hand)
        for t in held:
            if t not in rest:
                raise IllegalAction(f"{a!r}: tile {t} is not in seat {seat}'s hand")
            rest.remove(t)
        if isinstance(a, (Discard, Riichi)) and a.tsumogiri != (a.tile == self._drawn):
            raise IllegalAction(f"{a!r}: tsumogiri must be true exactly for the drawn tile")

    def _legal_keys(self, seat: int, legal: list[Action]) -> set[Any]:
        cached = self._keys_cache.get(seat)
        if cached is None or cached[0] != self._version:
            cached = (self._version, {self._key(x) for x in legal})
            self._keys_cache[seat] = cached
        return cached[1]

    def _key(self, a: Action) -> tuple[Any, ...] | None:
        red = self._reds
        if isinstance(a, (Discard, Riichi)):
            if a.tsumogiri != (a.tile == self._drawn):
                return None  # tsumogiri is true exactly for the drawn tile
            return (type(a), a.seat, a.tile >> 2, a.tile in red, a.tsumogiri)
        if isinstance(a, (Chi, Pon, Daiminkan)):
            cons = tuple(sorted((t >> 2, t in red) for t in a.consumed))
            return (type(a), a.seat, cons)
        if isinstance(a, Ankan):
            return (type(a), a.seat, tuple(sorted(t >> 2 for t in a.consumed)))
        if isinstance(a, (Kakan, Nukidora)):
            return (type(a), a.seat, a.tile >> 2)
        if isinstance(a, (Tsumo, Ron, Pass, Kyuushu)):
            return (type(a), a.seat)
        return None

    @staticmethod
    def _short(legal: list[Action]) -> str:
        text = ", ".join(repr(a) for a in legal[:6])
        return text + (f", ... ({len(legal)} in all)" if len(legal) > 6 else "")

    def _why(self, a: Action) -> str:
        p = self.players[a.seat]
        if self._phase == _CLAIM and isinstance(
            a, (Discard, Riichi, Tsumo, Ankan, Kakan, Kyuushu, Nukidora)
        ):
            return "claims on a discard are pending"
        if self._phase == _TURN and isinstance(a, (Chi, Pon, Daiminkan, Ron, Pass)):
            return "there is no discard to claim"
        if isinstance(a, (Discard, Riichi, Kakan)) and a.tile not in p.hand:
            return f"tile {a.tile} is not in seat {a.seat}'s hand"
        if isinstance(a, (Discard, Riichi)) and a.tsumogiri != (a.tile == self._drawn):
            return "tsumogiri must be true exactly for the drawn tile"
        if isinstance(a, (Discard, Riichi)) and p.riichi:
            return "in riichi only the drawn tile may be discarded"
        if isinstance(a, (Discard, Riichi)) and (a.tile >> 2) in self._forbidden:
            return "kuikae: that tile may not be discarded right after this call"
        if isinstance(a, Riichi):
            return self._why_not_riichi(a)
        if isinstance(a, Ron):
            if p.waits & p.river_kinds:
                return f"seat {a.seat} is furiten: it discarded a tile it waits on"
            if p.riichi_furiten:
                return f"seat {a.seat} is furiten: it passed a winning tile after riichi"
            if p.temp_furiten:
                return f"seat {a.seat} is furiten: it passed a winning tile this go-around"
            return "the tile does not complete the hand with a yaku"
        if isinstance(a, Tsumo):
            return "the drawn tile does not complete the hand with a yaku"
        if isinstance(a, (Chi, Pon)):
            return "that call is not possible (tiles, seat, riichi, houtei or kuikae)"
        if isinstance(a, (Ankan, Kakan, Daiminkan)):
            return "that kan is not possible now"
        if isinstance(a, Kyuushu):
            return "kyuushu kyuuhai needs nine terminal/honor kinds on the first uninterrupted draw"
        if isinstance(a, Nukidora):
            if self._n != 3:
                return "nukidora exists in sanma (3 players) only"
            return (
                "nukidora needs a North in hand after a draw on the own turn and a live tile "
                "left (in riichi only the drawn North)"
            )
        return "not a legal action now"

    def _why_not_riichi(self, a: Riichi) -> str:
        """The first riichi precondition that fails (after the generic discard checks)."""
        p = self.players[a.seat]
        rules = self.rules
        if p.melds and any(m.kind != "ankan" for m in p.melds):
            return "riichi needs a closed hand (only ankan allowed)"
        if self.scores[a.seat] < rules.riichi_min_points:
            return (
                f"riichi needs {rules.riichi_min_points} points; "
                f"seat {a.seat} has {self.scores[a.seat]}"
            )
        live = self._live - len(self._kans) - self._draw_pos
        if live < rules.riichi_min_live_tiles:
            return f"riichi needs {rules.riichi_min_live_tiles} live tiles left; {live} are left"
        waits = self._discard_waits(p).get(a.tile >> 2)
        if not waits:
            return "the hand is not tenpai after that discard"
        if not rules.furiten_riichi:
            return "furiten riichi is not allowed by the rules (Rules.furiten_riichi)"
        return "riichi is not possible now"

    # ------------------------------------------------------------------ turn actions
    def _do_turn(self, a: Action) -> None:
        s = a.seat
        if isinstance(a, (Discard, Riichi)):
            self._discard(s, a.tile, a.tsumogiri, isinstance(a, Riichi))
        elif isinstance(a, Tsumo):
            assert self._drawn is not None
            self._end_with_wins([s], s, self._drawn, tsumo=True)
        elif isinstance(a, Kyuushu):
            self._abort("kyuushu_kyuuhai")
        elif isinstance(a, Ankan):
            self._ankan(s, list(a.consumed))
        elif isinstance(a, Kakan):
            self._kakan(s, a.tile)
        elif isinstance(a, Nukidora):
            self._nukidora(s, a.tile)

    def _discard(
        self,
        s: int,
        tile: int,
        tsumogiri: bool,
        riichi: bool,
        answer: frozenset[int] = _EVERYONE,
    ) -> None:
        """Apply a checked discard. Only the seats in ``answer`` may claim it; every other
        seat passes. The log replay, which knows from the log who claims, gives the
        claimers (none for most discards): the same state as opening the claims of every
        seat and stepping the Pass of each other seat offered one, without building their
        options."""
        p = self.players[s]
        if riichi:
            p.double_riichi = self._uninterrupted and p.discards_made == 0
            p.riichi_declared_at = len(p.river)
            self.events.append(self._ev.Reach(actor=s))  # _emit("reach", actor=s)
        k = tile >> 2
        dw = p.dw
        p.dw = None
        p.hand.remove(tile)
        p.counts[k] -= 1
        if not tsumogiri:  # after a tsumogiri the hand is the one the waits were made for
            if dw is None:  # the waits of this discard alone (what dw.get(k) would give)
                mask = _wait_mask(bytes(p.counts), p.mcounts)  # core.waits, inlined
                if mask:
                    w = _mask_get(mask)  # core.mask_kinds, its cache first
                    p.waits = core.mask_kinds(mask) if w is None else w
                else:
                    p.waits = _NO_WAITS
            else:
                p.waits = dw.get(k, _NO_WAITS)
        p.river.append(tile)
        p.river_kinds.add(k)
        if k not in _TERMINALS_HONORS:
            p.nagashi = False
        p.discards_made += 1
        p.temp_furiten = False
        if p.riichi:
            p.ippatsu = False
        fourth = False  # the fourth discard of an uninterrupted first go-around (suufon renda)
        if self._uninterrupted:
            first = self._first_discards
            if len(first) < 4:
                first.append(k)
                fourth = len(first) == 4
        self._drawn = None
        self._rinshan = False
        self._forbidden = _NO_KINDS
        ev = _DAHAI_EVENTS[(s * 68 + self._cls[tile]) * 2 + tsumogiri]
        if ev is None:
            self._emit_tile("dahai", s, tile, tsumogiri)
        else:
            self.events.append(ev)
        if self._pending_dora:
            self._reveal_pending()
        if answer:
            options, lazy = self._dahai_options(s, tile, answer)
            if options:
                if riichi:
                    p.riichi = True  # declared; the stick is paid when the discard passes
                self._claim = _Claim("dahai", s, tile, options, riichi=riichi, lazy=lazy)
                self._phase = _CLAIM
                return
        if riichi:
            p.riichi = True
        # nobody answers: a winning tile passed or seen without a yaku is missed (furiten,
        # as _resolve_claim does after every Pass)
        n, q, q2, q3 = self._after[s]  # n: the next seat, q its player
        if k in q.waits or k in q2.waits or k in q3.waits:
            for o in (q, q2, q3):
                if k in o.waits:
                    o.temp_furiten = True
                    if o.riichi:
                        o.riichi_furiten = True
        nk = len(self._kans)
        if riichi or fourth or nk == 4:
            self._after_discard(s, tile, riichi, None)
        elif self._live - nk == self._draw_pos:  # as _after_discard: no live tile left
            self._exhaustive_draw()
        else:  # _after_discard's usual end: the next seat draws (_draw, inline)
            t = self.wall.order[self._draw_pos]
            self._draw_pos += 1
            q.hand.append(t)
            q.counts[t >> 2] += 1
            q.dw = None
            self._turn = n
            self._drawn = t  # _phase, _rinshan and _forbidden are set for a draw already
            ev = _TSUMO_EVENTS[n * 68 + self._cls[t]]
            if ev is None:
                self._emit_tile("tsumo", n, t)
            else:
                self.events.append(ev)

    def _ankan(self, s: int, ids: list[int]) -> None:
        p = self.players[s]
        for t in ids:
            p.hand.remove(t)
        p.counts[ids[0] >> 2] -= 4
        p.dw = None
        m = self._new_meld("ankan", ids, None, s)
        p.melds.append(m)
        self._melds_changed(p)
        self._break_ippatsu()
        self._uninterrupted = False
        self._kans.append(s)
        self._emit("ankan", actor=s, consumed=sorted(ids))
        self._drawn = None
        self._update_waits(s)
        options: dict[int, list[Action]] = {}
        if self.rules.kokushi_chankan_ankan:
            options = self._claim_options("ankan", s, ids[0])
        if options:
            # a kokushi may rob it: its kan dora waits until the ankan stands (MS: a robbed
            # ankan reveals none)
            self._claim = _Claim("ankan", s, ids[0], options)
            self._phase = _CLAIM
        else:
            self._ankan_stands(s)

    def _ankan_stands(self, s: int) -> None:
        """An ankan nobody robbed: its kan dora (and one still pending), the rinshan draw."""
        if self._pending_dora:
            self._reveal_pending()
        self._reveal_dora()
        self._rinshan_draw(s)

    def _kakan(self, s: int, tile: int) -> None:
        p = self.players[s]
        k = tile >> 2
        idx = next(i for i, m in enumerate(p.melds) if m.kind == "pon" and m.kind34 == k)
        old = p.melds[idx]
        p.hand.remove(tile)
        p.counts[k] -= 1
        p.dw = None
        src = (old.source - s) % self._n if old.source is not None else 0
        m = _Meld(
            "kakan",
            [*old.tiles, tile],
            old.called,
            old.source,
            core.make_meld("kakan", [*old.tiles, tile], old.called, src, self._reds),
        )
        p.melds[idx] = m
        self._melds_changed(p)
        self._drawn = None
        self._update_waits(s)
        self._emit("kakan", actor=s, pai=tile, consumed=list(old.tiles))
        # a kan dora still pending from an earlier open kan is revealed only once this
        # kakan stands: a chankan on it sees the indicators as they were (Tenhou)
        options = self._claim_options("kakan", s, tile)
        self._claim = _Claim("kakan", s, tile, options)
        self._phase = _CLAIM
        if not options:
            self._resolve_claim()

    def _nukidora(self, s: int, tile: int) -> None:
        """Set a North aside (sanma): the others may ron on it, else the replacement draw."""
        p = self.players[s]
        p.hand.remove(tile)
        p.counts[_NORTH] -= 1
        p.dw = None
        p.nuki += (tile,)
        p.nuki_at += (len(p.melds),)
        self._live -= 1  # the replacement tile comes from the dead wall, refilled from the live
        self._drawn = None
        self._update_waits(s)
        self._emit("nukidora", actor=s, pai=tile)
        options = self._claim_options("nukidora", s, tile)
        if options:
            self._claim = _Claim("nukidora", s, tile, options)
            self._phase = _CLAIM
        else:
            self._nukidora_draw(s)

    def _nukidora_draw(self, s: int) -> None:
        """The replacement draw after a nukidora nobody won on: a kan dora still pending is
        revealed first; a win on the tile is rinshan kaihou (Tenhou); like a call, the
        nukidora ends every ippatsu and the uninterrupted first go-around."""
        self._break_ippatsu()
        self._uninterrupted = False
        if self._pending_dora:
            self._reveal_pending()
        self._rinshan_draw(s)

    def _complete_kan(self, s: int) -> None:
        """After a kakan or daiminkan stands: kan dora by rule, then the rinshan draw."""
        if self._pending_dora:
            self._reveal_pending()
        self._kans.append(s)
        self._break_ippatsu()
        self._uninterrupted = False
        if self.rules.open_kan_dora == "immediate":
            self._reveal_dora()
        else:
            self._pending_dora += 1
        self._rinshan_draw(s)

    # ------------------------------------------------------------------ claims
    def _do_claim(self, a: Action) -> None:
        c = self._claim
        assert c is not None
        c.responses[a.seat] = a
        if len(c.responses) == len(c.options):
            self._resolve_claim()

    def _resolve_claim(self) -> None:
        c = self._claim
        assert c is not None
        rons = [s for s, a in c.responses.items() if isinstance(a, Ron)]
        order = self._order[c.seat]
        if len(rons) > 1:
            rons.sort(key=order.index)
        # a winning tile passed is furiten (temporary; permanent in riichi), RC54
        k = c.tile >> 2
        for o in order:
            p = self.players[o]
            if o in rons or k not in p.waits:
                continue
            if c.kind == "ankan" and not any(isinstance(x, Ron) for x in c.options.get(o, ())):
                continue  # only a kokushi that could rob the ankan missed a win
            p.temp_furiten = True
            if p.riichi:
                p.riichi_furiten = True
        if rons:
            mode = self.rules.multiple_ron
            if mode == "head_bump":
                rons = rons[:1]
            elif len(rons) == 3 and self.rules.sanchahou:
                self._claim = None
                self._abort("sanchahou")
                return
            elif mode == "double":
                rons = rons[:2]
            self._claim = None
            self._end_with_wins(rons, c.seat, c.tile, tsumo=False, claim_kind=c.kind)
            return
        self._claim = None
        if c.kind != "dahai":
            self._phase = _TURN
            self._turn = c.seat
            if c.kind == "nukidora":
                self._nukidora_draw(c.seat)
            elif c.kind == "kakan":
                self._complete_kan(c.seat)
            else:
                self._ankan_stands(c.seat)
            return
        calls = [a for a in c.responses.values() if isinstance(a, (Pon, Daiminkan, Chi))]
        call = next((a for a in calls if not isinstance(a, Chi)), None) or (
            calls[0] if calls else None
        )
        self._after_discard(c.seat, c.tile, c.riichi, call)

    def _after_discard(self, d: int, tile: int, riichi: bool, call: Action | None) -> None:
        """A discard no one won on: riichi stick, abortive draws, the call, or the next draw."""
        if riichi:
            self._accept_riichi(d)
            if self.rules.suucha_riichi and all(p.riichi for p in self.players):
                self._abort("suucha_riichi")
                return
        if (
            call is None
            and len(self._first_discards) == 4
            and self.rules.suufon_renda
            and self._uninterrupted
            and self._first_discards[0] in _WINDS
            and len(set(self._first_discards)) == 1
            and sum(p.discards_made for p in self.players) == 4
        ):
            self._abort("suufon_renda")
            return
        if len(self._kans) == 4 and self.rules.suukaikan and len(set(self._kans)) > 1:
            self._abort("suukaikan")
            return
        if call is not None:
            self._call(call, d, tile)
            return
        if self._live - len(self._kans) == self._draw_pos:  # no live tile left
            self._exhaustive_draw()
            return
        self._draw((d + 1) % self._n)

    def _accept_riichi(self, s: int) -> None:
        p = self.players[s]
        p.ippatsu = True
        self.scores[s] -= self.rules.riichi_stick
        self.kyotaku += 1
        deltas = [0] * self._n
        deltas[s] = -self.rules.riichi_stick
        self._emit("reach_accepted", actor=s, deltas=deltas, scores=list(self.scores))

    def _call(self, a: Action, d: int, tile: int) -> None:
        o = a.seat
        p = self.players[o]
        dp = self.players[d]
        dp.nagashi = False
        consumed = list(a.consumed)  # type: ignore[union-attr]
        for t in consumed:
            p.hand.remove(t)
            p.counts[t >> 2] -= 1
        p.dw = None
        kind = {Chi: "chi", Pon: "pon", Daiminkan: "daiminkan"}[type(a)]
        m = self._new_meld(kind, [*consumed, tile], tile, o, source=d)
        p.melds.append(m)
        self._melds_changed(p)
        self._break_ippatsu()
        self._uninterrupted = False
        tiles = self._tiles  # what _emit(kind, ...) builds, without the generic conversion
        self.events.append(
            self._ev.EVENT_TYPES[kind](
                actor=o, target=d, pai=tiles[tile], consumed=tuple([tiles[t] for t in consumed])
            )
        )
        self._check_pao(o, d, m)
        self._phase = _TURN
        self._turn = o
        self._update_waits(o)
        if isinstance(a, Daiminkan):
            self._forbidden = frozenset()
            self._complete_kan(o)
            return
        self._drawn = None
        k = tile >> 2
        forbid = set()
        if self.rules.kuikae == "forbidden":
            forbid.add(k)
            if isinstance(a, Chi):
                ks = sorted(t >> 2 for t in consumed)
                n = k % 9
                if ks[0] == k + 1 and n + 3 <= 8:
                    forbid.add(k + 3)
                if ks[1] == k - 1 and n - 3 >= 0:
                    forbid.add(k - 3)
        self._forbidden = frozenset(forbid)

    def _check_pao(self, o: int, d: int, m: _Meld) -> None:
        """Pao: the discarder who feeds the last dragon (wind) set is liable."""
        if m.kind not in ("pon", "daiminkan"):
            return
        melds = self.players[o].melds
        k = m.kind34
        sets = [x.kind34 for x in melds if x.kind != "chi"]
        if k in _DRAGONS and self.rules.pao_daisangen and sum(x in _DRAGONS for x in sets) == 3:
            self._pao[o] = (d, "daisangen")
        if k in _WINDS and self.rules.pao_daisuushi and sum(x in _WINDS for x in sets) == 4:
            self._pao[o] = (d, "daisuushi")
        kans = sum(1 for x in melds if x.kind in ("daiminkan", "ankan", "kakan"))
        if m.kind == "daiminkan" and getattr(self.rules, "pao_suukantsu", False) and kans == 4:
            self._pao[o] = (d, "suukantsu")

    # ------------------------------------------------------------------ draws
    def _deal(self) -> None:
        order = self.wall.order
        n = self._n
        # 4-4-4 to each seat from the dealer, then one each: the i-th seat from the dealer
        # takes order[4i:4i+4], order[16+4i:20+4i], order[32+4i:36+4i] and order[48+i]
        # (sanma: order[4i:4i+4], order[12+4i:16+4i], order[24+4i:28+4i], order[36+i])
        for i in range(n):
            p = self.players[(self.dealer + i) % n]
            a = 4 * i
            if n == 4:
                hand = [*order[a : a + 4], *order[a + 16 : a + 20], *order[a + 32 : a + 36]]
                hand.append(order[48 + i])
            else:
                hand = [*order[a : a + 4], *order[a + 12 : a + 16], *order[a + 24 : a + 28]]
                hand.append(order[36 + i])
            hand.sort()  # (the order of a hand's ids does not matter; sorted for tehais)
            p.hand = hand
            counts = p.counts
            for t in hand:
                counts[t >> 2] += 1
        for s in range(n):
            self._update_waits(s)
        self._draw_pos = 13 * n
        tiles = self._tiles
        # what _emit("start_kyoku", ...) builds, without the generic field conversion
        self.events.append(
            self._ev.StartKyoku(
                bakaze=27 + self.round_wind,
                kyoku=self.dealer + 1,
                honba=self.honba,
                kyotaku=self.kyotaku,
                oya=self.dealer,
                dora_marker=tiles[self.wall.dora_indicator(0)],
                scores=tuple(self.scores),
                tehais=tuple([tuple(map(tiles.__getitem__, p.hand)) for p in self.players]),
                dice=self.wall.dice,
            )
        )
        self._draw(self.dealer)

    def _draw(self, s: int) -> None:
        # Round._discard has a copy of this for the next draw after a discard nobody claims
        t = self.wall.order[self._draw_pos]
        self._draw_pos += 1
        p = self.players[s]
        p.hand.append(t)
        p.counts[t >> 2] += 1
        p.dw = None
        self._phase = _TURN
        self._turn = s
        self._drawn = t
        self._rinshan = False
        self._forbidden = _NO_KINDS
        ev = _TSUMO_EVENTS[s * 68 + self._cls[t]]
        if ev is None:
            self._emit_tile("tsumo", s, t)
        else:
            self.events.append(ev)

    def _rinshan_draw(self, s: int) -> None:
        t = self.wall.rinshan(self._rinshan_drawn)
        self._rinshan_drawn += 1
        p = self.players[s]
        p.hand.append(t)
        p.counts[t >> 2] += 1
        p.dw = None
        self._phase = _TURN
        self._turn = s
        self._drawn = t
        self._rinshan = True
        self._forbidden = frozenset()
        self._emit_tile("tsumo", s, t)

    def _reveal_dora(self) -> None:
        if self._dora_revealed < 5:
            self._dora_revealed += 1
            self._emit("dora", dora_marker=self.wall.dora_indicator(self._dora_revealed - 1))

    def _reveal_pending(self) -> None:
        while self._pending_dora:
            self._pending_dora -= 1
            self._reveal_dora()

    def _break_ippatsu(self) -> None:
        for p in self.players:
            p.ippatsu = False

    # ------------------------------------------------------------------ endings
    def _end_with_wins(
        self,
        winners: list[int],
        from_seat: int,
        tile: int,
        *,
        tsumo: bool,
        claim_kind: str = "dahai",
    ) -> None:
        rules = self.rules
        n = self._n
        total = [0] * n
        wins: list[Win] = []
        if claim_kind == "ankan":
            claim_kind = "kakan"  # a chankan (kokushi on an ankan): scored as one
        for i, w in enumerate(winners):
            honba = self.honba if i == 0 else 0
            kyotaku = self.kyotaku if i == 0 else 0
            res = self._win_score(
                w,
                tile,
                tsumo=tsumo,
                from_seat=from_seat,
                claim_kind=claim_kind,
                honba=honba,
                kyotaku=kyotaku,
                ura=True,
            )
            assert res is not None
            deltas = [0] * n
            pao = self._pao.get(w)
            # the core names daisuushi, the event model daisuushii: match the stem
            names = core.yakuman_names(res)
            pao_seat = pao[0] if pao and any(n.startswith(pao[1]) for n in names) else None
            pay = core.payments(res, honba=honba, honba_points=rules.honba_points, players=n)
            honba_total = honba * rules.honba_points
            value = pay["ron"]
            # Tenhou applies pao to the whole hand, also when another yakuman is combined
            # (log 2019103023gm-00a9-0000-f90e0fe9: daisangen + tsuuiisou tsumo, 64000 + honba
            # paid by the liable player alone).
            part, whole = _pao_part(res, pao, rules.pao_scope) if pao_seat is not None else (1, 1)
            if tsumo and pao_seat is not None and part < whole:
                # pao_scope "yakuman" (MS): the liable player pays its yakuman and the honba,
                # the other yakuman are paid as any tsumo
                deltas[pao_seat] -= value * part // whole + honba_total
                for o in range(n):
                    if o != w:
                        base = pay["tsumo_dealer"] if o == self.dealer else pay["tsumo_nondealer"]
                        deltas[o] -= base * (whole - part) // whole
            elif tsumo and pao_seat is not None:
                # tsumo under pao: the liable player pays the whole hand and the honba
                deltas[pao_seat] -= value + honba_total
            elif tsumo:
                for o in range(n):
                    if o != w:
                        base = pay["tsumo_dealer"] if o == self.dealer else pay["tsumo_nondealer"]
                        deltas[o] -= base + honba_total // (n - 1)
            elif pao_seat is not None and pao_seat != from_seat:
                # ron under pao: split with the discarder; the liable player pays honba (RC40);
                # pao_scope "yakuman": only its yakuman is split, the discarder pays the rest
                liable = value * part // whole
                half = liable // 2
                deltas[from_seat] -= value - liable + half
                deltas[pao_seat] -= liable - half + honba_total
            else:
                deltas[from_seat] -= value + honba_total
            if self.wareme_seat is not None:
                _wareme_double(deltas, w, self.wareme_seat)
            deltas[w] -= sum(deltas)
            deltas[w] += kyotaku * rules.riichi_stick
            ura = tuple(self.wall.ura_indicator(i) for i in range(self._dora_revealed))
            win = Win(
                w,
                from_seat,
                tile,
                res,
                pao_seat,
                tuple(deltas),
                ura if self.players[w].riichi else (),
            )
            wins.append(win)
            for o in range(n):
                total[o] += deltas[o]
        self.kyotaku = 0
        for o in range(n):
            self.scores[o] += total[o]
        for win in wins:
            self._emit_hora(win)
        dealer_won = any(w.seat == self.dealer for w in wins)
        self._finish(
            RoundResult(
                "tsumo" if tsumo else "ron",
                "",
                tuple(total),
                tuple(wins),
                (False,) * n,
                dealer_won,
                0,  # type: ignore[arg-type]
            )
        )

    def _exhaustive_draw(self) -> None:
        rules = self.rules
        n = self._n
        tenpai = tuple(bool(p.waits) for p in self.players)
        deltas = [0] * n
        nagashi = [s for s in range(n) if rules.nagashi_mangan and self.players[s].nagashi]
        reason = "exhaustive"
        if nagashi:
            reason = "nagashi_mangan"
            for s in nagashi:
                for o in range(n):
                    if o == s:
                        continue
                    pay = 4000 if (s == self.dealer or o == self.dealer) else 2000
                    deltas[o] -= pay
                    deltas[s] += pay
        elif rules.noten_payment:
            total = 3000 if rules.noten_payment is True else int(rules.noten_payment)
            ready = sum(tenpai)
            if 0 < ready < n:
                for s in range(n):
                    deltas[s] = total // ready if tenpai[s] else -total // (n - ready)
        for s in range(n):
            self.scores[s] += deltas[s]
        self._emit(
            "ryukyoku",
            reason=reason,
            tenpai=list(tenpai),
            deltas=list(deltas),
            scores=list(self.scores),
            hands=[sorted(p.hand) if tenpai[i] else None for i, p in enumerate(self.players)],
        )
        if rules.renchan == "tenpai":
            cont = tenpai[self.dealer]
        else:
            cont = False
        self._finish(
            RoundResult("exhaustive", reason, tuple(deltas), (), tenpai, cont, self.kyotaku)
        )  # type: ignore[arg-type]

    def _abort(self, reason: str) -> None:
        self._emit(
            "ryukyoku",
            reason=reason,
            tenpai=None,
            deltas=[0] * self._n,
            scores=list(self.scores),
            hands=[
                sorted(p.hand) if reason == "kyuushu_kyuuhai" and i == self._turn else None
                for i, p in enumerate(self.players)
            ],
        )
        self._finish(
            RoundResult(
                "abortive", reason, (0,) * self._n, (), (False,) * self._n, True, self.kyotaku
            )
        )  # type: ignore[arg-type]

    def _finish(self, result: RoundResult) -> None:
        self.result = result
        self._phase = _END
        self._claim = None
        self.events.append(self._ev.EndKyoku())  # _emit("end_kyoku")

    def _emit_hora(self, win: Win) -> None:
        # what _emit("hora", ...) builds, without the generic field conversion
        ev = self._ev
        tiles = self._tiles
        p = self.players[win.seat]
        hand = p.hand if win.from_seat == win.seat else [*p.hand, win.tile]
        self.events.append(
            ev.Hora(
                actor=win.seat,
                target=win.from_seat,
                pai=tiles[win.tile],
                hand=tuple([tiles[t] for t in sorted(hand)]),
                melds=self._hora_melds(p),
                dora_markers=tuple(
                    [tiles[self.wall.dora_indicator(i)] for i in range(self._dora_revealed)]
                ),
                uradora_markers=tuple([tiles[t] for t in win.ura_indicators]),
                deltas=tuple(win.deltas),
                scores=tuple(self.scores),
                pao=win.pao_seat,
                **core.score_fields(win.score),
            )
        )

    def _hora_melds(self, p: _Player) -> tuple[Any, ...]:
        """The winner's melds for the hora event, Norths set aside (sanma) in call order."""
        ev = self._ev
        tiles = self._tiles
        out = [
            ev.CalledMeld(m.kind, tuple(sorted([tiles[t] for t in m.tiles], key=_kind_plain_first)))
            for m in p.melds
        ]
        for j in range(len(p.nuki) - 1, -1, -1):  # backwards: each index is a call count
            out.insert(p.nuki_at[j], ev.CalledMeld("nukidora", (tiles[p.nuki[j]],)))
        return tuple(out)

    # ------------------------------------------------------------------ scoring
    def _win_score(
        self,
        s: int,
        tile: int,
        *,
        tsumo: bool,
        from_seat: int | None = None,
        claim_kind: str = "dahai",
        honba: int | None = None,
        kyotaku: int = 0,
        ura: bool = False,
    ) -> Any:
        """The core score of ``s`` winning on ``tile``, or ``None`` if it is not a legal win."""
        p = self.players[s]
        counts = list(p.counts)  # the counts of p.hand, kept in step with it
        if tsumo:
            red = self._red_counts(p.hand)
        else:
            counts[tile >> 2] += 1
            red = self._red_counts([*p.hand, tile])
        melds = p.cores
        try:
            hand = core.make_hand(counts, melds, red)
        except Exception:
            return None
        last = self.live_tiles_left == 0
        first = self._uninterrupted and p.discards_made == 0
        res = core.score(
            hand,
            tile >> 2,
            tsumo=tsumo,
            riichi=p.riichi,
            double_riichi=p.double_riichi,
            ippatsu=p.ippatsu,
            haitei=tsumo and last and not self._rinshan,
            houtei=(not tsumo) and last and claim_kind == "dahai",
            rinshan=tsumo and self._rinshan,
            chankan=claim_kind in ("kakan", "ankan"),
            tenhou=tsumo and first and s == self.dealer,
            chiihou=tsumo and first and s != self.dealer,
            renhou=(not tsumo) and first and s != self.dealer,
            seat_wind=27 + (s - self.dealer) % self._n,
            round_wind=27 + self.round_wind,
            dora_indicators=[t >> 2 for t in self.dora_indicators],
            ura_indicators=(
                [self.wall.ura_indicator(i) >> 2 for i in range(self._dora_revealed)]
                if ura and p.riichi
                else []
            ),
            honba=self.honba if honba is None else honba,
            kyotaku=kyotaku,
            rules=self.rules,
            nukidora=len(p.nuki),
        )
        if not core.is_win(res):
            return None
        if claim_kind == "ankan" and not any(
            n.startswith("kokushi") for n in core.yakuman_names(res)
        ):
            return None
        return res

    # ------------------------------------------------------------------ helpers
    def _furiten(self, s: int) -> bool:
        p = self.players[s]
        return p.temp_furiten or p.riichi_furiten or bool(p.waits & p.river_kinds)

    def _red_counts(self, ids: list[int]) -> tuple[int, int, int]:
        r = [0, 0, 0]
        for t in self._reds.intersection(ids):
            r[(t >> 2) // 9] += 1
        return (r[0], r[1], r[2])

    def _melds_changed(self, p: _Player) -> None:
        p.mkey = self._meld_key(p)
        p.cores = [m.core for m in p.melds]
        mc = [0] * 34
        for m in p.melds:
            for t in m.tiles:
                mc[t >> 2] += 1
        p.mcounts = bytes(mc)
        p.dw = None
        p.opened = any(m.kind != "ankan" for m in p.melds)

    def _meld_key(self, p: _Player) -> bytes:
        return bytes(b for m in p.melds for b in (m.kind34, len(m.tiles), m.kind == "chi"))

    def _new_meld(
        self,
        kind: str,
        ids: list[int],
        called: int | None,
        owner: int,
        source: int | None = None,
    ) -> _Meld:
        src = 0 if source is None else (source - owner) % self._n
        return _Meld(
            kind, sorted(ids), called, source, core.make_meld(kind, ids, called, src, self._reds)
        )

    def _update_waits(self, s: int) -> None:
        p = self.players[s]
        if len(p.hand) % 3 != 1:
            return
        p.waits = core.waits(p.counts, p.cores, p.mkey, p.mcounts)

    @staticmethod
    def _meld_view(p: _Player) -> list[tuple[str, list[int], int | None, int | None]]:
        return [(m.kind, list(m.tiles), m.called, m.source) for m in p.melds]

    def _emit(self, kind: str, **fields: Any) -> None:
        self.events.append(core.make_event(kind, self._reds, **fields))

    def _emit_tile(self, kind: str, actor: int, tile: int, tsumogiri: bool | None = None) -> None:
        """Fast path for the two most frequent events (tsumo, dahai), built once and shared."""
        i = actor * 68 + self._cls[tile]
        if tsumogiri is None:
            ev = _TSUMO_EVENTS[i]
            if ev is None:
                ev = self._ev._intern(self._ev.Tsumo(actor=actor, pai=self._tiles[tile]))
                _TSUMO_EVENTS[i] = ev
        else:
            i = i * 2 + tsumogiri
            ev = _DAHAI_EVENTS[i]
            if ev is None:
                ev = self._ev._intern(
                    self._ev.Dahai(actor=actor, pai=self._tiles[tile], tsumogiri=tsumogiri)
                )
                _DAHAI_EVENTS[i] = ev
        self.events.append(ev)
