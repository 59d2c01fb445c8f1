"""A scene author's Python mistakes, as the commands report them: one line naming the file and
line (and the scene), never a traceback, and `--help` still works while a scene does not parse;
a mistyped name is answered with the closest one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from common.choices import few
from scenes import SceneRegistryError, scenes_dir
from tests.test_hardening import tracked_copy

SCENE = "broadcast"
MODULE = Path("scenes") / "attention" / "s3_broadcast.py"


def run(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(project / "render.py"), *args], cwd=project,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def project(tmp_path, flite_narration) -> Path:
    """The repository's tracked files with the narrated (flite) build beside them: a scene can
    be drawn from it at once."""
    copy = tracked_copy(tmp_path / "copy")
    shutil.copytree(flite_narration.paths.root, copy / "build" / "attention")  # its lesson's folder
    return copy


def line_of(path: Path, fragment: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


def test_a_syntax_error_in_a_scene_is_one_line_and_help_still_works(project):
    scene = project / MODULE
    scene.write_text(scene.read_text() + "\nbroken = (\n")
    broken = len(scene.read_text().splitlines())
    assert run(project, "--help").returncode == 0
    assert run(project, "video", "--help").returncode == 0
    said = one_line(run(project, "video", "--lesson", "attention", "--scene", SCENE, "--quality", "low"))
    assert f"{MODULE}:{broken}:" in said and "fix" in said


def test_a_runtime_error_in_a_scene_names_its_file_line_and_scene(project):
    scene = project / MODULE
    text = scene.read_text()
    assert text.count("def beats(self) -> None:\n") == 1
    scene.write_text(text.replace("def beats(self) -> None:\n",
                                  "def beats(self) -> None:\n        no_such_name  # noqa\n"))
    said = one_line(run(project, "video", "--lesson", "attention", "--scene", SCENE, "--quality", "low"))
    line = line_of(scene, "no_such_name")
    assert f"{MODULE}:{line}:" in said and repr(SCENE) in said and "NameError" in said


def test_a_mistyped_scene_is_answered_with_the_closest(project):
    said = one_line(run(project, "video", "--lesson", "attention", "--scene", SCENE[:-2] + SCENE[-1] + SCENE[-2],
                        "--quality", "low"))
    assert f"did you mean {SCENE!r}?" in said


def test_the_closest_choice_is_named_not_counted():
    """Among many choices, the one nearest the name asked for leads the list, however far down
    it stands."""
    choices = [f"step-{n}" for n in range(20)] + ["formula"]
    listed = few(choices, near="fromula")
    assert listed.startswith("formula, ") and listed.endswith("and 16 more")
    assert few(choices) == "step-0, step-1, step-2, step-3, step-4 and 16 more"


@pytest.mark.parametrize("package", ["no_such_package_xyz.scenes", "tests.no_such_lessons.tiny.scenes"])
def test_a_scenes_package_inside_a_missing_package_is_one_line(package):
    """A lesson declaring scenes in a package whose parent is missing: the registry's one line
    naming the package and the fix, not find_spec's ModuleNotFoundError."""
    with pytest.raises(SceneRegistryError) as e:
        scenes_dir(package)
    assert len(str(e.value).splitlines()) == 1, str(e.value)
    assert repr(package) in str(e.value) and "scenes=" in str(e.value)
