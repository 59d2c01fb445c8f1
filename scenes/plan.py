"""How one run of a scene goes, as one frozen value handed to the scene (`LessonScene(timing, plan)`).

A scene runs in one of four ways (`Mode`): it draws (the beats `draw` chooses; the others run
without pixels), rehearses its timing only (no animation at all, to find a wrong word before
drawing), builds its last picture only (the next scene opens on it), or inspects its layout
(no pixels; every text's place after every play, for the tests; with `on_frame`, every
frame's too: each play then runs frame by frame, still without a pixel). A paused copy of a
scene goes on with another run by being handed that run's plan (`LessonScene.replan`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NoReturn, Protocol

from scenes.adapter import FrameSink

if TYPE_CHECKING:
    from scenes.base import LessonScene

# Whether to draw a beat, given its sentence id and the digest of the picture it starts from.
Chooser = Callable[[str, str], bool]


class Resumed(Protocol):
    """A run that reports its own end: a scene copy that took a run over at a beat's start, or a
    fork drawing the first part of a beat."""

    def finish(self, scene: LessonScene) -> NoReturn: ...
    def fail(self, error: BaseException) -> NoReturn: ...


class Mode(Enum):
    DRAW = "draw"
    REHEARSE = "rehearse"
    LAST_PICTURE = "last picture"
    INSPECT = "inspect"


@dataclass(frozen=True)
class RunPlan:
    """What a scene run does, which beats it draws, where its frames go and where it stops.

    `draw` is the sentence ids to draw (None: all), or a Chooser asked as each beat begins;
    `done`, with a Chooser, says for a beat not drawn and its picture whether nothing from there
    on is left to draw: the run then ends at that beat. `window`: only the scene's frames in
    [first, end) are drawn (one beat drawn by two processes), and with `ends_with_window` the
    run ends once past them. `stop_after`: the run ends after that beat (for a still).
    """

    mode: Mode = Mode.DRAW
    draw: frozenset[str] | Chooser | None = None
    done: Chooser | None = None
    sink: type[FrameSink] | None = FrameSink
    skip: bool = False  # no beat draws at all: the renderer starts without pixels
    window: tuple[int, int] | None = None
    ends_with_window: bool = False
    stop_after: str | None = None
    # Called as each beat begins, before it reads its timing (video.checkpoints pauses a copy of
    # the scene there); `resumed`: such a copy, or a fork drawing part of a beat, reports the
    # run's end itself.
    on_beat: Callable[[LessonScene, str], None] | None = None
    resumed: Resumed | None = None
    # Called for every frame of an inspection, with the scene, the frame's number and how many
    # frames show that picture (a hold is one call), the mobjects as they stand on that frame.
    on_frame: Callable[[LessonScene, int, int], None] | None = None

    @classmethod
    def drawing(cls, draw: Collection[str] | Chooser | None = None, *, done: Chooser | None = None,
                sink: type[FrameSink] | None = FrameSink) -> RunPlan:
        """Draw the beats `draw` names (all by default) into `sink`'s frames."""
        chosen = draw if draw is None or callable(draw) else frozenset(draw)
        return cls(Mode.DRAW, chosen, done, sink)

    @classmethod
    def running(cls, *, stop_after: str | None = None) -> RunPlan:
        """Run every beat without drawing a pixel (the timeline; a still's picture)."""
        return cls(Mode.DRAW, frozenset(), skip=True, stop_after=stop_after)

    @classmethod
    def rehearsal(cls) -> RunPlan:
        """Only the beats' timing: every word waited for is looked up, nothing animates."""
        return cls(Mode.REHEARSE, frozenset(), skip=True)

    @classmethod
    def last_picture(cls) -> RunPlan:
        """Only the scene's last picture: every play jumps to its end, no timing."""
        return cls(Mode.LAST_PICTURE, frozenset(), skip=True)

    @classmethod
    def inspection(cls, on_frame: Callable[[LessonScene, int, int], None] | None = None) -> RunPlan:
        """A run without pixels that records every text's place after every play; with
        `on_frame`, every play runs frame by frame and each frame is handed to it."""
        if on_frame is None:
            return cls(Mode.INSPECT, frozenset(), skip=True)
        return cls(Mode.INSPECT, None, on_frame=on_frame)

    def but(self, **changes) -> RunPlan:
        """This plan with `changes` (a window, a hook, a copy's `resumed`)."""
        return dataclasses.replace(self, **changes)

    def drawn(self, sentence_id: str) -> bool:
        """Whether a fixed choice draws this beat (a Chooser is asked by the scene instead)."""
        assert not callable(self.draw)
        return self.draw is None or sentence_id in self.draw
