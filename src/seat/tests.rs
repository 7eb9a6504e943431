//! Notation-literal cases of the per-seat hand questions.
use super::*;
use crate::notation::parse_tiles;

/// Physical ids of mpsz text: the lowest copy of each kind not yet used (so the first
/// five of a suit is its red copy).
fn ids(text: &str) -> Vec<u8> {
    let mut used = [false; 136];
    parse_tiles(text)
        .unwrap()
        .iter()
        .map(|p| {
            let k = p.tile.index();
            let t = (4 * k..4 * k + 4).find(|&t| !used[t]).unwrap();
            used[t] = true;
            t as u8
        })
        .collect()
}

fn melds(texts: &[&str]) -> Vec<Meld> {
    texts.iter().map(|m| Meld::parse(m).unwrap()).collect()
}

fn rules(players: u8) -> FlowRules {
    FlowRules {
        players,
        kuikae: Kuikae::SameTileAndSuji,
        riichi_ankan: RiichiAnkan::SameWaits,
        furiten_riichi: true,
        riichi_min_points: 1000,
        riichi_min_live_tiles: 4,
        riichi_requires_tenpai: true,
        kyuushu_kyuuhai: true,
        suukaikan: true,
        scoring: ScoringRules::tenhou(),
    }
}

fn table() -> TableView {
    TableView {
        live_left: 40,
        kans: 0,
        kan_seats: 0,
        uninterrupted: false,
        rinshan: false,
        dealer: 0,
        round_wind: 0,
        dora_indicators: vec![Tile::from_index(33)],
        honba: 0,
    }
}

fn drawn_hand(seat: u8, text: &str, m: &[&str]) -> SeatHand {
    let v = ids(text);
    let last = *v.last().unwrap();
    SeatHand::new(seat, &v, Some(last), melds(m), [1, 1, 1]).unwrap()
}

#[test]
fn a_chi_whose_every_following_discard_is_kuikae_is_not_offered() {
    // 4456s after three pons: chi 4s with 56s leaves 44s, both the called kind (a
    // ron on 4s has no yaku)
    let h = SeatHand::new(
        1,
        &ids("4456s"),
        None,
        melds(&["pon:777p", "pon:888p", "pon:999p"]),
        [1, 1, 1],
    )
    .unwrap();
    let four_s = 4 * 21 + 3;
    let acts = h
        .discard_answers(four_s, true, &table(), &rules(4))
        .unwrap();
    assert_eq!(
        acts,
        [
            SeatAction::Pon {
                tile: four_s,
                consumed: [84, 85]
            },
            SeatAction::Pass
        ]
    );
    // kuikae allowed: the chi too (with the red 5s, copy 0 of 5s, id 88)
    let loose = FlowRules {
        kuikae: Kuikae::Allowed,
        ..rules(4)
    };
    let acts = h.discard_answers(four_s, true, &table(), &loose).unwrap();
    assert!(acts.contains(&SeatAction::Chi {
        tile: four_s,
        consumed: [88, 92]
    }));
    // not the kamicha, or sanma: no chi
    let acts = h.discard_answers(four_s, false, &table(), &loose).unwrap();
    assert!(!acts.iter().any(|a| matches!(a, SeatAction::Chi { .. })));
}

#[test]
fn ankan_in_riichi_only_when_the_waits_stay() {
    // 111m 45m 678p 234s 99s waits 3m-6m; drawing the fourth 1m keeps them
    let mut h = drawn_hand(0, "111m45m678p234s99s1m", &[]);
    h.riichi = true;
    let acts = h.turn_actions(&table(), &rules(4)).unwrap();
    assert_eq!(
        acts,
        [
            SeatAction::Discard {
                tile: 3,
                tsumogiri: true
            },
            SeatAction::Ankan { ids: [0, 1, 2, 3] }
        ]
    );
    // 1112m waits 2m-3m; an ankan of 1m would leave the 2m tanki only
    let mut h = drawn_hand(0, "1112m345p678p234s1m", &[]);
    h.riichi = true;
    let acts = h.turn_actions(&table(), &rules(4)).unwrap();
    assert_eq!(
        acts,
        [SeatAction::Discard {
            tile: 3,
            tsumogiri: true
        }]
    );
}

#[test]
fn tsumo_needs_a_yaku() {
    // closed: menzen tsumo
    let h = drawn_hand(1, "234m678p678s11z99s9s", &[]);
    assert_eq!(h.waits(), 1 << 26 | 1 << 27);
    let acts = h.turn_actions(&table(), &rules(4)).unwrap();
    assert_eq!(acts[0], SeatAction::Tsumo);
    // open (a chi), the same shape: no yaku, no tsumo
    let h = drawn_hand(1, "678p678s11z99s9s", &["chi:234m"]);
    let acts = h.turn_actions(&table(), &rules(4)).unwrap();
    assert!(!acts.contains(&SeatAction::Tsumo));
    assert!(acts.iter().all(|a| matches!(a, SeatAction::Discard { .. })));
}

#[test]
fn kyuushu_on_the_first_uninterrupted_turn_and_kita_in_sanma() {
    let first = TableView {
        uninterrupted: true,
        ..table()
    };
    let h = drawn_hand(0, "19m19p19s1234z258m5p", &[]);
    let acts = h.turn_actions(&first, &rules(4)).unwrap();
    assert_eq!(acts.last(), Some(&SeatAction::Kyuushu));
    assert!(!h
        .turn_actions(&table(), &rules(4))
        .unwrap()
        .contains(&SeatAction::Kyuushu));
    // sanma: the North is set aside (the lowest held copy when another tile was drawn)
    let h = drawn_hand(0, "19p19s123z4z258p5s67s", &[]);
    let acts = h.turn_actions(&table(), &rules(3)).unwrap();
    assert_eq!(acts.last(), Some(&SeatAction::Nukidora { tile: 120 }));
    assert!(!h
        .turn_actions(&table(), &rules(4))
        .unwrap()
        .iter()
        .any(|a| matches!(a, SeatAction::Nukidora { .. })));
}

#[test]
fn pon_choices_differ_by_red_fives() {
    // 550p held with the red five: a pon of 5p offers the plain pair and the red one
    let h = SeatHand::new(2, &ids("055p123m456s789s1z"), None, vec![], [1, 1, 1]).unwrap();
    let acts = h
        .discard_answers(4 * 13 + 3, false, &table(), &rules(4))
        .unwrap();
    assert_eq!(
        acts,
        [
            SeatAction::Pon {
                tile: 55,
                consumed: [53, 54]
            },
            SeatAction::Pon {
                tile: 55,
                consumed: [52, 53]
            },
            SeatAction::Daiminkan {
                tile: 55,
                consumed: [52, 53, 54]
            },
            SeatAction::Pass
        ]
    );
}

#[test]
fn updates_equal_a_hand_built_from_the_result() {
    let start = ids("123m456p789s1122z");
    let built = |held: &[u8], drawn, melds: Vec<Meld>| {
        SeatHand::new(1, held, drawn, melds, [1, 1, 1]).unwrap()
    };
    let mut h = built(&start, None, vec![]);
    assert_eq!(h.waits(), 1 << 27 | 1 << 28);
    // draw 3z: the same as a hand built with 3z drawn
    h.draw(116).unwrap();
    let mut held = start.clone();
    held.push(116);
    assert_eq!(h, built(&held, Some(116), vec![]));
    // tsumogiri: the waits stay, the river and the discard count move
    h.discard(116).unwrap();
    held.pop();
    let mut fresh = built(&held, None, vec![]);
    fresh.river_kinds = 1 << 29;
    fresh.discards_made = 1;
    assert_eq!(h, fresh);
    // draw 3z again and keep it (tedashi of a 2z): the hand is no longer tenpai
    h.draw(117).unwrap();
    h.discard(113).unwrap();
    held.retain(|&t| t != 113);
    held.push(117);
    let mut fresh = built(&held, None, vec![]);
    fresh.river_kinds = 1 << 29 | 1 << 28;
    fresh.discards_made = 2;
    assert_eq!(h, fresh);
    assert_eq!(h.waits(), 0);
    // pon of 1z: the pair leaves, kuikae forbids 1z; the waits are kept from before
    let pon = Meld::parse("pon:111z").unwrap();
    h.add_meld(pon, &[108, 109], 1 << 27).unwrap();
    held.retain(|t| ![108, 109].contains(t));
    let mut fresh = built(&held, None, vec![pon]);
    fresh.river_kinds = 1 << 29 | 1 << 28;
    fresh.discards_made = 2;
    fresh.kuikae = 1 << 27;
    assert_eq!(h, fresh);
    assert!(h.draw(5).is_err()); // 3n+2 tiles after the pon: no draw
    let acts = h.turn_actions(&table(), &rules(4)).unwrap();
    assert!(acts.iter().all(|a| matches!(a, SeatAction::Discard { .. })));
    assert!(h.add_meld(pon, &[108], 0).is_err()); // 108 is no longer held
}

#[test]
fn only_kokushi_robs_an_ankan_and_chankan_is_a_yaku() {
    let kokushi = SeatHand::new(2, &ids("19m19p19s1234567z"), None, vec![], [1, 1, 1]).unwrap();
    let ron = vec![SeatAction::Ron, SeatAction::Pass];
    let one_m = 3; // the last copy of 1m
    let t = table();
    let r = rules(4);
    assert_eq!(
        kokushi
            .robbed_answers(one_m, Robbed::Ankan, &t, &r)
            .unwrap(),
        ron
    );
    // a ryanmen on 1m-4m with no yaku of its own (888p: no pinfu; 9s: no tanyao)
    let plain = SeatHand::new(2, &ids("23m456p789s11p888p"), None, vec![], [1, 1, 1]).unwrap();
    assert_eq!(
        plain.robbed_answers(one_m, Robbed::Kakan, &t, &r).unwrap(),
        ron
    );
    assert!(plain
        .robbed_answers(one_m, Robbed::Ankan, &t, &r)
        .unwrap()
        .is_empty());
    // the same tile discarded: no yaku (no chankan), no ron
    let acts = plain.discard_answers(one_m, false, &t, &r).unwrap();
    assert!(!acts.contains(&SeatAction::Ron));
    let seats = [&kokushi.clone(), &kokushi, &plain, &kokushi];
    let e = robbed_answers(&seats, 0, one_m, Robbed::Kakan, &t, &r).unwrap_err();
    assert!(matches!(e, Error::InvalidArgument { name: "seats", .. }));
}

fn kuikae_kinds_t(m: &Meld) -> u64 {
    kuikae_kinds(m, Kuikae::SameTileAndSuji)
}

#[test]
fn kuikae_forbids_the_called_kind_and_the_far_suji() {
    let chi = |text: &str, called: usize| {
        let m = Meld::parse(text).unwrap();
        Meld::new(m.kind(), m.tile(), Tile::from_index(called), 0, 3).unwrap()
    };
    // 56s chi 4s: 4s and 7s; 46s chi 5s: 5s only; 23s chi 4s: 4s and 1s
    assert_eq!(kuikae_kinds_t(&chi("chi:456s", 21)), 1 << 21 | 1 << 24);
    assert_eq!(kuikae_kinds_t(&chi("chi:456s", 22)), 1 << 22);
    assert_eq!(kuikae_kinds_t(&chi("chi:234s", 21)), 1 << 21 | 1 << 18);
    // 89m chi 7m: 7m only (no 10m); 12m chi 3m: 3m only (no 0m)
    assert_eq!(kuikae_kinds_t(&chi("chi:789m", 6)), 1 << 6);
    assert_eq!(kuikae_kinds_t(&chi("chi:123m", 2)), 1 << 2);
    assert_eq!(kuikae_kinds_t(&Meld::parse("pon:555p").unwrap()), 1 << 13);
    assert_eq!(kuikae_kinds_t(&Meld::parse("daiminkan:5555p").unwrap()), 0);
}

#[test]
fn bad_hands_are_refused_with_the_value() {
    let e = SeatHand::new(0, &[0, 0], None, vec![], [1, 1, 1]).unwrap_err();
    assert!(
        matches!(e, Error::InvalidArgument { name: "ids", .. }),
        "{e:?}"
    );
    let e = SeatHand::new(0, &ids("123m"), Some(135), vec![], [1, 1, 1]).unwrap_err();
    assert!(
        matches!(e, Error::InvalidArgument { name: "drawn", .. }),
        "{e:?}"
    );
    let e = SeatHand::new(5, &ids("1234m"), None, vec![], [1, 1, 1]).unwrap_err();
    assert!(
        matches!(e, Error::InvalidArgument { name: "seat", .. }),
        "{e:?}"
    );
}

#[test]
fn changes_that_would_make_a_fifth_copy_or_a_bad_size_are_refused_unchanged() {
    // a fifth 1m with a pon of 1m: dealt (3n+2, nothing drawn: no waits asked), drawn
    let e = SeatHand::new(
        0,
        &ids("11m234567p234s"),
        None,
        melds(&["pon:111m"]),
        [1, 1, 1],
    )
    .unwrap_err();
    assert!(matches!(e, Error::TooManyCopies { count: 5, .. }), "{e:?}");
    let mut h = SeatHand::new(
        0,
        &ids("1m234567p234s"),
        None,
        melds(&["pon:111m"]),
        [1, 1, 1],
    )
    .unwrap();
    let before = h.clone();
    let e = h.draw(1).unwrap_err();
    assert!(matches!(e, Error::TooManyCopies { count: 5, .. }), "{e:?}");
    assert_eq!(h, before);
    h.draw(ids("9m")[0]).unwrap();
    // a pon of 2p with the three 2p ids of another seat is fine; one with a copy of 3p
    // held twice over (four held, a pon of three more) is refused
    let mut g = SeatHand::new(0, &ids("1333m3333p23456s"), None, vec![], [1, 1, 1]).unwrap();
    let before = g.clone();
    let pon = Meld::parse("pon:333p").unwrap();
    let e = g.add_meld(pon, &ids("33p"), 0).unwrap_err();
    assert!(matches!(e, Error::TooManyCopies { count: 5, .. }), "{e:?}");
    assert_eq!(g, before);
    // a pon taking one tile from the hand leaves a size that fits no meld count
    let e = g
        .add_meld(Meld::parse("pon:333m").unwrap(), &ids("3m"), 0)
        .unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                name: "from_hand",
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(g, before);
    // a North set aside from a hand of 13 (not its turn)
    let mut k = SeatHand::new(0, &ids("19m19p19s1234567z"), None, vec![], [1, 1, 1]).unwrap();
    let before = k.clone();
    let north = ids("19m19p19s1234567z")[9];
    assert_eq!(north / 4, 30);
    let e = k.nukidora(north).unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                name: "nukidora",
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(k, before);
}

#[test]
fn a_missed_wait_makes_the_seat_furiten() {
    // seat 2 in an East round: a shanpon on 1z (the round wind: a yaku) and 9s
    let mut h = SeatHand::new(2, &ids("234m678p678s11z99s"), None, vec![], [1, 1, 1]).unwrap();
    let east = 4 * 27 + 3;
    assert_eq!(
        h.discard_answers(east, false, &table(), &rules(4)).unwrap()[0],
        SeatAction::Ron
    );
    assert!(!h.missed(4 * 5)); // 6m: no wait, nothing changes
    assert!(!h.furiten());
    assert!(h.missed(107)); // a 9s went by
    assert!(h.temp_furiten && !h.riichi_furiten && h.furiten());
    let acts = h.discard_answers(east, false, &table(), &rules(4)).unwrap();
    assert!(!acts.contains(&SeatAction::Ron));
    h.riichi = true;
    assert!(h.missed(east));
    assert!(h.riichi_furiten);
}

#[test]
fn no_call_on_the_discard_a_fourth_kan_by_two_seats_ends_the_round_on() {
    // 2z is a pon without a yaku on it: a call, not a ron
    let h = SeatHand::new(2, &ids("234m678p678s11z22z"), None, Vec::new(), [1, 1, 1]).unwrap();
    let south = 4 * 28 + 3;
    let four_kans = |kan_seats| TableView {
        kans: 4,
        kan_seats,
        ..table()
    };
    let pon = |t: &TableView, r: &FlowRules| {
        h.discard_answers(south, false, t, r)
            .unwrap()
            .iter()
            .any(|a| matches!(a, SeatAction::Pon { .. }))
    };
    assert!(pon(&four_kans(1), &rules(4))); // one player's four kans: play goes on
    assert!(!pon(&four_kans(2), &rules(4)));
    let no_suukaikan = FlowRules {
        suukaikan: false,
        ..rules(4)
    };
    assert!(pon(&four_kans(2), &no_suukaikan));
}

#[test]
fn riichi_without_tenpai_only_when_the_rules_allow_it() {
    // two shanten: no discard keeps tenpai
    let mut h = drawn_hand(0, "19m19p19s12347z58m2p", &[]);
    h.points = 25000;
    let riichi = |acts: &[SeatAction]| {
        acts.iter()
            .filter(|a| matches!(a, SeatAction::Riichi { .. }))
            .count()
    };
    let acts = h.turn_actions(&table(), &rules(4)).unwrap();
    assert_eq!(riichi(&acts), 0);
    let loose = FlowRules {
        riichi_requires_tenpai: false,
        ..rules(4)
    };
    let acts = h.turn_actions(&table(), &loose).unwrap();
    let discards = acts
        .iter()
        .filter(|a| matches!(a, SeatAction::Discard { .. }))
        .count();
    assert!(discards > 0);
    assert_eq!(riichi(&acts), discards);
}

#[test]
fn kuikae_same_tile_only_and_none() {
    let m = Meld::parse("chi:456s").unwrap();
    let four = Meld::new(m.kind(), m.tile(), Tile::from_index(21), 0, 3).unwrap();
    assert_eq!(kuikae_kinds(&four, Kuikae::SameTile), 1 << 21);
    assert_eq!(kuikae_kinds(&four, Kuikae::Allowed), 0);
    let pon = Meld::parse("pon:555p").unwrap();
    assert_eq!(kuikae_kinds(&pon, Kuikae::SameTile), 1 << 13);
    assert_eq!(kuikae_kinds(&pon, Kuikae::Allowed), 0);
    // 4567s + 4s from the left: the 456s chi leaves 7s, which only the suji rule forbids
    let h = SeatHand::new(
        1,
        &ids("4567s"),
        None,
        melds(&["pon:111m", "pon:222m", "pon:333m"]),
        [1, 1, 1],
    )
    .unwrap();
    let four_s = 21 * 4 + 1;
    let chi_offered = |rule: Kuikae| {
        let r = FlowRules {
            kuikae: rule,
            ..rules(4)
        };
        h.call_options(four_s, true, &table(), &r)
            .iter()
            .any(|a| matches!(a, SeatAction::Chi { consumed, .. } if consumed[0] / 4 == 22))
    };
    assert!(!chi_offered(Kuikae::SameTileAndSuji));
    assert!(chi_offered(Kuikae::SameTile));
    assert!(chi_offered(Kuikae::Allowed));
}

#[test]
fn riichi_ankan_by_rule() {
    let ankan = |text: &str, drawn: u8, rule: RiichiAnkan| {
        let mut h = SeatHand::new(0, &ids(text), None, vec![], [0, 0, 0]).unwrap();
        h.riichi = true;
        h.draw(drawn).unwrap();
        let r = FlowRules {
            riichi_ankan: rule,
            ..rules(4)
        };
        h.turn_actions(&table(), &r)
            .unwrap()
            .iter()
            .any(|a| matches!(a, SeatAction::Ankan { .. }))
    };
    // 111m 456p 789s 2345s: waits 2s 5s; ankan 1m keeps them and 1m is a triplet in every
    // reading: allowed under both, refused only when forbidden
    let plain = "111m456p789s2345s";
    assert!(ankan(plain, 3, RiichiAnkan::SameWaits));
    assert!(ankan(plain, 3, RiichiAnkan::SameReading));
    assert!(!ankan(plain, 3, RiichiAnkan::Forbidden));
    // 111222333m7m 123p: the 7m tanki stays after ankan 1m, but 123m x3 + 7m reads the
    // 1m as runs: allowed by the waits, refused by the reading
    let split = "111222333m7m123p";
    assert!(ankan(split, 3, RiichiAnkan::SameWaits));
    assert!(!ankan(split, 3, RiichiAnkan::SameReading));
    // 1113456789m 123p: 11 + 123m also waits on 2m, which the kan takes away
    assert!(!ankan("1113456789m123p", 3, RiichiAnkan::SameWaits));
}

#[test]
fn an_unclaimed_discard_and_the_next_draw_in_one_call() {
    // seat 0 discards 9m; only seat 1 (23m: chi 1m..4m, not 9m) sits after it, nobody answers
    let hand = |seat: u8, text: &str| SeatHand::new(seat, &ids(text), None, Vec::new(), [1, 1, 1]);
    let mut s0 = drawn_hand(0, "19m19p19s1234567z9m", &[]);
    let mut s1 = hand(1, "23m456p789s11z222z").unwrap();
    let mut s2 = hand(2, "67m456p789s11z333z").unwrap();
    let mut s3 = hand(3, "345m456p789s1z444z").unwrap();
    let nine_m = s0.drawn().unwrap();
    let east = 4 * 27 + 3; // nobody else holds the fourth East
    let mut t = table();
    let mut seats = [&mut s0, &mut s1, &mut s2, &mut s3];
    let got = discard_tile_and_draw(&mut seats, 0, nine_m, 15, Some(east), &mut t, &rules(4));
    assert!(got.unwrap().is_empty());
    assert_eq!(seats[1].drawn(), Some(east));
    assert_eq!(seats[1].len(), 14);
    assert_eq!(t.live_left, 39);
    // a draw the next seat cannot make: refused before the discard
    let held = ids("6m")[0]; // seat 2 holds it
    let before = seats[2].len();
    assert!(discard_tile_and_draw(&mut seats, 1, east, 15, Some(held), &mut t, &rules(4)).is_err());
    assert_eq!(
        (seats[1].len(), seats[2].len(), t.live_left),
        (14, before, 39)
    );
}

#[test]
fn a_run_of_discards_stops_where_the_referee_must_look() {
    let hand = |seat: u8, text: &str| SeatHand::new(seat, &ids(text), None, Vec::new(), [1, 1, 1]);
    let mut s0 = drawn_hand(0, "19m19p19s1234567z9m", &[]);
    let mut s1 = hand(1, "23m456p789s11z222z").unwrap();
    let mut s2 = hand(2, "67m456p789s11z333z").unwrap();
    let mut s3 = hand(3, "345m456p789s1z444z").unwrap();
    // an uninterrupted first go-around from dealer seat 3: seats 0 and 1 make their first
    // discards in the run; seat 2's would be the fourth (suufon renda): the referee's
    s3.discards_made = 1;
    let nine_m = s0.drawn().unwrap();
    let (east, nine_s) = (4 * 27 + 3, 4 * 26 + 3); // held by nobody
    let mut t = table();
    t.uninterrupted = true;
    let (b0, b1, b2, b3) = (s0.clone(), s1.clone(), s2.clone(), s3.clone());
    let mut seats = [&mut s0, &mut s1, &mut s2, &mut s3];
    // a class seat 0 does not hold (2m): nothing is made
    let none = discard_run(&mut seats, 0, &[(2, false)], &[east], &mut t, &rules(4));
    assert_eq!(none.unwrap(), Vec::<u8>::new());
    assert_eq!((seats[0].len(), t.live_left), (14, 40));
    // 9m tsumogiri, seat 1 draws East and discards it, seat 2 draws 9s and stops the run
    let run = [(8 * 2, true), (27 * 2, true), (26 * 2, true)];
    let got = discard_run(&mut seats, 0, &run, &[east, nine_s, 0], &mut t, &rules(4));
    assert_eq!(got.unwrap(), vec![nine_m, east]);
    assert_eq!(seats[2].drawn(), Some(nine_s));
    assert_eq!(
        (seats[1].discards_made, seats[2].len(), t.live_left),
        (1, 14, 38)
    );
    // a call ended the first go-around: seat 2's first discard is no longer the referee's
    let (mut s0, mut s1, mut s2, mut s3) = (b0, b1, b2, b3);
    let mut t = table();
    let mut seats = [&mut s0, &mut s1, &mut s2, &mut s3];
    let got = discard_run(&mut seats, 0, &run, &[east, nine_s, 0], &mut t, &rules(4));
    assert_eq!(got.unwrap(), vec![nine_m, east, nine_s]);
    assert_eq!((seats[2].discards_made, seats[3].drawn()), (1, Some(0)));
}

#[test]
fn five_melds_are_refused_naming_the_melds() {
    // the hand size was computed from the meld count before the count was checked: five
    // melds overflowed (a panic in a debug build) before the refusal
    let five = melds(&[
        "pon:111m@1",
        "pon:222m@1",
        "pon:333m@1",
        "pon:444m@1",
        "pon:666m@1",
    ]);
    let err = SeatHand::new(0, &ids("7m"), None, five, [1, 1, 1]).unwrap_err();
    assert!(err.to_string().contains("5 melds"), "{err}");
}

#[test]
fn a_run_that_meets_an_error_after_its_first_discard_returns_what_it_made() {
    // the error used to come back with the discards before it made but not reported, so
    // the caller could not know how far the run went
    let hand = |seat: u8, text: &str| SeatHand::new(seat, &ids(text), None, Vec::new(), [1, 1, 1]);
    let mut s0 = drawn_hand(0, "19m19p19s1234567z9m", &[]);
    let mut s1 = hand(1, "23m456p789s11z222z").unwrap();
    let mut s2 = hand(2, "67m456p789s11z333z").unwrap();
    let mut s3 = hand(3, "345m456p789s1z444z").unwrap();
    (
        s0.discards_made,
        s1.discards_made,
        s2.discards_made,
        s3.discards_made,
    ) = (1, 1, 1, 1);
    let nine_m = s0.drawn().unwrap();
    let east = 4 * 27 + 3; // held by nobody
    let held_by_seat_2 = ids("67m456p789s11z333z")[0];
    let mut t = table();
    let mut seats = [&mut s0, &mut s1, &mut s2, &mut s3];
    let run = [(8 * 2, true), (27 * 2, true)];
    let got = discard_run(
        &mut seats,
        0,
        &run,
        &[east, held_by_seat_2],
        &mut t,
        &rules(4),
    );
    assert_eq!(got.unwrap(), vec![nine_m]);
    // seat 1 drew East and has not discarded it; seat 2 is unchanged
    assert_eq!((seats[1].drawn(), seats[1].len()), (Some(east), 14));
    assert_eq!((seats[2].len(), t.live_left), (13, 39));
    // the first discard failing changes nothing and names the error
    let err = discard_run(
        &mut seats,
        1,
        &[(27 * 2, true)],
        &[held_by_seat_2],
        &mut t,
        &rules(4),
    );
    assert!(err.is_err());
    assert_eq!(
        (seats[1].drawn(), seats[1].len(), t.live_left),
        (Some(east), 14, 39)
    );
}

#[test]
fn call_makes_the_meld_of_its_ids_with_the_kuikae_of_the_rules() {
    // 3m 4m and the two plain fives of 5m (ids 17, 18; id 16 is the red 0m), 789p 1239s 11z
    let hand = || {
        let mut v = vec![8u8, 12, 17, 18];
        v.extend(ids("789p1239s11z"));
        SeatHand::new(1, &v, None, vec![], [1, 1, 1]).unwrap()
    };
    let r = rules(4);
    let (three, four) = (8, 12);
    // 34m + 0m discarded by kamicha: "chi:034m"
    let mut h = hand();
    let m = h.call(MeldKind::Chi, 16, &[three, four], 3, &r).unwrap();
    assert_eq!(m, Meld::parse("chi:034m").unwrap());
    assert_eq!(m.red(), 1);
    // 34m chi 5m: 5m (called) and 2m (suji) may not be discarded next
    assert_eq!(h.kuikae, 1 << 4 | 1 << 1);
    let mut want = hand();
    want.add_meld(m, &[three, four], kuikae_kinds(&m, r.kuikae))
        .unwrap();
    assert_eq!(h.counts(), want.counts());
    // a pon of 5m from toimen with the two plain fives held (ids 17, 18)
    let mut h = hand();
    let m = h.call(MeldKind::Pon, 19, &[17, 18], 2, &r).unwrap();
    assert_eq!(m, Meld::parse("pon:555m@2").unwrap());
    assert_eq!(h.kuikae, 1 << 4);
    // what is not a call of these ids is refused, the hand unchanged
    let mut h = hand();
    for (kind, tile, consumed, from) in [
        (MeldKind::Ankan, 19, vec![16, 17, 18], 0),
        (MeldKind::Pon, 19, vec![17], 2),
        (MeldKind::Chi, 16, vec![three, 17], 3),
        (MeldKind::Chi, 16, vec![three, four], 1),
        (MeldKind::Pon, 19, vec![17, 136], 2),
    ] {
        assert!(h.call(kind, tile, &consumed, from, &r).is_err());
        assert_eq!(h.counts(), hand().counts());
        assert_eq!(h.melds().len(), 0);
    }
}
