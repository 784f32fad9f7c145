"""Doctest collection: :mod:`skat.env.openspiel` needs ``open_spiel`` (the ``openspiel`` extra)."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["src/skat/env/openspiel.py"]
