"""Contact sheets: one per beat, its frames every 0.25 s, from the real drawing of the scene."""

from __future__ import annotations

import shutil

import numpy as np
from PIL import Image

import render
from common.settings import QUALITIES
from video.scene_render import beat_still
from video.sheets import COLUMNS, STEP, sample_scene, sheet_times

FPS = QUALITIES["low"].fps


def test_sheets_command_writes_a_sheet_per_beat_with_a_frame_every_quarter_second(
        flite_narration, tmp_path):
    m = flite_narration.manifest
    build = tmp_path / "build"
    build.mkdir()
    shutil.copy(flite_narration.paths.manifest, build / "lesson.json")
    assert render.main(["sheets", "--build", str(build), "--quality", "low",
                        "--scene", "broadcast"]) == 0
    sheets = sorted((build / "sheets").glob("*.png"))
    assert [p.name for p in sheets] == sorted(f"broadcast--{s.id}.png"
                                              for s in m.sentences_of("broadcast"))
    heights = {}
    for s in m.sentences_of("broadcast"):
        span = m.beat_span(s.id)
        shots = int(np.ceil((span.end - span.start) / STEP - 1e-6))
        heights[s.id] = (Image.open(build / "sheets" / f"broadcast--{s.id}.png").size[1],
                         -(-shots // COLUMNS))
    # a longer beat gets more rows of frames, and its sheet is taller by whole rows
    (h1, r1), (h2, r2) = heights.values()
    assert r2 > r1 and (h2 - h1) % (r2 - r1) == 0 and h2 > h1


def test_sampled_frames_are_the_scenes_own_and_show_motion(flite_narration, tmp_path):
    m = flite_narration.manifest
    times = sheet_times(m, "broadcast", FPS)
    first = times["all-in-parallel"]
    assert all(0 < b - a <= round(STEP * FPS) + 1 for a, b in zip(first, first[1:]))
    sampled = sample_scene("broadcast", m, "low", tmp_path / "media", set(first))
    assert set(sampled.frames) == set(first)
    frames = [sampled.frames[n].astype(int) for n in first]
    assert any(np.abs(a - b).mean() > 0.5 for a, b in zip(frames, frames[1:]))  # it moves
    last_beat = m.sentences_of("broadcast")[-1].id
    still = beat_still("broadcast", last_beat, m, "low", tmp_path / "still.png", tmp_path / "media")
    still = np.asarray(Image.open(still).convert("RGB")).astype(int)
    assert np.abs(still - sampled.last.astype(int)).mean() < 1.0  # the beat's own last frame
