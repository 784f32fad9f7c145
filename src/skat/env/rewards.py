"""What a finished game pays each seat, by the reward scheme chosen for the environment.

``list``
    The list score (ISkO 5.3): the declarer + value won, − 2 × value lost (times the Kontra
    multiplier); the defenders 0.  A Ramsch pays each seat its Ramsch score.
``seeger``
    Seeger-Fabian tournament points (:func:`skat.core.sheets.entries` with the ``seeger`` sheet and
    the rules' ``seeger_bonus``): a won game + value + 50, a lost one − 2 × value − 50 and + 40
    to each defender.
``points``
    Card points (Augen, 0 … 120): the declarer his with the skat, each defender the defenders'.
    In a Ramsch each seat gets minus the card points it took (fewer is better).

A game passed in (all pass, no Ramsch) pays 0 to everybody under every scheme.

>>> from skat.core import Contract, Result
>>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=48, score=-96, points=50)
>>> rewards(lost, "list"), rewards(lost, "seeger"), rewards(lost, "points")
((-96.0, 0.0, 0.0), (-146.0, 40.0, 40.0), (50.0, 70.0, 70.0))
>>> rewards(lost, "money")
Traceback (most recent call last):
...
ValueError: unknown reward 'money' (known: list, seeger, points)
"""

from __future__ import annotations

from typing import Final

from skat.core.scoring import Result
from skat.core.sheets import entries

__all__ = ["REWARDS", "check_reward", "rewards"]

REWARDS: Final = ("list", "seeger", "points")
"""The reward schemes."""


def check_reward(reward: str) -> str:
    """``reward`` if it is a known scheme, else one clear ``ValueError``."""
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r} (known: {', '.join(REWARDS)})")
    return reward


def rewards(result: Result, reward: str = "list") -> tuple[float, float, float]:
    """The reward of each seat (Forehand, Middlehand, Rearhand) for a finished game."""
    check_reward(reward)
    if reward == "points":
        if result.ramsch is not None:
            a, b, c = result.seat_points
            return (float(-a), float(-b), float(-c))
        if result.declarer is None:
            return (0.0, 0.0, 0.0)
        out = [float(120 - result.points)] * 3
        out[result.declarer] = float(result.points)
        return (out[0], out[1], out[2])
    sheet = "plain" if reward == "list" else "seeger"
    e = entries(result, (0, 1, 2), 3, sheet, bonus=result.rules.seeger_bonus)
    return (float(e[0]), float(e[1]), float(e[2]))
