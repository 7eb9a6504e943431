"""Answers to a discard (ron, pon, daiminkan, chi), to a robbable kan or kita tile (ron),
kuikae, claim priority and multiple ron.

The hand arithmetic is the core's: one ``_core.discard_tile`` call per discard (made by the
round) moves the discarder's hand and answers every other seat, in turn order after the discarder: ron when it waits on the tile, is not
furiten and the win has a yaku (:mod:`riichi.kyoku.furiten`); pon and daiminkan (two or three
copies held; no daiminkan after four kans), chi (the discarder is its kamicha, four players
only), one choice of ids per red count; no call in riichi, on the last discard (houtei) or
on a discard that ends the round by suukaikan unless won on (Tenhou). Kuikae: a pon or chi is
offered only when the hand keeps a tile it may discard after the call (RC52), and the kinds
:func:`kuikae_kinds` names may not be discarded right after it. ``_core.robbed_answers``
answers a kakan (chankan), an ankan (a kokushi musou only, under
``kokushi_chankan_ankan``) and a kita (sanma).

Rules fields read: ``kuikae``, ``multiple_ron``, ``kokushi_chankan_ankan`` (the core reads
``kuikae`` and ``suukaikan`` too, from the ``Rules`` of the round's ``SeatTable``).
Rule source: Tenhou (https://tenhou.net/man/): 喰い替えなし; RC52 (calls that would leave no
legal discard are not offered).
"""

from __future__ import annotations

from typing import Any

from riichi import _core
from riichi.actions import Action, Chi, Daiminkan, Pon
from riichi.kyoku import aborts
from riichi.kyoku.state import PASS, RON

__all__ = [
    "answer_options",
    "kuikae",
    "kuikae_kinds",
    "priority_call",
    "robbed_options",
    "ron_winners",
]

_CALLS = {"pon": Pon, "chi": Chi, "daiminkan": Daiminkan}


# per seat, the core's answer tuple -> its action (actions are immutable: each is built
# once and shared, as the turn actions of riichi.kyoku.state are); bounded
_ANSWERS: list[dict[tuple[Any, ...], Action]] = [{} for _ in range(4)]
_ANSWERS_MAX = 50_000


def _answer(o: int, a: tuple[Any, ...]) -> Action:
    """Seat ``o``'s answer from the core's tuple: the shared Ron and Pass, a call built
    (and kept for the next time)."""
    name = a[0]
    if name == "ron":
        act: Action = RON[o]
    elif name == "pass":
        act = PASS[o]
    else:
        act = _CALLS[name](o, a[1], a[2])
    cache = _ANSWERS[o]
    if len(cache) >= _ANSWERS_MAX:
        cache.clear()
    cache[a] = act
    return act


def _actions(o: int, answers: list[tuple[Any, ...]]) -> list[Action]:
    """A seat's answers from the core's tuples: the shared Ron and Pass, the calls."""
    get = _ANSWERS[o].get
    return [get(a) or _answer(o, a) for a in answers]


def answer_options(answers: list[tuple[int, list[tuple[Any, ...]]]]) -> dict[int, list[Action]]:
    """The claim options of a discard from the core's answers (``_core.discard_tile``: every
    seat asked that has any, in turn order after the discarder): seat -> its actions, ron
    first, then the calls, then pass."""
    out = {}
    for o, acts in answers:
        try:
            out[o] = list(map(_ANSWERS[o].__getitem__, acts))  # each built before
        except KeyError:
            out[o] = _actions(o, acts)
    return out


def robbed_options(rnd: Any, kind: str, s: int, tile: int) -> dict[int, list[Action]]:
    """Who may rob seat ``s``'s ``kind`` (``"kakan"``, ``"ankan"``, ``"nukidora"``) of
    ``tile``: each seat that wins on it (ron or pass). An ankan only with
    ``Rules.kokushi_chankan_ankan``, by a kokushi musou (Tenhou: an ankan may be robbed only
    for kokushi; MS ranked rules)."""
    if kind == "ankan" and not rnd.rules.kokushi_chankan_ankan:
        return {}
    got = _core.robbed_answers(rnd._seats, s, tile, kind, rnd._table)
    return {o: [RON[o], PASS[o]] for o, _ in got}


def kuikae(rules: Any, k: int, low: int | None = None) -> tuple[int, ...]:
    """The kinds a seat may not discard right after calling a tile of kind ``k``: none
    under ``Rules.kuikae == "allowed"``; ``k`` itself (genbutsu kuikae) under
    ``"same_tile"`` and ``"forbidden"``; under ``"forbidden"`` also, after a chi whose
    other two tiles are both above ``k`` (``low == k + 1``) or both below it
    (``low == k - 2``), the kind at the far end of that run (suji kuikae). ``low`` is
    the lower of the chi's two other kinds; ``None`` for a pon. From kinds alone, for a
    player's view of the table (:mod:`riichi.mjai.state`); the round asks the core
    (:func:`kuikae_kinds`), which gives the same kinds.

    Rule source: Tenhou (喰い替えなし: genbutsu and suji kuikae); genbutsu only: "現物のみ
    不可とするルールもある" (mj-news.net, 2019-07-24)."""
    mode = rules.kuikae
    if mode == "allowed":
        return ()
    if low is not None and mode == "forbidden":
        num = k % 9
        if low == k + 1 and num + 3 <= 8:
            return (k, k + 3)
        if low == k - 2 and num - 3 >= 0:
            return (k, k - 3)
    return (k,)


def kuikae_kinds(rules: Any, meld: Any) -> tuple[int, ...]:
    """The kinds a seat may not discard right after the chi or pon ``meld`` (a core
    ``Meld``) under ``Rules.kuikae``: with ``"forbidden"`` the called kind, and after a chi
    whose called tile ends the run the kind beyond the run's other end ("56s chi 4s, then
    7s may not be discarded"; suji kuikae); with ``"same_tile"`` the called kind only; with
    ``"allowed"`` none.

    Rule source: Tenhou (喰い替えなし: genbutsu and suji kuikae); genbutsu only: "現物のみ
    不可とするルールもある" (mj-news.net, 2019-07-24)."""
    if rules.kuikae == "allowed":
        return ()
    return tuple(_core.kuikae_kinds(meld, rules.kuikae))


def ron_winners(rnd: Any, rons: list[int]) -> list[int] | None:
    """The seats that win on one discard, from the rons declared (in turn order from the
    discarder): all of them (``Rules.multiple_ron == "triple"``), at most two
    (``"double"``) or the first only (``"head_bump"``, atamahane); ``None`` when three rons
    abort the round instead (sanchahou, :func:`riichi.kyoku.aborts.sanchahou`).

    Rule source: Tenhou (double ron, triple ron aborts); RC43."""
    mode = rnd.rules.multiple_ron
    if mode == "head_bump":
        return rons[:1]
    if aborts.sanchahou(rnd, rons):
        return None
    if mode == "double":
        return rons[:2]
    return rons


def priority_call(responses: dict[int, Action]) -> Action | None:
    """The call that takes a discard nobody won on: a pon or daiminkan before a chi (a
    seat answers once, so at most one of each); ``None`` when everybody passed."""
    chi = None
    for a in responses.values():
        if isinstance(a, (Pon, Daiminkan)):
            return a
        if chi is None and isinstance(a, Chi):
            chi = a
    return chi
