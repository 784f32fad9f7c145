"""skat: the open Skat system.

The rules engine lives in :mod:`skat.core` (standard library only); records in
:mod:`skat.records`; the command line in :mod:`skat.cli`.

``__version__`` is the installed package's version (its metadata, from ``pyproject.toml``);
a source tree used without installing it says the version written below, which a test keeps
equal to ``pyproject.toml``'s.  Releases are tagged ``v<version>`` (CONTRIBUTING.md).
"""

_SOURCE_VERSION = "0.1.0"
"""``pyproject.toml``'s version, for a source tree that is not installed."""


def __getattr__(name: str) -> str:
    """``__version__``, read from the metadata when first asked for (a command that never
    shows it does not load :mod:`importlib.metadata`)."""
    if name != "__version__":
        raise AttributeError(f"module 'skat' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("skat")
    except PackageNotFoundError:
        found = _SOURCE_VERSION
    globals()["__version__"] = found
    return found
