"""axe-core in the browser tests: the serious and critical accessibility violations of a page.
axe-core's ``axe.min.js`` comes inside the PyPI package ``axe-playwright-python`` (a ``dev``
dependency); it is injected into the page and run there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

SERIOUS = ("serious", "critical")


def axe_script() -> Path:
    try:
        import axe_playwright_python
    except ImportError:
        pytest.skip("axe-playwright-python is not installed (it ships axe-core's axe.min.js)")
    return Path(axe_playwright_python.__file__).parent / "axe.min.js"


def violations(page: Any) -> list[str]:
    """The serious and critical axe-core violations on the page now, one line each."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        # evaluated through the DevTools protocol: the page's content security policy (scripts
        # from the server only) does not apply, as it would to an injected <script> tag
        page.evaluate(axe_script().read_text(encoding="utf-8") + "\n;undefined")
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
                          ".map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,"
                          " where: v.nodes[0].target.join(' ')})))")  # fmt: skip
    return [f"{v['id']} ({v['impact']}, {v['n']}×, {v['where']})" for v in found
            if v["impact"] in SERIOUS]  # fmt: skip
