//! Hand decomposition into sets and a pair, one reading per winning block.
//!
//! STAND-IN (score branch): a small recursive version with the agreed API so the scorer can be
//! built and tested. The real implementation from the decomposition change replaces this file;
//! the scorer relies on nothing beyond `decompose_win`, `is_complete` and the types below.

use crate::tile::{Counts, Tile};

/// How the winning tile completed its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaitShape {
    /// Two-sided run wait (e.g. 23 waiting on 1 or 4).
    Ryanmen,
    /// Closed (middle) run wait (13 waiting on 2).
    Kanchan,
    /// Edge run wait (12 waiting on 3, 89 waiting on 7).
    Penchan,
    /// Single-tile pair wait.
    Tanki,
    /// Dual pair wait completing a triplet.
    Shanpon,
}

/// One concealed block of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Block {
    /// A run, named by its lowest tile.
    Sequence(Tile),
    /// Three of a kind.
    Triplet(Tile),
    /// Two of a kind.
    Pair(Tile),
}

/// The overall form of a complete hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// Sets and one pair.
    Regular,
    /// Seven distinct pairs.
    Chiitoitsu,
    /// Thirteen orphans.
    Kokushi,
}

/// One way to read a complete concealed part with a given winning tile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// Regular, chiitoitsu or kokushi.
    pub form: Form,
    /// Concealed blocks; regular: sets then one pair; chiitoitsu: seven pairs; kokushi: empty.
    pub blocks: Vec<Block>,
    /// Index into `blocks` of the block the winning tile completed (None for kokushi).
    pub win_block: Option<usize>,
    /// How the winning tile completed that block.
    pub wait: WaitShape,
}

/// A decomposition on the stack: up to four sets, then the pair.
#[derive(Clone, Copy)]
struct Found {
    blocks: [Block; 5],
    len: usize,
}

fn sets(c: &mut Counts, start: usize, acc: &mut Found, out: &mut Vec<Found>) {
    let Some(i) = (start..34).find(|&i| c[i] > 0) else {
        out.push(*acc);
        return;
    };
    if acc.len >= 4 {
        return;
    }
    if c[i] >= 3 {
        c[i] -= 3;
        acc.blocks[acc.len] = Block::Triplet(Tile::from_index(i));
        acc.len += 1;
        sets(c, i, acc, out);
        acc.len -= 1;
        c[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        acc.blocks[acc.len] = Block::Sequence(Tile::from_index(i));
        acc.len += 1;
        sets(c, i, acc, out);
        acc.len -= 1;
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

fn regular(concealed: &Counts) -> Vec<Found> {
    let n: usize = concealed.iter().map(|&x| x as usize).sum();
    let mut out = Vec::new();
    if n % 3 != 2 || n > 14 {
        return out;
    }
    // The pair lies in the one suit whose tile count is 2 mod 3; honors come in 2s and 3s.
    let mut pair_suit = None;
    for suit in 0..4 {
        let range = suit * 9..(suit * 9 + if suit == 3 { 7 } else { 9 });
        let sum: usize = concealed[range].iter().map(|&x| x as usize).sum();
        match sum % 3 {
            0 => {}
            2 if pair_suit.is_none() => pair_suit = Some(suit),
            _ => return out,
        }
    }
    if concealed[27..].iter().any(|&x| x == 1 || x == 4) {
        return out;
    }
    let Some(ps) = pair_suit else {
        return out;
    };
    let mut c = *concealed;
    let mut acc = Found {
        blocks: [Block::Pair(Tile::EAST); 5],
        len: 0,
    };
    for p in ps * 9..(ps * 9 + if ps == 3 { 7 } else { 9 }) {
        if c[p] >= 2 {
            c[p] -= 2;
            let before = out.len();
            sets(&mut c, 0, &mut acc, &mut out);
            for f in &mut out[before..] {
                f.blocks[f.len] = Block::Pair(Tile::from_index(p));
                f.len += 1;
            }
            c[p] += 2;
        }
    }
    out
}

fn is_chiitoitsu(c: &Counts) -> bool {
    c.iter().filter(|&&x| x == 2).count() == 7
}

fn is_kokushi(c: &Counts) -> bool {
    let mut pair = false;
    for (i, &x) in c.iter().enumerate() {
        let yaochuu = Tile::from_index(i).is_yaochuu();
        match (yaochuu, x) {
            (false, 0) => {}
            (true, 1) => {}
            (true, 2) if !pair => pair = true,
            _ => return false,
        }
    }
    pair
}

/// Whether the concealed tiles (3n+2) form a complete hand.
pub fn is_complete(concealed: &Counts) -> bool {
    let n: usize = concealed.iter().map(|&x| x as usize).sum();
    (n == 14 && (is_chiitoitsu(concealed) || is_kokushi(concealed)))
        || !regular(concealed).is_empty()
}

fn wait_of(block: Block, win: Tile) -> WaitShape {
    match block {
        Block::Pair(_) => WaitShape::Tanki,
        Block::Triplet(_) => WaitShape::Shanpon,
        Block::Sequence(t) => {
            if win.index() == t.index() + 1 {
                WaitShape::Kanchan
            } else if (win == t && t.number() == 7)
                || (win.index() == t.index() + 2 && t.number() == 1)
            {
                WaitShape::Penchan
            } else {
                WaitShape::Ryanmen
            }
        }
    }
}

fn contains(block: Block, win: Tile) -> bool {
    match block {
        Block::Pair(t) | Block::Triplet(t) => t == win,
        Block::Sequence(t) => (t.index()..t.index() + 3).contains(&win.index()),
    }
}

/// Every reading of complete concealed tiles (3n+2, winning tile included, melds not passed)
/// with `win` as the winning tile: one reading per distinct block containing `win`.
/// Empty when not complete. Chiitoitsu and kokushi only at 14 concealed tiles.
pub fn decompose_win(concealed: &Counts, win: Tile) -> Vec<Reading> {
    let mut out = Vec::new();
    if concealed[win.index()] == 0 {
        return out;
    }
    let n: usize = concealed.iter().map(|&x| x as usize).sum();
    for mut f in regular(concealed) {
        let len = f.len;
        f.blocks[..len - 1].sort_unstable();
        let blocks = &f.blocks[..len];
        for (i, &b) in blocks.iter().enumerate() {
            if contains(b, win) && !blocks[..i].contains(&b) {
                out.push(Reading {
                    form: Form::Regular,
                    blocks: blocks.to_vec(),
                    win_block: Some(i),
                    wait: wait_of(b, win),
                });
            }
        }
    }
    if n == 14 && is_chiitoitsu(concealed) {
        let blocks: Vec<Block> = (0..34)
            .filter(|&i| concealed[i] == 2)
            .map(|i| Block::Pair(Tile::from_index(i)))
            .collect();
        let idx = blocks.iter().position(|&b| b == Block::Pair(win));
        out.push(Reading {
            form: Form::Chiitoitsu,
            blocks,
            win_block: idx,
            wait: WaitShape::Tanki,
        });
    }
    if n == 14 && is_kokushi(concealed) {
        out.push(Reading {
            form: Form::Kokushi,
            blocks: Vec::new(),
            win_block: None,
            wait: WaitShape::Tanki,
        });
    }
    out
}
