"""The interactive player page, `build/index.html`: video, chapters and a transcript that follows the voice."""

from __future__ import annotations

from pathlib import Path

from common.files import atomic_write_text
from common.paths import BuildPaths
from player.assets import ASSET_DIR, install_assets
from player.data import cue_data, lines_in, paragraphs, whole
from player.explore import explore_page_data
from player.html import minutes
from player.templating import render
from transcript.captions import captions_vtt, chapters_vtt
from transcript.manifest import Manifest


def course_line(manifest: Manifest) -> str:
    """'How language models work · stop 7 of 20 · 2 min', the minutes rounded up from the duration."""
    c = manifest.course
    return f"{c.title} · stop {c.stop} of {c.stops} · {minutes(manifest.duration)} min"


def player_html(manifest: Manifest, video: str = "lesson.mp4", captions: str = "captions.vtt",
                chapters: str = "chapters.vtt", assets: str = ASSET_DIR) -> str:
    """The whole player page as HTML text, from `templates/lesson.html`."""
    return render(
        "lesson.html", manifest=manifest, assets=assets, video_src=video, captions=captions,
        chapters_src=chapters, course_parts=course_line(manifest).split(" · "),
        paragraphs=paragraphs(lines_in(manifest, whole(manifest))),
        chapters=[(sc.title, manifest.scene_span(sc.id).start) for sc in manifest.scenes],
        cue_data=cue_data(manifest), explore_data=explore_page_data(manifest))


def ensure_tracks(manifest: Manifest, build_paths: BuildPaths) -> None:
    """Write captions.vtt and chapters.vtt from the manifest when missing or older than it."""
    stamp = build_paths.manifest.stat().st_mtime if build_paths.manifest.exists() else 0.0
    for path, text in ((build_paths.captions, captions_vtt), (build_paths.chapters, chapters_vtt)):
        if not path.exists() or path.stat().st_mtime < stamp:
            atomic_write_text(path, text(manifest))


def build_player(manifest: Manifest, build_paths: BuildPaths) -> Path:
    """Write `index.html` and its assets into the build folder; returns the page's path."""
    install_assets(build_paths.root)
    ensure_tracks(manifest, build_paths)
    atomic_write_text(build_paths.player, player_html(manifest))
    return build_paths.player
