"""Tests of ``skat.series``: lists, score sheets, rounds, pot, settlement, export, save/resume."""
