"""The head start of a render after an edit (video.ahead): the edited scene is guessed from the
script and the last build's manifest, a worker runs it up to the edited beat meanwhile, and the
beat drawn from the copy it leaves there is the beat a run of the whole scene draws."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from dead_folders import dead_and_live_folders
from retimed import longer

from common.settings import QUALITIES
from scenes.timing import scene_timing
from transcript import load_script
from transcript.loader import DEFAULT_PATH
from video.ahead import Edit, HeadStart, edited_scene
from video.pipeline import plan, render_beats_needed

LOW = QUALITIES["low"]
FPS = 15
SCENE, FIRST, SECOND = "softmax", "softmax-squashes", "weights-for-fluffy-and-blue"
REPO = Path(__file__).resolve().parent.parent


def script_with(tmp_path, *edits: tuple[str, str]):
    """The lesson script with `edits` (old text, new text) made in a copy of its YAML."""
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / f"lesson-{len(list(tmp_path.glob('lesson-*')))}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_script(path)


def test_the_edited_scene_is_the_one_whose_sentences_changed(flite_narration, lesson_script, tmp_path):
    last = flite_narration.manifest
    assert edited_scene(lesson_script, last) is None  # nothing to guess: nothing changed
    one = script_with(tmp_path, ("The adjectives score high.", "The adjectives score very high."))
    assert edited_scene(one, last) == Edit("dot-products", "adjectives-score-high")
    two = script_with(tmp_path, ("The adjectives score high.", "The adjectives score very high."),
                      ("barely registers.", "hardly registers."))
    assert edited_scene(two, last) == Edit("dot-products", "adjectives-score-high")
    apart = script_with(tmp_path, ("The adjectives score high.", "The adjectives score very high."),
                        ("All four tokens do this in parallel.", "All four tokens do this at once."))
    assert edited_scene(apart, last) is None  # two scenes: no single one to start


def test_a_head_start_draws_the_edited_beat_from_the_copy_it_left_there(flite_narration, tmp_path):
    m = flite_narration.manifest
    media = tmp_path / "media"
    last = tmp_path / "last"  # the cache as the last render left it
    render_beats_needed(m, LOW, last, jobs=1, only=[SCENE], progress=lambda line: None, rehearsed=True)
    edited = longer(m, FIRST, 3, FPS)  # its first beat longer; the second starts later, looking the same

    reference = tmp_path / "reference"  # the edit drawn the usual way
    shutil.copytree(last, reference)
    render_beats_needed(edited, LOW, reference, jobs=1, only=[SCENE], progress=lambda line: None,
                        rehearsed=True)
    drawn_alone = plan(edited, LOW, reference, [SCENE])[0].path.read_bytes()

    cache = tmp_path / "cache"
    shutil.copytree(last, cache)
    ahead = HeadStart(LOW)
    try:
        assert ahead.prime(Edit(SCENE, FIRST), scene_timing(m, SCENE, FPS), media)
        said: list[str] = []
        beats = render_beats_needed(edited, LOW, cache, jobs=1, only=[SCENE], progress=said.append,
                                    rehearsed=True, ahead=ahead)
        n = [sc.id for sc in m.scenes].index(SCENE) + 1
        assert f"scene {n} of {len(m.scenes)} {SCENE}: taken up at {FIRST} by its run begun " \
               "during the narration" in said
        assert [j.sentence_id for j in beats if not j.cached] == [FIRST]
        assert beats[0].path.read_bytes() == drawn_alone
        assert len(list(ahead.folder.glob("*.sock"))) == 1  # it ran the scene up to the edit only
    finally:
        ahead.close()
    assert not ahead.folder.exists()

    # A wrong guess (the edited beat is another) costs only the worker's time: the beat is drawn
    # the usual way once the worker has passed the beat it guessed.
    both = longer(edited, SECOND, 2, FPS)
    shutil.copytree(cache, reference / "both")
    render_beats_needed(both, LOW, reference / "both", jobs=1, only=[SCENE],
                        progress=lambda line: None, rehearsed=True)
    ahead = HeadStart(LOW)
    try:
        assert ahead.prime(Edit(SCENE, FIRST), scene_timing(edited, SCENE, FPS), media)
        said = []
        beats = render_beats_needed(both, LOW, cache, jobs=1, only=[SCENE], progress=said.append,
                                    rehearsed=True, ahead=ahead)
    finally:
        ahead.close()
    assert not any("taken up" in line for line in said)
    assert [j.sentence_id for j in beats if not j.cached] == [SECOND]
    assert beats[1].path.read_bytes() == plan(both, LOW, reference / "both", [SCENE])[1].path.read_bytes()


def test_the_copies_folder_of_a_killed_render_is_swept_by_the_next(tmp_path, monkeypatch):
    from video import ahead, checkpoints

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone, alive = dead_and_live_folders(tmp_path, "lesson-ahead")
    fresh = ahead._copies_folder()
    try:
        assert not gone.exists() and alive.exists()
        assert fresh.parent in checkpoints.socket_bases()  # where a socket's path fits
        assert fresh.name.startswith(f"lesson-ahead-{os.getpid()}-")
    finally:
        fresh.rmdir()


# (how the render is stopped, when: as it reads the script while the worker starts, or once the
# worker has left a paused copy of the edited scene)
STOPS = [("ctrl-c", "reading"), ("ctrl-c", "copy"), ("kill", "copy")]


@pytest.mark.parametrize("how, when", STOPS, ids=[f"{h}-{w}" for h, w in STOPS])
def test_a_render_stopped_during_its_head_start_leaves_no_worker_no_copy_no_folder(rendered_lesson,
                                                                                  tmp_path, how,
                                                                                  when):
    """Ctrl-C (to the whole foreground group, as a terminal sends it) or SIGKILL while the
    worker starts or primes the edited scene: the worker and its paused copies end with the
    render; after Ctrl-C their folder is gone, after a kill the next render's sweep removes it.
    A Ctrl-C while the script was read (as the aligner's module loaded) was lost, and the render
    went on to the end."""
    from test_hardening import alive, descendants, wait_for

    from video import checkpoints

    build = rendered_lesson.copy(tmp_path / "build")
    edited = tmp_path / "lesson.yaml"
    edited.write_text(DEFAULT_PATH.read_text(encoding="utf-8").replace(
        "The adjectives score high.", "The adjectives score very high."), encoding="utf-8")
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a foreground job
    try:
        run = subprocess.Popen([sys.executable, str(REPO / "render.py"), "render", "--build",
                                str(build.parent), "--quality", "low", "--voice", "flite", "--lesson",
                                str(edited)], cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, before)

    def folders() -> list[Path]:
        return [f for base in checkpoints.socket_bases() for f in base.glob(f"lesson-ahead-{run.pid}-*")]

    try:
        if when == "reading":  # the folder is made as the worker starts, before the script is read
            wait_for(lambda: folders() != [], 300, "the copies' folder")
        else:
            wait_for(lambda: any(any(f.glob("*.sock")) for f in folders()), 300, "a paused copy")
        below = descendants(run.pid)  # the worker, its copies (and whatever else runs now)
        assert len(below) >= 2
        if how == "ctrl-c":
            os.killpg(run.pid, signal.SIGINT)
        else:
            run.send_signal(signal.SIGKILL)
        out, err = run.communicate(timeout=60)
    finally:
        run.kill()
    wait_for(lambda: not any(alive(p) for p in below), 20, "the worker and its copies to end")
    if how == "ctrl-c":
        assert run.returncode == 130, (out[-1500:], err[-1500:])
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert folders() == []
    else:
        assert folders()  # a killed render cannot remove it
        for base in checkpoints.socket_bases():
            checkpoints.sweep_dead(base, "lesson-ahead-")
        assert folders() == []
