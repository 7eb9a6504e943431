//! The scorer: every reading of a winning hand, its yaku, yakuman, fu, dora, limit and payments;
//! the most valuable reading wins (basic points, then han, then fu; ties keep the first reading
//! in the decomposer's order, so the result is deterministic).

use crate::decompose::{
    present_mask, win_readings_valid, Block, WaitShape, WinReading, WinReadings,
};
use crate::error::{Error, Result};
use crate::fu::{regular_fu_into, FuItem, FuItems};
use crate::hand::{check_parts, Hand};
use crate::meld::Meld;
use crate::meld::MeldKind;
use crate::points::{aotenjou_basic_points, basic_points, payments, Limit, Payments};
use crate::rules::{Atozuke, Chiitoitsu, Renhou, ScoringRules};
use crate::tile::{Counts, Tile};
use crate::yaku::Yaku;

/// How the hand was won and the table situation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The winning tile (kind; whether it is red is part of the hand's red count).
    pub win_tile: Tile,
    /// Self-draw (including rinshan); false for ron and chankan.
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared (implies riichi; counts 2 han instead of riichi's 1).
    pub double_riichi: bool,
    /// The riichi (or double riichi) was declared open, the hand shown to the table
    /// (オープンリーチ): one han more ([`Yaku::OpenRiichi`]); only under
    /// [`ScoringRules::open_riichi`].
    pub open_riichi: bool,
    /// Win within one go-around of riichi, uninterrupted.
    pub ippatsu: bool,
    /// Tsumo on the last tile of the live wall.
    pub haitei: bool,
    /// Ron on the last discard.
    pub houtei: bool,
    /// Tsumo on a replacement tile after a kan.
    pub rinshan: bool,
    /// Ron on a tile added to a kan (or, for kokushi, an ankan where the rules allow).
    pub chankan: bool,
    /// Dealer tsumo on the initial deal.
    pub tenhou: bool,
    /// Non-dealer tsumo on the first draw, no calls before.
    pub chiihou: bool,
    /// Non-dealer ron before the first draw, no calls before.
    pub renhou: bool,
    /// Seat wind (East..North); East means the winner is the dealer.
    pub seat_wind: Tile,
    /// Round wind (East..North).
    pub round_wind: Tile,
    /// Dora indicators (kan dora included), not the dora themselves.
    pub dora_indicators: Vec<Tile>,
    /// Uradora indicators; counted only with riichi or double riichi.
    pub ura_indicators: Vec<Tile>,
    /// Honba counters on the table.
    pub honba: u32,
    /// Riichi sticks on the table (the winner collects them).
    pub kyotaku: u32,
    /// North tiles set aside as nuki dora (three-player games), each worth one dora plus the
    /// dora value of North itself.
    pub nukidora: u8,
    /// Wins the winner has made in a row as dealer before this one (0 for the first); read
    /// only for paarenchan (`ScoringRules::paarenchan`: the eighth in a row, renchan ≥ 7).
    pub renchan: u32,
}

impl Situation {
    /// A plain ron in the East round by a non-dealer (South seat) with no extras.
    pub fn new(win_tile: Tile) -> Situation {
        Situation {
            win_tile,
            tsumo: false,
            riichi: false,
            double_riichi: false,
            open_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            seat_wind: Tile::SOUTH,
            round_wind: Tile::EAST,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            honba: 0,
            kyotaku: 0,
            nukidora: 0,
            renchan: 0,
        }
    }
}

/// The scored value of a hand. "Not a winning hand" and "no yaku" are results
/// (`is_agari`, `has_yaku`), with zero points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreResult {
    /// The tiles form a complete hand.
    pub is_agari: bool,
    /// Complete and with enough han from yaku (dora excluded) to win.
    pub has_yaku: bool,
    /// Non-yakuman yaku with their han, dora/uradora/akadora entries included (id order).
    /// Empty for a yakuman hand, except under aotenjou where they count beside it. (The
    /// Python `ScoreResult.yaku` adds the yakuman at 13 han per multiple.)
    pub yaku: Vec<(Yaku, u32)>,
    /// Yakuman with their multipliers (id order).
    pub yakuman: Vec<(Yaku, u32)>,
    /// Dora (including kan dora and nuki dora) in the hand.
    pub dora: u32,
    /// Uradora (0 without riichi).
    pub uradora: u32,
    /// Red fives.
    pub akadora: u32,
    /// Total han (dora included); for a yakuman hand 13 per yakuman multiple.
    pub han: u32,
    /// Fu (rounded; 25 for chiitoitsu under Tenhou rules).
    pub fu: u32,
    /// The fu itemized; the items sum to `fu`.
    pub fu_breakdown: Vec<FuItem>,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// Basic points (fu × 2^(han+2), or the limit's value).
    pub basic_points: u32,
    /// What everyone pays.
    pub payments: Payments,
    /// The winner is the dealer.
    pub dealer: bool,
    /// Self-draw.
    pub tsumo: bool,
    /// Wait shape of the chosen reading (None when not complete).
    pub wait: Option<WaitShape>,
}

/// Kind of a set in a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKind {
    /// A run.
    Seq,
    /// Three of a kind.
    Trip,
    /// Four of a kind.
    Kan,
}

/// One set of a reading, concealed blocks and melds alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set {
    /// Run, triplet or kan.
    pub kind: SetKind,
    /// Lowest tile of a run, the tile of a triplet or kan.
    pub tile: Tile,
    /// Concealed for fu and ankou counting (a triplet completed by ron is not).
    pub concealed: bool,
}

/// A regular reading with its context, as the fu and yaku rules see it.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The four sets.
    pub sets: [Set; 4],
    /// The pair's tile.
    pub pair: Tile,
    /// How the winning tile completed its block.
    pub wait: WaitShape,
    /// No open melds.
    pub menzen: bool,
    /// Self-draw.
    pub tsumo: bool,
    /// A self-draw on a replacement tile (rinshan kaihou; read for
    /// [`ScoringRules::rinshan_tsumo_fu`]).
    pub rinshan: bool,
    /// Seat wind.
    pub seat_wind: Tile,
    /// Round wind.
    pub round_wind: Tile,
}

/// Room for every yaku one hand can hold besides the dora lines: at most 11 from the
/// situation and the tiles alone and 20 from a reading (at most 16 yakuman).
const MAX_YAKU: usize = 32;

/// A list of (yaku, han or yakuman multiple) held inline (no heap), for the hot path. Every
/// value pushed is a constant of at most 8 (dora counts, which can be larger, are kept apart).
#[derive(Clone, Copy, Debug)]
pub(crate) struct YakuList {
    items: [(Yaku, u8); MAX_YAKU],
    len: u8,
}

impl YakuList {
    const fn new() -> YakuList {
        YakuList {
            items: [(Yaku::Riichi, 0); MAX_YAKU],
            len: 0,
        }
    }

    /// Append an entry (the capacity covers every list the scorer builds).
    #[inline]
    fn push(&mut self, (y, v): (Yaku, u32)) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = (y, v as u8);
            self.len += 1;
        }
    }

    fn extend(&mut self, other: &YakuList) {
        for &(y, v) in other.as_slice() {
            self.push((y, u32::from(v)));
        }
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    /// The entries.
    pub(crate) fn as_slice(&self) -> &[(Yaku, u8)] {
        &self.items[..usize::from(self.len)]
    }

    fn as_mut_slice(&mut self) -> &mut [(Yaku, u8)] {
        &mut self.items[..usize::from(self.len)]
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sum of the values (han, or yakuman multiples).
    #[inline]
    pub(crate) fn sum(&self) -> u32 {
        self.as_slice().iter().map(|y| u32::from(y.1)).sum()
    }

    /// The entries with `u32` values.
    fn to_vec(self) -> Vec<(Yaku, u32)> {
        self.as_slice()
            .iter()
            .map(|&(y, v)| (y, u32::from(v)))
            .collect()
    }
}

/// Yaku that depend only on the tiles and the situation (the same for every reading).
struct Common {
    yaku: YakuList,
    yakuman: YakuList,
    han: u32,
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    yaku: YakuList,
    yakuman: YakuList,
    fu: u32,
    fu_items: FuItems,
    wait: WaitShape,
}

impl Candidate {
    const EMPTY: Candidate = Candidate {
        yaku: YakuList::new(),
        yakuman: YakuList::new(),
        fu: 0,
        fu_items: FuItems::new(),
        wait: WaitShape::Tanki,
    };
}

/// Bit k set for every kind k in group `g`: 0 simples, 1 terminals and honors, 2 terminals,
/// 3 the green tiles (23468s, hatsu), 4 the red tiles (1579s, chun), 5 manzu.
const fn kind_mask(g: u8) -> u64 {
    let mut m = 0u64;
    let mut k = 0;
    while k < 34 {
        let t = Tile::from_index(k);
        let ok = match g {
            0 => t.is_simple(),
            1 => t.is_yaochuu(),
            2 => t.is_terminal(),
            3 => matches!(k, 19 | 20 | 21 | 23 | 25 | 32),
            4 => matches!(k, 18 | 22 | 24 | 26 | 33),
            _ => k < 9,
        };
        if ok {
            m |= 1 << k;
        }
        k += 1;
    }
    m
}

const SIMPLES: u64 = kind_mask(0);
const YAOCHUU: u64 = kind_mask(1);
const TERMINALS: u64 = kind_mask(2);
const GREEN: u64 = kind_mask(3);
const RED: u64 = kind_mask(4);
const MANZU: u64 = kind_mask(5);
/// Yaku and yakuman that depend only on the tiles and the situation, for every form.
fn common_yaku(
    all: &Counts,
    menzen: bool,
    sit: &Situation,
    rules: &ScoringRules,
    yaku: &mut YakuList,
    yakuman: &mut YakuList,
) {
    let present = present_mask(all);
    let all_in = |allowed: u64| present & !allowed == 0;
    let c = |b: bool, y: Yaku, h: u32, v: &mut YakuList| {
        if b {
            v.push((y, h));
        }
    };
    if sit.double_riichi {
        yaku.push((Yaku::DoubleRiichi, 2));
    } else if sit.riichi {
        yaku.push((Yaku::Riichi, 1));
    }
    // open riichi: one han on top of riichi (2 in all) or double riichi (3), validated
    c(sit.open_riichi, Yaku::OpenRiichi, 1, yaku);
    c(sit.ippatsu && rules.ippatsu, Yaku::Ippatsu, 1, yaku);
    c(menzen && sit.tsumo, Yaku::MenzenTsumo, 1, yaku);
    c(sit.haitei, Yaku::Haitei, 1, yaku);
    c(sit.houtei, Yaku::Houtei, 1, yaku);
    c(sit.rinshan, Yaku::RinshanKaihou, 1, yaku);
    c(sit.chankan, Yaku::Chankan, 1, yaku);
    if all_in(SIMPLES) && (menzen || rules.kuitan) {
        yaku.push((Yaku::Tanyao, 1));
    }
    let suits = (0..3).filter(|s| (present >> (s * 9)) & 0x1ff != 0).count();
    let honors = present >> 27 != 0;
    if suits == 1 && !honors {
        yaku.push((Yaku::Chinitsu, if menzen { 6 } else { 5 }));
    } else if suits == 1 && honors {
        yaku.push((Yaku::Honitsu, if menzen { 3 } else { 2 }));
    }
    if all_in(YAOCHUU) && suits > 0 && honors {
        yaku.push((Yaku::Honroutou, 2));
    }
    match rules.renhou {
        Renhou::Mangan => c(sit.renhou, Yaku::Renhou, 5, yaku),
        Renhou::Baiman => c(sit.renhou, Yaku::Renhou, 8, yaku),
        Renhou::Yakuman => c(sit.renhou, Yaku::Renhou, 1, yakuman),
        Renhou::Off => {}
    }
    c(sit.tenhou, Yaku::Tenhou, 1, yakuman);
    c(sit.chiihou, Yaku::Chiihou, 1, yakuman);
    if suits == 0 {
        // daichisei: the seven honors as seven pairs, a double yakuman in place of tsuuiisou
        if rules.daichisei && all[27..34].iter().all(|&n| n == 2) {
            yakuman.push((Yaku::Daichisei, 2));
        } else {
            yakuman.push((Yaku::Tsuuiisou, 1));
        }
    }
    c(all_in(TERMINALS), Yaku::Chinroutou, 1, yakuman);
    let hatsu_ok = !rules.ryuuiisou_hatsu || all[Tile::HATSU.index()] > 0;
    c(all_in(GREEN) && hatsu_ok, Yaku::Ryuuiisou, 1, yakuman);
    let dealer = sit.seat_wind == Tile::EAST;
    c(
        rules.paarenchan && dealer && sit.renchan >= 7,
        Yaku::Paarenchan,
        1,
        yakuman,
    );
    if rules.uumensai {
        let every_suit = (0..3).all(|s| (present >> (s * 9)) & 0x1ff != 0);
        let wind = (present >> 27) & 0xf != 0;
        let dragon = (present >> 31) & 0x7 != 0;
        c(every_suit && wind && dragon, Yaku::Uumensai, 2, yaku);
    }
    if rules.hyakuman_goku && all_in(MANZU) {
        let sum: u32 = (0..9).map(|i| (i as u32 + 1) * u32::from(all[i])).sum();
        c(sum >= 100, Yaku::HyakumanGoku, 1, yakuman);
    }
    if rules.beni_kujaku {
        c(all_in(RED), Yaku::BeniKujaku, 1, yakuman);
    }
    // 2233445566778 of one suit, closed: pin daisharin, man daisuurin, sou daichikurin
    let wheel =
        |lo: usize| (0..34).all(|i| all[i] == if (lo..lo + 7).contains(&i) { 2 } else { 0 });
    if rules.daisharin && menzen {
        c(wheel(10), Yaku::Daisharin, 1, yakuman);
    }
    if rules.daisharin_other_suits && menzen {
        c(wheel(1), Yaku::Daisuurin, 1, yakuman);
        c(wheel(19), Yaku::Daichikurin, 1, yakuman);
    }
}

fn chuuren(concealed: &Counts, win: Tile, menzen_no_melds: bool) -> Option<Yaku> {
    if !menzen_no_melds || win.is_honor() {
        return None;
    }
    let s = win.suit() as usize * 9;
    // cheap first: three each of the suit's 1 and 9
    if concealed[s] < 3 || concealed[s + 8] < 3 {
        return None;
    }
    if concealed
        .iter()
        .enumerate()
        .any(|(i, &c)| c > 0 && !(s..s + 9).contains(&i))
    {
        return None;
    }
    let need = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
    if (0..9).any(|i| concealed[s + i] < need[i]) {
        return None;
    }
    let mut before = *concealed;
    before[win.index()] -= 1;
    if (0..9).all(|i| before[s + i] == need[i]) {
        Some(Yaku::JunseiChuurenPoutou)
    } else {
        Some(Yaku::ChuurenPoutou)
    }
}

fn regular_candidate(
    hand: &HandParts<'_>,
    reading: &WinReading,
    sit: &Situation,
    rules: &ScoringRules,
    dora_han: u32,
    out: &mut Candidate,
) {
    let menzen = hand.is_closed();
    let mut sets = [Set {
        kind: SetKind::Seq,
        tile: Tile::EAST,
        concealed: true,
    }; 4];
    let mut n_sets = 0;
    let mut push = |s: Set| {
        if n_sets < 4 {
            sets[n_sets] = s;
            n_sets += 1;
        }
    };
    let mut pair = sit.win_tile;
    let win_block = usize::from(reading.win_block);
    for (i, b) in reading.blocks().iter().enumerate() {
        match *b {
            Block::Sequence(t) => push(Set {
                kind: SetKind::Seq,
                tile: t,
                concealed: true,
            }),
            Block::Triplet(t) => push(Set {
                kind: SetKind::Trip,
                tile: t,
                concealed: sit.tsumo || win_block != i,
            }),
            Block::Pair(t) => pair = t,
        }
    }
    for m in hand.melds() {
        push(Set {
            kind: match m.kind() {
                MeldKind::Chi => SetKind::Seq,
                MeldKind::Pon => SetKind::Trip,
                _ => SetKind::Kan,
            },
            tile: m.tile(),
            concealed: m.kind() == MeldKind::Ankan,
        });
    }
    let shape = Shape {
        sets,
        pair,
        wait: reading.wait,
        menzen,
        tsumo: sit.tsumo,
        rinshan: sit.rinshan,
        seat_wind: sit.seat_wind,
        round_wind: sit.round_wind,
    };
    out.yaku.clear();
    out.yakuman.clear();
    let yaku = &mut out.yaku;
    let yakuman = &mut out.yakuman;
    let sets = &shape.sets;
    let mut seq_buf = [Tile::EAST; 4];
    let mut pon_buf = [Tile::EAST; 4];
    let (mut ns, mut np) = (0, 0);
    for s in sets {
        if s.kind == SetKind::Seq {
            seq_buf[ns] = s.tile;
            ns += 1;
        } else {
            pon_buf[np] = s.tile;
            np += 1;
        }
    }
    let seqs = &mut seq_buf[..ns];
    seqs.sort_unstable();
    let seqs: &[Tile] = seqs;
    let pons = &mut pon_buf[..np];
    pons.sort_unstable();
    let pons: &[Tile] = pons;
    // bit k: a run starting at kind k / a triplet or kan of kind k
    let seq_mask = seqs.iter().fold(0u64, |m, t| m | 1 << t.index());
    let pon_mask = pons.iter().fold(0u64, |m, t| m | 1 << t.index());
    let ankou = sets
        .iter()
        .filter(|s| s.kind != SetKind::Seq && s.concealed)
        .count();
    let kans = sets.iter().filter(|s| s.kind == SetKind::Kan).count();
    let value = |t: Tile| t.is_dragon() || t == sit.seat_wind || t == sit.round_wind;

    // yakuman of the reading
    if ankou == 4 {
        if reading.wait == WaitShape::Tanki {
            let m = if rules.double_suuankou_tanki { 2 } else { 1 };
            yakuman.push((Yaku::SuuankouTanki, m));
        } else {
            yakuman.push((Yaku::Suuankou, 1));
        }
    }
    let dragons = pons.iter().filter(|t| t.is_dragon()).count();
    let winds = pons.iter().filter(|t| t.is_wind()).count();
    if dragons == 3 {
        yakuman.push((Yaku::Daisangen, 1));
    }
    if winds == 4 {
        yakuman.push((Yaku::Daisuushi, if rules.double_daisuushi { 2 } else { 1 }));
    } else if winds == 3 && pair.is_wind() {
        yakuman.push((Yaku::Shousuushi, 1));
    }
    if kans == 4 {
        yakuman.push((Yaku::Suukantsu, 1));
    }
    if rules.iishoku_yonjun && seqs.len() == 4 && seqs.iter().all(|&t| t == seqs[0]) {
        yakuman.push((Yaku::IishokuYonjun, 1));
    }
    if rules.suurenkou && pons.len() == 4 {
        let p = pons;
        let run = p[0].suit() == p[3].suit()
            && !p[0].is_honor()
            && (1..4).all(|i| p[i].index() == p[0].index() + i);
        if run {
            yakuman.push((Yaku::Suurenkou, 1));
        }
    }

    // regular yaku of the reading
    let pinfu = menzen
        && seqs.len() == 4
        && !value(pair)
        && reading.wait == WaitShape::Ryanmen
        && (!sit.tsumo || rules.pinfu_tsumo);
    if pinfu {
        yaku.push((Yaku::Pinfu, 1));
    }
    if menzen {
        let s = seqs;
        let mut pairs = 0;
        let mut i = 0;
        while i + 1 < s.len() {
            if s[i] == s[i + 1] {
                pairs += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        if pairs == 2 {
            yaku.push((Yaku::Ryanpeikou, 3));
        } else if pairs == 1 {
            yaku.push((Yaku::Iipeikou, 1));
        }
    }
    for &t in pons {
        if t == sit.seat_wind {
            let y = Yaku::from_id(Yaku::SeatWindEast.id() + (t.index() - 27) as u8);
            yaku.push((y.expect("wind id"), 1));
        }
        if t == sit.round_wind {
            let y = Yaku::from_id(Yaku::RoundWindEast.id() + (t.index() - 27) as u8);
            yaku.push((y.expect("wind id"), 1));
        }
        if t.is_dragon() {
            let y = Yaku::from_id(Yaku::Haku.id() + (t.index() - 31) as u8);
            yaku.push((y.expect("dragon id"), 1));
        }
    }
    let open_less = |closed: u32| if menzen { closed } else { closed - 1 };
    if !seqs.is_empty() {
        let seq_terminal = |t: &Tile| t.number() == 1 || t.number() == 7;
        let all_outside = seqs.iter().all(seq_terminal)
            && pons.iter().all(|t| t.is_yaochuu())
            && pair.is_yaochuu();
        if all_outside {
            let honors = pons.iter().any(|t| t.is_honor()) || pair.is_honor();
            if honors {
                yaku.push((Yaku::Chanta, open_less(2)));
            } else {
                yaku.push((Yaku::Junchan, open_less(3)));
            }
        }
    }
    for s in 0..3 {
        let ittsu = 0b1001001u64 << (s * 9);
        if seq_mask & ittsu == ittsu {
            yaku.push((Yaku::Ittsu, open_less(2)));
        }
    }
    // the same start (or kind) in all three suits: bits n, n+9, n+18
    if seq_mask & (seq_mask >> 9) & (seq_mask >> 18) & 0x7f != 0 {
        yaku.push((Yaku::SanshokuDoujun, open_less(2)));
    }
    if pon_mask & (pon_mask >> 9) & (pon_mask >> 18) & 0x1ff != 0 {
        yaku.push((Yaku::SanshokuDoukou, 2));
    }
    if kans == 3 {
        yaku.push((Yaku::Sankantsu, 2));
    }
    if pons.len() == 4 {
        yaku.push((Yaku::Toitoi, 2));
    }
    if rules.sanrenkou {
        let run3 = pons.windows(3).any(|w| {
            !w[0].is_honor()
                && w[0].suit() == w[2].suit()
                && w[1].index() == w[0].index() + 1
                && w[2].index() == w[0].index() + 2
        });
        if run3 {
            yaku.push((Yaku::Sanrenkou, 2));
        }
    }
    if ankou == 3 {
        yaku.push((Yaku::Sanankou, 2));
    }
    if dragons == 2 && pair.is_dragon() {
        yaku.push((Yaku::Shousangen, 2));
    }
    let han = yaku.sum();
    out.fu = regular_fu_into(&shape, pinfu, han + dora_han, rules, &mut out.fu_items);
    out.wait = reading.wait;
}

fn chiitoitsu_candidate(rules: &ScoringRules) -> Candidate {
    let mut yaku = YakuList::new();
    let yakuman = YakuList::new();
    let (han, fu) = match rules.chiitoitsu {
        Chiitoitsu::Fu25Han2 => (2, 25),
        Chiitoitsu::Fu50Han1 => (1, 50),
        Chiitoitsu::Fu30Han2 => (2, 30),
    };
    yaku.push((Yaku::Chiitoitsu, han));
    Candidate {
        yaku,
        yakuman,
        fu,
        fu_items: FuItems::chiitoitsu(fu),
        wait: WaitShape::Tanki,
    }
}

fn kokushi_candidate(hand: &HandParts<'_>, sit: &Situation, rules: &ScoringRules) -> Candidate {
    let yaku = YakuList::new();
    let mut yakuman = YakuList::new();
    if hand.concealed()[sit.win_tile.index()] == 2 {
        let m = if rules.double_kokushi_13 { 2 } else { 1 };
        yakuman.push((Yaku::Kokushi13, m));
    } else {
        yakuman.push((Yaku::Kokushi, 1));
    }
    // Tenhou records kokushi with 0 fu (no fu is counted for it).
    Candidate {
        yaku,
        yakuman,
        fu: 0,
        fu_items: FuItems::new(),
        wait: WaitShape::Tanki,
    }
}

/// Shiisan-puutaa: 14 tiles, one pair, every other tile isolated (no set or partial set).
fn is_shiisan_puutaa(c: &Counts) -> bool {
    if c.iter().any(|&x| x > 2) || c.iter().filter(|&&x| x == 2).count() != 1 {
        return false;
    }
    for s in 0..3 {
        let mut last: Option<usize> = None;
        for n in 0..9 {
            if c[s * 9 + n] > 0 {
                if let Some(l) = last {
                    if n - l <= 2 {
                        return false;
                    }
                }
                last = Some(n);
            }
        }
    }
    true
}

fn validate(
    hand: &HandParts<'_>,
    sit: &Situation,
    dora: &[Tile],
    ura: &[Tile],
    rules: &ScoringRules,
) -> Result<()> {
    if !hand.is_full() {
        return Err(Error::InvalidArgument {
            name: "hand",
            reason: format!(
                "a hand to score holds 14 tiles (each kan counted as 3) including the winning tile, got {hand}"
            ),
        });
    }
    if hand.concealed()[sit.win_tile.index()] == 0 {
        return Err(Error::InvalidArgument {
            name: "win_tile",
            reason: format!(
                "the concealed tiles {hand} must include the winning tile {}",
                sit.win_tile
            ),
        });
    }
    for (name, w) in [("seat_wind", sit.seat_wind), ("round_wind", sit.round_wind)] {
        if !w.is_wind() {
            return Err(Error::InvalidArgument {
                name,
                reason: format!("{w} is not a wind (1z..4z)"),
            });
        }
    }
    let mut red = hand.red();
    for m in hand.melds() {
        if m.red() > 0 {
            red[(m.tile().suit() as usize).min(2)] += m.red();
        }
    }
    for (s, (&have, &allowed)) in red.iter().zip(rules.red_fives.iter()).enumerate() {
        if have > allowed {
            return Err(Error::InvalidArgument {
                name: "hand",
                reason: format!(
                    "{have} red {} in the hand but the rules have {allowed}",
                    Tile::from_index(s * 9 + 4)
                ),
            });
        }
    }
    for (name, v) in [("honba", sit.honba), ("kyotaku", sit.kyotaku)] {
        if v > 10_000 {
            return Err(Error::InvalidArgument {
                name,
                reason: format!("{v} is beyond any game (at most 10000)"),
            });
        }
    }
    validate_tiles(&hand.all, dora, ura)?;
    validate_situation(hand, sit, rules)?;
    if u32::from(rules.num_players) < 2 {
        return Err(Error::InvalidArgument {
            name: "rules.num_players",
            reason: format!("{} players", rules.num_players),
        });
    }
    Ok(())
}

/// Indicators are physical tiles too: with the hand they never exceed four copies of a kind,
/// and the dead wall shows at most five of each (one dora plus four kan dora).
fn validate_tiles(all: &Counts, dora: &[Tile], ura: &[Tile]) -> Result<()> {
    for (name, list) in [("dora_indicators", dora), ("ura_indicators", ura)] {
        if list.len() > 5 {
            return Err(Error::InvalidArgument {
                name,
                reason: format!(
                    "{} indicators given, at most 5 exist (1 + 4 kan dora)",
                    list.len()
                ),
            });
        }
    }
    let mut seen = *all;
    for t in dora.iter().chain(ura) {
        seen[t.index()] += 1;
        if seen[t.index()] > 4 {
            return Err(Error::InvalidArgument {
                name: "dora_indicators",
                reason: format!(
                    "indicator {t} would be a fifth copy (the hand and the other indicators hold 4)"
                ),
            });
        }
    }
    Ok(())
}

/// Situational flags that cannot happen together (or in this hand) are refused, not scored.
fn validate_situation(hand: &HandParts<'_>, sit: &Situation, rules: &ScoringRules) -> Result<()> {
    let dealer = sit.seat_wind == Tile::EAST;
    let kan = hand.melds().iter().any(|m| m.kind().is_kan());
    // a North set aside (nuki dora) also draws a replacement tile in three-player games
    let riichi = sit.riichi || sit.double_riichi;
    // checked one by one: the messages are built only for a failing check
    let fail = |name: &'static str, reason: &str| {
        Err(Error::InvalidArgument {
            name,
            reason: reason.to_owned(),
        })
    };
    if riichi && !hand.is_closed() {
        return fail("riichi", "riichi needs a closed hand (only ankan allowed)");
    }
    if sit.ippatsu && !riichi {
        return fail("ippatsu", "ippatsu needs riichi or double riichi");
    }
    if sit.open_riichi && !riichi {
        return fail("open_riichi", "open riichi needs riichi or double riichi");
    }
    if sit.open_riichi && !rules.open_riichi {
        return fail(
            "open_riichi",
            "these rules have no open riichi (Rules.open_riichi is \"off\")",
        );
    }
    if sit.haitei && !sit.tsumo {
        return fail("haitei", "haitei is a tsumo on the last live-wall tile");
    }
    if sit.haitei && sit.rinshan {
        return fail(
            "haitei",
            "a win on a kan replacement tile is rinshan, not haitei",
        );
    }
    if sit.houtei && sit.tsumo {
        return fail("houtei", "houtei is a ron on the last discard");
    }
    if sit.rinshan && (!sit.tsumo || !(kan || sit.nukidora > 0)) {
        return fail(
            "rinshan",
            "rinshan is a tsumo on the replacement tile after a kan (or after a nuki dora in \
             three-player games)",
        );
    }
    if sit.chankan && sit.houtei {
        return fail(
            "chankan",
            "no kan can be made on the last tile, so a chankan is never houtei",
        );
    }
    if sit.chankan && sit.tsumo {
        return fail("chankan", "chankan is a ron on a tile added to a kan");
    }
    if sit.tenhou && !(dealer && sit.tsumo && hand.melds().is_empty()) {
        return fail(
            "tenhou",
            "tenhou is the dealer's tsumo on the initial deal, with no meld",
        );
    }
    if sit.chiihou && (dealer || !sit.tsumo || !hand.melds().is_empty()) {
        return fail(
            "chiihou",
            "chiihou is a non-dealer's tsumo on the first draw, with no meld",
        );
    }
    if sit.renhou && (dealer || sit.tsumo || !hand.melds().is_empty()) {
        return fail(
            "renhou",
            "renhou is a non-dealer's ron before the first draw, with no meld",
        );
    }
    if sit.nukidora > 0 && (rules.num_players != 3 || sit.nukidora > 4) {
        return fail(
            "nukidora",
            "nuki dora exist only in three-player games, at most 4",
        );
    }
    if rules.num_players == 3 && hand.melds().iter().any(|m| m.kind() == MeldKind::Chi) {
        return fail(
            "melds",
            "a chi under three-player rules: three-player mahjong has no chi",
        );
    }
    Ok(())
}

fn count_dora(all: &Counts, indicators: &[Tile], nukidora: u8, players: u8) -> u32 {
    indicators
        .iter()
        .map(|i| {
            // Three players play without 2m..8m: the 1m indicator points at 9m.
            let d = if players == 3 && i.index() == 0 {
                Tile::from_index(8)
            } else {
                i.dora_from_indicator()
            };
            let mut n = u32::from(all[d.index()]);
            if d == Tile::NORTH {
                n += u32::from(nukidora);
            }
            n
        })
        .sum()
}

fn candidate_key(
    c: &Candidate,
    common: &Common,
    extra_han: u32,
    rules: &ScoringRules,
) -> (u32, u32, u32, u32) {
    let ym = c.yakuman.sum() + common.yakuman.sum();
    if ym > 0 {
        return (ym, 0, 0, c.fu);
    }
    let han = c.yaku.sum() + common.han;
    if han == 0 {
        return (0, 0, 0, c.fu);
    }
    let total = han + extra_han;
    (0, basic_points(total, c.fu, rules).0, total, c.fu)
}

/// Score a hand. `hand` holds the concealed tiles including the winning tile (with red fives)
/// and the melds; `sit` says how it was won. Errors only for impossible input (a hand of the
/// wrong size, a winning tile not in the hand, a non-wind seat/round wind, more red fives than
/// the rules have); "not a winning hand" and "no yaku" are results.
pub fn score(hand: &Hand, sit: &Situation, rules: &ScoringRules) -> Result<ScoreResult> {
    let mut s = CompactScore::new();
    score_compact(
        hand,
        sit,
        &sit.dora_indicators,
        &sit.ura_indicators,
        rules,
        &mut s,
    )?;
    Ok(ScoreResult {
        is_agari: s.is_agari,
        has_yaku: s.has_yaku,
        yaku: {
            let mut v = s.yaku().to_vec();
            if s.lists_dora() {
                for (y, n) in [
                    (Yaku::Dora, s.dora),
                    (Yaku::Uradora, s.uradora),
                    (Yaku::Akadora, s.akadora),
                ] {
                    if n > 0 {
                        v.push((y, n));
                    }
                }
            }
            v
        },
        yakuman: s.yakuman().to_vec(),
        dora: s.dora,
        uradora: s.uradora,
        akadora: s.akadora,
        han: s.han,
        fu: s.fu,
        fu_breakdown: s.fu_items().as_slice().to_vec(),
        limit: s.limit,
        basic_points: s.basic_points,
        payments: s.payments,
        dealer: s.dealer,
        tsumo: s.tsumo,
        wait: s.wait,
    })
}

const NO_YAKU: YakuList = YakuList::new();
const NO_FU_ITEMS: FuItems = FuItems::new();

/// A [`ScoreResult`] held inline (no heap), for batch scoring; one value is reused for every
/// hand a thread scores. `yaku()` lacks the dora, uradora and akadora lines that
/// `ScoreResult::yaku` ends with (their counts are the `dora`, `uradora` and `akadora`
/// fields, listed when non-zero for a non-yakuman win).
#[derive(Clone, Debug)]
pub(crate) struct CompactScore {
    pub is_agari: bool,
    pub has_yaku: bool,
    pub dora: u32,
    pub uradora: u32,
    pub akadora: u32,
    pub han: u32,
    pub fu: u32,
    pub limit: Option<Limit>,
    pub basic_points: u32,
    pub payments: Payments,
    pub dealer: bool,
    pub tsumo: bool,
    pub wait: Option<WaitShape>,
    /// The yaku are listed beside yakuman (aotenjou, where they count).
    yaku_with_yakuman: bool,
    /// Candidates are built in the slot that does not hold the best so far.
    slots: [Candidate; 2],
    /// The slot of the chosen reading (when `is_agari`).
    best: usize,
    /// The readings of the last hand scored (a buffer reused from hand to hand).
    readings: WinReadings,
}

impl CompactScore {
    /// An empty result, to be filled by [`score_compact`].
    pub(crate) const fn new() -> CompactScore {
        CompactScore {
            is_agari: false,
            has_yaku: false,
            dora: 0,
            uradora: 0,
            akadora: 0,
            han: 0,
            fu: 0,
            limit: None,
            basic_points: 0,
            payments: Payments {
                ron: 0,
                tsumo_dealer: 0,
                tsumo_nondealer: 0,
                kyotaku: 0,
                total: 0,
                value: 0,
            },
            dealer: false,
            tsumo: false,
            wait: None,
            yaku_with_yakuman: false,
            slots: [Candidate::EMPTY; 2],
            best: 0,
            readings: WinReadings::new(),
        }
    }

    /// Non-yakuman yaku of a winning hand, in id order, without the dora lines.
    pub(crate) fn yaku(&self) -> &YakuList {
        let best = &self.slots[self.best];
        if self.has_yaku && (best.yakuman.is_empty() || self.yaku_with_yakuman) {
            &best.yaku
        } else {
            &NO_YAKU
        }
    }

    /// Whether the dora, uradora and akadora lines follow the yaku: a win without yakuman,
    /// or any win under aotenjou (where they count beside the yakuman).
    pub(crate) fn lists_dora(&self) -> bool {
        let best = &self.slots[self.best];
        self.has_yaku && (best.yakuman.is_empty() || self.yaku_with_yakuman)
    }

    /// Yakuman with their multipliers, in id order.
    pub(crate) fn yakuman(&self) -> &YakuList {
        if self.is_agari {
            &self.slots[self.best].yakuman
        } else {
            &NO_YAKU
        }
    }

    /// The fu breakdown of the chosen reading.
    pub(crate) fn fu_items(&self) -> &FuItems {
        if self.is_agari {
            &self.slots[self.best].fu_items
        } else {
            &NO_FU_ITEMS
        }
    }
}

/// [`score`] into `out` without heap allocation (a hand with more than 16 regular readings
/// aside), the dora and uradora indicators given apart from `sit` (whose own indicator lists
/// are ignored). On error `out` holds no meaningful result.
pub(crate) fn score_compact(
    hand: &Hand,
    sit: &Situation,
    dora_indicators: &[Tile],
    ura_indicators: &[Tile],
    rules: &ScoringRules,
    out: &mut CompactScore,
) -> Result<()> {
    let parts = HandParts {
        concealed: hand.concealed(),
        red: hand.red(),
        melds: hand.melds(),
        n_concealed: hand.concealed_len(),
        all: hand.all_counts(),
    };
    score_parts(&parts, sit, dora_indicators, ura_indicators, rules, out)
}

/// The parts of a valid hand as the scorer reads them, with its tile counts.
pub(crate) struct HandParts<'a> {
    concealed: &'a Counts,
    red: [u8; 3],
    melds: &'a [Meld],
    n_concealed: usize,
    /// All tiles, concealed and melded, per kind.
    all: Counts,
}

impl<'a> HandParts<'a> {
    /// Check the parts as [`Hand::new`] does (without building a `Hand`).
    ///
    /// # Errors
    /// As [`Hand::new`].
    pub(crate) fn new(concealed: &'a Counts, red: [u8; 3], melds: &'a [Meld]) -> Result<Self> {
        let (n_concealed, all) = check_parts(concealed, red, melds)?;
        Ok(HandParts {
            concealed,
            red,
            melds,
            n_concealed,
            all,
        })
    }

    fn concealed(&self) -> &Counts {
        self.concealed
    }

    fn red(&self) -> [u8; 3] {
        self.red
    }

    fn melds(&self) -> &[Meld] {
        self.melds
    }

    fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.is_open())
    }

    fn is_full(&self) -> bool {
        self.n_concealed + 3 * self.melds.len() == 14
    }

    /// Every tile of the hand, concealed and melded, per kind.
    pub(crate) fn all_counts(&self) -> &Counts {
        &self.all
    }
}

impl std::fmt::Display for HandParts<'_> {
    /// As [`Hand`]'s text (for error messages).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::notation::format_counts(self.concealed, self.red))?;
        for m in self.melds {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

/// [`score_compact`] of a hand given as checked parts.
pub(crate) fn score_parts(
    hand: &HandParts<'_>,
    sit: &Situation,
    dora_indicators: &[Tile],
    ura_indicators: &[Tile],
    rules: &ScoringRules,
    out: &mut CompactScore,
) -> Result<()> {
    validate(hand, sit, dora_indicators, ura_indicators, rules)?;
    score_checked(hand, sit, dora_indicators, ura_indicators, rules, out)
}

/// [`score_parts`] of checked input.
fn score_checked(
    hand: &HandParts<'_>,
    sit: &Situation,
    dora_indicators: &[Tile],
    ura_indicators: &[Tile],
    rules: &ScoringRules,
    out: &mut CompactScore,
) -> Result<()> {
    let all = hand.all;
    let dealer = sit.seat_wind == Tile::EAST;
    let riichi = sit.riichi || sit.double_riichi;
    let dora = count_dora(&all, dora_indicators, sit.nukidora, rules.num_players)
        + u32::from(sit.nukidora);
    // the first ura indicator lies under the dora indicator, the others under kan dora
    let ura_counted = if rules.kan_ura_dora {
        ura_indicators
    } else {
        &ura_indicators[..ura_indicators.len().min(1)]
    };
    let uradora = if riichi && rules.ura_dora {
        count_dora(&all, ura_counted, sit.nukidora, rules.num_players)
    } else {
        0
    };
    let akadora = u32::from(hand.red().iter().sum::<u8>())
        + hand.melds().iter().map(|m| u32::from(m.red())).sum::<u32>();
    let dora_han = dora + uradora + akadora;

    let mut common = Common {
        yaku: YakuList::new(),
        yakuman: YakuList::new(),
        han: 0,
    };
    common_yaku(
        &all,
        hand.is_closed(),
        sit,
        rules,
        &mut common.yaku,
        &mut common.yakuman,
    );
    if let Some(y) = chuuren(hand.concealed(), sit.win_tile, hand.melds().is_empty()) {
        let m = if y == Yaku::JunseiChuurenPoutou && rules.double_junsei_chuuren {
            2
        } else {
            1
        };
        common.yakuman.push((y, m));
    }
    common.han = common.yaku.sum();
    let readings = &mut out.readings;
    readings.clear();
    win_readings_valid(hand.concealed(), hand.n_concealed, sit.win_tile, readings);
    let readings = &out.readings;
    // the first most valuable candidate in the decomposer's order: candidates are built in
    // the slot `best` does not hold
    let slots = &mut out.slots;
    // (slot, key): the key is computed only once a second candidate needs comparing
    type Key = (u32, u32, u32, u32);
    let mut best: Option<(usize, Option<Key>)> = None;
    let offer = |slots: &[Candidate; 2],
                 i: usize,
                 best: &mut Option<(usize, Option<Key>)>,
                 common: &Common| {
        let Some((b, bk)) = *best else {
            *best = Some((i, None));
            return;
        };
        let bk = bk.unwrap_or_else(|| candidate_key(&slots[b], common, dora_han, rules));
        let k = candidate_key(&slots[i], common, dora_han, rules);
        *best = Some(if k > bk { (i, Some(k)) } else { (b, Some(bk)) });
    };
    let free = |best: &Option<(usize, _)>| best.as_ref().map_or(0, |b: &(usize, _)| 1 - b.0);
    for r in readings.regular() {
        let i = free(&best);
        regular_candidate(hand, r, sit, rules, dora_han + common.han, &mut slots[i]);
        offer(slots, i, &mut best, &common);
    }
    if readings.chiitoitsu {
        let i = free(&best);
        slots[i] = chiitoitsu_candidate(rules);
        offer(slots, i, &mut best, &common);
    }
    if readings.kokushi {
        let i = free(&best);
        slots[i] = kokushi_candidate(hand, sit, rules);
        offer(slots, i, &mut best, &common);
    }
    if readings.is_empty()
        && rules.shiisan_puutaa
        && (sit.tenhou || sit.chiihou)
        && hand.melds().is_empty()
        && is_shiisan_puutaa(hand.concealed())
    {
        // not a complete hand: tenhou/chiihou (and the tile-based yaku) do not apply
        common.yaku.clear();
        common.yakuman.clear();
        common.han = 0;
        let i = free(&best);
        slots[i] = Candidate::EMPTY;
        slots[i].yakuman.push((Yaku::ShiisanPuutaa, 1));
        offer(slots, i, &mut best, &common);
    }
    out.is_agari = best.is_some();
    out.has_yaku = false;
    out.dora = dora;
    out.uradora = uradora;
    out.akadora = akadora;
    out.han = 0;
    out.fu = 0;
    out.limit = None;
    out.basic_points = 0;
    out.payments = Payments::default();
    out.dealer = dealer;
    out.tsumo = sit.tsumo;
    out.wait = None;
    out.yaku_with_yakuman = rules.aotenjou;
    let Some((bi, _)) = best else {
        return Ok(());
    };
    out.best = bi;
    let best = &mut out.slots[bi];
    best.yaku.extend(&common.yaku);
    best.yakuman.extend(&common.yakuman);
    out.wait = Some(best.wait);
    out.fu = best.fu;
    if !best.yakuman.is_empty() {
        best.yakuman.as_mut_slice().sort();
        if !rules.yakuman_stacking {
            let top = best
                .yakuman
                .as_slice()
                .iter()
                .copied()
                .max_by_key(|y| (y.1, std::cmp::Reverse(y.0)))
                .expect("non-empty");
            best.yakuman.clear();
            best.yakuman.push((top.0, u32::from(top.1)));
        }
        let mult = best.yakuman.sum();
        out.has_yaku = true;
        if rules.aotenjou {
            // no limits: each yakuman is 13 han on top of the other yaku and the dora
            best.yaku.as_mut_slice().sort();
            out.han = 13 * mult + best.yaku.sum() + dora_han;
        } else {
            out.han = 13 * mult;
            out.basic_points = 8000 * mult;
            out.limit = Some(Limit::Yakuman(mult.min(255) as u8));
        }
    } else {
        let yaku_han = best.yaku.sum();
        // shibari: han from yaku only, dora never count toward the minimum
        let min = match rules.two_han_minimum_from_honba {
            Some(h) if sit.honba >= h => 2,
            _ => 1,
        }
        .max(u32::from(rules.minimum_han));
        if yaku_han < min {
            return Ok(());
        }
        best.yaku.as_mut_slice().sort();
        // the dora lines are added by `score` (see `CompactScore::yaku`)
        out.has_yaku = true;
        out.han = yaku_han + dora_han;
        if !rules.aotenjou {
            let (b, limit) = basic_points(out.han, out.fu, rules);
            out.basic_points = b;
            out.limit = limit;
        }
    }
    if rules.aotenjou {
        // a hand scored without fu (kokushi musou) is taken at 30 fu
        let fu = if out.fu == 0 { 30 } else { out.fu };
        let extra = u64::from(rules.honba_points) * u64::from(sit.honba)
            + u64::from(rules.riichi_stick) * u64::from(sit.kyotaku);
        out.basic_points =
            aotenjou_basic_points(out.han, fu, extra).ok_or_else(|| Error::InvalidArgument {
                name: "rules.aotenjou",
                reason: format!(
                    "{} han {fu} fu without limits is worth more than 2^31 - 1 points",
                    out.han
                ),
            })?;
        out.limit = None;
    }
    if win_refused(hand, sit, rules, out)? {
        // a win the rules refuse scores as "no yaku"
        out.has_yaku = false;
        out.han = 0;
        out.basic_points = 0;
        out.limit = None;
        return Ok(());
    }
    out.payments = payments(
        out.basic_points,
        dealer,
        sit.tsumo,
        sit.honba,
        sit.kyotaku,
        rules,
    );
    Ok(())
}

/// Whether the rules refuse a scored win (`out.has_yaku`): riichi required
/// (`riichi_required`), mangan minimum (`mangan_minimum`), atozuke / katazuke (`atozuke`).
fn win_refused(
    hand: &HandParts<'_>,
    sit: &Situation,
    rules: &ScoringRules,
    out: &CompactScore,
) -> Result<bool> {
    let riichi = sit.riichi || sit.double_riichi;
    let before_any_riichi = sit.tenhou || sit.chiihou || sit.renhou;
    if rules.riichi_required && hand.is_closed() && !riichi && !before_any_riichi {
        return Ok(true);
    }
    if rules.mangan_minimum && out.basic_points < 2000 {
        return Ok(true);
    }
    match rules.atozuke {
        Atozuke::Allowed => Ok(false),
        Atozuke::Forbidden => wait_without_yaku(hand, sit, rules),
        Atozuke::YakuhaiKatazukeForbidden => {
            let best = &out.slots[out.best];
            let only_yakuhai =
                best.yakuman.is_empty()
                    && best.yaku.as_slice().iter().all(|(y, _)| {
                        (Yaku::SeatWindEast.id()..=Yaku::Chun.id()).contains(&y.id())
                    });
            Ok(only_yakuhai && wait_without_yaku(hand, sit, rules)?)
        }
    }
}

/// Whether another wait of the hand before the win (the hand without the winning tile)
/// would have no yaku in the same situation: the yaku was not certain before the winning
/// tile (atozuke / katazuke). Waits on a kind whose four copies the hand holds are no waits.
fn wait_without_yaku(hand: &HandParts<'_>, sit: &Situation, rules: &ScoringRules) -> Result<bool> {
    let win = sit.win_tile.index();
    let mut before = *hand.concealed();
    before[win] -= 1;
    let mut melded = hand.all;
    for (m, c) in melded.iter_mut().zip(hand.concealed()) {
        *m -= c;
    }
    let mask = crate::wait::wait_mask(&before, &melded)?;
    // whether each wait has a yaku, not what it is worth
    let plain = ScoringRules {
        atozuke: Atozuke::Allowed,
        mangan_minimum: false,
        aotenjou: false,
        ..rules.clone()
    };
    let mut other = Box::new(CompactScore::new());
    for k in (0..34).filter(|&k| k != win && mask >> k & 1 == 1) {
        let mut c = before;
        c[k] += 1;
        // red fives count only as dora, never toward a yaku
        let parts = HandParts::new(&c, [0; 3], hand.melds())?;
        let alt = Situation {
            win_tile: Tile::from_index(k),
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            ..sit.clone()
        };
        score_checked(&parts, &alt, &[], &[], &plain, &mut other)?;
        if !other.has_yaku {
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tile;

    fn sit(win: &str, seat: &str, f: impl FnOnce(&mut Situation)) -> Situation {
        let mut s = Situation::new(parse_tile(win).unwrap());
        s.seat_wind = parse_tile(seat).unwrap();
        f(&mut s);
        s
    }

    fn run(hand: &str, s: &Situation) -> ScoreResult {
        score(&Hand::parse(hand).unwrap(), s, &ScoringRules::tenhou()).unwrap()
    }

    #[test]
    fn worked_cases() {
        // RC15: dealer ron, kanchan reading keeps 222s concealed: 7 han 50 fu 18000
        let r = run(
            "12222305888s666z",
            &sit("2s", "1z", |s| {
                s.round_wind = Tile::SOUTH;
                s.dora_indicators = vec![parse_tile("6p").unwrap()];
            }),
        );
        assert_eq!((r.han, r.fu, r.payments.value), (7, 50, 18000));
        // RC17: toitoi + sanankou reading, 12 han
        let r = run(
            "11122233344s222z",
            &sit("1s", "2z", |s| {
                s.riichi = true;
                s.ura_indicators = vec![parse_tile("1s").unwrap()];
            }),
        );
        assert_eq!((r.han, r.payments.value), (12, 24000));
        // RC30: kanchan reading, 40 fu; 1 honba
        let r = run("777p05567888s pon:888m", &sit("6s", "1z", |s| s.honba = 1));
        assert_eq!((r.han, r.fu, r.payments.ron), (2, 40, 4200));
        // RC35: rinshan tsumo keeps the 2 tsumo fu
        let r = run(
            "678m567p88s pon:111z kakan:2222z",
            &sit("6m", "3z", |s| {
                s.tsumo = true;
                s.rinshan = true;
                s.dora_indicators = vec![Tile::EAST];
            }),
        );
        assert_eq!((r.han, r.fu, r.payments.tsumo_dealer), (6, 50, 6000));
    }

    #[test]
    fn results_not_errors() {
        let r = run("123m234p340678s22z", &sit("2m", "1z", |_| {}));
        assert!(r.is_agari && !r.has_yaku && r.payments.total == 0);
        let r = run("123m12359p1678s22z", &sit("2m", "1z", |_| {}));
        assert!(!r.is_agari);
        let h = Hand::parse("123m456p789s234s5p").unwrap();
        assert!(score(&h, &sit("5p", "1z", |_| {}), &ScoringRules::tenhou()).is_err());
    }

    #[test]
    fn fu_items_sum_to_fu() {
        for (hand, win) in [
            ("111m999p123s999s55p", "2s"),
            ("567p11z ankan:2222m ankan:4444s daiminkan:9999p", "5p"),
            ("234m567p66s chi:345s chi:678p", "2m"),
        ] {
            let r = run(hand, &sit(win, "2z", |_| {}));
            let sum: u32 = r.fu_breakdown.iter().map(|i| i.fu).sum();
            assert_eq!(sum, r.fu, "{hand}");
        }
    }

    #[test]
    fn three_players_refuse_a_chi() {
        let sanma = ScoringRules {
            num_players: 3,
            ..ScoringRules::tenhou()
        };
        let s = sit("1p", "2z", |_| {});
        let chi = Hand::parse("11p456s111z999s chi:213p").unwrap();
        let err = score(&chi, &s, &sanma).unwrap_err().to_string();
        assert!(err.contains("no chi"), "{err}");
        assert!(score(&chi, &s, &ScoringRules::tenhou()).is_ok());
        let pon = Hand::parse("11p456s111z999s pon:999p").unwrap();
        assert!(score(&pon, &s, &sanma).is_ok());
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    #[test]
    #[ignore]
    fn time_core() {
        let hands = [
            ("123m456p789s234s55p", "2s"),
            ("11122233344789m", "1m"),
            ("678m567p88s pon:111z kakan:2222z", "6m"),
            ("223344m223344p55s", "2m"),
            ("1133m5577p2299s11z", "1z"),
            ("234m567p66s chi:345s chi:678p", "2m"),
        ];
        let parsed: Vec<(Hand, Situation)> = hands
            .iter()
            .map(|(h, w)| {
                let mut s = Situation::new(crate::notation::parse_tile(w).unwrap());
                s.dora_indicators = vec![Tile::from_index(3)];
                (Hand::parse(h).unwrap(), s)
            })
            .collect();
        let rules = ScoringRules::tenhou();
        let n = 200_000;
        let t = std::time::Instant::now();
        let mut acc = 0u32;
        for i in 0..n {
            let (h, s) = &parsed[i % parsed.len()];
            acc += crate::decompose::decompose_win(h.concealed(), s.win_tile).len() as u32;
        }
        let d = t.elapsed();
        eprintln!(
            "decompose: {:.0} ns/hand ({acc})",
            d.as_nanos() as f64 / n as f64
        );
        let t = std::time::Instant::now();
        for i in 0..n {
            let (h, s) = &parsed[i % parsed.len()];
            acc += score(h, s, &rules).unwrap().han;
        }
        let d = t.elapsed();
        eprintln!(
            "score: {:.0} ns/hand ({acc})",
            d.as_nanos() as f64 / n as f64
        );
    }
}
