"""One colour per role across every scene, and the sizes that keep text readable at 480p."""

from manim import ManimColor

BACKGROUND = ManimColor("#14161c")
INK = ManimColor("#e8e6e3")  # ordinary text
MUTED = ManimColor("#8a8f98")  # secondary text, captions of shapes
DIM = ManimColor("#62666e")  # text the voice has not reached yet: readable, quieter than MUTED
TOKEN = ManimColor("#3a3f4b")  # token box fill
EMBEDDING = ManimColor("#b39ddb")  # violet: the embedding a token starts from

QUERY = ManimColor("#ffd166")  # yellow: what am I looking for
KEY = ManimColor("#4cc9f0")  # cyan: what do I contain
VALUE = ManimColor("#7bd389")  # green: what I'll hand over
WEIGHT = ManimColor("#ff8a5b")  # orange: scores, softmax weights
# One colour per attention head (stop 8), on its matrices' outlines, its name, its weights and its
# output: pink for head 1, blue for head 2, apart from every role colour above.
HEADS = (ManimColor("#f783ac"), ManimColor("#748ffc"))

FONT = "DejaVu Sans"
MONO = "DejaVu Sans Mono"
TITLE_SIZE = 34
BODY_SIZE = 26
SMALL_SIZE = 20  # the smallest text: about 13 px tall at 480p

# The bottom of the frame is the captions' band: no text of a scene goes below this line (frame
# units; the frame is 8 high). It is as tall as two lines of captions: Chromium draws a two-line
# cue's box in the lowest 11 to 12% of the video (tests/test_player.py measures it).
CAPTION_BAND_TOP = -3.0
