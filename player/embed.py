"""A clip's embed page, the snippets that embed it, and the gallery that lists them."""

from __future__ import annotations

from player.assets import ASSET_DIR, lesson_scripts
from player.clip_plan import Clip
from player.data import cue_data, lines_in, paragraphs
from player.explore import explore_page_data
from player.html import clock
from player.publish import Publish
from player.share import SNIPPETS, Shared, iframe_html, share_context
from player.templating import macro, render
from transcript.lessons import lesson_of
from transcript.manifest import Manifest

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
                   poster_size: tuple[int, int] | None = None, config: dict | None = None) -> str:
    """The clip with its captions and its part of the transcript, made to sit in an iframe, with
    its link-preview tags; `config` is what the page scripts read (`share.embed_config`)."""
    shared = clip_shared(manifest, clip, poster_size)
    return render("clip.html", manifest=manifest, clip=clip, assets=ASSETS_FROM_CLIPS,
                  paragraphs=paragraphs(lines_in(manifest, clip.span)),
                  cue_data={**cue_data(manifest, clip.span), "clip": clip.id}, description=shared.description,
                  share=share_context(shared, publish, manifest.course.title),
                  config=config or {"allowedOrigins": []},
                  explore_data=explore_page_data(manifest, clip.span),
                  lesson_scripts=lesson_scripts(lesson_of(manifest.lesson)))


def iframe_snippet(manifest: Manifest, clip: Clip, publish: Publish = Publish()) -> str:
    """An iframe of the clip's page, addressed from the lesson folder (or absolute)."""
    return iframe_html(clip_shared(manifest, clip), publish)


def video_snippet(clip: Clip, publish: Publish = Publish()) -> str:
    """A plain video element with the clip's captions, for pages that cannot use an iframe."""
    url = lambda suffix: publish.url(f"clips/{clip.id}{suffix}")  # noqa: E731
    return macro(SNIPPETS, "video", url(".mp4"), url(".jpg"), url(".vtt"), FRAME_WIDTH)


def clip_meta(manifest: Manifest, clip: Clip) -> str:
    """'0:12–0:31 of the lesson · 19.0 s · 4 sentences': where the clip sits and what it holds."""
    count = len(lines_in(manifest, clip.span))
    return (f"{clock(clip.span.start)}–{clock(clip.span.end)} of the lesson · "
            f"{clip.span.duration:.1f} s · {count} sentence{'s' if count != 1 else ''}")


def start_choices(manifest: Manifest, clip: Clip) -> list[tuple[str, float, str]]:
    """The clip's sentences as (id, start within the clip, menu label) for "start at"."""
    return [(ln.id, ln.start, f"{clock(ln.start)} {summary(ln.text, 60)}")
            for ln in lines_in(manifest, clip.span)]


def gallery_html(manifest: Manifest, clips: list[Clip], publish: Publish = Publish()) -> str:
    """The gallery of clips with their posters, copy-able embed snippets and start menus."""
    cards = [{"clip": c, "meta": clip_meta(manifest, c), "iframe": iframe_snippet(manifest, c, publish),
              "video": video_snippet(c, publish), "starts": start_choices(manifest, c)} for c in clips]
    return render("gallery.html", manifest=manifest, cards=cards, assets=ASSETS_FROM_CLIPS)
