"""Scenes 1 and 2 held on every frame of the real scenes run without pixels: the phrase's guesses
come as the voice says them, the phrase leaves as a fade a learner sees (no cut) while creature
moves on, and each projection's worked column sum (query, key, value) stands whole, long enough
to read, with nothing marked travelling past it and the next matrix arriving only once the last
one's working has gone."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from manim import SurroundingRectangle
from scene_frames import follow, runs, seen_corners, seen_opacity, texts_shown
from scene_frames import shown as shown_on

from attention import score_figure
from attention.attention.lesson import lesson
from common.settings import QUALITIES
from scenes.attention.s1_phrase import GUESSES
from scenes.attention.s2_qkv import SUM_RIGHT
from scenes.base import LessonScene
from scenes.inspection import label, overlapping
from scenes.timing import SceneTiming

FPS = QUALITIES["low"].fps
READ = 1.8  # seconds a finished line of working stays whole: about 2 s to read it
FADE = 0.3  # seconds at least the old picture takes to leave at a scene change (not a cut)
ON_WORD = 2  # frames after its word a guess may first show (a cue's first changed frame)
OLD_TEXT = "creature needs a way to ask them"  # the phrase scene's last words on screen


@dataclass
class Frames:
    """Per frame of a scene run: each visible text's opacity by its label, the texts' boxes, the
    corners of the visible outlines (SurroundingRectangle) and whether a working is whole."""

    texts: list[dict[str, float]] = field(default_factory=list)
    outlines: list[list[np.ndarray]] = field(default_factory=list)
    whole: list[bool] = field(default_factory=list)
    products: list[int] = field(default_factory=list)  # lines of working ("×") visible at all
    signs: list[np.ndarray] = field(default_factory=list)  # where the "×" of the working stand
    totals: list[set[str]] = field(default_factory=list)  # a working's total (left of the vectors)
    boxes: list[list[tuple[str, np.ndarray]]] = field(default_factory=list)  # every text drawn

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        """Frame `frame` of the scene, shown for `n` frames."""
        assert frame == len(self.whole), "a frame was skipped"
        family = shown_on(scene, frame)
        shown: dict[str, float] = {}
        for m in family:
            if label(m) != type(m).__name__:
                shown[label(m)] = max(shown.get(label(m), 0.0), seen_opacity(m))
        # the marks on the matrices' side (left of the column of products)
        outlines = [np.round(seen_corners(m), 3) for m in family
                    if isinstance(m, SurroundingRectangle) and seen_opacity(m) > 0.05
                    and m.get_right()[0] < SUM_RIGHT]
        whole = _working_whole(scene, frame)
        products = sum(1 for m in family if label(m) == "×")
        boxes = texts_shown(scene, frame)
        signs = np.round([box for name, box in boxes if name == "×"], 3)
        lowest = min((box[0][1] for box in signs), default=-np.inf)
        totals = {name for name, box in boxes
                  if box.mean(axis=0)[0] < SUM_RIGHT and box[1][1] < lowest and _number(name)}
        for _ in range(n):
            self.boxes.append(boxes)
            self.texts.append(shown)
            self.outlines.append(outlines)
            self.whole.append(whole)
            self.products.append(products)
            self.signs.append(signs)
            self.totals.append(totals)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _working_whole(scene: LessonScene, frame: int) -> bool:
    """A product line per feature fully shown, and under them, left of the vectors, its total."""
    times = [box for name, box in texts_shown(scene, frame) if name == "×"]
    opaque = [m for m in shown_on(scene, frame) if seen_opacity(m) > 0.99]
    if sum(1 for m in opaque if label(m) == "×") != len(lesson().features):
        return False
    lowest = min(box[0][1] for box in times)
    return any(_number(label(m)) and m.get_center()[0] < SUM_RIGHT and m.get_top()[1] < lowest
               for m in opaque)


PHRASE, QKV = follow("phrase", Frames), follow("queries-keys-values", Frames)


@pytest.fixture(scope="module")
def phrase(scene_runs) -> tuple[Frames, SceneTiming]:
    return scene_runs.recorded(PHRASE)


@pytest.fixture(scope="module")
def qkv(scene_runs) -> tuple[Frames, SceneTiming]:
    return scene_runs.recorded(QKV)


def test_each_guess_shows_as_the_voice_says_it(phrase):
    frames, timing = phrase
    beat = timing.beat("creature-is-ambiguous")
    for guess in GUESSES:
        said = beat.word(guess.rstrip("?")).start
        first = next(n for n, shown in enumerate(frames.texts) if shown.get(guess, 0) > 0)
        assert said <= first <= said + ON_WORD, (
            f"{guess!r} first shows {(first - said) / FPS:+.2f} s from its word")


def test_the_phrase_fades_out_visibly_as_creature_moves_on(qkv):
    frames, _ = qkv
    fading = [0 < shown.get(OLD_TEXT, 0) < 0.99 for shown in frames.texts]
    assert frames.texts[0].get(OLD_TEXT, 0) > 0.3, "the scene opens on a cut: the phrase is gone"
    assert sum(fading) / FPS >= FADE, f"the phrase leaves in {sum(fading) / FPS:.2f} s"


def test_each_worked_line_stands_whole_long_enough_to_read(qkv):
    frames, timing = qkv
    stretches = runs(frames.whole)
    starts = [timing.beat(s).start for s in ("query-looking-for", "key-contains", "value-hands-over")]
    assert len(stretches) == len(starts), stretches
    assert all(first >= start for (first, _), start in zip(stretches, starts))
    for first, end in stretches:
        assert (end - first) / FPS >= READ, f"a working stands whole {(end - first) / FPS:.2f} s"


def test_nothing_marked_moves_while_a_working_stands(qkv):
    """The entries the working does not compute fill without a mark sweeping the matrix's other
    columns beside it: while a working stands whole and still, every outline on the matrices'
    side stays where it is."""
    frames, _ = qkv
    for n in range(1, len(frames.whole)):
        if frames.whole[n] and frames.whole[n - 1] and np.array_equal(frames.signs[n],
                                                                       frames.signs[n - 1]):
            before = {tuple(c.ravel()) for c in frames.outlines[n - 1]}
            now = {tuple(c.ravel()) for c in frames.outlines[n]}
            assert now <= before, f"an outline moves beside the working at {n / FPS:.2f} s"


def test_the_value_matrix_arrives_once_the_key_working_has_gone(qkv):
    """W_V never shows beside the key's working (its total, left of the vectors)."""
    frames, timing = qkv
    L = lesson()
    key = L.result.keys[L.focus]
    total = score_figure(key[int(np.argmax(np.abs(key)))])
    value = timing.beat("value-hands-over")
    together = [n for n in range(timing.beat("key-contains").start, value.end)
                if total in frames.totals[n] and frames.texts[n].get("W_V", 0) > 0]
    assert not together, f"W_V shows beside the key's working at {together[0] / FPS:.2f} s"


CLEAR = 0.1  # frame units: at least between a caption and any other text (a gap the eye sees)


def test_no_vectors_caption_meets_the_value_working(qkv):
    """While the value is worked and handed over, no vector's caption ("what do I contain?", …)
    comes within CLEAR of another text on any frame: nothing pulses a caption into the working
    beside it."""
    frames, timing = qkv
    beat = timing.beat("value-hands-over")
    margin = np.array([[-CLEAR, -CLEAR, 0.0], [CLEAR, CLEAR, 0.0]])
    met = [(n / FPS, a, b) for n in range(beat.start, beat.end)
           for a, p in frames.boxes[n] if a.endswith("?")
           for b, q in frames.boxes[n] if q is not p and b != a and overlapping(p + margin, q)]
    assert not met, f"{met[0][1]!r} meets {met[0][2]!r} {met[0][0]:.2f} s into the scene ({len(met)})"

