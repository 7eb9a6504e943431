//! Fu of one reading, itemized (Tenhou's counting; options from `ScoringRules`).

use crate::decompose::WaitShape;
use crate::rules::{OpenPinfuRon, ScoringRules};
use crate::score::{SetKind, Shape};

/// One line of a fu breakdown: what it is (e.g. `"closed_triplet 9m"`) and its fu.
pub type FuItem = (String, u32);

/// Fu of a regular reading (`pinfu`: the hand is awarded pinfu; `han`: its han with dora, read
/// only by the `ThirtyAtOneHan` open-pinfu option). Returns (fu rounded up to 10, items).
pub fn regular_fu(
    shape: &Shape,
    pinfu: bool,
    han: u32,
    rules: &ScoringRules,
) -> (u32, Vec<FuItem>) {
    let mut items: Vec<FuItem> = vec![("base".into(), 20)];
    if pinfu {
        if !shape.tsumo {
            items.push(("menzen_ron".into(), 10));
        }
        let fu = items.iter().map(|i| i.1).sum();
        return (fu, items);
    }
    if shape.menzen && !shape.tsumo {
        items.push(("menzen_ron".into(), 10));
    }
    if shape.tsumo {
        items.push(("tsumo".into(), 2));
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
        let what = match (s.kind, s.concealed) {
            (SetKind::Trip, true) => "closed_triplet",
            (SetKind::Trip, false) => "open_triplet",
            (_, true) => "closed_kan",
            (_, false) => "open_kan",
        };
        items.push((format!("{what} {}", s.tile), fu));
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
        items.push((format!("value_pair {p}"), pair_fu));
    }
    match shape.wait {
        WaitShape::Kanchan => items.push(("wait kanchan".into(), 2)),
        WaitShape::Penchan => items.push(("wait penchan".into(), 2)),
        WaitShape::Tanki => items.push(("wait tanki".into(), 2)),
        WaitShape::Ryanmen | WaitShape::Shanpon => {}
    }
    let raw: u32 = items.iter().map(|i| i.1).sum();
    if raw == 20 && !shape.menzen && !shape.tsumo {
        let raise = match rules.open_pinfu_ron {
            OpenPinfuRon::Always30 => true,
            OpenPinfuRon::ThirtyAtOneHan => han == 1,
            OpenPinfuRon::Twenty => false,
        };
        if raise {
            items.push(("open_pinfu_ron".into(), 10));
        }
        let fu = items.iter().map(|i| i.1).sum();
        return (fu, items);
    }
    let rounded = raw.div_ceil(10) * 10;
    if rounded != raw {
        items.push(("rounding".into(), rounded - raw));
    }
    (rounded, items)
}
