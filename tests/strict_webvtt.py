"""A strict reader of WebVTT files as the W3C WebVTT syntax defines them (file, cue, timing,
cue text with escapes and tags, chapter title text, which the project keeps to one line), for the
tests to check what the project writes. The PyPI readers (webvtt-py, pysubs2, pycaption) are lenient: they take a block without a
timing line, a "-->" in a cue's text or a bare "&" without a word, as browsers do.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_LINE_END = re.compile(r"\r\n|\r|\n")
_STAMP = r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})"
_TIMING = re.compile(rf"{_STAMP}[ \t]+-->[ \t]+{_STAMP}(?:[ \t]+(?P<settings>.*))?")
_TAG = re.compile(r"<(?:/(?:c|i|b|u|ruby|rt|v|lang)|(?:c|i|b|u|ruby|rt|v|lang)(?:\.[^\s.&<>]+)*"
                  rf"(?:[ \t][^\n\r>]*)?|{_STAMP})>")
_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


class InvalidVTT(ValueError):
    """The text is not WebVTT by its syntax; the message says where."""


@dataclass(frozen=True)
class StrictCue:
    id: str
    start: float
    end: float
    text: str  # the cue text with its escapes read and tags removed; lines joined by "\n"


def _seconds(hours: str | None, minutes: str, seconds: str, millis: str) -> float:
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds) + int(millis) / 1000


def _cue_text(line: str, where: str, chapters: bool) -> str:
    """One line of cue text (chapter title text: no tags) as read, or InvalidVTT."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "&":
            m = _REFERENCE.match(line, i)
            if not m or html.unescape(m[0]) == m[0]:
                raise InvalidVTT(f"{where}: '&' that begins no character reference: {line!r}")
            out.append(html.unescape(m[0]))
            i = m.end()
        elif line[i] == "<":
            m = _TAG.match(line, i)
            if not m or chapters:
                raise InvalidVTT(f"{where}: '<' that begins no {'' if chapters else 'valid '}"
                                 f"tag{' (chapter titles have none)' if chapters else ''}: {line!r}")
            i = m.end()
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def parse_strict(text: str, chapters: bool = False) -> list[StrictCue]:
    """The cues of a WebVTT file (`chapters`: of a chapters track); raises InvalidVTT at the first
    thing its syntax does not allow."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = _LINE_END.split(text)
    header = lines[0]
    if not (header == "WEBVTT" or (header[:7] in ("WEBVTT ", "WEBVTT\t") and "-->" not in header)):
        raise InvalidVTT(f"line 1 is {header!r}, not the WEBVTT signature")
    if len(lines) < 2 or lines[1] != "":
        raise InvalidVTT("line 2: the signature line is not followed by a blank line")
    cues: list[StrictCue] = []
    seen: set[str] = set()
    n = 2
    while n < len(lines):
        if lines[n] == "":
            n += 1
            continue
        block = []
        while n < len(lines) and lines[n] != "":
            block.append((n + 1, lines[n]))
            n += 1
        cue_id = ""
        if "-->" not in block[0][1]:
            number, cue_id = block.pop(0)
            if not block:
                raise InvalidVTT(f"line {number}: a block {cue_id!r} with no timing line")
            if cue_id in seen:
                raise InvalidVTT(f"line {number}: cue id {cue_id!r} is used twice")
            seen.add(cue_id)
        number, timing = block[0]
        m = _TIMING.fullmatch(timing)
        if not m:
            raise InvalidVTT(f"line {number}: {timing!r} is no 'start --> end' timing line")
        g = m.groups()
        start, end = _seconds(*g[:4]), _seconds(*g[4:8])
        if end <= start:
            raise InvalidVTT(f"line {number}: the cue ends ({end}) before it starts ({start})")
        if cues and start < cues[-1].start:
            raise InvalidVTT(f"line {number}: the cue starts before the one above it")
        if chapters and cues and start < cues[-1].end:
            raise InvalidVTT(f"line {number}: the chapter starts before the one above it ends")
        payload = []
        for number, line in block[1:]:
            if "-->" in line:
                raise InvalidVTT(f"line {number}: cue text may not contain '-->': {line!r}")
            payload.append(_cue_text(line, f"line {number}", chapters))
        if chapters and len(payload) != 1:
            raise InvalidVTT(f"line {number}: a chapter's title is {len(payload)} lines, not one")
        cues.append(StrictCue(cue_id, start, end, "\n".join(payload)))
    return cues

