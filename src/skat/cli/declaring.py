"""The declaration in the terminal, the way players do it: pick up the skat or play Hand first,
then the game, then the announcements the rules allow, then one confirmation.

No choice is a number, so a bid typed too late (``20`` just as the others pass) can never
declare a game: the keys are letters (``s`` skat, ``h`` Hand, the game's initial, ``s``/``z``/``o``
for Schneider/Schwarz/Ouvert, ``b`` back).  The values are the core's
(:mod:`skat.core.declarations`), never computed here.

>>> from skat.core import Deal, GameState
>>> from skat.cli.menu import declaration_menu
>>> deal = Deal.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7 CA CT CK CQ C9 SA ST SK SQ S9 "
...                   "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ")
>>> g = GameState(deal)
>>> for call in ["p", "p", "18"]:
...     _ = g.apply(call)
>>> rows = game_rows(declaration_menu(g), "en", "french")
>>> [(r.key, r.name) for r in rows]
[('g', 'Grand'), ('c', 'Clubs'), ('s', 'Spades'), ('h', 'Hearts'), ('d', 'Diamonds'), ('n', 'Null')]
>>> print(rows[0].line("en"))
  g Grand     Hand ≈96 · s Schneider ≈144 · z Schwarz ≈192 · o Ouvert ≈216
>>> [r.key for r in game_rows(declaration_menu(g), "de", "german")]
['g', 'e', 'gr', 'r', 'sch', 'n']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from skat.cli.menu import MenuEntry
from skat.cli.words import game_type_name
from skat.core import PICK_UP, Action, Contract, Declare, GameType, Suit
from skat.core.actions import SHOW_SKAT
from skat.core.language import LANGUAGES, N_, say

_GERMAN_PACK_KEYS: Final = ("sch", "r", "gr", "e", "g", "n")
"""The game keys with the German pack (Schellen, Rot, Grün, Eichel, Grand, Null), in every
language; with the French pack the catalog's ``play.game_keys`` (``d h s c g n``)."""
_FLAG_WORDS: Final = {
    "s": N_("play.flag_schneider"),
    "z": N_("play.flag_schwarz"),
    "o": N_("play.flag_ouvert"),
}


def game_name(game_type: GameType, lang: str, deck: str) -> str:
    """The game's name in the player's words and pack: ``Clubs``, ``Kreuz`` or ``Eichel``.

    >>> game_name(GameType(3), "en", "french"), game_name(GameType(3), "de", "german")
    ('Clubs', 'Eichel')
    """
    if deck == "german" and game_type.is_suit and game_type.trump_suit is not None:
        return game_type.trump_suit.german_pack
    return game_type_name(lang, game_type)


def contract_words(contract: Contract, lang: str, deck: str) -> str:
    """The core's spoken name of the contract with the game named for the player's pack.

    >>> contract_words(Contract.parse("SHS"), "de", "german")
    'Grün Hand Schneider angesagt'
    """
    words = contract.describe(lang)
    plain = game_type_name(lang, contract.game_type)
    return game_name(contract.game_type, lang, deck) + words[len(plain) :]


def list_name(contract: Contract, lang: str, deck: str) -> str:
    """The game as the list writes it: the full name, without "announced".

    >>> list_name(Contract.parse("DHSZ"), "en", "french"), list_name(Contract.parse("NOH"), "de", "german")
    ('Diamonds Hand Schwarz', 'Null Ouvert Hand')
    """
    words = contract_words(contract, lang, deck).split()
    announced = say(lang, "play.announced_word")
    return " ".join(w for w in words if w != announced)


@cache
def _suit_words() -> tuple[re.Pattern[str], dict[str, Suit]]:
    """The suit games' names in every language (``Clubs``, ``Kreuz``, ``klør`` …) and a
    pattern finding them."""
    index = {game_type_name(lang, GameType(s)): Suit(s) for lang in LANGUAGES for s in range(4)}
    names = "|".join(sorted(map(re.escape, index), key=len, reverse=True))
    return re.compile(rf"\b({names})\b"), index


def pack_words(text: str, deck: str) -> str:
    """The suits named in a text (a result, a game) as the German pack names them.

    >>> pack_words("Ann gewinnt Pik mit 78 Augen", "german")
    'Ann gewinnt Grün mit 78 Augen'
    >>> pack_words("Ann wins Spades", "french")
    'Ann wins Spades'
    """
    if deck != "german":
        return text
    pattern, index = _suit_words()
    return pattern.sub(lambda m: index[m.group(0)].german_pack, text)


def flag_key(contract: Contract) -> str:
    """The key of the contract's announcements within its game: ``""`` none, ``s``, ``z``, ``o``.

    >>> [flag_key(Contract.parse(c)) for c in ("GH", "GHS", "GHSZ", "GO", "NOH", "C")]
    ['', 's', 'z', 'o', 'o', '']
    """
    if contract.ouvert:
        return "o"
    if contract.schwarz_announced:
        return "z"
    if contract.schneider_announced:
        return "s"
    return ""


@dataclass(frozen=True)
class GameRow:
    """One game of the menu: its key, its name and its declarations by announcement key."""

    key: str
    name: str
    entries: tuple[tuple[str, MenuEntry], ...]

    def choice(self, flag: str) -> MenuEntry | None:
        """The declaration with these announcements (``""`` none), if it is open."""
        return next((e for k, e in self.entries if k == flag), None)

    def option_text(self, flag: str, entry: MenuEntry, lang: str) -> str:
        """``s Schneider ≈144`` (``!`` after it marks a value below the bid, ``≈`` an unseen skat)."""
        c = entry.action.contract if isinstance(entry.action, Declare) else None
        if flag:
            word = f"{flag} " + say(lang, _FLAG_WORDS[flag])
        elif c is not None and c.hand:
            word = say(lang, "play.flag_hand")
        else:
            word = ""
        warn = "!" if entry.short else ""
        mark = "≈" if entry.estimate else ""
        return f"{word} {mark}{entry.value}{warn}".strip()

    def line(self, lang: str) -> str:
        """The menu line of the game: key, name, each declaration with its value."""
        options = " · ".join(self.option_text(k, e, lang) for k, e in self.entries)
        return f"  {self.key:<3} {self.name:<9} {options}".rstrip()


def game_rows(menu: list[MenuEntry], lang: str, deck: str) -> list[GameRow]:
    """The declarations of the menu grouped by game, in the menu's order."""
    keys = _GERMAN_PACK_KEYS if deck == "german" else tuple(say(lang, "play.game_keys").split())
    grouped: dict[GameType, list[tuple[str, MenuEntry]]] = {}
    for e in menu:
        if isinstance(e.action, Declare):
            c = e.action.contract
            grouped.setdefault(c.game_type, []).append((flag_key(c), e))
    order = {"": 0, "s": 1, "z": 2, "o": 3}
    return [
        GameRow(
            keys[gt],
            game_name(gt, lang, deck),
            tuple(sorted(entries, key=lambda ke: order[ke[0]])),
        )
        for gt, entries in grouped.items()
    ]


_BACK: Final = ("b", "back", "zurück", "zurueck", "tilbage")
_PICK_UP: Final = ("s", "skat", "pick up", "pickup", "pick-up", "aufnehmen", "tag op")
_HAND: Final = ("h", "hand", "hånd")
_SHOW: Final = ("o", "show", "show skat", "showskat", "show-skat", "zeigen", "skat zeigen", "vis")
_GAME_WORDS: Final[dict[str, int]] = {
    **dict.fromkeys(("diamonds", "karo", "schellen", "ruder"), 0),
    **dict.fromkeys(("hearts", "herz", "rot", "hjerter"), 1),
    **dict.fromkeys(("spades", "pik", "grün", "gruen", "blatt", "spar"), 2),
    **dict.fromkeys(("clubs", "kreuz", "eichel", "klør"), 3),
    "grand": 4,
    **dict.fromkeys(("null", "nolo"), 5),
}
"""The games by name in every language and either pack (the keys differ by pack)."""
_FLAG_TYPED: Final[dict[str, str]] = {
    "schneider": "s",
    "schwarz": "z",
    "ouvert": "o",
    "open": "o",
    "offen": "o",
    "skrædder": "s",
    "sort": "z",
    "åben": "o",
}


class DeclarationDialog:
    """The questions from picking up to the declaration (see the module doc).

    :meth:`read` takes one line and answers with the menu's own action when the line chooses
    one (never the line read again by another parser: ``n``, the Null key, is no "no"), with
    ``""`` when the line moved the dialog on (ask again), with a message to show when the line
    is a key of this dialog that is not open now, or with ``None`` when the line is none of the
    dialog's words (a command or a contract typed as ``CH``: the session reads it).

    >>> from skat.core import GameState
    >>> from skat.cli.menu import declaration_menu
    >>> g = GameState(seed=1)
    >>> _ = g.apply("p"), g.apply("p"), g.apply("18")
    >>> d = DeclarationDialog(declaration_menu(g), "en", "french", bid=18)
    >>> d.prompt()
    'pick up the skat (s) or play Hand (h)'
    >>> d.read("20")
    '20 is no choice here: the bidding is over (bid 18); s picks up the skat, h plays Hand'
    >>> d.read("s")
    PICK_UP
    >>> d.read("h"), d.prompt()
    ('', 'choose the game: g c s h d n · b back')
    >>> d.read("n"), d.prompt()
    ('', 'Null: Enter = Hand 35 · o Ouvert 59 · b back')
    >>> d.read("s")
    "'s'? Null: Enter = Hand 35 · o Ouvert 59 · b back"
    >>> d.read("o")
    Declare.parse('NOH')
    >>> d.read("b"), d.read("clubs"), d.read("schneider")
    ('', '', Declare.parse('CHS'))
    """

    def __init__(self, menu: list[MenuEntry], lang: str, deck: str, bid: int) -> None:
        self.lang = lang
        self.bid = bid
        self.rows = game_rows(menu, lang, deck)
        self.others = [e.action for e in menu if not isinstance(e.action, Declare)]
        self.can_pick_up = PICK_UP in self.others
        self.can_show = SHOW_SKAT in self.others
        self.step = "start" if self.can_pick_up else "game"
        self.row: GameRow | None = None

    def lines(self) -> list[str]:
        """The menu as shown: the games with the value of each declaration."""
        lang = self.lang
        head = N_("play.decl_hand_title") if self.can_pick_up else N_("play.decl_games_title")
        return [say(lang, head), *(r.line(lang) for r in self.rows), say(lang, "play.decl_legend")]

    def prompt(self) -> str:
        """The question of the current step."""
        lang = self.lang
        back = say(lang, "play.decl_back")
        if self.step == "start":
            return say(lang, N_("play.decl_start_show") if self.can_show else N_("play.decl_start"))
        if self.step == "game" or self.row is None:
            keys = " ".join(r.key for r in self.rows)
            return say(
                lang, "play.decl_game", keys=keys + (f" · {back}" if self.can_pick_up else "")
            )
        parts = []
        for k, e in self.row.entries:
            text = self.row.option_text(k, e, lang)
            parts.append(say(lang, "play.decl_enter", word=text) if not k else text)
        return say(lang, "play.decl_flags", game=self.row.name, options=" · ".join([*parts, back]))

    def back(self) -> None:
        """One step back (after a "no" at the confirmation, or ``b``)."""
        if self.step == "flags":
            self.step = "game"
        elif self.can_pick_up:
            self.step = "start"

    def read(self, line: str) -> Action | str | None:
        """Take one line (see the class doc)."""
        low = " ".join(line.strip().lower().split())
        if low.isascii() and low.isdigit():
            start = self.step == "start"
            how = say(self.lang, N_("play.decl_how_start") if start else N_("play.decl_how_game"))
            return say(self.lang, "play.decl_no_number", n=low, bid=self.bid, how=how)
        if low in _BACK:
            self.back()
            return ""
        if self.step == "start":
            return self._read_start(low)
        if self.step == "game":
            return self._read_game(low)
        return self._read_flags(line, low)

    def _read_start(self, low: str) -> Action | str | None:
        if low in _PICK_UP:
            return PICK_UP
        if self.can_show and low in _SHOW:
            return SHOW_SKAT
        if low in _HAND:
            self.step = "game"
            return ""
        return None

    def _read_game(self, low: str) -> Action | str | None:
        row = next((r for r in self.rows if low in (r.key, r.name.lower())), None)
        if row is None and low in _GAME_WORDS:
            game = _GAME_WORDS[low]
            row = next((r for r in self.rows if _row_game(r) == game), None)
        if row is None:
            return None
        self.row = row
        if len(row.entries) == 1:
            return row.entries[0][1].action
        self.step = "flags"
        return ""

    def _read_flags(self, line: str, low: str) -> Action | str | None:
        row = self.row
        assert row is not None
        if low == "hand" and row.choice("") is not None:
            low = ""
        flag = _FLAG_TYPED.get(low, low)
        if flag not in ("", "s", "z", "o"):
            return None
        entry = row.choice(flag)
        if entry is None:  # a key of this question, not open for this game
            return say(self.lang, "play.not_understood", text=line.strip(), options=self.prompt())
        return entry.action


def _row_game(row: GameRow) -> int:
    """The game type (0–5) of a menu row."""
    action = row.entries[0][1].action
    assert isinstance(action, Declare)
    return int(action.contract.game_type)
