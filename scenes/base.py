"""The base of every lesson scene: beats that start exactly on their sentences' frames.

A scene is a storyboard: `beats()` has one `with self.beat("sentence-id") as b:` per sentence of
its paragraph, and says inside what is on screen and when, with the beat's handle (`scenes.beat`):

    with self.beat("softmax-squashes") as b:
        b.fit(Play(FadeIn(title), run_time=0.6), by="squashes")   # done by the word, holds
        b.fit(Play(Transform(bars, shares), run_time=1.2))           # the rest of the sentence

A beat starts on its sentence's first frame and, when its body ends, waits out the rest of the
sentence, so a beat never pushes a later one off its sentence. The rules of a play live in
`scenes.rules` (cue easing, the speed-up to fit, the rest before the beat's end, the morph check);
how a run goes (draw, rehearse, last picture, inspect; which beats, where frames go) is the
`RunPlan` the scene is made with (`scenes.plan`); every access to Manim's internals is in
`scenes.adapter`. The timeline records beats, cues and layout in whole frames, so tests check
sync without looking at pixels.

A scene registers itself: its class's `scene_id` names the paragraph it draws. It opens on the
picture the scene it `follows` ended on (rebuilt by running that scene's code to its end), and
changes scene in three moves, its first block opening with `self.scene_change(...)`:

    b.fit(self.scene_change(self.from_previous("fluffy", fluffy, FadeIn(fluffy))),  # 1 and 2
          Play(FadeIn(others), FadeIn(legend), run_time=0.8))                      # 3

what it takes of what that scene `keep`s moves into its own layout, while the rest of that
picture leaves, all of it early in that play (so what moves crosses nothing legible); then its
own layout builds. A title gives way by leaving before the next arrives (`widgets.crossfade`).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import ClassVar

import numpy as np
from manim import (
    Animation,
    AnimationGroup,
    FadeIn,
    FadeOut,
    Indicate,
    Mobject,
    ReplacementTransform,
    Wait,
)

from common.choices import few
from scenes import fastcopy  # noqa: F401  (its import makes every mobject copy the fast one)
from scenes.adapter import (
    EndSceneEarlyException,
    FrameExactRenderer,
    FrameTimes,
    Scene,
    on_own_targets,
    prepare_animation,
)
from scenes.adapter import renderer as make_renderer
from scenes.beat import Beat, BeatRecord, Cue, Play
from scenes.inspection import describe, describe_mobject, hidden_by, key, out_of_frame, text_boxes
from scenes.inspection import label as text_label
from scenes.plan import Mode, RunPlan
from scenes.prebuilt import Picture, last_picture
from scenes.rules import CHANGE, carry, check_morph, lead, leaving, squeeze
from scenes.timing import START, SceneTiming

__all__ = ["Beat", "BeatRecord", "Cue", "LessonScene", "MissingBeats", "OverriddenAnimation", "Play",
           "RunPlan", "StopAfterBeat"]

log = logging.getLogger("lesson.scenes")

# Animations whose end state is their mobject as it was (added, or removed for FadeOut): exactly
# so, since smooth(1) == 1 and there_and_back(1) == 0.
_END_STATE_KNOWN = (FadeIn, FadeOut, Indicate)
# What a mobject's look is made of, for `state_digest`.
_DRAWN = ("points", "fill_rgbas", "stroke_rgbas", "background_stroke_rgbas", "stroke_width",
          "background_stroke_width", "sheen_factor", "sheen_direction", "z_index", "joint_type",
          "cap_style", "shade_in_3d", "pixel_array")


class MissingBeats(RuntimeError):
    """A scene ended without a beat for some sentences of its paragraph."""

    def __init__(self, scene_id: str, missing: tuple[str, ...]):
        self.scene_id, self.missing = scene_id, missing
        super().__init__(f"scene {scene_id!r} has no beat for: {few(missing)}")

    def __reduce__(self):  # pickled whole across processes (a drawing worker's error)
        return type(self), (self.scene_id, self.missing)


class OverriddenAnimation(ValueError):
    """Two animations of one mobject in one play, or of a group and a part of it: each frame the
    later sets the shared part from where it began, so the earlier has no effect on it (two
    `.animate` of one mobject cancel out; a flash of a text in the play that fades in its group
    leaves the text unseen)."""


def check_one_animation_each(animations: list[Animation], where: str) -> None:
    """Refuse a play that animates one mobject twice, itself or as part of a group (see
    `OverriddenAnimation`)."""
    def flat(group: list[Animation]) -> list[Animation]:
        return [b for a in group
                for b in (flat(a.animations) if isinstance(a, AnimationGroup) else [a])
                if not isinstance(b, Wait)]

    owner: dict[int, Animation] = {}
    for a in flat(animations):
        for part in (a.mobject.get_family() if a.mobject is not None else []):
            earlier = owner.setdefault(id(part), a)
            if earlier is a:
                continue
            if a.mobject is earlier.mobject:
                raise OverriddenAnimation(
                    f"{where}: {describe(earlier)} and {describe(a)} in one play; the last overrides "
                    "the first, which has no effect; fix: chain the changes in one .animate "
                    "(m.animate.shift(...).set_color(...)) or play them one after another")
            raise OverriddenAnimation(
                f"{where}: {describe(earlier)} and {describe(a)} in one play both move "
                f"{describe_mobject(part)}; the last sets it from where it began, so the first has no "
                "effect on it; fix: play them one after another, or animate the group's other "
                "parts without it")


class HiddenText(ValueError):
    """A play left a filled shape drawn over a text: Manim draws the mobjects a play animates
    above the others, so boxes animated after their words (a LaggedStart of their strokes, say)
    hide the words for the rest of the scene."""


class StopAfterBeat(Exception):
    """Raised to end a scene early once the requested beat is over (for a still)."""


class LessonScene(Scene):
    """Base of every lesson scene: `beats()` opens `self.beat(id)` once per sentence, in order."""

    scene_id: ClassVar[str]
    # The scene whose last picture this one opens on (rebuilt by running that scene's code, so
    # scenes still render apart); its first play fades out what it does not `take`. None: the
    # scene opens from an empty frame, a declared cut.
    follows: ClassVar[str | None] = None
    renderer: FrameExactRenderer

    def __init__(self, timing: SceneTiming, plan: RunPlan = RunPlan()):
        self.timing, self.plan = timing, plan
        self.kept: dict[str, Mobject] = {}  # what this scene leaves for the next one (`keep`)
        self.previous: dict[str, Mobject] = {}  # what the followed scene kept for this one
        self._outgoing: list[Mobject] = []  # the followed scene's picture, until the change
        # With a Chooser: the digest of the picture each beat starts from, and the last.
        self.states: dict[str, str] = {}
        self.decided: dict[str, bool] = {}  # what the Chooser said for each beat
        self.end_state: str | None = None
        # The picture the first beat starts from: START, or what the followed scene handed over.
        self.opening = START
        self.fps = timing.fps
        self.frame = 0  # frames played so far
        self.timeline: list[BeatRecord] = []
        self.asked: dict[str, list[tuple[str, int]]] = {}  # sentence id -> the words waited for
        self._beat: BeatRecord | None = None
        self._beat_end = 0
        self._cue: tuple[str | None, int] | None = None  # the next play is a cue for this
        # (shape, text) ids -> the pair and the play of this beat that drew the shape over the text
        self._hiding: dict[tuple[int, int], tuple[Mobject, Mobject, str]] = {}
        renderer = make_renderer(plan.skip, plan.sink)
        super().__init__(renderer=renderer, skip_animations=plan.skip)
        self.replan(plan)

    # --- the run --------------------------------------------------------------------------

    @property
    def timeless(self) -> bool:
        """Only the last picture is built: plays jump to their end, words are not waited for."""
        return self.plan.mode is Mode.LAST_PICTURE

    @property
    def rehearsing(self) -> bool:
        """Only the timing runs: no animation is made at all."""
        return self.plan.mode is Mode.REHEARSE

    @property
    def inspecting(self) -> bool:
        return self.plan.mode is Mode.INSPECT

    def replan(self, plan: RunPlan) -> None:
        """Go on in this run under `plan` (a window, a hook): its frames still go where they went."""
        self.plan = plan
        self.renderer.window = plan.window
        on_frame = plan.on_frame
        self.renderer.sampler = None if on_frame is None else (lambda frame, n: on_frame(self, frame, n))

    def take_over(self, plan: RunPlan, timing: SceneTiming, at: str) -> None:
        """As a copy paused where beat `at` begins: go on with another run's plan and timing from
        there, the frames going to that run's sink."""
        self.replan(plan)
        self.timing = timing
        self.decided.clear()
        if plan.sink is not None:
            self.renderer.replace_sink(plan.sink)
        if at != timing.beats[0].sentence_id:
            self.frame = timing.beat(at).start  # the beats before may be longer now
        self.renderer.set_clock(self.frame / self.fps)

    @property
    def sink(self):
        """Where this run's frames went (the plan's sink, as made by the renderer)."""
        return self.renderer.sink

    def picture(self):
        """The picture on screen now, as an image, even after a run without pixels."""
        return self.renderer.picture(self)

    # --- time -------------------------------------------------------------------------------

    def get_time_progression(self, run_time, description, n_iterations=None,
                             override_skip_animations=False):
        """Exactly round(run_time * fps) frame times, ending on the animation's end: its first
        frame already shows it moving (Manim's own shows the start again), and no float drift."""
        if self.renderer.skip_animations and not override_skip_animations:
            return FrameTimes([run_time])
        return FrameTimes(np.arange(1, int(round(run_time * self.fps)) + 1) / self.fps)

    def play(self, *args, run_time: float | None = None, **kwargs) -> None:
        """A play on the beat's frames: morphs checked, a cue eased, sped up to fit the beat."""
        self._check_window()
        animations = [prepare_animation(a) for a in args]
        for a in animations:
            check_morph(a, self._where())
        plays = f", play {len(self._beat.moving) + 1}" if self._beat is not None else ""
        check_one_animation_each(animations, self._where() + plays)
        if self.timeless:
            if not self._jump_to_end(animations):
                self._apply_instantly(animations, **kwargs)
            return
        if self._outgoing:
            raise RuntimeError(f"{self._where()}: the scene opens on {self.follows!r}'s picture; "
                               "its first play must be self.scene_change(...)")
        frames = self._frames(run_time, animations)
        if self._cue is not None and frames:
            self._start_cue(animations)
        if self._beat is not None and frames:
            self._beat.moving.append((self.frame, self.frame + frames))
        if self.rehearsing:
            self.frame += frames
            return
        self._draw(animations, frames, **kwargs)
        self._note_hidden(animations, self._where() + plays)
        if self.inspecting and self._beat is not None:
            boxes = text_boxes(self.mobjects)
            self._beat.plays.append(boxes)
            for label, corners in boxes:
                self._beat.shown.setdefault(key(label, corners), corners)

    def _note_hidden(self, animations: list[Animation], where: str) -> None:
        """Note each legible text a filled shape this play animates is now drawn over: refused
        if it is still hidden when the beat's body ends (`_refuse_hidden`)."""
        for shape, text in hidden_by([a.mobject for a in animations], self.get_mobject_family_members()):
            self._hiding.setdefault((id(shape), id(text)), (shape, text, where))

    def _refuse_hidden(self) -> None:
        """Raise HiddenText for a text a play of this beat left hidden under a shape it animated."""
        noted, self._hiding = self._hiding, {}
        if not noted:
            return
        still = {(id(a), id(b)) for a, b in hidden_by([s for s, _, _ in noted.values()],
                                                      self.get_mobject_family_members())}
        for pair, (shape, text, where) in noted.items():
            if pair in still:
                raise HiddenText(
                    f"{where}: a filled {type(shape).__name__} is drawn over {text_label(text)!r} from this "
                    "play on (a play draws what it animates above the rest), hiding it; fix: put the "
                    "text above its box (text.set_z_index(1)), or play the box before the text is added")

    def _frames(self, run_time: float | None, animations: list[Animation]) -> int:
        """The frames a play takes: its run time, sped up to the frames left in the beat."""
        wanted = run_time if run_time is not None else max([a.get_run_time() for a in animations]
                                                           or [1 / self.fps])
        frames = max(1, int(round(wanted * self.fps)))
        if self._beat is not None:
            left = self._beat_end - self.frame
            if frames > left:
                short = (frames - left) / self.fps
                self.warn(f"{frames / self.fps:.2f} s of animation sped up to {left / self.fps:.2f} s "
                          f"to fit its sentence; fix: give the sentence a `pause:` {short:.2f} s "
                          "longer in the lesson YAML, or shorten the beat's plays")
            frames = squeeze(frames, left)
        return frames

    def _start_cue(self, animations: list[Animation]) -> None:
        assert self._cue is not None and self._beat is not None
        word, wanted = self._cue
        self._beat.cues.append(Cue(word, self.frame, wanted))
        self._cue = None
        for a in animations:
            lead(a)

    def cue(self, word: str | None, frame: int) -> None:
        """The next play starts a change the voice announces at `frame` (a word, or the start)."""
        self._cue = (word, frame)

    def warn(self, problem: str) -> None:
        """Note a timing problem of the current beat (kept in its record, and logged)."""
        assert self._beat is not None
        message = f"scene {self.scene_id!r}, beat {self._beat.sentence_id!r}: {problem}"
        self._beat.squeezed.append(message)
        log.warning(message)

    def _where(self) -> str:
        where = f"beat {self._beat.sentence_id!r}" if self._beat else "before any beat"
        return f"scene {self.scene_id!r}, {where}"

    def _draw(self, animations: list[Animation], frames: int, **kwargs) -> None:
        """Play `animations` over `frames` frames: drawn, or only run where no pixel is wanted."""
        if frames == 0:
            self._apply_instantly(animations, **kwargs)
            return
        first = self.frame
        self.frame += frames
        self.renderer.frame_no = first
        if not self.renderer.drawing or self._outside_window(first, frames):
            with self.renderer.not_drawing():
                if not kwargs and self._jump_to_end(animations):
                    self.renderer.count_play(frames / self.fps)
                else:
                    on_own_targets(animations)
                    super().play(*animations, run_time=frames / self.fps, **kwargs)
        else:
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
        with self.renderer.not_drawing():
            on_own_targets(animations)
            super().play(*animations, run_time=1 / self.fps, **kwargs)

    def _outside_window(self, first: int, frames: int) -> bool:
        """Whether a play of `frames` from frame `first` has no frame in the plan's window."""
        window = self.renderer.window
        return window is not None and (first + frames <= window[0] or first >= window[1])

    def _check_window(self) -> None:
        """With the plan's `ends_with_window`, end the scene once its frames are past the window."""
        window = self.renderer.window
        if self.plan.ends_with_window and window is not None and self.frame >= window[1]:
            raise EndSceneEarlyException()

    def wait_until(self, frame: int) -> None:  # type: ignore[override]  # frames, not a condition
        """Hold the picture (updaters keep running) until the scene reaches `frame`."""
        if self.timeless:
            return
        if frame < self.frame:
            raise RuntimeError(f"scene {self.scene_id!r} is at frame {self.frame}, past frame {frame}")
        if frame > self.frame:
            self._check_window()
            first, frames = self.frame, frame - self.frame
            self.frame = frame
            if self.rehearsing:
                return
            self.renderer.frame_no = first
            if self._outside_window(first, frames):
                with self.renderer.not_drawing():
                    super().play(Wait(run_time=frames / self.fps))
            else:
                super().play(Wait(run_time=frames / self.fps))

    # --- beats ------------------------------------------------------------------------------

    @contextmanager
    def beat(self, sentence_id: str) -> Iterator[Beat]:
        """Run the body of a beat from its sentence's first frame to the next sentence's; yields
        the beat's handle (its words, what is left, fitted blocks)."""
        if self.timeless:
            yield Beat(self, None, BeatRecord(sentence_id, 0))
            return
        if self.plan.on_beat is not None:
            self.plan.on_beat(self, sentence_id)
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
        self.cue(None, timing.start)
        if self.inspecting:  # what the previous beat left on screen shows under this sentence too
            for label, corners in text_boxes(self.mobjects):
                record.shown.setdefault(key(label, corners), corners)
        try:
            yield Beat(self, timing, record)
            self._refuse_hidden()  # the body ended: what it hides now stays hidden to the beat's end
        finally:
            self._beat, self._cue = None, None
            self.wait_until(timing.end)
            record.end = self.frame
            if self.inspecting:
                self._inspect(record)
        if sentence_id == self.plan.stop_after:
            raise StopAfterBeat(sentence_id)

    def _enter_segment(self, sentence_id: str) -> None:
        """Draw this beat's frames, or only run it, as the plan says."""
        draw = self.plan.draw
        if callable(draw) and sentence_id in self.decided:  # the first beat: asked twice
            drawing = self.decided[sentence_id]
        elif callable(draw):
            first = sentence_id == self.timing.beats[0].sentence_id
            state = self.states[sentence_id] = self.opening if first else self.state_digest()
            drawing = self.decided[sentence_id] = draw(sentence_id, state)
            if not drawing and self.plan.done is not None and self.plan.done(sentence_id, state):
                if first:  # nothing played yet: Manim refuses a run without a play
                    self.renderer.count_play(0.0)
                raise EndSceneEarlyException()  # Manim ends the scene as if it had played out
        else:
            drawing = self.plan.drawn(sentence_id)
        self.renderer.set_drawing(drawing)
        segment = getattr(self.sink, "segment", None)  # not on Manim's own writer
        if drawing and segment:
            segment(sentence_id)

    def construct(self) -> None:
        if self.timeless:
            self.add_background()
            self.beats()
            return
        self.add_background()
        if self.follows and not self.rehearsing:
            self._open_on_previous()
        self._enter_segment(self.timing.beats[0].sentence_id)
        self.beats()
        self.wait_until(self.timing.frames)
        if callable(self.plan.draw):
            self.end_state = self.handover()
        missing = [b.sentence_id for b in self.timing.beats
                   if b.sentence_id not in {r.sentence_id for r in self.timeline}]
        if missing:
            raise MissingBeats(self.scene_id, tuple(missing))

    def _open_on_previous(self) -> None:
        """Put the followed scene's last picture on screen, as that scene left it (its code is
        run for it once, then the picture is kept: `scenes.prebuilt.last_picture`)."""
        assert self.follows is not None
        self.previous, outgoing, self.opening = last_picture(self.follows, self._previous_picture)
        self._outgoing = list(outgoing)
        self.add(*self._outgoing)

    def _previous_picture(self) -> Picture:
        """The followed scene run for its last picture only: what it keeps, what it shows, and
        the digest of both (the same its own run ends on)."""
        from scenes import scene_class

        assert self.follows is not None
        previous = scene_class(self.follows)(self.timing, RunPlan.last_picture())
        previous.construct()
        return previous.kept, list(previous.mobjects), previous.handover()

    def handover(self) -> str:
        """A digest of what this scene hands the one that follows it: its picture, and which of
        its mobjects it keeps under which name. The follower's first beat starts from it, so a
        change to this scene's code redraws the follower only where its last picture changed."""
        h = hashlib.sha256(self.state_digest().encode())
        for name in sorted(self.kept):
            h.update(f"\0{name}\0{picture_digest(self.kept[name].get_family())}".encode())
        return h.hexdigest()[:32]

    def state_digest(self) -> str:
        """A digest of the picture as it stands (`picture_digest` of every mobject in the scene,
        in drawing order). Two runs that reach the same picture by different timings give the
        same digest, so a beat's video drawn from it can be reused."""
        return picture_digest(self.get_mobject_family_members())

    def keep(self, **mobjects: Mobject) -> None:
        """Offer these mobjects of this scene's last picture to the scene that follows it."""
        self.kept.update(mobjects)

    def take(self, name: str) -> Mobject:
        """A mobject the previous scene kept (`keep`), left on screen for this scene to move
        into its own layout instead of leaving with the rest of that picture."""
        mob = self.previous[name]
        family = {id(m) for m in mob.get_family()}
        outgoing = []
        for m in self._outgoing:  # the kept mobject may sit inside groups of that picture
            rest = _without(m, family)
            if rest != [m]:
                self.remove(m)
                self.add(*rest)
            outgoing += rest
        self._outgoing = outgoing
        self.add(mob)
        return mob

    def from_previous(self, name: str, target: Mobject, otherwise: Animation,
                      by: type[Animation] = ReplacementTransform, **how) -> Animation:
        """`target` arrives: as the previous scene's kept `name` moving into it when there is one
        (the same structure, see `scenes.rules.structure`; `how` says how, say its `path_arc`;
        `by` FadeTransform between different shapes, a column of cells into a symbol), else by
        `otherwise`."""
        if name in self.previous:
            return by(self.take(name), target, **how)
        return otherwise

    def scene_change(self, *carried: Animation, run_time: float = CHANGE) -> Play:
        """The scene change, as the first play of the scene's first block: what this scene takes
        of the followed scene's picture moves into its layout (`carried`, from `from_previous`)
        while the rest of that picture leaves; the block's next plays build the new layout, so
        two layouts never show at once. A scene that follows another opens with it."""
        def moves() -> list[Animation]:
            out = [carry(a) for a in carried] + leaving(self._outgoing)
            self._outgoing = []
            return out or [Wait(run_time)]

        return Play(moves, run_time=run_time)

    def add_background(self) -> None:
        """Hook for things present from the first frame."""

    def beats(self) -> None:
        """The scene's beats: one `with self.beat(id) as b:` per sentence of its paragraph."""
        raise NotImplementedError

    # --- inspection for tests ---------------------------------------------------------------

    def _inspect(self, record: BeatRecord) -> None:
        for label, corners in text_boxes(self.mobjects):
            record.texts.append(label)
            record.boxes.append((label, corners))
            record.shown.setdefault(key(label, corners), corners)
        record.out_of_frame.extend(out_of_frame(self.mobjects))


def _without(mob: Mobject, family: set[int]) -> list[Mobject]:
    """The parts of `mob` that hold nothing of `family` (mobject ids), as few and as whole as
    can be: `mob` itself when it holds none of it."""
    if id(mob) in family:
        return []
    if not any(id(m) in family for m in mob.get_family()):
        return [mob]
    return [part for s in mob.submobjects for part in _without(s, family)]


def picture_digest(mobjects: Iterable[Mobject]) -> str:
    """A digest of what `mobjects` show: each one's class, the parts that show something,
    points, colours, strokes and depth (a glyph a count added and emptied again is no part: the
    same picture reached by a count or by a jump to its end has one digest). The sheen
    direction counts only where it is drawn (a sheen, or a colour gradient, which Cairo lays
    along it): Manim leaves a formula's either way, by whether it parsed the same SVG before in
    the process."""
    h = hashlib.sha256()
    for m in mobjects:
        if not m.submobjects and not m.has_points():
            continue  # shows nothing and holds nothing (a wait leaves one per gap it fills)
        shown = sum(1 for s in m.submobjects if s.submobjects or s.has_points())
        h.update(f"{type(m).__name__}/{shown}".encode())
        for name in _DRAWN:
            if name == "sheen_direction" and not _draws_direction(m):
                continue
            h.update(_state_bytes(getattr(m, name, None)) + b"|")
    return h.hexdigest()[:32]


def _draws_direction(m: Mobject) -> bool:
    """Whether `m`'s sheen direction shows: it has a sheen, or a gradient in a fill or stroke."""
    rgbas = (getattr(m, name, None) for name in ("fill_rgbas", "stroke_rgbas", "background_stroke_rgbas"))
    return bool(getattr(m, "sheen_factor", 0)) or any(r is not None and len(r) > 1 for r in rgbas)


def _state_bytes(value: object) -> bytes:
    """A look attribute as bytes for `state_digest`: numbers to 6 places whatever their type (an
    animation leaves a float where a constructor left an int), and never -0.0."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        return (np.round(value.astype(float), 6) + 0.0).tobytes()
    if isinstance(value, (int, float, np.number)) and not isinstance(value, bool):
        return repr(round(float(value), 6) + 0.0).encode()
    return repr(value).encode()
