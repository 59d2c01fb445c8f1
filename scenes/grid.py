"""A matrix of Text cells (Manim's Matrix needs LaTeX per entry and is slow).

`grid` draws the same outlined, role-coloured cells as `widgets.vector`, so matrices and vectors
look alike across scenes; cells, rows and columns stay addressable for highlights and morphs.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manim import (
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    FadeIn,
    FadeOut,
    ManimColor,
    Rectangle,
    Succession,
    Text,
    Transform,
    VGroup,
)

from scenes import style
from scenes.prebuilt import built


class Grid(VGroup):
    """Rows × columns of outlined cells, each holding one Text; optional row and column labels."""

    def __init__(self, texts: Sequence[Sequence[str]], color: ManimColor, *,
                 strength: np.ndarray | None = None, cell_w: float = 0.8, cell_h: float = 0.45,
                 size: int = style.SMALL_SIZE, text_color: ManimColor = style.INK,
                 row_labels: Sequence[str] | None = None, col_labels: Sequence[str] | None = None,
                 label_color: ManimColor = style.MUTED, label_size: int = style.SMALL_SIZE,
                 levels: np.ndarray | None = None):
        """`levels` (0..1 per cell) draws each cell's size as a bar from its left edge instead
        of as the fill's strength, so a number that shrinks is seen to shrink."""
        super().__init__()
        n_rows, n_cols = len(texts), len(texts[0])
        strength = np.zeros((n_rows, n_cols)) if strength is None else np.asarray(strength)
        self.color, self.cell_w, self.cell_h = color, cell_w, cell_h
        self.rects = [[None] * n_cols for _ in range(n_rows)]
        self.texts = [[None] * n_cols for _ in range(n_rows)]
        self.bars = [[None] * n_cols for _ in range(n_rows)]
        body = VGroup()
        for i in range(n_rows):
            for j in range(n_cols):
                rect = Rectangle(width=cell_w, height=cell_h, stroke_color=color, stroke_width=2,
                                 fill_color=color,
                                 fill_opacity=cell_fill(float(strength[i, j])))
                rect.move_to(np.array([j * cell_w, -i * cell_h, 0.0]))
                text = built(Text, texts[i][j], font=style.MONO, font_size=size, color=text_color)
                text.move_to(rect)
                self.rects[i][j], self.texts[i][j] = rect, text
                if levels is None:
                    body.add(VGroup(rect, text))
                    continue
                bar = level_bar(rect, float(levels[i][j]), color)
                self.bars[i][j] = bar
                body.add(VGroup(rect, bar, text))
        self.body = body
        self.add(body)
        self.n_rows, self.n_cols = n_rows, n_cols
        self.row_labels = VGroup()
        if row_labels is not None:
            for i, name in enumerate(row_labels):
                t = built(Text, name, font=style.FONT, font_size=label_size, color=label_color)
                t.next_to(self.rects[i][0], LEFT, buff=0.15)
                self.row_labels.add(t)
            self.add(self.row_labels)
        self.col_labels = VGroup()
        if col_labels is not None:
            for j, name in enumerate(col_labels):
                t = built(Text, name, font=style.FONT, font_size=label_size, color=label_color)
                t.next_to(self.rects[0][j], UP, buff=0.12)
                self.col_labels.add(t)
            self.add(self.col_labels)

    def cell(self, i: int, j: int) -> VGroup:
        return self.body[i * self.n_cols + j]

    def row(self, i: int) -> VGroup:
        return VGroup(*(self.cell(i, j) for j in range(self.n_cols)))

    def col(self, j: int) -> VGroup:
        return VGroup(*(self.cell(i, j) for i in range(self.n_rows)))

    def row_texts(self, i: int) -> list[Text]:
        return list(self.texts[i])

    def all_texts(self) -> list[Text]:
        return [t for row in self.texts for t in row]

    def row_box(self, i: int, buff: float = 0.06) -> Rectangle:
        """An outline around row `i` (for highlights)."""
        r = self.row(i)
        return Rectangle(width=r.width + 2 * buff, height=r.height + 2 * buff).move_to(r)


def regrid(old: Grid, new: Grid, shift: float = 0.12) -> tuple[AnimationGroup, list]:
    """`old`'s numbers leave and `new`'s arrive (no glyph morphing) while the cells recolour.

    Returns the animation and the helper groups it puts on screen: after playing it, remove
    `old` and those groups and add `new`, so exactly the new grid's texts stay.
    """
    old_texts, new_texts = VGroup(*old.all_texts()), VGroup(*new.all_texts())
    shapes = lambda g: VGroup(*(r for row in g.rects for r in row),
                              *(b for row in g.bars for b in row if b is not None))
    cells = shapes(old)
    anim = AnimationGroup(
        Succession(FadeOut(old_texts, shift=shift * UP), FadeIn(new_texts, shift=shift * UP)),
        Transform(cells, shapes(new)))
    return anim, [old_texts, new_texts, cells]


def level_bar(rect: Rectangle, level: float, color: ManimColor, inset: float = 0.05) -> Rectangle:
    """A bar inside `rect` from its left edge, as long as `level` (0..1) of it; none at 0."""
    width = max(1e-3, (rect.width - 2 * inset) * min(1.0, max(0.0, level)))
    bar = Rectangle(width=width, height=rect.height - 2 * inset, stroke_width=0, fill_color=color,
                    fill_opacity=0.55 if level > 0 else 0.0)
    return bar.move_to(rect.get_left() + (inset + width / 2) * RIGHT)


def cell_fill(strength: float) -> float:
    """Fill opacity of a cell whose number has relative size `strength` (0..1)."""
    return 0.08 + 0.42 * min(1.0, max(0.0, strength))


def strengths(values: np.ndarray) -> np.ndarray:
    """Relative sizes of `values` for cell fills: |v| / max |v| (all zeros stay zero)."""
    values = np.abs(np.asarray(values, dtype=float))
    top = float(values.max()) if values.size else 0.0
    return values / top if top > 0 else values


def texts_of(values: np.ndarray, fmt) -> list[list[str]]:
    """A 2-D array as strings, each formatted by `fmt`."""
    return [[fmt(float(v)) for v in row] for row in np.atleast_2d(values)]


__all__ = ["Grid", "cell_fill", "level_bar", "strengths", "texts_of", "regrid"]
