"""Scene 4: creature's query dotted against every key, one score per pair."""

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    SurroundingRectangle,
    TransformFromCopy,
    VGroup,
)

from attention import lesson, score_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.widgets import caption, keep_in_frame, label, token_box, vector


class DotProductsScene(LessonScene):
    scene_id = "dot-products"
    follows = "broadcast"

    def beats(self) -> None:
        L = lesson()
        query = vector(L.result.queries[L.focus], style.QUERY, width=0.9, cell=0.5,
                       size=style.BODY_SIZE - 4).move_to(4.3 * LEFT + 0.7 * UP)
        dims = VGroup(*(caption(d).next_to(cell, LEFT, buff=0.15) for d, cell in
                        zip(L.qk_dims, query)))
        q_title = label("creature's query", size=style.BODY_SIZE - 2, color=style.QUERY)
        q_title.next_to(query, UP, buff=0.3)
        left = keep_in_frame(VGroup(query, dims, q_title))

        columns, keys, boxes, scores = VGroup(), VGroup(), VGroup(), VGroup()
        for n, word in enumerate(L.tokens):
            box = token_box(word, width=1.85).scale(0.9)
            key = vector(L.result.keys[n], style.KEY, width=0.9, cell=0.5, size=style.BODY_SIZE - 4)
            key.align_to(query, UP)
            box.next_to(key, UP, buff=0.3)
            score = label(score_figure(L.focus_scores[n]), size=style.TITLE_SIZE, color=style.WEIGHT)
            score.next_to(key, DOWN, buff=0.45)
            column = VGroup(box, key, score)
            column.shift((0.2 + 1.95 * n) * RIGHT - key.get_center()[0] * RIGHT)
            columns.add(column)
            boxes.add(box)
            keys.add(key)
            scores.add(score)
        rule = caption(f"score = query · key / √{L.d_k}", color=style.INK, size=style.BODY_SIZE - 2)
        rule.next_to(columns, DOWN, buff=0.9).set_x(0)

        with self.beat("dotted-against-every-key") as b:
            plays = [Play(FadeIn(left), *(FadeIn(b) for b in boxes), run_time=0.6),
                     Play(*(FadeIn(k, shift=0.2 * DOWN) for k in keys), run_time=0.6),
                     Play(FadeIn(rule), run_time=0.4)]
            # A copy of the query visits each key, row against row (entry by entry), and their
            # score appears under the key.
            pair = query.copy()
            for n, (key, score) in enumerate(zip(keys, scores)):
                beside = pair.copy().next_to(key, LEFT, buff=0.06)
                plays += [Play(TransformFromCopy(query, pair.move_to(beside)) if n == 0
                               else pair.animate.move_to(beside), run_time=0.4),
                          Play(FadeIn(score, shift=0.2 * DOWN), run_time=0.35)]
            plays.append(Play(FadeOut(pair), run_time=0.3))
            b.fit(*plays, until="measuring")
            # "measuring how well question matches answer": each score is that measure
            marks = VGroup(*(SurroundingRectangle(s, color=style.WEIGHT, buff=0.08) for s in scores))
            b.fit(Play(FadeIn(marks, scale=1.15), run_time=0.8),
                  Play(FadeOut(marks), run_time=0.5))

        adjectives = [L.index("fluffy"), L.index("blue")]
        with self.beat("adjectives-score-high") as b:
            match = L.qk_dims.index("adjective?")
            frames = VGroup(SurroundingRectangle(query[match], color=style.QUERY, buff=0.04),
                            *(SurroundingRectangle(keys[n][match], color=style.KEY, buff=0.04)
                              for n in adjectives))
            why = caption("both keys say “adjective”, the very thing creature asks for",
                          color=style.KEY).next_to(rule, DOWN, buff=0.25)
            b.fit(Play(*(scores[n].animate.scale(1.35) for n in adjectives),
                       *(boxes[n].box.animate.set_stroke(style.KEY, width=4) for n in adjectives),
                       Create(frames), run_time=1.0),
                  Play(FadeIn(why), run_time=0.5))

        with self.beat("article-barely-registers") as b:
            a = L.index("a")
            note = caption("barely registers", color=style.MUTED).next_to(scores[a], DOWN, buff=0.2)
            b.fit(Play(scores[a].animate.set_opacity(0.35), boxes[a].animate.set_opacity(0.4),
                       keys[a].animate.set_opacity(0.4), run_time=0.8),
                  Play(FadeIn(note), run_time=0.4))
