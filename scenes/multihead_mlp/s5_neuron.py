"""Scene 5: one neuron. The MLP's AND neuron weighs fluffy texture and noun and adds a bias; its
sum for creature, fluffy, blue and creature before attention written as terms; the ReLU drawn as a
graph, each sum a dot on it (the negative ones bending to 0); firing, it writes "soft", a feature
no token had."""

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Axes,
    DashedLine,
    Dot,
    FadeIn,
    Indicate,
    LaggedStart,
    Line,
    VGroup,
)

from attention.figures import short_figure
from attention.multihead_mlp.lesson import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.multihead_mlp.parts import header, said_at, working
from scenes.widgets import caption, count_to, label, spelled

FORMULA_Y = 2.55
LINES_Y = (1.65, 0.85, 0.05, -0.75)  # creature, fluffy, blue, creature before attention
NAMES_RIGHT = -4.2  # the lines' names end here, their working starts right of it
SOFT_Y = -2.2  # the feature the neuron writes, for every token
AXES_AT = (4.3, -0.25)
FEATURES = ("fluffy texture", "noun")  # what the neuron weighs


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

        neuron = label("one neuron:", size=style.BODY_SIZE - 4, color=style.INK)
        formula = spelled([(weights[0], style.INK), ("×fluffy texture", style.MUTED), (" + ", style.MUTED),
                           (weights[1], style.INK), ("×noun", style.MUTED), (" + ", style.MUTED),
                           (f"({bias})" if bias.startswith("-") else bias, style.WEIGHT)])
        VGroup(neuron, formula).arrange(RIGHT, buff=0.25).move_to([0, FORMULA_Y, 0]).to_edge(LEFT, buff=0.6)
        w1, times1, plus1, w2, times2, plus2, b_ = formula

        with self.beat("weighs-two-features") as b:
            # the phrase moves up as the lanes leave; "one neuron"; each weight as it is said
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN))),
                  Play(FadeIn(neuron, shift=0.1 * RIGHT), run_time=0.4), by="fluffy")
            b.fit(Play(FadeIn(times1), run_time=0.4), by=said_at(b, "weight", FEATURES[0], L)[0])
            b.fit(Play(FadeIn(w1, shift=0.1 * DOWN), run_time=0.4), by="noun")
            b.fit(Play(FadeIn(plus1, times2), run_time=0.4),
                  by=said_at(b, "weight", FEATURES[1], L, after="noun")[0],
                  n=said_at(b, "weight", FEATURES[1], L, after="noun")[1])
            b.fit(Play(FadeIn(w2, shift=0.1 * DOWN), run_time=0.4), by="bias")
            b.fit(Play(FadeIn(plus2), run_time=0.3), by=said_at(b, "bias", L.hidden[k], L)[0])
            b.fit(Play(FadeIn(b_, shift=0.1 * DOWN), run_time=0.4))

        def line(token: int, x, y: float, name: str) -> tuple:
            """A token's weighted sum as its terms, plus the bias, = its sum; its name on the left."""
            terms = [(weights[m], short_figure(x[token, j])) for m, j in enumerate(cols)]
            pre = float(sum(L.w_up[j, k] * x[token, j] for j in cols) + L.neuron_bias)
            w = working(terms, bias, short_figure(pre), style.EMBEDDING, size=style.BODY_SIZE - 4)
            w.move_to([0, y, 0]).align_to([NAMES_RIGHT + 0.25, 0, 0], LEFT)
            n = caption(name, color=style.INK).move_to([0, y, 0]).align_to([NAMES_RIGHT, 0, 0], RIGHT)
            return n, w, pre

        after, before = L.after_attention, L.embeddings
        rows = [line(f, after, LINES_Y[0], L.tokens[f]), line(fluffy, after, LINES_Y[1], "fluffy"),
                line(blue, after, LINES_Y[2], "blue"),
                line(f, before, LINES_Y[3], f"{L.tokens[f]}\nbefore attention")]

        axes = Axes(x_range=[-3.5, 1.5, 1], y_range=[-3.5, 1.5, 1], x_length=4.4, y_length=4.4,
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

        def dot(pre: float, name: str, side) -> VGroup:
            d = Dot(axes.c2p(pre, pre), radius=0.09, color=style.EMBEDDING)
            tag = caption(name, color=style.EMBEDDING).next_to(d, side, buff=0.1)
            return VGroup(d, tag)

        dots = [dot(rows[0][2], L.tokens[f], LEFT), dot(rows[1][2], "fluffy", DOWN),
                dot(rows[2][2], "blue", UP), dot(rows[3][2], "before", LEFT)]

        def bent(d: VGroup, pre: float):
            return d.animate.shift(axes.c2p(pre, 0) - axes.c2p(pre, pre))

        def worked(b, row: tuple, by: tuple[str, int], first: str,
                   named: tuple[tuple[str, int, int], ...], *extra: Play) -> None:
            """A row's name and terms from the word `first`, each term (by index) lighting on the
            word that names its feature (`named`: the word, the term, which of the sentence's
            times the word is said), its bias and sum on the spoken sum."""
            name, w, _ = row
            b.until(first)
            b.fit(Play(FadeIn(name, shift=0.1 * RIGHT), run_time=0.3),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in w.terms), lag_ratio=0.4),
                       run_time=0.8), by=named[0][0], n=named[0][2])
            for (_, m, _), (then, n) in zip(named, [*((word, k) for word, _, k in named[1:]), by]):
                b.fit(Play(Indicate(w.terms[m], color=style.EMBEDDING, scale_factor=1.06), run_time=0.5),
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
            b.fit(Play(bent(dots[1], rows[1][2]), bent(dots[2], rows[2][2]), run_time=0.8),
                  by=said_at(b, "fires", "fluffy", L, after="bends")[0],
                  n=said_at(b, "fires", "fluffy", L, after="bends")[1])
            b.fit(Play(flat.animate.set_stroke(style.QUERY), run_time=0.6))

        with self.beat("noun-alone") as b:
            # creature before attention: its sum, its dot below zero, bent silent on "Silent"
            worked(b, rows[3], said_at(b, "before", L.tokens[f], L), "Creature",
                   (("noun", 1, 1), ("texture", 0, 1)),
                   Play(FadeIn(dots[3], scale=0.5), run_time=0.4))
            b.fit(Play(bent(dots[3], rows[3][2]), run_time=0.6), by="too")

        and_ = label("an AND", size=style.BODY_SIZE, color=style.WEIGHT)
        and_.next_to(formula, RIGHT, buff=0.5)

        with self.beat("an-and") as b:
            # "weighted sum": every line's terms; "bias": the biases; "bend": the graph's corner;
            # "AND": named
            b.until("weighted")
            b.fit(Play(*(Indicate(VGroup(*w.terms), color=style.EMBEDDING, scale_factor=1.04)
                         for _, w, _ in rows), run_time=0.6), by="bias")
            b.fit(Play(*(Indicate(w.bias, color=style.WEIGHT) for _, w, _ in rows), Indicate(b_),
                       run_time=0.6), by="bend")
            # ("and" is said first)
            b.fit(Play(rising.animate.set_stroke(style.QUERY), run_time=0.5), by="AND", n=2)
            b.fit(Play(FadeIn(and_, shift=0.1 * DOWN), run_time=0.4))

        soft = L.features.index("soft")
        olds = [[short_figure(after[i, soft]) for i in range(len(L.tokens))]]
        news = [[short_figure(L.output[i, soft]) for i in range(len(L.tokens))]]
        grid = Grid(olds, style.EMBEDDING, cell_w=1.15, cell_h=0.45, col_labels=list(L.tokens))
        grid.move_to([0, SOFT_Y, 0]).align_to([NAMES_RIGHT + 0.25, 0, 0], LEFT)
        for t in grid.all_texts():
            t.set_z_index(1)
        target = Grid(news, style.EMBEDDING, cell_w=1.15, cell_h=0.45).move_to(grid.body)
        soft_name = caption("soft", color=style.INK).next_to(grid.body, LEFT, buff=0.25)
        touch = label("soft to the touch", size=style.BODY_SIZE - 4, color=style.EMBEDDING)
        touch.next_to(grid, RIGHT, buff=0.4)

        with self.beat("soft-to-the-touch") as b:
            # "writes": the feature every token has at 0; on the figure creature's becomes it;
            # "no token had": the others' zeros; "soft": named
            b.fit(Play(dots[0][0].animate.set_color(style.QUERY), FadeIn(grid), FadeIn(soft_name),
                       run_time=0.6), by=said_at(b, "added", "soft", L)[0])
            b.fit(Play(count_to(grid, target, after[:, soft], L.output[:, soft], figure=short_figure),
                       run_time=0.7), by="no")
            b.fit(Play(*(Indicate(grid.texts[0][i], color=style.EMBEDDING) for i in range(len(L.tokens))
                         if i != f), run_time=0.7), by="soft")
            b.fit(Play(FadeIn(touch, shift=0.1 * LEFT), run_time=0.5))
        self.keep(tokens=tokens)


