"""The one place the lesson touches Manim's internals: its renderer, its file writer, its clock.

Everything else uses what this module offers, so a Manim release that changes what it relies on
fails here, and `tests/test_manim_adapter.py` names the assumption that broke:

- Cairo's renderer draws a held picture through `freeze_current_frame(duration)` and every other
  frame through `render(scene, time, moving_mobjects)`, both from `Scene.play`.
- `Scene.play` restores `renderer.skip_animations` from `renderer._original_skipping_status`
  after each play, so that flag is what decides whether a beat's plays draw pixels.
- A play advances `renderer.time` and `renderer.num_plays`; a play jumped to its end without
  Manim must advance them too.
- The renderer's `file_writer` is made from `file_writer_class` and is called for its frames
  (`write_frame`), its sections and its animations' bookkeeping; a stand-in needs only those.
- `Scene.get_time_progression` returns the frame times of a play, and Manim calls `close()` on it.
- `EndSceneEarlyException` ends a scene's `render()` as if it had played out.
- Every frame of a play reaches `render(scene, time, moving_mobjects)` after the scene's
  mobjects are updated to that frame's time, so a `sampler` there sees each frame's layout.
- `Transform.begin` makes the target, copies it, aligns the mobject with the copy, then begins as
  any animation; an `.animate` play (`_MethodAnimation`) moves towards a target made for it
  alone, so a play whose frames are not drawn may move towards that target itself
  (`on_own_targets`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import numpy as np
from manim import Animation, AnimationGroup, Scene
from manim.animation.animation import prepare_animation
from manim.animation.transform import _MethodAnimation
from manim.renderer.cairo_renderer import CairoRenderer
from manim.utils.exceptions import EndSceneEarlyException
from PIL.Image import Image

__all__ = ["EndSceneEarlyException", "FrameExactRenderer", "FrameSink", "FrameTimes", "Scene",
           "on_own_targets", "prepare_animation"]


class FrameExactRenderer(CairoRenderer):
    """Cairo renderer whose frozen-frame waits round to the nearest frame instead of truncating,
    and which draws nothing while animations are skipped (Manim's draws each play's still parts
    even then, the largest cost of running a beat without pixels).

    With a `window`, only the scene's frames in [first, end) are drawn and written: one beat can
    be drawn in two processes, each its share of the frames (the scene numbers each play's
    first frame in `frame_no`).

    With a `sampler`, no pixel is drawn at all: every frame the scene would draw calls it instead
    with the frame's number and how many frames show that picture (a hold is one call), so a test
    reads every frame's layout from the mobjects as they stand."""

    window: tuple[int, int] | None = None
    frame_no = 0  # the scene's number of the next frame
    sampler: Callable[[int, int], None] | None = None

    def freeze_current_frame(self, duration: float) -> None:
        first, n = self.frame_no, int(round(duration * self.camera.frame_rate))
        self.frame_no += n
        if self.sampler is not None:
            if n:
                self.sampler(first, n)
            return
        if self.window is not None:
            n = max(0, min(first + n, self.window[1]) - max(first, self.window[0]))
        if n:
            self.add_frame(self.get_frame(), num_frames=n)

    def render(self, scene, time, moving_mobjects=None) -> None:
        frame, self.frame_no = self.frame_no, self.frame_no + 1
        if self.sampler is not None:
            self.sampler(frame, 1)
        elif self.window is None or self.window[0] <= frame < self.window[1]:
            super().render(scene, time, moving_mobjects)

    def update_frame(self, scene, mobjects=None, include_submobjects=True, ignore_skipping=True,
                     **kwargs) -> None:
        if self.skip_animations or self.sampler is not None:
            return
        super().update_frame(scene, mobjects, include_submobjects, ignore_skipping, **kwargs)

    def save_static_frame_data(self, scene, static_mobjects):
        if self.skip_animations or self.sampler is not None:
            self.static_image = None
            return None
        return super().save_static_frame_data(scene, static_mobjects)

    # --- what the scene asks of it --------------------------------------------------------

    @property
    def drawing(self) -> bool:
        """Whether plays draw pixels now (what Manim restores after each play)."""
        return not self._original_skipping_status

    def set_drawing(self, drawing: bool) -> None:
        self._original_skipping_status = not drawing
        self.skip_animations = not drawing

    @contextmanager
    def not_drawing(self) -> Iterator[None]:
        """Plays inside run as in a beat not drawn: no pixel."""
        saved = self._original_skipping_status
        self._original_skipping_status = True
        try:
            yield
        finally:
            self._original_skipping_status = saved
            self.skip_animations = saved

    def count_play(self, seconds: float) -> None:
        """Account for a play jumped to its end without Manim, as Manim's own play would."""
        self.time += seconds
        self.num_plays += 1

    def set_clock(self, seconds: float) -> None:
        """The scene's time, for a copy that goes on from where another run paused."""
        self.time = seconds

    @property
    def sink(self) -> Any:
        """The scene's frame sink (see FrameSink)."""
        return self.file_writer

    def replace_sink(self, sink: type[FrameSink]) -> None:
        self.file_writer = sink()

    def picture(self, scene: Scene) -> Image:
        """The picture on screen now, drawn even after a run without pixels."""
        self.skip_animations = False
        super().update_frame(scene, ignore_skipping=True)
        return self.camera.get_image()


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


class FrameTimes(list):
    """The times of a play's frames, where Manim expects a progress bar: tqdm, even disabled,
    makes a process-shared lock and a monitor thread in every process that plays a scene."""

    def close(self) -> None:
        """Nothing to close."""


def renderer(skip: bool, sink: type[FrameSink] | None) -> FrameExactRenderer:
    """A renderer whose frames go to `sink` (None: Manim's own file writer, for comparisons)."""
    writer = {} if sink is None else {"file_writer_class": sink}
    return FrameExactRenderer(skip_animations=skip, **writer)


def on_own_targets(animations: list[Animation]) -> None:
    """Spare each `.animate` play among `animations` (in groups too) the copy of its target
    that Manim makes as it begins (a large part of running a beat without pixels): the target
    is a copy the builder made for that play alone, so the play may move towards it directly.
    Manim would interpolate to an equal copy of it, so the mobject ends the same to the bit; only
    for plays whose frames are not drawn (their target is left aligned with the mobject)."""
    for a in animations:
        if isinstance(a, AnimationGroup):
            on_own_targets(list(a.animations))
        elif type(a) is _MethodAnimation:
            a.begin = _begin_on_own_target.__get__(a)


def _begin_on_own_target(self: _MethodAnimation) -> None:
    """`Transform.begin` without the target's copy."""
    self.target_mobject = self.create_target()
    self.target_copy = self.target_mobject
    self.mobject.align_data(self.target_copy)
    Animation.begin(self)
