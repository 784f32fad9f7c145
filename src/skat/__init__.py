"""skat: the open Skat system.

The rules engine lives in :mod:`skat.core` (standard library only); records in
:mod:`skat.records`; the command line in :mod:`skat.cli`.
"""

__version__ = "0.1.0"
