"""Scene 4: the MLP. Every token's vector after attention stands under its token, the features
named on the left: creature's carried from the residual, each other token's coming down out of
its token, one at a time, under a line saying what they are; no token looks at another: a wall
between each two. Up: W_up (six features in, eight hidden neurons out) stands right of creature's
vector, a column per neuron, each numbered, each weight level with the feature it weighs; the
followed neuron's column first, its bias under it. That column meets creature's vector (each
weight's cell and the entry it weighs lit side by side), and creature's entry of the neuron is
worked as the terms whose weights are not 0 plus its bias (as the neuron scene writes it); then the
other neurons' columns meet creature's vector in one move, their entries filling,
a line saying they are all 0 (weights and bias); then each other token's hidden layer fills, one
token at a time, its vector outlined. W_up's other columns and its name leave once they are
done, the followed column's name coming in their place. The bend: a small graph of the ReLU,
each sum a dot on it rising onto the bend as the negative sums snap to 0 where they stand; it
leaves with W_down. Down: W_down, drawn turned beside the hidden layers (a row per neuron), takes
the eight back to six (creature's entry worked, each term's two cells side by side; the other
features filling together, a line under the working saying what they are); each vector's six are
added to it, entry by entry. The followed neuron's weights (still level with their features) and
bias stay, stepped aside, for the neuron scene to take up."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    AnimationGroup,
    Axes,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    LaggedStart,
    Line,
    MathTex,
    Restore,
    SurroundingRectangle,
    UpdateFromAlphaFunc,
    VGroup,
    linear,
    there_and_back,
)

from attention.figures import short_figure
from attention.multihead_mlp.lesson import lesson
from attention.multihead_mlp.spoken import figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.multihead_mlp.parts import HEADER_Y, cells, header, hide_numbers, reveal, working
from scenes.prebuilt import built
from scenes.widgets import caption, count_to, figure_in_place, spelled

CELL_H = 0.32
IN_W, HIDDEN_W = 0.72, 0.96  # a cell of a token's vector (and of the MLP's output), of its hidden layer
DOWN_W = 0.4  # a cell of W_down (eight columns, right of the hidden layers)
BIAS_W = 0.5  # a cell of the followed neuron's column of W_up and of its bias
X_TOP = 2.85  # the top of the tokens' vectors: a row per feature
H_TOP = 0.73  # the top of the hidden layers: a row per neuron
SIDE = 0.38  # on "down" each vector steps this far left of its token, the MLP's six right of it
GAP = 0.15  # between the features' names (or a matrix) and the cells they stand beside
WORK_Y = -2.4  # the line of working, under the hidden layers
ROW_STEP = 0.15  # seconds per row as a product fills row by row
MEET = 0.4  # seconds the followed neuron's weights take to meet creature's vector, cell by cell
TERM_STEP = 0.25  # seconds per written term of its sum (the weights that are not 0)
OTHERS = 0.45  # seconds the other neurons' columns take to meet creature's vector, their entries filling
TOKENS = 0.6  # seconds the other tokens' hidden layers take to fill, one after another
IDLE_W = 0.3  # a cell of W_up's columns for the neurons the lesson does not follow
RELU_Y = -0.65  # the ReLU's graph's centre, left of the hidden layers
UNIT = 0.45  # the graph's length for one unit of a sum
KEPT = 0.3 * RIGHT  # on "back" the followed neuron's weights step right of creature's six
UNDER = 0.3  # on "back" its bias steps out of W_down's way, this far under its weights' name
READ = 1.4  # seconds the last figure counted stands before the scene ends


def entry_sum(before: float, moved: float, after: float) -> VGroup:
    """old + the MLP's = new, for one entry, each figure in its role's colour."""
    return spelled([(short_figure(before), style.EMBEDDING), (" + ", style.MUTED),
                    (short_figure(moved), style.VALUE), (" = ", style.MUTED),
                    (short_figure(after), style.EMBEDDING)], size=style.SMALL_SIZE)


def column(values: np.ndarray, color, width: float, x: float, top: float, scale: float) -> Grid:
    """A token's vector as a column of cells centred on x, its top at `top`."""
    return cells(values, color, width, CELL_H, scale).move_to([x, top, 0], aligned_edge=UP)


def count_entry(start: Grid, end: Grid, j: int, a: float, b: float) -> UpdateFromAlphaFunc:
    """Entry j of the column `start` counting in place from a to b, its bar growing to `end`'s."""
    bar, was, becomes = start.bars[j][0], start.bars[j][0].copy(), end.bars[j][0]
    text, final = start.texts[j][0], end.texts[j][0].original_text

    def update(_, alpha: float) -> None:
        bar.interpolate(was, becomes, alpha)
        figure_in_place(text, final if alpha >= 1 else short_figure(a + (b - a) * alpha))

    return UpdateFromAlphaFunc(VGroup(bar, text), update, rate_func=linear)


def sweeping(first, rings: list, rows: list[list], slow: float = ROW_STEP, end: float = 0.3) -> list[Play]:
    """A product filling row by row: the outline `first` (on screen) gives way to each of `rings`
    in turn, in place (an outline never slides over the numbers), as that row's animations
    `rows` play; a row with something to count gets `slow` seconds; the last outline leaves
    (in `end` seconds)."""
    plays, shown = [], first
    for now, row in zip(rings, rows):
        plays.append(Play(FadeOut(shown), FadeIn(now), *row, run_time=slow if row else ROW_STEP))
        shown = now
    return [*plays, Play(FadeOut(shown), run_time=end)]


def snapped(animations: list) -> list:
    """`animations` (counts) made to jump halfway from where they start to where they end: the
    ReLU clips a negative sum to 0, it does not slide it there through every value between."""
    for a in animations:
        a.rate_func = lambda t: 0.0 if t < 0.5 else 1.0
    return animations


def ring(mob, color, width: float = 4, buff: float = 0.04) -> SurroundingRectangle:
    return SurroundingRectangle(mob, color=color, buff=buff, stroke_width=width)


def product(matrix: Grid, row: int, vector: Grid, columns: VGroup, focus: int, line, color,
            times: tuple[float, float, float], transposed: bool = False, note=None) -> list[Play]:
    """A matrix times every token's vector into `columns`, worked once and then filled: `row` of
    the matrix meets the focus token's `vector`, `line`'s terms written one by one, each as the
    two cells it multiplies (the matrix's entry, the vector's) light up, then its bias and sum
    (`times`: how long the terms take, the sum, and the entry's reveal); its entry shows, then
    that row's entry of every other token; then each other row in turn, outlined in place, every
    token's entry of it filling together. `transposed`: the matrix is drawn turned, its rows as
    columns level with the vector's entries, so that each term's two cells stand side by side.
    `note`: a line saying what the other rows give, which comes in as their entries all fill at
    once, no outline running over them (the worked line stays, the note under it)."""
    line_of = matrix.col if transposed else matrix.row
    cell = (lambda i, j: matrix.cell(j, i)) if transposed else matrix.cell
    rows = matrix.n_cols if transposed else matrix.n_rows
    outline = ring(line_of(row), style.INK, buff=0.03)
    target = ring(columns[focus].cell(row, 0), color, 4, 0.05)
    # each term's pair of cells, outlined (never filled over their digits)
    pairs = [VGroup(ring(cell(row, j), style.QUERY, 3, 0.0),
                    ring(vector.cell(j, 0), style.QUERY, 3, 0.0))
             for j in range(len(line.terms))]
    rest = [j for j in range(rows) if j != row]
    terms, total, shown = times
    return [Play(FadeIn(outline), FadeIn(target), run_time=0.4),
            *(Play(FadeIn(t, shift=0.1 * RIGHT), FadeIn(p), *([FadeOut(pairs[j - 1])] if j else []),
                   run_time=terms / len(pairs))
              for j, (t, p) in enumerate(zip(line.terms, pairs))),
            Play(FadeOut(pairs[-1]), FadeIn(line.bias), FadeIn(line.total, shift=0.1 * LEFT), run_time=total),
            Play(*reveal(columns[focus], row), run_time=shown),
            Play(FadeOut(target), *(a for i, col in enumerate(columns) if i != focus
                                    for a in reveal(col, row)), run_time=shown),
            *([Play(FadeOut(outline), FadeIn(note, shift=0.1 * UP),
                    *(a for col in columns for j in rest for a in reveal(col, j)), run_time=0.5)]
              if note is not None else
              sweeping(outline, [ring(line_of(j), style.INK, buff=0.03) for j in rest],
                       [[a for col in columns for a in reveal(col, j)] for j in rest]))]


def up_product(weights: Grid, bias: Grid, others: Grid, ins: VGroup, hiddens: VGroup, k: int, f: int,
               used: list[int], line, note) -> list[Play]:
    """W_up times every token's vector into the hidden layers, as columns meeting a vector: the
    followed neuron's weights (W_up's column for neuron `k`, beside the focus token's vector, each
    weight level with the feature it weighs) meeting the focus token's vector, every weight's cell
    and the entry it weighs outlined side by side; then `line`, its sum written with the terms
    whose weights are not 0 (features `used`), each written as its two cells light again, and its
    bias, the sum filling its entry (`note`, saying what the other neurons are, beside their
    entries from the start, to be read by the time they fill); then the other neurons' columns
    (`others`) meeting the vector in one move, their entries filling; then the other tokens'
    hidden layers, one after another in one staggered move, each vector outlined."""
    outline = ring(VGroup(weights, bias), style.INK, buff=0.03)
    target = ring(hiddens[f].cell(k, 0), style.WEIGHT, 4, 0.05)

    def pair(j: int) -> VGroup:
        return VGroup(ring(weights.cell(j, 0), style.QUERY, 3, 0.0),
                      ring(ins[f].cell(j, 0), style.QUERY, 3, 0.0))

    pairs = VGroup(*(pair(j) for j in range(weights.n_rows)))
    picked = [pair(j) for j in used]
    own = ring(bias.cell(0, 0), style.QUERY, 3, 0.0)
    plays = [Play(FadeIn(outline), FadeIn(target), run_time=0.15),
             Play(LaggedStart(*(FadeIn(p) for p in pairs), lag_ratio=0.3), FadeIn(note), run_time=MEET),
             Play(FadeOut(pairs), run_time=0.1),
             *(Play(FadeIn(term, shift=0.1 * RIGHT), FadeIn(p), *([FadeOut(picked[n - 1])] if n else []),
                    run_time=TERM_STEP) for n, (term, p) in enumerate(zip(line.terms, picked))),
             Play(*([FadeOut(picked[-1])] if picked else []), FadeIn(own), FadeIn(line.bias), run_time=0.25),
             Play(FadeIn(line.total, shift=0.1 * LEFT), FadeOut(target), *reveal(hiddens[f], k),
                  run_time=0.25)]
    vector = ring(ins[f], style.QUERY, 3, 0.03)  # the focus token's vector, met by the other columns
    rest = [j for j in range(hiddens[f].n_rows) if j != k]
    now = VGroup(ring(others, style.INK, buff=0.03), *(ring(hiddens[f].cell(j, 0), style.WEIGHT, 4, 0.05)
                                                        for j in rest))
    plays.append(Play(FadeOut(outline, own), FadeIn(now), FadeIn(vector),
                      *(a for j in rest for a in reveal(hiddens[f], j)), run_time=OTHERS))
    tokens = [i for i in range(len(ins)) if i != f]
    lit = [VGroup(ring(ins[i], style.QUERY, 3, 0.03), ring(hiddens[i], style.WEIGHT, 3, 0.03))
           for i in tokens]
    plays.append(Play(FadeOut(now, vector),
                      LaggedStart(*(AnimationGroup(FadeIn(lit[n]), *(a for j in range(hiddens[i].n_rows)
                                                                      for a in reveal(hiddens[i], j)))
                                    for n, i in enumerate(tokens)), lag_ratio=0.5), run_time=TOKENS))
    return plays + [Play(FadeOut(*lit), run_time=0.15)]


class MLPScene(LessonScene):
    scene_id = "mlp"
    follows = "concat"

    def beats(self) -> None:
        L = lesson()
        f, n, m, d = L.focus, len(L.tokens), len(L.hidden), len(L.features)
        x, pre, act = L.after_attention, L.mlp.pre_activation, L.mlp.activation
        out, new = L.mlp.output, L.mlp.residual
        scale = float(max(np.abs(x).max(), np.abs(new).max(), 1e-9))
        hidden_scale = float(max(np.abs(pre).max(), 1e-9))

        tokens = header(L)
        xs = [t.get_x() for t in tokens]
        ins = VGroup(*(column(x[i], style.EMBEDDING, IN_W, xs[i], X_TOP, scale) for i in range(n)))
        hiddens = VGroup(*(column(pre[i], style.WEIGHT, HIDDEN_W, xs[i], H_TOP, hidden_scale)
                           for i in range(n)))
        for g in (*ins, *hiddens):
            for t in g.all_texts():
                t.set_z_index(1)
        for g in hiddens:
            hide_numbers(g)
        names = VGroup(*(caption(name).move_to([0, ins[0].cell(j, 0).get_y(), 0])
                         for j, name in enumerate(L.features)))
        for name in names:
            name.align_to(ins[0].get_left() + GAP * LEFT, RIGHT)
        walls = VGroup(*(DashedLine([(xs[i] + xs[i + 1]) / 2, HEADER_Y - 0.35, 0],
                                    [(xs[i] + xs[i + 1]) / 2, hiddens.get_bottom()[1], 0],
                                    color=style.MUTED, stroke_width=2) for i in range(n - 1)))
        # what the vectors are (creature's was worked; each other token's comes down from it),
        # over what the MLP does with them, both under the walls
        derived = caption("every token's vector after attention",
                          color=style.EMBEDDING).move_to([0, WORK_Y + 0.3, 0])
        alone = caption("each token on its own", color=style.INK).move_to([0, WORK_Y - 0.1, 0])
        neighbours = [i for i in range(n) if i != f]

        def arrives(i: int) -> Play:
            """Token i's vector after attention comes down out of its token, its box lit."""
            lit = tokens[i].box.animate(rate_func=there_and_back).set_stroke(style.EMBEDDING, width=4)
            return Play(FadeIn(ins[i], shift=0.25 * DOWN), lit.build(),
                        *([FadeIn(derived, shift=0.1 * DOWN)] if i == neighbours[0] else []), run_time=0.35)

        with self.beat("no-token-looks") as b:
            # the features' names and creature's new vector move from the residual into the
            # MLP's picture, creature's under its token, as the rest of the last picture leaves;
            # then each other token's vector after attention, one at a time, out of its token;
            # on "looks" walls between them
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN)),
                                    self.from_previous("creature", ins[f], FadeIn(ins[f])),
                                    self.from_previous("names", names, FadeIn(names))),
                  *(arrives(i) for i in neighbours), by="no")
            b.fit(Play(LaggedStart(*(FadeIn(w) for w in walls), lag_ratio=0.2),
                       FadeIn(alone, shift=0.1 * UP), run_time=0.7), by="looks")

        # W_up's column for the neuron the lesson follows (its weights, one per feature), drawn
        # right of creature's vector, each weight level with the feature it weighs, so that each
        # term of creature's sum is two cells side by side; its bias under it, level with the
        # neuron's entry of the hidden layers, which fill under the vectors; the other neurons
        # only said, as what they give every token fills
        k = L.neuron
        weights = cells(L.w_up[:, k], style.MUTED, BIAS_W, CELL_H)
        weights.move_to([hiddens.get_right()[0] + GAP, X_TOP, 0], aligned_edge=UP + LEFT)
        bias = cells(L.b_up[k:k + 1], style.WEIGHT, BIAS_W, CELL_H)
        bias.move_to([weights.get_left()[0], H_TOP, 0], aligned_edge=UP + LEFT)
        rest = [j for j in range(m) if j != k]
        # W_up's columns for the other neurons, right of the followed one's, each numbered over
        # its column (the followed one's too); they leave, with W_up's name, once the hidden
        # layers are worked, and the followed column's name comes in their place
        w_rest = Grid([[short_figure(L.w_up[j, i]) for i in rest] for j in range(d)], style.MUTED,
                      cell_w=IDLE_W, cell_h=CELL_H)
        w_rest.move_to(weights.get_corner(UP + RIGHT), aligned_edge=UP + LEFT)
        numbers = VGroup(caption(str(k + 1), color=style.INK).next_to(weights, UP, buff=0.06),
                         *(caption(str(i + 1)).next_to(w_rest.col(c), UP, buff=0.06)
                           for c, i in enumerate(rest)))
        up_title = VGroup(built(MathTex, "W_{up}", color=style.INK, font_size=30),
                          caption(f"{figure('count', 'features', L)} → {figure('count', 'neurons', L)}"))
        up_title.arrange(DOWN, buff=0.1).next_to(w_rest, RIGHT, buff=0.2).align_to(weights, UP)
        up_name = caption(f"neuron {k + 1}'s weights")
        up_name.next_to(weights, RIGHT, buff=0.2).align_to(weights, UP).shift(
            (up_title.height + 0.1) * DOWN)  # where it stands beside W_up's name, without it
        bias_name = caption("+ its bias", color=style.WEIGHT).next_to(bias, RIGHT, buff=0.15)
        neuron = VGroup(weights, bias, up_name, bias_name)  # kept, for the neuron scene to take up
        used = [j for j in range(d) if short_figure(L.w_up[j, k]) != short_figure(0.0)]
        up_line = working([(short_figure(L.w_up[j, k]), short_figure(x[f, j])) for j in used],
                          short_figure(L.b_up[k]), short_figure(pre[f, k]), style.EMBEDDING)
        up_line.move_to([0, WORK_Y, 0])  # the weights that are not 0, as the neuron scene writes it
        up_name.save_state()  # unseen in the place of W_up's other columns until they leave (by its
        for part in up_name.family_members_with_points():  # drawn parts: those `Restore` brings back)
            part.set_opacity(0)
        # what the other neurons are, read from the core, beside their entries of creature's
        # hidden layer (under the followed one's bias): said as their entries fill
        rows = (f"neurons {rest[0] + 1}–{rest[-1] + 1}:" if rest == list(range(rest[0], rest[-1] + 1))
                else "the other neurons:")
        idle = not (L.w_up[:, rest].any() or L.b_up[rest].any())
        up_note = VGroup(*(caption(t, color=style.WEIGHT)
                           for t in (rows, "weights and bias all 0" if idle else "worked the same way")))
        up_note.arrange(DOWN, aligned_edge=LEFT, buff=0.08)
        up_note.move_to(hiddens[f].cell((rest[0] + rest[-1]) // 2, 0)).align_to(bias, LEFT)

        with self.beat("goes-up") as b:
            # "up": W_up, its eight columns numbered, beside creature's vector (the followed
            # neuron's first, its bias under it), and the empty hidden layers; then neuron 1's
            # column meets creature's vector, cell beside cell, and its sum is written with the
            # weights that are not 0, their cells lit again, and its bias, the sum its entry (the
            # line saying what the other neurons are beside their entries meanwhile); then the
            # other neurons' columns meet it in one move, their entries filling; then the other
            # tokens' hidden layers, one after another, each vector outlined
            b.fit(Play(FadeOut(alone, derived), run_time=0.3))
            b.until("up")
            b.fit(Play(FadeIn(neuron), FadeIn(up_title), FadeIn(w_rest, numbers), FadeIn(hiddens),
                       run_time=0.35),
                  *up_product(weights, bias, w_rest, ins, hiddens, k, f, used, up_line, up_note), rest=0.0)

        # the bend: a small graph of the ReLU, left of the hidden layers and under the features'
        # names; each sum a dot on it, a negative one on the straight line, rising onto the bend
        # as its sums (outlined) snap to 0 where they stand; creature's, above zero, on the rise
        negative = sorted({i for i in range(n) if (pre[i] < 0).any()})
        bent = [column(act[i], style.WEIGHT, HIDDEN_W, xs[i], H_TOP, hidden_scale) for i in range(n)]
        marks = VGroup(*(ring(hiddens[i].cell(j, 0), style.WEIGHT, 4, 0.04)
                         for i in range(n) for j in range(m) if pre[i, j] < 0))
        axes = Axes(x_range=[-3.5, 1.5, 1], y_range=[-3.5, 1.5, 1], x_length=5 * UNIT, y_length=5 * UNIT,
                    tips=False, axis_config={"color": style.MUTED, "stroke_width": 2})
        axes.move_to([0, RELU_Y, 0]).align_to([hiddens.get_left()[0] - 4 * GAP, 0, 0], RIGHT)
        o = axes.c2p(0, 0)
        graph = VGroup(axes, DashedLine(axes.c2p(-3.5, -3.5), o, color=style.DIM, stroke_width=2),
                       Line(axes.c2p(-3.5, 0), o, color=style.WEIGHT, stroke_width=4),
                       Line(o, axes.c2p(1.5, 1.5), color=style.WEIGHT, stroke_width=4))
        relu = caption("ReLU: below 0 → 0", color=style.WEIGHT)
        relu.next_to(axes, UP, buff=0.1).align_to(axes, LEFT)
        sums = sorted({float(v) for v in pre[:, k]})  # the followed neuron's sums (the others' are 0)
        dots = VGroup(*(Dot(axes.c2p(v, v), radius=0.07, color=style.INK) for v in sums))

        # W_down drawn turned, right of the hidden layers: a row per hidden neuron, level with
        # creature's, a column per feature, so that each term of creature's product is two cells
        # side by side; the six it gives back stand right of each vector, which steps aside
        outs = VGroup(*(column(out[i], style.VALUE, IN_W, xs[i] + SIDE, X_TOP, scale) for i in range(n)))
        for g in outs:
            hide_numbers(g)
        w_down = Grid([[short_figure(v) for v in row] for row in L.w_down], style.MUTED,
                      cell_w=DOWN_W, cell_h=CELL_H)
        w_down.move_to([hiddens.get_right()[0] + GAP, H_TOP, 0], aligned_edge=UP + LEFT)
        down_name = VGroup(built(MathTex, "W_{down}", color=style.INK, font_size=30),
                           caption(f"{figure('count', 'neurons', L)} → {figure('count', 'features', L)}"))
        down_name.arrange(DOWN, buff=0.1).next_to(w_down, RIGHT, buff=0.2).align_to(w_down, UP)
        c = int(np.argmax(np.abs(out[f])))  # the feature the MLP writes for creature
        made = caption(L.features[c]).next_to(w_down.col(c), UP, buff=0.08)  # what that column makes
        terms = [(short_figure(L.w_down[j, c]), short_figure(act[f, j])) for j in range(m)]
        down_line = working(terms, short_figure(L.b_down[c]), short_figure(out[f, c]), style.WEIGHT)
        down_line.move_to([0, WORK_Y, 0])
        # what W_down's other columns give every token, read from the core: said as one figure
        # when they all show alike (here every one is 0), else only that they fill the same way
        others = [j for j in range(d) if j != c]
        given = {short_figure(v) for v in out[:, others].ravel()}
        rest_note = caption(f"other columns: all {next(iter(given))} here" if len(given) == 1
                            else "other columns: filled the same way", color=style.VALUE)
        rest_note.next_to(down_line, DOWN, buff=0.14)

        with self.beat("bend-and-down") as b:
            # the hidden layers done, W_up's name leaves; "bend": the ReLU's graph, each sum a dot
            # on it, every negative sum outlined; "ReLU": the dots rise onto the bend, the sums
            # snap to 0 where they stand, the note on W_up's other neurons leaving; "back": the
            # W_up's line leaves, neuron 1's column steps aside, each vector too, W_down
            # comes; its column for the feature creature gains, level with creature's bent hidden
            # layer, meets it term by term, the sum written, and every token's entry of it shows;
            # then, that line standing, a line under it says what W_down's other columns give, as
            # every token's entries of them fade in together
            b.fit(Play(FadeOut(up_title, w_rest, numbers), run_time=0.25), by="bend")
            b.fit(Play(Create(graph), FadeIn(relu, shift=0.1 * DOWN), Restore(up_name), run_time=0.45),
                  Play(FadeIn(dots, scale=0.5), FadeIn(marks), run_time=0.25), by="ReLU")
            b.fit(Play(*(d.animate.move_to(axes.c2p(v, max(v, 0.0))) for d, v in zip(dots, sums)),
                       run_time=0.5),
                  Play(*snapped([count_to(hiddens[i], bent[i], pre[i], act[i], figure=short_figure)
                                 for i in negative]), run_time=0.4),
                  Play(FadeOut(marks, up_note), run_time=0.3), by="back")
            # (the followed neuron's column steps right of creature's six, still level with the
            # features; its bias up out of W_down's way, under the column's name, arcing below
            # the column's cells)
            aside = KEPT + [up_name.get_left()[0], up_name.get_bottom()[1] - UNDER, 0] - bias.get_corner(UL)
            b.fit(Play(FadeOut(up_line), *(m.animate.shift(KEPT) for m in (weights, up_name)),
                       *(m.animate(path_arc=1.0).shift(aside) for m in (bias, bias_name)),
                       ins.animate.shift(SIDE * LEFT), names.animate.shift(SIDE * LEFT), run_time=0.4),
                  Play(FadeIn(w_down), FadeIn(down_name), FadeIn(made), FadeIn(outs), run_time=0.4))
            b.fit(*product(w_down, c, hiddens[f], outs, f, down_line, style.VALUE, times=(1.6, 0.4, 0.3),
                           transposed=True, note=rest_note))

        # added back, entry by entry: each vector's entries and the MLP's, a row at a time
        news = [column(new[i], style.EMBEDDING, IN_W, xs[i] - SIDE, X_TOP, scale) for i in range(n)]
        added = caption(f"{L.tokens[f]}'s {L.features[c]}:", color=style.INK)
        residual = VGroup(added, entry_sum(x[f, c], out[f, c], new[f, c]))
        # (in W_down's place, right of the hidden layers: W_down's line stays to be read)
        residual.arrange(DOWN, aligned_edge=LEFT, buff=0.12).next_to(hiddens, RIGHT, buff=0.35)

        def band(j: int) -> SurroundingRectangle:
            return ring(VGroup(ins[0].cell(j, 0), outs[-1].cell(j, 0)), style.VALUE, 3, 0.03)

        total = residual[1][-1]  # the sum's result, written as its entry counts to it

        def row_adds(j: int) -> list:
            """Row j: each entry that changes counts from its old figure to its new one."""
            return [count_entry(ins[i], news[i], j, x[i, j], new[i, j])
                    for i in range(n) if short_figure(x[i, j]) != short_figure(new[i, j])] + (
                [FadeIn(total, shift=0.1 * LEFT)] if j == c else [])

        with self.beat("added-back") as b:
            # on "result" W_down and the ReLU's graph (read by now) leave and creature's new entry
            # shows in W_down's place as a sum still to be done; on "added" a band runs down the
            # rows, each token's entry + the MLP's =
            # its new one, row by row (an entry the MLP changes counts to its new figure as the
            # band passes; creature's, the sum's result with it)
            b.until("result")
            b.fit(Play(FadeOut(w_down, down_name, made, graph, relu, dots), run_time=0.3),
                  Play(FadeIn(VGroup(added, *residual[1][:-1]), shift=0.1 * UP), run_time=0.4), by="added")
            now = band(0)
            b.fit(Play(FadeIn(now), *row_adds(0), run_time=0.4),
                  *sweeping(now, [band(j) for j in range(1, d)], [row_adds(j) for j in range(1, d)],
                            slow=0.6), rest=READ)
        self.keep(tokens=tokens, creature=ins[f], fluffy=ins[L.index("fluffy")], blue=ins[L.index("blue")],
                  hidden=hiddens[f], weights=weights, bias=bias)  # the neuron scene's rows, its neuron
        # and its weights come from these; with the names of those still on screen
        on = {id(m) for m in self.get_mobject_family_members()}
        self.keep(**{key: t for key, t in (("weights_name", up_name), ("bias_name", bias_name),
                                          *((f"name: {n}", t) for n, t in zip(L.features, names)))
                     if id(t) in on})
