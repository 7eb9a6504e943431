//! Basic points, limit names and payments (honba and kyotaku included, rounded up to 100).

use crate::error::{Error, Result};
use crate::rules::{Chiitoitsu, Kazoe, OpenPinfuRon, ScoringRules};

/// The limit a hand's value reached, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// 5 han (or 4 han 40+ fu, 3 han 70+ fu; 4h30f/3h60f with kiriage): 2000 basic points.
    Mangan,
    /// 6–7 han: 3000.
    Haneman,
    /// 8–10 han: 4000.
    Baiman,
    /// 11–12 han (and 13+ with the sanbaiman cap): 6000.
    Sanbaiman,
    /// 13+ han without a yakuman: 8000.
    KazoeYakuman,
    /// One or more yakuman: 8000 per multiple.
    Yakuman(u8),
}

impl Limit {
    /// snake_case name: `mangan`, ..., `kazoe_yakuman`, `yakuman`, `double_yakuman`,
    /// `triple_yakuman`, `4x_yakuman`...
    pub fn name(self) -> String {
        match self {
            Limit::Mangan => "mangan".into(),
            Limit::Haneman => "haneman".into(),
            Limit::Baiman => "baiman".into(),
            Limit::Sanbaiman => "sanbaiman".into(),
            Limit::KazoeYakuman => "kazoe_yakuman".into(),
            Limit::Yakuman(1) => "yakuman".into(),
            Limit::Yakuman(2) => "double_yakuman".into(),
            Limit::Yakuman(3) => "triple_yakuman".into(),
            Limit::Yakuman(n) => format!("{n}x_yakuman"),
        }
    }

    /// Tenhou's limit code in `ten=` (1 mangan .. 5 yakuman, 0 none).
    pub fn tenhou_code(limit: Option<Limit>) -> u8 {
        match limit {
            None => 0,
            Some(Limit::Mangan) => 1,
            Some(Limit::Haneman) => 2,
            Some(Limit::Baiman) => 3,
            Some(Limit::Sanbaiman) => 4,
            Some(Limit::KazoeYakuman) | Some(Limit::Yakuman(_)) => 5,
        }
    }
}

/// Basic points and limit of a non-yakuman hand of `han` han and `fu` fu, with limits
/// (`rules.aotenjou` is read by [`aotenjou_basic_points`] instead). With
/// `Kazoe::DoubleAt26`, 26+ han is 16000 basic points with the limit `Yakuman(2)`.
pub fn basic_points(han: u32, fu: u32, rules: &ScoringRules) -> (u32, Option<Limit>) {
    if han >= 13 {
        return match rules.kazoe {
            Kazoe::Yakuman => (8000, Some(Limit::KazoeYakuman)),
            Kazoe::Sanbaiman => (6000, Some(Limit::Sanbaiman)),
            Kazoe::DoubleAt26 if han >= 26 => (16000, Some(Limit::Yakuman(2))),
            Kazoe::DoubleAt26 => (8000, Some(Limit::KazoeYakuman)),
        };
    }
    match han {
        11 | 12 => return (6000, Some(Limit::Sanbaiman)),
        8..=10 => return (4000, Some(Limit::Baiman)),
        6 | 7 => return (3000, Some(Limit::Haneman)),
        5 => return (2000, Some(Limit::Mangan)),
        _ => {}
    }
    let b = fu * (1u32 << (han + 2));
    if b >= 2000 || (rules.kiriage_mangan && b >= 1920) {
        (2000, Some(Limit::Mangan))
    } else {
        (b, None)
    }
}

/// Basic points without limits (aotenjou): fu × 2^(han+2), or `None` when the largest
/// payment (the dealer's ron, six times the basic points, with `extra` points of honba and
/// kyotaku on top) would pass 2^31 - 1 points, the most every result column (the batch
/// APIs' `int32` arrays included) holds exactly.
pub fn aotenjou_basic_points(han: u32, fu: u32, extra: u64) -> Option<u32> {
    let b = u64::from(fu).checked_shl(han.checked_add(2)?)?;
    if b.checked_shr(han + 2)? != u64::from(fu) {
        return None;
    }
    let most = b.checked_mul(6)?.checked_add(100 + extra)?;
    if most > i32::MAX as u64 {
        return None;
    }
    u32::try_from(b).ok()
}

/// The value of a hand given as han and fu (or yakuman multiples): its basic points, its
/// limit and what everyone pays, under `rules` (limits, kiriage, kazoe, aotenjou, honba and
/// riichi stick values, three-player tsumo loss).
///
/// `yakuman` > 0 scores that many yakuman (`han` and `fu` then count only under aotenjou,
/// where each yakuman is 13 more han). Fu are 20, 25 or a multiple of 10 up to 170; 20 and
/// 25 fu only where some hand scores them under `rules` ([`low_fu_refusal`]), and at most
/// the fu a hand without yakuman reaches at `han` han ([`max_fu`]).
///
/// # Errors
/// [`Error::InvalidArgument`] naming `han` (0 without yakuman, or above 1000), `fu`
/// (not a fu value), `han/fu` (a pair no hand scores under `rules`, e.g. 1 han 20 fu by
/// ron), `yakuman` (above 8) or `aotenjou` (a value beyond 2^31 - 1 points).
#[allow(clippy::too_many_arguments)]
pub fn hand_payments(
    han: u32,
    fu: u32,
    yakuman: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    kyotaku: u32,
    rules: &ScoringRules,
) -> Result<(u32, Option<Limit>, Payments)> {
    let bad = |name: &'static str, reason: String| Err(Error::InvalidArgument { name, reason });
    if yakuman > 8 {
        return bad(
            "yakuman",
            format!("{yakuman} (at most 8 yakuman multiples)"),
        );
    }
    if (yakuman == 0 && han == 0) || han > 1000 {
        return bad("han", format!("{han} (1..=1000, or 0 with yakuman)"));
    }
    let fu_ok = fu == 20 || fu == 25 || (fu % 10 == 0 && (30..=170).contains(&fu));
    if !(fu_ok || yakuman > 0 && fu == 0) {
        return bad(
            "fu",
            format!("{fu} (20, 25 or a multiple of 10 from 30 to 170)"),
        );
    }
    if yakuman == 0 {
        let why = low_fu_refusal(han, fu, tsumo, rules)
            .or_else(|| high_fu_refusal(han, fu, tsumo, rules));
        if let Some(why) = why {
            let way = if tsumo { "tsumo" } else { "ron" };
            return bad("han/fu", format!("{han} han {fu} fu by {way}: {why}"));
        }
    }
    for (name, v) in [("honba", honba), ("kyotaku", kyotaku)] {
        if v > 10_000 {
            return bad(name, format!("{v} is beyond any game (at most 10000)"));
        }
    }
    let (basic, limit) = if rules.aotenjou {
        let h = han + 13 * yakuman;
        let f = if fu == 0 { 30 } else { fu };
        let extra = u64::from(rules.honba_points) * u64::from(honba)
            + u64::from(rules.riichi_stick) * u64::from(kyotaku);
        match aotenjou_basic_points(h, f, extra) {
            Some(b) => (b, None),
            None => {
                return bad(
                    "aotenjou",
                    format!("{h} han {f} fu is beyond 2^31 - 1 points"),
                )
            }
        }
    } else if yakuman > 0 {
        (8000 * yakuman, Some(Limit::Yakuman(yakuman as u8)))
    } else {
        basic_points(han, fu, rules)
    };
    Ok((
        basic,
        limit,
        payments(basic, dealer, tsumo, honba, kyotaku, rules),
    ))
}

/// Why no hand the scorer counts can be worth `han` han and `fu` fu won this way under
/// `rules`, for the two fu values below 30 (None when it can, and for every fu of 30 or
/// more). The fu counting is [`crate::fu`]'s:
///
/// - 20 fu by tsumo is only pinfu tsumo (`rules.pinfu_tsumo`; pinfu and menzen tsumo make
///   2 han at least). Any other tsumo adds 2 fu and rounds up to 30.
/// - 20 fu by ron is only an open hand with no fu beyond the base left at 20 by
///   `rules.open_pinfu_ron` (`Twenty`: 1 han or more; `ThirtyAtOneHan`: 2 han or more, 1
///   han being raised to 30; `Always30`, Tenhou's rule: never). A closed ron adds 10 fu.
/// - 25 fu is only chiitoitsu valued `Chiitoitsu::Fu25Han2`: 2 han by ron, 3 by tsumo
///   (chiitoitsu is closed, so a tsumo adds menzen tsumo).
///
/// Rule source: Tenhou's fu counting (https://tenhou.net/man/), riichi.wiki "Fu"
/// (20 fu: pinfu tsumo and open pinfu-shaped ron under the local 20 fu rule; 25 fu:
/// chiitoitsu).
pub fn low_fu_refusal(han: u32, fu: u32, tsumo: bool, rules: &ScoringRules) -> Option<String> {
    match (fu, tsumo) {
        (20, true) if !rules.pinfu_tsumo => {
            Some("20 fu by tsumo is pinfu tsumo only, and these rules have no pinfu tsumo".into())
        }
        (20, true) if han < 2 => {
            Some("20 fu by tsumo is pinfu tsumo only, 2 han at least (pinfu, menzen tsumo)".into())
        }
        (20, false) => match rules.open_pinfu_ron {
            OpenPinfuRon::Always30 => Some(
                "no ron scores 20 fu under these rules (an open hand's ron with no fu is \
                 raised to 30, a closed ron counts 30 at least)"
                    .into(),
            ),
            OpenPinfuRon::ThirtyAtOneHan if han < 2 => Some(
                "an open hand's ron with no fu stays at 20 only from 2 han under these rules \
                 (1 han is raised to 30)"
                    .into(),
            ),
            _ => None,
        },
        (25, _) if rules.chiitoitsu != Chiitoitsu::Fu25Han2 => {
            Some("25 fu is chiitoitsu only, and these rules value chiitoitsu otherwise".into())
        }
        (25, true) if han < 3 => Some(
            "25 fu is chiitoitsu only, 3 han at least by tsumo (chiitoitsu, menzen tsumo)".into(),
        ),
        (25, false) if han < 2 => {
            Some("25 fu is chiitoitsu only, 2 han at least (chiitoitsu)".into())
        }
        _ => None,
    }
}

/// The most fu the scorer gives a winning hand without yakuman worth `han` han (dora
/// included; dora only add han, so a hand of fewer yaku han counts too) won by tsumo or by
/// ron under `rules`. Fu come from the sets, so high fu need kans and terminal or honor
/// sets, and those carry yaku: three kans are sankantsu (2 han), three concealed triplets
/// or kans sanankou (2), four triplets toitoi (2), all terminals and honors honroutou (2);
/// four kans (suukantsu) and four concealed triplets (suuankou) are yakuman. `p` is the
/// best pair, `max(2, rules.double_wind_pair_fu)` (a dragon pair is 2, a double wind pair 4
/// on Tenhou); a closed ron starts at 30 (20 + 10 menzen ron), a tsumo at 22; an ankan of a
/// terminal or honor is 32, a minkan 16, a concealed triplet 8, an open one (or one
/// completed by ron) 4; a tanki, kanchan or penchan wait 2; the sum rounds up to 10.
///
/// By ron (the raw sum before rounding; a sequence of simples keeps chanta away):
/// - 1 han: 98 + p. Closed: 2 ankans (no sankantsu, no sanankou), a triplet completed by ron
///   on a shanpon (open: 4), a sequence (no toitoi), the pair; riichi is the yaku.
/// - 2-3 han: 104 + p. Closed: 2 ankans and a concealed triplet (sanankou), a sequence, the
///   pair, a tanki or kanchan wait.
/// - 4-7 han: 128 + p. Closed: 3 ankans (sanankou, sankantsu), a sequence, the pair, wait 2.
/// - 8 han and more: 130 + p. Closed: 3 ankans and a triplet completed by ron, every tile a
///   terminal or honor (sanankou, sankantsu, toitoi, honroutou).
///
/// By tsumo:
/// - 1 han: 92 + p. Open: 2 ankans, a dragon pon (yakuhai), a sequence, the pair, wait 2.
/// - 2-3 han: 104 + p. Open: 2 ankans and a minkan (sankantsu), a sequence, the pair,
///   wait 2.
/// - 4-5 han: 120 + p. 3 ankans, a chi (open, so no menzen tsumo), the pair, wait 2. A
///   three-player game has no chi (the scorer refuses one), so there 4 han reach only 110
///   fu (2 ankans, a minkan, a pon and the pair, one of them a simple: an open hand of
///   triplets is toitoi) and 5 han 120 + p (3 ankans, a concealed sequence, the pair, wait
///   2: menzen tsumo, sanankou, sankantsu).
/// - 6-7 han: 3 ankans, a pon (toitoi), the pair, a tanki wait, one of them a simple: 122 +
///   p with a simple pon, 124 with a simple pair. 8 han and more: all terminals and honors,
///   124 + p.
///
/// That is, on Tenhou (p = 4): ron 110 fu at 1-3 han, 140 from 4 han; tsumo 100 fu at 1
/// han, 110 at 2-3, 130 from 4 (110 at 4 han with three players; 1 han 110 fu exists by
/// ron only); with a 2-fu double wind
/// pair ron is 100 fu at 1 han and 130 at 4-7 han (140 needs honroutou). More fu than
/// these (150 to 170) only with four kans or four
/// concealed triplets: a yakuman, scored with `yakuman` (no limit under aotenjou, where a
/// yakuman is 13 han or more: there the bound applies below 13 han only). Checked against
/// the scorer over every hand of four triplets, kans and sequences of simples, terminals
/// and honors worth 100 fu or more, with each pair, winning tile, wind, riichi, tsumo and
/// ron (tests/test_payment_fu.py).
pub fn max_fu(han: u32, tsumo: bool, rules: &ScoringRules) -> u32 {
    let p = u32::from(rules.double_wind_pair_fu).max(2);
    let raw = match (tsumo, han) {
        (false, 0..=1) => 98 + p,
        (false, 2..=3) => 104 + p,
        (false, 4..=7) => 128 + p,
        (false, _) => 130 + p,
        (true, 0..=1) => 92 + p,
        (true, 2..=3) => 104 + p,
        (true, 4) if rules.num_players == 3 => 110,
        (true, 4..=5) => 120 + p,
        (true, 6..=7) => (122 + p).max(124),
        (true, _) => 124 + p,
    };
    raw.div_ceil(10) * 10
}

/// Why no hand without yakuman scores `han` han and `fu` fu won this way under `rules`
/// when `fu` is above [`max_fu`] (None otherwise, and at 13 han or more under aotenjou,
/// where a yakuman's hand counts its fu).
pub fn high_fu_refusal(han: u32, fu: u32, tsumo: bool, rules: &ScoringRules) -> Option<String> {
    if rules.aotenjou && han >= 13 {
        return None;
    }
    let most = max_fu(han, tsumo, rules);
    if fu <= most {
        return None;
    }
    let way = if tsumo { "tsumo" } else { "ron" };
    Some(format!(
        "a hand without yakuman scores at most {most} fu at {han} han by {way} under these \
         rules (more fu need kans and concealed triplets that bring sankantsu, sanankou, \
         toitoi or a yakuman; a yakuman is payment(..., yakuman=n))"
    ))
}

fn up100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// What each payer pays (honba included) and what the winner gains (kyotaku included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Payments {
    /// Ron: the discarder's payment (0 on tsumo).
    pub ron: u32,
    /// Tsumo: the dealer's payment (0 on ron or when the winner is the dealer).
    pub tsumo_dealer: u32,
    /// Tsumo: each non-dealer's payment (0 on ron).
    pub tsumo_nondealer: u32,
    /// Kyotaku (riichi sticks) collected.
    pub kyotaku: u32,
    /// The winner's total gain.
    pub total: u32,
    /// The hand's value without honba and kyotaku (what Tenhou writes in `ten`).
    pub value: u32,
}

/// Payments for `basic` basic points.
pub fn payments(
    basic: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    kyotaku: u32,
    rules: &ScoringRules,
) -> Payments {
    let payers = u32::from(rules.num_players.max(2)) - 1;
    let honba_each = rules.honba_points / payers * honba;
    let kyotaku = kyotaku * rules.riichi_stick;
    let mut p = Payments {
        kyotaku,
        ..Payments::default()
    };
    if !tsumo {
        p.ron = up100(basic * if dealer { 6 } else { 4 }) + rules.honba_points * honba;
        p.total = p.ron + kyotaku;
        p.value = p.ron - rules.honba_points * honba;
    } else if dealer {
        p.tsumo_nondealer = up100(basic * 2) + honba_each;
        p.total = p.tsumo_nondealer * payers + kyotaku;
        p.value = (p.tsumo_nondealer - honba_each) * payers;
    } else {
        p.tsumo_dealer = up100(basic * 2) + honba_each;
        p.tsumo_nondealer = up100(basic) + honba_each;
        p.total = p.tsumo_dealer + p.tsumo_nondealer * (payers - 1) + kyotaku;
        p.value = p.total - kyotaku - honba_each * payers;
    }
    p
}

/// Nagashi mangan settlement: a mangan tsumo by the declarer (no honba, no kyotaku: Tenhou
/// leaves both on the table for the next hand).
pub fn nagashi_mangan(dealer: bool, rules: &ScoringRules) -> Payments {
    payments(2000, dealer, true, 0, 0, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_values() {
        let r = ScoringRules::tenhou();
        let ron = |h, f, d| payments(basic_points(h, f, &r).0, d, false, 0, 0, &r).ron;
        assert_eq!(ron(1, 30, false), 1000);
        assert_eq!(ron(4, 30, false), 7700);
        assert_eq!(ron(4, 30, true), 11600);
        assert_eq!(ron(3, 60, false), 7700);
        assert_eq!(ron(4, 40, false), 8000);
        assert_eq!(ron(2, 25, false), 1600);
        assert_eq!(ron(1, 110, true), 5300);
        let k = ScoringRules {
            kiriage_mangan: true,
            ..ScoringRules::tenhou()
        };
        assert_eq!(basic_points(4, 30, &k), (2000, Some(Limit::Mangan)));
        assert_eq!(basic_points(3, 60, &k), (2000, Some(Limit::Mangan)));
        let t = payments(basic_points(1, 30, &r).0, false, true, 1, 0, &r);
        assert_eq!(
            (t.tsumo_dealer, t.tsumo_nondealer, t.total),
            (600, 400, 1400)
        );
        assert_eq!(basic_points(13, 30, &r), (8000, Some(Limit::KazoeYakuman)));
    }

    #[test]
    fn low_fu_pairs_follow_the_fu_rules() {
        let t = ScoringRules::tenhou();
        let ok = |h, f, tsumo, r: &ScoringRules| low_fu_refusal(h, f, tsumo, r).is_none();
        // Tenhou: 20 fu only by pinfu tsumo (2 han+), 25 fu only chiitoitsu
        assert!(ok(2, 20, true, &t) && !ok(1, 20, true, &t));
        assert!(!ok(1, 20, false, &t) && !ok(3, 20, false, &t));
        assert!(ok(2, 25, false, &t) && !ok(1, 25, false, &t));
        assert!(ok(3, 25, true, &t) && !ok(2, 25, true, &t));
        assert!(ok(1, 30, false, &t) && ok(1, 30, true, &t) && ok(1, 110, false, &t));
        let no_pinfu_tsumo = ScoringRules {
            pinfu_tsumo: false,
            ..ScoringRules::tenhou()
        };
        assert!(!ok(2, 20, true, &no_pinfu_tsumo));
        let open20 = |o| ScoringRules {
            open_pinfu_ron: o,
            ..ScoringRules::tenhou()
        };
        assert!(ok(1, 20, false, &open20(OpenPinfuRon::Twenty)));
        assert!(!ok(1, 20, false, &open20(OpenPinfuRon::ThirtyAtOneHan)));
        assert!(ok(2, 20, false, &open20(OpenPinfuRon::ThirtyAtOneHan)));
        for c in [Chiitoitsu::Fu50Han1, Chiitoitsu::Fu30Han2] {
            let r = ScoringRules {
                chiitoitsu: c,
                ..ScoringRules::tenhou()
            };
            assert!(!ok(2, 25, false, &r) && !ok(4, 25, true, &r));
        }
        let e = hand_payments(1, 20, 0, false, false, 0, 0, &t).unwrap_err();
        assert!(e.to_string().contains("1 han 20 fu by ron"), "{e}");
        assert!(hand_payments(0, 0, 1, false, false, 0, 0, &t).is_ok());
        assert!(hand_payments(1, 20, 1, false, false, 0, 0, &t).is_ok());
    }

    #[test]
    fn high_fu_pairs_need_the_han_their_sets_bring() {
        let t = ScoringRules::tenhou();
        let dw2 = ScoringRules {
            double_wind_pair_fu: 2,
            ..ScoringRules::tenhou()
        };
        let sanma = ScoringRules {
            num_players: 3,
            ..ScoringRules::tenhou()
        };
        let most =
            |r: &ScoringRules, tsumo| (1..=14).map(|h| max_fu(h, tsumo, r)).collect::<Vec<_>>();
        let ron4 = [
            110, 110, 110, 140, 140, 140, 140, 140, 140, 140, 140, 140, 140, 140,
        ];
        let tsumo4 = [
            100, 110, 110, 130, 130, 130, 130, 130, 130, 130, 130, 130, 130, 130,
        ];
        assert_eq!(most(&t, false), ron4);
        assert_eq!(most(&t, true), tsumo4);
        let ron2 = [
            100, 110, 110, 130, 130, 130, 130, 140, 140, 140, 140, 140, 140, 140,
        ];
        assert_eq!(most(&dw2, false), ron2);
        assert_eq!(most(&dw2, true), tsumo4);
        assert_eq!(most(&sanma, false), ron4);
        // three players: no chi, so 4 han by tsumo need an open hand of triplets (toitoi)
        let mut tsumo3 = tsumo4;
        tsumo3[3] = 110;
        assert_eq!(most(&sanma, true), tsumo3);
        let e = hand_payments(1, 120, 0, false, false, 0, 0, &t).unwrap_err();
        assert!(e.to_string().contains("1 han 120 fu by ron"), "{e}");
        assert!(e.to_string().contains("at most 110 fu"), "{e}");
        assert!(hand_payments(1, 110, 0, false, false, 0, 0, &t).is_ok());
        assert!(hand_payments(1, 110, 0, false, true, 0, 0, &t).is_err());
        assert!(hand_payments(13, 150, 0, false, false, 0, 0, &t).is_err());
        assert!(hand_payments(0, 170, 2, false, false, 0, 0, &t).is_ok()); // a yakuman
        let ao = ScoringRules {
            aotenjou: true,
            ..ScoringRules::tenhou()
        };
        assert!(hand_payments(13, 170, 0, false, false, 0, 0, &ao).is_ok());
        assert!(hand_payments(12, 150, 0, false, false, 0, 0, &ao).is_err());
    }
}
