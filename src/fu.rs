//! Fu of one reading, itemized (Tenhou's counting; options from `ScoringRules`).

use crate::decompose::WaitShape;
use crate::rules::{OpenPinfuRon, ScoringRules};
use crate::score::{SetKind, Shape};
use crate::tile::Tile;

/// What a line of a fu breakdown counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuKind {
    /// The 20 fu every hand starts with.
    Base,
    /// +10 for a closed hand won by ron.
    MenzenRon,
    /// +2 for tsumo (not for pinfu tsumo).
    Tsumo,
    /// A concealed triplet (4, or 8 with a terminal/honor).
    ClosedTriplet,
    /// An open triplet, including one completed by ron (2 or 4).
    OpenTriplet,
    /// A concealed kan (16 or 32).
    ClosedKan,
    /// An open kan (8 or 16).
    OpenKan,
    /// A pair of dragons, seat wind or round wind (2; a double wind pair per the rules).
    ValuePair,
    /// Kanchan wait (+2).
    Kanchan,
    /// Penchan wait (+2).
    Penchan,
    /// Tanki wait (+2).
    Tanki,
    /// The open pinfu shape won by ron, raised to 30 (+10).
    OpenPinfuRon,
    /// Chiitoitsu's fixed fu.
    Chiitoitsu,
    /// Rounding up to the next 10.
    Rounding,
}

impl FuKind {
    /// snake_case label.
    pub const fn name(self) -> &'static str {
        match self {
            FuKind::Base => "base",
            FuKind::MenzenRon => "menzen_ron",
            FuKind::Tsumo => "tsumo",
            FuKind::ClosedTriplet => "closed_triplet",
            FuKind::OpenTriplet => "open_triplet",
            FuKind::ClosedKan => "closed_kan",
            FuKind::OpenKan => "open_kan",
            FuKind::ValuePair => "value_pair",
            FuKind::Kanchan => "wait kanchan",
            FuKind::Penchan => "wait penchan",
            FuKind::Tanki => "wait tanki",
            FuKind::OpenPinfuRon => "open_pinfu_ron",
            FuKind::Chiitoitsu => "chiitoitsu",
            FuKind::Rounding => "rounding",
        }
    }
}

/// One line of a fu breakdown: what it counts, the tile it is about (sets, pair), its fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuItem {
    /// What is counted.
    pub kind: FuKind,
    /// The set's or pair's tile, if any.
    pub tile: Option<Tile>,
    /// Fu of this line.
    pub fu: u32,
}

impl FuItem {
    const fn new(kind: FuKind, fu: u32) -> FuItem {
        FuItem {
            kind,
            tile: None,
            fu,
        }
    }

    /// The label, e.g. `"closed_triplet 9m"` or `"tsumo"`.
    pub fn label(&self) -> String {
        match self.tile {
            Some(t) => format!("{} {t}", self.kind.name()),
            None => self.kind.name().to_owned(),
        }
    }
}

fn total(items: &[FuItem]) -> u32 {
    items.iter().map(|i| i.fu).sum()
}

/// Fu of a regular reading (`pinfu`: the hand is awarded pinfu; `han`: its han with dora, read
/// only by the `ThirtyAtOneHan` open-pinfu option). Returns (fu rounded up to 10, items).
pub fn regular_fu(
    shape: &Shape,
    pinfu: bool,
    han: u32,
    rules: &ScoringRules,
) -> (u32, Vec<FuItem>) {
    let mut items = FuItems::new();
    let fu = regular_fu_into(shape, pinfu, han, rules, &mut items);
    (fu, items.as_slice().to_vec())
}

/// Most lines a fu breakdown can have (base, menzen ron, tsumo, four sets, pair, wait,
/// rounding).
const MAX_FU_ITEMS: usize = 12;

/// A fu breakdown held inline (no heap), for the scorer's hot path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FuItems {
    items: [FuItem; MAX_FU_ITEMS],
    len: usize,
}

impl FuItems {
    /// No lines.
    pub const fn new() -> FuItems {
        FuItems {
            items: [FuItem::new(FuKind::Base, 0); MAX_FU_ITEMS],
            len: 0,
        }
    }

    /// The single line of a chiitoitsu.
    pub fn chiitoitsu(fu: u32) -> FuItems {
        let mut v = FuItems::new();
        v.push(FuItem::new(FuKind::Chiitoitsu, fu));
        v
    }

    /// Append a line (the capacity covers every breakdown `regular_fu_into` writes).
    fn push(&mut self, item: FuItem) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }

    /// The lines.
    pub fn as_slice(&self) -> &[FuItem] {
        &self.items[..self.len]
    }
}

/// [`regular_fu`] writing the breakdown into `items` (cleared first); returns the fu.
pub(crate) fn regular_fu_into(
    shape: &Shape,
    pinfu: bool,
    han: u32,
    rules: &ScoringRules,
    items: &mut FuItems,
) -> u32 {
    items.len = 0;
    items.push(FuItem::new(FuKind::Base, 20));
    if pinfu {
        if !shape.tsumo {
            items.push(FuItem::new(FuKind::MenzenRon, 10));
        }
        return total(items.as_slice());
    }
    if shape.menzen && !shape.tsumo {
        items.push(FuItem::new(FuKind::MenzenRon, 10));
    }
    if shape.tsumo {
        items.push(FuItem::new(FuKind::Tsumo, 2));
    }
    for s in &shape.sets {
        let base = match s.kind {
            SetKind::Seq => continue,
            SetKind::Trip => 2,
            SetKind::Kan => 8,
        };
        let mut fu = base;
        if s.tile.is_yaochuu() {
            fu *= 2;
        }
        if s.concealed {
            fu *= 2;
        }
        let kind = match (s.kind, s.concealed) {
            (SetKind::Trip, true) => FuKind::ClosedTriplet,
            (SetKind::Trip, false) => FuKind::OpenTriplet,
            (_, true) => FuKind::ClosedKan,
            (_, false) => FuKind::OpenKan,
        };
        items.push(FuItem {
            kind,
            tile: Some(s.tile),
            fu,
        });
    }
    let p = shape.pair;
    let seat = p == shape.seat_wind;
    let round = p == shape.round_wind;
    let pair_fu = if p.is_dragon() {
        2
    } else if seat && round {
        u32::from(rules.double_wind_pair_fu)
    } else if seat || round {
        2
    } else {
        0
    };
    if pair_fu > 0 {
        items.push(FuItem {
            kind: FuKind::ValuePair,
            tile: Some(p),
            fu: pair_fu,
        });
    }
    match shape.wait {
        WaitShape::Kanchan => items.push(FuItem::new(FuKind::Kanchan, 2)),
        WaitShape::Penchan => items.push(FuItem::new(FuKind::Penchan, 2)),
        WaitShape::Tanki => items.push(FuItem::new(FuKind::Tanki, 2)),
        WaitShape::Ryanmen | WaitShape::Shanpon => {}
    }
    let raw = total(items.as_slice());
    if raw == 20 && !shape.menzen && !shape.tsumo {
        let raise = match rules.open_pinfu_ron {
            OpenPinfuRon::Always30 => true,
            OpenPinfuRon::ThirtyAtOneHan => han == 1,
            OpenPinfuRon::Twenty => false,
        };
        if raise {
            items.push(FuItem::new(FuKind::OpenPinfuRon, 10));
        }
        return total(items.as_slice());
    }
    let rounded = raw.div_ceil(10) * 10;
    if rounded != raw {
        items.push(FuItem::new(FuKind::Rounding, rounded - raw));
    }
    rounded
}

/// The single breakdown line of a chiitoitsu.
pub fn chiitoitsu_items(fu: u32) -> Vec<FuItem> {
    vec![FuItem::new(FuKind::Chiitoitsu, fu)]
}
