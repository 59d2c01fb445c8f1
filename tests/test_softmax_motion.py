"""Scene 6 held on every frame of the real scene run without pixels: the sum's copies that
become the fractions' denominators move on short paths, clear of every other text."""

from __future__ import annotations

import numpy as np
import pytest
from scene_frames import follow

from attention.attention.lesson import lesson
from attention.figures import exp_figure
from common.settings import QUALITIES
from scenes.inspection import overlapping, text_boxes
from scenes.timing import SceneTiming

FPS = QUALITIES["low"].fps
AT_REST = 0.02  # frame units: a copy this close to where a sum stands at the beat's end is still


class Boxes(list):
    """Per frame of the scene: every visible text with its (2, 3) box."""

    def __call__(self, scene, frame: int, n: int) -> None:
        assert frame == len(self), "a frame was skipped"
        self.extend([text_boxes(scene.mobjects)] * n)


SOFTMAX = follow("softmax", Boxes)


@pytest.fixture(scope="module")
def softmax(scene_runs) -> tuple[Boxes, SceneTiming]:
    return scene_runs.recorded(SOFTMAX)


def test_the_sums_copies_pass_clear_of_every_other_text(softmax):
    """While the sum ("805", from the core) is copied under each exponential, no moving copy's
    box meets the box of a text other than a sum (its source, its own slot) on any frame: the
    copies never cross under the finished fractions or over their shares."""
    boxes, timing = softmax
    total = exp_figure(lesson().focus_exp_sum)
    beat = timing.beat("softmax-squashes")
    still = [box for name, box in boxes[beat.end - 1] if name == total]
    assert len(still) == len(lesson().tokens) + 1, "a denominator per token and the sum"
    met = []
    for n in range(beat.start, beat.end):
        moving = [box for name, box in boxes[n] if name == total
                  and not any(np.abs(box - s).max() < AT_REST for s in still)]
        met += [(n / FPS, name) for box in moving for name, other in boxes[n]
                if name != total and overlapping(box, other)]
        # a denominator already in place, and a moving copy wholly below it, in its column
        met += [(n / FPS, f"the space under a finished {total}") for box in moving
                for name, other in boxes[n] if name == total
                and any(np.abs(other - s).max() < AT_REST for s in still)
                and box[1][1] < other[0][1] and min(box[1][0], other[1][0]) > max(box[0][0], other[0][0])]
    assert not met, f"a moving {total} meets {met[0][1]!r} {met[0][0]:.2f} s into the scene ({len(met)})"

