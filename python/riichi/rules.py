"""Rule configuration: one frozen :class:`Rules` dataclass with documented defaults and presets.

The defaults are Tenhou's ranked four-player rules (東南戦, 喰いタン・赤あり). The scoring part
(:meth:`Rules.scoring`) is converted once to the Rust ``ScoringRules`` and cached; the flow
fields are plain data read by the round and game engine.

Sources: Tenhou's rule page (tenhou.net/man, "ルール"), checked against real Tenhou logs in
``../shared/data/mjlog`` (e.g. a suuankou tanki recorded as a single 32000 yakuman); Mahjong
Soul's ranked-match rule description (段位戦ルール説明, mahjongsoul.com news 60c8610c...).

Presets (:meth:`Rules.presets`, :meth:`Rules.preset`): Tenhou's lobbies (also by their
``<GO type>`` flags, :meth:`Rules.tenhou_lobby`), Mahjong Soul, M-League, the JPML, Saikouisen,
the Japan Pro Mahjong Association, RMU, Mu, the WRC and the EMA, one row each of
:data:`PRESET_VALUES`; each classmethod's docstring cites the source of every value and says
what its sources leave open.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal

from riichi._core import ScoringRules

__all__ = ["DOUBLE_YAKUMAN_FORMS", "PRESET_VALUES", "SCORING_FIELDS", "Rules"]

#: Names accepted in :attr:`Rules.double_yakuman_special_waits` (yaku names as
#: ``riichi.score`` gives them).
DOUBLE_YAKUMAN_FORMS = (
    "kokushi_musou_juusanmen",
    "suuankou_tanki",
    "junsei_chuuren_poutou",
    "daisuushii",
)
#: Earlier spellings of :data:`DOUBLE_YAKUMAN_FORMS` (rules written into logs before the yaku
#: names were unified), read as the current name.
_OLD_DOUBLE_NAMES = {"kokushi_musou_13_sided": "kokushi_musou_juusanmen", "daisuushi": "daisuushii"}

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
    "ura_dora",
    "kan_ura_dora",
    "ippatsu",
    "aotenjou",
    "ryuuiisou_hatsu",
    "paarenchan",
    "daichisei",
    "sanrenkou",
    "iishoku_yonjun",
    "uumensai",
    "daisharin_other_suits",
    "minimum_han",
    "mangan_minimum",
    "riichi_required",
    "open_riichi",
    "rinshan_tsumo_fu",
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
        atozuke: Whether a yaku must be certain before the winning tile. Default
            ``"allowed"`` (Tenhou, MS; 後付けあり): any win with a yaku. Judged by the scorer
            on every wait of the hand before the win (the same situation: riichi, menzen
            tsumo, haitei ... count on every wait), for ron and tsumo alike; a refused win
            scores as "no yaku", so the round offers no ron or tsumo on it.
            ``"yakuhai_katazuke_forbidden"``: a win whose only yaku are yakuhai is refused
            when another wait has no yaku (役牌の片和了り, e.g. a shanpon on haku and 4m won
            on haku); a yaku on only some waits is otherwise allowed. ``"forbidden"``
            (後付けなし / 片和了りなし): every wait must have a yaku (a tanyao hand waiting on
            1-4p may win on neither). Sources: Japanese Wikipedia "聴牌" (片和了: a wait
            where only some tiles give a yaku, 偶発役 aside); majandofu.com "後付け" (a yaku
            fixed by the winning tile). The call-order form of 完全先付け (the yaku fixed at
            the first call) needs the call history and is not modelled. ``True`` / ``False``
            are read as ``"allowed"`` / ``"forbidden"``.
        kiriage_mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan. Default False
            (Tenhou, MS; many Japanese pro leagues use True).
        kazoe_yakuman: What 13+ han without a yakuman is worth: ``"yakuman"`` (default: Tenhou,
            MS), ``"sanbaiman"`` (capped; WRC, EMA) or ``"double_at_26"`` (13-25 han a kazoe
            yakuman, 26+ han a double yakuman, limit ``"double_yakuman"`` with no yakuman
            listed; Japanese Wikipedia "数え役満": some rules count 26 han as a double).
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
        ura_dora: Uradora count for riichi wins. Default True (Tenhou, MS); JPML (日本プロ
            麻雀連盟) official rules play without ura dora, kan dora, kan ura dora and ippatsu.
        kan_ura_dora: The uradora under kan dora indicators count too (otherwise only the
            one under the first indicator). Default True (Tenhou, MS).
        ippatsu: Ippatsu is a yaku. Default True (Tenhou, MS); False in JPML official rules.
            The round still tracks the ippatsu chance; the scorer ignores it.
        aotenjou: No limits (青天井): basic points are fu x 2^(han+2) at any han, a yakuman
            counts 13 han per multiple on top of the other yaku and dora (a hand without fu,
            kokushi musou, at 30 fu), and ``limit`` is None. Default False. A value beyond
            2^31 - 1 points (what ``int32`` batch columns hold) raises ``RiichiError``
            naming ``rules.aotenjou``. Source: riichi.wiki "Aotenjou".
        ryuuiisou_hatsu: Ryuuiisou needs hatsu. Default False (Tenhou, MS: 23468s alone
            count); some rules require it (riichi.wiki "Ryuuiisou").
        paarenchan: Local yakuman paarenchan (八連荘): the dealer's eighth win in a row
            (``riichi.score(..., renchan=7)``: wins in a row before this one). Default False.
            Source: riichi.wiki "Paarenchan". ``renchan`` is a scoring input (also a key of
            ``batch.score`` requests; ``batch.score_arrays`` has no column for it: 0). A
            :class:`riichi.Game` counts the dealer's wins in a row (a round the dealer does
            not win, a draw included, or the deal passing starts again from 0) and passes
            it; a ``Round`` played on its own counts 0.
        daichisei: Local yakuman daichisei (大七星): seven pairs of the seven honors, a
            double yakuman in place of tsuuiisou. Default False. Source: riichi.wiki
            "Daichisei".
        sanrenkou: Local yaku sanrenkou (三連刻): three triplets (or kans) of consecutive
            numbers in one suit, 2 han. Default False. Source: riichi.wiki "Sanrenkou".
        iishoku_yonjun: Local yakuman iishoku yonjun (一色四順): four identical runs.
            Default False. Source: riichi.wiki "Iishoku yonjun".
        uumensai: Local yaku uumensai (五門斉): man, pin, sou, a wind and a dragon all in
            the hand, 2 han. Default False. Source: riichi.wiki "Uumensai".
        daisharin_other_suits: The man and sou forms of daisharin count as yakuman:
            daisuurin (大数隣, 2233445566778m closed) and daichikurin (大竹林, the same in sou);
            :attr:`daisharin` is the pin form. Default False. Source: riichi.wiki
            "Daisharin".
        minimum_han: Han from yaku a win needs (縛り): 1 (default) or 2 for the two-han
            minimum (リャンシバ) at every honba, up to 13. Dora never count toward it, as
            rulebooks define shibari (majan-sera.com "リャンシ": ドラは役に含まれない). With
            :attr:`two_han_minimum_from_honba` the larger minimum applies.
        mangan_minimum: A win must be worth at least a mangan, dora included (満貫縛り).
            Default False.
        riichi_required: A closed hand wins only after riichi or double riichi (no dama
            win); open hands, tenhou, chiihou and renhou are not affected. Default False.
            From the rule descriptions the project started from (minimum-value rules).

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
            2019-07-24 on 食い替え; the older JPML rule text the :meth:`jpml` sources cite) or ``"allowed"`` (no restriction, e.g. Saikouisen's
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
        noten_payment: Total noten penalty (or each tenpai player's: :attr:`noten_payment_split`).
            Default 3000.
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
        tied_ranks: Players with equal final scores: ``"seat_order"`` (default: Tenhou, MS:
            the seat nearer the first dealer ranks higher) or ``"shared"`` (EMA RCR, WRC,
            M-League, RMU, Mu: they share the rank, and split the uma of the ranks they
            cover, and the oka when first, equally; leftover riichi sticks go to them in seat order).
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
        kan_dora: Whether a kan reveals a new dora indicator at all: ``True`` (default:
            Tenhou, MS, M-League, WRC, EMA: every kan turns the next indicator of the dead
            wall, at the time :attr:`closed_kan_dora` / :attr:`open_kan_dora` say) or
            ``False`` (no kan dora, so no kan ura dora either: the house rule that
            ja.wikipedia "ドラ (麻雀)" lists among the variants of 槓ドラ; the rinshan draw is
            unchanged).

    Open riichi (issue 16; off by default, as in every preset: no rulebook of a preset has it):

    Attributes:
        open_riichi: Open riichi (オープンリーチ, 開立直); default ``"off"``. A riichi
            declared with the concealed hand shown to every seat until the round ends,
            offered as ``riichi.actions.Riichi(..., open=True)`` beside each riichi discard.
            A win of the hand scores the yaku ``open_riichi``, 1 han on top of riichi (2 in
            all; 3 with a double riichi, the usual "open + double + riichi" reading). Tsumo
            and other wins are scored as any; the value says what a player who deals into
            the open hand pays (a discard, or the kan tile of a chankan):

            - ``"off"`` (default: Tenhou, MS and every competition rulebook: no open riichi).
            - ``"yakuman_non_riichi"``: a discarder not in riichi when it deals in pays a
              yakuman (the hand's own value if that is higher); a riichi player, whose hand
              is locked, pays the hand as scored. The common form (ja.wikipedia "開立直":
              「立直をしていない者がオープンリーチに振り込んだ場合は、役満払いとするルールが
              多い」; kinmaweb.jp "オープンリーチ"; riichi.wiki "Riichi", open riichi: the
              yakuman is not scored when a riichi player deals in). A riichi whose
              declaration tile deals in is not in riichi yet: that tile was chosen freely.
            - ``"yakuman_except_earlier_riichi"``: only a player whose riichi was accepted
              before the open riichi was declared pays as scored; one who declared riichi
              later, with the waits in view, pays a yakuman too (ja.wikipedia "開立直":
              「オープンリーチをする以前から立直をしていた者の振込みは通常払い」).
            - ``"no_yakuman"``: every deal-in is paid as scored (2 han), the variant
              without the yakuman payment.

            Not modelled: showing only the waiting part of the hand (observations show the
            whole hand), the variant scoring open double riichi at 4 han, the houses that
            refuse the deal-in discard instead of paying for it (アガリ放棄 / ノーカウント),
            and an extra stick at the declaration.

    Draw payment and fu options seen on Riichi City (each default keeps Tenhou's rule):

    Attributes:
        noten_payment_split: How :attr:`noten_payment` moves at an exhaustive draw with
            some players tenpai and some noten. ``"total"`` (default: Tenhou, MS and the
            usual 場3000 rule, e.g. kinmaweb.jp "ノーテン罰符": 3,000 in all whatever the
            count, 1 tenpai +3,000, 2 tenpai +1,500 each, 3 tenpai +1,000 each):
            :attr:`noten_payment` is the total, shared equally by the tenpai players and
            paid in equal shares by the noten players. ``"per_tenpai"``: each tenpai player
            receives the whole :attr:`noten_payment`, the noten players paying the sum
            (:attr:`noten_payment` x tenpai players) in equal shares; with 2,000 in
            sanma: 1 tenpai +2,000 (1,000 from each noten player), 2 tenpai +2,000 each
            (4,000 from the noten player). Riichi City pays so: its tournament records in
            ``../shared/data/more/RiichiCityTournamentBot`` log every two-tenpai draw as
            +2,000 / +2,000 / -4,000 (4 draws) and every one-tenpai draw as +2,000 /
            -1,000 / -1,000 (3 draws; :meth:`riichi_city_sanma`). Both splits are exact for every
            value :attr:`noten_payment` accepts (a multiple of 6, or of 2 in sanma); no
            payment when everybody or nobody is tenpai, and none with a nagashi mangan.
        rinshan_tsumo_fu: A rinshan kaihou win counts the 2 fu of a tsumo. Default True
            (Tenhou, MS: worked case RC35, a rinshan kakan hand of 20 + 2 + 4 + 16 = 42 -> 50
            fu; mjstars.net's rules list it: "Rinshan kaihou gains the 2 fu for tsumo").
            False: no tsumo fu for a win on a replacement tile (kan or kita), the older
            counting that some rules keep (chess.faruzeru.com "嶺上開花": the win is now
            given the 2 tsumo fu, but some rules give none, a remnant of the time before
            rinshan kaihou was a yaku, when a rinshan win scored 4 "rinshan fu" in place of
            the tsumo fu). Riichi City counts none: a rinshan tsumo of 20 + 8 + 16 + 16 fu
            is logged at 60 fu, not 70 (game cd1atc6ai08a0i7cu1c0, South 2). An open hand
            then left at the base 20 alone is raised as :attr:`open_pinfu_ron_fu` says for
            a ron; a closed pinfu tsumo is 20 fu either way (no tsumo line).
    """

    # scoring
    red_fives: tuple[int, int, int] = (1, 1, 1)
    kuitan: bool = True
    atozuke: Literal["allowed", "yakuhai_katazuke_forbidden", "forbidden"] = "allowed"
    kiriage_mangan: bool = False
    kazoe_yakuman: Literal["yakuman", "sanbaiman", "double_at_26"] = "yakuman"
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
    # scoring options (issue 16): each default keeps Tenhou's scoring
    ura_dora: bool = True
    kan_ura_dora: bool = True
    ippatsu: bool = True
    aotenjou: bool = False
    ryuuiisou_hatsu: bool = False
    paarenchan: bool = False
    daichisei: bool = False
    sanrenkou: bool = False
    iishoku_yonjun: bool = False
    uumensai: bool = False
    daisharin_other_suits: bool = False
    minimum_han: int = 1
    mangan_minimum: bool = False
    riichi_required: bool = False
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
    kan_dora: bool = True
    # open riichi (issue 16)
    open_riichi: Literal[
        "off", "yakuman_non_riichi", "yakuman_except_earlier_riichi", "no_yakuman"
    ] = "off"
    # draw payment and fu options seen on Riichi City
    noten_payment_split: Literal["total", "per_tenpai"] = "total"
    rinshan_tsumo_fu: bool = True
    _scoring_cache: list = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        alias = _KUIKAE_ALIASES.get(self.kuikae) if isinstance(self.kuikae, str) else None
        if alias is not None:  # the clearer names of the two old values
            object.__setattr__(self, "kuikae", alias)
        if isinstance(self.atozuke, bool):  # the earlier bool form of the field
            object.__setattr__(self, "atozuke", "allowed" if self.atozuke else "forbidden")
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
        if not 1 <= self.minimum_han <= 13:
            raise _error("minimum_han", self.minimum_han, "an int 1..13")
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
        if any(d in _OLD_DOUBLE_NAMES for d in self.double_yakuman_special_waits):
            renamed = tuple(_OLD_DOUBLE_NAMES.get(d, d) for d in self.double_yakuman_special_waits)
            object.__setattr__(self, "double_yakuman_special_waits", renamed)
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
            # the scorer needs only whether the yaku exists; who pays what is the round's
            kwargs["open_riichi"] = self.open_riichi != "off"
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
        """A copy with some fields changed (``dataclasses.replace``).

        Raises:
            RiichiError: a value outside its field's domain, naming the field and the
                value (``Rules().replace(kuitan="x")``); a name that is not a field, naming
                it and the closest field name (``Rules().replace(kuitam=False)``).

        Example:
            >>> riichi.Rules().replace(kiriage_mangan=True).kiriage_mangan
            True
        """
        if not _INIT_NAMES.issuperset(changes):
            raise _unknown_fields("Rules.replace", changes)
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
            data: a dict of field names to values (lists for the tuple fields); its optional
                ``"preset"`` key names a :meth:`preset` the other keys change (``{"preset":
                "wrc", "length": "tonpuusen"}``). A str alone is a preset name.
            base: the rules a field missing from ``data`` keeps (default ``Rules()``, the
                documented defaults, or the named preset); a complete dict from
                :meth:`to_dict` needs none.

        Raises:
            RiichiError: ``data`` not a dict or str, an unknown preset, a key that is not a
                field (named), or a value the field does not accept (as the constructor
                reports it).
        """
        from riichi.errors import RiichiError

        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise RiichiError(f"Rules.from_dict: expected a dict, got {type(data).__name__}")
        if "preset" in data:
            if base is not None:
                raise RiichiError("Rules.from_dict: give a base or a \"preset\" key, not both")
            data = dict(data)
            base = cls.preset(data.pop("preset"))
        if not _INIT_NAMES.issuperset(data):
            raise _unknown_fields("Rules.from_dict", data)
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

    # ------------------------------------------------------------------ presets
    #
    # Every preset is one row of PRESET_VALUES below (the fields whose value differs from the
    # defaults); the classmethods only pick the row and document where each value comes from.
    # A field added later is set for a preset by adding it to that preset's row.

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """The names :meth:`preset` accepts, in a stable order (also ``riichi verify --rules``
        and the ``"preset"`` key of :meth:`from_dict`). Tenhou's lobbies by their ``<GO type>``
        flags are :meth:`tenhou_lobby` (name ``"tenhou_go:0xHEX"`` for :meth:`preset`)."""
        return tuple(PRESET_VALUES)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of preset ``name``: one of :meth:`presets`, or ``"tenhou_go:0x00a9"``
        (hex or decimal; :meth:`tenhou_lobby` of that ``<GO type>``).

        Raises:
            RiichiError: ``name`` not a str, or not a preset (the known names listed).
        """
        from riichi.errors import RiichiError

        if not isinstance(name, str):
            raise RiichiError(f"Rules.preset: expected a preset name (str), got {name!r:.80}")
        if name.startswith("tenhou_go:"):
            text = name.split(":", 1)[1].strip()
            try:
                go = int(text, 0)
            except ValueError:
                raise RiichiError(f"Rules.preset: {name!r}: {text!r} is not an integer") from None
            return cls.tenhou_lobby(go)
        values = PRESET_VALUES.get(name)
        if values is None:
            raise RiichiError(
                f"Rules.preset: unknown preset {name!r} (known: {', '.join(PRESET_VALUES)}, "
                "tenhou_go:0xHEX)"
            )
        return cls(**values)  # type: ignore[arg-type]

    @classmethod
    def tenhou(cls, length: Length = "hanchan", *, red: bool = True) -> Rules:
        """Tenhou ranked four-player rules (一般/上級/特上/鳳凰卓 東南戦 喰赤; the defaults):
        ``length="tonpuusen"`` for 東風戦, ``red=False`` for the 赤なし lobbies. Every value is
        a field default; their sources are the field docs (tenhou.net/man "ルール", checked
        against the Tenhou logs of ``../shared/data``). Registry names: ``tenhou``,
        ``tenhou_tonpuusen``, ``tenhou_nashi`` (the lobbies without kuitan and red fives, GO
        type 0x0F, e.g. 般南), ``tenhou_nashi_tonpuusen`` (0x07, 般東); three players:
        ``tenhou_sanma``, ``tenhou_sanma_tonpuusen``. Any lobby by its flags:
        :meth:`tenhou_lobby`.

        Raises:
            RiichiError: ``length`` not one of the game lengths; ``red`` not a bool (``"x"``
                or ``0`` is refused, not read as a truth value)."""
        _check_length("tenhou", length)
        _check_red("tenhou", red)
        return cls(length=length, red_fives=(1, 1, 1) if red else (0, 0, 0))

    @classmethod
    def tenhou_sanma(cls, length: Length = "hanchan", *, red: bool = True) -> Rules:
        """Tenhou three-player (三麻) ranked rules, as its logs show them: 35,000 points to
        start, 40,000 returned, uma +20/0/-20 and oka 15,000 (end_game points of the
        corpus), 200 points per honba, 2,000 noten payments in total, red 5p and 5s
        (``red=False``: none), riichi with 3 live tiles left (one more draw each; the corpus
        has four such riichi), no suufon renda, suucha riichi or sanchahou; no chi and the
        nukidora are the round engine's for ``num_players=3``.

        Raises:
            RiichiError: ``length`` not one of the game lengths; ``red`` not a bool (``"x"``
                or ``0`` is refused, not read as a truth value)."""
        _check_length("tenhou_sanma", length)
        _check_red("tenhou_sanma", red)
        rules = cls(**PRESET_VALUES["tenhou_sanma"])  # type: ignore[arg-type]
        return rules.replace(length=length, red_fives=rules.red_fives if red else (0, 0, 0))

    @classmethod
    def tenhou_lobby(cls, go_type: int) -> Rules:
        """The rules of a Tenhou lobby from its ``<GO type>`` flags (mjlog ``<GO>``,
        tenhou.net/6 lobby type codes): the one table from the flags to the rules, used by
        the log readers and replay (:func:`riichi.replay.rules_from_log`) as well.

        Flags read (tenhou.net mjlog documentation as decoded by
        :func:`riichi.logs.tenhou_xml.go_type_flags`): 0x10 three players
        (:meth:`tenhou_sanma`, else :meth:`tenhou`); 0x02 no red fives; 0x04 no kuitan;
        0x08 hanchan (else tonpuusen); 0x200 the special lobbies' kiriage mangan and kan dora
        revealed at once; 0x400 1,500 points per honba. Speed (0x40) and table level (0x20,
        0x80) change no rule. The uma, the rounding of the final points and tenpai-yame
        changed over the years and are dated from a log, not from its flags
        (:func:`riichi.replay.tenhou_final_rule`); this gives today's.

        Raises:
            RiichiError: ``go_type`` not an int in 0..0xFFFF.
        """
        if _not_int(go_type) or not 0 <= go_type <= 0xFFFF:
            raise _error("tenhou_lobby go_type", go_type, "an int 0..0xFFFF")
        sanma = bool(go_type & 0x10)
        length: Length = "hanchan" if go_type & 0x08 else "tonpuusen"
        red = not go_type & 0x02
        base = cls.tenhou_sanma(length, red=red) if sanma else cls.tenhou(length, red=red)
        changes: dict[str, object] = {"kuitan": not go_type & 0x04}
        for bit, values in _TENHOU_GO_BITS.items():
            if go_type & bit:
                changes.update(values)
        if go_type & 0x400:
            changes["honba_points"] = 1500
        return base.replace(**changes)

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
        (``extension_target``).

        Raises:
            RiichiError: ``length`` not one of the game lengths."""
        _check_length("mahjong_soul", length)
        return cls(**PRESET_VALUES["mahjong_soul"]).replace(length=length)  # type: ignore[arg-type]

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
        kokushi robbing an ankan in a gold room).

        Raises:
            RiichiError: ``length`` not one of the game lengths."""
        _check_length("mahjong_soul_sanma", length)
        rules = cls(**PRESET_VALUES["mahjong_soul_sanma"])  # type: ignore[arg-type]
        return rules.replace(length=length)

    @classmethod
    def m_league(cls) -> Rules:
        """M-League (Mリーグ) official rules, 2018 on.

        Sources: [ML] m-league.jp/about "Mリーグ公式ルール" as summarised by riichi.wiki
        "M.League" (Game rules: notable variations) and by mahjong-space.com "Mリーグ",
        majannavi.com/archives/55 and majyan-item.com/m-rule (fan summaries of the same
        text; the official text itself was not read).

        - 25,000 to start, 30,000 returned, 順位点 +50/+10/-10/-30 = uma
          (30000, 10000, -10000, -30000) plus oka 20,000 (all sources); ties share the
          rank points (``tied_ranks="shared"``: riichi.wiki "Tie: bonus splits evenly",
          majyan-item "同着の場合は順位点は分け").
        - One red five per suit; ippatsu, ura, kan and kan ura dora (mahjong-space): the
          defaults. Kan dora revealed at once after any kan (``open_kan_dora="immediate"``,
          mahjong-space, riichi.wiki).
        - No abortive draws (九種九牌, 四風連打, 四家立直, 四開槓: all False), head bump
          (``multiple_ron="head_bump"``, so no sanchahou), no tobi (majannavi "飛びなし", so
          riichi with under 1,000 points is allowed: ``riichi_min_points=0``; a score below
          0 still cannot pay the stick), no agari-yame or tenpai-yame (majannavi: "アガリ止め
          無し"), no West entry (``extension="none"``: the hanchan ends at South 4; the
          summaries state no extension, none describe one), 300 per honba, no two-han
          minimum (majannavi).
        - 7,700 rounded up to mangan (``kiriage_mangan``: majyan-item "7700は切り上げ").
        - No kazoe yakuman (13+ han is sanbaiman), no double yakuman for special waits,
          several yakuman do add up (k-bys.work/mleague-rule "数え役満なし", "純粋な役満の
          複合のみ").
        - Double-wind pair 2 fu; pao for daisangen, daisuushi and suukantsu (riichi.wiki).
        - Kokushi may not rob an ankan (mahjong-space): the default.

        Not found / not modelled: nagashi mangan (listed as a topic by the summaries, its
        treatment not read: the default kept); chombo (a mangan payment, mahjong-space) is
        not an engine event; whether a noten riichi at a draw is chombo was not found (the
        default ``"off"`` kept).
        """
        return cls.preset("m_league")

    @classmethod
    def jpml(cls) -> Rules:
        """Japan Professional Mahjong League (日本プロ麻雀連盟, "Renmei") official rules
        (連盟公式ルール; the league also plays WRC rules in some titles: :meth:`wrc`).

        Sources: [JPML-a] dic.pixiv.net "日本プロ麻雀連盟" (2024; the rules common to 連盟公式,
        WRC and WRC-R, and a table of their differences); [JPML-b]
        note.com/mahjong_academy "日本プロ麻雀連盟公式ルール" (an earlier summary); [JPML-c]
        ma-jan.or.jp/guide/game_rule.php (2012 snapshot: 30,000 points each, the yaku table);
        utakata.work 2024-08-17 (順位点 about +8/+4/-4/-8, "strictly not quite").

        - 30,000 to start and returned, no oka (JPML-a, JPML-c); no red fives (utakata: no
          league's own rules use them).
        - No ippatsu, ura dora or kan ura dora (JPML-a table, JPML-b: ``ippatsu``,
          ``ura_dora``, ``kan_ura_dora`` False). No kan dora either: the engine has no
          switch for it, so kan dora are still counted (not modelled).
        - Kuikae forbidden, suji and the called tile alike (JPML-a; JPML-b's older text
          allowed suji kuikae); noten payments 3,000; head bump; no agari-yame (taken for
          tenpai-yame too); tenpai renchan; keishiki tenpai counts, but not a wait on a
          fifth copy (``own_copies_tenpai`` False, the default); no abortive draws
          (JPML-a: 途中流局なし; JPML-b listed four).
        - A rinshan kaihou is a tsumo (no daiminkan liability, the default); kokushi may
          not rob an ankan (役満の特例なし, the default).
        - Pao for daisangen, daisuushi and suukantsu: the liable player pays a tsumo in
          full, half a ron, and the discarder pays the ron's honba
          (``pao_suukantsu``, ``pao_honba="discarder"``).
        - 13+ han is sanbaiman; several yakuman add up; a double-wind pair is 2 fu;
          ryuuiisou without hatsu counts (the defaults); renhou a mangan (JPML-a: not
          combined when the hand has 8+ han; the engine's ``"mangan"`` adds nothing else,
          so not exact for such hands).
        - Riichi with no draw left (JPML-b: ``riichi_min_live_tiles=0``); a noten riichi at
          a draw is chombo (JPML-b; the chombo's size not read: ``"mangan"`` set).

        Not modelled: the 順位点 change with how many players end above 30,000; ``uma``
        holds the usual (8000, 4000, -4000, -8000) (utakata), so final points are not exact
        for every game; a kan after riichi is allowed only when neither the waits nor the
        reading change (JPML-a: no engine switch yet). Tobi and the extension were not
        found (the defaults kept).
        """
        return cls.preset("jpml")

    @classmethod
    def saikouisen(cls) -> Rules:
        """Saikouisen (最高位戦日本プロ麻雀協会) competition rules (最高位戦ルール).

        Sources: [SK] jan39.com news 2009-12-31 "最高位戦日本プロ麻雀協会 競技ルール" (the
        summary: アリアリ, オカ無し 30000点持ち30000点返し, ウマ 10000-30000, 一発 裏ドラ
        槓ドラ 槓裏 有り, オーラスの親のあがりやめ・聴牌やめ無し, 聴牌連荘, 聴牌料 場に3000点,
        途中流局一切無し, パオ無し, 数え役満・役満の複合無し, 国士無双の暗槓あがり無し);
        競技規定 第1-4条 (paperzz.com copy: hanchan, 136 tiles, one-han minimum);
        utakata.work 2024-08-17 (30,000 to start, 順位点 +30/+10/-10/-30, no red fives).

        - 30,000 to start and returned, no oka, uma (30000, 10000, -10000, -30000).
        - No red fives (not listed among the dora); kuitan and atozuke on.
        - No agari-yame or tenpai-yame; no abortive draws (all five False); no pao
          (daisangen, daisuushi False); no kazoe yakuman (sanbaiman) and no yakuman adding
          up, no double yakuman; kokushi may not rob an ankan (the default).
        - Head bump: mj-news.net 2021-04-09 (プロ団体の競技ではダブロン・トリプルロンはなし),
          a general statement, not the rulebook.

        Not found: tobi and the extension (the defaults kept), kiriage mangan (default
        off), nagashi mangan (default kept).
        """
        return cls.preset("saikouisen")

    @classmethod
    def kyokai(cls) -> Rules:
        """Japan Pro Mahjong Association (日本プロ麻雀協会, "Kyokai"; NPM) official rules
        (日本プロ麻雀協会公式ルール).

        Sources: [NPM] top3776.hatenablog.com 2022-06-03 "競技麻雀のルールの違い~日本プロ
        麻雀協会の場合~" (一発・裏ドラ・カンドラあり, 喰い替えなし, 25000点持ち30000点返し: oka
        20,000); pedia.3rd-in.co.jp "日本プロ麻雀協会" (順位ウマ10-30, ハコ(トビ)なしで続行,
        喰いタン・先づけあり, 一発・裏ドラ・槓ドラ・槓ウラ, 人和・流し満貫・途中流局の採用なし,
        包は発生せず, ダブル役満やトリプル役満が認められる, 和了時は上家優先, オーラスの和了
        やめがない); utakata.work 2024-08-17 (25,000 to start, 順位点 +50/+10/-10/-30, no red
        fives in any league's own rules). The association's own rule text was not read.

        Values: 25,000 to start, 30,000 returned, oka 20,000, uma (30000, 10000, -10000,
        -30000); no tobi; no abortive draws (all five False), head bump; no nagashi mangan;
        no pao (daisangen, daisuushi False); no agari-yame; several yakuman add up (the
        default). No red fives (utakata; none among the dora the sources list).

        Not found: tenpai-yame at all-last (the default kept), kiriage mangan (default
        off), kazoe yakuman (default kept), the extension (none set: the sources describe
        a hanchan only; unverified), double yakuman for special waits (none set: the
        sources' double yakuman are several yakuman together).
        """
        return cls.preset("kyokai")

    @classmethod
    def rmu(cls) -> Rules:
        """Real Mahjong Unit (RMU) official A rules (RMU公式ルール Aルール, the basic rules).

        Source: [RMU] rmu.jp/rule (read 2026): 3万点持ち3万点返しの東南戦; 喰いタン・先付け
        あり; 一発・裏ドラ・カンドラ・カン裏ドラあり; 常に1翻縛り; テンパイ連荘, オーラスの親の
        アガリやめ・テンパイやめなし; 1本場300点; ノーテン罰符は場に3000点; 途中流局は全てなし
        (4人リーチは続行); ダブロン・トリプルロン時は上家優先; 箱下終了なし; 喰い替えは出来ない;
        自己の手牌のみでアガリ牌を使い切っている場合はノーテン; A/B rules 順位点 +15/+5/-5/-15,
        同点の場合は順位点を分ける. top3776.hatenablog.com 2022-06-04 (on RMU rules):
        pao and kazoe yakuman not used, several yakuman add up.

        Values: uma (15000, 5000, -5000, -15000), no oka, ``tied_ranks="shared"``, no red
        fives (added only by the M rules), no abortive draws, head bump, no tobi, no
        agari-yame / tenpai-yame, no pao, kazoe capped at sanbaiman, no extension (a
        東南戦; no West entry described).

        Not found: nagashi mangan (default kept), kiriage mangan (default off).
        """
        return cls.preset("rmu")

    @classmethod
    def rmu_b(cls) -> Rules:
        """RMU B rules: the A rules (:meth:`rmu`) without ippatsu, ura dora, kan dora and kan
        ura dora (rmu.jp/rule "Aルールから一発役と裏ドラ・カンドラを排したもの"), same 順位点.
        Kan dora cannot be switched off in the engine (not modelled: still counted)."""
        return cls.preset("rmu_b")

    @classmethod
    def rmu_m(cls) -> Rules:
        """RMU M rules: the A rules (:meth:`rmu`) with one red five per suit, 25,000 to start
        and oka 20,000 to the top; 順位点 +50/+10/-10/-30 = uma (30000, 10000, -10000,
        -30000) with the oka, returned at 30,000 (rmu.jp/rule, Mルール)."""
        return cls.preset("rmu_m")

    @classmethod
    def mu(cls) -> Rules:
        """Mu (麻将連合 μ) rules (the 新報知ルール of 1996).

        Sources: [MU] mj-king.net/pro/6/2.html "麻将連合 主なルール" (items 1-24);
        ameblo.jp/shimode "ミューカップ 新報知ルール".

        - One-han minimum, kuitan and atozuke (1); no ippatsu, ura or kan dora (2:
          ``ippatsu``, ``ura_dora``, ``kan_ura_dora`` False; kan dora not modelled, still
          counted); kuikae allowed (3, the called tile too: ``kuikae="allowed"``).
        - No abortive draws (4: all five False); head bump (9); no honba (10:
          ``honba_points=0``); no kiriage (11, the default); noten payments 3,000 in
          total, keishiki tenpai counts (12); tenpai renchan, and the game ends when the
          all-last dealer is noten (13); no agari-yame (14: tenpai-yame False too).
        - Pao only for daisangen and daisuushi (16, the defaults); kokushi may not rob an
          ankan (19, the default); no renhou (20, the default); no nagashi mangan (21).
        - 順位点 +12/+4/-4/-12 (22: uma (12000, 4000, -4000, -12000)), ties share them (23).
        - Chombo: -20 points off the total (18), not an engine event.

        Not found in these summaries: the starting and return points (30,000 each without
        oka is set, as the other Japanese leagues here; unverified), tobi and the extension
        (``extension="none"``: 南4局 is the last round per item 24), riichi players may not
        declare any kan (7: no engine switch; not modelled).
        """
        return cls.preset("mu")

    @classmethod
    def wrc(cls) -> Rules:
        """World Riichi Championship rules (WRC Rules 2015, Sylvain Malbec, 16/06/2015;
        also played by the JPML in some titles).

        Sources: [WRC] the rule book's contents (pt.scribd.com copy: §4.1 starting points,
        §5.7.3 abortive draw, §5.9.1 no agari yame, §5.9.2 hanchan score and uma);
        riichi.wiki "World Riichi Championship rules" (30,000 start and target, no oka, uma
        +15/+5/-5/-15 modified for ties, tenpai renchan, no abortive draws, every yakuman
        single and a hand capped at one yakuman, kazoe capped at sanbaiman); the author's
        2014 errata (reachmahjong.com forum: kuikae not allowed, kazoe yakuman not allowed,
        renhou adds to other yaku and dora, no daiminkan liability).

        Values: no red fives (none listed); uma (15000, 5000, -5000, -15000), oka 0,
        ``tied_ranks="shared"``; no abortive draws (all five False); no agari-yame /
        tenpai-yame (§5.9.1) and no extension (the hanchan ends at South 4); kazoe
        ``"sanbaiman"``, ``yakuman_stacking`` False; renhou ``"mangan"``; double-wind pair
        2 fu, a noten riichi at a draw a chombo of ``chombo_penalty`` 20,000 off the
        session score (``noten_riichi_chombo="penalty"``; the field docs: WRC 2015).

        Not read: multiple ron (triple ron allowed is set, as the EMA 2016 rules that follow
        WRC; unverified), nagashi mangan (default kept), tobi (riichi.wiki's infobox
        "negative score: game end": the default kept).
        """
        return cls.preset("wrc")

    @classmethod
    def ema(cls) -> Rules:
        """European Mahjong Association Riichi Competition Rules, 2016 edition (RCR 2016).

        Sources: [EMA] the rule book's contents (readkong.com copy: §3.3.2 kuikae, §3.3.9
        liability, §3.4.2 exhaustive draw, §3.4.3 abortive draw, §3.4.6 chombo, §3.6.1
        winner bonus); riichi.wiki "EMA Riichi Competition Rules" (Current (2016+): changed
        to resemble WRC 2015: no more red fives, open tanyao allowed, renhou a mangan only,
        the maximum score a single yakuman; abortive draws no longer used; double and
        triple ron allowed; kan dora revealed at once after any kan; nagashi mangan counts
        as a win); the field docs here (RCR 2016 §3.4.2 voluntary tenpai declaration, a
        noten riichi chombo of 20,000 off the final points, shared ranks on ties, 2 fu for
        a double-wind pair).

        Values: 30,000 to start and returned, uma (15000, 5000, -5000, -15000), no oka
        (as WRC; §3.6.1); no red fives; no abortive draws; ``multiple_ron="triple"``;
        ``open_kan_dora="immediate"``; renhou ``"mangan"``; kazoe ``"sanbaiman"``, no
        yakuman adding up; nagashi mangan as a win; voluntary tenpai declaration; no
        agari-yame / tenpai-yame and no extension (a hanchan ends at South 4, as WRC).

        Not read: kuikae in 2016 (forbidden set, as WRC; the 2012 rules allowed it), tobi
        (default kept).
        """
        return cls.preset("ema")

    @classmethod
    def riichi_city_sanma(cls, length: Length = "hanchan") -> Rules:
        """Riichi City (麻雀一番街) three-player rules as its tournament-room game logs show
        them (header ``gamePlay`` 1002, ``initPoints`` 50000, ``round`` 2 = hanchan,
        ``playerCount`` 3; :func:`riichi.logs.riichi_city.read_riichi_city` reads them).

        Sources: the eleven games of ``../shared/data/more/RiichiCityTournamentBot`` (October
        2022, Badtaro/RiichiCityTournamentBot ``old games/demo games``), every value below
        read from their settlements; Longhorn-Riichi/InjusticeJudge's rule notes for Riichi
        City agree on the kan dora, the red fives and nagashi mangan (they assume no kiriage:
        these games do round up).

        - 50,000 points to start and returned, no oka, uma (10000, 0, -10000): the final
          ``score`` of every game is ``(points - 50000) / 1000 + (10, 0, -10)`` exactly
          (e.g. 95,500 -> 55.5 as top, 57,200 -> 7.2, -2,700 -> -62.7).
        - No 2m-8m, red 5p and 5s (each wall holds one ``0p`` and one ``0s``), no chi, the
          North set aside as dora (kita, the replacement draw after it), tsumo loss (a
          non-dealer mangan tsumo pays 2,000 + 4,000; a 20 fu 3 han tsumo 700 + 1,300), 200
          points per honba (a ron at 1 honba pays 200 more, a tsumo 100 more from each payer).
        - Kiriage mangan: 4 han 30 fu is paid as a mangan (``bash_points`` 2000: a riichi,
          menzen tsumo, dora and kita hand paid 2,000 + 4,000).
        - Kan dora revealed at once after every kan, daiminkan and kakan included (the new
          indicator comes before the replacement draw).
        - No agari-yame: two games go on after the dealer's win at South 3 (the last round)
          as top with 70,000 and 101,500 points. Tobi below 0: a game ends at -2,700.
        - Noten payments of 2,000 to each tenpai player (``noten_payment`` 2000,
          ``noten_payment_split="per_tenpai"``): one tenpai player receives 2,000 (1,000
          from each noten player), two receive 2,000 each (4,000 from the one noten
          player: four draws of the records, cd1atc6 S2-1, cd1bilm E1-1 and S2-0, cd1c50e
          S3-0).
        - No tsumo fu for a rinshan kaihou (``rinshan_tsumo_fu=False``): a rinshan tsumo of
          20 + 8 + 16 + 16 fu is logged at 60 fu (cd1atc6 S2-0, the records' one rinshan
          kaihou after a kan). Their two after kita do not tell whether such a win counts
          the tsumo fu (cd1b7qu: 24 or 26 fu, 30 either way; cd1d6be: pinfu tsumo, 20):
          it is scored the same way.
        - Not seen in the records, kept as :meth:`tenhou_sanma`: riichi with 3 live tiles
          left; tenpai-yame; single yakuman for the special waits; the pao rules; no suufon
          renda, suucha riichi or sanchahou (impossible with three players).
        """
        _check_length("riichi_city_sanma", length)
        return cls(**PRESET_VALUES["riichi_city_sanma"]).replace(length=length)  # type: ignore[arg-type]


#: The names the constructor takes (every field but the private cache), for the unknown-name
#: check of :func:`_checked_init`, :meth:`Rules.replace` and :meth:`Rules.from_dict`.
_INIT_NAMES = frozenset(f.name for f in dataclasses.fields(Rules) if f.init)
#: The init fields in their positional order (for the given-twice check of the constructor).
_FIELD_ORDER = [f.name for f in dataclasses.fields(Rules) if f.init]
_dataclass_init = Rules.__init__


def _unknown_fields(where: str, names: typing.Iterable[object]) -> Exception:
    """The error for keyword names that are not ``Rules`` fields: each named with the
    closest field name when one is close (``difflib``)."""
    import difflib

    from riichi.errors import RiichiError

    parts = []
    for name in sorted(str(n) for n in names if n not in _INIT_NAMES):
        close = difflib.get_close_matches(name, _INIT_NAMES, n=1)
        parts.append(name + (f" (did you mean {close[0]!r}?)" if close else ""))
    return RiichiError(f"{where}: unknown field(s) {', '.join(parts)} (not Rules fields)")


@functools.wraps(_dataclass_init)
def _checked_init(self: Rules, *args: Any, **kwargs: Any) -> None:
    # the dataclass constructor with a RiichiError naming an unknown keyword (and the
    # closest field) or too many positional values, instead of its bare TypeError; the
    # check is a set comparison, so construction stays as fast
    if kwargs and not _INIT_NAMES.issuperset(kwargs):
        raise _unknown_fields("Rules()", kwargs)
    if len(args) > len(_INIT_NAMES):
        raise _error("positional arguments", len(args), f"at most {len(_INIT_NAMES)}")
    if args and kwargs:  # a field given both by position and by name
        twice = [n for n in _FIELD_ORDER[: len(args)] if n in kwargs]
        if twice:
            from riichi.errors import RiichiError

            values = "; ".join(
                f"{n} given twice ({args[_FIELD_ORDER.index(n)]!r:.80} by position and "
                f"{kwargs[n]!r:.80} by name)"
                for n in twice
            )
            raise RiichiError(f"Rules(): {values}")
    _dataclass_init(self, *args, **kwargs)


Rules.__init__ = _checked_init  # type: ignore[method-assign]


def _checked_arguments(where: str, func: typing.Callable[..., Any]) -> typing.Callable[..., Any]:
    """``func`` (a ``Rules`` method or classmethod's function) with a call whose arguments do
    not fit its signature (a value too many, a keyword it does not take, one missing or given
    twice) refused with a ``RiichiError`` naming ``where``, the argument and the value, instead
    of Python's own ``TypeError``. A good call costs nothing more than the extra frame: the
    arguments are matched against the signature only when ``func`` raised a ``TypeError``, and
    a ``TypeError`` from ``func``'s own work (the arguments fit) is raised unchanged."""
    sig = inspect.signature(func)
    params = list(sig.parameters.values())[1:]  # without cls / self
    shown = str(sig.replace(
        parameters=[p.replace(annotation=p.empty) for p in params],
        return_annotation=sig.empty,
    ))[1:-1]  # fmt: skip
    takes = f"it takes ({shown})" if params else "it takes no arguments"

    @functools.wraps(func)
    def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except TypeError:
            try:
                sig.bind(*args, **kwargs)
            except TypeError:
                raise _arguments_error(where, params, args[1:], kwargs, takes) from None
            raise

    return checked


def _arguments_error(
    where: str,
    params: list[inspect.Parameter],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    takes: str,
) -> Exception:
    """The error of :func:`_checked_arguments`: what does not fit, with its value."""
    from riichi.errors import RiichiError

    by_position = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    named = {p.name for p in params if p.kind is not p.POSITIONAL_ONLY}
    problems = []
    if len(args) > len(by_position):
        extra = ", ".join(f"{v!r:.80}" for v in args[len(by_position) :])
        problems.append(f"unexpected positional value(s) {extra}")
    for name, value in kwargs.items():
        if name not in named:
            problems.append(f"unknown argument {name}={value!r:.80}")
    for p, value in zip(by_position, args):
        if p.name in kwargs:
            problems.append(
                f"argument {p.name} given twice ({value!r:.80} and {kwargs[p.name]!r:.80})"
            )
    given = {p.name for p in by_position[: len(args)]} | set(kwargs)
    for p in params:
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) \
                and p.name not in given:  # fmt: skip
            problems.append(f"missing argument {p.name}")
    return RiichiError(f"Rules.{where}: {'; '.join(problems) or 'bad arguments'} ({takes})")


def _check_arguments_of_methods() -> None:
    """Every public method and classmethod of :class:`Rules` (the presets among them) refuses
    arguments that do not fit it with a ``RiichiError`` (:func:`_checked_arguments`);
    :meth:`Rules.scoring`, called for every settlement and taking no argument, is left
    unwrapped (the extra frame doubled its cost)."""
    for name, attr in list(vars(Rules).items()):
        if name.startswith("_") or name == "scoring":
            continue
        if isinstance(attr, classmethod):
            setattr(Rules, name, classmethod(_checked_arguments(name, attr.__func__)))
        elif inspect.isfunction(attr):
            setattr(Rules, name, _checked_arguments(name, attr))


_check_arguments_of_methods()

#: ``<GO type>`` bits of Tenhou's lobbies that change rules (besides players, red, kuitan,
#: length): 0x200 the special lobbies (kiriage mangan, kan dora revealed at once, seen in
#: their logs). 0x400's 1,500 per honba is set in :meth:`Rules.tenhou_lobby`.
_TENHOU_GO_BITS: dict[int, dict[str, object]] = {
    0x200: {"kiriage_mangan": True, "open_kan_dora": "immediate"},
}

_NO_ABORTIVE_DRAWS: dict[str, object] = {
    "kyuushu_kyuuhai": False,
    "suufon_renda": False,
    "suucha_riichi": False,
    "suukaikan": False,
    "sanchahou": False,
}
_NO_RED = {"red_fives": (0, 0, 0)}
_NO_YAME: dict[str, object] = {"agari_yame": False, "tenpai_yame": False}
_PRO_30000: dict[str, object] = {"starting_points": 30000, "target_points": 30000, "oka": 0}
_NO_LUCK: dict[str, object] = {"ippatsu": False, "ura_dora": False, "kan_ura_dora": False}

_RMU_A: dict[str, object] = {
    **_PRO_30000,
    **_NO_RED,
    **_NO_ABORTIVE_DRAWS,
    **_NO_YAME,
    "uma": (15000, 5000, -5000, -15000),
    "tied_ranks": "shared",
    "multiple_ron": "head_bump",
    "tobi": False,
    "extension": "none",
    "pao_daisangen": False,
    "pao_daisuushi": False,
    "kazoe_yakuman": "sanbaiman",
}

_WRC: dict[str, object] = {
    **_PRO_30000,
    **_NO_RED,
    **_NO_ABORTIVE_DRAWS,
    **_NO_YAME,
    "uma": (15000, 5000, -5000, -15000),
    "tied_ranks": "shared",
    "extension": "none",
    "kazoe_yakuman": "sanbaiman",
    "yakuman_stacking": False,
    "renhou": "mangan",
    "double_wind_pair_fu": 2,
    "multiple_ron": "triple",
    "noten_riichi_chombo": "penalty",
}

#: Every preset's values: the fields that differ from the defaults (``Rules()``), by preset
#: name; :meth:`Rules.preset` builds ``Rules(**PRESET_VALUES[name])``. Sources: each
#: preset's classmethod docstring.
PRESET_VALUES: dict[str, dict[str, object]] = {
    "tenhou": {},
    "tenhou_tonpuusen": {"length": "tonpuusen"},
    "tenhou_nashi": {"red_fives": (0, 0, 0), "kuitan": False},
    "tenhou_nashi_tonpuusen": {"red_fives": (0, 0, 0), "kuitan": False, "length": "tonpuusen"},
    "tenhou_sanma": {
        "num_players": 3,
        "red_fives": (0, 1, 1),
        "starting_points": 35000,
        "target_points": 40000,
        "uma": (20000, 0, -20000),
        "oka": 15000,
        "honba_points": 200,
        "noten_payment": 2000,
        "riichi_min_live_tiles": 3,
        "suufon_renda": False,
        "suucha_riichi": False,
        "sanchahou": False,
    },
    "tenhou_sanma_tonpuusen": {},  # filled below: tenhou_sanma's values, East only
    "mahjong_soul": {
        "double_yakuman_special_waits": DOUBLE_YAKUMAN_FORMS,
        "kokushi_chankan_ankan": True,
        "multiple_ron": "triple",
        "sanchahou": False,
        "pao_suukantsu": True,
        "pao_scope": "yakuman",
        "uma": (15000, 5000, -5000, -15000),
        "target_points": 25000,
        "extension_target": 30000,
        "oka": 0,
    },
    "mahjong_soul_sanma": {
        "num_players": 3,
        "red_fives": (0, 1, 1),
        "starting_points": 35000,
        "target_points": 35000,
        "extension_target": 40000,
        "uma": (15000, 0, -15000),
        "oka": 0,
        "honba_points": 200,
        "noten_payment": 2000,
        "riichi_min_live_tiles": 3,
        "suufon_renda": False,
        "suucha_riichi": False,
        "sanchahou": False,
        "double_yakuman_special_waits": DOUBLE_YAKUMAN_FORMS,
        "kokushi_chankan_ankan": True,
        "pao_suukantsu": True,
        "pao_scope": "yakuman",
    },
    "m_league": {
        **_NO_ABORTIVE_DRAWS,
        **_NO_YAME,
        "uma": (30000, 10000, -10000, -30000),
        "tied_ranks": "shared",
        "open_kan_dora": "immediate",
        "multiple_ron": "head_bump",
        "tobi": False,
        "riichi_min_points": 0,
        "extension": "none",
        "kiriage_mangan": True,
        "kazoe_yakuman": "sanbaiman",
        "double_wind_pair_fu": 2,
        "pao_suukantsu": True,
    },
    "jpml": {
        **_PRO_30000,
        **_NO_RED,
        **_NO_LUCK,
        **_NO_ABORTIVE_DRAWS,
        **_NO_YAME,
        "uma": (8000, 4000, -4000, -8000),
        "multiple_ron": "head_bump",
        "riichi_min_live_tiles": 0,
        "noten_riichi_chombo": "mangan",
        "pao_suukantsu": True,
        "pao_honba": "discarder",
        "double_wind_pair_fu": 2,
        "kazoe_yakuman": "sanbaiman",
        "renhou": "mangan",
    },
    "saikouisen": {
        **_PRO_30000,
        **_NO_RED,
        **_NO_ABORTIVE_DRAWS,
        **_NO_YAME,
        "uma": (30000, 10000, -10000, -30000),
        "multiple_ron": "head_bump",
        "pao_daisangen": False,
        "pao_daisuushi": False,
        "kazoe_yakuman": "sanbaiman",
        "yakuman_stacking": False,
    },
    "kyokai": {
        **_NO_RED,
        **_NO_ABORTIVE_DRAWS,
        "uma": (30000, 10000, -10000, -30000),
        "tobi": False,
        "multiple_ron": "head_bump",
        "nagashi_mangan": False,
        "pao_daisangen": False,
        "pao_daisuushi": False,
        "agari_yame": False,
        "extension": "none",
    },
    "rmu": dict(_RMU_A),
    "rmu_b": {**_RMU_A, **_NO_LUCK},
    "rmu_m": {
        **_RMU_A,
        "red_fives": (1, 1, 1),
        "starting_points": 25000,
        "oka": 20000,
        "uma": (30000, 10000, -10000, -30000),
    },
    "mu": {
        **_PRO_30000,
        **_NO_RED,
        **_NO_LUCK,
        **_NO_ABORTIVE_DRAWS,
        **_NO_YAME,
        "uma": (12000, 4000, -4000, -12000),
        "tied_ranks": "shared",
        "kuikae": "allowed",
        "multiple_ron": "head_bump",
        "honba_points": 0,
        "nagashi_mangan": False,
        "extension": "none",
    },
    "wrc": dict(_WRC),
    "ema": {
        **_WRC,
        "open_kan_dora": "immediate",
        "nagashi_mangan_as": "win",
        "tenpai_declaration": "voluntary",
    },
}


PRESET_VALUES["tenhou_sanma_tonpuusen"] = {**PRESET_VALUES["tenhou_sanma"], "length": "tonpuusen"}

#: Riichi City three-player tournament rooms (:meth:`Rules.riichi_city_sanma`: sources there).
PRESET_VALUES["riichi_city_sanma"] = {
    "num_players": 3,
    "red_fives": (0, 1, 1),
    "starting_points": 50000,
    "target_points": 50000,
    "uma": (10000, 0, -10000),
    "oka": 0,
    "honba_points": 200,
    "noten_payment": 2000,
    "riichi_min_live_tiles": 3,
    "suufon_renda": False,
    "suucha_riichi": False,
    "sanchahou": False,
    "kiriage_mangan": True,
    "open_kan_dora": "immediate",
    "agari_yame": False,
    "noten_payment_split": "per_tenpai",
    "rinshan_tsumo_fu": False,
}

#: Clearer names accepted for :attr:`Rules.kuikae`, stored as the value they name.
_KUIKAE_ALIASES = {"same_tile_and_suji": "forbidden", "none": "allowed"}

_MAX_INT = 10**9  # no points, counts or sticks value is anywhere near this


def _check_field_types(rules: Rules) -> None:
    """Every field has its annotated type; ints are in 0..10**9 (uma values may be negative).

    A list given for a tuple field is stored as a tuple (the dataclass is frozen and hashable).
    Each field's check is built once from its annotation (:func:`_field_checks`): a derived
    ``Rules`` (``dataclasses.replace``, the presets) costs a few microseconds to check.

    Raises:
        RiichiError: naming the field, the bad value and what was expected.
    """
    for name, check, whole in _field_checks():
        if whole:  # a tuple field (may store a list as a tuple)
            check(rules, name, getattr(rules, name))
        else:
            check(name, getattr(rules, name))


_Check = typing.Callable[[str, object], None]


@functools.cache
def _field_checks() -> tuple[tuple[str, Any, bool], ...]:
    """Per init field of :class:`Rules`, in field order: its name, the check of its value
    built from its annotation and whether that check takes the ``Rules`` too (a tuple
    field's: ``check(rules, name, value)``; else ``check(name, value)``), raising as
    :func:`_check_field_types` says."""
    out = []
    hints = _type_hints()
    for f in dataclasses.fields(Rules):
        if f.init:
            hint = hints[f.name]
            if typing.get_origin(hint) is tuple:
                out.append((f.name, _tuple_check(f.name, hint), True))
            else:
                out.append((f.name, _scalar_check(hint, negative_ok=False), False))
    return tuple(out)


def _tuple_check(name: str, hint: object) -> typing.Callable[[Rules, str, object], None]:
    """The check of the tuple field ``name`` annotated ``hint``; it stores a list it is
    given as a tuple."""
    args = typing.get_args(hint)
    inner = _scalar_check(args[0], negative_ok=name == "uma")
    size = None if args[-1] is Ellipsis else len(args)

    def check_tuple(rules: Rules, name: str, value: object) -> None:
        if isinstance(value, list):
            value = tuple(value)
            object.__setattr__(rules, name, value)
        if not isinstance(value, tuple):
            raise _error(name, value, f"a tuple ({hint})")
        if size is not None and len(value) != size:
            raise _error(name, value, f"{size} values")
        for v in value:
            inner(name, v)

    return check_tuple


def _scalar_check(hint: object, *, negative_ok: bool) -> _Check:
    """The check of one value annotated ``hint``: a ``Literal`` of str (one of its choices,
    compared only as a str: an array's == is not a truth value), ``bool``, ``int`` (not a
    bool; 0..10**9, or -10**9..10**9 with ``negative_ok``), ``str``, ``X | None`` (None or
    X's check); any other annotation is not checked here."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:

        def check_literal(name: str, value: object) -> None:
            if not isinstance(value, str) or value not in args:
                raise _error(name, value, f"one of {args}")

        return check_literal
    if hint is bool:

        def check_bool(name: str, value: object) -> None:
            if value is not True and value is not False:
                raise _error(name, value, "True or False")

        return check_bool
    if hint is int:
        low = -_MAX_INT if negative_ok else 0

        def check_int(name: str, value: object) -> None:
            if isinstance(value, bool) or not isinstance(value, int):
                raise _error(name, value, "an int")
            if not low <= value <= _MAX_INT:
                raise _error(name, value, f"an int in {low}..{_MAX_INT}")

        return check_int
    if hint is str:

        def check_str(name: str, value: object) -> None:
            if not isinstance(value, str):
                raise _error(name, value, "a str")

        return check_str
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (inner_hint,) = (a for a in args if a is not type(None))
        inner = _scalar_check(inner_hint, negative_ok=negative_ok)

        def check_optional(name: str, value: object) -> None:
            if value is not None:
                inner(name, value)

        return check_optional

    def unchecked(name: str, value: object) -> None:
        return None

    return unchecked


@functools.cache
def _type_hints() -> dict[str, object]:
    return typing.get_type_hints(Rules)


def _check_red(where: str, red: object) -> None:
    """The presets' ``red`` switch is a bool: anything else (``"x"``, ``0``, ``None``) is
    refused rather than read as a truth value."""
    if red.__class__ is not bool:
        raise _error(f"{where} red", red, "True or False")


def _check_length(where: str, length: object) -> None:
    """A preset's ``length`` argument is one of the game lengths (named with the preset)."""
    if not isinstance(length, str) or length not in _LENGTHS:
        raise _error(f"{where} length", length, f"one of {_LENGTHS}")


def _not_int(value: object) -> bool:
    return value.__class__ is not int


def _error(name: str, value: object, expected: str) -> Exception:
    from riichi.errors import RiichiError

    return RiichiError(f"invalid Rules.{name}: {value!r} (expected {expected})")
