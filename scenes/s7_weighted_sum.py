"""Scene 7: creature collects the values scaled by its weights and folds the sum into its vector."""

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
    ReplacementTransform,
    Succession,
    Transform,
    VGroup,
    smooth,
)

from attention import lesson
from attention.figures import percent_figure, value_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid, regrid
from scenes.widgets import caption, crossfade, label, token_box

TOP = 0.75  # top edge of the vectors' first row
CELL_H = 0.5
CELL_W = 0.95
VALUE_XS = (-3.9, -1.8, 0.3, 2.4)  # the four value columns
SUM_X = 4.8  # the weighted sum, right of the value columns
EMB_X, OUT_X, NEW_X = -3.7, -1.5, 0.7  # embedding + weighted sum = new vector


def column(values: np.ndarray, color, x: float, scale: float) -> Grid:
    """A vector as one column of cells, its first row's top at TOP."""
    g = Grid([[value_figure(v)] for v in values], color, cell_w=CELL_W, cell_h=CELL_H,
             strength=np.abs(np.asarray(values))[:, None] / scale)
    return g.move_to([x, TOP, 0], aligned_edge=UP)


def between(a: float, b: float, y: float, text: str, size=style.TITLE_SIZE):
    return label(text, size=size, color=style.MUTED).move_to([(a + b) / 2, y, 0])


def lift(sources, lane_y: float, scale: float = 0.4) -> tuple[list, list]:
    """Small copies of `sources` rise straight up into the empty lane at `lane_y`, each above its
    own source: the first half of a gather. Returns the copies and the animations."""
    chips = [src.copy() for src in sources]
    return chips, [c.animate.scale(scale).move_to([c.get_x(), lane_y, 0]) for c in chips]


def land(chips, target, rise: float = 0.5, step: float = 0.35, lag: float = 0.35) -> list:
    """The copies fly one after another onto `target`, each on its own arc (the farthest
    highest), and fade as they land; `target` appears as the last arrives: a visible sum."""
    flights = []
    for k, chip in enumerate(chips):
        chord = float(np.linalg.norm(target.get_center() - chip.get_center()))
        sagitta = rise + step * (len(chips) - 1 - k)
        arc = -4 * np.arctan(2 * sagitta / chord)  # negative: over the top, left to right
        flights.append(FadeOut(chip, target_position=target, scale=2.0, path_arc=arc))
    late = lambda t: smooth(min(1.0, max(0.0, (t - 0.6) / 0.4)))
    return [LaggedStart(*flights, lag_ratio=lag), FadeIn(target, rate_func=late)]


class WeightedSumScene(LessonScene):
    scene_id = "weighted-sum"
    follows = "softmax"

    def beats(self) -> None:
        L = lesson()
        r, w, f = L.result, L.focus_weights, L.focus
        n = len(L.tokens)
        scaled = w[:, None] * r.values  # each token's value times creature's weight on it
        update, new = L.focus_update, L.focus_new_vector
        scale = float(max(np.max(np.abs(r.values)), np.max(np.abs(new)), 1e-9))
        mid_y = TOP - CELL_H * len(L.features) / 2

        values = [column(r.values[i], style.VALUE, VALUE_XS[i], scale) for i in range(n)]
        scaled_cols = [column(scaled[i], style.VALUE, VALUE_XS[i], scale) for i in range(n)]
        names = VGroup(*(caption(name).next_to(values[0].rects[j][0], LEFT, buff=0.25)
                         for j, name in enumerate(L.features)))
        names.align_to(names[0], RIGHT)
        boxes = VGroup(*(token_box(t, width=1.9).scale(0.85).next_to(values[i], UP, buff=0.3)
                         for i, t in enumerate(L.tokens)))
        times = VGroup(*(label(f"× {percent_figure(w[i])}", size=style.BODY_SIZE,
                               color=style.WEIGHT).next_to(values[i], DOWN, buff=0.3)
                         for i in range(n)))
        plus = VGroup(*(between(VALUE_XS[i], VALUE_XS[i + 1], mid_y, "+") for i in range(n - 1)))
        total = column(update, style.VALUE, SUM_X, scale)
        equals = between(VALUE_XS[-1] + CELL_W / 2, SUM_X - CELL_W / 2, mid_y, "=")
        total_label = caption("weighted sum", color=style.VALUE).next_to(total, UP, buff=0.3)
        total_label.match_y(boxes[0])

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
            arrive = [self.from_previous("tokens", boxes, FadeIn(boxes, shift=0.2 * DOWN)),
                      LaggedStart(*(FadeIn(v, shift=0.2 * DOWN) for v in values), lag_ratio=0.15)]
            morphs = [regrid(v, s) for v, s in zip(values, scaled_cols)]
            lane = (TOP + heading.get_bottom()[1]) / 2  # empty once the token boxes have gone
            chips, rise = lift(scaled_cols, lane)
            chips2, rise2 = lift([emb, out], lane + 0.2)

            def settle() -> None:  # keep exactly the scaled columns on screen
                self.remove(*values, *(t for _, temps in morphs for t in temps))
                self.add(*scaled_cols)

            b.fit(
                Play(FadeIn(names), FadeIn(heading), *arrive,
                  run_time=1.0), until="attends")
            # the weights are how much creature attends to each token
            b.fit(Play(LaggedStart(*(FadeIn(t, shift=0.2 * UP) for t in times), lag_ratio=0.15),
                       run_time=0.6), until="scaled")
            # Each weight scales its token's value where it stands, one after another.
            b.fit(
                Play(LaggedStart(*(AnimationGroup(Indicate(t, color=style.WEIGHT), m)
                                for t, (m, _) in zip(times, morphs)), lag_ratio=0.3),
                  run_time=1.4, then=settle),
                Play(FadeIn(plus), FadeIn(equals), FadeOut(boxes), run_time=0.4), until="folds")
            # The terms gather into the sum, which moves beside creature's embedding.
            b.fit(
                Play(*rise, run_time=0.4),
                Play(lambda: land(chips, total), run_time=1.4),
                Play(FadeIn(total_label), run_time=0.3),
                Play(FadeOut(times), FadeOut(plus), FadeOut(equals),
                  FadeOut(VGroup(*scaled_cols)), ReplacementTransform(total, out),
                  ReplacementTransform(total_label, out_label), FadeIn(emb), FadeIn(emb_label),
                  FadeIn(plus2), crossfade(heading, folded), run_time=1.0))

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
            # Embedding and sum add up to the new vector: what creature means now.
            b.fit(
                Play(*rise2, FadeIn(equals2), run_time=0.4),
                Play(lambda: [*land(chips2, new_col, rise=0.4, step=0.3), FadeIn(new_label)],
                  run_time=1.0),
                Play(FadeIn(arrow_to), FadeIn(meaning), run_time=0.5), until="fluffy")
            b.fit(
                Play(FadeIn(bands), *(names[j].animate.set_color(style.VALUE) for j in lit),
                  Transform(meaning.box, richer.box),
                  Succession(FadeOut(meaning.word, shift=0.2 * UP),
                             FadeIn(richer.word, shift=0.2 * UP)), run_time=1.0),
                Play(Indicate(richer.word, color=style.VALUE, scale_factor=1.08), run_time=0.8))
