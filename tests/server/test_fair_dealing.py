"""Fair dealing: a server's seed has 256 bits from the operating system's randomness and its
deals come from it through HMAC-SHA256, the published commitments and ``skat verify`` work
with it, and the 48-bit seeds of older tables still deal (and verify) as before."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from pathlib import Path

from tests.server.client import FAST, create, running
from tests.server.test_verify import _play_one_game

from skat.cli.main import main
from skat.core.deal import Deal
from skat.records.jsonrecord import state_to_json
from skat.series import Series
from skat.series.commitment import (
    STREAM_FROM,
    DealStream,
    deal_text,
    fresh_seed,
    series_deal,
)
from skat.server.protocol import dealing_view, revealed
from skat.server.table import Table, TableConfig

DATA = Path(__file__).parent.parent / "data" / "deals-48-bit-seeds.txt"
HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}
TAKEN = dict.fromkeys(range(3), "-")  # every place taken: a table with free places waits


def test_a_server_table_draws_a_256_bit_seed_that_deals_through_the_stream(
    storage_where: str,
) -> None:
    with running(storage_where, FAST) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        ids = [create(client, **HUMANS3)["id"] for _ in range(3)]
        seeds = [hub.rooms[i].table.config.seed for i in ids]
        stored = {t.id: t.config["seed"] for t in hub.storage.load_tables()}
    assert [stored[i] for i in ids] == seeds  # kept whole by the database
    assert len(set(seeds)) == 3
    for seed in seeds:
        assert seed.bit_length() == 257 and seed >= STREAM_FROM  # 256 random bits and a mark
    table = Table("t", TableConfig.parse(HUMANS3), claims=TAKEN)
    assert isinstance(table.series._rng, DealStream)
    assert table.config.seed >= 2**128


def test_the_stream_is_hmac_sha256_of_the_seed_in_counter_mode() -> None:
    """Anyone can deal a revealed seed again from the documented construction."""
    seed = fresh_seed()
    key = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    blocks = [
        hmac.new(key, f"skat-deal-stream-v2|{i}".encode(), hashlib.sha256).digest()
        for i in range(2)
    ]
    expected = int.from_bytes(blocks[0], "big") | int.from_bytes(blocks[1], "big") << 256
    stream = DealStream(seed)
    assert stream.getrandbits(100) | stream.getrandbits(412) << 100 == expected


def test_a_stream_seed_deals_other_cards_than_the_mersenne_twister_would() -> None:
    seed = STREAM_FROM + 12345
    assert series_deal(seed, 1) != Deal.random(random.Random(seed))
    series = Series(["A", "B", "C"], seed=seed, games=3)
    assert series.deal == series_deal(seed, 1)


def test_48_bit_seeds_of_older_tables_deal_as_before() -> None:
    for line in DATA.read_text().splitlines():
        seed, number, text = line.split(" ", 2)
        assert deal_text(series_deal(int(seed), int(number))) == text, line


def test_skat_verify_checks_a_game_dealt_from_a_256_bit_seed(
    tmp_path: Path, capsys: object
) -> None:
    table = Table("t", TableConfig.parse({"games": 1, "seats": ["human"] * 3}), claims=TAKEN)
    before = dealing_view(table)
    _play_one_game(table)
    names = list(table.players)
    meta = {
        "series": {"id": "t", "game": 1, "dealer": names[0], "players": names},
        "dealing": revealed(table, 1),
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state_to_json(table.finished_games[0], meta)))
    after = dealing_view(table)
    assert after["seed"] == str(table.config.seed)  # a string: JavaScript numbers lose digits
    good = ["verify", str(path), "--seed", after["seed"], "--salt", str(after["salt"])]
    assert main([*good, "--series", str(before["series"])]) == 0
    other = str(table.config.seed ^ 1)
    assert main(["verify", str(path), "--seed", other, "--salt", str(after["salt"])]) == 1
