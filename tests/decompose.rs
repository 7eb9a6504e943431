//! Integration tests: decomposition and waits against a slow brute-force reference over
//! every single-suit hand (exhaustive) and pseudo-random mixed hands.

use std::collections::BTreeSet;

use riichi::decompose::{decompose, decompose_win, is_complete, Block, Form, WaitShape, YAOCHUU};
use riichi::wait::{has_wait, waits};
use riichi::{Counts, Tile};

/// Every multiset of sequences/triplets covering `c`, as sorted block lists (slow).
fn meld_sets(c: &mut Counts) -> BTreeSet<Vec<Block>> {
    let Some(i) = (0..34).find(|&k| c[k] > 0) else {
        return BTreeSet::from([Vec::new()]);
    };
    let mut out = BTreeSet::new();
    let t = Tile::from_index(i);
    if c[i] >= 3 {
        c[i] -= 3;
        for mut v in meld_sets(c) {
            v.push(Block::Triplet(t));
            v.sort();
            out.insert(v);
        }
        c[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        for j in 0..3 {
            c[i + j] -= 1;
        }
        for mut v in meld_sets(c) {
            v.push(Block::Sequence(t));
            v.sort();
            out.insert(v);
        }
        for j in 0..3 {
            c[i + j] += 1;
        }
    }
    out
}

fn brute_regular(c: &Counts) -> BTreeSet<Vec<Block>> {
    let mut out = BTreeSet::new();
    let n: u32 = c.iter().map(|&x| u32::from(x)).sum();
    if n % 3 != 2 {
        return out;
    }
    let mut w = *c;
    for p in 0..34 {
        if w[p] >= 2 {
            w[p] -= 2;
            for mut v in meld_sets(&mut w) {
                v.push(Block::Pair(Tile::from_index(p)));
                out.insert(v);
            }
            w[p] += 2;
        }
    }
    out
}

/// Wait shape written from the definitions (independent of the library's `wait_shape`).
fn ref_shape(b: Block, win: Tile) -> Option<WaitShape> {
    let w = win.index();
    match b {
        Block::Triplet(t) if t == win => Some(WaitShape::Shanpon),
        Block::Pair(t) if t == win => Some(WaitShape::Tanki),
        Block::Sequence(t) if (t.index()..t.index() + 3).contains(&w) => {
            let rank = |x: usize| x % 9 + 1; // 1..=9
            Some(if w == t.index() + 1 {
                WaitShape::Kanchan
            } else if (rank(w) == 3 && rank(t.index()) == 1)
                || (rank(w) == 7 && rank(t.index()) == 7)
            {
                WaitShape::Penchan
            } else {
                WaitShape::Ryanmen
            })
        }
        _ => None,
    }
}

fn brute_chiitoitsu(c: &Counts) -> bool {
    c.iter().filter(|&&x| x == 2).count() == 7 && c.iter().all(|&x| x == 0 || x == 2)
}

fn brute_kokushi(c: &Counts) -> bool {
    YAOCHUU.iter().all(|&k| c[k] >= 1)
        && YAOCHUU.iter().map(|&k| u32::from(c[k])).sum::<u32>() == 14
        && c.iter().map(|&x| u32::from(x)).sum::<u32>() == 14
}

fn brute_complete(c: &Counts) -> bool {
    !brute_regular(c).is_empty() || brute_chiitoitsu(c) || brute_kokushi(c)
}

/// Check one hand of any size against the reference: completeness, the readings without a
/// win tile, with each win tile, and (for 3n+1 tiles) the waits.
fn check(c: &Counts) {
    let n: usize = c.iter().map(|&x| usize::from(x)).sum();
    if n % 3 == 2 {
        let want = brute_regular(c);
        assert_eq!(is_complete(c), brute_complete(c), "{c:?}");
        let got = decompose(c);
        let regular: Vec<Vec<Block>> = got
            .iter()
            .filter(|r| r.form == Form::Regular)
            .map(|r| r.blocks.clone())
            .collect();
        // distinct, ascending, and exactly the reference set
        assert!(regular.windows(2).all(|w| w[0] < w[1]), "{c:?}");
        assert_eq!(regular.into_iter().collect::<BTreeSet<_>>(), want, "{c:?}");
        assert_eq!(
            got.iter().any(|r| r.form == Form::Chiitoitsu),
            n == 14 && brute_chiitoitsu(c)
        );
        for k in (0..34).filter(|&k| c[k] > 0) {
            let win = Tile::from_index(k);
            let got: BTreeSet<(Vec<Block>, Block, WaitShape)> = decompose_win(c, win)
                .into_iter()
                .filter(|r| r.form == Form::Regular)
                .map(|r| {
                    let b = r.blocks[r.win_block.unwrap()];
                    assert_eq!(r.blocks.iter().position(|x| *x == b), r.win_block);
                    (r.blocks, b, r.wait)
                })
                .collect();
            let mut expect = BTreeSet::new();
            for blocks in &want {
                for &b in blocks {
                    if let Some(s) = ref_shape(b, win) {
                        expect.insert((blocks.clone(), b, s));
                    }
                }
            }
            assert_eq!(got, expect, "{c:?} win {win}");
        }
    } else if n % 3 == 1 {
        check_waits(c, &[0; 34]);
        // the same hand with every kind it holds filled up to four copies by melds
        // elsewhere in the hand (pon/kan): those kinds can no longer be waits
        let mut m = [0u8; 34];
        for k in (0..34).filter(|&k| c[k] > 0 && c[k] < 4) {
            if (k * 7 + n) % 3 == 0 {
                m[k] = 4 - c[k];
            }
        }
        check_waits(c, &m);
    }
}

/// Waits of 3n+1 tiles against the reference, with copies in melds.
fn check_waits(c: &Counts, melds: &Counts) {
    let n: usize = c.iter().map(|&x| usize::from(x)).sum();
    {
        let got: Vec<(Tile, Vec<WaitShape>)> = waits(c, melds)
            .into_iter()
            .map(|w| (w.tile, w.shapes))
            .collect();
        let mut expect = Vec::new();
        for k in 0..34 {
            if c[k] + melds[k] >= 4 {
                continue;
            }
            let mut d = *c;
            d[k] += 1;
            let win = Tile::from_index(k);
            let mut shapes = BTreeSet::new();
            for blocks in brute_regular(&d) {
                for b in blocks {
                    if let Some(s) = ref_shape(b, win) {
                        shapes.insert(s);
                    }
                }
            }
            if n == 13 && (brute_chiitoitsu(&d) || brute_kokushi(&d)) {
                shapes.insert(WaitShape::Tanki);
            }
            if !shapes.is_empty() {
                expect.push((win, shapes.into_iter().collect()));
            }
        }
        assert_eq!(has_wait(c, melds), !expect.is_empty(), "{c:?} {melds:?}");
        assert_eq!(got, expect, "{c:?} {melds:?}");
    }
}

/// Every count vector of one suit (9 kinds, ≤ 4 each) with `n` tiles.
fn each_suit_hand(n: usize, f: &mut dyn FnMut(&Counts)) {
    fn rec(c: &mut Counts, i: usize, left: usize, f: &mut dyn FnMut(&Counts)) {
        if i == 9 {
            if left == 0 {
                f(c);
            }
            return;
        }
        for x in 0..=left.min(4) {
            c[i] = x as u8;
            rec(c, i + 1, left - x, f);
        }
        c[i] = 0;
    }
    rec(&mut [0; 34], 0, n, f);
}

/// Unoptimized builds check every `SAMPLE`th case so plain `cargo test` stays quick;
/// CI runs `cargo test --release`, which checks every case.
const SAMPLE: usize = if cfg!(debug_assertions) { 10 } else { 1 };

#[test]
fn every_single_suit_hand_matches_the_reference() {
    // all sizes 1..=14: about 100 000 hands in all
    let mut hands = 0;
    let mut complete = 0;
    let mut tenpai = 0;
    for n in 1..=14 {
        each_suit_hand(n, &mut |c| {
            hands += 1;
            if hands % SAMPLE != 0 {
                return;
            }
            check(c);
            complete += usize::from(is_complete(c));
            tenpai += usize::from(n % 3 == 1 && !waits(c, &[0; 34]).is_empty());
        });
    }
    // sanity: the loops ran and found both kinds of hand
    assert!(
        hands > 50_000 && complete * SAMPLE > 1_000 && tenpai * SAMPLE > 1_000,
        "{hands} {complete} {tenpai}"
    );
}

/// xorshift64*: deterministic pseudo-random hands without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_mixed_hands_match_the_reference() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for i in 0..20_000 / SAMPLE {
        let n = [13, 14, 10, 11, 7, 8][i % 6];
        // tiles from a narrow window of kinds so complete and tenpai hands are common
        let lo = rng.below(34);
        let width = 3 + rng.below(10);
        let mut c = [0u8; 34];
        let mut placed = 0;
        let mut tries = 0;
        while placed < n && tries < 1000 {
            tries += 1;
            let k = (lo + rng.below(width)) % 34;
            if c[k] < 4 {
                c[k] += 1;
                placed += 1;
            }
        }
        if placed == n {
            check(&c);
        }
    }
}

#[test]
fn built_complete_hands_match_the_reference() {
    // 4 random blocks + a pair over all 34 kinds: complete by construction
    let mut rng = Rng(42);
    let mut checked = 0;
    for _ in 0..20_000 / SAMPLE {
        let mut c = [0u8; 34];
        for _ in 0..4 {
            let k = rng.below(34);
            if rng.below(2) == 0 && k < 27 && k % 9 <= 6 {
                for j in 0..3 {
                    c[k + j] += 1;
                }
            } else {
                c[k] += 3;
            }
        }
        c[rng.below(34)] += 2;
        if c.iter().any(|&x| x > 4) {
            continue;
        }
        assert!(is_complete(&c), "{c:?}");
        check(&c);
        // and every 13-tile hand one tile short of it
        for k in 0..34 {
            if c[k] > 0 {
                let mut d = c;
                d[k] -= 1;
                check(&d);
                assert!(waits(&d, &[0; 34]).iter().any(|w| w.tile.index() == k));
            }
        }
        checked += 1;
    }
    assert!(checked * SAMPLE > 5_000, "{checked}");
}

#[test]
fn kokushi_waits_and_readings() {
    let mut c = [0u8; 34];
    for &k in &YAOCHUU {
        c[k] = 1;
    }
    let w = waits(&c, &[0; 34]);
    assert_eq!(
        w.iter().map(|w| w.tile.index()).collect::<Vec<_>>(),
        YAOCHUU.to_vec()
    );
    for &k in &YAOCHUU {
        let mut d = c;
        d[k] = 2;
        check(&d);
        let r = decompose_win(&d, Tile::from_index(k));
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].form, r[0].win_block), (Form::Kokushi, None));
        // 12 kinds + a pair: single wait on the missing one
        for &m in &YAOCHUU {
            if m != k {
                let mut e = d;
                e[m] = 0;
                let w = waits(&e, &[0; 34]);
                assert_eq!(w.len(), 1);
                assert_eq!(w[0].tile.index(), m);
            }
        }
    }
}
