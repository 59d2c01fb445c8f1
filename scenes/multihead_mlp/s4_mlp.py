"""Scene 4: the MLP. Each token's vector, in its own lane (no token looks at another), goes up into
eight hidden neurons (W_up times it: creature's first neuron worked as its terms and their sum),
through the ReLU (negative sums bend to 0 where they stand), back down to six (W_down), and is
added back to itself."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    DashedLine,
    FadeIn,
    FadeOut,
    LaggedStart,
    SurroundingRectangle,
    VGroup,
)

from attention.figures import short_figure
from attention.multihead_mlp.lesson import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.multihead_mlp.parts import HEADER_Y, cells, header, hide_numbers, reveal, working
from scenes.widgets import caption, count_to, spelled

LANE_PITCH = 3.4  # between two tokens' lanes; each token's box stands over its lane
IN_W, HIDDEN_W = 0.75, 0.9  # a cell of a vector (in, out), of the hidden layer
COLUMN_GAP = 0.25
CELL_H = 0.34
TOP = 2.45  # the columns' first cells' top
WORK_Y = -1.5  # creature's first neuron worked out, under the lanes
RESIDUAL_Y = -2.4  # creature's new feature added up, under that


def entry_sum(before: float, moved: float, after: float) -> VGroup:
    """old + the MLP's = new, for one entry, each figure in its role's colour."""
    return spelled([(short_figure(before), style.EMBEDDING), (" + ", style.MUTED),
                    (short_figure(moved), style.VALUE), (" = ", style.MUTED),
                    (short_figure(after), style.EMBEDDING)])


def lane_x(i: int, n: int) -> float:
    return (i - (n - 1) / 2) * LANE_PITCH


class MLPScene(LessonScene):
    scene_id = "mlp"
    follows = "concat"

    def beats(self) -> None:
        L = lesson()
        f, n = L.focus, len(L.tokens)
        x, pre, act = L.after_attention, L.mlp.pre_activation, L.mlp.activation
        out, new = L.mlp.output, L.mlp.residual
        scale = float(max(np.abs(x).max(), np.abs(new).max(), 1e-9))
        hidden_scale = float(max(np.abs(pre).max(), 1e-9))
        step = (IN_W + HIDDEN_W) / 2 + COLUMN_GAP

        tokens = header(L)
        for i, t in enumerate(tokens):
            t.set_x(lane_x(i, n))
        ins, hiddens, outs, names = VGroup(), VGroup(), VGroup(), VGroup()
        for i in range(n):
            c = lane_x(i, n)
            ins.add(cells(x[i], style.EMBEDDING, IN_W, CELL_H, scale).move_to([c - step, TOP, 0],
                                                                              aligned_edge=UP))
            hidden = cells(pre[i], style.WEIGHT, HIDDEN_W, CELL_H, hidden_scale)
            hiddens.add(hidden.move_to([c, TOP, 0], aligned_edge=UP))
            outs.add(cells(out[i], style.VALUE, IN_W, CELL_H, scale).move_to([c + step, TOP, 0],
                                                                             aligned_edge=UP))
            for g, name in ((ins[i], "in"), (hiddens[i], "hidden"), (outs[i], "out")):
                names.add(caption(name).next_to(g, UP, buff=0.1))
        for g in (*hiddens, *outs):
            hide_numbers(g)
            for t in g.all_texts():
                t.set_z_index(1)
        for g in ins:
            for t in g.all_texts():
                t.set_z_index(1)
        walls = VGroup(*(DashedLine([(lane_x(i, n) + lane_x(i + 1, n)) / 2, HEADER_Y - 0.4, 0],
                                    [(lane_x(i, n) + lane_x(i + 1, n)) / 2, hiddens.get_bottom()[1], 0],
                                    color=style.MUTED, stroke_width=2) for i in range(n - 1)))
        alone = caption("each token on its own", color=style.INK).next_to(hiddens, DOWN, buff=0.25)

        with self.beat("no-token-looks") as b:
            # the phrase spreads out, a lane under each token, as the last picture leaves
            # (creature's new vector moving into its lane); on "MLP" every token's vector; on
            # "no token" walls between the lanes
            b.fit(self.scene_change(self.from_previous("tokens", tokens, FadeIn(tokens, shift=0.2 * DOWN)),
                                    self.from_previous("creature", ins[f], FadeIn(ins[f]))),
                  Play(*(FadeIn(g, shift=0.1 * DOWN) for i, g in enumerate(ins) if i != f),
                       run_time=0.5), by="no")
            b.fit(Play(LaggedStart(*(FadeIn(w) for w in walls), lag_ratio=0.2),
                       FadeIn(alone, shift=0.1 * UP), run_time=0.7), by="looks")

        # creature's first neuron: W_up's column for it meets creature's vector, term by term
        k = L.neuron
        terms = [(short_figure(L.w_up[j, k]), short_figure(x[f, j])) for j in range(len(L.features))]
        line = working(terms, short_figure(L.b_up[k]), short_figure(pre[f, k]), style.EMBEDDING)
        line.move_to([0, WORK_Y, 0])
        line_name = caption(f"{L.tokens[f]}'s first hidden neuron: W_up's weights × its numbers, plus a bias",
                            color=style.INK).next_to(line, UP, buff=0.2)
        pair = VGroup(SurroundingRectangle(ins[f], color=style.EMBEDDING, buff=0.05, stroke_width=3))
        target = SurroundingRectangle(hiddens[f].cell(k, 0), color=style.WEIGHT, buff=0.05,
                                      stroke_width=4)
        negative = [(i, j) for i in range(n) for j in range(len(L.hidden)) if pre[i, j] < 0]
        bent = [cells(act[i], style.WEIGHT, HIDDEN_W, CELL_H, hidden_scale).move_to(hiddens[i])
                for i in range(n)]
        relu = caption("ReLU: below 0 → 0", color=style.WEIGHT)

        with self.beat("up-bend-down") as b:
            # "up": W_up's row for creature's first neuron meets its vector (terms, then the sum,
            # which is that neuron's entry); every lane's hidden neurons then fill, each from its
            # own vector only
            b.fit(Play(FadeOut(alone), run_time=0.3),
                  Play(FadeIn(line_name), FadeIn(hiddens), FadeIn(outs), FadeIn(names), run_time=0.5),
                  by="up")
            b.fit(Play(FadeIn(pair), FadeIn(target), run_time=0.3), by="into")
            b.fit(Play(LaggedStart(*(FadeIn(t, shift=0.1 * RIGHT) for t in line.terms), lag_ratio=0.3),
                       run_time=0.9),
                  Play(FadeIn(line.bias), FadeIn(line.total, shift=0.1 * LEFT), run_time=0.4),
                  Play(*reveal(hiddens[f], k), FadeOut(pair), FadeOut(target), run_time=0.3),
                  Play(*(AnimationGroup(*reveal(hiddens[i], j))
                                        for i in range(n) for j in range(len(L.hidden))
                                        if (i, j) != (f, k)), run_time=0.5), by="bend")
            # "bend": every negative sum bends to 0 where it stands (its number counts up to 0,
            # its bar shrinks away)
            relu.next_to(hiddens, DOWN, buff=0.15)
            b.fit(Play(FadeIn(relu, shift=0.1 * UP),
                       *(count_to(hiddens[i], bent[i], pre[i], act[i], figure=short_figure)
                         for i in sorted({i for i, _ in negative})), run_time=1.0), by="down")
            b.fit(Play(*(AnimationGroup(*reveal(g, j)) for g in outs for j in range(len(L.features))),
                       run_time=0.6))

        # the residual for the feature the MLP writes: creature's entry + the MLP's = the new one
        j = int(np.argmax(np.abs(out[f])))
        added = caption(f"{L.tokens[f]}'s {L.features[j]}:", color=style.INK)
        residual = VGroup(added, entry_sum(x[f, j], out[f, j], new[f, j]))
        residual.arrange(RIGHT, buff=0.2).move_to([0, RESIDUAL_Y, 0])
        news = [cells(new[i], style.EMBEDDING, IN_W, CELL_H, scale).move_to(ins[i]) for i in range(n)]

        with self.beat("added-back") as b:
            # "added back": each lane's output added to its own vector, which becomes the new one;
            # creature's new feature as a sum
            b.until("added")
            b.fit(Play(FadeIn(residual, shift=0.1 * UP), run_time=0.6),
                  Play(*(count_to(ins[i], news[i], x[i], new[i], figure=short_figure) for i in range(n)),
                       run_time=0.8))
        self.keep(tokens=tokens)
