"""The interactive player page, `build/index.html`: video, chapters and a transcript that follows the voice."""

from __future__ import annotations

from pathlib import Path

from common.files import atomic_write_text
from common.paths import BuildPaths
from player.assets import ASSET_DIR, install_assets
from player.data import cue_data, lines_in, whole
from player.html import document, esc, json_script, minutes, safe_href
from player.sections import chapter_list, transcript_section, video_element
from transcript.captions import captions_vtt, chapters_vtt
from transcript.manifest import Manifest


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


def player_html(manifest: Manifest, video: str = "lesson.mp4", captions: str = "captions.vtt",
                chapters: str = "chapters.vtt", assets: str = ASSET_DIR) -> str:
    """The whole player page as HTML text; every text from the manifest is escaped."""
    chapter_starts = [(sc.title, manifest.scene_span(sc.id).start) for sc in manifest.scenes]
    frame = (
        '<div class="video-frame">\n'
        f"{video_element(video, captions, f'Lesson video: {manifest.title}', chapters=chapters)}\n"
        "</div>"
    )
    body = (
        '<a class="skip-link" href="#transcript">Skip to the transcript</a>\n'
        f"{header_html(manifest)}\n"
        f'<main class="lesson">\n{frame}\n{transcript_section(lines_in(manifest, whole(manifest)))}\n'
        f"{chapter_list(chapter_starts)}\n</main>\n"
        f"{json_script(cue_data(manifest), 'lesson-data')}"
    )
    return document(f"{manifest.title} · {manifest.course.title}", body, assets=assets,
                    body_class="page-lesson", description=manifest.tagline)


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
