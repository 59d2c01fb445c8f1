"""The build folder's layout: where each output and cache lives. A fact of the project, so every
layer may use it; the command line only decides which folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LESSON = ROOT / "transcript" / "attention" / "lesson.yaml"
DEFAULT_COURSE = ROOT / "course.yaml"  # the course: its stops, which of them are lessons here
DEFAULT_BUILD = ROOT / "build"


class NotBuilt(Exception):
    """An output of an earlier step is missing, damaged or older than what it feeds: `step` names
    the step that makes it (the command line says how to run it)."""

    def __init__(self, problem: str, step: str):
        self.step = step
        super().__init__(problem)

    def __reduce__(self):  # pickled whole across processes (a drawing worker's error)
        return type(self), (self.args[0], self.step)


ASSETS = "player"  # the pages' scripts and stylesheets, under the build folder
VENDORED = ("vendor/media-chrome.js", "vendor/media-chrome.LICENSE.txt")  # the controls, as published
PLAYER_FILES = (*VENDORED, "player.js", "controls.js", "player.css", "gallery.js", "links.js",
                "host-api.js", "scorm.js", "dom.js", "attention.js", "explore.js", "explore.css",
                "checks-model.js", "checks.js", "checks.css", "ranges.js", "resume.js", "endcard.js",
                "learner.css")  # the engine's, in ASSETS


@dataclass(frozen=True)
class BuildPaths:
    """Where each output lives under the build folder. A run that stages its outputs
    (common.stage) writes them under a stage `root` and keeps the build's own `shared_cache`."""

    root: Path
    shared_cache: Path | None = None

    @property
    def manifest(self) -> Path:
        return self.root / "lesson.json"

    @property
    def narration(self) -> Path:
        return self.root / "narration.wav"

    @property
    def captions(self) -> Path:
        return self.root / "captions.vtt"

    @property
    def captions_srt(self) -> Path:
        return self.root / "captions.srt"

    @property
    def chapters(self) -> Path:
        return self.root / "chapters.vtt"

    @property
    def video(self) -> Path:
        return self.root / "lesson.mp4"

    @property
    def player(self) -> Path:
        return self.root / "index.html"

    @property
    def poster(self) -> Path:
        return self.root / "poster.jpg"

    @property
    def oembed(self) -> Path:
        return self.root / "lesson.oembed.json"

    @property
    def scorm(self) -> Path:
        return self.root / "lesson-scorm12.zip"

    @property
    def clips(self) -> Path:
        return self.root / "clips"

    @property
    def stills(self) -> Path:
        return self.root / "stills"

    @property
    def scenes(self) -> Path:
        return self.root / "scenes"

    @property
    def sheets(self) -> Path:
        return self.root / "sheets"

    @property
    def assets(self) -> Path:
        return self.root / ASSETS

    def published(self) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
        """What a render publishes: files at the top of the build folder, and whole folders."""
        return ((self.manifest, self.narration, self.captions, self.captions_srt, self.chapters,
                 self.video, self.player, self.poster, self.oembed, self.scorm),
                (self.assets, self.clips, self.stills, self.scenes, self.sheets))

    @property
    def cache(self) -> Path:
        """Working files (voices, levelled sentences, drawn beats): never published."""
        return self.shared_cache or self.root / "cache"

    @property
    def lock(self) -> Path:
        return self.cache / "render.lock"
