"""The player's static files (scripts, stylesheets and the vendored Media Chrome controls), copied
beside the pages that use them."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from common.files import atomic_write_bytes
from common.paths import ASSETS

ASSET_DIR = ASSETS  # under the build folder
MEDIA_CHROME = "4.19.4"  # the npm version of vendor/media-chrome.js (its dist/iife/index.js), pinned
VENDORED = ("vendor/media-chrome.js", "vendor/media-chrome.LICENSE.txt")  # the controls, as published
NAMES = (*VENDORED, "player.js", "controls.js", "player.css", "gallery.js", "links.js", "host-api.js",
         "scorm.js", "attention.js", "explore-model.js", "explore-explain.js", "explore-views.js",
         "explore.js", "explore.css", "checks-model.js", "checks.js", "checks.css",
         "ranges.js", "resume.js", "endcard.js", "learner.css")


def install_assets(build_root: Path, names: tuple[str, ...] = NAMES) -> Path:
    """Copy the assets (all, or those `names`) to `build_root/player/` (atomically, only when
    changed); returns that folder."""
    target = Path(build_root) / ASSET_DIR
    source = resources.files("player") / "assets"
    for name in names:
        data = (source / name).read_bytes()
        dest = target / name
        if not dest.exists() or dest.read_bytes() != data:
            atomic_write_bytes(dest, data)
    return target
