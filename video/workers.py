"""Scene-drawing worker processes that never outlive the render that started them: they die with
their parent however it dies (even SIGKILL), leave Ctrl-C to it, and are stopped, not waited
for, when the render fails."""

from __future__ import annotations

import ctypes
import os
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def tie_to_parent(parent: int) -> None:
    """Pool initializer: the kernel kills this worker when its parent exits; Ctrl-C is the
    parent's to handle (it stops the workers itself, without each printing a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # see `spawning`
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # not Linux: the pool's own shutdown still ends workers on a normal exit
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


@contextmanager
def spawning() -> Iterator[None]:
    """Around the first submit to a pool (which starts its workers): Ctrl-C is held back, so a
    worker still importing its modules, before `tie_to_parent` ignores it, is not stopped by it
    (the render reports the interrupt when the block ends)."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers now (each ffmpeg of theirs ends at the closed pipe) and drop the
    work not yet started."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
