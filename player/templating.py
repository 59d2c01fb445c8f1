"""Pages from the Jinja2 templates in `player/templates/`, escaping every value by default."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from player.html import clock, json_data, safe_href

ENV = Environment(loader=PackageLoader("player", "templates"), autoescape=True,
                  undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                  keep_trailing_newline=True)
ENV.filters.update(clock=clock, json_data=json_data, safe_href=safe_href)


def render(template: str, **context: Any) -> str:
    """The named template (e.g. "lesson.html") filled in with `context`."""
    return ENV.get_template(template).render(**context)


def macro(template: str, name: str, *args: Any) -> str:
    """One macro of a template called with `args`, as plain text (so that, put into a page, it
    is escaped again: shown, not run)."""
    return str(getattr(ENV.get_template(template).module, name)(*args))
