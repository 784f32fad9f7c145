"""The install lines of the README and the docs work as written (issue 31): `skat` is not on
PyPI, so each installs from a clone (``pip install -e .``, ``pip install -e '.[EXTRA]'``) with
an extra pyproject.toml defines, and the README's first command is the player's light install,
not the contributor's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTRAS = set(
    tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
)
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
INSTALL = re.compile(r"pip install ([^`\n]*)")
# what a line may install besides the clone: other projects' packages, named as such
OTHERS = ("torch==", "open_spiel", "--dry-run", "playwright", "ray")


def _lines() -> list[tuple[str, str]]:
    return [
        (page.relative_to(ROOT).as_posix(), match.group(1).strip())
        for page in PAGES
        if "decisions" not in page.parts  # decision records quote the messages of their time
        for match in INSTALL.finditer(page.read_text(encoding="utf-8"))
    ]


def test_every_install_line_installs_from_a_clone() -> None:
    wrong = []
    for page, line in _lines():
        if line.startswith(OTHERS):
            continue
        clone = re.fullmatch(r"(-q )?-e (\.|'\.\[([a-z,]+)\]')(\s.*)?", line)
        extras = set(clone.group(3).split(",")) if clone and clone.group(3) else set()
        if clone is None or not extras <= EXTRAS:
            wrong.append(f"{page}: pip install {line}")
    assert wrong == []


def test_the_readmes_first_command_is_the_players_light_install() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)```", text, re.S)
    assert first is not None
    block = first.group(1)
    assert "pip install -e .\n" in block or "pip install -e . " in block
    assert "[dev]" not in block and "skat play" in block
    tests = text.index("## Run the tests")
    assert text.index("pip install -e '.[dev]'\n") > tests


def test_the_install_table_gives_size_and_time_of_every_line() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("## Install: who needs what") : text.index("## Run the tests")]
    rows = [r for r in table.splitlines() if r.startswith("| ") and "pip install" in r]
    assert len(rows) >= len(EXTRAS) - 2  # every extra but env (in research) and dev's parts
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert re.fullmatch(r"[\d,.]+ (MB|GB)", cells[2]), row
        assert re.fullmatch(r"[\d.]+ (s|min)", cells[3]), row
