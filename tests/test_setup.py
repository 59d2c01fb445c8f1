"""The project installs as `./lesson` installs it, quietly: no warning of the project's own making,
and every file the pages need inside the package."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile

from tests.test_hardening import tracked_copy

# What setuptools says about a project's own configuration (layout, packages, package data).
OURS = re.compile(r"SetuptoolsWarning|BuildBackendWarning|SetuptoolsDeprecationWarning|"
                  r"absent from the `packages`|Editable install")


def test_a_fresh_install_prints_no_warning_of_the_projects_making(tmp_path):
    clone = tracked_copy(tmp_path / "clone")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # the newest pip, as `./lesson` has it: its build environment takes the newest setuptools
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--upgrade", "pip"],
                   check=True, capture_output=True, timeout=600)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-deps", "-e",
                           str(clone)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    said = [line for line in (done.stdout + done.stderr).splitlines() if OURS.search(line)]
    assert said == [], "\n".join(said)
    found = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "from importlib import resources; print(resources.files('player'))"],
                           capture_output=True, text=True, cwd=tmp_path, check=True).stdout.strip()
    assert found == str(clone / "player")


def test_the_package_carries_the_pages_files(tmp_path):
    clone = tracked_copy(tmp_path / "clone")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"),
                    str(clone)], check=True, capture_output=True, timeout=600)
    wheel = next((tmp_path / "dist").glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {str(p.relative_to(clone)) for folder in ("player/assets", "player/live", "player/templates")
              for p in (clone / folder).rglob("*") if p.is_file()}
    wanted.add("transcript/attention/lesson.yaml")
    assert wanted and wanted <= names, sorted(wanted - names)
