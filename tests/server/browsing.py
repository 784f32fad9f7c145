"""The browser tests' Chromium and live server, one of each for the whole run (conftest.py
imports them): Debian's ``chromium`` driven by Playwright for Python, and ``skat serve``."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import free_port, server

CHROMIUM = os.environ.get("SKAT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, for one test module at a time: Playwright's sync API runs an event loop in
    this thread while it is open, so the other modules' ``asyncio.run`` must not meet it."""
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(str(tmp_path_factory.mktemp("browser") / "data"), port, delay=0.05):
        yield f"http://127.0.0.1:{port}"


def wait_until(page: Any, expression: str, seconds: float = 60.0) -> None:
    """Wait until the JavaScript ``expression`` is true in ``page``, polled from here.

    Playwright's ``wait_for_function`` polls by evaluating the text inside the page, which the
    server's content security policy (no ``'unsafe-eval'``) refuses; ``page.evaluate`` goes
    through the DevTools protocol, which the policy does not govern."""
    for _ in range(int(seconds / 0.05)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{expression} did not come true in {seconds} s")
