//! MT19937, the 32-bit Mersenne Twister of Matsumoto and Nishimura, seeded with their
//! reference `init_by_array`. Tenhou's published wall shuffle draws its random words from
//! it (the Python reader `riichi.logs.tenhou_walls` hashes them into walls), and so does
//! CPython's `random.Random`: [`Mt19937::from_state`] takes over the state of one and
//! [`python_wall_ids`] makes the draws `riichi.Wall.from_seed` makes of it.

/// Words of the state (CPython's `random.Random.getstate()[1]` holds these and then the
/// read position 0..=624).
pub const STATE_WORDS: usize = 624;
const N: usize = STATE_WORDS;
const M: usize = 397;

/// A Mersenne Twister state (624 words and the read position).
#[derive(Clone)]
pub struct Mt19937 {
    mt: [u32; N],
    index: usize,
}

impl Mt19937 {
    /// The state of the reference `init_by_array(key)` (an empty key is taken as `[0]`,
    /// as the reference's loop bound `max(N, len)` implies a key of at least one word).
    pub fn from_key(key: &[u32]) -> Self {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let mut mt = [0u32; N];
        mt[0] = 19_650_218;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        Mt19937 { mt, index: N }
    }

    /// The state of `words` read from position `index` (0..=624; 624: every word read,
    /// the next draw regenerates them), as CPython's `random.Random.setstate` takes it.
    /// None for a position past 624.
    pub fn from_state(words: [u32; N], index: usize) -> Option<Self> {
        (index <= N).then_some(Mt19937 { mt: words, index })
    }

    /// The state's words and read position (the inverse of [`Mt19937::from_state`]).
    pub fn state(&self) -> (&[u32; N], usize) {
        (&self.mt, self.index)
    }

    /// A uniform draw from `0..n` as CPython's `random.Random._randbelow(n)` makes it
    /// (`getrandbits(k)` with `k` the bit length of `n`, the top `k` bits of one word,
    /// again until below `n`): the same words consumed, the same answer. `n` must be at
    /// least 1 (0 is answered with 0 and consumes nothing).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let shift = n.leading_zeros(); // 32 - bit length
        loop {
            let r = self.next_u32() >> shift;
            if r < n {
                return r;
            }
        }
    }

    /// Shuffle `xs` in place as CPython's `random.Random.shuffle` does (Fisher-Yates from
    /// the end: for `i` from `len - 1` down to 1, swap `xs[i]` with `xs[below(i + 1)]`).
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            xs.swap(i, j);
        }
    }

    /// The next block of `N` words (`genrand_int32`'s regeneration), word `k` from words
    /// `k`, `k + 1` and `k + M` (mod `N`) in place, in three runs so that no index wraps.
    fn twist(&mut self) {
        #[inline(always)]
        fn word(k: u32, k1: u32, km: u32) -> u32 {
            let y = (k & 0x8000_0000) | (k1 & 0x7FFF_FFFF);
            let mag = if y & 1 == 1 { 0x9908_B0DF } else { 0 };
            km ^ (y >> 1) ^ mag
        }
        let mt = &mut self.mt;
        for k in 0..N - M {
            mt[k] = word(mt[k], mt[k + 1], mt[k + M]);
        }
        for k in N - M..N - 1 {
            mt[k] = word(mt[k], mt[k + 1], mt[k + M - N]);
        }
        mt[N - 1] = word(mt[N - 1], mt[0], mt[M - 1]);
        self.index = 0;
    }

    /// The next word (`genrand_int32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9D2C_5680;
        y ^= (y << 15) & 0xEFC6_0000;
        y ^= y >> 18;
        y
    }
}

/// Tenhou's shuffle of one round's wall from its 144 random words (the SHA-512 digests of
/// the round's MT19937 words, read as little-endian words): the ids 0..135 (four players) or
/// the 108 ids without 2m..8m (sanma, `players == 3`) shuffled with
/// `swap(wall[i], wall[i + rnd[i] % (size - i)])` for every `i`, and the dice
/// `rnd[135] % 6 + 1`, `rnd[136] % 6 + 1`.
pub fn tenhou_shuffle(rnd: &[u32; 144], players: u8) -> (Vec<u8>, (u8, u8)) {
    let mut wall: Vec<u8> = (0u8..136)
        .filter(|&t| players != 3 || !(4..32).contains(&t))
        .collect();
    let size = wall.len();
    for (i, &r) in rnd.iter().enumerate().take(size) {
        let j = i + (r as usize) % (size - i);
        wall.swap(i, j);
    }
    let dice = ((rnd[135] % 6 + 1) as u8, (rnd[136] % 6 + 1) as u8);
    (wall, dice)
}

/// The draws `riichi.Wall.from_seed` makes of a `random.Random` in this state: the ids
/// 0..135 in ascending order (four players) or the 108 without 2m..8m (sanma,
/// `players == 3`) shuffled by [`Mt19937::shuffle`], then two dice, each `randint(1, 6)`
/// (`1 + below(6)`).
pub fn python_wall_ids(mt: &mut Mt19937, players: u8) -> (Vec<u8>, (u8, u8)) {
    let mut ids: Vec<u8> = (0u8..136)
        .filter(|&t| players != 3 || !(4..32).contains(&t))
        .collect();
    mt.shuffle(&mut ids);
    let d1 = 1 + mt.below(6) as u8;
    let d2 = 1 + mt.below(6) as u8;
    (ids, (d1, d2))
}

/// Tiles drawable from a 136-tile wall before any replacement draw (`riichi.wall.LIVE_TILES`).
const LIVE_TILES: usize = 122;

/// The 136 shuffled `ids` (stack `i` is `ids[2i]` on `ids[2i + 1]`) broken where the
/// dice say, in draw order, as `riichi.Wall` lays a wall out: the 61 stacks from the break
/// (122 live tiles), then the dead wall (the 7 stacks before the break, ring stacks 67 down
/// to 61): the four rinshan tiles (ring stack 67 is the far end: its top and bottom
/// first, then stack 66's), the dora indicators (tops of ring stacks 65..61), the uradora
/// indicators (their bottoms). Side `k` of the ring (stacks `17k..17k + 16`) is in front
/// of the seat `k` places counter-clockwise from the dealer; the break is on the side of
/// the seat `(dice total - 1) % 4` from the dealer, `total` stacks from its right end.
///
/// # Panics
/// `ids` not 136 long (the caller shuffles 136 ids).
pub fn broken_wall(ids: &[u8], dice: (u8, u8)) -> Vec<u8> {
    assert_eq!(ids.len(), 136, "a 136-tile wall");
    let total = usize::from(dice.0) + usize::from(dice.1);
    let side = (total + 3) % 4; // (total - 1) % 4 for total >= 1
    let brk = (side * 17 + 17 + 68 - total % 68) % 68; // the first stack drawn
    let ring = |p: usize| ids[(2 * brk + p) % 136];
    let mut out = Vec::with_capacity(136);
    out.extend((0..LIVE_TILES).map(ring));
    out.extend([134, 135, 132, 133].map(ring));
    out.extend((0..5).map(|i| ring(130 - 2 * i)));
    out.extend((0..5).map(|i| ring(131 - 2 * i)));
    out
}

/// [`python_wall_ids`] with a four-player wall broken by its dice ([`broken_wall`]): the
/// wall in draw order (the 108 sanma ids as shuffled), and the dice.
pub fn python_wall_order(mt: &mut Mt19937, players: u8) -> (Vec<u8>, (u8, u8)) {
    let (ids, dice) = python_wall_ids(mt, players);
    if players == 3 {
        return (ids, dice);
    }
    (broken_wall(&ids, dice), dice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_wall_lays_out_the_ring_from_the_break() {
        let ids: Vec<u8> = (0..136).collect();
        // dice 3 + 4 = 7: side (7 - 1) % 4 = 2, first stack (2 * 17 + 17 - 7) % 68 = 44
        let w = broken_wall(&ids, (3, 4));
        assert_eq!(&w[..4], &[88, 89, 90, 91]);
        assert_eq!(w[121], ((88 + 121) % 136) as u8);
        // the dead wall: ring positions 134 135 132 133, then 130 128 .. 122, 131 .. 123
        let at = |p: usize| ((88 + p) % 136) as u8;
        assert_eq!(&w[122..126], &[at(134), at(135), at(132), at(133)]);
        assert_eq!(&w[126..131], &[at(130), at(128), at(126), at(124), at(122)]);
        assert_eq!(&w[131..136], &[at(131), at(129), at(127), at(125), at(123)]);
        let mut sorted = w.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ids);
        // dice 6 + 6 = 12: side 3, first stack (51 + 17 - 12) % 68 = 56
        assert_eq!(broken_wall(&ids, (6, 6))[0], 112);
        // dice 1 + 1 = 2: side 1, first stack 32
        assert_eq!(broken_wall(&ids, (1, 1))[0], 64);
    }

    #[test]
    fn reference_output() {
        // mt19937ar.c's test: init_by_array({0x123, 0x234, 0x345, 0x456}), first outputs
        let mut mt = Mt19937::from_key(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(
            first,
            [
                1_067_595_299,
                955_945_823,
                477_289_528,
                4_107_218_783,
                4_228_976_476
            ]
        );
        // the 1000th output of the reference run
        for _ in 5..999 {
            mt.next_u32();
        }
        assert_eq!(mt.next_u32(), 3_460_025_646);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut mt = Mt19937::from_key(&[1, 2, 3]);
        let mut rnd = [0u32; 144];
        rnd.iter_mut().for_each(|w| *w = mt.next_u32());
        for (players, size) in [(4u8, 136usize), (3, 108)] {
            let (mut wall, (d1, d2)) = tenhou_shuffle(&rnd, players);
            assert!((1..=6).contains(&d1) && (1..=6).contains(&d2));
            assert_ne!(wall[..10], (0..10).collect::<Vec<u8>>()[..]);
            wall.sort_unstable();
            let want: Vec<u8> = (0u8..136)
                .filter(|&t| size == 136 || !(4..32).contains(&t))
                .collect();
            assert_eq!(wall, want);
        }
    }

    #[test]
    fn below_stays_in_range_and_uses_the_top_bits() {
        let mut a = Mt19937::from_key(&[7]);
        let mut b = a.clone();
        for n in [1u32, 2, 3, 6, 7, 8, 136, 1 << 31, u32::MAX] {
            let r = a.below(n);
            assert!(r < n);
            // the reference: top bits of each word until one is below n
            let k = 32 - n.leading_zeros();
            let want = loop {
                let w = b.next_u32() >> (32 - k);
                if w < n {
                    break w;
                }
            };
            assert_eq!(r, want);
        }
        assert_eq!(a.state().1, b.state().1); // the same words consumed
        assert_eq!(a.below(0), 0);
        assert_eq!(a.state().1, b.state().1);
    }

    #[test]
    fn state_round_trips_and_refuses_a_position_past_the_end() {
        let mut a = Mt19937::from_key(&[1, 2]);
        for _ in 0..700 {
            a.next_u32();
        }
        let (words, index) = a.state();
        let mut b = Mt19937::from_state(*words, index).unwrap();
        for _ in 0..1000 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
        assert!(Mt19937::from_state([0; N], N).is_some());
        assert!(Mt19937::from_state([0; N], N + 1).is_none());
    }

    #[test]
    fn python_wall_ids_match_cpython() {
        // CPython 3.11: r = random.Random(2024) (init_by_array([2024])); ids = list(range(136));
        // r.shuffle(ids); then r.randint(1, 6) twice; the sanma ids likewise from a fresh r
        let (ids, dice) = python_wall_ids(&mut Mt19937::from_key(&[2024]), 4);
        assert_eq!(ids[..8], [61, 60, 123, 32, 3, 125, 20, 36]);
        assert_eq!(ids[132..], [51, 77, 46, 120]);
        assert_eq!(dice, (3, 3));
        let (ids, dice) = python_wall_ids(&mut Mt19937::from_key(&[2024]), 3);
        assert_eq!(ids[..8], [127, 74, 104, 58, 107, 129, 65, 116]);
        assert_eq!(dice, (4, 5));
    }

    #[test]
    fn python_wall_ids_are_a_permutation_and_dice() {
        let mut mt = Mt19937::from_key(&[3]);
        for (players, size) in [(4u8, 136usize), (3, 108)] {
            let (mut ids, (d1, d2)) = python_wall_ids(&mut mt, players);
            assert_eq!(ids.len(), size);
            assert!((1..=6).contains(&d1) && (1..=6).contains(&d2));
            ids.sort_unstable();
            let want: Vec<u8> = (0u8..136)
                .filter(|&t| size == 136 || !(4..32).contains(&t))
                .collect();
            assert_eq!(ids, want);
        }
    }
}
