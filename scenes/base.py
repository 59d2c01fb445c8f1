"""A Manim scene whose beats start exactly on their sentences' frames and wait for their words.

`with self.beat("softmax-squashes"):` waits until that sentence starts, runs the animations
inside, and in `finally` waits out the rest of the sentence. Inside a beat the beat owns the
timing:

- `self.until("fluffy")` (or `self.until("to", 2)`, the second "to") holds the picture until the
  voice reaches that word; the next `play` starts on the word's frame. A word the sentence does
  not have is an error naming the scene, the sentence and its words.
- `self.left()` is the seconds left in the beat (or, with a word, until that word);
  `self.fit(Play(...), Play(...), until=None)` plays a block one after another, slowed never but
  sped up together to end by that word or a moment before the beat's end: no hand-kept totals.
- The first play of a beat, and the first after `until`, is a cue: it starts on its frame and its
  eased animations ease out only (`ease_out_quart`), so the change is plain on the word, not a third
  of a second later.

Animations that would still overrun the beat are sped up to fit, so a beat never pushes a later
one off its sentence. The timeline records beats, cues and layout in whole frames, so tests can
check sync without looking at pixels.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FunctionType, MethodType, SimpleNamespace
from typing import ClassVar, NoReturn, Protocol

import numpy as np
from manim import (
    Animation,
    AnimationGroup,
    ClockwiseTransform,
    CounterclockwiseTransform,
    DecimalNumber,
    FadeIn,
    FadeOut,
    Indicate,
    MathTex,
    Mobject,
    ReplacementTransform,
    Scene,
    Text,
    Transform,
    TransformFromCopy,
    Wait,
    config,
    smooth,
)
from manim.animation.animation import prepare_animation
from manim.renderer.cairo_renderer import CairoRenderer
from manim.utils.exceptions import EndSceneEarlyException
from manim.utils.rate_functions import ease_out_quart

from scenes import fastcopy  # noqa: F401  (its import makes every mobject copy the fast one)
from scenes.timing import START, BeatTiming, SceneTiming

log = logging.getLogger("lesson.scenes")

# Animations whose end state is their mobject as it was (added, or removed for FadeOut): exactly
# so, since smooth(1) == 1 and there_and_back(1) == 0.
_END_STATE_KNOWN = (FadeIn, FadeOut, Indicate)
REST = 0.3  # seconds a block fitted to the beat's end leaves still before the next sentence
# The previous scene's picture fades out linearly over this many seconds of a scene's first play
# (at least half of it, at most all of it): it clears the way early but never in a cut.
OUTGOING = 0.5
# What a mobject's look is made of, for `state_digest`.
_DRAWN = ("points", "fill_rgbas", "stroke_rgbas", "background_stroke_rgbas", "stroke_width",
          "background_stroke_width", "sheen_factor", "sheen_direction", "z_index", "joint_type",
          "cap_style", "shade_in_3d", "pixel_array")
# Animations that morph one given mobject into another: they read well only between mobjects of
# one structure (same texts, same number of parts), so `play` refuses any other pair.
_MORPHS = (Transform, ReplacementTransform, TransformFromCopy, ClockwiseTransform,
           CounterclockwiseTransform)


class MismatchedMorph(ValueError):
    """A transform between mobjects of different structure (a word into a vector, five cells into
    four, one title into another): fade, grow or move instead."""


class Play:
    """One `play` of a block for `LessonScene.fit`: its animations (or a function that makes them
    when their turn comes, for animations of a state the block's earlier plays create), the run
    time it would like, and an optional function to call after it (say, to swap mobjects)."""

    def __init__(self, *animations: Animation | Callable[[], Sequence[Animation]],
                 run_time: float = 1.0, then: Callable[[], object] | None = None):
        self._animations, self.run_time, self.then = animations, run_time, then

    def animations(self) -> list[Animation]:
        if len(self._animations) == 1 and isinstance(self._animations[0], (FunctionType, MethodType)):
            return list(self._animations[0]())
        return list(self._animations)


@dataclass(frozen=True)
class Cue:
    """A play that starts a change the voice announces: at the beat's start or on a word."""

    word: str | None  # None: the sentence's start
    frame: int  # the frame the play starts on (its first changed frame)
    wanted: int  # the frame of the sentence's start or of the word


class FrameExactRenderer(CairoRenderer):
    """Cairo renderer whose frozen-frame waits round to the nearest frame instead of truncating,
    and which draws nothing while animations are skipped (Manim's draws each play's still parts
    even then, the largest cost of running a beat without pixels).

    With a `window`, only the scene's frames in [first, end) are drawn and written: one beat can
    be drawn in two processes, each its share of the frames (the scene numbers each play's
    first frame in `frame_no`)."""

    window: tuple[int, int] | None = None
    frame_no = 0  # the scene's number of the next frame

    def freeze_current_frame(self, duration: float) -> None:
        first, n = self.frame_no, int(round(duration * self.camera.frame_rate))
        self.frame_no += n
        if self.window is not None:
            n = max(0, min(first + n, self.window[1]) - max(first, self.window[0]))
        if n:
            self.add_frame(self.get_frame(), num_frames=n)

    def render(self, scene, time, moving_mobjects=None) -> None:
        frame, self.frame_no = self.frame_no, self.frame_no + 1
        if self.window is None or self.window[0] <= frame < self.window[1]:
            super().render(scene, time, moving_mobjects)

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
    cues: list[Cue] = field(default_factory=list)
    # every text shown at any play's end in the beat, with its (2, 3) corners: where captions
    # must not go
    shown: dict[str, np.ndarray] = field(default_factory=dict)
    # the texts on screen at each play's end in the beat, with their corners: mid-beat layouts
    plays: list[list[tuple[str, np.ndarray]]] = field(default_factory=list)
    moving: list[tuple[int, int]] = field(default_factory=list)  # frames of every play: start, end


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


class Resumed(Protocol):
    """A scene copy that took over a run at a beat's start: it reports the run's end itself."""

    def finish(self, scene: LessonScene) -> NoReturn: ...
    def fail(self, error: BaseException) -> NoReturn: ...


class StopAfterBeat(Exception):
    """Raised to end a scene early once the requested beat is over (for a still)."""


class LessonScene(Scene):
    """Base of every lesson scene: `construct` calls `self.beat(id)` once per sentence, in order."""

    scene_id: ClassVar[str]
    # The scene whose last picture this one opens on (rebuilt by running that scene's code, so
    # scenes still render apart); its first play fades out what it does not `take`. None: the
    # scene opens from an empty frame, a declared cut.
    follows: ClassVar[str | None] = None

    def __init__(self, timing: SceneTiming, *,
                 draw: Collection[str] | Callable[[str, str], bool] | None = None,
                 skip: bool = False, stop_after: str | None = None, inspect: bool = False,
                 rehearse: bool = False, final: bool = False,
                 sink: type[FrameSink] | None = FrameSink,
                 done: Callable[[str, str], bool] | None = None):
        """`draw` names the beats to draw (default all; `skip` draws none): the others run
        without pixels, so a scene can redraw only the beats that changed. It may also be a
        function of a beat's sentence id and the digest of the picture the beat starts from
        (`state_digest`; START for the first), asked as each beat begins. `rehearse` runs
        only the beats' timing (no animation at all), to find a wrong word before drawing.
        `final` only builds the scene's last picture: every play jumps to its end, no timing.
        `done` (with `draw` a function) says, for a beat not drawn and the picture it starts
        from, whether nothing from there on is left to draw: the run then ends at that beat."""
        self.timing = timing
        self.final = final
        self.kept: dict[str, Mobject] = {}  # what this scene leaves for the next one (`keep`)
        self.previous: dict[str, Mobject] = {}  # what the followed scene kept for this one
        self._outgoing: list[Mobject] = []  # the followed scene's picture, until the first play
        self.draw: frozenset[str] | Callable[[str, str], bool] | None = (
            frozenset() if skip else draw if draw is None or callable(draw) else frozenset(draw))
        # With `draw` a function: the digest of the picture each beat starts from, and the last.
        self.states: dict[str, str] = {}
        self.decided: dict[str, bool] = {}  # what `draw` said for each beat
        self.done = done
        # Set on a process drawing the first part of a beat in two (renderer.window): the scene
        # ends as soon as its frames are past the window.
        self.ends_with_window = False
        self.end_state: str | None = None
        self.fps = timing.fps
        self.frame = 0  # frames played so far
        self.timeline: list[BeatRecord] = []
        self.stop_after = stop_after
        self.inspect = inspect
        self.rehearse = rehearse
        self.asked: dict[str, list[tuple[str, int]]] = {}  # sentence id -> the words waited for
        # Called as each beat begins, before it reads its timing (a renderer may pause a copy of
        # the scene there); `resumed` is set by such a copy when it goes on for another run.
        self.on_beat: Callable[[LessonScene, str], None] | None = None
        self.resumed: Resumed | None = None
        self._beat: BeatRecord | None = None
        self._beat_timing: BeatTiming | None = None
        self._beat_end = 0
        self._cue: tuple[str | None, int] | None = None  # the next play is a cue for this
        # sink=None keeps Manim's own file writer (partial movies and its cache), for comparisons.
        writer = {} if sink is None else {"file_writer_class": sink}
        renderer = FrameExactRenderer(skip_animations=skip, **writer)
        super().__init__(renderer=renderer, skip_animations=skip)

    # --- time -------------------------------------------------------------------------------

    def get_time_progression(self, run_time, description, n_iterations=None,
                             override_skip_animations=False):
        """Exactly round(run_time * fps) frame times, ending on the animation's end: its first
        frame already shows it moving (Manim's own shows the start again), and no float drift."""
        if self.renderer.skip_animations and not override_skip_animations:
            return FrameTimes([run_time])
        return FrameTimes(np.arange(1, int(round(run_time * self.fps)) + 1) / self.fps)

    def play(self, *args, run_time: float | None = None, **kwargs) -> None:
        self._check_window()
        animations = [prepare_animation(a) for a in args]
        for a in animations:
            self._check_morphs(a)
        if self.final:
            if not self._jump_to_end(animations):
                self._apply_instantly(animations, **kwargs)
            return
        if self._outgoing:  # the previous scene's picture leaves as this one's first play starts
            frames = max(1.0, (run_time or max(a.get_run_time() for a in animations)) * self.fps)
            span = min(1.0, max(0.5, OUTGOING * self.fps / frames))  # share of the play it takes
            animations += [FadeOut(m, rate_func=lambda t: min(1.0, t / span))
                           for m in self._outgoing]
            self._outgoing = []
        wanted = run_time if run_time is not None else max([a.get_run_time() for a in animations]
                                                           or [1 / self.fps])
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
        if self._cue is not None and frames:
            word, wanted = self._cue
            self._beat.cues.append(Cue(word, self.frame, wanted))
            self._cue = None
            for a in animations:
                _lead(a)
        if self._beat is not None and frames:
            self._beat.moving.append((self.frame, self.frame + frames))
        if self.rehearse:
            self.frame += frames
            return
        if frames == 0:
            self._apply_instantly(animations, **kwargs)
        else:
            first = self.frame
            self.frame += frames
            self.renderer.frame_no = first
            if self.renderer._original_skipping_status or self._outside_window(first, frames):
                with self._skipping():
                    if not kwargs and self._jump_to_end(animations):
                        self.renderer.time += frames / self.fps
                        self.renderer.num_plays += 1
                    else:
                        super().play(*animations, run_time=frames / self.fps, **kwargs)
            else:
                super().play(*animations, run_time=frames / self.fps, **kwargs)
        if self.inspect and self._beat is not None:
            boxes = self._text_boxes()
            self._beat.plays.append(boxes)
            for label, corners in boxes:
                key = f"{label} @ {np.round(corners, 2).tolist()}"
                self._beat.shown.setdefault(key, corners)

    def _check_morphs(self, animation: Animation) -> None:
        """Refuse a morph between mobjects of different structure (see `structure`)."""
        if isinstance(animation, AnimationGroup):
            for a in animation.animations:
                self._check_morphs(a)
        elif type(animation) in _MORPHS and animation.target_mobject is not None:
            source, target = animation.mobject, animation.target_mobject
            if isinstance(animation, TransformFromCopy):  # it plays its pair backwards
                source, target = target, source
            if structure(source) != structure(target):
                where = f"beat {self._beat.sentence_id!r}" if self._beat else "before any beat"
                raise MismatchedMorph(
                    f"scene {self.scene_id!r}, {where}: {type(animation).__name__} of "
                    f"{_describe(source)} into {_describe(target)}, "
                    "which differ in structure; fade, grow or move them instead")

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
        with self._skipping():
            super().play(*animations, run_time=1 / self.fps, **kwargs)

    @contextmanager
    def _skipping(self) -> Iterator[None]:
        """Plays inside run as in a beat not drawn: no pixel, ends jumped to where known."""
        renderer = self.renderer
        saved = renderer._original_skipping_status
        renderer._original_skipping_status = True
        try:
            yield
        finally:
            renderer._original_skipping_status = saved
            renderer.skip_animations = saved

    def draw_only(self, window: tuple[int, int], ends: bool = False) -> None:
        """Draw only the scene's frames in [first, end) from now on (the renderer's `window`);
        `ends`: the scene ends once its frames are past them."""
        assert isinstance(self.renderer, FrameExactRenderer)
        self.renderer.window = window
        self.ends_with_window = ends

    def _outside_window(self, first: int, frames: int) -> bool:
        """Whether a play of `frames` from frame `first` has no frame in the renderer's window."""
        window = self.renderer.window
        return window is not None and (first + frames <= window[0] or first >= window[1])

    def _check_window(self) -> None:
        """With `ends_with_window`, end the scene once its frames are past the window."""
        window = self.renderer.window
        if self.ends_with_window and window is not None and self.frame >= window[1]:
            raise EndSceneEarlyException()

    def wait_until(self, frame: int) -> None:  # type: ignore[override]  # frames, not a condition
        """Hold the picture (updaters keep running) until the scene reaches `frame`."""
        if self.final:
            return
        if frame < self.frame:
            raise RuntimeError(f"scene {self.scene_id!r} is at frame {self.frame}, past frame {frame}")
        if frame > self.frame:
            self._check_window()
            first, frames = self.frame, frame - self.frame
            self.frame = frame
            if self.rehearse:
                return
            self.renderer.frame_no = first
            if self._outside_window(first, frames):
                with self._skipping():
                    super().play(Wait(run_time=frames / self.fps))
            else:
                super().play(Wait(run_time=frames / self.fps))

    # --- inside a beat: words, what is left, fitted blocks -------------------------------------

    def _current(self, what: str) -> BeatTiming:
        if self._beat_timing is None:
            raise RuntimeError(f"scene {self.scene_id!r}: {what} is only possible inside a beat")
        return self._beat_timing

    def word_frame(self, word: str, n: int = 1) -> int:
        """The frame the voice starts the `n`-th `word` of the current beat's sentence on."""
        beat = self._current("waiting for a word")
        self.asked.setdefault(beat.sentence_id, []).append((word, n))
        return beat.word(word, n, self.scene_id).start

    def until(self, word: str, n: int = 1) -> None:
        """Hold the picture until the `n`-th `word` of this beat's sentence; the next play is a
        cue that starts on the word's frame."""
        if self.final:
            return
        frame = self.word_frame(word, n)
        if frame < self.frame:  # the animations before it were sped up past the word
            message = (f"beat {self._beat.sentence_id!r} in scene {self.scene_id!r}: reached "
                       f"{word!r} {(self.frame - frame) / self.fps:.2f} s late")
            self._beat.squeezed.append(message)
            log.warning(message)
        self.wait_until(max(frame, self.frame))
        self._cue = (word, frame)

    def length(self) -> float:
        """Seconds of the current beat, from its sentence's start to the next one's."""
        b = self._current("a beat's length")
        return (b.end - b.start) / self.fps

    def left(self, until: str | None = None, n: int = 1) -> float:
        """Seconds from now to the end of the beat, or to the `n`-th word `until`."""
        if self.final:
            return 1.0
        end = self._beat_end if until is None else self.word_frame(until, n)
        return max(0, end - self.frame) / self.fps

    def fit(self, *plays: Play, until: str | None = None, n: int = 1, rest: float = REST) -> None:
        """Play `plays` one after another, each for its run time, all sped up by one factor when
        needed to end by the `n`-th word `until`, or `rest` seconds before the beat ends."""
        available = self.left(until, n) - (0.0 if until else rest)
        planned = sum(p.run_time for p in plays)
        k = min(1.0, max(0.0, available) / planned) if planned else 1.0
        done, start = 0.0, self.frame
        for p in plays:  # frame boundaries from the running total: no rounding drift
            done += p.run_time * k
            frames = max(1, int(round(done * self.fps)) - (self.frame - start))
            self.play(*([] if self.rehearse else p.animations()), run_time=frames / self.fps)
            if p.then and not self.rehearse:
                p.then()

    # --- beats ------------------------------------------------------------------------------

    @contextmanager
    def beat(self, sentence_id: str) -> Iterator[BeatRecord]:
        """Run the body of a beat from its sentence's first frame to the next sentence's."""
        if self.final:
            yield BeatRecord(sentence_id, 0)
            return
        if self.on_beat is not None:
            self.on_beat(self, sentence_id)
        timing = self.timing.beat(sentence_id)
        if any(r.sentence_id == sentence_id for r in self.timeline):
            raise RuntimeError(f"scene {self.scene_id!r} has two beats for {sentence_id!r}")
        if self._beat is not None:
            raise RuntimeError(f"beat {sentence_id!r} opened inside beat {self._beat.sentence_id!r}")
        self._enter_segment(sentence_id)
        self.wait_until(timing.start)
        record = BeatRecord(sentence_id, self.frame)
        self.timeline.append(record)
        self._beat, self._beat_timing, self._beat_end = record, timing, timing.end
        self._cue = (None, timing.start)
        if self.inspect:  # what the previous beat left on screen shows under this sentence too
            for label, corners in self._text_boxes():
                record.shown.setdefault(f"{label} @ {np.round(corners, 2).tolist()}", corners)
        try:
            yield record
        finally:
            self._beat, self._beat_timing, self._cue = None, None, None
            self.wait_until(timing.end)
            record.end = self.frame
            if self.inspect:
                self._inspect(record)
        if sentence_id == self.stop_after:
            raise StopAfterBeat(sentence_id)

    def _enter_segment(self, sentence_id: str) -> None:
        """Draw this beat's frames, or only run it, as `draw` says."""
        if callable(self.draw) and sentence_id in self.decided:  # the first beat: asked twice
            drawing = self.decided[sentence_id]
        elif callable(self.draw):
            first = sentence_id == self.timing.beats[0].sentence_id
            state = self.states[sentence_id] = START if first else self.state_digest()
            drawing = self.decided[sentence_id] = self.draw(sentence_id, state)
            if not drawing and self.done is not None and self.done(sentence_id, state):
                raise EndSceneEarlyException()  # Manim ends the scene as if it had played out
        else:
            drawing = self.draw is None or sentence_id in self.draw
        self.renderer._original_skipping_status = not drawing
        self.renderer.skip_animations = not drawing
        segment = getattr(self.renderer.file_writer, "segment", None)  # not on Manim's own writer
        if drawing and segment:
            segment(sentence_id)

    def construct(self) -> None:
        if self.final:
            self.add_background()
            self.beats()
            return
        self._enter_segment(self.timing.beats[0].sentence_id)
        self.add_background()
        if self.follows and not self.rehearse:
            self._open_on_previous()
        self.beats()
        self.wait_until(self.timing.frames)
        if callable(self.draw):
            self.end_state = self.state_digest()
        missing = [b.sentence_id for b in self.timing.beats
                   if b.sentence_id not in {r.sentence_id for r in self.timeline}]
        if missing:
            raise MissingBeats(self.scene_id, tuple(missing))

    def _open_on_previous(self) -> None:
        """Put the followed scene's last picture on screen, as that scene left it."""
        from scenes import scene_class

        previous = scene_class(self.follows)(self.timing, skip=True, final=True)
        previous.construct()
        self.previous = previous.kept
        self._outgoing = list(previous.mobjects)
        self.add(*self._outgoing)

    def state_digest(self) -> str:
        """A digest of the picture as it stands: every mobject in the scene in drawing order, its
        class, parts, points, colours, strokes and depth. Two runs that reach the same picture by
        different timings give the same digest, so a beat's video drawn from it can be reused."""
        h = hashlib.sha256()
        for m in self.get_mobject_family_members():
            if not m.submobjects and not m.has_points():
                continue  # shows nothing and holds nothing (a wait leaves one per gap it fills)
            h.update(f"{type(m).__name__}/{len(m.submobjects)}".encode())
            for name in _DRAWN:
                h.update(_state_bytes(getattr(m, name, None)) + b"|")
        return h.hexdigest()[:32]

    def keep(self, **mobjects: Mobject) -> None:
        """Offer these mobjects of this scene's last picture to the scene that follows it."""
        self.kept.update(mobjects)

    def take(self, name: str) -> Mobject:
        """A mobject the previous scene kept (`keep`), left on screen for this scene to move
        into its own layout instead of fading with the rest of that picture."""
        mob = self.previous[name]
        family = mob.get_family()
        outgoing = []
        for m in self._outgoing:  # the kept mobject may sit inside a group of that picture
            if m is mob:
                continue
            if any(s in family for s in m.get_family()):
                self.remove(m)
                rest = [s for s in m.submobjects if s is not mob and s not in family]
                self.add(*rest)
                outgoing += rest
            else:
                outgoing.append(m)
        self._outgoing = outgoing
        self.add(mob)
        return mob

    def from_previous(self, name: str, target: Mobject, otherwise: Animation) -> Animation:
        """`target` arrives: as the previous scene's kept `name` moving into it when there is one
        (the same structure, see `structure`), else by `otherwise`."""
        if name in self.previous:
            return ReplacementTransform(self.take(name), target)
        return otherwise

    def add_background(self) -> None:
        """Hook for things present from the first frame."""

    def beats(self) -> None:
        """The scene's beats: one `with self.beat(id):` per sentence of its paragraph."""
        raise NotImplementedError

    # --- inspection for tests ---------------------------------------------------------------

    def _text_boxes(self) -> list[tuple[str, np.ndarray]]:
        return [(_label(mob), np.array([mob.get_corner(np.array([-1, -1, 0])),
                                        mob.get_corner(np.array([1, 1, 0]))]))
                for mob in self._visible_family()
                if isinstance(mob, (Text, MathTex, DecimalNumber)) and mob.family_members_with_points()]

    def _inspect(self, record: BeatRecord) -> None:
        half_w, half_h = config.frame_width / 2, config.frame_height / 2
        for label, corners in self._text_boxes():
            record.texts.append(label)
            record.boxes.append((label, corners))
            record.shown.setdefault(f"{label} @ {np.round(corners, 2).tolist()}", corners)
        for mob in self._visible_family():
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


def _state_bytes(value: object) -> bytes:
    """A look attribute as bytes for `state_digest`: numbers to 6 places whatever their type (an
    animation leaves a float where a constructor left an int), and never -0.0."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        return (np.round(value.astype(float), 6) + 0.0).tobytes()
    if isinstance(value, (int, float, np.number)) and not isinstance(value, bool):
        return repr(round(float(value), 6) + 0.0).encode()
    return repr(value).encode()


def _lead(animation: Animation) -> None:
    """Ease out only, where the animation eases in and out, so it changes plainly at once."""
    if isinstance(animation, AnimationGroup):
        for a in animation.animations:
            _lead(a)
    elif animation.rate_func is smooth:
        animation.rate_func = ease_out_quart


def structure(mob: Mobject) -> tuple | str:
    """What a morph must keep: a text is its words, any other mobject the structures of its parts
    (a single shape is just "shape"). Colours, sizes and positions may change."""
    if isinstance(mob, (Text, MathTex)):
        return ("text", _label(mob))
    if not mob.submobjects:
        return "shape"
    return tuple(structure(s) for s in mob.submobjects)


def _describe(mob: Mobject) -> str:
    if isinstance(mob, (Text, MathTex)):
        return f"{type(mob).__name__} {_label(mob)!r}"
    return f"{type(mob).__name__} of {len(mob.submobjects)} parts"


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
