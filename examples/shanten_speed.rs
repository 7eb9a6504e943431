//! Throughput of the batch shanten kernel on random 13/14-tile hands (one thread).
//! Reports wall-clock and per-CPU-second rates (the latter is robust to other load).
use std::time::Instant;

use riichi::shanten::Form;

/// On-CPU time of this thread in seconds (Linux), 0 elsewhere.
fn cpu_time() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// CPU time of the whole process (all threads) in seconds, from /proc (10 ms ticks).
fn process_cpu_time() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let f: Vec<&str> = s.rsplit(')').next()?.split_whitespace().collect();
            Some((f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?) / 100.0)
        })
        .unwrap_or(0.0)
}

fn main() {
    // 100,000 hands (3.4 MB, as benches/compare.py), each timing over REPS calls
    let n = 100_000usize;
    const REPS: usize = 20;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut data = vec![0u8; n * 34];
    for (i, row) in data.chunks_exact_mut(34).enumerate() {
        let mut wall: Vec<u8> = (0..136).map(|x| (x / 4) as u8).collect();
        for j in 0..13 + i % 2 {
            let k = j + (next() as usize) % (136 - j);
            wall.swap(j, k);
            row[wall[j] as usize] += 1;
        }
    }
    let _ = riichi::batch::shanten(&data[..34], Form::Minimum, Some(1));
    for form in [Form::Minimum, Form::Regular] {
        for _ in 0..3 {
            let (t, c) = (Instant::now(), cpu_time());
            let mut r = Vec::new();
            for _ in 0..REPS {
                r = riichi::batch::shanten(&data, form, Some(1)).unwrap();
            }
            let (dt, dc) = (t.elapsed().as_secs_f64(), cpu_time() - c);
            let (dt, dc) = (dt / REPS as f64, dc / REPS as f64);
            let sum: i64 = r.iter().map(|&x| i64::from(x)).sum();
            println!(
                "{form:?}: {:.2} M/s wall, {:.2} M/s per CPU second (checksum {sum})",
                n as f64 / dt / 1e6,
                n as f64 / dc / 1e6
            );
        }
    }
    // two threads: wall rate, and hands per CPU-second over both threads (equal to the
    // one-thread figure when splitting the work costs nothing)
    for threads in [1, 2] {
        let (t, c) = (Instant::now(), process_cpu_time());
        for _ in 0..5 * REPS {
            riichi::batch::shanten(&data, Form::Minimum, Some(threads)).unwrap();
        }
        let (dt, dc) = (t.elapsed().as_secs_f64(), process_cpu_time() - c);
        println!(
            "threads={threads}: {:.2} M/s wall, {:.2} M/s per CPU second over all threads",
            (5 * REPS * n) as f64 / dt / 1e6,
            (5 * REPS * n) as f64 / dc / 1e6
        );
    }
}
