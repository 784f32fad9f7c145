"""The rules table in docs/rules.md is generated from the options and kept current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from skat.core.rules import OPTIONS, PRESETS, _show

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_rules_table_is_generated_from_the_current_options() -> None:
    spec = importlib.util.spec_from_file_location("rules_table", ROOT / "scripts/rules_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.table() == DOC, "run: python scripts/rules_table.py"


def test_rules_table_lists_every_option_with_its_default() -> None:
    for opt in OPTIONS:
        assert f"| `{opt.name}` | `{_show(opt.default)}` |" in DOC, opt.name


def test_rules_table_lists_every_preset() -> None:
    for name in PRESETS:
        assert f"| `{name}` |" in DOC, name
