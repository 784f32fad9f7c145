"""Doctest collection: :mod:`skat.env.openspiel` needs ``open_spiel`` (the ``openspiel`` extra),
:mod:`skat.env.sb3` needs ``stable_baselines3`` (the ``rl`` extra)."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["src/skat/env/openspiel.py"]
if not importlib.util.find_spec("stable_baselines3"):
    collect_ignore.append("src/skat/env/sb3.py")
