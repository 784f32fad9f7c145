"""What every test run shares.

- Doctest collection: :mod:`skat.env.openspiel` needs ``open_spiel`` (the ``openspiel`` extra),
  :mod:`skat.env.sb3` needs ``stable_baselines3`` (the ``rl`` extra).
- Hypothesis: the ``skat`` profile, loaded here before any test module builds its
  ``@settings``, has no deadline and no "too slow" health check: a property holds or not
  whatever the machine's load, and a busy laptop must not turn the suite red (issue 31).
  ``tests/quality/test_timeouts.py`` checks that no test sets a deadline of its own.
"""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["src/skat/env/openspiel.py"]
if not importlib.util.find_spec("stable_baselines3"):
    collect_ignore.append("src/skat/env/sb3.py")

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # hypothesis is in the dev extra; the doctests run without it
    pass
else:
    settings.register_profile("skat", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("skat")
