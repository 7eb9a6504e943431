//! Seeded fuzzing of the Rust parsers (`notation`, `mjlog::scan`) and the scorer, run by
//! `cargo test`: real inputs from `../shared/data` (winning hands and mjlog files, read at run
//! time; a few made-up ones when it is absent), mutated by a fixed-seed generator so every
//! run makes the same inputs. The oracle: no panic (arithmetic overflow panics too in a debug
//! build: `cargo test --test fuzz`),
//! parse and format round-trip, and a scored hand's payments add up.
//! `RIICHI_FUZZ_ITERS` scales the run (default 20,000 inputs per target).

use std::path::PathBuf;

use riichi::mjlog::{plain_ints, scan};
use riichi::notation::{format_counts, parse_counts, parse_mjai, parse_tile, parse_tiles};
use riichi::rules::ScoringRules;
use riichi::score::{score, Situation};
use riichi::{Hand, Tile};

/// xorshift64*: small, fixed, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn iters() -> usize {
    std::env::var("RIICHI_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

fn data_dir() -> PathBuf {
    match std::env::var_os("RIICHI_SHARED") {
        Some(p) => PathBuf::from(p).join("data"),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
    }
}

/// Plain (not gzipped) mjlog files under `data/mjlog`, at most `limit`, sorted by path.
fn mjlog_seeds(limit: usize) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    let mut todo = vec![data_dir().join("mjlog")];
    while let Some(dir) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                paths.push(p);
            }
        }
    }
    paths.sort();
    let mut out: Vec<Vec<u8>> = paths
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.starts_with(b"<") && b.len() < 200_000)
        .take(limit)
        .collect();
    if out.is_empty() {
        out.push(
            b"<mjloggm ver=\"2.3\"><GO type=\"169\" lobby=\"0\"/><INIT seed=\"0,0,0,2,3,52\" \
              hai0=\"0,1,2\"/><T16/><D16/><N who=\"0\" m=\"16384\"/></mjloggm>"
                .to_vec(),
        );
    }
    out
}

/// Closed winning hands of the mjlog `<AGARI>` tags as (hand text, winning tile).
fn winning_hands(seeds: &[Vec<u8>]) -> Vec<(String, Tile)> {
    let mut out = Vec::new();
    for data in seeds {
        let text = String::from_utf8_lossy(data);
        for tag in text.split("<AGARI ").skip(1) {
            let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
            if tag.contains(" m=") {
                continue;
            }
            let attr = |name: &str| {
                let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
                let end = start + tag[start..].find('"')?;
                plain_ints(&tag[start..end])
            };
            let (Some(hai), Some(machi)) = (attr("hai"), attr("machi")) else {
                continue;
            };
            if hai.len() != 14 || hai.iter().any(|&t| !(0..136).contains(&t)) {
                continue;
            }
            let mut counts = [0u8; 34];
            let mut red = [0u8; 3];
            for &t in &hai {
                counts[t as usize / 4] += 1;
                if matches!(t, 16 | 52 | 88) {
                    red[t as usize / 36] += 1;
                }
            }
            let win = Tile::from_index(machi[0].clamp(0, 135) as usize / 4);
            out.push((format_counts(&counts, red), win));
        }
    }
    if out.is_empty() {
        out.push(("123m406p789s11222z".to_string(), Tile::from_index(28)));
    }
    out
}

const ALPHABET: &[u8] = b"0123456789mpsz :@-kanpochi\xff";

fn mutate(rng: &mut Rng, data: &[u8], alphabet: &[u8]) -> Vec<u8> {
    let mut b = data.to_vec();
    for _ in 0..=rng.below(3) {
        let i = rng.below(b.len() + 1);
        match rng.below(5) {
            0 if !b.is_empty() => {
                let j = i.min(b.len() - 1);
                b[j] ^= 1 << rng.below(8);
            }
            1 => {
                let end = (i + 1 + rng.below(8)).min(b.len());
                b.drain(i.min(end)..end);
            }
            2 => {
                let end = (i + 1 + rng.below(16)).min(b.len());
                let piece = b[i.min(end)..end].to_vec();
                b.splice(i..i, piece);
            }
            3 => b.insert(i, alphabet[rng.below(alphabet.len())]),
            _ if !b.is_empty() => {
                let j = i.min(b.len() - 1);
                b[j] = alphabet[rng.below(alphabet.len())];
            }
            _ => b.push(b'1'),
        }
    }
    b
}

#[test]
fn fuzz_notation() {
    let seeds = mjlog_seeds(200);
    let hands = winning_hands(&seeds);
    let mut rng = Rng(0x5EED_0001);
    for _ in 0..iters() {
        let (text, _) = &hands[rng.below(hands.len())];
        let bytes = mutate(&mut rng, text.as_bytes(), ALPHABET);
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_tiles(&text);
        let _ = parse_tile(&text);
        let _ = parse_mjai(&text);
        if let Ok((counts, red)) = parse_counts(&text) {
            let back = format_counts(&counts, red);
            assert_eq!(
                parse_counts(&back).ok(),
                Some((counts, red)),
                "{text:?} -> {back:?}"
            );
        }
        if let Ok(hand) = Hand::parse(&text) {
            assert!(hand.concealed_len() <= 14, "{text:?}");
        }
    }
}

#[test]
fn fuzz_mjlog_scan() {
    let seeds = mjlog_seeds(300);
    let mut rng = Rng(0x5EED_0002);
    let alphabet = b"<>/=\" ,-0123456789TDUEFVWGNmwhoaxyz\n\xef\xbb\xbf?";
    for _ in 0..iters() / 10 {
        let seed = &seeds[rng.below(seeds.len())];
        let data = mutate(&mut rng, seed, alphabet);
        if let Some(items) = scan(&data) {
            assert!(items.len() <= data.len(), "more items than bytes");
        }
        let text = String::from_utf8_lossy(&data[..data.len().min(64)]);
        let _ = plain_ints(&text);
    }
}

#[test]
fn fuzz_score() {
    let seeds = mjlog_seeds(300);
    let hands = winning_hands(&seeds);
    let mut rng = Rng(0x5EED_0003);
    let rules = [ScoringRules::tenhou(), ScoringRules::default()];
    for _ in 0..iters() {
        let (text, win) = &hands[rng.below(hands.len())];
        let text = if rng.below(4) == 0 {
            String::from_utf8_lossy(&mutate(&mut rng, text.as_bytes(), b"0123456789mpsz"))
                .into_owned()
        } else {
            text.clone()
        };
        let Ok(hand) = Hand::parse(&text) else {
            continue;
        };
        let mut sit = Situation::new(if rng.below(8) == 0 {
            Tile::from_index(rng.below(34))
        } else {
            *win
        });
        let flag = |rng: &mut Rng| rng.below(5) == 0;
        sit.tsumo = flag(&mut rng);
        sit.riichi = flag(&mut rng);
        sit.double_riichi = flag(&mut rng);
        sit.ippatsu = flag(&mut rng);
        sit.haitei = flag(&mut rng);
        sit.houtei = flag(&mut rng);
        sit.rinshan = flag(&mut rng);
        sit.chankan = flag(&mut rng);
        sit.tenhou = flag(&mut rng);
        sit.chiihou = flag(&mut rng);
        sit.renhou = flag(&mut rng);
        sit.seat_wind = Tile::from_index(27 + rng.below(4));
        sit.round_wind = Tile::from_index(27 + rng.below(4));
        sit.dora_indicators = (0..rng.below(6))
            .map(|_| Tile::from_index(rng.below(34)))
            .collect();
        sit.ura_indicators = (0..rng.below(6))
            .map(|_| Tile::from_index(rng.below(34)))
            .collect();
        sit.honba = [0, 1, 8, 100_000, u32::MAX][rng.below(5)];
        sit.kyotaku = [0, 1, 3, 100_000, u32::MAX][rng.below(5)];
        sit.nukidora = rng.below(5) as u8;
        let rules = &rules[rng.below(rules.len())];
        let Ok(r) = score(&hand, &sit, rules) else {
            continue;
        };
        let p = &r.payments;
        assert_eq!(p.value % 100, 0, "{text} {sit:?}: {r:?}");
        if !r.is_agari {
            assert!(!r.has_yaku && p.value == 0, "{text} {sit:?}: {r:?}");
        }
        if r.has_yaku && sit.honba == 0 && sit.kyotaku == 0 {
            let paid = if sit.tsumo {
                let others = if r.dealer { 3 } else { 2 };
                p.tsumo_dealer + others * p.tsumo_nondealer
            } else {
                p.ron
            };
            assert_eq!(paid, p.total, "{text} {sit:?}: {r:?}");
            assert!(p.total >= p.value, "{text} {sit:?}: {r:?}");
        }
    }
}
