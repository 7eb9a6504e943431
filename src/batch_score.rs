//! Batch scoring: many hands in, one column per result field out (the kernel behind
//! `riichi.batch.score` and `riichi.batch.score_arrays`).
//!
//! Inputs are either column slices ([`ScoreColumns`], NumPy arrays borrowed by the glue) or
//! prepared requests (a [`Hand`] and a [`Situation`] each). Every row is validated exactly as
//! [`crate::score::score`] validates a single call; the first bad row, by index, is reported
//! as [`Error::Row`]. Rows are scored in chunks on a rayon pool (`threads` as in
//! [`crate::batch`]), each thread reusing one result buffer, written straight into the output
//! columns: no allocation per row besides the melds of an open hand's first use.

use rayon::prelude::*;

use crate::batch::pool;
use crate::error::{Error, Result};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::rules::ScoringRules;
use crate::score::{score_compact, score_parts, CompactScore, HandParts, Situation};
use crate::shanten::Players;
use crate::tile::{Counts, Tile};
use crate::yaku::Yaku;

/// Rows per parallel task (a hand takes well under a microsecond).
const CHUNK: usize = 1024;

/// 64-bit words per row of [`ScoreOutput::yaku_mask`]: enough for every yaku id (0..=127).
pub const YAKU_MASK_WORDS: usize = 2;

/// Hands as columns, row-major, `n` rows (see `riichi.batch_score.score_arrays` for the
/// encodings). Lengths are checked by [`score_columns`].
#[derive(Clone, Copy, Debug)]
pub struct ScoreColumns<'a> {
    /// Concealed counts including the winning tile, `n × 34`.
    pub concealed: &'a [u8],
    /// Winning tile kind per row, `n`.
    pub win: &'a [u8],
    /// Red fives among the concealed tiles (man, pin, sou), `n × 3`.
    pub red: &'a [u8],
    /// Melds `[kind, lowest tile, red]` (kind 0 none, 1 chi, 2 pon, 3 daiminkan, 4 ankan,
    /// 5 kakan), `n × max_melds × 3`.
    pub melds: &'a [u8],
    /// Meld slots per row (at most 4).
    pub max_melds: usize,
    /// Situation flag bits (0 tsumo, 1 riichi, 2 double riichi, 3 ippatsu, 4 haitei,
    /// 5 houtei, 6 rinshan, 7 chankan, 8 tenhou, 9 chiihou, 10 renhou, 11 open riichi), `n`.
    pub flags: &'a [u16],
    /// Seat wind 0 East .. 3 North, `n`.
    pub seat: &'a [u8],
    /// Round wind 0 East .. 3 North, `n`.
    pub round: &'a [u8],
    /// Dora indicator kinds, -1 for none, `n × max_dora`.
    pub dora: &'a [i8],
    /// Uradora indicator kinds, -1 for none, `n × max_dora`.
    pub ura: &'a [i8],
    /// Indicator slots per row.
    pub max_dora: usize,
    /// Honba per row, `n`.
    pub honba: &'a [u16],
    /// Kyotaku per row, `n`.
    pub kyotaku: &'a [u16],
}

/// One column per result field, `n` rows (`yaku_mask`: `n × YAKU_MASK_WORDS`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreOutput {
    /// Total han (13 per yakuman multiple).
    pub han: Vec<i32>,
    /// Fu.
    pub fu: Vec<i32>,
    /// Hand value without honba and kyotaku.
    pub points: Vec<i32>,
    /// The winner's gain (honba and kyotaku included).
    pub total: Vec<i32>,
    /// What the discarder pays on ron (0 for tsumo).
    pub ron: Vec<i32>,
    /// What the dealer pays on a non-dealer's tsumo.
    pub tsumo_dealer: Vec<i32>,
    /// What each non-dealer pays on tsumo.
    pub tsumo_nondealer: Vec<i32>,
    /// The tiles form a complete hand.
    pub is_agari: Vec<bool>,
    /// Complete with enough han from yaku.
    pub has_yaku: Vec<bool>,
    /// Yaku ids present, as in `ScoreResult::yaku` and `ScoreResult::yakuman` (dora 52,
    /// uradora 53, akadora 54 included when counted): word `w` of a row holds ids
    /// `64w..64w+63`, id `i` at bit `i % 64` of word `i / 64`.
    pub yaku_mask: Vec<u64>,
    /// Total yakuman multiple (0 for a non-yakuman hand).
    pub yakuman: Vec<i32>,
}

impl ScoreOutput {
    fn zeroed(n: usize) -> ScoreOutput {
        ScoreOutput {
            han: vec![0; n],
            fu: vec![0; n],
            points: vec![0; n],
            total: vec![0; n],
            ron: vec![0; n],
            tsumo_dealer: vec![0; n],
            tsumo_nondealer: vec![0; n],
            is_agari: vec![false; n],
            has_yaku: vec![false; n],
            yaku_mask: vec![0; n * YAKU_MASK_WORDS],
            yakuman: vec![0; n],
        }
    }

    fn slices(&mut self) -> OutRows<'_> {
        OutRows {
            han: &mut self.han,
            fu: &mut self.fu,
            points: &mut self.points,
            total: &mut self.total,
            ron: &mut self.ron,
            tsumo_dealer: &mut self.tsumo_dealer,
            tsumo_nondealer: &mut self.tsumo_nondealer,
            is_agari: &mut self.is_agari,
            has_yaku: &mut self.has_yaku,
            yaku_mask: &mut self.yaku_mask,
            yakuman: &mut self.yakuman,
        }
    }
}

/// Mutable views of a run of output rows.
struct OutRows<'a> {
    han: &'a mut [i32],
    fu: &'a mut [i32],
    points: &'a mut [i32],
    total: &'a mut [i32],
    ron: &'a mut [i32],
    tsumo_dealer: &'a mut [i32],
    tsumo_nondealer: &'a mut [i32],
    is_agari: &'a mut [bool],
    has_yaku: &'a mut [bool],
    yaku_mask: &'a mut [u64],
    yakuman: &'a mut [i32],
}

impl<'a> OutRows<'a> {
    /// The first `k` rows and the rest.
    fn split_at(self, k: usize) -> (OutRows<'a>, OutRows<'a>) {
        let (han, han2) = self.han.split_at_mut(k);
        let (fu, fu2) = self.fu.split_at_mut(k);
        let (points, points2) = self.points.split_at_mut(k);
        let (total, total2) = self.total.split_at_mut(k);
        let (ron, ron2) = self.ron.split_at_mut(k);
        let (td, td2) = self.tsumo_dealer.split_at_mut(k);
        let (tn, tn2) = self.tsumo_nondealer.split_at_mut(k);
        let (ag, ag2) = self.is_agari.split_at_mut(k);
        let (hy, hy2) = self.has_yaku.split_at_mut(k);
        let (ym, ym2) = self.yaku_mask.split_at_mut(k * YAKU_MASK_WORDS);
        let (yk, yk2) = self.yakuman.split_at_mut(k);
        (
            OutRows {
                han,
                fu,
                points,
                total,
                ron,
                tsumo_dealer: td,
                tsumo_nondealer: tn,
                is_agari: ag,
                has_yaku: hy,
                yaku_mask: ym,
                yakuman: yk,
            },
            OutRows {
                han: han2,
                fu: fu2,
                points: points2,
                total: total2,
                ron: ron2,
                tsumo_dealer: td2,
                tsumo_nondealer: tn2,
                is_agari: ag2,
                has_yaku: hy2,
                yaku_mask: ym2,
                yakuman: yk2,
            },
        )
    }

    /// Store the result of row `j` of this run.
    #[inline]
    fn write(&mut self, j: usize, r: &CompactScore) {
        let mut mask = [0u64; YAKU_MASK_WORDS];
        let mut set = |y: Yaku| {
            let id = usize::from(y.id());
            if let Some(w) = mask.get_mut(id / 64) {
                *w |= 1 << (id % 64);
            }
        };
        for &(y, _) in r.yaku().as_slice() {
            set(y);
        }
        for &(y, _) in r.yakuman().as_slice() {
            set(y);
        }
        if r.lists_dora() {
            for (y, n) in [
                (Yaku::Dora, r.dora),
                (Yaku::Uradora, r.uradora),
                (Yaku::Akadora, r.akadora),
            ] {
                if n > 0 {
                    set(y);
                }
            }
        }
        let p = &r.payments;
        self.han[j] = r.han as i32;
        self.fu[j] = r.fu as i32;
        self.points[j] = p.value as i32;
        self.total[j] = p.total as i32;
        self.ron[j] = p.ron as i32;
        self.tsumo_dealer[j] = p.tsumo_dealer as i32;
        self.tsumo_nondealer[j] = p.tsumo_nondealer as i32;
        self.is_agari[j] = r.is_agari;
        self.has_yaku[j] = r.has_yaku;
        self.yaku_mask[j * YAKU_MASK_WORDS..(j + 1) * YAKU_MASK_WORDS].copy_from_slice(&mask);
        self.yakuman[j] = r.yakuman().sum() as i32;
    }
}

fn at_row(row: usize) -> impl FnOnce(Error) -> Error {
    move |e| Error::Row {
        row,
        error: Box::new(e),
    }
}

/// Score rows `0..n` with `kernel(row, scratch)` into a fresh output, chunked and in
/// parallel as `threads` says; the lowest failing row's error wins.
fn run<S>(
    n: usize,
    threads: Option<usize>,
    init: impl Fn() -> S + Sync,
    kernel: impl Fn(usize, &mut S) -> Result<&CompactScore> + Sync,
) -> Result<ScoreOutput> {
    let mut out = ScoreOutput::zeroed(n);
    let serial = |first: usize, mut rows: OutRows<'_>, len: usize| -> Result<()> {
        let mut s = init();
        for j in 0..len {
            let r = kernel(first + j, &mut s).map_err(at_row(first + j))?;
            rows.write(j, r);
        }
        Ok(())
    };
    let parallel = |rows: OutRows<'_>| -> Result<()> {
        let mut parts = Vec::with_capacity(n.div_ceil(CHUNK));
        let (mut rest, mut first) = (rows, 0);
        while first < n {
            let len = CHUNK.min(n - first);
            let (head, tail) = rest.split_at(len);
            parts.push((first, head, len));
            rest = tail;
            first += len;
        }
        let errs: Vec<Error> = parts
            .into_par_iter()
            .filter_map(|(first, rows, len)| serial(first, rows, len).err())
            .collect();
        errs.into_iter().next().map_or(Ok(()), Err)
    };
    match threads {
        Some(0) => Err(Error::InvalidArgument {
            name: "threads",
            reason: "must be at least 1 (or None for all cores)".into(),
        }),
        Some(1) => serial(0, out.slices(), n),
        None => parallel(out.slices()),
        Some(k) => {
            let rows = out.slices();
            pool(k)?.install(|| parallel(rows))
        }
    }?;
    Ok(out)
}

/// Score prepared requests (each hand with its situation, indicators included). Under
/// three players (`rules.num_players == 3`) a 2m–8m in a hand, winning tile or indicator
/// is refused as the single call's bindings refuse it ([`Players::check_win`]).
///
/// # Errors
/// [`Error::Row`] wrapping what [`crate::score::score`] raises for the first bad request,
/// or [`Error::NotInThreePlayer`];
/// [`Error::InvalidArgument`] for `threads == Some(0)`.
pub fn score_requests(
    requests: &[(Hand, Situation)],
    rules: &ScoringRules,
    threads: Option<usize>,
) -> Result<ScoreOutput> {
    run(requests.len(), threads, CompactScore::new, |i, out| {
        let (h, s) = &requests[i];
        Players::of_table(rules.num_players).check_win(
            h,
            s.win_tile,
            &s.dora_indicators,
            &s.ura_indicators,
        )?;
        score_compact(h, s, &s.dora_indicators, &s.ura_indicators, rules, out)?;
        Ok(&*out)
    })
}

/// Per-thread scratch of [`score_columns`]: indicator lists, a meld buffer and the result.
struct Scratch {
    dora: Vec<Tile>,
    ura: Vec<Tile>,
    melds: Vec<Meld>,
    out: CompactScore,
}

fn check_len(name: &'static str, len: usize, want: usize) -> Result<()> {
    if len == want {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        name,
        reason: format!("{len} values, expected {want}"),
    })
}

/// Score every row of `cols`.
///
/// # Errors
/// [`Error::InvalidArgument`] for a column of the wrong length (named) or more than 4 meld
/// slots; [`Error::Row`] wrapping the error of the first bad row: a bad meld kind or tile
/// ([`Error::InvalidArgument`], [`Error::InvalidTile`], [`Error::InvalidMeld`]), a hand that
/// cannot exist ([`Error::TooManyCopies`], [`Error::BadTileCount`], ...), a 2m–8m under
/// three players ([`Error::NotInThreePlayer`]), or anything [`crate::score::score`] refuses.
pub fn score_columns(
    cols: &ScoreColumns<'_>,
    rules: &ScoringRules,
    threads: Option<usize>,
) -> Result<ScoreOutput> {
    let n = cols.win.len();
    check_len("concealed", cols.concealed.len(), n * 34)?;
    check_len("red", cols.red.len(), n * 3)?;
    if cols.max_melds > 4 {
        return Err(Error::InvalidArgument {
            name: "melds",
            reason: format!("{} meld slots per row, at most 4", cols.max_melds),
        });
    }
    check_len("melds", cols.melds.len(), n * cols.max_melds * 3)?;
    for (name, len) in [
        ("flags", cols.flags.len()),
        ("seat_wind", cols.seat.len()),
        ("round_wind", cols.round.len()),
        ("honba", cols.honba.len()),
        ("kyotaku", cols.kyotaku.len()),
    ] {
        check_len(name, len, n)?;
    }
    check_len("dora", cols.dora.len(), n * cols.max_dora)?;
    check_len("ura", cols.ura.len(), n * cols.max_dora)?;
    let init = || Scratch {
        dora: Vec::with_capacity(cols.max_dora),
        ura: Vec::with_capacity(cols.max_dora),
        melds: Vec::new(),
        out: CompactScore::new(),
    };
    run(n, threads, init, |i, s| score_row(cols, i, rules, s))
}

/// Score row `i` of `c` into `s.out`.
fn score_row<'s>(
    c: &ScoreColumns<'_>,
    i: usize,
    rules: &ScoringRules,
    s: &'s mut Scratch,
) -> Result<&'s CompactScore> {
    let inds = |a: &[i8], v: &mut Vec<Tile>| -> Result<()> {
        v.clear();
        for &x in &a[i * c.max_dora..(i + 1) * c.max_dora] {
            if x >= 0 {
                v.push(Tile::new(i64::from(x))?);
            }
        }
        Ok(())
    };
    let melds = &mut s.melds;
    melds.clear();
    for m in 0..c.max_melds {
        let o = (i * c.max_melds + m) * 3;
        let (kind, tile, red) = (c.melds[o], c.melds[o + 1], c.melds[o + 2]);
        let kind = match kind {
            0 => continue,
            1 => MeldKind::Chi,
            2 => MeldKind::Pon,
            3 => MeldKind::Daiminkan,
            4 => MeldKind::Ankan,
            5 => MeldKind::Kakan,
            k => {
                return Err(Error::InvalidArgument {
                    name: "melds",
                    reason: format!("meld kind {k} at meld {m} (0 none, 1 chi .. 5 kakan)"),
                })
            }
        };
        let t = Tile::new(i64::from(tile))?;
        let from = match kind {
            MeldKind::Chi => 3,
            MeldKind::Ankan => 0,
            _ => 1,
        };
        melds.push(Meld::new(kind, t, t, red, from)?);
    }
    let concealed: &Counts =
        c.concealed[i * 34..i * 34 + 34]
            .try_into()
            .map_err(|_| Error::InvalidArgument {
                name: "concealed",
                reason: "34 counts per row".into(),
            })?;
    let red = [c.red[i * 3], c.red[i * 3 + 1], c.red[i * 3 + 2]];
    let hand = HandParts::new(concealed, red, melds)?;
    let wind = |v: u8, name: &'static str| {
        if v < 4 {
            Ok(Tile::from_index(27 + usize::from(v)))
        } else {
            Err(Error::InvalidArgument {
                name,
                reason: format!("{v} (0 East .. 3 North)"),
            })
        }
    };
    let f = c.flags[i];
    if f >> 12 != 0 {
        return Err(Error::InvalidArgument {
            name: "flags",
            reason: format!("{f:#x} sets bits above bit 11 (open riichi)"),
        });
    }
    let bit = |b: u16| f & (1 << b) != 0;
    let sit = Situation {
        win_tile: Tile::new(i64::from(c.win[i]))?,
        tsumo: bit(0),
        riichi: bit(1),
        double_riichi: bit(2),
        ippatsu: bit(3),
        haitei: bit(4),
        houtei: bit(5),
        rinshan: bit(6),
        chankan: bit(7),
        tenhou: bit(8),
        chiihou: bit(9),
        renhou: bit(10),
        open_riichi: bit(11),
        seat_wind: wind(c.seat[i], "seat_wind")?,
        round_wind: wind(c.round[i], "round_wind")?,
        dora_indicators: Vec::new(),
        ura_indicators: Vec::new(),
        honba: u32::from(c.honba[i]),
        kyotaku: u32::from(c.kyotaku[i]),
        nukidora: 0,
        renchan: 0,
    };
    inds(c.dora, &mut s.dora)?;
    inds(c.ura, &mut s.ura)?;
    // three players: no 2m-8m in the hand, the winning tile or an indicator (as `score`)
    Players::of_table(rules.num_players).check_win_counts(
        hand.all_counts(),
        sit.win_tile,
        &s.dora,
        &s.ura,
    )?;
    score_parts(&hand, &sit, &s.dora, &s.ura, rules, &mut s.out)?;
    Ok(&s.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tile;
    use crate::score::score;

    #[test]
    fn columns_agree_with_single_calls() {
        let mut rules = ScoringRules::tenhou();
        rules.shiisan_puutaa = true;
        // (hand, win, flags, seat): a pinfu tsumo, an open hand, shiisan-puutaa (id 64), no agari
        let rows = [
            ("123m456p789s234s55p", "2s", 1u16, 1u8),
            ("234m567p66s chi:345s chi:678p", "2m", 0, 2),
            ("147m258p369s12344z", "4z", 1 | 1 << 9, 1),
            ("123m12359p1678s22z", "2m", 0, 0),
        ];
        let mut reqs = Vec::new();
        for &(h, w, f, seat) in &rows {
            let mut s = Situation::new(parse_tile(w).unwrap());
            s.tsumo = f & 1 != 0;
            s.chiihou = f & (1 << 9) != 0;
            s.seat_wind = Tile::from_index(27 + usize::from(seat));
            reqs.push((Hand::parse(h).unwrap(), s));
        }
        let mut concealed = Vec::new();
        let mut melds = Vec::new();
        for (h, _) in &reqs {
            concealed.extend_from_slice(h.concealed());
            for k in 0..2 {
                melds.extend_from_slice(
                    &h.melds()
                        .get(k)
                        .map_or([0, 0, 0], |m| [1, m.tile().index() as u8, m.red()]),
                );
            }
        }
        let win: Vec<u8> = reqs.iter().map(|r| r.1.win_tile.index() as u8).collect();
        let flags: Vec<u16> = rows.iter().map(|r| r.2).collect();
        let seat: Vec<u8> = rows.iter().map(|r| r.3).collect();
        let zeros8 = vec![0u8; 4];
        let zeros16 = vec![0u16; 4];
        let cols = ScoreColumns {
            concealed: &concealed,
            win: &win,
            red: &[0; 12],
            melds: &melds,
            max_melds: 2,
            flags: &flags,
            seat: &seat,
            round: &zeros8,
            dora: &[],
            ura: &[],
            max_dora: 0,
            honba: &zeros16,
            kyotaku: &zeros16,
        };
        let a = score_columns(&cols, &rules, Some(1)).unwrap();
        let b = score_requests(&reqs, &rules, Some(2)).unwrap();
        assert_eq!(a, b);
        for (i, (h, s)) in reqs.iter().enumerate() {
            let r = score(h, s, &rules).unwrap();
            assert_eq!(
                (a.han[i], a.points[i]),
                (r.han as i32, r.payments.value as i32)
            );
            let mut mask = [0u64; YAKU_MASK_WORDS];
            for &(y, _) in r.yaku.iter().chain(&r.yakuman) {
                mask[usize::from(y.id()) / 64] |= 1 << (y.id() % 64);
            }
            assert_eq!(a.yaku_mask[2 * i..2 * i + 2], mask, "row {i}");
        }
        assert_eq!(a.yaku_mask[4..6], [0, 1]); // shiisan-puutaa, id 64
        assert!(!a.is_agari[3]);
        // the first bad row is named
        let mut bad = concealed.clone();
        bad[34 * 3] = 5;
        let e = score_columns(
            &ScoreColumns {
                concealed: &bad,
                ..cols
            },
            &rules,
            None,
        );
        assert!(matches!(e, Err(Error::Row { row: 3, .. })), "{e:?}");
        assert!(score_columns(
            &ScoreColumns {
                win: &win[..3],
                ..cols
            },
            &rules,
            None
        )
        .is_err());
    }

    #[test]
    fn three_players_refuse_2m_to_8m_by_row() {
        let mut sanma = ScoringRules::tenhou();
        sanma.num_players = 3;
        let ok = Hand::parse("11m123p456s789s111z").unwrap();
        let bad = Hand::parse("55m123p456s789s111z").unwrap();
        let sit = Situation::new(parse_tile("1z").unwrap());
        let reqs = [(ok.clone(), sit.clone()), (bad.clone(), sit.clone())];
        let e = score_requests(&reqs, &sanma, Some(1)).unwrap_err();
        match e {
            Error::Row { row: 1, error } => assert!(
                matches!(*error, Error::NotInThreePlayer { place: "hand", .. }),
                "{error:?}"
            ),
            e => panic!("{e:?}"),
        }
        // four players score the same rows; an indicator 2m-8m is refused under three
        assert!(score_requests(&reqs, &ScoringRules::tenhou(), Some(1)).is_ok());
        let mut dora = sit.clone();
        dora.dora_indicators = vec![parse_tile("5m").unwrap()];
        let e = score_requests(&[(ok.clone(), dora)], &sanma, Some(1)).unwrap_err();
        assert!(e.to_string().contains("dora_indicators holds 5m"), "{e}");
        // the columns: the same refusal, naming the row
        let mut concealed = Vec::new();
        for h in [&ok, &bad] {
            concealed.extend_from_slice(h.concealed());
        }
        let cols = ScoreColumns {
            concealed: &concealed,
            win: &[27, 27],
            red: &[0; 6],
            melds: &[],
            max_melds: 0,
            flags: &[0, 0],
            seat: &[1, 1],
            round: &[0, 0],
            dora: &[],
            ura: &[],
            max_dora: 0,
            honba: &[0, 0],
            kyotaku: &[0, 0],
        };
        let e = score_columns(&cols, &sanma, Some(1)).unwrap_err();
        assert!(e.to_string().starts_with("row 1: hand holds 5m"), "{e}");
        assert!(score_columns(&cols, &ScoringRules::tenhou(), Some(1)).is_ok());
    }
}
