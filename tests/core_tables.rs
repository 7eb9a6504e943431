//! Table-level checks of the core scoring pieces: fu labels and a breakdown built from a
//! reading, yaku ids, names and classes, the limit table, basic points and payments (four
//! and three players, honba, kyotaku, nagashi mangan). The values are the standard scoring
//! table's (Tenhou: 30 fu 1 han 1000 / dealer 1500, mangan 8000 / 12000, ...).

use riichi::decompose::WaitShape;
use riichi::fu::{chiitoitsu_items, regular_fu, FuItem, FuKind};
use riichi::points::{basic_points, nagashi_mangan, payments, Limit, Payments};
use riichi::rules::{Kazoe, OpenPinfuRon, ScoringRules};
use riichi::score::{Set, SetKind, Shape};
use riichi::yaku::Yaku;
use riichi::Tile;

fn t(i: usize) -> Tile {
    Tile::from_index(i)
}

#[test]
fn fu_kind_names_and_labels() {
    let names = [
        (FuKind::Base, "base"),
        (FuKind::MenzenRon, "menzen_ron"),
        (FuKind::Tsumo, "tsumo"),
        (FuKind::ClosedTriplet, "closed_triplet"),
        (FuKind::OpenTriplet, "open_triplet"),
        (FuKind::ClosedKan, "closed_kan"),
        (FuKind::OpenKan, "open_kan"),
        (FuKind::ValuePair, "value_pair"),
        (FuKind::Kanchan, "wait kanchan"),
        (FuKind::Penchan, "wait penchan"),
        (FuKind::Tanki, "wait tanki"),
        (FuKind::OpenPinfuRon, "open_pinfu_ron"),
        (FuKind::Chiitoitsu, "chiitoitsu"),
        (FuKind::Rounding, "rounding"),
    ];
    for (k, n) in names {
        assert_eq!(k.name(), n);
    }
    let item = FuItem {
        kind: FuKind::ClosedTriplet,
        tile: Some(t(17)),
        fu: 8,
    };
    assert_eq!(item.label(), "closed_triplet 9p");
    let plain = FuItem {
        kind: FuKind::Tsumo,
        tile: None,
        fu: 2,
    };
    assert_eq!(plain.label(), "tsumo");
    assert_eq!(
        chiitoitsu_items(25),
        vec![FuItem {
            kind: FuKind::Chiitoitsu,
            tile: None,
            fu: 25
        }]
    );
}

fn set(kind: SetKind, tile: usize, concealed: bool) -> Set {
    Set {
        kind,
        tile: t(tile),
        concealed,
    }
}

#[test]
fn regular_fu_itemizes_a_reading() {
    // ron, open hand (a called kan): 111m concealed (8, yaochuu), 999p open kan (16), 234s
    // 567s, pair 5z (dragon, 2), kanchan (2): 20 + 8 + 16 + 2 + 2 = 48 -> 50 (rounding 2)
    let shape = Shape {
        sets: [
            set(SetKind::Trip, 0, true),
            set(SetKind::Kan, 17, false),
            set(SetKind::Seq, 19, true),
            set(SetKind::Seq, 22, true),
        ],
        pair: t(31),
        wait: WaitShape::Kanchan,
        menzen: false,
        tsumo: false,
        rinshan: false,
        seat_wind: t(28),
        round_wind: t(27),
    };
    let r = ScoringRules::tenhou();
    let (fu, items) = regular_fu(&shape, false, 2, &r);
    let got: Vec<(String, u32)> = items.iter().map(|i| (i.label(), i.fu)).collect();
    let want = [
        ("base", 20),
        ("closed_triplet 1m", 8),
        ("open_kan 9p", 16),
        ("value_pair 5z", 2),
        ("wait kanchan", 2),
        ("rounding", 2),
    ];
    let want: Vec<(String, u32)> = want.iter().map(|(l, f)| (l.to_string(), *f)).collect();
    assert_eq!((fu, got), (50, want));

    // pinfu ron: 30; pinfu tsumo: 20 with no tsumo line
    let pinfu = Shape {
        sets: [
            set(SetKind::Seq, 0, true),
            set(SetKind::Seq, 9, true),
            set(SetKind::Seq, 18, true),
            set(SetKind::Seq, 21, true),
        ],
        pair: t(4),
        wait: WaitShape::Ryanmen,
        menzen: true,
        tsumo: false,
        rinshan: false,
        seat_wind: t(28),
        round_wind: t(27),
    };
    assert_eq!(regular_fu(&pinfu, true, 1, &r).0, 30);
    let tsumo = Shape {
        tsumo: true,
        ..pinfu.clone()
    };
    let (fu, items) = regular_fu(&tsumo, true, 1, &r);
    assert_eq!((fu, items.len()), (20, 1));
    // a double-wind pair: 4 on Tenhou, the rules' value otherwise; the open pinfu shape on ron
    let open = Shape {
        menzen: false,
        pair: t(27),
        seat_wind: t(27),
        round_wind: t(27),
        ..pinfu.clone()
    };
    let (fu, items) = regular_fu(&open, false, 1, &r);
    assert_eq!(fu, 30); // 20 + 4 = 24 -> 30
    assert!(items
        .iter()
        .any(|i| i.kind == FuKind::ValuePair && i.fu == 4));
    let two = ScoringRules {
        double_wind_pair_fu: 2,
        ..ScoringRules::tenhou()
    };
    let (_, items) = regular_fu(&open, false, 1, &two);
    assert!(items
        .iter()
        .any(|i| i.kind == FuKind::ValuePair && i.fu == 2));
    // a pair of only the seat wind or only the round wind: 2 fu; a plain pair: no line
    for (pair, want) in [(28, Some(2)), (27, Some(2)), (29, None), (4, None)] {
        let one = Shape {
            pair: t(pair),
            seat_wind: t(28),
            round_wind: t(27),
            ..open.clone()
        };
        let (_, items) = regular_fu(&one, false, 1, &r);
        let got: Vec<u32> = items
            .iter()
            .filter(|i| i.kind == FuKind::ValuePair)
            .map(|i| i.fu)
            .collect();
        assert_eq!(got, want.into_iter().collect::<Vec<u32>>(), "pair {pair}");
    }
    let bare = Shape {
        pair: t(4),
        ..open.clone()
    };
    assert_eq!(regular_fu(&bare, false, 2, &r).0, 30);
    let twenty = ScoringRules {
        open_pinfu_ron: OpenPinfuRon::Twenty,
        ..ScoringRules::tenhou()
    };
    assert_eq!(regular_fu(&bare, false, 1, &twenty).0, 20);
    let at_one = ScoringRules {
        open_pinfu_ron: OpenPinfuRon::ThirtyAtOneHan,
        ..ScoringRules::tenhou()
    };
    assert_eq!(regular_fu(&bare, false, 1, &at_one).0, 30);
    assert_eq!(regular_fu(&bare, false, 2, &at_one).0, 20);
}

#[test]
fn yaku_ids_names_and_classes() {
    let mut yakuman = Vec::new();
    let mut names = std::collections::HashSet::new();
    for id in 0..=80u8 {
        let Some(y) = Yaku::from_id(id) else {
            assert!((55..60).contains(&id) || id > 71, "id {id} has no yaku");
            continue;
        };
        assert_eq!(y.id(), id);
        assert!(
            !y.name().is_empty() && names.insert(y.name()),
            "{id}: {}",
            y.name()
        );
        assert_eq!(Yaku::from_name(y.name()), Some(y));
        if y.is_yakuman() {
            yakuman.push(id);
        }
        assert_eq!(y.is_dora(), (52..=54).contains(&id), "{id}");
    }
    // local yaku: 60..=69 yakuman, 70 sanrenkou and 71 uumensai 2 han each
    let want: Vec<u8> = (37..=51).chain(60..=69).collect();
    assert_eq!(yakuman, want);
    assert_eq!(Yaku::from_name("no_such_yaku"), None);
    assert_eq!(Yaku::from_id(0), Some(Yaku::MenzenTsumo));
    assert_eq!(Yaku::Riichi.name(), "riichi");
    assert_eq!(Yaku::Kokushi13.name(), "kokushi_musou_juusanmen");
}

#[test]
fn limit_names_and_tenhou_codes() {
    let table = [
        (Limit::Mangan, "mangan", 1),
        (Limit::Haneman, "haneman", 2),
        (Limit::Baiman, "baiman", 3),
        (Limit::Sanbaiman, "sanbaiman", 4),
        (Limit::KazoeYakuman, "kazoe_yakuman", 5),
        (Limit::Yakuman(1), "yakuman", 5),
        (Limit::Yakuman(2), "double_yakuman", 5),
        (Limit::Yakuman(3), "triple_yakuman", 5),
        (Limit::Yakuman(4), "4x_yakuman", 5),
    ];
    for (l, name, code) in table {
        assert_eq!(l.name(), name);
        assert_eq!(Limit::tenhou_code(Some(l)), code);
    }
    assert_eq!(Limit::tenhou_code(None), 0);
}

#[test]
fn basic_points_table() {
    let r = ScoringRules::tenhou();
    let k = ScoringRules {
        kiriage_mangan: true,
        ..ScoringRules::tenhou()
    };
    let s = ScoringRules {
        kazoe: Kazoe::Sanbaiman,
        ..ScoringRules::tenhou()
    };
    use Limit::*;
    // (han, fu, basic, limit) under Tenhou
    let table = [
        (1, 30, 240, None),
        (1, 110, 880, None),
        (2, 20, 320, None),
        (2, 25, 400, None),
        (3, 30, 960, None),
        (3, 60, 1920, None),
        (3, 70, 2000, Some(Mangan)),
        (4, 30, 1920, None),
        (4, 40, 2000, Some(Mangan)),
        (5, 30, 2000, Some(Mangan)),
        (6, 30, 3000, Some(Haneman)),
        (7, 30, 3000, Some(Haneman)),
        (8, 30, 4000, Some(Baiman)),
        (10, 30, 4000, Some(Baiman)),
        (11, 30, 6000, Some(Sanbaiman)),
        (12, 30, 6000, Some(Sanbaiman)),
        (13, 30, 8000, Some(KazoeYakuman)),
        (20, 30, 8000, Some(KazoeYakuman)),
    ];
    for (han, fu, basic, limit) in table {
        assert_eq!(
            basic_points(han, fu, &r),
            (basic, limit),
            "{han} han {fu} fu"
        );
    }
    // 5 han is a mangan whatever the fu (the table, not fu x 2^(han+2))
    assert_eq!(basic_points(5, 10, &r), (2000, Some(Mangan)));
    assert_eq!(basic_points(4, 30, &k), (2000, Some(Mangan)));
    assert_eq!(basic_points(3, 60, &k), (2000, Some(Mangan)));
    assert_eq!(basic_points(3, 50, &k), (1600, None));
    assert_eq!(basic_points(4, 25, &k), (1600, None));
    assert_eq!(basic_points(13, 30, &s), (6000, Some(Sanbaiman)));
    assert_eq!(basic_points(12, 30, &s), (6000, Some(Sanbaiman)));
}

fn pay(
    basic: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    kyotaku: u32,
    r: &ScoringRules,
) -> Payments {
    payments(basic, dealer, tsumo, honba, kyotaku, r)
}

#[test]
fn payments_four_players() {
    let r = ScoringRules::tenhou();
    // 30 fu 1 han non-dealer ron with 2 honba and 1 stick: 1000 + 600, winner +2600
    let p = pay(240, false, false, 2, 1, &r);
    assert_eq!(
        p,
        Payments {
            ron: 1600,
            tsumo_dealer: 0,
            tsumo_nondealer: 0,
            kyotaku: 1000,
            total: 2600,
            value: 1000
        }
    );
    // dealer ron 30 fu 1 han: 1500
    let p = pay(240, true, false, 0, 0, &r);
    assert_eq!((p.ron, p.total, p.value), (1500, 1500, 1500));
    // non-dealer tsumo 30 fu 1 han, 1 honba, 2 sticks: 500+100 / 300+100 each
    let p = pay(240, false, true, 1, 2, &r);
    assert_eq!(
        p,
        Payments {
            ron: 0,
            tsumo_dealer: 600,
            tsumo_nondealer: 400,
            kyotaku: 2000,
            total: 3400,
            value: 1100
        }
    );
    // dealer tsumo mangan, 3 honba: 4000+300 all, value 12000
    let p = pay(2000, true, true, 3, 0, &r);
    assert_eq!(
        p,
        Payments {
            ron: 0,
            tsumo_dealer: 0,
            tsumo_nondealer: 4300,
            kyotaku: 0,
            total: 12900,
            value: 12000
        }
    );
    // a rule set with 1500-point honba and 500-point sticks
    let odd = ScoringRules {
        honba_points: 1500,
        riichi_stick: 500,
        ..ScoringRules::tenhou()
    };
    let p = pay(2000, false, false, 1, 3, &odd);
    assert_eq!(
        (p.ron, p.kyotaku, p.total, p.value),
        (9500, 1500, 11000, 8000)
    );
    let p = pay(2000, false, true, 2, 0, &odd);
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_nondealer, p.value),
        (5000, 3000, 8000)
    );
}

#[test]
fn payments_three_players_and_nagashi() {
    let r = ScoringRules {
        num_players: 3,
        honba_points: 200,
        ..ScoringRules::tenhou()
    };
    // sanma non-dealer tsumo mangan: dealer 4000, the other 2000 (two payers), 1 honba = 100 each
    let p = pay(2000, false, true, 1, 0, &r);
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_nondealer, p.total, p.value),
        (4100, 2100, 6200, 6000)
    );
    let p = pay(2000, true, true, 1, 1, &r);
    assert_eq!((p.tsumo_nondealer, p.total, p.value), (4100, 9200, 8000));
    let four = ScoringRules::tenhou();
    assert_eq!(
        nagashi_mangan(false, &four),
        Payments {
            ron: 0,
            tsumo_dealer: 4000,
            tsumo_nondealer: 2000,
            kyotaku: 0,
            total: 8000,
            value: 8000
        }
    );
    assert_eq!(nagashi_mangan(true, &four).total, 12000);
    assert_eq!(nagashi_mangan(true, &four).tsumo_nondealer, 4000);
}
