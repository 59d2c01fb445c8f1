"""bench/RESULTS.md is shared: each benchmark rewrites its own section, between its two markers."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def write_section(text: str, start: str, end: str) -> None:
    """Replace the section from `start` to `end` with `text` (or add it), leaving the rest."""
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""
    if start in old and end in old:
        new = old[:old.index(start)] + text + old[old.index(end) + len(end):].lstrip("\n")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    RESULTS.write_text(new, encoding="utf-8")
