//! The scoring part of the rule configuration (the Python `riichi.Rules` dataclass is the
//! documented source of truth; this is the plain-data copy the scorer reads).

/// What thirteen or more han are worth without a yakuman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kazoe {
    /// 13+ han is a (single) kazoe yakuman (Tenhou, Mahjong Soul).
    Yakuman,
    /// 13+ han is capped at sanbaiman.
    Sanbaiman,
    /// 13..=25 han is a kazoe yakuman and 26+ han a double yakuman.
    DoubleAt26,
}

/// Whether a yaku may depend on the winning tile (atozuke, 後付け) or on only some of the
/// waits (katazuke / kata-agari, 片和了り).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atozuke {
    /// Any win with a yaku stands (Tenhou, Mahjong Soul).
    Allowed,
    /// A win whose yaku are only yakuhai is refused when another wait of the hand has no
    /// yaku (the yakuhai katazuke, e.g. a shanpon on haku and 4m).
    YakuhaiKatazukeForbidden,
    /// Every wait of the hand before the win must have a yaku (a yaku certain before the
    /// winning tile; 後付けなし / 片和了りなし).
    Forbidden,
}

/// What an open hand with no fu beyond the base (the "open pinfu" shape) scores on ron.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpenPinfuRon {
    /// Raised to 30 fu (Tenhou, Mahjong Soul, WRC).
    Always30,
    /// Raised to 30 fu only when the hand has exactly one han, otherwise left at 20.
    ThirtyAtOneHan,
    /// Left at 20 fu.
    Twenty,
}

/// How chiitoitsu is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chiitoitsu {
    /// 25 fu, 2 han (Tenhou, Mahjong Soul, standard).
    Fu25Han2,
    /// 50 fu, 1 han (older rule).
    Fu50Han1,
    /// 30 fu, 2 han (some local rules).
    Fu30Han2,
}

/// How renhou (ron before the winner's first draw) is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renhou {
    /// Not a yaku (Tenhou, Mahjong Soul).
    Off,
    /// A 5-han yaku that adds to the others.
    Mangan,
    /// An 8-han yaku that adds to the others.
    Baiman,
    /// A yakuman.
    Yakuman,
}

/// Scoring rules. Defaults are Tenhou's (see `riichi.Rules` for sources).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScoringRules {
    /// Red fives in play per suit (man, pin, sou), 0..=3 each.
    pub red_fives: [u8; 3],
    /// Open tanyao counts.
    pub kuitan: bool,
    /// Atozuke / katazuke: which wins whose yaku depends on the winning tile stand. The
    /// scorer judges it on every wait of the hand before the win; a refused win is "no yaku".
    pub atozuke: Atozuke,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
    pub kiriage_mangan: bool,
    /// What 13+ han without a yakuman is worth.
    pub kazoe: Kazoe,
    /// Kokushi with the 13-sided wait is a double yakuman.
    pub double_kokushi_13: bool,
    /// Suuankou won on a pair (tanki) wait is a double yakuman.
    pub double_suuankou_tanki: bool,
    /// Junsei (pure nine-sided) chuuren poutou is a double yakuman.
    pub double_junsei_chuuren: bool,
    /// Daisuushi is a double yakuman.
    pub double_daisuushi: bool,
    /// Several yakuman in one hand add up (otherwise only the largest counts).
    pub yakuman_stacking: bool,
    /// Pinfu is allowed on a self-draw (20 fu); otherwise such a hand is 30 fu without pinfu.
    pub pinfu_tsumo: bool,
    /// What the open pinfu shape scores on ron.
    pub open_pinfu_ron: OpenPinfuRon,
    /// Chiitoitsu value.
    pub chiitoitsu: Chiitoitsu,
    /// Fu of a pair of a wind that is both seat and round wind (4 on Tenhou, 2 elsewhere).
    pub double_wind_pair_fu: u8,
    /// Renhou value.
    pub renhou: Renhou,
    /// Local yakuman daisharin (22334455667788p closed).
    pub daisharin: bool,
    /// Local yakuman suurenkou (four triplets in a row of one suit).
    pub suurenkou: bool,
    /// Local yakuman hyakuman-goku (man tiles only, numbers summing to 100 or more).
    pub hyakuman_goku: bool,
    /// Local yakuman beni-kujaku (1s 5s 7s 9s and chun only).
    pub beni_kujaku: bool,
    /// Local yakuman shiisan-puutaa (first-draw hand of thirteen unrelated tiles plus a pair).
    pub shiisan_puutaa: bool,
    /// Points of one honba in total (ron: the discarder pays it; tsumo: split among payers).
    pub honba_points: u32,
    /// From this many honba on, a win needs two han without dora (None: never).
    pub two_han_minimum_from_honba: Option<u32>,
    /// Points of one riichi stick (kyotaku).
    pub riichi_stick: u32,
    /// Players at the table (4, or 3 for sanma: tsumo is paid by the two others only).
    pub num_players: u8,
    /// Uradora are counted for riichi wins.
    pub ura_dora: bool,
    /// Uradora under kan dora indicators are counted (only the first ura indicator otherwise).
    pub kan_ura_dora: bool,
    /// Ippatsu is a yaku.
    pub ippatsu: bool,
    /// No limits (aotenjou): basic points are fu × 2^(han+2) at any han, a yakuman counts 13
    /// han per multiple on top of the hand's other yaku and dora.
    pub aotenjou: bool,
    /// Ryuuiisou needs hatsu.
    pub ryuuiisou_hatsu: bool,
    /// Local yakuman paarenchan: the dealer's win after seven wins in a row.
    pub paarenchan: bool,
    /// Local double yakuman daichisei: seven pairs of the seven honors (instead of tsuuiisou).
    pub daichisei: bool,
    /// Local 2-han yaku sanrenkou: three triplets of consecutive numbers in one suit.
    pub sanrenkou: bool,
    /// Local yakuman iishoku yonjun: four identical runs.
    pub iishoku_yonjun: bool,
    /// Local 2-han yaku uumensai: man, pin, sou, a wind and a dragon all in the hand.
    pub uumensai: bool,
    /// Local yakuman daisuurin (2233445566778m) and daichikurin (the same in sou).
    pub daisharin_other_suits: bool,
    /// Han from yaku (dora excluded) a win needs at least (1: the usual one-han minimum).
    pub minimum_han: u8,
    /// A win must be worth at least a mangan (dora included).
    pub mangan_minimum: bool,
    /// A closed hand wins only after riichi (tenhou, chiihou and renhou excepted).
    pub riichi_required: bool,
    /// Open riichi (オープンリーチ) exists: a riichi declared open scores one han more.
    pub open_riichi: bool,
    /// A rinshan kaihou win counts the 2 tsumo fu like any tsumo (Tenhou, Mahjong Soul);
    /// when false it counts none (the older counting some rules keep, e.g. Riichi City).
    pub rinshan_tsumo_fu: bool,
}

impl Default for ScoringRules {
    fn default() -> Self {
        ScoringRules::tenhou()
    }
}

impl ScoringRules {
    /// Tenhou's scoring rules (four players, one red five per suit).
    pub fn tenhou() -> Self {
        ScoringRules {
            red_fives: [1, 1, 1],
            kuitan: true,
            atozuke: Atozuke::Allowed,
            kiriage_mangan: false,
            kazoe: Kazoe::Yakuman,
            double_kokushi_13: false,
            double_suuankou_tanki: false,
            double_junsei_chuuren: false,
            double_daisuushi: false,
            yakuman_stacking: true,
            pinfu_tsumo: true,
            open_pinfu_ron: OpenPinfuRon::Always30,
            chiitoitsu: Chiitoitsu::Fu25Han2,
            double_wind_pair_fu: 4,
            renhou: Renhou::Off,
            daisharin: false,
            suurenkou: false,
            hyakuman_goku: false,
            beni_kujaku: false,
            shiisan_puutaa: false,
            honba_points: 300,
            two_han_minimum_from_honba: None,
            riichi_stick: 1000,
            num_players: 4,
            ura_dora: true,
            kan_ura_dora: true,
            ippatsu: true,
            aotenjou: false,
            ryuuiisou_hatsu: false,
            paarenchan: false,
            daichisei: false,
            sanrenkou: false,
            iishoku_yonjun: false,
            uumensai: false,
            daisharin_other_suits: false,
            minimum_han: 1,
            mangan_minimum: false,
            riichi_required: false,
            open_riichi: false,
            rinshan_tsumo_fu: true,
        }
    }
}
