"""The parts a player page is made of: the video with its tracks, the chapter list, the transcript."""

from __future__ import annotations

import re

from player.data import Line, paragraphs
from player.html import clock, esc
from transcript.words import is_word

TRANSCRIPT_HINT = "It follows the voice. Click a sentence or a word to jump there."


def video_element(src: str, captions: str, label: str, *, chapters: str | None = None,
                  poster: str | None = None) -> str:
    """The video with native controls, default English captions and (optionally) a chapters track."""
    poster_attr = f' poster="{esc(poster)}"' if poster else ""
    chapter_track = (f'\n  <track kind="chapters" src="{esc(chapters)}" srclang="en" label="Chapters">'
                     if chapters else "")
    return (
        f'<video class="player-video" data-player controls preload="metadata" playsinline'
        f'{poster_attr} aria-label="{esc(label)}">\n'
        f'  <source src="{esc(src)}" type="video/mp4">\n'
        f'  <track kind="captions" src="{esc(captions)}" srclang="en" label="English" default>'
        f"{chapter_track}\n"
        f'  <p>Your browser cannot play this video. <a href="{esc(src)}">Download it</a>.</p>\n'
        "</video>"
    )


def chapter_list(chapters: list[tuple[str, float]]) -> str:
    """A visible chapter menu of (title, start) pairs: one button per chapter, seeking to its start."""
    items = "\n".join(
        f'  <li><button type="button" class="chapter" data-chapter-start="{round(start, 6)}">'
        f'<span class="chapter-time">{clock(start)}</span> '
        f'<span class="chapter-title">{esc(title)}</span></button></li>'
        for title, start in chapters
    )
    return (
        '<nav class="chapters" aria-labelledby="chapters-heading">\n'
        '<h2 id="chapters-heading">Chapters</h2>\n'
        f'<ol class="chapter-list">\n{items}\n</ol>\n</nav>'
    )


def words_html(line: Line) -> str:
    """The sentence's text with each word (as `words_of` counts them) in a span carrying its
    start and end, so the page can mark the word being spoken and seek to a clicked one."""
    if not line.words:
        return esc(line.text)
    out, k = [], 0
    for token in re.split(r"(\s+)", line.text):
        if is_word(token) and k < len(line.words):
            start, end = line.words[k]
            out.append(f'<span class="word" data-word-start="{start}" data-word-end="{end}">'
                       f"{esc(token)}</span>")
            k += 1
        else:
            out.append(esc(token))
    return "".join(out)


def sentence_span(line: Line) -> str:
    """One sentence, focusable and clickable, carrying its start time; its words clickable too."""
    return (f'<span class="sentence" id="s-{esc(line.id)}" data-sentence="{esc(line.id)}" '
            f'data-start="{line.start}" role="button" tabindex="0">{words_html(line)}</span>')


def transcript_section(lines: list[Line]) -> str:
    """The transcript: a header, then the script's paragraphs as sentence spans, in a scroll box."""
    body = "\n".join(f'<p class="paragraph">{" ".join(sentence_span(ln) for ln in group)}</p>'
                     for group in paragraphs(lines))
    return (
        '<section class="transcript" id="transcript" aria-labelledby="transcript-heading">\n'
        '<div class="transcript-head">\n<h2 id="transcript-heading">Transcript</h2>\n'
        f'<p class="transcript-hint">{TRANSCRIPT_HINT}</p>\n</div>\n'
        f'<div class="transcript-body" data-transcript-scroll>\n{body}\n</div>\n</section>'
    )
