"""Running the arena's deals on a Ray cluster (the optional ``cluster`` extra: ``pip install
skat[cluster]``).

:func:`ray_imap` maps a function over tasks on Ray workers and yields the results in task
order, so a run's figures depend on its tasks only, never on the number of workers or on which
worker finished first.  ``address`` is ``"local"`` (start a Ray instance on this machine with
``num_cpus`` workers, stopped at the end), ``"auto"`` (join the cluster that ``ray start``
began on this machine) or ``HOST:PORT`` / ``ray://HOST:PORT`` of a running cluster, whose
workers must be able to import :mod:`skat`.

>>> ray_address(None), ray_address(""), ray_address("auto")
('local', 'local', 'auto')
"""

from __future__ import annotations

import collections
import contextlib
import importlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(RuntimeError):
    """Ray is missing or the cluster cannot be reached (one line)."""


def ray_address(text: str | None) -> str:
    """The address as given to ``--ray`` (nothing: ``local``)."""
    return text or "local"


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`ClusterError` saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterError(
            "--ray needs Ray: pip install 'skat[cluster]' (or pip install ray)"
        ) from None


def ray_imap(
    func: Callable[[T], R],
    tasks: Iterable[T],
    *,
    address: str = "local",
    num_cpus: int | None = None,
    window: int = 64,
) -> Iterator[R]:
    """``func`` over ``tasks`` on Ray, results in task order; at most ``window`` tasks are
    in flight at a time (so a 100,000-deal run does not queue everything at once)."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        try:
            if address == "local":
                ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as exc:  # ray's own errors: ConnectionError, RuntimeError, ...
            with contextlib.suppress(Exception):  # stop what a failed start-up began
                ray.shutdown()
            raise ClusterError(f"cannot start Ray at {address!r}: {exc}".splitlines()[0]) from None
    try:
        remote = ray.remote(func)
        pending: collections.deque[Any] = collections.deque()
        for task in tasks:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                yield _get(ray, pending.popleft())
        while pending:
            yield _get(ray, pending.popleft())
    finally:
        if started:
            ray.shutdown()


def _get(ray: Any, ref: Any) -> Any:
    """The result of a task; a task's own error is raised as itself (not wrapped by Ray), so
    an outside engine's one-line error stays one line."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if isinstance(cause, Exception):
            raise cause from None
        raise
