"""What the tests share across pytest-xdist's workers: a folder every worker of a test run sees,
and its lock, so that a fixture is made once per run by the first worker to ask (the others wait
for it, then read it). Imported by tests/conftest.py and tests/player_fixtures.py."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from common.files import linked_tree


def run_folder(tmp_path_factory, name: str) -> Path:
    """A folder every worker of this test run sees under the same name (in the session's own
    temporary folder when the suite runs in one process)."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if "PYTEST_XDIST_WORKER" in os.environ else base) / name
    folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the run folder's lock: one worker at a time makes what is in it."""
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def seed_voices(cache: Path, into: Path) -> None:
    """A build's voice clips and levelled sentences (`cache`'s voice/ and loudness/) linked into
    the cache folder `into` (common.files.linked_tree), for a build that is not about voicing: the
    clip cache keys every clip by its text, voice and settings, so a sentence voiced before is
    reused, any other is voiced afresh."""
    for part in ("voice", "loudness"):
        linked_tree(cache / part, into / part)


def made_once(folder: Path, make: Callable[[Path], object]) -> Path:
    """`folder / "made"`, made by `make` (given that path) in the first worker to ask; a folder
    left half-made by a worker that died is made again."""
    out = folder / "made"
    with locked(folder):
        if not (folder / "done").exists():
            shutil.rmtree(out, ignore_errors=True)
            make(out)
            (folder / "done").touch()
    return out
