"""One run at a time per build folder: a second run into the same folder is refused with a line
that says who holds it, instead of mixing its files with the first one's. The lock is the
kernel's (flock), so it is gone the moment its holder exits, however it exits."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from common.files import sweep_temporaries
from common.paths import BuildPaths


class BuildBusy(RuntimeError):
    """Another run holds the build folder."""


@contextmanager
def build_lock(build: BuildPaths, command: str) -> Iterator[list]:
    """Hold `build`'s lock for the duration; first sweep the temporaries of runs that died there.
    Yields the list of removed temporaries."""
    build.lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(build.lock, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode(errors="replace").strip() or "another run"
            raise BuildBusy(f"{build.root} is being written by {holder}; wait for it to finish, "
                            "or pass another --build folder") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} ({command}, since {time.strftime('%H:%M:%S')})".encode(), 0)
        yield sweep_temporaries(build.root, all_runs=True)
    finally:
        os.close(fd)  # closing releases the lock
