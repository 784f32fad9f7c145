"""The action ids are built from the core's action kinds and keep today's numbering (saved
models and the tests rely on it)."""

from __future__ import annotations

import hashlib

from skat.core.actions import (
    ACTION_KINDS,
    BIDS,
    DISCARDS,
    DOUBLES,
    HOLD,
    LAY_OPEN,
    PASS,
    PICK_UP,
    SHOW_SKAT,
    SPITZEN,
    Action,
    Declare,
)
from skat.core.cards import CARDS
from skat.core.contracts import Contract
from skat.env.action_ids import ACTIONS, NUM_ACTIONS, SPITZE_IDS, action_id, id_range


def _hand_kept_table() -> tuple[Action, ...]:
    """The table as it was kept by hand before the kinds declared their ids."""
    discards = tuple(DISCARDS[(1 << i) | (1 << j)] for i in range(32) for j in range(i + 1, 32))
    return (
        *CARDS,
        *BIDS,
        HOLD,
        PASS,
        PICK_UP,
        SHOW_SKAT,
        *discards,
        *(Declare.of(c) for c in Contract.all()),
        *DOUBLES[1:],
        *SPITZEN[1:],
        LAY_OPEN,
    )


def test_action_ids_built_from_the_kinds_keep_the_hand_kept_numbering() -> None:
    assert _hand_kept_table() == ACTIONS[:640]
    assert NUM_ACTIONS == 644  # the old rules' four bids appended (old_bid)


def test_action_ids_keep_todays_numbering_by_their_notation() -> None:
    # a fingerprint of every id's notation as it was: no id moves, none is removed; new ids
    # only come after the 640 of the fingerprint, each listed here
    text = "\n".join(str(a) for a in ACTIONS[:640])
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == _FINGERPRINT
    assert [str(a) for a in ACTIONS[640:]] == _APPENDED
    assert (action_id(SPITZEN[1]), action_id(LAY_OPEN)) == (628, 639)


def test_action_ids_each_kind_declares_how_many_it_needs() -> None:
    counts = {kind.name: len(kind.ids) for kind in ACTION_KINDS}
    assert counts["card"] == 32 and counts["discard"] == 496 and counts["spitze"] == 11
    assert counts["resign"] == counts["schenken"] == counts["violation"] == 0
    assert counts["old_bid"] == 4
    assert sum(counts.values()) == NUM_ACTIONS and id_range("spitze") == SPITZE_IDS


_FINGERPRINT = "6a0252e138755d09"  # main before the kinds declared their ids
_APPENDED = ["252", "288", "324", "360"]  # ids 640-643: the old rules' bids (old_bid)
