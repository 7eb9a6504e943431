"""The replay's fast paths equal the definitions they shortcut.

``Round.match_event`` answers a logged ``dahai`` without listing every legal action
(``Round._match_dahai``), a ``hora`` (``_match_hora``) and a ``chi`` / ``pon`` /
``daiminkan`` (``_match_call``) without copying or keying the listing. By definition
(issue 5) a logged action is legal when it is among ``legal_actions``; these tests check on
many sampled states, from random self-play under several rule variants and from real Tenhou
logs, that the shortcuts return exactly the action the listing picks (or none when the
listing has none), for every tile class, tsumogiri flag and riichi flag. And a discard the
log shows no claim on, or claims only some seats claim (``Round._discard(..., answer)``),
leaves the round as stepping the discard and the Pass of every other seat offered a claim.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import riichi
from engine_support import base_rules, make_rules, require_slow
from riichi.actions import Chi, Daiminkan, Discard, Pass, Pon, Riichi, Ron, Tsumo
from riichi.events import Dahai, Hora, Tile
from riichi.round import Round
from riichi.wall import Wall

_TILES = sorted(
    {Tile.of(k, r) for k in range(34) for r in (False, True) if not r or k in (4, 13, 22)}
)


def _by_listing(r: Round, ev: Dahai, riichi_flag: bool):
    """The definition: the first legal action of the event's kind and tile (kind and red
    flag) with the logged tsumogiri flag; None when there is none."""
    if not 0 <= ev.actor <= 3:
        return None
    cls = Riichi if riichi_flag else Discard
    reds = r._reds
    want = [
        a
        for a in r.legal_actions(ev.actor)
        if type(a) is cls and a.tile >> 2 == ev.pai.kind and (a.tile in reds) == ev.pai.red
    ]
    want = [a for a in want if a.tsumogiri == bool(ev.tsumogiri)]
    return want[0] if want else None


def check_state(r: Round, seats=range(4)) -> int:
    """Compare the shortcut with the listing for every candidate dahai; returns the count."""
    n = 0
    for seat in seats:
        for tile in _TILES:
            for tsumogiri in (False, True):
                ev = Dahai(actor=seat, pai=tile, tsumogiri=tsumogiri)
                for flag in (False, True):
                    assert r._match_dahai(ev, flag) == _by_listing(r, ev, flag), (
                        seat, tile, tsumogiri, flag, r.hand(seat), r.state["drawn"],
                    )  # fmt: skip
                    n += 1
    return n


def _choose(r: Round, s: int, rng: random.Random, call_p: float):
    """Favour riichi and calls, and discards that lower shanten, so that riichi, furiten and
    the states after calls are sampled (random discards rarely reach tenpai)."""
    acts = r.legal_actions(s)
    riichi_ = [a for a in acts if type(a) is Riichi]
    if riichi_ and rng.random() < 0.9:
        return riichi_[rng.randrange(len(riichi_))]
    calls = [a for a in acts if type(a).__name__ in ("Chi", "Pon", "Daiminkan")]
    if calls and rng.random() < call_p:
        return calls[rng.randrange(len(calls))]
    discards = [a for a in acts if type(a) is Discard]
    if discards and rng.random() < 0.8:
        hand = r.hand(s)

        def after(a):
            c = [0] * 34
            for t in hand:
                c[t >> 2] += 1
            c[a.tile >> 2] -= 1
            return riichi.shanten(c)

        return min(discards, key=after)
    return acts[rng.randrange(len(acts))]


def check_hora(r: Round) -> int:
    """``_match_hora`` equals the listing's first Tsumo (target = actor) or Ron."""
    n = 0
    for seat in range(4):
        legal = r.legal_actions(seat)
        for target in range(4):
            cls = Tsumo if target == seat else Ron
            want = next((a for a in legal if isinstance(a, cls)), None)
            ev = Hora(actor=seat, target=target, pai=Tile.of(0))
            assert r._match_hora(ev) == want, (seat, target, r.phase, legal)
            n += want is not None
    return n


def check_call_match(r: Round) -> int:
    """``_match_call`` equals the listing's first call of the logged class whose consumed
    tiles have the logged kinds and red flags, for every seat and every pair of tiles the
    seat could show (the offered ones and others); returns how many matched."""
    from riichi.events import Chi as ChiEv
    from riichi.events import Daiminkan as DaiminkanEv
    from riichi.events import Pon as PonEv

    reds = r._reds
    n = 0
    for seat in range(4):
        legal = r.legal_actions(seat)
        held = sorted({(t >> 2, t in reds) for t in r.players[seat].hand})
        shown = {tuple(sorted((t >> 2, t in reds) for t in a.consumed))
                 for a in legal if hasattr(a, "consumed")}  # fmt: skip
        shown |= {(a, b) for a in held[:4] for b in held[:4] if a <= b}
        shown |= {(a, a, a) for a in held[:3]}
        for ev_cls, cls in ((ChiEv, Chi), (PonEv, Pon), (DaiminkanEv, Daiminkan)):
            for cons in shown:
                ev = ev_cls(actor=seat, target=0, pai=Tile.of(0),
                            consumed=tuple(Tile.of(k, red) for k, red in cons))  # fmt: skip
                want = [a for a in legal if type(a) is cls
                        and tuple(sorted((t >> 2, t in reds) for t in a.consumed)) == cons]  # fmt: skip
                got = r._match_call(ev, cls)
                assert got == (want[0] if want else None), (seat, cons, legal)
                n += got is not None
    return n


def _calls_by_definition(r: Round, o: int, d: int, tile: int) -> list:
    """The call options spelled out (the engine's earlier code, kept as the reference): every
    distinct choice of ids, each kept only if the hand then still has a discard that kuikae
    allows."""
    p = r.players[o]
    k = tile >> 2
    hand = p.hand

    def has_discard(used, forbid):
        held = sum(p.counts[f] for f in forbid) - sum(1 for t in used if (t >> 2) in forbid)
        return len(hand) - len(used) > held

    kuikae = r.rules.kuikae == "forbidden"
    acts: list = []
    same = sorted(t for t in hand if t >> 2 == k)
    if len(same) >= 2:
        acts += [Pon(o, tile, pair) for pair in r._choices(same, 2)
                 if has_discard(pair, {k} if kuikae else set())]  # fmt: skip
    if len(same) == 3 and len(r._kans) < 4:
        acts.append(Daiminkan(o, tile, tuple(same)))
    if o == (d + 1) % 4 and k < 27:
        n = k % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if not (0 <= n + a <= 8 and 0 <= n + b <= 8):
                continue
            ida = sorted(t for t in hand if t >> 2 == k + a)
            idb = sorted(t for t in hand if t >> 2 == k + b)
            if not ida or not idb:
                continue
            forbid = set()
            if kuikae:
                forbid = {k} | ({k + 3} if a == 1 and n + 3 <= 8 else set())
                forbid |= {k - 3} if b == -1 and n - 3 >= 0 else set()
            for (ta,) in r._choices(ida, 1):
                for (tb,) in r._choices(idb, 1):
                    if has_discard((ta, tb), forbid):
                        acts.append(Chi(o, tile, (ta, tb)))
    return acts


def check_calls(r: Round) -> int:
    """``_call_options`` equals the definition, and ``_may_call`` says whether it offers
    anything (what the lazy claim options rely on), for every seat, every discarded kind,
    from kamicha or not."""
    n = 0
    for o in range(4):
        p = r.players[o]
        for k in range(34):
            for kamicha, d in ((True, (o + 3) % 4), (False, (o + 2) % 4)):
                tile = 4 * k + 3
                want = _calls_by_definition(r, o, d, tile)
                assert r._call_options(o, d, tile) == want, (o, k, kamicha, r.hand(o))
                assert r._may_call(p, k, kamicha) == bool(want), (o, k, kamicha, r.hand(o))
                n += 1
    return n


_VARIANTS = [
    base_rules(),
    make_rules(furiten_riichi=False),
    make_rules(kuikae="allowed"),
    make_rules(red_fives=(0, 0, 0)),
    make_rules(red_fives=(2, 1, 3)),
]


# The default run plays the base rules and the uneven red fives (each variant is about 5 s
# of CPU, together the default run's largest share); the furiten-riichi, kuikae and no-red
# variants run at the same size with -m slow.
_SLOW_VARIANTS = (1, 2, 3)


@pytest.mark.parametrize(
    "variant",
    [pytest.param(v, marks=pytest.mark.slow) if v in _SLOW_VARIANTS else v
     for v in range(len(_VARIANTS))],
)  # fmt: skip
def test_dahai_shortcut_equals_the_listing_in_self_play(variant, request):
    if variant in _SLOW_VARIANTS:
        require_slow(request)
    rules = _VARIANTS[variant]
    rng = random.Random(variant)
    checked = riichi_offered = after_call = in_riichi = calls_checked = claims_checked = 0
    wins_offered = calls_matched = 0
    for seed in range(30):
        r = Round(rules, Wall.from_seed(seed * 7 + variant), dealer=seed % 4)
        while not r.is_over:
            seats = r.seats_to_act
            if r.phase == "turn":
                s = seats[0]
                checked += check_state(r, (s, (s + 1) % 4))
                calls_checked += check_calls(r)
                acts = r.legal_actions(s)
                riichi_offered += any(type(a) is Riichi for a in acts)
                after_call += r.state["drawn"] is None
                in_riichi += r.state["riichi"][s]
            wins_offered += check_hora(r)
            c = r._claim
            if r.phase == "claim" and c.kind == "dahai" and not c.responses:
                # the lazily built claim options equal the eager listing of every seat
                eager = r._claim_options("dahai", c.seat, c.tile)
                assert sorted(eager) == seats
                for o in range(4):
                    assert r.legal_actions(o) == eager.get(o, [])
                claims_checked += 1
                calls_matched += check_call_match(r)
            s = seats[rng.randrange(len(seats))]
            r.step(_choose(r, s, rng, 0.3 if seed % 3 == 0 else 0.0))
    assert checked > 20_000 and calls_checked > 20_000 and claims_checked > 100
    assert wins_offered > 10 and calls_matched > 100
    assert riichi_offered and after_call and in_riichi  # the interesting states were seen


def test_dahai_shortcut_equals_the_listing_on_real_logs(shared, monkeypatch):
    from riichi.logs import read_log
    from riichi.replay import replay_game

    files = sorted(f for f in (shared / "data" / "mjlog").rglob("*") if f.is_file())[::50]
    if not files:
        pytest.skip("no mjlog files")
    seen = {"states": 0, "checks": 0, "wins": 0, "calls": 0}
    match_event, match_dahai = Round.match_event, Round._match_dahai
    busy: list[int] = []  # check_state calls _match_dahai itself

    def checked_dahai(self, event, riichi):
        if not busy and self.phase == "turn":
            busy.append(1)
            try:
                seen["wins"] += check_hora(self)
                seen["states"] += 1
                seen["checks"] += check_state(self, (self.current_seat,))
            finally:
                busy.pop()
        return match_dahai(self, event, riichi)  # last: it records the action for step()

    def checked(self, event, *, riichi=False):
        seen["wins"] += check_hora(self)
        if self.phase == "claim":
            seen["calls"] += check_call_match(self)
        return match_event(self, event, riichi=riichi)

    # the replay calls _match_dahai first for a dahai, match_event for everything else
    monkeypatch.setattr(Round, "_match_dahai", checked_dahai)
    monkeypatch.setattr(Round, "match_event", checked)
    for f in files:
        try:
            g = read_log(str(f))
        except riichi.RiichiError:
            continue  # unreadable files are the verify tests' business
        if g.start.players == 4:
            replay_game(g)
    assert seen["states"] > 10_000 and seen["wins"] > 100 and seen["calls"] > 100


def test_a_shortcut_miss_still_names_the_legal_actions():
    r = Round(base_rules(), Wall.from_seed(3))
    s = r.current_seat
    held = {t >> 2 for t in r.hand(s)}
    kind = next(k for k in range(34) if k not in held)
    with pytest.raises(riichi.IllegalAction, match="legal: "):
        r.match_event(Dahai(actor=s, pai=Tile.of(kind), tsumogiri=False))
    with pytest.raises(riichi.IllegalAction, match="legal: "):
        r.match_event(Dahai(actor=(s + 1) % 4, pai=Tile.of(r.hand(s)[0] >> 2), tsumogiri=False))
    assert dataclasses.is_dataclass(r.legal_actions(s)[0])


def _result_key(res):
    """A round result comparable by value (the core's score objects compare by identity:
    their fields are compared through the hora events)."""
    if res is None:
        return None
    return dataclasses.replace(
        res, wins=tuple(dataclasses.replace(w, score=None) for w in res.wins)
    )


def _same_round(a: Round, b: Round) -> None:
    """Everything observable and every private field the flow reads agree."""
    sa, sb = a.state, b.state
    assert _result_key(sa.pop("result")) == _result_key(sb.pop("result"))
    assert sa == sb
    assert a.events == b.events
    assert (a.phase, a.current_seat, a.seats_to_act) == (b.phase, b.current_seat, b.seats_to_act)
    for s in range(4):
        pa, pb = a.players[s], b.players[s]
        for name in type(pa).__slots__:
            assert getattr(pa, name) == getattr(pb, name), (s, name)
        assert a.legal_actions(s) == b.legal_actions(s)
        assert a.observation(s) == b.observation(s)
    for name in ("_first_discards", "_pending_dora", "_uninterrupted", "_drawn", "_forbidden"):
        assert getattr(a, name) == getattr(b, name), name


@pytest.mark.parametrize("variant", range(len(_VARIANTS)))
def test_a_discard_answered_by_some_seats_equals_the_others_passing(variant):
    """``Round._discard(..., answer)`` (the log replay gives the seats the log shows
    claiming: none for most discards) leaves the round as stepping the discard and then the
    Pass of every other seat offered a claim, and after the claimers' answers as well:
    furiten, riichi sticks, calls, rons, abortive draws, the exhaustive draw and the next
    draw included."""
    rules = _VARIANTS[variant]
    rng = random.Random(100 + variant)
    compared = with_claims = kept = riichi_ = ended = 0
    for seed in range(40):
        r = Round(rules, Wall.from_seed(seed * 11 + variant), dealer=seed % 4)
        while not r.is_over:
            seats = r.seats_to_act
            s = seats[rng.randrange(len(seats))]
            a = _choose(r, s, rng, 0.3 if seed % 2 else 0.0)
            if r.phase != "turn" or type(a) not in (Discard, Riichi):
                r.step(a)
                continue
            twin = r.clone()
            r.step(a)
            keep: list[int] = []
            if r.phase == "claim":
                with_claims += 1
                keep = [q for q in r.seats_to_act if rng.random() < 0.5]
                for q in r.seats_to_act:
                    if q not in keep:
                        r.step(next(x for x in r.legal_actions(q) if type(x) is Pass))
            twin._version += 1  # as step(): cached listings expire
            twin._discard(a.seat, a.tile, a.tsumogiri, type(a) is Riichi, frozenset(keep))
            _same_round(r, twin)
            for q in keep:  # the claimers answer alike on both
                if r.is_over or q not in r.seats_to_act:
                    continue
                x = _choose(r, q, rng, 0.7)
                r.step(x)
                twin.step(next(y for y in twin.legal_actions(q) if y == x))
                kept += 1
            _same_round(r, twin)
            compared += 1
            riichi_ += type(a) is Riichi
            ended += r.is_over
    assert compared > 2_000 and with_claims > 100 and kept > 50 and riichi_ > 0
    assert ended > 20
