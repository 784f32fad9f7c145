"""The suite does not depend on the machine's speed (issue 31): Hypothesis runs without a
deadline (the ``skat`` profile of the root ``conftest.py``) and no test sets one again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_hypothesis_profile_has_no_deadline() -> None:
    hypothesis = pytest.importorskip("hypothesis")
    assert hypothesis.settings.default.deadline is None
    assert hypothesis.HealthCheck.too_slow in hypothesis.settings.default.suppress_health_check


def _deadlines(tree: ast.AST) -> list[int]:
    """The lines of ``settings(..., deadline=X)`` calls with X other than None."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in ("settings", "register_profile"):
            continue
        for keyword in node.keywords:
            value = keyword.value
            if keyword.arg == "deadline" and not (
                isinstance(value, ast.Constant) and value.value is None
            ):
                lines.append(node.lineno)
    return lines


def test_no_test_gives_hypothesis_a_deadline() -> None:
    found = [
        f"{path.relative_to(ROOT).as_posix()}:{line}"
        for path in sorted([*(ROOT / "tests").rglob("*.py"), ROOT / "conftest.py"])
        for line in _deadlines(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_the_check_finds_a_deadline() -> None:
    tree = ast.parse("@settings(max_examples=5, deadline=200)\ndef test(): ...\n")
    assert _deadlines(tree) == [1]
    assert _deadlines(ast.parse("@hypothesis.settings(deadline=None)\ndef t(): ...")) == []
