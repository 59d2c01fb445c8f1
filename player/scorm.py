"""The SCORM 1.2 package, `build/lesson-scorm12.zip`: the player page as the one SCO, each clip's
page as a resource (an asset) the learner may open, and every file they play, so a learning
platform (Moodle, Canvas, Open edX's SCORM block) serves the lesson from the package alone."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from common.files import atomic_output
from common.paths import BuildPaths
from player.assets import ASSET_DIR, asset_names
from transcript.lessons import lesson_of
from transcript.manifest import Manifest

if TYPE_CHECKING:
    from player.clip_plan import Clip

IMSCP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
ADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATIONS = (f"{IMSCP} imscp_rootv1p1p2.xsd "
                    f"{ADLCP} adlcp_rootv1p2.xsd")
LESSON_FILES = ("index.html", "lesson.mp4", "poster.jpg", "captions.vtt", "captions.srt", "chapters.vtt",
                "lesson.oembed.json")
CLIP_SUFFIXES = (".html", ".mp4", ".jpg", ".vtt", ".srt", ".oembed.json")
STORED = (".mp4", ".jpg")  # already compressed: stored as they are
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every entry's date, so the same build gives the same bytes


class PackageError(ValueError):
    """The build lacks a file the package needs; the message says which command makes it."""


def _q(namespace: str, name: str) -> str:
    return f"{{{namespace}}}{name}"


def _sub(parent: ET.Element, name: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, _q(IMSCP, name), attributes)
    element.text = text
    return element


def _resource(resources: ET.Element, identifier: str, kind: str, files: list[str],
              href: str | None = None, needs: str | None = None) -> None:
    attributes = {"identifier": identifier, "type": "webcontent", _q(ADLCP, "scormtype"): kind}
    if href:
        attributes["href"] = href
    resource = _sub(resources, "resource", **attributes)
    for name in files:
        _sub(resource, "file", href=name)
    if needs:
        _sub(resource, "dependency", identifierref=needs)


def course_title(manifest: Manifest) -> str:
    """'How language models work, stop 7 of 20: Attention: words talking to each other'."""
    c = manifest.course
    return f"{c.title}, stop {c.stop} of {c.stops}: {manifest.title}"


def clip_files(clip: Clip) -> list[str]:
    return [f"clips/{clip.id}{suffix}" for suffix in CLIP_SUFFIXES]


def identifiers(lesson: str) -> dict[str, str]:
    """The package's identifiers, each a kind's prefix and the lesson's id (`lesson-attention`,
    `sco-attention`...), so that the packages of two lessons never share one in a platform that
    holds both: what follows the id comes after `--`, which a (kebab-case) lesson id cannot hold.
    Each starts with a letter, as an XML ID must (a lesson id may start with a digit)."""
    return {"manifest": f"lesson-{lesson}", "organization": f"course-{lesson}",
            "item": f"item-{lesson}", "sco": f"sco-{lesson}", "clips": f"item-{lesson}--clips",
            "files": f"player-files-{lesson}"}


def clip_identifiers(lesson: str, clip: Clip) -> tuple[str, str]:
    """A clip's item and resource identifiers: `item-attention--clip-softmax`, `clip-attention--softmax`."""
    return f"item-{lesson}--clip-{clip.id}", f"clip-{lesson}--{clip.id}"


def manifest_xml(manifest: Manifest, clips: list[Clip]) -> str:
    """imsmanifest.xml: one organization with the lesson (the SCO) and, under "Clips", each clip."""
    ids = identifiers(manifest.lesson)
    ET.register_namespace("", IMSCP)
    ET.register_namespace("adlcp", ADLCP)
    ET.register_namespace("xsi", XSI)
    root = ET.Element(_q(IMSCP, "manifest"), {
        "identifier": ids["manifest"],
        "version": "1.0",
        _q(XSI, "schemaLocation"): SCHEMA_LOCATIONS})
    metadata = _sub(root, "metadata")
    _sub(metadata, "schema", "ADL SCORM")
    _sub(metadata, "schemaversion", "1.2")
    organizations = _sub(root, "organizations", default=ids["organization"])
    organization = _sub(organizations, "organization", identifier=ids["organization"])
    _sub(organization, "title", course_title(manifest))
    lesson = _sub(organization, "item", identifier=ids["item"], identifierref=ids["sco"],
                  isvisible="true")
    _sub(lesson, "title", manifest.title)
    if manifest.mastery_score is not None:  # the platform records passed / failed by the score
        ET.SubElement(lesson, _q(ADLCP, "masteryscore")).text = str(manifest.mastery_score)
    if clips:
        group = _sub(organization, "item", identifier=ids["clips"], isvisible="true")
        _sub(group, "title", "Clips")
        for clip in clips:
            item_id, resource_id = clip_identifiers(manifest.lesson, clip)
            item = _sub(group, "item", identifier=item_id, identifierref=resource_id, isvisible="true")
            _sub(item, "title", clip.title)
    resources = _sub(root, "resources")
    _resource(resources, ids["sco"], "sco", list(LESSON_FILES), href="index.html", needs=ids["files"])
    for clip in clips:
        _resource(resources, clip_identifiers(manifest.lesson, clip)[1], "asset", clip_files(clip),
                  href=f"clips/{clip.id}.html", needs=ids["files"])
    names = asset_names(lesson_of(manifest.lesson))
    _resource(resources, ids["files"], "asset", [f"{ASSET_DIR}/{name}" for name in names])
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def package_files(clips: list[Clip], lesson: str = "") -> list[str]:
    """Every file the package carries, relative to the build folder (`lesson`: its id)."""
    return [*LESSON_FILES, *(f"{ASSET_DIR}/{name}" for name in asset_names(lesson_of(lesson))),
            *(name for clip in clips for name in clip_files(clip))]


def build_package(manifest: Manifest, build_paths: BuildPaths, clips: list[Clip]) -> Path:
    """Write the SCORM 1.2 zip from the files in the build folder; PackageError if one is missing."""
    names = package_files(clips, manifest.lesson)
    missing = [name for name in names if not (build_paths.root / name).is_file()]
    if missing:
        raise PackageError(f"{build_paths.root / missing[0]} does not exist (nor {len(missing) - 1} "
                           "more); run `python render.py render` (or `player` and `clips`) first")
    with atomic_output(build_paths.scorm) as tmp, zipfile.ZipFile(tmp, "w") as archive:
        with _entry(archive, "imsmanifest.xml") as f:
            f.write(manifest_xml(manifest, clips).encode("utf-8"))
        for name in names:
            with _entry(archive, name) as f, open(build_paths.root / name, "rb") as src:
                shutil.copyfileobj(src, f, 1 << 20)
    return build_paths.scorm


def _entry(archive: zipfile.ZipFile, name: str):
    """A writable entry with a fixed date and mode; media stored, text deflated."""
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_STORED if name.endswith(STORED) else zipfile.ZIP_DEFLATED
    return archive.open(info, "w")
