"""A second lesson, tiny and the tests' own (tests/lessons/tiny/: two paragraphs, one scene each,
numbers from its own numpy module, its own kind of check, explore steps and page script), rendered
end to end at low quality by the command line with its own course file: the engine takes all of
it from the lesson's declaration, so the video says and shows its sentences and the page carries
its numbers and checks, none of attention's."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import av
import numpy as np
import pytest

from common.number_words import integer_words
from tests.lessons.tiny.numbers import counts

REPO = Path(__file__).resolve().parents[1]
TINY = REPO / "tests" / "lessons" / "tiny"
COUNTS = counts()  # the lesson's numbers: every count below is said, shown and checked from them
APPLES, PEARS = (int(COUNTS.counts[COUNTS.names.index(n)]) for n in ("apples", "pears"))
SENTENCES = {"there-are-apples": f"The basket holds {integer_words(APPLES)} apples and "
                                 f"{integer_words(PEARS)} pears.",
             "together-they-make": f"Together they make {integer_words(APPLES + PEARS)} fruit."}
ATTENTION_WORDS = ("fluffy", "creature", "explore-views.js", "W_Q")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The tiny lesson rendered whole (`render.py render`), once for the module."""
    build = tmp_path_factory.mktemp("tiny") / "build"
    done = subprocess.run([sys.executable, "render.py", "render", "--lesson", "tiny",
                           "--course", str(TINY / "course.yaml"), "--build", str(build),
                           "--quality", "low", "--voice", "flite", "--jobs", "2"],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return build / "tiny"


def page_data(page: str, block: str) -> dict:
    """The JSON block with id `block` of a page."""
    found = re.search(rf'<script type="application/json" id="{block}"[^>]*>(.*?)</script>', page, re.S)
    assert found, block
    return json.loads(found.group(1))


def test_its_video_says_and_shows_its_two_scenes(built):
    manifest = json.loads((built / "lesson.json").read_text(encoding="utf-8"))
    assert manifest["lesson"] == "tiny"
    assert {s["id"]: s["text"] for s in manifest["sentences"]} == SENTENCES
    assert [s["scene"] for s in manifest["sentences"]] == ["basket", "total"]
    with av.open(str(built / "lesson.mp4")) as video:
        stream = video.streams.video[0]
        assert abs(float(video.duration / av.time_base) - manifest["duration"]) < 0.2
        frames = [f.to_ndarray(format="gray") for f in video.decode(stream)]
    fps = len(frames) / manifest["duration"]
    for s in manifest["sentences"]:  # the beat of each sentence draws its scene's text by its end
        frame = frames[min(len(frames) - 1, int(s["end"] * fps))]
        assert np.count_nonzero(frame > 128) > 200, s["id"]


def test_its_page_carries_its_own_numbers_checks_and_scripts(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    data = page_data(page, "lesson-data")
    assert [c["id"] for c in data["checks"]] == ["more-pears"]
    check = data["checks"][0]
    more = "apples" if APPLES > PEARS else "pears"
    assert (check["kind"], check["options"], check["answer"]) == ("which-more", ["apples", "pears"], more)
    assert check["feedback"] == f"The basket holds {APPLES} apples and {PEARS} pears: more {more}."
    explore = page_data(page, "explore-data")
    assert explore["core"]["counts"] == [APPLES, PEARS] and explore["beats"] == {
        "there-are-apples": "basket", "together-they-make": "total"}
    assert '<script src="player/tiny-explore.js"></script>' in page
    assert (built / "player" / "tiny-explore.js").read_bytes() == (TINY / "tiny-explore.js").read_bytes()
    assert ">A course of the tests" in page and ">stop 1 of 1" in page  # its course file's line
    for word in ATTENTION_WORDS:
        assert word not in page, word
    with zipfile.ZipFile(built / "lesson-scorm12.zip") as package:
        assert "player/tiny-explore.js" in package.namelist()
        assert "player/explore-views.js" not in package.namelist()
