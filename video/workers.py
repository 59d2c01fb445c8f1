"""Scene-drawing worker processes that never outlive the render that started them: they die with
their parent however it dies (even SIGKILL), leave Ctrl-C to it, and are stopped, not waited
for, when the render fails. They are forked from a server that imported Manim once for the
render, so a worker starts at the cost of a fork, not of two seconds of imports."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import select
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from common.notes import plain_warnings
from common.stopping import STOP_SIGNALS, held

T = TypeVar("T")
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


PRELOADED = ["manim"]  # imported by the fork server, once per render; never a lesson's code


def worker_context() -> BaseContext:
    """How drawing workers start: forked from multiprocessing's fork server, which imports
    `PRELOADED` when the first worker of the process starts (inside `TiedPool.submit`, so it
    holds the stopping signals too) and ends once that process and its workers have ended."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOADED)
    return context


def _umask() -> int:
    """This process's umask, read without setting it (a thread writing a file meanwhile would
    get the one set in between)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1], 8) for line in status if line.startswith("Umask:"))
    except (OSError, StopIteration):
        mask = os.umask(0o22)
        os.umask(mask)
        return mask


@dataclass(frozen=True)
class Parent:
    """The process starting a pool, as its workers need it: its pid (they die with it), and its
    environment and umask now (a forked worker has the fork server's, as they were when it
    started)."""

    pid: int = field(default_factory=os.getpid)
    environ: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    umask: int = field(default_factory=_umask)


def tie_to_parent(parent: int | Parent) -> None:
    """Pool initializer (or a forked copy's first step): this worker dies when its parent exits,
    however it exits; Ctrl-C, a closed terminal and Ctrl-\\ (sent to the whole process group)
    are the render's to handle (it stops the workers itself, without each printing a traceback or
    dumping core). Its warnings print as the render's do (common.notes).

    A process forked by the one that ties it (a paused copy) is killed by the kernel as its parent
    exits. A pool's worker is forked by the fork server, which outlives the render while a worker
    lives: it watches the render's pidfd and kills itself as the render ends."""
    pid = parent.pid if isinstance(parent, Parent) else parent
    plain_warnings("render.py")
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    if os.getppid() == pid:
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass  # not Linux: the pool's own shutdown still ends workers on a normal exit
        if os.getppid() != pid:  # the parent died before the line above took effect
            os._exit(1)
    else:
        _die_with(pid)
    if isinstance(parent, Parent):
        os.environ.clear()
        os.environ.update(parent.environ)
        os.umask(parent.umask)


def _die_with(pid: int) -> None:
    """Kill this process as soon as process `pid` ends (at once if it has)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        os._exit(1)

    def watch() -> None:
        select.select([fd], [], [])  # readable once the process has ended
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="dies-with-the-render", daemon=True).start()


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
