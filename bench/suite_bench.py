"""Where the test suite's time goes: `./lesson test` run once with every test's CPU counted in a
cgroup per worker (bench/suite_cpu.py), everything a test starts included. The suite is CPU-bound
on a small machine, so its wall time follows its total CPU; this says which files and tests to
make cheaper, and a change's gain is the difference of two runs' totals. Needs root and cgroup
v1's cpuacct controller. Writes its section of bench/RESULTS.md. Usage:
python bench/suite_bench.py [--note TEXT] [pytest arguments]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from results import write_section  # noqa: E402  (beside this script)
from suite_cpu import usage  # noqa: E402

START, END = "<!-- suite-bench:start -->", "<!-- suite-bench:end -->"
CPUACCT = Path("/sys/fs/cgroup/cpuacct")
TOP = 25


def run(pytest_args: list[str]) -> tuple[float, float, dict[str, float], list[dict]]:
    """(wall s, every cgroup's CPU s, CPU per cgroup, one record per test) of one suite run."""
    if not (CPUACCT / "cgroup.procs").exists() or os.geteuid() != 0:
        sys.exit(f"suite_bench: needs root and cgroup v1's cpuacct at {CPUACCT}")
    group = CPUACCT / f"lesson-suite-{os.getpid()}"
    group.mkdir()
    out = Path(tempfile.mkdtemp(prefix="suite-bench-"))
    env = dict(os.environ, SUITE_CPU_CGROUP=str(group), SUITE_CPU_OUT=str(out), CI="true",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")])))
    try:
        start = time.monotonic()
        done = subprocess.run([str(ROOT / "lesson"), "test", "-p", "suite_cpu", *pytest_args],
                              cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
        wall = time.monotonic() - start
        if done.returncode != 0:
            print(f"suite_bench: the suite failed (exit {done.returncode}); figures are of a failed run",
                  file=sys.stderr)
        groups = {g.name: usage(g) for g in sorted(group.iterdir()) if g.is_dir()}
        records = [json.loads(line) for f in sorted(out.glob("*.jsonl")) for line in f.read_text().splitlines()]
    finally:
        shutil.rmtree(out, ignore_errors=True)
        for g in [*group.iterdir(), group]:
            if g.is_dir():
                try:
                    g.rmdir()
                except OSError:
                    pass  # a process still in it (it outlived the run): left for the kernel
    return wall, sum(groups.values()), groups, records


def section(wall: float, total: float, groups: dict[str, float], records: list[dict], note: str) -> str:
    by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    for r in records:
        f = by_file[r["id"].split("::")[0]]
        f[0] += r["cpu"]
        f[1] += r["wall"]
        f[2] += 1
    in_tests = sum(r["cpu"] for r in records)
    lines = [START, "", "## The test suite's CPU (`bench/suite_bench.py`)", "",
             f"{date.today().isoformat()}, {os.cpu_count()} cores{': ' + note if note else ''}.", "",
             f"Wall {wall:.0f} s; CPU {total:.0f} s in all ({total / wall / (os.cpu_count() or 1):.0%} of "
             f"the machine): {in_tests:.0f} s in tests, {groups.get('shared-render', 0):.0f} s in the run's "
             f"shared render, the rest in workers' start-up and session fixtures.", "",
             "| file | tests | CPU (s) | wall (s) |", "|---|---|---|---|"]
    for name, (cpu, w, n) in sorted(by_file.items(), key=lambda kv: -kv[1][0])[:TOP]:
        lines.append(f"| {name} | {n} | {cpu:.1f} | {w:.1f} |")
    lines += ["", "| test | CPU (s) | wall (s) |", "|---|---|---|"]
    for r in sorted(records, key=lambda r: -r["cpu"])[:TOP]:
        lines.append(f"| {r['id'].replace('|', '/')} | {r['cpu']:.1f} | {r['wall']:.1f} |")
    lines += ["", "A test's CPU is its worker's cgroup's while it ran: a session fixture made during a "
              "test (a narration, Chromium's start) counts in that test.", "", END]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--note", default="", help="what this run measures (a change, a machine)")
    args, pytest_args = parser.parse_known_args()
    wall, total, groups, records = run(pytest_args)
    text = section(wall, total, groups, records, args.note)
    write_section(text, START, END)
    print(text)


if __name__ == "__main__":
    main()
