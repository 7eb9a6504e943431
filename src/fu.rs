//! Fu of one reading, itemized (Tenhou's counting; options from `ScoringRules`: the double
//! wind pair, the open pinfu shape on ron, the tsumo fu of rinshan kaihou).

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
    /// +2 for tsumo (not for pinfu tsumo; not for rinshan kaihou when
    /// [`ScoringRules::rinshan_tsumo_fu`] is false).
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
    /// The open pinfu shape won by ron, raised to 30 (+10); also an open hand left at the
    /// base 20 by a rinshan kaihou without tsumo fu.
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
    // every self-draw counts 2, rinshan kaihou too unless the rules drop it there
    let tsumo_fu = shape.tsumo && (rules.rinshan_tsumo_fu || !shape.rinshan);
    if tsumo_fu {
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
    // an open hand with the base 20 alone: on ron, or on a rinshan tsumo without tsumo fu
    if raw == 20 && !shape.menzen && !tsumo_fu {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Set;

    /// A rinshan kaihou on an open hand (RC35's shape: 678m 567p, pon 111z, kakan 2222z,
    /// pair 88s, won by tsumo on a ryanmen): 20 + 2 (tsumo) + 4 + 16 = 42 -> 50 fu with the
    /// tsumo fu, 20 + 4 + 16 = 40 without.
    fn rinshan_shape() -> Shape {
        let t = |s: &str| crate::notation::parse_tile(s).unwrap();
        let set = |kind, tile: &str, concealed| Set {
            kind,
            tile: t(tile),
            concealed,
        };
        Shape {
            sets: [
                set(SetKind::Seq, "6m", true),
                set(SetKind::Seq, "5p", true),
                set(SetKind::Trip, "1z", false),
                set(SetKind::Kan, "2z", false),
            ],
            pair: t("8s"),
            wait: WaitShape::Ryanmen,
            menzen: false,
            tsumo: true,
            rinshan: true,
            seat_wind: t("3z"),
            round_wind: t("1z"),
        }
    }

    fn lines(items: &[FuItem]) -> Vec<(String, u32)> {
        items.iter().map(|i| (i.label(), i.fu)).collect()
    }

    #[test]
    fn rinshan_tsumo_fu_follows_the_rules() {
        let tenhou = ScoringRules::tenhou();
        let none = ScoringRules {
            rinshan_tsumo_fu: false,
            ..ScoringRules::tenhou()
        };
        let shape = rinshan_shape();
        let (fu, items) = regular_fu(&shape, false, 6, &tenhou);
        assert_eq!(fu, 50);
        assert!(lines(&items).contains(&("tsumo".to_owned(), 2)));
        let (fu, items) = regular_fu(&shape, false, 6, &none);
        assert_eq!(fu, 40);
        assert!(items.iter().all(|i| i.kind != FuKind::Tsumo));
        // 20 + 4 + 16, no rounding line
        assert_eq!(total(&items), 40);
        // an ordinary tsumo keeps its 2 fu under either rule
        let plain = Shape {
            rinshan: false,
            ..shape.clone()
        };
        assert_eq!(regular_fu(&plain, false, 6, &none).0, 50);
    }

    #[test]
    fn an_open_rinshan_hand_left_at_20_is_raised_like_the_open_pinfu_shape() {
        let t = |s: &str| crate::notation::parse_tile(s).unwrap();
        let runs = Shape {
            sets: [
                Set {
                    kind: SetKind::Seq,
                    tile: t("1p"),
                    concealed: false,
                },
                Set {
                    kind: SetKind::Seq,
                    tile: t("4p"),
                    concealed: true,
                },
                Set {
                    kind: SetKind::Seq,
                    tile: t("2s"),
                    concealed: true,
                },
                Set {
                    kind: SetKind::Seq,
                    tile: t("6s"),
                    concealed: true,
                },
            ],
            pair: t("9p"),
            ..rinshan_shape()
        };
        let none = ScoringRules {
            rinshan_tsumo_fu: false,
            ..ScoringRules::tenhou()
        };
        let (fu, items) = regular_fu(&runs, false, 1, &none);
        assert_eq!(
            (fu, lines(&items).last().cloned()),
            (30, Some(("open_pinfu_ron".to_owned(), 10)))
        );
        let twenty = ScoringRules {
            open_pinfu_ron: OpenPinfuRon::Twenty,
            ..none
        };
        assert_eq!(regular_fu(&runs, false, 1, &twenty).0, 20);
        // with the tsumo fu: 22 -> 30 by rounding, as before
        assert_eq!(regular_fu(&runs, false, 1, &ScoringRules::tenhou()).0, 30);
    }
}
