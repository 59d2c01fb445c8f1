"""One run at a time per build folder: a second run into the same folder is refused with a line
that says who holds it, instead of mixing its files with the first one's. The lock is the
kernel's (flock), so it is gone the moment its holder exits, however it exits.

The build folder is the project's alone: a folder that holds files the project did not make is
refused before anything is written into it, and only the project's own temporaries, in the
folders it writes, are ever swept.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from common.files import sweep_temporaries
from common.paths import BuildPaths
from common.stage import recover


class BuildBusy(RuntimeError):
    """Another run holds the build folder."""


class NotOurs(RuntimeError):
    """The build folder holds files the project did not make."""


def check_ours(build: BuildPaths) -> None:
    """Raise NotOurs unless `build.root` is missing, made by the project (it has the lock every
    writing run leaves), or holds nothing but names the project makes."""
    if build.lock.is_file() or not build.root.is_dir():
        return
    files, folders = build.published()
    own = {p.name for p in (*files, *folders, build.cache)}
    others = sorted(p.name for p in Path(build.root).iterdir() if p.name not in own)
    if others:
        shown = ", ".join(repr(n) for n in others[:3]) + (f" and {len(others) - 3} more"
                                                          if len(others) > 3 else "")
        raise NotOurs(f"--build {build.root} holds files this project did not make ({shown}); "
                      "give a new or empty folder, or the build folder of an earlier render")


def check_no_links(build: BuildPaths) -> None:
    """Raise NotOurs when a folder a run writes into (a published folder, the cache, or one below
    them) or the lock is a symbolic link: a run never writes through a link into a folder
    elsewhere. `--build` itself may be one: it names where the build is, and it is checked as the
    build. (A link to a file is replaced by the file the run makes, not written through.)"""
    _files, folders = build.published()
    for folder in (*folders, build.cache):
        link = _linked_folder(folder)
        if link is not None:
            raise NotOurs(f"{link} is a symbolic link to {os.readlink(link)}, and a render never "
                          "writes through a link into another folder; remove the link (what it "
                          "leads to stays as it is), or pass another --build folder")
    if build.lock.is_symlink():
        raise NotOurs(f"{build.lock} is a symbolic link to {os.readlink(build.lock)}, not the "
                      "lock a render leaves; remove the link (what it leads to stays as it is)")


def _linked_folder(folder: Path) -> Path | None:
    """`folder`, or the first folder below it, that is a symbolic link; None when none is."""
    if folder.is_symlink():
        return folder
    for dirpath, dirnames, _files in os.walk(folder):
        for name in dirnames:
            if os.path.islink(os.path.join(dirpath, name)):
                return Path(dirpath) / name
    return None


@contextmanager
def build_lock(build: BuildPaths, command: str) -> Iterator[list[Path]]:
    """Hold `build`'s lock for the duration; first finish or drop what a run killed there left
    (its stage, its temporaries), and at the end sweep what this run's stopped workers left.
    Yields the list of temporaries removed at the start."""
    check_ours(build)
    check_no_links(build)
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
        recover(build)
        try:
            yield sweep(build)
        finally:  # what its own drawing workers left, stopped mid-file (Ctrl-C, kill, a failure)
            sweep(build)
    finally:
        os.close(fd)  # closing releases the lock


def sweep(build: BuildPaths) -> list[Path]:
    """The temporaries of dead runs, from the folders the project writes and nowhere else."""
    _files, folders = build.published()
    removed = sweep_temporaries(build.root, all_runs=True, deep=False)
    removed += sweep_temporaries(build.cache, all_runs=True, legacy=True)
    for folder in folders:
        removed += sweep_temporaries(folder, all_runs=True)
    return removed
