"""The interactive player page, `build/index.html`: video, chapters and a transcript that follows
the voice."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from common.files import atomic_copy, atomic_write_text
from common.paths import BuildPaths
from player.assets import ASSET_DIR, install_assets, lesson_scripts
from player.clips import POSTER_LEAD, image_size
from player.data import cue_data, lines_in, paragraphs, whole
from player.explore import explore_page_data
from player.html import minutes
from player.publish import Publish
from player.share import Shared, embed_config, oembed_json, share_context
from player.templating import render
from transcript.captions import captions_srt, captions_vtt, chapters_vtt
from transcript.lessons import lesson_of
from transcript.manifest import Manifest
from video.cut import poster

LESSON_FRAME = (960, 720)  # the iframe an oEmbed consumer makes for the whole lesson


def course_line(manifest: Manifest) -> str:
    """'How language models work · stop 7 of 20 · 2 min', the duration in whole minutes."""
    c = manifest.course
    return f"{c.title} · stop {c.stop} of {c.stops} · {minutes(manifest.duration)} min"


def provider(manifest: Manifest) -> str:
    """Who publishes the lesson, as oEmbed and Open Graph name it: the course."""
    return manifest.course.title


def lesson_shared(manifest: Manifest, poster_size: tuple[int, int] | None = None) -> Shared:
    """The whole lesson as a thing to embed and preview."""
    return Shared(manifest.title, manifest.tagline, "index.html", "lesson.mp4", "poster.jpg",
                  "lesson.oembed.json", poster_size, LESSON_FRAME)


def player_html(manifest: Manifest, video: str = "lesson.mp4", captions: str = "captions.vtt",
                chapters: str = "chapters.vtt", assets: str = ASSET_DIR,
                publish: Publish = Publish(), poster_size: tuple[int, int] | None = None) -> str:
    """The whole player page as HTML text, from `templates/lesson.html`. With `poster_size`, the
    video shows poster.jpg (of that size) before it plays."""
    shared = lesson_shared(manifest, poster_size)
    return render(
        "lesson.html", manifest=manifest, assets=assets, video_src=video, captions=captions,
        chapters_src=chapters, course_parts=course_line(manifest).split(" · "),
        paragraphs=paragraphs(lines_in(manifest, whole(manifest))),
        chapters=[(sc.title, manifest.scene_span(sc.id).start) for sc in manifest.scenes],
        cue_data=cue_data(manifest), poster=shared.poster if poster_size else None,
        share=share_context(shared, publish, provider(manifest)),
        config=embed_config(manifest, publish), explore_data=explore_page_data(manifest),
        lesson_scripts=lesson_scripts(lesson_of(manifest.lesson)))


def ensure_tracks(manifest: Manifest, build_paths: BuildPaths) -> None:
    """Write captions.vtt, captions.srt and chapters.vtt from the manifest when missing or older."""
    stamp = build_paths.manifest.stat().st_mtime if build_paths.manifest.exists() else 0.0
    for path, text in ((build_paths.captions, captions_vtt), (build_paths.captions_srt, captions_srt),
                       (build_paths.chapters, chapters_vtt)):
        if not path.exists() or path.stat().st_mtime < stamp:
            atomic_write_text(path, text(manifest))


def lesson_poster(manifest: Manifest, build_paths: BuildPaths,
                  posters: Mapping[str, Path] | None = None) -> tuple[int, int] | None:
    """Write poster.jpg, the last frame of the beat the lesson YAML names as its `poster`: as
    drawn (from `posters`, by sentence id) or decoded from the lesson video. Returns its size,
    or None when there is neither (no video yet)."""
    out, video = build_paths.poster, build_paths.video
    drawn = (posters or {}).get(manifest.poster)
    if drawn is not None and image_size(drawn) is not None:
        atomic_copy(drawn, out)
    elif not video.exists():
        return None
    elif not out.exists() or out.stat().st_mtime < video.stat().st_mtime:
        span = manifest.beat_span(manifest.poster)
        poster(video, max(span.start, span.end - POSTER_LEAD), out)
    return image_size(out)


def build_player(manifest: Manifest, build_paths: BuildPaths, publish: Publish = Publish(),
                 posters: Mapping[str, Path] | None = None) -> Path:
    """Write `index.html`, its poster, its oEmbed JSON and its assets into the build folder;
    returns the page's path. `posters` maps sentence ids to their beats' drawn last frames."""
    install_assets(build_paths.root, lesson_of(manifest.lesson))
    ensure_tracks(manifest, build_paths)
    size = lesson_poster(manifest, build_paths, posters)
    atomic_write_text(build_paths.player, player_html(manifest, publish=publish, poster_size=size))
    atomic_write_text(build_paths.oembed, oembed_json(lesson_shared(manifest, size), publish,
                                                      provider(manifest)))
    return build_paths.player
