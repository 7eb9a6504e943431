//! Per-suit lookup tables for regular-form shanten.
//!
//! For every count vector of one numbered suit (9 ranks, 0..=4 copies each, at most
//! 14 tiles: 405,350 vectors) the table holds, for each target of `m` melds (0..=4)
//! and `p` pairs (0..=1), the minimum number of tiles to draw so that the suit
//! contains such a target with no kind above 4 copies. The ten costs are packed as
//! 4-bit fields of one `u64` (field `2 * m + p`). Honors (no sequences) use a small
//! table keyed by how many honor kinds hold 1, 2, 3 and 4 copies.
//!
//! The tables are generated at build time (`build.rs` runs `table_gen`) and shipped in
//! the library, 5 bytes per entry; the first use only widens them to `u64` (about a
//! millisecond) instead of building them (about 150 ms).
use std::sync::OnceLock;

pub use super::table_index::*;

/// The built tables.
pub struct Tables {
    /// Packed costs per ranked suit vector.
    pub suit: Vec<u64>,
    /// Packed costs per honor histogram key (see [`honor_key`]).
    pub honor: Vec<u64>,
}

/// The shipped suit table: 5 little-endian bytes per entry, in [`suit_rank`] order.
static SUIT_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_suit.bin"));
/// The shipped honor table: 5 little-endian bytes per [`honor_key`].
static HONOR_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shanten_honor.bin"));

/// Packed entries from their 5-byte little-endian encoding.
fn decode(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks_exact(5)
        .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], 0, 0, 0]))
        .collect()
}

/// The tables, decoded from the shipped bytes on first use.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let t = Tables {
            suit: decode(SUIT_BYTES),
            honor: decode(HONOR_BYTES),
        };
        debug_assert_eq!(t.suit.len(), SUIT_VECTORS);
        debug_assert_eq!(t.honor.len(), 4096);
        t
    })
}

#[cfg(test)]
mod tests {
    use super::super::table_gen;
    use super::*;

    #[test]
    fn shipped_tables_equal_the_generator() {
        let t = tables();
        assert_eq!(t.suit.len(), SUIT_VECTORS);
        assert!(
            t.suit == table_gen::build_suit(),
            "shipped suit table is stale"
        );
        assert!(
            t.honor == table_gen::build_honor(),
            "shipped honor table is stale"
        );
        assert_eq!(decode(&table_gen::encode(&t.suit)), t.suit);
    }

    #[test]
    fn honor_index_equals_honor_key_on_every_honor_vector() {
        let mut row = [0u8; 8];
        for code in 0..5usize.pow(7) {
            let mut c = code;
            for x in row[1..].iter_mut() {
                *x = (c % 5) as u8;
                c /= 5;
            }
            row[0] = (code % 3) as u8; // kind 26 (9s) must not matter
            assert_eq!(honor_index(&row), honor_key(&row[1..]), "{row:?}");
        }
    }

    #[test]
    fn quad_codes_are_base_5() {
        for code in 0..625 {
            let d = quad_digits(code);
            let lo = u64::from_le_bytes([d[0], d[1], d[2], d[3], 0, 0, 0, 0].map(|x| x as u8));
            assert_eq!(quad_codes(lo), (code, 0));
            assert_eq!(quad_codes(lo << 32), (0, code));
            assert_eq!(quad_codes(lo | lo << 32), (code, code));
        }
    }

    #[test]
    fn invalid_vectors_fall_outside_the_table() {
        assert_eq!(suit_rank(&[5, 0, 0, 0, 0, 0, 0, 0, 0]), SUIT_VECTORS);
        assert_eq!(suit_rank(&[0, 0, 0, 0, 0, 0, 0, 0, 5]), SUIT_VECTORS);
        assert_eq!(suit_rank(&[4, 4, 4, 3, 0, 0, 0, 0, 0]), SUIT_VECTORS);
        assert_eq!(
            suit_rank(&[4, 4, 4, 2, 0, 0, 0, 0, 0]),
            suit_index(&[4, 4, 4, 2, 0, 0, 0, 0, 0])
        );
        assert_eq!(suit_rank(&[0, 0]), SUIT_VECTORS);
        // over 14 tiles in ranks 4..9 alone: the block offset is already out of range
        assert!(suit_index(&[0, 0, 0, 0, 4, 4, 4, 0, 4]) >= SUIT_VECTORS);
        assert_eq!(suit_rank(&[0; 9]), 0);
    }

    #[test]
    fn removing_a_tile_lowers_the_index() {
        let mut v = [0u8; 9];
        loop {
            let total = v.iter().map(|&x| x as u32).sum::<u32>();
            if total <= 6 {
                // total first: the 4,915 vectors of at most 6 tiles come first
                assert!(suit_rank(&v) < 4915, "{v:?}");
            }
            if total <= 14 {
                for k in 0..9 {
                    if v[k] > 0 {
                        let mut w = v;
                        w[k] -= 1;
                        assert!(suit_rank(&w) < suit_rank(&v), "{v:?} {k}");
                    }
                }
            }
            if !next_base5(&mut v) {
                break;
            }
        }
    }
}
