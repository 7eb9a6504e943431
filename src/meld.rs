//! Melds: chi, pon, daiminkan, ankan and kakan, each with the seat it was called from.

use std::fmt;

use crate::error::{Error, Result};
use crate::notation::{format_tile, parse_tiles};
use crate::tile::{Counts, Tile};

/// The kind of a meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A called run (from kamicha only).
    Chi,
    /// A called triplet.
    Pon,
    /// An open kan called on a discard (minkan).
    Daiminkan,
    /// A concealed kan (the hand stays closed).
    Ankan,
    /// An added kan: a fourth tile added to an own pon (shouminkan).
    Kakan,
}

impl MeldKind {
    /// The name used in text: `chi pon daiminkan ankan kakan`.
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Daiminkan => "daiminkan",
            MeldKind::Ankan => "ankan",
            MeldKind::Kakan => "kakan",
        }
    }

    /// Parse a kind name; `minkan` is accepted for `daiminkan`.
    pub fn from_name(name: &str) -> Option<MeldKind> {
        Some(match name {
            "chi" => MeldKind::Chi,
            "pon" => MeldKind::Pon,
            "daiminkan" | "minkan" => MeldKind::Daiminkan,
            "ankan" => MeldKind::Ankan,
            "kakan" | "shouminkan" => MeldKind::Kakan,
            _ => return None,
        })
    }

    /// A kan of any kind (four tiles).
    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::Daiminkan | MeldKind::Ankan | MeldKind::Kakan
        )
    }
}

/// A meld. Exists only valid: construct with [`Meld::new`] or [`Meld::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    /// Lowest tile of a chi; the tile of a pon or kan.
    tile: Tile,
    /// The tile taken from another player (for an ankan, the set's tile).
    called: Tile,
    /// Red fives among the meld's tiles.
    red: u8,
    /// Turn-order offset of the player the tile came from: 1 = shimocha (next),
    /// 2 = toimen (across), 3 = kamicha (previous); 0 for an ankan.
    from: u8,
}

impl Meld {
    /// Build a meld, checking that it can exist.
    ///
    /// `tile` is the lowest tile of a chi or the tile of a set; `called` the tile
    /// taken (must belong to the meld); `red` the red fives it holds; `from` the
    /// turn-order offset of the discarder (1 shimocha, 2 toimen, 3 kamicha; chi only
    /// from 3; ankan only 0).
    ///
    /// # Errors
    /// [`Error::InvalidMeld`] naming the meld and the reason.
    pub fn new(kind: MeldKind, tile: Tile, called: Tile, red: u8, from: u8) -> Result<Meld> {
        let m = Meld {
            kind,
            tile,
            called,
            red,
            from,
        };
        let bad = |reason: &str| {
            Err(Error::InvalidMeld {
                meld: m.to_string(),
                reason: reason.into(),
            })
        };
        match kind {
            MeldKind::Chi => {
                if tile.is_honor() || tile.number() > 7 {
                    return bad("a chi is a run of three consecutive numbered tiles");
                }
                if called < tile || called.index() > tile.index() + 2 {
                    return bad("the called tile is not part of the run");
                }
                if from != 3 {
                    return bad("a chi can only be called from kamicha (from = 3)");
                }
            }
            MeldKind::Ankan => {
                if called != tile {
                    return bad("the called tile is not part of the kan");
                }
                if from != 0 {
                    return bad("an ankan is not called from anyone (from = 0)");
                }
            }
            _ => {
                if called != tile {
                    return bad("the called tile is not part of the set");
                }
                if !(1..=3).contains(&from) {
                    return bad(
                        "an open set is called from 1 (shimocha), 2 (toimen) or 3 (kamicha)",
                    );
                }
            }
        }
        if u32::from(red) > m.fives() {
            return bad("more red fives than fives in the meld");
        }
        Ok(m)
    }

    /// Parse `kind:tiles[@from]`, e.g. `"chi:234s"`, `"pon:555z@2"`, `"ankan:9999m"`,
    /// `"kakan:0555p@1"`, `"minkan:1111z"`. For a chi the called tile is the first one
    /// written (`"chi:324s"` calls the 3s); `from` defaults to 3 (kamicha) for open melds.
    ///
    /// # Errors
    /// [`Error::Notation`] for bad text, [`Error::InvalidMeld`] for a meld that cannot exist.
    pub fn parse(text: &str) -> Result<Meld> {
        let nerr = |pos: usize, reason: String| Error::Notation {
            text: text.to_owned(),
            position: pos,
            reason,
        };
        let (kind_s, rest) = text
            .split_once(':')
            .ok_or_else(|| nerr(0, "a meld is written kind:tiles, e.g. pon:555z".into()))?;
        let kind = MeldKind::from_name(kind_s).ok_or_else(|| {
            nerr(
                0,
                format!("unknown meld kind {kind_s:?} (chi pon daiminkan ankan kakan)"),
            )
        })?;
        let offset = kind_s.chars().count() + 1;
        let (tiles_s, from) = match rest.split_once('@') {
            Some((t, f)) => {
                let pos = offset + t.chars().count() + 1;
                let from = f
                    .parse::<u8>()
                    .ok()
                    .filter(|v| *v <= 3)
                    .ok_or_else(|| nerr(pos, format!("from must be 0..=3, got {f:?}")))?;
                (t, from)
            }
            None => (rest, if kind == MeldKind::Ankan { 0 } else { 3 }),
        };
        let tiles = parse_tiles(tiles_s).map_err(|e| match e {
            Error::Notation {
                position, reason, ..
            } => nerr(position + offset, reason),
            other => other,
        })?;
        let want = if kind.is_kan() { 4 } else { 3 };
        if tiles.len() != want {
            return Err(Error::InvalidMeld {
                meld: text.to_owned(),
                reason: format!("a {} has {want} tiles, got {}", kind.name(), tiles.len()),
            });
        }
        let red = tiles.iter().filter(|p| p.red).count() as u8;
        let called = tiles[0].tile;
        let mut kinds: Vec<Tile> = tiles.iter().map(|p| p.tile).collect();
        kinds.sort();
        let ok = if kind == MeldKind::Chi {
            kinds[0].suit() == kinds[2].suit()
                && kinds[1].index() == kinds[0].index() + 1
                && kinds[2].index() == kinds[0].index() + 2
        } else {
            kinds.iter().all(|t| *t == kinds[0])
        };
        if !ok {
            return Err(Error::InvalidMeld {
                meld: text.to_owned(),
                reason: if kind == MeldKind::Chi {
                    "a chi is three consecutive tiles of one suit".into()
                } else {
                    format!("a {} is made of one kind of tile", kind.name())
                },
            });
        }
        Meld::new(kind, kinds[0], called, red, from)
    }

    /// The kind of meld.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }
    /// Lowest tile of a chi; the tile of a set.
    pub const fn tile(&self) -> Tile {
        self.tile
    }
    /// The tile taken from another player (the set's tile for an ankan).
    pub const fn called(&self) -> Tile {
        self.called
    }
    /// Red fives among the meld's tiles.
    pub const fn red(&self) -> u8 {
        self.red
    }
    /// Turn-order offset of the discarder: 1 shimocha, 2 toimen, 3 kamicha, 0 ankan.
    pub const fn from(&self) -> u8 {
        self.from
    }
    /// Everything but an ankan opens the hand.
    pub const fn is_open(&self) -> bool {
        !matches!(self.kind, MeldKind::Ankan)
    }
    /// Number of physical tiles (3, or 4 for a kan).
    pub const fn len(&self) -> usize {
        if self.kind.is_kan() {
            4
        } else {
            3
        }
    }
    /// Never empty; present for API symmetry with [`Meld::len`].
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The tiles of the meld as kinds.
    pub fn tiles(&self) -> Vec<Tile> {
        match self.kind {
            MeldKind::Chi => (0..3)
                .map(|i| Tile::from_index(self.tile.index() + i))
                .collect(),
            _ => vec![self.tile; self.len()],
        }
    }

    /// Add the meld's tiles to `counts`.
    pub fn add_to(&self, counts: &mut Counts) {
        match self.kind {
            MeldKind::Chi => {
                for i in 0..3 {
                    counts[self.tile.index() + i] += 1;
                }
            }
            _ => counts[self.tile.index()] += self.len() as u8,
        }
    }

    fn fives(&self) -> u32 {
        match self.kind {
            // a run holds a five when it starts at 3, 4 or 5
            MeldKind::Chi => {
                u32::from(!self.tile.is_honor() && (3..=5).contains(&self.tile.number()))
            }
            _ if self.tile.is_five() => self.len() as u32,
            _ => 0,
        }
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // called tile first for a chi, red fives written as 0
        let mut tiles = self.tiles();
        if let Some(i) = tiles.iter().position(|t| *t == self.called) {
            tiles.swap(0, i);
            if self.kind == MeldKind::Chi {
                tiles[1..].sort();
            }
        }
        let mut reds = self.red;
        let mut body = String::new();
        let mut letter = 'z';
        for t in &tiles {
            let red = reds > 0 && t.is_five();
            if red {
                reds -= 1;
            }
            let s = format_tile(*t, red);
            body.push_str(&s[..1]);
            letter = t.suit().letter();
        }
        write!(f, "{}:{}{}", self.kind.name(), body, letter)?;
        let default_from = if self.kind == MeldKind::Ankan { 0 } else { 3 };
        if self.from != default_from {
            write!(f, "@{}", self.from)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display() {
        for s in [
            "chi:234s",
            "chi:324s",
            "pon:555z@2",
            "ankan:9999m",
            "kakan:0555p@1",
            "daiminkan:1111z",
        ] {
            let m = Meld::parse(s).unwrap();
            assert_eq!(m.to_string(), s);
        }
        assert_eq!(
            Meld::parse("minkan:1111z").unwrap().kind(),
            MeldKind::Daiminkan
        );
        let c = Meld::parse("chi:406m").unwrap();
        assert_eq!(
            (c.tile().to_string(), c.called().to_string(), c.red()),
            ("4m".into(), "4m".into(), 1)
        );
    }

    #[test]
    fn impossible_melds_are_refused() {
        for s in [
            "chi:123z",
            "chi:135m",
            "chi:899m",
            "pon:556m",
            "pon:55m",
            "ankan:999m",
            "pon:555z@0",
            "chi:234s@2",
        ] {
            assert!(Meld::parse(s).is_err(), "{s}");
        }
        assert!(matches!(
            Meld::parse("pon:55x").unwrap_err(),
            Error::Notation { position: 6, .. }
        ));
    }
}
