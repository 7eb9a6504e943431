//! One error type for the core. Every variant names the offending value and,
//! where there is one, its position. Expected outcomes (not tenpai, no yaku)
//! are values, never errors.

use std::fmt;

use crate::tile::Tile;

/// Result alias for the core.
pub type Result<T> = std::result::Result<T, Error>;

/// Everything the core can refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A tile kind outside 0..=33.
    TileKindOutOfRange {
        /// The value given.
        value: i64,
    },
    /// A physical tile id outside 0..=135.
    TileIdOutOfRange {
        /// The value given.
        value: i64,
    },
    /// Text that is not valid mpsz (or mjai) notation.
    Notation {
        /// The whole text that was parsed.
        text: String,
        /// Character position (0-based, in chars) of the problem.
        position: usize,
        /// What is wrong there.
        reason: String,
    },
    /// More than four copies of one kind (concealed tiles and melds together).
    TooManyCopies {
        /// The tile kind.
        tile: Tile,
        /// How many copies the hand would hold.
        count: u32,
    },
    /// More red fives than the hand has fives of that suit (or than exist).
    TooManyRedFives {
        /// The five in question (5m, 5p or 5s).
        tile: Tile,
        /// Red fives claimed.
        red: u32,
        /// Fives of that suit present.
        fives: u32,
    },
    /// A tile count that no hand can have.
    BadTileCount {
        /// Concealed tiles given.
        concealed: usize,
        /// Melds given.
        melds: usize,
        /// What was expected instead.
        expected: &'static str,
    },
    /// A meld that cannot exist (e.g. a chi of honors, a pon of unequal tiles).
    InvalidMeld {
        /// The meld as given.
        meld: String,
        /// Why it is invalid.
        reason: String,
    },
    /// An error in one row of a batch (an `(N, 34)` array), with its row index.
    Row {
        /// Row index (0-based).
        row: usize,
        /// What is wrong with that row.
        error: Box<Error>,
    },
    /// A tile that three-player mahjong does not have (2m–8m) in a hand analysed or
    /// scored for three players.
    NotInThreePlayer {
        /// The tile kind.
        tile: Tile,
        /// Where it was (e.g. `"hand"`, `"visible"`, `"win_tile"`).
        place: &'static str,
    },
    /// An argument outside its domain (named), e.g. a hand that must be tenpai.
    InvalidArgument {
        /// Parameter name.
        name: &'static str,
        /// Why it is invalid.
        reason: String,
    },
}

/// Characters of a notation text an error message shows: a longer text is cut to a window
/// of this many around the position.
const NOTATION_SHOWN: usize = 64;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TileKindOutOfRange { value } => {
                write!(f, "tile kind {value} is out of range 0..=33")
            }
            Error::TileIdOutOfRange { value } => {
                write!(f, "tile id {value} is out of range 0..=135")
            }
            Error::Notation {
                text,
                position,
                reason,
            } => {
                let n = text.chars().count();
                if n <= NOTATION_SHOWN {
                    return write!(
                        f,
                        "invalid tile notation {text:?} at position {position}: {reason}"
                    );
                }
                // a long text is shown as a window around the position: an error echoing a
                // megabyte of input is no use in a message, a log line or a web response
                let start = position
                    .saturating_sub(NOTATION_SHOWN / 2)
                    .min(n - NOTATION_SHOWN);
                let shown: String = text.chars().skip(start).take(NOTATION_SHOWN).collect();
                let end = start + NOTATION_SHOWN;
                write!(
                    f,
                    "invalid tile notation {shown:?} (characters {start}..{end} of {n}) at \
                     position {position}: {reason}"
                )
            }
            Error::TooManyCopies { tile, count } => {
                write!(f, "{count} copies of {tile} (at most 4 exist)")
            }
            Error::TooManyRedFives { tile, red, fives } => write!(
                f,
                "{red} red {tile} claimed but the hand holds only {fives} of that five"
            ),
            Error::BadTileCount {
                concealed,
                melds,
                expected,
            } => write!(
                f,
                "{concealed} concealed tiles with {melds} meld(s): expected {expected}"
            ),
            Error::InvalidMeld { meld, reason } => write!(f, "invalid meld {meld:?}: {reason}"),
            Error::Row { row, error } => write!(f, "row {row}: {error}"),
            Error::NotInThreePlayer { tile, place } => write!(
                f,
                "{place} holds {tile}, which three-player mahjong does not use (no 2m-8m \
                 under 3 players)"
            ),
            Error::InvalidArgument { name, reason } => write!(f, "invalid {name}: {reason}"),
        }
    }
}

impl std::error::Error for Error {}
