"""Players for Skat: the :class:`~skat.ai.agent.Agent` protocol (``choose(view) -> action``),
a random and a heuristic player, and the arena that compares agents on duplicate deals.

Imports only :mod:`skat.core` (the Seeger-Fabian list too: :mod:`skat.core.sheets`); never
:mod:`skat.series`, :mod:`skat.records` or :mod:`skat.cli`.
"""
