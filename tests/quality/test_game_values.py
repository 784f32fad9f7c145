"""Issue 14's gate: the declaration base values (9, 10, 11, 12, 24) and the Null values (23, 35,
46, 59) are game-value arithmetic of the core alone; everything else asks the core
(``skat.core.contracts``, ``skat.core.scoring``) instead of keeping a copy.

A grep for the numbers would drown in card indices (the Jack of Spades is card 23), SVG
coordinates, card points (Ten 10, Ace 11), bid steps and doc text, so the check reads the code
(Python's ``ast``: strings and comments are never looked at) for the shapes a copy takes:

- a table: a tuple, list, set, dict or f-string holding three or more distinct base values or
  two or more distinct Null values (``(9, 10, 11, 12, 24)``, ``{"G": 24, "C": 12, ...}``,
  ``f"{23}{35}"``); card points hold only two of them (10 and 11), coordinates at most one;
- a product with a base or Null value other than 10 (``(matadors + 1) * 12``); ``* 10`` is
  left out, as scaling by ten is everywhere;
- a name that says ``base`` bound to one of the values (``go_base: int = 24``,
  ``base = 24``, ``f(grand_ouvert_base=24)``).

Exceptions, each for a reason:

- ``src/skat/core``: the one place the values live (ISkO 4.1, 5.1);
- ``src/skat/thirtyone``: Scat, another game; its numbers are card ranks 2 to 14 and pip
  values, not Skat game values.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ._source import SRC, name, source_files

BASE_VALUES = frozenset({9, 10, 11, 12, 24})
NULL_VALUES = frozenset({23, 35, 46, 59})
VALUES = BASE_VALUES | NULL_VALUES
EXCEPTIONS = (SRC / "skat" / "core", SRC / "skat" / "thirtyone")


def _int(node: ast.AST | None) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _table(node: ast.AST) -> bool:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = list(node.elts)
    elif isinstance(node, ast.Dict):
        items = list(node.values)
    elif isinstance(node, ast.JoinedStr):
        items = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
    else:
        return False
    found = {_int(item) for item in items}
    return len(found & BASE_VALUES) >= 3 or len(found & NULL_VALUES) >= 2


def _product(node: ast.AST) -> bool:
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return False
    return any(_int(side) in VALUES - {10} for side in (node.left, node.right))


def _named_base(node: ast.AST) -> ast.AST | None:
    """The value bound to a name that says ``base``, when it is a base or Null value."""
    pairs: list[tuple[str, ast.AST | None]] = []
    if isinstance(node, ast.arguments):
        positional = node.posonlyargs + node.args
        with_default = positional[len(positional) - len(node.defaults) :]
        pairs += [(a.arg, d) for a, d in zip(with_default, node.defaults, strict=True)]
        pairs += [(a.arg, d) for a, d in zip(node.kwonlyargs, node.kw_defaults, strict=True)]
    elif isinstance(node, ast.Assign):
        pairs += [(ast.unparse(t), node.value) for t in node.targets]
    elif isinstance(node, ast.AnnAssign):
        pairs.append((ast.unparse(node.target), node.value))
    elif isinstance(node, ast.keyword) and node.arg is not None:
        pairs.append((node.arg, node.value))
    for label, value in pairs:
        if "base" in label.lower() and _int(value) in VALUES:
            return value
    return None


def game_value_copies(code: str) -> list[tuple[int, str]]:
    """(line, code) of each place in ``code`` that keeps its own copy of the game values.

    >>> game_value_copies("BASE = {'D': 9, 'H': 10, 'S': 11, 'C': 12, 'G': 24}")
    [(1, "BASE = {'D': 9, 'H': 10, 'S': 11, 'C': 12, 'G': 24}")]
    >>> game_value_copies("def value(m, go_base=24):\\n    return (m + 1) * 12")
    [(1, 'def value(m, go_base=24):'), (2, '    return (m + 1) * 12')]
    >>> game_value_copies("POINTS = (0, 0, 0, 3, 4, 10, 11, 2)\\nCJ, SJ = 31, 23\\nxy = (30, 35)")
    []
    >>> game_value_copies("'Null 23, Null Hand 35, Null Ouvert 46'")
    []
    """
    lines = code.splitlines()
    found: set[int] = set()
    for node in ast.walk(ast.parse(code)):
        where = node if _table(node) or _product(node) else _named_base(node)
        if where is not None:  # an expression or statement: it has a line
            found.add(getattr(where, "lineno", 0))
    return [(n, lines[n - 1]) for n in sorted(found)]


def _excepted(path: Path) -> bool:
    return any(path.is_relative_to(folder) for folder in EXCEPTIONS)


def test_game_values_are_computed_only_in_the_core() -> None:
    found = [
        f"{name(path)}:{line}: {text.strip()}"
        for path in source_files(".py")
        if not _excepted(path)
        for line, text in game_value_copies(path.read_text(encoding="utf-8"))
    ]
    assert not found, "game values kept outside skat.core (ask the core):\n" + "\n".join(found)
