//! Yaku that random hands seldom hold, one made-up hand each (and in each suit or number
//! where the rule depends on it): the yaku must be found with its han (open han where it
//! drops by one), and its near misses must not.

use riichi::notation::parse_tile;
use riichi::rules::ScoringRules;
use riichi::score::{score, ScoreResult, Situation};
use riichi::yaku::Yaku;
use riichi::{Hand, Tile};

fn run(hand: &str, win: &str, tsumo: bool) -> ScoreResult {
    let mut s = Situation::new(parse_tile(win).unwrap());
    s.tsumo = tsumo;
    s.seat_wind = Tile::WEST;
    s.round_wind = Tile::EAST;
    score(&Hand::parse(hand).unwrap(), &s, &ScoringRules::tenhou()).unwrap()
}

fn has(r: &ScoreResult, y: Yaku) -> Option<u32> {
    r.yaku
        .iter()
        .chain(&r.yakuman)
        .find(|x| x.0 == y)
        .map(|x| x.1)
}

#[test]
fn honroutou_chinroutou_tsuuiisou() {
    let r = run("111m999p111z99s pon:222z", "9s", false);
    assert_eq!(has(&r, Yaku::Honroutou), Some(2));
    assert_eq!(has(&r, Yaku::Toitoi), Some(2));
    // all terminals, no honor: chinroutou, not honroutou
    let r = run("111m999p111s999s11p", "1p", false);
    assert_eq!(has(&r, Yaku::Chinroutou), Some(1));
    assert_eq!(has(&r, Yaku::Honroutou), None);
    // all honors: tsuuiisou, not honroutou
    let r = run("111z222z333z555z66z", "6z", false);
    assert_eq!(has(&r, Yaku::Tsuuiisou), Some(1));
    assert_eq!(has(&r, Yaku::Honroutou), None);
    // one simple tile: none of them
    let r = run("111m999p111z88s pon:222z", "8s", false);
    assert_eq!(has(&r, Yaku::Honroutou), None);
}

#[test]
fn chuuren_in_every_suit() {
    for s in ["m", "p", "s"] {
        let r = run(&format!("11112345678999{s}"), &format!("1{s}"), true);
        assert_eq!(has(&r, Yaku::JunseiChuurenPoutou), Some(1), "{s}");
        let r = run(&format!("11122345678999{s}"), &format!("5{s}"), true);
        assert_eq!(has(&r, Yaku::ChuurenPoutou), Some(1), "{s}");
        // four nines (the ninth tile drawn): junsei chuuren still
        let r = run(&format!("11123456789999{s}"), &format!("9{s}"), true);
        assert_eq!(has(&r, Yaku::JunseiChuurenPoutou), Some(1), "{s}");
        // an open chuuren shape is only chinitsu
        let r = run(
            &format!("11145678999{s} chi:123{s}"),
            &format!("9{s}"),
            false,
        );
        assert_eq!(has(&r, Yaku::ChuurenPoutou), None, "{s}");
        assert_eq!(has(&r, Yaku::Chinitsu), Some(5), "{s}");
    }
}

#[test]
fn sanshoku_doukou_and_doujun_for_each_number() {
    for n in 1..=9 {
        let h = format!("{n}{n}{n}m{n}{n}{n}p{n}{n}{n}s11z");
        let other = if n <= 5 { "678p" } else { "234p" };
        let hand = format!("{h}{other}");
        let r = run(&hand, "1z", true);
        assert_eq!(has(&r, Yaku::SanshokuDoukou), Some(2), "{hand}");
    }
    // two suits of a number and a third suit's other number: no sanshoku doukou
    let r = run("222m222p333s11z678p", "1z", true);
    assert_eq!(has(&r, Yaku::SanshokuDoukou), None);
    for n in 1..=7 {
        let (a, b, c) = (n, n + 1, n + 2);
        let hand = format!("{a}{b}{c}m{a}{b}{c}p{a}{b}{c}s111z22z");
        let r = run(&hand, "2z", true);
        assert_eq!(has(&r, Yaku::SanshokuDoujun), Some(2), "{hand}");
    }
    let r = run("234m234p345s111z22z", "2z", true);
    assert_eq!(has(&r, Yaku::SanshokuDoujun), None);
    let r = run("234m234p111z22z chi:234s", "2z", false);
    assert_eq!(has(&r, Yaku::SanshokuDoujun), Some(1));
}

#[test]
fn ittsu_chanta_junchan() {
    for s in ["m", "p", "s"] {
        let r = run(&format!("123456789{s}11z555m"), "1z", true);
        assert_eq!(has(&r, Yaku::Ittsu), Some(2), "{s}");
        let r = run(&format!("123456{s}11z555m chi:789{s}"), "1z", false);
        assert_eq!(has(&r, Yaku::Ittsu), Some(1), "{s}");
    }
    let r = run("123m789p123s999s11z", "1z", true);
    assert_eq!(has(&r, Yaku::Chanta), Some(2));
    let r = run("123m789p999s11z chi:123s", "1z", false);
    assert_eq!(has(&r, Yaku::Chanta), Some(1));
    let r = run("123m789p123s999s11m", "1m", true);
    assert_eq!(has(&r, Yaku::Junchan), Some(3));
    assert_eq!(has(&r, Yaku::Chanta), None);
    let r = run("123m789p999s11m chi:789s", "1m", false);
    assert_eq!(has(&r, Yaku::Junchan), Some(2));
    // a run held twice still counts once for ittsu and sanshoku (with iipeikou)
    let r = run("123123456789m55p", "5p", false);
    assert_eq!(
        (has(&r, Yaku::Ittsu), has(&r, Yaku::Iipeikou)),
        (Some(2), Some(1))
    );
    let r = run("123123m123p123s55p", "5p", false);
    assert_eq!(
        (has(&r, Yaku::SanshokuDoujun), has(&r, Yaku::Iipeikou)),
        (Some(2), Some(1))
    );
    // a run in the middle: neither
    let r = run("123m456p123s999s11z", "1z", true);
    assert_eq!(
        (has(&r, Yaku::Chanta), has(&r, Yaku::Junchan)),
        (None, None)
    );
}

#[test]
fn kans_triplets_dragons_winds() {
    let r = run(
        "123m11z ankan:2222p ankan:3333s daiminkan:4444m",
        "1z",
        false,
    );
    assert_eq!(has(&r, Yaku::Sankantsu), Some(2));
    let r = run(
        "11z ankan:2222p ankan:3333s daiminkan:4444m kakan:5555s",
        "1z",
        false,
    );
    assert_eq!(has(&r, Yaku::Suukantsu), Some(1));
    let r = run("222m444p666s888s11z", "1z", false);
    assert_eq!(has(&r, Yaku::Suuankou), None); // the ron completes no triplet: tanki
    assert_eq!(has(&r, Yaku::SuuankouTanki), Some(1));
    let r = run("222m444p666s888s11z", "8s", false);
    assert_eq!(has(&r, Yaku::Sanankou), Some(2)); // 888s by ron is not concealed
    assert_eq!(has(&r, Yaku::Toitoi), Some(2));
    let r = run("222m444p666s888s11z", "8s", true);
    assert_eq!(has(&r, Yaku::Suuankou), Some(1));
    let r = run("555z666z77z123m999p", "9p", false);
    assert_eq!(has(&r, Yaku::Shousangen), Some(2));
    assert_eq!(
        (has(&r, Yaku::Haku), has(&r, Yaku::Hatsu)),
        (Some(1), Some(1))
    );
    let r = run("111z222z333z44z999p", "9p", false);
    assert_eq!(has(&r, Yaku::Shousuushi), Some(1));
    let r = run("111z222z333z44z123p", "4z", false);
    assert_eq!(has(&r, Yaku::Daisuushi), None);
    let r = run("222z55p ankan:1111z pon:333z pon:444z", "5p", false);
    assert_eq!(has(&r, Yaku::Daisuushi), Some(1));
    // seat (West) and round (East) winds, each 1 han
    let r = run("111z333z123m456p99s", "9s", true);
    assert_eq!(has(&r, Yaku::RoundWindEast), Some(1));
    assert_eq!(has(&r, Yaku::SeatWindWest), Some(1));
    let r = run("222z444z123m456p99s", "9s", true);
    assert_eq!(
        (has(&r, Yaku::SeatWindSouth), has(&r, Yaku::SeatWindNorth)),
        (None, None)
    );
}

#[test]
fn peikou_ryuuiisou_chiitoitsu_forms() {
    let r = run("112233m445566p99s", "9s", false);
    assert_eq!(has(&r, Yaku::Ryanpeikou), Some(3));
    assert_eq!(has(&r, Yaku::Chiitoitsu), None);
    let r = run("112233m456p78999s", "9s", false);
    assert_eq!(has(&r, Yaku::Iipeikou), Some(1));
    let r = run("112233m789s99s chi:456p", "9s", false);
    assert_eq!(has(&r, Yaku::Iipeikou), None);
    let r = run("223344666888s66z", "6z", false);
    assert_eq!(has(&r, Yaku::Ryuuiisou), Some(1));
    let r = run("223344666888s77z", "7z", false);
    assert_eq!(has(&r, Yaku::Ryuuiisou), None);
    // chinitsu and honitsu, closed and open
    let r = run("111222333456p99p", "9p", false);
    assert_eq!(has(&r, Yaku::Chinitsu), Some(6));
    let r = run("123456p11z chi:789p pon:999p", "1z", false);
    assert_eq!(has(&r, Yaku::Honitsu), Some(2));
    let r = run("123456789p11z999p", "1z", false);
    assert_eq!(has(&r, Yaku::Honitsu), Some(3));
}

#[test]
fn a_yakuman_reading_beats_a_reading_with_more_han() {
    // 111222333m as runs: junchan + iipeikou + tsumo (5 han); as triplets: suuankou
    let r = run("111222333m999p11s", "9p", true);
    assert_eq!(r.yakuman, vec![(Yaku::Suuankou, 1)]);
    assert!(r.yaku.is_empty());
}
