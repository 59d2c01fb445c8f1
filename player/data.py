"""The cue data a page embeds, so its transcript, highlight and captions work without fetching files."""

from __future__ import annotations

import re
from dataclasses import dataclass

from common.declaration import Numbers
from player.checks import check_data
from transcript.captions import captions_vtt, chapters_vtt, parse_vtt
from transcript.manifest import Manifest, Span, TimedSentence
from transcript.words import is_word

EPS = 1e-6
# Before issue 40 the project's one lesson kept a learner's answers under one key shared by every
# page of the origin. The lesson that wrote there reads it once into its own key (checks-model.js);
# a lesson with another id never saw that key and never reads it.
CHECKS_KEY_BEFORE = {"attention": "attention-lesson:checks"}


@dataclass(frozen=True)
class Line:
    """A sentence as a page shows it: times relative to the start of the media it plays with."""

    id: str
    text: str
    scene: str
    paragraph: int
    start: float
    end: float
    words: tuple[tuple[float, float], ...] = ()  # each of `words_of(text)`: start, end

    def pieces(self) -> list[tuple[str, float | None, float | None]]:
        """The text as (piece, start, end): each word with its times, what lies between them
        (spaces, dashes) with None, so a page can mark and seek to single words."""
        out: list[tuple[str, float | None, float | None]] = []
        k = 0
        for token in re.split(r"(\s+)", self.text):
            if token and is_word(token) and k < len(self.words):
                out.append((token, *self.words[k]))
                k += 1
            elif token:
                out.append((token, None, None))
        return out


def whole(manifest: Manifest) -> Span:
    """The span of the whole lesson."""
    return Span(0.0, manifest.duration)


def lines_in(manifest: Manifest, span: Span) -> list[Line]:
    """The sentences that start inside `span`, re-timed so that the span starts at 0."""
    def line(s: TimedSentence) -> Line:
        end = min(s.end, span.end)
        words = tuple((round(w.start - span.start, 4), round(w.end - span.start, 4))
                      for w in s.words)
        return Line(s.id, s.text, s.scene, s.paragraph, round(s.start - span.start, 6),
                    round(end - span.start, 6), words)
    return [line(s) for s in manifest.sentences if span.start - EPS <= s.start < span.end - EPS]


def paragraphs(lines: list[Line]) -> list[list[Line]]:
    """Consecutive lines grouped by the script paragraph they belong to."""
    groups: list[list[Line]] = []
    for ln in lines:
        if groups and groups[-1][0].paragraph == ln.paragraph:
            groups[-1].append(ln)
        else:
            groups.append([ln])
    return groups


def lesson_names(lesson: str) -> dict:
    """The names a lesson's pages use where other lessons may be beside them (one origin, one
    course page), all from its id, so that two lessons never read each other's answers or messages:
    its localStorage keys (`checks`; `place`, the prefix of the resume key, followed by the page's
    path) and the `source` of its host-page messages. The page scripts read them from here."""
    names = {"lesson": lesson, "source": f"lesson:{lesson}", "checks": f"lesson:{lesson}:checks",
             "place": f"lesson:{lesson}:place:"}
    if lesson in CHECKS_KEY_BEFORE:
        names["checks_before"] = CHECKS_KEY_BEFORE[lesson]
    return names


def cue_data(manifest: Manifest, span: Span | None = None, core: Numbers | None = None) -> dict:
    """Sentences, caption cues, chapter cues and the checks asked in `span` (default: the whole
    lesson), as JSON data, the checks answered by `core` (default: the lesson's), and the lesson's
    names (`lesson_names`).

    The caption and chapter cues are read back from the same WebVTT the track files hold, so a
    page that builds its tracks from this data shows exactly what the files would.
    """
    span = span or whole(manifest)
    clipped = None if span == whole(manifest) else span

    def cues(vtt: str) -> list[dict]:
        return [{"id": c.id, "start": c.start, "end": c.end, "text": c.text}
                for c in parse_vtt(vtt)]

    lines = lines_in(manifest, span)
    return {
        "duration": round(span.duration, 6),
        "sentences": [{"id": ln.id, "text": ln.text, "start": ln.start, "end": ln.end}
                      for ln in lines],
        "captions": cues(captions_vtt(manifest, clipped)),
        "chapters": cues(chapters_vtt(manifest, clipped)),
        "mastery_score": manifest.mastery_score,
        "checks": check_data(manifest, {ln.id for ln in lines}, core),
        "names": lesson_names(manifest.lesson),
    }
