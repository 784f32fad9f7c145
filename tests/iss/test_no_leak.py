"""No ISS line shows a card its reader may not know: the no-leak check of the web protocol
(:func:`skat.server.visibility.knowable_cards`) over every line of the ISS feed."""

from __future__ import annotations

import random

import pytest
from tests.server.test_visibility import card_names

from skat.iss.feed import Feed
from skat.server.table import Table, TableConfig
from skat.server.visibility import knowable_cards


@pytest.mark.parametrize("rules", ["iss", "isko,kontra=on", "pub"])
def test_no_iss_line_shows_a_card_its_reader_may_not_know(rules: str) -> None:
    config = TableConfig.parse({"rules": rules, "games": 6, "seats": ["human"] * 3}, seed=7)
    table = Table("t", config)
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
