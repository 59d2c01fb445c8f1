"""Scene 3: concatenate, then W_O. Each head hands back a short vector in its own colour, worked
in a band of its own, head 1's over head 2's: every token's features, a row each, times that
head's W_V (six rows by three, as scene 2 drew W_Q) give every token's value row (one entry
worked under head 1's band as its token's features × W_V's column, the rest filling row by row);
each row times creature's weight on its token (scene 2's columns, carried whole beside them),
summed under a rule into the head's short vector (its first number worked as its terms under
its own band). End to end, head 1's vector steps right and head 2's comes round beside it: a
row of six numbers, which rises over W_O's columns, "head 1 | head 2", apart from the model's
features that name W_O's rows; W_O maps them onto those features (one entry worked as its terms
and their sum, the rest filling as W_O's row for each meets the six, the entries whose product
it is outlined in both); added to creature's vector, entry by entry, as the voice reads what
moved, nothing creature knew is lost."""

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
from scenes.rules import LEAVING, REST, during
from scenes.widgets import caption, label

# each head's band: its tokens' features (a row each) × its W_V = their values, each value × its
# weight, summed under a rule into the head's short vector
BAND_TOP = (3.0, -0.18)  # each band's first token row's top: head 1's, head 2's
ROW_H = 0.45  # a token's row: its features, its value, its weight (scene 2's rows of weights)
FEATURES_LEFT = -4.3  # the tokens' features' left edge, their names right-aligned left of it
FEATURE_W = 0.4  # a cell of the tokens' features and of W_V
W_V_H = 0.38  # a row of W_V: a digit with room above and below it (its top level with the tokens')
LINE_H = 0.33  # from one line of working under a band to the next
HEAD_LEFT = -6.85  # each head's name's left edge, level with its band's middle
WEIGHT_W = 0.75  # a cell of creature's weights, as scene 2 drew it (carried whole)
GAP = 0.15  # between the pieces of a band
CLEAR = 0.4  # between head 2's weights (and the sums aligned to them) and its vector's path up past them
# W_O and the residual: a row per feature of the model
ROW_TOP = 1.6  # the top of W_O's first row and of every column's first cell
CELL_H = 0.5
CELL_W = 0.8  # a cell of a vector (and of a value), and a column of W_O: each under its entry of the six
ROW_Y = 2.1  # the heads' six numbers as a row, over W_O's columns
HEAD_NAMES_Y = 2.65  # "head 1" | "head 2", each over its half of the row
MATRIX_LEFT = -2.2  # W_O's left edge, right of the features' names
RESULT_X = 3.9  # W_O times the row: what moves into creature's vector
WORK_Y = -2.35  # W_O's worked entry, under its name
READ = 2.0  # seconds a line of working stands complete after its result before it leaves
ROW_MET = 0.6  # seconds W_O's row for each other entry that moves something meets the six
W_O_READ = 1.7  # seconds W_O's worked line stands complete (sped up with the rest of its block)
LEAVE = 0.5  # seconds the bands fade in, after the sentence is spoken, before the next begins
HOLD = 0.8  # the next beat's first seconds, the finished product standing as the heads' names leave
LAST_READ = 1.6  # seconds the last entries written stand before the scene ends
OLD_X, MOVED_X, NEW_X = -1.6, 0.55, 2.65  # the residual: creature's vector + what moved = its new one
NAMES_GAP = 0.2


def weights_column(weights: np.ndarray, color: ManimColor) -> Grid:
    """Creature's weights in one head as scene 2 drew them: a cell per token, its bar as long as
    its share."""
    return Grid([[percent_figure(w)] for w in weights], color, cell_w=WEIGHT_W, cell_h=ROW_H,
                levels=np.asarray(weights)[:, None])


def row_of(values: np.ndarray, color: ManimColor, scale: float) -> Grid:
    """A vector as one row of cells, each number with its size as a bar, hidden until worked out."""
    row = Grid([[short_figure(v) for v in values]], color, cell_w=CELL_W, cell_h=CELL_H,
               levels=np.abs(values)[None, :] / scale)
    hide_numbers(row)
    return row


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
        colors = style.HEADS  # each head's colour: its name, its W_V, its weights, its short vector

        # a band per head: the tokens' features (named) × W_V = the values, empty until worked,
        # each row × its weight (a × on every row), under a rule the head's short vector, empty
        # until summed; under it the head's first number worked as its terms
        heads, head_names, products, values, weights, by_weight, rules = [], [], [], [], [], [], []
        features = []  # each band's tokens' features, a row each (products: the rest, × W_V =)
        row_names, sums, firsts, its_sums = [], [], [], []  # row_names: each band's tokens, a row each
        for h, head in enumerate(L.attention.heads):
            feats = Grid([[short_figure(v) for v in row] for row in L.embeddings], style.EMBEDDING,
                         cell_w=FEATURE_W, cell_h=ROW_H)
            w_v = Grid([[short_figure(v) for v in row] for row in L.w_v[h]], colors[h], cell_w=FEATURE_W,
                       cell_h=W_V_H, text_color=style.INK)
            value = Grid([[short_figure(v) for v in row] for row in head.values], style.VALUE, cell_w=CELL_W,
                         cell_h=ROW_H, levels=np.abs(head.values) / scale)
            hide_numbers(value)
            times, equals = (label(s, size=style.SMALL_SIZE, color=style.MUTED) for s in "×=")
            row_parts = VGroup(feats, times, w_v, equals, value).arrange(RIGHT, buff=GAP)
            row_parts.move_to([FEATURES_LEFT, 0, 0], aligned_edge=LEFT)
            row_parts.shift((BAND_TOP[h] - feats.get_top()[1]) * UP)  # tokens' first row at the band's top
            w_v.align_to(feats, UP)  # six rows taller than the four tokens': down from the band's top
            weight = weights_column(head.weights[f], colors[h]).next_to(value, RIGHT, buff=3 * GAP)
            token_names = VGroup(*(caption(name).move_to([0, feats.cell(t, 0).get_y(), 0])
                                   .align_to([FEATURES_LEFT - GAP, 0, 0], RIGHT)
                                   for t, name in enumerate(L.tokens)))
            # its name left of its last rows, under the tokens' features (the line under the band
            # leaves no room below it)
            w_v_name = built(MathTex, rf"W_V^{{({h + 1})}}", font_size=30, color=colors[h]).next_to(
                w_v, LEFT, buff=0.08).align_to(w_v, DOWN)
            row_names.append(token_names)
            features.append(feats)
            products.append(VGroup(times, w_v, w_v_name, equals))
            values.append(value)
            weights.append(weight)
            by_weight.append(VGroup(*(label("×", size=style.SMALL_SIZE, color=style.MUTED).move_to(
                [(value.get_right()[0] + weight.get_left()[0]) / 2, value.cell(t, 0).get_y(), 0])
                for t in range(len(L.tokens)))))
            rules.append(Line(value.get_corner(DOWN + LEFT), value.get_corner(DOWN + RIGHT),
                              color=style.MUTED, stroke_width=2).shift(0.05 * DOWN))
            heads.append(row_of(outputs[h], colors[h], scale).next_to(value, DOWN, buff=0.1))
            head_names.append(caption(f"head {h + 1}", color=colors[h]).move_to([0, value.get_y(), 0])
                              .align_to([HEAD_LEFT, 0, 0], LEFT))
            # its first number: each token's weight × its value's first entry, and their sum
            line = working([(percent_figure(float(w)), short_figure(float(v)))
                            for w, v in zip(head.weights[f], head.values[:, 0])], None,
                           short_figure(float(outputs[h][0])), style.VALUE)
            line.total[-1].set_color(colors[h])  # the sum is the head's number
            sums.append(line.move_to([0, heads[h].get_bottom()[1] - 0.2 - LINE_H * (h == 0), 0])
                        .align_to(weight, RIGHT))
            firsts.append(SurroundingRectangle(value.col(0), color=style.VALUE, buff=0.04, stroke_width=3))
            its_sums.append(SurroundingRectangle(heads[h].cell(0, 0), color=colors[h], buff=0.03,
                                                 stroke_width=4))
            if h == 0:  # head 1's first value that is not 0 worked: the token's features × W_V's column
                t, k = np.argwhere(head.values != 0)[0] if np.any(head.values) else (0, 0)
                value_line = working([(short_figure(x), short_figure(w)) for x, w in
                                      zip(L.embeddings[t], L.w_v[h][:, k])], None,
                                     short_figure(float(head.values[t, k])), style.VALUE)
                for term in value_line.terms:
                    term[-3].set_color(style.EMBEDDING)  # the feature
                    term[-1].set_color(style.INK)  # W_V's entry
                value_line.move_to([0, heads[h].get_bottom()[1] - 0.2, 0]).align_to(w_v, RIGHT)
                picked = VGroup(SurroundingRectangle(feats.row(t), color=style.EMBEDDING, buff=0.04,
                                                     stroke_width=3),
                                SurroundingRectangle(w_v.col(k), color=style.INK, buff=0.03, stroke_width=3),
                                SurroundingRectangle(value.cell(t, k), color=style.VALUE, buff=0.04,
                                                     stroke_width=4))
                worked_value = (t, k)
        short = len(outputs[0])
        # each token's value row by row (both heads at once), but the one worked
        n_values = values[0].n_cols
        fill_rows = [AnimationGroup(*(a for h in range(len(values)) for j in range(n_values)
                                      if (h, (r, j)) != (0, worked_value)
                                      for a in reveal(values[h], r * n_values + j)))
                     for r in range(len(L.tokens))]
        # end to end: head 1's vector steps right, under its weights; head 2's goes right under its
        # own, then up beside head 1's, CLEAR of the weights and sums on its left: one row of six
        right = np.array([weights[1].get_right()[0] + CLEAR + heads[1].width / 2, heads[0].get_y(), 0])
        ends = [right + heads[1].width * LEFT, right]
        joined = SurroundingRectangle(VGroup(*(h.copy().move_to(e) for h, e in zip(heads, ends))),
                                      color=style.INK, buff=0.06, stroke_width=3)
        numbers = caption(f"{figure('count', 'features', L)} numbers", color=style.INK)
        numbers.next_to(joined, DOWN, buff=0.12).align_to(joined, RIGHT)  # clear of head 2's weights

        def weights_carried() -> tuple[list, Callable[[], list]]:
            """Scene 2's two columns of creature's weights, carried whole (each cell with its box,
            its bar and its percentage): in the scene change head 1's rises and head 2's drops,
            each to its band's rows, then both slide right into their places beside the values
            (none passes the other). Without scene 2, the weights fade in."""
            if "weights" not in self.previous:
                return [], lambda: [FadeIn(w) for w in weights]
            columns = self.take("weights")
            places = [w.get_center() for w in weights]
            for h in range(len(weights)):
                weights[h] = columns[h]  # the bands' weights are scene 2's cells from here
            pairs = list(zip(columns, places))
            return ([c.animate(rate_func=during(LEAVING, 1.0)).set_y(p[1]).build() for c, p in pairs],
                    lambda: [c.animate.set_x(p[0]) for c, p in pairs])

        change, across = weights_carried()
        # W_O as the matrix of the product: a row per feature of the model (named on the left), a
        # column per entry of the heads' six numbers, which stand as a row over its columns
        matrix = Grid([[short_figure(v) for v in row] for row in w_o.T], style.MUTED,
                      cell_w=CELL_W, cell_h=CELL_H)
        matrix.move_to([MATRIX_LEFT, ROW_TOP, 0], aligned_edge=UP + LEFT)
        matrix_name = built(MathTex, "W_O", color=style.INK, font_size=34).next_to(matrix, DOWN, buff=0.15)
        names = VGroup(*(caption(name).move_to([0, row_y(j), 0]) for j, name in enumerate(L.features)))
        for name in names:
            name.align_to(matrix.get_left() + NAMES_GAP * LEFT, RIGHT)
        row_cells = [heads[h].cell(0, j) for h in range(len(heads)) for j in range(short)]
        slots = [matrix.cell(0, k).get_x() for k in range(len(row_cells))]
        with self.beat("outputs-end-to-end") as b:
            # the heads' weights, scene 2's columns, carry into their bands as scene 2 leaves, each
            # band's tokens coming as they land, a name and its features on each row; on "short"
            # each head, named, with its short vector, empty; then its W_V (× W_V =, the values'
            # cells empty), and the value to be worked outlined, its token's features meeting W_V's
            # column, and its terms; on "its" their sum, that value, then on "values" the others
            # row by row; on "weighted" a × on every row and each head's first number's terms
            # (weight × value); on "summed" the rules, their sums, and those numbers in the heads'
            # vectors
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN)),
                                    *change),
                  Play(lambda: [*across(), *(FadeIn(t, shift=0.1 * RIGHT) for t in row_names),
                                *(FadeIn(x, shift=0.1 * RIGHT) for x in features)], run_time=0.5),
                  by="short")
            b.fit(Play(*(FadeIn(n, shift=0.1 * RIGHT) for n in head_names), FadeIn(*heads), run_time=0.3),
                  Play(*(FadeIn(p, shift=0.1 * LEFT) for p in products), *(FadeIn(v) for v in values),
                       run_time=0.3),
                  Play(FadeIn(picked), run_time=0.1),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in value_line.terms), lag_ratio=0.3),
                       run_time=0.25), by="its")
            b.fit(Play(FadeIn(value_line.total, shift=0.1 * LEFT),
                       *reveal(values[0], worked_value[0] * n_values + worked_value[1]), run_time=0.15),
                  Play(LaggedStart(*fill_rows, lag_ratio=0.6), run_time=0.84), by="weighted")
            b.fit(Play(FadeOut(picked[-1]), *(FadeIn(x, shift=0.1 * LEFT) for x in by_weight),
                       FadeIn(*firsts), run_time=0.25),
                  Play(LaggedStart(*(AnimationGroup(*(FadeIn(s.terms[i], shift=0.1 * RIGHT) for s in sums))
                                     for i in range(len(L.tokens))), lag_ratio=0.3), run_time=0.45),
                  by="summed")
            b.fit(Play(FadeOut(picked[:-1]), *(Create(r) for r in rules), FadeIn(*its_sums), run_time=0.2),
                  Play(*(FadeIn(line.total, shift=0.1 * LEFT) for line in sums),
                       *(a for h in heads for a in reveal(h, 0)), run_time=0.3), by="End")
            complete = self.frame  # every band stands complete from here
            six = said_at(b, "count", "features", L)
            # "End to end": the other numbers fill, then head 1's vector steps right and head 2's
            # goes right, then up beside it, outlined as one row of six on "six", while the bands
            # stand complete, READ seconds after their results, before they leave
            b.fit(Play(FadeOut(*its_sums), LaggedStart(*(AnimationGroup(*reveal(heads[h], j))
                                                         for h in range(len(heads)) for j in range(1, short)),
                                                       lag_ratio=0.25), run_time=0.5),
                  Play(lambda: [heads[0].animate.move_to(ends[0]), heads[1].animate.set_x(ends[1][0])],
                       run_time=0.6),
                  Play(lambda: [heads[1].animate.set_y(ends[1][1])], run_time=0.6), by=six[0], n=six[1])
            b.fit(Play(FadeIn(joined), FadeIn(numbers, shift=0.1 * UP), run_time=0.3))
            held = (self.frame - complete) / self.fps  # as the six numbers are named
            b.fit(Play(Wait(), run_time=max(0.05, READ - held)))
            # the bands stand until the sentence is spoken, then fade over LEAVE seconds
            b.fit(Play(Wait(), run_time=max(0.05, b.left() - REST - LEAVE)),
                  Play(FadeOut(*head_names, *row_names, *features, *products, *values, *weights, *by_weight,
                               *rules, *firsts, *sums, value_line),
                       run_time=LEAVE))

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

        def inside(x: float, y: float) -> Rectangle:
            """An outline just inside the cell centred on (x, y): a term of the entry shown."""
            return Rectangle(width=CELL_W - 0.1, height=CELL_H - 0.1, color=style.VALUE,
                             stroke_width=3).move_to([x, y, 0])

        # the other entries: each that moves something, W_O's row meeting the six as it shows
        # (outlined in place, one after another), each of its entries that is not 0 outlined
        # with the number of the six it meets, whose product the entry is; then the rows that
        # move nothing, together
        others = [j for j in range(n) if j != r]
        zeros = [j for j in others if short_figure(float(moved[j])) == short_figure(0.0)]
        rows_met, shown_row = [], None
        for j in (j for j in others if j not in zeros):
            terms = [k for k in range(len(concat)) if short_figure(float(w_o[k, j])) != short_figure(0.0)]
            now_row = VGroup(SurroundingRectangle(matrix.row(j), color=style.INK, buff=0.04, stroke_width=3),
                             row_box.copy(),
                             SurroundingRectangle(result.cell(j, 0), color=style.VALUE, buff=0.06,
                                                  stroke_width=4),
                             *(inside(matrix.cell(j, k).get_x(), row_y(j)) for k in terms),
                             *(inside(slots[k], ROW_Y) for k in terms))
            rows_met.append(Play(*([FadeOut(shown_row)] if shown_row is not None else []), FadeIn(now_row),
                                 *reveal(result, j), run_time=ROW_MET))
            shown_row = now_row

        with self.beat("w-o-mixes") as b:
            # "W O": the six's outline and their name (read since "six") fade where they stand,
            # then the six rise as one row, each over the column of W_O it will meet; each head
            # named over its half, and W_O comes in under them, its rows named by the features it
            # maps onto; "onto": the empty column of what moves, and W_O's row for fluffy
            # texture meets the row of six: the terms, then their sum, which is the entry,
            # standing W_O_READ seconds; then that working leaves
            # (no line of working stands while an entry it did not work out fills); each other
            # entry that moves something shows as W_O's row for it meets the six, the entries
            # whose product it is outlined in both (ROW_MET seconds each, the block sped up
            # together), then the rows that move nothing fill together, and the finished
            # product stands, through the beat's rest and the next beat's first HOLD seconds
            b.fit(Play(lambda: [FadeOut(joined, numbers, rate_func=during(0.0, 0.4)),
                                *(c.animate(rate_func=during(0.35, 1.0)).move_to([x, ROW_Y, 0]).build()
                                  for c, x in zip(row_cells, slots))],
                       run_time=0.9),
                  Play(FadeIn(head_labels, shift=0.1 * DOWN), Create(divider),
                       FadeIn(matrix), FadeIn(names), FadeIn(matrix_name, shift=0.1 * UP), run_time=0.5),
                  by="onto")
            b.fit(Play(FadeIn(equals), FadeIn(result), FadeIn(result_name), FadeIn(ring), FadeIn(pair),
                       run_time=0.3),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in worked.terms), lag_ratio=0.4),
                       run_time=0.7),
                  Play(FadeIn(worked.total, shift=0.1 * LEFT), *reveal(result, r), run_time=0.3),
                  Play(Wait(), run_time=W_O_READ),
                  Play(FadeOut(worked, ring, pair), run_time=0.2),
                  *rows_met, *([Play(*([FadeOut(shown_row)] if shown_row is not None else []),
                                     *(a for j in zeros for a in reveal(result, j)), run_time=0.25)]
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
