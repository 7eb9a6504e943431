//! The core scorer's rule options, result fields and refusals, hand by hand: chiitoitsu and
//! renhou values, double and stacked yakuman, local yakuman, the two-han minimum, dora of
//! every kind (three-player nuki dora and the 1m indicator), and every impossible input
//! refused with the argument it names. Values: Tenhou's table and rule pages unless the
//! option says otherwise.

use riichi::error::Error;
use riichi::notation::parse_tile;
use riichi::points::Limit;
use riichi::rules::{Chiitoitsu, Renhou, ScoringRules};
use riichi::score::{score, ScoreResult, Situation};
use riichi::yaku::Yaku;
use riichi::{Hand, Tile};

fn tile(s: &str) -> Tile {
    parse_tile(s).unwrap()
}

fn sit(win: &str, f: impl FnOnce(&mut Situation)) -> Situation {
    let mut s = Situation::new(tile(win));
    f(&mut s);
    s
}

fn run_with(hand: &str, s: &Situation, r: &ScoringRules) -> ScoreResult {
    score(&Hand::parse(hand).unwrap(), s, r).unwrap()
}

fn run(hand: &str, s: &Situation) -> ScoreResult {
    run_with(hand, s, &ScoringRules::tenhou())
}

fn rules(f: impl FnOnce(&mut ScoringRules)) -> ScoringRules {
    let mut r = ScoringRules::tenhou();
    f(&mut r);
    r
}

fn refused(hand: &str, s: &Situation, r: &ScoringRules) -> &'static str {
    match score(&Hand::parse(hand).unwrap(), s, r) {
        Err(Error::InvalidArgument { name, .. }) => name,
        other => panic!("{hand}: expected a refusal, got {other:?}"),
    }
}

/// Ron on 1s: no yaku (the 1z pair is the round wind, so no pinfu).
const PLAIN_WIN: &str = "123m456p789s123s11z";
const CHIITOI: &str = "1133m5577p2299s11z";

#[test]
fn chiitoitsu_values() {
    let s = sit("1z", |_| {});
    for (opt, han, fu, ron) in [
        (Chiitoitsu::Fu25Han2, 2, 25, 1600),
        (Chiitoitsu::Fu50Han1, 1, 50, 1600),
        (Chiitoitsu::Fu30Han2, 2, 30, 2000),
    ] {
        let r = run_with(CHIITOI, &s, &rules(|r| r.chiitoitsu = opt));
        assert_eq!((r.han, r.fu, r.payments.ron), (han, fu, ron), "{opt:?}");
        assert_eq!(r.yaku, vec![(Yaku::Chiitoitsu, han)]);
        assert_eq!(r.fu_breakdown.len(), 1);
        assert_eq!(r.fu_breakdown[0].fu, fu);
    }
}

#[test]
fn renhou_values() {
    let s = sit("1s", |s| s.renhou = true);
    let off = run(PLAIN_WIN, &s);
    assert!(off.is_agari && !off.has_yaku);
    let r = run_with(PLAIN_WIN, &s, &rules(|r| r.renhou = Renhou::Mangan));
    assert_eq!((r.han, r.yaku.clone()), (5, vec![(Yaku::Renhou, 5)]));
    assert_eq!(r.payments.ron, 8000);
    let r = run_with(PLAIN_WIN, &s, &rules(|r| r.renhou = Renhou::Baiman));
    assert_eq!(
        (r.han, r.payments.ron, r.limit),
        (8, 16000, Some(Limit::Baiman))
    );
    let r = run_with(PLAIN_WIN, &s, &rules(|r| r.renhou = Renhou::Yakuman));
    assert_eq!(r.yakuman, vec![(Yaku::Renhou, 1)]);
    assert_eq!((r.han, r.payments.ron), (13, 32000));
}

#[test]
fn tenhou_and_chiihou() {
    let r = run(
        PLAIN_WIN,
        &sit("1s", |s| {
            s.seat_wind = Tile::EAST;
            s.tsumo = true;
            s.tenhou = true;
        }),
    );
    assert_eq!(r.yakuman, vec![(Yaku::Tenhou, 1)]);
    assert_eq!(
        (r.dealer, r.tsumo, r.payments.tsumo_nondealer),
        (true, true, 16000)
    );
    let r = run(
        PLAIN_WIN,
        &sit("1s", |s| {
            s.tsumo = true;
            s.chiihou = true;
        }),
    );
    assert_eq!(r.yakuman, vec![(Yaku::Chiihou, 1)]);
    assert_eq!(
        (
            r.dealer,
            r.payments.tsumo_dealer,
            r.payments.tsumo_nondealer
        ),
        (false, 16000, 8000)
    );
}

#[test]
fn double_yakuman_options() {
    // kokushi on its 13-sided wait, suuankou tanki, junsei chuuren, daisuushi
    let cases = [
        ("19m19p19s12345677z", "7z"),
        ("111m333p555s777s22z", "2z"),
        ("11112345678999m", "1m"),
        ("111z222z333z55m pon:444z", "5m"),
    ];
    let single = ScoringRules::tenhou();
    let double = rules(|r| {
        r.double_kokushi_13 = true;
        r.double_suuankou_tanki = true;
        r.double_junsei_chuuren = true;
        r.double_daisuushi = true;
    });
    let want = [
        Yaku::Kokushi13,
        Yaku::SuuankouTanki,
        Yaku::JunseiChuurenPoutou,
        Yaku::Daisuushi,
    ];
    for ((hand, win), y) in cases.iter().zip(want) {
        let s = sit(win, |s| s.tsumo = !hand.contains("pon"));
        let a = run_with(hand, &s, &single);
        let b = run_with(hand, &s, &double);
        assert!(a.yakuman.contains(&(y, 1)), "{hand}: {:?}", a.yakuman);
        assert!(b.yakuman.contains(&(y, 2)), "{hand}: {:?}", b.yakuman);
        assert_eq!(b.basic_points, a.basic_points + 8000, "{hand}");
    }
    // a plain kokushi (13 different, the pair already held) is single either way
    let r = run_with("119m19p19s1234567z", &sit("9m", |_| {}), &double);
    assert_eq!(r.yakuman, vec![(Yaku::Kokushi, 1)]);
    assert_eq!(r.fu, 0);
    // a non-junsei chuuren is single either way
    let r = run_with("11123455678999m", &sit("1m", |_| {}), &double);
    assert_eq!(r.yakuman, vec![(Yaku::ChuurenPoutou, 1)]);
}

#[test]
fn yakuman_stacking() {
    // daisangen + tsuuiisou + suuankou (tsumo): 3 yakuman stacked, only one without stacking
    let hand = "555z666z777z111z22z";
    let s = sit("2z", |s| s.tsumo = true);
    let r = run(hand, &s);
    let ids: Vec<Yaku> = r.yakuman.iter().map(|y| y.0).collect();
    assert_eq!(
        ids,
        vec![Yaku::Daisangen, Yaku::SuuankouTanki, Yaku::Tsuuiisou]
    );
    assert_eq!(
        (r.han, r.basic_points, r.limit),
        (39, 24000, Some(Limit::Yakuman(3)))
    );
    let one = run_with(hand, &s, &rules(|r| r.yakuman_stacking = false));
    assert_eq!(one.yakuman.len(), 1);
    assert_eq!((one.han, one.basic_points), (13, 8000));
    // without stacking the largest multiple is kept
    let both = rules(|r| {
        r.yakuman_stacking = false;
        r.double_suuankou_tanki = true;
    });
    let r = run_with(hand, &s, &both);
    assert_eq!(r.yakuman, vec![(Yaku::SuuankouTanki, 2)]);
    // open daisangen with shousuushi-free winds: one yakuman; its han is 13
    let r = run("555z11m pon:666z pon:777z pon:222m", &sit("5z", |_| {}));
    assert_eq!(r.yakuman, vec![(Yaku::Daisangen, 1)]);
    assert!(r.yaku.is_empty());
}

#[test]
fn local_yakuman() {
    let on = rules(|r| {
        r.daisharin = true;
        r.suurenkou = true;
        r.hyakuman_goku = true;
        r.beni_kujaku = true;
        r.shiisan_puutaa = true;
    });
    let off = ScoringRules::tenhou();
    let cases = [
        ("22334455667788p", "5p", Yaku::Daisharin),
        ("111222333444p55m", "5m", Yaku::Suurenkou),
        ("666777888999m55m", "5m", Yaku::HyakumanGoku),
        ("111555777999s77z", "7z", Yaku::BeniKujaku),
    ];
    for (hand, win, y) in cases {
        let s = sit(win, |s| s.tsumo = true);
        let r = run_with(hand, &s, &on);
        assert!(
            r.yakuman.iter().any(|x| x.0 == y),
            "{hand}: {:?}",
            r.yakuman
        );
        let r = run_with(hand, &s, &off);
        assert!(!r.yakuman.iter().any(|x| x.0 == y), "{hand}");
    }
    // hyakuman-goku needs 100: 99 is not enough
    let r = run_with("555777888999m66m", &sit("6m", |s| s.tsumo = true), &on);
    assert!(!r.yakuman.iter().any(|x| x.0 == Yaku::HyakumanGoku));
    // daisharin is closed only
    let r = run_with("223344556677p88p", &sit("8p", |s| s.tsumo = true), &on);
    assert!(r.yakuman.iter().any(|x| x.0 == Yaku::Daisharin));
    let r = run_with("22334455678p chi:678p", &sit("5p", |_| {}), &on);
    assert!(!r.yakuman.iter().any(|x| x.0 == Yaku::Daisharin));
    // suurenkou: four triplets in a row of one suit, not across suits
    let r = run_with("111222333m444p55s", &sit("5s", |s| s.tsumo = true), &on);
    assert!(!r.yakuman.iter().any(|x| x.0 == Yaku::Suurenkou));
    // nor four honor triplets (East South West North are no run)
    let r = run_with("111z222z333z444z55m", &sit("5m", |s| s.tsumo = true), &on);
    assert!(!r.yakuman.iter().any(|x| x.0 == Yaku::Suurenkou));
    assert!(r.yakuman.iter().any(|x| x.0 == Yaku::Daisuushi));
    // shiisan-puutaa: 13 unrelated tiles and a pair on the first draw
    let sp = "147m258p36s12345z5z";
    let first = sit("5z", |s| {
        s.tsumo = true;
        s.chiihou = true;
    });
    let r = run_with(sp, &first, &on);
    assert!(r.is_agari);
    assert_eq!(r.yakuman, vec![(Yaku::ShiisanPuutaa, 1)]);
    assert!(!run_with(sp, &first, &off).is_agari);
    assert!(!run_with(sp, &sit("5z", |s| s.tsumo = true), &on).is_agari);
    // a related pair of tiles (1m 3m) is not unrelated
    assert!(!run_with("137m258p36s12345z5z", &first, &on).is_agari);
    // a triplet is no isolated tile (one pair, but 111z): not shiisan-puutaa
    let first_2z = sit("2z", |s| {
        s.tsumo = true;
        s.chiihou = true;
    });
    assert!(!run_with("147m258p369s111z22z", &first_2z, &on).is_agari);
    // ... in any suit: 5p 7p, or 3s 5s
    assert!(!run_with("147m257p36s12345z5z", &first, &on).is_agari);
    assert!(!run_with("147m258p35s12345z5z", &first, &on).is_agari);
}

#[test]
fn the_most_valuable_reading_wins_without_dora() {
    // 111222333m as three runs (iipeikou, penchan on 3m: 2 han 40 fu, 2600) beats three
    // triplets (1 han 50 fu, 1600), with no dora to add
    let s = sit("3m", |s| {
        s.riichi = true;
        s.seat_wind = Tile::WEST;
    });
    let r = run("111222333m456p55s", &s);
    assert_eq!((r.han, r.fu, r.payments.ron), (2, 40, 2600));
    assert!(r.yaku.contains(&(Yaku::Iipeikou, 1)));
    // without riichi the triplet reading has no yaku at all: the runs' iipeikou wins
    let r = run(
        "111222333m456p55s",
        &sit("3m", |s| s.seat_wind = Tile::WEST),
    );
    assert!(r.has_yaku);
    assert_eq!((r.han, r.fu, r.payments.ron), (1, 40, 1300));
}

#[test]
fn value_pairs_deny_pinfu() {
    // ryanmen ron, all runs: pinfu with a plain pair only
    let hand = |pair: &str| format!("123m456p789s23s{pair}1s");
    let s = sit("1s", |s| s.seat_wind = Tile::WEST);
    let plain = run(&hand("55p"), &s);
    assert!(plain.yaku.contains(&(Yaku::Pinfu, 1)));
    for pair in ["55z", "66z", "77z", "33z", "11z"] {
        let r = run(&hand(pair), &s); // dragons, the seat wind (West), the round wind (East)
        assert!(!r.yaku.iter().any(|y| y.0 == Yaku::Pinfu), "{pair}");
    }
}

#[test]
fn open_pinfu_at_one_han_counts_every_han() {
    // open tanyao in the pinfu shape, ron: 30 fu at exactly one han, 20 fu with a dora
    let at_one = rules(|r| r.open_pinfu_ron = riichi::rules::OpenPinfuRon::ThirtyAtOneHan);
    let hand = "234m567p66s chi:345s chi:678p";
    let r = run_with(hand, &sit("2m", |s| s.seat_wind = Tile::WEST), &at_one);
    assert_eq!((r.han, r.fu), (1, 30));
    let dora = sit("2m", |s| {
        s.seat_wind = Tile::WEST;
        s.dora_indicators = vec![tile("5s")];
    });
    let r = run_with(hand, &dora, &at_one);
    assert_eq!((r.han, r.fu), (3, 20));
}

#[test]
fn two_han_minimum_from_honba() {
    // riichi only (1 han, a kanchan) with two dora: refused from 5 honba on, not before
    let r = rules(|r| r.two_han_minimum_from_honba = Some(5));
    let at = |honba| {
        run_with(
            "234m456p678s123s55p",
            &sit("2s", |s| {
                s.riichi = true;
                s.honba = honba;
                s.dora_indicators = vec![tile("4p")];
                s.seat_wind = Tile::WEST;
            }),
            &r,
        )
    };
    assert!(at(4).has_yaku);
    assert!(!at(5).has_yaku && at(5).payments.total == 0);
    assert!(!at(6).has_yaku);
}

#[test]
fn dora_kinds() {
    // two red fives, an indicator (4p -> 5p), uradora only with riichi
    let hand = "234m406p678s123s55p";
    let s = sit("1s", |s| {
        s.riichi = true;
        s.dora_indicators = vec![tile("4p")];
        s.ura_indicators = vec![tile("1s")];
    });
    let r = run(hand, &s);
    assert_eq!((r.dora, r.uradora, r.akadora), (3, 1, 1));
    assert!(r.yaku.contains(&(Yaku::Dora, 3)) && r.yaku.contains(&(Yaku::Uradora, 1)));
    assert!(r.yaku.contains(&(Yaku::Akadora, 1)));
    let no_riichi = sit("1s", |s| {
        s.dora_indicators = vec![tile("4p")];
        s.ura_indicators = vec![tile("1s")];
    });
    let r = run(hand, &no_riichi);
    assert_eq!(r.uradora, 0);
    // a red five in a meld counts
    let r = run(
        "234m678s123s55p pon:505m",
        &sit("1s", |s| s.seat_wind = Tile::WEST),
    );
    assert_eq!(r.akadora, 1);
    // three players: the 1m indicator points at 9m, North indicators count nuki dora
    let sanma = rules(|r| r.num_players = 3);
    let s = sit("1s", |s| {
        s.riichi = true;
        s.dora_indicators = vec![tile("1m"), tile("3z")];
        s.nukidora = 2;
    });
    let r = run_with("999m456p678s123s55p", &s, &sanma);
    // 9m x3 + (North: 2 nuki) + the 2 nuki themselves
    assert_eq!(r.dora, 3 + 2 + 2);
    let four = run(
        "999m456p678s123s55p",
        &sit("1s", |s| {
            s.riichi = true;
            s.dora_indicators = vec![tile("1m")];
        }),
    );
    assert_eq!(four.dora, 0);
    // a dora line is not listed for a yakuman
    let r = run(
        "19m19p19s12345677z",
        &sit("7z", |s| s.dora_indicators = vec![tile("6z")]),
    );
    assert_eq!(r.dora, 2);
    assert!(r.yaku.is_empty());
}

#[test]
fn result_fields() {
    let r = run(
        "123m456p789s123s55p",
        &sit("1s", |s| {
            s.riichi = true;
            s.tsumo = true;
            s.seat_wind = Tile::EAST;
        }),
    );
    assert!(r.is_agari && r.has_yaku && r.dealer && r.tsumo);
    assert_eq!(r.wait, Some(riichi::decompose::WaitShape::Ryanmen));
    assert_eq!((r.han, r.fu, r.basic_points, r.limit), (3, 20, 640, None));
    assert_eq!(r.payments.tsumo_nondealer, 1300);
    let r = run(
        "123m456p789s123s55p",
        &sit("1s", |s| s.seat_wind = Tile::NORTH),
    );
    assert!(!r.dealer && !r.tsumo);
    assert_eq!(r.fu_breakdown.iter().map(|i| i.fu).sum::<u32>(), r.fu);
    // sanma tsumo is paid by two players
    let r = run_with(
        "123m456p789s123s55p",
        &sit("1s", |s| {
            s.riichi = true;
            s.tsumo = true;
        }),
        &rules(|r| r.num_players = 3),
    );
    assert_eq!(
        r.payments.total,
        r.payments.tsumo_dealer + r.payments.tsumo_nondealer
    );
}

#[test]
fn impossible_input_is_refused_by_name() {
    let t = ScoringRules::tenhou();
    let ok = "123m456p789s123s55p";
    let base = |f: fn(&mut Situation)| sit("1s", f);
    assert_eq!(refused("123m456p789s23s55p", &base(|_| {}), &t), "hand");
    // the refusal quotes the hand, melds included
    match score(
        &Hand::parse("123m456p23s55p chi:789s").unwrap(),
        &base(|_| {}),
        &t,
    ) {
        Err(Error::InvalidArgument {
            name: "hand",
            reason,
        }) => {
            assert!(
                reason.contains("chi:789s") && reason.contains("123m"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(refused(ok, &sit("9m", |_| {}), &t), "win_tile");
    assert_eq!(
        refused(ok, &base(|s| s.seat_wind = Tile::from_index(31)), &t),
        "seat_wind"
    );
    assert_eq!(
        refused(ok, &base(|s| s.round_wind = Tile::from_index(33)), &t),
        "round_wind"
    );
    let no_red = rules(|r| r.red_fives = [0, 1, 1]);
    assert_eq!(
        refused(
            "234m406p678s123s55p",
            &base(|_| {}),
            &rules(|r| r.red_fives = [1, 0, 1])
        ),
        "hand"
    );
    assert_eq!(
        refused("234m678s123s55p pon:505m", &base(|_| {}), &no_red),
        "hand"
    );
    assert!(score(
        &Hand::parse("234m678s123s55p pon:505m").unwrap(),
        &base(|_| {}),
        &t
    )
    .is_ok());
    assert_eq!(refused(ok, &base(|s| s.honba = 10_001), &t), "honba");
    assert_eq!(refused(ok, &base(|s| s.kyotaku = 10_001), &t), "kyotaku");
    assert!(score(
        &Hand::parse(ok).unwrap(),
        &base(|s| {
            s.honba = 10_000;
            s.kyotaku = 10_000
        }),
        &t
    )
    .is_ok());
    let six = vec![tile("1z"); 6];
    let mut s = base(|_| {});
    s.dora_indicators = six.clone();
    assert_eq!(refused(ok, &s, &t), "dora_indicators");
    let mut s = base(|_| {});
    s.ura_indicators = six;
    assert_eq!(refused(ok, &s, &t), "ura_indicators");
    // five indicators (one dora, four kan dora) are the most there are, and allowed
    let mut s = base(|_| {});
    s.dora_indicators = vec![tile("1z"), tile("2z"), tile("3z"), tile("4z"), tile("5z")];
    s.ura_indicators = vec![tile("6z"); 4];
    assert!(score(&Hand::parse(ok).unwrap(), &s, &t).is_ok());
    let mut s = base(|_| {});
    s.dora_indicators = vec![tile("5p"), tile("5p"), tile("5p")];
    assert_eq!(refused(ok, &s, &t), "dora_indicators");
    let mut s = base(|_| {});
    s.dora_indicators = vec![tile("1z"); 4];
    s.ura_indicators = vec![tile("1z")];
    assert_eq!(refused(ok, &s, &t), "dora_indicators");
    let mut s = base(|_| {});
    s.dora_indicators = vec![tile("1z"); 2];
    s.ura_indicators = vec![tile("1z"); 2];
    assert!(score(&Hand::parse(ok).unwrap(), &s, &t).is_ok());

    let open = "123m456p123s55p chi:789s";
    assert_eq!(refused(open, &base(|s| s.riichi = true), &t), "riichi");
    assert_eq!(
        refused(open, &base(|s| s.double_riichi = true), &t),
        "riichi"
    );
    let kan = "123m456p123s55p ankan:9999s";
    assert!(score(&Hand::parse(kan).unwrap(), &base(|s| s.riichi = true), &t).is_ok());
    assert_eq!(refused(ok, &base(|s| s.ippatsu = true), &t), "ippatsu");
    for f in [
        (|s: &mut Situation| {
            s.riichi = true;
            s.ippatsu = true;
        }) as fn(&mut Situation),
        |s| {
            s.double_riichi = true;
            s.ippatsu = true;
        },
    ] {
        assert!(score(&Hand::parse(ok).unwrap(), &base(f), &t).is_ok());
    }
    assert_eq!(refused(ok, &base(|s| s.haitei = true), &t), "haitei");
    assert_eq!(
        refused(
            kan,
            &base(|s| {
                s.tsumo = true;
                s.haitei = true;
                s.rinshan = true;
            }),
            &t
        ),
        "haitei"
    );
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.houtei = true;
                s.tsumo = true
            }),
            &t
        ),
        "houtei"
    );
    assert_eq!(refused(kan, &base(|s| s.rinshan = true), &t), "rinshan");
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.rinshan = true;
                s.tsumo = true
            }),
            &t
        ),
        "rinshan"
    );
    assert!(score(
        &Hand::parse(kan).unwrap(),
        &base(|s| {
            s.rinshan = true;
            s.tsumo = true
        }),
        &t
    )
    .is_ok());
    let sanma = rules(|r| r.num_players = 3);
    let nuki = base(|s| {
        s.rinshan = true;
        s.tsumo = true;
        s.nukidora = 1;
    });
    assert!(score(&Hand::parse(ok).unwrap(), &nuki, &sanma).is_ok());
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.chankan = true;
                s.houtei = true
            }),
            &t
        ),
        "chankan"
    );
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.chankan = true;
                s.tsumo = true
            }),
            &t
        ),
        "chankan"
    );
    // tenhou: dealer, tsumo, no meld
    let dealer_tsumo = |s: &mut Situation| {
        s.seat_wind = Tile::EAST;
        s.tsumo = true;
        s.tenhou = true;
    };
    assert!(score(&Hand::parse(ok).unwrap(), &base(dealer_tsumo), &t).is_ok());
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.tsumo = true;
                s.tenhou = true
            }),
            &t
        ),
        "tenhou"
    );
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.seat_wind = Tile::EAST;
                s.tenhou = true
            }),
            &t
        ),
        "tenhou"
    );
    assert_eq!(refused(kan, &base(dealer_tsumo), &t), "tenhou");
    // chiihou: non-dealer, tsumo, no meld
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.seat_wind = Tile::EAST;
                s.tsumo = true;
                s.chiihou = true
            }),
            &t
        ),
        "chiihou"
    );
    assert_eq!(refused(ok, &base(|s| s.chiihou = true), &t), "chiihou");
    assert_eq!(
        refused(
            kan,
            &base(|s| {
                s.tsumo = true;
                s.chiihou = true
            }),
            &t
        ),
        "chiihou"
    );
    // renhou: non-dealer, ron, no meld
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.seat_wind = Tile::EAST;
                s.renhou = true
            }),
            &t
        ),
        "renhou"
    );
    assert_eq!(
        refused(
            ok,
            &base(|s| {
                s.tsumo = true;
                s.renhou = true
            }),
            &t
        ),
        "renhou"
    );
    assert_eq!(refused(kan, &base(|s| s.renhou = true), &t), "renhou");
    // nuki dora: three players only, at most 4
    assert_eq!(refused(ok, &base(|s| s.nukidora = 1), &t), "nukidora");
    assert_eq!(refused(ok, &base(|s| s.nukidora = 5), &sanma), "nukidora");
    assert!(score(&Hand::parse(ok).unwrap(), &base(|s| s.nukidora = 4), &sanma).is_ok());
    assert_eq!(
        refused(ok, &base(|_| {}), &rules(|r| r.num_players = 1)),
        "rules.num_players"
    );
    assert!(score(
        &Hand::parse(ok).unwrap(),
        &base(|_| {}),
        &rules(|r| r.num_players = 2)
    )
    .is_ok());
}

// ------------------------------------------------------------- atozuke and the issue-16 options

/// Open tanyao waiting 1p-4p: tanyao on 4p only.
const TANYAO_KATA: &str = "234567p34445s chi:234m";
/// Open shanpon on haku and 4m: haku on 5z only.
const YAKUHAI_KATA: &str = "44m678m567s555z chi:234p";

#[test]
fn atozuke_is_judged_on_every_wait() {
    use riichi::rules::Atozuke;
    for tsumo in [false, true] {
        let s = sit("4p", |s| s.tsumo = tsumo);
        let y = sit("5z", |s| s.tsumo = tsumo);
        assert!(run(TANYAO_KATA, &s).has_yaku);
        assert!(run(YAKUHAI_KATA, &y).has_yaku);
        let forbidden = rules(|r| r.atozuke = Atozuke::Forbidden);
        let r = run_with(TANYAO_KATA, &s, &forbidden);
        assert!(r.is_agari && !r.has_yaku && r.payments.total == 0 && r.yaku.is_empty());
        assert!(!run_with(YAKUHAI_KATA, &y, &forbidden).has_yaku);
        let yakuhai = rules(|r| r.atozuke = Atozuke::YakuhaiKatazukeForbidden);
        assert!(run_with(TANYAO_KATA, &s, &yakuhai).has_yaku);
        assert!(!run_with(YAKUHAI_KATA, &y, &yakuhai).has_yaku);
    }
    // tanyao on both waits (2-5p) stands
    let forbidden = rules(|r| r.atozuke = Atozuke::Forbidden);
    assert!(run_with("345678p34445s chi:234m", &sit("5p", |_| {}), &forbidden).has_yaku);
}

#[test]
fn dora_and_ippatsu_options() {
    let hand = "234m456p345s678s88s";
    let s = sit("5s", |s| {
        s.riichi = true;
        s.ippatsu = true;
        s.ura_indicators = vec![tile("9m"), tile("7s")];
    });
    let base = run(hand, &s);
    assert_eq!(base.uradora, 3);
    assert!(base.yaku.contains(&(Yaku::Ippatsu, 1)));
    assert_eq!(
        run_with(hand, &s, &rules(|r| r.ura_dora = false)).uradora,
        0
    );
    assert_eq!(
        run_with(hand, &s, &rules(|r| r.kan_ura_dora = false)).uradora,
        0
    );
    let r = run_with(hand, &s, &rules(|r| r.ippatsu = false));
    assert!(!r.yaku.iter().any(|y| y.0 == Yaku::Ippatsu));
    assert_eq!(r.han + 1, base.han);
}

#[test]
fn aotenjou_and_kazoe_26() {
    use riichi::rules::Kazoe;
    let hand = "22334455667788p";
    let ind = ["1p", "2p", "3p", "4p", "5p"].map(tile).to_vec();
    let s = sit("8p", |s| {
        s.tsumo = true;
        s.riichi = true;
        s.ippatsu = true;
        s.dora_indicators = ind.clone();
        s.ura_indicators = ind.clone();
    });
    let r = run_with(hand, &s, &rules(|r| r.kazoe = Kazoe::DoubleAt26));
    assert!(r.han >= 26);
    assert_eq!((r.basic_points, r.limit), (16000, Some(Limit::Yakuman(2))));
    // beyond u32 points without limits: an error naming the option, not a wrapped value
    let ao = rules(|r| r.aotenjou = true);
    assert_eq!(refused(hand, &s, &ao), "rules.aotenjou");
    let r = run_with("123m456p789s11155z", &sit("3m", |_| {}), &ao);
    assert_eq!(r.basic_points, r.fu << (r.han + 2));
    assert_eq!(r.limit, None);
}

#[test]
fn local_yaku_options() {
    let on = |f: fn(&mut ScoringRules)| rules(f);
    let r = run_with(
        "11223344556677z",
        &sit("7z", |_| {}),
        &on(|r| r.daichisei = true),
    );
    assert_eq!(r.yakuman, vec![(Yaku::Daichisei, 2)]);
    let r = run_with(
        "123123123123m99p",
        &sit("9p", |_| {}),
        &on(|r| r.iishoku_yonjun = true),
    );
    assert!(r.yakuman.contains(&(Yaku::IishokuYonjun, 1)));
    let open = "456p77s pon:222m pon:333m pon:444m";
    let r = run_with(open, &sit("7s", |_| {}), &on(|r| r.sanrenkou = true));
    assert!(r.yaku.contains(&(Yaku::Sanrenkou, 2)));
    let r = run_with(
        "123m456p789s11155z",
        &sit("3m", |_| {}),
        &on(|r| r.uumensai = true),
    );
    assert!(r.yaku.contains(&(Yaku::Uumensai, 2)));
    let r = run_with(
        "22334455667788s",
        &sit("8s", |_| {}),
        &on(|r| r.daisharin_other_suits = true),
    );
    assert_eq!(r.yakuman, vec![(Yaku::Daichikurin, 1)]);
    let r = run_with(
        "22223344666888s",
        &sit("3s", |_| {}),
        &on(|r| r.ryuuiisou_hatsu = true),
    );
    assert!(r.yakuman.is_empty() && r.has_yaku);
    let dealer = sit("3m", |s| {
        s.seat_wind = Tile::EAST;
        s.renchan = 7;
    });
    let r = run_with("123m456p789s11155z", &dealer, &on(|r| r.paarenchan = true));
    assert!(r.yakuman.contains(&(Yaku::Paarenchan, 1)));
}

#[test]
fn minimum_value_rules() {
    // riichi is the only yaku (the 1z pair is the round wind: no pinfu)
    let s = sit("1s", |s| {
        s.riichi = true;
        s.dora_indicators = vec![tile("4z")];
    });
    assert!(run(PLAIN_WIN, &s).has_yaku);
    let r = run_with(PLAIN_WIN, &s, &rules(|r| r.minimum_han = 2));
    assert!(r.is_agari && !r.has_yaku && r.dora == 2);
    assert!(!run_with(PLAIN_WIN, &s, &rules(|r| r.mangan_minimum = true)).has_yaku);
    let dama = sit("1s", |s| s.tsumo = true);
    assert!(run(PLAIN_WIN, &dama).has_yaku);
    assert!(!run_with(PLAIN_WIN, &dama, &rules(|r| r.riichi_required = true)).has_yaku);
}

#[test]
fn hand_payments_is_the_table() {
    use riichi::points::hand_payments;
    let t = ScoringRules::tenhou();
    let (b, l, p) = hand_payments(4, 30, 0, false, false, 0, 0, &t).unwrap();
    assert_eq!((b, l, p.ron), (1920, None, 7700));
    let (_, l, p) = hand_payments(0, 0, 1, true, true, 1, 0, &t).unwrap();
    assert_eq!((l, p.tsumo_nondealer), (Some(Limit::Yakuman(1)), 16100));
    for (han, fu) in [(0, 30), (2, 35), (2, 10)] {
        assert!(hand_payments(han, fu, 0, false, false, 0, 0, &t).is_err());
    }
}

#[test]
fn open_riichi_adds_one_han_to_riichi_and_double_riichi() {
    let on = rules(|r| r.open_riichi = true);
    let riichi = sit("1s", |s| s.riichi = true);
    let open = sit("1s", |s| {
        s.riichi = true;
        s.open_riichi = true;
    });
    let double = sit("1s", |s| {
        s.double_riichi = true;
        s.open_riichi = true;
    });
    assert_eq!(run_with(PLAIN_WIN, &riichi, &on).han, 1);
    let r = run_with(PLAIN_WIN, &open, &on);
    assert_eq!(r.yaku, vec![(Yaku::Riichi, 1), (Yaku::OpenRiichi, 1)]);
    assert_eq!(r.han, 2);
    let r = run_with(PLAIN_WIN, &double, &on);
    assert_eq!(r.yaku, vec![(Yaku::DoubleRiichi, 2), (Yaku::OpenRiichi, 1)]);
    assert_eq!(r.han, 3);
    // the flag needs riichi, and rules that have open riichi
    let bare = sit("1s", |s| s.open_riichi = true);
    assert_eq!(refused(PLAIN_WIN, &bare, &on), "open_riichi");
    assert_eq!(
        refused(PLAIN_WIN, &open, &ScoringRules::tenhou()),
        "open_riichi"
    );
    // the extra han counts toward a two-han minimum (it is a yaku, not dora)
    let two = rules(|r| {
        r.open_riichi = true;
        r.minimum_han = 2;
    });
    assert!(!run_with(PLAIN_WIN, &riichi, &two).has_yaku);
    assert!(run_with(PLAIN_WIN, &open, &two).has_yaku);
}
