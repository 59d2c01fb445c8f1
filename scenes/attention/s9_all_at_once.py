"""Scene 9: every token at once: Q times Kᵀ, ÷√d, softmax by rows, times V, as matrix products.

Q and Kᵀ are stacked from the tokens' query rows and key columns (creature's query and fluffy's
key are the entries the formula scene worked with, moved into place); one cell of QKᵀ is worked
as a row meeting a column, slowly, then the other cells fill, all rows together; the scores count
down to their share of √d; each row becomes weights that sum to one; then the weights times V, the
output's first row cell by cell, then the other rows together.

Layout, twice the same: the left matrix's rows meet the top matrix's columns in the result, which
sits where they cross (Q left, Kᵀ above, scores at the crossing; then weights left, V above, the
output at the crossing), so rows and columns share their labels.
"""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Animation,
    AnimationGroup,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    MathTex,
    ReplacementTransform,
    Succession,
    SurroundingRectangle,
    Transform,
    TransformFromCopy,
    VGroup,
    Wait,
    rush_from,
)
from manim.utils.rate_functions import ease_in_out_sine

from attention.attention.lesson import lesson
from attention.figures import exact_score_figure, percent_figure, score_figure, value_figure
from scenes import style
from scenes.attention.parts import formula_tex
from scenes.base import LessonScene, Play
from scenes.grid import Grid, strengths, texts_of
from scenes.prebuilt import built
from scenes.rules import LEAVING, during
from scenes.widgets import caption, count_to, crossfade, spelled, token_box

CELL_H = 0.45
ROW_TOP = 0.9  # top edge of the rows every token owns (Q, scores, weights, output)
TOP_BOTTOM = 1.25  # bottom edge of the matrix above the crossing (Kᵀ, then V)
SHIFT = -0.7  # the whole layout, centred
LEFT_RIGHT = -0.35 + SHIFT  # right edge of the left matrix (Q, then weights)
CROSS_LEFT = 0.3 + SHIFT  # left edge of the result (scores, then output)
VALUE_W = 1.25  # cells of V and the output, wide enough for their feature names
MEANING_GAP = 0.2  # creature's meaning stands this far under the output's name
HEADER = 0.5  # the formula's scale as this scene's header
APART = 0.25  # the gap between the tokens' query rows (key columns) before they close up
KEY_LAG = 0.05  # fluffy's key entries fold from a row into a column almost together (no scatter)
LINES_LEFT = -6.6  # left edge of creature's dot products, stacked under Q and the scores
LINES_TOP = -1.85  # top of the first of them, under the matrices' names
LINE_PITCH = 0.28  # from one line of working to the next
FIRST_CELL_READ = 0.6  # seconds the first cell's working stands, at least, before its beat ends
STEP_TOP = -2.0  # top of the label naming the step being done, under the result's name
STEP_GAP = 0.4  # from the lines of working to the left edge of that label
STEP_READ = 0.8  # seconds each step's result stands, whole and named, before the next step
# the header's pieces (scenes.attention.parts.PIECES) each step does: /√d, softmax, ·V
HEADER_DIVIDE, HEADER_SOFTMAX, HEADER_TIMES_V = (4, 5), (0,), (7, 8)

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


def dot_line(q_row: np.ndarray, k_col: np.ndarray, raw: float) -> VGroup:
    """Creature's query row meeting one key column, written out: each product, their sum."""
    pieces = []
    for i, (a, c) in enumerate(zip(q_row, k_col)):
        pieces += [*([(" + ", style.MUTED)] if i else []), (score_figure(float(a)), style.QUERY),
                   ("×", style.MUTED), (score_figure(float(c)), style.KEY)]
    pieces += [(" = ", style.MUTED), (exact_score_figure(raw), style.WEIGHT)]
    return spelled(pieces, size=style.SMALL_SIZE)


def weighted_line(weights: np.ndarray, column: np.ndarray, total: float) -> VGroup:
    """Creature's row of weights meeting one column of V, written out: each weight times its
    value, their sum."""
    pieces = []
    for i, (w_, v_) in enumerate(zip(weights, column)):
        pieces += [*([(" + ", style.MUTED)] if i else []), (percent_figure(float(w_)), style.WEIGHT),
                   ("×", style.MUTED), (value_figure(float(v_)), style.VALUE)]
    pieces += [(" = ", style.MUTED), (value_figure(total), style.VALUE)]
    return spelled(pieces, size=style.SMALL_SIZE)


def _rate(rate_func) -> dict:
    """`rate_func=` for an animation, or nothing (its own default) when `rate_func` is None."""
    return {} if rate_func is None else {"rate_func": rate_func}


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
        # the scaled scores' cells are filled on the raw scores' scale, so ÷√d pales every cell
        # to half its fill: the numbers are seen to get smaller, not only replaced
        s = Grid(texts_of(r.scores, exact_score_figure), style.WEIGHT,
                 strength=np.abs(r.scores) / np.abs(r.raw_scores).max(), cell_w=1.3, cell_h=CELL_H)
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
        # each row of the output is its token's weighted sum of the values: the vector scene 7
        # called "weighted sum" and added to creature's embedding, named the same here
        sums_name = caption("= weighted sums", color=style.VALUE).next_to(out_name, RIGHT,
                                                                         buff=0.25)
        out_names = VGroup(out_name, sums_name)
        out_names.shift((out.body.get_center()[0] - out_names.get_center()[0]) * RIGHT)

        # the formula of the scene before, kept as this scene's header: what every step computes
        header = formula_tex().scale(HEADER).to_corner(UL, buff=0.35)
        # Q and Kᵀ first stand apart, one query row and one key column per token, each under its
        # word; they close up into the two matrices (stacked, not born whole)
        raw = Grid(texts_of(r.raw_scores, exact_score_figure), style.WEIGHT,
                   strength=strengths(r.raw_scores), cell_w=1.3, cell_h=CELL_H)
        place(raw, np.array([CROSS_LEFT, ROW_TOP, 0]))
        apart_rows = [VGroup(q.row(i), q.row_labels[i]) for i in range(n)]
        apart_cols = [VGroup(kt.col(j), kt.col_labels[j]) for j in range(n)]
        for i, m in enumerate(apart_rows):
            m.shift(-i * APART * UP)
        for j, m in enumerate(apart_cols):
            m.shift(j * APART * RIGHT)
        queries = caption("each token's query", color=style.QUERY).next_to(
            VGroup(*apart_rows), DOWN, buff=0.25)
        # (left of the columns, clear of the frame's top edge, above where Q's rows stand)
        keys = caption("each token's key", color=style.KEY).next_to(
            VGroup(*apart_cols), LEFT, buff=0.3)
        raw_name = tex("Q", "K").next_to(s.body, DOWN, buff=0.3)
        # each step after QKᵀ named as it happens, in one place under the result: the
        # division by √d (its numbers from the core), softmax by rows, the product with V
        steps = [caption(text, color=color, size=style.BODY_SIZE - 2)
                 for text, color in ((f"÷ √{L.d_k} (= {r.scale:g})", style.MUTED),
                                     ("softmax, row by row", style.WEIGHT), ("· V", style.VALUE))]
        divide, by_rows, times_v = steps
        # each row of weights adds up to one: its sum, from the core, right of the row ("≈":
        # the rounded figures shown may add to 99% or 101%)
        sums = VGroup(*(caption(f"≈ {percent_figure(float(r.weights[i].sum()))}", color=style.INK)
                        .next_to(w_here.rects[i][-1], RIGHT, buff=0.2) for i in range(n)))

        # creature's row of Q meeting each column of Kᵀ, written out, one line a cell, stacked
        lines = [dot_line(r.queries[f], r.keys[j], float(r.raw_scores[f, j])) for j in range(n)]
        for j, line in enumerate(lines):
            line.move_to(np.array([LINES_LEFT, LINES_TOP - j * LINE_PITCH, 0]), aligned_edge=UL)
        working = VGroup(*lines)
        for step in steps:  # (right of the lines of working, clear of them)
            step.move_to([working.get_right()[0] + STEP_GAP, STEP_TOP, 0], aligned_edge=UL)

        fl = L.index("fluffy")
        # creature's query and fluffy's key, as the scene before wrote them, become their row of
        # Q and column of Kᵀ; the other tokens' rows and columns are stacked around them
        seen_q = VGroup(*q.texts[f])
        seen_k = VGroup(*(kt.texts[i][fl] for i in range(d)))
        seen_cells = VGroup(*q.rects[f], *(kt.rects[i][fl] for i in range(d)))
        seen_cells.set_z_index(-1)  # cells arriving round the numbers that moved in stay behind them
        fresh_rows = [m if i != f else q.row_labels[i] for i, m in enumerate(apart_rows)]
        fresh_cols = [m if j != fl else kt.col_labels[j] for j, m in enumerate(apart_cols)]
        # they move once the old lines have gone: the query first, on an arc that leaves leftwards
        # above the key's line before it comes down (never through the key); the key rises once
        # the query is left of it (three quarters of its way), not to race up in the last frames
        # Nothing moves before the formula scene's picture has left (the first LEAVING share of
        # the change): the formula shrinks to its header only then, so two layouts never show
        # over each other.
        # (eased gently: with the cubic ease its peak speed crossed the frame in a blink)
        header_moves = lambda t: ease_in_out_sine(min(1.0, max(0.0, (t - LEAVING) / (1 - LEAVING))))  # noqa: E731
        query_moves, key_moves = during(LEAVING, 0.75), during(0.62, 1.0)

        first_plays, first_rings = self._first_cell(q, kt, raw, f, fl, lines[fl])
        with self.beat("not-one-word-at-a-time") as b:
            b.fit(
                # the formula shrinks to a header at a readable pace while the query and key
                # the learner saw move down into their places; then every other token's query
                # and key, apart, and every word lit at once
                self.scene_change(
                    self.from_previous("formula", header, FadeIn(header), rate_func=header_moves),
                    self.from_previous("query", seen_q, FadeIn(seen_q), rate_func=query_moves,
                                       path_arc=np.pi / 2),
                    self._entries_in_turn("key", seen_k, rate_func=key_moves),
                    FadeIn(seen_cells, rate_func=during(0.8, 1.0)),
                    run_time=1.7),
                Play(LaggedStart(*(FadeIn(m, shift=0.15 * RIGHT) for m in fresh_rows),
                                 lag_ratio=0.15),
                     LaggedStart(*(FadeIn(m, shift=0.15 * DOWN) for m in fresh_cols),
                                 lag_ratio=0.15),
                     FadeIn(queries), FadeIn(keys), run_time=0.7),
                # the rows close up into Q, the columns into Kᵀ, and one cell is worked, slowly
                # (in the sentence's pause): the row of creature's query meets the column of
                # fluffy's key, their products and sum are written out, and the sum lands in its
                # cell (the score the learner saw); it stands to be read into the next sentence
                Play(*(m.animate.shift(i * APART * UP) for i, m in enumerate(apart_rows)),
                     *(m.animate.shift(-j * APART * RIGHT) for j, m in enumerate(apart_cols)),
                     crossfade(queries, q_name), crossfade(keys, kt_name), run_time=1.0),
                *first_plays, rest=FIRST_CELL_READ)

        with self.beat("one-matrix-multiplication") as b:
            # "Every token": every token's names light, its row's of Q and its column's of Kᵀ;
            # on "at once" every other cell of QKᵀ fills, all together, creature's other cells
            # each with its line of working, and they hold; on "multiplication" the worked cell's
            # outline gives way to the product's name. (No still stretch of 1.5 s while the
            # voice speaks.)
            b.fit(Play(*(Indicate(lab, color=style.QUERY, scale_factor=1.2)
                         for lab in (*q.row_labels, *kt.col_labels)), run_time=1.0), by="at")
            b.fit(Play(*self._fill_at_once(raw, lines, {(f, fl)}), FadeOut(first_rings[:2]),
                       run_time=0.5), by="multiplication")
            b.fit(Play(FadeOut(first_rings[2]), FadeIn(raw_name), run_time=0.5))
            # Then the formula's other steps, each named as it happens (under the grid's name,
            # the header's symbols for it lit) and its result held before the next: ÷√d under the
            # sentence's last words, every number counting down in place to its half (smaller,
            # in value and in its cell's fill); softmax row by row, each row's sum beside it: one
            # (the scaled scores are the raw scores' own texts, counted down)
            raw_texts = VGroup(*raw.all_texts())
            w_texts = VGroup(*w_here.all_texts())
            row_rects = [VGroup(*raw.rects[i]) for i in range(n)]
            row_texts = [(VGroup(*raw.texts[i]), VGroup(*w_here.texts[i])) for i in range(n)]

            def weights_only() -> None:  # keep exactly the weights grid on screen
                self.remove(raw, raw_texts, w_texts, *row_rects,
                            *(t for pair in row_texts for t in pair))
                self.add(w_here)

            lit = lambda *pieces: Indicate(VGroup(*(header[k] for k in pieces)),  # noqa: E731
                                           color=style.INK, scale_factor=1.0)
            b.fit(
                Play(FadeIn(divide, shift=0.15 * UP), lit(*HEADER_DIVIDE),
                     Indicate(raw_name, color=style.WEIGHT, scale_factor=1.15), run_time=0.6),
                # every score counts down in place to its share of √d, its cell paling with it
                # (the cells first, so the numbers stay drawn above them)
                Play(Transform(VGroup(*(c for row in raw.rects for c in row)),
                               VGroup(*(c for row in s.rects for c in row))),
                     count_to(raw, s, r.raw_scores, r.scores, figure=exact_score_figure),
                     crossfade(raw_name, s_name), run_time=1.2),
                Play(Wait(), run_time=STEP_READ),
                Play(crossfade(divide, by_rows), lit(*HEADER_SOFTMAX), run_time=0.6),
                Play(LaggedStart(*(AnimationGroup(
                        Transform(row_rects[i], VGroup(*w_here.rects[i])),
                        Succession(FadeOut(row_texts[i][0], shift=0.12 * UP),
                                   FadeIn(row_texts[i][1], shift=0.12 * UP)))
                        for i in range(n)), lag_ratio=0.3),
                     crossfade(s_name, w_name_here), run_time=1.4, then=weights_only),
                Play(LaggedStart(*(FadeIn(t, shift=0.15 * LEFT) for t in sums), lag_ratio=0.2),
                     run_time=0.4),
                # each row's sum read before it leaves (each lit in turn)
                Play(LaggedStart(*(Indicate(t, color=style.INK, scale_factor=1.1) for t in sums),
                                 lag_ratio=0.3), run_time=STEP_READ))

            # The weights times V: Q and Kᵀ leave (with the rows' sums, once read, and the
            # softmax's name); the weights slide into Q's place as they go, the row names riding
            # with them; then V above, the step named. Creature's row of weights meets one column
            # of V, its terms written out and their sum carried into its cell; then every other
            # cell fills at once; the output stands to be read before the summary (the beat's rest).
            gone = lambda t: min(1.0, t / LEAVING)  # noqa: E731
            moves = during(0.25, 1.0)  # the weights reach where Q stood once it has gone
            c = int(np.argmax(r.output[f]))  # the column where creature's weight shows most
            value_line = weighted_line(r.weights[f], r.values[:, c], float(r.output[f, c]))
            value_line.move_to(np.array([LINES_LEFT, LINES_TOP, 0]), aligned_edge=UL)
            times_v.set_x(value_line.get_right()[0] + STEP_GAP, LEFT)  # clear of its line too
            cell_plays, cell_rings = self._first_cell(w, v, out, f, c, value_line,
                                                      colors=(style.WEIGHT, style.VALUE,
                                                              style.VALUE))
            b.fit(
                Play(*(FadeOut(m, rate_func=gone) for m in (q.body, q_name, kt.body, kt.col_labels,
                                                             kt_name, sums, working, by_rows)),
                     ReplacementTransform(q.row_labels, w.row_labels, rate_func=moves),
                     ReplacementTransform(w_here.body, w.body, rate_func=moves),
                     ReplacementTransform(w_name_here, w_name, rate_func=moves), run_time=0.8),
                Play(FadeIn(v), FadeIn(v_name), FadeIn(times_v, shift=0.15 * UP),
                     lit(*HEADER_TIMES_V), run_time=0.6),
                *cell_plays,
                Play(*self._fill_at_once(out, [], {(f, c)}), FadeOut(cell_rings),
                     FadeIn(out_name), FadeIn(sums_name), run_time=0.6,
                     then=lambda: self._settle(out, [out.cell(i, j) for i in range(n)
                                                     for j in range(out.n_cols)])))

        with self.beat("every-word-asking") as b:
            # The summary over a settled picture: every token's name lights at once as the voice
            # starts (each one asks); from "every word asking" each token's row, its weights and
            # what it got back, is outlined in turn; on "what it should mean" all rows at once
            # (one matrix); the outline goes in the pause.
            rows = [SurroundingRectangle(VGroup(w.row_labels[i], w.row(i), out.row(i)),
                                         color=style.QUERY, buff=0.05, stroke_width=4)
                    for i in range(n)]
            ring = rows[0].copy()
            every = SurroundingRectangle(VGroup(w.row_labels, w.body, out.body), color=style.QUERY,
                                         buff=0.05, stroke_width=4)
            b.fit(Play(*(lab.animate(rate_func=rush_from).set_color(style.QUERY)
                         for lab in w.row_labels), run_time=0.4))
            b.until("every")
            b.fit(Play(Create(ring), run_time=0.4),
                  *(Play(Transform(ring, rows[i]), run_time=0.4) for i in range(1, n)), by="what")
            b.fit(Play(Transform(ring, every), run_time=0.5), Play(Wait(), run_time=1.2),
                  Play(FadeOut(ring), run_time=0.6))

        with self.beat("because-it-got-to-ask") as b:
            # the features fluffy's and blue's values carry: where creature's output shows them
            lit = [int(np.argmax(r.values[L.index(t)])) for t in ("fluffy", "blue")]
            whole_row = VGroup(w.row_labels[f], w.row(f), out.row(f))
            band = SurroundingRectangle(whole_row, color=style.QUERY, buff=0.07, stroke_width=4)
            others = VGroup(*(lab for i, lab in enumerate(w.row_labels) if i != f))
            # Creature's meaning stands under the output's name, which stays (the output named
            # as the weighted sums), high enough above the captions that two lines leave it clear.
            meaning = token_box(L.focus_token, width=2.3)
            meaning.box.set_stroke(style.QUERY, width=4)
            meaning.next_to(out_names, DOWN, buff=MEANING_GAP)
            richer = token_box(f"fluffy, blue {L.focus_token}", width=4.3)
            richer.box.set_stroke(style.VALUE, width=4)
            richer.move_to(meaning)
            b.fit(
                Play(FadeIn(band), others.animate.set_color(style.MUTED), FadeOut(value_line),
                     FadeOut(times_v), run_time=0.8),
                by="ambiguous")
            # its plain name on "ambiguous"; on "ends" its row of the output is read left to
            # right, the vector it ends the sentence with (no still stretch before "fluffy")
            b.fit(Play(FadeIn(meaning, scale=0.9), run_time=0.6), by="ends")
            b.fit(Play(LaggedStart(*(AnimationGroup(
                      Indicate(out.rects[f][j], color=style.VALUE, scale_factor=1.1),
                      Indicate(out.texts[f][j], color=style.INK, scale_factor=1.1))
                      for j in range(out.n_cols)), lag_ratio=0.25), run_time=1.0),
                  by="fluffy")
            b.fit(
                # (each cell's box lights up green and its number stays white, readable on it)
                Play(*(Indicate(part, color=c, scale_factor=1.2) for j in lit
                       for part, c in ((out.rects[f][j], style.VALUE), (out.texts[f][j], style.INK))),
                  *(v.col_labels[j].animate.set_color(style.VALUE) for j in lit),
                  Transform(meaning.box, richer.box),
                  Succession(FadeOut(meaning.word, shift=0.2 * UP),
                             FadeIn(richer.word, shift=0.2 * UP)), run_time=1.0),
                Play(Indicate(richer.word, color=style.VALUE, scale_factor=1.08), run_time=0.8))

    def _fill_at_once(self, result: Grid, lines: list[VGroup], done: set[tuple[int, int]]
                      ) -> list[Animation]:
        """Every cell of `result` but those `done` (row, column) written at once, with the lines
        of working not on screen yet (those of the cells already done are)."""
        cells = [result.cell(i, j) for i in range(result.n_rows) for j in range(result.n_cols)
                 if (i, j) not in done]
        shown = {j for _, j in done}
        return [*(FadeIn(c, shift=0.1 * DOWN) for c in cells),
                *(FadeIn(line, shift=0.1 * RIGHT) for j, line in enumerate(lines) if j not in shown)]

    def _row_sweep(self, left: Grid, top: Grid, result: Grid, rows: list[int], step: float,
                   colors=(style.QUERY, style.KEY), also=(), then=None,
                   lines: list[VGroup | None] | None = None, cells: bool = True,
                   done: set[tuple[int, int]] = frozenset()) -> list[Play]:
        """Rows `rows` of `left` outlined together (with `also`), then each column of `top` in
        turn, their entries written where they cross in `result`, every outlined row at once:
        one row of the product cell by cell (with its line of working from `lines`, if given), or
        several rows filling together; with `cells` False, only the lines, over entries already
        written. The cells `done` (row, column) are written already and left as they are; a column
        whose line is None has none. The outlines are made when their play comes, around the rows
        and columns where they stand then (after any closing up)."""
        rings: dict = {}

        def outline_rows() -> list[Animation]:
            rings["row"] = SurroundingRectangle(VGroup(*(left.row(i) for i in rows)),
                                                color=colors[0], buff=0.05, stroke_width=4)
            rings["cols"] = [SurroundingRectangle(top.col(j), color=colors[1], buff=0.05,
                                                  stroke_width=4) for j in range(top.n_cols)]
            rings["col"] = rings["cols"][0].copy()
            return [Create(rings["row"]), *also]

        def meet(j: int):
            def animations() -> list[Animation]:
                ring = Create(rings["col"]) if j == 0 else Transform(rings["col"], rings["cols"][j])
                # with a line of working: the line is written first, then its sum fills the cell
                line = lines[j] if lines else None
                fill = during(0.45, 1.0) if line is not None else None
                filled = [FadeIn(result.cell(i, j), shift=0.1 * DOWN, **_rate(fill))
                          for i in rows if (i, j) not in done] if cells else []
                written = [FadeIn(line, shift=0.1 * RIGHT, rate_func=during(0.0, 0.5))] \
                    if line is not None else []
                return [ring, *written, *filled]
            return animations

        plays = [Play(outline_rows, run_time=0.3)]
        plays += [Play(meet(j), run_time=step) for j in range(top.n_cols)]
        plays.append(Play(lambda: [FadeOut(rings["row"]), FadeOut(rings["col"])], run_time=0.3,
                          then=then))
        return plays

    def _first_cell(self, left: Grid, top: Grid, result: Grid, i: int, j: int,
                    line: VGroup, colors=(style.QUERY, style.KEY, style.WEIGHT)
                    ) -> tuple[list[Play], VGroup]:
        """Cell (i, j) of `result` worked as a row meeting a column, at a pace to read: row `i` of
        `left` and column `j` of `top` outlined, with the cell they meet in; the line of working
        (each product, their sum) written; the sum carried from the line's end into the cell.
        Returns the plays and the outlines, still shown (the caller takes them away)."""
        rings = VGroup(
            SurroundingRectangle(left.row(i), color=colors[0], buff=0.05, stroke_width=4),
            SurroundingRectangle(top.col(j), color=colors[1], buff=0.05, stroke_width=4),
            SurroundingRectangle(result.rects[i][j], color=colors[2], buff=0.03,
                                 stroke_width=3))
        total, cell = line[-1], result.texts[i][j]
        cell.set_z_index(1)  # its number stays drawn above the box that fades in round it

        def outline() -> list[Animation]:  # round the row and column where they stand by then
            rings[0].become(SurroundingRectangle(left.row(i), color=colors[0], buff=0.05,
                                                 stroke_width=4))
            rings[1].become(SurroundingRectangle(top.col(j), color=colors[1], buff=0.05,
                                                 stroke_width=4))
            return [Create(rings)]

        plays = [Play(outline, run_time=0.5),
                 Play(FadeIn(line, shift=0.1 * RIGHT), run_time=0.8),
                 Play(TransformFromCopy(total, cell), FadeIn(result.rects[i][j]), run_time=0.7)]
        return plays, rings

    def _entries_in_turn(self, name: str, cells: VGroup, rate_func) -> Animation:
        """The previous scene's kept row of entries `name` turning into the column `cells`, the
        top entry first and each next one a little later, so none passes over its neighbour
        (all at once, the second slid under the first on its way); else the column fades in."""
        if name not in self.previous:
            return FadeIn(cells, rate_func=rate_func)
        row = self.take(name)
        return LaggedStart(*(ReplacementTransform(a, b) for a, b in zip(row, cells)),
                           lag_ratio=KEY_LAG, rate_func=rate_func)

    def _settle(self, grid: Grid, parts) -> None:
        """After animating pieces of `grid` on their own, keep only the grid itself on screen."""
        self.remove(*parts)
        self.add(grid)
