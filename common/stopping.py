"""One name for a run that is no longer wanted: every long step takes `stop`, a function it asks
between its parts, and raises `Stopped` once it says True (Ctrl-C, a failed part beside it, a
newer save in the live preview)."""

from __future__ import annotations

from collections.abc import Callable

Stop = Callable[[], bool]


class Stopped(Exception):
    """The caller's `stop` said this work is no longer wanted."""


def check(stop: Stop | None) -> None:
    """Raise Stopped when `stop` says so."""
    if stop is not None and stop():
        raise Stopped()
