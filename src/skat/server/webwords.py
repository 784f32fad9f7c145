"""The web pages' words: the message catalogs' ``web.`` and ``tour.`` messages as JSON.

The pages' JavaScript says ``t("web.key", {values})`` and ``tn(key, plural, n, {values})``
(static/common.js); it asks ``GET /api/words/<lang>`` once for the words of its language:

>>> answer = words_answer("da_DK")
>>> answer["lang"], sorted(answer["languages"]), answer["words"]["web.yourTurn"]
('da', ['da', 'de', 'en'], 'Din tur')
>>> words_answer("fr")["lang"], words_answer("de")["plurals"]["web.backs"]
('en', ['{n} verdeckte Karte', '{n} verdeckte Karten'])

A message the pages name only through a computed key (a computer level, a rules option, a
pack's card name, the HTML's ``data-t`` words) is listed here with ``N_``, so that the
catalog's tools and tests (docs/translating.md) know it is said.  The server's own messages
for the pages (refusals, reasons) are said in the page's language with :func:`page_language`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Final

from skat.core.language import LANGUAGES, N_, SOURCE, catalog, pick

PREFIXES: Final = ("web.", "tour.")
"""The messages the pages' JavaScript says (the server's own are said by the server)."""

COMPUTED: Final = (
    # the pages' HTML (data-t, data-t-label)
    N_("web.create"),
    N_("web.rulesPreset"),
    N_("web.games"),
    N_("web.clock"),
    N_("web.mainRules"),
    N_("web.moreRules"),
    N_("web.rulesText"),
    N_("web.seats4"),
    N_("web.showPoints"),
    N_("web.playVariant"),
    N_("web.variant"),
    N_("web.opponents"),
    N_("web.variantPlayers"),
    N_("web.yourNameV"),
    N_("web.running"),
    N_("web.finished"),
    N_("web.log"),
    N_("web.sheet"),
    N_("web.moves"),
    N_("web.yourCards"),
    N_("web.toLobby"),
    # the computer levels (skat.server.table.offered_levels)
    N_("web.level_random"),
    N_("web.level_heuristic"),
    N_("web.level_pimc-fast"),
    N_("web.level_pimc"),
    N_("web.level_pimc-easy"),
    N_("web.level_pimc-medium"),
    N_("web.level_pimc-hard"),
    N_("web.level_pimc-expert"),
    N_("web.level_pimc-learned"),
    # the settings: display themes and card packs
    N_("web.themeNormal"),
    N_("web.themeLarge"),
    N_("web.themeContrast"),
    N_("web.pack_french"),
    N_("web.pack_four"),
    N_("web.pack_german"),
    # the moves the table makes for a player (skat.server.protocol.auto_moves)
    N_("web.auto_clock"),
    N_("web.auto_away"),
    N_("web.auto_claim"),
    # the rule sets (skat.core.rules.PRESETS)
    N_("web.preset_isko"),
    N_("web.preset_tournament"),
    N_("web.preset_iss"),
    N_("web.preset_iss2"),
    N_("web.preset_old"),
    N_("web.preset_online"),
    N_("web.preset_pub"),
    N_("web.preset_danish"),
    # the options of the rules form and their values (skat.server.rules_form)
    N_("web.opt_claim"),
    N_("web.opt_resign"),
    N_("web.opt_resign_levels"),
    N_("web.opt_declarer_resign"),
    N_("web.opt_lost_hand_single"),
    N_("web.opt_grand_ouvert_base"),
    N_("web.opt_kontra"),
    N_("web.opt_kontra_timing"),
    N_("web.opt_kontra_eligibility"),
    N_("web.opt_supra"),
    N_("web.opt_ramsch"),
    N_("web.opt_ramsch_skat"),
    N_("web.opt_jungfrau"),
    N_("web.opt_durchmarsch"),
    N_("web.opt_jungfrau_penalty"),
    N_("web.opt_ramsch_loss"),
    N_("web.opt_ramsch_tens"),
    N_("web.opt_ramsch_ten_points"),
    N_("web.opt_schieberamsch_jacks"),
    N_("web.opt_schieberamsch_grand_hand"),
    N_("web.opt_spitze"),
    N_("web.opt_schenken"),
    N_("web.opt_open_play"),
    N_("web.opt_open_value"),
    N_("web.opt_auto_concede"),
    N_("web.opt_jump_delay"),
    N_("web.opt_disconnect_concede"),
    N_("web.opt_show_skat"),
    N_("web.opt_bid_jumps"),
    N_("web.opt_score_sheet"),
    N_("web.opt_seeger_bonus"),
    N_("web.opt_bock"),
    N_("web.opt_bock_triggers"),
    N_("web.opt_ramsch_rounds"),
    N_("web.opt_ramsch_rounds_every"),
    N_("web.opt_ramsch_rounds_kind"),
    N_("web.opt_pot"),
    N_("web.val_claim_isko"),
    N_("web.val_claim_iss"),
    N_("web.val_resign_one"),
    N_("web.val_resign_both"),
    N_("web.val_resign_after_claim"),
    N_("web.val_resign_levels_isko"),
    N_("web.val_resign_levels_rest"),
    N_("web.val_declarer_resign_isko"),
    N_("web.val_declarer_resign_any"),
    N_("web.val_kontra_timing_trick"),
    N_("web.val_kontra_timing_lead"),
    N_("web.val_kontra_eligibility_any"),
    N_("web.val_kontra_eligibility_bid"),
    N_("web.val_ramsch_off"),
    N_("web.val_ramsch_ramsch"),
    N_("web.val_ramsch_schieberamsch"),
    N_("web.val_ramsch_gewinner"),
    N_("web.val_ramsch_skat_last_trick"),
    N_("web.val_ramsch_skat_loser"),
    N_("web.val_ramsch_loss_highest"),
    N_("web.val_ramsch_loss_everyone"),
    N_("web.val_ramsch_tens_high"),
    N_("web.val_ramsch_tens_low"),
    N_("web.val_open_value_level"),
    N_("web.val_open_value_double"),
    N_("web.val_score_sheet_plain"),
    N_("web.val_score_sheet_seeger"),
    N_("web.val_score_sheet_bierlachs"),
    N_("web.val_score_sheet_danish"),
    N_("web.val_seeger_bonus_all"),
    N_("web.val_seeger_bonus_active"),
    N_("web.val_bock_triggers_6060"),
    N_("web.val_bock_triggers_kontra_re"),
    N_("web.val_bock_triggers_grand_hand"),
    N_("web.val_bock_triggers_value100"),
    N_("web.val_bock_triggers_list_total"),
    N_("web.val_ramsch_rounds_kind_same"),
    N_("web.val_ramsch_rounds_kind_schieberamsch"),
    # the cards of the French and the German pack
    N_("web.suit.french.C"),
    N_("web.suit.french.S"),
    N_("web.suit.french.H"),
    N_("web.suit.french.D"),
    N_("web.suit.german.C"),
    N_("web.suit.german.S"),
    N_("web.suit.german.H"),
    N_("web.suit.german.D"),
    N_("web.rank.french.J"),
    N_("web.rank.french.A"),
    N_("web.rank.french.T"),
    N_("web.rank.french.K"),
    N_("web.rank.french.Q"),
    N_("web.rank.french.9"),
    N_("web.rank.french.8"),
    N_("web.rank.french.7"),
    N_("web.rank.german.J"),
    N_("web.rank.german.A"),
    N_("web.rank.german.T"),
    N_("web.rank.german.K"),
    N_("web.rank.german.Q"),
    N_("web.rank.german.9"),
    N_("web.rank.german.8"),
    N_("web.rank.german.7"),
    # the core's rules errors by kind (skat.core.rules.RULES_ERRORS)
    N_("web.rulesError.empty"),
    N_("web.rulesError.unknown_preset"),
    N_("web.rulesError.unknown_option"),
    N_("web.rulesError.no_value"),
    N_("web.rulesError.twice"),
    N_("web.rulesError.needs"),
    N_("web.rulesError.excluded"),
    N_("web.rulesError.takes_switch"),
    N_("web.rulesError.takes_one_of"),
    N_("web.rulesError.takes_set"),
    N_("web.rulesError.takes_number"),
    N_("web.rulesError.takes_positive"),
)
"""The messages the pages say through a computed key."""


TOURNAMENT_PAGES: Final = (
    N_("tour.label.guests"),
    N_("tour.label.lateArrival"),
    N_("tour.label.leaves"),
    N_("tour.label.list"),
    N_("tour.label.members"),
    N_("tour.label.players"),
    N_("tour.label.replaced"),
    N_("tour.label.substitute"),
    N_("tour.label.which"),
    N_("tour.value.championship"),
    N_("tour.value.clubEvening"),
    N_("tour.Add"),
    N_("tour.Add_a_late_arrival"),
    N_("tour.Address_players_reach"),
    N_("tour.Arrivals_leavers_substitutes"),
    N_("tour.Best_series"),
    N_("tour.Bid_if_above_the_value"),
    N_("tour.Closing_total"),
    N_("tour.Correction_log"),
    N_("tour.Corrections"),
    N_("tour.Create"),
    N_("tour.Date"),
    N_("tour.Deals_per_player_a_series"),
    N_("tour.Deals_per_player_a_series_12_48_games_at_a_4_tab"),
    N_("tour.Declarer"),
    N_("tour.Each_player_checks_the_totals_below_and_confirms"),
    N_("tour.Enter_game"),
    N_("tour.Enter_or_correct_a_list"),
    N_("tour.Evenings"),
    N_("tour.Game"),
    N_("tour.Guests"),
    N_("tour.Guests_not_in_the_register_one_a_line"),
    N_("tour.Hand"),
    N_("tour.JSON_archive"),
    N_("tour.Keep_this_page_s_address_secret_it_manages_the_t"),
    N_("tour.Kontra"),
    N_("tour.Kontra_Re_Supra_and_Resupra"),
    N_("tour.Kontra_Re_last"),
    N_("tour.Kontra_and_Re_club_evening"),
    N_("tour.Kontra_on_the_lists"),
    N_("tour.Lists_with_problems"),
    N_("tour.Live_standings_public"),
    N_("tour.Name"),
    N_("tour.One_a_line"),
    N_("tour.One_game_a_line"),
    N_("tour.Or_add_a_tournament_of_this_server_its_id"),
    N_("tour.Or_start_from_a_tournament_file_of"),
    N_("tour.Outcome"),
    N_("tour.Ouvert"),
    N_("tour.Override_the_reason_to_seat_with_lists_missing_l"),
    N_("tour.PDF"),
    N_("tour.PDF_2"),
    N_("tour.Players"),
    N_("tour.Players_one_a_line"),
    N_("tour.Players_who_withdraw"),
    N_("tour.Reason_logged"),
    N_("tour.Register"),
    N_("tour.Rules"),
    N_("tour.Save"),
    N_("tour.Save_address"),
    N_("tour.Save_players"),
    N_("tour.Save_the_list"),
    N_("tour.Save_the_register"),
    N_("tour.Seat"),
    N_("tour.Seat_the_next_series"),
    N_("tour.Series"),
    N_("tour.Series_an_evening"),
    N_("tour.Start_a_season_club_championship"),
    N_("tour.Start_a_tournament_or_a_club_evening"),
    N_("tour.Start_an_evening"),
    N_("tour.Start_the_evening"),
    N_("tour.Substitute"),
    N_("tour.Take_back_the_last_game"),
    N_("tour.Team_mates"),
    N_("tour.The_register_one_a_line"),
    N_("tour.Ties"),
    N_("tour.Time_limit_a_series_in_minutes_empty_none_games_"),
    N_("tour.Tournaments"),
    N_("tour.Value"),
    N_("tour.What_counts"),
    N_("tour.Who_came"),
    N_("tour.Withdraw"),
    N_("tour.You_get_the_director_s_link_keep_it_secret_it_ma"),
    N_("tour.You_get_the_director_s_link_keep_it_secret_it_ma_2"),
    N_("tour.a_guest"),
    N_("tour.after_series"),
    N_("tour.all_series"),
    N_("tour.all_sheets"),
    N_("tour.at_different_tables"),
    N_("tour.at_one_table"),
    N_("tour.best_series_then_more_games_won"),
    N_("tour.by_lot"),
    N_("tour.by_standings_strong_with_strong"),
    N_("tour.club"),
    N_("tour.contract"),
    N_("tour.counted"),
    N_("tour.dealer"),
    N_("tour.declarer"),
    N_("tour.each_player_s_best_series"),
    N_("tour.for_the_table_s_own_sums"),
    N_("tour.kontra"),
    N_("tour.last_played"),
    N_("tour.last_series_then_more_games_won"),
    N_("tour.later_series_count_0"),
    N_("tour.listed_after_the_members"),
    N_("tour.lost"),
    N_("tour.members"),
    N_("tour.money_prizes_and_tie_breaks_as_set_there_series_"),
    N_("tour.more_games_won_fewer_lost_then_the_lot_DSkV"),
    N_("tour.name_club_team"),
    N_("tour.new_season"),
    N_("tour.new_tournament"),
    N_("tour.no_DSkV_tournament"),
    N_("tour.no_Kontra"),
    N_("tour.or_add_them_later"),
    N_("tour.outcome"),
    N_("tour.place"),
    N_("tour.player"),
    N_("tour.points"),
    N_("tour.printable_page"),
    N_("tour.prize"),
    N_("tour.ranked_with_the_members_marked"),
    N_("tour.removed_from_the_standings"),
    N_("tour.seat"),
    N_("tour.seated_freely"),
    N_("tour.seed_empty_drawn"),
    N_("tour.table_lists_and_player_cards"),
    N_("tour.team"),
    N_("tour.the_bid_after_the_value"),
    N_("tour.the_bid_last"),
    N_("tour.the_substitute_s_name"),
    N_("tour.value"),
    N_("tour.won"),
)
"""The tournament pages' words said by their HTML (``data-t``) and by the sheets' column
names and words (``tw()`` in tournament.js: place, player, won …)."""


@cache
def _ids() -> tuple[str, ...]:
    """Every ``web.``/``tour.`` message of the source catalog (English has them all)."""
    messages: dict[Any, str] = getattr(catalog(SOURCE), "_catalog", {})  # gettext's own table
    ids = {key[0] if isinstance(key, tuple) else key for key in messages}
    return tuple(sorted(k for k in ids if isinstance(k, str) and k.startswith(PREFIXES)))


def words_answer(want: str) -> dict[str, Any]:
    """The answer of ``GET /api/words/<want>``: the language spoken (``want`` if ``skat``
    speaks it, else English), every language there is, the pages' words and plural forms."""
    lang = pick(want) or SOURCE
    found = catalog(lang)
    words: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    for key in _ids():
        if key.endswith(".plural"):
            continue
        one, many = found.ngettext(key, f"{key}.plural", 1), found.ngettext(key, f"{key}.plural", 2)
        if many == f"{key}.plural" or one == many == key:
            words[key] = found.gettext(key)
        else:
            plurals[key] = [one, many]
    return {"lang": lang, "languages": list(LANGUAGES), "words": words, "plurals": plurals}


def page_language(value: str | None) -> str:
    """The language a page asks in (its ``lang`` or ``X-Skat-Lang``): one of
    :data:`LANGUAGES`, English when none or one ``skat`` does not speak."""
    return (pick(value) if value else None) or SOURCE


def every_language(words: Callable[[str], Any], name: str) -> dict[str, Any]:
    """``{name_<lang>: words(lang)}`` for every language: a state message carries the core's
    words in each (``contract_en``, ``contract_de``, ``contract_da`` …), the page shows its own.

    >>> sorted(every_language(str.upper, "x"))[:2]
    ['x_da', 'x_de']
    """
    return {f"{name}_{lang}": words(lang) for lang in LANGUAGES}
