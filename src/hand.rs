//! A player's hand: concealed tiles (with red fives) and melds. A [`Hand`] that
//! exists is valid: at most four copies of a kind counting melds, at most as many
//! red fives as fives, and 13 or 14 tiles (kans counted as three) in all.

use std::fmt;

use crate::error::{Error, Result};
use crate::meld::Meld;
use crate::notation::{format_counts, parse_counts};
use crate::tile::{Counts, Tile};

/// A valid hand. See the module docs for the invariants.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: Counts,
    red: [u8; 3],
    melds: Vec<Meld>,
}

/// Total tiles of a counts vector.
pub fn tile_count(counts: &Counts) -> usize {
    counts.iter().map(|&c| c as usize).sum()
}

/// Check a bare counts vector: every count ≤ 4.
///
/// # Errors
/// [`Error::TooManyCopies`] naming the first kind over four.
pub fn check_counts(counts: &Counts) -> Result<()> {
    for (k, &c) in counts.iter().enumerate() {
        if c > 4 {
            return Err(Error::TooManyCopies {
                tile: Tile::from_index(k),
                count: u32::from(c),
            });
        }
    }
    Ok(())
}

/// Whether some count exceeds 4, eight counts at a time: in each byte, `(b & 0x7f) + 0x7b`
/// reaches the high bit exactly when `b & 0x7f ≥ 5` (never carrying into the next byte), and
/// `| b` adds the counts of 128 and more.
fn any_over_four(c: &Counts) -> bool {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const ADD: u64 = 0x7b7b_7b7b_7b7b_7b7b;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut acc = 0u64;
    for i in 0..4 {
        let mut word = [0u8; 8];
        word.copy_from_slice(&c[8 * i..8 * i + 8]);
        let w = u64::from_le_bytes(word);
        acc |= ((w & LOW7) + ADD) | w;
    }
    acc & HIGH != 0 || c[32] > 4 || c[33] > 4
}

/// Check the parts of a hand as [`Hand::new`] does, without building one. Returns the
/// concealed tile count and all tiles (concealed and melded) per kind.
///
/// # Errors
/// As [`Hand::new`].
pub(crate) fn check_parts(
    concealed: &Counts,
    red: [u8; 3],
    melds: &[Meld],
) -> Result<(usize, Counts)> {
    let n = tile_count(concealed);
    if melds.len() > 4 || !(13..=14).contains(&(n + 3 * melds.len())) {
        return Err(Error::BadTileCount {
            concealed: n,
            melds: melds.len(),
            expected: "13 or 14 tiles counting each meld as 3, at most 4 melds",
        });
    }
    let mut all = *concealed;
    for m in melds {
        m.add_to(&mut all);
    }
    if any_over_four(&all) {
        let k = all.iter().position(|&c| c > 4).unwrap_or(0);
        return Err(Error::TooManyCopies {
            tile: Tile::from_index(k),
            count: u32::from(all[k]),
        });
    }
    for (s, &r) in red.iter().enumerate() {
        let five = Tile::from_index(s * 9 + 4);
        let fives = u32::from(concealed[five.index()]);
        if u32::from(r) > fives {
            return Err(Error::TooManyRedFives {
                tile: five,
                red: u32::from(r),
                fives,
            });
        }
    }
    Ok((n, all))
}

impl Hand {
    /// Build a hand, checking every invariant.
    ///
    /// # Errors
    /// [`Error::TooManyCopies`], [`Error::TooManyRedFives`], [`Error::BadTileCount`]
    /// (concealed + 3 × melds must be 13 or 14, at most 4 melds).
    pub fn new(concealed: Counts, red: [u8; 3], melds: Vec<Meld>) -> Result<Hand> {
        check_parts(&concealed, red, &melds)?;
        Ok(Hand {
            concealed,
            red,
            melds,
        })
    }

    /// Parse text: the concealed tiles in mpsz, then melds separated by spaces,
    /// e.g. `"678m567p88s pon:111z kakan:2222z"` (see [`Meld::parse`]).
    ///
    /// # Errors
    /// [`Error::Notation`] with the position in the whole text, or any error of [`Hand::new`].
    pub fn parse(text: &str) -> Result<Hand> {
        let mut concealed_text = String::new();
        let mut melds = Vec::new();
        let mut pos = 0usize; // char position of the current token
        for token in text.split(' ') {
            let shift = |e: Error| match e {
                Error::Notation {
                    position, reason, ..
                } => Error::Notation {
                    text: text.to_owned(),
                    position: position + pos,
                    reason,
                },
                other => other,
            };
            if token.contains(':') {
                melds.push(Meld::parse(token).map_err(shift)?);
            } else if !token.is_empty() {
                if !concealed_text.is_empty() || !melds.is_empty() {
                    return Err(Error::Notation {
                        text: text.to_owned(),
                        position: pos,
                        reason: "concealed tiles must come first, as one group".into(),
                    });
                }
                crate::notation::parse_tiles(token).map_err(shift)?;
                concealed_text = token.to_owned();
            }
            pos += token.chars().count() + 1;
        }
        let (concealed, red) = parse_counts(&concealed_text)?;
        Hand::new(concealed, red, melds)
    }

    /// Concealed tiles as counts per kind (red fives counted as fives).
    pub const fn concealed(&self) -> &Counts {
        &self.concealed
    }
    /// Red fives among the concealed tiles, per suit (m, p, s).
    pub const fn red(&self) -> [u8; 3] {
        self.red
    }
    /// The melds in the order called.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }
    /// No open meld (ankan keeps a hand closed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.is_open())
    }
    /// Number of concealed tiles.
    pub fn concealed_len(&self) -> usize {
        tile_count(&self.concealed)
    }
    /// 14 tiles counting melds as 3: the hand must discard (or is a complete hand).
    pub fn is_full(&self) -> bool {
        self.concealed_len() + 3 * self.melds.len() == 14
    }
    /// All tiles the player holds, concealed and melded, per kind.
    pub fn all_counts(&self) -> Counts {
        let mut all = self.concealed;
        for m in &self.melds {
            m.add_to(&mut all);
        }
        all
    }
    /// The hand with one more concealed tile (`red` if it is a red five).
    ///
    /// # Errors
    /// As [`Hand::new`] (e.g. a fifth copy, or the hand is already 14 tiles).
    pub fn with_tile(&self, tile: Tile, red: bool) -> Result<Hand> {
        let mut c = self.concealed;
        c[tile.index()] += 1;
        let mut r = self.red;
        if red && tile.is_five() {
            r[tile.suit() as usize] += 1;
        }
        Hand::new(c, r, self.melds.clone())
    }
    /// The hand without one concealed copy of `tile` (a plain copy if there is one,
    /// else a red one).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if the hand holds no concealed `tile`.
    pub fn without_tile(&self, tile: Tile) -> Result<Hand> {
        let k = tile.index();
        if self.concealed[k] == 0 {
            return Err(Error::InvalidArgument {
                name: "tile",
                reason: format!("the hand holds no concealed {tile}"),
            });
        }
        let mut c = self.concealed;
        c[k] -= 1;
        let mut r = self.red;
        if tile.is_five() {
            let s = tile.suit() as usize;
            r[s] = r[s].min(c[k]);
        }
        Ok(Hand {
            concealed: c,
            red: r,
            melds: self.melds.clone(),
        })
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_counts(&self.concealed, self.red))?;
        for m in &self.melds {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_four_is_found_in_every_position() {
        for k in 0..34 {
            for v in [5u8, 7, 127, 128, 200, 255] {
                let mut c = [4u8; 34];
                c[k] = v;
                assert!(any_over_four(&c), "{k} {v}");
            }
        }
        assert!(!any_over_four(&[4; 34]) && !any_over_four(&[0; 34]));
    }

    #[test]
    fn parse_display_round_trip() {
        for s in [
            "123m406p789s1122z",
            "678m567p88s pon:111z kakan:2222z",
            "55m999s pon:555z pon:666z pon:777z",
        ] {
            assert_eq!(Hand::parse(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn invariants_hold() {
        assert!(matches!(
            Hand::parse("11111m23456789p").unwrap_err(),
            Error::TooManyCopies { count: 5, .. }
        ));
        assert!(matches!(
            Hand::parse("1m23456789p pon:111m 22z").unwrap_err(),
            Error::Notation { .. }
        ));
        assert!(matches!(
            Hand::parse("123456789m12345p6p").unwrap_err(),
            Error::BadTileCount { concealed: 15, .. }
        ));
        assert!(matches!(
            Hand::parse("1m2345678p9s pon:111m ").unwrap_err(),
            Error::BadTileCount { .. }
        ));
        // pon of 1m plus two concealed 1m is five copies
        assert!(matches!(
            Hand::parse("11m2345678p99s pon:111m").unwrap_err(),
            Error::TooManyCopies { count: 5, .. }
        ));
        assert!(!Hand::parse("123m456p789s1112z").unwrap().is_full());
        assert!(Hand::parse("123m456p789s11122z").unwrap().is_full());
    }

    #[test]
    fn with_and_without_tiles_keep_red_fives() {
        let h = Hand::parse("123m406p789s1122z").unwrap();
        let five_p = Tile::from_index(13);
        let h2 = h.without_tile(five_p).unwrap();
        assert_eq!(h2.red(), [0, 0, 0]);
        let h3 = h2.with_tile(five_p, true).unwrap();
        assert_eq!(h3, h);
    }
}
