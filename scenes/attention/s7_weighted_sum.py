"""Scene 7: creature collects the values scaled by its weights and folds the sum into its vector."""

from collections.abc import Sequence

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Rectangle,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
)
from manim.utils.rate_functions import rush_from, rush_into

from attention.attention.lesson import lesson
from attention.figures import percent_figure, value_figure
from scenes import style
from scenes.attention.parts import CELL_H, CELL_W, GUESSES, TOP, column, vector_scale
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.widgets import Wiggle, caption, count_to, keep_in_frame, label, spelled, token_box

VALUE_XS = (-4.3, -2.85, -1.4, 0.05)  # the four value columns
SUM_X = 1.65  # the weighted sum, right of the value columns
EMB_X2, NEW_X2 = 3.65, 5.35  # sum + embedding = new vector, right of the sum, as it is folded
NEW_X = 0.7  # where the new vector settles once the terms have left, room on its right
PRODUCTS_TOP = 3.45  # the first product line's centre; the others stack below it
PRODUCT_GAP = 0.45
COUNT = 0.6  # seconds a value column takes to count down to its share
COUNT_LAG = 0.75  # the next column starts counting this far into the one before's count


def between(a: float, b: float, y: float, text: str, size=style.TITLE_SIZE):
    return label(text, size=size, color=style.MUTED).move_to([(a + b) / 2, y, 0])


def row_by_row(sources: list[Grid], total: Grid, scene, step: float = 0.35) -> tuple[list, Rectangle]:
    """The sum of the columns `sources` written into the column `total` one row at a time: an
    outline marks each row as that row's sum appears (the last row's fades out as the next
    row's fades in, so no outline slides over a number). Returns the plays (the last leaves
    `total` whole on `scene`) and the last row's outline, still shown."""
    left = min(g.get_left()[0] for g in sources) - 0.1
    right = total.get_right()[0] + 0.1
    spots = [Rectangle(width=right - left, height=CELL_H + 0.04, stroke_color=style.INK,
                       stroke_width=3).move_to([(left + right) / 2, total.rects[j][0].get_y(), 0])
             for j in range(total.n_rows)]
    cells = [total.cell(j, 0) for j in range(total.n_rows)]

    def whole() -> None:  # the cells were added one by one: keep the column itself instead
        scene.remove(*cells)
        scene.add(total)

    plays = [Play(FadeIn(spot), *([FadeOut(spots[j - 1])] if j else []), FadeIn(cells[j]),
                  run_time=step, then=whole if j == len(spots) - 1 else None)
             for j, spot in enumerate(spots)]
    return plays, spots[-1]


def product_lines(tokens: Sequence[str], values: np.ndarray, weights: np.ndarray,
                  scaled: np.ndarray) -> VGroup:
    """One worked line per token, its value's largest entry times its weight ("fluffy:
    1.00 × 55% = 0.55"), stacked at the top in a common monospaced grid."""
    width = max(len(t) for t in tokens) + 1
    lines = VGroup()
    for i, token in enumerate(tokens):
        j = int(np.argmax(np.abs(values[i])))
        line = spelled([(f"{token + ':':<{width}} ", style.MUTED),
                        (value_figure(values[i][j]), style.VALUE), (" × ", style.MUTED),
                        (f"{percent_figure(weights[i]):>3}", style.WEIGHT), (" = ", style.MUTED),
                        (value_figure(scaled[i][j]), style.VALUE)], size=style.BODY_SIZE - 4)
        lines.add(line)
    lefts = lines[0][0].get_left()[0]
    for k, line in enumerate(lines):
        line.shift((lefts - line[0].get_left()[0]) * RIGHT)  # every line's name starts alike
        line.set_y(PRODUCTS_TOP - k * PRODUCT_GAP)
    return lines.set_x((VALUE_XS[0] + VALUE_XS[-1]) / 2)


def scale_one(weight: VGroup, line: VGroup, value: Grid, scaled: Grid, before: np.ndarray,
              after: np.ndarray) -> AnimationGroup:
    """One token's value scaled where it stands: its weight flashes, its product is written
    above, and its numbers count down in place to their share while its bars shrink to it (the
    column, `value`, ends reading `scaled`'s numbers and stays on screen)."""
    return AnimationGroup(Indicate(weight, color=style.WEIGHT), FadeIn(line, shift=0.1 * DOWN),
                          count_to(value, scaled, before, after), run_time=COUNT)


class WeightedSumScene(LessonScene):
    scene_id = "weighted-sum"
    follows = "softmax"

    def beats(self) -> None:
        L = lesson()
        r, w, f = L.result, L.focus_weights, L.focus
        n = len(L.tokens)
        scaled = w[:, None] * r.values  # each token's value times creature's weight on it
        update, new = L.focus_update, L.focus_new_vector
        scale = vector_scale(L)
        mid_y = TOP - CELL_H * len(L.features) / 2

        values = [column(r.values[i], style.VALUE, VALUE_XS[i], scale) for i in range(n)]
        # how each value column looks once scaled (its numbers and bars count down to it)
        scaled_looks = [column(scaled[i], style.VALUE, VALUE_XS[i], scale) for i in range(n)]
        names = VGroup(*(caption(name).next_to(values[0].rects[j][0], LEFT, buff=0.25)
                         for j, name in enumerate(L.features)))
        names.align_to(names[0], RIGHT)
        # The tokens stand under their values and the weights above them: each moves up from
        # softmax's chart (the weights from the bars' tops, the tokens along the bottom row)
        # without crossing the other.
        boxes = VGroup(*(token_box(t, width=1.7).scale(0.75).next_to(values[i], DOWN, buff=0.3)
                         for i, t in enumerate(L.tokens)))
        times = VGroup(*(VGroup(label("×", size=style.BODY_SIZE - 4, color=style.WEIGHT),
                                label(percent_figure(w[i]), size=style.BODY_SIZE - 4,
                                      color=style.WEIGHT))
                         .arrange(RIGHT, buff=0.1).next_to(values[i], UP, buff=0.3)
                         for i in range(n)))
        products = product_lines(L.tokens, r.values, w, scaled)
        plus = VGroup(*(between(VALUE_XS[i], VALUE_XS[i + 1], mid_y, "+") for i in range(n - 1)))
        total = column(update, style.VALUE, SUM_X, scale)
        equals = between(VALUE_XS[-1] + CELL_W / 2, SUM_X - CELL_W / 2, mid_y, "=")

        # The fold, right of the sum: weighted sum + creature's embedding = its new vector.
        emb = column(L.embeddings[f], style.EMBEDDING, EMB_X2, scale)
        new_col = column(new, style.EMBEDDING, NEW_X2, scale)
        emb_label = caption(f"{L.focus_token}'s\nembedding", color=style.EMBEDDING)
        out_label = caption("weighted sum", color=style.VALUE)
        new_label = caption("its new\nvector", color=style.EMBEDDING)
        for lab, col in ((emb_label, emb), (out_label, total), (new_label, new_col)):
            lab.next_to(col, UP, buff=0.3)
        plus2 = between(SUM_X + CELL_W / 2, EMB_X2 - CELL_W / 2, mid_y, "+")
        equals2 = between(EMB_X2 + CELL_W / 2, NEW_X2 - CELL_W / 2, mid_y, "=")
        fold = VGroup(total, out_label, plus2, emb, emb_label, equals2, new_col, new_label)

        with self.beat("collects-the-values") as b:
            shares = VGroup(*(t[1] for t in times))
            arrive = [self.from_previous("tokens", boxes, FadeIn(boxes, shift=0.2 * UP)),
                      self.from_previous("weights", shares, FadeIn(shares, shift=0.2 * UP))]
            # the tokens and their weights take their places as softmax's chart leaves; then,
            # on "values", the values and their features
            b.fit(self.scene_change(*arrive), by="values")
            b.fit(Play(FadeIn(names),
                       LaggedStart(*(FadeIn(v, shift=0.2 * DOWN) for v in values), lag_ratio=0.15),
                       run_time=0.8), by="attends")
            # the tokens it attends to are outlined, and their weights become multipliers
            rings = VGroup(*(SurroundingRectangle(t, color=style.WEIGHT, buff=0.06) for t in boxes))
            b.fit(Play(FadeIn(rings), *(FadeIn(t[0], shift=0.2 * RIGHT) for t in times),
                       run_time=0.5),
                  Play(FadeOut(rings), run_time=0.25), by="scaled")
            # Each weight scales its token's value where it stands, one column after another
            # (each starting as the one before is three quarters counted): its product is
            # written out above (value × weight = share), its numbers count down in place to
            # their share and its bars shrink with them. The columns stay, reading the shares,
            # with the lines for the rest of the beat; the fold starts on "sum".
            for v in values:
                for text in v.all_texts():
                    text.set_z_index(1)  # the numbers stay above the bars shrinking under them
            b.fit(Play(LaggedStart(*(scale_one(t, line, v, look, r.values[i], scaled[i])
                                     for i, (t, line, v, look)
                                     in enumerate(zip(times, products, values, scaled_looks))),
                                   lag_ratio=COUNT_LAG),
                       run_time=COUNT * (1 + COUNT_LAG * (n - 1))), by="sum")
            # On "sum": creature's embedding comes beside the sum's empty column, and "= its new
            # vector"; then the scaled values add up row by row into the weighted sum, and sum and
            # embedding row by row into the new vector. Every term and line stays on screen.
            # (brisk, so that the fold follows "into its own vector" closely, yet slow enough to
            # follow row by row; the terms stay to be read)
            rows, band = row_by_row(values, total, self, step=0.25)
            added, fold_band = row_by_row([total, emb], new_col, self, step=0.25)
            b.fit(Play(FadeIn(plus), FadeIn(equals), FadeIn(out_label), FadeIn(plus2), FadeIn(emb),
                       FadeIn(emb_label), FadeIn(equals2), FadeIn(new_label), run_time=0.3),
                  *rows, Play(FadeOut(band), run_time=0.15),
                  *added, Play(FadeOut(fold_band), run_time=0.3))

        with self.beat("encodes-a-fluffy-blue-one") as b:
            # The working has been read: it leaves, and the fold moves left into its room (the
            # features' names to its left edge, without crossing it), so that what creature now
            # means has room on the new vector's right.
            working = VGroup(*values, plus, equals, products, times, boxes)
            shift = (NEW_X - NEW_X2) * RIGHT
            names_shift = (SUM_X + shift[0] - CELL_W / 2 - 0.25 - names.get_right()[0]) * RIGHT
            meaning = token_box(L.focus_token, width=2.2)
            meaning.next_to(new_col.copy().shift(shift), RIGHT, buff=0.9)
            arrow_to = label("→", size=style.TITLE_SIZE, color=style.MUTED)
            arrow_to.move_to([NEW_X + CELL_W / 2 + (meaning.get_left()[0] - NEW_X - CELL_W / 2) / 2,
                              mid_y, 0])
            lit = [L.features.index("fluffy texture"), L.features.index("blue colour")]
            left, right = names.get_left()[0] + names_shift[0] - 0.15, NEW_X + CELL_W / 2 + 0.15
            bands = VGroup()
            for j in lit:
                band = Rectangle(width=right - left, height=CELL_H - 0.04,
                                 stroke_color=style.VALUE, stroke_width=3,
                                 fill_color=style.VALUE, fill_opacity=0.1)
                bands.add(band.move_to([(left + right) / 2, new_col.rects[j][0].get_y(), 0]))
            richer = token_box(f"fluffy, blue {L.focus_token}", width=4.3)
            richer.box.set_stroke(style.VALUE, width=4)
            richer.move_to(meaning, aligned_edge=LEFT)
            meaning.word.set_z_index(1)
            # "...no longer means a generic creature": what creature meant on its own, the
            # guesses of the first scene round its box, which leave as it becomes fluffy, blue
            guesses = VGroup(*(caption(g, color=style.MUTED) for g in GUESSES))
            keep_in_frame(guesses.arrange(RIGHT, buff=0.35).next_to(meaning, DOWN, buff=0.3)
                          .align_to(meaning, LEFT))
            b.fit(Play(FadeOut(working), run_time=0.3),
                  Play(fold.animate.shift(shift), names.animate.shift(names_shift), run_time=0.5),
                  Play(FadeIn(arrow_to), FadeIn(meaning, shift=0.15 * LEFT), run_time=0.5),
                  by="generic")
            b.fit(Play(Wiggle(meaning, scale_value=1.08), FadeIn(guesses, shift=0.15 * DOWN),
                       run_time=0.8), by="fluffy")
            b.fit(
                # the box grows rightwards round the old word (drawn above it), which then
                # leaves as the new word comes, each faint only for a moment (the old one fades
                # late, the new one early): the box is never seen empty
                Play(FadeIn(bands), *(names[j].animate.set_color(style.VALUE) for j in lit),
                  FadeOut(guesses, shift=0.15 * DOWN),
                  Succession(Transform(meaning.box, richer.box),
                             FadeOut(meaning.word, shift=0.2 * UP, rate_func=rush_into),
                             FadeIn(richer.word, shift=0.2 * UP, rate_func=rush_from)),
                  run_time=1.2),
                Play(Indicate(richer.word, color=style.VALUE, scale_factor=1.08), run_time=0.8))
        # the weighted sum, with its name, is what the formula of the next scene computes
        self.keep(sum=total, sum_label=out_label)
