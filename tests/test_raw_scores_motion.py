"""Scene 5's two moves, held on every frame of the real scene run without pixels: each token's
word and its score keep together as they become the chart (a learner never sees a score away
from its word), and the bar copies that stack into the strip go one at a time, inside the frame."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from manim import Rectangle, config
from scene_frames import follow

from attention import exact_score_figure
from attention.attention.lesson import lesson
from common.settings import QUALITIES
from scenes.base import LessonScene
from scenes.inspection import text_boxes, visible_family

FPS = QUALITIES["low"].fps
COLUMN = 0.25  # frame units: a word this close across to its score's centre stands in its column
APART_AT_MOST = 0.5  # seconds a word may spend out of its score's column (stepping round it)
MARGIN = 0.3  # frame units every bar copy keeps from the frame's edges


@dataclass
class Recorder:
    """Per frame of the scene (its `on_frame`): in the first beat, how often each word stands
    out of its score's column; in the second, the boxes of the filled rectangles."""

    apart: dict[str, int] = field(default_factory=dict)  # word -> frames out of its column
    seen_together: set[str] = field(default_factory=set)
    copies: list[dict[int, np.ndarray]] = field(default_factory=list)  # per frame of the 2nd beat

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        first, second = scene.timing.beats[0], scene.timing.beats[1]
        if first.start <= frame < first.end:
            self._words(scene)
        elif second.start <= frame < second.end:
            self._copies(scene)

    def _words(self, scene: LessonScene) -> None:
        L = lesson()
        boxes = {name: box for name, box in text_boxes(scene.mobjects)}
        for n, word in enumerate(L.tokens):
            score = exact_score_figure(float(L.focus_scores[n]))
            if word not in boxes or score not in boxes:
                continue
            dx = abs(boxes[word].mean(axis=0)[0] - boxes[score].mean(axis=0)[0])
            if dx > COLUMN:
                self.apart[word] = self.apart.get(word, 0) + 1
            else:
                self.seen_together.add(word)

    def _copies(self, scene: LessonScene) -> None:
        """The boxes of every filled rectangle, by the mobject on screen holding it (a copy may
        be drawn in parts): the bars stand still, the copies move."""
        self.copies.append({
            id(top): np.array([box for m in visible_family([top])
                               if isinstance(m, Rectangle) and m.has_points()
                               and m.get_fill_opacity() > 0.1
                               for box in (m.get_corner(np.array([-1, -1, 0])),
                                           m.get_corner(np.array([1, 1, 0])))]).reshape(-1, 3)
            for top in scene.mobjects})


RECORDED = follow("raw-scores", Recorder)


@pytest.fixture(scope="module")
def recorded(scene_runs) -> Recorder:
    """The raw-scores scene's shared run (tests/scene_frames.py), as the recorder saw it."""
    return scene_runs.recorded(RECORDED)[0]


def test_each_word_keeps_to_its_score_while_the_chart_forms(recorded):
    L = lesson()
    assert recorded.seen_together == set(L.tokens)
    for word in L.tokens:
        assert recorded.apart.get(word, 0) / FPS <= APART_AT_MOST, (
            f"{word!r} is out of its score's column for {recorded.apart[word] / FPS:.2f} s")


def test_bar_copies_move_one_at_a_time_inside_the_frame(recorded):
    moving_together = 0
    for before, now in zip(recorded.copies, recorded.copies[1:]):
        moved = sum(i in before and (box.shape != before[i].shape
                                     or not np.allclose(box, before[i], atol=1e-4))
                    for i, box in now.items())
        moving_together = max(moving_together, moved)
        for corners in now.values():
            assert all(corners[:, 1] <= config.frame_height / 2 - MARGIN), "a copy nears the top"
            assert all(abs(corners[:, 0]) <= config.frame_width / 2 - MARGIN), "a copy nears a side"
    assert recorded.copies and moving_together <= 1


TEXTS_APART = 0.1  # frame units at least between two texts of scene 5 (about 9 px at 720p)


class Close(dict):
    """Pairs of texts (by label) nearer than TEXTS_APART across and up, with their frames, from
    the scene's second sentence on."""

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        if frame < scene.timing.beats[1].start:
            return
        boxes = text_boxes(scene.mobjects)
        for i, (a, p) in enumerate(boxes):
            for b, q in boxes[i + 1:]:
                across = max(p[0][0], q[0][0]) - min(p[1][0], q[1][0])
                up = max(p[0][1], q[0][1]) - min(p[1][1], q[1][1])
                if max(across, up) < TEXTS_APART and a != b:
                    self[(a, b)] = self.get((a, b), 0) + 1


CLOSE = follow("raw-scores", Close)


def test_no_two_texts_of_the_chart_touch(scene_runs):
    """On every frame of scene 5's chart (its second sentence, the scene before's lines gone), no
    two texts come nearer than TEXTS_APART across and up: the label of the whole ("weights sum to
    1 = 100%") never runs into the title's subtitle."""
    close, _ = scene_runs.recorded(CLOSE)
    assert not close, close
