//! Tile kinds and physical tile ids.
//!
//! A [`Tile`] is a kind 0..=33: `1m..9m` = 0..=8, `1p..9p` = 9..=17, `1s..9s` =
//! 18..=26, East South West North = 27..=30, haku hatsu chun = 31..=33.
//! A [`TileId`] is one of the 136 physical tiles, `kind * 4 + copy`
//! (Tenhou's convention); the red five of a suit is copy 0 of that five.

use std::fmt;

use crate::error::{Error, Result};

/// A closed hand (or any multiset of tiles) as counts per kind.
pub type Counts = [u8; 34];

/// The four suits of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters (manzu), `m`.
    Man = 0,
    /// Circles (pinzu), `p`.
    Pin = 1,
    /// Bamboo (souzu), `s`.
    Sou = 2,
    /// Winds and dragons (jihai), `z`.
    Honor = 3,
}

impl Suit {
    /// The mpsz letter of the suit.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of an mpsz letter.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// Number of ranks: 9 for the numbered suits, 7 for honors.
    pub const fn ranks(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }
}

/// A tile kind, 0..=33. The only way to make one checks the range.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// `DORA_OF[k]`: the dora kind indicated by kind `k` (next in its suit, 9 → 1; North → East;
/// chun → haku).
const DORA_OF: [u8; 34] = {
    let mut t = [0u8; 34];
    let mut k = 0u8;
    while k < 34 {
        t[k as usize] = if k < 27 {
            k - k % 9 + (k % 9 + 1) % 9
        } else if k < 31 {
            27 + (k - 27 + 1) % 4
        } else {
            31 + (k - 31 + 1) % 3
        };
        k += 1;
    }
    t
};

impl Tile {
    /// Number of tile kinds.
    pub const COUNT: usize = 34;
    /// East wind (1z).
    pub const EAST: Tile = Tile(27);
    /// South wind (2z).
    pub const SOUTH: Tile = Tile(28);
    /// West wind (3z).
    pub const WEST: Tile = Tile(29);
    /// North wind (4z).
    pub const NORTH: Tile = Tile(30);
    /// White dragon, haku (5z).
    pub const HAKU: Tile = Tile(31);
    /// Green dragon, hatsu (6z).
    pub const HATSU: Tile = Tile(32);
    /// Red dragon, chun (7z).
    pub const CHUN: Tile = Tile(33);

    /// The tile of kind `kind`, or [`Error::TileKindOutOfRange`].
    pub fn new(kind: i64) -> Result<Tile> {
        if (0..34).contains(&kind) {
            Ok(Tile(kind as u8))
        } else {
            Err(Error::TileKindOutOfRange { value: kind })
        }
    }

    /// The tile of kind `kind`; `kind` must be < 34 (checked in debug builds).
    pub const fn from_index(kind: usize) -> Tile {
        debug_assert!(kind < 34);
        Tile(kind as u8)
    }

    /// The tile of `suit` and `number` (1..=9, honors 1..=7), if it exists.
    pub fn from_suit_number(suit: Suit, number: u8) -> Option<Tile> {
        if number == 0 || number > suit.ranks() {
            return None;
        }
        Some(Tile(suit as u8 * 9 + number - 1))
    }

    /// The kind as an index 0..=33.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The rank within the suit: 1..=9, or 1..=7 for honors (E S W N haku hatsu chun).
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// A wind or dragon.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// A 1 or 9 of a numbered suit.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.0 % 9 == 0 || self.0 % 9 == 8)
    }

    /// A terminal or honor (yaochuuhai).
    pub const fn is_yaochuu(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// A simple (2..=8 of a numbered suit, tanyaohai).
    pub const fn is_simple(self) -> bool {
        !self.is_yaochuu()
    }

    /// One of the four winds.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// One of the three dragons.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A 5 of a numbered suit (the kinds that have red copies).
    pub const fn is_five(self) -> bool {
        !self.is_honor() && self.0 % 9 == 4
    }

    /// The dora indicated when this tile is the indicator: next in its suit,
    /// 9 → 1, North → East, chun → haku.
    pub const fn dora_from_indicator(self) -> Tile {
        Tile(DORA_OF[self.0 as usize])
    }

    /// All 34 kinds in order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..34u8).map(Tile)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({self})")
    }
}

/// One of the 136 physical tiles: `kind * 4 + copy`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TileId(u8);

impl TileId {
    /// The id `id`, or [`Error::TileIdOutOfRange`].
    pub fn new(id: i64) -> Result<TileId> {
        if (0..136).contains(&id) {
            Ok(TileId(id as u8))
        } else {
            Err(Error::TileIdOutOfRange { value: id })
        }
    }

    /// The raw id 0..=135.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile kind.
    pub const fn tile(self) -> Tile {
        Tile(self.0 / 4)
    }

    /// Copy number 0..=3 within the kind.
    pub const fn copy(self) -> u8 {
        self.0 % 4
    }

    /// Whether this physical tile is a red five when each suit has `red_per_suit[suit]`
    /// red fives (copies `0..n` of the five are red; Tenhou uses one per suit, copy 0).
    pub fn is_red(self, red_per_suit: [u8; 3]) -> bool {
        let t = self.tile();
        t.is_five() && self.copy() < red_per_suit[t.suit() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_checked() {
        assert!(Tile::new(33).is_ok());
        assert_eq!(Tile::new(34), Err(Error::TileKindOutOfRange { value: 34 }));
        assert_eq!(Tile::new(-1), Err(Error::TileKindOutOfRange { value: -1 }));
        assert!(TileId::new(135).is_ok());
        assert!(TileId::new(136).is_err());
    }

    #[test]
    fn dora_wraps_within_each_group() {
        let d = |k: i64| Tile::new(k).unwrap().dora_from_indicator().index();
        assert_eq!(d(0), 1);
        assert_eq!(d(8), 0); // 9m -> 1m
        assert_eq!(d(17), 9); // 9p -> 1p
        assert_eq!(d(26), 18); // 9s -> 1s
        assert_eq!(d(30), 27); // North -> East
        assert_eq!(d(33), 31); // chun -> haku
        assert_eq!(d(31), 32);
    }

    #[test]
    fn red_fives_are_copy_zero_of_fives_only() {
        let one = [1, 1, 1];
        assert!(TileId::new(16).unwrap().is_red(one));
        assert!(TileId::new(52).unwrap().is_red(one));
        assert!(TileId::new(88).unwrap().is_red(one));
        assert!(!TileId::new(17).unwrap().is_red(one));
        // haku (kind 31) ids 124..=127: never red (RC61).
        for id in 124..128 {
            assert!(!TileId::new(id).unwrap().is_red(one));
        }
        assert!(!TileId::new(16).unwrap().is_red([0, 0, 0]));
    }

    #[test]
    fn classification() {
        let t = |s: &str| crate::notation::parse_tile(s).unwrap();
        assert!(t("1m").is_terminal() && t("9s").is_terminal() && !t("1z").is_terminal());
        assert!(t("1z").is_wind() && t("5z").is_dragon() && t("7z").is_honor());
        assert!(t("5p").is_five() && !t("5z").is_five());
        assert!(t("2m").is_simple() && !t("1z").is_simple());
    }
}
