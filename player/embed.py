"""A clip's embed page, the snippets that embed it, and the gallery that lists them."""

from __future__ import annotations

from player.assets import ASSET_DIR
from player.clip_plan import Clip
from player.data import cue_data, lines_in, paragraphs
from player.explore import explore_page_data
from player.html import clock
from player.templating import macro, render
from transcript.manifest import Manifest

ASSETS_FROM_CLIPS = f"../{ASSET_DIR}"
FRAME_WIDTH, FRAME_HEIGHT = 640, 600
SNIPPETS = "partials/snippets.html"


def clip_page_html(manifest: Manifest, clip: Clip) -> str:
    """The clip with its captions and its part of the transcript, made to sit in an iframe."""
    return render("clip.html", manifest=manifest, clip=clip, assets=ASSETS_FROM_CLIPS,
                  paragraphs=paragraphs(lines_in(manifest, clip.span)),
                  cue_data=cue_data(manifest, clip.span),
                  explore_data=explore_page_data(manifest, clip.span))


def iframe_snippet(manifest: Manifest, clip: Clip) -> str:
    """An iframe of the clip's page, addressed from the lesson folder."""
    return macro(SNIPPETS, "iframe", clip, manifest.title, FRAME_WIDTH, FRAME_HEIGHT)


def video_snippet(clip: Clip) -> str:
    """A plain video element with the clip's captions, for pages that cannot use an iframe."""
    return macro(SNIPPETS, "video", clip, FRAME_WIDTH)


def clip_meta(manifest: Manifest, clip: Clip) -> str:
    """'0:12–0:31 of the lesson · 19.0 s · 4 sentences': where the clip sits and what it holds."""
    count = len(lines_in(manifest, clip.span))
    return (f"{clock(clip.span.start)}–{clock(clip.span.end)} of the lesson · "
            f"{clip.span.duration:.1f} s · {count} sentence{'s' if count != 1 else ''}")


def gallery_html(manifest: Manifest, clips: list[Clip]) -> str:
    """The gallery of clips with their posters and copy-able embed snippets."""
    cards = [{"clip": c, "meta": clip_meta(manifest, c), "iframe": iframe_snippet(manifest, c),
              "video": video_snippet(c)} for c in clips]
    return render("gallery.html", manifest=manifest, cards=cards, assets=ASSETS_FROM_CLIPS)
