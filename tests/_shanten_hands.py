"""Hand generators and brute-force references shared by the shanten/ukeire tests."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

VALID_SIZES = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]

# meld shapes as tile kinds: 34 triplets, 21 sequences
MELDS = [(k, k, k) for k in range(34)] + [
    (9 * s + r, 9 * s + r + 1, 9 * s + r + 2) for s in range(3) for r in range(7)
]


@st.composite
def random_hands(draw, sizes=VALID_SIZES):
    """Counts of n tiles drawn without replacement from the 136-tile set."""
    n = draw(st.sampled_from(sizes))
    ids = draw(st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True))
    counts = [0] * 34
    for i in ids:
        counts[i // 4] += 1
    return counts


@st.composite
def near_complete_hands(draw, sizes=VALID_SIZES):
    """A complete shape (melds + pair) with a few tiles removed or swapped: the hands
    where shanten algorithms differ."""
    n = draw(st.sampled_from(sizes))
    melds = n // 3
    counts = [0] * 34
    for _ in range(melds):
        for k in draw(st.sampled_from(MELDS)):
            counts[k] += 1
    counts[draw(st.integers(0, 33))] += 2
    # now 3*melds + 2 tiles; trim to n, then swap a few
    while sum(counts) > n:
        held = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(held))] -= 1
    for _ in range(draw(st.integers(0, 2))):
        held = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(held))] -= 1
        counts[draw(st.integers(0, 33))] += 1
    if max(counts) > 4:
        # fold overflow onto free kinds deterministically
        for k in range(34):
            while counts[k] > 4:
                counts[k] -= 1
                counts[next(j for j in range(34) if counts[j] < 4)] += 1
    return counts


def brute_regular(counts, need, caps=None):
    """Slow reference: every multiset of `need` melds plus a pair within `caps`."""
    caps = caps or [4] * 34
    best = 99
    for combo in itertools.combinations_with_replacement(range(len(MELDS)), need):
        t = [0] * 34
        for m in combo:
            for k in MELDS[m]:
                t[k] += 1
        if any(t[k] > caps[k] for k in range(34)):
            continue
        base = sum(max(0, t[k] - counts[k]) for k in range(34))
        if base >= best:
            continue
        for p in range(34):
            if t[p] + 2 <= caps[p]:
                cost = base - max(0, t[p] - counts[p]) + max(0, t[p] + 2 - counts[p])
                best = min(best, cost)
    return best - 1
