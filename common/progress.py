"""How long work shows its progress: on a terminal, one bar line per stage, redrawn in place
under the lines the work prints; in a log (not a terminal: CI, `> file`), a plain line now and
then (every tenth of the work or every `every` seconds, whichever comes first, and at the end),
never a control character.

Why not tqdm or rich, which come with Manim? tqdm writes its `\\r` redraws into a file too, so a
log fills with control characters, and it estimates the time left by count, where the drawing's
estimate is by seconds of video (a long beat costs more than a short one). rich's live display
takes the console over: every line the render prints would have to go through it, and it
prints nothing until the end when the output is not a terminal. The bar wanted is one line,
redrawn after `\\r` and erased with `ESC[K`, beside plain lines: the small class below does that,
and nothing else.

A bar per stage: several stages may run at once (the lessons of a course, the beats of each);
their bars share the one line, "lessons 1 of 3 | drawing [####......] 4 of 9 beats, about 20 s
left". A stage of one item (a course of one lesson) is not worth a bar: the caller leaves it out.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

ERASE = "\r\x1b[K"  # back to the line's start, and clear it
WIDTH = 20  # cells of a bar


class Reporter:
    """Where the render's lines and bars go: `say` prints a line (use it as the render's
    `progress`), `stage` opens a bar. `close` ends a bar still shown with a newline (call it in a
    `finally`: after Ctrl-C the terminal's line is clean)."""

    def __init__(self, stream: TextIO | None = None, *, tty: bool | None = None,
                 every: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream  # None: sys.stdout as it is at each write (a run may wrap it)
        self.tty = _is_tty(self.stream) if tty is None else tty
        self.every, self.clock = every, clock
        self.stages: list[Stage] = []
        self._shown = False  # a bar line is on the terminal now, the cursor at its end
        # lines may come from another thread; reentrant: Ctrl-C may land while it is held, and
        # `close` in a `finally` then takes it again
        self._lock = threading.RLock()

    @property
    def stream(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stdout

    def say(self, line: str) -> None:
        with self._lock:
            self._erase()
            self.stream.write(line + "\n")
            self._draw()

    def stage(self, name: str, unit: str) -> Stage:
        return Stage(self, name, unit)

    def close(self) -> None:
        with self._lock:
            if self._shown:
                self.stream.write("\n")
                self.stream.flush()
            self._shown = False
            self.stages.clear()

    # --- for the stages ---------------------------------------------------------------------

    def _erase(self) -> None:
        if self._shown:
            self.stream.write(ERASE)
            self._shown = False

    def _draw(self) -> None:
        if self.tty and self.stages:
            self._shown = True  # first: Ctrl-C while it is written still ends its line
            self.stream.write(" | ".join(s.bar() for s in self.stages))
        self.stream.flush()

    def _redraw(self) -> None:
        with self._lock:
            self._erase()
            self._draw()

    def _end(self, stage: Stage) -> None:
        """The stage is done: on a terminal its last bar stays above, in a log its last line."""
        with self._lock:
            if stage not in self.stages:
                return
            self._erase()
            if self.tty:
                self.stream.write(stage.bar() + "\n")
            else:
                self.stream.write(stage.line() + "\n")
            self.stages.remove(stage)
            self._draw()


class Stage:
    """One stage's count: `update` it as items are done; `seconds` (of video, say) weigh the
    items for the estimate of the time left, which is by count when they are not given."""

    def __init__(self, reporter: Reporter, name: str, unit: str) -> None:
        self.reporter, self.name, self.unit = reporter, name, unit
        self.done = self.total = 0
        self.seconds = self.of_seconds = 0.0
        self.began = self._logged_at = 0.0  # set by the first update: the stage's work begins
        self._logged: tuple[int, int] | None = None  # the counts of the last line in a log
        self._logged_tenth = 0
        self.ended = False

    def update(self, done: int, total: int, seconds: float | None = None,
               of_seconds: float | None = None, *, final: bool = False) -> None:
        if self.ended:
            return
        r = self.reporter
        if self not in r.stages:
            with r._lock:
                r.stages.append(self)
            self.began = self._logged_at = r.clock()
        self.done, self.total = done, total
        self.seconds = float(done if seconds is None else seconds)
        self.of_seconds = float(total if of_seconds is None else of_seconds)
        if final:
            self.ended = True
            if r.tty or self._logged != (done, total):  # not the line just logged again
                r._end(self)
            else:
                with r._lock:
                    r.stages.remove(self)
        elif r.tty:
            r._redraw()
        else:
            now, tenth = r.clock(), int(10 * done / total) if total else 0
            if tenth > self._logged_tenth or now - self._logged_at >= r.every:
                self._logged_at, self._logged_tenth = now, max(tenth, self._logged_tenth)
                self._logged = (done, total)
                r.say(self.line())

    def left(self) -> float | None:
        """Seconds of work left, from the pace so far; None before anything is done."""
        if self.seconds <= 0:
            return None
        spent = self.reporter.clock() - self.began
        return spent / self.seconds * max(0.0, self.of_seconds - self.seconds)

    def _counts(self) -> str:
        return f"{self.done} of {self.total} {self.unit}"

    def _estimate(self) -> str:
        if self.ended or self.done >= self.total:
            return f"{self.reporter.clock() - self.began:.0f} s"
        left = self.left()
        return "estimating the time left" if left is None else f"about {_duration(left)} left"

    def bar(self) -> str:
        filled = round(WIDTH * self.done / self.total) if self.total else WIDTH
        return (f"{self.name} [{'#' * filled}{'.' * (WIDTH - filled)}] {self._counts()}, "
                f"{self._estimate()}")

    def line(self) -> str:
        return f"{self.name}: {self._counts()}, {self._estimate()}"


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    return f"{seconds} s" if seconds < 90 else f"{seconds // 60} min {seconds % 60:02d} s"


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no such method, or closed
        return False
