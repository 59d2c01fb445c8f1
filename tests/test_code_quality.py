"""Lint, types and imports, run by the test command: ruff and mypy with the settings in
pyproject.toml, import-linter's contracts there (the layers run one way), no scene importing
another, and ESLint (pinned in tests/js/package.json, configured in tests/js/eslint.config.mjs)
over player/'s scripts."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from scenes import scene_modules, scene_source

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


def test_the_imports_keep_the_layers():
    """import-linter's contracts in pyproject.toml: no layer imports one above it."""
    done = subprocess.run([str(Path(sys.executable).parent / "lint-imports")], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_no_scene_imports_another():
    """What several scenes draw lives in a module of its own (scenes/parts.py), so an edit of one
    scene's code redraws that scene, not every scene importing it."""
    scenes = {module for module, _ in scene_modules().values()}
    for scene_id, (module, _) in scene_modules().items():
        tree = ast.parse(scene_source(scene_id).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
        assert not imported & (scenes - {module}), f"{module} imports {imported & scenes}"
