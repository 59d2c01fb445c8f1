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
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, Protocol

from manim import tempconfig

from common.files import atomic_output, atomic_write_text, remove_folder, temp_folder, temp_path
from common.settings import Quality
from scenes import scene_class
from scenes.base import LessonScene, StopAfterBeat
from scenes.plan import Resumed, RunPlan
from scenes.style import BACKGROUND
from scenes.timing import START, SceneTiming, scene_timing
from transcript.manifest import Manifest
from video.cache import Code, in_halves, scene_code, versions
from video.encode import video_args
from video.errors import SceneFailed
from video.frames import PipeTarget, ffmpeg_sink
from video.halves import Moves, last_took, split_frame, worth_halving, write_took
from video.lesson_video import concat_video
from video.workers import tie_to_parent

FOREVER = 1 << 62  # a frame number past any scene's end


@contextmanager
def manim_config(quality: Quality, media_dir: Path, scene_id: str = "any") -> Iterator[None]:
    """Manim's settings for one render: size, frame rate, and every file it writes under build/.

    Each scene gets its own LaTeX and text folders: scenes drawn at once in two processes would
    otherwise race on the same .tex/.dvi files, or on one text's SVG.
    """
    q = quality
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
    temporary folder under a name of plain letters (one per folder, kept for the next run; links
    whose folder is gone are removed as a new one is made)."""
    if not UNREADABLE.search(str(folder)):
        return folder
    digest = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    prefix = f"lesson-media-{os.getuid()}-"
    link = Path(tempfile.gettempdir()) / f"{prefix}{digest}"
    if not (link.is_symlink() and os.readlink(link) == str(folder)):
        for old in link.parent.glob(f"{prefix}*"):
            if old.is_symlink() and not old.exists():
                old.unlink(missing_ok=True)
        fresh = temp_path(link)
        os.symlink(folder, fresh)
        os.replace(fresh, link)
    return link


_loaded: dict[str, Code | None] = {}  # scene id -> the code this process imported it from


def loaded_scene(scene_id: str) -> type[LessonScene]:
    """The class drawing `scene_id`. The first time in this process, the code it is imported
    from is noted (`drawn_with`); None when a file of it changed while it was imported."""
    if scene_id not in _loaded:
        before = scene_code(scene_id)
        scene_class(scene_id)
        after = scene_code(scene_id)
        _loaded[scene_id] = after if after == before else None
    return scene_class(scene_id)


def drawn_with(scene_id: str) -> Code | None:
    """The code this process drew `scene_id` with (`loaded_scene`), None when unknown."""
    return _loaded.get(scene_id)


class CodeChanged(SceneFailed):
    """A scene's code changed between its beats' keys and its drawing: what it drew is not kept."""


def rehearse(timing: SceneTiming, quality: Quality, media_dir: Path) -> LessonScene:
    """Run the scene's beats for their timing only (no animation, no pixel), so a word a beat
    waits for and its sentence lacks fails here, before anything of the scene is drawn."""
    with manim_config(quality, media_dir, timing.scene_id):
        scene = loaded_scene(timing.scene_id)(timing, RunPlan.rehearsal())
        scene.construct()  # not render(): Manim would insist on a video of its (absent) plays
    return scene


class BeatTargets(Protocol):
    """Where a run of a scene draws its beats: fixed files (`FixedFiles`), or the beat cache
    (`video.pipeline.BeatStore`), which is asked as each beat begins."""

    @property
    def halves(self) -> bool:
        """Whether a long beat may be drawn in two processes (the live preview)."""

    @property
    def keeps_ends(self) -> bool:
        """Whether each drawn beat's end picture and drawing time are kept beside it."""

    @property
    def fixed(self) -> tuple[str, ...] | None:
        """The beats to draw, known before the run; None: asked as each beat begins."""

    def path(self, sentence_id: str, start: str) -> Path | None:
        """The file to draw this beat into when it starts from picture `start`; None: only run it."""

    def done(self, sentence_id: str, start: str) -> bool:
        """Whether nothing is left to draw from this beat and picture on: the run may end there."""

    def opened_on(self, follows: str, picture: str, quality: Quality) -> None:
        """The scene opened on `picture`, what scene `follows` hands over."""


@dataclass(frozen=True)
class FixedFiles:
    """Draw exactly these beats (sentence id -> file), whatever picture they start from."""

    files: dict[str, Path]
    halves: bool = False
    keeps_ends: bool = False

    @property
    def fixed(self) -> tuple[str, ...]:
        return tuple(self.files)

    def path(self, sentence_id: str, start: str) -> Path | None:
        return self.files.get(sentence_id)

    def done(self, sentence_id: str, start: str) -> bool:
        return False

    def opened_on(self, follows: str, picture: str, quality: Quality) -> None:
        pass


@dataclass(frozen=True)
class Drawn:
    """What a run of a scene did: the scene as it ended, and the beats it drew."""

    scene: LessonScene
    beats: tuple[str, ...]


class BeatRun:
    """The files of one run of a scene: which beats it draws where (asked as each beat begins),
    their encoders, and their publishing once the scene has ended.

    With `halves` (the live preview, where a save waits on one beat), the first beat the run
    draws, if it costs enough (video.halves), is drawn in two processes: a fork draws its first
    part while this process runs on to the second, and the two encodes are joined by stream
    copy. Such a file is not the bytes a single encode gives, so it is kept under its own name
    (`in_halves`).
    """

    def __init__(self, timing: SceneTiming, quality: Quality, outputs: BeatTargets,
                 moves: tuple[Moves, int] | None = None,
                 on_drawn: Callable[[str], None] | None = None) -> None:
        """`moves`: where the first beat this run draws moved when last run, and its length
        then (video.halves): its parts are cut where they cost the same. `on_drawn` is told
        each beat's id once all its frames are drawn (as the next beat begins; the last one's
        is told by whoever reads what the run drew), when which beats to draw is asked as each
        begins."""
        self.timing, self.quality, self.outputs = timing, quality, outputs
        self.on_drawn = on_drawn
        self.drawing: str | None = None  # the beat whose frames are being drawn
        self.halves, self.moves = outputs.halves, moves
        self.chosen: dict[str, Path] = {}
        self.tmps: dict[str, Path] = {}
        self.folders: dict[Path, Path] = {}  # a beat folder: this run's working folder in it
        self.targets: dict[str, PipeTarget] = {}
        self._scene: LessonScene | None = None
        self.first_part: tuple[int, int, Path, str] | None = None  # the fork: pid, pipe, file, beat
        self.is_first_part = False  # in that fork
        for sentence_id in outputs.fixed or ():
            timing.beat(sentence_id)  # an unknown id fails before drawing
            self.draw(sentence_id)

    def draw(self, sentence_id: str, start: str = "") -> bool:
        """Whether to draw this beat (and where: its encoder's target is made here)."""
        if self.is_first_part:
            return False  # a fork drawing the first part of a beat draws nothing else
        if self.drawing is not None and self.on_drawn is not None:
            self.on_drawn(self.drawing)  # this beat begins: the one before is drawn
        self.drawing = None
        out = self.outputs.path(sentence_id, start)
        if out is None:
            return False
        if self.outputs.fixed is None:
            self.drawing = sentence_id
        split = self._split_at(sentence_id, out)
        if split is not None:
            out = in_halves(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        self.chosen[sentence_id], self.tmps[sentence_id] = out, self._working(out)
        self.targets[sentence_id] = self._target(self.tmps[sentence_id], sentence_id, True)
        if split is not None:
            self._fork(sentence_id, split)
        return True

    def _working(self, out: Path) -> Path:
        """A temporary for `out` in this run's working folder beside it. Once the folder is
        swept, an encoder that outlived its killed worker finds nowhere to write: a stopped run
        leaves no file behind, whenever its encoders end."""
        folder = self.folders.get(out.parent)
        if folder is None:
            folder = self.folders[out.parent] = temp_folder(out.parent / "drawing")
        return folder / temp_path(out).name

    def _target(self, path: Path, sentence_id: str, first_frames: bool,
                poster: Path | None = None) -> PipeTarget:
        """An encoder target for (part of) a beat; `first_frames`: its file starts where the
        beat does (the scene's first beat then has a keyframe where its sentence starts)."""
        q = self.quality
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
            # how the run ends in this process: its frames of the beat, then a report
            self._scene.replan(self._scene.plan.but(window=(begin, split), ends_with_window=True,
                                                    resumed=_FirstPart(write)))
            return
        os.close(write)
        self.first_part = (pid, read, part, sentence_id)
        second = temp_path(whole.with_name(whole.stem + "-second.mp4"))
        self.targets[sentence_id] = self._target(second, sentence_id, False,
                                                 poster=_poster_of(whole))
        self._scene.replan(self._scene.plan.but(window=(split, FOREVER)))

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

    def plan(self, on_beat: Callable[[LessonScene, str], None] | None = None,
             resumed: Resumed | None = None) -> RunPlan:
        """The scene's plan for this run: the beats it draws, into this run's files."""
        fixed = self.outputs.fixed
        if fixed is not None:
            return RunPlan.drawing(fixed, sink=ffmpeg_sink(self.targets)).but(
                on_beat=on_beat, resumed=resumed)
        return RunPlan.drawing(self.draw, done=self.outputs.done, sink=ffmpeg_sink(self.targets)).but(
            on_beat=on_beat, resumed=resumed)

    def scene(self, on_beat: Callable[[LessonScene, str], None] | None = None) -> LessonScene:
        """The scene, set to draw into this run's files."""
        drawing = loaded_scene(self.timing.scene_id)
        self._same_code(self.timing.scene_id)  # before drawing: what it drew would not be kept
        self._scene = drawing(self.timing, self.plan(on_beat))
        return self._scene

    def take_over(self, scene: LessonScene, at: str, resumed: Resumed) -> None:
        """Make a scene paused where beat `at` begins (a checkpoint) go on with this run's
        timing, choices and files; `resumed` reports the run's end."""
        self._scene = scene
        scene.take_over(self.plan(resumed=resumed), self.timing, at)

    def publish(self, scene: LessonScene) -> list[str]:
        """Check each drawn beat's frames and rename its files into place; returns their ids."""
        timing, scene_id = self.timing, self.timing.scene_id
        self._same_code(scene_id)
        writer = scene.sink
        counts, took = dict(writer.counts), dict(writer.took)
        self._join_first_part(counts, took)
        for sid in self.chosen:
            if counts.get(sid) != timing.file_frames(sid):
                raise RuntimeError(f"beat {sid!r} of scene {scene_id!r} drew {counts.get(sid)} "
                                   f"frames, its sentence spans {timing.file_frames(sid)}")
        ids = [b.sentence_id for b in timing.beats]
        for sid, out in self.chosen.items():
            os.replace(_poster_of(self.tmps[sid]), out.with_suffix(".jpg"))
            if self.outputs.keeps_ends:
                later = ids[ids.index(sid) + 1:]
                end = scene.states[later[0]] if later else scene.end_state
                atomic_write_text(out.with_suffix(".end"), f"{end}\n")
                write_took(out.with_suffix(".took"), took[sid], counts[sid])
            os.replace(self.tmps[sid], out)  # last: a beat counts as cached once its video is there
        return list(self.chosen)

    def _same_code(self, scene_id: str) -> None:
        """Refuse to keep beats drawn with other code than their keys name (a file saved while
        the render ran): CodeChanged, naming the files. Asked as a run begins and again as it
        publishes (a paused copy taking the run over was imported before the keys were made)."""
        keyed = getattr(self.outputs, "code", ())
        if not keyed or drawn_with(scene_id) == keyed:
            return
        drew = dict(drawn_with(scene_id) or ())
        files = [f for f, d in keyed if drew.get(f) != d] or [f for f, _ in keyed]
        raise CodeChanged(f"{', '.join(files[:3])}{' …' if len(files) > 3 else ''} changed while scene "
                          f"{scene_id!r} was being drawn: nothing it drew was kept; render again")

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
        for folder in self.folders.values():
            remove_folder(folder)


class _FirstPart:
    """How a fork drawing the first part of a beat ends (see BeatRun): it reports the frames it
    wrote on its pipe, or fails silently (the process that joins the parts raises)."""

    def __init__(self, pipe: int) -> None:
        self.pipe = pipe

    def finish(self, scene: LessonScene) -> NoReturn:
        writer = scene.sink
        frames, took = sum(writer.counts.values()), sum(writer.took.values())
        os.write(self.pipe, f"{frames} {took:.3f}\n".encode())
        os._exit(0)

    def fail(self, error: BaseException) -> NoReturn:
        os._exit(1)


def render_beats(timing: SceneTiming, quality: Quality, outputs: dict[str, Path] | BeatTargets,
                 media_dir: Path, *, rehearsed: bool = False,
                 on_beat: Callable[[LessonScene, str], None] | None = None,
                 on_drawn: Callable[[str], None] | None = None) -> Drawn:
    """Draw the beats `outputs` wants, each into its file with its last frame beside it as a
    JPEG (same name, .jpg); the other beats only run. `outputs` is fixed files (a dict of
    sentence id -> file) or the beat cache (see BeatTargets): a beat the cache does not want is
    only run, and the run ends early where nothing after it is left to draw; each drawn beat then
    also gets the digest of the picture it ends on beside it (.end). Each file is written beside
    its target and renamed into place when complete. Unless `rehearsed` (the script check ran
    these words), the beats' timing runs first, so a word a beat waits for and its sentence
    lacks fails before anything is drawn. `on_beat` is called as each beat begins
    (video.checkpoints keeps paused copies there); `on_drawn` as each beat drawn ends, but the
    last (see BeatRun), for a progress bar.
    """
    if not rehearsed:
        rehearse(timing, quality, media_dir)
    targets = FixedFiles(outputs) if isinstance(outputs, dict) else outputs
    run = BeatRun(timing, quality, targets, on_drawn=on_drawn)
    try:
        with manim_config(quality, media_dir, timing.scene_id):
            scene = run.scene(on_beat)
            try:
                scene.render()
            except BaseException as e:
                if scene.plan.resumed is not None:  # a checkpoint's copy took over: it reports
                    scene.plan.resumed.fail(e)  # and ends its process
                raise
        if scene.plan.resumed is not None:
            scene.plan.resumed.finish(scene)  # ends the process
        drawn = run.publish(scene)
        if scene.follows is not None and scene.opening != START:
            targets.opened_on(scene.follows, scene.opening, quality)
    finally:
        run.clean()
    return Drawn(scene, tuple(drawn))


def render_scene(scene_id: str, manifest: Manifest, quality: Quality, out: Path,
                 media_dir: Path) -> LessonScene:
    """The whole scene as one video-only MP4 at `out`."""
    fps = quality.fps
    timing = scene_timing(manifest, scene_id, fps)
    tmp = temp_path(out.with_name("beats"))
    try:
        files = {b.sentence_id: tmp / f"{b.sentence_id}.mp4" for b in timing.beats}
        scene = render_beats(timing, quality, files, media_dir).scene
        concat_video(list(files.values()),
                     [timing.file_frames(sid) / fps for sid in files], out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return scene


def scene_timeline(scene_id: str, manifest: Manifest, quality: Quality, media_dir: Path,
                   inspect: bool = True) -> LessonScene:
    """Run the scene without drawing a pixel: its beats, frames and (optionally) text layout."""
    fps = quality.fps
    with manim_config(quality, media_dir, scene_id):
        scene = loaded_scene(scene_id)(scene_timing(manifest, scene_id, fps),
                                      RunPlan.inspection() if inspect else RunPlan.running())
        scene.render()
    return scene


def beat_still(scene_id: str, sentence_id: str, manifest: Manifest, quality: Quality, out: Path,
               media_dir: Path) -> Path:
    """A PNG of the last frame of one beat, without drawing the frames before it."""
    fps = quality.fps
    with manim_config(quality, media_dir, scene_id):
        timing = scene_timing(manifest, scene_id, fps)
        timing.beat(sentence_id)  # unknown ids fail here, before any drawing
        scene = loaded_scene(scene_id)(timing, RunPlan.running(stop_after=sentence_id))
        try:
            scene.render()
        except StopAfterBeat:
            pass
        image = scene.picture()
    with atomic_output(out) as tmp:
        image.save(tmp, format="PNG")
    return out


def _poster_of(tmp: Path) -> Path:
    """Where a beat's temporary poster goes: a temporary name too, so debris is swept."""
    return tmp.with_name(tmp.name.removesuffix(".mp4") + ".jpg")
