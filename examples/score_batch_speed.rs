//! Single-thread throughput of the batch scorer (`riichi::batch_score::score_columns`, the
//! kernel behind `riichi.batch.score_arrays`) on columns saved as raw files: a directory with
//! `meta.txt` (`n max_melds max_dora`) and one little-endian file per column (`concealed.bin`
//! u8 n×34, `win_tile.bin` u8, `red.bin` u8 n×3, `melds.bin` u8 n×max_melds×3, `flags.bin`
//! u16, `seat_wind.bin` / `round_wind.bin` u8, `dora.bin` / `ura.bin` i8 n×max_dora,
//! `honba.bin` / `kyotaku.bin` u16), e.g. written with NumPy's `ndarray.tofile`. Tenhou rules
//! with red fives. Reports nanoseconds per hand of CPU time (all threads) and a checksum of the results.
//!
//! Run: `cargo run --release --example score_batch_speed -- DIR [seconds]` (env `RUNS=k`: exactly
//! k runs; `POOL=1`: rayon's global pool, as the Python entry points, instead of the caller's
//! thread).
use std::time::Instant;

use riichi::batch_score::{score_columns, ScoreColumns};
use riichi::rules::ScoringRules;

/// On-CPU time of every thread of this process in seconds (Linux), 0 elsewhere.
fn cpu_time() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .sum::<f64>()
        / 1e9
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).expect("usage: score_batch_speed DIR [seconds]");
    let secs: f64 = args.get(2).map_or(3.0, |r| r.parse().expect("seconds"));
    let read = |name: &str| std::fs::read(format!("{dir}/{name}.bin")).expect("column file");
    let meta = std::fs::read_to_string(format!("{dir}/meta.txt")).expect("meta.txt");
    let meta: Vec<usize> = meta
        .split_whitespace()
        .map(|x| x.parse().expect("meta"))
        .collect();
    let u16s = |b: Vec<u8>| -> Vec<u16> {
        b.chunks(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect()
    };
    let i8s = |b: Vec<u8>| -> Vec<i8> { b.into_iter().map(|x| x as i8).collect() };
    let (concealed, win, red, melds) = (
        read("concealed"),
        read("win_tile"),
        read("red"),
        read("melds"),
    );
    let (flags, seat, round) = (u16s(read("flags")), read("seat_wind"), read("round_wind"));
    let (dora, ura) = (i8s(read("dora")), i8s(read("ura")));
    let (honba, kyotaku) = (u16s(read("honba")), u16s(read("kyotaku")));
    let cols = ScoreColumns {
        concealed: &concealed,
        win: &win,
        red: &red,
        melds: &melds,
        max_melds: meta[1],
        flags: &flags,
        seat: &seat,
        round: &round,
        dora: &dora,
        ura: &ura,
        max_dora: meta[2],
        honba: &honba,
        kyotaku: &kyotaku,
    };
    let rules = ScoringRules::tenhou();
    let mut sum = 0u64;
    let c0 = cpu_time();
    let start = Instant::now();
    let mut runs = 0;
    // RUNS=k: exactly k runs (for instruction counts), else as many as fit in `seconds`
    let fixed: Option<usize> = std::env::var("RUNS").ok().and_then(|r| r.parse().ok());
    while fixed.map_or(start.elapsed().as_secs_f64() < secs, |k| runs < k) {
        runs += 1;
        let out = score_columns(
            &cols,
            &rules,
            std::env::var("POOL").map_or(Some(1), |_| None),
        )
        .expect("valid columns");
        sum = out.han.iter().map(|&h| h as u64).sum::<u64>()
            + out.points.iter().map(|&p| p as u64).sum::<u64>()
            + out
                .yaku_mask
                .iter()
                .map(|&m| m.count_ones() as u64)
                .sum::<u64>();
    }
    // schedstat advances at scheduler ticks: only a span of many runs is exact
    let cpu = cpu_time() - c0;
    println!(
        "score_columns: {} hands x {runs}: {:.0} ns/hand CPU, checksum {sum}",
        meta[0],
        cpu * 1e9 / (meta[0] * runs) as f64
    );
}
