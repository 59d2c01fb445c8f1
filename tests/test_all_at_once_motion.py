"""Scene 9 held on every frame of the real scene run without pixels: its change of scene shows one
layout at a time (nothing of the formula scene moves, and nothing new shows, while that scene's
picture is still leaving), and the cells of QKᵀ other than the one worked first fill together
on the voice's "at once" and stay (issue 38)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from manim import Rectangle, SurroundingRectangle, Text
from scene_frames import follow, runs, shown

from attention.attention.lesson import lesson
from attention.figures import exact_score_figure, percent_figure, value_figure
from common.settings import QUALITIES
from scenes import style
from scenes.base import LessonScene
from scenes.inspection import label, opacity
from scenes.timing import SceneTiming

FPS = QUALITIES["low"].fps
SYNC = 0.09  # seconds: a cue's first visible change comes at most this long after its word
FAINT = 0.15  # a leaving mobject more opaque than this still shows its layout
MOVED = 0.05  # frame units: a mobject this far from where it stood on the first frame has moved
TOGETHER = 0.7  # seconds in which every other cell must be whole once they start filling
SHOWN = 0.5  # a cell with its outline at least this opaque counts as shown


@dataclass
class Recorder:
    """Per frame of the scene: each mobject of the scene's first frame (by id) with its centre
    and opacity; the ids of the mobjects first seen later, with their opacity; and the opacity
    of every score cell of the grid (a plain rectangle outlined in the scores' colour)."""

    first: dict[int, np.ndarray] = field(default_factory=dict)  # id -> centre on frame 0
    old: list[dict[int, tuple[np.ndarray, float]]] = field(default_factory=list)
    new: list[dict[int, float]] = field(default_factory=list)
    cells: list[list[float]] = field(default_factory=list)

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        assert frame == len(self.old), "a frame was skipped"
        family = shown(scene, frame)
        if frame == 0:
            self.first = {id(m): m.get_center().copy() for m in family}
        old = {id(m): (m.get_center().copy(), opacity(m)) for m in family if id(m) in self.first}
        new = {id(m): opacity(m) for m in family if id(m) not in self.first}
        cells = [float(m.get_stroke_opacity()) for m in family
                 if type(m) is Rectangle and not isinstance(m, SurroundingRectangle)
                 and np.abs(np.asarray(m.get_stroke_color().to_rgb())
                            - np.asarray(style.WEIGHT.to_rgb())).max() < 0.01]
        for _ in range(n):
            self.old.append(old)
            self.new.append(new)
            self.cells.append(cells)




def test_the_formula_scene_leaves_before_anything_moves_or_arrives(all_at_once):
    frames, timing = all_at_once
    change = range(timing.beats[0].start, timing.beats[0].end)
    # the leaving mobjects: on the first frame, and seen fading out (to under half of what they
    # showed then) while still drawn; what is carried keeps its opacity until it is replaced
    start = frames.old[change[0]]
    leaving = {i for i in frames.first
               if any(i in frames.old[n] and frames.old[n][i][1] < 0.5 * start[i][1]
                      for n in change)}
    assert leaving, "the formula scene's picture should leave in the change of scene"
    both = []
    for n in change:
        still = [i for i in leaving if frames.old[n].get(i, (None, 0.0))[1] > FAINT]
        if not still:
            continue
        moved = [i for i, (centre, _) in frames.old[n].items()
                 if i not in leaving and np.linalg.norm(centre - frames.first[i]) > MOVED]
        arrived = [i for i, o in frames.new[n].items() if o > FAINT]
        if moved or arrived:
            both.append((n / FPS, len(still), len(moved), len(arrived)))
    assert not both, ("frames (s, leaving still shown, moving, arrived) where the old layout and "
                      f"the new one show at once: {both[:5]}")


def test_the_other_cells_of_qkt_fill_together_on_at_once_and_stay(all_at_once):
    frames, timing = all_at_once
    beat = timing.beat("one-matrix-multiplication")
    at, after = beat.word("at").start, beat.word("multiplication").start
    shown = [sum(o >= SHOWN for o in cells) for cells in frames.cells]
    drawn = [sum(o > 0.02 for o in cells) for cells in frames.cells]
    # before the word: the first cell alone (worked out); its line of working is not a cell
    assert max(shown[beat.start:at]) == 1, "only the worked cell should be in QKᵀ before 'at'"
    start = next(n for n in range(beat.start, beat.end) if drawn[n] > 1)
    assert at - 1 <= start <= at + SYNC * FPS, (
        f"the other cells start {(start - at) / FPS:+.2f} s from 'at' (want 0 to {SYNC} s)")
    cells = lesson().result.scores.size  # every token's score against every token
    whole = next(n for n in range(start, beat.end) if shown[n] == cells)
    assert whole - start <= TOGETHER * FPS, (
        f"the other cells take {(whole - start) / FPS:.2f} s to fill (at most {TOGETHER} s)")
    assert min(shown[whole:after + 1]) == cells, "the cells should stay until 'multiplication'"


@dataclass
class OutputCells:
    """Per frame of the scene: the places (row, column) of the output where a cell stands shown:
    a plain rectangle outlined in the values' colour, at least SHOWN opaque, centred on that
    place of the output grid (from the scene's layout and the core's shape)."""

    shown: list[set[tuple[int, int]]] = field(default_factory=list)

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        from scenes.attention.s9_all_at_once import CELL_H, CROSS_LEFT, ROW_TOP, VALUE_W

        places = set()
        for m in shown(scene, frame):
            if type(m) is not Rectangle or float(m.get_stroke_opacity()) < SHOWN \
                    or np.abs(np.asarray(m.get_stroke_color().to_rgb())
                              - np.asarray(style.VALUE.to_rgb())).max() >= 0.01:
                continue
            j, i = (m.get_x() - CROSS_LEFT) / VALUE_W - 0.5, (ROW_TOP - m.get_y()) / CELL_H - 0.5
            if abs(i - round(i)) < PLACED and abs(j - round(j)) < PLACED \
                    and abs(m.width - VALUE_W) < PLACED and abs(m.height - CELL_H) < PLACED:
                places.add((round(i), round(j)))
        self.shown.extend([places] * n)


PLACED = 0.05  # of a cell: how near its place (and its size) an output cell stands


def test_the_weights_times_v_are_done_before_the_summary_sentence(recorded):
    """The ·V step (one cell worked, the rest at once) plays in the pause after "…a single matrix
    multiplication…": every cell of the output stands in its place before "Attention is every
    word asking…" starts, and none is still arriving (or moved, or faded) while the voice gives
    that summary."""
    L = lesson()
    frames, timing = recorded.outputs, recorded.timing
    rows, cols = L.result.output.shape
    whole = {(i, j) for i in range(rows) for j in range(cols)}
    summary = timing.beat("every-word-asking")
    before = timing.beat("one-matrix-multiplication")
    first = frames.shown[summary.start]
    assert first == whole, f"output cells not in place as the summary starts: {sorted(whole - first)}"
    assert any(frames.shown[n] == whole for n in range(before.start, summary.start))
    missing = [(n / FPS, sorted(whole - frames.shown[n])) for n in range(summary.start, summary.end)
               if frames.shown[n] != whole]
    assert not missing, f"output cells out of place during the summary: {missing[:3]}"


def test_the_summary_sweeps_the_rows_then_all_at_once(recorded):
    """"Attention is every word asking the others what it should mean here": from "every" each
    token's row (its weights and its output) is outlined in turn, top to bottom, by "what"; on
    "what" one outline holds every row at once."""
    rows = len(lesson().tokens)
    outlined, timing = recorded.outlines.spans, recorded.timing
    beat = timing.beat("every-word-asking")
    every, what = beat.word("every").start, beat.word("what").start
    singles = [s[0] for s in outlined[every:what] if len(s) == 1]
    order = [i for k, i in enumerate(singles) if k == 0 or singles[k - 1] != i]
    assert order == list(range(rows)), f"rows outlined in turn {order} between 'every' and 'what'"
    assert not any(outlined[beat.start:every]), "a row is outlined before 'every'"
    assert outlined[what + round(SYNC * FPS) + 1] != () and any(
        s == tuple(range(rows)) for s in outlined[what:beat.end]), "the rows are never all outlined"


HOLD = 0.75  # seconds each step's result stands whole beside the label naming it
OPAQUE = 0.99


@dataclass
class Steps:
    """Per frame of the scene: the opaque texts' labels, and the figures of each row of the
    result where the rows meet the columns (QKᵀ, S, the weights, then the output), left to right."""

    labels: list[set[str]] = field(default_factory=list)
    rows: list[list[list[str]]] = field(default_factory=list)

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        from scenes.attention.s9_all_at_once import CELL_H, CROSS_LEFT, ROW_TOP

        texts = [m for m in shown(scene, frame)
                 if isinstance(m, Text) and opacity(m) >= OPAQUE]
        placed = sorted(((*m.get_center()[:2], label(m)) for m in texts), key=lambda t: t[0])
        rows = [[text for x, y, text in placed
                 if x > CROSS_LEFT and abs(y - (ROW_TOP - CELL_H * (i + 0.5))) < CELL_H / 2]
                for i in range(len(lesson().tokens))]
        self.labels.extend([{text for *_, text in placed}] * n)
        self.rows.extend([rows] * n)


def longest(flags: list[bool]) -> float:
    return max((end - start for start, end in runs(flags)), default=0) / FPS


def test_each_step_after_qkt_is_named_as_it_happens_and_its_result_held(recorded):
    """After QKᵀ, ÷√d, softmax by rows and ·V each come with a label naming the step, and each
    result stands whole beside its label at least HOLD s before the next step changes it: the
    scaled scores with "÷ √4 (= 2)", the weights with their rows' sums and "softmax, row by row",
    the output with "· V". The division starts under the sentence, before its last word."""
    L = lesson()
    r = L.result
    steps, timing = recorded.steps, recorded.timing
    beat = timing.beat("one-matrix-multiplication")
    frames = range(beat.start, beat.end)
    divide, by_rows, times_v = f"÷ √{L.d_k} (= {r.scale:g})", "softmax, row by row", "· V"

    def grid(n: int, values, figure) -> bool:
        return all(row[:values.shape[1]] == [figure(float(x)) for x in want]
                   for row, want in zip(steps.rows[n], values))

    first = next((n for n in frames if divide in steps.labels[n]), None)
    assert first is not None and first <= beat.words[-1].start, (
        f"{divide!r} is first shown {(first or beat.end) - beat.words[-1].start} frames after the "
        "sentence's last word starts")
    # each row of weights with its sum right of it
    sums = lambda n: all(row and row[-1].startswith("≈") for row in steps.rows[n])  # noqa: E731
    held = {
        divide: [grid(n, r.scores, exact_score_figure) and divide in steps.labels[n] for n in frames],
        by_rows: [grid(n, r.weights, percent_figure) and sums(n) and by_rows in steps.labels[n]
                  for n in frames],
        times_v: [grid(n, r.output, value_figure) and times_v in steps.labels[n] for n in frames],
    }
    for name, flags in held.items():
        assert longest(flags) >= HOLD, f"the result of {name!r} stands named {longest(flags):.2f} s"


@dataclass
class Outlines:
    """Per frame of the scene: the rows of the result (by index) that the query-coloured outline
    spans, when one is shown."""

    spans: list[tuple[int, ...]] = field(default_factory=list)

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        from scenes.attention.s9_all_at_once import CELL_H, ROW_TOP

        spans: tuple[int, ...] = ()
        for m in shown(scene, frame):
            if isinstance(m, SurroundingRectangle) and float(m.get_stroke_opacity()) >= SHOWN \
                    and np.abs(np.asarray(m.get_stroke_color().to_rgb())
                               - np.asarray(style.QUERY.to_rgb())).max() < 0.01:
                top, bottom = m.get_top()[1], m.get_bottom()[1]
                spans = tuple(i for i in range(len(lesson().tokens))
                              if bottom < ROW_TOP - CELL_H * (i + 0.5) < top)
        self.spans.extend([spans] * n)


@dataclass
class Recorded:
    """The scene's shared run (tests/scene_frames.py), as each recorder above saw it."""

    layout: Recorder
    outputs: OutputCells
    outlines: Outlines
    steps: Steps
    timing: SceneTiming


LAYOUT, OUTPUTS, OUTLINES, STEPS = (follow("all-at-once", kind)
                                    for kind in (Recorder, OutputCells, Outlines, Steps))


@pytest.fixture(scope="module")
def recorded(scene_runs) -> Recorded:
    (layout, timing), (outputs, _), (outlines, _), (steps, _) = (
        scene_runs.recorded(f) for f in (LAYOUT, OUTPUTS, OUTLINES, STEPS))
    return Recorded(layout, outputs, outlines, steps, timing)


@pytest.fixture(scope="module")
def all_at_once(recorded) -> tuple[Recorder, SceneTiming]:
    return recorded.layout, recorded.timing
