//! Time of shanten for hands with melds (single calls).
use std::time::Instant;

use riichi::hand::Hand;

fn main() {
    let texts = [
        "1m234p pon:111m pon:222z pon:333z",
        "123458m56p77s chi:234m",
        "1123m456p779s pon:111z",
        "112233m4p556s ankan:1111p",
        "12345678m99p pon:999m",
        "2345m pon:111m pon:999m pon:555p",
        "3456m7p pon:555s chi:123p chi:789s",
    ];
    let hands: Vec<Hand> = texts.iter().map(|t| Hand::parse(t).unwrap()).collect();
    let _ = riichi::shanten::hand_shanten(&hands[0]);
    for (t, h) in texts.iter().zip(&hands) {
        let n = 20_000;
        let s = Instant::now();
        let mut acc = 0i64;
        for _ in 0..n {
            acc += i64::from(riichi::shanten::hand_shanten(std::hint::black_box(h)));
        }
        let dt = s.elapsed().as_secs_f64() / n as f64;
        println!("{t:40} {:3} {:8.0} ns", acc / n as i64, dt * 1e9);
    }
}
