"""A beat's handle: what `with self.beat("softmax-squashes") as b:` yields, the beat's timing.

- `b.until("fluffy")` (or `b.until("to", 2)`, the second "to") holds the picture until the voice
  reaches that word; the next play is a cue that starts on the word's frame. To start a block on
  a word, say so first: `b.until("fluffy")`, then `b.fit(...)`.
- `b.fit(Play(a, b, run_time=0.8), Play(c, run_time=0.4), by="fluffy")` plays a block one play
  after another, sped up together (never slowed) to be done *by* that word, then holds until it:
  the cue word is written once. Without `by`, the block ends `REST` seconds before the beat does.
- `b.left()` / `b.left("blue")` and `b.length()` give the seconds left (to the beat's end or a
  word) and the beat's length.

A word the sentence does not say is an error naming the scene, the sentence and its words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import FunctionType, MethodType
from typing import TYPE_CHECKING

import numpy as np
from manim import Animation

from scenes.rules import REST, fit_factor
from scenes.timing import BeatTiming

if TYPE_CHECKING:
    from scenes.base import LessonScene


class Play:
    """One play of a block for `Beat.fit`: its animations (or a function that makes them when
    their turn comes, for animations of a state the block's earlier plays create), the run time
    it would like, and an optional function to call after it (say, to swap mobjects)."""

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


@dataclass
class BeatRecord:
    """What a beat did, in whole frames: the timeline tests check sync and layout on."""

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


class Beat:
    """The timing of the beat being played, from its sentence's first frame to the next one's."""

    def __init__(self, scene: LessonScene, timing: BeatTiming | None, record: BeatRecord):
        """`timing` is None in a run that only builds the scene's last picture (no timing)."""
        self.scene, self._timing, self.record = scene, timing, record

    @property
    def sentence_id(self) -> str:
        return self.record.sentence_id

    @property
    def timing(self) -> BeatTiming:
        if self._timing is None:
            raise RuntimeError(f"scene {self.scene.scene_id!r}: a run that builds only the last "
                               "picture has no timing")
        return self._timing

    def word_frame(self, word: str, n: int = 1) -> int:
        """The frame the voice starts the `n`-th `word` of this beat's sentence on."""
        self.scene.asked.setdefault(self.sentence_id, []).append((word, n))
        return self.timing.word(word, n, self.scene.scene_id).start

    def until(self, word: str, n: int = 1) -> None:
        """Hold the picture until the `n`-th `word`; the next play is a cue on the word's frame."""
        if self.scene.timeless:
            return
        frame = self.word_frame(word, n)
        if frame < self.scene.frame:  # the animations before it were sped up past the word
            self.scene.warn(f"reached {word!r} {(self.scene.frame - frame) / self.scene.fps:.2f} s "
                            "late; fix: shorten the plays before it, or wait for a later word")
        self.scene.wait_until(max(frame, self.scene.frame))
        self.scene.cue(word, frame)

    def length(self) -> float:
        """Seconds of this beat, from its sentence's start to the next one's."""
        return (self.timing.end - self.timing.start) / self.scene.fps

    def left(self, until: str | None = None, n: int = 1) -> float:
        """Seconds from now to the end of the beat, or to the `n`-th word `until`."""
        if self.scene.timeless:
            return 1.0
        end = self.timing.end if until is None else self.word_frame(until, n)
        return max(0, end - self.scene.frame) / self.scene.fps

    def fit(self, *plays: Play, by: str | None = None, n: int = 1, rest: float = REST) -> None:
        """Play `plays` one after another, each for its run time, all sped up by one factor when
        needed to be done by the `n`-th word `by` (then held until it), or `rest` seconds before
        the beat ends. (It never waits for a word first: `until` does.)"""
        scene = self.scene
        k = fit_factor(self.left(by, n) - (0.0 if by else rest), sum(p.run_time for p in plays))
        done, start = 0.0, scene.frame
        for p in plays:  # frame boundaries from the running total: no rounding drift
            done += p.run_time * k
            frames = max(1, int(round(done * scene.fps)) - (scene.frame - start))
            scene.play(*([] if scene.rehearsing else p.animations()), run_time=frames / scene.fps)
            if p.then and not scene.rehearsing:
                p.then()
        if by is not None:
            self.until(by, n)

    def play(self, *animations: Animation, run_time: float | None = None, **kwargs) -> None:
        """One play, as `Scene.play` (sped up to fit the beat when it would overrun it)."""
        self.scene.play(*animations, run_time=run_time, **kwargs)
