//! mpsz text notation (`"123m406p789s1122z"`, `0` = red five) and mjai tile names.
//!
//! Parsing reports the first bad character with its position (in characters);
//! formatting is the inverse, so `format(parse(s))` is the canonical spelling of `s`.

use crate::error::{Error, Result};
use crate::tile::{Counts, Suit, Tile};

/// One tile read from text: its kind and whether it was written as a red five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedTile {
    /// The kind.
    pub tile: Tile,
    /// Written as `0` (a red five).
    pub red: bool,
}

fn notation_error(text: &str, position: usize, reason: impl Into<String>) -> Error {
    Error::Notation {
        text: text.to_owned(),
        position,
        reason: reason.into(),
    }
}

/// Parse mpsz text into tiles in the order written.
///
/// Digits are grouped by the suit letter that follows them (`m p s z`); `0` is a
/// red five (not allowed in `z`); honors are `1z..7z`. Spaces are not allowed here
/// (see [`crate::hand::Hand::parse`] for hands with melds). An empty string gives no tiles.
///
/// # Errors
/// [`Error::Notation`] naming the first bad character and its position: a character
/// that is neither a digit nor a suit letter, a suit letter with no digits before it,
/// digits with no suit letter after them, `0`/`8`/`9` in honors.
pub fn parse_tiles(text: &str) -> Result<Vec<ParsedTile>> {
    let mut out = Vec::with_capacity(text.len());
    // (char position, digit) of digits waiting for their suit letter
    let mut pending: Vec<(usize, u8)> = Vec::with_capacity(14);
    for (pos, c) in text.chars().enumerate() {
        if let Some(d) = c.to_digit(10) {
            pending.push((pos, d as u8));
        } else if let Some(suit) = Suit::from_letter(c) {
            if pending.is_empty() {
                return Err(notation_error(
                    text,
                    pos,
                    format!("suit letter {c:?} has no digits before it"),
                ));
            }
            for &(dpos, d) in &pending {
                let (number, red) = if d == 0 { (5, true) } else { (d, false) };
                if suit == Suit::Honor && (red || d > 7) {
                    return Err(notation_error(
                        text,
                        dpos,
                        format!("honor tiles are 1z..7z, got {d}z"),
                    ));
                }
                let tile = Tile::from_suit_number(suit, number).expect("checked range");
                out.push(ParsedTile { tile, red });
            }
            pending.clear();
        } else {
            return Err(notation_error(
                text,
                pos,
                format!("unexpected character {c:?} (expected a digit or one of m p s z)"),
            ));
        }
    }
    if let Some(&(pos, _)) = pending.first() {
        return Err(notation_error(
            text,
            pos,
            "digits are not followed by a suit letter",
        ));
    }
    Ok(out)
}

/// Parse exactly one tile, e.g. `"5m"`, `"0p"` (red) or `"7z"`.
///
/// # Errors
/// [`Error::Notation`] if the text is not exactly one tile.
pub fn parse_tile_red(text: &str) -> Result<ParsedTile> {
    let tiles = parse_tiles(text)?;
    match tiles.as_slice() {
        [one] => Ok(*one),
        _ => Err(notation_error(
            text,
            0,
            format!("expected exactly one tile, got {}", tiles.len()),
        )),
    }
}

/// Parse exactly one tile kind (a red five gives the kind of five).
///
/// # Errors
/// [`Error::Notation`] if the text is not exactly one tile.
pub fn parse_tile(text: &str) -> Result<Tile> {
    parse_tile_red(text).map(|p| p.tile)
}

/// Parse mpsz text into counts per kind and red fives per suit (m, p, s).
///
/// # Errors
/// As [`parse_tiles`], and [`Error::TooManyCopies`] for a fifth copy of a kind.
pub fn parse_counts(text: &str) -> Result<(Counts, [u8; 3])> {
    let mut counts = [0u8; 34];
    let mut red = [0u8; 3];
    for p in parse_tiles(text)? {
        let c = &mut counts[p.tile.index()];
        *c += 1;
        if *c > 4 {
            return Err(Error::TooManyCopies {
                tile: p.tile,
                count: u32::from(*c),
            });
        }
        if p.red {
            red[p.tile.suit() as usize] += 1;
        }
    }
    Ok((counts, red))
}

/// Format counts (and red fives per suit) as canonical mpsz: suits in order m p s z,
/// tiles ascending, a suit's red fives written as `0` in place of its first fives.
/// Kinds with more than 4 copies are written as they are (formatting never fails).
pub fn format_counts(counts: &Counts, red: [u8; 3]) -> String {
    let mut s = String::with_capacity(20);
    for suit in [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor] {
        let start = suit as usize * 9;
        let mut any = false;
        for n in 0..suit.ranks() as usize {
            let k = start + n;
            let c = counts[k];
            let reds = if n == 4 && suit != Suit::Honor {
                red[suit as usize].min(c)
            } else {
                0
            };
            for i in 0..c {
                s.push(if i < reds {
                    '0'
                } else {
                    char::from(b'1' + n as u8)
                });
                any = true;
            }
        }
        if any {
            s.push(suit.letter());
        }
    }
    s
}

/// The mpsz name of one tile: `"5m"`, `"0m"` when red, `"7z"`.
pub fn format_tile(tile: Tile, red: bool) -> String {
    if red && tile.is_five() {
        format!("0{}", tile.suit().letter())
    } else {
        tile.to_string()
    }
}

const MJAI_HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

/// The mjai name of a tile: `"5m"`, `"5mr"` for a red five, `"E" "S" "W" "N" "P" "F" "C"`
/// for honors (P = haku, F = hatsu, C = chun). `red` is ignored unless the tile is a five.
pub fn mjai_name(tile: Tile, red: bool) -> String {
    if tile.is_honor() {
        MJAI_HONORS[tile.index() - 27].to_owned()
    } else if red && tile.is_five() {
        format!("{tile}r")
    } else {
        tile.to_string()
    }
}

/// Parse an mjai tile name (see [`mjai_name`]).
///
/// # Errors
/// [`Error::Notation`] for anything else (including `"?"`, mjai's hidden tile).
pub fn parse_mjai(name: &str) -> Result<ParsedTile> {
    if let Some(i) = MJAI_HONORS.iter().position(|h| *h == name) {
        return Ok(ParsedTile {
            tile: Tile::from_index(27 + i),
            red: false,
        });
    }
    let b = name.as_bytes();
    let bad = || {
        notation_error(
            name,
            0,
            "not an mjai tile name (1m..9m, 5mr, E S W N P F C)",
        )
    };
    let (body, red) = match b {
        [d, s, b'r'] => ([*d, *s], true),
        [d, s] => ([*d, *s], false),
        _ => return Err(bad()),
    };
    let suit = match body[1] {
        b'm' => Suit::Man,
        b'p' => Suit::Pin,
        b's' => Suit::Sou,
        _ => return Err(bad()),
    };
    if !body[0].is_ascii_digit() || body[0] == b'0' {
        return Err(bad());
    }
    let tile = Tile::from_suit_number(suit, body[0] - b'0').ok_or_else(bad)?;
    if red && !tile.is_five() {
        return Err(notation_error(name, 0, "only fives can be red"));
    }
    Ok(ParsedTile { tile, red })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_canonical() {
        let (c, r) = parse_counts("123m406p789s1122z").unwrap();
        assert_eq!(format_counts(&c, r), "123m406p789s1122z");
        let (c, r) = parse_counts("3m2m1m").unwrap();
        assert_eq!(format_counts(&c, r), "123m");
        let (c, r) = parse_counts("550p").unwrap();
        assert_eq!(format_counts(&c, r), "055p");
        assert_eq!(r, [0, 1, 0]);
    }

    #[test]
    fn a_long_text_is_shown_as_a_window_around_the_error() {
        let text = format!("{}x{}", "1".repeat(100_000), "2".repeat(100_000));
        let e = parse_tiles(&text).unwrap_err();
        let msg = e.to_string();
        assert!(msg.len() < 300, "{} bytes", msg.len());
        let window = format!("\"{}x{}\"", "1".repeat(32), "2".repeat(31));
        assert!(msg.contains(&window), "{msg}");
        assert!(
            msg.contains("(characters 99968..100032 of 200001) at position 100000"),
            "{msg}"
        );
        // the window stays inside the text at either end; a short text is shown whole
        let head = parse_tiles(&format!("x{}", "1".repeat(500)))
            .unwrap_err()
            .to_string();
        assert!(
            head.contains("(characters 0..64 of 501) at position 0"),
            "{head}"
        );
        let tail = parse_tiles(&format!("{}x", "1".repeat(500)))
            .unwrap_err()
            .to_string();
        assert!(
            tail.contains("(characters 437..501 of 501) at position 500"),
            "{tail}"
        );
        let short = parse_tiles("123m45x").unwrap_err().to_string();
        assert!(
            short.starts_with("invalid tile notation \"123m45x\" at position 6"),
            "{short}"
        );
    }

    #[test]
    fn errors_name_character_and_position() {
        match parse_tiles("12x").unwrap_err() {
            Error::Notation {
                position, reason, ..
            } => {
                assert_eq!(position, 2);
                assert!(reason.contains("'x'"), "{reason}");
            }
            e => panic!("{e:?}"),
        }
        match parse_tiles("123m45").unwrap_err() {
            Error::Notation { position, .. } => assert_eq!(position, 4),
            e => panic!("{e:?}"),
        }
        match parse_tiles("18z").unwrap_err() {
            Error::Notation { position, .. } => assert_eq!(position, 1),
            e => panic!("{e:?}"),
        }
        assert!(parse_tiles("0z").is_err());
        assert!(parse_tiles("m").is_err());
        assert_eq!(
            parse_counts("11111m").unwrap_err(),
            Error::TooManyCopies {
                tile: Tile::from_index(0),
                count: 5
            }
        );
    }

    #[test]
    fn mjai_names() {
        for k in 0..34 {
            let t = Tile::from_index(k);
            for red in [false, true] {
                let red = red && t.is_five();
                let p = parse_mjai(&mjai_name(t, red)).unwrap();
                assert_eq!((p.tile, p.red), (t, red));
            }
        }
        assert_eq!(mjai_name(parse_tile("5z").unwrap(), false), "P");
        // plain fives are never written red (RC61)
        assert_eq!(mjai_name(parse_tile("5m").unwrap(), false), "5m");
        assert!(parse_mjai("?").is_err());
        assert!(parse_mjai("4mr").is_err());
        assert!(parse_mjai("0m").is_err());
    }
}
