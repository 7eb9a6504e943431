"""Hypothesis strategies for hands built from blocks (so complete and tenpai hands are
common), with optional melds, and for arbitrary tile multisets."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

import riichi
from _brute import SUITS, block_tiles, can_sequence, counts_of, mpsz


@dataclass
class Built:
    """A 14-tile hand: concealed counts, meld texts and every tile the player holds."""

    concealed: list[int]
    melds: list[str]
    all_counts: list[int]

    def hand(self) -> riichi.Hand:
        return riichi.Hand.parse(" ".join([mpsz(self.concealed), *self.melds]))


def _kinds(groups: list[int]) -> list[int]:
    out: list[int] = []
    for g in groups:
        out.extend(range(g * 9, g * 9 + (9 if g < 3 else 7)))
    return out


@st.composite
def complete_hands(draw: st.DrawFn, max_melds: int = 4) -> Built:
    """A complete 14-tile hand: 4 sets + a pair over a few suits, some sets called."""
    groups = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    kinds = _kinds(groups)
    all_counts = [0] * 34
    concealed = [0] * 34
    melds: list[str] = []
    n_called = draw(st.integers(0, max_melds))
    for i in range(4):
        options = [("triplet", k) for k in kinds if all_counts[k] <= 1]
        options += [
            ("sequence", k)
            for k in kinds
            if can_sequence(k) and all(all_counts[k + j] <= 3 for j in range(3))
        ]
        if not options:
            break
        block = draw(st.sampled_from(options))
        tiles = block_tiles(block)
        called = i < n_called
        kind, t = block
        suit, number = SUITS[t // 9], t % 9 + 1
        if called and kind == "triplet":
            meld = draw(st.sampled_from(["pon", "ankan", "daiminkan"]))
            if meld != "pon" and all_counts[t] == 0:
                tiles = [t] * 4
            else:
                meld = "pon"
            melds.append(f"{meld}:{str(number) * len(tiles)}{suit}")
        elif called:
            melds.append(f"chi:{number}{number + 1}{number + 2}{suit}")
        for x in tiles:
            all_counts[x] += 1
            if not called:
                concealed[x] += 1
    pairs = [k for k in kinds if all_counts[k] <= 2]
    assume(pairs and len(melds) + sum(concealed) // 3 == 4)
    p = draw(st.sampled_from(pairs))
    all_counts[p] += 2
    concealed[p] += 2
    return Built(concealed, melds, all_counts)


@st.composite
def tenpai_like_hands(draw: st.DrawFn) -> tuple[Built, int]:
    """A complete hand and one concealed tile to take out (usually tenpai afterwards)."""
    built = draw(complete_hands())
    held = [k for k in range(34) if built.concealed[k]]
    return built, draw(st.sampled_from(held))


@st.composite
def random_concealed(draw: st.DrawFn, size: int) -> list[int]:
    """`size` random tiles from one or two suits (counts ≤ 4): mostly incomplete."""
    groups = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    kinds = _kinds(groups)
    counts = [0] * 34
    while sum(counts) < size:
        k = draw(st.sampled_from(kinds))
        if counts[k] < 4:
            counts[k] += 1
        elif all(counts[x] >= 4 for x in kinds):
            assume(False)
    return counts


def seven_pairs() -> st.SearchStrategy[list[int]]:
    """Chiitoitsu hands (often also regular: ryanpeikou)."""
    return st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True).map(
        lambda ks: counts_of(k for k in ks for _ in range(2))
    )


def kokushi_hands() -> st.SearchStrategy[list[int]]:
    """Kokushi: one of each terminal and honor plus one more of them."""
    yao = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    return st.sampled_from(yao).map(lambda extra: counts_of([*yao, extra]))
