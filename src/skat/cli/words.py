"""The words of the terminal game in English and German (Skat terms as players say them).

>>> say("en", "bids", who="Ann", bid=18), say("de", "bids", who="Ann", bid=18)
('Ann says 18', 'Ann reizt 18')
>>> seat_name("de", Seat.REARHAND)
'Hinterhand'
>>> seat_name("en", Seat(0))
'Forehand'
"""

from __future__ import annotations

from typing import Final

from skat.core.seats import Seat

_WORDS: Final[dict[str, tuple[str, str]]] = {
    "you": ("You", "Du"),
    "bids": ("{who} says {bid}", "{who} reizt {bid}"),
    "holds": ("{who} holds ({bid})", "{who}: ja ({bid})"),
    "passes": ("{who} passes", "{who} passt"),
    "pushes": ("{who} pushes the skat on", "{who} schiebt den Skat weiter"),
    "picks_up": ("{who} picks up the skat", "{who} nimmt den Skat auf"),
    "discards": ("{who} puts two cards away", "{who} drückt zwei Karten"),
    "you_discard": ("You put away {cards}", "Du drückst {cards}"),
    "declares": ("{who} plays {game}", "{who} spielt {game}"),
    "plays": ("{who}: {card}", "{who}: {card}"),
    "wins_trick": ("{who} takes the trick ({points})", "{who} bekommt den Stich ({points})"),
    "kontra": ("{who} says {word}", "{who} sagt {word}"),
    "declines": ("{who} says no", "{who} sagt nein"),
    "shows": ("{who} shows the cards: the rest is claimed", "{who} legt die Karten auf"),
    "resigns": ("{who} gives up", "{who} gibt auf"),
    "other": ("{who}: {action}", "{who}: {action}"),
    "passed_in": ("all passed: no game", "alle passen: eingepasst"),
    "passed_short": ("passed in", "eingepasst"),
    "card": ("card", "Karte"),
    "game_of": ("game {n} of {total}", "Spiel {n} von {total}"),
    "seed": ("seed", "Startwert"),
    "start_line": (
        "skat play · seed {seed} · rules {rules} · level {level}",
        "skat play · Startwert {seed} · Regeln {rules} · Stufe {level}",
    ),
    "again_line": (
        "skat play · {label} again from move {n} · level {level}",
        "skat play · {label} noch einmal ab Zug {n} · Stufe {level}",
    ),
    "dealer": ("dealer", "Geber"),
    "declarer": ("declarer", "Alleinspieler"),
    "bid": ("bid", "Reizwert"),
    "hand": ("your hand", "deine Karten"),
    "skat": ("skat", "Skat"),
    "trick": ("trick", "Stich"),
    "last_trick": ("last trick", "letzter Stich"),
    "points": ("points", "Augen"),
    "won": ("won", "gewonnen"),
    "lost": ("lost", "verloren"),
    "cards": ("cards", "Karten"),
    "ask_bid": ("bid {low} or more, or pass", "reize {low} oder mehr, oder passe"),
    "ask_hold": (
        "{who} says {bid}: hold (y) or pass (p)",
        "{who} sagt {bid}: ja (y) oder passe (p)",
    ),
    "ask_alone": (
        "both passed: play (18), pick up the skat (s: says 18) or pass (p)",
        "beide passen: spielen (18), Skat aufnehmen (s: sagt 18) oder passen (p)",
    ),
    "ask_skat": (
        "pick up the skat (s), or declare a Hand game",
        "Skat aufnehmen (s), oder ein Handspiel ansagen",
    ),
    "ask_discard": (
        "put two cards away (two cards, or their numbers)",
        "zwei Karten drücken (zwei Karten oder ihre Nummern)",
    ),
    "ask_declare": ("declare your game", "sag dein Spiel an"),
    "ask_play": ("play a card", "spiel eine Karte"),
    "ask_answer": ("answer: {choices}", "antworte: {choices}"),
    "ask_push": (
        "take the skat (s) or push it on (p)",
        "Skat nehmen (s) oder schieben (p)",
    ),
    "ask_push_grand": (
        "take the skat (s), push it on (p) or play Grand Hand (GH)",
        "Skat nehmen (s), schieben (p) oder Grand Hand spielen (GH)",
    ),
    "more": ("-- more -- (Enter)", "-- weiter -- (Enter)"),
    "ask_next": (
        "Enter: next game · r: review · save FILE · q: quit",
        "Enter: nächstes Spiel · r: Rückblick · save DATEI · q: Ende",
    ),
    "not_understood": ("{text!r}? {options}", "{text!r}? {options}"),
    "ask_more": ("Enter: more · q: back", "Enter: weiter · q: zurück"),
    "thinking": ("{who} is thinking…", "{who} überlegt…"),
    "claimed_with": ("your cards shown for the claim", "deine aufgelegten Karten"),
    "again_header": (
        "— the deal again from move {n} of {total} —",
        "— das Spiel noch einmal ab Zug {n} von {total} —",
    ),
    "recorded": ("recorded", "aufgezeichnet"),
    "ask_again": (
        "Enter: end · r: review · a: play it again",
        "Enter: Ende · r: Rückblick · a: noch einmal",
    ),
    "bock_game": (
        "Bock: this game counts double",
        "Bock: dieses Spiel zählt doppelt",
    ),
    "ramsch_game": (
        "Ramsch round: every game a Ramsch (or a Grand Hand), the most card points lose",
        "Ramschrunde: jedes Spiel ein Ramsch (oder ein Grand Hand), die meisten Augen verlieren",
    ),
    "bock_starts": (
        "Bock: the next {n} games count double, because {because}.",
        "Bock: die nächsten {n} Spiele zählen doppelt, weil {because}.",
    ),
    "ramsch_follows": (
        "Then {n} games of Ramsch (a Ramsch round).",
        "Danach {n} Spiele Ramsch (eine Ramschrunde).",
    ),
    "bock_6060": ("the game ended 60 to 60", "das Spiel 60 zu 60 ausging"),
    "bock_kontra_re": ("Kontra and Re were said", "Kontra und Re gesagt wurden"),
    "bock_grand_hand": ("a Grand Hand was won", "ein Grand Hand gewonnen wurde"),
    "bock_value100": ("the game was worth 100 or more", "das Spiel 100 oder mehr wert war"),
    "bock_list_total": (
        "a list total reached a hundred or three equal digits",
        "eine Summe auf der Liste einen Hunderter oder eine Schnapszahl erreichte",
    ),
    "decl_start": (
        "pick up the skat (s) or play Hand (h)",
        "Skat aufnehmen (s) oder Hand spielen (h)",
    ),
    "decl_start_show": (
        "pick up the skat (s), show it and pick it up (o) or play Hand (h)",
        "Skat aufnehmen (s), zeigen und aufnehmen (o) oder Hand spielen (h)",
    ),
    "decl_game": ("choose the game: {keys}", "wähle das Spiel: {keys}"),
    "decl_flags": ("{game}: {options}", "{game}: {options}"),
    "decl_enter": ("Enter = {word}", "Enter = {word}"),
    "decl_back": ("b back", "b zurück"),
    "decl_no_number": (
        "{n} is no choice here: the bidding is over (bid {bid}); {how}",
        "{n} ist hier keine Wahl: das Reizen ist vorbei (Reizwert {bid}); {how}",
    ),
    "decl_how_start": ("s picks up the skat, h plays Hand", "s nimmt den Skat auf, h spielt Hand"),
    "decl_how_game": ("choose a game by its letter", "wähle ein Spiel mit seinem Buchstaben"),
    "decl_hand_title": (
        "Hand games (value with your cards):",
        "Handspiele (Wert mit deinen Karten):",
    ),
    "decl_games_title": ("games (value with your cards):", "Spiele (Wert mit deinen Karten):"),
    "decl_legend": (
        "! below the bid · ≈ the skat is unseen",
        "! unter dem Reizwert · ≈ Skat unbekannt",
    ),
    "cannot_save": ("cannot save to {path}: {why}", "kann nicht in {path} speichern: {why}"),
    "cannot_write": ("cannot write to {path}: {why}", "kann nicht in {path} schreiben: {why}"),
    "finish_bock": (
        "The Bock round is played to its end: {n} more game(s).",
        "Die Bockrunde wird zu Ende gespielt: noch {n} Spiel(e).",
    ),
    "finish_ramsch": (
        "The Ramsch round is played to its end: {n} more game(s).",
        "Die Ramschrunde wird zu Ende gespielt: noch {n} Spiel(e).",
    ),
    "ask_sure": ("sure? (y/n)", "sicher? (j/n)"),
    "sure_keys": ("y (yes) or n (no)", "j (ja) oder n (nein)"),
    "declare_sure": (
        "You declare {game}: worth {value} with your cards (bid {bid}); it cannot be taken back.",
        "Du sagst {game} an: {value} wert mit deinen Karten (Reizwert {bid}); das gilt dann.",
    ),
    "declare_sure_no_bid": (
        "You declare {game}: worth {value} with your cards; it cannot be taken back.",
        "Du sagst {game} an: {value} wert mit deinen Karten; das gilt dann.",
    ),
    "concede_sure": ("You give up: {means}", "Du gibst auf: {means}"),
    "concede_pending": (
        "the game goes on until your partner gives up too (these rules: both defenders must)",
        "das Spiel geht weiter, bis dein Partner auch aufgibt (diese Regeln: beide "
        "Gegenspieler müssen aufgeben)",
    ),
    "claim_sure": (
        "You show your cards and claim every remaining trick: the rest is played out open; "
        "if the defenders take a trick, the claim fails and every trick from the claim on is "
        "theirs (ISkO 4.4).",
        "Du legst die Karten auf und beanspruchst alle übrigen Stiche: der Rest wird offen "
        "ausgespielt; bekommen die Gegenspieler einen Stich, ist der Anspruch verloren und "
        "jeder Stich ab dem Auflegen gehört ihnen (ISkO 4.4).",
    ),
    "claim_sure_defender": (
        "You show your cards and claim every remaining trick for the defenders: the rest is "
        "played out open; if the declarer takes a trick, the claim fails and every trick from "
        "the claim on is his (ISkO 4.4).",
        "Du legst die Karten auf und beanspruchst alle übrigen Stiche für die Gegenspieler: der "
        "Rest wird offen ausgespielt; bekommt der Alleinspieler einen Stich, ist der Anspruch "
        "verloren und jeder Stich ab dem Auflegen gehört ihm (ISkO 4.4).",
    ),
    "claim_sure_iss": (
        "You show your cards: the rest is played out open and counts as played (these rules: "
        "showing the cards changes nothing by itself).",
        "Du legst die Karten auf: der Rest wird offen ausgespielt und zählt, wie er gespielt "
        "wird (diese Regeln: das Auflegen allein ändert nichts).",
    ),
    "quit_sure": (
        "You quit: the game in progress ends unfinished ({note}).",
        "Du hörst auf: das laufende Spiel bleibt unbeendet ({note}).",
    ),
    "quit_series_sure": (
        "You quit the series after game {n} of {total} ({note}).",
        "Du hörst nach Spiel {n} von {total} auf ({note}).",
    ),
    "end_of_input": ("the input ended: {note}", "die Eingabe ist zu Ende: {note}"),
    "interrupted": ("interrupted: {note}", "abgebrochen: {note}"),
    "replay_not_saved": (
        "a replay is not saved; the record stays as it was",
        "ein Nachspiel wird nicht gespeichert; die Aufzeichnung bleibt, wie sie war",
    ),
    "worth": ("worth with your cards", "Wert mit deinen Karten"),
    "overbid_warn": ("Below the bid {bid}: {how}.", "Unter dem Reizwert {bid}: {how}."),
    "needs_schneider": ("you must make Schneider", "du musst Schneider machen"),
    "needs_schwarz": ("you must make Schwarz", "du musst Schwarz machen"),
    "overbid": ("that is an overbid", "das ist überreizt"),
    "hint": ("hint: {action}", "Tipp: {action}"),
    "saved": ("saved to {path}", "gespeichert in {path}"),
    "not_saved": (
        "the series is not saved: type save FILE to keep it",
        "die Serie ist nicht gespeichert: save DATEI sichert sie",
    ),
    "was_not_saved": (
        "the series was not saved (skat play --save FILE keeps a series)",
        "die Serie wurde nicht gespeichert (skat play --save DATEI sichert eine Serie)",
    ),
    "legal": ("legal", "erlaubt"),
    "help": (
        "card (CJ, ♣J, {example} or its number; Enter: the only legal card) · bid 18 · y hold · "
        "p pass · s skat · h Hand · the game's letter · b back · hint · claim · concede · "
        "sort G · save FILE · quit (or Ctrl-D)",
        "Karte (CJ, ♣J, {example} oder Nummer; Enter: die einzige erlaubte) · reizen 18 · "
        "y ja · p passe · s Skat · h Hand · Buchstabe des Spiels · b zurück · hint · claim · "
        "aufgeben · sort G · save DATEI · quit (oder Strg-D)",
    ),
    "result": ("result", "Ergebnis"),
    "sheet": ("list", "Liste"),
    "series_over": ("the series is over", "die Serie ist zu Ende"),
    "ramsch": ("Ramsch: everyone for himself", "Ramsch: jeder gegen jeden"),
    "open_cards": ("open", "offen"),
    "review": ("review", "Rückblick"),
    "analysing": ("the double-dummy solver is thinking…", "der Doppeldummy-Löser rechnet…"),
}


def say(lang: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``lang`` (``en`` or ``de``) with ``values`` filled in."""
    return in_lang(lang, _WORDS[key], **values)


def in_lang(lang: str, words: tuple[str, str], **values: object) -> str:
    """One entry ``(English, German)`` of a word table in ``lang`` with ``values`` filled in.

    >>> in_lang("de", ("{n} games", "{n} Spiele"), n=3)
    '3 Spiele'
    """
    en, de = words
    return (de if lang == "de" else en).format(**values)


_AGREE: Final = {
    "says": "say",
    "holds": "hold",
    "passes": "pass",
    "pushes": "push",
    "picks": "pick",
    "puts": "put",
    "plays": "play",
    "takes": "take",
    "shows": "show",
    "gives": "give",
    "wins": "win",
    "loses": "lose",
}


_AGREE_DE: Final = {
    "sagt": "sagst",
    "nimmt": "nimmst",
    "spielt": "spielst",
    "bekommt": "bekommst",
    "legt": "legst",
    "gibt": "gibst",
    "drückt": "drückst",
    "schiebt": "schiebst",
    "gewinnt": "gewinnst",
    "verliert": "verlierst",
}


def agree(text: str, lang: str, you: str) -> str:
    """The verb after "You"/"Du" (``You says`` → ``You say``, ``Du spielt`` → ``Du spielst``).

    >>> agree("You says 18", "en", "You"), agree("Ann says 18", "en", "You")
    ('You say 18', 'Ann says 18')
    >>> agree("Du spielt Herz", "de", "Du"), agree("Du reizt 18", "de", "Du")
    ('Du spielst Herz', 'Du reizt 18')
    """
    if not text.startswith(you + " "):
        return text
    verb, _, rest = text[len(you) + 1 :].partition(" ")
    table = _AGREE_DE if lang == "de" else _AGREE
    return f"{you} {table.get(verb, verb)} {rest}".rstrip()


def seat_name(lang: str, seat: Seat) -> str:
    """Forehand/Vorhand, Middlehand/Mittelhand, Rearhand/Hinterhand (the seat's own names)."""
    return seat.german if lang == "de" else seat.english
