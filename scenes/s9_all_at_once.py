"""Scene 9: every token at once: Q times Kᵀ, softmax by rows, times V, as matrix multiplications.

Layout, twice the same: the left matrix's rows meet the top matrix's columns in the result, which
sits where they cross (Q left, Kᵀ above, scores at the crossing; then weights left, V above, the
output at the crossing), so rows and columns share their labels.
"""

import numpy as np
from manim import (
    DOWN,
    RIGHT,
    UL,
    UP,
    AnimationGroup,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    MathTex,
    ReplacementTransform,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
)

from attention import lesson
from attention.figures import exact_score_figure, percent_figure, score_figure, value_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid, strengths, texts_of
from scenes.prebuilt import built
from scenes.rules import LEAVING, during
from scenes.s8_formula import formula_tex
from scenes.widgets import caption, crossfade, token_box, token_row

CELL_H = 0.45
ROW_TOP = 0.45  # top edge of the rows every token owns (Q, scores, weights, output)
TOP_BOTTOM = 0.8  # bottom edge of the matrix above the crossing (Kᵀ, then V)
SHIFT = -0.7  # the whole layout, centred
LEFT_RIGHT = -0.35 + SHIFT  # right edge of the left matrix (Q, then weights)
CROSS_LEFT = 0.3 + SHIFT  # left edge of the result (scores, then output)
VALUE_W = 1.25  # cells of V and the output, wide enough for their feature names
MEANING_GAP = 0.2  # creature's meaning stands this far under the output, where its name was
HEADER = 0.5  # the formula's scale as this scene's header

# One TeX piece per symbol, coloured by role as in scene 8.
TEX = {"softmax": (r"\mathrm{softmax}", style.WEIGHT), "(": (r"\big(", style.INK),
       ")": (r"\big)", style.INK), "Q": ("Q", style.QUERY), "K": (r"K^{\top}", style.KEY),
       "/": ("/", style.MUTED), "d": (r"\sqrt{d}", style.MUTED), "V": (r"\,V", style.VALUE),
       "S": (r"S", style.WEIGHT), "=": ("=", style.INK)}


def tex(*names: str, size: int = 34) -> MathTex:
    m = built(MathTex, *(TEX[n][0] for n in names), font_size=size)
    for sub, n in zip(m, names):
        sub.set_color(TEX[n][1])
    return m


def place(g: Grid, corner: np.ndarray) -> Grid:
    """Move `g` (with its labels) so the top-left corner of its cells lands on `corner`."""
    return g.shift(corner - g.body.get_corner(UL))


class AllAtOnceScene(LessonScene):
    scene_id = "all-at-once"
    follows = "formula"

    def beats(self) -> None:
        L = lesson()
        r, n, f = L.result, len(L.tokens), L.focus
        d = r.queries.shape[1]
        features = [name.replace(" ", "\n") for name in L.features]

        # --- the score step: Q left, Kᵀ above, S = QKᵀ/√d where they cross ------------------
        q = Grid(texts_of(r.queries, score_figure), style.QUERY, strength=strengths(r.queries),
                 cell_w=0.75, cell_h=CELL_H, row_labels=L.tokens)
        place(q, np.array([LEFT_RIGHT - 0.75 * d, ROW_TOP, 0]))
        kt = Grid(texts_of(r.keys.T, score_figure), style.KEY, strength=strengths(r.keys.T),
                  cell_w=1.3, cell_h=CELL_H, row_labels=L.qk_dims, col_labels=L.tokens)
        place(kt, np.array([CROSS_LEFT, TOP_BOTTOM + CELL_H * d, 0]))
        s = Grid(texts_of(r.scores, exact_score_figure), style.WEIGHT, strength=strengths(r.scores),
                 cell_w=1.3, cell_h=CELL_H)
        place(s, np.array([CROSS_LEFT, ROW_TOP, 0]))
        w_here = Grid(texts_of(r.weights, percent_figure), style.WEIGHT, strength=r.weights,
                      cell_w=1.3, cell_h=CELL_H)
        place(w_here, np.array([CROSS_LEFT, ROW_TOP, 0]))
        q_name = tex("Q").next_to(q.body, DOWN, buff=0.3)
        kt_name = tex("K").next_to(kt.body, RIGHT, buff=0.3)
        s_name = tex("S", "=", "Q", "K", "/", "d").next_to(s.body, DOWN, buff=0.3)
        w_name_here = tex("softmax", "(", "Q", "K", "/", "d", ")").next_to(s.body, DOWN, buff=0.3)

        # --- the value step: weights left, V above, output where they cross -------------------
        w = Grid(texts_of(r.weights, percent_figure), style.WEIGHT, strength=r.weights,
                 cell_w=0.8, cell_h=CELL_H, row_labels=L.tokens)
        place(w, np.array([LEFT_RIGHT - 0.8 * n, ROW_TOP, 0]))
        v = Grid(texts_of(r.values, value_figure), style.VALUE, strength=strengths(r.values),
                 cell_w=VALUE_W, cell_h=CELL_H, row_labels=L.tokens, col_labels=features)
        place(v, np.array([CROSS_LEFT, TOP_BOTTOM + CELL_H * n, 0]))
        out = Grid(texts_of(r.output, value_figure), style.VALUE, strength=strengths(r.output),
                   cell_w=VALUE_W, cell_h=CELL_H)
        place(out, np.array([CROSS_LEFT, ROW_TOP, 0]))
        w_name = tex("softmax", "(", "Q", "K", "/", "d", ")").next_to(w.body, DOWN, buff=0.3)
        v_name = tex("V").next_to(v.body, RIGHT, buff=0.25)
        out_name = tex("softmax", "(", "Q", "K", "/", "d", ")", "V").next_to(out.body, DOWN,
                                                                            buff=0.3)

        # the formula of the scene before, kept as this scene's header: what every step computes
        header = formula_tex().scale(HEADER).to_corner(UL, buff=0.35)
        tokens = token_row(L.tokens).move_to(0.3 * UP)
        at_once = caption("every token, all at the same time", color=style.INK,
                          size=style.BODY_SIZE).next_to(tokens, DOWN, buff=0.6)

        with self.beat("not-one-word-at-a-time") as b:
            b.fit(
                # the formula shrinks to a header; the phrase comes back
                self.scene_change(self.from_previous("formula", header, FadeIn(header)), run_time=0.6),
                Play(FadeIn(tokens), run_time=0.6),
                Play(*(t.box.animate.set_stroke(style.QUERY, width=4) for t in tokens),
                  *(Indicate(t.word, color=style.QUERY, scale_factor=1.15) for t in tokens),
                  FadeIn(at_once, shift=0.2 * UP), run_time=1.0))

        with self.beat("one-matrix-multiplication") as b:
            # Softmax of the whole matrix in one move: the scores leave, every cell recolours,
            # the weights arrive.
            old, new = VGroup(*s.all_texts()), VGroup(*w_here.all_texts())
            cells = VGroup(*(c for row in s.rects for c in row))
            softmax = AnimationGroup(
                Succession(FadeOut(old, shift=0.12 * UP), FadeIn(new, shift=0.12 * UP)),
                Transform(cells, VGroup(*(c for row in w_here.rects for c in row))))

            def weights_only() -> None:  # keep exactly the weights grid on screen
                self.remove(s, old, new, cells)
                self.add(w_here)

            b.fit(
                # the caption and the boxes go before the words cross where they stood
                Play(FadeOut(at_once), *(FadeOut(t.box) for t in tokens), run_time=0.3),
                Play(*(ReplacementTransform(t.word, lab) for t, lab in zip(tokens, q.row_labels)),
                     run_time=0.6),
                Play(FadeIn(q.body, shift=0.2 * RIGHT), FadeIn(q_name), run_time=0.4),
                Play(FadeIn(kt), FadeIn(kt_name), run_time=0.6), until="at")
            # One row of the product: creature's query meets each column of Kᵀ in turn and
            # writes its row of S; then every other row at once, the same product.
            sweep, rest, rings = self._row_sweep(q, kt, s, f)
            b.fit(*sweep, Play(FadeOut(rings), run_time=0.3), until="multiplication")
            b.fit(Play(FadeIn(rest, shift=0.1 * DOWN), FadeIn(s_name), run_time=0.6,
                       then=lambda: self._settle(s, [rest, *(s.cell(f, j) for j in range(n))])),
                  Play(Indicate(s_name[4:], color=style.INK, scale_factor=1.15), run_time=0.5),
                  until="workload")
            b.fit(Play(softmax, crossfade(s_name, w_name_here), run_time=1.2,
                       then=weights_only))
            # the whole block of matrices is one job for the hardware
            block = SurroundingRectangle(VGroup(q.body, kt.body, w_here), color=style.MUTED,
                                         buff=0.15, stroke_width=3)
            b.fit(Play(Create(block), run_time=0.8), Play(FadeOut(block), run_time=0.4))

        with self.beat("every-word-asking") as b:
            # Q and Kᵀ leave first; the weights slide into Q's place as they go, the row names
            # riding with them; then V above. Creature's row of weights meets each column of V
            # in turn and writes its row of the output; then every other row at once, each word
            # lighting up as the one that asks.
            gone = lambda t: min(1.0, t / LEAVING)  # noqa: E731
            moves = during(0.25, 1.0)  # the weights reach where Q stood once it has gone
            sweep, rest, rings = self._row_sweep(
                w, v, out, f, colors=(style.WEIGHT, style.VALUE),
                also=[w.row_labels[f].animate.set_color(style.QUERY)])
            b.fit(
                Play(*(FadeOut(m, rate_func=gone) for m in (q.body, q_name, kt, kt_name)),
                     ReplacementTransform(q.row_labels, w.row_labels, rate_func=moves),
                     ReplacementTransform(w_here.body, w.body, rate_func=moves),
                     ReplacementTransform(w_name_here, w_name, rate_func=moves), run_time=0.9),
                Play(FadeIn(v), FadeIn(v_name), run_time=0.4),
                *sweep,
                Play(FadeOut(rings), FadeIn(rest, shift=0.1 * DOWN), FadeIn(out_name),
                     *(lab.animate.set_color(style.QUERY) for i, lab in enumerate(w.row_labels)
                       if i != f), run_time=0.5,
                     then=lambda: self._settle(out, [rest, *(out.cell(f, j) for j in range(out.n_cols))])))

        with self.beat("because-it-got-to-ask") as b:
            lit = [L.features.index("fluffy texture"), L.features.index("blue colour")]
            whole_row = VGroup(w.row_labels[f], w.row(f), out.row(f))
            band = SurroundingRectangle(whole_row, color=style.QUERY, buff=0.07, stroke_width=4)
            others = VGroup(*(lab for i, lab in enumerate(w.row_labels) if i != f))
            # Creature's meaning stands under the output, in the place of the output's name (so
            # high above the captions that two lines of them leave it clear).
            meaning = token_box(L.focus_token, width=2.3)
            meaning.box.set_stroke(style.QUERY, width=4)
            meaning.next_to(out.body, DOWN, buff=MEANING_GAP)
            richer = token_box(f"fluffy, blue {L.focus_token}", width=4.3)
            richer.box.set_stroke(style.VALUE, width=4)
            richer.move_to(meaning)
            b.fit(
                Play(FadeIn(band), others.animate.set_color(style.MUTED),
                     FadeOut(out_name, shift=0.2 * DOWN), run_time=0.8),
                until="ends")
            b.fit(Play(FadeIn(meaning, scale=0.9), run_time=0.6), until="fluffy")
            b.fit(
                # (each cell's box lights up green and its number stays white, readable on it)
                Play(*(Indicate(part, color=c, scale_factor=1.2) for j in lit
                       for part, c in ((out.rects[f][j], style.VALUE), (out.texts[f][j], style.INK))),
                  *(v.col_labels[j].animate.set_color(style.VALUE) for j in lit),
                  Transform(meaning.box, richer.box),
                  Succession(FadeOut(meaning.word, shift=0.2 * UP),
                             FadeIn(richer.word, shift=0.2 * UP)), run_time=1.0),
                Play(Indicate(richer.word, color=style.VALUE, scale_factor=1.08), run_time=0.8))

    def _row_sweep(self, left: Grid, top: Grid, result: Grid, row: int,
                   colors=(style.QUERY, style.KEY), also=()) -> tuple[list[Play], VGroup, VGroup]:
        """Row `row` of `left` outlined (with `also`), then each column of `top` in turn, their
        entry written where they cross in `result`: one row of the product, cell by cell. Returns
        the plays, the rest of `result` (every other row) and the two outlines, still shown, for
        plays of their own."""
        row_ring = SurroundingRectangle(left.row(row), color=colors[0], buff=0.05, stroke_width=4)
        cols = [SurroundingRectangle(top.col(j), color=colors[1], buff=0.05, stroke_width=4)
                for j in range(top.n_cols)]
        col_ring = cols[0].copy()
        plays = [Play(Create(row_ring), *also, run_time=0.3)]
        plays += [Play(Create(col_ring) if j == 0 else Transform(col_ring, cols[j]),
                       FadeIn(result.cell(row, j), shift=0.1 * DOWN), run_time=0.35)
                  for j in range(top.n_cols)]
        rest = VGroup(*(result.cell(i, j) for i in range(result.n_rows) if i != row
                        for j in range(result.n_cols)))
        return plays, rest, VGroup(row_ring, col_ring)

    def _settle(self, grid: Grid, parts) -> None:
        """After animating pieces of `grid` on their own, keep only the grid itself on screen."""
        self.remove(*parts)
        self.add(grid)
