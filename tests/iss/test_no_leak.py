"""No ISS line shows a card its reader may not know: the no-leak check of the web protocol
(:func:`skat.server.visibility.knowable_cards`) over every line of the ISS feed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, TextIO

import pytest
from tests.iss.conftest import ClientThread, Live
from tests.server.test_visibility import card_names

from skat.core import Deal, GameState
from skat.core.rules import ISS
from skat.iss.codes import to_engine
from skat.iss.feed import Feed
from skat.records.iss import parse_iss_line
from skat.server.table import Table, TableConfig
from skat.server.visibility import knowable_cards


@pytest.mark.parametrize("rules", ["iss", "isko,kontra=on", "pub"])
def test_no_iss_line_shows_a_card_its_reader_may_not_know(rules: str) -> None:
    config = TableConfig.parse({"rules": rules, "games": 6, "seats": ["human"] * 3}, seed=7)
    table = Table("t", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
    feeds = [Feed(table, p, f"u{p}") for p in range(3)]
    rng = random.Random(rules)
    checked = 0
    while not table.is_over:
        state = table.state
        assert state is not None
        for p, feed in enumerate(feeds):
            allowed = knowable_cards(state, table.seat_of(p))
            lines = feed.update()
            ended = [i for i, line in enumerate(lines) if line.split()[3] == "end"]
            for line in lines[ended[-1] + 1 :] if ended else lines:  # a finished game: public
                words = line.split()
                leaked = card_names(" ".join(words[4:]).replace("|", " ")) - allowed
                assert not leaked, f"{line} shows {leaked} to player {p}"
                checked += 1
        player = table.to_move()
        assert player is not None
        action = rng.choice(state.legal_actions())
        table.apply(player, table.check(player, str(action), table.counter))
    ends = [sum(" end " in line for line in f.update()) for f in feeds]
    assert checked > 200 and ends == [1, 1, 1]


class _Heard(ClientThread):
    """A ``skat iss`` client that keeps every line it read from its socket."""

    def __init__(self, port: int, user: str, agent: str, **options: Any) -> None:
        self.heard: list[str] = []
        super().__init__(port, user, agent, **options)
        read = self.client._read

        def keep(reader: TextIO) -> str:
            line = read(reader)
            self.heard.append(line)
            return line

        self.client._read = keep  # type: ignore[method-assign]


def test_no_line_read_from_the_socket_shows_a_card_its_reader_may_not_know(live: Live) -> None:
    users = (("k_a", "heuristic"), ("k_b", "random"), ("k_c", "pimc-easy"))
    clients = [_Heard(live.iss, u, a, games=1) for u, a in users[1:]]
    clients.insert(0, _Heard(live.iss, *users[0], games=1, invite=[u for u, _ in users[1:]]))
    for client in clients:
        client.join(timeout=240)
        assert client.played == 1
    ends = [line for line in clients[0].heard if line.split()[3:4] == ["end"]]
    record = parse_iss_line(ends[0][ends[0].index("(") :])
    deal = Deal.parse(record.moves[0][1].replace(".", " "))
    checked = 0
    for client in clients:
        seat = record.players.index(client.client.o.user) if record.players else -1
        plays = [line.split() for line in client.heard if " play " in line]
        assert len(plays) == len(record.moves)  # every move told, in the record's order
        states = _states(deal, record.moves)
        for words, state, (who, _) in zip(plays, states, record.moves, strict=True):
            assert words[4] == who
            leaked = card_names(words[5].replace("|", ".")) - knowable_cards(state, seat)
            assert not leaked, f"{' '.join(words)} shows {leaked} to {client.client.o.user}"
            checked += 1
    assert checked >= 3 * 30


def _states(deal: Deal, moves: list[tuple[str, str]]) -> Iterator[GameState]:
    """The game after each of a record's moves (the first: the deal)."""
    state = GameState(deal, ISS)
    for who, text in moves:
        if who != "w":
            for action in to_engine(text, state.phase, int(who)):
                state.apply(action, int(who))
        yield state.copy()
