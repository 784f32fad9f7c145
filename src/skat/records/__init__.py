"""Game records: ISS lines (:mod:`skat.records.iss`), replaying and checking them with the
engine (:mod:`skat.records.replay`) and versioned JSON records of every game the engine plays
(:mod:`skat.records.jsonrecord`).

Imports :mod:`skat.core`, :mod:`skat.variants` (every variant through its registry entry) and
the standard library only.

>>> from skat.records import read_iss, check
>>> lines = ["(;GM[Skat]ID[3]MV[w CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8.C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT."
...          "HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7 1 p 2 p 0 p ]R[passed] ;)", "(;broken"]
>>> [check(x) if not isinstance(x, RecordError) else str(x) for x in read_iss(lines)]
[[], 'line 2: a record ends with ";)" (truncated line?)']
"""

from skat.records.iss import (
    IssParseError,
    IssRecord,
    IssResult,
    IssWriteError,
    RecordError,
    format_iss,
    parse_iss_line,
    parse_iss_result,
    read_iss,
    write_iss,
)
from skat.records.jsonrecord import (
    JsonGame,
    JsonRecordError,
    JsonReplayError,
    check_json,
    json_to_iss,
    load_json,
    record_to_json,
    state_to_json,
)
from skat.records.replay import FieldDiff, Replay, ReplayError, SkipRecord, check, replay

__all__ = [
    "FieldDiff",
    "IssParseError",
    "IssRecord",
    "IssResult",
    "IssWriteError",
    "JsonGame",
    "JsonRecordError",
    "JsonReplayError",
    "RecordError",
    "Replay",
    "ReplayError",
    "SkipRecord",
    "check",
    "check_json",
    "format_iss",
    "json_to_iss",
    "load_json",
    "parse_iss_line",
    "parse_iss_result",
    "read_iss",
    "record_to_json",
    "replay",
    "state_to_json",
    "write_iss",
]
