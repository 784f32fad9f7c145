"""Tests of ``skat.core``, the rules engine: one file per module or rule topic."""
