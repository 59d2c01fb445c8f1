"""pytest plugin for bench/suite_bench.py: each xdist worker moves itself into a cpuacct cgroup of
its own, and each test's CPU is what that cgroup used while the test ran, so the processes a test
starts and never waits for (drawing workers' paused copies, Chromium, servers) count, which
getrusage misses. The run's shared render (tests/conftest.py, under the run folder `rendered`)
runs beside the tests of the worker that started it: it is moved into a cgroup of its own."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(os.environ.get("SUITE_CPU_CGROUP", "/nonexistent"))
OUT = Path(os.environ.get("SUITE_CPU_OUT", "/nonexistent"))
APART = b"/rendered/build"  # in the command line of the run's shared render and its children
_group: Path | None = None


def usage(group: Path) -> float:
    """Seconds of CPU the cgroup's processes used, living or gone."""
    return int((group / "cpuacct.usage").read_text()) / 1e9


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _set_apart(group: Path, apart: Path) -> None:
    """Every 0.1 s: move the shared render and whatever it started out of the worker's cgroup
    (a child forked before its parent moved stays behind: it is moved on the next pass)."""
    roots: set[int] = set()
    while True:
        try:
            pids = [int(p) for p in (group / "cgroup.procs").read_text().split()]
        except OSError:
            return
        for pid in pids:
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if APART in command and b"render.py" in command:
                roots.add(pid)
            if pid in roots or _parent(pid) in roots or _parent(_parent(pid)) in roots:
                roots.add(pid)
                try:
                    (apart / "cgroup.procs").write_text(str(pid))
                except OSError:
                    pass
        time.sleep(0.1)


def pytest_configure(config: pytest.Config) -> None:
    global _group
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or not ROOT.is_dir():
        return
    _group = ROOT / worker
    _group.mkdir(exist_ok=True)
    (_group / "cgroup.procs").write_text(str(os.getpid()))
    apart = ROOT / "shared-render"
    apart.mkdir(exist_ok=True)
    threading.Thread(target=_set_apart, args=(_group, apart), daemon=True).start()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    if _group is None:
        yield
        return
    cpu, wall = usage(_group), time.monotonic()
    yield
    record = {"id": item.nodeid, "cpu": usage(_group) - cpu, "wall": time.monotonic() - wall}
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
