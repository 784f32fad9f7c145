"""The help of ``skat play`` in English and German (``skat play --lang de --help``).

The English description is :mod:`skat.cli.play`'s docstring (the CLI reference page shows it);
:data:`DESCRIPTION_DE` says the same in German.  Each option's help is a word-table entry
``(English, German)`` like :mod:`skat.cli.words`.

>>> option_help("en", "games"), option_help("de", "games")
('games in the series (default 3: one round)', 'Spiele der Serie (Standard 3: eine Runde)')
>>> option_help("de", "level", levels="random, heuristic", default="heuristic")
'Computerspieler: random, heuristic (Standard heuristic)'
"""

from __future__ import annotations

from typing import Final

from skat.cli.words import in_lang

_HELP: Final[dict[str, tuple[str, str]]] = {
    "rules": ("rules preset and options (default isko)", "Regeln und Optionen (Standard isko)"),
    "level": (
        "computer players: {levels} (default {default})",
        "Computerspieler: {levels} (Standard {default})",
    ),
    "seed": (
        "reproduce a session (default: a random seed)",
        "eine Sitzung wiederholen (Standard: ein zufälliger Startwert)",
    ),
    "games": (
        "games in the series (default 3: one round)",
        "Spiele der Serie (Standard 3: eine Runde)",
    ),
    "lang": ("words: en or de (default en)", "Sprache: en oder de (Standard en)"),
    "deck": (
        "card names and suits (default french)",
        "Kartennamen und Farben: french (französisch) oder german (deutsch; Standard french)",
    ),
    "sheet": (
        "the list: plain or Seeger-Fabian (default: the rules' own)",
        "die Liste: plain (einfach) oder seeger (Seeger-Fabian; Standard: die der Regeln)",
    ),
    "plain": (
        "plain line mode even on a terminal",
        "einfacher Zeilenmodus auch im Terminal",
    ),
    "save": (
        "save the series here after every game",
        "die Serie nach jedem Spiel hier speichern",
    ),
    "load": (
        "resume a saved series with its level, words, pack, list and records file",
        "eine gespeicherte Serie fortsetzen, mit Spielstärke, Sprache, Blatt, Liste und "
        "Aufzeichnungsdatei",
    ),
    "records": (
        "append every finished game as a JSON record (ID: seed-game)",
        "jedes beendete Spiel als JSON-Aufzeichnung anhängen (ID: Startwert-Spiel)",
    ),
    "review": (
        "show the review of recorded games (ISS or JSON, e.g. from --records) and stop",
        "den Rückblick aufgezeichneter Spiele zeigen (ISS oder JSON, z. B. von --records) "
        "und beenden",
    ),
    "replay": (
        "play a recorded deal again (ISS or JSON, e.g. from --records) with your own moves",
        "ein aufgezeichnetes Spiel mit eigenen Zügen noch einmal spielen (ISS oder JSON, "
        "z. B. von --records)",
    ),
    "from": (
        "with --replay: keep the recorded moves before move N (default 1: the whole deal)",
        "mit --replay: die aufgezeichneten Züge vor Zug N behalten (Standard 1: das ganze Spiel)",
    ),
    "id": (
        "with --review or --replay: the game with this record ID",
        "mit --review oder --replay: das Spiel mit dieser Aufzeichnungs-ID",
    ),
    "no_analysis": (
        "review without the double-dummy analysis (faster)",
        "Rückblick ohne die Doppeldummy-Analyse (schneller)",
    ),
    "file": ("FILE", "DATEI"),
    "RULES": ("RULES", "REGELN"),
    "LEVEL": ("LEVEL", "STUFE"),
    "SEED": ("SEED", "STARTWERT"),
    "GAMES": ("GAMES", "SPIELE"),
}


def option_help(lang: str, key: str, **values: object) -> str:
    """The help of the option ``key`` in ``lang`` (``en`` or ``de``) with ``values`` filled in."""
    return in_lang(lang, _HELP[key], **values)


DESCRIPTION_DE: Final = """\
Skat im Terminal gegen zwei Computerspieler spielen.

Du reizt, hältst oder passt, nimmst den Skat auf (s) oder spielst Hand (h), drückst zwei
Karten, wählst das Spiel mit seinem Buchstaben und die Ansagen, die die Regeln erlauben (jede
mit ihrem Wert; keine Wahl ist eine Zahl, so sagt ein später Reizwert kein Spiel an), und
spielst die Karten (die erlaubten sind markiert; tippe eine Karte als CJ, ♣J, Kreuz-Bube oder
ihre Nummer in deiner Hand; Enter spielt eine einzige erlaubte Karte).  Jede Ansage, jedes
Aufgeben, Auflegen und Beenden fragt einmal nach und sagt, was es bedeutet.  Nach jedem Spiel:
das Ergebnis, wie Spieler es sagen, die Liste und auf Wunsch (r) der Rückblick mit allen
Karten, dem Skat, jedem Stich, den Doppeldummy-Fehlern und wie das Spiel zu gewinnen war.

Befehle bei jeder Frage: hint (was der Computer spielen würde), claim (Karten auflegen und den
Rest beanspruchen), aufgeben, sort C|S|H|D|G|N, save DATEI, help, quit.  Ist die Ausgabe kein
Terminal (oder mit --plain), läuft das Spiel in einem einfachen Zeilenmodus für Skripte und
Bildschirmleser: ein Ereignis je Zeile, jede Frage eine Zeile, die auf " >" endet, eine
Antwort je Zeile.

Spielstärken (--level): random, heuristic (antwortet sofort), pimc-fast (Standard, wenn numba
installiert ist: die ersten Stiche wie heuristic, ab dem vierten Stich und im Null
Doppeldummy-Stichproben; Millisekunden je Karte), pimc-easy, pimc-medium, pimc-hard,
pimc-expert (Doppeldummy-Stichproben durchweg: stärker, eine Sekunde oder mehr je Karte).
Ohne numba ist heuristic der Standard.

Beispiele:
  skat play
  skat play --seed 7 --games 6 --level pimc-easy --lang de --deck german
  skat play --rules tournament --save freitag.json      (fortsetzen: skat play --load freitag.json)
  skat play --records spiele.jsonl && skat list spiele.jsonl
  skat play --review spiele.jsonl --id 7-2        (Spiel 2 der Sitzung mit Startwert 7)
  skat play --replay spiele.jsonl --id 7-2 --from 12    (dieses Spiel noch einmal ab Zug 12)
"""
"""The description of ``skat play --help`` in German (:mod:`skat.cli.play`'s docstring)."""
