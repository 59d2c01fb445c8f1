"""Scene-drawing worker processes that never outlive the render that started them: they die with
their parent however it dies (even SIGKILL), leave Ctrl-C to it, and are stopped, not waited
for, when the render fails."""

from __future__ import annotations

import ctypes
import os
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import resource_tracker
from typing import Any, TypeVar

from common.notes import plain_warnings
from common.stopping import STOP_SIGNALS, held

T = TypeVar("T")
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def tie_to_parent(parent: int) -> None:
    """Pool initializer: the kernel kills this worker when its parent exits; Ctrl-C, a closed
    terminal and Ctrl-\\ (sent to the whole process group) are the parent's to handle (it stops
    the workers itself, without each printing a traceback or dumping core). Its warnings print
    as the render's do (common.notes)."""
    plain_warnings("render.py")
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # not Linux: the pool's own shutdown still ends workers on a normal exit
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


class TiedPool(ProcessPoolExecutor):
    """A pool whose workers are started with the stopping signals (Ctrl-C...) blocked (they start
    as work is submitted, and inherit the mask), so that one still importing when one comes
    prints no traceback; `tie_to_parent` then ignores them. Multiprocessing's resource tracker
    starts with them blocked too: a hang-up or Ctrl-\\ sent to the whole process group killed
    it, and the render printed its warnings under its one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with held():
            resource_tracker.ensure_running()
            super().__init__(*args, **kwargs)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        with held():
            return super().submit(fn, *args, **kwargs)



def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers now (each ffmpeg of theirs ends at the closed pipe) and drop the
    work not yet started."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
