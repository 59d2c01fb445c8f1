"""Contact sheets: one per beat, its frames every 0.25 s, from the real drawing of the scene."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image

import render
from common.settings import QUALITIES
from scenes.timing import scene_timing
from video.scene_render import beat_still
from video.sheets import COLUMNS, STEP, sample_scene, sheet_times

LOW = QUALITIES["low"]
FPS = QUALITIES["low"].fps


def rows(m, sentence_id: str) -> int:
    """The rows of frames a beat's sheet has: a frame every STEP seconds, COLUMNS a row."""
    span = m.beat_span(sentence_id)
    return -(-int(np.ceil((span.end - span.start) / STEP - 1e-6)) // COLUMNS)


def test_sheets_command_writes_a_sheet_per_beat_with_a_frame_every_quarter_second(
        flite_narration, tmp_path):
    m = flite_narration.manifest
    # a scene of few beats, two of which need different numbers of rows
    scene = min((sc.id for sc in m.scenes
                 if len({rows(m, s.id) for s in m.sentences_of(sc.id)}) > 1),
                key=lambda sid: len(m.sentences_of(sid)))
    build = tmp_path / "build" / "attention"
    build.mkdir(parents=True)
    shutil.copy(flite_narration.paths.manifest, build / "lesson.json")
    assert render.main(["sheets", "--lesson", "attention", "--build", str(build.parent), "--quality", "low",
                        "--scene", scene]) == 0
    sheets = sorted((build / "sheets").glob("*.png"))
    assert [p.name for p in sheets] == sorted(f"{scene}--{s.id}.png" for s in m.sentences_of(scene))
    heights = sorted((rows(m, s.id), Image.open(build / "sheets" / f"{scene}--{s.id}.png").size[1])
                     for s in m.sentences_of(scene))
    # a longer beat gets more rows of frames, and its sheet is taller by whole rows
    (r1, h1), (r2, h2) = heights[0], heights[-1]
    assert r2 > r1 and (h2 - h1) % (r2 - r1) == 0 and h2 > h1
    row = (h2 - h1) // (r2 - r1)
    assert all(h - h1 == (r - r1) * row for r, h in heights)


def test_sampled_frames_are_the_scenes_own_and_show_motion(flite_narration, tmp_path):
    m = flite_narration.manifest
    times = sheet_times(m, "broadcast", FPS)
    first = times["all-in-parallel"]
    assert all(0 < b - a <= round(STEP * FPS) + 1 for a, b in zip(first, first[1:]))
    sampled = sample_scene("broadcast", m, LOW, tmp_path / "media", set(first))
    assert set(sampled.frames) == set(first)
    frames = [sampled.frames[n].astype(int) for n in first]
    assert any(np.abs(a - b).mean() > 0.5 for a, b in zip(frames, frames[1:]))  # it moves
    last_beat = m.sentences_of("broadcast")[-1].id
    still = beat_still("broadcast", last_beat, m, LOW, tmp_path / "still.png", tmp_path / "media")
    still = np.asarray(Image.open(still).convert("RGB")).astype(int)
    assert np.abs(still - sampled.last.astype(int)).mean() < 1.0  # the beat's own last frame


def lesson_frames(video: Path, numbers: list[int]) -> dict[int, np.ndarray]:
    """The frames `numbers` of `video` (RGB, by frame number), decoded once."""
    w, h = (int(v) for v in subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height",
         "-of", "csv=p=0", str(video)], capture_output=True, text=True, check=True).stdout.split(","))
    chosen = "+".join(f"eq(n\\,{n})" for n in sorted(numbers))
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-vf", f"select={chosen}",
                          "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)
    assert len(frames) == len(set(numbers)), "a frame asked for is not in the video"
    return dict(zip(sorted(set(numbers)), frames))


def test_each_scene_opens_on_the_picture_the_previous_one_ended_on(flite_narration, rendered_lesson):
    """No cut to black between scenes: in the lesson video, a scene's first frame is close to the
    previous scene's last: the old picture is still there, fading, while what it keeps starts
    moving (a cut to an empty frame, with the new scene's first play starting, differs by about
    the whole picture). Scenes that declare a cut (`follows = None`) are exempt."""
    from scenes import scene_class
    from scenes.style import BACKGROUND

    m = flite_narration.manifest
    ids = [s.id for s in m.scenes]
    starts = dict(zip(ids, np.cumsum([0] + [scene_timing(m, i, FPS).frames for i in ids]).tolist()))
    opened = [(previous, scene_id) for previous, scene_id in zip(ids, ids[1:])
              if scene_class(scene_id).follows is not None]
    for previous, scene_id in zip(ids, ids[1:]):
        follows = scene_class(scene_id).follows
        assert follows in (previous, None), f"{scene_id} follows {follows}, the YAML puts {previous}"
    assert opened, "no scene opens on the picture before it"
    frames = lesson_frames(rendered_lesson.root / "lesson.mp4",
                           [n for _, sid in opened for n in (starts[sid] - 1, starts[sid])])
    empty = np.array([int(BACKGROUND.to_hex()[k:k + 2], 16) for k in (1, 3, 5)])
    far = []
    for previous, scene_id in opened:
        last, first = (frames[n].astype(int) for n in (starts[scene_id] - 1, starts[scene_id]))
        cut = np.abs(last - empty).mean()
        if np.abs(first - last).mean() >= 0.85 * cut:
            far.append(f"{previous} -> {scene_id}: {np.abs(first - last).mean():.1f} "
                       f"(a cut would be {cut:.1f})")
    assert far == []
