"""The interactive player page, `build/index.html`: video, chapters and a transcript that follows the voice."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from cli.options import BuildPaths
from player.assets import ASSET_DIR, install_assets
from player.clips import POSTER_LEAD
from player.cut import copy_file, image_size, poster
from player.data import cue_data, lines_in, whole
from player.html import document, esc, json_script, minutes, safe_href
from player.publish import Publish
from player.sections import chapter_list, transcript_section, video_element
from player.share import Shared, embed_config, head_tags, oembed_json
from transcript.captions import captions_srt, captions_vtt, chapters_vtt
from transcript.manifest import Manifest, atomic_write_text


def course_line(manifest: Manifest) -> str:
    """'How language models work · stop 7 of 20 · 2 min', the minutes rounded up from the duration."""
    c = manifest.course
    return f"{c.title} · stop {c.stop} of {c.stops} · {minutes(manifest.duration)} min"


def course_line_html(manifest: Manifest) -> str:
    """The course line with each part kept on one line when the screen is narrow."""
    return " · ".join(f'<span class="keep">{esc(part)}</span>'
                      for part in course_line(manifest).split(" · "))


def header_html(manifest: Manifest) -> str:
    """Course navigation, the lesson's place in the course, its title and tagline."""
    c = manifest.course
    return (
        '<header class="lesson-header">\n'
        '<nav class="course-nav" aria-label="Course">\n'
        f'<p class="course-line">{course_line_html(manifest)}</p>\n'
        '<ul class="course-links">\n'
        f'<li><a class="course-link before" href="{safe_href(c.before.href)}" rel="prev" '
        f'title="{esc(c.before.title)}"><span aria-hidden="true">← </span>Before this</a></li>\n'
        f'<li><a class="course-link next" href="{safe_href(c.next.href)}" rel="next">'
        f'Next: {esc(c.next.title)}<span aria-hidden="true"> →</span></a></li>\n'
        "</ul>\n</nav>\n"
        f'<h1 class="lesson-title">{esc(manifest.title)}</h1>\n'
        f'<p class="tagline">{esc(manifest.tagline)}</p>\n'
        "</header>"
    )


LESSON_FRAME = (960, 720)  # the iframe an oEmbed consumer makes for the whole lesson


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
    """The whole player page as HTML text; every text from the manifest is escaped. With
    `poster_size`, the video shows poster.jpg (of that size) before it plays."""
    chapter_starts = [(sc.title, manifest.scene_span(sc.id).start) for sc in manifest.scenes]
    shared = lesson_shared(manifest, poster_size)
    player = video_element(video, captions, f"Lesson video: {manifest.title}", chapters=chapters,
                           poster=shared.poster if poster_size else None)
    frame = f'<div class="video-frame">\n{player}\n</div>'
    body = (
        '<a class="skip-link" href="#transcript">Skip to the transcript</a>\n'
        f"{header_html(manifest)}\n"
        f'<main class="lesson">\n{frame}\n{transcript_section(lines_in(manifest, whole(manifest)))}\n'
        f"{chapter_list(chapter_starts)}\n</main>\n"
        f"{json_script(cue_data(manifest), 'lesson-data')}\n"
        f"{json_script(embed_config(manifest, publish), 'embed-config')}"
    )
    return document(f"{manifest.title} · {manifest.course.title}", body, assets=assets,
                    body_class="page-lesson", description=manifest.tagline,
                    head=head_tags(shared, publish, provider(manifest)),
                    scripts=("links.js", "player.js", "host-api.js", "scorm.js"))


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
        copy_file(drawn, out)
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
    install_assets(build_paths.root)
    ensure_tracks(manifest, build_paths)
    size = lesson_poster(manifest, build_paths, posters)
    atomic_write_text(build_paths.player, player_html(manifest, publish=publish, poster_size=size))
    atomic_write_text(build_paths.oembed, oembed_json(lesson_shared(manifest, size), publish,
                                                      provider(manifest)))
    return build_paths.player
