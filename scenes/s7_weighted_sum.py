"""Scene 7: creature collects the values scaled by its weights and folds the sum into its vector."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Rectangle,
    ReplacementTransform,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
)

from attention import Lesson, lesson
from attention.figures import percent_figure, value_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid, regrid
from scenes.s1_phrase import GUESSES
from scenes.widgets import Wiggle, caption, crossfade, keep_in_frame, label, token_box

TOP = 0.75  # top edge of the vectors' first row
CELL_H = 0.5
CELL_W = 0.95
VALUE_XS = (-3.9, -1.8, 0.3, 2.4)  # the four value columns
SUM_X = 4.8  # the weighted sum, right of the value columns
EMB_X, OUT_X, NEW_X = -3.7, -1.5, 0.7  # embedding + weighted sum = new vector


def column(values: np.ndarray, color, x: float, scale: float) -> Grid:
    """A vector as one column of cells, its first row's top at TOP."""
    g = Grid([[value_figure(v)] for v in values], color, cell_w=CELL_W, cell_h=CELL_H,
             levels=np.abs(np.asarray(values))[:, None] / scale)
    return g.move_to([x, TOP, 0], aligned_edge=UP)


def vector_scale(L: Lesson) -> float:
    """The entry that fills a cell: the largest of the values and of creature's new vector."""
    return float(max(np.max(np.abs(L.result.values)), np.max(np.abs(L.focus_new_vector)), 1e-9))


def between(a: float, b: float, y: float, text: str, size=style.TITLE_SIZE):
    return label(text, size=size, color=style.MUTED).move_to([(a + b) / 2, y, 0])


def row_by_row(sources: list[Grid], total: Grid, scene, step: float = 0.35) -> tuple[list, Rectangle]:
    """The sum of the columns `sources` written into the column `total` one row at a time: a band
    runs across each row as that row's sum appears, full size, nothing flying over a number.
    Returns the plays (the last leaves `total` whole on `scene`) and the band, still shown."""
    left = min(g.get_left()[0] for g in sources) - 0.1
    right = total.get_right()[0] + 0.1
    spots = [Rectangle(width=right - left, height=CELL_H + 0.04, stroke_color=style.INK,
                       stroke_width=3).move_to([(left + right) / 2, total.rects[j][0].get_y(), 0])
             for j in range(total.n_rows)]
    band = spots[0].copy()
    cells = [total.cell(j, 0) for j in range(total.n_rows)]

    def whole() -> None:  # the cells were added one by one: keep the column itself instead
        scene.remove(*cells)
        scene.add(total)

    plays = [Play(FadeIn(band) if j == 0 else Transform(band, spot), FadeIn(cells[j]),
                  run_time=step, then=whole if j == len(spots) - 1 else None)
             for j, spot in enumerate(spots)]
    return plays, band


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
        scaled_cols = [column(scaled[i], style.VALUE, VALUE_XS[i], scale) for i in range(n)]
        names = VGroup(*(caption(name).next_to(values[0].rects[j][0], LEFT, buff=0.25)
                         for j, name in enumerate(L.features)))
        names.align_to(names[0], RIGHT)
        # The tokens stand under their values and the weights above them: each moves up from
        # softmax's chart (the weights from the bars' tops, the tokens along the bottom row)
        # without crossing the other.
        boxes = VGroup(*(token_box(t, width=1.9).scale(0.85).next_to(values[i], DOWN, buff=0.3)
                         for i, t in enumerate(L.tokens)))
        times = VGroup(*(VGroup(label("×", size=style.BODY_SIZE, color=style.WEIGHT),
                                label(percent_figure(w[i]), size=style.BODY_SIZE, color=style.WEIGHT))
                         .arrange(RIGHT, buff=0.12).next_to(values[i], UP, buff=0.3)
                         for i in range(n)))
        plus = VGroup(*(between(VALUE_XS[i], VALUE_XS[i + 1], mid_y, "+") for i in range(n - 1)))
        total = column(update, style.VALUE, SUM_X, scale)
        equals = between(VALUE_XS[-1] + CELL_W / 2, SUM_X - CELL_W / 2, mid_y, "=")

        # Second half: creature's embedding + weighted sum = its new vector, same rows.
        emb = column(L.embeddings[f], style.EMBEDDING, EMB_X, scale)
        out = column(update, style.VALUE, OUT_X, scale)
        new_col = column(new, style.EMBEDDING, NEW_X, scale)
        emb_label = caption(f"{L.focus_token}'s\nembedding", color=style.EMBEDDING)
        out_label = caption("weighted sum", color=style.VALUE)
        new_label = caption("its new\nvector", color=style.EMBEDDING)
        for lab, col in ((emb_label, emb), (out_label, out), (new_label, new_col)):
            lab.next_to(col, UP, buff=0.3)
        plus2 = between(EMB_X, OUT_X, mid_y, "+")
        equals2 = between(OUT_X, NEW_X, mid_y, "=")
        meaning = token_box(L.focus_token, width=2.2)
        meaning.next_to(new_col, RIGHT, buff=0.9)
        arrow_to = label("→", size=style.TITLE_SIZE, color=style.MUTED)
        arrow_to.move_to([(new_col.get_right()[0] + meaning.get_left()[0]) / 2, mid_y, 0])
        heading = label(f"{L.focus_token}'s weights scale every token's value",
                        size=style.BODY_SIZE).to_edge(UP, buff=0.5)
        folded = label(f"the sum is folded into {L.focus_token}'s own vector",
                       size=style.BODY_SIZE).move_to(heading)

        with self.beat("collects-the-values") as b:
            shares = VGroup(*(t[1] for t in times))
            arrive = [self.from_previous("tokens", boxes, FadeIn(boxes, shift=0.2 * UP)),
                      self.from_previous("weights", shares, FadeIn(shares, shift=0.2 * UP))]
            morphs = [regrid(v, s) for v, s in zip(values, scaled_cols)]

            def settle() -> None:  # keep exactly the scaled columns on screen
                self.remove(*values, *(t for _, temps in morphs for t in temps))
                self.add(*scaled_cols)

            # the tokens and their weights take their places as softmax's chart leaves; then
            # the title, the values and their features
            b.fit(self.scene_change(*arrive),
                  Play(FadeIn(heading), FadeIn(names),
                       LaggedStart(*(FadeIn(v, shift=0.2 * DOWN) for v in values), lag_ratio=0.15),
                       run_time=0.8), until="attends")
            # the tokens it attends to are outlined, and their weights become multipliers
            rings = VGroup(*(SurroundingRectangle(t, color=style.WEIGHT, buff=0.06) for t in boxes))
            b.fit(Play(Create(rings), *(FadeIn(t[0], shift=0.2 * RIGHT) for t in times),
                       run_time=0.5),
                  Play(FadeOut(rings), run_time=0.25), until="scaled")
            # Each weight scales its token's value where it stands, one after another: its
            # numbers become their share and its bars shrink to it; the scaled values then add
            # up row by row into the sum, all before "folds".
            rows, band = row_by_row(scaled_cols, total, self, step=0.14)
            b.fit(
                Play(LaggedStart(*(AnimationGroup(Indicate(t, color=style.WEIGHT), m)
                                for t, (m, _) in zip(times, morphs)), lag_ratio=0.35),
                  run_time=0.7, then=settle),
                Play(FadeIn(plus), FadeIn(equals), FadeOut(boxes), FadeOut(times), run_time=0.2),
                *rows,
                until="folds")
            # ...and folded into creature's vector on "folds": the terms leave before the sum
            # crosses where they stood, the embedding comes beside it...
            b.fit(
                Play(FadeOut(band), FadeOut(plus), FadeOut(equals), FadeOut(VGroup(*scaled_cols)),
                     run_time=0.3),
                Play(ReplacementTransform(total, out), FadeIn(out_label), FadeIn(emb),
                     FadeIn(emb_label), FadeIn(plus2), crossfade(heading, folded), run_time=0.7),
                Play(FadeIn(equals2), FadeIn(new_label), run_time=0.2),
                until="own")
            # ...and embedding and sum add up, row by row, to its new vector as the voice ends
            fold, fold_band = row_by_row([emb, out], new_col, self, step=0.22)
            b.fit(*fold, Play(FadeOut(fold_band), run_time=0.3))

        with self.beat("encodes-a-fluffy-blue-one") as b:
            lit = [L.features.index("fluffy texture"), L.features.index("blue colour")]
            left, right = names.get_left()[0] - 0.15, new_col.get_right()[0] + 0.15
            bands = VGroup()
            for j in lit:
                band = Rectangle(width=right - left, height=CELL_H - 0.04,
                                 stroke_color=style.VALUE, stroke_width=3,
                                 fill_color=style.VALUE, fill_opacity=0.1)
                bands.add(band.move_to([(left + right) / 2, new_col.rects[j][0].get_y(), 0]))
            richer = token_box(f"fluffy, blue {L.focus_token}", width=4.3)
            richer.box.set_stroke(style.VALUE, width=4)
            richer.move_to(meaning, aligned_edge=LEFT)
            # "...no longer means a generic creature": what creature meant on its own, the
            # guesses of the first scene round its box, which leave as it becomes fluffy, blue
            guesses = VGroup(*(caption(g, color=style.MUTED) for g in GUESSES))
            keep_in_frame(guesses.arrange(RIGHT, buff=0.35).next_to(meaning, DOWN, buff=0.3)
                          .align_to(meaning, LEFT))
            b.fit(Play(FadeIn(arrow_to), FadeIn(meaning, shift=0.15 * LEFT), run_time=0.5),
                  until="generic")
            b.fit(Play(Wiggle(meaning, scale_value=1.08), FadeIn(guesses, shift=0.15 * DOWN),
                       run_time=0.8), until="fluffy")
            b.fit(
                Play(FadeIn(bands), *(names[j].animate.set_color(style.VALUE) for j in lit),
                  Transform(meaning.box, richer.box), FadeOut(guesses, shift=0.15 * DOWN),
                  Succession(FadeOut(meaning.word, shift=0.2 * UP),
                             FadeIn(richer.word, shift=0.2 * UP)), run_time=1.0),
                Play(Indicate(richer.word, color=style.VALUE, scale_factor=1.08), run_time=0.8))
        # the weighted sum, with its name, is what the formula of the next scene computes
        self.keep(sum=out, sum_label=out_label)
