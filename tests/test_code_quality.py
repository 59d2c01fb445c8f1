"""Lint, types and imports, run by the test command: ruff and mypy with the settings in
pyproject.toml, import-linter's contracts there (the layers run one way, the engine imports no
lesson), no scene importing another, and ESLint (pinned in tests/js/package.json, configured in
tests/js/eslint.config.mjs) over player/'s scripts."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
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


def _contracts() -> dict[str, dict]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {c["name"]: c for c in config["contracts"]}


ENGINE_CONTRACTS = ("The engine imports no lesson", "The engine's attention and scenes packages import no lesson")


def _covered(module: str, expressions: list[str], as_packages: bool) -> bool:
    """Whether `module` is one of import-linter's module `expressions` (`x.**`: below x; with
    `as_packages`, a module below a listed one too)."""
    for e in expressions:
        if e.endswith(".**"):
            if module.startswith(e[:-2]):
                return True
        elif module == e or (as_packages and module.startswith(e + ".")):
            return True
    return False


def test_every_module_is_the_engines_or_a_lessons():
    """The contracts that keep the engine from importing a lesson list the engine module by module
    where a folder holds lessons' code too: a module added to the project must be named in them,
    as the engine's or as a lesson's, or the boundary would not cover it."""
    contracts = _contracts()
    roots = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
        "root_packages"]
    whole, own = (contracts[name] for name in ENGINE_CONTRACTS)
    unnamed = []
    for root in roots:
        for path in sorted((REPO / root).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            engine = (_covered(module, whole["source_modules"], True)
                      or _covered(module, own["source_modules"], False))
            lesson = _covered(module, whole["forbidden_modules"], True)
            if engine == lesson:
                unnamed.append(f"{module} ({'both' if engine else 'neither'})")
    assert not unnamed, ("name each module in pyproject.toml's contracts as the engine's or a lesson's: "
                         + ", ".join(unnamed))


@pytest.mark.parametrize("where, offending, broken", [
    ("player/html.py", "from attention.attention.lesson import lesson", ENGINE_CONTRACTS[0]),
    ("video/cache.py", "import attention.attention", ENGINE_CONTRACTS[0]),
    ("scenes/base.py", "from scenes.attention import s1_phrase", ENGINE_CONTRACTS[0]),
    ("scenes/__init__.py", "from attention.attention.vocabulary import vocabulary", ENGINE_CONTRACTS[1]),
    ("attention/blocks.py", "from attention.multihead_mlp.lesson import lesson", ENGINE_CONTRACTS[0]),
    ("attention/__init__.py", "from attention.example import PHRASE", ENGINE_CONTRACTS[1]),
], ids=["page", "cache", "scene-machinery", "registry", "shared-math", "shared-example"])
def test_an_engine_import_of_a_lesson_breaks_the_contract(tmp_path, where, offending, broken):
    """The boundary holds by the tool: in a scratch copy of the project, one engine module made to
    import the lesson breaks the contract, and lint-imports names the chain."""
    copy = tmp_path / "copy"
    roots = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"][
        "root_packages"]
    for root in roots:
        shutil.copytree(REPO / root, copy / root, ignore=shutil.ignore_patterns("__pycache__", "*.js",
                                                                               "*.css", "*.html"))
    shutil.copy(REPO / "pyproject.toml", copy)
    path = copy / where
    path.write_text(path.read_text(encoding="utf-8") + f"\n{offending}  # noqa\n", encoding="utf-8")
    done = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"], cwd=copy,
                          capture_output=True, text=True)
    assert done.returncode != 0, done.stdout[-3000:]
    assert f"{broken} BROKEN" in done.stdout, done.stdout[-3000:]
    assert where.replace("/", ".").removesuffix(".py").removesuffix(".__init__") in done.stdout


def test_no_scene_imports_another():
    """What several scenes draw lives in a module of its own (scenes/attention/parts.py), so an edit of one
    scene's code redraws that scene, not every scene importing it."""
    scenes = {module for module, _ in scene_modules().values()}
    for scene_id, (module, _) in scene_modules().items():
        tree = ast.parse(scene_source(scene_id).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
        assert not imported & (scenes - {module}), f"{module} imports {imported & scenes}"
