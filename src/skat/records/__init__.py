"""Game records: ISS lines (:mod:`skat.records.iss`), replaying and checking them with the
engine (:mod:`skat.records.replay`) and versioned JSON records
(:mod:`skat.records.jsonrecord`).

Imports :mod:`skat.core` and the standard library only.
"""

from skat.records.iss import (
    IssParseError,
    IssRecord,
    IssResult,
    RecordError,
    format_iss,
    parse_iss_line,
    parse_iss_result,
    read_iss,
    write_iss,
)
from skat.records.replay import FieldDiff, Replay, ReplayError, SkipRecord, check, replay

__all__ = [
    "FieldDiff",
    "IssParseError",
    "IssRecord",
    "IssResult",
    "RecordError",
    "Replay",
    "ReplayError",
    "SkipRecord",
    "check",
    "format_iss",
    "parse_iss_line",
    "parse_iss_result",
    "read_iss",
    "replay",
    "write_iss",
]
