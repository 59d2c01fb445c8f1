"""Render one lesson scene with Manim: its beats to MP4 files, a still of a beat, or its timeline."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from manim import tempconfig

from common.files import atomic_output, temp_path
from common.settings import QUALITIES
from scenes import scene_class
from scenes.base import LessonScene, StopAfterBeat
from scenes.style import BACKGROUND
from scenes.timing import SceneTiming, scene_timing
from transcript.manifest import Manifest
from video.encode import video_args
from video.frames import PipeTarget, ffmpeg_sink
from video.lesson_video import concat_video


@contextmanager
def manim_config(quality: str, media_dir: Path, scene_id: str = "any") -> Iterator[None]:
    """Manim's settings for one render: size, frame rate, and every file it writes under build/.

    Each scene gets its own LaTeX folder: scenes drawn at once in two processes would otherwise
    race on the same .tex/.dvi files.
    """
    q = QUALITIES[quality]
    width, height, fps = q.width, q.height, q.fps
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


def rehearse(timing: SceneTiming, quality: str, media_dir: Path) -> LessonScene:
    """Run the scene's beats for their timing only (no animation, no pixel), so a word a beat
    waits for and its sentence lacks fails here, before anything of the scene is drawn."""
    with manim_config(quality, media_dir, timing.scene_id):
        scene = scene_class(timing.scene_id)(timing, skip=True, rehearse=True)
        scene.construct()  # not render(): Manim would insist on a video of its (absent) plays
    return scene


def render_beats(timing: SceneTiming, quality: str, outputs: dict[str, Path],
                 media_dir: Path) -> LessonScene:
    """Draw the beats named in `outputs`, each into its file with its last frame beside it as a
    JPEG (same name, .jpg); the other beats only run.

    Each file is written beside its target and renamed into place when complete.
    """
    q = QUALITIES[quality]
    width, height, fps = q.width, q.height, q.fps
    scene_id = timing.scene_id
    for sentence_id in outputs:
        timing.beat(sentence_id)  # an unknown id fails before drawing
    rehearse(timing, quality, media_dir)  # so does a word its sentence lacks
    tmps = {sid: temp_path(out) for sid, out in outputs.items()}
    first = timing.beats[0]
    lead_in = (first.start / fps,) if first.start else ()  # the first sentence starts on a keyframe
    targets = {sid: PipeTarget(tmp, width, height, fps,
                               tuple(video_args(quality, lead_in if sid == first.sentence_id else ())),
                               poster=_poster_of(tmp))
               for sid, tmp in tmps.items()}
    for out in outputs.values():
        out.parent.mkdir(parents=True, exist_ok=True)
    try:
        with manim_config(quality, media_dir, scene_id):
            scene = scene_class(scene_id)(timing, draw=set(outputs), sink=ffmpeg_sink(targets))
            scene.render()
        counts = scene.renderer.file_writer.counts  # type: ignore[union-attr]  # our FfmpegSink
        for sid in outputs:
            if counts.get(sid) != timing.file_frames(sid):
                raise RuntimeError(f"beat {sid!r} of scene {scene_id!r} drew {counts.get(sid)} "
                                   f"frames, its sentence spans {timing.file_frames(sid)}")
        for sid, out in outputs.items():
            os.replace(_poster_of(tmps[sid]), out.with_suffix(".jpg"))
            os.replace(tmps[sid], out)  # last: a beat counts as cached once its video is there
    finally:
        for tmp in tmps.values():
            tmp.unlink(missing_ok=True)
            _poster_of(tmp).unlink(missing_ok=True)
    return scene


def render_scene(scene_id: str, manifest: Manifest, quality: str, out: Path,
                 media_dir: Path) -> LessonScene:
    """The whole scene as one video-only MP4 at `out`."""
    fps = QUALITIES[quality].fps
    timing = scene_timing(manifest, scene_id, fps)
    tmp = temp_path(out.with_name("beats"))
    try:
        files = {b.sentence_id: tmp / f"{b.sentence_id}.mp4" for b in timing.beats}
        scene = render_beats(timing, quality, files, media_dir)
        concat_video(list(files.values()),
                     [timing.file_frames(sid) / fps for sid in files], out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return scene


def scene_timeline(scene_id: str, manifest: Manifest, quality: str, media_dir: Path,
                   inspect: bool = True) -> LessonScene:
    """Run the scene without drawing a pixel: its beats, frames and (optionally) text layout."""
    fps = QUALITIES[quality].fps
    with manim_config(quality, media_dir, scene_id):
        scene = scene_class(scene_id)(scene_timing(manifest, scene_id, fps), skip=True,
                                      inspect=inspect)
        scene.render()
    return scene


def beat_still(scene_id: str, sentence_id: str, manifest: Manifest, quality: str, out: Path,
               media_dir: Path) -> Path:
    """A PNG of the last frame of one beat, without drawing the frames before it."""
    fps = QUALITIES[quality].fps
    with manim_config(quality, media_dir, scene_id):
        timing = scene_timing(manifest, scene_id, fps)
        timing.beat(sentence_id)  # unknown ids fail here, before any drawing
        scene = scene_class(scene_id)(timing, skip=True, stop_after=sentence_id)
        try:
            scene.render()
        except StopAfterBeat:
            pass
        scene.renderer.skip_animations = False  # it draws nothing while skipping
        scene.renderer.update_frame(scene, ignore_skipping=True)  # type: ignore[call-arg]  # Cairo's
        image = scene.renderer.camera.get_image()  # type: ignore[union-attr]  # Cairo's camera
    with atomic_output(out) as tmp:
        image.save(tmp, format="PNG")
    return out


def _poster_of(tmp: Path) -> Path:
    """Where a beat's temporary poster goes: a temporary name too, so debris is swept."""
    return tmp.with_name(tmp.name.removesuffix(".mp4") + ".jpg")
