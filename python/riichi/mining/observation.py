"""What one seat sees at a decision: :class:`Observation`, a frozen snapshot of a round.

:meth:`riichi.Round.observation` gives a seat's view as a dict; an :class:`Observation` holds
the same facts frozen (tuples, not lists) plus what a feature encoder needs that the dict
leaves out: which discards were tsumogiri, the river index of each riichi declaration tile,
which discards were called away, the seat wind, the player count and the red ids.

Encodings (DESIGN.md): tiles are physical ids 0..135 (``kind * 4 + copy``; ``red_ids`` says
which ids are red fives under the game's rules), seats are absolute 0..n-1 (0 = the first
dealer), winds 0..3 = East..North, points in points.

Rules fields read: ``num_players`` and ``red_fives`` (through the round).
Rule source: none (a view of the state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from riichi.actions import Action
from riichi.kyoku.round import Round
from riichi.kyoku.views import ObservationMemo, observation_fields

__all__ = ["Observation", "RiverMarks", "observe"]

MeldView = tuple[str, tuple[int, ...], Optional[int], Optional[int]]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a round at a decision point (everything the seat may know).

    Attributes:
        seat: the observing seat (absolute, 0..n-1).
        players: 4, or 3 (sanma).
        round_wind: 0 East .. 3 North; seat_wind: the seat's wind, ``(seat - dealer) % n``.
        dealer, honba, kyotaku: the dealer's seat, repeat counters, riichi sticks (count).
        scores: points per seat (riichi sticks already paid deducted).
        hand: the seat's concealed tile ids, sorted, the drawn tile included.
        drawn: the id the seat just drew (on its own turn after a draw), else None.
        melds: per seat, its melds in call order as ``(kind, ids, called id, source seat)``
            (kind ``chi`` ``pon`` ``daiminkan`` ``ankan`` ``kakan``; an ankan has no called
            id nor source).
        rivers: per seat, its discarded ids in order (tiles called away included).
        tsumogiri: per seat, for each river entry, whether it was the tile just drawn.
        called: per seat, for each river entry, whether another seat called it.
        riichi_index: per seat, the river index of its riichi declaration tile, -1 if none.
        riichi: per seat, whether its riichi stands (declared and accepted).
        nukidora: per seat, the Norths it set aside (sanma), ids in order.
        dora_indicators: revealed dora indicator ids, in order.
        live_tiles_left: tiles still drawable from the live wall.
        phase: ``"turn"`` (the seat acts on its own hand) or ``"claim"`` (it answers
            ``pending``).
        pending: during claims, ``(kind, seat, id)`` of the tile open to claims (kind
            ``"dahai"``, ``"kakan"``, ``"ankan"`` or ``"nukidora"``), else None.
        legal_actions: every action the seat may take now (:meth:`riichi.Round.legal_actions`;
            one per distinct choice, lowest ids).
        red_ids: the ids that are red fives under the game's rules.
    """

    seat: int
    players: int
    round_wind: int
    seat_wind: int
    dealer: int
    honba: int
    kyotaku: int
    scores: tuple[int, ...]
    hand: tuple[int, ...]
    drawn: int | None
    melds: tuple[tuple[MeldView, ...], ...]
    rivers: tuple[tuple[int, ...], ...]
    tsumogiri: tuple[tuple[bool, ...], ...]
    called: tuple[tuple[bool, ...], ...]
    riichi_index: tuple[int, ...]
    riichi: tuple[bool, ...]
    nukidora: tuple[tuple[int, ...], ...]
    dora_indicators: tuple[int, ...]
    live_tiles_left: int
    phase: str
    pending: tuple[str, int, int] | None
    legal_actions: tuple[Action, ...]
    red_ids: frozenset[int]


class RiverMarks:
    """Per-seat tsumogiri flags and riichi declaration indices of a round's rivers, read
    from the round's event stream (:attr:`riichi.Round.events`) as it grows: call
    :meth:`update` before each snapshot; it reads only the events added since. It also
    keeps the round's public tuples between snapshots (:func:`observe` shares the ones that
    did not change), so give one round's snapshots one ``RiverMarks``."""

    __slots__ = ("_pending_riichi", "_seen", "memo", "riichi_index", "rivers", "tsumogiri")

    def __init__(self, players: int) -> None:
        self._seen = 0
        # per seat, the last river snapshot (kept for callers that read it; observe's
        # snapshots share the memo's)
        self.rivers: list[tuple[int, ...]] = [()] * players
        # per seat, a tuple (replaced on each discard: snapshots share it)
        self.tsumogiri: list[tuple[bool, ...]] = [()] * players
        self.riichi_index = [-1] * players
        self._pending_riichi = [False] * players
        self.memo = ObservationMemo()

    def update(self, events: list[Any]) -> None:
        """Read ``events[seen:]`` (the round's events; ``dahai`` and ``reach`` matter)."""
        if len(events) == self._seen:
            return
        for ev in events[self._seen :]:
            t = ev.type
            if t == "dahai":
                s = ev.actor
                if self._pending_riichi[s]:
                    self.riichi_index[s] = len(self.tsumogiri[s])
                    self._pending_riichi[s] = False
                self.tsumogiri[s] = (*self.tsumogiri[s], bool(ev.tsumogiri))
            elif t == "reach":
                self._pending_riichi[ev.actor] = True
        self._seen = len(events)


def _as_round(value: object) -> Any:
    """``value`` as the round :func:`observe` reads: a ``Round`` (a subclass too) as it is,
    a ``Game``'s current round; anything else refused."""
    from riichi.errors import RiichiError
    from riichi.game import Game

    if isinstance(value, Round):
        return value
    if isinstance(value, Game):
        return value.round
    raise RiichiError(
        f"observe: rnd: expected a riichi.Round (game.round) or a riichi.Game, got "
        f"{type(value).__name__} {value!r:.60}"
    )


def observe(rnd: Any, seat: int, marks: RiverMarks | None = None) -> Observation:
    """The :class:`Observation` of ``seat`` in the round ``rnd`` now.

    Args:
        rnd: a :class:`riichi.Round`, or a :class:`riichi.Game`, which means its current
            round (``game.round``: the one being played, or the last one once the game is
            over).
        seat: the observing seat.
        marks: the round's :class:`RiverMarks`, kept up to date by the caller across
            snapshots (None: read from the round's whole event stream). Snapshots taken
            with the same ``marks`` share the tuples that did not change between them.

    Raises:
        RiichiError: ``rnd`` is neither a ``Round`` nor a ``Game`` (naming its type);
            ``seat`` is not a seat of the round.
    """
    if rnd.__class__ is not Round:
        rnd = _as_round(rnd)
    if marks is None:
        marks = RiverMarks(rnd.rules.num_players)
    (hand, drawn, melds, rivers, called, riichi, nukidora, dora, scores, phase, pending, legal,
     live) = observation_fields(rnd, seat, marks.memo)  # checks the seat  # fmt: skip
    marks.update(rnd.events)
    n = len(rivers)
    marks.rivers = list(rivers)
    dealer = rnd.dealer
    obs = object.__new__(Observation)  # every field set below (a frozen __init__ costs more)
    obs.__dict__.update(
        seat=seat,
        players=n,
        round_wind=rnd.round_wind,
        seat_wind=(seat - dealer) % n,
        dealer=dealer,
        honba=rnd.honba,
        kyotaku=rnd.kyotaku,
        scores=scores,
        hand=hand,
        drawn=drawn,
        melds=melds,
        rivers=rivers,
        tsumogiri=tuple(marks.tsumogiri),
        called=called,
        riichi_index=tuple(marks.riichi_index),
        riichi=riichi,
        nukidora=nukidora,
        dora_indicators=dora,
        live_tiles_left=live,
        phase=phase,
        pending=pending,
        legal_actions=legal,
        red_ids=marks.memo.red_ids,
    )
    return obs
