"""The rules table in docs/rules.md names every option with its default and every preset."""

from __future__ import annotations

from pathlib import Path

from skat.core.rules import OPTIONS, PRESETS, _show

DOC = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")


def test_rules_table_lists_every_option_with_its_default() -> None:
    for opt in OPTIONS:
        assert f"| `{opt.name}` | `{_show(opt.default)}` |" in DOC, opt.name


def test_rules_table_lists_every_preset() -> None:
    for name in PRESETS:
        assert f"| `{name}` |" in DOC, name
