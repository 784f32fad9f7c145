"""One warning line when the double-dummy solver will run without numba (as plain Python).

``skat solve``, ``skat analyse``, the PIMC players (``--level pimc-*``, ``skat arena``) and the
web table's game analysis all run the solver; compiled with numba it is some twenty times
faster (a full deal: seconds instead of minutes).  numba is optional (the ``ai`` extra, also
in ``web``, ``research`` and ``all``), so these commands say once, on stderr, what to install.
Setting ``SKAT_NO_NUMBA`` turns numba off on purpose: then nothing is said.

>>> import io
>>> err = io.StringIO()
>>> warn_if_slow("skat solve", "ai", missing=True, stream=err)
>>> print(err.getvalue(), end="")
skat solve: numba is not installed, ... (about 20 times slower): pip install 'skat[ai]'
>>> warn_if_slow("skat solve", "ai", missing=False, stream=err)  # nothing more
>>> err.getvalue().count("\\n")
1
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import TextIO


def numba_missing() -> bool:
    """True when the solver will run without numba although nobody asked for that (numba is
    not installed and ``SKAT_NO_NUMBA`` is not set)."""
    if os.environ.get("SKAT_NO_NUMBA", "").strip().lower() in ("1", "true", "yes", "on"):
        return False
    return importlib.util.find_spec("numba") is None


def warn_if_slow(
    who: str, extra: str, *, missing: bool | None = None, stream: TextIO | None = None
) -> None:
    """Print the one warning line for ``who`` (``skat solve``) naming the ``extra`` to install
    when numba is missing (``missing``: the answer of :func:`numba_missing` by default)."""
    if missing is None:
        missing = numba_missing()
    if missing:
        print(
            f"{who}: numba is not installed, so the double-dummy solver runs as plain Python "
            f"(about 20 times slower): pip install 'skat[{extra}]'",
            file=stream if stream is not None else sys.stderr,
        )
