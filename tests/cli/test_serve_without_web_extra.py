"""``skat serve`` without the web extra: one clear line, no traceback."""

from __future__ import annotations

import sys

import pytest

from skat.cli.main import main


@pytest.mark.parametrize("missing", ["uvicorn", "starlette"])
def test_serve_without_the_web_extra_is_one_clear_line(
    missing: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a None entry in sys.modules makes `import name` raise ImportError, as if not installed
    for name in [m for m in sys.modules if m == missing or m.startswith(missing + ".")]:
        monkeypatch.delitem(sys.modules, name)
    for name in [m for m in sys.modules if m.startswith("skat.server")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "skat serve needs the web extra: pip install 'skat[web]'" in err
    assert err.count("\n") == 1 and "Traceback" not in err
