"""What other sites read from a page: Open Graph and Twitter card tags for link previews, and the
static oEmbed JSON (with its discovery link) that WordPress, Moodle and many CMSs embed from."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from player.html import esc
from player.publish import Publish

if TYPE_CHECKING:
    from transcript.manifest import Manifest

OEMBED_TYPE = "application/json+oembed"


@dataclass(frozen=True)
class Shared:
    """One embeddable thing (the lesson or a clip), its addresses relative to the lesson folder."""

    title: str
    description: str
    page: str  # the page to embed, e.g. "clips/phrase.html"
    video: str  # its MP4
    poster: str  # its JPEG
    oembed: str  # its oEmbed JSON
    poster_size: tuple[int, int] | None  # the poster's (and video's) width and height
    frame: tuple[int, int]  # the iframe's width and height


def iframe_html(item: Shared, publish: Publish, here: str = "") -> str:
    """The iframe that embeds `item`'s page, addressed as seen from folder `here`."""
    width, height = item.frame
    return (f'<iframe src="{esc(publish.url(item.page, here))}" title="{esc(item.title)}" '
            f'width="{width}" height="{height}" style="border:0;max-width:100%" '
            'allow="fullscreen" loading="lazy"></iframe>')


def head_tags(item: Shared, publish: Publish, provider: str) -> str:
    """Open Graph, Twitter card and oEmbed discovery tags for `item`'s own page."""
    here = item.page.rpartition("/")[0]
    url = lambda path: publish.url(path, here)  # noqa: E731
    tags = [("og:type", "video.other"), ("og:site_name", provider), ("og:title", item.title),
            ("og:description", item.description), ("og:image", url(item.poster)),
            ("og:image:alt", f"A frame of {item.title}"), ("og:video", url(item.video)),
            ("og:video:type", "video/mp4")]
    if item.poster_size:
        w, h = item.poster_size
        tags += [("og:image:width", str(w)), ("og:image:height", str(h)),
                 ("og:video:width", str(w)), ("og:video:height", str(h))]
    if publish.base_url:
        tags.append(("og:url", url(item.page)))
    player = publish.base_url.startswith("https://")  # a card player must be served over https
    twitter = [("twitter:card", "player" if player else "summary_large_image"),
               ("twitter:title", item.title), ("twitter:description", item.description),
               ("twitter:image", url(item.poster))]
    if player:
        twitter += [("twitter:player", url(item.page)), ("twitter:player:width", str(item.frame[0])),
                    ("twitter:player:height", str(item.frame[1]))]
    lines = [f'<meta property="{k}" content="{esc(v)}">' for k, v in tags]
    lines += [f'<meta name="{k}" content="{esc(v)}">' for k, v in twitter]
    lines.append(f'<link rel="alternate" type="{OEMBED_TYPE}" href="{esc(url(item.oembed))}" '
                 f'title="{esc(item.title)}">')
    return "\n".join(lines) + "\n"


def oembed_json(item: Shared, publish: Publish, provider: str) -> str:
    """The oEmbed response (type video) for `item`; addresses absolute under the base URL, else
    relative to the lesson folder."""
    width, height = item.frame
    data = {"version": "1.0", "type": "video", "title": item.title, "provider_name": provider}
    if publish.base_url:
        data["provider_url"] = publish.base_url
    data["thumbnail_url"] = publish.url(item.poster)
    if item.poster_size:
        data["thumbnail_width"], data["thumbnail_height"] = item.poster_size
    data.update(width=width, height=height, html=iframe_html(item, publish))
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def embed_config(manifest: Manifest, publish: Publish) -> dict:
    """What the page scripts read beyond the cues: the parent origins the host-page API talks to
    and the share of the lesson watched that counts as completed."""
    return {"allowedOrigins": list(publish.origins),
            "completionThreshold": manifest.completion_threshold}
