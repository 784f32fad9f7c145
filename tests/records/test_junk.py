"""Junk fed to the readers gives clean errors: never an exception other than the documented
ones escapes, and every message is one line."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat.records.iss import IssRecord, RecordError, read_iss
from skat.records.jsonrecord import JsonRecordError, load_json, record_to_json
from skat.records.replay import ReplayError, check

from ._support import REAL

LINES = REAL.read_text(encoding="utf-8").splitlines()
TOKENS = ["w", "0", "1", "2", "p", "y", "s", "18", "SC", "RE", "??", "TI.1", "LE.0", "G", "CJ"]
TOKENS += ["NO", "GO", "D.ST.H8", "CA", "HT", "S7", "[", "]", ";)", "(;", "R[", "MV[", "d:-1"]


def _consume(lines: Iterable[str] | Iterable[bytes]) -> tuple[int, int, int]:
    """Read and check everything; only RecordError items and ReplayError may come out."""
    good = bad = refused = 0
    for item in read_iss(lines):
        if isinstance(item, RecordError):
            assert "\n" not in item.reason and item.reason
            bad += 1
            continue
        assert isinstance(item, IssRecord)
        try:
            check(item)
            good += 1
        except ReplayError as exc:
            assert "\n" not in str(exc) and str(exc)
            refused += 1
    return good, bad, refused


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=300), max_size=5))
def test_random_bytes_give_record_errors(chunks: list[bytes]) -> None:
    _consume(chunks)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=200), max_size=5))
def test_random_text_gives_record_errors(lines: list[str]) -> None:
    _consume(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LINES), st.integers(min_value=0), st.integers(min_value=0, max_value=6))
def test_mutated_fixture_lines_give_clean_errors(line: str, seed: int, kind: int) -> None:
    rng = random.Random(seed)
    tokens = line.split(" ")
    if kind == 0:  # truncated line
        text = line[: rng.randrange(len(line))]
    elif kind == 1:  # a character replaced
        i = rng.randrange(len(line))
        text = line[:i] + rng.choice("[]();:. ?xX0123456789CSHDJTAKQ") + line[i + 1 :]
    elif kind == 2:  # brackets swapped or dropped
        text = line.replace("]", "[", 1) if rng.random() < 0.5 else line.replace("]", "", 1)
    elif kind == 3:  # a token deleted
        del tokens[rng.randrange(len(tokens))]
        text = " ".join(tokens)
    elif kind == 4:  # a token replaced by a plausible one
        tokens[rng.randrange(len(tokens))] = rng.choice(TOKENS)
        text = " ".join(tokens)
    elif kind == 5:  # two tokens swapped (moves out of order)
        i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
        text = " ".join(tokens)
    else:  # a card of the deal replaced (bad or duplicate card)
        text = line.replace(".", f".{rng.choice(['XX', 'CJ', 'H1', '??', 'C'])}.", 1)
    _consume([text])


def test_every_single_truncation_of_a_record_is_clean() -> None:
    line = LINES[10]
    for n in range(len(line)):
        _consume([line[:n]])


def test_every_move_removed_is_clean() -> None:
    for line in LINES[:20]:
        start = line.index("MV[") + 3
        end = line.index("]", start)
        tokens = line[start:end].split()
        for i in range(2, len(tokens) - 1, 2):
            cut = " ".join(tokens[:i] + tokens[i + 2 :])
            _consume([line[:start] + cut + line[end:]])


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(_json_values)
def test_random_json_gives_json_record_errors(value: object) -> None:
    try:
        load_json(json.dumps(value))
    except JsonRecordError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(LINES),
    st.sampled_from(["rules", "deal", "events", "result", "meta", "format", "version"]),
    _json_values,
)
def test_json_records_with_a_field_replaced_give_json_record_errors(
    line: str, key: str, value: object
) -> None:
    item = next(iter(read_iss([line])))
    assert isinstance(item, IssRecord)
    data = record_to_json(item)
    data[key] = value
    try:
        load_json(data)
    except JsonRecordError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LINES), st.integers(min_value=0), st.sampled_from(TOKENS))
def test_json_events_with_junk_give_json_record_errors(line: str, seed: int, token: str) -> None:
    item = next(iter(read_iss([line])))
    assert isinstance(item, IssRecord)
    data = record_to_json(item)
    events = data["events"]
    rng = random.Random(seed)
    if events:
        events[rng.randrange(len(events))] = [rng.randrange(3), token]
    try:
        load_json(data)
    except JsonRecordError as exc:
        assert "\n" not in str(exc)
