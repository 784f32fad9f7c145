"""The descriptions of the ``skat`` subcommands in German (``skat --lang de COMMAND --help``).

Each says what the English one (the subcommand module's docstring, shown on the CLI reference
page) says; the examples are the same commands.  ``skat play``'s is
:data:`skat.cli.playhelp.DESCRIPTION_DE`.

>>> sorted(DESCRIPTIONS_DE)[:3]
['analyse', 'arena', 'arena-merge']
"""

from __future__ import annotations

from typing import Final

_DD: Final = """\
Der Doppeldummy-Wert sind die Augen, die der Alleinspieler am Ende hat, wenn alle Karten
offen liegen und beide Seiten fehlerlos spielen; der Skat (oder die zwei gedrückten Karten)
zählt für ihn, wie die Regeln es sagen; im Nullspiel: ob er ohne Stich bleibt."""

DESCRIPTIONS_DE: Final[dict[str, str]] = {
    "value": """\
Den Wert eines Spiels berechnen, wie Spieler es tun, mit der Erklärung und dem Listenwert.

Gib die Karten des Alleinspielers an (10 auf der Hand und die 2 des Skats, oder alle 12), das
Spiel in ISS-Schreibweise (G, C, S, H, D, N; H = Hand, S = Schneider angesagt, Z = Schwarz
angesagt, O = Ouvert) und was geschah: Augen und Stiche.  Schwarz zählt nach Stichen, nicht
nach Augen.  Ohne Spiel wird jedes Spiel mit dem Wert gelistet, den es mit diesen Karten hat
(alle 12, oder die 10 auf der Hand vor dem Skat: dann zählen die Spitzen dieser zehn, und ein
Bube im Skat kann sie noch ändern).

Beispiele:
  skat value CH --cards "CJ SJ HA HT H7 S8 S9 D7 D8 D9" --skat "DT DA" --points 75
  skat value S --cards "HJ DJ SA ST SK SQ S9 S8 S7 CA" --skat "DA D7" --points 28 --lang de
  skat value CH --matadors 1 --points 74 --bid 46
  skat value --cards "CJ DJ HA HT HK H8 H7 D9 D8 D7" --skat "SA SQ"
""",
    "replay": """\
Spielaufzeichnungen mit der Regelmaschine nachspielen.

Jede DATEI enthält ISS-Aufzeichnungen (eine je Zeile) oder JSON-Spielaufzeichnungen (Format
skat-game, Versionen 1 und 2); einfach, bzip2 oder gzip, jeweils am Inhalt erkannt (- ist die
Standardeingabe).  Ohne Optionen eine Zeile je Spiel: die Aufzeichnung, der Alleinspieler, das
Spiel und das erklärte Ergebnis.  --json schreibt stattdessen jedes Spiel als JSON-Aufzeichnung.

--check rechnet jedes Spiel nach und vergleicht das Ergebnis der Aufzeichnung Feld für Feld.
Es schreibt eine Zeile je abweichendem Spiel, eine je übersprungener Aufzeichnung (mit dem
Grund) und als letzte Zeile "checked: N, agree: A, differ: D, skipped: S".  Rückgabewert 1,
wenn ein Spiel abweicht, 2 (mit dem Grund), wenn kein einziges Spiel geprüft werden konnte.

Beispiele:
  skat replay tests/data/iss/real.sgf
  skat replay --check games.sgf.bz2 games.jsonl
  bzcat games.sgf.bz2 | skat replay --json - > games.jsonl
""",
    "solve": f"""\
Der Doppeldummy-Wert eines Spiels oder einer Stellung (alle Karten offen, beste Spielweise auf
beiden Seiten), der Wert jeder erlaubten Karte und der beste Verlauf Stich für Stich.

Gib eine Stellung in der Schreibweise des Lösers an, oder eine Verteilung (32 Karten in
ISS-Reihenfolge: die 10 von Vorhand, Mittelhand, Hinterhand, dann der Skat) mit Spiel und
Alleinspieler, oder ein aufgezeichnetes Spiel (ISS oder JSON) und wie viele Karten weit.

{_DD}

Beispiele:
  skat solve "G decl=0 hands=CJ.HA/HT.H7/HK.S7"
  skat solve --record tests/data/iss/real.sgf --id 9 --after 6
""",
    "analyse": f"""\
Gespielte Spiele Karte für Karte mit dem Doppeldummy-Löser durchgehen.

Für jede gespielte Karte: die Augen des Alleinspielers von dort an mit dieser Karte gegen die
der besten Karte, und die verlorenen Augen; für den Alleinspieler: war das Spiel zu gewinnen,
auf welchem Weg, und der Doppeldummy-Wert des Spiels.  DATEI enthält ISS- oder
JSON-Aufzeichnungen (am Inhalt erkannt; - ist die Standardeingabe).

{_DD}

Beispiele:
  skat analyse tests/data/iss/real.sgf --limit 3
  skat analyse games.jsonl --id 1234 --all
""",
    "arena": """\
Zwei Agenten auf gleichen Verteilungen mit Seeger-Fabian-Turnierpunkten vergleichen.

Jede Verteilung wird sechsmal gespielt: jede Art, die zwei Agenten A und B auf die drei Plätze
zu setzen, mit beiden am Tisch (AAB ABA BAA ABB BAB BBA).  Jedes Spiel kommt auf eine
Seeger-Fabian-Liste; die Tabelle zeigt je Agent die Turnierpunkte je Spiel und je Liste von 36
Spielen, die gewonnenen und verlorenen Spiele als Alleinspieler und die angesagten Spiele.  Die
letzte Zeile ist der Unterschied A − B mit dem 95-%-Vertrauensbereich aus den gepaarten
Unterschieden je Verteilung.

Die Ergebnisse hängen nur von --seed, --deals und --rules ab, nicht von --jobs und nicht von
der Auslastung des Rechners: jede Spielstärke begrenzt ihre Arbeit durch Zählungen, nicht durch
die Uhr.  --budget SEKUNDEN ist ein freiwilliges Sicherheitsnetz: eine Entscheidung, die länger
dauert, wird durch einen Ersatzzug ersetzt; jeder Ersatzzug wird gezählt und gibt den
Rückgabewert 1 (--allow-fallbacks nimmt sie hin).  --out DATEI schreibt jedes Spiel als
JSON-Aufzeichnung.

Fremde Programme: ein Agent exec:PROGRAMM [ARGUMENTE] (oder NAME=exec:...) spricht das
Zeilenprotokoll aus docs/engine-protocol.md und heißt in der Tabelle kurz wie sein Programm
oder Skript.  Antwortet es nicht binnen --engine-timeout Sekunden, wird noch einmal so lange
gewartet; dann spielt der Regelspieler den Rest des Spiels an seinem Platz, jeder seiner Züge
als Ersatzzug gezählt (der Lauf geht weiter).  --contract oracle legt Reizen, Skat und Ansage jeder Verteilung fest
(nur Kartenspiel); --void-passed lässt eingepasste Spiele aus; --blind verbirgt die Namen der
Agenten; --ray [ADRESSE] spielt auf Ray.

Gelernte Agenten: dmc:PFAD spielt die Karten mit dem Netz der Datei PFAD, die
examples/train_dmc.py schreibt (skat.env.learn, braucht numpy), alles andere wie heuristic.

Lange Arenen in Teilen: --resume mit --out DATEI behält die vollständigen Verteilungen der
Datei (eine von einem abgebrochenen Lauf angeschnittene letzte Zeile wird mit einem Hinweis
verworfen) und spielt nur die fehlenden; Tabelle und letzte Zeile sind die eines einzigen
Laufs.  Jede Aufzeichnung nennt die Einstellungen (Agenten, Startwert, Regeln, --contract,
--void-passed, --blind, --budget) und einen Fingerabdruck des Codes von skat.ai und skat.core;
ein Lauf mit anderen wird abgelehnt (--resume-any-code nimmt anderen Code wissentlich hin).
--deal-range A:B spielt nur die Verteilungen A bis B-1 (dieselben wie im ganzen Lauf), etwa auf
mehreren Rechnern; skat arena-merge setzt die Dateien zusammen.

Beispiele:
  skat arena --agents heuristic,random --deals 500 --seed 1
  skat arena --agents pimc-hard,exec:./mybot --deals 100 --contract oracle --blind
  skat arena --agents pimc-hard,heuristic --deals 100 --seed 23 --jobs 2
  skat arena --agents pimc-hard,heuristic --deals 1000 --seed 21 --out h.jsonl --resume
  skat arena --agents pimc-hard,heuristic --seed 21 --deal-range 500:1000 --out b.jsonl
  skat arena --agents dmc:dmc.npz,heuristic --deals 300 --contract oracle
""",
    "arena-merge": """\
Tabelle und Unterschied einer in Teilen gespielten Arena, aus den Dateien der Teile.

Eine lange Arena lässt sich teilen: jeder Rechner (oder jede Sitzung) spielt seine
Verteilungen mit skat arena --deal-range A:B --out DATEI (dieselben Agenten, derselbe
Startwert, dieselben Regeln und Optionen), und dieser Befehl liest die Dateien und schreibt, was
ein einziger Lauf über alle Verteilungen schreibt: die Kopfzeile, die Tabelle und die letzte
Zeile

  diff: +X.XX ± Y.YY TP/game (95% CI), deals: N

Die Dateien müssen zu einem Lauf gehören: dieselben Einstellungen in jeder Aufzeichnung
(Agenten, Startwert, Regeln, --contract, --void-passed, --blind, --budget) und derselbe Code
von skat.ai und skat.core (--any-code nimmt anderen Code wissentlich hin).  Keine Verteilung
darf in zwei Dateien stehen und keine von 0 bis zur höchsten (oder bis --deals N - 1) fehlen:
der Fehler nennt die fehlenden.  Eine von einem abgebrochenen Lauf angeschnittene letzte Zeile
wird mit einem Hinweis verworfen, ebenso die Spiele einer unvollständigen Verteilung (sie fehlt
dann).  Rückgabewert 1 bei Ersatzzügen, wie bei skat arena (--allow-fallbacks nimmt sie hin).

Beispiele:
  skat arena --agents pimc-hard,heuristic --seed 21 --deal-range 0:500 --out a.jsonl
  skat arena --agents pimc-hard,heuristic --seed 21 --deal-range 500:1000 --out b.jsonl
  skat arena-merge a.jsonl b.jsonl --deals 1000
""",
    "selfplay": """\
Spiele gegen sich selbst erzeugen: ein Agent auf allen drei Plätzen, jedes Spiel eine
JSON-Aufzeichnung.

Die Spiele gehen als JSON-Zeilen nach VERZEICHNIS, --per-file Spiele je Datei
(games-000000.jsonl, ...), in der Reihenfolge der Verteilungen, jedes geschrieben, sobald es
endet; die Einstellungen des Laufs stehen in VERZEICHNIS/selfplay.json.  Sie hängen nur von
--agent, --seed, --rules und den Nummern der Verteilungen ab, nicht von --jobs oder --ray: ein
Lauf kann geteilt (--first) und die Dateien zusammengefügt werden.  --ray [ADRESSE] spielt auf
Ray (pip install -e '.[cluster]').

Der Fortschritt steht auf stderr (ein Balken im Terminal, sonst eine Zeile je Zehntel).  Ein
unterbrochener Lauf (Strg-C, kill) behält jedes geschriebene Spiel; derselbe Befehl mit
--resume setzt nach dem letzten vollständigen Spiel fort.  Ein VERZEICHNIS mit Spielen wird
ohne --resume abgelehnt, mit --resume eines mit anderen Einstellungen.

Beispiele:
  skat selfplay --agent pimc-hard --deals 10000 --out data/pimc-hard --jobs 2
  skat selfplay --agent pimc-hard --deals 10000 --out data/pimc-hard --jobs 2 --resume
  skat selfplay --agent heuristic --deals 100000 --seed 7 --out data/h --ray auto
""",
    "samples": """\
Die Entscheidungen in Spielaufzeichnungen als Trainingsbeispiele in eine komprimierte .npz
schreiben.

Jede DATEI enthält ISS-Aufzeichnungen (.sgf, .sgf.bz2: eine je Zeile, wie das ISS-Archiv sie
liefert) oder JSON-Spielaufzeichnungen (.json: eine oder eine Liste; .jsonl: eine je Zeile).
Jede Aufzeichnung wird zuerst mit der Regelmaschine nachgespielt (die R[...]-Felder einer
ISS-Aufzeichnung und das Ergebnis einer JSON-Aufzeichnung müssen mit ihr übereinstimmen);
Aufzeichnungen, die sich nicht nachspielen lassen, abweichen, Karten verbergen oder kein Skat
sind, werden übersprungen, ebenso jede schon gesehene Verteilung.  Jede Entscheidung eines
Platzes wird ein Beispiel: der Beobachtungsvektor dieses Platzes (die 2.083 Werte der
Umgebungen, hier als Bytes 0/1), die Maske der erlaubten Aktionsnummern, die gewählte Nummer,
der Platz und was er am Ende nach --reward bekam (list, seeger oder points; mit _zero_sum
Löhne, die sich zu 0 summieren).  Die Felder und ihre Typen sind das Schema in docs/env.md
(skat.env.records.SCHEMA).

Die letzte Zeile zählt die Beispiele, die verwendeten Spiele und die übersprungenen
Aufzeichnungen:

  AUSGABE: N samples of G games (R records: D duplicate, S skipped, I invalid)

Eine vorhandene AUSGABE bleibt erhalten, außer mit --force.  Braucht numpy
(pip install 'skat[env]').

Beispiele:
  skat samples tests/data/iss/real.sgf --out samples.npz
  skat samples games.sgf.bz2 more.jsonl --out samples.npz --reward seeger
  skat selfplay --agent heuristic --deals 1000 --out h && skat samples h/*.jsonl --out h.npz
""",
    "list": """\
Die Liste einer Datei mit Spielaufzeichnungen oder einer gespeicherten Serie: eine Zeile je
Spiel, die Summen und die Rangfolge, als einfache Liste oder als Seeger-Fabian-Turnierliste.

Aufzeichnungen nennen ihre Spieler (JSON meta.players, ISS P0..P2); die Spieler sind die
Spalten in der Reihenfolge ihres ersten Auftretens.  Aufzeichnungen ohne Namen zählen nach
Platz (Vorhand, Mittelhand, Hinterhand).  Eine gespeicherte Serie (skat play --save) wird
gelesen, wie sie ist.

Beispiele:
  skat list tests/data/iss/real.sgf
  skat list games.jsonl --sheet seeger
  skat list freitag.json
""",
    "rules": """\
Die Regeln zeigen, für die eine Vorgabe (oder eine Regelzeile) steht: jede Option, ihr Wert,
ihre möglichen Werte und was sie bedeutet.  Ohne Argument: die Vorgaben und worin jede von den
offiziellen Regeln (isko) abweicht.

Beispiele:
  skat rules
  skat rules pub
  skat rules "isko,kontra=on,ramsch=schieberamsch" --brief
""",
    "thirty-one": """\
Schwimmen ("Einunddreißig", Scat) im Terminal spielen: du gegen Computerspieler.

Jeder hält drei Karten; der Wert einer Hand ist die Summe ihrer Karten einer Farbe (As 11,
Bilder 10, die anderen ihre Augen; 31 ist das Beste).  Am Zug ziehst du die oberste Karte des
Stapels oder des Ablagestapels und legst eine ab, oder du klopfst: dann hat jeder andere einen
letzten Zug, und die niedrigste Hand verliert ein Leben.  31 wird sofort gezeigt, und alle
anderen verlieren ein Leben.  Die Regeln stehen in docs/thirtyone.md; --rules help listet die
Optionen.

Befehle am Zug: s (Stapel), p (Ablage), k (klopfen), t (hinwerfen), dann die Karte zum Ablegen
nach ihrer Stelle 1-4 oder ihrem Namen (HA, S10, ♥K); h Hilfe, q beenden.  Schwimmen (--rules
schwimmen): drei Karten liegen offen in der Mitte; tausche eine deiner Karten gegen eine davon
("1 3" oder "HA D7": deine Karte zuerst), a (alle drei), w (schieben) oder k (klopfen).  --plain
schreibt einfache Zeilen ohne Farben (für Skripte).

Beispiele:
  skat thirty-one
  skat thirty-one --players 3 --seed 7 --rules schwimmen
  skat thirty-one --arena heuristic,random,random,random --matches 500 --seed 1
""",
    "serve": """\
Den Skat-Webserver starten: eine Lobby, Tische mit Freunden und Computerspielern, Verlauf.

Öffne http://localhost:8000/ im Browser, lege einen Tisch an (Regeln, Länge der Serie, wer wo
sitzt: ein Mensch oder eine Computerstufe) und schicke den Einladungslink an die anderen.  Alles
liegt in einer SQLite-Datenbank im Datenordner (Standard ./skat-data) oder mit --database
postgresql://user@host/db in PostgreSQL; der Server kann jederzeit beendet und neu gestartet
werden: jeder Tisch geht weiter, wo er war.

Braucht das Extra web: pip install 'skat[web]'.

Mehrere Prozesse teilen sich eine PostgreSQL-Datenbank mit Redis dazwischen: --workers N
startet N Prozesse auf demselben Port.

Beispiele:
  skat serve
  skat serve --port 8080 --data /var/lib/skat
  skat serve --host 0.0.0.0 --database postgresql://skat@localhost/skat
  skat serve --iss-port 7000      (auch ISS-Clients und Bots: docs/iss-protocol.md)
""",
    "iss": """\
Auf einem ISS-Server (dem Textprotokoll des International Skat Server) mit einem
Computerspieler spielen.

Der Client meldet sich an, legt dann einen Tisch an und lädt zwei Benutzer ein (--invite), setzt
sich an einen Tisch (--join) oder wartet auf eine Einladung.  Er spielt --games Spiele mit dem
gewählten Agenten, hängt die Aufzeichnung jedes beendeten Spiels (ISS-Format, eine Zeile je
Spiel) an --records an und meldet sich nach einer abgebrochenen Verbindung wieder an.  Er
spricht mit skat serve --iss-port und ist für den echten ISS geschrieben (siehe
docs/iss-protocol.md).

Beispiele:
  skat iss --server localhost:7000 --user bot2 --password-file pw.txt --agent heuristic --games 3
""",
    "tournament": """\
Einen Clubabend oder ein Turnier aus einer JSON-Turnierdatei führen: Spieler, Sitzverteilung,
die Listen der Tische (vom Papier abgetippt), die Listenprüfung, Wertung, Geld und Exporte.

Jeder Befehl liest die Datei, ändert sie und schreibt sie in einem Schritt zurück: eine
abgelehnte Änderung lässt die Datei, wie sie war.  Eine Liste wird ein Spiel je Zeile getippt
(Ben G won 72, passed, Anna C lost 48 50 mit dem Reizwert, totals 1 2 3 für die Summen des
Tisches): siehe docs/tournament.md.

Beispiele:
  skat tournament new cup.json "Vereinspokal" --series 2 --loss-fees 0.50,0.50,0.50,1
  skat tournament players cup.json --add Anna --add Ben --team Asse
  skat tournament seat cup.json --seed 4711 --cards --pdf tische.pdf
  skat tournament enter cup.json --series 1 --table 3 --list tisch3.txt
  skat tournament standings cup.json --money --prizes
  skat tournament export cup.json ergebnisse.ods
""",
    "season": """\
Eine Vereinsmeisterschaft über viele Abende (eine Saison): das Mitgliederverzeichnis des
Vereins, die Abende (je eine Turnierdatei, geführt mit skat tournament oder im Web und
exportiert) und die Saisonwertung über alle Serien oder die besten N jedes Spielers.

Die Saisondatei (JSON) nennt die Turnierdateien ihrer Abende, relativ zu ihrem eigenen Ordner;
evening legt einen Abend mit den gekommenen Spielern an (mit den Regeln der Saison: Kontra und
Re als Standard, wie Vereinsabende spielen) oder fügt eine vorhandene Turnierdatei hinzu.

Beispiele:
  skat season new verein.json "Vereinsmeisterschaft 2026" --best 20
  skat season members verein.json --add "Anna Berg" --number 17
  skat season members verein.json --guest "Eva Gast"
  skat season evening verein.json 2026-03-06 --players "Anna Berg,Ben,Cora,Dirk"
  skat tournament seat verein-2026-03-06.json --seed 1
  skat season standings verein.json --format csv > saison.csv
""",
    "verify": """\
Prüfen, dass die Karten eines Spiels feststanden, bevor es gespielt wurde (nachprüfbares Geben).

skat serve veröffentlicht vor jedem Spiel eine Festlegung (einen sha256-Hash) der Verteilung
und vor dem ersten Spiel eine des Startwerts der Serie; die JSON-Aufzeichnung eines Spiels
enthält die Festlegung und den Wert, der sie öffnet (meta.dealing), und der Tisch zeigt Startwert
und Salz, wenn die Serie vorbei ist.  Dieser Befehl rechnet die Hashes aus den Karten der
Aufzeichnung nach (Verfahren in docs/web.md, "Verifiable dealing").

Beispiele:
  skat verify game-3.json
  skat verify game-3.json --commitment 9f2c…   (der Hash, den du vor dem Spiel gesehen hast)
  skat verify game-3.json --seed 123456 --salt 0a1b… --series 77e1…
""",
}
"""Subcommand name → its German description."""
