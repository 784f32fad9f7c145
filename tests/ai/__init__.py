"""Tests of ``skat.ai``: agents, the heuristic player and the arena."""
