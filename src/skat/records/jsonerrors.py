"""The errors of JSON game records and the pieces of their one-line messages: a field's name
(:func:`key_text`), a value's kind (:func:`kind_of`) and a value cut short (:func:`short`), an
exception's text on one line (:func:`one_line`), and an event's ``[seat, text]`` shape checked
(:func:`event_shape`).

>>> short("x" * 50), kind_of([1]), key_text("a b")
('"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...', 'a list', '"a b"')
>>> event_shape([2, "CJ"], 0, 2, 40)
Traceback (most recent call last):
...
skat.records.jsonerrors.JsonRecordError: events[0]: the seat must be 0 or 1, not 2
"""

from __future__ import annotations

import json

__all__ = [
    "JsonRecordError",
    "JsonReplayError",
    "event_shape",
    "key_text",
    "kind_of",
    "one_line",
    "short",
]


class JsonRecordError(ValueError):
    """A JSON record that is malformed or does not replay; the message is one line naming the
    field (and the event: ``events[12]``)."""


class JsonReplayError(JsonRecordError):
    """A well-formed record whose events the engine refuses, or that stops before the end."""


def event_shape(ev: object, i: int, seats: int, longest: int) -> tuple[int, str]:
    """``events[i]`` as ``(seat, text)``: a seat below ``seats`` and one word of at most
    ``longest`` characters."""
    if not isinstance(ev, list) or len(ev) != 2:
        raise JsonRecordError(f"events[{i}]: must be [seat, text], not {short(ev)}")
    seat, text = ev
    if type(seat) is not int or not 0 <= seat < seats:
        which = "0, 1 or 2" if seats == 3 else "0 or 1"
        raise JsonRecordError(f"events[{i}]: the seat must be {which}, not {short(seat)}")
    if (
        not isinstance(text, str)
        or not text
        or len(text) > longest
        or text != text.strip()
        or any(ch.isspace() for ch in text)
    ):
        raise JsonRecordError(f"events[{i}]: the action must be one word, not {short(text)}")
    return seat, text


def key_text(key: object) -> str:
    """A field's name as a message shows it (quoted unless it is a plain name)."""
    text = key if isinstance(key, str) else short(key)
    if text.isidentifier():
        return text
    return short(text)


def kind_of(value: object) -> str:
    """What a JSON value is, in words (``a number``, ``null``, ...)."""
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def short(value: object) -> str:
    """A value as JSON, cut to 40 characters; safe for huge numbers and deep nesting."""
    if type(value) is int and value.bit_length() > 128:
        return f"a number of {len(str(value >> (value.bit_length() - 128)))}+ digits"
    if isinstance(value, (list, dict)) and len(value) > 20:
        return f"{kind_of(value)} of {len(value)} items"
    if isinstance(value, str) and len(value) > 200:
        value = value[:60]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = type(value).__name__
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:40] + "..."


def one_line(exc: BaseException) -> str:
    """An exception's message on one line, cut to 300 characters."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:300] + "..."
