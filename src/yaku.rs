//! Yaku identities: Tenhou's numbering (so logs compare directly) and romaji names, the one
//! vocabulary of score results, events, log readers and writers (Python takes it from here).
//! Local yaku, absent from Tenhou, take ids from 60 on.

/// A yaku or yakuman. The discriminant is Tenhou's yaku id.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Yaku {
    MenzenTsumo = 0,
    Riichi = 1,
    Ippatsu = 2,
    Chankan = 3,
    RinshanKaihou = 4,
    Haitei = 5,
    Houtei = 6,
    Pinfu = 7,
    Tanyao = 8,
    Iipeikou = 9,
    SeatWindEast = 10,
    SeatWindSouth = 11,
    SeatWindWest = 12,
    SeatWindNorth = 13,
    RoundWindEast = 14,
    RoundWindSouth = 15,
    RoundWindWest = 16,
    RoundWindNorth = 17,
    Haku = 18,
    Hatsu = 19,
    Chun = 20,
    DoubleRiichi = 21,
    Chiitoitsu = 22,
    Chanta = 23,
    Ittsu = 24,
    SanshokuDoujun = 25,
    SanshokuDoukou = 26,
    Sankantsu = 27,
    Toitoi = 28,
    Sanankou = 29,
    Shousangen = 30,
    Honroutou = 31,
    Ryanpeikou = 32,
    Junchan = 33,
    Honitsu = 34,
    Chinitsu = 35,
    Renhou = 36,
    Tenhou = 37,
    Chiihou = 38,
    Daisangen = 39,
    Suuankou = 40,
    SuuankouTanki = 41,
    Tsuuiisou = 42,
    Ryuuiisou = 43,
    Chinroutou = 44,
    ChuurenPoutou = 45,
    JunseiChuurenPoutou = 46,
    Kokushi = 47,
    Kokushi13 = 48,
    Daisuushi = 49,
    Shousuushi = 50,
    Suukantsu = 51,
    Dora = 52,
    Uradora = 53,
    Akadora = 54,
    Daisharin = 60,
    Suurenkou = 61,
    HyakumanGoku = 62,
    BeniKujaku = 63,
    ShiisanPuutaa = 64,
    Paarenchan = 65,
    Daichisei = 66,
    Daisuurin = 67,
    Daichikurin = 68,
    IishokuYonjun = 69,
    Sanrenkou = 70,
    Uumensai = 71,
    OpenRiichi = 72,
}

/// Every yaku in id order.
pub const ALL: [Yaku; 68] = {
    use Yaku::*;
    [
        MenzenTsumo,
        Riichi,
        Ippatsu,
        Chankan,
        RinshanKaihou,
        Haitei,
        Houtei,
        Pinfu,
        Tanyao,
        Iipeikou,
        SeatWindEast,
        SeatWindSouth,
        SeatWindWest,
        SeatWindNorth,
        RoundWindEast,
        RoundWindSouth,
        RoundWindWest,
        RoundWindNorth,
        Haku,
        Hatsu,
        Chun,
        DoubleRiichi,
        Chiitoitsu,
        Chanta,
        Ittsu,
        SanshokuDoujun,
        SanshokuDoukou,
        Sankantsu,
        Toitoi,
        Sanankou,
        Shousangen,
        Honroutou,
        Ryanpeikou,
        Junchan,
        Honitsu,
        Chinitsu,
        Renhou,
        Tenhou,
        Chiihou,
        Daisangen,
        Suuankou,
        SuuankouTanki,
        Tsuuiisou,
        Ryuuiisou,
        Chinroutou,
        ChuurenPoutou,
        JunseiChuurenPoutou,
        Kokushi,
        Kokushi13,
        Daisuushi,
        Shousuushi,
        Suukantsu,
        Dora,
        Uradora,
        Akadora,
        Daisharin,
        Suurenkou,
        HyakumanGoku,
        BeniKujaku,
        ShiisanPuutaa,
        Paarenchan,
        Daichisei,
        Daisuurin,
        Daichikurin,
        IishokuYonjun,
        Sanrenkou,
        Uumensai,
        OpenRiichi,
    ]
};

impl Yaku {
    /// Tenhou's yaku id (60.. for local yaku).
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The yaku with this id.
    pub fn from_id(id: u8) -> Option<Yaku> {
        ALL.iter().copied().find(|y| y.id() == id)
    }

    /// Romaji snake_case name.
    pub const fn name(self) -> &'static str {
        use Yaku::*;
        match self {
            MenzenTsumo => "menzen_tsumo",
            Riichi => "riichi",
            Ippatsu => "ippatsu",
            Chankan => "chankan",
            RinshanKaihou => "rinshan_kaihou",
            Haitei => "haitei_raoyue",
            Houtei => "houtei_raoyui",
            Pinfu => "pinfu",
            Tanyao => "tanyao",
            Iipeikou => "iipeikou",
            SeatWindEast => "jikaze_ton",
            SeatWindSouth => "jikaze_nan",
            SeatWindWest => "jikaze_shaa",
            SeatWindNorth => "jikaze_pei",
            RoundWindEast => "bakaze_ton",
            RoundWindSouth => "bakaze_nan",
            RoundWindWest => "bakaze_shaa",
            RoundWindNorth => "bakaze_pei",
            Haku => "haku",
            Hatsu => "hatsu",
            Chun => "chun",
            DoubleRiichi => "double_riichi",
            Chiitoitsu => "chiitoitsu",
            Chanta => "chanta",
            Ittsu => "ittsu",
            SanshokuDoujun => "sanshoku_doujun",
            SanshokuDoukou => "sanshoku_doukou",
            Sankantsu => "sankantsu",
            Toitoi => "toitoi",
            Sanankou => "sanankou",
            Shousangen => "shousangen",
            Honroutou => "honroutou",
            Ryanpeikou => "ryanpeikou",
            Junchan => "junchan",
            Honitsu => "honitsu",
            Chinitsu => "chinitsu",
            Renhou => "renhou",
            Tenhou => "tenhou",
            Chiihou => "chiihou",
            Daisangen => "daisangen",
            Suuankou => "suuankou",
            SuuankouTanki => "suuankou_tanki",
            Tsuuiisou => "tsuuiisou",
            Ryuuiisou => "ryuuiisou",
            Chinroutou => "chinroutou",
            ChuurenPoutou => "chuuren_poutou",
            JunseiChuurenPoutou => "junsei_chuuren_poutou",
            Kokushi => "kokushi_musou",
            Kokushi13 => "kokushi_musou_juusanmen",
            Daisuushi => "daisuushii",
            Shousuushi => "shousuushii",
            Suukantsu => "suukantsu",
            Dora => "dora",
            Uradora => "uradora",
            Akadora => "akadora",
            Daisharin => "daisharin",
            Suurenkou => "suurenkou",
            HyakumanGoku => "hyakuman_goku",
            BeniKujaku => "beni_kujaku",
            ShiisanPuutaa => "shiisan_puutaa",
            Paarenchan => "paarenchan",
            Daichisei => "daichisei",
            Daisuurin => "daisuurin",
            Daichikurin => "daichikurin",
            IishokuYonjun => "iishoku_yonjun",
            Sanrenkou => "sanrenkou",
            Uumensai => "uumensai",
            OpenRiichi => "open_riichi",
        }
    }

    /// The yaku with this name.
    pub fn from_name(name: &str) -> Option<Yaku> {
        ALL.iter().copied().find(|y| y.name() == name)
    }

    /// Whether this is a yakuman (scored as a multiple of 8000 basic points).
    pub const fn is_yakuman(self) -> bool {
        let id = self as u8;
        (id >= 37 && id <= 51) || (id >= 60 && id <= 69)
    }

    /// Whether this counts dora (never toward the one-han minimum).
    pub const fn is_dora(self) -> bool {
        matches!(self, Yaku::Dora | Yaku::Uradora | Yaku::Akadora)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_round_trip() {
        for y in ALL {
            assert_eq!(Yaku::from_id(y.id()), Some(y));
            assert_eq!(Yaku::from_name(y.name()), Some(y));
        }
        assert_eq!(Yaku::Pinfu.id(), 7);
        assert_eq!(Yaku::Akadora.id(), 54);
        assert!(Yaku::Kokushi13.is_yakuman() && !Yaku::Chinitsu.is_yakuman());
        assert!(Yaku::Tenhou.is_yakuman() && !Yaku::Renhou.is_yakuman());
        assert!(Yaku::IishokuYonjun.is_yakuman() && !Yaku::Sanrenkou.is_yakuman());
        assert!(!Yaku::Uumensai.is_yakuman());
        assert!(!Yaku::OpenRiichi.is_yakuman() && Yaku::OpenRiichi.id() == 72);
    }
}
