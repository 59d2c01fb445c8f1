"""Screenshots of the explore panel at three beats, desktop and phone, for docs/player.md.

Drives a rendered build (`--build`, default build/) in headless Chromium as a learner would:
seek to late in a beat, press E, and (for one) swap a word. Writes docs/explore-*.png.
Usage: python docs/explore_screenshots.py [--build DIR]
"""

from __future__ import annotations

from shots import SIZES, chromium, page_url, save

SHOTS = [  # (name, sentence id, a word to swap in at position 2 or None, the cell to hover)
    ("scores", "adjectives-score-high", None, "scores-3-1"),
    ("softmax-red", "weights-for-fluffy-and-blue", "red", "weights-3-2"),
    ("weighted-sum", "encodes-a-fluffy-blue-one", None, "output-3-2"),
]


def main() -> None:
    url = page_url(__doc__.splitlines()[0])
    with chromium() as browser:
        for size, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height},
                                    device_scale_factor=1)
            for name, sentence, swap, hover in SHOTS:
                page.goto("about:blank")
                page.goto(f"{url}#s={sentence}")
                page.wait_for_function("document.querySelector('video').readyState >= 1")
                end = page.evaluate("""id => { const d = JSON.parse(document.getElementById('lesson-data').textContent);
                    const i = d.sentences.findIndex(s => s.id === id);
                    return i + 1 < d.sentences.length ? d.sentences[i + 1].start : d.duration; }""", sentence)
                page.evaluate("t => { document.querySelector('video').currentTime = t; }", end - 0.4)
                page.wait_for_function("() => { const v = document.querySelector('video');"
                                       " return v.readyState >= 3 && !v.seeking; }")
                page.wait_for_timeout(800)  # the spinner and the controls fade
                page.keyboard.press("e")
                page.wait_for_selector("#explore:not([hidden])")
                if swap:
                    page.select_option('#explore select[data-word="2"]', swap)
                page.evaluate("() => document.activeElement.blur()")
                page.hover(f'#explore [data-cell="{hover}"]')
                page.wait_for_timeout(300)
                top = page.evaluate("() => document.querySelector('.video-frame').getBoundingClientRect().top + scrollY")
                bottom = page.evaluate("() => document.querySelector('#explore').getBoundingClientRect().bottom + scrollY")
                save(page, f"explore-{name}", size, top, bottom)
            page.close()


if __name__ == "__main__":
    main()
