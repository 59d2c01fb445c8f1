"""Socket folders left by processes that have ended, beside one of a live process: what the
sweeps of the render's and the preview's paused copies must tell apart. Imported by
tests/test_head_start.py and tests/test_preview.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def dead_and_live_folders(base: Path, prefix: str) -> tuple[Path, Path]:
    """Two socket folders under `base` named as `prefix` names them: one of a process that has
    ended, one of this process; each holds a socket file."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    gone, alive = base / f"{prefix}-{dead.pid}-x1", base / f"{prefix}-{os.getpid()}-x2"
    for folder in (gone, alive):
        folder.mkdir()
        (folder / "a.sock").touch()
    return gone, alive
