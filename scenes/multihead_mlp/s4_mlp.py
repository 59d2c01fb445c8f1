"""Scene 4: the MLP. Every token's vector after attention stands under its token, the features
named on the left: creature's carried from the residual, the others' said to come the same way
(the same heads and W_O); no token looks at another: a wall between each two. Up: W_up (six
features in, eight hidden neurons out) and its column of biases (one per neuron) meet each vector,
creature's first neuron worked as its terms plus its bias (each term's two cells, W_up's and the
vector's, outlined as it is written, then the bias's cell), the other tokens' entries of that
neuron one by one, then the other neurons row by row, each row of W_up and its bias lit as every
token's entry of it fills. The bend: each negative sum
snaps to 0 where it stands. Down: W_down, drawn turned beside the hidden layers (a row per
neuron), takes the eight back to six (creature's entry worked, each term's two cells side by side;
the other features filling together, a line under the working saying what they are); each
vector's six are added to it, entry by entry."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    DashedLine,
    FadeIn,
    FadeOut,
    LaggedStart,
    MathTex,
    SurroundingRectangle,
    UpdateFromAlphaFunc,
    VGroup,
    linear,
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
MATRIX_W, DOWN_W = 0.34, 0.4  # a cell of W_up, of W_down (eight columns, right of the vectors)
BIAS_W = 0.5  # a cell of W_up's biases, a column between W_up and the hidden layers
X_TOP = 2.85  # the top of the tokens' vectors: a row per feature
H_TOP = 0.73  # the top of the hidden layers: a row per neuron
SIDE = 0.38  # on "down" each vector steps this far left of its token, the MLP's six right of it
GAP = 0.15  # between the features' names (or a matrix) and the cells they stand beside
WORK_Y = -2.4  # the line of working, under the hidden layers (and W_up's biases' name)
ROW_STEP = 0.15  # seconds per row as a product fills row by row
TOKEN_STEP = 0.2  # seconds per token as the worked neuron's entry fills token by token
RELU_Y = 1.35  # the ReLU's rule, right of the vectors' lower rows
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


def up_product(w_up: Grid, bias: Grid, k: int, ins: VGroup, hiddens: VGroup, f: int, line,
               note) -> list[Play]:
    """W_up times every token's vector plus the biases, into the hidden layers, worked once and
    then filled so the eye can follow: row `k` meets the focus token's vector term by term (each
    term's two cells outlined as it is written), then its bias's cell as `line`'s bias is, the sum
    its entry; row k's entry of each other token in turn, that token's vector outlined (`note`,
    saying what the other rows give, comes with the first, to be read as they fill); then each
    other row, with its bias, outlined in turn as every token's entry of it fills."""
    outline = ring(w_up.row(k), style.INK, buff=0.03)
    target = ring(hiddens[f].cell(k, 0), style.WEIGHT, 4, 0.05)
    pairs = [VGroup(ring(w_up.cell(k, j), style.QUERY, 3, 0.0), ring(ins[f].cell(j, 0), style.QUERY, 3, 0.0))
             for j in range(len(line.terms))]
    own = ring(bias.cell(k, 0), style.QUERY, 3, 0.0)
    plays = [Play(FadeIn(outline), FadeIn(target), run_time=0.2),
             *(Play(FadeIn(t, shift=0.1 * RIGHT), FadeIn(p), *([FadeOut(pairs[j - 1])] if j else []),
                    run_time=0.15)
               for j, (t, p) in enumerate(zip(line.terms, pairs))),
             Play(FadeOut(pairs[-1]), FadeIn(own), FadeIn(line.bias), run_time=0.3),
             Play(FadeIn(line.total, shift=0.1 * LEFT), FadeOut(target), *reveal(hiddens[f], k),
                  run_time=0.3)]
    lit = None  # the vector of the token whose entry fills
    for i in (i for i in range(len(ins)) if i != f):
        now = ring(ins[i], style.QUERY, 3, 0.03)
        plays.append(Play(*([FadeOut(lit)] if lit else [FadeIn(note)]), FadeIn(now),
                          *reveal(hiddens[i], k), run_time=TOKEN_STEP))
        lit = now
    rest = [j for j in range(w_up.n_rows) if j != k]
    rows = [[a for col in hiddens for a in reveal(col, j)] for j in rest]
    return plays + sweeping(VGroup(outline, own, *([lit] if lit else [])),
                            [ring(VGroup(w_up.row(j), bias.cell(j, 0)), style.INK, buff=0.03) for j in rest],
                            rows, end=0.15)


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
        # where the other tokens' vectors come from (attention, worked as for creature), over what
        # the MLP does with them, both under the walls
        derived = caption("every token after attention: the same heads and W_O",
                          color=style.EMBEDDING).move_to([0, WORK_Y + 0.3, 0])
        alone = caption("each token on its own", color=style.INK).move_to([0, WORK_Y - 0.1, 0])

        with self.beat("no-token-looks") as b:
            # the features' names and creature's new vector move from the residual into the
            # MLP's picture, creature's under its token, as the rest of the last picture leaves;
            # then every other token's vector under its own, with where it comes from (worked as
            # creature's was); on "looks" walls between them
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN)),
                                    self.from_previous("creature", ins[f], FadeIn(ins[f])),
                                    self.from_previous("names", names, FadeIn(names))),
                  Play(*(FadeIn(g, shift=0.1 * DOWN) for i, g in enumerate(ins) if i != f),
                       FadeIn(derived, shift=0.1 * DOWN), run_time=0.6), by="no")
            b.fit(Play(LaggedStart(*(FadeIn(w) for w in walls), lag_ratio=0.2),
                       FadeIn(alone, shift=0.1 * UP), run_time=0.7), by="looks")

        # W_up as the left matrix of the product: a row per hidden neuron (each level with that
        # neuron's row of the hidden layers), a column per feature; right of it its biases, one
        # per neuron; the hidden layers under the vectors, each filled from its own token's vector
        k = L.neuron
        w_up = Grid([[short_figure(v) for v in row] for row in L.w_up.T], style.MUTED,
                    cell_w=MATRIX_W, cell_h=CELL_H)
        bias = cells(L.b_up, style.WEIGHT, BIAS_W, CELL_H)
        bias.move_to([hiddens.get_left()[0] - 2 * GAP, H_TOP, 0], aligned_edge=UP + RIGHT)
        w_up.next_to(bias, LEFT, buff=0.1).align_to(bias, UP)
        up_name = VGroup(built(MathTex, "W_{up}", color=style.INK, font_size=30),
                         caption(f"{figure('count', 'features', L)} → {figure('count', 'neurons', L)}"))
        up_name.arrange(DOWN, buff=0.1).next_to(w_up, LEFT, buff=0.2)
        bias_name = caption("+ a bias", color=style.WEIGHT).next_to(bias, DOWN, buff=0.06)
        terms = [(short_figure(L.w_up[j, k]), short_figure(x[f, j])) for j in range(d)]
        up_line = working(terms, short_figure(L.b_up[k]), short_figure(pre[f, k]), style.EMBEDDING)
        up_line.move_to([0, WORK_Y, 0])
        # what W_up's other rows give, read from the core: when they are all 0, only their biases
        # (short, to be read in the time they take to fill)
        rest = [j for j in range(m) if j != k]
        rows = (f"rows {rest[0] + 1}–{rest[-1] + 1}" if rest == list(range(rest[0], rest[-1] + 1))
                else "the other rows")
        up_note = caption(f"{rows} all 0: bias only" if not L.w_up[:, rest].any()
                          else f"{rows}: worked the same way", color=style.WEIGHT)
        up_note.next_to(up_line, DOWN, buff=0.14)

        with self.beat("goes-up") as b:
            # "up": W_up, its biases and the empty hidden layers; "into": W_up's row for the first
            # neuron meets creature's vector, its terms, its bias and their sum written, the sum
            # its entry; the other tokens' entries of it one by one; then the other rows in turn
            b.fit(Play(FadeOut(alone, derived), run_time=0.3),
                  Play(FadeIn(w_up), FadeIn(bias), FadeIn(up_name), FadeIn(bias_name), FadeIn(hiddens),
                       run_time=0.6), by="up")
            b.fit(*up_product(w_up, bias, k, ins, hiddens, f, up_line, up_note), rest=0.0)

        # the bend: each negative sum snaps to 0 where it stands
        negative = sorted({i for i in range(n) if (pre[i] < 0).any()})
        bent = [column(act[i], style.WEIGHT, HIDDEN_W, xs[i], H_TOP, hidden_scale) for i in range(n)]
        marks = VGroup(*(ring(hiddens[i].cell(j, 0), style.WEIGHT, 4, 0.04)
                         for i in range(n) for j in range(m) if pre[i, j] < 0))
        relu = caption("ReLU: below 0 → 0", color=style.WEIGHT)
        # right of the vectors, over where W_down comes, clear of the six it gives back: it stays
        relu.move_to([0, RELU_Y, 0]).align_to([xs[-1] + SIDE + IN_W / 2 + 0.25, 0, 0], LEFT)

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
            # "bend": every negative sum outlined, then snapping to 0 where it stands; "back":
            # W_up and its line leave, each vector steps aside, W_down comes; its
            # column for the feature creature gains, level with creature's bent hidden layer,
            # meets it term by term, the sum written, and every token's entry of it shows; then,
            # that line standing, a line under it says what W_down's other columns give, as every
            # token's entries of them fade in together
            b.until("bend")
            b.fit(Play(FadeIn(marks), FadeIn(relu, shift=0.1 * LEFT), run_time=0.5),
                  Play(*snapped([count_to(hiddens[i], bent[i], pre[i], act[i], figure=short_figure)
                                 for i in negative]), run_time=0.8),
                  Play(FadeOut(marks), run_time=0.3), by="back")
            b.fit(Play(FadeOut(w_up, bias, up_name, bias_name, up_line, up_note),
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
            # on "result" W_down leaves and creature's new entry shows in its place as a sum still
            # to be done; on "added" a band runs down the rows, each token's entry + the MLP's =
            # its new one, row by row (an entry the MLP changes counts to its new figure as the
            # band passes; creature's, the sum's result with it)
            b.until("result")
            b.fit(Play(FadeOut(w_down, down_name, made), run_time=0.3),
                  Play(FadeIn(VGroup(added, *residual[1][:-1]), shift=0.1 * UP), run_time=0.4), by="added")
            now = band(0)
            b.fit(Play(FadeIn(now), *row_adds(0), run_time=0.4),
                  *sweeping(now, [band(j) for j in range(1, d)], [row_adds(j) for j in range(1, d)],
                            slow=0.6), rest=READ)
        self.keep(tokens=tokens, creature=ins[f], fluffy=ins[L.index("fluffy")], blue=ins[L.index("blue")],
                  hidden=hiddens[f])  # the neuron scene's rows and its one neuron come from these
