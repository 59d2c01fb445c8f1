"""Scene 3: concatenate, then W_O. Creature's two heads each hand back a short vector; end to end
they make six numbers again; W_O maps them onto the model's features (a matrix times that column,
one entry worked as its terms and their sum, the rest filling); added to creature's vector, entry
by entry, as the voice reads what moved, nothing creature knew is lost."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    FadeIn,
    FadeOut,
    LaggedStart,
    MathTex,
    ReplacementTransform,
    SurroundingRectangle,
    VGroup,
    Wait,
)

from attention.figures import percent_figure, short_figure
from attention.multihead_mlp.lesson import lesson
from attention.multihead_mlp.spoken import figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.multihead_mlp.parts import cells, header, hide_numbers, reveal, said_at, working
from scenes.prebuilt import built
from scenes.rules import during, leaving
from scenes.widgets import caption, label, mono

ROW_TOP = 2.2  # the top of every column's first cell: a row per feature of the model
CELL_H = 0.5
CELL_W = 0.8
MATRIX_CELL = 0.5  # a cell of W_O's grid
MATRIX_RIGHT = -1.65  # W_O's right edge, left of the heads' column
CONCAT_X = -0.95  # the heads' outputs, end to end
MOVED_X = 0.55  # W_O times them: what moves into creature's vector
SUMS_X = 0.3  # the centre of each head's weighted sum, a line per head
SUMS_DROP = 0.5  # head 2's line stands this much lower than its place under head 1's
VALUE_W, VALUE_H = 0.5, 0.36  # a cell of a head's value vectors
ENTRY_Y = -2.1  # head 1's first number worked as its terms
WORK_GAP = 0.45  # the worked entry's line stands this far under W_O
WORKED_READ = 1.7  # seconds W_O's worked entry stands complete before the other rows fill
READ = 1.6  # seconds the last entries written stand before the scene ends
OLD_X, NEW_X = -1.6, 2.65  # the residual: creature's vector + what moved (at MOVED_X) = its new one
NAMES_GAP = 0.2


def row_y(j: int) -> float:
    """The centre of the `j`-th row of cells."""
    return ROW_TOP - CELL_H * (j + 0.5)


def placed(grid: Grid, x: float, first_row: int = 0) -> Grid:
    """`grid` (a column) centred on x, its first cell on row `first_row`."""
    return grid.move_to([x, ROW_TOP - CELL_H * first_row, 0], aligned_edge=UP)


class ConcatScene(LessonScene):
    scene_id = "concat"
    follows = "heads"

    def beats(self) -> None:
        L = lesson()
        f = L.focus
        outputs = [h.output[f] for h in L.attention.heads]  # each head's short vector
        concat, w_o = L.attention.concat[f], L.w_o
        moved, old, new = L.focus_update, L.embeddings[f], L.after_attention[f]
        scale = float(max(np.abs(L.after_attention).max(), 1e-9))
        n = len(L.features)
        tokens = header(L)

        # each head's short vector as its values weighted by creature's weights (as percentages,
        # as the heads' rows read them) and summed: a line per head, weight × value column + ...
        # = the head's output, filled once summed (head 2's a little lower, so that on "End to
        # end" it moves up under head 1's)
        heads = [cells(outputs[0], style.VALUE, CELL_W, CELL_H, scale),
                 cells(outputs[1], style.VALUE, CELL_W, CELL_H, scale)]
        short = len(outputs[0])
        head_names, percents, values, signs, equals_ = [], [], [], [], []
        for h, head in enumerate(L.attention.heads):
            columns = [cells(head.values[t], style.VALUE, VALUE_W, VALUE_H, scale)
                       for t in range(len(L.tokens))]
            # (in the font of scene 2's cells they come from: carried, they move, not morph)
            weights = [mono(percent_figure(float(head.weights[f, t])), style.WEIGHT, size=style.SMALL_SIZE)
                       for t in range(len(L.tokens))]
            name, eq = caption(f"head {h + 1}:", color=style.VALUE), label("=", size=style.SMALL_SIZE,
                                                                           color=style.MUTED)
            pieces, marks = [name], VGroup()
            for t, col in enumerate(columns):
                sign = [label("+", size=style.SMALL_SIZE, color=style.MUTED)] if t else []
                times = label("×", size=style.SMALL_SIZE, color=style.MUTED)
                marks.add(*sign, times)
                pieces += [*sign, weights[t], times, col]
            VGroup(*pieces, eq, heads[h]).arrange(RIGHT, buff=0.12).move_to(
                [SUMS_X, row_y(short * h + (short - 1) / 2) - SUMS_DROP * h, 0])
            head_names.append(name)
            percents.append(VGroup(*weights))
            values.append(columns)
            signs.append(marks)
            equals_.append(eq)
        stacked = heads[1].copy().move_to([CONCAT_X, ROW_TOP - CELL_H * short, 0], aligned_edge=UP)
        first = heads[0].copy().move_to([CONCAT_X, ROW_TOP, 0], aligned_edge=UP)
        for column in heads:
            hide_numbers(column)
        numbers = caption(f"{figure('count', 'features', L)} numbers", color=style.VALUE)
        numbers.next_to(VGroup(first, stacked), DOWN, buff=0.15)
        # head 1's first number worked as its terms: each token's weight × its value's first entry
        head = L.attention.heads[0]
        entry = working([(percent_figure(float(head.weights[f, t])), short_figure(float(head.values[t, 0])))
                         for t in range(len(L.tokens))], None, short_figure(float(outputs[0][0])),
                        style.VALUE)
        entry.move_to([SUMS_X, ENTRY_Y, 0])
        firsts = VGroup(*(SurroundingRectangle(col.cell(0, 0), color=style.VALUE, buff=0.03,
                                               stroke_width=3) for col in values[0]))
        its_sum = SurroundingRectangle(heads[0].cell(0, 0), color=style.VALUE, buff=0.03, stroke_width=4)

        def weights_carried() -> tuple[list, list]:
            """Scene 2's columns of creature's weights, carried: in the scene change head 2's
            figures drop to its line's height as their cells leave, then each figure moves into
            its place in its head's line, head 1's first (no figure passes another)."""
            if "weights" not in self.previous:
                return [], [FadeIn(VGroup(*percents, *head_names))]
            columns = self.take("weights")
            figures = [VGroup(*(c.texts[t][0] for t in range(len(L.tokens)))) for c in columns]
            frames = [m for c in columns for row in (*c.rects, *c.bars) for m in row if m is not None]
            drop = (percents[1].get_y() - figures[1].get_y()) * UP
            spread = [ReplacementTransform(figures[h][t], percents[h][t], rate_func=during(*span))
                      for h, span in enumerate(((0.0, 0.65), (0.35, 1.0))) for t in range(len(L.tokens))]
            return ([figures[1].animate.shift(drop).build(), *leaving(frames)],
                    [*spread, FadeIn(VGroup(*head_names), shift=0.1 * RIGHT)])

        change, spread = weights_carried()
        with self.beat("outputs-end-to-end") as b:
            # the heads' weights carry into a line per head as scene 2 leaves; on "short" each
            # head's short vector, empty; on "values" the value vectors by their weights, and head
            # 1's first number's terms; on "summed" that sum and both vectors fill; "End to end":
            # (from "to") the lines leave and the two short vectors close up into one column, the worked line
            # going along under it, its number still outlined
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN)),
                                    *change),
                  Play(*spread, run_time=1.2), by="short")
            b.fit(Play(FadeIn(*equals_, *heads), run_time=0.5), by="values")
            b.fit(Play(FadeIn(VGroup(*(c for col in values for c in col), *signs)), run_time=0.25),
                  Play(FadeIn(firsts, its_sum), run_time=0.3),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in entry.terms), lag_ratio=0.3),
                       run_time=0.8), by="summed")
            b.fit(Play(FadeIn(entry.total, shift=0.1 * LEFT), *reveal(heads[0], 0), run_time=0.4),
                  Play(LaggedStart(*(AnimationGroup(*reveal(heads[h], j))
                                     for h in range(len(heads)) for j in range(short)
                                     if (h, j) != (0, 0)), lag_ratio=0.25), run_time=0.6), by="End")
            lines = VGroup(*head_names, *percents, *(c for col in values for c in col), *signs, *equals_)
            to_first = first.get_center() - heads[0].get_center()
            b.until("to")  # (the lines stand a moment longer, to be read)
            b.fit(Play(FadeOut(lines, firsts), run_time=0.4),
                  Play(VGroup(heads[0], its_sum).animate.shift(to_first),  # the outline with its number
                       heads[1].animate.move_to(stacked), entry.animate.set_x(CONCAT_X), run_time=0.9),
                  by=said_at(b, "count", "features", L)[0], n=said_at(b, "count", "features", L)[1])
            b.fit(Play(FadeIn(numbers, shift=0.1 * UP), run_time=0.3))

        # W_O as the matrix of the product: a row per feature of the model, a column per entry
        # of the heads' outputs; the features named on the left
        matrix = Grid([[short_figure(v) for v in row] for row in w_o.T], style.MUTED,
                      cell_w=MATRIX_CELL, cell_h=CELL_H)
        matrix.move_to([MATRIX_RIGHT, ROW_TOP, 0], aligned_edge=UP + RIGHT)
        matrix_name = built(MathTex, "W_O", color=style.INK, font_size=34).next_to(matrix, UP, buff=0.12)
        names = VGroup(*(caption(name).move_to([0, row_y(j), 0]) for j, name in enumerate(L.features)))
        for name in names:
            name.align_to(matrix.get_left() + NAMES_GAP * LEFT, RIGHT)
        result = placed(cells(moved, style.VALUE, CELL_W, CELL_H, scale), MOVED_X)
        hide_numbers(result)
        equals = label("=", size=style.TITLE_SIZE, color=style.MUTED).move_to(
            [(CONCAT_X + MOVED_X) / 2, row_y(n / 2 - 0.5), 0])
        result_name = caption("moved", color=style.VALUE).next_to(result, UP, buff=0.15)
        concat_name = caption("end to end", color=style.VALUE).next_to(
            VGroup(heads[0], stacked), UP, buff=0.15)

        # the entry worked out: W_O's row for "fluffy texture" meets the column, its terms and
        # their sum written on one line under the product (clear of every row's cells)
        r = L.features.index("fluffy texture")
        worked = working([(short_figure(w_o[k, r]), short_figure(concat[k])) for k in range(len(concat))],
                         None, short_figure(float(w_o[:, r] @ concat)), style.VALUE)
        worked.move_to([(matrix.get_left()[0] + result.get_right()[0]) / 2,
                        matrix.get_bottom()[1] - WORK_GAP, 0])
        pair = VGroup(SurroundingRectangle(VGroup(heads[0], stacked), color=style.VALUE, buff=0.05,
                                           stroke_width=3),
                      SurroundingRectangle(result.cell(r, 0), color=style.VALUE, buff=0.06,
                                           stroke_width=4))
        ring = SurroundingRectangle(matrix.row(r), color=style.INK, buff=0.04, stroke_width=3)

        with self.beat("w-o-mixes") as b:
            # "W O": the matrix, the features it maps onto, the empty column of what moves; on
            # "maps" its row for fluffy texture meets the heads' column: the terms, then their sum,
            # which is the entry, standing to be read; then that working leaves and the other
            # rows' entries fill together
            b.fit(Play(FadeOut(entry, its_sum), run_time=0.3),
                  Play(FadeIn(matrix), FadeIn(matrix_name, shift=0.1 * DOWN), FadeIn(names),
                       FadeIn(concat_name), FadeIn(equals), FadeIn(result), FadeIn(result_name),
                       run_time=0.6), by="maps")
            b.fit(Play(FadeIn(ring), FadeIn(pair), FadeOut(numbers), run_time=0.4),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in worked.terms), lag_ratio=0.4),
                       run_time=1.3),
                  Play(FadeIn(worked.total, shift=0.1 * LEFT), *reveal(result, r), run_time=0.5),
                  Play(Wait(), run_time=WORKED_READ),
                  # (no line of working stands while an entry it did not work out fills)
                  Play(FadeOut(worked, ring, pair), run_time=0.3),
                  Play(LaggedStart(*(AnimationGroup(*reveal(result, j)) for j in range(n) if j != r),
                                   lag_ratio=0.15), run_time=0.7))

        # the residual: creature's vector + what moved = its new vector, a row at a time
        before = placed(cells(old, style.EMBEDDING, CELL_W, CELL_H, scale), OLD_X)
        after = placed(cells(new, style.EMBEDDING, CELL_W, CELL_H, scale), NEW_X)
        hide_numbers(after)
        for t in after.all_texts():
            t.set_z_index(1)
        plus = label("+", size=style.TITLE_SIZE, color=style.MUTED).move_to(
            [(OLD_X + MOVED_X) / 2, equals.get_y(), 0])
        equals_new = label("=", size=style.TITLE_SIZE, color=style.MUTED).move_to(
            [(MOVED_X + NEW_X) / 2, equals.get_y(), 0])
        before_name = caption(L.tokens[f], color=style.EMBEDDING).next_to(before, UP, buff=0.15)
        after_name = caption("its new vector", color=style.EMBEDDING).next_to(after, UP, buff=0.15)
        names_to = (before.get_left()[0] - NAMES_GAP - names.get_right()[0]) * RIGHT

        def band(j: int) -> VGroup:
            """Row `j` of the sum outlined: creature's entry, what moved, the new entry."""
            return VGroup(*(SurroundingRectangle(g.cell(j, 0), color=style.VALUE, buff=0.03,
                                                 stroke_width=4) for g in (before, result, after)))

        said = ["fluffy texture", "blue colour", "article"]
        with self.beat("creature-gains") as b:
            # "Added to creature's vector": the product leaves, the features' names move up to
            # creature's vector as it comes, what moved stays; as each figure is said its row
            # adds up (a band across it, the new entry written); then the rows where nothing
            # moved, creature keeping what it knew
            b.fit(Play(FadeOut(matrix, matrix_name, heads[0], heads[1], concat_name, equals),
                       run_time=0.4),
                  Play(names.animate.shift(names_to), FadeIn(before), FadeIn(before_name),
                       FadeIn(plus), FadeIn(equals_new), FadeIn(after), FadeIn(after_name),
                       run_time=0.7),
                  by=said_at(b, "moved", said[0], L)[0], n=said_at(b, "moved", said[0], L)[1])
            shown = None
            for k, feature in enumerate(said):
                j = L.features.index(feature)
                if k:
                    b.until(*said_at(b, "moved", feature, L))
                now = band(j)
                b.fit(Play(FadeIn(now), *([FadeOut(shown)] if shown is not None else []),
                           *reveal(after, j), run_time=0.7),
                      by=feature.split()[0])
                # the feature's name lights as the voice names it
                b.fit(Play(names[j].animate.set_color(style.VALUE), run_time=0.4))
                shown = now
            others = [j for j in range(n) if L.features[j] not in said]
            b.fit(Play(FadeOut(shown), run_time=0.3),
                  Play(LaggedStart(*(AnimationGroup(*reveal(after, j)) for j in others),
                                   lag_ratio=0.3), run_time=0.8), rest=READ)
        # the MLP works on every token's vector after attention: creature's new one moves into it
        self.keep(tokens=tokens, creature=after, names=names)
