"""Every citation in the repository points to something a reader can open: an ISkO section, a
published source (docs/sources.md) or a file of the repository.  The project was started from a
rules digest, a design note and scraped source pages kept outside the repository; citing those
again (by file name or by the pages' numbers) fails here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {".git", ".venv", "venv", "node_modules", "build", "dist", "site", "__pycache__"}
SUFFIXES = {".py", ".md", ".toml", ".yml", ".yaml", ".txt", ".cfg", ".ini", ".html", ".js", ".css"}

# Built from parts so that this file does not cite them itself.
_MD = r"\.md\b"
MISSING = [
    re.compile(r"\b(?:RULES|DESIGN|ISS-PROTOCOL)" + _MD),
    re.compile(r"\.\./" + r"shared\b"),
    re.compile(r"\b" + r"shared/(?:seeds|fixtures|hooks)\b"),
    re.compile(r"(?i)\bseeds?[ /]+0\d\d\b"),
    re.compile(r"(?i)\bseed" + r" pages?\b"),
]


def _skipped(folder: str, name: str) -> bool:
    """Folders that are not the project's: VCS, caches, builds, and any virtual environment
    (``.ci/run`` makes ``.ci-venv`` inside the checkout)."""
    if name in SKIP_DIRS or name.endswith(("venv", ".egg-info", "_cache")):
        return True
    return Path(folder, name, "pyvenv.cfg").exists()


def _files() -> list[Path]:
    found = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not _skipped(folder, d)]
        found += [Path(folder, n) for n in names if Path(n).suffix in SUFFIXES]
    return found


def citations_of_missing_files(text: str) -> list[str]:
    """The citations of files that are not in the repository, one per offending line."""
    if not any(p.search(text) for p in MISSING):
        return []
    return [line.strip() for line in text.splitlines() if any(p.search(line) for p in MISSING)]


def test_the_patterns_find_each_kind_of_missing_citation() -> None:
    cited = [
        "RULES" + ".md 6",
        "see DESIGN" + ".md",
        "../" + "shared" + "/seeds",
        "(seed" + " 002)",
    ]
    cited += ["Seeds" + " 000/001", "the seed" + " pages 000 and 002"]
    assert [len(citations_of_missing_files(line)) for line in cited] == [1] * len(cited)
    fine = ["ISkO 5.4", "pagat.com, Skat", "docs/rules.md", "seed 7", "--seed 1", "seed=42"]
    assert citations_of_missing_files("\n".join(fine)) == []


def test_no_file_cites_a_file_outside_the_repository() -> None:
    offending = []
    for path in _files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for line in citations_of_missing_files(text):
            offending.append(f"{path.relative_to(ROOT)}: {line[:100]}")
    assert not offending, "cite the ISkO section or the source (docs/sources.md):\n" + "\n".join(
        offending
    )
