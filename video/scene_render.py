"""Render one lesson scene with Manim: its beats to MP4 files, a still of a beat, or its timeline."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from manim import tempconfig

from common.files import atomic_output, atomic_write_text, temp_path
from common.settings import QUALITIES
from scenes import scene_class
from scenes.base import LessonScene, StopAfterBeat
from scenes.style import BACKGROUND
from scenes.timing import SceneTiming, scene_timing
from transcript.manifest import Manifest
from video.cache import in_halves, versions
from video.encode import video_args
from video.frames import PipeTarget, ffmpeg_sink
from video.halves import Moves, last_took, split_frame, worth_halving, write_took
from video.lesson_video import concat_video
from video.workers import tie_to_parent

FOREVER = 1 << 62  # a frame number past any scene's end


@contextmanager
def manim_config(quality: str, media_dir: Path, scene_id: str = "any") -> Iterator[None]:
    """Manim's settings for one render: size, frame rate, and every file it writes under build/.

    Each scene gets its own LaTeX and text folders: scenes drawn at once in two processes would
    otherwise race on the same .tex/.dvi files, or on one text's SVG.
    """
    q = QUALITIES[quality]
    width, height, fps = q.width, q.height, q.fps
    media_dir.mkdir(parents=True, exist_ok=True)
    media_dir = readable_path(media_dir)
    with tempconfig({
        "pixel_width": width, "pixel_height": height, "frame_rate": fps,
        "frame_width": 14.222222222222221, "frame_height": 8.0,
        "background_color": BACKGROUND, "media_dir": str(media_dir),
        "tex_dir": str(media_dir / "Tex" / scene_id),
        "text_dir": str(media_dir / "texts" / scene_id),  # Pango's SVGs: a race between scenes too
        "disable_caching": True, "progress_bar": "none", "verbosity": "WARNING",
        "write_to_movie": True, "save_last_frame": False, "format": "mp4",
    }):
        yield


# What LaTeX cannot read in a path (a comment, an active character, an escape), and what Manim's
# folder templates would take for a placeholder.
UNREADABLE = re.compile(r"[%~\\{}]")


def readable_path(folder: Path) -> Path:
    """`folder`, or where it holds characters LaTeX and Manim cannot take, a link to it in the
    temporary folder under a name of plain letters (one per folder, kept for the next run)."""
    if not UNREADABLE.search(str(folder)):
        return folder
    digest = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    link = Path(tempfile.gettempdir()) / f"attention-lesson-{os.getuid()}-{digest}"
    if not (link.is_symlink() and os.readlink(link) == str(folder)):
        fresh = temp_path(link)
        os.symlink(folder, fresh)
        os.replace(fresh, link)
    return link


def rehearse(timing: SceneTiming, quality: str, media_dir: Path) -> LessonScene:
    """Run the scene's beats for their timing only (no animation, no pixel), so a word a beat
    waits for and its sentence lacks fails here, before anything of the scene is drawn."""
    with manim_config(quality, media_dir, timing.scene_id):
        scene = scene_class(timing.scene_id)(timing, skip=True, rehearse=True)
        scene.construct()  # not render(): Manim would insist on a video of its (absent) plays
    return scene


BeatTargets = Callable[[str, str], "Path | None"]


class BeatRun:
    """The files of one run of a scene: which beats it draws where (asked as each beat begins),
    their encoders, and their publishing once the scene has ended.

    With `halves` (the live preview, where a save waits on one beat), the first beat the run
    draws, if it costs enough (video.halves), is drawn in two processes: a fork draws its first
    part while this process runs on to the second, and the two encodes are joined by stream
    copy. Such a file is not the bytes a single encode gives, so it is kept under its own name
    (`in_halves`).
    """

    def __init__(self, timing: SceneTiming, quality: str,
                 outputs: dict[str, Path] | BeatTargets,
                 done: Callable[[str, str], bool] | None = None, halves: bool = False,
                 moves: tuple[Moves, int] | None = None) -> None:
        """`moves`: where the first beat this run draws moved when last run, and its length
        then (video.halves): its parts are cut where they cost the same."""
        self.timing, self.quality, self.outputs = timing, quality, outputs
        # Whether nothing is left to draw from a beat and picture on (see LessonScene).
        self.done = None if isinstance(outputs, dict) else done or getattr(outputs, "done", None)
        self.halves, self.moves = halves, moves
        self.chosen: dict[str, Path] = {}
        self.tmps: dict[str, Path] = {}
        self.targets: dict[str, PipeTarget] = {}
        self._scene: LessonScene | None = None
        self.first_part: tuple[int, int, Path, str] | None = None  # the fork: pid, pipe, file, beat
        self.is_first_part = False  # in that fork
        if isinstance(outputs, dict):
            for sentence_id in outputs:
                timing.beat(sentence_id)  # an unknown id fails before drawing
                self.draw(sentence_id)

    def draw(self, sentence_id: str, start: str = "") -> bool:
        """Whether to draw this beat (and where: its encoder's target is made here)."""
        if self.is_first_part:
            return False  # a fork drawing the first part of a beat draws nothing else
        outputs = self.outputs
        out = outputs.get(sentence_id) if isinstance(outputs, dict) else outputs(sentence_id, start)
        if out is None:
            return False
        split = self._split_at(sentence_id, out)
        if split is not None:
            out = in_halves(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        self.chosen[sentence_id], self.tmps[sentence_id] = out, temp_path(out)
        self.targets[sentence_id] = self._target(self.tmps[sentence_id], sentence_id, True)
        if split is not None:
            self._fork(sentence_id, split)
        return True

    def _target(self, path: Path, sentence_id: str, first_frames: bool,
                poster: Path | None = None) -> PipeTarget:
        """An encoder target for (part of) a beat; `first_frames`: its file starts where the
        beat does (the scene's first beat then has a keyframe where its sentence starts)."""
        q = QUALITIES[self.quality]
        first = self.timing.beats[0]
        lead_in = (first.start / q.fps,) if first.start else ()  # the first sentence: a keyframe
        at = lead_in if sentence_id == first.sentence_id and first_frames else ()
        return PipeTarget(path, q.width, q.height, q.fps, tuple(video_args(self.quality, at)),
                          poster=_poster_of(path) if poster is None else poster)

    def _split_at(self, sentence_id: str, out: Path) -> int | None:
        """The scene frame where the second process takes over this beat (to be drawn into
        `out`), or None: drawn whole."""
        if not self.halves or self.chosen or self._scene is None:
            return None
        beat, first = self.timing.beat(sentence_id), self.timing.beats[0]
        took = last_took(versions(out.parent, sentence_id, ".took"))
        if not worth_halving(took, self.timing.file_frames(sentence_id)):
            return None
        begin = self.timing.file_start(sentence_id)
        moves, length = self.moves or ([(0, beat.end - begin)], beat.end - begin)
        split = split_frame(moves, length, begin, beat.end)
        return None if split is None else max(split, first.start if beat is first else 0)

    def _fork(self, sentence_id: str, split: int) -> None:
        """Fork: the child draws the beat's frames before `split` (then ends), this process those
        from `split` on."""
        assert self._scene is not None
        begin = self.timing.file_start(sentence_id)
        whole = self.tmps[sentence_id]
        part = temp_path(whole.with_name(whole.stem + "-first.mp4"))
        read, write = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            tie_to_parent(parent)
            self.is_first_part = True
            self.targets[sentence_id] = dataclasses.replace(
                self._target(part, sentence_id, True), poster=None)
            self._scene.draw_only((begin, split), ends=True)
            self._scene.resumed = _FirstPart(write)  # how the run ends in this process
            return
        os.close(write)
        self.first_part = (pid, read, part, sentence_id)
        second = temp_path(whole.with_name(whole.stem + "-second.mp4"))
        self.targets[sentence_id] = self._target(second, sentence_id, False,
                                                 poster=_poster_of(whole))
        self._scene.draw_only((split, FOREVER))

    def _join_first_part(self, counts: dict[str, int], took: dict[str, float]) -> None:
        """Wait for the fork drawing a beat's first part; join its file and this one's."""
        if self.first_part is None:
            return
        pid, read, part, sid = self.first_part
        self.first_part = None
        with os.fdopen(read, "rb") as pipe:
            said = pipe.read().decode().split()  # its frames and its seconds
        _, status = os.waitpid(pid, 0)
        second = self.targets[sid].path
        try:
            if status != 0 or len(said) != 2 or not said[0].isdigit():
                raise RuntimeError(f"the process drawing the first part of beat {sid!r} failed")
            fps, frames = self.timing.fps, int(said[0])
            counts[sid] = counts.get(sid, 0) + frames
            took[sid] = took.get(sid, 0.0) + float(said[1])  # as if one process drew it all
            if counts[sid] == self.timing.file_frames(sid):
                concat_video([part, second], [frames / fps, (counts[sid] - frames) / fps],
                             self.tmps[sid])
        finally:
            part.unlink(missing_ok=True)
            second.unlink(missing_ok=True)

    def scene(self) -> LessonScene:
        """The scene, set to draw into this run's files."""
        outputs = self.outputs
        self._scene = scene_class(self.timing.scene_id)(
            self.timing, draw=set(outputs) if isinstance(outputs, dict) else self.draw,
            sink=ffmpeg_sink(self.targets), done=self.done)
        return self._scene

    def take_over(self, scene: LessonScene) -> None:
        """Make a scene paused at a beat's start (a checkpoint) go on with this run's timing,
        choices and files."""
        self._scene = scene
        scene.timing = self.timing
        scene.draw = self.draw
        scene.done = self.done
        scene.decided.clear()
        scene.renderer.file_writer = ffmpeg_sink(self.targets)()

    def publish(self, scene: LessonScene) -> list[str]:
        """Check each drawn beat's frames and rename its files into place; returns their ids."""
        timing, scene_id = self.timing, self.timing.scene_id
        writer = scene.renderer.file_writer
        counts, took = dict(writer.counts), dict(writer.took)  # type: ignore[union-attr]  # ours
        self._join_first_part(counts, took)
        for sid in self.chosen:
            if counts.get(sid) != timing.file_frames(sid):
                raise RuntimeError(f"beat {sid!r} of scene {scene_id!r} drew {counts.get(sid)} "
                                   f"frames, its sentence spans {timing.file_frames(sid)}")
        ids = [b.sentence_id for b in timing.beats]
        for sid, out in self.chosen.items():
            os.replace(_poster_of(self.tmps[sid]), out.with_suffix(".jpg"))
            if not isinstance(self.outputs, dict):
                later = ids[ids.index(sid) + 1:]
                end = scene.states[later[0]] if later else scene.end_state
                atomic_write_text(out.with_suffix(".end"), f"{end}\n")
                write_took(out.with_suffix(".took"), took[sid], counts[sid])
            os.replace(self.tmps[sid], out)  # last: a beat counts as cached once its video is there
        return list(self.chosen)

    def clean(self) -> None:
        if self.first_part is not None:  # a failed run: its fork is not waited for
            pid, read, part, _ = self.first_part
            self.first_part = None
            os.close(read)
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            part.unlink(missing_ok=True)
        for target in self.targets.values():
            if target.path not in self.tmps.values():
                target.path.unlink(missing_ok=True)
        for tmp in self.tmps.values():
            tmp.unlink(missing_ok=True)
            _poster_of(tmp).unlink(missing_ok=True)


class _FirstPart:
    """How a fork drawing the first part of a beat ends (see BeatRun): it reports the frames it
    wrote on its pipe, or fails silently (the process that joins the parts raises)."""

    def __init__(self, pipe: int) -> None:
        self.pipe = pipe

    def finish(self, scene: LessonScene) -> NoReturn:
        writer = scene.renderer.file_writer
        frames, took = sum(writer.counts.values()), sum(writer.took.values())  # type: ignore[union-attr]
        os.write(self.pipe, f"{frames} {took:.3f}\n".encode())
        os._exit(0)

    def fail(self, error: BaseException) -> NoReturn:
        os._exit(1)


def render_beats(timing: SceneTiming, quality: str, outputs: dict[str, Path] | BeatTargets,
                 media_dir: Path, *, rehearsed: bool = False,
                 on_beat: Callable[[LessonScene, str], None] | None = None) -> LessonScene:
    """Draw the beats named in `outputs`, each into its file with its last frame beside it as a
    JPEG (same name, .jpg); the other beats only run.

    `outputs` may instead be a function of a beat's sentence id and the digest of the picture it
    starts from, giving the file to draw it into, or None to only run it (it is in the cache, or
    another process draws it); each drawn beat then also gets the digest of the picture it ends
    on beside it (.end). Such a function may have a method `done(sentence_id, start)`: the run
    ends early at a beat it does not draw when that says nothing after it is left to draw, and
    an attribute `halves` (see BeatRun). Each file is written beside its target and renamed
    into place when complete. Unless `rehearsed` (the script check ran these words), the beats' timing runs
    first, so a word a beat waits for and its sentence lacks fails before anything is drawn.
    `on_beat` is called as each beat begins (video.checkpoints keeps paused copies there).
    """
    if not rehearsed:
        rehearse(timing, quality, media_dir)
    run = BeatRun(timing, quality, outputs, halves=getattr(outputs, "halves", False))
    try:
        with manim_config(quality, media_dir, timing.scene_id):
            scene = run.scene()
            scene.on_beat = on_beat
            try:
                scene.render()
            except BaseException as e:
                if scene.resumed is not None:  # a checkpoint's copy took over: it reports
                    scene.resumed.fail(e)  # and ends its process
                raise
        if scene.resumed is not None:
            scene.resumed.finish(scene)  # ends the process
        run.publish(scene)
    finally:
        run.clean()
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
