"""An import-linter contract type for pyproject.toml: ``standard_library_only``.

The packages in ``source_modules`` import nothing but the standard library (Python's own list,
:data:`sys.stdlib_module_names`) and the modules of the project named in ``allowed_modules``
(each with its submodules).  Unlike a ``forbidden`` contract, which names the packages it
forbids, this one names what is allowed: a package nobody thought of is caught too.  Every
import counts, those inside functions included (``exclude_type_checking_imports`` leaves out
the ones under ``if TYPE_CHECKING:``).

Registered in pyproject.toml with ``contract_types``; ``lint-imports`` finds this module
because it runs from the repository root, which it puts on ``sys.path``.
"""

from __future__ import annotations

import sys
from typing import Any

from importlinter import Contract, ContractCheck, fields, output

STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) | {"__future__"}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


class StandardLibraryOnlyContract(Contract):
    """``source_modules`` import only the standard library and ``allowed_modules``."""

    type_name = "standard_library_only"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    allowed_modules = fields.ListField(subfield=fields.ModuleField(), required=False)

    def check(self, graph: Any, verbose: bool) -> ContractCheck:
        sources = [m.name for m in self.source_modules]  # type: ignore[attr-defined]
        allowed = [m.name for m in self.allowed_modules or []]  # type: ignore[attr-defined]
        roots = {name.split(".")[0] for name in sources}
        found: list[dict[str, Any]] = []
        for source in sources:
            for importer in sorted({source} | set(graph.find_descendants(source))):
                for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                    top = imported.split(".")[0]
                    if top in roots:
                        ok = any(_within(imported, p) for p in (source, *allowed))
                    else:
                        ok = top in STANDARD_LIBRARY
                    if ok:
                        continue
                    details = graph.get_import_details(importer=importer, imported=imported)
                    lines = sorted({d["line_number"] for d in details})
                    found.append({"importer": importer, "imported": imported, "lines": lines})
        return ContractCheck(kept=not found, metadata={"found": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for item in check.metadata["found"]:
            where = ", ".join(f"l.{n}" for n in item["lines"])
            output.print_error(
                f"{item['importer']} imports {item['imported']} ({where}): "
                "neither the standard library nor an allowed module",
                bold=False,
            )
        output.new_line()
