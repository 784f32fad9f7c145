"""The CLI tests expect English unless they ask for German: a German locale on the machine
that runs them (``LANG=de_DE.UTF-8``) must not turn the help and the game German."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_LANG", "en")
