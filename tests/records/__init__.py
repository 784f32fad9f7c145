"""Tests of ``skat.records`` (ISS records, replay and check, JSON records) and ``skat replay``."""
