"""Scene 4: creature's query dotted against every key, one score per pair."""

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    GrowFromPoint,
    Indicate,
    LaggedStart,
    ManimColor,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
    Wait,
)

from attention import Lesson, exact_score_figure, lesson, score_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.widgets import caption, keep_in_frame, label, spelled, token_box, vector


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
        keep_in_frame(VGroup(query, dims, q_title))

        columns, keys, boxes, scores = VGroup(), VGroup(), VGroup(), VGroup()
        for n, word in enumerate(L.tokens):
            box = token_box(word, width=1.85).scale(0.9)
            key = vector(L.result.keys[n], style.KEY, width=0.9, cell=0.5, size=style.BODY_SIZE - 4)
            key.align_to(query, UP)
            box.next_to(key, UP, buff=0.3)
            score = label(exact_score_figure(L.focus_scores[n]), size=style.TITLE_SIZE, color=style.WEIGHT)
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
            # The tokens, their keys and creature's query move from the broadcast into place
            # as the rest leaves, their numbers hidden; the numbers show once they stand still.
            numbers = [t for v in (query, *keys) for t in v.numbers]
            for t in numbers:
                t.set_opacity(0)
            plays = [self.scene_change(self.from_previous("tokens", boxes, FadeIn(boxes)),
                                       self.from_previous("keys", keys, FadeIn(keys, shift=0.2 * DOWN)),
                                       # round under the keys, which move the other way
                                       self.from_previous("query", query, FadeIn(query),
                                                          path_arc=-2.0)),
                     Play(*(t.animate.set_opacity(1) for t in numbers), FadeIn(dims), FadeIn(q_title),
                          run_time=0.6),
                     Play(FadeIn(rule), run_time=0.4)]
            b.fit(*plays, until="dotted")
            # One copy of the query meets each key in reading order: it slides along the row
            # (its numbers hidden while it passes other numbers) and stops beside the key (the
            # others dim), row against row; the products are written out and summed, ÷ √d_k,
            # and the score grows out of the pair. Fluffy's term by term as the voice says how.
            first = L.index("fluffy")
            work_y = (min(s.get_bottom()[1] for s in scores) + rule.get_top()[1]) / 2
            x_left = None  # every line starts where fluffy's, the longest, does
            shown: list = []  # the working line on screen
            lit = set(range(len(L.tokens)))  # keys whose numbers are bright
            pair = query.copy()
            digits = VGroup(*(cell[1] for cell in pair))

            def light(*bright: int) -> list:  # only these keys' numbers bright, the others dim
                changes = [t.animate.set_opacity(1.0 if m in bright else 0.35)
                           for m in range(len(keys)) if (m in bright) != (m in lit)
                           for t in keys[m].numbers]
                lit.clear()
                lit.update(bright)
                return changes

            for n in range(len(L.tokens)):
                spot = query.copy().next_to(keys[n], LEFT, buff=0.06)  # where the pair stops
                line, (*terms, raw, divide, result), root = dot_line(L, n)
                line.move_to([0, work_y, 0])
                x_left = x_left if x_left is not None else dot_line(L, first)[0].move_to(
                    [0, work_y, 0]).get_left()[0]
                line.shift((x_left - line.get_left()[0]) * RIGHT)
                root.shift(line[0].get_center() - root[0].get_center())
                grow = Play(GrowFromPoint(scores[n], keys[n].get_bottom()),
                            Indicate(result[-1], color=style.WEIGHT, scale_factor=1.15),
                            run_time=0.5)
                if n == 0:
                    arrive = [Play(FadeIn(pair.move_to(spot), shift=0.2 * DOWN), *light(n),
                                   run_time=0.4)]
                else:
                    arrive = [Play(FadeOut(VGroup(*shown)), digits.animate.set_opacity(0),
                                   run_time=0.25),
                              Play(lambda spot=spot, n=n: [pair.animate.move_to(spot), *light(n)],
                                   run_time=0.45),
                              Play(lambda: [digits.animate.set_opacity(1)], run_time=0.2)]
                if n == first:
                    ring = SurroundingRectangle(VGroup(spot[0], keys[n][0]), color=style.INK,
                                                buff=0.04, stroke_width=3)
                    rows = [ring.copy().move_to(VGroup(spot[i], keys[n][i])) for i in range(L.d_k)]
                    by_root = VGroup(divide[0], root[-1])
                    b.fit(*arrive,
                          *(Play(FadeIn(t, shift=0.1 * UP), FadeIn(ring) if i == 0
                                 else Transform(ring, rows[i]), run_time=0.3)
                            for i, t in enumerate(terms)),
                          Play(FadeOut(ring), FadeIn(raw, shift=0.1 * UP), run_time=0.3),
                          Play(FadeIn(by_root, shift=0.1 * UP), run_time=0.35),
                          Play(Succession(FadeOut(root[-1], shift=0.15 * UP),
                                          FadeIn(divide[-1], shift=0.15 * UP)), run_time=0.35),
                          Play(FadeIn(result, shift=0.1 * UP), run_time=0.3),
                          grow, until="answer")
                else:
                    b.fit(*arrive,
                          Play(LaggedStart(*(FadeIn(t, shift=0.1 * UP) for t in terms),
                                           lag_ratio=0.3), run_time=0.5),
                          Play(FadeIn(VGroup(raw, divide, result), shift=0.1 * UP), run_time=0.3),
                          grow, Play(Wait(), run_time=0.4))  # long enough to read
                shown = [line]
            b.fit(Play(FadeOut(VGroup(pair, *shown)), *light(*range(len(keys))), run_time=0.3))

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
        self.keep(scores=scores, words=VGroup(*(b.word for b in boxes)))  # the chart of scores next


def dot_line(L: Lesson, n: int) -> tuple[VGroup, list[VGroup], VGroup]:
    """Creature's query against token `n`'s key written out, as pieces on one line: each pair's
    product, their sum, the division and the score. Returns the line, its groups (one per term,
    then the sum, the division, the score) and the line up to the division by √d_k written as a
    root, whose last piece stands where the divisor does."""
    q, k = L.result.queries[L.focus], L.result.keys[n]
    groups: list[list[tuple[str, ManimColor]]] = [
        [*([(" + ", style.MUTED)] if i else []), (score_figure(a), style.QUERY), ("×", style.MUTED),
         (score_figure(c), style.KEY)] for i, (a, c) in enumerate(zip(q, k))]
    groups += [[(" = ", style.MUTED), (exact_score_figure(L.focus_raw_scores[n]), style.INK)],
               [(" ÷ ", style.MUTED), (f"{L.result.scale:g}", style.INK)],
               [(" = ", style.MUTED), (exact_score_figure(L.focus_scores[n]), style.WEIGHT)]]
    line = spelled([p for g in groups for p in g])
    parts, at = [], 0
    for g in groups:
        parts.append(VGroup(*line.submobjects[at:at + len(g)]))
        at += len(g)
    root = spelled([p for g in groups[:-2] for p in g] + [(" ÷ ", style.MUTED),
                                                          (f"√{L.d_k}", style.INK)])
    return line, parts, root
