"""A clip's embed page, the snippets that embed it, and the gallery that lists them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from player.assets import ASSET_DIR
from player.data import cue_data, lines_in
from player.html import clock, document, esc, json_script
from player.publish import Publish
from player.sections import transcript_section, video_element
from player.share import Shared, head_tags, iframe_html
from transcript.manifest import Manifest

if TYPE_CHECKING:
    from player.clips import Clip

ASSETS_FROM_CLIPS = f"../{ASSET_DIR}"
FRAME_WIDTH, FRAME_HEIGHT = 640, 600


DESCRIPTION_CHARS = 200  # about what a link preview shows


def summary(text: str, limit: int = DESCRIPTION_CHARS) -> str:
    """`text` cut at a word boundary to at most `limit` characters, with an ellipsis if cut."""
    if len(text) <= limit:
        return text
    return text[:limit - 1].rsplit(" ", 1)[0] + "…"


def clip_shared(manifest: Manifest, clip: Clip, poster_size: tuple[int, int] | None = None) -> Shared:
    """A clip as a thing to embed and preview: its page, video, poster and oEmbed JSON."""
    said = " ".join(ln.text for ln in lines_in(manifest, clip.span))
    return Shared(f"{clip.title} · {manifest.title}", summary(said), f"clips/{clip.id}.html",
                  f"clips/{clip.id}.mp4", f"clips/{clip.id}.jpg", f"clips/{clip.id}.oembed.json",
                  poster_size, (FRAME_WIDTH, FRAME_HEIGHT))


def clip_page_html(manifest: Manifest, clip: Clip, publish: Publish = Publish(),
                   poster_size: tuple[int, int] | None = None,
                   config: dict | None = None) -> str:
    """The clip with its captions and its part of the transcript, made to sit in an iframe.
    `config` is what the page scripts read (`share.embed_config`)."""
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
        f"{json_script(cue_data(manifest, clip.span), 'lesson-data')}\n"
        f"{json_script(config or {'allowedOrigins': []}, 'embed-config')}"
    )
    shared = clip_shared(manifest, clip, poster_size)
    return document(shared.title, body, assets=ASSETS_FROM_CLIPS, body_class="page-clip",
                    description=shared.description,
                    head=head_tags(shared, publish, manifest.course.title),
                    scripts=("links.js", "player.js", "host-api.js"))


def iframe_snippet(manifest: Manifest, clip: Clip, publish: Publish = Publish()) -> str:
    """An iframe of the clip's page, addressed from the lesson folder (or absolute)."""
    return iframe_html(clip_shared(manifest, clip), publish)


def video_snippet(clip: Clip, publish: Publish = Publish()) -> str:
    """A plain video element with the clip's captions, for pages that cannot use an iframe."""
    url = lambda suffix: esc(publish.url(f"clips/{clip.id}{suffix}"))  # noqa: E731
    return (f'<video controls preload="metadata" width="{FRAME_WIDTH}" poster="{url(".jpg")}">\n'
            f'  <source src="{url(".mp4")}" type="video/mp4">\n'
            f'  <track kind="captions" src="{url(".vtt")}" srclang="en" label="English" default>\n'
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


def _start_choice(manifest: Manifest, clip: Clip) -> str:
    """A menu that points both snippets of a clip at one of its sentences (#s= and #t=)."""
    options = "".join(
        f'<option value="{esc(ln.id)}" data-time="{ln.start:.3f}">{esc(clock(ln.start))} '
        f'{esc(summary(ln.text, 60))}</option>' for ln in lines_in(manifest, clip.span))
    return (f'<p class="start-at"><label for="start-{esc(clip.id)}">Start the snippets at</label> '
            f'<select id="start-{esc(clip.id)}" data-start-for="{esc(clip.id)}">'
            f'<option value="">the beginning</option>{options}</select></p>')


def _card(manifest: Manifest, clip: Clip, publish: Publish) -> str:
    count = len(lines_in(manifest, clip.span))
    meta = (f"{clock(clip.span.start)}–{clock(clip.span.end)} of the lesson · "
            f"{clip.span.duration:.1f} s · {count} sentence{'s' if count != 1 else ''}")
    return (
        '<li class="clip-card">\n'
        f'<img src="{esc(clip.id)}.jpg" alt="" width="640" height="360" loading="lazy">\n'
        '<div class="clip-card-body">\n'
        f'<h2><a href="{esc(clip.id)}.html">{esc(clip.title)}</a></h2>\n'
        f'<p class="clip-meta">{esc(meta)}</p>\n'
        f"{_start_choice(manifest, clip)}\n"
        f"{_snippet(clip, 'iframe', 'Iframe', iframe_snippet(manifest, clip, publish))}\n"
        f"{_snippet(clip, 'video', 'Plain video', video_snippet(clip, publish))}\n"
        "</div>\n</li>"
    )


def gallery_html(manifest: Manifest, clips: list[Clip], publish: Publish = Publish()) -> str:
    """The gallery of clips with their posters and copy-able embed snippets."""
    cards = "\n".join(_card(manifest, c, publish) for c in clips) or "<li>No clips yet: run `render.py clips`.</li>"
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
