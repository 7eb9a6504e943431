"""Feature arrays and the legal-action mask of an observation, for learning from logs or
self-play: :func:`encode`, :func:`encode_batch`, :func:`action_mask`, :func:`action_index`,
:func:`index_action`.

The input is an :class:`~riichi.mining.observation.Observation` (one seat's view: from
:func:`riichi.decisions` over a log, or :func:`riichi.mining.observation.observe` on a live
:class:`riichi.Round`); the same observation gives the same arrays either way. The
arithmetic runs in the Rust core: :func:`encode_batch` is one core call over all its rows
(the Python objects are read with the GIL held, the arrays are computed with it released).

**Without an Observation.** :func:`riichi.decisions` with ``features=True`` and the
environments of :mod:`riichi.env` give the same arrays without building an
:class:`Observation`: the core reads the seat's view straight from the live round (the
seats' core hands, the rivers, melds and event stream, each read once as the round grows)
and encodes a game's decisions in one call with the GIL released. The observation is then
built only when asked for (``Decision.observation``, ``RiichiAECEnv.observation_object``);
the arrays are equal either way (``tests/test_features_round_reader.py``).

**Version** :data:`FEATURE_VERSION` changes whenever any array's meaning, shape or dtype
changes; store it with any data set built from these arrays.

**Relative seats.** Every per-seat axis (length ``n`` = ``obs.players``, 4 or 3) is rotated so
that the observing seat comes first: row ``i`` is the seat ``(obs.seat + i) % n`` (1 =
shimocha, the next to play, ... ``n - 1`` = kamicha). Seat values inside arrays (dealer,
meld sources, the pending tile's seat) are relative the same way. Tile kinds are 0..33 as
everywhere in riichi (1m..9m, 1p..9p, 1s..9s, E S W N, haku hatsu chun); ``-1`` marks an
empty slot. A "red" flag is whether the tile id is one of ``obs.red_ids`` (the game's red
fives).

===================  ==============  =======  ===================================================
name                 shape           dtype    meaning (units)
===================  ==============  =======  ===================================================
``hand``             (34,)           uint8    concealed tiles of the seat per kind (the drawn tile
                                              included)
``hand_red``         (3,)            uint8    red fives among them, per suit m, p, s
``drawn``            (2,)            int8     the tile just drawn: kind (-1 if none), red (0/1)
``melds``            (n, 4, 5)       int8     each seat's melds in call order (4 slots, type 0 =
                                              empty): type (1 chi, 2 pon, 3 daiminkan, 4 ankan,
                                              5 kakan), lowest kind, called kind (-1 for ankan),
                                              red fives in it, source seat (relative; -1 ankan)
``nukidora``         (n,)            uint8    Norths each seat set aside (sanma kita; 0 in 4p)
``river``            (n, 32, 5)      int8     each seat's discards in order (32 slots, kind -1 =
                                              empty): kind, red, tsumogiri (the tile just drawn),
                                              riichi declaration tile, called away by another seat
``dora_indicators``  (5, 2)          int8     revealed indicators in order: kind, red (-1 empty)
``dora``             (34,)           uint8    dora each kind is worth from the indicators (next
                                              in suit; sanma: the 1m indicator makes 9m dora);
                                              red fives and nukidora not included
``seen``             (34,)           uint8    tiles of each kind the seat can see: its hand, every
                                              meld, every river tile not called away, dora
                                              indicators, nukidora
``scores``           (n,)            int32    points of each seat (unscaled; riichi sticks
                                              already paid deducted)
``riichi``           (n,)            bool     whether each seat's riichi stands
``round``            (6,)            int32    round wind (0 E .. 3 N), the seat's wind, dealer
                                              (relative seat), honba, kyotaku (sticks), live
                                              tiles left in the wall
``pending``          (4,)            int8     the tile open to claims: type (0 none = own turn,
                                              1 discard, 2 kakan, 3 ankan, 4 nukidora), kind,
                                              red, seat (relative) (-1 for none)
``shanten``          ()              int8     shanten of the concealed tiles (-1 complete, 0
                                              tenpai; :func:`riichi.shanten` on the counts)
``waits``            (34,)           bool     winning kinds of the seat's 3n+1 tiles: the hand
                                              when answering a claim, the hand without the drawn
                                              tile on its own turn (all False after a call); a
                                              kind whose 4 copies are all the seat's is no wait
``discard_shanten``  (34,)           int8     on the seat's turn, shanten after discarding one
                                              tile of each held kind; -1 for kinds not held and
                                              in the claim phase (a 3n+1 hand is >= 0)
``action_mask``      (197,)          bool     the legal actions (:data:`NUM_ACTIONS` indices
                                              below)
===================  ==============  =======  ===================================================

The river has :data:`RIVER_LEN` slots: a seat discards at most once per turn and a turn
starts with a live draw or a call, which bounds a river under 32 in 4 and 3 players (the
live wall is 70 tiles or 55; every call skips at most two seats' draws). An observation
that breaks a bound (more than 32 discards, 4 melds, 5 dora indicators) is refused, never
cut.

**Action indices** (:data:`NUM_ACTIONS` = 197, the same for 3 and 4 players and under every
:class:`~riichi.Rules`, so the mask's width never depends on the rules; every legal action of
:meth:`riichi.Round.legal_actions` has exactly one index, and the index gives it back):

==========  ===================================================================
index       action
==========  ===================================================================
0..33       :class:`~riichi.actions.Discard` of a tile of kind k from the hand
            (not the drawn tile itself; a plain tile when k is a five)
34..36      discard of a red five (m, p, s) from the hand
37          tsumogiri: discard the tile just drawn
38..75      :class:`~riichi.actions.Riichi` (closed, ``open=False``) with the same discard
            (38 + the index above)
76..81      :class:`~riichi.actions.Chi`: the called tile lowest, middle, highest of the
            run, each without (even) and with (odd) a red five among the two tiles taken
            from the hand
82..84      :class:`~riichi.actions.Pon` with 0, 1, 2 red fives taken from the hand
85          :class:`~riichi.actions.Daiminkan`
86..119     :class:`~riichi.actions.Ankan` of kind k (86 + k)
120..153    :class:`~riichi.actions.Kakan` of kind k (120 + k)
154         :class:`~riichi.actions.Tsumo`
155         :class:`~riichi.actions.Ron` (also chankan)
156         :class:`~riichi.actions.Pass`
157         :class:`~riichi.actions.Kyuushu` (kyuushu kyuuhai)
158         :class:`~riichi.actions.Nukidora` (kita, sanma)
159..196    :class:`~riichi.actions.Riichi` declared open (``open=True``, offered only
            under ``Rules.open_riichi``) with the same discard (159 + the index of the
            discard, as 38..75 for a closed riichi)
==========  ===================================================================

Version 2 added the open riichi block 159..196 (version 1 had 159 indices, 0..158 as
above, and could not encode an observation where open riichi was offered); every other
array and index is unchanged.

Rules fields read: none directly (the observation carries ``players`` and ``red_ids``; the
round offers open riichi, hence indices 159..196, only under ``Rules.open_riichi``).
Rule source: Tenhou (sanma dora: 1m indicates 9m; no fifth copy is a wait, RC08).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from riichi import _core
from riichi.actions import Action
from riichi.errors import IllegalAction, RiichiError
from riichi.mining.observation import Observation

__all__ = [
    "FEATURE_VERSION",
    "NUM_ACTIONS",
    "RIVER_LEN",
    "action_index",
    "action_mask",
    "encode",
    "encode_batch",
    "feature_spec",
    "index_action",
]

FEATURE_VERSION = 2
"""Bumped whenever the meaning, shape or dtype of any array changes."""

RIVER_LEN = 32
"""River slots per seat."""

MAX_MELDS = 4
MAX_INDICATORS = 5

# action index blocks
DISCARD = 0
RED_DISCARD = 34
TSUMOGIRI = 37
RIICHI = 38
CHI = 76
PON = 82
DAIMINKAN = 85
ANKAN = 86
KAKAN = 120
TSUMO = 154
RON = 155
PASS = 156
KYUUSHU = 157
NUKIDORA = 158
OPEN_RIICHI = 159
NUM_ACTIONS = 197
"""Size of the action mask (the same for 3 and 4 players and every rule set)."""


def feature_spec(players: int) -> dict[str, tuple[tuple[int, ...], np.dtype[Any]]]:
    """Name -> (shape, dtype) of each array :func:`encode` returns for ``players`` seats
    (the table in the module docstring).

    Raises:
        RiichiError: ``players`` is not the int 3 or 4 (a bool, float or string is refused).
    """
    if (
        isinstance(players, bool)
        or not isinstance(players, (int, np.integer))
        or players not in (3, 4)
    ):  # a float 4.0, a bool or a string "4" is refused, not read as a player count
        raise RiichiError(f"players: expected the int 3 or 4, got {players!r}")
    n = int(players)
    u8, i8, i32, b = np.dtype(np.uint8), np.dtype(np.int8), np.dtype(np.int32), np.dtype(bool)
    return {
        "hand": ((34,), u8),
        "hand_red": ((3,), u8),
        "drawn": ((2,), i8),
        "melds": ((n, MAX_MELDS, 5), i8),
        "nukidora": ((n,), u8),
        "river": ((n, RIVER_LEN, 5), i8),
        "dora_indicators": ((MAX_INDICATORS, 2), i8),
        "dora": ((34,), u8),
        "seen": ((34,), u8),
        "scores": ((n,), i32),
        "riichi": ((n,), b),
        "round": ((6,), i32),
        "pending": ((4,), i8),
        "shanten": ((), i8),
        "waits": ((34,), b),
        "discard_shanten": ((34,), i8),
        "action_mask": ((NUM_ACTIONS,), b),
    }


def encode(obs: Observation) -> dict[str, npt.NDArray[Any]]:
    """The feature arrays of one observation: shapes and dtypes exactly
    ``feature_spec(obs.players)`` (see the module docstring for their meaning).

    Raises:
        RiichiError: ``obs`` is not an :class:`Observation` or breaks a bound (a tile id
            outside 0..135, a seat outside the table, too many discards, melds or dora
            indicators), naming the field.
    """
    _check_obs(obs)
    out = encode_batch([obs])
    return {k: v[0, ...] for k, v in out.items()}  # shanten stays a 0-d array, not a scalar


def encode_batch(observations: Sequence[Observation]) -> dict[str, npt.NDArray[Any]]:
    """The feature arrays of many observations, stacked: each array has a leading batch
    axis of ``len(observations)`` before the shape of :func:`feature_spec`. All
    observations must have the same number of players. One call into the core.

    Raises:
        RiichiError: as :func:`encode`, naming the row; observations of 3 and 4 players
            mixed; an empty sequence (the player count, hence the shapes, is unknown).
    """
    if isinstance(observations, Observation):
        raise RiichiError("observations: expected a sequence of Observation, got one Observation")
    if isinstance(observations, (list, tuple)):
        obs = observations
    else:
        try:
            obs = list(observations)
        except TypeError:
            raise RiichiError(
                "observations: expected a sequence of Observation, got "
                f"{type(observations).__name__}"
            ) from None
    if not obs:
        raise RiichiError("observations: empty (the shapes depend on the player count)")
    for i, o in enumerate(obs):
        if not isinstance(o, Observation):
            raise RiichiError(
                f"observations[{i}]: expected an Observation, got {type(o).__name__}"
            )
    n = obs[0].players
    feature_spec(n)  # checks the player count
    return _core.features_encode_batch(obs, n)  # type: ignore[no-any-return]


def action_mask(obs: Observation) -> npt.NDArray[np.bool_]:
    """``bool`` array of shape ``(NUM_ACTIONS,)``: True at the index of each legal action
    of ``obs`` (the same as ``encode(obs)["action_mask"]``, without the other arrays).

    Raises:
        RiichiError: as :func:`encode`.
    """
    _check_obs(obs)
    mask = np.zeros(NUM_ACTIONS, np.bool_)
    mask[_core.features_legal_indices(obs)] = True
    return mask


def action_index(obs: Observation, action: Action) -> int:
    """The mask index of ``action``, one of the legal actions of ``obs`` (by its choice:
    kinds, red fives and tsumogiri, not necessarily the same physical ids).

    Raises:
        IllegalAction: ``action`` is not legal in ``obs`` (another seat, a tile not held, a
            choice the mask does not allow).
        RiichiError: ``action`` is not a :mod:`riichi.actions` action.
    """
    _check_obs(obs)
    i, reason = _core.features_action_index(obs, action)
    if i < 0:
        raise IllegalAction(f"{action!r} is no choice of seat {obs.seat} here: {reason}")
    if i not in _core.features_legal_indices(obs):
        raise IllegalAction(
            f"{action!r} is not a legal action of seat {obs.seat} here (index {i} is masked)"
        )
    return int(i)


def index_action(obs: Observation, index: int) -> Action:
    """The legal action of ``obs`` at mask index ``index`` (lowest ids, as
    :meth:`riichi.Round.legal_actions` gives it).

    Raises:
        IllegalAction: ``index`` is masked (no legal action there).
        RiichiError: ``index`` is not an int in ``0..NUM_ACTIONS-1``.
    """
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
        raise RiichiError(f"index: expected an int, got {type(index).__name__}")
    if not 0 <= index < NUM_ACTIONS:
        raise RiichiError(f"index: {index} is not in 0..{NUM_ACTIONS - 1}")
    _check_obs(obs)
    legal = _core.features_legal_indices(obs)
    try:
        return obs.legal_actions[legal.index(int(index))]
    except ValueError:
        raise IllegalAction(
            f"action index {index} is masked: no legal action of seat {obs.seat} there"
        ) from None


def _check_obs(obs: object) -> None:
    if not isinstance(obs, Observation):
        raise RiichiError(f"obs: expected an Observation, got {type(obs).__name__}")
