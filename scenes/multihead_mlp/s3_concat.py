"""Scene 3: concatenate, then W_O. Each head hands back a short vector in its own colour: its
values (each token's, named under it: the token's features × that head's W_V; under the lines,
blue's out of W_V⁽¹⁾ and a's out of W_V⁽²⁾, a copy of each rising into its place, then the
others token by token) weighted by creature's weights (scene 2's cells, carried whole into the lines)
and summed, a line per head, standing complete to be read. End to end, head
1's vector steps right of its line and head 2's slides up under it: six numbers. On "W O" they
unroll into a row, "head 1 | head 2", each over the column of W_O it meets, apart from the
model's features that name W_O's rows;
W_O maps them onto those features (one entry worked as its terms and their sum, the rest
filling); added to creature's vector, entry by entry, as the voice reads what moved, nothing
creature knew is lost."""

from collections.abc import Callable

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
    LaggedStart,
    Line,
    ManimColor,
    MathTex,
    Rectangle,
    SurroundingRectangle,
    TransformFromCopy,
    VGroup,
    Wait,
    smooth,
)

from attention.figures import percent_figure, short_figure
from attention.multihead_mlp.lesson import lesson
from attention.multihead_mlp.spoken import figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.multihead_mlp.parts import cells, header, hide_numbers, reveal, said_at, working
from scenes.prebuilt import built
from scenes.rules import LEAVING, during
from scenes.widgets import caption, label

# the heads' lines: each head's values weighted and summed, its short vector at the line's end
LINE_Y = (1.45, -0.4)  # each head's line's centre
SUMS_X = 0.2  # the lines' centre
JOIN = 0.75  # end to end, the two vectors stand this far right of the lines, head 2's under head 1's
VALUE_W, VALUE_H = 0.5, 0.36  # a cell of a head's value vectors
ENTRY_Y = -2.1  # head 1's first number worked as its terms
# a value worked under the lines, one per head: the token's features as a row over W_V's columns
# (drawn turned, a row per entry of the value, level with the value's cells), the value right of it
PRODUCT_ROW_Y = -1.52  # the token's features, a row
PRODUCT_W = 0.4  # a column of W_V turned, under each feature
PRODUCT_GAP = 0.3  # between head 2's product, on the left, and head 1's
# W_O and the residual: a row per feature of the model
ROW_TOP = 1.6  # the top of W_O's first row and of every column's first cell
CELL_H = 0.5
CELL_W = 0.8  # a cell of a vector, and a column of W_O: each under its entry of the heads' row
ROW_Y = 2.1  # the heads' six numbers as a row, over W_O's columns
HEAD_NAMES_Y = 2.65  # "head 1" | "head 2", each over its half of the row
MATRIX_LEFT = -2.2  # W_O's left edge, right of the features' names
RESULT_X = 3.9  # W_O times the row: what moves into creature's vector
WORK_Y = -2.35  # W_O's worked entry, under its name
READ = 2.0  # seconds a line of working stands complete after its result before it leaves
ROW_MET = 0.5  # seconds W_O's row for each other entry that moves something meets the six
HOLD = 0.8  # the next beat's first seconds, the finished product standing as the heads' names leave
LAST_READ = 1.6  # seconds the last entries written stand before the scene ends
OLD_X, MOVED_X, NEW_X = -1.6, 0.55, 2.65  # the residual: creature's vector + what moved = its new one
NAMES_GAP = 0.2
WEIGHT_W, WEIGHT_H = 0.75, 0.45  # a cell of creature's weights, as scene 2 drew it (carried whole)
WORKED = ("blue",)  # head 1's value worked out of W_V⁽¹⁾ (head 2's: the token whose value is not 0)


def weight_cell(w: float, color: ManimColor) -> Grid:
    """One of creature's weights as scene 2 drew it: a cell, its bar as long as its share."""
    return Grid([[percent_figure(w)]], color, cell_w=WEIGHT_W, cell_h=WEIGHT_H, levels=np.array([[w]]))


def dealt(share: float) -> Callable[[float], float]:
    """The rate of a cell that slides with its column (eased as one) and stays behind once it has
    gone its `share` of the column's way."""
    return lambda t: min(1.0, smooth(t) / share) if share > 0 else 1.0


def row_y(j: int) -> float:
    """The centre of the `j`-th row of W_O and of the residual's columns."""
    return ROW_TOP - CELL_H * (j + 0.5)


def placed(grid: Grid, x: float) -> Grid:
    """`grid` (a column) centred on x, its first cell on W_O's first row."""
    return grid.move_to([x, ROW_TOP, 0], aligned_edge=UP)


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
        colors = style.HEADS  # each head's colour: its name, its weights, its short vector

        # each head's short vector as its values weighted by creature's weights (scene 2's cells,
        # each a box with its bar and percentage) and summed: a line per head, weight × value
        # column + ... = the head's output, filled once summed; each value column named by its
        # token, and where the values come from under the head's name
        heads = [cells(outputs[h], colors[h], CELL_W, CELL_H, scale) for h in range(len(outputs))]
        short, n_tokens = len(outputs[0]), len(L.tokens)
        head_names, percents, values, signs, equals_, tokens_named, sources = [], [], [], [], [], [], []
        for h, head in enumerate(L.attention.heads):
            columns = [cells(head.values[t], style.VALUE, VALUE_W, VALUE_H, scale) for t in range(n_tokens)]
            weights = [weight_cell(float(head.weights[f, t]), colors[h]) for t in range(n_tokens)]
            name = caption(f"head {h + 1}:", color=colors[h])
            eq = label("=", size=style.SMALL_SIZE, color=style.MUTED)
            pieces, marks = [name], []
            for t, col in enumerate(columns):
                sign = [label("+", size=style.SMALL_SIZE, color=style.MUTED)] if t else []
                times = label("×", size=style.SMALL_SIZE, color=style.MUTED)
                marks.append(VGroup(*sign, times))
                pieces += [*sign, weights[t], times, col]
            line = VGroup(*pieces, eq, heads[h]).arrange(RIGHT, buff=0.12).move_to([SUMS_X, LINE_Y[h], 0])
            line.shift((heads[0].get_x() - heads[h].get_x()) * RIGHT)  # the short vectors in one column
            tokens_named.append([caption(t).next_to(col, DOWN, buff=0.08)
                                 for t, col in zip(L.tokens, columns)])
            sources.append(VGroup(*(caption(words, color=style.VALUE)
                                    for words in ("values:", "each token × W_V")))
                           .arrange(DOWN, aligned_edge=RIGHT, buff=0.06)
                           .next_to(name, DOWN, buff=0.15).align_to(name, RIGHT))
            head_names.append(name)
            percents.append(weights)
            values.append(columns)
            signs.append(marks)
            equals_.append(eq)
        for column in heads:
            hide_numbers(column)
        # end to end: head 1's vector right of its line, head 2's right under it, one column of six
        ends = [heads[0].get_center() + JOIN * RIGHT]
        ends.append(ends[0] + (heads[0].height + heads[1].height) / 2 * DOWN)
        joined = SurroundingRectangle(VGroup(*(h.copy().move_to(e) for h, e in zip(heads, ends))),
                                      color=style.INK, buff=0.06, stroke_width=3)
        numbers = caption(f"{figure('count', 'features', L)} numbers", color=style.INK)
        numbers.next_to(joined, DOWN, buff=0.12)
        # head 1's first number worked as its terms: each token's weight × its value's first entry
        head = L.attention.heads[0]
        entry = working([(percent_figure(float(head.weights[f, t])), short_figure(float(head.values[t, 0])))
                         for t in range(n_tokens)], None, short_figure(float(outputs[0][0])),
                        style.VALUE)
        entry.total[-1].set_color(colors[0])  # the sum is head 1's number
        entry.move_to([SUMS_X, ENTRY_Y, 0])
        firsts = VGroup(*(SurroundingRectangle(col.cell(0, 0), color=style.VALUE, buff=0.03,
                                               stroke_width=3) for col in values[0]))
        its_sum = SurroundingRectangle(heads[0].cell(0, 0), color=colors[0], buff=0.03, stroke_width=4)

        def weights_carried() -> tuple[list, Callable[[], list], Callable[[], list]]:
            """Scene 2's two columns of creature's weights, carried whole (each cell with its box,
            its bar and its percentage, upright): in the scene change head 2's column drops
            under head 1's, its first cell level with its line; then every cell moves across to
            its place in its head's line, each on its own row, and then up (or down) into the
            line (none passes another). Without scene 2, the lines' cells fade in."""
            if "weights" not in self.previous:
                return [], lambda: [FadeIn(VGroup(*(c for row in percents for c in row)))], lambda: []
            columns = self.take("weights")
            carried = [[c.cell(t, 0) for t in range(n_tokens)] for c in columns]
            places = [[p.get_center() for p in row] for row in percents]
            drop = (places[1][0][1] - carried[1][0].get_y()) * UP
            for h in range(len(carried)):
                percents[h] = carried[h]  # the lines' weights are scene 2's cells from here

            def across() -> list:
                """Each head's cells going one way slide as one column (none tilts), each staying
                behind at its place: dealt out."""
                moves = []
                for cs, ps in zip(carried, places):
                    dx = [p[0] - c.get_x() for c, p in zip(cs, ps)]
                    for c, p, d in zip(cs, ps, dx):
                        far = max(abs(e) for e in dx if e * d > 0) if d else 1.0
                        moves.append(c.animate(rate_func=dealt(abs(d) / far)).set_x(p[0]))
                return moves

            def into() -> list:
                return [c.animate.set_y(p[1]) for cs, ps in zip(carried, places) for c, p in zip(cs, ps)]

            return [columns[1].animate(rate_func=during(LEAVING, 1.0)).shift(drop).build()], across, into

        # where the values come from: a token's features (a row) times its head's W_V, drawn turned
        # (a row per entry of the value, level with the value's cells) = its value, which stays
        # beside the product (a copy rises into its place in the line); one worked per head, the
        # token whose value is not 0
        def product(h: int, t: int) -> VGroup:
            """Token t's features over W_V of head h drawn turned, = its value (under its place)."""
            value = values[h][t].copy()
            value.move_to([value.get_x(), PRODUCT_ROW_Y - VALUE_H / 2 - 0.1, 0], aligned_edge=UP)
            feats = Grid([[short_figure(v) for v in L.embeddings[t]]], style.EMBEDDING, cell_w=PRODUCT_W,
                         cell_h=VALUE_H)
            w_v = Grid([[short_figure(v) for v in row] for row in L.w_v[h].T], colors[h], cell_w=PRODUCT_W,
                       cell_h=VALUE_H, text_color=style.INK)
            w_v.move_to(value.get_left() + 0.5 * LEFT, aligned_edge=RIGHT)
            feats.move_to([w_v.get_x(), PRODUCT_ROW_Y, 0])
            v_equals = label("=", size=style.SMALL_SIZE, color=style.MUTED).move_to(
                [(w_v.get_right()[0] + value.get_left()[0]) / 2, value.get_y(), 0])
            w_v_name = built(MathTex, rf"W_V^{{({h + 1})}}", font_size=30, color=colors[h]).next_to(
                w_v, LEFT, buff=0.15)
            feats_name = caption(L.tokens[t], color=style.EMBEDDING).next_to(feats, LEFT, buff=0.15)
            return VGroup(feats, feats_name, w_v, w_v_name, v_equals, value)

        worked_t = [L.index(WORKED[0]),
                    next(t for t in range(n_tokens) if np.any(L.attention.heads[1].values[t]))]
        products = [product(h, t) for h, t in enumerate(worked_t)]
        # head 2's a little left of its value's place, clear of head 1's (its value then rises aslant)
        clear = products[0].get_left()[0] - PRODUCT_GAP - products[1].get_right()[0]
        products[1].shift(min(0.0, clear) * RIGHT)
        change, across, into = weights_carried()
        lines = VGroup(*head_names, *(c for row in percents for c in row),
                       *(c for col in values for c in col), *(m for row in signs for m in row), *equals_,
                       *(n for row in tokens_named for n in row), *sources)
        # W_O as the matrix of the product: a row per feature of the model (named on the left), a
        # column per entry of the heads' six numbers, which stand as a row over its columns
        matrix = Grid([[short_figure(v) for v in row] for row in w_o.T], style.MUTED,
                      cell_w=CELL_W, cell_h=CELL_H)
        matrix.move_to([MATRIX_LEFT, ROW_TOP, 0], aligned_edge=UP + LEFT)
        matrix_name = built(MathTex, "W_O", color=style.INK, font_size=34).next_to(matrix, DOWN, buff=0.15)
        names = VGroup(*(caption(name).move_to([0, row_y(j), 0]) for j, name in enumerate(L.features)))
        for name in names:
            name.align_to(matrix.get_left() + NAMES_GAP * LEFT, RIGHT)
        row_cells = [heads[h].cell(j, 0) for h in range(len(heads)) for j in range(short)]
        slots = [matrix.cell(0, k).get_x() for k in range(len(row_cells))]
        with self.beat("outputs-end-to-end") as b:
            # the heads' weights, scene 2's cells, carry into a line per head as scene 2 leaves
            # (head 2's column drops under head 1's, then each head's cells are dealt across, each
            # on its own row, and go into their line); on "short" each head's short vector, empty,
            # as they settle, and under the lines each head's W_V with the features of a token
            # whose value is not 0 over it; out of each that value; on "values" a copy of each
            # rises into its place in its head's line (its token named under it), then the other
            # tokens' values, token by token, each rising onto its name; on "summed" the products
            # leave for head 1's first number's terms and their sum
            def arrives(h: int, t: int) -> list:
                """Token t's worked value in head h's line: a copy rising out of its product,
                with its signs and its name."""
                return [TransformFromCopy(products[h][-1], values[h][t]),
                        FadeIn(signs[h][t], rate_func=during(0.7, 1.0)),
                        FadeIn(tokens_named[h][t], shift=0.1 * UP, rate_func=during(0.6, 1.0)),
                        FadeIn(sources[h])]

            def rises(h: int, t: int) -> AnimationGroup:
                """Token t's value in head h's line: its name, then the value rising onto it."""
                return AnimationGroup(FadeIn(tokens_named[h][t], shift=0.1 * UP, rate_func=during(0.0, 0.5)),
                                      FadeIn(signs[h][t], rate_func=during(0.3, 1.0)),
                                      FadeIn(values[h][t], shift=0.1 * UP, rate_func=during(0.3, 1.0)))

            # the other values, token by token from the left: each token's in the heads that did
            # not work it out, together
            by_token = [AnimationGroup(*(rises(h, t) for h in range(len(heads)) if t != worked_t[h]))
                        for t in range(n_tokens) if worked_t.count(t) < len(heads)]
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN)),
                                    *change),
                  Play(across, run_time=0.6), by="short")
            b.fit(Play(lambda: [*into(), FadeIn(*equals_, *heads),
                                FadeIn(VGroup(*head_names), shift=0.1 * RIGHT),
                                *(FadeIn(VGroup(*p[:-1]), shift=0.1 * UP, rate_func=during(0.25, 0.7))
                                  for p in products)],
                       run_time=0.5),
                  Play(*(FadeIn(p[-1], shift=0.2 * RIGHT) for p in products), run_time=0.3), by="values")
            b.fit(Play(*(a for h, t in enumerate(worked_t) for a in arrives(h, t)), run_time=0.4),
                  Play(LaggedStart(*by_token, lag_ratio=0.5), run_time=0.85), by="summed")
            b.fit(Play(FadeIn(firsts, its_sum), FadeOut(*products, rate_func=during(0.3, 1.0)),
                       run_time=0.25),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in entry.terms), lag_ratio=0.3),
                       run_time=0.45),
                  Play(FadeIn(entry.total, shift=0.1 * LEFT), *reveal(heads[0], 0), run_time=0.3), by="End")
            complete = self.frame  # every line stands complete from here
            six = said_at(b, "count", "features", L)
            # "End to end": the other numbers fill, then head 1's vector steps out right, head 2's
            # slides under it, outlined as one column of six on "six", while the lines stand
            # complete, READ seconds after their results, before they leave
            b.fit(Play(FadeOut(its_sum), LaggedStart(*(AnimationGroup(*reveal(heads[h], j))
                                                       for h in range(len(heads)) for j in range(short)
                                                       if (h, j) != (0, 0)), lag_ratio=0.25), run_time=0.5),
                  Play(lambda: [heads[0].animate.move_to(ends[0])], run_time=0.4),
                  Play(lambda: [heads[1].animate.move_to(ends[1])], run_time=0.9), by=six[0], n=six[1])
            b.fit(Play(FadeIn(joined), run_time=0.3))
            held = (self.frame - complete) / self.fps + 0.3  # as the six numbers are named
            b.fit(Play(FadeIn(numbers, shift=0.1 * UP), run_time=0.3),
                  Play(Wait(), run_time=max(0.05, READ - held)),
                  Play(FadeOut(lines, firsts, entry), run_time=0.4),
                  # in the sentence's pause, end to end: the six leave their column for a row,
                  # first across, each to the column of W_O it will meet, then up (none passes
                  # another), the column's outline going as they set off (its name, still being
                  # read, goes as W_O comes)
                  Play(FadeOut(joined, rate_func=during(0.0, 0.3)),
                       *(c.animate.set_x(x) for c, x in zip(row_cells, slots)), run_time=0.9),
                  Play(lambda: [c.animate.set_y(ROW_Y) for c in row_cells], run_time=0.6))

        halves = [np.mean(slots[h * short:(h + 1) * short]) for h in range(len(heads))]
        head_labels = VGroup(*(caption(f"head {h + 1}", color=colors[h]).move_to([x, HEAD_NAMES_Y, 0])
                               for h, x in enumerate(halves)))
        split = (slots[short - 1] + slots[short]) / 2
        divider = Line([split, ROW_Y + CELL_H / 2, 0], [split, HEAD_NAMES_Y + 0.15, 0], color=style.MUTED,
                       stroke_width=2)
        result = placed(cells(moved, style.VALUE, CELL_W, CELL_H, scale), RESULT_X)
        hide_numbers(result)
        equals = label("=", size=style.TITLE_SIZE, color=style.MUTED).move_to(
            [(matrix.get_right()[0] + result.get_left()[0]) / 2, row_y(n / 2 - 0.5), 0])
        result_name = caption("moved", color=style.VALUE).next_to(result, UP, buff=0.15)

        # the entry worked out: W_O's row for "fluffy texture" meets the row of six, its terms
        # (each of the six in its head's colour) and their sum on one line under W_O's name
        r = L.features.index("fluffy texture")
        worked = working([(short_figure(w_o[k, r]), short_figure(concat[k])) for k in range(len(concat))],
                         None, short_figure(float(w_o[:, r] @ concat)), style.VALUE)
        for k in range(len(concat)):
            worked.terms[k][-1].set_color(colors[k // short])
        worked.move_to([(matrix.get_left()[0] + result.get_right()[0]) / 2, WORK_Y, 0])
        row_box = Rectangle(width=len(slots) * CELL_W + 0.1, height=CELL_H + 0.1, color=style.INK,
                            stroke_width=3).move_to([(slots[0] + slots[-1]) / 2, ROW_Y, 0])
        pair = VGroup(row_box, SurroundingRectangle(result.cell(r, 0), color=style.VALUE, buff=0.06,
                                                    stroke_width=4))
        ring = SurroundingRectangle(matrix.row(r), color=style.INK, buff=0.04, stroke_width=3)

        # the other entries: each that moves something, W_O's row meeting the six as it shows
        # (outlined in place, one after another); then the rows that move nothing, together
        others = [j for j in range(n) if j != r]
        zeros = [j for j in others if short_figure(float(moved[j])) == short_figure(0.0)]
        rows_met, shown_row = [], None
        for j in (j for j in others if j not in zeros):
            now_row = VGroup(SurroundingRectangle(matrix.row(j), color=style.INK, buff=0.04, stroke_width=3),
                             row_box.copy(),
                             SurroundingRectangle(result.cell(j, 0), color=style.VALUE, buff=0.06,
                                                  stroke_width=4))
            rows_met.append(Play(*([FadeOut(shown_row)] if shown_row is not None else []), FadeIn(now_row),
                                 *reveal(result, j), run_time=ROW_MET))
            shown_row = now_row

        with self.beat("w-o-mixes") as b:
            # "W O" (the six numbers stand as a row since the last sentence's pause): each head
            # named over its half, and W_O comes in under them; "onto": the features it maps
            # onto name its rows, with the empty column of what moves; its row for fluffy
            # texture meets the row of six: the terms, then their sum, which is the entry,
            # standing READ seconds; then that working leaves
            # (no line of working stands while an entry it did not work out fills); each other
            # entry that moves something shows as W_O's row for it meets the six (ROW_MET
            # seconds each), then the rows that move nothing fill together, and the finished
            # product stands, through the beat's rest and the next beat's first HOLD seconds
            b.fit(Play(FadeOut(numbers), FadeIn(head_labels, shift=0.1 * DOWN), Create(divider),
                       FadeIn(matrix), FadeIn(matrix_name, shift=0.1 * UP), run_time=0.5), by="onto")
            b.fit(Play(FadeIn(names), FadeIn(equals), FadeIn(result), FadeIn(result_name), run_time=0.35),
                  Play(FadeIn(ring), FadeIn(pair), run_time=0.25),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in worked.terms), lag_ratio=0.4),
                       run_time=0.8),
                  Play(FadeIn(worked.total, shift=0.1 * LEFT), *reveal(result, r), run_time=0.35),
                  Play(Wait(), run_time=READ),
                  Play(FadeOut(worked, ring, pair), run_time=0.25),
                  *rows_met, *([Play(*([FadeOut(shown_row)] if shown_row is not None else []),
                                     *(a for j in zeros for a in reveal(result, j)), run_time=0.3)]
                               if zeros or shown_row is not None else []))

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
        to_moved = (MOVED_X - result.get_x()) * RIGHT

        def band(j: int) -> VGroup:
            """Row `j` of the sum outlined: creature's entry, what moved, the new entry."""
            return VGroup(*(SurroundingRectangle(g.cell(j, 0), color=style.VALUE, buff=0.03,
                                                 stroke_width=4) for g in (before, result, after)))

        said = ["fluffy texture", "blue colour", "article"]
        with self.beat("creature-gains") as b:
            # "Added to creature's vector": the heads' names leave, W_O's product standing finished a
            # moment longer, then the product leaves; what moved and the features' names
            # move to their places in the sum as creature's vector comes; as each figure is said
            # its row adds up (a band across it, the new entry written); then the rows where
            # nothing moved, creature keeping what it knew
            b.fit(Play(FadeOut(head_labels, divider), run_time=HOLD),
                  Play(FadeOut(matrix, matrix_name, heads[0], heads[1], equals), run_time=0.3),
                  Play(names.animate.shift(names_to), VGroup(result, result_name).animate.shift(to_moved),
                       run_time=0.6),
                  Play(FadeIn(before), FadeIn(before_name), FadeIn(plus), FadeIn(equals_new), FadeIn(after),
                       FadeIn(after_name), run_time=0.5),
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
                                   lag_ratio=0.3), run_time=0.8), rest=LAST_READ)
        # the MLP works on every token's vector after attention: creature's new one moves into it
        self.keep(tokens=tokens, creature=after, names=names)
