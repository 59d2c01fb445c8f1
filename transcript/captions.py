"""WebVTT captions (a cue per sentence, split into readable lines) and chapters (a cue per scene),
and the same caption cues as SubRip (SRT), the format Open edX and many players take.

Both come from the timed manifest; with a `Span` they cover only that stretch, re-timed to start at 0,
which is what a clip of part of the lesson needs.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache

from transcript.manifest import Manifest, Span

LINE_CHARS = 42  # the usual limit for a readable caption line
CUE_LINES = 2
DASHES = ("—", "–", "-")


@dataclass(frozen=True)
class Cue:
    id: str
    start: float  # seconds
    end: float
    text: str  # lines joined with "\n", unescaped


def timestamp(seconds: float) -> str:
    """Seconds as a WebVTT time, HH:MM:SS.mmm."""
    ms = int(round(max(0.0, seconds) * 1000))
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02}:{m:02}:{s:02}.{ms:03}"


def _balanced(words: list[str]) -> list[str]:
    """One line if it fits, else the two-line split whose longer line is shortest."""
    text = " ".join(words)
    if len(text) <= LINE_CHARS or len(words) == 1:
        return [text]
    def cost(k: int) -> float:
        longest = max(len(" ".join(words[:k])), len(" ".join(words[k:])))
        dash = 10 if words[k] in DASHES else 0  # a dash stays at the end of the first line
        pause = -4 if words[k - 1][-1] in ",;:" else 0  # break after a pause where one is near
        return longest + dash + pause

    best = min(range(1, len(words)), key=cost)
    return [" ".join(words[:best]), " ".join(words[best:])]


def _fits(words: list[str]) -> bool:
    lines = _balanced(words)
    return len(words) == 1 or (len(lines) <= CUE_LINES and all(len(x) <= LINE_CHARS for x in lines))


def split_text(text: str) -> list[list[str]]:
    """A sentence as the fewest cues of at most two lines of about LINE_CHARS characters each.

    Among splits with the fewest cues, prefer even cue lengths, breaks after punctuation, and never
    a cue that starts with a dash.
    """
    return [list(lines) for lines in _split(text)]


@cache
def _split(text: str) -> tuple[tuple[str, ...], ...]:
    """`split_text`, worked out once per sentence text and process: every clip's captions,
    subtitles and page data split the whole lesson's sentences again."""
    words = text.split()
    if not words:
        return (("",),)
    n = len(words)
    best: list[tuple[int, float, int]] = [(0, 0.0, 0)] + [(n + 1, 0.0, 0)] * n  # (cues, cost, from)
    for i in range(1, n + 1):
        for j in range(i - 1, -1, -1):
            chunk = words[j:i]
            if not _fits(chunk):
                break
            cost = best[j][1] + (2 * LINE_CHARS - len(" ".join(chunk))) ** 2 / 100
            if i < n and words[i] in DASHES:
                cost += 1000
            if i < n and chunk[-1][-1] in ",;:—":
                cost -= 20
            candidate = (best[j][0] + 1, cost, j)
            if candidate[:2] < best[i][:2]:
                best[i] = candidate
    cuts, i = [], n
    while i > 0:
        cuts.append((best[i][2], i))
        i = best[i][2]
    return tuple(tuple(_balanced(words[a:b])) for a, b in reversed(cuts))


def sentence_cues(manifest: Manifest) -> list[Cue]:
    """A cue per sentence, or several consecutive ones for a long sentence, timed by length."""
    cues = []
    for s in manifest.sentences:
        parts = _split(s.text)
        weights = [len(" ".join(p)) for p in parts]
        total, t = sum(weights), s.start
        for n, (part, w) in enumerate(zip(parts, weights)):
            end = s.end if n == len(parts) - 1 else t + (s.end - s.start) * w / total
            cue_id = s.id if n == 0 else f"{s.id}-{n + 1}"
            cues.append(Cue(cue_id, t, end, "\n".join(part)))
            t = end
    return cues


def chapter_cues(manifest: Manifest) -> list[Cue]:
    """A cue per scene with its title, spanning the scene."""
    cues = []
    for scene in manifest.scenes:
        span = manifest.scene_span(scene.id)
        cues.append(Cue(scene.id, span.start, span.end, scene.title))
    return cues


def _clip(cues: list[Cue], span: Span | None) -> list[Cue]:
    if span is None:
        return cues
    out = []
    for c in cues:
        start, end = max(c.start, span.start), min(c.end, span.end)
        if end - start > 1e-6:
            out.append(Cue(c.id, start - span.start, end - span.start, c.text))
    return out


def to_vtt(cues: list[Cue]) -> str:
    """Cues as a WebVTT file."""
    blocks = ["WEBVTT\n"]
    for c in cues:
        text = html.escape(c.text, quote=False)
        blocks.append(f"{c.id}\n{timestamp(c.start)} --> {timestamp(c.end)}\n{text}\n")
    return "\n".join(blocks)


def to_srt(cues: list[Cue]) -> str:
    """Cues as a SubRip file: numbered from 1, times HH:MM:SS,mmm, plain text."""
    blocks = [f"{n}\n{timestamp(c.start).replace('.', ',')} --> {timestamp(c.end).replace('.', ',')}\n"
              f"{c.text}\n" for n, c in enumerate(cues, 1)]
    return "\n".join(blocks)


def captions_srt(manifest: Manifest, span: Span | None = None) -> str:
    """The captions as SRT, the very cues of `captions_vtt`; with `span`, that stretch from 0."""
    return to_srt(_clip(sentence_cues(manifest), span))


def captions_vtt(manifest: Manifest, span: Span | None = None) -> str:
    """The captions as WebVTT; with `span`, only that stretch, re-timed to start at 0."""
    return to_vtt(_clip(sentence_cues(manifest), span))


def chapters_vtt(manifest: Manifest, span: Span | None = None) -> str:
    """The chapters (one per scene) as WebVTT; with `span`, only that stretch, re-timed."""
    return to_vtt(_clip(chapter_cues(manifest), span))


_TIMING = re.compile(r"^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})")


def parse_vtt(text: str) -> list[Cue]:
    """Read cues back from WebVTT text (the subset written here); raises ValueError if malformed."""
    blocks = re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip())
    if not blocks or not blocks[0].startswith("WEBVTT"):
        raise ValueError("not a WebVTT file: the first line must be WEBVTT")
    cues = []
    for block in blocks[1:]:
        lines = block.split("\n")
        cue_id = "" if _TIMING.match(lines[0]) else lines.pop(0)
        m = _TIMING.match(lines[0]) if lines else None
        if not m:
            raise ValueError(f"cue {cue_id!r} has no 'start --> end' timing line")
        g = [int(x) for x in m.groups()]
        start = g[0] * 3600 + g[1] * 60 + g[2] + g[3] / 1000
        end = g[4] * 3600 + g[5] * 60 + g[6] + g[7] / 1000
        cues.append(Cue(cue_id, start, end, html.unescape("\n".join(lines[1:]))))
    return cues


_SRT_TIMING = re.compile(r"^(\d{2,}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2,}):(\d{2}):(\d{2}),(\d{3})$")


def parse_srt(text: str) -> list[Cue]:
    """Read cues back from SRT text (ids are the cue numbers); raises ValueError if malformed."""
    cues = []
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip()):
        lines = block.split("\n")
        m = _SRT_TIMING.match(lines[1]) if len(lines) > 1 and lines[0].isdigit() else None
        if not m:
            raise ValueError(f"SRT block {block[:40]!r} is not 'number, start --> end, text'")
        g = [int(x) for x in m.groups()]
        start = g[0] * 3600 + g[1] * 60 + g[2] + g[3] / 1000
        end = g[4] * 3600 + g[5] * 60 + g[6] + g[7] / 1000
        cues.append(Cue(lines[0], start, end, "\n".join(lines[2:])))
    return cues
