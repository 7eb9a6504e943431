"""Rule configuration: one frozen :class:`Rules` dataclass with documented defaults and presets.

The defaults are Tenhou's ranked four-player rules (東南戦, 喰いタン・赤あり). The scoring part
(:meth:`Rules.scoring`) is converted once to the Rust ``ScoringRules`` and cached; the flow
fields are plain data read by the round and game engine.

Sources: Tenhou's rule page (tenhou.net/man, "ルール"), checked against real Tenhou logs in
``../shared/data/mjlog`` (e.g. a suuankou tanki recorded as a single 32000 yakuman); Mahjong
Soul's ranked-match rule description (段位戦ルール説明, mahjongsoul.com news 60c8610c...).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal

from riichi._core import ScoringRules

__all__ = ["DOUBLE_YAKUMAN_FORMS", "SCORING_FIELDS", "Rules"]

#: Names accepted in :attr:`Rules.double_yakuman_special_waits`.
DOUBLE_YAKUMAN_FORMS = (
    "kokushi_musou_13_sided",
    "suuankou_tanki",
    "junsei_chuuren_poutou",
    "daisuushi",
)

Length = Literal["one_round", "tonpuusen", "hanchan", "full", "east_north", "east_east"]
_LENGTHS: tuple[str, ...] = typing.get_args(Length)

#: Fields the Rust scorer reads (passed once through :meth:`Rules.scoring`).
SCORING_FIELDS = (
    "red_fives",
    "kuitan",
    "atozuke",
    "kiriage_mangan",
    "kazoe_yakuman",
    "double_yakuman_special_waits",
    "yakuman_stacking",
    "pinfu_tsumo",
    "open_pinfu_ron_fu",
    "chiitoitsu_value",
    "double_wind_pair_fu",
    "renhou",
    "daisharin",
    "suurenkou",
    "hyakuman_goku",
    "beni_kujaku",
    "shiisan_puutaa",
    "honba_points",
    "two_han_minimum_from_honba",
    "riichi_stick",
    "num_players",
)


@dataclass(frozen=True)
class Rules:
    """A complete rule set. Frozen; derive variants with :func:`dataclasses.replace`.

    Points are game points (a riichi stick is 1000). Each field names its default and, when
    the value is a convention, its source ("Tenhou" = tenhou.net ranked rules; "MS" = Mahjong
    Soul ranked rules).

    Scoring fields (read by :func:`riichi.score`):

    Attributes:
        red_fives: Red fives per suit (man, pin, sou), 0..3 each. Default ``(1, 1, 1)``
            (Tenhou 赤 lobbies and MS: one red five per suit; Tenhou 赤なし lobbies: 0).
        kuitan: Open tanyao counts. Default True (Tenhou 喰タンあり, MS).
        atozuke: A wait whose yaku depends on the winning tile may win. Default True (Tenhou,
            MS). Enforced by the round engine, which knows the wait set.
        kiriage_mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan. Default False
            (Tenhou, MS; many Japanese pro leagues use True).
        kazoe_yakuman: What 13+ han without a yakuman is worth: ``"yakuman"`` (default: Tenhou,
            MS) or ``"sanbaiman"`` (capped).
        double_yakuman_special_waits: Which of :data:`DOUBLE_YAKUMAN_FORMS` count as double
            yakuman. Default ``()`` (Tenhou: all single, verified in logs); MS: all four.
        yakuman_stacking: Several yakuman in one hand add up. Default True (Tenhou, MS).
        pinfu_tsumo: Pinfu may be won by tsumo (20 fu, pinfu + menzen tsumo). Default True
            (Tenhou, MS). When False such a hand has no pinfu and scores 20 + 2 -> 30 fu.
        open_pinfu_ron_fu: An open hand with no fu beyond the base 20, won by ron: ``"30"``
            (always raised to 30 fu; default: Tenhou, MS), ``"30_at_1han"`` (raised only
            when the hand has exactly 1 han, else left at 20) or ``"20"`` (left at 20).
        chiitoitsu_value: ``"25fu_2han"`` (default: Tenhou, MS), ``"50fu_1han"`` (old rule)
            or ``"30fu_2han"``.
        double_wind_pair_fu: Fu of a pair of the wind that is both seat and round wind: 4
            (default: Tenhou, MS) or 2 (WRC, EMA).
        renhou: ``"off"`` (default: Tenhou, MS ranked), ``"mangan"`` / ``"baiman"`` (a 5 / 8 han
            yaku adding to the others) or ``"yakuman"``.
        daisharin: Local yakuman 22334455667788p closed. Default False.
        suurenkou: Local yakuman: four triplets in a row of one suit. Default False.
        hyakuman_goku: Local yakuman: man tiles only, numbers summing to 100+. Default False.
        beni_kujaku: Local yakuman: only 1s 5s 7s 9s and chun. Default False.
        shiisan_puutaa: Local yakuman: a first-draw hand of 13 unrelated tiles and a pair.
            Default False.
        honba_points: Points per honba in total: ron pays it all, tsumo splits it among the
            payers (100 each). Default 300 (Tenhou, MS); Tenhou sanma 200 (seen in its logs).
        two_han_minimum_from_honba: From this many honba on, a win needs 2 han without dora
            (リャンシバ). Default None (never; Tenhou, MS).
        riichi_stick: Points of one riichi stick. Default 1000.
        num_players: 4 (default) or 3 (sanma: tsumo paid by two players, no share for the
            absent seat, as Tenhou's 三麻 "tsumo-zon").

    Flow fields (read by the round and game engine):

    Attributes:
        length: ``"one_round"`` (一局戦), ``"tonpuusen"`` (East only), ``"hanchan"`` (East +
            South; default), ``"full"`` (East-South-West-North), ``"east_north"``,
            ``"east_east"``.
        starting_points: Points each player starts with. Default 25000 (Tenhou, MS).
        target_points: Return points (genten / 返し): the oka reference, and the score that
            must be reached to end the game after the last round (otherwise the game enters
            the extension) unless :attr:`extension_target` says otherwise. Default 30000
            (Tenhou, MS).
        extension: What follows the last planned round (all-last) when nobody has
            :attr:`end_target` there (enchousen, 延長戦). Default ``"sudden_death"``. West
            entry after a hanchan, South entry after a tonpuusen:

            - ``"sudden_death"`` (default: Tenhou, MS): every extension round ends the game
              when somebody has the target after it (tenpai payments count), as if it were
              all-last; a dealer renchan plays on unless :attr:`sudden_death_renchan` is
              False. Tenhou: hagurin-tenhou.com "西入" FAQ, and its logs (a W1 dealer
              tenpai with another player at 30900 plays W1-1: 2022060108gm-00a9-0000-930771df).
            - ``"full_wind"``: the extension wind is played through and the target is checked
              again at its fourth round, like all-last (house rules that enter West without
              sudden death).
            - ``"none"``: the game ends at all-last whatever the scores.

            Not used by ``length="one_round"``.
        extension_winds: The most winds the extension may add, 1..4. Default 1 (Tenhou:
            West 4 is the last possible round, no North round, hagurin-tenhou.com; MS: the
            game is ended at West 4, riichi.wiki "End game scenarios"). The winds follow
            the last planned one in order (hanchan: West, then North, then a second East:
            2 = west then north entry, 3 = then a second East). The fourth round of the
            last one is the limit: the game ends there once the deal passes, below the
            target too (a dealer renchan still plays on; agari-yame / tenpai-yame still
            need the target: Tenhou log 2021041720gm-00a9-0000-f3b19e15 plays W4-2 after
            the dealer's win to 28200 as top).
        extension_target: The score somebody must have for the game to end at all-last or
            in the extension, and that agari-yame / tenpai-yame require; ``None`` (default)
            means :attr:`target_points` (Tenhou, MS: 30000). Rules whose end score differs
            from the oka reference (e.g. 33300) set it here.
        sudden_death_renchan: In a sudden-death extension round, a dealer renchan plays on
            although another player has the target. Default True (Tenhou: "親の連荘中は子に
            30000点越えの者が出ても連荘を優先", kobalab's notes on Tenhou,
            gist.github.com/kobalab/0d551769d11e077322fe4c8a6990a475, and its logs); False
            ends the game at once (kobalab's 電脳麻将 rule, same note). A dealer who is top with
            the target may still stop by agari-yame / tenpai-yame.
        tobi: A player below 0 points ends the game (exactly 0 continues unless
            :attr:`tobi_at_zero`). Default True (Tenhou, MS).
        agari_yame: The dealer leading with :attr:`end_target` after winning the last round
            (all-last, a sudden-death extension round, the fourth round of an extension
            wind) may end the game. Default True (Tenhou: automatic; MS).
        tenpai_yame: The same when the dealer is tenpai at an exhaustive draw there. Default
            True (Tenhou: automatic since June 2010 -- its logs up to 2010-06-01 play on,
            from 2010-06-08 they stop; MS: the dealer may stop).
        renchan: The dealer keeps the seat when ``"tenpai"`` at a draw or winning (default:
            Tenhou, MS) or only on ``"agari"``.
        uma: Rank bonuses in points, one per rank from first place down (``num_players``
            values, summing to 0, none above the one before). Default
            ``(20000, 10000, -10000, -20000)`` (Tenhou +20/+10/-10/-20 in thousands).
        oka: Bonus to first place in points; default 20000 = (30000 - 25000) x 4 (Tenhou).
        leftover_kyotaku_to_top: Riichi sticks left at game end go to first place. Default
            True (Tenhou, MS).
        final_rounding: How the final points (``GameResult.final``: ``(score -
            target_points) / 1000 + uma``, oka to the top) are rounded. ``"none"`` (default:
            Tenhou since early 2022, MS): exact, one decimal (a score is a
            multiple of 100). ``"thousands"``: every player but the top has the score rounded
            to whole thousands, half away from zero (25,500 -> 26, 24,400 -> 24, -500 -> -1,
            -8,600 -> -9), then the return subtracted and the uma added; the top gets what
            keeps the total equal to the exact total (zero with Tenhou's uma and oka).
            Tenhou's ``owari`` used it up to late 2021: every rounded Tenhou game of
            ``../shared/data`` (mjlog, tenhou.net/6 and kobalab conversions, 4- and 3-player,
            dated up to 2021-10-03) agrees with it, where rounding the score minus the return
            half toward zero (or down) misses some; logs from 2022-01-31 on keep one decimal
            (``riichi.replay.tenhou_final_rule``).
        kuikae: Which discards are forbidden right after a chi or pon (喰い替え), and so which
            calls are not offered because they leave no other discard (RC52):
            ``"forbidden"`` (default: Tenhou, MS, 現物・筋喰い替えなし: the called kind, and
            after a chi whose called tile ends the run the kind beyond the run's other end,
            "56s chi 4s, then neither 4s nor 7s"; also accepted as
            ``"same_tile_and_suji"``), ``"same_tile"`` (only the called kind, 現物喰い替え
            なし・筋喰い替えあり: "現物のみ不可とするルールもある", mj-news.net column of
            2019-07-24 on 食い替え) or ``"allowed"`` (no restriction, e.g. Saikouisen's
            Classic rules; also accepted as ``"none"``). The aliases are stored as
            ``"forbidden"`` / ``"allowed"``.
        open_kan_dora: When the kan dora of a daiminkan or kakan is revealed:
            ``"after_discard"`` (default: Tenhou, MS; an ankan's: :attr:`closed_kan_dora`) or
            ``"immediate"``. A kan dora still pending when the same player declares another
            kan is revealed once that kan stands, after its chankan window (Tenhou: a chankan
            on the second kakan is scored without it).
        kokushi_chankan_ankan: Kokushi may rob a concealed kan. Default False (Tenhou); MS True.
        riichi_min_points: Points needed to declare riichi. Default 1000 (Tenhou, MS).
        riichi_min_live_tiles: Live-wall tiles needed to declare riichi. Default 4 (Tenhou, MS).
        furiten_riichi: Riichi may be declared while furiten. Default True (Tenhou, MS).
        multiple_ron: ``"double"`` (two rons allowed, a third is sanchahou; default: Tenhou),
            ``"triple"`` (MS) or ``"head_bump"`` (only the first in turn order wins).
        sanchahou: Three rons on one discard abort the hand. Default True (Tenhou); MS False.
        kyuushu_kyuuhai: Nine different terminals/honors may abort. Default True.
        suufon_renda: Four identical winds discarded first abort. Default True.
        suucha_riichi: Four riichi abort. Default True.
        suukaikan: Four kans by different players abort. Default True.
        nagashi_mangan: Nagashi mangan is scored at an exhaustive draw. Default True (Tenhou,
            MS).
        noten_payment: Total noten penalty. Default 3000.
        pao_daisangen: Pao for feeding the third dragon set. Default True (Tenhou, MS).
        pao_daisuushi: Pao for feeding the fourth wind set. Default True (Tenhou, MS).
        pao_suukantsu: Pao for feeding the fourth kan. Default False (Tenhou); MS True.
        pao_scope: What the liable player answers for when the hand holds other yakuman
            besides the one it fed: ``"hand"`` (default: Tenhou, the whole hand -- log
            2019103023gm-00a9-0000-f90e0fe9, daisangen + tsuuiisou paid by the liable player
            alone) or ``"yakuman"`` (MS: only the yakuman that made it liable is paid under
            pao -- all of it on a tsumo, half with the discarder on a ron -- and the other
            yakuman as any win; riichi.wiki "Mahjong Soul", rules: "separated responsibility
            for each yakuman"). The liable player pays the honba in both.
        yakitori: Default False (Tenhou, MS: not used). A player who won no hand in the
            whole game (焼き鳥; a tobi ending counts too, nagashi mangan only with
            :attr:`nagashi_mangan_as` ``"win"``) pays :attr:`yakitori_penalty` at the end
            to the players who won. Settled with the final points (``GameResult.final``) after
            the ranking, as the usual "清算時にマイナス" convention: game scores and ranks are
            unchanged. Nobody pays when nobody won.
        yakitori_penalty: Points each yakitori player pays (a multiple of 100). Default
            10000 (the common "マイナス10" of Japanese free-mahjong rules).
        yakitori_payment: ``"split"`` (default: the penalty is shared equally among the
            players who won, in 100-point units, a remainder going to them one unit each in
            seat order from the first dealer) or ``"each"`` (the full penalty to each of them).
        wareme: Default False (Tenhou, MS: not used). The player in whose wall section
            the wall is broken (割れ目; the dice total counted from the dealer: 5/9 the
            dealer, 2/6/10 the next seat, 3/7/11 across, 4/8/12 the seat before) pays and
            receives double in that round's win payments: everything that player pays to
            a winner, or receives as the winner, honba included, is doubled (the common
            "得失点はすべて倍"); riichi sticks, noten payments and nagashi mangan are not.
            Needs a wall with dice (``Wall.from_seed``; a wall given as a plain order has
            no break, so no wareme). Not modelled: the variant with x4 on doubles.

    Draw, pao, game-end and ranking options (issue 16; each default keeps Tenhou's rule):

    Attributes:
        keishiki_tenpai: A tenpai hand with no yaku on any wait (形式聴牌: an open hand that
            could not win on any of its waits; riichi and closed hands always have one, menzen
            tsumo) counts as tenpai at an exhaustive draw. Default True (Tenhou, MS: 形式聴牌
            あり). False: it counts as noten (no noten payment received, no tenpai renchan).
        own_copies_tenpai: A hand whose only waits are tiles of which it holds all four
            copies itself (concealed or in its melds; 純カラ) counts as tenpai at an
            exhaustive draw. Default False (Tenhou, MS, EMA RCR 2012 §3.4.2: such a hand is
            noten; RC08). Such a hand can never win, so with :attr:`keishiki_tenpai` False
            it is noten unless in riichi.
        tenpai_declaration: ``"automatic"`` (default: Tenhou, MS: every tenpai hand is
            shown and counts) or ``"voluntary"`` (EMA RCR 2016 §3.4.2: a player who
            "can't or won't show a tenpai hand" is noten; riichi players must show). The
            engine has no action for the declaration: a seat declares noten in advance with
            :meth:`riichi.Round.declare_noten` (``Game.declare_noten``), taken into account
            if the round ends in an exhaustive draw; a riichi declared afterwards withdraws
            it. Nobody declares noten unless asked, so self-play shows every tenpai hand.
        pao_rinshan: Default False (Tenhou, MS: paid as an ordinary tsumo). True: a
            rinshan kaihou won on the replacement tile of a daiminkan is paid entirely by
            the player who discarded the kan tile (大明槓の責任払い, a Japanese house rule
            that treats it like a deal-in): the whole tsumo value (what all payers would
            have paid) and the honba. Not modelled: the variant where that player pays the
            ron value instead (kityou.hatenadiary.org, 2015-09-22: both are played).
        pao_honba: Who pays the honba of a win under yakuman pao (daisangen, daisuushi,
            suukantsu): ``"liable"`` (default: Tenhou, RC40: the liable player, on a ron
            too), ``"shared"`` (on a ron split in half between the liable player and the
            discarder, like the value; a tsumo: the liable player) or ``"discarder"`` (on a
            ron the discarder, as on any ron, e.g. the house rules of orenomaajan.blogspot.com
            "Sekinin Barai / Pao"; a tsumo: the liable player, the only payer).
        nagashi_mangan_as: ``"draw"`` (default: Tenhou, MS: an exhaustive draw with a
            mangan-sized payment: honba +1, the dealer keeps the deal only when tenpai,
            riichi sticks stay on the table) or ``"win"`` (EMA RCR: "counts as a win":
            each declarer is paid as a mangan tsumo with the honba, the first in turn order
            from the dealer takes the riichi sticks, no noten payments; the dealer keeps the
            deal only as a declarer, honba reset otherwise; a declarer has won a hand for
            :attr:`yakitori`, and a dealer declarer stops by :attr:`agari_yame`).
        tobi_at_zero: With :attr:`tobi`, a score of exactly 0 also ends the game. Default
            False (Tenhou, MS: 0 points play on, only below 0 ends it); True: the common
            Japanese house rule "0点でトビ" (e.g. kobalab's 電脳麻将 option "持ち点がちょうど0
            点でもトビとする").
        tied_ranks: Players with equal final scores: ``"seat_order"`` (default: Tenhou, MS,
            M-League: the seat nearer the first dealer ranks higher) or ``"shared"`` (EMA
            RCR, WRC: they share the rank, and split the uma of the ranks they cover, and
            the oka when first, equally; leftover riichi sticks go to them in seat order).
            ``GameResult.ranks`` then repeats a rank (``(1, 1, 3, 4)``).
        last_round_renchan: At a decisive round (all-last, an extension wind's fourth, each
            sudden-death round) the dealer keeps the deal by winning or tenpai. Default True
            (Tenhou, MS); False: the deal passes whatever the dealer did (オーラス親の連荘なし:
            the game ends when somebody has :attr:`end_target`, at the limit round, or goes
            on to the next extension round), honba as when the deal passes.
        riichi_requires_tenpai: Riichi may be declared only with a discard that leaves the
            hand tenpai. Default True (Tenhou, MS, RC48); False: any discard of a closed
            hand meeting the other conditions may declare riichi (ノーテンリーチ: found only at
            an exhaustive draw, see :attr:`noten_riichi_chombo`).
        noten_riichi_chombo: What a riichi player found noten at an exhaustive draw owes:
            ``"off"`` (default; today's engine: it is simply noten, and pays noten
            payments), ``"mangan"`` (EMA RCR 2012 §3.4.6: a chombo of a mangan's size, 4000
            to the dealer and 2000 to each other player, 4000 to each as dealer; 2 payers
            in sanma) or ``"penalty"`` (EMA RCR 2016, WRC: :attr:`chombo_penalty` points
            off the final points, ``GameResult.penalties``). A chombo voids the hand (EMA):
            no noten payment and no nagashi mangan draw payment, the riichi sticks of this
            hand go back to their owners, no honba added, the dealer keeps the deal; a
            nagashi mangan counted as a win (:attr:`nagashi_mangan_as`) voids the chombo.
        chombo_penalty: Points off the final points per chombo with
            ``noten_riichi_chombo="penalty"``, a multiple of 100. Default 20000 (EMA RCR
            2016, WRC 2015).

    Turn options (issue 16; each default keeps Tenhou's rule):

    Attributes:
        riichi_ankan: Which ankan a player in riichi may declare (always only of the
            kind just drawn): ``"same_waits"`` (default: Tenhou, tenhou.net/man: an ankan
            that changes the waits is refused), ``"same_reading"`` (stricter, as rule pages
            such as mahjong-metapin.com "カン" write it: no ankan that touches the hand's
            composition; the waits unchanged and the kan's kind a triplet in every reading
            of the hand on every wait, so 111222333m7m ankan 1m is refused: 7m stays the
            wait, but 123m 123m 123m reads the 1m as runs) or ``"forbidden"`` (no ankan
            in riichi, a house rule).
        closed_kan_dora: When an ankan's kan dora is revealed: ``"immediate"`` (default:
            Tenhou, MS: as soon as the kan stands, before the replacement draw) or
            ``"after_discard"`` (with the replacement discard, or at the next kan, as
            :attr:`open_kan_dora` does for open kans: the houses that reveal every kan dora
            once the discard stands, a variant mahjongcollege.com "槓ドラ" names beside the
            usual ankan-immediate rule). A rinshan kaihou on such an ankan is scored
            without its kan dora.
    """

    # scoring
    red_fives: tuple[int, int, int] = (1, 1, 1)
    kuitan: bool = True
    atozuke: bool = True
    kiriage_mangan: bool = False
    kazoe_yakuman: Literal["yakuman", "sanbaiman"] = "yakuman"
    double_yakuman_special_waits: tuple[str, ...] = ()
    yakuman_stacking: bool = True
    pinfu_tsumo: bool = True
    open_pinfu_ron_fu: Literal["30", "30_at_1han", "20"] = "30"
    chiitoitsu_value: Literal["25fu_2han", "50fu_1han", "30fu_2han"] = "25fu_2han"
    double_wind_pair_fu: int = 4
    renhou: Literal["off", "mangan", "baiman", "yakuman"] = "off"
    daisharin: bool = False
    suurenkou: bool = False
    hyakuman_goku: bool = False
    beni_kujaku: bool = False
    shiisan_puutaa: bool = False
    honba_points: int = 300
    two_han_minimum_from_honba: int | None = None
    riichi_stick: int = 1000
    num_players: int = 4
    # flow
    length: Length = "hanchan"
    starting_points: int = 25000
    target_points: int = 30000
    extension: Literal["sudden_death", "full_wind", "none"] = "sudden_death"
    extension_winds: int = 1
    extension_target: int | None = None
    sudden_death_renchan: bool = True
    tobi: bool = True
    agari_yame: bool = True
    tenpai_yame: bool = True
    renchan: Literal["tenpai", "agari"] = "tenpai"
    uma: tuple[int, ...] = (20000, 10000, -10000, -20000)
    oka: int = 20000
    leftover_kyotaku_to_top: bool = True
    final_rounding: Literal["none", "thousands"] = "none"
    kuikae: Literal["forbidden", "same_tile", "allowed"] = "forbidden"
    open_kan_dora: Literal["after_discard", "immediate"] = "after_discard"
    kokushi_chankan_ankan: bool = False
    riichi_min_points: int = 1000
    riichi_min_live_tiles: int = 4
    furiten_riichi: bool = True
    multiple_ron: Literal["double", "triple", "head_bump"] = "double"
    sanchahou: bool = True
    kyuushu_kyuuhai: bool = True
    suufon_renda: bool = True
    suucha_riichi: bool = True
    suukaikan: bool = True
    nagashi_mangan: bool = True
    noten_payment: int = 3000
    pao_daisangen: bool = True
    pao_daisuushi: bool = True
    pao_suukantsu: bool = False
    pao_scope: Literal["hand", "yakuman"] = "hand"
    yakitori: bool = False
    yakitori_penalty: int = 10000
    yakitori_payment: Literal["split", "each"] = "split"
    wareme: bool = False
    # draw, pao, game-end and ranking options (issue 16)
    keishiki_tenpai: bool = True
    own_copies_tenpai: bool = False
    tenpai_declaration: Literal["automatic", "voluntary"] = "automatic"
    pao_rinshan: bool = False
    pao_honba: Literal["liable", "shared", "discarder"] = "liable"
    nagashi_mangan_as: Literal["draw", "win"] = "draw"
    tobi_at_zero: bool = False
    tied_ranks: Literal["seat_order", "shared"] = "seat_order"
    last_round_renchan: bool = True
    riichi_requires_tenpai: bool = True
    noten_riichi_chombo: Literal["off", "mangan", "penalty"] = "off"
    chombo_penalty: int = 20000
    # turn options (issue 16)
    riichi_ankan: Literal["same_waits", "same_reading", "forbidden"] = "same_waits"
    closed_kan_dora: Literal["immediate", "after_discard"] = "immediate"
    _scoring_cache: list = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        alias = _KUIKAE_ALIASES.get(self.kuikae) if isinstance(self.kuikae, str) else None
        if alias is not None:  # the clearer names of the two old values
            object.__setattr__(self, "kuikae", alias)
        _check_field_types(self)  # every Literal field (length, kuikae, ...) among them
        if _not_int(self.extension_winds) or not 1 <= self.extension_winds <= 4:
            raise _error("extension_winds", self.extension_winds, "an int 1..4")
        if self.extension_target is not None and _not_int(self.extension_target):
            raise _error("extension_target", self.extension_target, "an int or None")
        if (
            _not_int(self.yakitori_penalty)
            or self.yakitori_penalty < 0
            or self.yakitori_penalty % 100
        ):
            raise _error(
                "yakitori_penalty", self.yakitori_penalty, "an int >= 0, a multiple of 100"
            )
        if self.chombo_penalty % 100:
            raise _error("chombo_penalty", self.chombo_penalty, "a multiple of 100")
        if self.num_players not in (3, 4):
            raise _error("num_players", self.num_players, "3 or 4")
        split = 6 if self.num_players == 4 else 2  # every tenpai/noten split is exact
        if self.noten_payment % split:
            raise _error(
                "noten_payment",
                self.noten_payment,
                f"a multiple of {split}, so every split is exact",
            )
        if len(self.uma) != self.num_players:
            raise _error("uma", self.uma, f"{self.num_players} values, one per rank")
        if sum(self.uma) != 0 or any(a < b for a, b in zip(self.uma, self.uma[1:])):
            # uma moves points between ranks; the oka is the only bonus that is not zero-sum
            raise _error("uma", self.uma, "values that sum to 0, from first place down")
        for d in self.double_yakuman_special_waits:
            if d not in DOUBLE_YAKUMAN_FORMS:
                raise _error("double_yakuman_special_waits", d, f"one of {DOUBLE_YAKUMAN_FORMS}")
        self.scoring()  # validates the scoring fields now, and caches the Rust object

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy by the init fields alone: the cached Rust ``ScoringRules`` is
        rebuilt (and every field checked again) on load, so process pools and
        ``copy.deepcopy`` of a game work."""
        init = tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.init)
        return (self.__class__, init)

    def scoring(self) -> ScoringRules:
        """The scoring fields as the Rust ``ScoringRules`` (built once per Rules, cached).

        Raises:
            RiichiError: a scoring field outside its domain (named in the message).
        """
        if not self._scoring_cache:
            kwargs = {name: getattr(self, name) for name in SCORING_FIELDS}
            kwargs["double_yakuman_special_waits"] = list(kwargs["double_yakuman_special_waits"])
            try:
                built = ScoringRules(**kwargs)
            except (TypeError, OverflowError) as e:  # a value the core's type cannot hold
                # the core's extraction notes the argument: "while processing 'name'"
                notes = " ".join(getattr(e, "__notes__", ()))
                name = next((f for f in SCORING_FIELDS if f"'{f}'" in notes), "")
                value = kwargs.get(name, "?")
                raise _error(
                    name or "scoring field", value, f"a value the scorer holds ({e})"
                ) from None
            self._scoring_cache.append(built)
        cached: ScoringRules = self._scoring_cache[0]
        return cached

    @property
    def end_target(self) -> int:
        """The score that ends the game at all-last or in the extension:
        :attr:`extension_target`, or :attr:`target_points` when that is ``None``."""
        return self.target_points if self.extension_target is None else self.extension_target

    def replace(self, **changes: object) -> Rules:
        """A copy with some fields changed (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """Every field as plain JSON data: ``{field name: value}`` in field order, tuples as
        lists, ``None`` kept. :meth:`from_dict` gives back an equal ``Rules``; the log writers
        store this under the ``riichi_rules`` key (see :mod:`riichi.logs`)."""
        out: dict[str, object] = {}
        for f in dataclasses.fields(self):
            if f.init:
                value = getattr(self, f.name)
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: object, base: Rules | None = None) -> Rules:
        """The rules of a ``{field name: value}`` mapping, as :meth:`to_dict` writes it.

        Args:
            data: a dict of field names to values (lists for the tuple fields).
            base: the rules a field missing from ``data`` keeps (default ``Rules()``, the
                documented defaults); a complete dict from :meth:`to_dict` needs none.

        Raises:
            RiichiError: ``data`` not a dict, a key that is not a field (named), or a value
                the field does not accept (as the constructor reports it).
        """
        from riichi.errors import RiichiError

        if not isinstance(data, dict):
            raise RiichiError(f"Rules.from_dict: expected a dict, got {type(data).__name__}")
        names = [f.name for f in dataclasses.fields(cls) if f.init]
        unknown = sorted(str(k) for k in data if k not in names)
        if unknown:
            raise RiichiError(f"Rules.from_dict: unknown field(s) {', '.join(unknown)}")
        if base is None:
            return cls(**data)
        if not isinstance(base, Rules):
            raise RiichiError(f"Rules.from_dict: base must be a Rules, got {base!r:.80}")
        return dataclasses.replace(base, **data)

    def to_json(self) -> str:
        """:meth:`to_dict` as one line of JSON text."""
        import json

        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, base: Rules | None = None) -> Rules:
        """The rules of a JSON object as :meth:`to_json` writes it (see :meth:`from_dict`).

        Raises:
            RiichiError: not JSON (with the parser's position), or what :meth:`from_dict`
                raises.
        """
        import json

        from riichi.errors import RiichiError

        try:
            data = json.loads(text)
        except (ValueError, TypeError) as e:
            raise RiichiError(f"Rules.from_json: not JSON: {e}") from None
        return cls.from_dict(data, base)

    @classmethod
    def tenhou(cls, length: Length = "hanchan", *, red: bool = True) -> Rules:
        """Tenhou ranked rules (鳳凰卓 / 特上卓 …): hanchan or ``length="tonpuusen"``;
        ``red=False`` for the 赤なし lobbies. All other fields are the defaults."""
        return cls(length=length, red_fives=(1, 1, 1) if red else (0, 0, 0))

    @classmethod
    def tenhou_sanma(cls, length: Length = "hanchan", *, red: bool = True) -> Rules:
        """Tenhou three-player (三麻) ranked rules, as its logs show them: 35,000 points to
        start, 40,000 returned, uma +20/0/-20 and oka 15,000 (end_game points of the
        corpus), 200 points per honba, 2,000 noten payments in total, red 5p and 5s
        (``red=False``: none), riichi with 3 live tiles left (one more draw each; the corpus
        has four such riichi), no suufon renda, suucha riichi or sanchahou; no chi and the
        nukidora are the round engine's for ``num_players=3``."""
        return cls(
            length=length,
            num_players=3,
            red_fives=(0, 1, 1) if red else (0, 0, 0),
            starting_points=35000,
            target_points=40000,
            uma=(20000, 0, -20000),
            oka=15000,
            honba_points=200,
            noten_payment=2000,
            riichi_min_live_tiles=3,
            suufon_renda=False,
            suucha_riichi=False,
            sanchahou=False,
        )

    @classmethod
    def mahjong_soul(cls, length: Length = "hanchan") -> Rules:
        """Mahjong Soul ranked rules (段位戦): same scoring as Tenhou except the four double
        yakuman; kokushi may rob an ankan; triple ron (no sanchahou); suukantsu pao, and pao
        covers only the yakuman that caused it (``pao_scope="yakuman"``); uma
        (15000, 5000, -5000, -15000) as in friendly rooms (ranked uses rank points instead).
        The extension is Tenhou's (West entry, sudden death, ended at West 4);
        ``sudden_death_renchan`` keeps Tenhou's value, as MS's rule text does not say. Final
        points are ``(score - 25000) / 1000 + uma``, exact, without oka: the raw records'
        ``total_point`` (e.g. 47,400 -> 37.4 as top, 16,900 -> -13.1 as third), so
        ``target_points`` is 25,000 and the game still ends at 30,000
        (``extension_target``)."""
        return cls(
            length=length,
            double_yakuman_special_waits=DOUBLE_YAKUMAN_FORMS,
            kokushi_chankan_ankan=True,
            multiple_ron="triple",
            sanchahou=False,
            pao_suukantsu=True,
            pao_scope="yakuman",
            uma=(15000, 5000, -5000, -15000),
            target_points=25000,
            extension_target=30000,
            oka=0,
        )

    @classmethod
    def mahjong_soul_sanma(cls, length: Length = "hanchan") -> Rules:
        """Mahjong Soul three-player (三人麻将) ranked rules: 35,000 points to start and 40,000
        to end at all-last, no 2m-8m, red 5p and 5s, no chi, North set aside as dora (kita;
        a ron on it robs it), tsumo loss (the absent seat's share is not paid), 200 points
        per honba (100 from each payer on a tsumo), 2,000 noten payments in total, no suufon
        renda or suucha riichi, riichi with 3 live tiles left; and as
        :meth:`mahjong_soul`: the four double yakuman, kokushi may rob an ankan, suukantsu
        pao, pao for the liable yakuman only. Final points ``(score - 35000) / 1000 + uma``,
        uma (15000, 0, -15000), exact, without oka (so ``target_points`` is 35,000 and the
        game ends at 40,000, ``extension_target``): the final ``sc`` of the 3-player
        conversions in ``../shared/data/more/mjai-reviewer3p`` (59,000 -> 39.0 as top,
        25,800 -> -9.2, -33,600 -> -83.6 as last); ranked games' rank points are not
        modelled.

        Sources: riichi.wiki "Mahjong Soul" (3P rules: tsumo loss by default, as Tenhou's
        sanma; kita robbable); Mahjong Soul 3-player games converted to tenhou.net/6 in
        ``../shared/data/more`` (a sanbaiman tsumo at 1 honba paid 12,100 + 6,100; a 3,900
        ron at 1 honba paid 4,100; a draw with one noten paid 1,000 to each tenpai player;
        kokushi robbing an ankan in a gold room)."""
        return cls(
            length=length,
            num_players=3,
            red_fives=(0, 1, 1),
            starting_points=35000,
            target_points=35000,
            extension_target=40000,
            uma=(15000, 0, -15000),
            oka=0,
            honba_points=200,
            noten_payment=2000,
            riichi_min_live_tiles=3,
            suufon_renda=False,
            suucha_riichi=False,
            sanchahou=False,
            double_yakuman_special_waits=DOUBLE_YAKUMAN_FORMS,
            kokushi_chankan_ankan=True,
            pao_suukantsu=True,
            pao_scope="yakuman",
        )


#: Clearer names accepted for :attr:`Rules.kuikae`, stored as the value they name.
_KUIKAE_ALIASES = {"same_tile_and_suji": "forbidden", "none": "allowed"}

_MAX_INT = 10**9  # no points, counts or sticks value is anywhere near this


def _check_field_types(rules: Rules) -> None:
    """Every field has its annotated type; ints are in 0..10**9 (uma values may be negative).

    A list given for a tuple field is stored as a tuple (the dataclass is frozen and hashable).

    Raises:
        RiichiError: naming the field, the bad value and what was expected.
    """
    for f in dataclasses.fields(rules):
        if not f.init:
            continue
        hint = _type_hints()[f.name]
        value = getattr(rules, f.name)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is tuple:
            if isinstance(value, list):
                value = tuple(value)
                object.__setattr__(rules, f.name, value)
            if not isinstance(value, tuple):
                raise _error(f.name, value, f"a tuple ({hint})")
            inner = args[0]
            if args[-1] is not Ellipsis and len(value) != len(args):
                raise _error(f.name, value, f"{len(args)} values")
            for v in value:
                _check_scalar(f.name, v, inner, negative_ok=f.name == "uma")
        else:
            _check_scalar(f.name, value, hint, negative_ok=False)


def _check_scalar(name: str, value: object, hint: object, *, negative_ok: bool) -> None:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        # the choices are str: compare only a str (an array's == is not a truth value)
        if not isinstance(value, str) or value not in args:
            raise _error(name, value, f"one of {args}")
    elif hint is bool:
        if not isinstance(value, bool):
            raise _error(name, value, "True or False")
    elif hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _error(name, value, "an int")
        low = -_MAX_INT if negative_ok else 0
        if not low <= value <= _MAX_INT:
            raise _error(name, value, f"an int in {low}..{_MAX_INT}")
    elif hint is str:
        if not isinstance(value, str):
            raise _error(name, value, "a str")
    elif origin in (typing.Union, types.UnionType) and type(None) in args:
        if value is not None:
            (inner,) = (a for a in args if a is not type(None))
            _check_scalar(name, value, inner, negative_ok=negative_ok)


@functools.cache
def _type_hints() -> dict[str, object]:
    return typing.get_type_hints(Rules)


def _not_int(value: object) -> bool:
    return value.__class__ is not int


def _error(name: str, value: object, expected: str) -> Exception:
    from riichi.errors import RiichiError

    return RiichiError(f"invalid Rules.{name}: {value!r} (expected {expected})")
