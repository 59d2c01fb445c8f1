"""Scene 1: the phrase again. Creature's one question from stop 7, then the others a word has
(which adjectives, which article), and that one head of attention asks just one of them. The
questions stand under the phrase, so that the next scene's heads can take them up; under
them creature's vector, each of its six numbers beside the feature it is (the core's names),
so that the columns of numbers the next scenes work with can be read."""

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    ArcBetweenPoints,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    SurroundingRectangle,
    VGroup,
)

from attention.multihead_mlp.lesson import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.multihead_mlp.parts import cells
from scenes.widgets import caption, crossfade, keep_in_frame, label, token_row

ROW_Y = 2.0  # the phrase's centre: under the heading, the answers' arcs and the questions below it
QUESTION_Y = (0.15, -0.5)  # the two questions' centres, one line apart, clear of the arcs
VECTOR_TOP = -0.95  # creature's vector under its token, below the questions
CELL_W, CELL_H = 0.6, 0.32  # a cell of it
GAP = 0.15  # between the features' names and the cells they stand beside


class OneQuestionScene(LessonScene):
    scene_id = "one-question"

    def beats(self) -> None:
        L = lesson()
        tokens = token_row(L.tokens).move_to(ROW_Y * UP)
        creature, article = tokens[L.focus], tokens[L.index("a")]
        adjectives = [tokens[L.index("fluffy")], tokens[L.index("blue")]]
        heading = label("Last time: one question", size=style.TITLE_SIZE,
                        color=style.MUTED).to_edge(UP, buff=0.45)

        def question(text: str, y: float) -> VGroup:
            """A question of creature's, right-aligned under creature's box, in its query colour."""
            q = label(text, size=style.BODY_SIZE, color=style.QUERY)
            return keep_in_frame(q.move_to(y * UP).align_to(creature, RIGHT))

        def arc(token: VGroup, angle: float = 1.0) -> ArcBetweenPoints:
            """From a token's foot to creature's, bowing down: the token answers creature's question."""
            return ArcBetweenPoints(token.get_bottom() + 0.05 * DOWN, creature.get_bottom() + 0.05 * DOWN,
                                    angle=angle, color=style.KEY, stroke_width=3)

        # creature's vector under its token (as the MLP scene draws every token's), a feature's
        # name beside each number
        vector = cells(L.embeddings[L.focus], style.EMBEDDING, CELL_W, CELL_H)
        vector.move_to([creature.get_x(), VECTOR_TOP, 0], aligned_edge=UP)
        names = VGroup(*(caption(name).move_to([0, vector.cell(j, 0).get_y(), 0])
                         .align_to([vector.get_left()[0] - GAP, 0, 0], RIGHT)
                         for j, name in enumerate(L.features)))

        adjectives_q = question("any adjectives describing me?", QUESTION_Y[0])
        article_q = question("which article came with me?", QUESTION_Y[1])
        adjective_arcs = [arc(a) for a in adjectives]
        article_arc = arc(article, angle=0.8)

        with self.beat("creature-asked-one-question") as b:
            # "Last time": the heading, the phrase as stop 7 left it; creature lights up as it is
            # named, and its vector comes under it, a row at a time, each number with the
            # feature it is; its question appears as the voice says "question", the adjectives
            # answer it
            b.fit(Play(FadeIn(heading, shift=0.2 * DOWN), run_time=0.5),
                  Play(LaggedStart(*(FadeIn(t, shift=0.3 * UP) for t in tokens), lag_ratio=0.25),
                       run_time=1.2), by="creature")
            b.fit(Play(creature.box.animate.set_stroke(style.QUERY, width=4),
                       LaggedStart(*(FadeIn(VGroup(n, vector.cell(j, 0)), shift=0.1 * RIGHT)
                                     for j, n in enumerate(names)), lag_ratio=0.3),
                       run_time=1.0), by="question")
            b.fit(Play(FadeIn(adjectives_q, shift=0.2 * DOWN), run_time=0.6), by="adjectives")
            b.fit(Play(*(a.box.animate.set_stroke(style.KEY, width=4) for a in adjectives),
                       *(a.word.animate.set_color(style.KEY) for a in adjectives),
                       *(Create(c) for c in adjective_arcs), run_time=1.0))

        with self.beat("a-word-has-more-questions") as b:
            # "several questions": the heading gives way and question marks rise beside creature
            # (its answers' arcs stay); "Which adjectives?" points back at the first question and
            # its arcs; "Which article" brings the second question, "article" the article's answer
            several = label("Several questions at once", size=style.TITLE_SIZE,
                            color=style.MUTED).move_to(heading)
            marks = VGroup(*(label("?", size=style.TITLE_SIZE, color=style.QUERY) for _ in range(3)))
            marks.arrange(RIGHT, buff=0.25).next_to(creature, RIGHT, buff=0.25)
            b.until("several")
            b.fit(Play(crossfade(heading, several),
                       LaggedStart(*(FadeIn(m, shift=0.3 * UP) for m in marks), lag_ratio=0.3),
                       run_time=1.0), by="Which")
            b.fit(Play(FadeOut(marks), run_time=0.3),
                  Play(Indicate(adjectives_q, color=style.QUERY, scale_factor=1.05),
                       *(Indicate(c, color=style.QUERY, scale_factor=1.0) for c in adjective_arcs),
                       run_time=0.8), by="Which", n=2)
            b.fit(Play(FadeIn(article_q, shift=0.2 * DOWN), run_time=0.5), by="article")
            b.fit(Play(article.box.animate.set_stroke(style.KEY, width=4),
                       article.word.animate.set_color(style.KEY), Create(article_arc), run_time=0.8))

        with self.beat("one-head-one-question") as b:
            # "One head": a frame around the first question, named; "just one": the second
            # question and its answer dim, the first keeps its answers
            frame = SurroundingRectangle(adjectives_q, color=style.INK, buff=0.12, stroke_width=2)
            name = caption("one head", color=style.INK).next_to(frame, LEFT, buff=0.25)
            b.until("head")
            b.fit(Play(FadeIn(frame), FadeIn(name, shift=0.15 * RIGHT), run_time=0.6),
                  by="one", n=2)
            b.fit(Play(article_q.animate.set_color(style.DIM), FadeOut(article_arc),
                       article.box.animate.set_stroke(style.MUTED, width=2),
                       article.word.animate.set_color(style.INK), run_time=0.6))
        # creature's column and its features' names, for the next scene's heads to read
        self.keep(tokens=tokens, question=adjectives_q, other=article_q, vector=vector, features=names)
