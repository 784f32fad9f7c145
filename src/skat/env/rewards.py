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

``list_zero_sum``, ``seeger_zero_sum``, ``points_zero_sum``
    The scheme before the suffix, minus the mean of the three seats' rewards: the three add up
    to 0 (a won list game of value 48 pays the declarer + 32 and each defender − 16); the
    differences between the seats, and so what a seat gains by playing better, are those of
    the plain scheme.  For self-play and for algorithms that want a zero-sum game.

A game passed in (all pass, no Ramsch) pays 0 to everybody under every scheme.

Scale: rewards come only at the end of a game and are large.  Under ``isko`` the list score
of one game lies between − 540 and + 270 (:func:`reward_bounds`: a lost game pays twice its
value, and no game is worth more than 270, the top bid overbid); most games pay less than
± 150.  Divide by
:func:`reward_scale` (the largest magnitude, 540 for ``isko`` ``list``) for a reward in
[−1, 1], or by a running standard deviation of the returns, before a policy-gradient update.

>>> from skat.core import Contract, Result
>>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=48, score=-96, points=50)
>>> rewards(lost, "list"), rewards(lost, "seeger"), rewards(lost, "points")
((-96.0, 0.0, 0.0), (-146.0, 40.0, 40.0), (50.0, 70.0, 70.0))
>>> rewards(lost, "list_zero_sum"), [round(r, 2) for r in rewards(lost, "points_zero_sum")]
((-64.0, 32.0, 32.0), [-13.33, 6.67, 6.67])
>>> rewards(lost, "money")
Traceback (most recent call last):
...
ValueError: unknown reward 'money' (known: list, seeger, points, list_zero_sum, seeger_zero_sum, points_zero_sum)
"""

from __future__ import annotations

from typing import Final

from skat.core.bidding import ladder
from skat.core.contracts import GRAND, Contract
from skat.core.rules import Rules
from skat.core.scoring import Result, max_value, overbid_value
from skat.core.sheets import SEEGER_DEFENCE_BONUS, SEEGER_GAME_BONUS, entries

__all__ = ["REWARDS", "check_reward", "reward_bounds", "reward_scale", "rewards"]

_PLAIN: Final = ("list", "seeger", "points")
_ZERO_SUM: Final = "_zero_sum"
REWARDS: Final = (*_PLAIN, *(name + _ZERO_SUM for name in _PLAIN))
"""The reward schemes."""


def check_reward(reward: str) -> str:
    """``reward`` if it is a known scheme, else one clear ``ValueError``."""
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r} (known: {', '.join(REWARDS)})")
    return reward


def rewards(result: Result, reward: str = "list") -> tuple[float, float, float]:
    """The reward of each seat (Forehand, Middlehand, Rearhand) for a finished game."""
    check_reward(reward)
    if reward.endswith(_ZERO_SUM):
        a, b, c = rewards(result, reward.removesuffix(_ZERO_SUM))
        mean = (a + b + c) / 3
        return (a - mean, b - mean, c - mean)
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


def reward_bounds(rules: Rules, reward: str = "list") -> tuple[float, float]:
    """Bounds (lowest, highest) on what a seat can be paid under ``rules``; not tight.

    ``points`` pays within ± 120.  ``list`` and ``seeger`` take the highest value of any contract
    (:func:`skat.core.scoring.max_value` with every matador, or what the highest bid overbid
    costs, :func:`~skat.core.scoring.overbid_value`), doubled once more when Spitze may add
    its levels, times every Kontra level the rules allow; a lost game pays twice that; a Ramsch at
    most 120 times every push and Jungfrau doubling.

    >>> reward_bounds(Rules.parse("isko"), "list"), reward_bounds(Rules.parse("isko"), "points")
    ((-540.0, 270.0), (-120.0, 120.0))
    >>> reward_bounds(Rules.parse("isko,kontra=on"), "seeger")
    (-2210.0, 1130.0)
    >>> reward_bounds(Rules.parse("isko"), "list_zero_sum")
    (-540.0, 540.0)
    """
    check_reward(reward)
    if reward.endswith(_ZERO_SUM):  # (2 r_i - r_j - r_k) / 3 of the plain scheme
        low, high = reward_bounds(rules, reward.removesuffix(_ZERO_SUM))
        return (2 * (low - high) / 3, 2 * (high - low) / 3)
    ramsch = 0.0
    if rules.ramsch != "off":
        ramsch = 120.0 * 8 * 4  # three pushes, two Jungfrau doublings: a loose bound
    if reward == "points":
        return (-120.0, 120.0)
    top = max(
        max(
            max_value(c, 4 if c.game_type == GRAND else 11, rules),
            overbid_value(c, ladder(rules.grand_ouvert_base)[-1], rules),
        )
        for c in Contract.all()
    )
    if rules.spitze:
        top *= 2
    if rules.kontra:
        top *= 16 if rules.supra else 4
    bonus = SEEGER_GAME_BONUS if reward == "seeger" else 0
    defence = max(SEEGER_DEFENCE_BONUS.values()) if reward == "seeger" else 0
    low = -2.0 * top - bonus
    high = max(float(top + bonus), float(defence))
    return (min(low, -ramsch), max(high, ramsch))


def reward_scale(rules: Rules, reward: str = "list") -> float:
    """The largest magnitude of a reward under ``rules``: divide by it for rewards in [−1, 1].

    >>> reward_scale(Rules.parse("isko")), reward_scale(Rules.parse("pub"), "points")
    (540.0, 120.0)
    """
    low, high = reward_bounds(rules, reward)
    return max(-low, high)
