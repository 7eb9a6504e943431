//! riichi: the Rust core of a Japanese Riichi Mahjong engine.
//!
//! Pure Rust (no PyO3 outside `py/`): tiles and notation, hands and melds, shanten,
//! hand decomposition, waits and ukeire, and batch kernels. The Python package
//! `riichi` wraps it through the private extension `riichi._core`.
//!
//! Encodings (see DESIGN.md): tile kinds 0..=33 (`1m..9m`, `1p..9p`, `1s..9s`,
//! East South West North, haku hatsu chun); physical ids 0..=135 = kind * 4 + copy,
//! red fives are copy 0 of each five (ids 16, 52, 88); a closed hand is a
//! 34-count vector `[u8; 34]`.
#![warn(missing_docs)]

pub mod batch;
pub mod batch_score;
pub mod decompose;
pub mod error;
pub mod features;
pub mod fu;
pub mod hand;
pub mod meld;
pub mod mjlog;
pub mod mt19937;
pub mod notation;
pub mod points;
pub mod rules;
pub mod score;
pub mod seat;
pub mod shanten;
pub mod tile;
pub mod ukeire;
pub mod wait;
pub mod yaku;

#[cfg(test)]
mod test_hands;

#[cfg(feature = "python")]
mod py;

pub use error::{Error, Result};
pub use hand::Hand;
pub use meld::{Meld, MeldKind};
pub use tile::{Counts, Suit, Tile, TileId};
