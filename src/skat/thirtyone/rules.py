"""The rules of a Scat match: a frozen set of options with two presets.

``scat`` is the game of the source page (pagat.com and Wikipedia, *Scat*): 52 cards, three
pennies and a life "on the county", no variants.  ``schwimmen`` is the German game: the
32-card pack, three of a kind 30½, three aces ("Feuer") shown at once like 31, and its own
turn (``turn=swap``): three cards open in the middle, swap one or all three, pass or knock;
the lowest hand loses one life, the knocker included.  The string form is a preset followed
by the options that differ from it, and it round-trips:

>>> r = Rules.parse("scat,min_knock=21,three_of_a_kind=30.5")
>>> r.min_knock, r.three_of_a_kind, str(r)
(21, '30.5', 'scat,three_of_a_kind=30.5,min_knock=21')
>>> Rules.parse(str(r)) == r, str(Rules.parse("schwimmen"))
(True, 'schwimmen')
>>> Rules.parse("scat,pack=40")
Traceback (most recent call last):
...
skat.thirtyone.rules.RulesError: rules option pack takes 52 or 32, not '40'
>>> Rules.parse("scat,swap_two=on")
Traceback (most recent call last):
...
skat.thirtyone.rules.RulesError: swap_two=on is a rule of the Schwimmen turn: add turn=swap
>>> Rules.parse("scat,knock=on")
Traceback (most recent call last):
...
skat.thirtyone.rules.RulesError: unknown rules option 'knock' (known: pack, lives, county, ...)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final, NamedTuple


class RulesError(ValueError):
    """Unknown preset or option, or a bad value."""


class Option(NamedTuple):
    """One option: its default, the values it takes (None: on/off; a range: (lo, hi) ints)."""

    name: str
    default: bool | int | str
    choices: tuple[str, ...] | None
    bounds: tuple[int, int] | None
    doc: str


OPTIONS: Final[tuple[Option, ...]] = (
    Option("pack", 52, None, None, "52 cards, or 32 (7 to ace, the Skat pack of Schwimmen)."),
    Option("lives", 3, None, (1, 9), "pennies each player starts with (3 in Scat)."),
    Option(
        "county",
        True,
        None,
        None,
        'on: a player without pennies is "on the county" and is out only when losing again. '
        "off: out with the last penny.",
    ),
    Option(
        "three_of_a_kind",
        "off",
        ("off", "30", "30.5"),
        None,
        "three cards of one rank count 30 (a tie with three ten-point cards of a suit) or 30½.",
    ),
    Option(
        "straight_flush",
        False,
        None,
        None,
        "three cards of one suit in sequence count 30 (A-K-Q counts its 31).",
    ),
    Option("min_knock", 0, None, (0, 31), "the least hand value one may knock with (17, 19, 21)."),
    Option(
        "throw_down",
        False,
        None,
        None,
        "before anyone has drawn in a round, the player to move may throw down instead of "
        "drawing: all hands are shown at once, without last turns, scored as if he knocked.",
    ),
    Option(
        "feuer",
        False,
        None,
        None,
        "three aces (Feuer) count 33 and are shown at once like 31 (Schwimmen).",
    ),
    Option(
        "turn",
        "draw",
        ("draw", "swap"),
        None,
        "draw: draw from the stock or the pile and discard (Scat). swap: Schwimmen's turn, "
        "three cards open in the middle; swap one (or all three) with them, pass, or knock.",
    ),
    Option(
        "swap_two",
        False,
        None,
        None,
        "with turn=swap, two cards may be swapped at once too (not only one or all three).",
    ),
    Option(
        "knocker_safe",
        True,
        None,
        None,
        "on: a knocker tied for the lowest hand is safe, the others in the tie lose (Scat). "
        "off: everyone with the lowest hand loses, the knocker too (Schwimmen).",
    ),
    Option(
        "take_back",
        True,
        None,
        None,
        "with two players left, after the opponent knocks you may take back your own discard.",
    ),
    Option(
        "knocker_pays",
        2,
        None,
        (1, 2),
        "pennies a knocker pays when his hand alone is the lowest (2 in Scat).",
    ),
    Option(
        "stock_out",
        "shuffle",
        ("shuffle", "draw"),
        None,
        "when the stock is empty: the discard pile but its top card is shuffled into a new "
        "stock, or the round ends in a draw (nobody loses).",
    ),
)

_BY_NAME: Final = {o.name: o for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a match; ``Rules()`` is plain Scat."""

    pack: int = 52
    lives: int = 3
    county: bool = True
    three_of_a_kind: str = "off"
    straight_flush: bool = False
    min_knock: int = 0
    throw_down: bool = False
    feuer: bool = False
    turn: str = "draw"
    swap_two: bool = False
    knocker_safe: bool = True
    take_back: bool = True
    knocker_pays: int = 2
    stock_out: str = "shuffle"

    def __post_init__(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))
        if self.turn == "swap" and self.throw_down:
            raise RulesError("throw_down=on is a rule of the draw turn: it needs turn=draw")
        if self.turn == "draw" and self.swap_two:
            raise RulesError("swap_two=on is a rule of the Schwimmen turn: add turn=swap")

    @property
    def max_players(self) -> int:
        """Players the pack serves: 9 for both packs (27 cards dealt, an up-card, a stock)."""
        return 9

    @classmethod
    def parse(cls, text: str) -> Rules:
        """A preset name, then ``option=value`` pairs separated by commas."""
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if not parts:
            raise RulesError("empty rules: name a preset (scat, schwimmen)")
        head = parts[0].lower()
        if head in PRESETS:
            base, rest = PRESETS[head], parts[1:]
        elif "=" in head:
            base, rest = SCAT, parts
        else:
            raise RulesError(f"unknown rules preset {parts[0]!r} (known: {', '.join(PRESETS)})")
        changes: dict[str, object] = {}
        for part in rest:
            name, sep, value = part.partition("=")
            name = name.strip().lower()
            if name not in _BY_NAME:
                raise RulesError(
                    f"unknown rules option {name!r} (known: {', '.join(o.name for o in OPTIONS)})"
                )
            if not sep:
                raise RulesError(f"rules option {name} needs a value: {name}=...")
            changes[name] = _read(_BY_NAME[name], value.strip())
        return replace(base, **changes)  # type: ignore[arg-type]

    def __str__(self) -> str:
        preset = min(PRESETS, key=lambda p: (len(self._diff(PRESETS[p])), p != "scat"))
        diff = self._diff(PRESETS[preset])
        return ",".join([preset, *(f"{n}={_write(v)}" for n, v in diff)])

    def _diff(self, base: Rules) -> list[tuple[str, object]]:
        return [
            (o.name, getattr(self, o.name))
            for o in OPTIONS
            if getattr(self, o.name) != getattr(base, o.name)
        ]


def _read(option: Option, value: str) -> bool | int | str:
    low = value.lower()
    if isinstance(option.default, bool):
        if low in ("on", "yes", "true", "1"):
            return True
        if low in ("off", "no", "false", "0"):
            return False
        raise RulesError(f"rules option {option.name} takes on or off, not {value!r}")
    if option.name == "pack":
        if low not in ("52", "32"):
            raise RulesError(f"rules option pack takes 52 or 32, not {value!r}")
        return int(low)
    if isinstance(option.default, int):
        lo, hi = option.bounds or (0, 0)
        if not low.isdigit() or not lo <= int(low) <= hi:
            raise RulesError(f"rules option {option.name} takes a number {lo}..{hi}, not {value!r}")
        return int(low)
    low = low.replace("½", ".5").replace(",", ".")
    if option.choices and low in option.choices:
        return low
    raise RulesError(
        f"rules option {option.name} takes {' or '.join(option.choices or ())}, not {value!r}"
    )


def _check(name: str, value: object) -> None:
    option = _BY_NAME[name]
    if isinstance(option.default, bool):
        ok = isinstance(value, bool)
    elif name == "pack":
        ok = value in (52, 32)
    elif isinstance(option.default, int):
        lo, hi = option.bounds or (0, 0)
        ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
    else:
        ok = value in (option.choices or ())
    if not ok:
        raise RulesError(f"rules option {name} cannot be {value!r}")


def _write(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


SCAT: Final = Rules()
SCHWIMMEN: Final = Rules(
    pack=32,
    three_of_a_kind="30.5",
    feuer=True,
    turn="swap",
    knocker_pays=1,
    knocker_safe=False,
)
PRESETS: Final[dict[str, Rules]] = {"scat": SCAT, "schwimmen": SCHWIMMEN}


def describe() -> str:
    """Every option with its default and meaning, one per line (for ``--rules help``)."""
    lines = []
    for o in OPTIONS:
        takes = (
            "on|off"
            if isinstance(o.default, bool)
            else "52|32"
            if o.name == "pack"
            else "|".join(o.choices)
            if o.choices
            else f"{o.bounds[0]}..{o.bounds[1]}"
            if o.bounds
            else ""
        )
        lines.append(f"{o.name}={takes} (default {_write(o.default)}): {o.doc}")
    return "\n".join(lines)
