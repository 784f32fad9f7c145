"""The rules a game is played under: a frozen set of options with named presets.

The string form is a preset name followed by the options that differ from it, and it
round-trips:

>>> r = Rules.parse("isko")
>>> r == ISKO, str(r)
(True, 'isko')
>>> r = Rules.parse("isko,lost_hand_single=on")
>>> r.lost_hand_single, str(r), Rules.parse(str(r)) == r
(True, 'isko,lost_hand_single=on', True)
>>> str(Rules.parse("old"))
'old'
>>> Rules.parse("isko,kontra=maybe")
Traceback (most recent call last):
...
skat.core.rules.RulesError: unknown rules option 'kontra' (known: claim, grand_ouvert_base, lost_hand_single, resign)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final


class RulesError(ValueError):
    """Unknown preset or option, a bad value, or options that contradict each other."""


@dataclass(frozen=True)
class Rules:
    """Options of the game; the defaults are the official ISkO rules.

    - ``claim``: ``isko`` — a declarer who shows his cards claims all remaining tricks; if the
      defenders still win a trick, every remaining trick goes to them (ISkO 4.4).  ``iss`` —
      showing the cards changes nothing by itself (International Skat Server).
    - ``resign``: ``both`` — the defenders' resignation counts once both have resigned;
      ``one`` — one defender's resignation after the declarer showed his cards ends the game
      (the second ISS server).
    - ``lost_hand_single``: lost Hand games count single, not double (pre-1998 rules).
    - ``grand_ouvert_base``: base value of Grand Ouvert (24; 36 under pre-1998 rules).
    """

    claim: str = "isko"
    resign: str = "both"
    lost_hand_single: bool = False
    grand_ouvert_base: int = 24

    def __post_init__(self) -> None:
        if self.claim not in ("isko", "iss"):
            raise RulesError(f"claim must be isko or iss, not {self.claim!r}")
        if self.resign not in ("both", "one"):
            raise RulesError(f"resign must be both or one, not {self.resign!r}")
        if self.grand_ouvert_base not in (24, 36):
            raise RulesError(f"grand_ouvert_base must be 24 or 36, not {self.grand_ouvert_base!r}")

    @staticmethod
    def parse(text: str) -> Rules:
        """Read ``preset[,option=value...]``; values ``on/off``, ``yes/no``, numbers or words."""
        if not isinstance(text, str) or not text.strip():
            raise RulesError("empty rules string")
        parts = [p.strip() for p in text.split(",")]
        name = parts[0].lower()
        if name not in PRESETS:
            raise RulesError(f"unknown rules preset {parts[0]!r} (known: {', '.join(PRESETS)})")
        rules = PRESETS[name]
        known = {f.name: f for f in fields(Rules)}
        changes: dict[str, object] = {}
        for part in parts[1:]:
            key, sep, raw = part.partition("=")
            key = key.strip().lower()
            if not sep:
                raise RulesError(f"rules option without a value: {part!r} (write {key}=...)")
            if key not in known:
                raise RulesError(
                    f"unknown rules option {key!r} (known: {', '.join(sorted(known))})"
                )
            if key in changes:
                raise RulesError(f"rules option {key!r} given twice")
            default = getattr(Rules(), key)
            changes[key] = _value(key, raw.strip().lower(), default)
        try:
            return replace(rules, **changes)  # type: ignore[arg-type]
        except RulesError:
            raise
        except (TypeError, ValueError) as exc:  # pragma: no cover - defensive
            raise RulesError(str(exc)) from None

    @property
    def preset(self) -> str:
        """Name of the nearest preset (the one with fewest differing options)."""
        return min(PRESETS, key=lambda n: (len(_diff(PRESETS[n], self)), list(PRESETS).index(n)))

    def __str__(self) -> str:
        name = self.preset
        diff = _diff(PRESETS[name], self)
        return ",".join([name] + [f"{k}={_show(v)}" for k, v in diff])


def _value(key: str, raw: str, default: object) -> object:
    if isinstance(default, bool):
        if raw in ("on", "yes", "true", "1"):
            return True
        if raw in ("off", "no", "false", "0"):
            return False
        raise RulesError(f"rules option {key} takes on or off, not {raw!r}")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise RulesError(f"rules option {key} takes a number, not {raw!r}") from None
    return raw


def _show(v: object) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    return str(v)


def _diff(base: Rules, other: Rules) -> list[tuple[str, object]]:
    return [
        (f.name, getattr(other, f.name))
        for f in fields(Rules)
        if getattr(base, f.name) != getattr(other, f.name)
    ]


ISKO: Final = Rules()
"""The International Skat Order (ISkO), valid since 1 January 1998."""

ISS: Final = Rules(claim="iss")
"""As played on the International Skat Server: showing cards is not a binding claim."""

ISS2: Final = Rules(claim="iss", resign="one")
"""The second ISS server: one defender's resignation after a claim ends the game."""

OLD: Final = Rules(lost_hand_single=True, grand_ouvert_base=36)
"""The Skatordnung before 1998 (seed 001): lost Hand games single, Grand Ouvert base 36."""

PRESETS: Final[dict[str, Rules]] = {"isko": ISKO, "iss": ISS, "iss2": ISS2, "old": OLD}
