"""Scene 2: heads in parallel. Creature's two questions become two heads, side by side, each in
its own colour (`style.HEADS`: its matrices, its name, its weights), each with its own, smaller
W_Q: the empty columns it would have as wide as the model fold away to its three, and its W_K and
W_V, drawn by their shape, are as small. Creature's six features times W_Q give a query of three
numbers (head 1's first entry worked as its terms and their sum; head 2's as the one feature that
is not 0 times its row of W_Q, an entry at a time). Then head 1's query rises over its table of
keys, every token's features come in as rows under it (their columns named by the features), and
W_K beside it (its rows named by the same features): fluffy's row lights with the features it has
and the rows of W_K they pick, those rows come down under W_K one under another and their sum, a
rule under them, is fluffy's key as it comes into the table (and stays to be read); blue's row and
the rows it picks lit as its key comes in; a's and creature's (one feature each) the same way,
the one row each picks lit. Head 2's keys
come out of the same rows and its own W_K, a row lit at a time. Then head 1's query meets every
key (fluffy's term by term), and the q·k are divided by √d, each score counting down into the
next column, where it stays; through softmax (the exponentials, fluffy's written as e to its
score, their sum, a division) into creature's row of weights as the voice reads them; head 2's likewise; and,
side by side, what the two rows share."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    ArcBetweenPoints,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    ManimColor,
    MathTex,
    Rectangle,
    SurroundingRectangle,
    Text,
    TransformFromCopy,
    UpdateFromAlphaFunc,
    VGroup,
    linear,
    smooth,
)

from attention.core import AttentionResult
from attention.figures import exp_figure, percent_figure, root_figure, short_figure
from attention.multihead_mlp.lesson import Lesson, lesson
from attention.multihead_mlp.spoken import figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.multihead_mlp.parts import header, said_at
from scenes.prebuilt import built
from scenes.rules import during
from scenes.widgets import caption, figure_in_place, label, mono, spelled

PANEL_LEFT = (-6.95, 0.2)  # each head's half of the frame, head 1 left, head 2 right
QUESTION_Y = 2.72  # a head's name and question, at the top of its half
TOP_Y = 2.2  # W_Q's name; later the query and the columns' names
CELL = 0.6  # a cell of W_Q, of the query and of a key
MATRIX_X = 1.4  # W_Q's (and the keys') left edge, from the panel's left
NAMES_RIGHT = 1.15  # the rows' names end here, from the panel's left
MATRIX_TOP = 1.95  # W_Q's first row's top
MATRIX_H = 0.38  # a row of W_Q
QUERY_Y = -1.3  # the query under W_Q's columns
ASIDE_X = 3.55  # W_K's left edge, from the panel's left, while every token's key fills in beside it
ROW_TOP = 1.825  # the keys' first row's top
ROW_H = 0.45  # a token's row of the attention table
COLUMNS = (3.85, 4.6, 5.35, 6.3)  # q·k, ÷√d, exp, weight: each column's centre, from the panel's left
# (the first three as a start: `spread` places them by their widths between the keys and the weights)
WEIGHT_W = 0.75
WORK_Y = (-0.5, -1.0, -1.5, -2.0)  # the lines of working under the table
FINAL_X = (-0.9, 0.4, 1.7)  # at the end: head 1's weights, head 2's, what both share
FINAL_NAMES = -1.6  # and the tokens' names, right-aligned left of them
FEATURES_TOP = -1.3  # every token's features, a row each, under the table of keys while its keys come
FEATURE_W, FEATURE_H = 0.48, 0.34  # a cell of those rows (wide enough for their columns' names)
FEATURES_LEFT = 1.3  # their left edge, from the panel's left (clear of the key's sum beside them)
SUM_LEFT = 4.75  # head 1's key worked as a sum of W_K's rows: its cells' left edge, from the panel's
SUM_TOP = -0.62  # left (right of the features, under W_K, left of the divider), and its first row's top
LABEL_RISE = (0.16, 0.46)  # the features' names over their columns, alternate ones a line higher
SHORT = {"article": "art.", "adjective": "adj."}  # a feature's name over its column: its last word, or this
GAP = 0.15  # between the features' names and head 2's column of creature's features
DIVIDER_X = -1.67  # the halves' divider while the features' names stand left of head 2's column
UNDER = 2.35  # how far head 1's copy of creature's column dips, to pass under those names
ASIDE = 0.75  # how far right it first steps, clear of the column's digits
MINI_W, MINI_H = 0.13, 0.09  # a cell of W_K and W_V drawn by their shape alone
MINI_Y = -2.45  # their centre, under the query


def at(h: int, dx: float) -> float:
    """x of a point `dx` from head `h`'s panel's left edge."""
    return PANEL_LEFT[h] + dx


def row_y(j: int) -> float:
    """The centre of token `j`'s row of the attention table."""
    return ROW_TOP - ROW_H * (j + 0.5)


def column(texts: list[str], x: float, color=style.INK) -> VGroup:
    """A column of figures, one per token's row, centred on x."""
    return VGroup(*(mono(t, color, size=style.SMALL_SIZE).move_to([x, row_y(j), 0])
                    for j, t in enumerate(texts)))


def under(side: float, depth: float):
    """A TransformFromCopy's path (run from its end back, `linear`) that steps `side` right, drops
    `depth`, then swoops across and up: head 1's copy of creature's column leaves it sideways (never
    over its digits), then under the names beside it."""
    def path(start: np.ndarray, end: np.ndarray, alpha: float) -> np.ndarray:
        t = 1 - alpha  # the copy's progress from its source, `end`
        out = 1 - (1 - min(1.0, t / 0.16)) ** 3  # off at once: its digits leave the original's
        drop = smooth(min(1.0, max(0.0, (t - 0.1) / 0.28)))
        across = smooth(min(1.0, max(0.0, (t - 0.32) / 0.62)))
        rise = smooth(min(1.0, max(0.0, (t - 0.68) / 0.32)))
        return end + (start - end) * across + RIGHT * side * (out - across) + DOWN * depth * (drop - rise)
    return path


def spread(columns: list[VGroup], names: VGroup, left: float, right: float) -> None:
    """Place the columns of figures (each with its name above it) side by side between x = left
    and x = right, as wide as their widest figure or name, with equal room around each: a wide
    score ("11.64") never runs into the next column's figure."""
    widths = [max(c.width, n.width) for c, n in zip(columns, names)]
    gap = (right - left - sum(widths)) / (len(columns) + 1)
    x = left + gap
    for column_, name, w in zip(columns, names, widths):
        for mob in (column_, name):
            mob.shift((x + w / 2 - mob.get_x()) * RIGHT)
        x += w + gap


def weights_column(weights: np.ndarray, x: float, color: ManimColor) -> Grid:
    """Creature's weights in one head as a column of cells in that head's colour, one per token's
    row, each a bar as long as its share with its percentage."""
    g = Grid([[percent_figure(w)] for w in weights], color, cell_w=WEIGHT_W, cell_h=ROW_H,
             levels=np.asarray(weights)[:, None])
    return g.move_to([x, ROW_TOP, 0], aligned_edge=UP)


def feature_name(name: str) -> str:
    """A feature's name short enough for a row of W_K: its last word ("fluffy texture" → "texture")."""
    return name.split()[-1]


def feature_rows(L: Lesson, h: int) -> VGroup:
    """Every token's features as a row of cells, named by its token, each column by its feature
    (alternate names a line higher, to fit), under head h's table of keys: `rows.grid` the cells,
    `rows.names` the tokens' names, `rows.title` "features" with the columns' names."""
    grid = Grid([[short_figure(v) for v in row] for row in L.embeddings], style.EMBEDDING,
                cell_w=FEATURE_W, cell_h=FEATURE_H)
    grid.move_to([at(h, FEATURES_LEFT), FEATURES_TOP, 0], aligned_edge=UP + LEFT)
    right = grid.get_left()[0] - (MATRIX_X - NAMES_RIGHT)  # the tokens' names end here
    names = VGroup(*(caption(t, color=style.INK).move_to([0, grid.row(k).get_y(), 0])
                     .align_to([right, 0, 0], RIGHT) for k, t in enumerate(L.tokens)))
    columns = VGroup(*(caption(SHORT.get(name, feature_name(name)))
                       .move_to([grid.cell(0, i).get_x(), grid.get_top()[1] + LABEL_RISE[i % 2], 0])
                       for i, name in enumerate(L.features)))
    title = VGroup(caption("features", color=style.EMBEDDING).move_to([0, columns[1].get_y(), 0])
                   .align_to(grid.get_left(), RIGHT), columns)
    rows = VGroup(grid, names, title)
    rows.grid, rows.names, rows.title = grid, names, title
    return rows


def row_and_picks(L: Lesson, rows: VGroup, w_k: Grid, k: int) -> VGroup:
    """Token k's row of features outlined, with the rows of W_K its 1s pick (their sum is its key)."""
    return VGroup(SurroundingRectangle(rows.grid.row(k), color=style.KEY, buff=0.04, stroke_width=3),
                  *(SurroundingRectangle(w_k.row(i), color=style.KEY, buff=0.03, stroke_width=2)
                    for i in np.flatnonzero(L.embeddings[k])))


def keys_from_rows(L: Lesson, rows: VGroup, w_k: Grid, keys: Grid, names: VGroup, order: list[int],
                   run_times: list[float]) -> tuple[list[Play], VGroup]:
    """Each token's key in `order` out of its row of features, each in its own run time: the row lit
    (`row_and_picks`) as its key and name come into the table, the row lit before let go. Also the
    last lit row and picks, for the caller to fade."""
    plays, lit = [], VGroup()
    for k, run_time in zip(order, run_times, strict=True):
        now = row_and_picks(L, rows, w_k, k)
        plays.append(Play(*([FadeOut(lit)] if len(lit) else []), FadeIn(now),
                          FadeIn(VGroup(names[k], keys.row(k)), shift=0.1 * LEFT), run_time=run_time))
        lit = now
    return plays, lit


def features_lit(L: Lesson, rows: VGroup, k: int) -> VGroup:
    """Token k's row of features outlined in the keys' colour, and in it each feature it has."""
    return VGroup(SurroundingRectangle(rows.grid.row(k), color=style.KEY, buff=0.05, stroke_width=3),
                  *(SurroundingRectangle(rows.grid.cell(k, i), color=style.INK, buff=0.0, stroke_width=3)
                    for i in np.flatnonzero(L.embeddings[k])))


def picks_lit(L: Lesson, w_k: Grid, k: int) -> VGroup:
    """The rows of W_K token k's features pick, outlined as its features are."""
    return VGroup(*(SurroundingRectangle(w_k.row(i), color=style.INK, buff=0.03, stroke_width=3)
                    for i in np.flatnonzero(L.embeddings[k])))


def key_sum(L: Lesson, h: int, k: int) -> VGroup:
    """Token k's key worked as a sum, under head h's W_K and beside the features: the rows of W_K its
    features pick, one under another as W_K's rows look (each times its feature when that is not 1),
    a rule, and under it their sum, its key, in the keys' colour. `.terms` the rows with their
    signs, `.rule`, `.result`."""
    terms, top = VGroup(), SUM_TOP
    left = at(h, SUM_LEFT)
    for n, i in enumerate(np.flatnonzero(L.embeddings[k])):
        row = Grid([[short_figure(v) for v in L.w_k[h][i]]], style.HEADS[h], cell_w=CELL, cell_h=MATRIX_H,
                   text_color=style.INK).move_to([left, top, 0], aligned_edge=UP + LEFT)
        v = L.embeddings[k, i]
        sign = ("+ " if n else "") + ("" if v == 1 else f"{short_figure(v)}×")
        terms.add(VGroup(row, *([mono(sign.strip(), style.MUTED, size=style.SMALL_SIZE)
                                 .next_to(row, LEFT, buff=0.08)] if sign else [])))
        top -= MATRIX_H + 0.04
    rule = Line([left - 0.25, top - 0.02, 0], [left + CELL * L.w_k[h].shape[1], top - 0.02, 0],
                color=style.MUTED, stroke_width=2)
    key = L.attention.heads[h].keys[k]
    result = Grid([[short_figure(v) for v in key]], style.KEY, cell_w=CELL, cell_h=MATRIX_H)
    result.move_to([left, top - 0.08, 0], aligned_edge=UP + LEFT)
    out = VGroup(terms, rule, result)
    out.terms, out.rule, out.result = terms, rule, result
    return out


def w_k_aside(L: Lesson, h: int) -> tuple[Grid, VGroup]:
    """Head h's W_K, with its name and its rows' features, beside where its table of keys goes:
    every token's key comes out of it, a row per feature that token has."""
    m = Grid([[short_figure(v) for v in row] for row in L.w_k[h]], style.HEADS[h], cell_w=CELL,
             cell_h=MATRIX_H, text_color=style.INK)
    m.move_to([at(h, ASIDE_X), MATRIX_TOP, 0], aligned_edge=UP + LEFT)
    name = built(MathTex, rf"W_K^{{({h + 1})}}", font_size=30, color=style.HEADS[h])
    rows = VGroup(*(caption(feature_name(f)).next_to(m.row(i), RIGHT, buff=0.12)
                    for i, f in enumerate(L.features)))
    return m, VGroup(name.move_to([m.get_center()[0], TOP_Y + 0.03, 0]), rows)


def shape_of(matrix: np.ndarray, color: ManimColor) -> VGroup:
    """A matrix drawn by its shape alone, a small empty cell per entry: its rows and columns."""
    rows, cols = matrix.shape
    return VGroup(*(Rectangle(width=MINI_W, height=MINI_H, color=color, stroke_width=1.5)
                    .move_to([c * MINI_W, -r * MINI_H, 0]) for r in range(rows) for c in range(cols)))


def product_line(pairs: list[tuple[str, str]], total: str, colors, x: float, y: float) -> VGroup:
    """A dot product as its terms and their sum, "3×3.8 + 0.4×2 + 0.2×0 = 12.2", left-aligned at
    x; `line.terms` are its products, `line.total` its "= sum"."""
    pieces = []
    for k, (a, b) in enumerate(pairs):
        pieces += [(" + " if k else "", style.MUTED), (a, colors[0]), ("×", style.MUTED), (b, colors[1])]
    pieces += [(" = ", style.MUTED), (total, colors[2])]
    line = spelled([p for p in pieces if p[0]], size=style.SMALL_SIZE)
    parts = list(line)
    line.terms = [VGroup(*parts[:3])] + [VGroup(*parts[3 + 4 * k:7 + 4 * k]) for k in range(len(pairs) - 1)]
    line.total = VGroup(*parts[3 + 4 * (len(pairs) - 1):])
    return line.move_to([x, y, 0], aligned_edge=LEFT)


class HeadsScene(LessonScene):
    scene_id = "heads"
    follows = "one-question"

    def beats(self) -> None:
        L = lesson()
        f = L.focus
        tokens = header(L)
        heads = range(len(L.heads))
        runs = [L.attention.heads[h] for h in heads]
        questions = VGroup(
            label("any adjectives describing me?", size=style.SMALL_SIZE, color=style.QUERY),
            label("which article came with me?", size=style.SMALL_SIZE, color=style.QUERY))
        names = VGroup()
        for h in heads:
            names.add(label(f"head {h + 1}", size=style.SMALL_SIZE, color=style.HEADS[h])
                      .move_to([0, QUESTION_Y, 0])
                      .align_to([at(h, 0), 0, 0], LEFT))
            questions[h].next_to(names[h], RIGHT, buff=0.25)
        divider = Line([DIVIDER_X, 2.45, 0], [DIVIDER_X, -2.8, 0], color=style.TOKEN, stroke_width=2)
        first, early, late = during(0.0, 0.6), during(0.2, 0.8), during(0.45, 1.0)

        # each head's own W_Q, creature's six features beside its rows: their products summed
        # down each column make the query, three numbers under it
        x = L.embeddings[f]
        n_feat = len(x)

        def matrix_row_y(i: int) -> float:
            return MATRIX_TOP - MATRIX_H * (i + 0.5)

        embeds, matrices, matrix_names, sizes, queries, query_names, times = [], [], [], [], [], [], []
        for h in heads:
            e = Grid([[short_figure(v)] for v in x], style.EMBEDDING, cell_w=CELL, cell_h=MATRIX_H)
            e.move_to([at(h, 0.7), MATRIX_TOP, 0], aligned_edge=UP)
            e_name = caption("creature", color=style.EMBEDDING).move_to([at(h, 0.7), TOP_Y, 0])
            embeds.append(VGroup(e, e_name))
            m = Grid([[short_figure(v) for v in row] for row in L.w_q[h]], style.HEADS[h], cell_w=CELL,
                     cell_h=MATRIX_H, text_color=style.INK)
            m.move_to([at(h, MATRIX_X), MATRIX_TOP, 0], aligned_edge=UP + LEFT)
            matrices.append(m)
            times.append(mono("×", style.MUTED, size=style.SMALL_SIZE).move_to(
                [(e.get_right()[0] + m.get_left()[0]) / 2, matrix_row_y(n_feat // 2) + MATRIX_H / 2, 0]))
            w_name = built(MathTex, rf"W_Q^{{({h + 1})}}", font_size=30, color=style.HEADS[h])
            matrix_names.append(w_name.move_to([m.get_center()[0], TOP_Y + 0.03, 0]))
            sizes.append(caption(f"{n_feat} × {L.w_q[h].shape[1]}").next_to(w_name, RIGHT, buff=0.2))
            q = Grid([[short_figure(v) for v in runs[h].queries[f]]], style.QUERY, cell_w=CELL, cell_h=ROW_H)
            q.move_to([at(h, MATRIX_X), QUERY_Y, 0], aligned_edge=LEFT)
            queries.append(q)
            query_names.append(caption("query", color=style.QUERY).move_to([0, QUERY_Y, 0])
                               .align_to([at(h, NAMES_RIGHT), 0, 0], RIGHT))
        # the features' names beside head 2's column, a row header for both heads' columns
        features = VGroup(*(caption(name).move_to([0, embeds[1][0].cell(j, 0).get_y(), 0])
                            .align_to([embeds[1][0].get_left()[0] - GAP, 0, 0], RIGHT)
                            for j, name in enumerate(L.features)))
        # "smaller": W_Q's columns as wide as the model (a query of six numbers), the ones beyond
        # the head's three empty, fold away; its W_K and W_V, drawn by their shape under the
        # query, are the same size
        wide = [VGroup(*(Rectangle(width=CELL, height=MATRIX_H, color=style.MUTED, stroke_width=1.5)
                         .move_to(matrices[h].cell(i, 0)).shift(CELL * k * RIGHT)
                         for i in range(n_feat) for k in range(L.w_q[h].shape[1], n_feat)))
                for h in heads]  # the columns W_Q would have as wide as the model, empty
        wide_sizes = [caption("model's width").next_to(wide[h], UP, buff=0.12).align_to(wide[h], LEFT)
                      for h in heads]
        also = []
        for h in heads:
            shapes = [VGroup(built(MathTex, rf"W_{m}^{{({h + 1})}}", font_size=30, color=style.HEADS[h]),
                             shape_of(w[h], style.HEADS[h])).arrange(RIGHT, buff=0.15)
                      for m, w in (("K", L.w_k), ("V", L.w_v))]
            shapes.append(caption(f"{n_feat} × {L.w_k[h].shape[1]}").next_to(shapes[1], RIGHT, buff=0.2))
            shapes[1].next_to(shapes[0], RIGHT, buff=0.4)
            shapes[2].next_to(shapes[1], RIGHT, buff=0.2)
            also.append(VGroup(*shapes).move_to([at(h, 0), MINI_Y, 0], aligned_edge=LEFT))
        six = [VGroup(SurroundingRectangle(embeds[h][0], color=style.EMBEDDING, buff=0.05),
                      caption(f"{figure('count', 'features', L)} numbers", color=style.EMBEDDING)
                      .next_to(embeds[h][0], DOWN, buff=0.12)) for h in heads]
        three = [VGroup(SurroundingRectangle(queries[h], color=style.QUERY, buff=0.05),
                        caption(f"{figure('count', 'head dims', L)} numbers", color=style.QUERY)
                        .next_to(queries[h], DOWN, buff=0.12)) for h in heads]

        with self.beat("several-heads") as b:
            # the phrase moves up to head the picture while the rest of the last picture leaves;
            # creature's first question becomes head 1's, on the left, and then its second head
            # 2's, on the right, creature's column (its features' names beside it) rising behind
            # it into head 2; on "heads" the heads are named; on "side" the two halves part and a
            # copy of the column steps out beside it, then passes under the names to head 1: the
            # same input for both; on "two" both names light
            b.fit(self.scene_change(
                self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN), rate_func=first),
                self.from_previous("question", questions[0], FadeIn(questions[0]), rate_func=early),
                self.from_previous("other", questions[1], FadeIn(questions[1]), rate_func=late),
                self.from_previous("vector", embeds[1][0], FadeIn(embeds[1][0]), rate_func=late),
                self.from_previous("features", features, FadeIn(features), rate_func=late),
                run_time=1.3), by="heads")
            b.fit(Play(*(FadeIn(n, shift=0.15 * RIGHT) for n in names), FadeIn(embeds[1][1]), run_time=0.5),
                  by="side")
            split = TransformFromCopy(embeds[1][0], embeds[0][0], path_func=under(ASIDE, UNDER),
                                      rate_func=linear)
            b.fit(Play(Create(divider, rate_func=during(0.0, 0.3)), split,
                       FadeIn(embeds[0][1], rate_func=during(0.88, 1.0)), run_time=1.65), by="two")
            b.fit(Play(LaggedStart(*(Indicate(n, color=style.QUERY, scale_factor=1.15) for n in names),
                                   lag_ratio=0.5), run_time=0.8))

        # head 1's first query entry worked: each feature times its row's entry, summed
        def products(feats: np.ndarray, col: np.ndarray) -> VGroup:
            """Each feature times its row's entry of a matrix column, a line per row."""
            return VGroup(*(spelled([("+ " if i else "  ", style.MUTED), (short_figure(v), style.EMBEDDING),
                                     ("×", style.MUTED), (short_figure(c), style.INK)])
                            for i, (v, c) in enumerate(zip(feats, col))))

        w = L.w_q[0][:, 0]
        terms = products(x, w)
        for i, t in enumerate(terms):
            t.move_to([0, matrix_row_y(i), 0]).align_to([at(0, 4.95), 0, 0], RIGHT)
        rule = Line([at(0, 3.9), 0, 0], [at(0, 4.95), 0, 0], color=style.MUTED, stroke_width=2)
        rule.set_y(MATRIX_TOP - MATRIX_H * n_feat - 0.08)
        total = mono(short_figure(float(x @ w)), style.QUERY, size=style.SMALL_SIZE)
        total.next_to(rule, DOWN, buff=0.1).align_to(terms, RIGHT)
        pair = VGroup(SurroundingRectangle(embeds[0][0], color=style.INK, buff=0.04, stroke_width=3),
                      SurroundingRectangle(matrices[0].col(0), color=style.INK, buff=0.04, stroke_width=3))
        worked = VGroup(terms, rule, total)

        def table(h: int):
            """Head h's attention for creature, column by column: keys, q·k, ÷√d, exp, weights,
            and the lines working fluffy's (head 1) or a's (head 2) entries."""
            r: AttentionResult = runs[h]
            j = L.index("fluffy" if h == 0 else "a")
            keys = Grid([[short_figure(v) for v in row] for row in r.keys], style.KEY, cell_w=CELL,
                        cell_h=ROW_H).move_to([at(h, MATRIX_X), ROW_TOP, 0], aligned_edge=UP + LEFT)
            token_names = VGroup(*(caption(t, color=style.INK).move_to([0, row_y(k), 0])
                                   .align_to([at(h, NAMES_RIGHT), 0, 0], RIGHT)
                                   for k, t in enumerate(L.tokens)))
            heads_ = VGroup(*(caption(t).move_to([at(h, c), TOP_Y, 0]) for t, c in
                              zip(("q·k", f"÷√{r.d_k}", "exp", "weight"), COLUMNS)))
            raw = column([short_figure(v) for v in r.raw_scores[f]], at(h, COLUMNS[0]), style.WEIGHT)
            scaled = column([short_figure(v) for v in r.scores[f]], at(h, COLUMNS[1]), style.WEIGHT)
            exps = column([exp_figure(v) for v in r.exponentials[f]], at(h, COLUMNS[2]), style.WEIGHT)
            weights = weights_column(r.weights[f], at(h, COLUMNS[3]), style.HEADS[h])
            q = r.queries[f]
            dot = product_line([(short_figure(q[k]), short_figure(r.keys[j, k])) for k in range(r.d_k)],
                               short_figure(r.raw_scores[f, j]), (style.QUERY, style.KEY, style.WEIGHT),
                               at(h, 0.3), WORK_Y[0])
            divide = spelled([(short_figure(r.raw_scores[f, j]), style.WEIGHT), (" ÷ ", style.MUTED),
                              (root_figure(r.scale), style.INK), (" = ", style.MUTED),
                              (short_figure(r.scores[f, j]), style.WEIGHT)], size=style.SMALL_SIZE)
            divide.move_to([at(h, 0.3), WORK_Y[1], 0], aligned_edge=LEFT)
            # beside it, the exponential of its result: "e" with the score raised, "= 1146"
            base = label("e", size=style.BODY_SIZE, color=style.WEIGHT)
            base.next_to(divide, RIGHT, buff=0.5).align_to(divide[-1], DOWN)
            raised = caption(short_figure(r.scores[f, j]), color=style.WEIGHT)
            raised.next_to(base, RIGHT + UP, buff=0.01)
            value = spelled([(" = ", style.MUTED), (exp_figure(r.exponentials[f, j]), style.WEIGHT)],
                            size=style.SMALL_SIZE).next_to(raised, RIGHT, buff=0.02)
            power = VGroup(base, raised, value.align_to(divide[-1], DOWN))
            summed = []
            for k, e in enumerate(r.exponentials[f]):
                summed += [(" + " if k else "", style.MUTED), (exp_figure(e), style.WEIGHT)]
            summed += [(" = ", style.MUTED), (exp_figure(r.exp_sums[f]), style.WEIGHT)]
            total_line = spelled([p for p in summed if p[0]], size=style.SMALL_SIZE)
            total_line.move_to([at(h, 0.3), WORK_Y[2], 0], aligned_edge=LEFT)
            share = spelled([(exp_figure(r.exponentials[f, j]), style.WEIGHT), (" ÷ ", style.MUTED),
                             (exp_figure(r.exp_sums[f]), style.WEIGHT), (" = ", style.MUTED),
                             (percent_figure(r.weights[f, j]), style.HEADS[h])], size=style.SMALL_SIZE)
            share.move_to([at(h, 0.3), WORK_Y[3], 0], aligned_edge=LEFT)
            spread([raw, scaled, exps], heads_[:3], keys.get_right()[0],
                   min(weights.get_left()[0], heads_[3].get_left()[0]))
            return (keys, token_names, heads_, raw, scaled, exps, weights,
                    (dot, divide, total_line, share, power), j)

        # head 1's table of keys: every token's features times its W_K (beside the table), the
        # rows of W_K each one's 1s pick, summed
        keys, token_names, col_names, raw, scaled, exps, weights, lines, j = table(0)
        key_rows = [SurroundingRectangle(keys.row(k), color=style.KEY, buff=0.04, stroke_width=3)
                    for k in range(len(L.tokens))]  # each key outlined in turn as the query meets it
        k_matrix, k_name = w_k_aside(L, 0)

        # head 2's query: creature has one feature that is not 0, so the query is that feature
        # times its row of W_Q⁽²⁾, an entry under each column
        (lit,) = np.flatnonzero(x)
        lit_box = SurroundingRectangle(embeds[1][0].cell(lit, 0), color=style.QUERY, buff=0.04,
                                       stroke_width=3)
        lit_row = SurroundingRectangle(matrices[1].row(lit), color=style.INK, buff=0.06, stroke_width=2)
        lit_cells = [SurroundingRectangle(matrices[1].cell(lit, k), color=style.QUERY, buff=0.02,
                                          stroke_width=3) for k in range(matrices[1].n_cols)]
        lit_terms = VGroup(*(spelled([(short_figure(x[lit]), style.EMBEDDING), ("×", style.MUTED),
                                      (short_figure(v), style.INK)], size=style.SMALL_SIZE)
                             .next_to(queries[1].cell(0, k), DOWN, buff=0.12)
                             for k, v in enumerate(L.w_q[1][lit])))

        with self.beat("smaller-weights") as b:
            # "its own": in each half, beside creature's features, that head's W_Q; "smaller": the
            # empty columns it would have as wide as the model fold away, and its size shows; "W Q":
            # its first column meets creature's features, term by term; "W K", "W V": the other two,
            # drawn by their shape under it, and the sum; "queries": the sum is head 1's query's
            # first entry, the rest fill; "three": that is three numbers, and head 2's query is
            # worked: creature's one feature that is not 0 lights, then its row of W_Q⁽²⁾, and
            # along that row each entry times it drops into the query, one by one; "six":
            # creature's features (the pause holds it all, to be read)
            b.fit(Play(*(FadeIn(VGroup(matrices[h], times[h], matrix_names[h]), shift=0.1 * DOWN)
                         for h in heads), run_time=0.8), by="smaller")
            b.fit(Play(*(FadeIn(w, s) for w, s in zip(wide, wide_sizes)), run_time=0.3),
                  Play(*(w.animate.stretch_to_fit_width(0.01, about_edge=LEFT) for w in wide),
                       *(FadeOut(s, rate_func=during(0.0, 0.4)) for s in wide_sizes),
                       *(FadeIn(s, rate_func=during(0.6, 1.0)) for s in sizes), run_time=0.55), by="Q")
            b.fit(Play(FadeOut(*wide), FadeIn(pair), run_time=0.3),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in terms), lag_ratio=0.3),
                       run_time=0.75), by="K")
            b.fit(Play(*(FadeIn(a[0], shift=0.1 * UP) for a in also), run_time=0.4),
                  Play(Create(rule), FadeIn(total, shift=0.1 * DOWN), run_time=0.35), by="V")
            b.fit(Play(*(FadeIn(a[1:], shift=0.1 * UP) for a in also), run_time=0.45), by="queries")
            b.fit(Play(FadeOut(pair), TransformFromCopy(total, queries[0].texts[0][0]),
                       FadeIn(queries[0].body[0][0]), FadeIn(query_names[0]), run_time=0.4),
                  Play(*(FadeIn(c) for c in list(queries[0].body)[1:]), run_time=0.35),
                  by=said_at(b, "count", "head dims", L)[0])
            b.fit(Play(FadeIn(three[0]), FadeIn(query_names[1]), FadeIn(lit_box), run_time=0.35),
                  Play(FadeIn(lit_row), run_time=0.25),
                  *(Play(*([FadeOut(lit_cells[k - 1])] if k else []), FadeIn(lit_cells[k]),
                         FadeIn(lit_terms[k], shift=0.1 * DOWN),
                         FadeIn(queries[1].cell(0, k), shift=0.1 * DOWN), run_time=0.3)
                    for k in range(queries[1].n_cols)),
                  by=said_at(b, "count", "features", L)[0])
            b.fit(Play(FadeIn(six[0]), run_time=0.15))

        def settle(result, entries: VGroup, j: int) -> list:
            """A column's entries appear, the worked one first, as the working's result flashes
            (each stays where it is: a copy flying up would cross the column's other numbers)."""
            order = [j] + [k for k in range(len(entries)) if k != j]
            return [Indicate(result, color=style.WEIGHT, scale_factor=1.15),
                    LaggedStart(*(FadeIn(entries[k]) for k in order), lag_ratio=0.25)]

        def row_by_row(column_: VGroup, into: VGroup, order: list[int]) -> LaggedStart:
            """Row after row, in `order`, a figure flashes where it stands as the figure worked from
            it (÷√d, exp) comes in beside it: the next column is seen made from this one, a row at a
            time (nothing slides over the figures it passes)."""
            return LaggedStart(*(AnimationGroup(Indicate(column_[k], color=style.INK, scale_factor=1.1),
                                                FadeIn(into[k])) for k in order), lag_ratio=0.45)

        def ring(mob, h: int) -> SurroundingRectangle:
            """An outline in head h's colour around one of its weights."""
            return SurroundingRectangle(mob, color=style.HEADS[h], buff=0.06)

        def picked(token: str, h: int):
            """A token's box outlined in head h's colour: that head put much of creature's weight on it."""
            return tokens[L.index(token)].box.animate.set_stroke(style.HEADS[h], width=4)

        moved_up = [queries[h].copy().move_to([at(h, MATRIX_X), TOP_Y, 0], aligned_edge=LEFT) for h in heads]
        query_up = [query_names[h].copy().set_y(TOP_Y) for h in heads]

        dot, divide, total_line, share, power = lines
        query_box = SurroundingRectangle(queries[0], color=style.QUERY, buff=0.04, stroke_width=3)
        query_box.move_to(moved_up[0])
        rows = feature_rows(L, 0)
        n = len(L.tokens)
        others = [k for k in range(n) if k != j]
        picks = [np.count_nonzero(e) for e in L.embeddings]
        # fluffy's key worked first, slowly; then the others, those whose features pick more rows first
        order = [j] + sorted(others, key=lambda k: -picks[k])
        lit = {k: features_lit(L, rows, k) for k in range(n)}
        chosen = {k: picks_lit(L, k_matrix, k) for k in range(n)}
        sums = {k: key_sum(L, 0, k) for k in range(n)}

        def into_table(k: int) -> list:
            """Token k's key and name come into the table."""
            return [FadeIn(VGroup(token_names[k], keys.row(k)), shift=0.1 * LEFT)]

        shown = [sums[j]]  # fluffy's sum, left to be read while the other keys come

        def worked_key(k: int, was: int, run_time: float) -> list[Play]:
            """Token k's key worked in `run_time`, the features and rows of W_K lit before let go:
            its features lit with the rows of W_K they pick, then the key comes into the table as
            they stay lit (fluffy's sum, worked the same way, stays to be read: no second sum
            written for a glance; a key of one picked row is that row, lit beside it, not a copy
            sliding across it, whose digits would pass over the row's own)."""
            leave = [FadeOut(lit[was], chosen[was])]
            return [Play(*leave, FadeIn(lit[k]), FadeIn(chosen[k]), run_time=0.45 * run_time),
                    Play(*into_table(k), run_time=0.55 * run_time)]

        with self.beat("head-one-keys") as b:
            # "Each token's": head 1's W_Q and its working leave (and creature's features' names:
            # both heads have their queries, head 2's outlines of its working too), its query rises
            # (bowing right, clear of "6 numbers") over where its table of keys goes, its name
            # fading there, the divider back to the middle; creature's column and "6 numbers" stay
            # to be read; "features": they leave as every token's features come in as rows under
            # the table, then the rows' names of the features (where "6 numbers" stood, so after
            # it), as fluffy's row lights, and in it the features it has, and W_K comes in beside
            # the table; "W K": the rows of W_K those features pick light, then come down
            # under W_K one under another, and their sum is written under a rule: fluffy's key,
            # which comes into the table on "keys" (the sum stays, to be read); then blue's row
            # and the rows it picks light as its key comes in; then a's and creature's, one
            # feature each, the same way: the row it picks lit, its key coming into the table
            gone, rises = during(0.0, 0.35), during(0.25, 1.0)
            b.fit(Play(FadeOut(worked, matrices[0], matrix_names[0], sizes[0], three[0], embeds[0][1],
                               query_names[0],
                               *times, also[0], features, embeds[1], lit_box, lit_row, lit_cells[-1],
                               rate_func=gone),
                       queries[0].animate(rate_func=rises, path_arc=0.6).move_to(moved_up[0]),
                       FadeIn(query_up[0], rate_func=during(0.65, 1.0)),
                       divider.animate(rate_func=rises).put_start_and_end_on([0, 2.95, 0], [0, -2.8, 0]),
                       run_time=1.0), by="features")
            b.fit(Play(FadeOut(embeds[0][0], six[0], rate_func=during(0.3, 1.0)),
                       FadeIn(rows.grid, rows.names), run_time=0.4),
                  Play(FadeIn(rows.title), FadeIn(lit[j]), FadeIn(k_matrix, k_name, shift=0.1 * LEFT),
                       run_time=0.4), by="W")
            fluffy_sum = sums[j]
            b.fit(Play(FadeIn(chosen[j]), run_time=0.35),
                  Play(LaggedStart(*(FadeIn(t, shift=0.15 * DOWN) for t in fluffy_sum.terms), lag_ratio=0.6),
                       run_time=0.55),
                  Play(Create(fluffy_sum.rule), FadeIn(fluffy_sum.result, shift=0.1 * DOWN), run_time=0.4),
                  by="keys")
            b.fit(Play(*into_table(j), run_time=0.4),
                  *(p for was, k in zip(order, order[1:])
                    for p in worked_key(k, was, 1.0 if picks[k] > 1 else 0.5)))
        last = order[-1]

        def shrinking(k: int) -> tuple[Text, UpdateFromAlphaFunc]:
            """Token k's score ÷ √d stepping out of its q·k, first reading it, counting down as it
            moves into the next column, where it stands (the same text all the way, so what the eye
            followed is what stays there to be read)."""
            number = scaled[k]
            start_value, end_value = float(runs[0].raw_scores[f, k]), float(runs[0].scores[f, k])
            begin, end = raw[k].get_right()[0] + 0.12, number.get_left()[0]  # its left edge, from and to

            def update(m, alpha: float) -> None:
                figure_in_place(m, scaled[k].original_text if alpha >= 1 else
                                short_figure(start_value + (end_value - start_value) * smooth(alpha)),
                                color=style.WEIGHT)
                m.shift((begin + (end - begin) * smooth(alpha) - m.get_left()[0]) * RIGHT)
            return number, UpdateFromAlphaFunc(number, update, rate_func=linear)

        as_built = [t.copy() for t in scaled]  # the scores as first written, glyph for glyph

        def scores_stand() -> None:
            """The scores, counted down into their column, stand there as first written: the same
            texts (what the eye followed stays), their glyphs as built (the counting reshaped,
            added or emptied some, differently in a run that skips the frames between)."""
            for t, b_ in zip(scaled, as_built):
                t.remove(*t.submobjects)
                t.add(*(g.copy() for g in b_.submobjects))
                t.original_text = t.text = b_.original_text
            self.remove(*scaled)
            self.add(scaled)

        with self.beat("head-one-scores") as b:
            # "Its query": W_K, the features and the last sum leave, the query and fluffy's key are
            # outlined; "meets each key": fluffy's key meets the query term by term, its q·k comes
            # in, then the outline goes to each other key in turn as its q·k comes in; "scaled":
            # fluffy's division is written, and each q·k steps out of its column, counting down, into
            # the next: the scores, smaller
            b.fit(Play(FadeOut(k_matrix, k_name, rows, lit[last], chosen[last], *shown),
                       FadeIn(key_rows[j]), FadeIn(query_box), run_time=0.3),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in dot.terms), lag_ratio=0.4),
                       run_time=0.6),
                  Play(FadeIn(dot.total), FadeIn(col_names[0]), run_time=0.2),
                  Play(Indicate(dot.total, color=style.WEIGHT, scale_factor=1.15), FadeIn(raw[j]),
                       run_time=0.3),
                  *(Play(FadeOut(key_rows[was]), FadeIn(key_rows[k]), FadeIn(raw[k]), run_time=0.25)
                    for was, k in zip([j, *others], others)),
                  by="scaled")
            moving = [shrinking(k) for k in [j, *others]]
            b.fit(Play(FadeOut(key_rows[others[-1]], query_box), FadeIn(col_names[1]),
                       FadeIn(divide, shift=0.1 * RIGHT), run_time=0.35),
                  Play(LaggedStart(*(m for _, m in moving), lag_ratio=0.3), run_time=0.8,
                       then=scores_stand))

        fluffy = ring(weights.texts[j][0], 0)
        b2 = L.index("blue")
        blue = ring(weights.texts[b2][0], 0)

        with self.beat("head-one-softmax") as b:
            # "Softmax": fluffy's exponential written as e to its score, then each scaled score
            # flashes as its exponential comes in beside it; "fluffy gets": their sum; "fifty-eight":
            # fluffy's exponential over the sum, that share its weight, outlined; "blue": blue's
            # weight, outlined, then the others'
            b.fit(Play(FadeIn(col_names[2]), FadeIn(power, shift=0.1 * RIGHT), run_time=0.35),
                  Play(row_by_row(scaled, exps, [j, *others]), run_time=0.6), by="fluffy")
            b.fit(Play(FadeIn(total_line, shift=0.1 * RIGHT), run_time=0.4),
                  Play(FadeIn(share[:-1], shift=0.1 * RIGHT), run_time=0.4),
                  by=said_at(b, "adjectives", "fluffy", L)[0])
            b.fit(Play(FadeIn(share[-1]), FadeIn(col_names[3]), FadeIn(weights.body[j]), run_time=0.4),
                  Play(FadeIn(fluffy), picked("fluffy", 0), run_time=0.5), by="blue")
            b.fit(Play(FadeOut(fluffy), FadeIn(weights.body[b2]), FadeIn(blue), picked("blue", 0),
                       run_time=0.5),
                  Play(LaggedStart(*(FadeIn(weights.body[k]) for k in others if k != b2), lag_ratio=0.5),
                       run_time=0.4))

        keys2, token_names2, col_names2, raw2, scaled2, exps2, weights2, lines2, j2 = table(1)
        dot2, divide2, total2, share2, _ = lines2
        # head 2's pick, its own look: an arc over the phrase from creature to 'a'
        ends = [tokens[k].box.get_top() + 0.04 * UP for k in (f, j2)]
        pick_arc = ArcBetweenPoints(*ends, angle=0.4, color=style.HEADS[1], stroke_width=3)
        k_matrix2, k_name2 = w_k_aside(L, 1)
        rows2 = feature_rows(L, 1)
        from_rows2, last_lit2 = keys_from_rows(L, rows2, k_matrix2, keys2, token_names2,
                                               list(range(n)), [0.45] * n)

        with self.beat("head-two-article") as b:
            # head 2's W_Q leaves and its query rises as its question flashes, its own W_K comes in
            # beside where its keys go and the same rows of features as head 1's under its table,
            # by "article"; one after another each token's row lights with the rows of W_K⁽²⁾ its
            # 1s pick as its key comes into the table, as head 1's did ("Same tokens, its own
            # numbers"); the rows and W_K leave, then a's dot product term by term, each line of
            # working with its column: q·k, ÷√d, the exponentials and their sum; "ninety-one
            # percent": a's share of the sum and the weights (its result not flashed: an Indicate
            # in the play that fades it in would undo the fade); "on 'a'": an arc from creature to
            # 'a', its head-2 pick (the lines and weights stay into the next sentence, to be read)
            b.fit(Play(FadeOut(blue, matrices[1], matrix_names[1], sizes[1], also[1], lit_terms,
                               rate_func=during(0.0, 0.4)),
                       queries[1].animate(rate_func=during(0.3, 1.0)).move_to(moved_up[1]),
                       query_names[1].animate(rate_func=during(0.3, 1.0)).move_to(query_up[1]),
                       Indicate(questions[1], color=style.QUERY, scale_factor=1.08),
                       FadeIn(k_matrix2, k_name2, rate_func=during(0.1, 0.4)),
                       FadeIn(rows2, rate_func=during(0.55, 0.8)), run_time=1.1),
                  by="article")
            b.fit(*from_rows2,
                  Play(FadeOut(rows2, last_lit2, k_matrix2, k_name2), run_time=0.2),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in dot2.terms), lag_ratio=0.4),
                       run_time=0.55),
                  Play(FadeIn(col_names2[0]), FadeIn(dot2.total), settle(dot2.total, raw2, j2)[1],
                       run_time=0.45),
                  Play(FadeIn(col_names2[1]), FadeIn(divide2, shift=0.1 * RIGHT),
                       settle(divide2[-1], scaled2, j2)[1], run_time=0.45),
                  Play(FadeIn(col_names2[2]), LaggedStart(*(FadeIn(e) for e in exps2), lag_ratio=0.2),
                       run_time=0.35),
                  Play(FadeIn(total2, shift=0.1 * RIGHT), run_time=0.3),
                  by=said_at(b, "article", "a", L)[0])
            b.fit(Play(FadeIn(share2, shift=0.1 * RIGHT), FadeIn(col_names2[3]),
                       settle(share2[-1], weights2.body, j2)[1], run_time=0.6), by="a")
            article = ring(weights2.texts[j2][0], 1)
            b.fit(Play(Create(pick_arc), picked("a", 1), FadeIn(article), run_time=0.6), rest=0.0)


        # what the two rows share: beside each token the smaller of its two weights, and their sum
        shared = np.min(L.focus_head_weights, axis=0)
        both = weights_column(shared, FINAL_X[2], style.MUTED)
        both_name = caption("in both", color=style.INK).move_to([FINAL_X[2], TOP_Y, 0])
        total_both = label(f"= {percent_figure(shared.sum())}", size=style.BODY_SIZE,
                           color=style.INK).next_to(both, DOWN, buff=0.15)
        heads_named = [caption(f"head {h + 1}", color=style.HEADS[h]).move_to([FINAL_X[h], TOP_Y, 0])
                       for h in heads]
        rest = [VGroup(keys, raw, scaled, exps, *lines, *col_names[:3], queries[0], query_up[0]),
                VGroup(keys2, raw2, scaled2, exps2, dot2, divide2, total2, *col_names2[:3], queries[1],
                       query_names[1], token_names2)]

        with self.beat("rows-side-by-side") as b:
            # "Side": head 1's working and head 2's pick leave (head 2's working, in its own half,
            # is still read); "side": head 2's working leaves too, its share with it, and head
            # 2's weights move beside head 1's, each column named by its head; "two columns"
            # flashes both, and by "barely" what both give each token comes in, and its sum, left to be
            # read to the scene's end
            b.fit(Play(FadeOut(article, pick_arc, divider, col_names[3], rest[0]), run_time=0.4),
                  by="side", n=2)
            b.fit(Play(FadeOut(col_names2[3], rest[1], share2), run_time=0.35),
                  Play(weights2.animate.move_to([FINAL_X[1], ROW_TOP, 0], aligned_edge=UP),
                       weights.animate.move_to([FINAL_X[0], ROW_TOP, 0], aligned_edge=UP),
                       token_names.animate.shift((FINAL_NAMES - token_names.get_right()[0]) * RIGHT),
                       run_time=0.8),
                  Play(*(FadeIn(n, shift=0.1 * DOWN) for n in heads_named), run_time=0.35), by="two")
            outlines = [SurroundingRectangle(VGroup(w, n), color=style.INK, buff=0.08, stroke_width=2)
                        for w, n in zip((weights, weights2), heads_named)]
            b.fit(Play(LaggedStart(*(FadeIn(o) for o in outlines), lag_ratio=0.5), run_time=0.3),
                  Play(FadeOut(*outlines), FadeIn(both_name), FadeIn(both, shift=0.2 * LEFT),
                       FadeIn(total_both), run_time=0.35), by="barely")
        # the heads' names, for the next scene's heads to carry on from (it may leave them)
        self.keep(tokens=tokens, head_names=VGroup(*heads_named),
                  weights=VGroup(weights, weights2))  # each head's column of creature's weights

