"""Render one lesson scene with Manim: to an MP4, to a still of a beat, or only its timeline."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from manim import config, tempconfig

from scenes import scene_class
from scenes.base import LessonScene, StopAfterBeat
from scenes.style import BACKGROUND
from scenes.timing import scene_timing
from transcript.manifest import Manifest
from video.encode import QUALITIES, video_args
from video.frames import PipeTarget, ffmpeg_sink


@contextmanager
def manim_config(quality: str, media_dir: Path, scene_id: str = "any") -> Iterator[None]:
    """Manim's settings for one render: size, frame rate, and every file it writes under build/.

    Each scene gets its own LaTeX folder: scenes drawn at once in two processes would otherwise
    race on the same .tex/.dvi files.
    """
    width, height, fps = QUALITIES[quality]
    media_dir.mkdir(parents=True, exist_ok=True)
    with tempconfig({
        "pixel_width": width, "pixel_height": height, "frame_rate": fps,
        "frame_width": 14.222222222222221, "frame_height": 8.0,
        "background_color": BACKGROUND, "media_dir": str(media_dir),
        "tex_dir": str(media_dir / "Tex" / scene_id),
        "disable_caching": True, "progress_bar": "none", "verbosity": "WARNING",
        "write_to_movie": True, "save_last_frame": False, "format": "mp4",
    }):
        yield


def render_scene(scene_id: str, manifest: Manifest, quality: str, out: Path, media_dir: Path) -> LessonScene:
    """Encode `scene_id` into `out` (written beside, then renamed: never a half file at `out`)."""
    width, height, fps = QUALITIES[quality]
    timing = scene_timing(manifest, scene_id, fps)
    keyframes = [0.0] + [b.start / fps for b in timing.beats]
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.stem}.", suffix=".mp4")
    os.close(fd)
    target = PipeTarget(Path(tmp), width, height, fps, tuple(video_args(quality, keyframes)))
    try:
        with manim_config(quality, media_dir, scene_id):
            scene = scene_class(scene_id)(timing, sink=ffmpeg_sink(target))
            scene.render()
        if scene.renderer.file_writer.frames != timing.frames:
            raise RuntimeError(f"scene {scene_id!r} drew {scene.renderer.file_writer.frames} frames, "
                               f"its sentences span {timing.frames}")
        os.replace(tmp, out)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return scene


def scene_timeline(scene_id: str, manifest: Manifest, quality: str, media_dir: Path,
                   inspect: bool = True) -> LessonScene:
    """Run the scene without drawing a pixel: its beats, frames and (optionally) text layout."""
    _, _, fps = QUALITIES[quality]
    with manim_config(quality, media_dir, scene_id):
        scene = scene_class(scene_id)(scene_timing(manifest, scene_id, fps), skip=True,
                                      inspect=inspect)
        scene.render()
    return scene


def beat_still(scene_id: str, sentence_id: str, manifest: Manifest, quality: str, out: Path,
               media_dir: Path) -> Path:
    """A PNG of the last frame of one beat, without drawing the frames before it."""
    _, _, fps = QUALITIES[quality]
    with manim_config(quality, media_dir, scene_id):
        timing = scene_timing(manifest, scene_id, fps)
        timing.beat(sentence_id)  # unknown ids fail here, before any drawing
        scene = scene_class(scene_id)(timing, skip=True, stop_after=sentence_id)
        try:
            scene.render()
        except StopAfterBeat:
            pass
        scene.renderer.update_frame(scene, ignore_skipping=True)
        image = scene.renderer.camera.get_image()
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.stem}.", suffix=".png")
    os.close(fd)
    try:
        image.save(tmp, format="PNG")
        os.replace(tmp, out)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return out
