"""nox sessions: ``nox -s tests`` (the newest versions, as a fresh ``pip install -e '.[dev]'``)
and ``nox -s minimum`` (every dependency at the lower bound pyproject.toml gives it, so the
bounds stay true: ``starlette>=0.37`` is tested as ``starlette==0.37.*``).

``python noxfile.py`` prints the lower bounds ``minimum`` installs without running anything.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent
REQUIREMENT = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)(?P<extras>\[[^\]]*\])?\s*(?P<spec>.*)$")


def lower_bounds(extra: str = "dev") -> list[str]:
    """Every requirement of ``extra`` (following ``skat[...]`` self-references) with its lower
    bound ``>=X`` turned into ``==X.*``; exact pins stay as they are."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    out: list[str] = []
    seen: set[str] = set()

    def add(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        for requirement in extras[name]:
            match = REQUIREMENT.match(requirement.strip())
            if match is None:
                raise ValueError(f"cannot read the requirement {requirement!r}")
            if match["name"] == "skat":
                for inner in (match["extras"] or "[]")[1:-1].split(","):
                    add(inner.strip())
                continue
            spec = match["spec"].strip()
            if spec.startswith(">="):
                spec = f"=={spec[2:].split(',')[0].strip()}.*"
            pinned = f"{match['name']}{match['extras'] or ''}{spec}"
            if pinned not in out:
                out.append(pinned)

    add(extra)
    return out


try:
    import nox
except ImportError:  # `python noxfile.py` without nox: only the listing below
    nox = None

if nox is not None:
    nox.options.sessions = ["tests"]

    @nox.session
    def tests(session: nox.Session) -> None:
        """The suite with the newest versions pyproject.toml allows."""
        session.install("-e", ".[dev]")
        session.run("python", "-m", "pytest", "-p", "no:cacheprovider", *session.posargs)

    @nox.session
    def minimum(session: nox.Session) -> None:
        """The suite with every dependency at its lower bound."""
        session.install(*lower_bounds("dev"))
        session.install("--no-deps", "-e", ".")
        session.run("python", "-m", "pip", "freeze")
        session.run("python", "-m", "pytest", "-p", "no:cacheprovider", *session.posargs)


if __name__ == "__main__":
    print("\n".join(lower_bounds(sys.argv[1] if len(sys.argv) > 1 else "dev")))
