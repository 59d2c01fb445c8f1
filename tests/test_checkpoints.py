"""Paused copies of a scene (the live preview's): a beat drawn by the copy paused where it
begins is the beat a run of the whole scene draws, byte for byte; the copies die with the
worker that made them."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import re
import shutil
import socket
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from retimed import longer

from common.settings import QUALITIES
from player.preview.workers import warm_worker
from scenes.timing import scene_timing
from video import checkpoints
from video.errors import SceneFailed
from video.halves import read_moves
from video.pipeline import BeatStore, _draw, beat_folder, plan, render_beats_needed
from video.scene_render import scene_timeline
from video.workers import stop_workers

LOW = QUALITIES["low"]
FPS = 15
SCENE, FIRST, SECOND = "softmax", "softmax-squashes", "weights-for-fluffy-and-blue"


def answers(path) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        try:
            s.connect(str(path))
        except OSError:
            return False
    return True


@pytest.fixture
def copies():
    """A folder for the copies' sockets with a short path, as the preview makes it (a socket's path
    has at most 107 bytes; a test's own folder under a pytest worker's can be longer)."""
    folder = checkpoints.socket_folder("lesson-copies-")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_paused_copy_draws_the_beat_a_scene_run_draws_and_dies_with_its_worker(
        flite_narration, tmp_path, monkeypatch, copies):
    m = flite_narration.manifest
    # Both beats longer: the second starts later and lasts longer, from the same picture.
    edited = longer(longer(m, FIRST, 3, FPS), SECOND, 4, FPS)

    # The reference: the edited scene run as a render runs it, in this process.
    run = tmp_path / "run"
    render_beats_needed(edited, LOW, run, jobs=1, only=[SCENE], progress=lambda line: None,
                        rehearsed=True)
    reference = {j.sentence_id: j.path.read_bytes() for j in plan(edited, LOW, run, [SCENE])}
    # The copies' Manim folder: a copy of the one the reference run built its pictures in (this
    # test is about drawing them, not building them again).
    media = tmp_path / "media"
    shutil.copytree(run / "manim", media)

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=warm_worker, initargs=(os.getpid(), copies, LOW))
    try:
        pool.submit(checkpoints.prime, scene_timing(m, SCENE, FPS), LOW, media).result()
        sockets = sorted(copies.glob("*.sock"))
        assert len(sockets) == 2  # one copy per beat
        assert all(answers(p) for p in sockets)
        # Beside each copy: where its beat moves (from the beat's first frame), to cut it in two.
        beats = scene_timeline(SCENE, m, LOW, media, inspect=False).timeline
        begins = [0] + [b.start for b in beats[1:]]
        assert sorted(read_moves(p.with_suffix(".moves")) for p in sockets) == sorted(
            ([(x - begin, y - begin) for x, y in b.moving], b.end - begin)
            for b, begin in zip(beats, begins))

        # The second beat, drawn from the copy paused where it begins, asked from here.
        monkeypatch.setattr(checkpoints, "_folder", copies)
        monkeypatch.setattr(checkpoints, "_quality", LOW)
        start = plan(edited, LOW, run, [SCENE])[1].start
        assert start is not None and start != "start"
        cache = tmp_path / "cache"
        beats = plan(edited, LOW, cache, [SCENE])
        store = BeatStore(beat_folder(cache, LOW, SCENE), {j.sentence_id: j.key for j in beats},
                          frozenset([SECOND]))
        timing = scene_timing(edited, SCENE, FPS)
        drawn = checkpoints.resume(SCENE, SECOND, start, timing, LOW, store)
        assert drawn == [SECOND]
        video = store.folder / f"{SECOND}-{store.keys[SECOND]}-{start[:16]}.mp4"
        assert video.read_bytes() == reference[SECOND]
        assert video.with_suffix(".end").read_text() == \
            next(run.rglob(f"{SECOND}-*.end")).read_text()
        # The copy waits on for the next edit; a run with no copy to resume from runs the scene.
        assert answers(sockets[0]) and answers(sockets[1])
        assert checkpoints.resume(SCENE, SECOND, "elsewhere", timing, LOW, store) is None
        assert _draw(timing, LOW, store, media, True, (SECOND, "elsewhere"))[0] == SCENE

        # A run the copy takes over that fails reports its place in the scene code, as a run of
        # the scene does (the error crosses processes without its traceback).
        wordless = dataclasses.replace(edited, sentences=tuple(
            dataclasses.replace(x, words=tuple(w for w in x.words if not w.text.startswith("blue")))
            if x.id == SECOND else x for x in edited.sentences))
        again = tmp_path / "again"
        store = BeatStore(beat_folder(again, LOW, SCENE), store.keys, frozenset([SECOND]))
        with pytest.raises(SceneFailed) as failure:
            _draw(scene_timing(wordless, SCENE, FPS), LOW, store, media, True, (SECOND, start))
        assert re.search(r"scenes/(\w+/)*\w+\.py:\d+: scene 'softmax' raised WordNotFound", str(failure.value))
        assert not list(again.rglob("*.mp4")) and not list(again.rglob(".*"))  # no debris
    finally:
        stop_workers(pool)
    deadline = time.monotonic() + 10
    while any(answers(p) for p in sockets) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(answers(p) for p in sockets), "a copy outlived its worker"


def test_under_a_temporary_folder_too_long_for_sockets_the_copies_listen_in_tmp(tmp_path, monkeypatch):
    deep = tmp_path / ("t" * 60) / ("m" * 40)
    deep.mkdir(parents=True)
    monkeypatch.setattr(tempfile, "tempdir", str(deep))
    folder = checkpoints.socket_folder("lesson-scenes-1-")
    try:
        assert folder.parent == Path("/tmp") and oct(folder.stat().st_mode & 0o777) == "0o700"
        path = checkpoints.address(folder, QUALITIES["low"], "s" * 40, "t" * 40, "u" * 64)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.bind(str(path))  # the longest address binds
    finally:
        shutil.rmtree(folder)
    monkeypatch.setattr(checkpoints, "socket_bases", lambda: [deep])
    with pytest.raises(OSError, match="set TMPDIR to a short folder"):
        checkpoints.socket_folder("lesson-scenes-1-")
