"""The build folder is the project's alone, and a run publishes its outputs together or not at all:
other programs' files are never touched, Ctrl-C or a full disk leaves the build as it was, and a
run killed while publishing is finished by the next."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from common.files import touch
from common.lock import build_lock
from common.paths import BuildPaths
from common.stage import COMPLETE, stage_folder
from tests.test_hardening import FAST, LESSON, REPO, descendants, run_render, wait_for

# What other programs leave in folders: an office suite's lock and autosave, an editor's swap and
# lock files, a hidden playlist, a download in progress.
OTHERS = [".~lock.notes.odt#", ".notes.odt.tmp", ".notes.txt.swp", ".#notes.txt", ".playlist.m3u",
          ".film.mp4.part", ".x.1234-0123abcd.tmp.mp4"]


def snapshot(root: Path, skip: str | None = None) -> dict[str, str]:
    """Every file under `root` (but the folder `skip`) and a digest of its bytes."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and not (skip and rel.parts[0] == skip):
            out[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def one_line(proc: subprocess.CompletedProcess | subprocess.Popen, err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def render_py(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "render.py"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_a_folder_of_other_programs_files_is_refused_and_left_as_it_was(tmp_path):
    folder = tmp_path / "home"
    (folder / "Documents").mkdir(parents=True)
    for name in OTHERS:
        (folder / "Documents" / name).write_text(name)
    (folder / "notes.odt").write_text("my notes")
    before = snapshot(folder)
    done = render_py("player", "--lesson", "attention", "--build", str(folder))
    assert done.returncode == 1
    line = one_line(done, done.stderr)
    assert f"--build {folder} holds files this project did not make" in line
    assert "'Documents'" in line and "new or empty folder" in line
    assert snapshot(folder) == before
    assert sorted(p.name for p in folder.iterdir()) == ["Documents", "notes.odt"]


def test_a_project_build_sweeps_only_its_own_temporaries(tmp_path):
    build = tmp_path / "build" / "attention"  # the lesson's folder in the build
    first = render_py("player", "--lesson", "attention", "--build", str(build.parent))  # fails (no lesson.json) but claims it
    assert first.returncode == 1 and "lesson.json" in first.stderr
    assert (build / "cache" / "render.lock").is_file()
    theirs = []
    for folder in (build, build / "notes", build / "clips"):
        folder.mkdir(parents=True, exist_ok=True)
        for name in OTHERS:
            (folder / name).write_text(name)
            theirs.append(folder / name)
    dead = 999_999_999  # no such process: what a killed run left
    ours = [build / f".lesson.{dead}-0123abcd.lesson-tmp.json",
            build / "clips" / f".softmax.{dead}-89abcdef.lesson-tmp.mp4",
            build / "player" / f".player.{dead}-00000000.lesson-tmp.js",
            build / "cache" / "beats" / f".beat.{dead}-11111111.lesson-tmp.mp4",
            build / "cache" / ".beats-old-run"]  # what an older version of the project named them
    for path in ours:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("debris")

    again = render_py("player", "--lesson", "attention", "--build", str(build.parent))
    assert again.returncode == 1 and "lesson.json" in again.stderr
    assert [p for p in ours if p.exists()] == []
    assert [p for p in theirs if not p.exists()] == []
    assert all(p.read_text() == p.name for p in theirs)


def test_ctrl_c_while_an_edit_is_drawn_leaves_the_complete_build_as_it_was(tmp_path, rendered_lesson):
    build = rendered_lesson.copy(tmp_path / "build")
    before = snapshot(build, skip="cache")
    assert {"lesson.mp4", "lesson.json", "narration.wav", "index.html", "lesson-scorm12.zip"} <= set(before)
    text = LESSON.read_text(encoding="utf-8")
    edited = tmp_path / "lesson.yaml"
    old = next(line for line in text.splitlines() if "text:" in line)  # the first sentence
    edited.write_text(text.replace(old, old.replace("phrase", "sentence"), 1), encoding="utf-8")
    assert edited.read_text() != text

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a terminal's job
    try:
        proc = run_render("render", "--build", str(build.parent), "--lesson", str(edited), *FAST,
                          start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    stage = stage_folder(BuildPaths(build))
    beats = build / "cache" / "beats"
    # Drawing the edited beat: by now the narration is levelled and staged beside it.
    wait_for(lambda: any(p.name.startswith(".") for p in beats.rglob("*")), 300, "a beat to be drawn")
    wait_for(lambda: (stage / "lesson.json").exists()
             and not os.path.samefile(stage / "lesson.json", build / "lesson.json")
             or proc.poll() is not None, 120, "the edited narration to be staged")
    assert proc.poll() is None, "the render ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out[-1500:], err[-1500:])
    line = one_line(proc, err)
    assert "every output is as it was" in line
    assert snapshot(build, skip="cache") == before
    assert not stage.exists()
    wait_for(lambda: not descendants(proc.pid), 10, "every child to end")


def write_tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_a_run_killed_while_publishing_is_finished_by_the_next(tmp_path):
    build = BuildPaths(tmp_path / "build")
    write_tree(build.root, {"lesson.json": "old", "index.html": "old", "clips/a.mp4": "old",
                            "clips/gone.mp4": "old", "notes.txt": "the author's"})
    build.lock.parent.mkdir(parents=True)
    build.lock.touch()
    # Killed mid-publish: index.html and clips/new.mp4 already renamed, the rest still staged.
    stage = stage_folder(build)
    write_tree(stage, {"lesson.json": "new", "clips/a.mp4": "new", COMPLETE: "clips/gone.mp4\n"})
    write_tree(build.root, {"index.html": "new", "clips/new.mp4": "new"})
    os.link(build.root / "index.html", stage / "index.html")
    with build_lock(build, "test"):
        pass
    assert snapshot(build.root, skip="cache") == snapshot_of({
        "lesson.json": "new", "index.html": "new", "clips/a.mp4": "new", "clips/new.mp4": "new",
        "notes.txt": "the author's"})
    assert not stage.exists()


def test_a_run_killed_before_publishing_leaves_the_build_as_it_was(tmp_path):
    build = BuildPaths(tmp_path / "build")
    write_tree(build.root, {"lesson.json": "old", "clips/a.mp4": "old"})
    build.lock.parent.mkdir(parents=True)
    build.lock.touch()
    stage = stage_folder(build)
    write_tree(stage, {"lesson.json": "new", "clips/a.mp4": "new"})  # no mark: not complete
    with build_lock(build, "test"):
        pass
    assert snapshot(build.root, skip="cache") == snapshot_of({"lesson.json": "old", "clips/a.mp4": "old"})
    assert not stage.exists()


def snapshot_of(files: dict[str, str]) -> dict[str, str]:
    return {rel: hashlib.sha256(text.encode()).hexdigest() for rel, text in sorted(files.items())}


@pytest.fixture
def small_disk(tmp_path):
    """A real file system of 4 MiB (tmpfs), mounted for the test."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs root")
    mount = tmp_path / "disk"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], check=True)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def test_a_full_disk_is_one_line_and_leaves_the_build_as_it_was(small_disk, flite_build):
    build = small_disk / "build" / "attention"
    build.mkdir(parents=True)
    for path in (flite_build.manifest, flite_build.captions, flite_build.chapters):
        shutil.copy(path, build / path.name)  # an earlier run's outputs, small enough to fit
    (build / "cache").mkdir()
    (build / "cache" / "render.lock").touch()
    before = snapshot(build, skip="cache")
    done = render_py("audio", "--lesson", "attention", "--build", str(build.parent), "--voice", "flite")  # needs far more than 4 MiB
    assert done.returncode == 1, done.stdout[-2000:]
    line = one_line(done, done.stderr)
    assert line.startswith("render.py audio: no space left on the disk of ") and str(build) in line, line
    assert "free some space" in line and "every output is as it was" in line
    assert snapshot(build, skip="cache") == before
    assert not stage_folder(BuildPaths(build)).exists()
    assert [p for p in build.rglob(".*") if "lesson-tmp" in p.name] == []


def test_relative_paths_are_the_callers(tmp_path):
    """`./lesson` runs from the checkout, but a relative --build means the folder the user is in."""
    done = subprocess.run(["bash", str(REPO / "lesson"), "player", "--lesson", "attention", "--build", "relative-build"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 1
    assert f"{tmp_path / 'relative-build' / 'attention' / 'lesson.json'} does not exist" in done.stderr
    assert (tmp_path / "relative-build" / "attention" / "cache" / "render.lock").is_file()
    assert not (REPO / "relative-build").exists()


def test_a_build_path_latex_and_manim_cannot_read_still_renders(tmp_path, flite_build):
    """`%`, `~`, `\\` end a LaTeX path and `{…}` is a Manim folder template: the render still works."""
    build = tmp_path / "Kurs 50% {neu} ~a\\b" / "build" / "attention"
    build.mkdir(parents=True)
    for path in (flite_build.manifest, flite_build.narration):
        shutil.copy(path, build / path.name)
    done = render_py("still", "--lesson", "attention", "formula-in-one-line", "--build", str(build.parent), "--quality", "low")
    assert done.returncode == 0, done.stderr[-3000:]
    png = build / "stills" / "formula--formula-in-one-line.png"
    assert done.stdout.strip().splitlines()[-1] == str(png)
    assert png.stat().st_size > 1000 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_links_to_unreadable_paths_leave_none_behind_whose_folder_is_gone(tmp_path, monkeypatch):
    """Each build folder LaTeX cannot read gets a link in the temporary folder, kept for the next
    run; a link whose folder was deleted is removed when another is made, others' files are not."""
    from video.scene_render import readable_path
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    gone, kept, plain = tmp_path / "50% gone", tmp_path / "50% kept", tmp_path / "plain"
    for folder in (gone, kept, plain):
        folder.mkdir()
    theirs = tmp_path / "tmp" / "someone-elses-link"
    theirs.symlink_to(tmp_path / "nowhere")
    first, second = readable_path(gone), readable_path(kept)
    assert first.resolve() == gone and second.resolve() == kept and readable_path(plain) == plain
    assert readable_path(kept) == second  # the same link again
    gone.rmdir()
    third = readable_path(tmp_path / "100% new")
    assert not first.is_symlink() and second.resolve() == kept and third.is_symlink()
    assert theirs.is_symlink()
    assert sorted(p.name for p in (tmp_path / "tmp").iterdir()) == sorted(
        [second.name, third.name, theirs.name])


# --- symbolic links in the build ---------------------------------------------------------------

LINKED = ["player", "clips", "stills", "scenes", "sheets", "cache", "clips/more", "cache/stage",
          "cache/voice"]


def narrated_copy(flite_build: BuildPaths, dest: Path) -> Path:
    """A build of its own at `dest` (the --build to give) holding the flite narration (what
    `render.py player` reads) in its lesson's folder `dest/attention/`, which it returns."""
    shutil.copytree(flite_build.root, dest / "attention", symlinks=True)
    return dest / "attention"


def elsewhere(tmp_path: Path) -> Path:
    """A folder of the user's outside the build, holding files named as the render names its own."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    for name in ("player.js", "player.css", "index.html", "render.lock", "notes.txt"):
        (folder / name).write_text(f"mine: {name}")
    return folder


@pytest.mark.parametrize("linked", LINKED)
def test_a_symlinked_folder_in_the_build_is_refused_and_what_it_leads_to_is_left_alone(
        tmp_path, flite_build, linked):
    """`render` through a build whose clips/ or player/ linked to a folder elsewhere overwrote the
    files there; every folder a run writes into is checked before anything is written."""
    build = narrated_copy(flite_build, tmp_path / "build")
    outside = elsewhere(tmp_path)
    link = build / linked
    shutil.rmtree(link, ignore_errors=True)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside, target_is_directory=True)
    before, names = snapshot(outside), sorted(os.listdir(outside))
    done = render_py("player", "--lesson", "attention", "--build", str(build.parent))
    assert done.returncode == 1, (done.stdout[-1000:], done.stderr[-1000:])
    line = one_line(done, done.stderr)
    assert line.startswith(f"render.py player: {link} is a symbolic link to {outside}"), line
    assert "remove the link" in line
    assert snapshot(outside) == before and sorted(os.listdir(outside)) == names
    assert link.is_symlink() and not (build / "index.html").exists()


def test_a_symlinked_lock_is_refused_and_what_it_leads_to_is_left_alone(tmp_path, flite_build):
    build = narrated_copy(flite_build, tmp_path / "build")
    outside = elsewhere(tmp_path)
    (build / "cache" / "render.lock").unlink(missing_ok=True)
    (build / "cache" / "render.lock").symlink_to(outside / "render.lock")
    before = snapshot(outside)
    done = render_py("player", "--lesson", "attention", "--build", str(build.parent))
    assert done.returncode == 1
    assert one_line(done, done.stderr).startswith(
        f"render.py player: {build / 'cache' / 'render.lock'} is a symbolic link")
    assert snapshot(outside) == before


def test_a_linked_output_file_is_replaced_by_the_runs_own_not_written_through(tmp_path, flite_build):
    """A link to a file (here the page) is the author's to make: the run's page takes its place."""
    build = narrated_copy(flite_build, tmp_path / "build")
    outside = elsewhere(tmp_path)
    (build / "index.html").symlink_to(outside / "index.html")
    before = snapshot(outside)
    done = render_py("player", "--lesson", "attention", "--build", str(build.parent))
    assert done.returncode == 0, done.stderr
    assert snapshot(outside) == before
    assert not (build / "index.html").is_symlink() and "<video" in (build / "index.html").read_text()


def test_a_build_folder_given_as_a_link_is_written_inside_what_it_leads_to(tmp_path, flite_build):
    """--build naming a link is where the user keeps the build: it is checked and written as one."""
    build = narrated_copy(flite_build, tmp_path / "disk" / "build")
    link = tmp_path / "build"
    link.symlink_to(build.parent, target_is_directory=True)
    done = render_py("player", "--lesson", "attention", "--build", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and (build / "index.html").is_file() and (build / "player").is_dir()


def test_touching_a_linked_output_replaces_the_link_and_leaves_its_file_alone(tmp_path):
    outside = elsewhere(tmp_path)
    os.utime(outside / "notes.txt", (1_000_000_000, 1_000_000_000))
    link = tmp_path / "clip.mp4"
    link.symlink_to(outside / "notes.txt")
    touch(link)
    assert (outside / "notes.txt").stat().st_mtime == 1_000_000_000
    assert not link.is_symlink() and link.read_text() == (outside / "notes.txt").read_text()
