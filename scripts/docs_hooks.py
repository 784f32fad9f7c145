"""MkDocs hooks of the documentation site (``hooks:`` in mkdocs.yml).

The CLI reference (``cli.md``) is generated from the argument parsers of ``skat.cli`` while the
site is built, so it always matches ``skat COMMAND --help``.  The rules page
(``docs/rules.md``) is generated from the core's option table by ``scripts/rules_table.py``
and kept current by a test.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parent
SRC = SCRIPTS.parent / "src"
if str(SRC) not in sys.path:  # document this tree's parsers, not an installed copy
    sys.path.insert(0, str(SRC))


def _cli_reference() -> str:
    spec = importlib.util.spec_from_file_location("cli_reference", SCRIPTS / "cli_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("cli_reference", module)
    spec.loader.exec_module(module)
    text: str = module.markdown()
    return text


def on_files(files: Any, config: Any, **_: Any) -> Any:
    """Add the generated ``cli.md`` to the site's files."""
    from mkdocs.structure.files import File

    files.append(File.generated(config, "cli.md", content=_cli_reference()))
    return files
