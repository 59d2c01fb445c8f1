"""Small building blocks shared by the scenes: token boxes, number vectors, labels."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manim import (
    DOWN,
    RIGHT,
    UP,
    Animation,
    ManimColor,
    Rectangle,
    RoundedRectangle,
    Text,
    UpdateFromAlphaFunc,
    VGroup,
    linear,
)
from manim import Wiggle as _Wiggle

from attention.figures import value_figure
from scenes import style
from scenes.grid import Grid
from scenes.prebuilt import built


def label(text: str, size: int = style.BODY_SIZE, color: ManimColor = style.INK,
          font: str = style.FONT, **kwargs) -> Text:
    """Text in the lesson's font."""
    return built(Text, text, font=font, font_size=size, color=color, **kwargs)


def token_box(word: str, width: float = 2.3) -> VGroup:
    """A token as a rounded box with its word."""
    box = RoundedRectangle(corner_radius=0.15, width=width, height=0.8, fill_color=style.TOKEN,
                           fill_opacity=1, stroke_color=style.MUTED, stroke_width=2)
    word_mob = label(word, size=style.BODY_SIZE + 2).move_to(box)
    group = VGroup(box, word_mob)
    group.box, group.word = box, word_mob
    return group


def token_row(words: Sequence[str], width: float = 2.3, gap: float = 0.4) -> VGroup:
    """The phrase as a row of token boxes, centred."""
    return VGroup(*(token_box(w, width) for w in words)).arrange(RIGHT, buff=gap)


def number_text(value: float, decimals: int = 1, size: int = style.SMALL_SIZE,
                color: ManimColor = style.INK) -> Text:
    """A number as monospaced text, as the lesson rounds it."""
    return built(Text, f"{value:.{decimals}f}", font=style.MONO, font_size=size, color=color)


def vector(values: np.ndarray, color: ManimColor, decimals: int = 1, cell: float = 0.42,
           width: float = 0.8, size: int = style.SMALL_SIZE) -> VGroup:
    """A column vector: a cell per component with its number, outlined in its role's colour."""
    cells = VGroup()
    for v in values:
        rect = Rectangle(width=width, height=cell, stroke_color=color, stroke_width=2,
                         fill_color=color, fill_opacity=0.12 + 0.5 * min(1.0, abs(float(v)) / 4))
        num = number_text(float(v), decimals, size=size).move_to(rect)
        cells.add(VGroup(rect, num))
    cells.arrange(DOWN, buff=0)
    cells.numbers = [c[1] for c in cells]
    return cells


def mono(text: str, color: ManimColor = style.INK, size: int = style.BODY_SIZE - 2) -> Text:
    """Text in the lesson's monospaced font: a number or sign of a line of working."""
    return built(Text, text, font=style.MONO, font_size=size, color=color)


def spelled(pieces: Sequence[tuple[str, ManimColor]], size: int = style.BODY_SIZE - 2) -> VGroup:
    """A line of arithmetic ("3.0×3.8 + 0.4×2.0 = 12.2") as one monospaced Text per piece, each
    where it stands in the whole line (one baseline), so the pieces can appear, light up or move
    on their own. Spaces inside the pieces space the line; a piece of spaces only is left out."""
    whole = built(Text, "".join(t for t, _ in pieces), font=style.MONO, font_size=size)
    line, glyph = VGroup(), 0  # `glyph`: index into `whole`, which has no glyph for a space
    for text, color in pieces:
        n = len("".join(text.split()))
        if n:
            piece = built(Text, text.strip(), font=style.MONO, font_size=size, color=color)
            line.add(piece.shift(whole[glyph].get_center() - piece[0].get_center()))
        glyph += n
    return line


def caption(text: str, color: ManimColor = style.MUTED, size: int = style.SMALL_SIZE) -> Text:
    return label(text, size=size, color=color)


def keep_in_frame(mob, margin: float = 0.3):
    """Shift `mob` just enough to lie inside the frame, `margin` from every edge."""
    from manim import config

    half_w, half_h = config.frame_width / 2 - margin, config.frame_height / 2 - margin
    dx = min(0.0, half_w - mob.get_right()[0]) + max(0.0, -half_w - mob.get_left()[0])
    dy = min(0.0, half_h - mob.get_top()[1]) + max(0.0, -half_h - mob.get_bottom()[1])
    return mob.shift(dx * RIGHT + dy * UP)


def crossfade(old, new, shift: float = 0.2):
    """`old` leaves upwards, then `new` arrives from below: how one title gives way to another
    (a letter-by-letter morph between different words is unreadable, and two titles faded over
    each other are too)."""
    from manim import FadeIn, FadeOut, Succession

    return Succession(FadeOut(old, shift=shift * UP), FadeIn(new, shift=shift * UP))


class Wiggle(_Wiggle):
    """Manim's wiggle, leaving nothing turned: its rotation also turns each part's sheen
    direction, frame after frame, so a drawn wiggle and one jumped to its end left different
    pictures (and a beat drawn alone would not match the full render)."""

    def interpolate_submobject(self, submobject, starting_submobject, alpha: float) -> Wiggle:
        super().interpolate_submobject(submobject, starting_submobject, alpha)
        if hasattr(starting_submobject, "sheen_direction"):
            submobject.sheen_direction = np.array(starting_submobject.sheen_direction)
        return self


def figure_in_place(text: Text, figure: str, size: int = style.SMALL_SIZE,
                    color=style.INK, font: str = style.MONO) -> None:
    """`text` now reads `figure`, centred where it stood: the same mobject, its glyphs reshaped
    (so one number stands in its place and is seen to change, never two drawn over each other).
    Its glyphs keep their identity (a play draws the parts it started with): the first ones take
    the new shapes, any extra is emptied, any missing one is added."""
    if text.original_text == figure and getattr(text, "figure_size", size) == size:
        return
    new = built(Text, figure, font=font, font_size=size, color=color).move_to(_figure_centre(text))
    glyphs = list(text.submobjects)
    for k, shape in enumerate(new.submobjects):
        if k < len(glyphs):
            glyphs[k].points = shape.points.copy()
        else:
            shape.z_index = text.z_index
            text.add(shape)
    for glyph in glyphs[len(new.submobjects):]:
        glyph.points = np.zeros((0, 3))
    text.original_text = text.text = figure
    text.figure_size = size
    text.figure_placed = text.get_center()


def _figure_centre(text: Text) -> np.ndarray:
    """Where `text`'s figures are centred: where it stood when first reshaped, unless it has been
    moved since. Each figure is placed on that one point, not on the last figure's centre, so a
    count ends on the very points a jump to its last figure gives (the picture's digest, by which
    the next scene's beats are found, is the same either way)."""
    here = text.get_center()
    placed = getattr(text, "figure_placed", None)
    if placed is None or np.abs(here - placed).max() > 1e-9:
        text.figure_centre = here
    return text.figure_centre


def count_to(start: Grid, end: Grid, before: np.ndarray, after: np.ndarray,
             figure=value_figure) -> Animation:
    """The numbers of `start` (worth `before`, one per cell) counting in place to `after`, each
    shown as `figure` of the value it has reached, while its bar grows or shrinks to `end`'s
    (drawn with the same cells): a change of size seen as the numbers and bars change, never a
    blank cell. `start` ends reading and looking like `end`; it stays the grid on screen."""
    before, after = np.atleast_2d(before), np.atleast_2d(after)
    if before.shape != (start.n_rows, start.n_cols):
        before, after = before.T, after.T  # a column given as a row
    bars = [(b, b.copy(), e) for row_b, row_e in zip(start.bars, end.bars)
            for b, e in zip(row_b, row_e) if b is not None and e is not None]
    texts = [(start.texts[i][j], end.texts[i][j], float(before[i, j]), float(after[i, j]))
             for i in range(start.n_rows) for j in range(start.n_cols)]

    def update(_, alpha: float) -> None:
        for bar, was, becomes in bars:
            bar.interpolate(was, becomes, alpha)
        for text, final, a, b in texts:
            figure_in_place(text, final.original_text if alpha >= 1 else figure(a + (b - a) * alpha))

    group = VGroup(*(b for b, _, _ in bars), *(t for t, *_ in texts))
    return UpdateFromAlphaFunc(group, update, rate_func=linear)
