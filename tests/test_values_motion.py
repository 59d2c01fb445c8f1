"""Scenes 7 and 9 held on every frame of the real scenes run without pixels: while the voice says
"scaled by those weights", each value column's numbers count down in place to weight × value (a
column never blank, never two numbers in one cell), and the first cell of QKᵀ is worked as a row
meeting a column (creature's query row and fluffy's key column, their products and sum, the sum in
its cell) and stands whole long enough to read before the other cells fill. Expected numbers are
computed here from the core."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from manim import SurroundingRectangle
from scene_frames import follow, runs, shown

from attention import exact_score_figure, score_figure, value_figure
from attention.attention.lesson import lesson
from common.settings import QUALITIES
from scenes.attention.parts import CELL_H, CELL_W, TOP
from scenes.attention.s7_weighted_sum import VALUE_XS
from scenes.attention.s9_all_at_once import CELL_H as ROW_H
from scenes.attention.s9_all_at_once import CROSS_LEFT, LINES_TOP, ROW_TOP
from scenes.base import LessonScene
from scenes.inspection import label, opacity
from scenes.timing import SceneTiming

FPS = QUALITIES["low"].fps
OPAQUE = 0.99
READ = 1.8  # seconds the first cell's working stands whole before the other cells fill
HANDOVER = 0.5  # seconds at most from the working whole to the other cells filling
COUNTING = 0.4  # seconds at least a column spends between its value and its share (about 0.6)


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def numbers(scene: LessonScene, frame: int) -> list[tuple[str, np.ndarray, float]]:
    """Every visible number on screen: its text, its centre and its opacity."""
    return [(label(m), m.get_center(), opacity(m)) for m in shown(scene, frame)
            if _number(label(m)) is not None]


@dataclass
class ValueCells:
    """Per frame of scene 7: what each value column's cells show, as the texts of the numbers
    standing in each cell fully opaque, and how many numbers are in each cell at all."""

    shown: list[list[list[list[str]]]] = field(default_factory=list)  # frame, column, row: texts
    present: list[list[list[int]]] = field(default_factory=list)  # frame, column, row: how many

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        rows = len(lesson().features)
        shown = [[[] for _ in range(rows)] for _ in VALUE_XS]
        present = [[0] * rows for _ in VALUE_XS]
        for text, (x, y, _), alpha in numbers(scene, frame):
            for i, cx in enumerate(VALUE_XS):
                j = int(np.floor((TOP - y) / CELL_H))
                if abs(x - cx) < CELL_W / 2 and 0 <= j < rows:
                    present[i][j] += 1
                    if alpha >= OPAQUE:
                        shown[i][j].append(text)
        for _ in range(n):
            self.shown.append(shown)
            self.present.append(present)


@dataclass
class FirstCell:
    """Per frame of scene 9: the numbers inside QKᵀ's cells (fully opaque or not), the numbers of
    the lines of working (under the matrices) fully opaque, and the outlines shown."""

    cells: list[list[tuple[str, float]]] = field(default_factory=list)
    below: list[list[str]] = field(default_factory=list)
    rings: list[int] = field(default_factory=list)

    def __call__(self, scene: LessonScene, frame: int, n: int) -> None:
        tokens = len(lesson().tokens)
        cells, below = [], []
        for text, (x, y, _), alpha in numbers(scene, frame):
            if x > CROSS_LEFT and ROW_TOP - tokens * ROW_H < y < ROW_TOP:
                cells.append((text, alpha))
            elif y < LINES_TOP + 0.1 and alpha >= OPAQUE:
                below.append(text)
        rings = sum(1 for m in shown(scene, frame)
                    if isinstance(m, SurroundingRectangle) and opacity(m) >= OPAQUE)
        for _ in range(n):
            self.cells.append(cells)
            self.below.append(below)
            self.rings.append(rings)


WEIGHTED, MATRICES = follow("weighted-sum", ValueCells), follow("all-at-once", FirstCell)


@pytest.fixture(scope="module")
def weighted(scene_runs) -> tuple[ValueCells, SceneTiming]:
    return scene_runs.recorded(WEIGHTED)


@pytest.fixture(scope="module")
def matrices(scene_runs) -> tuple[FirstCell, SceneTiming]:
    return scene_runs.recorded(MATRICES)


def _scaling(timing: SceneTiming) -> range:
    """The frames from "scaled" to "sum", where the columns are scaled."""
    beat = timing.beat("collects-the-values")
    return range(beat.word("scaled").start, beat.word("sum").start)


def test_each_value_column_always_shows_one_number_a_cell_while_scaled(weighted):
    frames, timing = weighted
    for n in _scaling(timing):
        for i, column in enumerate(frames.shown[n]):
            for j, texts in enumerate(column):
                assert len(texts) == 1 and frames.present[n][i][j] == 1, (
                    f"{lesson().tokens[i]}'s value, row {j}, at {n / FPS:.2f} s: {texts} "
                    f"({frames.present[n][i][j]} numbers in the cell)")


def test_the_values_count_down_to_weight_times_value(weighted):
    """Each column ends reading weight × value, and a column whose value changes counts down to
    it in place: its numbers pass through values between, never growing, for a while."""
    frames, timing = weighted
    L = lesson()
    r, w = L.result, L.focus_weights
    scaling = _scaling(timing)
    last = frames.shown[scaling[-1]]
    for i in range(len(L.tokens)):
        assert [c[0] for c in last[i]] == [value_figure(x) for x in w[i] * r.values[i]], i
    for i in range(len(L.tokens)):
        j = int(np.argmax(np.abs(r.values[i])))
        start, end = float(value_figure(r.values[i, j])), float(value_figure(w[i] * r.values[i, j]))
        if start == end:
            continue
        seen = [float(frames.shown[n][i][j][0]) for n in scaling if frames.shown[n][i][j]]
        assert len(seen) == len(scaling), f"{L.tokens[i]}'s column goes blank as it is scaled"
        assert seen[0] == start, f"{L.tokens[i]}'s column starts at {seen[0]}, not its value"
        assert all(b <= a for a, b in zip(seen, seen[1:])), f"{L.tokens[i]}'s count goes up"
        between = sum(1 for v in seen if end < v < start)
        assert between / FPS >= COUNTING, (
            f"{L.tokens[i]}'s column counts down in {between / FPS:.2f} s")
        assert len(set(seen)) >= 4, f"{L.tokens[i]}'s column jumps: {sorted(set(seen))}"


def test_the_first_cell_of_qkt_is_worked_whole_before_the_rest_fill(matrices):
    frames, timing = matrices
    L = lesson()
    r, f, fl = L.result, L.focus, L.index("fluffy")
    raw = exact_score_figure(float(r.raw_scores[f, fl]))
    line = {score_figure(float(a)) for a in r.queries[f]} | {score_figure(float(c))
                                                           for c in r.keys[fl]} | {raw}
    beat = timing.beat("one-matrix-multiplication")
    rest = next(n for n in range(beat.start, beat.end) if len(frames.cells[n]) > 1)
    # the working: creature's row and fluffy's column outlined, the line of
    # products and its sum, and in the cell the score the learner saw, nothing else in QKᵀ yet
    whole = [len(frames.cells[n]) == 1 and frames.cells[n][0][0] == raw
             and frames.cells[n][0][1] >= OPAQUE and line <= set(frames.below[n])
             and frames.rings[n] >= 2 for n in range(rest)]
    # its longest stretch whole; the outlines of the rows that fill next replace the first cell's
    # just before they fill
    stretches = runs(whole)
    assert stretches, "the first cell's working is never whole before the rest fill"
    first, end = max(stretches, key=lambda s: s[1] - s[0])
    assert (end - first) / FPS >= READ, (
        f"the first cell's working stands whole {(end - first) / FPS:.2f} s before the rest fill")
    assert (rest - end) / FPS <= HANDOVER, f"the rest fill {(rest - end) / FPS:.2f} s after it"
    assert not any(frames.cells[n] for n in range(beat.start, first - FPS)), (
        "QKᵀ has numbers before its first cell is worked")
