"""Scene 2: heads in parallel. Creature's two questions become two heads, each with its own,
smaller W_Q (creature's query worked out in each: its six features times W_Q, three numbers),
then each head's row of creature's weights as the voice reads them, and what the two rows share."""

import numpy as np
from manim import (
    DL,
    DOWN,
    DR,
    LEFT,
    RIGHT,
    UP,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    MathTex,
    Rectangle,
    SurroundingRectangle,
    VGroup,
)

from attention.figures import percent_figure, short_figure
from attention.multihead_mlp.lesson import lesson
from attention.multihead_mlp.spoken import figure, spoken_value
from scenes import style
from scenes.base import LessonScene, Play
from scenes.grid import Grid
from scenes.prebuilt import built
from scenes.widgets import caption, crossfade, label, token_row

TOKENS_Y = 2.2  # the phrase, the weights' column heads
ROW_Y = (0.75, -0.85, -2.3)  # the cells of head 1's row, head 2's, and what both share
QUESTION_RISE = 0.55  # a head's question stands this far above its row's centre
PITCH = 2.7  # a token box and the gap after it: each weight's cell sits under its token
NAME_X = -6.25  # the rows' names, left of the cells
VECTOR_CELL = 0.55  # a cell of creature's embedding or query


def weights_row(weights: np.ndarray, y: float) -> Grid:
    """Creature's weights in one head as one row of cells under the tokens, each a bar as long
    as its share with its percentage."""
    g = Grid([[percent_figure(w) for w in weights]], style.WEIGHT, cell_w=PITCH, cell_h=0.55,
             size=style.BODY_SIZE, levels=np.asarray(weights)[None, :])
    return g.move_to([0, y, 0])


class HeadsScene(LessonScene):
    scene_id = "heads"
    follows = "one-question"

    def beats(self) -> None:
        L = lesson()
        tokens = token_row(L.tokens).move_to(TOKENS_Y * UP)
        tokens[L.focus].box.set_stroke(style.QUERY, width=4)
        heads = range(len(L.heads))
        questions = VGroup(
            label("any adjectives describing me?", size=style.SMALL_SIZE, color=style.QUERY),
            label("which article came with me?", size=style.SMALL_SIZE, color=style.QUERY))
        names = VGroup()
        outlines = VGroup()
        for h in heads:
            outline = Rectangle(width=PITCH * len(L.tokens), height=0.55, stroke_color=style.MUTED,
                                stroke_width=2).move_to([0, ROW_Y[h], 0])
            outlines.add(outline)
            questions[h].next_to(outline, UP, buff=0.12).align_to(outline, LEFT)
            names.add(label(f"head {h + 1}", size=style.SMALL_SIZE).move_to([NAME_X, ROW_Y[h], 0]))
        heading = label(f"{figure('count', 'heads', L)} heads, side by side", size=style.TITLE_SIZE,
                        color=style.MUTED).to_edge(UP, buff=0.45)

        with self.beat("several-heads") as b:
            # the phrase moves up to head the columns while the rest of the last picture leaves
            # (creature's questions with it: moving down they would cross the phrase), then the
            # two questions come back over the rows of the heads that will ask them; on "heads"
            # the heads are named, on "two" the heading counts them
            b.fit(self.scene_change(self.from_previous("tokens", tokens,
                                                       FadeIn(tokens, shift=0.2 * DOWN))),
                  Play(*(FadeIn(q, shift=0.1 * DOWN) for q in questions), run_time=0.5), by="heads")
            b.fit(Play(FadeIn(names, shift=0.2 * RIGHT), FadeIn(outlines), run_time=0.7), by="two")
            b.fit(Play(FadeIn(heading, shift=0.2 * DOWN), run_time=0.6))

        # each head's own W_Q makes creature's query: six features in, three numbers out
        x = L.embeddings[L.focus]
        lines, smaller, sizes = VGroup(), VGroup(), []
        for h in heads:
            query = L.attention.heads[h].queries[L.focus]
            x_cells = Grid([[short_figure(v) for v in x]], style.EMBEDDING, cell_w=VECTOR_CELL,
                           cell_h=0.5)
            times = built(MathTex, rf"\times\; W_Q^{{({h + 1})}} \;=", font_size=34, color=style.INK)
            q_cells = Grid([[short_figure(v) for v in query]], style.QUERY, cell_w=VECTOR_CELL + 0.2,
                           cell_h=0.5)
            line = VGroup(x_cells, times, q_cells).arrange(RIGHT, buff=0.3).move_to([0.4, ROW_Y[h], 0])
            lines.add(line)
            smaller.add(caption(f"W_Q, W_K, W_V: {figure('count', 'features', L)} × "
                                f"{figure('count', 'head dims', L)} each",
                                color=style.INK).move_to([0.4, ROW_Y[h], 0]))
            sizes.append((caption(f"{figure('count', 'features', L)} numbers").next_to(x_cells, DOWN,
                                                                                       buff=0.1),
                          caption(f"{figure('count', 'head dims', L)} numbers").next_to(q_cells, DOWN,
                                                                                        buff=0.1)))

        with self.beat("smaller-weights") as b:
            # "its own, smaller": each row names its three matrices and their size, held still to
            # be read (each name underlined in its colour as it is said); "queries": creature's
            # embedding times that head's W_Q, its query; "three", "six": the sizes
            b.fit(Play(FadeOut(outlines), run_time=0.3),  # the empty rows make room for the working
                  Play(*(FadeIn(s, shift=0.1 * UP) for s in smaller), run_time=0.6), by="own")
            underlines = VGroup()
            for word, glyphs, colour in (("Q", slice(0, 3), style.QUERY), ("K", slice(4, 7), style.KEY),
                                         ("V", slice(8, 11), style.VALUE)):
                b.until(word)  # each matrix's name is underlined in its colour as the voice names it
                marks = [Line(s[glyphs].get_corner(DL), s[glyphs].get_corner(DR), color=colour,
                              stroke_width=4).shift(0.08 * DOWN) for s in smaller]
                underlines.add(*marks)
                b.fit(Play(*(FadeIn(m) for m in marks), run_time=0.3))
            b.until("queries")
            b.fit(Play(FadeOut(underlines),
                       *(crossfade(s, line) for s, line in zip(smaller, lines)), run_time=0.9),
                  by="three")
            three = [SurroundingRectangle(line[2], color=style.QUERY, buff=0.06) for line in lines]
            six = [SurroundingRectangle(line[0], color=style.EMBEDDING, buff=0.06) for line in lines]
            b.fit(Play(*(FadeIn(r) for r in three), *(FadeIn(q) for _, q in sizes), run_time=0.5),
                  by="six")
            b.fit(Play(*(FadeOut(r) for r in three), *(FadeIn(r) for r in six),
                       *(FadeIn(e) for e, _ in sizes), run_time=0.5))

        rows = [weights_row(L.focus_weights(name), ROW_Y[h]) for h, name in enumerate(L.heads)]

        def ring(h: int, token: str) -> SurroundingRectangle:
            return SurroundingRectangle(rows[h].texts[0][L.index(token)], color=style.WEIGHT, buff=0.08)

        def picked(token: str):
            """A token's box outlined in the weights' colour: a head put much of creature's weight on it."""
            return tokens[L.index(token)].box.animate.set_stroke(style.WEIGHT, width=4)

        with self.beat("head-one-adjectives") as b:
            # head 1's working leaves, its question flashes on "adjectives", its row of weights
            # fills; each percentage is outlined as the voice says it
            b.fit(Play(FadeOut(lines[0], *sizes[0], six[0]), run_time=0.5), by="adjectives")
            b.fit(Play(Indicate(questions[0], color=style.QUERY, scale_factor=1.08), run_time=0.5),
                  Play(FadeIn(rows[0]), run_time=0.6),
                  by=spoken_value("adjectives", "fluffy", L).split()[0])
            fluffy, blue = ring(0, "fluffy"), ring(0, "blue")
            b.fit(Play(FadeIn(fluffy), picked("fluffy"), run_time=0.6), by="percent")
            b.fit(Play(Indicate(tokens[L.focus].word, color=style.QUERY, scale_factor=1.15), run_time=0.8),
                  by="blue")
            b.fit(Play(FadeOut(fluffy), picked("blue"), run_time=0.4),
                  by=spoken_value("adjectives", "blue", L).split()[0])
            b.fit(Play(FadeIn(blue), run_time=0.4))

        with self.beat("head-two-article") as b:
            # head 2's working leaves, its question flashes on "article"; on "numbers" its own row
            # of weights fills, its percentage outlined as it is said
            b.fit(Play(FadeOut(blue, lines[1], *sizes[1], six[1]), run_time=0.5), by="article")
            b.fit(Play(Indicate(questions[1], color=style.QUERY, scale_factor=1.08), run_time=0.5),
                  by="Same")
            # "Same tokens": the phrase flashes, token by token
            b.fit(Play(LaggedStart(*(Indicate(t.word, color=style.KEY, scale_factor=1.15) for t in tokens),
                                   lag_ratio=0.2), run_time=1.0), by="numbers")
            b.fit(Play(FadeIn(rows[1]), run_time=0.6),
                  by=spoken_value("article", "a", L).split()[0])
            article = ring(1, "a")
            b.fit(Play(FadeIn(article), run_time=0.4), by="lands")
            b.fit(Play(picked("a"), run_time=0.5))

        # what the two rows share: under each token the smaller of its two weights, and their sum
        shared = np.min(L.focus_head_weights, axis=0)
        both = weights_row(shared, ROW_Y[2])
        both_name = label("in both", size=style.SMALL_SIZE).move_to([NAME_X, ROW_Y[2], 0])
        total = label(f"= {percent_figure(shared.sum())}", size=style.BODY_SIZE,
                      color=style.WEIGHT).next_to(both, RIGHT, buff=0.2)

        with self.beat("rows-side-by-side") as b:
            # "Side by side": the two rows' names light up together, "two rows" their questions
            # one after the other; "overlap": the row of what both give each token, and its sum
            b.fit(Play(FadeOut(article), names.animate.set_color(style.WEIGHT), run_time=0.5),
                  by="two")
            b.fit(Play(LaggedStart(*(Indicate(q, color=style.QUERY, scale_factor=1.06) for q in questions),
                                   lag_ratio=0.4), run_time=0.9), by="barely")
            b.fit(Play(FadeIn(both_name, shift=0.2 * RIGHT), FadeIn(both), run_time=0.7), by="overlap")
            b.fit(Play(FadeIn(total, shift=0.15 * LEFT), run_time=0.5))
        self.keep(tokens=tokens)
