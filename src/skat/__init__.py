"""skat: the open Skat system.

The rules engine lives in :mod:`skat.core` (standard library only); records in
:mod:`skat.records`; the command line in :mod:`skat.cli`.

``__version__`` is the installed package's version (its metadata, from ``pyproject.toml``);
a source tree used without installing it says the version written below, which a test keeps
equal to ``pyproject.toml``'s.  Releases are tagged ``v<version>`` (CONTRIBUTING.md).
"""

from importlib.metadata import PackageNotFoundError, version

_SOURCE_VERSION = "0.1.0"
"""``pyproject.toml``'s version, for a source tree that is not installed."""

try:
    __version__: str = version("skat")
except PackageNotFoundError:
    __version__ = _SOURCE_VERSION
