"""A clip's embed page, the snippets that embed it, and the gallery that lists them."""

from __future__ import annotations

from player.assets import ASSET_DIR
from player.clip_plan import Clip
from player.data import cue_data, lines_in
from player.html import clock, document, esc, json_script
from player.sections import transcript_section, video_element
from transcript.manifest import Manifest

ASSETS_FROM_CLIPS = f"../{ASSET_DIR}"
FRAME_WIDTH, FRAME_HEIGHT = 640, 600


def clip_page_html(manifest: Manifest, clip: Clip) -> str:
    """The clip with its captions and its part of the transcript, made to sit in an iframe."""
    lines = lines_in(manifest, clip.span)
    body = (
        '<main class="clip">\n'
        f'<h1 class="clip-title">{esc(clip.title)} <span class="clip-from">from '
        f'<a href="../index.html#s={esc(clip.first)}" target="_top">{esc(manifest.title)}</a>'
        "</span></h1>\n"
        '<div class="video-frame">\n'
        f"{video_element(f'{clip.id}.mp4', f'{clip.id}.vtt', f'Clip: {clip.title}', poster=f'{clip.id}.jpg')}\n"
        "</div>\n"
        f"{transcript_section(lines)}\n</main>\n"
        f"{json_script(cue_data(manifest, clip.span), 'lesson-data')}"
    )
    return document(f"{clip.title} · {manifest.title}", body, assets=ASSETS_FROM_CLIPS,
                    body_class="page-clip")


def iframe_snippet(manifest: Manifest, clip: Clip) -> str:
    """An iframe of the clip's page, addressed from the lesson folder."""
    return (f'<iframe src="clips/{esc(clip.id)}.html" title="{esc(clip.title)} · {esc(manifest.title)}" '
            f'width="{FRAME_WIDTH}" height="{FRAME_HEIGHT}" style="border:0;max-width:100%" '
            'allow="fullscreen" loading="lazy"></iframe>')


def video_snippet(clip: Clip) -> str:
    """A plain video element with the clip's captions, for pages that cannot use an iframe."""
    return (f'<video controls preload="metadata" width="{FRAME_WIDTH}" poster="clips/{esc(clip.id)}.jpg">\n'
            f'  <source src="clips/{esc(clip.id)}.mp4" type="video/mp4">\n'
            f'  <track kind="captions" src="clips/{esc(clip.id)}.vtt" srclang="en" label="English" default>\n'
            "</video>")


def _snippet(clip: Clip, kind: str, label: str, code: str) -> str:
    code_id = f"{kind}-{clip.id}"
    return (
        '<div class="snippet">\n<div class="snippet-head">'
        f'<span class="snippet-label">{label}</span>'
        f'<button type="button" class="copy" data-copy="{esc(code_id)}" '
        f'aria-label="Copy the {label.lower()} snippet for {esc(clip.title)}">Copy</button></div>\n'
        f'<pre><code id="{esc(code_id)}" data-snippet>{esc(code)}</code></pre>\n</div>'
    )


def _card(manifest: Manifest, clip: Clip) -> str:
    count = len(lines_in(manifest, clip.span))
    meta = (f"{clock(clip.span.start)}–{clock(clip.span.end)} of the lesson · "
            f"{clip.span.duration:.1f} s · {count} sentence{'s' if count != 1 else ''}")
    return (
        '<li class="clip-card">\n'
        f'<img src="{esc(clip.id)}.jpg" alt="" width="640" height="360" loading="lazy">\n'
        '<div class="clip-card-body">\n'
        f'<h2><a href="{esc(clip.id)}.html">{esc(clip.title)}</a></h2>\n'
        f'<p class="clip-meta">{esc(meta)}</p>\n'
        f"{_snippet(clip, 'iframe', 'Iframe', iframe_snippet(manifest, clip))}\n"
        f"{_snippet(clip, 'video', 'Plain video', video_snippet(clip))}\n"
        "</div>\n</li>"
    )


def gallery_html(manifest: Manifest, clips: list[Clip]) -> str:
    """The gallery of clips with their posters and copy-able embed snippets."""
    cards = "\n".join(_card(manifest, c) for c in clips) or "<li>No clips yet: run `render.py clips`.</li>"
    body = (
        '<header class="lesson-header">\n'
        '<nav class="course-nav" aria-label="Lesson">\n'
        f'<p class="course-line">{esc(manifest.course.title)} · stop {manifest.course.stop} '
        f"of {manifest.course.stops}</p>\n"
        f'<a class="course-link" href="../index.html">Back to the lesson</a>\n</nav>\n'
        f'<h1 class="lesson-title">Clips: {esc(manifest.title)}</h1>\n'
        '<p class="gallery-intro">Each clip is cut from the lesson video without re-encoding and has '
        "its own captions. Paste a snippet into a course page: the iframe brings the clip's "
        "transcript along; the plain video needs only the clip's files. Opened from disk, the "
        "addresses are relative to the lesson folder (the one holding index.html); served, they "
        "point at this server.</p>\n"
        '<p id="copy-status" class="copy-status" role="status" aria-live="polite"></p>\n'
        "</header>\n"
        f'<main class="gallery">\n<ul class="clip-cards">\n{cards}\n</ul>\n</main>'
    )
    return document(f"Clips · {manifest.title}", body, assets=ASSETS_FROM_CLIPS,
                    body_class="page-gallery", scripts=("gallery.js",))
