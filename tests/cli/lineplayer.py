"""A scripted player for the plain line mode of `skat play`: it reads lines up to a question
(a line ending in " >") and answers it with a simple policy.  The tests use it through a
pipe (subprocess) and through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

CARD = re.compile(r"[♣♠♥♦](?:10|[JQKA987BD])|(?:Ei|Gr|Rt|Sc)-(?:10|[UOKA987])")


@dataclass
class Policy:
    """Answers: bid up to ``max_bid`` (holding as well), pick up, put away the last two cards,
    declare the first game of the menu (confirming it), play the first legal card, say no
    to every Kontra, review the first game, then Enter."""

    max_bid: int = 0
    reviews: int = 1
    extra: dict[str, list[str]] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)

    def answer(self, lines: list[str], prompt: str) -> str:
        for key, queue in self.extra.items():  # scripted answers first
            if key in prompt and queue:
                return queue.pop(0)
        if prompt.startswith("bid "):
            low = int(prompt.split()[1])
            return str(low) if low <= self.max_bid else "p"
        if "hold (y) or pass" in prompt:
            bid = int(prompt.split(" says ")[1].split(":")[0])
            return "y" if bid <= self.max_bid else "p"
        if prompt.startswith("both passed"):
            return "18" if self.max_bid else "p"
        if prompt.startswith("pick up the skat"):
            return "s"
        if prompt.startswith("put two cards away"):
            return "9 10"
        if prompt.startswith("choose the game: "):
            return prompt.split(": ")[1].split()[0]
        if ": Enter = " in prompt:
            return ""
        if prompt.startswith("sure? (y/n)"):
            return "y"
        if prompt.startswith("play a card"):
            legal = [line for line in lines if line.startswith("legal: ")][-1]
            return CARD.findall(legal)[0]
        if prompt.startswith(("answer", "take the skat")):
            return "p"
        if prompt.startswith("Enter: next game"):
            if self.reviews > 0:
                self.reviews -= 1
                return "r"
            return ""
        if prompt.startswith("-- more --"):
            return ""
        raise AssertionError(f"unexpected question: {prompt!r}")


def converse(
    read_line: Callable[[], str | None],
    write: Callable[[str], None],
    policy: Policy,
    limit: int = 2000,
) -> list[str]:
    """Run the conversation until the output ends; every line seen is returned."""
    seen: list[str] = []
    for _ in range(limit * 20):
        line = read_line()
        if line is None:
            return seen
        seen.append(line)
        if line.endswith(" >"):
            answer = policy.answer(seen, line[:-2])
            policy.log.append(f"{line} {answer}")
            write(answer)
    raise AssertionError("the game did not end")
