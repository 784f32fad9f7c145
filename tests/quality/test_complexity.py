"""Issue 14's gate: no function above cyclomatic complexity 20 (radon), the solver kernel aside.

The double-dummy solver's kernel (``src/skat/ai/_kernel.py``) is one numba-compiled search
loop; splitting it would cost the calls numba cannot inline.  Every other function is split
until each part is one idea.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import radon.complexity as radon  # the dev extra: a missing radon fails, never skips, the gate

from ._source import name, source_files

LIMIT = 20
EXEMPT = {"src/skat/ai/_kernel.py"}


def _functions(blocks: list[Any]) -> Iterator[Any]:
    """The functions among radon's blocks (it lists methods beside their classes) and their
    closures."""
    for block in blocks:
        if not hasattr(block, "methods"):  # a class's methods are listed on their own
            yield block
            yield from _functions(list(getattr(block, "closures", [])))


def too_complex(code: str) -> list[tuple[str, int, int]]:
    """(name, line, complexity) of every function in ``code`` above :data:`LIMIT`.

    >>> too_complex("def f(x):\\n    return 1 if x else 2\\n")
    []
    >>> body = "".join(f"    if x == {i}:\\n        return {i}\\n" for i in range(21))
    >>> too_complex("def g(x):\\n" + body)
    [('g', 1, 22)]
    """
    out = []
    for f in _functions(radon.cc_visit(code)):
        if f.complexity > LIMIT:
            full = f"{f.classname}.{f.name}" if getattr(f, "classname", None) else f.name
            out.append((full, f.lineno, f.complexity))
    return out


def test_no_function_outside_the_solver_kernel_is_above_complexity_20() -> None:
    found = [
        f"{name(path)}:{line} {function} ({cc})"
        for path in source_files(".py")
        if name(path) not in EXEMPT
        for function, line, cc in too_complex(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"above cyclomatic complexity {LIMIT}:\n" + "\n".join(found)
