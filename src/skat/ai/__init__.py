"""Players for Skat: the :class:`~skat.ai.agent.Agent` protocol (``choose(view) -> action``),
a random and a heuristic player, and the arena that compares agents on duplicate deals.

Imports only :mod:`skat.core` (and :mod:`skat.series` for the Seeger-Fabian list); never
:mod:`skat.records` or :mod:`skat.cli`.
"""
