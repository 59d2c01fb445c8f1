"""One name for a run that is no longer wanted: every long step takes `stop`, a function it asks
between its parts, and raises `Stopped` once it says True (Ctrl-C, a failed part beside it, a
newer save in the live preview). A render asked to stop by a signal (Ctrl-C, `kill`, a closed
terminal, Ctrl-\\) unwinds as Ctrl-C does, so each half-written output is removed on the way out."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

Stop = Callable[[], bool]

# Ctrl-C, `kill`, a closed terminal, Ctrl-\: each stops a render the same way.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


class Stopped(Exception):
    """The caller's `stop` said this work is no longer wanted."""


class Signalled(KeyboardInterrupt):
    """A stop asked by a signal other than Ctrl-C: it unwinds the run as Ctrl-C does."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def check(stop: Stop | None) -> None:
    """Raise Stopped when `stop` says so."""
    if stop is not None and stop():
        raise Stopped()


@contextmanager
def held() -> Iterator[None]:
    """Ctrl-C, `kill`, a closed terminal and Ctrl-\\ wait until the block is done (they are
    delivered as it ends); a process started in it inherits them blocked.

    Blocking them in this thread is not enough: another thread of the process (a pool's, a
    numerics library's) may take the signal, and Python then runs the handler in the main thread
    all the same. So in the main thread the handlers only note the signal meanwhile, and it is
    raised again once the block is done."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    noted: list[int] = []
    handlers: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        handlers = {n: signal.signal(n, lambda signum, _frame: noted.append(signum))
                    for n in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # one held here is delivered now
        for signum in dict.fromkeys(noted):
            signal.raise_signal(signum)


def stop_on_signals() -> None:
    """From now on SIGTERM, SIGHUP and SIGQUIT raise Signalled in the main thread (SIGINT raises
    KeyboardInterrupt already); Python's defaults would end the process on the spot."""
    for signum in STOP_SIGNALS[1:]:
        signal.signal(signum, _signalled)


def exit_code(stop: KeyboardInterrupt) -> int:
    """The conventional exit status of a run stopped by a signal: 128 + its number."""
    return 128 + (stop.signum if isinstance(stop, Signalled) else signal.SIGINT)


def signal_name(stop: KeyboardInterrupt) -> str:
    return signal.Signals(stop.signum).name if isinstance(stop, Signalled) else "SIGINT"


def _signalled(signum: int, frame: FrameType | None) -> None:
    for other in STOP_SIGNALS[1:]:  # the run is unwinding: a second kill must not cut that short
        signal.signal(other, signal.SIG_IGN)
    raise Signalled(signum)
