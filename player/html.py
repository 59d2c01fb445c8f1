"""What the page templates need besides escaping: safe links, unbreakable JSON blocks, times."""

from __future__ import annotations

import json
import math
from urllib.parse import urlsplit

from markupsafe import Markup

SAFE_SCHEMES = ("", "http", "https")


def safe_href(href: str) -> str:
    """A link target from the YAML; anything but a relative or http(s) URL becomes '#'.
    The template escapes it like any other attribute value."""
    scheme = urlsplit(href.strip()).scheme.lower()
    return href.strip() if scheme in SAFE_SCHEMES else "#"


def json_data(data: object) -> Markup:
    """Data as the text of a `<script type="application/json">` block that no text can break out
    of or end early: <, >, & and the JavaScript line separators are written as \\u escapes."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return Markup(text)  # nothing left in it that HTML would read


def clock(seconds: float) -> str:
    """Seconds as m:ss (or h:mm:ss), for chapter and clip times."""
    total = int(math.floor(seconds + 1e-6))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m}:{s:02}"


def minutes(seconds: float) -> int:
    """A duration as whole minutes, the nearest (half up), at least 1: what a course page bills, so
    a lesson of 2 min 1 s is still a 2-minute stop."""
    return max(1, math.floor(seconds / 60 + 0.5))
