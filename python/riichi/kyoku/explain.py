"""Why an action is not legal: the shape check of an action and the reasons named in
:class:`riichi.IllegalAction` messages, and the equivalence key of actions (ids of one
kind and colour are interchangeable).

Rules fields read: none (the riichi conditions name themselves:
:func:`riichi.kyoku.turn.why_not_riichi`).
Rule source: as the rule modules it explains.
"""

from __future__ import annotations

from typing import Any

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
from riichi.errors import IllegalAction
from riichi.kyoku import furiten
from riichi.kyoku.state import CLAIM, END, TURN
from riichi.kyoku.turn import why_not_riichi, why_not_riichi_ankan
from riichi.tiles import tile_text

__all__ = [
    "action_text",
    "actions_text",
    "check",
    "event_text",
    "key",
    "legal_keys",
    "malformed_action",
    "short",
    "why",
]


# field -> what it must be, per action class (the same names as riichi.actions)
SHAPES: dict[type, tuple[tuple[str, str], ...]] = {
    Discard: (("tile", "tile"), ("tsumogiri", "bool")),
    Riichi: (("tile", "tile"), ("tsumogiri", "bool"), ("open", "bool")),
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
IDS_LEN = {"ids2": 2, "ids3": 3, "ids4": 4}


def is_tile_id(value: object) -> bool:
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
    shape = SHAPES.get(action.__class__)
    if shape is None:
        for cls, sh in SHAPES.items():  # a subclass of an action class has its fields
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
            if not is_tile_id(value):
                return f"{name}: tile ids must be ints 0..135, got {value!r}"
        elif what == "bool":
            if value.__class__ is not bool:
                return f"{name}: must be True or False, got {value!r}"
        else:
            want = IDS_LEN[what]
            if (
                value.__class__ is not tuple
                or len(value) != want  # type: ignore[arg-type]
                or not all(is_tile_id(t) for t in value)  # type: ignore[union-attr]
            ):
                return f"{name}: tile ids must be ints 0..135, {want} in a tuple, got {value!r}"
    return None



def check(rnd: Any, a: Action) -> None:
    # the whole action is checked for types first: nothing below (nor the step that
    # follows) may meet a float tile, a bool seat or a float tsumogiri half-way through
    bad = malformed_action(a, rnd._n)
    if bad is not None:
        raise IllegalAction(f"{a!r}: {bad}")
    seat = a.seat
    if rnd._phase == END:
        raise IllegalAction(f"{a!r}: the round is over")
    legal = rnd._cache.get(seat) if rnd._cache_version == rnd._version else None
    if legal is None:
        legal = rnd._legal(seat)
    if not legal:
        if rnd._phase == TURN:
            why = f"it is seat {rnd._turn}'s turn"
        else:
            why = f"seat {seat} has no call to answer now"
        raise IllegalAction(f"{a!r}: {why}")
    for x in legal:
        if x is a:
            return  # the very object offered: legal as it stands
    # equality with an offered action is asked of an exact action class only: a subclass
    # may answer True to anything, so it is judged by its key (which names its class)
    if a.__class__ not in SHAPES or a not in legal:
        want = rnd._key(a)
        if want is None or want not in rnd._legal_keys(seat, legal):
            raise IllegalAction(f"{a!r}: {rnd._why(a)}; legal: {rnd._short(legal)}")
    p = rnd.players[seat]
    held: list[int] = []
    if isinstance(a, (Discard, Riichi, Kakan, Nukidora)):
        held = [a.tile]
    elif isinstance(a, (Chi, Pon, Daiminkan, Ankan)):
        held = list(a.consumed)
        if not isinstance(a, Ankan):
            assert rnd._claim is not None
            if a.tile != rnd._claim.tile:
                raise IllegalAction(f"{a!r}: the discard is tile {rnd._claim.tile}")
    rest = list(p.hand)
    for t in held:
        if t not in rest:
            raise IllegalAction(f"{a!r}: tile {t} is not in seat {seat}'s hand")
        rest.remove(t)
    if isinstance(a, (Discard, Riichi)) and a.tsumogiri != (a.tile == rnd._drawn):
        raise IllegalAction(f"{a!r}: tsumogiri must be true exactly for the drawn tile")


def legal_keys(rnd: Any, seat: int, legal: list[Action]) -> set[Any]:
    cached = rnd._keys_cache.get(seat)
    if cached is None or cached[0] != rnd._version:
        cached = (rnd._version, {rnd._key(x) for x in legal})
        rnd._keys_cache[seat] = cached
    return cached[1]


def key(rnd: Any, a: Action) -> tuple[Any, ...] | None:
    red = rnd._reds
    if isinstance(a, (Discard, Riichi)):
        if a.tsumogiri != (a.tile == rnd._drawn):
            return None  # tsumogiri is true exactly for the drawn tile
        if a.__class__ is Riichi and a.open:  # an open riichi is its own action
            return (type(a), a.seat, a.tile >> 2, a.tile in red, a.tsumogiri, True)
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


def short(legal: list[Action]) -> str:
    text = ", ".join(repr(a) for a in legal[:6])
    return text + (f", ... ({len(legal)} in all)" if len(legal) > 6 else "")


# -------------------------------------------------------------- messages about logged events
# Logged events and the engine's actions are named in one vocabulary: mjai-like event words
# with tiles as mpsz text (``0`` for a red five), never physical ids nor mjai tile names.
_ACTION_WORDS = {
    Discard: "dahai",
    Riichi: "reach+dahai",
    Chi: "chi",
    Pon: "pon",
    Daiminkan: "daiminkan",
    Ankan: "ankan",
    Kakan: "kakan",
    Nukidora: "nukidora",
    Tsumo: "hora",
    Ron: "hora",
    Pass: "pass",
    Kyuushu: "ryukyoku",
}


def event_text(ev: Any) -> str:
    """A logged event in one line: its type, then actor, target, pai, consumed and reason
    when it has them, and a dahai's tsumogiri flag; tiles in mpsz."""
    out = [str(getattr(ev, "type", type(ev).__name__))]
    for name in ("actor", "target", "pai", "consumed", "reason"):
        v = getattr(ev, name, None)
        if v is None:
            continue
        if name == "consumed":
            v = ",".join(str(t) for t in v)
        out.append(f"{name}={v}")
    if getattr(ev, "type", "") == "dahai":
        out.append(f"tsumogiri={bool(getattr(ev, 'tsumogiri', False))}")
    return " ".join(out)


def action_text(rnd: Any, a: Action) -> str:
    """An action of ``rnd`` in the words of :func:`event_text`: what its event would be."""
    reds = rnd._reds
    word = _ACTION_WORDS.get(type(a), type(a).__name__)
    out = [word, f"actor={a.seat}"]
    c = rnd._claim
    if isinstance(a, (Chi, Pon, Daiminkan, Ron)) and c is not None:
        out.append(f"target={c.seat}")
    elif isinstance(a, Tsumo):
        out.append(f"target={a.seat}")
    tile = getattr(a, "tile", None)
    if tile is None and isinstance(a, Ron) and c is not None:
        tile = c.tile
    elif tile is None and isinstance(a, Tsumo):
        tile = rnd._drawn
    if tile is not None:
        out.append(f"pai={tile_text(tile, tile in reds)}")
    cons = getattr(a, "consumed", None)
    if cons is not None:
        out.append("consumed=" + ",".join(tile_text(t, t in reds) for t in sorted(cons)))
    if isinstance(a, Kyuushu):
        out.append("reason=kyuushu_kyuuhai")
    if isinstance(a, (Discard, Riichi)):
        out.append(f"tsumogiri={a.tsumogiri}")
    return " ".join(out)


def actions_text(rnd: Any, acts: list[Action], limit: int = 8) -> str:
    """The first ``limit`` actions in the words of :func:`action_text`, ``"none"`` when
    there are none."""
    text = "; ".join(action_text(rnd, a) for a in acts[:limit])
    if len(acts) > limit:
        text += f"; ... ({len(acts)} in all)"
    return text or "none"


def why(rnd: Any, a: Action) -> str:
    p = rnd.players[a.seat]
    if rnd._phase == CLAIM and isinstance(
        a, (Discard, Riichi, Tsumo, Ankan, Kakan, Kyuushu, Nukidora)
    ):
        return "claims on a discard are pending"
    if rnd._phase == TURN and isinstance(a, (Chi, Pon, Daiminkan, Ron, Pass)):
        return "there is no discard to claim"
    if isinstance(a, (Discard, Riichi, Kakan)) and a.tile not in p.hand:
        return f"tile {a.tile} is not in seat {a.seat}'s hand"
    if isinstance(a, (Discard, Riichi)) and a.tsumogiri != (a.tile == rnd._drawn):
        return "tsumogiri must be true exactly for the drawn tile"
    if isinstance(a, (Discard, Riichi)) and p.riichi:
        return "in riichi only the drawn tile may be discarded"
    if isinstance(a, (Discard, Riichi)) and (a.tile >> 2) in p.seat.kuikae:
        return "kuikae: that tile may not be discarded right after this call"
    if isinstance(a, Riichi):
        return why_not_riichi(rnd, a)
    if isinstance(a, Ron):
        why = furiten.reason(p, a.seat)
        if why is not None:
            return why
        return "the tile does not complete the hand with a yaku"
    if isinstance(a, Tsumo):
        return "the drawn tile does not complete the hand with a yaku"
    if isinstance(a, (Chi, Pon)):
        return "that call is not possible (tiles, seat, riichi, houtei or kuikae)"
    if isinstance(a, Ankan) and p.riichi and rnd._phase == TURN:
        return why_not_riichi_ankan(rnd, a)
    if isinstance(a, (Ankan, Kakan, Daiminkan)):
        return "that kan is not possible now"
    if isinstance(a, Kyuushu):
        return "kyuushu kyuuhai needs nine terminal/honor kinds on the first uninterrupted draw"
    if isinstance(a, Nukidora):
        if rnd._n != 3:
            return "nukidora exists in sanma (3 players) only"
        return (
            "nukidora needs a North in hand after a draw on the own turn and a live tile "
            "left (in riichi only the drawn North)"
        )
    return "not a legal action now"
