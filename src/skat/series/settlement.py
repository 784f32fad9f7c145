"""Settlement with a stake: between each pair of players the lower total pays the higher the
difference times the stake (pagat.com, *Skat*; the Skatordnung: 1/10, 1/4, 1/2 or 1 cent a point).

Settle once from the list totals at the end (:func:`settle`), or after every game from that
game's entries (:func:`settle_each`); the sums are the same.  Because a game's entries are 0
for every player outside the declarer's party on a plain list, the per-game settlement has the
declarer paid by (or paying) every other participant, the sitting players included.

Amounts are exact :class:`~fractions.Fraction` values in the stake's unit.  Foster's *Complete
Hoyle* (1909) balances a three-handed list of A − 7, B + 88, C + 19 this way:

>>> s = settle({"A": -7, "B": 88, "C": 19})
>>> [str(p) for p in s.payments]
['A pays B 95', 'A pays C 26', 'C pays B 69']
>>> {k: int(v) for k, v in s.net.items()}
{'A': -121, 'B': 164, 'C': -43}
>>> settle({"A": 10, "B": 0}, stake="1/4").net["A"]
Fraction(5, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from skat.core.language import say

Stake = int | str | Fraction | Decimal
"""A stake per point: ``1``, ``"1/4"``, ``"0.1"``, ``Fraction(1, 2)``, ``Decimal("0.25")``."""


class SettlementError(ValueError):
    """A stake that is not a number >= 0, or totals that are not whole numbers."""


def stake_of(stake: Stake) -> Fraction:
    """The stake as an exact fraction.

    >>> stake_of("1/10"), stake_of("0.25"), stake_of(5)
    (Fraction(1, 10), Fraction(1, 4), Fraction(5, 1))
    """
    try:
        if isinstance(stake, (bool, float)):  # 0.1 as a float is not exact: write "0.1"
            raise TypeError
        value = Fraction(stake)
    except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
        raise SettlementError(f"a stake is a number like 1, 1/4 or 0.1, not {stake!r}") from None
    if value < 0:
        raise SettlementError(f"a stake is >= 0, not {stake!r}")
    return value


def format_amount(amount: Fraction, places: int = 2) -> str:
    """An amount as a decimal when it has at most ``places`` decimals, else as a fraction.

    >>> format_amount(Fraction(5, 2)), format_amount(Fraction(37, 1)), format_amount(Fraction(1, 3))
    ('2.50', '37', '1/3')
    """
    if amount.denominator == 1:
        return str(amount.numerator)
    scaled = amount * 10**places
    if scaled.denominator == 1:
        return f"{Decimal(scaled.numerator).scaleb(-places):f}"
    return str(amount)


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (always > 0)."""

    payer: str
    payee: str
    amount: Fraction

    def __str__(self) -> str:
        return self.describe()

    def describe(self, lang: str = "en") -> str:
        """The payment in ``lang``: ``Ann pays Bob 1.50``, ``Ann betaler Bob 1.50``.

        >>> Payment("Ann", "Bob", Fraction(3, 2)).describe("da")
        'Ann betaler Bob 1.50'
        """
        amount = format_amount(self.amount)
        return say(lang, "sheet.pays", payer=self.payer, payee=self.payee, amount=amount)


@dataclass(frozen=True)
class Settlement:
    """Who pays whom, pair by pair, and each player's net result (the nets sum to 0)."""

    payments: tuple[Payment, ...]
    net: Mapping[str, Fraction] = field(default_factory=dict)

    def __str__(self) -> str:
        lines = [str(p) for p in self.payments]
        lines += [f"{name}: {_signed(v)}" for name, v in self.net.items()]
        return "\n".join(lines)


def _signed(v: Fraction) -> str:
    return ("+" if v > 0 else "") + format_amount(v)


def settle(totals: Mapping[str, int], stake: Stake = 1) -> Settlement:
    """Pairwise settlement of list totals (players in the mapping's order).

    Each player's net is ``stake × (n × total − sum of totals)``.
    """
    per_point = stake_of(stake)
    names = list(totals)
    for name in names:
        t = totals[name]
        if not isinstance(t, int) or isinstance(t, bool):
            raise SettlementError(f"the total of {name!r} is not a whole number: {t!r}")
    payments: list[Payment] = []
    net = dict.fromkeys(names, Fraction(0))
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = totals[a] - totals[b]
            if diff == 0 or per_point == 0:
                continue
            payer, payee = (b, a) if diff > 0 else (a, b)
            amount = abs(diff) * per_point
            payments.append(Payment(payer, payee, amount))
            net[payer] -= amount
            net[payee] += amount
    return Settlement(tuple(payments), net)


def settle_each(rows: Iterable[Mapping[str, int]], stake: Stake = 1) -> list[Settlement]:
    """Settle after every game: one :class:`Settlement` per game from its entries.

    >>> per_game = settle_each([{"A": 24, "B": 0, "C": 0, "D": 0}, {"A": 0, "B": -96, "C": 0, "D": 0}])
    >>> [str(p) for p in per_game[0].payments]
    ['B pays A 24', 'C pays A 24', 'D pays A 24']
    >>> [str(p) for p in per_game[1].payments]
    ['B pays A 96', 'B pays C 96', 'B pays D 96']
    """
    return [settle(row, stake) for row in rows]


def total_net(settlements: Iterable[Settlement]) -> dict[str, Fraction]:
    """Sum the nets of several settlements (e.g. per game) per player."""
    out: dict[str, Fraction] = {}
    for s in settlements:
        for name, v in s.net.items():
            out[name] = out.get(name, Fraction(0)) + v
    return out
