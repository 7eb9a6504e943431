//! Exact shanten: regular form (four melds and a pair), chiitoitsu, kokushi, and the
//! minimum of the forms that apply.
//!
//! Shanten is the replacement number minus one. The replacement number is the fewest
//! tiles a player must draw, Σ max(0, target − held) over kinds, to hold a complete
//! hand whose every kind stays within the copies that exist (4, less the copies in
//! the player's own melds). So `123456789m1111z` is 1-shanten, not tenpai: its "pair
//! wait" would need a fifth 1z. A complete hand is −1, tenpai 0.
//!
//! Counts-only input (`n` concealed tiles, `n % 3` ∈ {1, 2}, `n ≤ 14`) implies
//! `(14 − n) / 3` called melds whose tiles are unknown, so they cap nothing.
//! Chiitoitsu and kokushi apply only to closed hands of 13 or 14 tiles. These are the
//! definitions of the `xiangting` package (four players), which the tests check.
//!
//! Three-player mahjong ([`Players::Three`]) has no 2m–8m: a hand holding one is
//! refused ([`Error::NotInThreePlayer`]), and 1m and 9m can only form pairs and
//! triplets, like honors. This is `xiangting`'s `PlayerCount.THREE`, which the tests
//! check.
//!
//! The regular form combines per-suit tables (see [`table`]) by min-plus convolution;
//! hands whose melds cap a kind use an exact dynamic programme over ranks instead.
//! The batch kernel ([`block`]) combines the tables of 32 hands at a time.
pub mod block;
mod draws;
#[cfg(target_arch = "x86_64")]
mod simd;
pub mod table;
#[cfg(test)]
mod table_gen;
mod table_index;

use crate::error::{Error, Result};
use crate::hand::{tile_count, Hand};
use crate::tile::Counts;
pub use draws::{
    group_completing_draws, regular_discard_improving, regular_improving, regular_improving_sanma,
};
#[cfg(target_arch = "x86_64")]
pub(crate) use simd::kinds_by_held;

/// Which winning form(s) a shanten refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// The minimum over the forms that apply.
    Minimum,
    /// Four melds and a pair (fewer melds when some are called).
    Regular,
    /// Seven distinct pairs (closed 13/14-tile hands only).
    Chiitoitsu,
    /// Kokushi musou (closed 13/14-tile hands only).
    Kokushi,
}

impl Form {
    /// Parse `"minimum"`, `"regular"`, `"chiitoitsu"` or `"kokushi"`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming the text.
    pub fn parse(text: &str) -> Result<Form> {
        match text {
            "minimum" => Ok(Form::Minimum),
            "regular" => Ok(Form::Regular),
            "chiitoitsu" => Ok(Form::Chiitoitsu),
            "kokushi" => Ok(Form::Kokushi),
            _ => Err(Error::InvalidArgument {
                name: "form",
                reason: format!(
                    "{text:?} is not one of \"minimum\", \"regular\", \"chiitoitsu\", \"kokushi\""
                ),
            }),
        }
    }
}

/// The player count a hand is analysed for: it decides the tile set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Players {
    /// Four-player mahjong: all 34 kinds.
    #[default]
    Four,
    /// Three-player mahjong (sanma): 27 kinds, no 2m–8m (Tenhou and Mahjong Soul sanma).
    Three,
}

/// Kinds 2m..=8m, which three-player mahjong does not use.
pub const SANMA_MISSING: std::ops::RangeInclusive<usize> = 1..=7;

impl Players {
    /// From a player count: 4 or 3.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `players` for any other value.
    pub fn from_count(n: i64) -> Result<Players> {
        match n {
            4 => Ok(Players::Four),
            3 => Ok(Players::Three),
            _ => Err(Error::InvalidArgument {
                name: "players",
                reason: format!("{n} is not a player count (3 or 4)"),
            }),
        }
    }

    /// The player count, 3 or 4.
    pub fn count(self) -> u8 {
        match self {
            Players::Four => 4,
            Players::Three => 3,
        }
    }

    /// Whether kind `k` exists in this tile set.
    #[inline]
    pub fn has_kind(self, k: usize) -> bool {
        self == Players::Four || !SANMA_MISSING.contains(&k)
    }

    /// Check that `counts` holds only kinds of this tile set; `place` names the
    /// counts in the error (`"hand"`, `"visible"`, ...).
    ///
    /// # Errors
    /// [`Error::NotInThreePlayer`] naming the first 2m–8m held under three players.
    #[inline]
    pub fn check(self, counts: &Counts, place: &'static str) -> Result<()> {
        if self == Players::Three {
            if let Some(k) = SANMA_MISSING.clone().find(|&k| counts[k] > 0) {
                return Err(Error::NotInThreePlayer {
                    tile: crate::tile::Tile::from_index(k),
                    place,
                });
            }
        }
        Ok(())
    }

    /// The tile set of a table of `num_players` players (3: three-player, else four).
    pub fn of_table(num_players: u8) -> Players {
        if num_players == 3 {
            Players::Three
        } else {
            Players::Four
        }
    }

    /// Check a scoring input against this tile set: the hand (concealed and melds), the
    /// winning tile and the dora and ura dora indicators. Under three players none may
    /// be a 2m–8m (Tenhou sanma: the 108 tiles have no 2m–8m). The scorer's bindings
    /// call this once per win.
    ///
    /// # Errors
    /// [`Error::NotInThreePlayer`] naming the first such tile and where it was.
    pub fn check_win(
        self,
        hand: &Hand,
        win_tile: crate::tile::Tile,
        dora_indicators: &[crate::tile::Tile],
        ura_indicators: &[crate::tile::Tile],
    ) -> Result<()> {
        if self == Players::Four {
            return Ok(());
        }
        self.check_win_counts(
            &hand.all_counts(),
            win_tile,
            dora_indicators,
            ura_indicators,
        )
    }

    /// [`Players::check_win`] of a hand given as its tile counts (concealed and melded):
    /// what the batch scorer checks on every row.
    ///
    /// # Errors
    /// [`Error::NotInThreePlayer`] naming the first such tile and where it was.
    pub fn check_win_counts(
        self,
        all: &Counts,
        win_tile: crate::tile::Tile,
        dora_indicators: &[crate::tile::Tile],
        ura_indicators: &[crate::tile::Tile],
    ) -> Result<()> {
        if self == Players::Four {
            return Ok(());
        }
        self.check(all, "hand")?;
        let one = |t: crate::tile::Tile, place| {
            let mut c = [0u8; 34];
            c[t.index()] = 1;
            self.check(&c, place)
        };
        one(win_tile, "win_tile")?;
        for &t in dora_indicators {
            one(t, "dora_indicators")?;
        }
        for &t in ura_indicators {
            one(t, "ura_indicators")?;
        }
        Ok(())
    }

    /// Copies of each kind that exist (0 for 2m–8m under three players).
    pub fn caps(self) -> Counts {
        let mut caps = [4u8; 34];
        if self == Players::Three {
            for k in SANMA_MISSING {
                caps[k] = 0;
            }
        }
        caps
    }
}

/// Shanten of each form. `chiitoitsu` and `kokushi` are `None` when they do not apply
/// (a called meld, or fewer than 13 concealed tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShantenDetail {
    /// Regular form (melds and a pair).
    pub regular: i8,
    /// Seven pairs, if it applies.
    pub chiitoitsu: Option<i8>,
    /// Thirteen orphans, if it applies.
    pub kokushi: Option<i8>,
    /// The minimum of the above.
    pub minimum: i8,
}

/// A concealed part to evaluate: counts, the melds still needed, the per-kind copy
/// limits (when own melds cap them) and whether the closed forms apply.
///
/// Build it with [`Concealed::from_counts`] or [`Concealed::from_hand`], which check
/// their input; a value assembled by hand must keep every count within its cap and
/// at most 14 tiles, or results are meaningless (though nothing panics).
#[derive(Clone, Copy, Debug)]
pub struct Concealed {
    /// Concealed tiles per kind.
    pub counts: Counts,
    /// Melds the concealed part must still form (4 − called melds).
    pub melds_needed: u8,
    /// Copies of each kind the player may hold concealed (4 − copies in own melds),
    /// `None` when nothing is capped.
    pub caps: Option<Counts>,
    /// Chiitoitsu and kokushi apply (closed, no meld).
    pub closed: bool,
}

impl Concealed {
    /// From bare counts, checking them (see the module docs).
    ///
    /// # Errors
    /// [`Error::TooManyCopies`] for a kind above 4, [`Error::BadTileCount`] unless the
    /// total is 1, 2, 4, 5, ..., 13 or 14.
    pub fn from_counts(counts: &Counts) -> Result<Concealed> {
        crate::hand::check_counts(counts)?;
        let n = tile_count(counts);
        check_total(n)?;
        Ok(Concealed::from_valid_counts(counts, n))
    }

    /// From counts already known valid with total `n`.
    #[inline]
    pub fn from_valid_counts(counts: &Counts, n: usize) -> Concealed {
        Concealed {
            counts: *counts,
            melds_needed: (n / 3) as u8,
            caps: None,
            closed: n >= 13,
        }
    }

    /// From bare counts for `players` (see [`Concealed::from_counts`]): under three
    /// players 2m–8m are capped at 0 copies.
    ///
    /// # Errors
    /// As [`Concealed::from_counts`]; [`Error::NotInThreePlayer`] for a 2m–8m held
    /// under three players.
    pub fn from_counts_for(counts: &Counts, players: Players) -> Result<Concealed> {
        let mut c = Concealed::from_counts(counts)?;
        players.check(counts, "hand")?;
        if players == Players::Three {
            c.caps = Some(players.caps());
        }
        Ok(c)
    }

    /// The concealed part of a hand, with its melds' copies as caps.
    pub fn from_hand(hand: &Hand) -> Concealed {
        Concealed::hand_part(hand, Players::Four)
    }

    /// The concealed part of a hand for `players`, its melds' copies (and, under three
    /// players, the missing 2m–8m) as caps.
    ///
    /// # Errors
    /// [`Error::NotInThreePlayer`] for a 2m–8m concealed or in a meld under three players.
    pub fn from_hand_for(hand: &Hand, players: Players) -> Result<Concealed> {
        if players == Players::Three {
            players.check(&hand.all_counts(), "hand")?;
        }
        Ok(Concealed::hand_part(hand, players))
    }

    fn hand_part(hand: &Hand, players: Players) -> Concealed {
        let melds = hand.melds();
        let caps = if melds.is_empty() && players == Players::Four {
            None
        } else {
            let mut used = [0u8; 34];
            for m in melds {
                m.add_to(&mut used);
            }
            let mut caps = players.caps();
            for (c, u) in caps.iter_mut().zip(used) {
                *c = c.saturating_sub(u);
            }
            Some(caps)
        };
        Concealed {
            counts: *hand.concealed(),
            melds_needed: (4 - melds.len()) as u8,
            caps,
            closed: melds.is_empty(),
        }
    }

    /// Total concealed tiles.
    pub fn len(&self) -> usize {
        tile_count(&self.counts)
    }

    /// No concealed tile.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Copies of `k` the player may still hold concealed.
    #[inline]
    pub fn cap(&self, k: usize) -> u8 {
        self.caps.map_or(4, |c| c[k])
    }
}

/// Check a counts-only total: `n % 3` ∈ {1, 2} and `n ≤ 14`.
///
/// # Errors
/// [`Error::BadTileCount`].
pub fn check_total(n: usize) -> Result<()> {
    if n > 14 || n % 3 == 0 {
        return Err(Error::BadTileCount {
            concealed: n,
            melds: (14usize.saturating_sub(n)) / 3,
            expected: "1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 concealed tiles",
        });
    }
    Ok(())
}

/// Costs of one group in 16 byte lanes: lane `m` holds the cost of `m` melds and no
/// pair, lane `8 + m` of `m` melds and a pair (m = 0..=4); the other lanes hold
/// [`INF`]. The layout lets the min-plus convolution run as whole-vector byte ops.
pub(crate) type Costs = [u8; 16];

/// Cost of an impossible or unused lane (saturating arithmetic keeps it there).
const INF: u8 = 0x7F;

/// The lanes of a packed table entry (4-bit field `2m + p` → lane `8p + m`).
#[inline(always)]
fn lanes(x: u64) -> Costs {
    const LO: u64 = 0x0F_0F0F_0F0F;
    const PAD: u64 = 0x7F7F_7F00_0000_0000;
    let p0 = (x & LO) | PAD;
    let p1 = ((x >> 4) & LO) | PAD;
    (u128::from(p0) | (u128::from(p1) << 64)).to_le_bytes()
}

/// The lanes of ten costs indexed `2m + p`.
#[cfg(test)]
fn lanes_of(f: &[u8; 10]) -> Costs {
    let mut r = [INF; 16];
    for m in 0..5 {
        r[m] = f[2 * m];
        r[8 + m] = f[2 * m + 1];
    }
    r
}

/// `b` moved up `MA` melds within both halves (lanes `MA..=4` and `8+MA..=12`).
#[inline(always)]
fn up<const MA: usize>(b: &Costs) -> Costs {
    let mut r = [INF; 16];
    for (l, x) in r.iter_mut().enumerate() {
        if (l & 7) >= MA && (l & 7) <= 4 {
            *x = b[l - MA];
        }
    }
    r
}

/// `b`'s no-pair half moved to the pair half and up `MA` melds (lanes `8+MA..=12`).
#[inline(always)]
fn up_pair<const MA: usize>(b: &Costs) -> Costs {
    let mut r = [INF; 16];
    for (l, x) in r.iter_mut().enumerate() {
        if l >= 8 + MA && l <= 12 {
            *x = b[l - 8 - MA];
        }
    }
    r
}

/// One term of the convolution: `MA` melds (and maybe the pair) from `a`.
#[inline(always)]
fn step<const MA: usize>(r: &mut Costs, a: &Costs, b: &Costs) {
    let (a0, a1) = (a[MA], a[8 + MA]);
    let s0 = up::<MA>(b);
    let s1 = up_pair::<MA>(b);
    for l in 0..16 {
        r[l] = r[l]
            .min(s0[l].saturating_add(a0))
            .min(s1[l].saturating_add(a1));
    }
}

/// Min-plus convolution of two groups' costs over (melds, pair).
#[inline(always)]
fn convolve(a: &Costs, b: &Costs) -> Costs {
    let mut r = [INF; 16];
    step::<0>(&mut r, a, b);
    step::<1>(&mut r, a, b);
    step::<2>(&mut r, a, b);
    step::<3>(&mut r, a, b);
    step::<4>(&mut r, a, b);
    r
}

/// Cost of `need` melds and one pair from two groups.
#[inline(always)]
fn finish(a: &Costs, b: &Costs, need: usize) -> u8 {
    let mut best = INF;
    for ma in 0..=need.min(4) {
        let mb = need - ma;
        best = best
            .min(a[8 + ma].saturating_add(b[mb]))
            .min(a[ma].saturating_add(b[8 + mb]));
    }
    best
}

/// Costs of one group (0..3 = m, p, s, 3 = honors) with no cap below 4. Counts
/// outside the tables (a kind above 4, a suit above 14 tiles) read as all-15 costs
/// instead of panicking; every public entry point validates before getting here.
#[inline(always)]
pub(crate) fn group_costs(counts: &Counts, g: usize) -> Costs {
    let t = table::tables();
    let entry = if g < 3 {
        t.suit.get(table::suit_rank(&counts[9 * g..9 * g + 9]))
    } else {
        t.honor.get(table::honor_key(&counts[27..34]))
    };
    lanes(entry.copied().unwrap_or(u64::MAX))
}

/// Lanes that [`add_melds`] sets to [`INF`] (`FILL[melds][pair]`): those below the
/// shift, and the unused ones.
const FILL: [[u128; 2]; 5] = {
    let mut f = [[0u128; 2]; 5];
    let mut melds = 0;
    while melds < 5 {
        let mut pair = 0;
        while pair < 2 {
            let mut l = 0;
            while l < 16 {
                let keep = if pair == 1 {
                    l >= 8 + melds && l <= 12
                } else {
                    (l & 7) >= melds && (l & 7) <= 4
                };
                if !keep {
                    f[melds][pair] |= (INF as u128) << (8 * l);
                }
                l += 1;
            }
            pair += 1;
        }
        melds += 1;
    }
    f
};

/// `v` with `melds` more melds, and the pair too when `pair` (from the no-pair half):
/// one 128-bit shift by whole lanes; the lanes it must not fill are set to at least
/// [`INF`].
#[inline(always)]
fn add_melds(v: &Costs, melds: usize, pair: bool) -> Costs {
    if melds > 4 {
        return [INF; 16];
    }
    let shift = 8 * (melds + 8 * usize::from(pair));
    ((u128::from_le_bytes(*v) << shift) | FILL[melds][usize::from(pair)]).to_le_bytes()
}

/// Costs of one group under per-kind caps: an exact dynamic programme over ranks
/// whose state is the runs still open (`a` started two ranks back, `b` one rank
/// back) and whose values are whole cost vectors over (melds, pair).
///
/// At most two runs start at one rank: three equal runs hold the same tiles as three
/// triplets (123123123 = 111222333), the same number of melds under the same caps, so
/// some optimal target never needs a third.
#[allow(clippy::needless_range_loop)] // the indices are the state
pub(crate) fn group_costs_capped(h: &[u8], caps: &[u8], sequences: bool) -> Costs {
    let mut dp = [[[INF; 16]; 3]; 3];
    dp[0][0][0] = 0;
    let n = h.len();
    for i in 0..n {
        let mut next = [[[INF; 16]; 3]; 3];
        let max_new = if sequences && i + 2 < n { 2 } else { 0 };
        let cap = caps[i] as usize;
        for a in 0..3usize {
            for b in 0..3usize {
                let cur = &dp[a][b];
                if a + b > cap || cur.iter().all(|&x| x >= INF) {
                    continue;
                }
                let room = cap - a - b;
                // cur with 0..=3 more melds, without and with the pair
                let mut up = [[[INF; 16]; 2]; 4];
                for (melds, u) in up.iter_mut().enumerate() {
                    u[0] = add_melds(cur, melds, false);
                    u[1] = add_melds(cur, melds, true);
                }
                for c in 0..=max_new.min(room) {
                    for t in 0..=usize::from(room - c >= 3) {
                        for q in 0..=usize::from(room - c - 3 * t >= 2) {
                            let need = (a + b + c + 3 * t + 2 * q) as u8;
                            let cost = need.saturating_sub(h[i]);
                            let v = &up[c + t][q];
                            let slot = &mut next[b][c];
                            for l in 0..16 {
                                slot[l] = slot[l].min(v[l].saturating_add(cost));
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    dp[0][0]
}

/// Costs of group `g` of a concealed part, respecting its caps.
pub(crate) fn group_costs_of(c: &Concealed, counts: &Counts, g: usize) -> Costs {
    let (lo, hi) = if g < 3 { (9 * g, 9 * g + 9) } else { (27, 34) };
    match &c.caps {
        Some(caps) if g == 0 && caps[SANMA_MISSING].iter().all(|&x| x == 0) => {
            // three players: 1m and 9m alone, which form pairs and triplets only
            sanma_manzu_costs(counts[0], counts[8], caps[0], caps[8])
        }
        Some(caps) if g == 3 && caps[lo..hi].iter().all(|&x| x == 4 || x < 2) => {
            // honor melds are pons and kans, leaving at most one copy of their kind: it
            // can join no set, and at least two unused honor kinds always remain for the
            // table to choose instead, so the table of the other honors is exact
            let mut h = *counts;
            for k in lo..hi {
                if caps[k] < 2 {
                    h[k] = 0;
                }
            }
            group_costs(&h, 3)
        }
        Some(caps) if caps[lo..hi].iter().any(|&x| x < 4) => {
            group_costs_capped(&counts[lo..hi], &caps[lo..hi], g < 3)
        }
        _ => group_costs(counts, g),
    }
}

/// Costs of the three-player manzu group: `c1` copies of 1m and `c9` of 9m (each
/// at most 4), under caps `cap1`, `cap9`; no sequence exists without 2m–8m.
pub(crate) fn sanma_manzu_costs(c1: u8, c9: u8, cap1: u8, cap9: u8) -> Costs {
    static TABLE: std::sync::OnceLock<[Costs; 25]> = std::sync::OnceLock::new();
    if cap1 == 4 && cap9 == 4 && c1 <= 4 && c9 <= 4 {
        let t = TABLE.get_or_init(|| {
            let mut t = [[INF; 16]; 25];
            for (i, e) in t.iter_mut().enumerate() {
                *e = group_costs_capped(&[(i / 5) as u8, (i % 5) as u8], &[4, 4], false);
            }
            t
        });
        return t[5 * c1 as usize + c9 as usize];
    }
    group_costs_capped(&[c1, c9], &[cap1, cap9], false)
}

/// Regular-form replacement number of valid three-player counts with no meld caps.
#[inline]
pub fn regular_replacement_sanma(counts: &Counts, melds_needed: usize) -> u8 {
    let m = sanma_manzu_costs(counts[0], counts[8], 4, 4);
    let p = group_costs(counts, 1);
    let s = group_costs(counts, 2);
    let z = group_costs(counts, 3);
    finish(&convolve(&m, &p), &convolve(&s, &z), melds_needed)
}

/// Regular-form replacement number of valid counts with no caps (fast path;
/// `melds_needed` ≤ 4).
#[inline]
pub fn regular_replacement(counts: &Counts, melds_needed: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        simd::regular_replacement(counts, melds_needed)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        regular_replacement_portable(counts, melds_needed)
    }
}

/// Regular-form replacement numbers after one more copy of each kind, for valid counts
/// with no caps and at most 13 tiles; `u8::MAX` for kinds already held four times.
pub fn regular_after_draw(counts: &Counts, melds_needed: usize) -> [u8; 34] {
    #[cfg(target_arch = "x86_64")]
    {
        simd::regular_after_draw(counts, melds_needed)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut out = [u8::MAX; 34];
        let mut c = *counts;
        for k in 0..34 {
            if c[k] < 4 {
                c[k] += 1;
                out[k] = regular_replacement_portable(&c, melds_needed);
                c[k] -= 1;
            }
        }
        out
    }
}

/// Regular-form replacement numbers after one copy fewer of each kind, for valid counts
/// with no caps and at most 14 tiles, `melds_needed` those of the hand left (one tile
/// fewer); `u8::MAX` for kinds not held. Each is [`regular_replacement`] of the counts
/// less that copy: the three other groups are convolved once for all the discards.
pub fn regular_after_discard(counts: &Counts, melds_needed: usize) -> [u8; 34] {
    #[cfg(target_arch = "x86_64")]
    {
        simd::regular_after_discard(counts, melds_needed)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut out = [u8::MAX; 34];
        let mut c = *counts;
        for k in 0..34 {
            if c[k] > 0 {
                c[k] -= 1;
                out[k] = regular_replacement_portable(&c, melds_needed);
                c[k] += 1;
            }
        }
        out
    }
}

/// [`regular_replacement`] without SIMD intrinsics (the reference for the SSE2 kernel).
#[inline]
pub fn regular_replacement_portable(counts: &Counts, melds_needed: usize) -> u8 {
    let t = table::tables();
    let m = lanes(t.suit[table::suit_rank(&counts[0..9])]);
    let p = lanes(t.suit[table::suit_rank(&counts[9..18])]);
    let s = lanes(t.suit[table::suit_rank(&counts[18..27])]);
    let z = lanes(t.honor[table::honor_key(&counts[27..34])]);
    finish(&convolve(&m, &p), &convolve(&s, &z), melds_needed)
}

/// Replacement number of the regular form from per-group costs.
#[inline]
pub(crate) fn regular_from_groups(g: &[Costs; 4], melds_needed: usize) -> u8 {
    finish(
        &convolve(&g[0], &g[1]),
        &convolve(&g[2], &g[3]),
        melds_needed,
    )
}

/// Chiitoitsu replacement number: seven distinct kinds with two copies each.
#[inline]
pub fn chiitoitsu_replacement(counts: &Counts) -> u8 {
    let mut pairs = 0u8;
    let mut singles = 0u8;
    for &c in counts {
        pairs += u8::from(c >= 2);
        singles += u8::from(c == 1);
    }
    let pairs = pairs.min(7);
    14 - 2 * pairs - singles.min(7 - pairs)
}

/// The thirteen terminal and honor kinds.
pub(crate) const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Kokushi replacement number: one of each terminal and honor plus one more of them.
#[inline]
pub fn kokushi_replacement(counts: &Counts) -> u8 {
    let mut kinds = 0u8;
    let mut pair = 0u8;
    for k in YAOCHUU {
        kinds += u8::from(counts[k] >= 1);
        pair |= u8::from(counts[k] >= 2);
    }
    14 - kinds - pair
}

/// Byte-parallel summary of a counts row (8 counts per `u64`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowStats {
    /// Some count is above 4 (the other fields are then meaningless).
    pub over4: bool,
    /// Total tiles.
    pub total: usize,
    /// Kinds with at least two copies.
    pub pairs: u32,
    /// Kinds with exactly one copy.
    pub singles: u32,
    /// Terminal and honor kinds held.
    pub yaochuu_kinds: u32,
    /// Some terminal or honor kind held twice or more.
    pub yaochuu_pair: bool,
}

const HIGH: u64 = 0x8080_8080_8080_8080;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bytes 0xFF at the terminal and honor kinds, per word of 8 kinds.
const YAOCHUU_MASK: [u64; 5] = {
    let mut m = [0u64; 5];
    let mut i = 0;
    while i < YAOCHUU.len() {
        let k = YAOCHUU[i];
        m[k / 8] |= 0xFF << (8 * (k % 8));
        i += 1;
    }
    m
};

/// Summarise a row in a few word operations.
#[inline]
pub(crate) fn row_stats(c: &Counts) -> RowStats {
    let word = |i: usize| {
        let mut b = [0u8; 8];
        let hi = (8 * i + 8).min(34);
        b[..hi - 8 * i].copy_from_slice(&c[8 * i..hi]);
        u64::from_le_bytes(b)
    };
    let w = [word(0), word(1), word(2), word(3), word(4)];
    let mut over = 0u64;
    let mut sum = 0u64;
    let (mut pairs, mut ones) = (0u32, 0u32);
    let (mut yk, mut yp) = (0u32, 0u64);
    for (i, &x) in w.iter().enumerate() {
        // byte ≥ 5: its low 7 bits + 0x7B carry into bit 7, or bit 7 is already set
        over |= (((x & !HIGH) + 0x7B * ONES) | x) & HIGH;
        sum = sum.wrapping_add(x);
        let ge1 = x.wrapping_add(0x7F * ONES) & HIGH;
        let ge2 = x.wrapping_add(0x7E * ONES) & HIGH;
        ones += ge1.count_ones();
        pairs += ge2.count_ones();
        yk += (ge1 & YAOCHUU_MASK[i]).count_ones();
        yp |= ge2 & YAOCHUU_MASK[i];
    }
    RowStats {
        over4: over != 0,
        total: (sum.wrapping_mul(ONES) >> 56) as usize,
        pairs,
        singles: ones - pairs.min(ones),
        yaochuu_kinds: yk,
        yaochuu_pair: yp != 0,
    }
}

/// Chiitoitsu replacement number from a row summary.
#[inline]
fn chiitoitsu_from(st: &RowStats) -> u8 {
    let pairs = st.pairs.min(7);
    (14 - 2 * pairs - st.singles.min(7 - pairs)) as u8
}

/// Kokushi replacement number from a row summary.
#[inline]
fn kokushi_from(st: &RowStats) -> u8 {
    (14 - st.yaochuu_kinds - u32::from(st.yaochuu_pair)) as u8
}

/// Check a counts row and compute one form's shanten in one pass: the batch kernel.
///
/// # Errors
/// [`Error::TooManyCopies`] naming the first kind above 4, [`Error::BadTileCount`]
/// for a bad total or a closed form on fewer than 13 tiles.
#[inline]
pub fn row_shanten(counts: &Counts, form: Form) -> Result<i8> {
    row_shanten_for(counts, form, Players::Four)
}

/// [`row_shanten`] for `players`.
///
/// # Errors
/// As [`row_shanten`]; [`Error::NotInThreePlayer`] for a 2m–8m under three players.
#[inline]
pub fn row_shanten_for(counts: &Counts, form: Form, players: Players) -> Result<i8> {
    let st = row_stats(counts);
    if st.over4 {
        crate::hand::check_counts(counts)?;
    }
    check_total(st.total)?;
    players.check(counts, "hand")?;
    let n = st.total;
    let regular = |counts: &Counts, need: usize| match players {
        Players::Four => regular_replacement(counts, need),
        Players::Three => regular_replacement_sanma(counts, need),
    };
    let closed = n >= 13;
    let r = match form {
        Form::Regular => regular(counts, n / 3),
        Form::Minimum => {
            let r = regular(counts, n / 3);
            if closed {
                r.min(chiitoitsu_from(&st)).min(kokushi_from(&st))
            } else {
                r
            }
        }
        Form::Chiitoitsu | Form::Kokushi if !closed => {
            return Err(Error::BadTileCount {
                concealed: n,
                melds: (14 - n) / 3,
                expected: "13 or 14 concealed tiles for chiitoitsu or kokushi",
            })
        }
        Form::Chiitoitsu => chiitoitsu_from(&st),
        Form::Kokushi => kokushi_from(&st),
    };
    Ok(r as i8 - 1)
}

/// Replacement number of one form (`None` when the form does not apply).
pub fn replacement(c: &Concealed, form: Form) -> Option<u8> {
    let regular = || {
        if c.caps.is_none() {
            regular_replacement(&c.counts, c.melds_needed as usize)
        } else {
            let g = [0, 1, 2, 3].map(|g| group_costs_of(c, &c.counts, g));
            regular_from_groups(&g, c.melds_needed as usize)
        }
    };
    match form {
        Form::Regular => Some(regular()),
        Form::Chiitoitsu => c.closed.then(|| chiitoitsu_replacement(&c.counts)),
        Form::Kokushi => c.closed.then(|| kokushi_replacement(&c.counts)),
        Form::Minimum => {
            let r = regular();
            Some(if c.closed {
                r.min(chiitoitsu_replacement(&c.counts))
                    .min(kokushi_replacement(&c.counts))
            } else {
                r
            })
        }
    }
}

/// Shanten of every form of a concealed part.
pub fn detail(c: &Concealed) -> ShantenDetail {
    let sh = |r: u8| r as i8 - 1;
    let regular = sh(replacement(c, Form::Regular).unwrap_or(0));
    let chiitoitsu = replacement(c, Form::Chiitoitsu).map(sh);
    let kokushi = replacement(c, Form::Kokushi).map(sh);
    let minimum = [Some(regular), chiitoitsu, kokushi]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(regular);
    ShantenDetail {
        regular,
        chiitoitsu,
        kokushi,
        minimum,
    }
}

/// Shanten (minimum over forms) of bare counts.
///
/// # Errors
/// As [`Concealed::from_counts`].
pub fn shanten(counts: &Counts) -> Result<i8> {
    let c = Concealed::from_counts(counts)?;
    Ok(replacement(&c, Form::Minimum).unwrap_or(0) as i8 - 1)
}

/// Shanten of every form of bare counts.
///
/// # Errors
/// As [`Concealed::from_counts`].
pub fn shanten_detail(counts: &Counts) -> Result<ShantenDetail> {
    Ok(detail(&Concealed::from_counts(counts)?))
}

/// [`shanten_detail`] for `players`.
///
/// # Errors
/// As [`Concealed::from_counts_for`].
pub fn shanten_detail_for(counts: &Counts, players: Players) -> Result<ShantenDetail> {
    Ok(detail(&Concealed::from_counts_for(counts, players)?))
}

/// Shanten of every form of a hand for `players`.
///
/// # Errors
/// As [`Concealed::from_hand_for`].
pub fn hand_shanten_detail_for(hand: &Hand, players: Players) -> Result<ShantenDetail> {
    Ok(detail(&Concealed::from_hand_for(hand, players)?))
}

/// Shanten (minimum over forms) of a hand, its melds capping the copies.
pub fn hand_shanten(hand: &Hand) -> i8 {
    detail(&Concealed::from_hand(hand)).minimum
}

/// Shanten of every form of a hand.
pub fn hand_shanten_detail(hand: &Hand) -> ShantenDetail {
    detail(&Concealed::from_hand(hand))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_counts;

    fn sh(text: &str) -> i8 {
        shanten(&parse_counts(text).unwrap().0).unwrap()
    }
    fn regular(text: &str) -> i8 {
        shanten_detail(&parse_counts(text).unwrap().0)
            .unwrap()
            .regular
    }

    /// Each discard's replacement number from the shared-groups kernel is the one of the
    /// counts less that copy, computed alone (and `u8::MAX` for kinds not held), on
    /// seeded random hands of every size a discard leaves.
    #[test]
    #[allow(clippy::needless_range_loop)] // kinds index several arrays
    fn after_discard_equals_one_replacement_per_discard() {
        let mut rng = crate::test_hands::Xorshift(0x2468_1357_ACE0_BDF9);
        for i in 0..20000 {
            let n = [14, 11, 8, 5, 2][i % 5];
            let span = [9, 14, 20, 34][(i / 5) % 4];
            let mut c = rng.counts(n, span);
            let need = (n - 1) / 3;
            let after = regular_after_discard(&c, need);
            for k in 0..34 {
                if c[k] == 0 {
                    assert_eq!(after[k], u8::MAX, "{c:?} discard {k}");
                    continue;
                }
                c[k] -= 1;
                assert_eq!(after[k], regular_replacement(&c, need), "{c:?} less {k}");
                assert_eq!(
                    after[k],
                    regular_replacement_portable(&c, need),
                    "{c:?} less {k}"
                );
                c[k] += 1;
            }
        }
    }

    /// The vector convolution of the draw kernel equals the portable one on every
    /// (melds, pair) lane, for table entries, impossible (INF) lanes and convolved
    /// inputs alike.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_convolution_equals_the_portable_one() {
        let mut rng = crate::test_hands::Xorshift(0x5EED_C0DE_1234_4321);
        let random = |rng: &mut crate::test_hands::Xorshift| -> Costs {
            let x = rng.next();
            let mut c = lanes(x & 0xFF_FFFF_FFFF);
            // now and then an impossible lane, as the three-player manzu group has
            if x >> 60 == 0 {
                c[(x >> 40) as usize % 5] = INF;
            }
            c
        };
        for _ in 0..20000 {
            let (a, b, d) = (random(&mut rng), random(&mut rng), random(&mut rng));
            for (x, y) in [(a, b), (a, convolve(&b, &d)), (convolve(&a, &d), b)] {
                let want = convolve(&x, &y);
                let got = simd::convolve_costs(&x, &y);
                for l in (0..5).chain(8..13) {
                    assert_eq!(got[l], want[l], "{x:?} {y:?} lane {l}");
                }
            }
        }
    }

    #[test]
    fn fifth_copy_waits_do_not_count_rc01() {
        assert_eq!(regular("123456789m1111z"), 1);
        assert_eq!(regular("123456789m1111p"), 1);
        assert_eq!(sh("112233s123p1111m"), 1);
        assert_eq!(sh("11112222333444z"), 1);
        assert_eq!(sh("11m111122223333z"), 2);
        assert_eq!(sh("23m111122223333z"), 2);
        // whole family: a quad used as triplet + pair is never allowed
        assert_eq!(regular("1111m"), 1);
        assert_eq!(regular("1111z"), 1);
        assert_eq!(regular("1111m2222z"), 1);
        assert_eq!(regular("123m1111z"), 1);
        // and when the fifth copy is not needed, the hand is tenpai
        assert_eq!(regular("123456789m1112z"), 0);
        assert_eq!(regular("123456789m1111p2z"), 0);
    }

    #[test]
    fn chiitoitsu_needs_distinct_pairs_rc04() {
        let d = shanten_detail(&parse_counts("66677888s55p2255m").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, Some(1));
        assert_eq!(d.minimum, 1);
        assert_eq!(d.regular, 1);
        // family: four copies are one pair, not two
        let d = shanten_detail(&parse_counts("1111m2233p4455s6z").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, Some(2));
        let d = shanten_detail(&parse_counts("1122m3344p5566s7z").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, Some(0));
        let d = shanten_detail(&parse_counts("1122m3344p5566s77z").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, Some(-1));
        assert_eq!(d.minimum, -1);
        let d = shanten_detail(&parse_counts("111122223333m4z").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, Some(6));
    }

    #[test]
    fn closed_forms_only_for_closed_hands_rc05() {
        let d = shanten_detail(&parse_counts("19m19p19s12345z").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, None);
        assert_eq!(d.kokushi, None);
        assert_eq!(d.minimum, 6);
        let h = Hand::parse("19m19p19s12345z pon:777z").unwrap();
        assert_eq!(hand_shanten(&h), 6);
        let d = hand_shanten_detail(&Hand::parse("19m9p19s12345z ankan:1111p").unwrap());
        assert_eq!((d.chiitoitsu, d.kokushi), (None, None));
        // closed 13 tiles: kokushi applies
        let d = shanten_detail(&parse_counts("19m19p19s1234567z").unwrap().0).unwrap();
        assert_eq!(d.kokushi, Some(0));
        assert_eq!(d.minimum, 0);
        // ten paired tiles: no chiitoitsu below 13 tiles
        let d = shanten_detail(&parse_counts("11m22p33s4455z").unwrap().0).unwrap();
        assert_eq!(d.chiitoitsu, None);
        assert_eq!(d.minimum, 2);
    }

    #[test]
    fn melds_cap_copies() {
        // pon of 1m: the concealed fourth 1m cannot wait on a fifth for its pair
        let h = Hand::parse("1m pon:111m pon:222z pon:333z pon:444z").unwrap();
        assert_eq!(hand_shanten(&h), 1);
        assert_eq!(sh("1m"), 0);
        let h = Hand::parse("1m pon:111z pon:222z pon:333z pon:444z").unwrap();
        assert_eq!(hand_shanten(&h), 0);
        let h = Hand::parse("1m234p pon:111m pon:222z pon:333z").unwrap();
        assert_eq!(hand_shanten(&h), 1);
        assert_eq!(sh("1m234p"), 0);
        // a chi does not use a whole kind: 4m is still waitable twice over
        let h = Hand::parse("4m234p pon:111z pon:222z chi:234m").unwrap();
        assert_eq!(hand_shanten(&h), 0);
    }

    #[test]
    fn capped_dp_matches_table() {
        let t = table::tables();
        let mut v = [0u8; 9];
        let mut seed = 0x2545F4914F6CDD1Du64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut total = 0;
            for (i, x) in v.iter_mut().enumerate() {
                *x = ((seed >> (5 * i)) % 5) as u8;
                total += *x;
            }
            if total > 14 {
                continue;
            }
            let dp = group_costs_capped(&v, &[4; 9], true);
            assert_eq!(dp, lanes(t.suit[table::suit_rank(&v)]), "{v:?}");
        }
        for key in 0..4096usize {
            let n = [key & 7, (key >> 3) & 7, (key >> 6) & 7, (key >> 9) & 7];
            if n.iter().sum::<usize>() > 7 {
                continue;
            }
            let mut h = Vec::new();
            for c in 1..=4u8 {
                h.extend(std::iter::repeat(c).take(n[c as usize - 1]));
            }
            h.resize(7, 0);
            if h.iter().map(|&x| x as u32).sum::<u32>() > 14 {
                continue;
            }
            let dp = group_costs_capped(&h, &[4; 7], false);
            assert_eq!(dp, lanes(t.honor[key]), "{h:?}");
        }
    }

    #[test]
    fn suit_table_matches_dp_on_every_small_vector() {
        // every suit vector of at most 7 tiles (the ones random hands hit most)
        let t = table::tables();
        let mut v = [0u8; 9];
        let mut checked = 0;
        loop {
            if v.iter().map(|&x| x as u32).sum::<u32>() <= 7 {
                let dp = group_costs_capped(&v, &[4; 9], true);
                assert_eq!(dp, lanes(t.suit[table::suit_rank(&v)]), "{v:?}");
                checked += 1;
            }
            if !table::next_base5(&mut v) {
                break;
            }
        }
        assert_eq!(checked, 1 + 9 + 45 + 165 + 495 + 1278 + 2922 + 6030);
    }

    #[test]
    fn vector_dp_equals_scalar_dp_under_random_caps() {
        let mut seed = 0x1357_9BDF_2468_ACE0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..3000 {
            let mut h = [0u8; 9];
            let mut caps = [4u8; 9];
            for k in 0..9 {
                caps[k] = [4, 4, 4, 3, 2, 1, 0][(next() % 7) as usize];
                h[k] = (next() % (u64::from(caps[k]) + 1)) as u8;
            }
            if h.iter().map(|&x| u32::from(x)).sum::<u32>() > 14 {
                continue;
            }
            for seqs in [true, false] {
                let v = group_costs_capped(&h, &caps, seqs);
                let s = lanes_of(&group_costs_capped_scalar(&h, &caps, seqs));
                // impossible combinations: ≥ 99 in the scalar form, ≥ INF in the vector
                let norm = |x: u8| if x >= 99 { u8::MAX } else { x };
                for l in 0..16 {
                    assert_eq!(norm(v[l]), norm(s[l]), "{h:?} {caps:?} lane {l}");
                }
            }
        }
    }

    #[test]
    fn capped_dp_equals_scalar_dp_on_every_small_vector() {
        // every suit vector of at most 9 tiles under the caps own melds leave: a pon, a
        // kan, one and two chi (the scalar reference starts up to four runs per rank)
        let patterns: [[u8; 9]; 4] = [
            [4, 4, 4, 4, 1, 4, 4, 4, 4],
            [0, 4, 4, 3, 3, 3, 4, 4, 1],
            [4, 4, 2, 2, 2, 4, 4, 4, 4],
            [4, 3, 2, 2, 3, 4, 1, 4, 4],
        ];
        let norm = |x: u8| if x >= 99 { u8::MAX } else { x };
        let mut v = [0u8; 9];
        let mut checked = 0;
        loop {
            if v.iter().map(|&x| x as u32).sum::<u32>() <= 9 {
                for caps in &patterns {
                    if v.iter().zip(caps).any(|(h, c)| h > c) {
                        continue;
                    }
                    let fast = group_costs_capped(&v, caps, true);
                    let slow = lanes_of(&group_costs_capped_scalar(&v, caps, true));
                    for l in 0..16 {
                        assert_eq!(norm(fast[l]), norm(slow[l]), "{v:?} {caps:?} lane {l}");
                    }
                    checked += 1;
                }
            }
            if !table::next_base5(&mut v) {
                break;
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// Scalar form of [`group_costs_capped`], kept as its test reference.
    #[cfg(test)]
    #[allow(clippy::needless_range_loop)] // indices are the state
    fn group_costs_capped_scalar(h: &[u8], caps: &[u8], sequences: bool) -> [u8; 10] {
        const INF: u8 = 99;
        // dp[a][b][m][p]: a runs started two ranks back, b one rank back
        let mut dp = [[[[INF; 2]; 5]; 5]; 5];
        dp[0][0][0][0] = 0;
        let n = h.len();
        for i in 0..n {
            let mut next = [[[[INF; 2]; 5]; 5]; 5];
            let max_new = if sequences && i + 2 < n { 4 } else { 0 };
            let cap = caps[i] as usize;
            for a in 0..5 {
                // runs already passing through rank i use a + b of its copies
                for b in 0..(5 - a).min((cap + 1).saturating_sub(a)) {
                    let room = cap - a - b;
                    for m in 0..5 {
                        for p in 0..2 {
                            let cur = dp[a][b][m][p];
                            if cur == INF {
                                continue;
                            }
                            for c in 0..=max_new.min(4 - m).min(room) {
                                let room = room - c;
                                for t in 0..=usize::from(m + c < 4 && room >= 3) {
                                    let room = room - 3 * t;
                                    for q in 0..=usize::from(p == 0 && room >= 2) {
                                        let need = a + b + c + 3 * t + 2 * q;
                                        let cost = cur + (need as u8).saturating_sub(h[i]);
                                        let slot = &mut next[b][c][m + c + t][p + q];
                                        *slot = (*slot).min(cost);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            dp = next;
        }
        let mut r = [0u8; 10];
        for m in 0..5 {
            for p in 0..2 {
                r[2 * m + p] = dp[0][0][m][p];
            }
        }
        r
    }

    #[test]
    fn ranks_are_a_bijection() {
        let mut seen = vec![false; table::SUIT_VECTORS];
        let mut v = [0u8; 9];
        loop {
            if v.iter().map(|&x| x as u32).sum::<u32>() <= 14 {
                let r = table::suit_rank(&v);
                assert!(!seen[r]);
                seen[r] = true;
            }
            if !table::next_base5(&mut v) {
                break;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn bad_totals_are_errors() {
        let (c, _) = parse_counts("123m").unwrap();
        assert!(matches!(
            shanten(&c),
            Err(Error::BadTileCount { concealed: 3, .. })
        ));
        let mut c = [0u8; 34];
        c[0] = 5;
        assert!(matches!(
            shanten(&c),
            Err(Error::TooManyCopies { count: 5, .. })
        ));
        assert!(shanten(&[0u8; 34]).is_err());
        assert_eq!(Form::parse("regular").unwrap(), Form::Regular);
        assert!(Form::parse("pinfu").is_err());
    }
}
