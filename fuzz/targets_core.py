"""Harnesses of the core entry points: notation, shanten, waits / ukeire / discards,
decompose, score with random keyword arguments, the batch calls with random arrays,
``Rules(...)`` with random fields and ``Round.step`` with random and odd-typed actions.

Each reads its choices from the input bytes (:class:`fuzz.data.Data`). Beside "only
RiichiError escapes", each checks what must hold between the answers (shanten against the
batch kernel, every ukeire tile lowering the shanten, a refused action leaving the round
unchanged, tiles and points conserved)."""

from __future__ import annotations

import dataclasses
import typing

import numpy as np

import riichi
from fuzz import seeds
from fuzz.data import Data
from fuzz.oracle import Ctx, Violation
from riichi import IllegalAction, RiichiError
from riichi import actions as A
from riichi import batch as B
from riichi.rules import Rules, _type_hints

NOTATION = "0123456789mpsz"
MELD_TEXT = ("pon:", "chi:", "kan:", "ankan:", "kakan:", "daiminkan:", "@1", "@2", "@3", " ")
WINDS = ("E", "S", "W", "N", 27, 28, 29, 30, 0, 1, 2, 3)


def _text(d: Data, ctx: Ctx) -> str:
    """Hand text: a real winning hand (maybe edited), random notation with melds, or junk."""
    r = d.byte()
    if r < 96:
        t = d.pick(seeds.winning_hands())[0]
        for _ in range(d.int(0, 2)):
            i = d.int(0, len(t))
            t = t[:i] + d.pick(NOTATION) + t[i + d.int(0, 1) :]
        return t
    if r < 224:
        out = d.text(NOTATION, 20)
        for _ in range(d.int(0, 2)):
            out += " " + d.pick(MELD_TEXT[:6]) + d.text(NOTATION, 5) + d.pick(("", "@1", "@3", "@9"))
        return out
    ctx.tag("junk_text")
    return d.raw(d.int(0, 40)).decode("utf-8", "surrogateescape")


def _counts(d: Data) -> list[int]:
    """34 counts of 0..4 with a total of 1..14 (3n+1 or 3n+2 mostly)."""
    c = [0] * 34
    for _ in range(d.pick((13, 14, 13, 14, 10, 11, 7, 8, 4, 5, 1, 2))):
        k = d.int(0, 33)
        if c[k] < 4:
            c[k] += 1
    return c


def notation(data: bytes, ctx: Ctx) -> None:
    """``Hand.parse`` and the tile text functions; parse and format must round-trip."""
    d = Data(data)
    text = _text(d, ctx)
    try:
        hand = riichi.Hand.parse(text)
    except RiichiError:
        hand = None
    if hand is not None:
        sh = hand.shanten()
        if not -1 <= sh <= 8:
            raise Violation("shanten_range", f"{text!r}: {sh}")
    try:
        counts, red = riichi.parse_counts(text)
    except RiichiError:
        pass
    else:
        back = riichi.format_counts(counts, red)
        if riichi.parse_counts(back) != (counts, red):
            raise Violation("round_trip", f"{text!r} -> {back!r}")
    for f in (riichi.parse_tile, riichi.parse_tiles, riichi.parse_mjai):
        try:
            f(text)
        except RiichiError:
            pass
    k = d.pick((0, 4, 33, 34, -1, 135, d.int(0, 40)))
    red_flag = d.pick((False, True))
    if d.chance(32):
        ctx.tag("odd_type")
        k = d.odd()
    if d.chance(32):
        ctx.tag("odd_type")
        red_flag = d.odd()
    for f in (riichi.tile_name, riichi.mjai_name):
        try:
            name = f(k, red_flag)
        except RiichiError:
            continue
        if f is riichi.tile_name and riichi.parse_tile(name) != int(k):
            raise Violation("round_trip", f"tile_name({k!r}) = {name!r}")
    if d.chance(24):
        ctx.tag("odd_type")
        try:
            riichi.Hand.parse(d.odd())
        except RiichiError:
            pass


def shanten(data: bytes, ctx: Ctx) -> None:
    """``shanten`` of counts and text, against ``Hand.shanten``, ``shanten_detail`` and the
    batch kernel on the same row."""
    d = Data(data)
    c = _counts(d)
    try:
        sh = riichi.shanten(c)
    except RiichiError:
        sh = None
    try:
        batch = int(B.shanten(np.array([c], np.uint8), threads=1)[0])
    except RiichiError:
        batch = None
    if sh != batch:
        raise Violation("shanten_batch", f"{riichi.format_counts(c)}: single {sh}, batch {batch}")
    if sh is not None:
        text = riichi.format_counts(c)
        if riichi.Hand.parse(text).shanten() != sh or riichi.shanten(text) != sh:
            raise Violation("shanten_text", f"{text}: {sh}")
        det = riichi.shanten_detail(c)
        forms = [v for v in (det.regular, det.chiitoitsu, det.kokushi) if v is not None]
        if forms and min(forms) != sh:
            raise Violation("shanten_detail", f"{text}: {det!r} vs {sh}")
    text = _text(d, ctx)
    try:
        riichi.shanten(text)
    except RiichiError:
        pass
    if d.chance(24):
        ctx.tag("odd_type")
        try:
            riichi.shanten(d.odd())
        except RiichiError:
            pass


def _minus(c: list[int], k: int) -> list[int]:
    c = list(c)
    c[k] -= 1
    return c


def _plus(c: list[int], k: int) -> list[int]:
    c = list(c)
    c[k] += 1
    return c


def waits(data: bytes, ctx: Ctx) -> None:
    """``waits``, ``ukeire`` (with visible tiles) and ``discards``: every ukeire tile lowers
    the shanten, every discard's shanten is the shanten after it, waits are the tiles that
    complete a tenpai hand."""
    d = Data(data)
    c = _counts(d)
    text = riichi.format_counts(c)
    try:
        hand = riichi.Hand.parse(text)
    except RiichiError:
        return
    n = sum(c)
    sh = hand.shanten()
    if n % 3 == 1:
        vis = [d.int(0, 4 - x) if d.chance(48) else 0 for x in c]
        vis_arg: object = vis
        if d.chance(16):
            ctx.tag("odd_type")
            vis_arg = d.odd()
        try:
            hand.ukeire(vis_arg)  # type: ignore[arg-type]
        except RiichiError:
            pass
        u = hand.ukeire(vis)
        for t, cnt in zip(u.tiles, u.counts):
            if riichi.shanten(_plus(c, t)) != sh - 1:
                raise Violation("ukeire_tile", f"{text}: {t} does not lower shanten {sh}")
            if cnt != 4 - c[t] - vis[t]:
                raise Violation("ukeire_count", f"{text}: tile {t} count {cnt}")
        if u.total != sum(u.counts):
            raise Violation("ukeire_total", f"{text}: {u!r}")
        ws = hand.waits()
        if (sh == 0) != bool(ws) and not (sh == 0 and all(c[w.tile] == 4 for w in ws)):
            raise Violation("waits_tenpai", f"{text}: shanten {sh}, waits {ws}")
        for w in ws:
            if c[w.tile] < 4 and riichi.shanten(_plus(c, w.tile)) != -1:
                raise Violation("wait_not_winning", f"{text}: {w!r}")
    else:
        for opt in hand.discards():
            if riichi.shanten(_minus(c, opt.tile)) != opt.shanten:
                raise Violation("discard_shanten", f"{text}: {opt!r}")


def decompose(data: bytes, ctx: Ctx) -> None:
    """``decompose`` with and without a winning tile: readings exist exactly for a complete
    hand, and name the winning tile asked for."""
    d = Data(data)
    if d.chance(128):
        text, win = d.pick(seeds.winning_hands())
    else:
        text = riichi.format_counts(_counts(d))
        win = riichi.tile_name(d.int(0, 33))
    win_arg: object = d.pick((win, riichi.parse_tile(win), None))
    if d.chance(16):
        ctx.tag("odd_type")
        win_arg = d.odd()
    try:
        readings = riichi.decompose(text, win_arg)  # type: ignore[arg-type]
    except RiichiError:
        return
    complete = riichi.shanten(text) == -1
    if bool(readings) != complete and win_arg is None:
        raise Violation("decompose_complete", f"{text}: shanten -1 is {complete}, {readings}")
    for r in readings:
        if "odd_type" not in ctx.tags and win_arg is not None and r.win_tile != riichi.parse_tile(win):
            raise Violation("decompose_win_tile", f"{text} {win}: {r!r}")


_SCORE_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
                "chankan", "tenhou", "chiihou", "renhou")
_RULE_PRESETS = (Rules.tenhou(), Rules.tenhou_sanma(), Rules.mahjong_soul(), Rules.tenhou(red=False))


def score(data: bytes, ctx: Ctx) -> None:
    """``score`` of real winning hands (and edited ones) with random keyword arguments."""
    d = Data(data)
    text, win = d.pick(seeds.winning_hands()) if d.chance(200) else (_text(d, ctx), "1m")
    if d.chance(48):
        win = riichi.tile_name(d.int(0, 33))
    kw: dict[str, object] = {}
    for f in _SCORE_FLAGS:
        if d.chance(40):
            kw[f] = d.pick((True, False, None))
    if d.chance(128):
        kw["seat_wind"] = d.pick(WINDS)
    if d.chance(128):
        kw["round_wind"] = d.pick(WINDS)
    for key in ("dora_indicators", "ura_indicators"):
        if d.chance(96):
            kw[key] = d.pick(("1m", "5z9s", [d.int(0, 33)], ["1m", 4], "", [], "1m2m3m4m5m"))
    for key, hi in (("honba", 20), ("kyotaku", 10), ("nukidora", 4)):
        if d.chance(64):
            kw[key] = d.int(0, hi)
    if d.chance(64):
        kw["rules"] = d.pick(_RULE_PRESETS)
    if d.chance(40):
        ctx.tag("odd_type")
        kw[d.pick((*_SCORE_FLAGS, "seat_wind", "round_wind", "dora_indicators", "honba",
                   "kyotaku", "nukidora", "rules"))] = d.odd()
    win_arg: object = win if d.chance(200) else riichi.parse_tile(win)
    try:
        r = riichi.score(text, win_arg, **kw)  # type: ignore[arg-type]
    except RiichiError:
        return
    if r.points % 100 or r.points < 0 or r.total < 0:
        raise Violation("score_points", f"{text} {win} {kw}: {r.to_dict()}")
    if not r.is_agari and (r.has_yaku or r.points):
        raise Violation("score_not_agari", f"{text} {win} {kw}: {r.to_dict()}")
    if r.has_yaku and r.points <= 0:
        raise Violation("score_yaku_no_points", f"{text} {win} {kw}: {r.to_dict()}")
    if r.has_yaku and not r.yakuman and (r.han < 1 or r.han != sum(h for _, h in r.yaku)):
        raise Violation("score_han", f"{text} {win} {kw}: {r.to_dict()}")


def _array(d: Data) -> np.ndarray:
    """A (N, 34) uint8 array of hands, or of garbage: other dtypes, shapes and values."""
    n = d.int(0, 6)
    rows = [_counts(d) for _ in range(n)]
    r = d.byte()
    if r < 180:
        return np.array(rows, np.uint8).reshape(n, 34)
    a = np.array(rows, d.pick((np.int8, np.int64, np.float64, np.uint16, np.bool_)))
    a = a.reshape(n, 34)
    if r < 220 and n:
        a = a.copy()
        a[d.int(0, n - 1), d.int(0, 33)] = d.pick((5, 100, 0, 13))
    elif r < 240:
        a = a.reshape(-1)
    elif n:
        a = a[:, : d.int(0, 34)]
    return a


def batch(data: bytes, ctx: Ctx) -> None:
    """``batch.shanten`` / ``ukeire`` / ``score`` / ``score_arrays`` on random arrays: a
    result or a RiichiError; rows of a result equal the single calls."""
    d = Data(data)
    a = _array(d)
    threads = d.pick((None, 1, 2))
    form = d.pick(("minimum", "regular", "chiitoitsu", "kokushi", "bad"))
    if d.chance(16):
        ctx.tag("odd_type")
        threads = d.odd()
    try:
        out = B.shanten(a, form=form, threads=threads)  # type: ignore[arg-type]
    except RiichiError:
        pass
    else:
        if form == "minimum":
            for i in range(len(a)):
                if out[i] != riichi.shanten([int(x) for x in a[i]]):
                    raise Violation("batch_shanten_row", f"row {i} {a[i].tolist()}: {out[i]}")
    vis = d.pick((None, np.zeros(34, np.uint8), np.ones((len(a), 34), np.uint8), np.zeros(3)))
    try:
        B.ukeire(a, vis, threads=d.pick((None, 1)))  # type: ignore[arg-type]
    except RiichiError:
        pass
    n = len(a) if a.ndim else 0
    wins = np.array([d.int(0, 35) for _ in range(n)], np.uint8)
    cols: dict[str, object] = {}
    for name, shape, hi in (("flags", (), 4000), ("seat_wind", (), 4), ("round_wind", (), 4),
                            ("honba", (), 20), ("kyotaku", (), 5), ("red", (3,), 2)):
        if d.chance(48):
            cols[name] = np.array([d.int(0, hi) for _ in range(n * int(np.prod(shape)))],
                                  np.uint16 if name in ("flags", "honba", "kyotaku") else np.uint8
                                  ).reshape((n, *shape))
    if d.chance(32):
        cols["dora"] = np.array([[d.int(-1, 33)] for _ in range(n)], np.int8).reshape(n, 1)
    if d.chance(32):
        cols["melds"] = np.array([[d.int(0, 6), d.int(0, 33), 0] for _ in range(n)],
                                 np.uint8).reshape(n, 1, 3)
    conc: object = a
    if d.chance(16):
        ctx.tag("odd_type")
        if d.chance(128):
            conc = d.odd()
        else:
            cols[d.pick(("flags", "red", "melds", "dora", "rules", "honba"))] = d.odd()
    try:
        B.score_arrays(conc, wins, **cols)  # type: ignore[arg-type]
    except RiichiError:
        pass
    reqs: list[object] = []
    for i in range(min(n, 3) if a.ndim == 2 else 0):
        reqs.append({"hand": riichi.format_counts([min(int(x), 4) for x in a[i]]),
                     "win_tile": int(wins[i]) % 34, "tsumo": d.pick((True, False))})
    if d.chance(24):
        ctx.tag("odd_type")
        reqs.append(d.pick(({"hand": d.odd(), "win_tile": "1m"}, ("1m",), d.odd(),
                            {"hand": "123m", "win_tile": "1m", "tsumo": d.odd()})))
    try:
        B.score(reqs)  # type: ignore[arg-type]
    except RiichiError:
        pass


_HINTS = _type_hints()


def _field_value(d: Data, name: str, default: object) -> object:
    hint = _HINTS[name]
    args = typing.get_args(hint)
    r = d.byte()
    if r < 24:
        return d.odd()
    if typing.get_origin(hint) is typing.Literal:
        return d.pick(args)
    if hint is bool:
        return d.pick((True, False))
    if isinstance(default, tuple) or name in ("uma", "red_fives", "double_yakuman_special_waits"):
        if name == "uma":
            return d.pick(((20000, 10000, -10000, -20000), (15000, 5000, -5000, -15000),
                           (20000, 0, -20000), (0, 0, 0, 0), (10000, -10000)))
        if name == "red_fives":
            return (d.int(0, 2), d.int(0, 2), d.int(0, 2))
        return tuple(d.pick(("daisuushii", "suuankou_tanki", "kokushi_13", "chuuren_9", "x"))
                     for _ in range(d.int(0, 2)))
    if name == "num_players":
        return d.pick((3, 4))
    base = default if isinstance(default, int) else 0
    return d.pick((base, 0, 1, base * 2, base // 2, -100, 100, 12000, 30000, None))


def rules(data: bytes, ctx: Ctx) -> None:
    """``Rules(...)`` with random fields: a Rules or a RiichiError naming the field; a Rules
    that was made scores a hand and plays a game (with the invariants of :func:`step`)."""
    d = Data(data)
    base = d.pick(_RULE_PRESETS)
    fields = [f for f in dataclasses.fields(Rules) if f.init]
    kw: dict[str, object] = {}
    for _ in range(d.int(0, 6)):
        f = d.pick(fields)
        kw[f.name] = _field_value(d, f.name, getattr(base, f.name))
    if base.num_players == 3 and "num_players" not in kw and "uma" not in kw:
        kw["num_players"] = 3
    try:
        r = dataclasses.replace(base, **kw)
    except RiichiError:
        return
    riichi.score("123m406p789s11222z", "2z", rules=r)
    _play(d, ctx, r, max_steps=d.pick((40, 200, 2000)))


def _snapshot(g: riichi.Game) -> tuple[object, ...]:
    rnd = g.round
    return (repr(rnd.state), len(g.events), len(rnd.events), list(g.scores), rnd.phase)


def _odd_action(d: Data, ctx: Ctx, legal: list[A.Action], seat: int) -> A.Action:
    """A legal action with one field made odd (a float equal to the int, a bool, a numpy
    int, junk), or an action of a random class with random fields."""
    if legal and d.chance(160):
        a = d.pick(legal)
        names = [f.name for f in dataclasses.fields(a)]
        name = d.pick(names)
        v = getattr(a, name)
        if isinstance(v, tuple):
            odd = d.pick((list(v), v[:-1], (*v, v[0]), tuple(float(x) for x in v),
                          tuple(np.int64(x) for x in v), None))
        else:
            odd = d.pick((float(v), bool(v) if v in (0, 1) else -1, np.int64(v), str(v),
                          None, v + 1, v - 1, 2**64, d.odd()))
        ctx.tag("odd_action")
        return dataclasses.replace(a, **{name: odd})
    cls = d.pick((A.Discard, A.Riichi, A.Chi, A.Pon, A.Daiminkan, A.Ankan, A.Kakan, A.Tsumo,
                  A.Ron, A.Pass, A.Kyuushu, A.Nukidora))
    kw: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.name == "seat":
            kw[f.name] = seat if d.chance(200) else d.int(-1, 4)
        elif f.name == "consumed":
            size = {A.Ankan: 4, A.Daiminkan: 3}.get(cls, 2)
            kw[f.name] = tuple(d.int(0, 136) for _ in range(size))
        elif f.name == "tsumogiri":
            kw[f.name] = d.pick((False, True))
        else:
            kw[f.name] = d.int(0, 136)
    return cls(**kw)


def _check_round(g: riichi.Game, rnd: object, total: int, stick: int) -> None:
    locs = sorted(rnd.tile_locations())  # type: ignore[attr-defined]
    n = 136 if rnd._n == 4 else 108  # type: ignore[attr-defined]
    if len(locs) != n or len(set(locs)) != n:
        raise Violation("tiles_not_conserved", f"{len(locs)} ids, {len(set(locs))} distinct")
    now = sum(rnd.scores) + rnd.kyotaku * stick  # type: ignore[attr-defined]
    if now != total:
        raise Violation("points_not_conserved", f"{total} -> {now} ({rnd.scores}, "
                        f"kyotaku {rnd.kyotaku})")  # type: ignore[attr-defined]


def _check_events(events: list[object]) -> None:
    for ev in events:
        for name in ("actor", "target"):
            v = getattr(ev, name, None)
            if v is not None and v.__class__ is not int:
                raise Violation("event_field_type", f"{ev!r:.200}: {name} is {type(v).__name__}")


def _play(d: Data, ctx: Ctx, rules: Rules, max_steps: int) -> None:
    """Play a game of random actions: mostly legal ones, some odd-typed or random ones.

    A legal action must be accepted; an action not in ``legal_actions`` (by its equivalence
    key) must raise IllegalAction and leave the round as it was; after every accepted action
    every tile id is somewhere exactly once, the points (scores plus riichi sticks) of the
    round are what they were at its start, and the events hold plain int seats.
    """
    seed = d.int(0, 2**32)
    try:
        g = riichi.Game(rules, seed=seed)
    except RiichiError:
        return
    stick = rules.riichi_stick
    rnd = g.round
    total = sum(rnd.scores) + rnd.kyotaku * stick
    for _ in range(max_steps):
        if g.is_over:
            return
        seat = d.pick(g.seats_to_act)
        legal = g.legal_actions(seat)
        ctx.tags.discard("odd_action")  # the tag is about the action stepped now
        r = d.byte()
        action = d.pick(legal) if r < 216 or not legal else _odd_action(d, ctx, legal, seat)
        # what may be stepped now: the picked seat's actions and, when an odd action names
        # another seat that also has a claim to answer, that seat's (its Pass is legal)
        offered = list(legal)
        other = getattr(action, "seat", None)
        if other.__class__ is int and other != seat and other in g.seats_to_act:
            offered += g.legal_actions(other)
        keys = {rnd.action_key(x) for x in offered}
        # legal as it is: equal to an offered action and of the same field types (0.0 equals
        # False, but a float flag may be refused)
        known_legal = any(repr(x) == repr(action) for x in offered)
        before = _snapshot(g)
        n_events = len(g.events)
        try:
            g.step(action)
        except IllegalAction:
            if known_legal:
                raise Violation("legal_refused", f"{action!r} is in legal_actions") from None
            if _snapshot(g) != before:
                raise Violation("state_changed_on_refusal", f"{action!r}") from None
            continue
        except RiichiError:
            raise
        except Exception:
            if "odd_action" in ctx.tags:
                ctx.tag("odd_action_broke")
            raise
        if not known_legal:
            try:
                key = rnd.action_key(action)
            except Exception:
                key = None
            if key not in keys:
                raise Violation("illegal_accepted", f"{action!r} not among {offered!r:.300}")
        _check_events(g.events[n_events:])
        _check_round(g, rnd, total, stick)
        if g.round is not rnd:  # a new round: it starts from the old one's points
            rnd = g.round
            now = sum(rnd.scores) + rnd.kyotaku * stick
            if now != total:
                raise Violation("points_not_conserved", f"between rounds {total} -> {now}")
            _check_round(g, rnd, total, stick)


def step(data: bytes, ctx: Ctx) -> None:
    """``Round.step`` (through ``Game``) with random legal, random and odd-typed actions
    under the presets; see :func:`_play` for what is checked."""
    d = Data(data)
    rules_ = d.pick(_RULE_PRESETS)
    if d.chance(24):
        ctx.tag("odd_ctor")
        try:
            riichi.Game(rules_, **{d.pick(("seed", "scores", "won", "walls", "dealer", "honba",
                                           "kyotaku", "round_wind")): d.odd()})
        except RiichiError:
            pass
        ctx.tags.discard("odd_ctor")
    _play(d, ctx, rules_, max_steps=d.pick((50, 300, 3000)))
