"""Pieces of stop 8's picture that several of its scenes draw, kept here so that no scene imports
another: the phrase as a small header, a vector as a column of cells, a line of working, and the
word of a sentence on which a spoken figure starts."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manim import UP, Animation, ManimColor, VGroup

from attention.figures import short_figure
from attention.multihead_mlp.lesson import Lesson
from attention.multihead_mlp.spoken import spoken_value
from scenes import style
from scenes.beat import Beat
from scenes.grid import Grid
from scenes.widgets import spelled, token_row
from transcript.words import word_key

HEADER_Y = 3.35  # the phrase as a small header, over the working
HEADER_SCALE = 0.6


def header(L: Lesson) -> VGroup:
    """The phrase, small, at the top of the frame; creature outlined as the token followed."""
    row = token_row(L.tokens).scale(HEADER_SCALE).move_to(HEADER_Y * UP)
    row[L.focus].box.set_stroke(style.QUERY, width=3)
    return row


def cells(values: np.ndarray, color: ManimColor, cell_w: float, cell_h: float,
          scale: float | None = None, figures: Sequence[str] | None = None) -> Grid:
    """A vector as one column of cells, each number as the lesson shows it (short_figure), its
    size as a bar when `scale` (the entry that fills a cell) is given."""
    values = np.asarray(values, dtype=float)
    figures = [short_figure(v) for v in values] if figures is None else figures
    levels = None if scale is None else np.abs(values)[:, None] / scale
    return Grid([[f] for f in figures], color, cell_w=cell_w, cell_h=cell_h, levels=levels)


def hide_numbers(grid: Grid) -> None:
    """Each entry of the column (its number and its bar) shows only once it is worked out."""
    for t in grid.all_texts():
        t.set_opacity(0).set_z_index(1)  # above its bar, which shows after it was added
    for row in grid.bars:
        for bar in row:
            if bar is not None:
                bar.shown = bar.get_fill_opacity()
                bar.set_fill(opacity=0)


def reveal(grid: Grid, j: int) -> list[Animation]:
    """Entry `j` of a column (or a row) hidden by `hide_numbers` shows: its number, and its bar."""
    out = [grid.all_texts()[j].animate.set_opacity(1)]
    bar = [b for row in grid.bars for b in row][j]
    if bar is not None and getattr(bar, "shown", 0):
        out.append(bar.animate.set_fill(opacity=bar.shown))
    return out


def working(terms: Sequence[tuple[str, str]], bias: str | None, total: str, color: ManimColor,
            size: int = style.SMALL_SIZE) -> VGroup:
    """A weighted sum as its terms: "3×0.58 + 3×1 + (-4) = 0.75", one piece per weight, number,
    sign and the total (`line.terms`, `line.bias`, `line.total` address them)."""
    pieces: list[tuple[str, ManimColor]] = []
    for k, (w, x) in enumerate(terms):
        pieces += [(" + " if k else "", style.MUTED), (w, style.INK), ("×", style.MUTED), (x, color)]
    if bias is not None:
        pieces += [(" + ", style.MUTED), (f"({bias})" if bias.startswith("-") else bias, style.WEIGHT)]
    pieces += [(" = ", style.MUTED), (total, color)]
    line = spelled([p for p in pieces if p[0]], size=size)
    n = len(terms)
    # the pieces in order: per term (its " + " but the first's), w, ×, x; then the bias; = total
    parts = list(line)
    terms_, at = [], 0
    for k in range(n):
        take = 3 if k == 0 else 4
        terms_.append(VGroup(*parts[at:at + take]))
        at += take
    line.terms = terms_
    line.bias = VGroup(*parts[at:at + 2]) if bias is not None else None
    at += 2 if bias is not None else 0
    line.total = VGroup(*parts[at:])
    return line


def said_at(b: Beat, kind: str, name: str, L: Lesson, after: str | None = None) -> tuple[str, int]:
    """The first word of a spoken figure in the beat's sentence and which occurrence of that word
    it is: (word, n) for `b.until(word, n)`, so a picture changes as the figure is said; the
    first time it is said after the word `after`, when given (two figures may read alike)."""
    words = [word_key(w) for w in spoken_value(kind, name, L).split()]
    if b.scene.timeless:  # a run for the last picture only: no words are waited for
        return words[0], 1
    said = [word_key(w.text) for w in b.timing.words]
    start = said.index(word_key(after)) + 1 if after is not None else 0
    for i in range(start, len(said) - len(words) + 1):
        if said[i:i + len(words)] == words:
            return words[0], said[:i + 1].count(words[0])
    raise ValueError(f"sentence {b.sentence_id!r} does not say {' '.join(words)!r}")
