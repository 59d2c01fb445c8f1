"""The pages come from the templates in player/templates/, and hostile text in any field of the
lesson YAML is shown as text on every page: the player, each clip's page and the gallery."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from fnmatch import fnmatch
from html.parser import HTMLParser

import pytest
from jinja2 import BaseLoader, UndefinedError
from player_fixtures import REPO, browser, page_factory, timed_manifest  # noqa: F401

from player import templating
from player.clip_plan import plan, range_clip
from player.course_page import course_html
from player.data import cue_data
from player.embed import clip_page_html, gallery_html, iframe_snippet
from player.page import player_html
from transcript.course import CourseFile
from transcript.script import Link

# markup, an early end of a script block, quotes, a JavaScript line separator, template syntax
# (which the titles below must show as it is, never run)
EVIL = "<script>alert(1)</script> & </script><b>bold</b> \"q\" 'a' \u2028 {{ 7*7 }} {% raw %}"
TEMPLATES = REPO / "player" / "templates"


def hostile():
    """The fixture lesson with EVIL in every text the YAML gives, and links no page may follow."""
    m = timed_manifest()
    course = dataclasses.replace(m.course, title="C" + EVIL,
                                 before=Link("B" + EVIL, " javascript:alert(1)"),
                                 next=Link("N" + EVIL, "data:text/html,<b>x</b>"))
    return dataclasses.replace(
        m, title="T" + EVIL, tagline="G" + EVIL, course=course,
        scenes=tuple(dataclasses.replace(s, title=s.title + EVIL) for s in m.scenes),
        sentences=tuple(dataclasses.replace(s, text=s.text + EVIL) for s in m.sentences))


@dataclasses.dataclass
class Element:
    tag: str
    attrs: dict
    text: str = ""


class Elements(HTMLParser):
    """Every element of a page with its attributes and all the text inside it, as a browser parses it."""

    VOID = {"meta", "link", "img", "source", "track", "br", "input"}

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.all: list[Element] = []
        self.open: list[Element] = []
        self.feed(page)
        self.close()
        assert not self.open, f"unclosed {[e.tag for e in self.open]}"

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.all.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1].tag == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()

    def handle_data(self, data):
        for element in self.open:
            element.text += data

    def find(self, tag: str, cls: str | None = None, **attrs) -> list[Element]:
        return [e for e in self.all if e.tag == tag
                and (cls is None or cls in e.attrs.get("class", "").split())
                and all(e.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def one(self, tag: str, cls: str | None = None, **attrs) -> Element:
        found = self.find(tag, cls, **attrs)
        assert len(found) == 1, (tag, cls, attrs, found)
        return found[0]


@pytest.fixture(scope="module")
def pages():
    """The hostile lesson's player, every scene's clip page plus a range's, and the gallery."""
    m = hostile()
    clips = plan(m) + [range_clip(m, m.sentences[3].id, m.sentences[9].id)]
    return m, clips, player_html(m), [clip_page_html(m, c) for c in clips], gallery_html(m, clips)


def sentences_shown(doc: Elements) -> list[tuple[str, str]]:
    return [(e.attrs["data-sentence"], e.text) for e in doc.find("span", "sentence")]


def scripts(doc: Elements) -> list[str]:
    """A page's script elements: the id of a data block, the file name of a script."""
    return [e.attrs.get("id") or e.attrs["src"].rpartition("/")[2] for e in doc.find("script")]


def check_data_block(doc: Elements, raw: str, data: dict) -> None:
    """The JSON block holds exactly the cue data, and nothing in it can end it or break a script."""
    block = doc.one("script", id="lesson-data")
    assert json.loads(block.text) == data
    assert not any(c in block.text for c in "<>&\u2028\u2029")
    assert block.text in raw  # the parser saw it whole: it did not end early


def test_player_shows_every_field_as_text(pages):
    m, _, page, _, _ = pages
    doc = Elements(page)
    c = m.course
    assert doc.find("b") == [] and scripts(doc) == [
        "lesson-data", "embed-config", "explore-data", "media-chrome.js", "links.js", "player.js",
        "controls.js", "host-api.js", "scorm.js", "dom.js", "attention.js", "explore-model.js", "explore-explain.js",
        "explore-views.js", "explore-controls.js", "checks-texts.js", "explore.js", "checks-model.js", "checks.js", "ranges.js", "resume.js", "endcard.js"]
    assert doc.one("title").text == f"{m.title} · {c.title}"
    assert doc.one("meta", property="og:title").attrs["content"] == m.title
    assert doc.one("meta", property="og:description").attrs["content"] == m.tagline
    assert doc.one("meta", name="description").attrs["content"] == m.tagline
    assert doc.one("h1", "lesson-title").text == m.title
    assert doc.one("p", "tagline").text == m.tagline
    assert doc.one("p", "course-line").text.startswith(c.title + " · stop 7 of 20 · ")
    before, after = doc.one("a", "before"), doc.one("a", "next")
    assert before.attrs["title"] == c.before.title and before.attrs["href"] == "#"
    assert after.text == f"Next: {c.next.title} →" and after.attrs["href"] == "#"
    assert doc.one("video").attrs["aria-label"] == f"Lesson video: {m.title}"
    assert [e.text for e in doc.find("span", "chapter-title")] == [sc.title for sc in m.scenes]
    assert sentences_shown(doc) == [(s.id, s.text) for s in m.sentences]
    check_data_block(doc, page, cue_data(m))


def test_every_clip_page_shows_every_field_as_text(pages):
    m, clips, _, clip_pages, _ = pages
    for clip, page in zip(clips, clip_pages):
        doc = Elements(page)
        assert doc.find("b") == [] and scripts(doc) == [
            "lesson-data", "embed-config", "explore-data", "media-chrome.js", "links.js", "player.js",
            "controls.js", "host-api.js", "dom.js", "attention.js", "explore-model.js", "explore-explain.js",
            "explore-views.js", "explore-controls.js", "checks-texts.js", "explore.js", "checks-model.js", "checks.js", "ranges.js"]
        assert doc.one("title").text == f"{clip.title} · {m.title}"
        assert doc.one("meta", property="og:title").attrs["content"] == f"{clip.title} · {m.title}"
        assert doc.one("h1", "clip-title").text == f"{clip.title} from {m.title}"
        assert doc.one("a", target="_top").attrs["href"] == f"../index.html#s={clip.first}"
        assert doc.one("video").attrs["aria-label"] == f"Clip: {clip.title}"
        said = [(s.id, s.text) for s in m.sentences
                if clip.span.start - 1e-6 <= s.start < clip.span.end - 1e-6]
        assert sentences_shown(doc) == said and said
        check_data_block(doc, page, {**cue_data(m, clip.span), "clip": clip.id})  # a clip page names its clip


def test_gallery_shows_titles_and_snippets_as_text(pages):
    m, clips, _, _, page = pages
    doc = Elements(page)
    assert doc.find("b") == [] and len(doc.find("script")) == 1  # gallery.js
    assert doc.one("title").text == f"Clips · {m.title}"
    assert doc.one("h1", "lesson-title").text == f"Clips: {m.title}"
    assert doc.one("p", "course-line").text == f"{m.course.title} · stop 7 of 20"
    assert [e.text for e in doc.find("h2")] == [c.title for c in clips]
    for clip in clips:
        code = doc.one("code", id=f"iframe-{clip.id}").text
        assert code == iframe_snippet(m, clip)  # shown as the very text a course page pastes
        iframe = Elements(code).one("iframe")  # which, pasted, is one iframe with the right title
        assert iframe.attrs["title"] == f"{clip.title} · {m.title}"
        assert iframe.attrs["src"] == f"clips/{clip.id}.html"
        button = doc.one("button", data_copy=f"video-{clip.id}")
        assert button.attrs["aria-label"] == f"Copy the plain video snippet for {clip.title}"


def test_hostile_pages_run_no_script_in_chromium(pages, tmp_path, page_factory):
    m, clips, player, clip_pages, gallery = pages
    (tmp_path / "clips").mkdir()
    (tmp_path / "index.html").write_text(player, encoding="utf-8")
    (tmp_path / "clips" / f"{clips[0].id}.html").write_text(clip_pages[0], encoding="utf-8")
    (tmp_path / "clips" / "index.html").write_text(gallery, encoding="utf-8")
    for path, heading in ((tmp_path / "index.html", m.title),
                          (tmp_path / "clips" / f"{clips[0].id}.html", f"{clips[0].title} from {m.title}"),
                          (tmp_path / "clips" / "index.html", f"Clips: {m.title}")):
        page = page_factory()
        dialogs: list[str] = []
        page.on("dialog", lambda d, seen=dialogs: (seen.append(d.message), d.dismiss()))
        page.goto(path.as_uri())
        assert page.text_content("h1") == heading
        assert page.evaluate("() => document.querySelectorAll('b, iframe').length") == 0
        assert dialogs == []


class Recording(BaseLoader):
    """The templates' own loader, noting each template it is asked for."""

    def __init__(self, loader: BaseLoader):
        self.loader, self.names = loader, set()

    def get_source(self, environment, template):
        self.names.add(template)
        return self.loader.get_source(environment, template)

    def list_templates(self):
        return self.loader.list_templates()


def test_every_template_file_is_used_and_shipped(monkeypatch):
    files = sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html"))
    assert {"base.html", "lesson.html", "clip.html", "gallery.html"} <= set(files)
    recording = Recording(templating.ENV.loader)
    monkeypatch.setattr(templating, "ENV", templating.ENV.overlay(loader=recording, cache_size=0))
    m = timed_manifest()
    clips = plan(m)
    player_html(m), clip_page_html(m, clips[0]), gallery_html(m, clips)
    course_html(CourseFile("A course", 1, ()), [])
    assert sorted(recording.names) == files == sorted(recording.list_templates())

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    data = pyproject["tool"]["setuptools"]["package-data"]
    for f in files:  # each template folder is a package whose data names its files
        folder, _, name = f"templates/{f}".rpartition("/")
        package = "player." + folder.replace("/", ".")
        assert package in pyproject["tool"]["setuptools"]["packages"], package
        assert any(fnmatch(name, glob) for glob in data.get(package, [])), f
    assert any(d.lower().startswith("jinja2") for d in pyproject["project"]["dependencies"])


def test_autoescape_and_strictness_are_on():
    env = templating.ENV
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    with pytest.raises(UndefinedError):
        env.from_string("{{ missing }}").render()
