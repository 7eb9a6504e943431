//! Shanten, ukeire and discards against slow brute-force references.
use riichi::hand::Hand;
use riichi::notation::parse_counts;
use riichi::shanten::{self, Concealed, Form};
use riichi::tile::{Counts, Tile};
use riichi::ukeire;

/// xorshift, so the tests need no crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// `n` tiles drawn from a full set of 136 (so at most 4 copies).
    fn hand(&mut self, n: usize) -> Counts {
        let mut wall: Vec<u8> = (0..136).map(|x| (x / 4) as u8).collect();
        let mut c = [0u8; 34];
        for j in 0..n {
            let k = j + self.below(136 - j);
            wall.swap(j, k);
            c[wall[j] as usize] += 1;
        }
        c
    }
}

/// Every meld shape: 34 triplets then 21 sequences, as tile kinds.
fn meld_shapes() -> Vec<[usize; 3]> {
    let mut v: Vec<[usize; 3]> = (0..34).map(|k| [k, k, k]).collect();
    for s in 0..3 {
        for r in 0..7 {
            let k = 9 * s + r;
            v.push([k, k + 1, k + 2]);
        }
    }
    v
}

/// Brute-force regular replacement number: every multiset of `need` melds plus a
/// pair, each kind within `caps`.
fn brute_regular(h: &Counts, need: usize, caps: &Counts) -> u32 {
    fn rec(
        h: &Counts,
        caps: &Counts,
        t: &mut [u8; 34],
        shapes: &[[usize; 3]],
        start: usize,
        left: usize,
        best: &mut u32,
    ) {
        if left == 0 {
            for p in 0..34 {
                t[p] += 2;
                if t[p] <= caps[p] {
                    let cost: u32 = (0..34).map(|k| u32::from(t[k].saturating_sub(h[k]))).sum();
                    *best = (*best).min(cost);
                }
                t[p] -= 2;
            }
            return;
        }
        for i in start..shapes.len() {
            let s = shapes[i];
            for &k in &s {
                t[k] += 1;
            }
            if s.iter().all(|&k| t[k] <= caps[k]) {
                rec(h, caps, t, shapes, i, left - 1, best);
            }
            for &k in &s {
                t[k] -= 1;
            }
        }
    }
    let mut best = u32::MAX;
    rec(h, caps, &mut [0; 34], &meld_shapes(), 0, need, &mut best);
    best
}

fn total(c: &Counts) -> usize {
    c.iter().map(|&x| x as usize).sum()
}

#[test]
fn regular_equals_brute_force_on_small_hands() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for n in [1usize, 2, 4, 5, 7, 8] {
        for _ in 0..60 {
            let h = rng.hand(n);
            let want = brute_regular(&h, n / 3, &[4; 34]) as i8 - 1;
            let got = shanten::shanten_detail(&h).unwrap().regular;
            assert_eq!(got, want, "{}", riichi::notation::format_counts(&h, [0; 3]));
        }
    }
}

#[test]
fn near_complete_small_hands_equal_brute_force() {
    // hands built from melds and pairs, then perturbed: the shapes that matter
    let shapes = meld_shapes();
    let mut rng = Rng(0xDEAD_BEEF_1234_5678);
    for _ in 0..300 {
        let mut h = [0u8; 34];
        let melds = 1 + rng.below(2);
        for _ in 0..melds {
            for &k in &shapes[rng.below(shapes.len())] {
                h[k] += 1;
            }
        }
        h[rng.below(34)] += 2;
        // drop a tile or two, keeping n % 3 != 0
        let drops = 1 + rng.below(2);
        for _ in 0..drops {
            let held: Vec<usize> = (0..34).filter(|&k| h[k] > 0).collect();
            h[held[rng.below(held.len())]] -= 1;
        }
        if h.iter().any(|&c| c > 4) || total(&h) % 3 == 0 {
            continue;
        }
        let want = brute_regular(&h, total(&h) / 3, &[4; 34]) as i8 - 1;
        assert_eq!(shanten::shanten_detail(&h).unwrap().regular, want, "{h:?}");
    }
}

#[test]
fn melded_hands_equal_capped_brute_force() {
    let mut rng = Rng(0x0F0F_1234_5555_AAAA);
    let mut checked = 0;
    while checked < 400 {
        // three pons or kans of random kinds, then 4 or 5 concealed tiles
        let mut text = String::new();
        let mut used = [0u8; 34];
        let mut melds = Vec::new();
        for _ in 0..3 {
            if rng.below(3) == 0 {
                // a chi: three kinds of one suit, one copy each
                let (suit, r) = (rng.below(3), rng.below(7));
                let k = 9 * suit + r;
                if (k..k + 3).any(|j| used[j] >= 4) {
                    continue;
                }
                for u in &mut used[k..k + 3] {
                    *u += 1;
                }
                let letter = ["m", "p", "s"][suit];
                melds.push(format!("chi:{}{}{}{letter}", r + 1, r + 2, r + 3));
                continue;
            }
            let k = rng.below(34);
            let kan = rng.below(4) == 0;
            let add = if kan { 4 } else { 3 };
            if used[k] + add > 4 {
                continue;
            }
            used[k] += add;
            let t = Tile::from_index(k);
            let name = riichi::notation::format_tile(t, false);
            let num = &name[..1];
            let suit = &name[1..];
            melds.push(format!(
                "{}:{}{suit}",
                if kan { "ankan" } else { "pon" },
                num.repeat(add as usize)
            ));
        }
        let n = 14 - 3 * melds.len() - rng.below(2);
        let mut c = [0u8; 34];
        let mut ok = true;
        for _ in 0..n {
            let k = rng.below(34);
            if c[k] + used[k] >= 4 {
                ok = false;
                break;
            }
            c[k] += 1;
        }
        if !ok {
            continue;
        }
        text.push_str(&riichi::notation::format_counts(&c, [0; 3]));
        for m in &melds {
            text.push(' ');
            text.push_str(m);
        }
        let Ok(hand) = Hand::parse(&text) else {
            continue;
        };
        let mut caps = [4u8; 34];
        for k in 0..34 {
            caps[k] -= used[k];
        }
        let want = brute_regular(&c, 4 - melds.len(), &caps) as i8 - 1;
        let d = shanten::hand_shanten_detail(&hand);
        assert_eq!(d.regular, want, "{text}");
        assert_eq!(d.chiitoitsu, None);
        checked += 1;
    }
}

#[test]
fn sse2_kernel_equals_portable_and_capped_paths() {
    let mut rng = Rng(0x5555_0000_1111_2222);
    for i in 0..200_000 {
        let n = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14][i % 10];
        let h = rng.hand(n);
        let fast = shanten::regular_replacement(&h, n / 3);
        assert_eq!(
            fast,
            shanten::regular_replacement_portable(&h, n / 3),
            "{h:?}"
        );
        if i % 50 == 0 {
            // every cap at 4 through the dynamic programme
            let c = Concealed {
                counts: h,
                melds_needed: (n / 3) as u8,
                caps: Some([4; 34]),
                closed: false,
            };
            assert_eq!(shanten::replacement(&c, Form::Regular), Some(fast));
        }
    }
}

#[test]
fn batch_rows_equal_single_calls() {
    let mut rng = Rng(0x7777_1111_3333_9999);
    let mut data = Vec::new();
    let mut rows = Vec::new();
    for i in 0..20_000 {
        let h = rng.hand([1, 2, 4, 5, 7, 8, 10, 11, 13, 14][i % 10]);
        data.extend_from_slice(&h);
        rows.push(h);
    }
    let got = riichi::batch::shanten(&data, Form::Minimum, Some(2)).unwrap();
    for (h, g) in rows.iter().zip(&got) {
        assert_eq!(*g, shanten::shanten(h).unwrap());
    }
    let reg = riichi::batch::shanten(&data, Form::Regular, Some(1)).unwrap();
    for (h, g) in rows.iter().zip(&reg) {
        assert_eq!(*g, shanten::shanten_detail(h).unwrap().regular);
    }
}

#[test]
fn ukeire_equals_definition() {
    let mut rng = Rng(0x2222_4444_6666_8888);
    for i in 0..3000 {
        let n = [1, 4, 7, 10, 13][i % 5];
        let h = rng.hand(n);
        let visible = rng.hand(8);
        let live = ukeire::live_counts(&h, &visible);
        let Ok(_) = live else {
            assert!(ukeire::ukeire(&h, &visible).is_err());
            continue;
        };
        let u = ukeire::ukeire(&h, &visible).unwrap();
        let base = shanten::shanten(&h).unwrap();
        assert_eq!(u.shanten, base);
        let mut want = Vec::new();
        for k in 0..34 {
            if h[k] < 4 {
                let mut h2 = h;
                h2[k] += 1;
                if shanten::shanten(&h2).unwrap() < base {
                    want.push(Tile::from_index(k));
                }
            }
        }
        assert_eq!(u.tiles, want);
        for (t, &c) in u.tiles.iter().zip(&u.counts) {
            let k = t.index();
            assert_eq!(c, 4 - h[k] - visible[k]);
        }
        assert_eq!(u.total, u.counts.iter().map(|&c| u32::from(c)).sum::<u32>());
        // batch row agrees
        let row =
            riichi::batch::ukeire(&h, riichi::batch::Visible::Shared(&visible), Some(1)).unwrap();
        for (k, &got) in row.iter().enumerate() {
            let want = u
                .tiles
                .iter()
                .position(|t| t.index() == k)
                .map_or(0, |i| u.counts[i]);
            assert_eq!(got, want);
        }
    }
}

#[test]
fn discards_agree_with_shanten_after_discard() {
    let mut rng = Rng(0x9999_8888_7777_6666);
    for i in 0..1000 {
        let n = [2, 5, 8, 11, 14][i % 5];
        let h = rng.hand(n);
        let d = ukeire::discards(&h, &[0; 34]).unwrap();
        let kinds: Vec<usize> = (0..34).filter(|&k| h[k] > 0).collect();
        assert_eq!(d.len(), kinds.len());
        for x in &d {
            let mut h2 = h;
            h2[x.tile.index()] -= 1;
            assert_eq!(x.shanten, shanten::shanten(&h2).unwrap());
            let mut pond = [0u8; 34];
            pond[x.tile.index()] = 1;
            assert_eq!(x.ukeire, ukeire::ukeire(&h2, &pond).unwrap());
        }
        for w in d.windows(2) {
            let key = |x: &ukeire::Discard| {
                (x.shanten, std::cmp::Reverse(x.ukeire.total), x.tile.index())
            };
            assert!(key(&w[0]) < key(&w[1]));
        }
        // the best discard keeps the hand's shanten (a 3n+2 hand never gains by holding)
        let best = d.iter().map(|x| x.shanten).min().unwrap();
        assert_eq!(best, shanten::shanten(&h).unwrap().max(0));
    }
}

#[test]
fn rule_case_families() {
    let sh = |t: &str| shanten::shanten(&parse_counts(t).unwrap().0).unwrap();
    // RC01
    assert_eq!(sh("123456789m1111z"), 1);
    assert_eq!(sh("123456789m1111p"), 1);
    assert_eq!(sh("112233s123p1111m"), 1);
    assert_eq!(sh("11112222333444z"), 1);
    assert_eq!(sh("11m111122223333z"), 2);
    assert_eq!(sh("23m111122223333z"), 2);
    // RC04
    let d = shanten::shanten_detail(&parse_counts("66677888s55p2255m").unwrap().0).unwrap();
    assert_eq!((d.chiitoitsu, d.minimum), (Some(1), 1));
    // RC05
    let h = Hand::parse("19m19p19s12345z chi:123m").unwrap();
    let d = shanten::hand_shanten_detail(&h);
    assert_eq!((d.minimum, d.chiitoitsu, d.kokushi), (6, None, None));
    assert_eq!(sh("19m19p19s12345z"), 6);
}
