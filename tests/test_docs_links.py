"""The README and the pages in docs/ link to files that exist, and to headings that exist in them:
every relative link and image, with its #anchor checked against the target's headings as GitHub
names them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading).lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor in `page` (a repeated heading's later ones get -1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """The relative links of `page` whose file, or whose #anchor in it, does not exist (each
    named with `page` as a path from `root`)."""
    text = CODE.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # an absolute address (https:, mailto:): not this repository's
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{page.relative_to(root)}: {target} (no file {path})")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{page.relative_to(root)}: {target} (no heading #{anchor} in {path or page.name})")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    assert broken_links(page) == []


def test_the_pages_link_to_each_other():
    """Every page in docs/ is reached from the README, directly or through another page."""
    reached, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in reached:
            continue
        reached.add(page)
        text = CODE.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
        for target in LINK.findall(text):
            path = target.partition("#")[0]
            file = (page.parent / path).resolve()
            if path.endswith(".md") and file.exists():
                todo.append(file)
    assert set(PAGES) - reached == set()


def test_the_check_finds_a_broken_file_and_a_broken_anchor(tmp_path):
    (tmp_path / "other.md").write_text("# Other page\n\n## A heading, with `code`\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n[ok](other.md#a-heading-with-code) [self](#page)\n"
                    "[gone](missing.md) [no such heading](other.md#nowhere)\n"
                    "![picture](images/none.png) `[in code](missing.md)` <https://example.org/>\n"
                    "```\n[in a fence](missing.md)\n```\n", encoding="utf-8")
    assert broken_links(page, tmp_path) == ["page.md: missing.md (no file missing.md)",
                     "page.md: other.md#nowhere (no heading #nowhere in other.md)",
                     "page.md: images/none.png (no file images/none.png)"]
