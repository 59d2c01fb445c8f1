"""Pieces of the attention lesson's picture that several of its scenes draw, kept here so that
no scene imports another (an edit of one scene redraws that scene, not the ones after it)."""

import numpy as np
from manim import (
    DOWN,
    RIGHT,
    UP,
    MathTex,
    Mobject,
    Rectangle,
    SurroundingRectangle,
    VGroup,
)

from attention import score_figure
from attention.attention.lesson import Lesson
from attention.figures import value_figure
from scenes import style
from scenes.grid import Grid
from scenes.prebuilt import built
from scenes.widgets import caption, mono, vector

GUESSES = ("monster?", "pet?", "cartoon?")  # what creature could mean on its own

TOP = 0.75  # top edge of a value column's first row (scenes 7 and 8)
CELL_H = 0.5
CELL_W = 0.85
WORD_GAP = 0.15  # at least between two tokens' names over the embeddings' columns

# The formula as separately addressable TeX pieces, with each piece's role colour.
PIECES = (
    (r"\mathrm{softmax}", style.WEIGHT),
    (r"\Big(", style.INK),
    (r"Q", style.QUERY),
    (r"K^{\top}", style.KEY),
    (r"/", style.MUTED),
    (r"\sqrt{d}", style.MUTED),
    (r"\Big)", style.INK),
    (r"\cdot", style.INK),
    (r"V", style.VALUE),
)


def column(values: np.ndarray, color, x: float, scale: float) -> Grid:
    """A vector as one column of cells, its first row's top at TOP."""
    g = Grid([[value_figure(v)] for v in values], color, cell_w=CELL_W, cell_h=CELL_H,
             levels=np.abs(np.asarray(values))[:, None] / scale)
    return g.move_to([x, TOP, 0], aligned_edge=UP)


def vector_scale(L: Lesson) -> float:
    """The entry that fills a cell: the largest of the values and of creature's new vector."""
    return float(max(np.max(np.abs(L.result.values)), np.max(np.abs(L.focus_new_vector)), 1e-9))


def formula_tex(size: int = 96) -> MathTex:
    """softmax(QKᵀ/√d)·V as its coloured pieces (`PIECES`)."""
    formula = built(MathTex, *(tex for tex, _ in PIECES), font_size=size)
    for sub, (_, color) in zip(formula, PIECES):
        sub.set_color(color)
    return formula


def through(start: Mobject, end: Mobject, stops: list[np.ndarray]):
    """A morph's path (a Transform's `path_func`) on which the centre of `start` runs straight
    from stop to stop to the centre of `end`, at one speed, while its shape morphs as usual."""
    a, b = start.get_center(), end.get_center()
    corners = [a, *stops, b]
    legs = [float(np.linalg.norm(q - p)) for p, q in zip(corners, corners[1:])]
    total = sum(legs) or 1.0

    def centre(alpha: float) -> np.ndarray:
        way = alpha * total
        for p, q, leg in zip(corners, corners[1:], legs):
            if way <= leg:
                return p + (q - p) * (way / leg if leg else 1.0)
            way -= leg
        return b

    return lambda p0, p1, alpha: p0 + (p1 - p0) * alpha + centre(alpha) - (a + (b - a) * alpha)


def through_copy(start: Mobject, end: Mobject, stops: list[np.ndarray]):
    """`through` for a TransformFromCopy(start, end): Manim runs that one as a Transform of `end`
    into `start` played backwards, so its path is given from `end` back through the stops."""
    return through(end, start, stops[::-1])


class Projection:
    """Every token's embedding times W_Q, W_K and W_V at once: the embeddings side by side as
    the columns of one matrix (a column per token, in the phrase's order, as its vectors stand),
    then the three matrices, their rows the embedding's features as in creature's own product,
    each number where it stands in its matrix. Each column is labelled with its token, as the
    lesson labels every vector. `whole` is all of it but `outlines`, the frames the product is
    marked by (the columns with the matrices). `column` is an embedding column's width (wide
    enough for its token's name), `pitch` a weight matrix's."""

    def __init__(self, L: Lesson, top: float, cell: float, pitch: float, gap: float = 0.45,
                 column: float | None = None):
        column = pitch if column is None else column
        self.embeddings = VGroup(*(vector(L.embeddings[n], style.EMBEDDING, width=column, cell=cell)
                                   for n in range(len(L.tokens)))).arrange(RIGHT, buff=0)
        self.embeddings.move_to([0, top, 0], aligned_edge=UP)
        rows = [c.get_y() for c in self.embeddings[0]]
        self.matrices, self.frames, self.names = VGroup(), VGroup(), VGroup()
        self.grids = VGroup()  # each weight matrix's cells, a number in each (not run together)
        x = self.embeddings.get_right()[0] + gap
        for w, tex, color in ((L.w_q, "W_Q", style.QUERY), (L.w_k, "W_K", style.KEY),
                              (L.w_v, "W_V", style.VALUE)):
            numbers = VGroup(*(VGroup(*(mono(score_figure(w[m, k]), style.INK, style.SMALL_SIZE)
                                        .move_to([x + 0.06 + pitch * (k + 0.5), y, 0])
                                        for m, y in enumerate(rows)))
                               for k in range(w.shape[1])))
            grid = VGroup(*(Rectangle(width=pitch, height=cell, stroke_color=style.MUTED,
                                      stroke_width=1.5, stroke_opacity=0.8).move_to(number)
                            for col in numbers for number in col))
            frame = SurroundingRectangle(grid, color=style.MUTED, buff=0.06, stroke_width=2)
            self.matrices.add(numbers)
            self.grids.add(grid)
            self.frames.add(frame)
            self.names.add(built(MathTex, tex, color=color, font_size=30).next_to(frame, UP, buff=0.1))
            x = frame.get_right()[0] + gap
        # each column's token over it, on one baseline, then the matrix's name over them
        self.tokens = on_one_baseline(L.tokens).next_to(self.embeddings, UP, buff=0.1)
        for word, col in zip(self.tokens, self.embeddings):
            word.set_x(col.get_x())
        for before, word in zip(self.tokens, self.tokens[1:]):  # a long name steps right, clear
            word.shift(max(0.0, before.get_right()[0] + WORD_GAP - word.get_left()[0]) * RIGHT)
        self.title = caption("embeddings",
                             color=style.EMBEDDING).next_to(self.tokens, UP, buff=0.08)
        self.title.set_x(self.embeddings.get_x())
        self.note = caption("a column per token, each times the same three matrices: all at once",
                            color=style.INK)
        body = VGroup(self.embeddings, self.matrices, self.grids, self.frames, self.names,
                      self.tokens, self.title)
        body.shift(-body.get_center()[0] * RIGHT)
        self.note.next_to(body, DOWN, buff=0.18)
        self.outlines = VGroup(
            SurroundingRectangle(self.embeddings, color=style.EMBEDDING, buff=0.06, stroke_width=4),
            *(SurroundingRectangle(f, color=c, buff=0.04, stroke_width=4)
              for f, c in zip(self.frames, (style.QUERY, style.KEY, style.VALUE))))
        self.whole = VGroup(self.embeddings, self.grids, self.matrices, self.frames, self.names,
                            self.tokens, self.title, self.note)


def on_one_baseline(words: list[str], color=style.INK) -> VGroup:
    """`words` as captions, one Text each, standing on one baseline (as in one line of text), so
    that a word with a descender ("fluffy") is not lifted above the others."""
    line = caption(" ".join(words), color=color)
    out, at = VGroup(), 0  # `at`: index into `line`, which has no glyph for a space
    for word in words:
        n = len("".join(word.split()))
        out.add(caption(word, color=color).move_to(VGroup(*line.submobjects[at:at + n])))
        at += n
    return out
