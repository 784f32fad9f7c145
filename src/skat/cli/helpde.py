"""The help of ``skat`` and of every subcommand in German, and when to give it.

The help is German when the user asks for it: ``skat --lang de ...`` (before the subcommand),
``skat play --lang de ...``, or ``SKAT_LANG=de``; without these, when the locale's language is
German (the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set starts
with ``de``).  ``--lang en`` or ``SKAT_LANG=en`` keeps it English.

:func:`germanize` puts the German words into a parser built in English: each option's help
from :data:`HELP_DE` (keyed by the English text), each subcommand's line from
:data:`SUMMARY_DE` and its description from :mod:`skat.cli.aboutde`.

>>> help_lang(["--lang", "de", "value", "--help"], {}), help_lang(["value"], {"LANG": "de_DE.UTF-8"})
('de', 'de')
>>> help_lang(["value"], {"LANG": "de_DE.UTF-8", "SKAT_LANG": "en"}), help_lang(["value"], {})
('en', 'en')
>>> german_help("games to play (1)")
'Spiele (1)'
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Final

from skat.cli.aboutde import DESCRIPTIONS_DE

SUMMARY_DE: Final[dict[str, str]] = {
    "play Skat in the terminal against two computer players": (
        "Skat im Terminal gegen zwei Computerspieler spielen"
    ),
    "the value of a game: explanation and list score": (
        "der Wert eines Spiels: Erklärung und Listenwert"
    ),
    "replay ISS or JSON game records; --check compares their results with the engine": (
        "ISS- oder JSON-Aufzeichnungen nachspielen; --check vergleicht ihre Ergebnisse"
    ),
    "double-dummy value of a deal or position, every card's value and the best line": (
        "Doppeldummy-Wert einer Verteilung oder Stellung, Wert jeder Karte, bester Verlauf"
    ),
    "double-dummy analysis of played games: mistakes and whether the game could be won": (
        "Doppeldummy-Analyse gespielter Spiele: Fehler und ob das Spiel zu gewinnen war"
    ),
    "two agents play duplicate deals; Seeger-Fabian points, table and difference": (
        "zwei Agenten spielen gleiche Verteilungen; Seeger-Fabian-Punkte und Unterschied"
    ),
    "the table and difference of an arena played in pieces (skat arena --deal-range)": (
        "Tabelle und Unterschied einer in Teilen gespielten Arena (skat arena --deal-range)"
    ),
    "one agent plays itself; every game written as a JSON record (training data)": (
        "ein Agent spielt gegen sich selbst; jedes Spiel als JSON-Aufzeichnung (Trainingsdaten)"
    ),
    "write the decisions of game records as (observation, mask, action, reward) samples": (
        "die Entscheidungen in Spielaufzeichnungen als Beispiele (Beobachtung, Maske, Aktion, "
        "Lohn) schreiben"
    ),
    "the score sheet (plain or Seeger-Fabian) of a file of records or a saved series": (
        "die Liste (einfach oder Seeger-Fabian) einer Aufzeichnungsdatei oder Serie"
    ),
    "the options of a rules preset (isko, tournament, iss, iss2, old, online, pub, danish)": (
        "die Optionen einer Regelvorgabe (isko, tournament, iss, iss2, old, online, pub, danish)"
    ),
    "play Scat (Thirty-one) against computer players, or an arena of them": (
        "Schwimmen (Einunddreißig) gegen Computerspieler spielen, oder eine Arena von ihnen"
    ),
    "the web Skat server: lobby, tables, computer players, history": (
        "der Skat-Webserver: Lobby, Tische, Computerspieler, Verlauf"
    ),
    "play on an ISS server (skat serve --iss-port, or the International Skat Server)": (
        "auf einem ISS-Server spielen (skat serve --iss-port oder der International Skat Server)"
    ),
    "clubs and tournaments: players, seating, list entry and check, standings, exports": (
        "Clubs und Turniere: Spieler, Sitzverteilung, Listen, Prüfung, Wertung, Exporte"
    ),
    "check a game record's deal against the commitment published before it": (
        "die Verteilung eines Spiels gegen die vorher veröffentlichte Festlegung prüfen"
    ),
    "start a tournament file": "eine Turnierdatei anlegen",
    "a club championship over many evenings: members, evenings, the season's standing": (
        "eine Vereinsmeisterschaft über viele Abende: Mitglieder, Abende, die Saisonwertung"
    ),
    "start a season file": "eine Saisondatei anlegen",
    "the club's register: add, mark guests, import, list": (
        "das Mitgliederverzeichnis: hinzufügen, Gäste markieren, einlesen, listen"
    ),
    "add an evening: a new tournament file or one that exists": (
        "einen Abend hinzufügen: eine neue Turnierdatei oder eine vorhandene"
    ),
    "the season's standing": "die Saisonwertung",
    "add, remove, import or list players": "Spieler hinzufügen, entfernen, einlesen oder listen",
    "seat a series: by lot, plan or standings": "eine Serie setzen: per Los, Plan oder Wertung",
    "enter or correct a table's list": "die Liste eines Tisches eintragen oder berichtigen",
    "check the entered lists, or show one": "die eingetragenen Listen prüfen oder eine zeigen",
    "standings, team and category rankings, money, prizes": (
        "Wertung, Mannschafts- und Klassenwertung, Geld, Preise"
    ),
    "export as .csv, .ods, .html, .pdf or .json (by the name)": (
        "als .csv, .ods, .html, .pdf oder .json exportieren (nach dem Namen)"
    ),
}
"""A subcommand's one-line help (English) → German."""

HELP_DE: Final[dict[str, str]] = {
    "show program's version number and exit": "die Version zeigen und beenden",
    "language": "Sprache",
    "words of the help and errors: en or de (default: the locale's)": (
        "Sprache der Hilfe und der Fehler: en oder de (Standard: die der Spracheinstellung)"
    ),
    "rules preset and options (default isko)": "Regeln und Optionen (Standard isko)",
    # value
    "contract in ISS notation: G, CH, DHS, NO, GO…": "Spiel in ISS-Schreibweise: G, CH, DHS, NO, GO…",
    "the declarer's hand (10 cards) or all 12 with the skat": (
        "die Karten des Alleinspielers (10) oder alle 12 mit dem Skat"
    ),
    "the two skat cards (or the two put away)": "die zwei Skatkarten (oder die zwei gedrückten)",
    "matadors instead of cards: +n 'with n', -n 'without n'": (
        "Spitzen statt Karten: +n 'mit n', -n 'ohne n'"
    ),
    "declarer's card points with the skat (default: 61, won)": (
        "Augen des Alleinspielers mit dem Skat (Standard: 61, gewonnen)"
    ),
    "declarer's tricks, 0-10 (default 5; 0 = he is Schwarz, 10 = the defenders are)": (
        "Stiche des Alleinspielers, 0-10 (Standard 5; 0 = er ist schwarz, 10 = die Gegenspieler)"
    ),
    "the bid he won the auction with": "der Reizwert, mit dem er das Reizen gewann",
    # replay
    "ISS or JSON records (.sgf, .sgf.bz2, .json, .jsonl, -), found by content": (
        "ISS- oder JSON-Aufzeichnungen (.sgf, .sgf.bz2, .json, .jsonl, -), am Inhalt erkannt"
    ),
    "compare every record's result with the engine's": (
        "das Ergebnis jeder Aufzeichnung mit dem der Regelmaschine vergleichen"
    ),
    "write JSON records, one a line": "JSON-Aufzeichnungen schreiben, eine je Zeile",
    "language of the explanations": "Sprache der Erklärungen",
    # solve
    'a position: "<G|C|S|H|D|N> decl=<seat> hands=<h0>/<h1>/<h2> [lead= trick= points=d:f '
    'tricks=d:f schwarz]"': (
        'eine Stellung: "<G|C|S|H|D|N> decl=<Platz> hands=<h0>/<h1>/<h2> [lead= trick= '
        'points=d:f tricks=d:f schwarz]"'
    ),
    "32 cards in ISS order (3 hands of 10, then the skat)": (
        "32 Karten in ISS-Reihenfolge (3 Hände zu 10, dann der Skat)"
    ),
    "the contract with --deal: G, C, S, H, D, N, CH, NO…": (
        "das Spiel zu --deal: G, C, S, H, D, N, CH, NO…"
    ),
    "the declarer's seat with --deal: 0, 1, 2": "der Platz des Alleinspielers zu --deal: 0, 1, 2",
    "with --deal: the two cards the declarer put away after picking up": (
        "zu --deal: die zwei Karten, die der Alleinspieler nach dem Aufnehmen drückte"
    ),
    "a recorded game (ISS or JSON)": "ein aufgezeichnetes Spiel (ISS oder JSON)",
    "with --record: the game with this ID (default: the first)": (
        "zu --record: das Spiel mit dieser ID (Standard: das erste)"
    ),
    "with --record: cards of the play to go forward": "zu --record: so viele Karten vorgehen",
    # analyse
    "ISS or JSON records, - for stdin": "ISS- oder JSON-Aufzeichnungen, - für die Standardeingabe",
    "only the game with this record ID": "nur das Spiel mit dieser Aufzeichnungs-ID",
    "at most this many games": "höchstens so viele Spiele",
    "list every card, not only those that lost value": (
        "jede Karte listen, nicht nur die, die Augen kosteten"
    ),
    # arena
    "number of deals (default 100)": "Anzahl der Verteilungen (Standard 100)",
    "seed of the deals (default 0)": "Startwert der Verteilungen (Standard 0)",
    "processes to play in (default: the number of cores)": (
        "Prozesse zum Spielen (Standard: die Zahl der Kerne)"
    ),
    "write every game as a JSON record (- = stdout)": (
        "jedes Spiel als JSON-Aufzeichnung schreiben (- = Standardausgabe)"
    ),
    "optional safety net: seconds per decision after which a fallback move is played "
    "(default: no limit; the levels' own budgets are counts, not seconds)": (
        "freiwilliges Sicherheitsnetz: Sekunden je Entscheidung, nach denen ein Ersatzzug "
        "gespielt wird (Standard: keine Grenze; die Stufen begrenzen sich durch Zählungen)"
    ),
    "bid: the agents bid (default); oracle: the contract of heuristic bidding, card play only": (
        "bid: die Agenten reizen (Standard); oracle: das Spiel des heuristischen Reizens, "
        "nur Kartenspiel"
    ),
    "leave passed-in games out of the figures": "eingepasste Spiele nicht mitzählen",
    "outside engines get no agent names, and every line sent is checked to show only what "
    "their seat may see": (
        "fremde Programme bekommen keine Agentennamen, und jede gesendete Zeile wird geprüft, "
        "dass sie nur zeigt, was ihr Platz sehen darf"
    ),
    "seconds an exec: engine may take per decision (default 10)": (
        "Sekunden, die ein exec:-Programm je Entscheidung brauchen darf (Standard 10)"
    ),
    "play on Ray: a local Ray (no ADDRESS), auto, or HOST:PORT (pip install 'skat[cluster]')": (
        "auf Ray spielen: ein lokales Ray (ohne ADRESSE), auto oder HOST:PORT "
        "(pip install 'skat[cluster]')"
    ),
    "exit with status 0 even when some decisions fell back (default: status 1)": (
        "Rückgabewert 0 auch bei Ersatzzügen (Standard: 1)"
    ),
    "a variant's players (heuristic, pimc, random) instead of Skat's: the seats swapped (for "
    "two) or rotated (Tournee); only --agents, --deals, --seed apply": (
        "die Spieler einer Variante (heuristic, pimc, random) statt der des Skats: die Plätze "
        "getauscht (zu zweit) oder reihum (Tournee); nur --agents, --deals, --seed gelten"
    ),
    "play only deals A to B-1 of the seed's deals (a piece of a longer run)": (
        "nur die Verteilungen A bis B-1 des Startwerts spielen (ein Teil eines längeren Laufs)"
    ),
    "keep the complete deals already in --out FILE and play only the missing ones": (
        "die vollständigen Verteilungen in --out DATEI behalten und nur die fehlenden spielen"
    ),
    "with --resume: accept records played by other code of skat.ai and skat.core": (
        "mit --resume: Aufzeichnungen hinnehmen, die anderer Code von skat.ai und skat.core "
        "gespielt hat"
    ),
    # arena-merge
    "record files of skat arena --out, one per piece": (
        "Aufzeichnungsdateien von skat arena --out, eine je Teil"
    ),
    "the run has deals 0 to N-1 (default: up to the highest deal in the files)": (
        "der Lauf hat die Verteilungen 0 bis N-1 (Standard: bis zur höchsten in den Dateien)"
    ),
    "accept pieces played by other code of skat.ai and skat.core": (
        "Teile hinnehmen, die anderer Code von skat.ai und skat.core gespielt hat"
    ),
    # selfplay
    "number of games": "Anzahl der Spiele",
    "directory for the records": "Verzeichnis für die Aufzeichnungen",
    "number of the first deal (default 0)": "Nummer der ersten Verteilung (Standard 0)",
    "games per file (default 10000)": "Spiele je Datei (Standard 10000)",
    "processes (default: the cores)": "Prozesse (Standard: die Kerne)",
    "play on Ray": "auf Ray spielen",
    "go on with the games already in DIR (an interrupted run of the same settings)": (
        "mit den Spielen in VERZEICHNIS fortfahren (ein unterbrochener Lauf gleicher Einstellungen)"
    ),
    # samples
    "ISS or JSON records (.sgf, .sgf.bz2, .json, .jsonl)": (
        "ISS- oder JSON-Aufzeichnungen (.sgf, .sgf.bz2, .json, .jsonl)"
    ),
    "the .npz to write": "die .npz-Datei, die geschrieben wird",
    "what each sample's seat was paid: list, seeger, points, each also with _zero_sum "
    "(default list)": (
        "was der Platz jedes Beispiels bekam: list, seeger, points, jeweils auch mit _zero_sum "
        "(Standard list)"
    ),
    "overwrite an existing OUT": "eine vorhandene AUSGABE überschreiben",
    # list, rules
    "records or a saved series": "Aufzeichnungen oder eine gespeicherte Serie",
    "the list (default: the one the games were played with, else plain)": (
        "die Liste (Standard: die, mit der gespielt wurde, sonst plain)"
    ),
    "language (default: skat --lang, the locale's)": (
        "Sprache (Standard: skat --lang, die der Spracheinstellung)"
    ),
    "a preset or rules string, e.g. pub or isko,kontra=on": (
        "eine Vorgabe oder Regelzeile, z. B. pub oder isko,kontra=on"
    ),
    "one line per option, no meanings": "eine Zeile je Option, ohne Bedeutungen",
    # thirty-one
    "players at the table, you included (2-9, default 4)": (
        "Spieler am Tisch, du eingeschlossen (2-9, Standard 4)"
    ),
    "seed of the deals (default: a random one)": "Startwert der Verteilungen (Standard: zufällig)",
    "preset and options, e.g. schwimmen; 'help' lists them": (
        "Vorgabe und Optionen, z. B. schwimmen; 'help' listet sie"
    ),
    "the computer players (default heuristic)": "die Computerspieler (Standard heuristic)",
    "plain lines for scripts": "einfache Zeilen für Skripte",
    "no human: these agents (one per seat) play --matches matches; win rates": (
        "ohne Menschen: diese Agenten (einer je Platz) spielen --matches Partien; Gewinnquoten"
    ),
    "matches for --arena (default 200)": "Partien für --arena (Standard 200)",
    # serve
    "address to listen on (127.0.0.1)": "Adresse, auf der gehört wird (127.0.0.1)",
    "port (default 8000)": "Port (Standard 8000)",
    "data folder of the SQLite database (./skat-data), or a SQLite file (.sqlite3)": (
        "Datenordner der SQLite-Datenbank (./skat-data) oder eine SQLite-Datei (.sqlite3)"
    ),
    "postgresql://user@host/db or sqlite:///path instead of --data": (
        "postgresql://user@host/db oder sqlite:///pfad statt --data"
    ),
    "seconds a computer player waits before it moves (default 0.8)": (
        "Sekunden, die ein Computerspieler vor seinem Zug wartet (Standard 0.8)"
    ),
    "messages a second one connection may send on average (default 10; bursts of 3 N)": (
        "Nachrichten je Sekunde, die eine Verbindung im Mittel senden darf "
        "(Standard 10; Schübe bis 3 N)"
    ),
    "tables one client address may create a minute, after a first 20 (default 10; 0: no limit)": (
        "Tische, die eine Client-Adresse je Minute anlegen darf, nach den ersten 20 "
        "(Standard 10; 0: keine Grenze)"
    ),
    "open connections one client address may hold (default 64; 0: no limit)": (
        "offene Verbindungen je Client-Adresse (Standard 64; 0: keine Grenze)"
    ),
    "a reverse proxy whose X-Forwarded-For header names the client (repeatable, or "
    "comma-separated); by default the header is ignored, so it cannot dodge the limits": (
        "ein Reverse-Proxy, dessen X-Forwarded-For-Kopfzeile den Client nennt (mehrfach oder "
        "durch Kommas getrennt); sonst wird die Kopfzeile übergangen, damit sie die Grenzen "
        "nicht umgeht"
    ),
    "the site's address as browsers see it, e.g. https://skat.example.org behind a proxy "
    "(repeatable): pages of this origin may open the tables; the server's own address always "
    "may, other sites' pages never": (
        "die Adresse der Seite, wie Browser sie sehen, z. B. https://skat.example.org hinter "
        "einem Proxy (mehrfach): Seiten dieses Ursprungs dürfen die Tische öffnen; die eigene "
        "Adresse des Servers immer, Seiten anderer Sites nie"
    ),
    "seconds a WebSocket may stay open without saying hello (default 60)": (
        "Sekunden, die ein WebSocket ohne hello offen bleiben darf (Standard 60)"
    ),
    "the largest WebSocket message; a larger frame closes the socket (1009) before it is read "
    "(default 16384; the protocol's messages have at most 2,048 characters)": (
        "die größte WebSocket-Nachricht; ein größerer Frame schließt die Verbindung (1009), "
        "bevor er gelesen wird (Standard 16384; die Nachrichten des Protokolls haben höchstens "
        "2.048 Zeichen)"
    ),
    "connections this process keeps to PostgreSQL (default 8; a cluster process opens up to "
    "as many again for its leases); behind PgBouncer add ?pgbouncer=1 to the URL": (
        "Verbindungen dieses Prozesses zu PostgreSQL (Standard 8; ein Prozess eines Clusters "
        "öffnet für seine Leases bis zu ebenso viele dazu); hinter PgBouncer ?pgbouncer=1 an "
        "die URL anhängen"
    ),
    "worker processes the searching computer levels (pimc-*) and the analyses think in "
    "(default: one a core but one, at least 2, at most 8); the strong levels hold all but "
    "one, so pimc-easy never waits behind them": (
        "Arbeitsprozesse, in denen die suchenden Computerstufen (pimc-*) und die Analysen "
        "denken (Standard: einer je Kern außer einem, mindestens 2, höchstens 8); die starken "
        "Stufen belegen alle außer einem, so wartet pimc-easy nie hinter ihnen"
    ),
    "running tables of computers only one address may open (default 2; 0: no limit)": (
        "laufende Tische nur mit Computern, die eine Adresse öffnen darf "
        "(Standard 2; 0: keine Grenze)"
    ),
    "the longest series at a table of computers only (default 12)": (
        "die längste Serie an einem Tisch nur mit Computern (Standard 12)"
    ),
    "computer levels a table of computers only may seat (default random,heuristic,pimc-fast,pimc-easy)": (
        "Computerstufen an einem Tisch nur mit Computern (Standard random,heuristic,pimc-fast,pimc-easy)"
    ),
    "threads the computer players think in, shared fairly by the tables (default 2)": (
        "Threads, in denen die Computerspieler denken, gerecht auf die Tische verteilt (Standard 2)"
    ),
    "redis://host:port: run as one of several processes sharing --database postgresql://… "
    "(see --workers)": (
        "redis://host:port: als einer von mehreren Prozessen mit gemeinsamer "
        "--database postgresql://… laufen (siehe --workers)"
    ),
    "server processes on the port (default 1; more need --redis and PostgreSQL)": (
        "Serverprozesse auf dem Port (Standard 1; mehr brauchen --redis und PostgreSQL)"
    ),
    "with --redis: seconds a table waits for a dead owner before another process takes it "
    "over (default 5)": (
        "mit --redis: Sekunden, die ein Tisch auf einen ausgefallenen Besitzer wartet, bevor "
        "ein anderer Prozess ihn übernimmt (Standard 5)"
    ),
    "share the port with other processes (SO_REUSEPORT; what --workers starts)": (
        "den Port mit anderen Prozessen teilen (SO_REUSEPORT; was --workers startet)"
    ),
    "also speak the ISS text protocol on this port (same tables; default: off)": (
        "auch das ISS-Textprotokoll auf diesem Port sprechen (dieselben Tische; Standard: aus)"
    ),
    "games of a series at a table made over ISS (default 36)": (
        "Spiele einer Serie an einem über ISS angelegten Tisch (Standard 36)"
    ),
    "seconds for a move at a table made over ISS; then a declared game ends by the player's "
    "timeout, TI (default 120)": (
        "Sekunden für einen Zug an einem über ISS angelegten Tisch; danach endet ein angesagtes "
        "Spiel durch Zeitüberschreitung des Spielers, TI (Standard 120)"
    ),
    "seconds every ISS seat has to say ready for the next game; then the series ends "
    "(default 300)": (
        "Sekunden, in denen jeder ISS-Platz ready für das nächste Spiel sagen muss; sonst endet "
        "die Serie (Standard 300)"
    ),
    # iss
    "the ISS server": "der ISS-Server",
    "the user name to log in with": "der Benutzername zum Anmelden",
    "a file holding the password": "eine Datei mit dem Passwort",
    "the computer player (skat arena)": "der Computerspieler (skat arena)",
    "games to play (1)": "Spiele (1)",
    "create a table and invite these two users": "einen Tisch anlegen und diese zwei einladen",
    "join this table (e.g. a web table's id)": "an diesen Tisch setzen (z. B. die ID eines Webtischs)",
    "append the games played (ISS records) to FILE": (
        "die gespielten Spiele (ISS-Aufzeichnungen) an DATEI anhängen"
    ),
    "the agent's random seed (0)": "der Startwert des Agenten (0)",
    "seconds an ISS connection may sit idle at no table; then it is closed (default 600)": (
        "Sekunden, die eine ISS-Verbindung ohne Tisch untätig sein darf; dann wird sie "
        "geschlossen (Standard 600)"
    ),
    "bid one step at a time (for clients at the table that cannot read a jump bid, such as "
    "go-skat)": (
        "immer nur um eine Stufe reizen (für Clients am Tisch, die keinen Sprung beim Reizen "
        "verstehen, etwa go-skat)"
    ),
    # tournament
    "the tournament file to create (JSON)": "die anzulegende Turnierdatei (JSON)",
    "the tournament's name": "der Name des Turniers",
    "number of series (default 2)": "Anzahl der Serien (Standard 2)",
    "deals per player a series (12: 36/48)": "Spiele je Spieler und Serie (12: 36/48)",
    "minutes a series; games not started are struck": (
        "Minuten je Serie; nicht begonnene Spiele entfallen"
    ),
    "rules preset and house rules (tournament)": "Regelvorgabe und Hausregeln (tournament)",
    "team mates at the tables": "Mannschaftskameraden an den Tischen",
    # season
    "the season file to create (JSON)": "die anzulegende Saisondatei (JSON)",
    "the season's name": "der Name der Saison",
    "count each player's best N series (default: all series count)": (
        "die besten N Serien jedes Spielers werten (Standard: alle Serien zählen)"
    ),
    "guests ranked with the members (marked), or listed apart without a place": (
        "Gäste mit den Mitgliedern gewertet (markiert) oder getrennt ohne Platz aufgeführt"
    ),
    "in order, from best_series, last_series, won, fewer_lost (default: won,fewer_lost)": (
        "der Reihe nach, aus best_series, last_series, won, fewer_lost (Standard: won,fewer_lost)"
    ),
    "series of an evening (default 2)": "Serien eines Abends (Standard 2)",
    "an evening's rules (tournament)": "die Regeln eines Abends (tournament)",
    "Kontra on an evening's lists: on (Kontra and Re, default), off, supra": (
        "Kontra auf den Listen eines Abends: on (Kontra und Re, Standard), off, supra"
    ),
    "add a member": "ein Mitglied hinzufügen",
    "the member number of --add": "die Mitgliedsnummer zu --add",
    "add a guest (marked in the standing)": "einen Gast hinzufügen (in der Wertung markiert)",
    "take a name out of the register": "einen Namen aus dem Verzeichnis nehmen",
    "CSV with name, member number, guest (yes/ja/x)": (
        "CSV mit Name, Mitgliedsnummer, Gast (yes/ja/x)"
    ),
    "the evening's date or name (2026-03-06)": "Datum oder Name des Abends (2026-03-06)",
    "its tournament file (default: SEASON-DATE.json beside the season); one that exists is "
    "added as it is": (
        "seine Turnierdatei (Standard: SAISON-DATUM.json neben der Saison); eine vorhandene "
        "wird so hinzugefügt, wie sie ist"
    ),
    "who came (a new evening's players, by commas)": (
        "wer gekommen ist (die Spieler eines neuen Abends, durch Kommas getrennt)"
    ),
    "Kontra on the lists: off (the DSkV's lists, default), on (Kontra and Re, a club evening), "
    "supra (to Resupra)": (
        "Kontra auf den Listen: off (die Listen des DSkV, Standard), on (Kontra und Re, ein "
        "Vereinsabend), supra (bis Resupra)"
    ),
    "in order, from best_series, last_series, won, fewer_lost, lot (default: the DSkV's)": (
        "der Reihe nach, aus best_series, last_series, won, fewer_lost, lot (Standard: die des DSkV)"
    ),
    "draw the lot for the lot tie-break (recorded in the file)": (
        "das Los für die Losentscheidung ziehen (in der Datei festgehalten)"
    ),
    "seed of the draw (default: drawn and printed)": (
        "Startwert der Ziehung (Standard: gezogen und ausgegeben)"
    ),
    "replace the table's counted list (else asked at a terminal, refused otherwise)": (
        "die gezählte Liste des Tischs ersetzen (sonst am Terminal gefragt, andernfalls abgelehnt)"
    ),
    "who makes the change, for the file's history (default: the login name)": (
        "wer die Änderung macht, für den Verlauf der Datei (Standard: der Anmeldename)"
    ),
    "a player leaves: plays no series after the last one played (see --after)": (
        "ein Spieler geht: spielt keine Serie nach der letzten gespielten (siehe --after)"
    ),
    "--withdraw after series K (0: a no-show)": "--withdraw nach Serie K (0: nicht erschienen)",
    "--withdraw during series K (--after K, default the last seated): his table's "
    "list ends after game G": (
        "--withdraw während Serie K (--after K, sonst die zuletzt gesetzte): die Liste seines "
        "Tischs endet nach Spiel G"
    ),
    "NEW takes OLD's seat in the last seated series (before the table's first game)": (
        "NEU übernimmt den Platz von ALT in der zuletzt gesetzten Serie (vor dem ersten Spiel "
        "des Tischs)"
    ),
    "a withdrawn player's later series count 0 (count) or he leaves the standings": (
        "die späteren Serien eines ausgeschiedenen Spielers zählen 0 (count) oder er verlässt "
        "die Wertung"
    ),
    "seat by standings although lists of the series before are missing or refused "
    "(the reason and what was missing go into the history)": (
        "nach Tabelle setzen, obwohl Listen der Serie davor fehlen oder abgelehnt sind (der "
        "Grund und was fehlte kommen in den Verlauf)"
    ),
    "loss money of the 1st, 2nd, .. lost game": "Verlustgeld des 1., 2., .. verlorenen Spiels",
    "each player's fee a series by table size": "Startgeld je Spieler und Serie nach Tischgröße",
    "start money": "Startgeld",
    "prizes of place 1, 2, ..": "Preise für Platz 1, 2, ..",
    "overwrite an existing file": "eine vorhandene Datei überschreiben",
    "add a player": "einen Spieler hinzufügen",
    "club of the players added": "Club der hinzugefügten Spieler",
    "team or tandem of the players added": "Mannschaft oder Tandem der hinzugefügten Spieler",
    "category of the players added": "Klasse der hinzugefügten Spieler",
    "remove a player": "einen Spieler entfernen",
    "CSV with name,club,team,categories": "CSV mit name,club,team,categories",
    "the series (default: the next one)": "die Serie (Standard: die nächste)",
    "seed of the lot (default: drawn and printed)": "Startwert des Loses (Standard: gezogen und gezeigt)",
    "the plan: one table a line, names by commas": (
        "der Plan: ein Tisch je Zeile, Namen durch Kommas getrennt"
    ),
    "print the player cards too": "auch die Spielerkarten drucken",
    "write the table list (and cards) as HTML": "die Tischliste (und Karten) als HTML schreiben",
    "write the table list (and cards) as PDF": "die Tischliste (und Karten) als PDF schreiben",
    "the typed list (- stdin)": "die getippte Liste (- Standardeingabe)",
    "print the list of --series/--table": "die Liste von --series/--table zeigen",
    "one series only": "nur eine Serie",
    "rank teams (tandems) or clubs": "Mannschaften (Tandems) oder Clubs werten",
    "rank one category": "eine Klasse werten",
    "loss money and table fees": "Verlustgeld und Tischgeld",
    "the prize list": "die Preisliste",
    "the file to write: .csv (standings), .ods/.html/.pdf (all sheets), .json": (
        "die zu schreibende Datei: .csv (Wertung), .ods/.html/.pdf (alle Blätter), .json"
    ),
    # verify
    "a JSON game record (from the web table's download)": (
        "eine JSON-Spielaufzeichnung (vom Herunterladen am Webtisch)"
    ),
    "the game commitment you saw before the game (default: the record's)": (
        "die Festlegung, die du vor dem Spiel gesehen hast (Standard: die der Aufzeichnung)"
    ),
    "the series seed, revealed after the series": "der Startwert der Serie, nach der Serie gezeigt",
    "the series salt, revealed after the series": "das Salz der Serie, nach der Serie gezeigt",
    "the series commitment published before the first game": (
        "die vor dem ersten Spiel veröffentlichte Festlegung der Serie"
    ),
}
"""An option's help (English, exactly as the subcommand module writes it) → German."""

METAVAR_DE: Final[dict[str, str]] = {
    "ACTION": "AKTION",
    "ADDR": "ADRESSE",
    "ADDRESS": "ADRESSE",
    "AFTER": "KARTEN",
    "AGENT": "AGENT",
    "BID": "REIZWERT",
    "CARDS": "KARTEN",
    "CATEGORY": "KLASSE",
    "CLUB": "CLUB",
    "COMMITMENT": "FESTLEGUNG",
    "DATA": "ORDNER",
    "DEAL": "VERTEILUNG",
    "DEALS": "VERTEILUNGEN",
    "DECLARER": "ALLEINSPIELER",
    "DIR": "VERZEICHNIS",
    "DISCARD": "GEDRÜCKT",
    "ENTRY_FEE": "STARTGELD",
    "FILE": "DATEI",
    "FIRST": "ERSTE",
    "GAME": "SPIEL",
    "JOBS": "PROZESSE",
    "LIMIT": "ANZAHL",
    "LIST": "LISTE",
    "MATADORS": "SPITZEN",
    "MATCHES": "PARTIEN",
    "NAME": "NAME",
    "OUT": "AUSGABE",
    "PER_FILE": "JE_DATEI",
    "PLAYERS": "SPIELER",
    "POINTS": "AUGEN",
    "RULES": "REGELN",
    "SALT": "SALZ",
    "SECONDS": "SEKUNDEN",
    "SEED": "STARTWERT",
    "SERIES": "SERIE",
    "TABLE": "TISCH",
    "TEAM": "MANNSCHAFT",
    "TIEBREAKS": "GLEICHSTAND",
    "TRICKS": "STICHE",
    "USER": "BENUTZER",
    "contract": "spiel",
    "file": "datei",
    "name": "name",
    "out": "ausgabe",
    "position": "stellung",
    "preset": "vorgabe",
    "record": "aufzeichnung",
}
"""An argument's placeholder (argparse's from the option, or the module's own) → German."""

_PREFIXES_DE: Final = (
    (
        "the two agents, comma-separated (known: ",
        "die zwei Agenten, durch Kommas getrennt (bekannt: ",
    ),
    ("the agent (default heuristic; ", "der Agent (Standard heuristic; "),
)
"""Helps that end in a list the program computes (the known agents): their German start."""


def german_help(text: str) -> str:
    """The German of one help text (the text itself when there is none)."""
    if text in HELP_DE:
        return HELP_DE[text]
    if text in SUMMARY_DE:
        return SUMMARY_DE[text]
    for en, de in _PREFIXES_DE:
        if text.startswith(en):
            return de + text[len(en) :]
    return text


def help_lang(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of the help and the usage errors (see the module doc): ``de`` or ``en``."""
    words = list(argv)
    if "--" in words:
        words = words[: words.index("--")]
    for word, after in pairwise([*words, ""]):  # --lang before the subcommand, or skat play's own
        if word.startswith("--lang="):
            return "de" if word == "--lang=de" else "en"
        if word == "--lang" and after in ("de", "en"):
            return after
    chosen = environ.get("SKAT_LANG", "")
    if chosen:
        return "de" if chosen.startswith("de") else "en"
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "de" if value.startswith("de") else "en"
    return "en"


def germanize(parser: argparse.ArgumentParser, name: str = "") -> None:
    """Put the German words into ``parser`` (built in English) and its subcommands' parsers;
    ``name`` is the subcommand the parser is for (its description from
    :data:`~skat.cli.aboutde.DESCRIPTIONS_DE`)."""
    if name in DESCRIPTIONS_DE:
        parser.description = DESCRIPTIONS_DE[name]
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            action.help = german_help(action.help)
        _german_metavar(action)
        if isinstance(action, argparse._SubParsersAction):
            if isinstance(action.metavar, str):
                action.metavar = METAVAR_DE.get(action.metavar, action.metavar)
            for choice in action._choices_actions:
                if choice.help:
                    choice.help = german_help(choice.help)
            for sub_name, sub in action.choices.items():
                germanize(sub, sub_name if not name else "")


def _german_metavar(action: argparse.Action) -> None:
    """The placeholder of an argument that takes a value, in German."""
    if action.nargs == 0 or action.choices is not None:
        return
    shown = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
    if isinstance(shown, str) and shown in METAVAR_DE:
        action.metavar = METAVAR_DE[shown]
