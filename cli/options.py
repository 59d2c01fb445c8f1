"""Options shared by every subcommand, and the paths they point at."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from player.publish import Publish, PublishError, publish

ROOT = Path(__file__).resolve().parent.parent


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", type=Path, default=ROOT / "transcript" / "lesson.yaml",
                        help="the lesson YAML (default: transcript/lesson.yaml)")
    parser.add_argument("--build", type=Path, default=ROOT / "build",
                        help="output folder (default: build/)")
    parser.add_argument("--quality", choices=("low", "default", "high"), default="default",
                        help="low 480p15 (previews), default 720p30, high 1080p60")
    parser.add_argument("--voice", choices=("piper", "flite"), default=None,
                        help="narration voice (default: the lesson YAML's 'voice')")
    parser.add_argument("--recordings", type=Path, default=None,
                        help="folder of recorded takes, one file per sentence id")
    parser.add_argument("--jobs", type=int, default=None,
                        help="scene render processes (default: one per core)")


@dataclass(frozen=True)
class BuildPaths:
    """Where each output lives under the build folder."""

    root: Path

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
    def cache(self) -> Path:
        return self.root / "cache"


def paths(args: argparse.Namespace) -> BuildPaths:
    return BuildPaths(Path(args.build).resolve())


def add_publish(parser: argparse.ArgumentParser) -> None:
    """Options for pages that others embed: where the build is published, who may embed it."""
    parser.add_argument("--base-url", default=None, metavar="URL",
                        help="address the build folder is served at, for absolute oEmbed and "
                             "link-preview addresses (default: relative to the lesson folder)")
    parser.add_argument("--allow-origin", action="append", default=None, metavar="ORIGIN",
                        help="a parent page origin (https://lms.example.org) the embed API talks to; "
                             "repeat for several; '*' for any (default: the build's own origin only)")


def publish_settings(args: argparse.Namespace, command: str) -> Publish:
    """The checked --base-url and --allow-origin; one line naming the bad one, before any work."""
    try:
        return publish(args.base_url, args.allow_origin)
    except PublishError as e:
        raise SystemExit(f"render.py {command}: {e}") from None
