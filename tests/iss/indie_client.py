"""A minimal ISS client written from docs/iss-protocol.md alone (it does not import skat).

It logs in, creates a table and invites two users (or joins when invited), always passes in
the auction and, as a defender, plays the first card that follows suit.  Everything it was
told is kept in ``lines``; ``seen_before_end`` are the card names it was shown before the
game's end line.
"""

from __future__ import annotations

import socket

SUITS = "CSHD"
PLAIN = "AKQJT987"  # Null order, and the card letters
SUIT_ORDER = "ATKQ987"  # a suit without its jack, in a trump or suit game
JACKS = ["CJ", "SJ", "HJ", "DJ"]


class IndieClient:
    def __init__(self, port: int, user: str, password: str) -> None:
        self.user = user
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        self.reader = self.sock.makefile("r", encoding="utf-8")
        self.lines: list[str] = []
        self.table = ""
        self.seat = -1
        self.hand: list[str] = []
        self.game = ""  # G C S H D N once declared
        self.trick: list[tuple[int, str]] = []
        self.leader = 0
        self.auction: list[tuple[int, str]] = []
        self.record = ""
        self.seen_before_end: set[str] = set()
        self.send(user)
        assert "password" in self.read()
        self.send(password)
        assert self.read().startswith("Welcome")

    def send(self, line: str) -> None:
        self.sock.sendall((line + "\n").encode())

    def read(self) -> str:
        line = self.reader.readline()
        if not line:
            raise ConnectionError("closed")
        self.lines.append(line.rstrip("\n"))
        return self.lines[-1]

    def create(self, invite: list[str]) -> None:
        self.send("create / 3")
        while True:
            words = self.read().split()
            if words[0] == "create" and words[2] == self.user:
                self.table = words[1]
                break
        self.send(f"table {self.table} {self.user} invite {' '.join(invite)}")
        self.send(f"table {self.table} {self.user} ready")

    def play_one_game(self) -> str:
        """Play until the game's end line; the game record."""
        while not self.record:
            words = self.read().split()
            if len(words) < 4 or words[0] != "table" or words[2] != self.user:
                continue
            if words[3] == "start":
                self.seat = words[5::2].index(self.user)
            elif words[3] == "play":
                self.told(words[4], words[5])
            elif words[3] == "end":
                self.record = " ".join(words[4:])
            elif words[3] == "error":
                self.retry()
        return self.record

    # ------------------------------------------------------------------

    def told(self, who: str, move: str) -> None:
        self.seen_before_end |= {c for c in move.replace("|", ".").split(".") if is_card(c)}
        if who == "w":
            if "|" in move:
                self.hand = move.split("|")[self.seat].split(".")
                assert all(is_card(c) for c in self.hand) and len(self.hand) == 10
        elif not self.game and (move[0] in "GCSHDN" and move not in ("p", "y")):
            self.game = move[0]
        elif self.game and is_card(move):
            self.trick.append((int(who), move))
            if int(who) == self.seat:
                self.hand.remove(move)
            if len(self.trick) == 3:
                self.leader = self.winner()
                self.trick = []
        elif not self.game and move != "s":
            self.auction.append((int(who), move))
        self.act()

    def my_turn_in_auction(self) -> bool:
        """Middlehand bids to Forehand, the winner faces Rearhand; if both others passed
        without a bid, Forehand may bid 18 or pass."""
        bidder, listener, turn, stage, bids = 1, 0, 1, 0, 0
        out: set[int] = set()
        for seat, move in self.auction:
            if move == "p":
                out.add(seat)
            elif move == "y":
                turn = bidder
            else:
                turn, bids = listener, bids + 1
            if stage == 0 and (bidder in out or listener in out):
                winner = listener if bidder in out else bidder
                bidder, listener, turn, stage = 2, winner, 2, 1
            elif stage == 1 and (bidder in out or listener in out):
                if bids == 0 and 0 not in out:
                    turn, stage = 0, 2
                else:
                    return False
            elif stage == 2:
                return False
        return turn == self.seat and self.seat not in out

    def act(self) -> None:
        if not self.game:
            if self.hand and self.my_turn_in_auction():
                self.send(f"table {self.table} {self.user} play p")
            return
        if (self.leader + len(self.trick)) % 3 == self.seat and self.hand:
            self.send(f"table {self.table} {self.user} play {self.legal()[0]}")

    def retry(self) -> None:
        if self.game and self.hand:
            self.send(f"table {self.table} {self.user} play {self.hand[-1]}")

    # ------------------------------------------------------------------ the rules of play

    def trump(self, card: str) -> bool:
        if self.game == "N":
            return False
        return card[1] == "J" or card[0] == self.game

    def kind(self, card: str) -> str:
        return "T" if self.trump(card) else card[0]

    def legal(self) -> list[str]:
        if not self.trick:
            return list(self.hand)
        led = self.kind(self.trick[0][1])
        same = [c for c in self.hand if self.kind(c) == led]
        return same or list(self.hand)

    def strength(self, card: str, led: str) -> int:
        if self.game == "N":
            return 10 + (8 - PLAIN.index(card[1])) if card[0] == led else 0
        if card[1] == "J":
            return 100 - JACKS.index(card)
        if self.trump(card):
            return 50 + (7 - SUIT_ORDER.index(card[1]))
        return 10 + (7 - SUIT_ORDER.index(card[1])) if card[0] == led else 0

    def winner(self) -> int:
        led = self.kind(self.trick[0][1])
        best = max(self.trick, key=lambda t: self.strength(t[1], led))
        return best[0]

    def close(self) -> None:
        self.reader.close()
        self.sock.close()


def is_card(text: str) -> bool:
    return len(text) == 2 and text[0] in SUITS and text[1] in PLAIN
