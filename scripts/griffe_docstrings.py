"""A griffe extension for the API pages: the docstrings' reStructuredText bits as Markdown.

The docstrings are written for ``help()`` and doctest: bare ``>>>`` examples and Sphinx roles
such as ``:class:`~skat.core.Card```.  For the site (``extensions:`` of mkdocstrings in
mkdocs.yml) each example becomes a fenced ``pycon`` block and each role a code span, so that
the Markdown renderer neither reads ``[...]`` in an output line as a link nor ``>>>`` as a
quote.  The docstrings themselves stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:mod|class|func|meth|attr|data|exc|obj|const):`~?([^`]+)`")


def markdown_docstring(text: str) -> str:
    """Fence the doctest examples and turn Sphinx roles into code spans.

    >>> markdown_docstring("See :class:`~skat.core.Card`:\\n\\n>>> 1 + 1\\n2\\n\\nEnd.")
    'See `skat.core.Card`:\\n\\n```pycon\\n>>> 1 + 1\\n2\\n```\\n\\nEnd.'
    """
    out: list[str] = []
    fence: str | None = None
    for line in _ROLE.sub(r"`\1`", text).splitlines():
        stripped = line.lstrip()
        if fence is None and stripped.startswith(">>>"):
            fence = line[: len(line) - len(stripped)]
            out.append(f"{fence}```pycon")
        elif fence is not None and not stripped:
            out.append(f"{fence}```")
            fence = None
        out.append(line)
    if fence is not None:
        out.append(f"{fence}```")
    return "\n".join(out)


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrite every docstring griffe loads with :func:`markdown_docstring`."""

    def on_instance(self, *, obj: griffe.Object, **_: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
