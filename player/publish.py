"""Where the build will be published and who may embed it: the `--base-url` that makes oEmbed and
link-preview addresses absolute, and the parent origins a page's host-page API answers."""

from __future__ import annotations

from dataclasses import dataclass
from posixpath import relpath
from urllib.parse import urlsplit


class PublishError(ValueError):
    """A --base-url or --allow-origin that cannot be used, with what to give instead."""


@dataclass(frozen=True)
class Publish:
    base_url: str = ""  # absolute, ending in "/", or "" for addresses relative to the lesson folder
    origins: tuple[str, ...] = ()  # parent origins the host-page API talks to; ("*",) for any

    def url(self, path: str, here: str = "") -> str:
        """The address of `path` (relative to the lesson folder) as written in a file in folder
        `here`: absolute under the base URL, else relative to `here`."""
        if self.base_url:
            return self.base_url + path
        return relpath(path, here or ".")


def base_url(text: str) -> str:
    """An http(s) address with a host and no query or fragment, ending in '/'; PublishError if not."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or parts.username or parts.password or " " in text.strip():
        raise PublishError(f"--base-url {text!r} is not an http(s) address of a folder; give where "
                           "the build folder will be served, e.g. https://courses.example.org/attention/")
    return parts.geturl().rstrip("/") + "/"


def origin(text: str) -> str:
    """'*' or an origin scheme://host[:port] (no path); PublishError if not."""
    if text == "*":
        return text
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username:
        raise PublishError(f"--allow-origin {text!r} is not an origin; give scheme, host and port "
                           "only, e.g. https://lms.example.org (or '*' to let any page embed it)")
    return f"{parts.scheme}://{parts.netloc}".lower()


def publish(base: str | None, origins: list[str] | None) -> Publish:
    """The checked settings; PublishError names the first bad one."""
    return Publish(base_url(base) if base else "", tuple(dict.fromkeys(origin(o) for o in origins or ())))
