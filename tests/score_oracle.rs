//! The core scorer (fu, yaku, score, points) against an independent one: every case of
//! `tests/data/score_oracle.txt` was scored by the `mahjong` package's HandCalculator
//! (written by `tools/gen_score_oracle.py`, which keeps a case only when riichi's Python
//! scorer agreed then). The yaku ids (dora entries included), han (not for yakuman), fu and
//! the winner's total must match here, straight through `riichi::score::score`.

use riichi::notation::parse_tile;
use riichi::rules::{Kazoe, OpenPinfuRon, ScoringRules};
use riichi::score::{score, Situation};
use riichi::{Hand, Tile};

const DATA: &str = include_str!("data/score_oracle.txt");

fn rules(variant: &str) -> ScoringRules {
    let mut r = ScoringRules::tenhou();
    match variant {
        "tenhou" => {}
        "kiriage" => r.kiriage_mangan = true,
        "no_kuitan" => r.kuitan = false,
        "kazoe_sanbaiman" => r.kazoe = Kazoe::Sanbaiman,
        "open_pinfu_20" => r.open_pinfu_ron = OpenPinfuRon::Twenty,
        "no_pinfu_tsumo" => r.pinfu_tsumo = false,
        other => panic!("unknown variant {other}"),
    }
    r
}

fn wind(c: u8) -> Tile {
    let k = b"ESWN".iter().position(|&w| w == c).expect("wind letter");
    Tile::from_index(27 + k)
}

fn tiles(field: &str) -> Vec<Tile> {
    if field == "-" {
        return Vec::new();
    }
    field.split(' ').map(|t| parse_tile(t).unwrap()).collect()
}

#[test]
fn core_scorer_agrees_with_the_mahjong_package() {
    let mut n = 0;
    let mut scored = 0;
    let mut failures = Vec::new();
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 9, "bad fixture line {line}");
        let hand = Hand::parse(f[1]).unwrap();
        let mut sit = Situation::new(parse_tile(f[2]).unwrap());
        for flag in f[3].split(',').filter(|s| *s != "-") {
            match flag {
                "tsumo" => sit.tsumo = true,
                "riichi" => sit.riichi = true,
                "double_riichi" => sit.double_riichi = true,
                "ippatsu" => sit.ippatsu = true,
                "haitei" => sit.haitei = true,
                "houtei" => sit.houtei = true,
                "rinshan" => sit.rinshan = true,
                "chankan" => sit.chankan = true,
                other => panic!("unknown flag {other}"),
            }
        }
        let w = f[4].as_bytes();
        sit.seat_wind = wind(w[0]);
        sit.round_wind = wind(w[1]);
        sit.dora_indicators = tiles(f[5]);
        sit.ura_indicators = tiles(f[6]);
        let (honba, kyotaku) = f[7].split_once(' ').unwrap();
        sit.honba = honba.parse().unwrap();
        sit.kyotaku = kyotaku.parse().unwrap();
        let r = score(&hand, &sit, &rules(f[0])).unwrap();
        n += 1;
        let got = if !r.has_yaku {
            "none".to_string()
        } else {
            scored += 1;
            let mut ids: Vec<u8> = r
                .yaku
                .iter()
                .chain(&r.yakuman)
                .map(|(y, _)| y.id())
                .collect();
            ids.sort_unstable();
            let han = if r.yakuman.is_empty() {
                r.han.to_string()
            } else {
                "-".into()
            };
            let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
            format!("{han} {} {} {}", r.fu, r.payments.total, ids.join(","))
        };
        if got != f[8] {
            failures.push(format!("{line}\n    got {got}"));
        }
    }
    assert!(
        n >= 1000 && scored >= 800,
        "fixture too small: {n} cases, {scored} scored"
    );
    assert!(
        failures.is_empty(),
        "{} of {n} cases differ:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}
