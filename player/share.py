"""What other sites read from a page: Open Graph and Twitter card tags for link previews, and the
static oEmbed JSON (with its discovery link) that WordPress, Moodle and many CMSs embed from."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from player.publish import Publish
from player.templating import macro

if TYPE_CHECKING:
    from transcript.manifest import Manifest

SNIPPETS = "partials/snippets.html"


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

    @property
    def folder(self) -> str:
        """The page's folder, relative to the lesson folder ("" or "clips")."""
        return self.page.rpartition("/")[0]


def iframe_html(item: Shared, publish: Publish, here: str = "") -> str:
    """The iframe that embeds `item`'s page, addressed as seen from folder `here`."""
    return macro(SNIPPETS, "iframe", publish.url(item.page, here), item.title, *item.frame)


def preview_tags(item: Shared, publish: Publish, provider: str) -> list[tuple[str, str, str]]:
    """Open Graph and Twitter card tags for `item`'s own page, as (attribute, key, content)."""
    url = lambda path: publish.url(path, item.folder)  # noqa: E731
    og = [("og:type", "video.other"), ("og:site_name", provider), ("og:title", item.title),
          ("og:description", item.description), ("og:image", url(item.poster)),
          ("og:image:alt", f"A frame of {item.title}"), ("og:video", url(item.video)),
          ("og:video:type", "video/mp4")]
    if item.poster_size:
        w, h = (str(n) for n in item.poster_size)
        og += [("og:image:width", w), ("og:image:height", h), ("og:video:width", w),
               ("og:video:height", h)]
    if publish.base_url:
        og.append(("og:url", url(item.page)))
    player = publish.base_url.startswith("https://")  # a card player must be served over https
    twitter = [("twitter:card", "player" if player else "summary_large_image"),
               ("twitter:title", item.title), ("twitter:description", item.description),
               ("twitter:image", url(item.poster))]
    if player:
        twitter += [("twitter:player", url(item.page)), ("twitter:player:width", str(item.frame[0])),
                    ("twitter:player:height", str(item.frame[1]))]
    return [("property", k, v) for k, v in og] + [("name", k, v) for k, v in twitter]


def share_context(item: Shared, publish: Publish, provider: str) -> dict:
    """What `partials/share.html` needs for `item`'s page: its tags and its oEmbed address."""
    return {"tags": preview_tags(item, publish, provider), "title": item.title,
            "oembed": publish.url(item.oembed, item.folder)}


def oembed_json(item: Shared, publish: Publish, provider: str) -> str:
    """The oEmbed response (type video) for `item`; addresses absolute under the base URL, else
    relative to the lesson folder."""
    data: dict[str, object] = {"version": "1.0", "type": "video", "title": item.title,
                               "provider_name": provider}
    if publish.base_url:
        data["provider_url"] = publish.base_url
    data["thumbnail_url"] = publish.url(item.poster)
    if item.poster_size:
        data["thumbnail_width"], data["thumbnail_height"] = item.poster_size
    data.update(width=item.frame[0], height=item.frame[1], html=iframe_html(item, publish))
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def embed_config(manifest: Manifest, publish: Publish) -> dict:
    """What the page scripts read beyond the cues: the parent origins the host-page API talks to
    and the share of the lesson watched that counts as completed."""
    return {"allowedOrigins": list(publish.origins),
            "completionThreshold": manifest.completion_threshold}
