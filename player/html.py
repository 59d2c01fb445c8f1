"""Small HTML helpers shared by the player page, the clip pages and the gallery: escaping and layout."""

from __future__ import annotations

import html
import json
import math
from urllib.parse import urlsplit

SAFE_SCHEMES = ("", "http", "https")


def esc(text: object) -> str:
    """Text (or an attribute value) from the manifest, made inert in HTML."""
    return html.escape(str(text), quote=True)


def safe_href(href: str) -> str:
    """A link target from the YAML, escaped; anything but a relative or http(s) URL becomes '#'."""
    scheme = urlsplit(href.strip()).scheme.lower()
    return esc(href.strip()) if scheme in SAFE_SCHEMES else "#"


def json_script(data: object, element_id: str) -> str:
    """Data as a `<script type="application/json">` block no text can break out of."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return f'<script type="application/json" id="{esc(element_id)}">{text}</script>'


def clock(seconds: float) -> str:
    """Seconds as m:ss (or h:mm:ss), for chapter and clip times."""
    total = int(math.floor(seconds + 1e-6))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m}:{s:02}"


def minutes(seconds: float) -> int:
    """A duration as whole minutes, rounded up, at least 1: what a course page shows."""
    return max(1, math.ceil(seconds / 60 - 1e-9))


def document(title: str, body: str, *, assets: str, body_class: str, description: str = "",
             scripts: tuple[str, ...] = ("player.js",), head: str = "") -> str:
    """A whole page: head with the shared stylesheet (and `head`'s tags), then `body` and the
    scripts from `assets`."""
    meta = f'<meta name="description" content="{esc(description)}">\n' if description else ""
    tags = "\n".join(f'<script src="{esc(assets)}/{esc(name)}"></script>' for name in scripts)
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n{meta}{head}"
        '<link rel="icon" href="data:,">\n'
        f'<link rel="stylesheet" href="{esc(assets)}/player.css">\n'
        f'</head>\n<body class="{esc(body_class)}">\n{body}\n{tags}\n</body>\n</html>\n'
    )
