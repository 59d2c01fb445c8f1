"""The one command a course author runs: everything from the script, and clear errors before work."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

import render

REPO = Path(__file__).resolve().parent.parent


def test_render_makes_video_player_and_clips(rendered_lesson):
    """The session's `render.py render --quality low --voice flite` into a new folder, umask 022."""
    build, printed = rendered_lesson.root, rendered_lesson.printed
    for part in ("[1/5] narration", "[2/5] video (low)", "scene 9 of 9", "[4/5] clips",
                 "[5/5] SCORM package", "done in"):
        assert part in printed
    # printed into a file, not a terminal: plain lines, the drawing's now and then with counts
    assert "\r" not in printed and "\x1b" not in printed
    counts = re.findall(r"^      drawing: (\d+) of (\d+) beats, ", printed, re.MULTILINE)
    assert len(counts) >= 2 and counts[-1][0] == counts[-1][1] != "0", printed[-3000:]
    manifest = json.loads((build / "lesson.json").read_text())
    assert (build / "lesson.mp4").stat().st_size > 100_000
    page = (build / "index.html").read_text()
    assert manifest["title"] in page and "lesson.mp4" in page
    assert {f"{s['id']}.mp4" for s in manifest["scenes"]} <= {p.name for p in (build / "clips").iterdir()}
    assert manifest["loudness"]["integrated_lufs"] == pytest.approx(-16, abs=1)
    assert rendered_lesson.warned == ""  # the shipped lesson renders without a warning
    assert not [p for p in build.rglob(".*") if p.is_file() and "tmp" in p.name]
    # published: a web server running as another user can read every file and enter every folder
    published = [p for p in build.rglob("*") if "cache" not in p.relative_to(build).parts]
    assert len(published) > 20
    unreadable = [p for p in published
                  if stat.S_IMODE(p.stat().st_mode) & (0o055 if p.is_dir() else 0o044) != (0o055 if p.is_dir() else 0o044)]
    assert not unreadable, [f"{p}: {stat.S_IMODE(p.stat().st_mode):o}" for p in unreadable]


def test_bad_recording_stops_before_anything_renders(tmp_path):
    takes = tmp_path / "takes"
    takes.mkdir()
    (takes / "no-such-sentence.wav").write_bytes(b"RIFF")
    build = tmp_path / "build" / "attention"
    with pytest.raises(SystemExit) as e:
        render.main(["render", "--build", str(build.parent), "--quality", "low", "--voice", "flite",
                     "--recordings", str(takes)])
    assert "no-such-sentence.wav" in str(e.value)
    assert not (build / "lesson.mp4").exists() and not (build / "lesson.json").exists()
    assert not (build / "cache" / "manim").exists()  # named before the scenes were run to check them


def test_broken_lesson_yaml_names_file_and_line(tmp_path):
    bad = tmp_path / "lesson.yaml"
    bad.write_text("title: x\ntagline: y\ncourse: [\n", encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        render.main(["render", "--build", str(tmp_path / "build"), "--lesson", str(bad)])
    assert f"{bad}:" in str(e.value) and "fix:" in str(e.value)


def test_a_word_a_scene_waits_for_and_its_sentence_lacks_stops_before_narration(tmp_path):
    from transcript.loader import DEFAULT_PATH

    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert " to blue, and scraps" in text
    bad = tmp_path / "lesson.yaml"
    bad.write_text(text.replace(" to blue, and scraps", " and scraps"), encoding="utf-8")
    line = next(n for n, row in enumerate(bad.read_text().splitlines(), 1)
                if "id: weights-for-fluffy-and-blue" in row)
    build = tmp_path / "build" / "attention"
    with pytest.raises(SystemExit) as e:
        render.main(["render", "--build", str(build.parent), "--lesson", str(bad), "--voice", "flite",
                     "--quality", "low"])
    message = str(e.value)
    assert "s6_softmax.py" in message and "'weights-for-fluffy-and-blue'" in message
    assert "no 'blue'" in message and "forty-one and scraps" in message and f"{bad}:{line}" in message
    assert not (build / "lesson.json").exists() and not (build / "narration.wav").exists()


def test_a_one_sentence_edit_redraws_its_beat_alone_from_the_run_begun_meanwhile(rendered_lesson,
                                                                                  tmp_path):
    """After an edit, the edited scene runs up to its edited beat while the narration is voiced
    (video.ahead): the render draws that beat alone, from there, and leaves no worker behind.
    Run on a terminal: the drawing shows a bar of its beats, erased under each line printed.
    (The edit is in the first scene, whose beats are the quickest to draw.)"""
    from transcript.loader import DEFAULT_PATH

    build = rendered_lesson.copy(tmp_path / "build")
    edited = tmp_path / "lesson.yaml"
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert "depends on fluffy and blue." in text
    edited.write_text(text.replace("depends on fluffy and blue.", "depends on fluffy and on blue."),
                      encoding="utf-8")
    master, terminal = os.openpty()
    run = subprocess.Popen([sys.executable, str(REPO / "render.py"), "render", "--build", str(build.parent),
                            "--quality", "low", "--voice", "flite", "--lesson", str(edited)],
                           cwd=REPO, stdout=terminal, stderr=subprocess.PIPE, text=True)
    os.close(terminal)
    shown: list[bytes] = []
    reader = threading.Thread(target=_read_terminal, args=(master, shown), daemon=True)
    reader.start()
    _, errors = run.communicate(timeout=900)
    reader.join(timeout=60)  # it ends when every process writing to the terminal has
    os.close(master)
    printed = b"".join(shown).decode()
    assert run.returncode == 0, errors[-3000:]
    assert "\r\x1b[K" in printed  # the bar erased before a line
    assert re.search(r"      drawing \[#{20}\] 1 of 1 beats, \d+ s\r\n", printed), printed[-3000:]
    scenes = [s["id"] for s in json.loads((build / "lesson.json").read_text())["scenes"]]
    n = scenes.index("phrase") + 1
    assert (f"scene {n} of {len(scenes)} phrase: taken up at depends-on-fluffy-and-blue by its "
            "run begun during the narration") in printed
    assert f"scene {n} of {len(scenes)} phrase: drew 1 of 4 beats" in printed
    for i, scene_id in enumerate(scenes, 1):
        if scene_id != "phrase":
            assert f"scene {i} of {len(scenes)} {scene_id}: cached" in printed
    assert not list(Path(tempfile.gettempdir()).glob(f"lesson-ahead-{run.pid}-*"))  # no debris


def _read_terminal(master: int, into: list[bytes]) -> None:
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: no process has the terminal open any more
            return
        if not chunk:
            return
        into.append(chunk)


def one_line(done: subprocess.CompletedProcess) -> str:
    """The one line on stderr of a refused run (exit code 1, no traceback)."""
    assert done.returncode == 1, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    return lines[0]


def test_render_makes_every_lesson_of_the_course_and_its_page(rendered_lesson):
    """The session's render of the project's course.yaml: every `lesson:` stop fully made in its
    own folder (its video as long as its narration, at -16 LUFS, its player and package), and the
    course page linking each with its title, poster and length."""
    import html

    import av
    import yaml

    course = yaml.safe_load((REPO / "course.yaml").read_text(encoding="utf-8"))
    lessons = [s["lesson"] for s in course["stops"] if "lesson" in s]
    assert len(lessons) >= 2
    root = rendered_lesson.root.parent
    page = (root / "index.html").read_text(encoding="utf-8")
    for lesson in lessons:
        build = root / lesson
        manifest = json.loads((build / "lesson.json").read_text(encoding="utf-8"))
        with av.open(str(build / "lesson.mp4")) as f:
            seconds = float(f.duration / av.time_base)
        assert seconds == pytest.approx(manifest["duration"], abs=0.1), lesson
        assert manifest["loudness"]["integrated_lufs"] == pytest.approx(-16, abs=1), lesson
        for name in ("index.html", "lesson-scorm12.zip", "poster.jpg", "captions.vtt"):
            assert (build / name).is_file(), (lesson, name)
        total = int(manifest["duration"])
        for shown in (html.escape(manifest["title"]), f'href="{lesson}/index.html"',
                      f'src="{lesson}/poster.jpg"', f"{total // 60}:{total % 60:02}"):
            assert shown in page, (lesson, shown)


def render_py(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "render.py"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("command", [["player"], ["still", "key-contains"], ["video"], ["package"],
                                     ["sheets"], ["clips"]], ids=lambda c: c[0])
def test_a_lesson_json_naming_no_lesson_is_one_line_naming_it(tmp_path, command):
    """Every command reading a lesson.json chooses the lesson it names (work_on, clips too); a
    lesson no module declares is one line naming the lesson.json, before any work."""
    from dataclasses import replace

    from player_fixtures import timed_manifest

    from transcript.manifest import write_manifest

    build = tmp_path / "build"
    manifest = build / "attention" / "lesson.json"
    manifest.parent.mkdir(parents=True)
    write_manifest(replace(timed_manifest(), lesson="no-such-lesson"), manifest)
    line = one_line(render_py(*command, "--lesson", "attention", "--build", str(build)))
    assert line.startswith(f"render.py {command[0]}: {manifest}: lesson 'no-such-lesson': "
                           "no module attention.no_such_lesson declares it; "), line
    assert sorted(p.name for p in manifest.parent.iterdir()) == ["cache", "lesson.json"]  # the lock's


def test_a_lesson_named_twice_is_worked_on_once_in_the_order_named(tmp_path):
    """`--lesson X --lesson X` is X once (a command working on one lesson takes it), the
    lessons in the order first named."""
    import argparse

    from cli.lessons import targets

    other = tmp_path / "other.yaml"
    other.write_text("id: other-lesson\n", encoding="utf-8")
    build = tmp_path / "build"
    args = argparse.Namespace(lesson=["attention", str(other), "attention", str(other)],
                              course=REPO / "course.yaml", build=build)
    assert [(t.id, t.build) for t in targets(args, "render")] == [
        ("attention", build / "attention"), ("other-lesson", build / "other-lesson")]
    args.lesson = ["attention", "attention"]
    assert [t.id for t in targets(args, "player")] == ["attention"]


def test_the_same_lesson_twice_on_the_command_line_is_not_refused(tmp_path):
    """A command working on one lesson given it twice goes on to its work: here, the first
    thing it needs (lesson.json, not made yet) is its one error line."""
    build = tmp_path / "build"
    line = one_line(render_py("player", "--lesson", "attention", "--lesson", "attention",
                              "--build", str(build)))
    assert line.startswith(f"render.py player: {build / 'attention' / 'lesson.json'} does not exist"), line


def test_a_folder_named_like_a_lesson_id_leaves_it_an_id(tmp_path):
    """`--lesson attention` is the lesson id even where a folder attention/ is in the current
    folder (the project's own is): with a course that does not list it, it is refused as no
    lesson of the course, not read as a lesson YAML."""
    assert (REPO / "attention").is_dir()
    build = tmp_path / "build"
    line = one_line(render_py("player", "--lesson", "attention", "--course",
                              str(REPO / "tests" / "lessons" / "tiny" / "course.yaml"),
                              "--build", str(build)))
    assert line.startswith("render.py player: --lesson 'attention' is no lesson of the course "
                           "course.yaml; give one of its lessons: tiny"), line
    assert not build.exists()


@pytest.mark.parametrize("option", ["--build", "--lesson"])
def test_a_path_that_cannot_be_looked_at_is_one_line_before_any_work(tmp_path, option):
    """An OSError while the lessons and the build root are checked (a name too long for the
    file system, here) is one line naming the path, not a traceback."""
    long = "a" * 300
    given = ["--lesson", "attention", "--build", str(tmp_path / long)] if option == "--build" else [
        "--lesson", f"{long}.yaml", "--build", str(tmp_path / "build")]
    line = one_line(render_py("player", *given, cwd=tmp_path))
    assert line.startswith("render.py player: File name too long (") and long in line, line
    assert "nothing was written" in line
    assert sorted(tmp_path.iterdir()) == []
