"""A beat drawn in two processes (the live preview's longest waits): each draws its share of
the frames, and the joined file shows the frames a whole run draws."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time

import numpy as np
import pytest

from common.settings import QUALITIES
from scenes import scene_class
from scenes.adapter import FrameSink
from scenes.plan import RunPlan
from scenes.timing import scene_timing
from video.cache import beat_file, in_halves, versions
from video.halves import last_took, split_frame, worth_halving, write_took
from video.pipeline import BeatStore, beat_folder, plan, render_beats_needed
from video.scene_render import FOREVER, manim_config, render_beats

LOW = QUALITIES["low"]
FPS = 15
SCENE, FIRST = "softmax", "softmax-squashes"


class Recorded(FrameSink):
    """Keeps a digest of every frame written, repeats included."""

    def emit(self, frame: np.ndarray, repeat: int) -> None:
        self.digests = getattr(self, "digests", [])
        self.digests += [hashlib.sha256(frame.tobytes()).hexdigest()] * repeat


def frames(timing, media, window=None, ends=False):
    with manim_config(LOW, media, SCENE):
        scene = scene_class(SCENE)(timing, RunPlan.drawing({FIRST}, sink=Recorded).but(
            window=window, ends_with_window=ends))
        scene.render()
    return scene, getattr(scene.sink, "digests", [])


def test_two_windows_draw_the_frames_of_one_run_split_inside_a_play(flite_narration, tmp_path):
    timing = scene_timing(flite_narration.manifest, SCENE, FPS)
    whole_scene, whole = frames(timing, tmp_path)
    assert len(whole) == timing.file_frames(FIRST)
    start, end = max(whole_scene.timeline[0].moving, key=lambda m: m[1] - m[0])
    split = (start + end) // 2  # inside the beat's longest play
    assert start < split < end
    first_scene, first = frames(timing, tmp_path, (0, split), ends=True)
    _, second = frames(timing, tmp_path, (split, FOREVER))
    assert first + second == whole
    assert len(first) == split
    assert first_scene.frame < timing.frames  # the first part's run ended with its window


def decoded(video) -> np.ndarray:
    q = subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-f", "rawvideo", "-pix_fmt",
                        "rgb24", "-"], capture_output=True, check=True).stdout
    return np.frombuffer(q, np.uint8).reshape(-1, 480, 854, 3).astype(np.int16)


def keyframes(video) -> list[int]:
    rows = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
                           "packet=flags", "-of", "json", str(video)], capture_output=True,
                          text=True, check=True).stdout
    return [i for i, p in enumerate(json.loads(rows)["packets"]) if "K" in p["flags"]]


def test_a_store_with_halves_draws_a_long_beat_in_two_processes(flite_narration, tmp_path):
    m = flite_narration.manifest
    timing = scene_timing(m, SCENE, FPS)
    whole = tmp_path / "whole.mp4"
    render_beats(timing, LOW, {FIRST: whole}, tmp_path / "media")

    cache = tmp_path / "cache"
    beats = plan(m, LOW, cache, [SCENE])
    store = BeatStore(beat_folder(cache, LOW, SCENE), {j.sentence_id: j.key for j in beats},
                      frozenset(j.sentence_id for j in beats), halves=True)
    frames = timing.file_frames(FIRST)
    # An older version of the first beat took long to draw: this one is drawn in two.
    write_took(store.folder / f"{FIRST}-{'0' * 20}-start.took", 60.0, frames)
    render_beats(timing, LOW, store, tmp_path / "media")

    drawn = plan(m, LOW, cache, [SCENE], halves=True)
    assert all(j.cached for j in drawn)
    assert drawn[0].start is not None  # the picture the scene opens on, what the last handed over
    assert drawn[0].path == in_halves(beat_file_of(store, FIRST, drawn[0].start))  # in halves
    assert drawn[1].path == beat_file_of(store, drawn[1].sentence_id, drawn[1].start)  # whole
    assert not plan(m, LOW, cache, [SCENE])[0].cached  # `render` draws its own

    ours, reference = decoded(drawn[0].path), decoded(whole)
    assert ours.shape == reference.shape  # every frame, in the beat's length
    assert np.abs(ours - reference).mean() < 1.0  # the same pictures, encoded twice
    met = set(keyframes(drawn[0].path)) - set(keyframes(whole))  # the halves' own keyframe
    assert len(met) == 1 and 0 < met.pop() < len(reference)  # where they meet, inside the beat
    assert drawn[0].path.with_suffix(".jpg").exists()
    took = [last_took([j.path.with_suffix(".took")]) for j in drawn]  # each beat drawn: measured
    assert [t[1] for t in took if t] == [timing.file_frames(j.sentence_id) for j in drawn]
    assert all(t and 0 < t[0] < 60 for t in took)
    assert not [p for p in cache.rglob(".*")], "no temporary file left"

    # `render` draws the beat whole and keeps one version of it: the halves go.
    render_beats_needed(m, LOW, cache, jobs=1, only=[SCENE], progress=lambda line: None,
                        rehearsed=True)
    assert not drawn[0].path.exists() and not drawn[0].path.with_suffix(".jpg").exists()
    assert plan(m, LOW, cache, [SCENE])[0].path.read_bytes() == whole.read_bytes()


def beat_file_of(store: BeatStore, sentence_id: str, start: str):
    return beat_file(store.folder, sentence_id, store.keys[sentence_id], start)


def cost(moves, n, frames):
    """The cost model's sum over `frames` of a beat of `n` frames moving at `moves`."""
    from video.halves import HELD, PLAY_START
    c = [HELD] * n
    for a, b in moves:
        c[a:b] = [1.0] * (b - a)
        c[a] += PLAY_START
    return sum(c[f] for f in frames)


@pytest.mark.parametrize("moves", [
    [(0, 15), (55, 64), (68, 86), (86, 91), (91, 95), (95, 107), (107, 110), (110, 119)],
    [(0, 15), (15, 22)],
    [(100, 120)],
])
def test_a_beat_is_cut_where_its_two_parts_cost_the_same(moves):
    """Held frames cost little, moving ones and a play's start much: the cut is where the two
    parts' costs are closest, the second part paying for running the first without pixels."""
    from video.halves import SKIP
    n = max(b for _, b in moves) + 4
    imbalance = {k: abs(cost(moves, n, range(k)) - cost(moves, n, range(k, n)) - SKIP)
                 for k in range(1, n)}
    assert imbalance[split_frame(moves, n, 0, n)] == pytest.approx(min(imbalance.values()))
    assert split_frame(moves, n, 500, 500 + n) == 500 + split_frame(moves, n, 0, n)


def test_a_beat_is_cut_only_when_it_took_long_to_draw_last_time(tmp_path):
    """The second process, the play starts both run and the join cost what a quick beat would
    save; a beat never drawn is drawn whole, and so measured. The time is scaled to the beat's
    new length, and read from its newest version, not from another beat's."""
    folder, sid = tmp_path, "weights"
    assert not worth_halving(last_took(versions(folder, sid, ".took")), 100)  # never drawn
    write_took(folder / f"{sid}-{'a' * 20}-start.took", 0.5, 100)
    write_took(folder / f"{sid}-and-more-{'b' * 20}-start.took", 9.0, 100)  # another beat
    assert not worth_halving(last_took(versions(folder, sid, ".took")), 100)
    newer = folder / f"{sid}-{'c' * 20}-0123456789abcdef-2.took"  # drawn in halves since
    write_took(newer, 2.0, 100)
    os.utime(newer, (time.time() + 5, time.time() + 5))
    assert last_took(versions(folder, sid, ".took")) == (2.0, 100)
    assert worth_halving((2.0, 100), 100) and worth_halving((2.0, 100), 80)  # 1.6 s now
    assert not worth_halving((2.0, 100), 70)  # 1.4 s now


def test_the_cut_follows_the_beats_new_length():
    """Moves recorded under the timing before an edit are stretched to the beat's new length."""
    moves = [(0, 10), (40, 50)]
    assert abs(split_frame(moves, 60, 100, 220) - (100 + 2 * split_frame(moves, 60, 0, 60))) <= 2
