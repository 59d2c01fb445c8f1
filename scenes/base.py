"""A Manim scene whose beats start exactly on their sentences' frames.

`with self.beat("softmax-squashes"):` waits until that sentence starts, runs the animations
inside, and in `finally` waits out the rest of the sentence. Animations that would overrun the
beat are sped up to fit, so a beat never pushes a later one off its sentence. The timeline is
recorded in whole frames, so tests can check sync without looking at pixels.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import ClassVar, Collection, Iterator

import numpy as np
from manim import (
    Animation,
    DecimalNumber,
    FadeIn,
    FadeOut,
    Indicate,
    MathTex,
    Mobject,
    Scene,
    Text,
    Wait,
    config,
)
from manim.animation.animation import prepare_animation
from manim.renderer.cairo_renderer import CairoRenderer

from scenes.timing import SceneTiming

log = logging.getLogger("lesson.scenes")

# Animations whose end state is their mobject as it was (added, or removed for FadeOut): exactly
# so, since smooth(1) == 1 and there_and_back(1) == 0.
_END_STATE_KNOWN = (FadeIn, FadeOut, Indicate)


class FrameExactRenderer(CairoRenderer):
    """Cairo renderer whose frozen-frame waits round to the nearest frame instead of truncating,
    and which draws nothing while animations are skipped (Manim's draws each play's still parts
    even then, the largest cost of running a beat without pixels)."""

    def freeze_current_frame(self, duration: float) -> None:
        self.add_frame(self.get_frame(), num_frames=int(round(duration * self.camera.frame_rate)))

    def update_frame(self, scene, mobjects=None, include_submobjects=True, ignore_skipping=True,
                     **kwargs) -> None:
        if self.skip_animations:
            return
        super().update_frame(scene, mobjects, include_submobjects, ignore_skipping, **kwargs)

    def save_static_frame_data(self, scene, static_mobjects):
        if self.skip_animations:
            self.static_image = None
            return None
        return super().save_static_frame_data(scene, static_mobjects)


@dataclass
class BeatRecord:
    sentence_id: str
    start: int  # frame the beat started on
    end: int = -1  # frame the beat ended on
    texts: list[str] = field(default_factory=list)  # every text shown at the beat's end
    boxes: list[tuple[str, np.ndarray]] = field(default_factory=list)  # text -> (2, 3) corners
    out_of_frame: list[str] = field(default_factory=list)
    squeezed: list[str] = field(default_factory=list)  # warnings for sped-up animations


class FrameSink:
    """The parts of Manim's file-writer interface the Cairo renderer calls; counts frames.

    Scenes know nothing of files: a subclass decides where frames go by overriding `emit`.
    """

    def __init__(self, settings=None):
        self.sections = [SimpleNamespace(skip_animations=False)]
        self.output_spec = SimpleNamespace(is_still=False, is_video=True, is_image_sequence=False,
                                           fallback_to_still=False, enabled=True)
        self.subcaptions: list = []
        self.frames = 0

    def write_frame(self, frame: np.ndarray, repeat: int = 1) -> None:
        self.frames += repeat
        self.emit(frame, repeat)

    def segment(self, sentence_id: str) -> None:
        """The frames that follow belong to the beat of `sentence_id` (the first beat also gets
        the frames before it)."""

    def emit(self, frame: np.ndarray, repeat: int) -> None:
        """Where a frame goes; nowhere by default."""

    def finish(self) -> None:
        """Called once after the scene's last frame."""

    def abort_encode_jobs(self, reraise_encoder_failures: bool = False) -> None:
        """Called when the scene fails part-way."""

    def add_partial_movie_file(self, hash_animation) -> None: ...
    def begin_animation(self, allow_write: bool = False, animation_index: int = 0) -> None: ...
    def end_animation(self, allow_write: bool = False) -> None: ...
    def save_image(self, pixels) -> None: ...

    def is_already_cached(self, hash_invocation: str) -> bool:
        return False


class MissingBeats(RuntimeError):
    """A scene ended without a beat for some sentences of its paragraph."""

    def __init__(self, scene_id: str, missing: tuple[str, ...]):
        self.scene_id, self.missing = scene_id, missing
        super().__init__(f"scene {scene_id!r} has no beat for: {', '.join(missing)}")


class FrameTimes(list):
    """The times of a play's frames, where Manim expects a progress bar: tqdm, even disabled,
    makes a process-shared lock and a monitor thread in every process that plays a scene."""

    def close(self) -> None:
        """Nothing to close."""


class StopAfterBeat(Exception):
    """Raised to end a scene early once the requested beat is over (for a still)."""


class LessonScene(Scene):
    """Base of every lesson scene: `construct` calls `self.beat(id)` once per sentence, in order."""

    scene_id: ClassVar[str]

    def __init__(self, timing: SceneTiming, *, draw: Collection[str] | None = None,
                 skip: bool = False, stop_after: str | None = None, inspect: bool = False,
                 sink: type[FrameSink] | None = FrameSink):
        """`draw` names the beats to draw (default all; `skip` draws none): the others run
        without pixels, so a scene can redraw only the beats that changed."""
        self.timing = timing
        self.draw = frozenset() if skip else (None if draw is None else frozenset(draw))
        self.fps = timing.fps
        self.frame = 0  # frames played so far
        self.timeline: list[BeatRecord] = []
        self.stop_after = stop_after
        self.inspect = inspect
        self._beat: BeatRecord | None = None
        self._beat_end = 0
        # sink=None keeps Manim's own file writer (partial movies and its cache), for comparisons.
        writer = {} if sink is None else {"file_writer_class": sink}
        renderer = FrameExactRenderer(skip_animations=skip, **writer)
        super().__init__(renderer=renderer, skip_animations=skip)

    # --- time -------------------------------------------------------------------------------

    def get_time_progression(self, run_time, description, n_iterations=None,
                             override_skip_animations=False):
        """Exactly round(run_time * fps) frame times: no float drift between beats."""
        if self.renderer.skip_animations and not override_skip_animations:
            return FrameTimes([run_time])
        return FrameTimes(np.arange(int(round(run_time * self.fps))) / self.fps)

    def play(self, *args, run_time: float | None = None, **kwargs) -> None:
        animations = [prepare_animation(a) for a in args]
        wanted = run_time if run_time is not None else max(a.get_run_time() for a in animations)
        frames = max(1, int(round(wanted * self.fps)))
        if self._beat is not None:
            left = self._beat_end - self.frame
            if frames > left:
                message = (f"beat {self._beat.sentence_id!r} in scene {self.scene_id!r}: "
                           f"{frames / self.fps:.2f} s of animation sped up to {left / self.fps:.2f} s "
                           "to fit its sentence")
                self._beat.squeezed.append(message)
                log.warning(message)
                frames = left
        if frames == 0:
            self._apply_instantly(animations, **kwargs)
            return
        self.frame += frames
        if self.renderer._original_skipping_status and not kwargs and self._jump_to_end(animations):
            self.renderer.time += frames / self.fps
            self.renderer.num_plays += 1
            return
        super().play(*animations, run_time=frames / self.fps, **kwargs)

    def _jump_to_end(self, animations: list[Animation]) -> bool:
        """Leave the scene as skipped animations would, when their end is known without running
        them: a FadeIn's mobject as it is, a FadeOut's removed, an Indicate's unchanged. Manim's
        own skipping copies each mobject two or three times first, most of the cost of running a
        beat without pixels. False (and nothing done) for any other animation."""
        if not all(type(a) in _END_STATE_KNOWN for a in animations):
            return False
        family = self.get_mobject_family_members()
        for a in animations:  # as Manim's play adds animated mobjects missing from the scene
            if not a.is_introducer() and a.mobject not in family:
                self.add(a.mobject)
                family += a.mobject.get_family()
        for a in animations:  # as an introducer's set-up does
            if a.is_introducer() and a.mobject not in self.get_mobject_family_members():
                self.add(a.mobject)
        for a in animations:  # as a remover's clean-up does
            if a.is_remover():
                self.remove(a.mobject)
        return True

    def _apply_instantly(self, animations: list[Animation], **kwargs) -> None:
        """Jump to the animations' end state without spending a frame."""
        renderer = self.renderer
        saved = renderer._original_skipping_status
        renderer._original_skipping_status = True
        try:
            super().play(*animations, run_time=1 / self.fps, **kwargs)
        finally:
            renderer._original_skipping_status = saved
            renderer.skip_animations = saved

    def wait_until(self, frame: int) -> None:
        """Hold the picture (updaters keep running) until the scene reaches `frame`."""
        if frame < self.frame:
            raise RuntimeError(f"scene {self.scene_id!r} is at frame {self.frame}, past frame {frame}")
        if frame > self.frame:
            frames = frame - self.frame
            self.frame = frame
            super().play(Wait(run_time=frames / self.fps))

    # --- beats ------------------------------------------------------------------------------

    @contextmanager
    def beat(self, sentence_id: str) -> Iterator[BeatRecord]:
        """Run the body of a beat from its sentence's first frame to the next sentence's."""
        timing = self.timing.beat(sentence_id)
        if any(r.sentence_id == sentence_id for r in self.timeline):
            raise RuntimeError(f"scene {self.scene_id!r} has two beats for {sentence_id!r}")
        if self._beat is not None:
            raise RuntimeError(f"beat {sentence_id!r} opened inside beat {self._beat.sentence_id!r}")
        self._enter_segment(sentence_id)
        self.wait_until(timing.start)
        record = BeatRecord(sentence_id, self.frame)
        self.timeline.append(record)
        self._beat, self._beat_end = record, timing.end
        try:
            yield record
        finally:
            self._beat = None
            self.wait_until(timing.end)
            record.end = self.frame
            if self.inspect:
                self._inspect(record)
        if sentence_id == self.stop_after:
            raise StopAfterBeat(sentence_id)

    def _enter_segment(self, sentence_id: str) -> None:
        """Draw this beat's frames, or only run it, as `draw` says."""
        drawing = self.draw is None or sentence_id in self.draw
        self.renderer._original_skipping_status = not drawing
        self.renderer.skip_animations = not drawing
        segment = getattr(self.renderer.file_writer, "segment", None)  # not on Manim's own writer
        if drawing and segment:
            segment(sentence_id)

    def construct(self) -> None:
        self._enter_segment(self.timing.beats[0].sentence_id)
        self.add_background()
        self.beats()
        self.wait_until(self.timing.frames)
        missing = [b.sentence_id for b in self.timing.beats
                   if b.sentence_id not in {r.sentence_id for r in self.timeline}]
        if missing:
            raise MissingBeats(self.scene_id, tuple(missing))

    def add_background(self) -> None:
        """Hook for things present from the first frame."""

    def beats(self) -> None:
        """The scene's beats: one `with self.beat(id):` per sentence of its paragraph."""
        raise NotImplementedError

    # --- inspection for tests ---------------------------------------------------------------

    def _inspect(self, record: BeatRecord) -> None:
        half_w, half_h = config.frame_width / 2, config.frame_height / 2
        for mob in self._visible_family():
            if isinstance(mob, (Text, MathTex, DecimalNumber)) and mob.family_members_with_points():
                label = _label(mob)
                corners = np.array([mob.get_corner(np.array([-1, -1, 0])),
                                    mob.get_corner(np.array([1, 1, 0]))])
                record.texts.append(label)
                record.boxes.append((label, corners))
            if mob.family_members_with_points() and _opacity(mob) > 0:
                lo, hi = mob.get_corner(np.array([-1, -1, 0])), mob.get_corner(np.array([1, 1, 0]))
                if lo[0] < -half_w - 1e-6 or hi[0] > half_w + 1e-6 or lo[1] < -half_h - 1e-6 \
                        or hi[1] > half_h + 1e-6:
                    record.out_of_frame.append(f"{type(mob).__name__} {_label(mob)!r}")

    def _visible_family(self) -> list[Mobject]:
        out, seen = [], set()

        def walk(m: Mobject) -> None:
            if id(m) in seen:
                return
            seen.add(id(m))
            if isinstance(m, (Text, MathTex, DecimalNumber)):
                if _opacity(m) > 0:
                    out.append(m)
                return  # a text's glyphs are not separate texts
            if m.has_points() and _opacity(m) > 0:
                out.append(m)
            for s in m.submobjects:
                walk(s)

        for m in self.mobjects:
            walk(m)
        return out


def _opacity(mob: Mobject) -> float:
    family = mob.family_members_with_points()
    if not family:
        return 0.0
    return max(max(float(m.get_fill_opacity()), float(m.get_stroke_opacity())) for m in family)


def _label(mob: Mobject) -> str:
    if isinstance(mob, Text):
        return mob.original_text
    if isinstance(mob, MathTex):
        return mob.get_tex_string()
    if isinstance(mob, DecimalNumber):
        return f"{mob.number}"
    return type(mob).__name__
