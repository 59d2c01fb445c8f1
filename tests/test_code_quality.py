"""Lint and types, run by the test command: ruff and mypy with the settings in pyproject.toml, and
ESLint (pinned in tests/js/package.json, configured in tests/js/eslint.config.mjs) over player/'s
scripts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
JS = REPO / "tests" / "js"
ESLINT = JS / "node_modules" / ".bin" / "eslint"


@pytest.mark.parametrize("tool", [["ruff", "check", "."], ["mypy"]], ids=["ruff", "mypy"])
def test_the_code_passes(tool):
    done = subprocess.run([sys.executable, "-m", *tool], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_scripts_pass_eslint():
    assert ESLINT.exists(), f"{ESLINT} is missing: run ./lesson test (it installs tests/js with npm ci)"
    done = subprocess.run([str(ESLINT), "--max-warnings", "0", "--config", str(JS / "eslint.config.mjs"),
                           "player/"], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
