"""Shared fixtures: a narration built once per test session with the fast flite voice."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from audio import NarrationReport, build_narration
from cli.options import BuildPaths
from transcript import Script, load_script
from transcript.manifest import Manifest


@dataclass(frozen=True)
class Narration:
    paths: BuildPaths
    manifest: Manifest
    report: NarrationReport


@pytest.fixture(scope="session")
def lesson_script() -> Script:
    """The project's lesson script, loaded once."""
    return load_script()


@pytest.fixture(scope="session")
def flite_narration(tmp_path_factory, lesson_script) -> Narration:
    """The whole lesson narrated with flite into a session temp folder (about 8 s, built once)."""
    paths = BuildPaths(tmp_path_factory.mktemp("flite-build"))
    manifest, report = build_narration(lesson_script, paths, voice="flite")
    return Narration(paths, manifest, report)


@pytest.fixture(scope="session")
def flite_build(flite_narration) -> BuildPaths:
    """Build paths of the flite narration: narration.wav, lesson.json, captions.vtt, chapters.vtt.

    Shared by every test in the session: read it, do not write into it.
    """
    return flite_narration.paths
