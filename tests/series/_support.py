"""Scripted results for list tests: the engine's Result with only what a list needs."""

from __future__ import annotations

from skat.core import Contract, Result


def won(contract: str, value: int, declarer: int, **extra: object) -> Result:
    """A won game: + value on the list (declarer = seat 0 Forehand, 1 Middlehand, 2 Rearhand)."""
    multiplier = int(extra.pop("multiplier", 1))  # type: ignore[call-overload]
    return Result(
        Contract.parse(contract),
        declarer,
        won=True,
        value=value,
        score=value * multiplier,
        multiplier=multiplier,
        **extra,  # type: ignore[arg-type]
    )


def lost(contract: str, value: int, declarer: int, **extra: object) -> Result:
    """A lost game: − 2 × value on the list."""
    multiplier = int(extra.pop("multiplier", 1))  # type: ignore[call-overload]
    return Result(
        Contract.parse(contract),
        declarer,
        won=False,
        value=value,
        score=-2 * value * multiplier,
        multiplier=multiplier,
        **extra,  # type: ignore[arg-type]
    )


PASSED = Result(None)
"""All three passed."""


def ramsch(*scores: int, kind: str = "ramsch") -> Result:
    """A Ramsch with the list entries of Forehand, Middlehand, Rearhand."""
    return Result(None, ramsch=kind, ramsch_scores=(scores[0], scores[1], scores[2]))
