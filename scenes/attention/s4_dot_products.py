"""Scene 4: creature's query dotted against every key, one score per pair."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
    FadeIn,
    FadeOut,
    GrowFromPoint,
    Indicate,
    LaggedStart,
    ManimColor,
    ReplacementTransform,
    SurroundingRectangle,
    Text,
    TransformFromCopy,
    UpdateFromAlphaFunc,
    VGroup,
    interpolate_color,
    linear,
)

from attention import exact_score_figure, score_figure
from attention.attention.lesson import Lesson, lesson
from scenes import style
from scenes.attention.parts import through, through_copy
from scenes.base import LessonScene, Play
from scenes.rules import during
from scenes.widgets import caption, figure_in_place, keep_in_frame, label, spelled, token_box, vector

LANE_Y = 2.85  # the height creature's query and its travelling copy keep, above the chips
CELL, CELL_WIDTH = 0.42, 1.0  # a query's or key's cell
KEYS_Y = 0.26  # the keys' centres
# the first key's centre (its slot clear of the rule's right end), and from key to key: blue's
# and creature's columns leave a gap beside where creature's query stands at the broadcast's
# end, so it rises in that gap once the row has reflowed
FIRST_KEY_X, PITCH = -1.5, 2.4
SLOT_GAP = 0.2  # between a key and the query copy standing against it
CHIP_WIDTH = CELL_WIDTH + 2 * SLOT_GAP - 0.1  # a token chip: no wider than its key and the gaps
LAST_CHIP_EXTRA = 0.25  # the last chip's extra width, to the right
LINE_SIZE = style.SMALL_SIZE  # the lines of working
LINE_PITCH = 0.35  # from one line of working to the next
LINES_BELOW = 0.4  # from the scores' bottom to the first line's centre
DIVISION_SIZE = style.BODY_SIZE + 2  # fluffy's division, written out where its score goes
DIVISION_HELD = 1.9  # seconds fluffy's division stands whole before it becomes the score
# The scene change: the row reflows first (tokens across then down, keys straight), while the
# old picture leaves; then creature's query rises and travels along the lane to its place.
REFLOW, TRAVEL = (0.1, 0.5), (0.52, 1.0)


class DotProductsScene(LessonScene):
    scene_id = "dot-products"
    follows = "broadcast"

    def beats(self) -> None:
        L = lesson()
        # Creature's query waits top left, in the lane above the row of keys: its copy travels
        # along that lane and drops into a slot left of each key (the chips above the keys are
        # no wider than the key and the slot's gap, so the way down is clear).
        query = vector(L.result.queries[L.focus], style.QUERY, width=CELL_WIDTH, cell=CELL,
                       size=style.BODY_SIZE - 4).move_to([-5.0, LANE_Y, 0])
        dims = VGroup(*(caption(d).next_to(cell, LEFT, buff=0.15) for d, cell in
                        zip(L.qk_dims, query)))
        q_title = label("creature's query", size=style.SMALL_SIZE, color=style.QUERY)
        q_title.next_to(query, DOWN, buff=0.2)
        keep_in_frame(VGroup(query, dims, q_title))
        # left of the way the copy goes down to the first key. The numbers the lines end on are
        # what the voice calls the raw scores (before softmax), though already ÷ √d_k: the rule
        # names them so, in their orange, and says what "raw" means here
        rule = raw_score_rule(L.d_k).next_to(q_title, DOWN, buff=0.25).align_to(dims, LEFT)

        keys, boxes, scores = VGroup(), VGroup(), VGroup()
        for n, word in enumerate(L.tokens):
            key = vector(L.result.keys[n], style.KEY, width=CELL_WIDTH, cell=CELL,
                         size=style.BODY_SIZE - 4).move_to([FIRST_KEY_X + PITCH * n, KEYS_Y, 0])
            # the last chip may reach further right (no slot right of it): its word is the longest
            box = chip(word, CHIP_WIDTH + (LAST_CHIP_EXTRA if n + 1 == len(L.tokens) else 0))
            box.next_to(key, UP, buff=0.2)
            box.shift((key.get_x() - CHIP_WIDTH / 2 - box.get_left()[0]) * RIGHT)
            score = label(exact_score_figure(L.focus_scores[n]), size=style.TITLE_SIZE, color=style.WEIGHT)
            score.next_to(key, DOWN, buff=0.22)
            boxes.add(box)
            keys.add(key)
            scores.add(score)
        # one line of working per key, stacked under the scores, all starting where the longest does
        lines = [dot_line(L, n) for n in range(len(L.tokens))]
        x_left = -max(line.width for line, _ in lines) / 2
        for n, (line, _) in enumerate(lines):
            line.move_to([0, scores.get_bottom()[1] - LINES_BELOW - LINE_PITCH * n, 0])
            line.shift((x_left - line.get_left()[0]) * RIGHT)

        with self.beat("dotted-against-every-key") as b:
            # The row reflows first as the rest of the broadcast leaves: each token across, then
            # down into its chip, each key straight into place, digits kept. Then creature's
            # query, digits kept, rises in the gap between blue's and creature's columns and
            # travels left along the lane above the chips, to wait top left ("gets dotted against").
            steady = during(0.85, 1.0)
            b.fit(self.scene_change(*self._reflow(boxes, keys), self._travel(query, boxes, L.focus),
                                    *(FadeIn(m, rate_func=steady) for m in (dims, q_title, rule)),
                                    run_time=1.75), by="every")
            # A copy of the query leaves it along the lane and drops beside each key in reading
            # order (the others dim), row against row; the products are written out and summed,
            # ÷ √d_k with what the root is, and the score grows out of the pair. Every line
            # stays, stacked, to be read. Fluffy's term by term, as the voice says how.
            first = L.index("fluffy")
            lit = set(range(len(L.tokens)))  # keys whose numbers are bright
            pair = query.copy()

            def light(*bright: int) -> list:  # only these keys' numbers bright, the others dim
                changes = [t.animate.set_opacity(1.0 if m in bright else 0.35)
                           for m in range(len(keys)) if (m in bright) != (m in lit)
                           for t in keys[m].numbers]
                lit.clear()
                lit.update(bright)
                return changes

            blue, last = L.index("blue"), len(L.tokens) - 1

            def arrive(n: int, run_time: float = 0.8, bright: tuple[int, ...] = ()) -> Play:
                spot = slot(query, keys[n])
                bright = bright or (n,)
                if n == 0:  # the copy leaves creature's query
                    return Play(lambda: [
                        TransformFromCopy(query, pair.move_to(spot),
                                          path_func=through_copy(query, spot, lane(query, spot))),
                        *light(*bright)], run_time=run_time)
                return Play(lambda: [
                    pair.animate(path_func=through(pair, spot, lane(pair, spot))).move_to(spot),
                    *light(*bright)], run_time=run_time)

            def settle(n: int, run_time: float) -> list[Play]:
                """Token `n`'s ÷ 2 done where its score goes: its raw dot product grows out of
                the pair, then shrinks in place to the score as the line's result is written
                (one text, so no number is drawn over another); the first and second shares of
                `run_time`."""
                raw = L.focus_raw_scores[n]
                number = label(exact_score_figure(raw), size=style.TITLE_SIZE,
                               color=style.INK).move_to(scores[n])
                result = lines[n][1][-1]
                return [Play(GrowFromPoint(number, keys[n].get_bottom()), run_time=0.4 * run_time),
                        Play(count_down(number, scores[n], raw, L.focus_scores[n],
                                        size_from=style.TITLE_SIZE),
                             FadeIn(result, shift=0.1 * UP), run_time=0.6 * run_time,
                             then=lambda: (self.remove(number), self.add(scores[n])))]

            def worked(n: int, run_time: float = 1.2) -> list[Play]:
                """Token `n`'s line written out quickly (terms, sum, ÷ √d_k), then its score
                settled out of the pair as the line's result is written: the shares of `run_time`."""
                *terms, raw, by_root, halved, result = lines[n][1]
                k = run_time / 1.45
                return [Play(LaggedStart(*(FadeIn(t, shift=0.1 * UP) for t in terms),
                                         lag_ratio=0.3), run_time=0.5 * k),
                        Play(LaggedStart(*(FadeIn(p, shift=0.1 * UP) for p in (raw, by_root, halved)),
                                         lag_ratio=0.4), run_time=0.45 * k),
                        *settle(n, 0.5 * k)]

            # "one number per pair": the article's line, worked as the voice says it
            b.fit(arrive(0), *worked(0, 1.45), by="number")
            # then fluffy's, term by term, as the voice says how; its sum divided by √d_k where
            # its score goes, left to be finished as the voice names the adjectives
            n = first
            spot = slot(query, keys[n])
            *terms, raw, by_root, halved, result = lines[n][1]
            # each pair of entries outlined in turn as its product is written (one outline gives
            # way to the next in place, never sliding over the digits)
            rows = [SurroundingRectangle(VGroup(spot[i], keys[n][i]), color=style.INK,
                                         buff=0.04, stroke_width=3) for i in range(L.d_k)]
            shown = Division(L, n, scores[n])
            number, root, two, score = shown.raw, shown.by_root, shown.halved, shown.result
            b.fit(arrive(n),
                  *(Play(FadeIn(t, shift=0.1 * UP), FadeIn(rows[i]),
                         *([FadeOut(rows[i - 1])] if i else []), run_time=0.3)
                    for i, t in enumerate(terms)),
                  Play(FadeOut(rows[-1]), FadeIn(raw, shift=0.1 * UP), run_time=0.3),
                  # the √d the voice does not say, shown: the raw dot product grows out of the
                  # pair where the score goes, divided there in steps as large as the score
                  Play(GrowFromPoint(number, keys[n].get_bottom()), run_time=0.5),
                  Play(FadeIn(root, shift=0.1 * LEFT), FadeIn(by_root, shift=0.1 * UP),
                       run_time=0.5),
                  Play(FadeIn(two, shift=0.1 * LEFT), FadeIn(halved, shift=0.1 * UP),
                       run_time=0.5))

        adjectives = [L.index("fluffy"), L.index("blue")]
        with self.beat("adjectives-score-high") as b:
            # "adjectives": fluffy's division ends on its score, its line complete
            b.until("adjectives")
            b.fit(Play(FadeIn(score, shift=0.1 * LEFT), FadeIn(result, shift=0.1 * UP),
                       run_time=0.45))
            # "score high": blue's line worked while fluffy's division stands to be read (its
            # sum and division, not yet its score: the score grows where the division stands)
            *terms, raw, by_root, halved, blue_result = lines[blue][1]
            b.fit(arrive(blue, 0.6),
                  Play(LaggedStart(*(FadeIn(t, shift=0.1 * UP) for t in terms), lag_ratio=0.3),
                       run_time=0.7),
                  Play(LaggedStart(*(FadeIn(p, shift=0.1 * UP) for p in (raw, by_root, halved)),
                                   lag_ratio=0.4), run_time=DIVISION_HELD - 1.3))
            # fluffy's division turns into its score, never taken back: the rest of the line
            # goes first (the raw number with it), then the score it ended on moves into the
            # raw number's place, growing to the scores' size; then blue's ÷ 2 is done where
            # its score goes, its raw dot product shrinking in place to the score
            # (fluffy's score passes blue's place on its way: blue's raw number only after)
            b.fit(Play(FadeOut(VGroup(number, root, two, score[0])), run_time=0.2),
                  Play(ReplacementTransform(score[-1], scores[n]),
                       Indicate(result[-1], color=style.WEIGHT, scale_factor=1.15), run_time=0.4),
                  *settle(blue, 0.75),
                  # the copy goes on to creature's key (still dim), out of the lane before the
                  # adjectives' caption comes there
                  arrive(last, 0.6, tuple(adjectives)))
            match = L.qk_dims.index("adjective?")
            frames = VGroup(SurroundingRectangle(query[match], color=style.QUERY, buff=0.04),
                            *(SurroundingRectangle(keys[n][match], color=style.KEY, buff=0.04)
                              for n in adjectives))
            why = caption("both keys say “adjective”, the very thing creature asks for",
                          color=style.KEY).move_to([keys.get_x(), 3.4, 0])  # where the copy went
            # the adjectives' keys stand out, the others step back
            b.fit(Play(lambda: [*(scores[n].animate.scale(1.35) for n in adjectives),
                                *(boxes[n].box.animate.set_stroke(style.KEY, width=4)
                                  for n in adjectives),
                                *light(*adjectives), FadeIn(frames)], run_time=0.8),
                  Play(FadeIn(why), run_time=0.4))

        with self.beat("article-barely-registers") as b:
            a = L.index("a")
            # as the voice says "The article 'a' barely registers": the article steps back (its
            # chip and key dim, its line picked out) and its small score is pointed out; then,
            # in the pause after, creature's own line is worked and its score settles
            *terms, raw, by_root, halved, result = lines[last][1]
            note = caption("barely registers", color=style.MUTED).next_to(scores[a], LEFT, buff=0.3)
            b.until("article")
            b.fit(Play(Indicate(lines[a][0], color=style.MUTED, scale_factor=1.08),
                       boxes[a].animate.set_opacity(0.4), keys[a].animate.set_opacity(0.4),
                       run_time=0.6),
                  Play(Indicate(scores[a], color=style.MUTED, scale_factor=1.2), FadeIn(note),
                       run_time=0.6),
                  Play(scores[a].animate.set_opacity(0.35), run_time=0.4),
                  Play(lambda: [LaggedStart(*(FadeIn(t, shift=0.1 * UP) for t in terms),
                                            lag_ratio=0.3), *light(*adjectives, last)],
                       run_time=0.6),
                  Play(LaggedStart(*(FadeIn(p, shift=0.1 * UP) for p in (raw, by_root, halved)),
                                   lag_ratio=0.4), run_time=0.5),
                  *settle(last, 0.8),
                  Play(lambda: [FadeOut(pair), *light(*(m for m in range(len(keys)) if m != a))],
                       run_time=0.3))
        self.keep(scores=scores, words=VGroup(*(b.word for b in boxes)))  # the chart of scores next

    def _reflow(self, boxes: VGroup, keys: VGroup) -> list[Animation]:
        """The broadcast's tokens and keys into the row (in the first part of the change): each
        token across at its height, shrinking into its chip, then straight down onto its key;
        each key straight to its place. Moving together, none passes another."""
        rate = during(*REFLOW)
        if "tokens" not in self.previous or "keys" not in self.previous:
            return [FadeIn(boxes, rate_func=rate), FadeIn(keys, rate_func=rate)]
        moves: list[Animation] = []
        for old, new in zip(self.take("tokens"), boxes):
            corner = np.array([new.get_x(), old.get_y(), 0.0])
            moves.append(ReplacementTransform(old, new, rate_func=rate,
                                              path_func=across_then_down(old, new, corner)))
        moves += [ReplacementTransform(old, new, rate_func=rate)
                  for old, new in zip(self.take("keys"), keys)]
        return moves

    def _travel(self, query: VGroup, boxes: VGroup, focus: int) -> Animation:
        """Creature's query from the broadcast to its place (in the change's last part): across
        to the middle of the gap between creature's chip (`focus`) and the one left of it,
        straight up that gap to the lane, then left along the lane above the chips."""
        rate = during(*TRAVEL)
        if "query" not in self.previous:
            return FadeIn(query, rate_func=rate)
        old = self.take("query")
        gap = (boxes[focus - 1].get_right()[0] + boxes[focus].get_left()[0]) / 2
        stops = [np.array([gap, old.get_y(), 0.0]), np.array([gap, query.get_y(), 0.0])]
        # the short step into the gap is taken as the row reflows (away from blue's chip as it
        # comes close); the rest after (`through` goes at one speed along its legs)
        corners = [old.get_center(), *stops, query.get_center()]
        legs = [float(np.linalg.norm(q - p)) for p, q in zip(corners, corners[1:])]
        step = legs[0] / sum(legs)
        aside = during(*REFLOW)
        return ReplacementTransform(old, query, path_func=through(old, query, stops),
                                    rate_func=lambda t: step * aside(t) + (1 - step) * rate(t))


def count_down(number: Text, score: Text, start: float, end: float,
               size_from: int = DIVISION_SIZE) -> Animation:
    """`number` (worth `start`, written at `size_from`) counting down in place to `end`, growing
    and turning into `score`'s size and colour as it goes: it ends looking as `score`, which then
    replaces it."""
    size = lambda a: round(size_from + (style.TITLE_SIZE - size_from) * a)  # noqa: E731
    ink = number.get_color()

    def update(_, alpha: float) -> None:
        figure = score.original_text if alpha >= 1 else score_figure(start + (end - start) * alpha)
        figure_in_place(number, figure, size=size(alpha), font=style.FONT)
        number.set_color(interpolate_color(ink, score.get_color(), alpha))

    return UpdateFromAlphaFunc(number, update, rate_func=linear)


def raw_score_rule(d_k: int) -> VGroup:
    """"score = query · key ÷ √d_k" ("score" in the scores' orange) over a small note that these
    scores are raw, not yet softmaxed: the orange numbers the lines of working end on are the raw
    scores the next scene reads out. Short lines, clear of the way the query's copy goes down to
    the first key."""
    rule = VGroup(caption("score", color=style.WEIGHT),
                  caption(f"= query · key ÷ √{d_k}", color=style.INK)).arrange(RIGHT, buff=0.12)
    note = caption("raw: not yet softmaxed", color=style.MUTED)
    return VGroup(rule, note).arrange(DOWN, buff=0.12, aligned_edge=LEFT)


def chip(word: str, width: float = CHIP_WIDTH) -> VGroup:
    """A token as a small chip, no wider than its key and the gap beside it, so a query copy can
    drop past it into the slot left of the key; its word as large as the chip allows."""
    box = token_box(word, width=width / 0.8).scale(0.8)
    box.word.scale_to_fit_width(min(box.word.width, width - 0.14))
    return box


def across_then_down(start: VGroup, end: VGroup, corner: np.ndarray):
    """A morph's path on which `start` goes across to `corner` while taking `end`'s shape, then
    straight down (or up) to `end`: a wide token becomes its narrow chip before it descends."""
    a, b = start.get_center(), end.get_center()
    first = float(np.linalg.norm(corner - a))
    share = first / ((first + float(np.linalg.norm(b - corner))) or 1.0)

    def path(p0: np.ndarray, p1: np.ndarray, alpha: float) -> np.ndarray:
        if alpha < share:  # across, the shape morphing all the way
            shape = alpha / share
            return p0 + (p1 - p0) * shape - (a + (b - a) * shape) + a + (corner - a) * shape
        down = (alpha - share) / (1 - share)
        return p1 - b + corner + (b - corner) * down

    return path


def slot(query: VGroup, key: VGroup) -> VGroup:
    """Where the query copy stands against `key`: left of it, row against row."""
    return query.copy().next_to(key, LEFT, buff=SLOT_GAP)


def lane(start: VGroup, end: VGroup) -> list[np.ndarray]:
    """The corners of a copy's way from `start` to `end` along the lane above the keys: up to
    it, along it, and down into the slot (the query itself sits in the lane)."""
    return [np.array([start.get_x(), LANE_Y, 0.0]), np.array([end.get_x(), LANE_Y, 0.0])]


def dot_line(L: Lesson, n: int) -> tuple[VGroup, list[VGroup]]:
    """Creature's query against token `n`'s key written out, as pieces on one line: each pair's
    product, their sum, the division by √d_k, what the root is, and the score. Returns the line
    and its groups (one per term, then the sum, ÷ √d_k, the sum ÷ the root, the score)."""
    q, k = L.result.queries[L.focus], L.result.keys[n]
    raw = exact_score_figure(L.focus_raw_scores[n])
    groups: list[list[tuple[str, ManimColor]]] = [
        [*([(" + ", style.MUTED)] if i else []), (score_figure(a), style.QUERY), ("×", style.MUTED),
         (score_figure(c), style.KEY)] for i, (a, c) in enumerate(zip(q, k))]
    groups += [[(" = ", style.MUTED), (raw, style.INK)],
               [(" ÷ ", style.MUTED), (f"√{L.d_k}", style.INK)],
               [(" = ", style.MUTED), (raw, style.INK), (" ÷ ", style.MUTED),
                (f"{L.result.scale:g}", style.INK)],
               [(" = ", style.MUTED), (exact_score_figure(L.focus_scores[n]), style.WEIGHT)]]
    line = spelled([p for g in groups for p in g], size=LINE_SIZE)
    parts, at = [], 0
    for g in groups:
        parts.append(VGroup(*line.submobjects[at:at + len(g)]))
        at += len(g)
    return line, parts


class Division:
    """A raw dot product divided by √d_k where its score goes ("12.2 ÷ √4 = 12.2 ÷ 2 = 6.1"):
    the raw number centred on the score's place, the rest of the division right of it."""

    def __init__(self, L: Lesson, n: int, score: VGroup):
        raw = exact_score_figure(L.focus_raw_scores[n])
        groups: list[list[tuple[str, ManimColor]]] = [
            [(raw, style.INK)],
            [(" ÷ ", style.MUTED), (f"√{L.d_k}", style.INK)],
            [(" = ", style.MUTED), (raw, style.INK), (" ÷ ", style.MUTED),
             (f"{L.result.scale:g}", style.INK)],
            [(" = ", style.MUTED), (exact_score_figure(L.focus_scores[n]), style.WEIGHT)]]
        self.line = spelled([p for g in groups for p in g], size=DIVISION_SIZE)
        parts, at = [], 0
        for g in groups:
            parts.append(VGroup(*self.line.submobjects[at:at + len(g)]))
            at += len(g)
        self.raw, self.by_root, self.halved, self.result = parts
        self.line.shift(score.get_center() - self.raw.get_center())
        keep_in_frame(self.line)

