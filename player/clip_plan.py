"""Which clips a course gets: one per scene, or any sentence range, named and timed from the
manifest. Checked before anything is cut, so a bad range fails before any work."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from transcript.manifest import Manifest, Span

RANGE_JOIN = "--"  # ids are kebab-case, so a double hyphen cannot occur inside one


class ClipError(ValueError):
    """A clip that cannot be made as asked: an unknown id, a backwards range, no lesson video."""


@dataclass(frozen=True)
class Clip:
    id: str  # the file stem: a scene id, or "<first>--<last>"
    title: str
    first: str  # first and last sentence ids
    last: str
    span: Span

    def file(self, folder: Path, suffix: str) -> Path:
        return folder / f"{self.id}{suffix}"


def _short(text: str, words: int = 6) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + ("…" if len(parts) > words else "")


def scene_clip(manifest: Manifest, scene: str) -> Clip:
    """The clip of one whole scene, named after it."""
    info = next(sc for sc in manifest.scenes if sc.id == scene)
    said = manifest.sentences_of(scene)
    return Clip(scene, info.title, said[0].id, said[-1].id, manifest.scene_span(scene))


def range_clip(manifest: Manifest, first: str, last: str) -> Clip:
    """The clip from sentence `first` to the end of sentence `last`'s beat; ClipError if not valid."""
    check_range(manifest, first, last)
    a, b = manifest.sentence(first), manifest.sentence(last)
    title = f"“{_short(a.text)}”" if first == last else f"“{_short(a.text)}” to “{_short(b.text)}”"
    return Clip(f"{first}{RANGE_JOIN}{last}", title, first, last, manifest.range_span(first, last))


def check_range(manifest: Manifest, first: str, last: str) -> None:
    """Raise ClipError naming the valid sentence ids if `first`..`last` is not a range of the lesson."""
    ids = [s.id for s in manifest.sentences]
    unknown = [x for x in dict.fromkeys((first, last)) if x not in ids]
    if unknown:
        raise ClipError(f"unknown sentence id{'s' if len(unknown) > 1 else ''} "
                        f"{', '.join(repr(x) for x in unknown)}; valid ids, in order: {', '.join(ids)}")
    if ids.index(last) < ids.index(first):
        raise ClipError(f"sentence {last!r} comes before {first!r}; give the earlier one as --from")


def plan(manifest: Manifest, ranges: Sequence[tuple[str, str]] | None = None) -> list[Clip]:
    """The clips to make: every scene by default, else just the given (first, last) ranges."""
    if ranges is None:
        return [scene_clip(manifest, sc.id) for sc in manifest.scenes]
    return [range_clip(manifest, first, last) for first, last in ranges]
