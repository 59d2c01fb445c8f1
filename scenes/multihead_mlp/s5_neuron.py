"""Scene 5: one neuron. It comes out of the MLP's picture: in one fade all of it the neuron does
not use leaves, what it uses staying named (the two features it weighs, fluffy texture and noun,
in fluffy's, blue's and creature's vectors; its weights for them and its bias, W_up's column for
it); "one neuron" is named; the features' names leave and each token's two features move, one
token after another, into a row, named as it lands. Each weight, then the bias, moves in its box
into the neuron's formula, there as its figure is said. Its sum for creature, fluffy, blue and
creature before attention is written as terms, each number copied from its row's cells; the
ReLU drawn as a graph, each sum a dot on it (the negative ones bending to 0); firing, its output
(read off the bend) moves into "soft", a feature no token had."""

import math
from collections.abc import Sequence

import numpy as np
from manim import (
    DOWN,
    DR,
    LEFT,
    RIGHT,
    UL,
    UP,
    Animation,
    AnimationGroup,
    Axes,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    Mobject,
    ReplacementTransform,
    SurroundingRectangle,
    Transform,
    TransformFromCopy,
    VGroup,
    linear,
    smooth,
    there_and_back,
)

from attention.figures import short_figure
from attention.multihead_mlp.lesson import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.beat import Beat
from scenes.grid import Grid
from scenes.multihead_mlp.parts import header, said_at, working
from scenes.rules import during, leaving
from scenes.widgets import caption, label, mono, spelled

FORMULA_Y = 2.55
LINES_Y = (1.65, 0.85, 0.05, -0.75)  # creature, fluffy, blue, creature before attention
NAMES_RIGHT = -5.6  # the lines' names end here; each token's two features, then its working
CELL_W, CELL_H = 0.95, 0.4  # a cell of a token's vector (its two features the neuron weighs)
WORK_LEFT = NAMES_RIGHT + 0.2 + 2 * CELL_W + 0.25  # where each line's working starts
SOFT_Y = -2.0  # the feature the neuron writes, for every token
AXES_AT = (4.1, -0.25)
UNIT = 0.8  # the graph's length for one unit of its sum (and of its output)
FEATURES = ("fluffy texture", "noun")  # what the neuron weighs
TURN = 0.6  # the arc of the first feature's path, as a pair moves from a column into a row
HOP = 0.4  # how far a copied number dips under its row's texts, from its cell into its line


def over(top: float):
    """A path (for a Transform) that rises to y = `top`, crosses, then drops into place: a figure
    carried into the formula passes over its line, never through the pieces already there."""
    def path(start: np.ndarray, end: np.ndarray, alpha: float) -> np.ndarray:
        rise, across, drop = (smooth(min(1.0, max(0.0, (alpha - a) / (b - a))))
                              for a, b in ((0.0, 0.25), (0.2, 0.8), (0.75, 1.0)))
        if not len(start):
            return start
        lift = ((top - start[:, 1].mean()) * rise * (1 - across)
                + (top - end[:, 1].mean()) * (1 - drop) * across)
        return start + (end - start) * across + UP * lift
    return path


def share(b: Beat, word: str, by: tuple[str, int]) -> float:
    """The share of the time from now to the word `by` (which, and its occurrence) at which `word`
    is said: where in a play ending on `by` a change named by `word` goes (a half, untimed)."""
    if b.scene.timeless:
        return 0.5
    now, end = b.scene.frame, b.word_frame(*by)
    return min(0.9, max(0.0, (b.word_frame(word) - now) / max(1, end - now)))


class NeuronScene(LessonScene):
    scene_id = "neuron"
    follows = "mlp"

    def beats(self) -> None:
        L = lesson()
        f, k = L.focus, L.neuron
        fluffy, blue = L.index("fluffy"), L.index("blue")
        cols = [L.features.index(name) for name in FEATURES]
        weights = [short_figure(L.w_up[j, k]) for j in cols]
        bias = short_figure(L.neuron_bias)
        tokens = header(L)
        after, before = L.after_attention, L.embeddings
        # the bars' scale of the vectors the MLP scene draws, so a carried cell keeps its bar
        scale = float(max(np.abs(after).max(), np.abs(L.mlp.residual).max(), 1e-9))

        neuron = label("one neuron:", size=style.BODY_SIZE - 4, color=style.INK)
        # (a negative bias in brackets, its figure a piece of its own for the MLP scene's to move into)
        signed = [("(", style.WEIGHT), (bias, style.WEIGHT), (")", style.WEIGHT)] if bias.startswith("-") \
            else [(bias, style.WEIGHT)]
        formula = spelled([(weights[0], style.INK), ("×fluffy texture", style.MUTED), (" + ", style.MUTED),
                           (weights[1], style.INK), ("×noun", style.MUTED), (" + ", style.MUTED), *signed])
        VGroup(neuron, formula).arrange(RIGHT, buff=0.35).move_to([0, FORMULA_Y, 0]).to_edge(LEFT, buff=0.7)
        w1, times1, plus1, w2, times2, plus2, *signs = formula
        b_ = VGroup(*signs)
        figures = (w1, w2, signs[len(signs) // 2])  # where the MLP scene's weights and bias go

        def vector(x, token: int, y: float) -> Grid:
            """A token's two features the neuron weighs, side by side, each with its bar."""
            values = np.array([[x[token, j] for j in cols]])
            g = Grid([[short_figure(v) for v in values[0]]], style.EMBEDDING, cell_w=CELL_W, cell_h=CELL_H,
                     levels=np.abs(values) / scale)
            for t in g.all_texts():
                t.set_z_index(1)
            return g.move_to([0, y, 0]).align_to([NAMES_RIGHT + 0.2, 0, 0], LEFT)

        def line(token: int, x, y: float, name: str) -> tuple:
            """A token's two features, its weighted sum as its terms, plus the bias, = its sum;
            its name on the left."""
            terms = [(weights[m], short_figure(x[token, j])) for m, j in enumerate(cols)]
            pre = float(sum(L.w_up[j, k] * x[token, j] for j in cols) + L.neuron_bias)
            w = working(terms, bias, short_figure(pre), style.EMBEDDING, size=style.BODY_SIZE - 4)
            w.move_to([0, y, 0]).align_to([WORK_LEFT, 0, 0], LEFT)
            n = caption(name, color=style.INK).move_to([0, y, 0]).align_to([NAMES_RIGHT, 0, 0], RIGHT)
            return n, w, pre, vector(x, token, y)

        rows = [line(f, after, LINES_Y[0], L.tokens[f]), line(fluffy, after, LINES_Y[1], "fluffy"),
                line(blue, after, LINES_Y[2], "blue"),
                line(f, before, LINES_Y[3], f"{L.tokens[f]}\nbefore\nattention")]
        heads = VGroup(*(caption(name.split()[-1]).next_to(rows[0][3].cell(0, m), UP, buff=0.1)
                         for m, name in enumerate(FEATURES)))

        def spare(name: str) -> Mobject | None:
            """The followed scene's kept `name` (a name of what carries on) taken and left on
            screen, to leave only once what it names has moved; None when it kept no such name."""
            return self.take(name) if name in self.previous else None

        def unused(name: str, used: Sequence[int] = ()) -> list:
            """The MLP scene's column `name`, but for its rows `used`, fading as that picture
            leaves (one fade for all that is not taken up)."""
            if name not in self.previous:
                return []
            column = self.take(name)
            return leaving([column.cell(j, 0) for j in range(column.n_rows) if j not in used])

        def carried(name: str, row: tuple, when: tuple[float, float], arc: float = 0.0) -> list:
            """The two features of the MLP scene's column for this token move into the row (within
            `when`, shares of the play: one column after another, none crossing another's cells;
            `arc` bends the path), the row's name (on screen unseen from the start, so that both
            runs stack it alike) showing as they land; a fade in when that scene kept no such column."""
            target = row[3]
            named = row[0].animate(rate_func=during(when[1] - 0.1, when[1])).set_opacity(1).build()
            if name not in self.previous:
                return [FadeIn(target), named]
            column = self.previous[name]
            # the first feature's cell, over the second in the column and left of it in the row,
            # turns over it (a straight path would cross its corner)
            return [ReplacementTransform(column.cell(j, 0), target.cell(0, m), rate_func=during(*when),
                                         path_arc=arc + (TURN if m == 0 else 0.0))
                    for m, j in enumerate(cols)] + [named]

        ring = SurroundingRectangle(neuron, color=style.WEIGHT, buff=0.1, stroke_width=3)
        kept = []  # the MLP scene's cells of this neuron's two weights and of its bias, when it kept them

        def column() -> list:
            """The MLP scene's column of this neuron's weights (W_up's), and its bias under it, stay
            where that scene left them, named; the weights of the features this neuron does not
            weigh leave with that picture."""
            if "weights" not in self.previous:
                return []
            fades = unused("weights", cols)
            own = self.take("bias")
            kept.extend([*(self.previous["weights"].cell(j, 0) for j in cols), own.cell(0, 0)])
            return fades

        def weighed(m: int, *also: Animation, run_time: float = 1.0) -> Play:
            """Weight `m` (2: the bias) moves in its box, outlined, from the MLP scene's column
            into its place in the formula (over the formula's line, but the bias, which comes from
            under it), with `also`; `landed` then shows it there. When that scene kept no column
            it shows on `landed`."""
            if not kept:
                return Play(*also, run_time=run_time)
            cell = kept[m]
            box = cell[0].copy().set_stroke(style.QUERY, width=3)  # (fitted round the figure, clear of
            # the formula's pieces beside it)
            box.stretch_to_fit_width(figures[m].width + 0.1).move_to(figures[m])
            how = {"rate_func": during(0.0, 1.0)} if m == 2 else \
                {"path_func": over(FORMULA_Y + 0.33), "rate_func": linear}
            return Play(Transform(cell, VGroup(box, figures[m].copy().set_opacity(1)), **how), *also,
                        run_time=run_time)

        def landed(m: int, *also: Animation, run_time: float = 0.25) -> Play:
            """On its word, weight `m`, in its place, leaves its box (or shows, when it came
            from no column), with `also`."""
            if not kept:
                return Play(figures[m].animate.set_opacity(1), *also, run_time=run_time)
            cell = kept[m]
            return Play(FadeOut(cell[0], rate_func=during(0.0, 0.5)), *also, run_time=run_time,
                        then=lambda: (self.remove(*cell.get_family()), figures[m].set_opacity(1)))

        def lit(v: Grid, m: int, rate=there_and_back) -> Indicate:
            """A vector's cell flashing: its outline, its number left as it is."""
            return Indicate(v.rects[0][m], color=style.QUERY, scale_factor=1.0, rate_func=rate)

        def feature(m: int, rate=there_and_back) -> AnimationGroup:
            """The feature the formula names, outlined down the rows' vectors (`rate`: when)."""
            return AnimationGroup(Indicate(heads[m], color=style.QUERY, scale_factor=1.0, rate_func=rate),
                                  *(lit(r[3], m, rate) for r in rows[:3]))

        with self.beat("weighs-two-features") as b:
            # in one fade, all of the MLP's picture the neuron does not use leaves: the features'
            # names, the neuron's weights and its bias, with their names, stay; "one neuron": it is
            # named; then fluffy's, blue's and creature's two features, one token after another,
            # move into rows, each named as it lands, the features' names (their rows gone) giving
            # way to the columns' names; each feature lights in every row as it is said, the
            # neuron's weight for it moving, in its box, into the formula, there on its figure;
            # the bias likewise, on "minus"
            self.add(*(r[0].set_opacity(0) for r in rows[:3]), *(w.set_opacity(0) for w in figures))
            # (the tokens taken first: what is taken stacks in that order, as in the run for the
            # last picture only, so both end on one picture)
            header_ = self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN))
            names = [spare(f"name: {name}") for name in FEATURES]
            up_names = [spare("weights_name"), spare("bias_name")]
            fades = [*unused("fluffy", cols), *unused("blue", cols), *unused("creature", cols),
                     *unused("hidden"), *column()]
            b.fit(self.scene_change(header_, *fades,
                                    *(FadeOut(n, rate_func=during(0.3, 0.42)) for n in names if n),
                                    *carried("fluffy", rows[1], (0.38, 0.62)),
                                    *carried("blue", rows[2], (0.55, 0.79), arc=-0.6),
                                    *carried("creature", rows[0], (0.7, 0.94)),
                                    Create(ring, rate_func=during(0.2, 0.33)),
                                    FadeIn(neuron, rate_func=during(0.33, 0.45)),
                                    FadeIn(heads, rate_func=during(0.9, 1.0)), run_time=1.6),
                  by="fluffy")
            three = said_at(b, "weight", FEATURES[0], L)
            b.fit(weighed(0, FadeIn(times1, rate_func=during(0.0, 0.3)), feature(0)), by=three[0], n=three[1])
            # (the second weight sets off as the first lands, the second feature lighting on "noun")
            three = said_at(b, "weight", FEATURES[1], L, after="noun")
            noun = share(b, "noun", three)
            b.fit(landed(0),
                  weighed(1, FadeIn(plus1, times2, rate_func=during(noun, min(1.0, noun + 0.3))),
                          feature(1, lambda t: there_and_back(min(1.0, max(0.0, (t - noun) / (1 - noun))))),
                          run_time=0.85),
                  by=three[0], n=three[1])
            b.fit(landed(1, *(FadeOut(n) for n in up_names[:1] if n)))
            b.until("and")
            minus = said_at(b, "bias", L.hidden[k], L)
            b.fit(weighed(2, FadeIn(plus2),
                          *(FadeOut(n, rate_func=during(0.0, 0.3)) for n in up_names[1:] if n)),
                  by=minus[0], n=minus[1])
            b.fit(landed(2, *(FadeIn(e, rate_func=during(0.5, 1.0)) for e in signs if e is not figures[2]),
                         run_time=0.4))

        axes = Axes(x_range=[-3.5, 1.5, 1], y_range=[-3.5, 1.5, 1], x_length=5 * UNIT, y_length=5 * UNIT,
                    tips=False, axis_config={"color": style.MUTED, "stroke_width": 2})
        axes.move_to([*AXES_AT, 0])
        o = axes.c2p(0, 0)
        flat = Line(axes.c2p(-3.5, 0), o, color=style.WEIGHT, stroke_width=5)
        rising = Line(o, axes.c2p(1.5, 1.5), color=style.WEIGHT, stroke_width=5)
        straight = DashedLine(axes.c2p(-3.5, -3.5), o, color=style.DIM, stroke_width=2)
        axis_names = VGroup(caption("sum").next_to(axes.c2p(1.5, 0), DOWN, buff=0.15),
                            caption("out").next_to(axes.c2p(0, 1.5), LEFT, buff=0.15))
        relu = caption("ReLU", color=style.WEIGHT).next_to(axes.c2p(1.5, 1.5), LEFT, buff=0.3)
        graph = VGroup(axes, straight, flat, rising, axis_names, relu)

        def dot(pre: float, name: str) -> VGroup:
            """A token's sum on the graph's straight line, its name clear of every line: below
            zero left of the dashed line (top at the dot's height), above zero under the bend."""
            d = Dot(axes.c2p(pre, pre), radius=0.09, color=style.EMBEDDING)
            tag = caption(name, color=style.EMBEDDING)
            if pre > 0:
                tag.next_to(d, DR, buff=0.05)
            else:
                tag.next_to(d, LEFT, buff=0.3).align_to(d.get_center(), UP)
            return VGroup(d, tag)

        dots = [dot(rows[0][2], L.tokens[f]), dot(rows[1][2], "fluffy"), dot(rows[2][2], "blue"),
                dot(rows[3][2], "before")]

        def bent(*which: tuple[VGroup, float, np.ndarray]) -> list[Play]:
            """Each dot rises onto the bend (out 0), its name stepping aside meanwhile so that no
            dot crosses a name: it leaves, and shows again over the dot (`UP`, kept left of the
            out-axis) or under it (`DOWN`, kept left of the dot, clear of the dashed line)."""
            names, rises = [], []
            for d, pre, side in which:
                at = axes.c2p(pre, 0)
                tag = d[1].copy()
                if side is UP:
                    tag.next_to(at, UP, buff=0.2)
                    tag.shift(min(0.0, o[0] - 0.1 - tag.get_right()[0]) * RIGHT)
                else:
                    tag.next_to(at, DOWN, buff=0.2).align_to(at + 0.09 * RIGHT, RIGHT)
                names.append((d[1], tag))
                rises.append(d[0].animate.move_to(at))
            return [Play(*(FadeOut(old) for old, _ in names), run_time=0.2), Play(*rises, run_time=0.6),
                    Play(*(FadeIn(new) for _, new in names), run_time=0.3)]

        def hop(start: Mobject, end: Mobject) -> float:
            """The arc that dips HOP under the row (clear of the features' names over it) between
            `start` and `end`: clockwise, as a TransformFromCopy plays its path backwards."""
            return -4 * math.atan(2 * HOP / max(1e-6, abs(end.get_x() - start.get_x())))

        def worked(b, row: tuple, by: tuple[str, int], first: str,
                   named: tuple[tuple[str, int, int], ...], *extra: Play, arrive: bool = False) -> None:
            """A row's terms from the word `first` (its name and vector too, when they `arrive`
            then): each number copied from the row's vector into its term, then the weights;
            each term (by index) and its feature's cell lighting on the word that names it
            (`named`: the word, the term, which of the sentence's times the word is said); its
            bias and sum on the spoken sum."""
            name, w, _, v = row
            b.until(first)
            copies = [TransformFromCopy(v.texts[0][m], t[-1], path_arc=hop(v.texts[0][m], t[-1]))
                      for m, t in enumerate(w.terms)]
            b.fit(*([Play(FadeIn(name, shift=0.1 * RIGHT), FadeIn(v), run_time=0.4)] if arrive else []),
                  Play(LaggedStart(*copies, lag_ratio=0.5), run_time=0.9),
                  Play(*(FadeIn(t[:-1]) for t in w.terms), run_time=0.3), by=named[0][0], n=named[0][2])
            for (_, m, _), (then, n) in zip(named, [*((word, k) for word, _, k in named[1:]), by]):
                b.fit(Play(Indicate(w.terms[m], color=style.EMBEDDING, scale_factor=1.06),
                           lit(v, m), run_time=0.6),
                      by=then, n=n)
            b.fit(Play(FadeIn(w.bias), FadeIn(w.total, shift=0.1 * LEFT), run_time=0.5), *extra)

        with self.beat("creature-fires") as b:
            # creature's sum, term by term as it is described, its total on the figure; "Above
            # zero": the ReLU's graph and creature's dot on it; "fires": the dot flashes
            worked(b, rows[0], said_at(b, "pre", L.tokens[f], L), "Creature",
                   (("noun", 1, 1), ("fluffy", 0, 1)))
            b.until("Above")
            b.fit(Play(FadeIn(graph), FadeIn(dots[0]), run_time=0.7), by="fires")
            b.fit(Play(dots[0][0].animate.set_color(style.WEIGHT),
                       Indicate(rows[0][1].total, color=style.WEIGHT), run_time=0.7))

        with self.beat("fluffy-alone") as b:
            # fluffy's sum, then blue's, each a dot on the straight line below zero as it is said
            worked(b, rows[1], said_at(b, "pre", "fluffy", L), "Fluffy", (("texture", 0, 1), ("noun", 1, 1)))
            b.fit(Play(FadeIn(dots[1], scale=0.5), run_time=0.4), by="Blue")
            worked(b, rows[2], said_at(b, "pre", "blue", L), "Blue", (("texture", 0, 2), ("noun", 1, 2)))
            b.fit(Play(FadeIn(dots[2], scale=0.5), run_time=0.4))

        with self.beat("bend-to-zero") as b:
            # "Below zero": the straight line there lights; "bends": both dots rise onto the bend
            b.fit(Play(straight.animate.set_stroke(style.WEIGHT, width=3), run_time=0.6), by="bends")
            b.fit(*bent((dots[1], rows[1][2], UP), (dots[2], rows[2][2], UP)),
                  by=said_at(b, "fires", "fluffy", L, after="bends")[0],
                  n=said_at(b, "fires", "fluffy", L, after="bends")[1])
            b.fit(Play(flat.animate.set_stroke(style.QUERY), run_time=0.6))

        with self.beat("noun-alone") as b:
            # creature before attention: its sum, its dot below zero, bent silent on "Silent"
            worked(b, rows[3], said_at(b, "before", L.tokens[f], L), "Creature",
                   (("noun", 1, 1), ("texture", 0, 1)),
                   Play(FadeIn(dots[3], scale=0.5), run_time=0.4), arrive=True)
            b.fit(*bent((dots[3], rows[3][2], DOWN)), by="too")

        and_ = label("an AND", size=style.BODY_SIZE, color=style.WEIGHT)
        and_.next_to(formula, RIGHT, buff=0.5)

        with self.beat("an-and") as b:
            # "weighted sum": every line's terms; "bias": the biases; "bend": the graph's corner;
            # "AND": named
            b.until("weighted")
            b.fit(Play(*(Indicate(VGroup(*w.terms), color=style.EMBEDDING, scale_factor=1.04)
                         for _, w, _, _ in rows), run_time=0.6), by="bias")
            b.fit(Play(*(Indicate(w.bias, color=style.WEIGHT) for _, w, _, _ in rows), Indicate(b_),
                       run_time=0.6), by="bend")
            # ("and" is said first)
            b.fit(Play(rising.animate.set_stroke(style.QUERY), run_time=0.5), by="AND", n=2)
            b.fit(Play(FadeIn(and_, shift=0.1 * DOWN), run_time=0.4))

        soft = L.features.index("soft")
        olds = [[short_figure(after[i, soft]) for i in range(len(L.tokens))]]
        grid = Grid(olds, style.EMBEDDING, cell_w=1.15, cell_h=0.45, col_labels=list(L.tokens))
        grid.move_to([0, SOFT_Y, 0]).align_to([NAMES_RIGHT + 0.2, 0, 0], LEFT)
        for t in grid.all_texts():
            t.set_z_index(1)
        soft_name = caption("soft", color=style.INK).move_to(grid.body).align_to([NAMES_RIGHT, 0, 0], RIGHT)
        touch = label("soft to the touch", size=style.BODY_SIZE - 4, color=style.EMBEDDING)
        touch.next_to(grid.body, DOWN, buff=0.15).align_to(grid.body, RIGHT)  # clear of the graph's lines
        # what the neuron writes: its output, read off the bend at creature's dot, carried into
        # creature's cell (down the graph's right, then along the row: it crosses no text)
        fired = dots[0][0]
        written = mono(short_figure(L.output[f, soft]), style.INK, size=style.SMALL_SIZE).set_z_index(1)
        written.move_to(grid.texts[0][f])
        out = written.copy().next_to(fired, UL, buff=0.05)  # over the bend, left of the rise
        grid.texts[0][f].set_opacity(0)  # creature's cell waits, empty, for what the neuron writes
        others = [i for i in range(len(L.tokens)) if i != f]
        for i in others:
            grid.texts[0][i].set_opacity(0)  # the others' entries show as "no token had" is said
        below = [out.get_x(), grid.get_y(), 0]

        def had(i: int) -> AnimationGroup:
            """Token `i`'s entry of the feature shows, its cell and its name flashing."""
            return AnimationGroup(grid.texts[0][i].animate.set_opacity(1),
                                  Indicate(grid.rects[0][i], color=style.QUERY, scale_factor=1.0),
                                  Indicate(grid.col_labels[i], color=style.QUERY))

        with self.beat("soft-to-the-touch") as b:
            # "Firing": the dot lights, its output written beside it, and the feature comes, its
            # cells empty; as the figure is said the output moves down and along into creature's
            # cell, there by "into"; "feature": the feature's name lights; "no token had": every
            # other token's entry, 0, shows in turn, its cell and its token's name flashing;
            # "soft": named under the row, the name's light handed to it; "touch": it flashes
            said = said_at(b, "added", "soft", L)
            b.fit(Play(fired.animate.set_color(style.QUERY), FadeIn(out, scale=0.5), FadeIn(grid),
                       FadeIn(soft_name), run_time=0.6), by=said[0], n=said[1])
            b.fit(Play(lambda: [out.animate.move_to(below)], run_time=0.5),
                  Play(lambda: [out.animate.move_to(written)], run_time=0.5),  # (made on its turn)
                  by="into")
            b.until("feature")
            b.fit(Play(soft_name.animate.set_color(style.QUERY), run_time=0.3), by="no")
            b.fit(Play(LaggedStart(*(had(i) for i in others), lag_ratio=0.5), run_time=1.0), by="soft")
            b.fit(Play(FadeIn(touch, shift=0.1 * LEFT), soft_name.animate.set_color(style.INK), run_time=0.4),
                  by="touch")
            b.fit(Play(Indicate(touch, color=style.QUERY, scale_factor=1.05), run_time=0.6))
        # what the neuron wrote, creature's cell of the feature and the figure in it: scene block
        # carries them into its picture
        self.keep(tokens=tokens, written_cell=grid.rects[0][f], written=out)


