"""Small building blocks shared by the scenes: token boxes, number vectors, labels."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from manim import (
    DOWN,
    RIGHT,
    UP,
    ManimColor,
    Rectangle,
    RoundedRectangle,
    Text,
    VGroup,
)
from manim import Wiggle as _Wiggle

from scenes import style
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
