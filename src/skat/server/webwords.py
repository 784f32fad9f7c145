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


def _ids() -> list[str]:
    """Every ``web.``/``tour.`` message of the source catalog (English has them all)."""
    messages: dict[Any, str] = getattr(catalog(SOURCE), "_catalog", {})  # gettext's own table
    ids = {key[0] if isinstance(key, tuple) else key for key in messages}
    return sorted(k for k in ids if isinstance(k, str) and k.startswith(PREFIXES))


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
