"""Render one lesson scene with Manim: its beats to MP4 files, a still of a beat, or its timeline."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from manim import tempconfig

from common.files import atomic_output, atomic_write_text, temp_path
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


BeatTargets = Callable[[str, str], "Path | None"]


def render_beats(timing: SceneTiming, quality: str, outputs: dict[str, Path] | BeatTargets,
                 media_dir: Path, *, rehearsed: bool = False) -> LessonScene:
    """Draw the beats named in `outputs`, each into its file with its last frame beside it as a
    JPEG (same name, .jpg); the other beats only run.

    `outputs` may instead be a function of a beat's sentence id and the digest of the picture it
    starts from, giving the file to draw it into, or None to only run it (it is in the cache, or
    another process draws it); each drawn beat then also gets the digest of the picture it ends
    on beside it (.end). Each file is written beside its target and renamed into place when
    complete. Unless `rehearsed` (the script check ran these words), the beats' timing runs
    first, so a word a beat waits for and its sentence lacks fails before anything is drawn.
    """
    q = QUALITIES[quality]
    width, height, fps = q.width, q.height, q.fps
    scene_id = timing.scene_id
    if isinstance(outputs, dict):
        for sentence_id in outputs:
            timing.beat(sentence_id)  # an unknown id fails before drawing
    if not rehearsed:
        rehearse(timing, quality, media_dir)
    first = timing.beats[0]
    lead_in = (first.start / fps,) if first.start else ()  # the first sentence starts on a keyframe
    chosen: dict[str, Path] = {}
    tmps: dict[str, Path] = {}
    targets: dict[str, PipeTarget] = {}

    def draw(sentence_id: str, start: str = "") -> bool:
        out = outputs.get(sentence_id) if isinstance(outputs, dict) else outputs(sentence_id, start)
        if out is None:
            return False
        out.parent.mkdir(parents=True, exist_ok=True)
        chosen[sentence_id], tmps[sentence_id] = out, temp_path(out)
        targets[sentence_id] = PipeTarget(
            tmps[sentence_id], width, height, fps,
            tuple(video_args(quality, lead_in if sentence_id == first.sentence_id else ())),
            poster=_poster_of(tmps[sentence_id]))
        return True

    if isinstance(outputs, dict):
        for sentence_id in outputs:
            draw(sentence_id)
    try:
        with manim_config(quality, media_dir, scene_id):
            scene = scene_class(scene_id)(timing, draw=set(outputs) if isinstance(outputs, dict)
                                          else draw, sink=ffmpeg_sink(targets))
            scene.render()
        counts = scene.renderer.file_writer.counts  # type: ignore[union-attr]  # our FfmpegSink
        for sid in chosen:
            if counts.get(sid) != timing.file_frames(sid):
                raise RuntimeError(f"beat {sid!r} of scene {scene_id!r} drew {counts.get(sid)} "
                                   f"frames, its sentence spans {timing.file_frames(sid)}")
        ids = [b.sentence_id for b in timing.beats]
        for sid, out in chosen.items():
            os.replace(_poster_of(tmps[sid]), out.with_suffix(".jpg"))
            if not isinstance(outputs, dict):
                later = ids[ids.index(sid) + 1:]
                end = scene.states[later[0]] if later else scene.end_state
                atomic_write_text(out.with_suffix(".end"), f"{end}\n")
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
