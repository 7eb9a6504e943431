//! Throughput of the batch shanten kernel on random 13/14-tile hands (one thread).
use std::time::Instant;

fn main() {
    let n = 2_000_000usize;
    let mut seed = 0x9E3779B97F4A7C15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut data = vec![0u8; n * 34];
    for (i, row) in data.chunks_exact_mut(34).enumerate() {
        let mut wall: Vec<u8> = (0..136).map(|x| (x / 4) as u8).collect();
        let take = 13 + i % 2;
        for j in 0..take {
            let k = j + (next() as usize) % (136 - j);
            wall.swap(j, k);
            row[wall[j] as usize] += 1;
        }
    }
    let _ = riichi::batch::shanten(&data[..34], riichi::shanten::Form::Minimum, Some(1));
    for form in [
        riichi::shanten::Form::Minimum,
        riichi::shanten::Form::Regular,
    ] {
        for _ in 0..3 {
            let t = Instant::now();
            let r = riichi::batch::shanten(&data, form, Some(1)).unwrap();
            let dt = t.elapsed().as_secs_f64();
            println!(
                "{form:?}: {:.2} M hands/s (checksum {})",
                n as f64 / dt / 1e6,
                r.iter().map(|&x| x as i64).sum::<i64>()
            );
        }
    }
}
