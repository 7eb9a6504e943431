//! Single-thread throughput of the scorer on hands read from a text file, one per line:
//! `hand|win|flags|seat|round|dora,..|ura,..|honba|kyotaku` (tile kinds 0..33, `-` for no
//! indicators, flag bits as in `riichi.batch_score.FLAG_BITS`). Reports the rate per CPU
//! second (robust to other load) and a checksum of the results.
//!
//! Run: `cargo run --release --example score_speed -- hands.txt [repeats]`.
use std::time::Instant;

use riichi::hand::Hand;
use riichi::rules::ScoringRules;
use riichi::score::{score, Situation};
use riichi::tile::Tile;

/// On-CPU time of this thread in seconds (Linux), 0 elsewhere.
fn cpu_time() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

fn tiles(s: &str) -> Vec<Tile> {
    if s == "-" {
        return Vec::new();
    }
    s.split(',')
        .map(|x| Tile::new(x.parse().expect("tile")).expect("tile"))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: score_speed HANDS.txt [repeats]");
    let repeats: usize = args.get(2).map_or(20, |r| r.parse().expect("repeats"));
    let text = std::fs::read_to_string(path).expect("read hands");
    let mut hands = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('|').collect();
        let n = |i: usize| f[i].parse::<i64>().expect("number");
        let flags = n(2);
        let bit = |b: u32| flags & (1 << b) != 0;
        let mut s = Situation::new(Tile::new(n(1)).expect("win"));
        s.tsumo = bit(0);
        s.riichi = bit(1);
        s.double_riichi = bit(2);
        s.ippatsu = bit(3);
        s.haitei = bit(4);
        s.houtei = bit(5);
        s.rinshan = bit(6);
        s.chankan = bit(7);
        s.tenhou = bit(8);
        s.chiihou = bit(9);
        s.renhou = bit(10);
        s.seat_wind = Tile::new(n(3)).expect("seat");
        s.round_wind = Tile::new(n(4)).expect("round");
        s.dora_indicators = tiles(f[5]);
        s.ura_indicators = tiles(f[6]);
        s.honba = n(7) as u32;
        s.kyotaku = n(8) as u32;
        hands.push((Hand::parse(f[0]).expect("hand"), s));
    }
    let rules = ScoringRules::tenhou();
    let mut sum = 0u64;
    let (t, c) = (Instant::now(), cpu_time());
    for _ in 0..repeats {
        for (h, s) in &hands {
            let r = score(h, s, &rules).expect("valid");
            sum += u64::from(r.han) * 7 + u64::from(r.fu) + u64::from(r.payments.total);
            sum += r.yaku.iter().map(|y| u64::from(y.0.id()) * 3).sum::<u64>();
        }
    }
    let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu_time() - c);
    let n = (hands.len() * repeats) as f64;
    println!(
        "score: {} hands x {repeats}: {:.0} ns/hand CPU ({:.0} hands/cpu-s, wall {:.0}/s), checksum {sum}",
        hands.len(),
        cpu * 1e9 / n,
        n / cpu,
        n / wall
    );
}
