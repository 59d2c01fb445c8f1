"""Long work shows its progress: a bar redrawn in place on a terminal, plain lines in a log."""

from __future__ import annotations

import io
import os
import re

from common.progress import Reporter

ESCAPES = re.compile(r"[\r\x1b]")


class Clock:
    """A clock the test moves: the estimate depends on no real time."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def read_all(fd: int) -> str:
    """What was written to the pseudo-terminal (its writer closed): every byte there is."""
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the other end is closed and all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode()


def test_on_a_terminal_a_bar_with_counts_and_the_time_left_is_redrawn_in_place():
    master, slave = os.openpty()
    clock = Clock()
    with os.fdopen(slave, "w") as terminal:
        reporter = Reporter(terminal, clock=clock)
        assert reporter.tty  # found by itself: the stream is a terminal
        drawing = reporter.stage("drawing", "beats")
        drawing.update(0, 4, 0.0, 10.0)
        clock.now += 4
        drawing.update(1, 4, 2.0, 10.0)  # 2 s of video in 4 s: 8 s of video left take 16 s
        reporter.say("scene 1 of 9 broadcast: drew 1 of 4 beats")
        clock.now += 12
        drawing.update(3, 4, 8.0, 10.0)
        drawing.update(4, 4, 10.0, 10.0, final=True)
        reporter.say("[3/5] player page")
        reporter.close()
    shown = read_all(master)
    os.close(master)
    assert "drawing [....................] 0 of 4 beats, estimating the time left" in shown
    assert "drawing [#####...............] 1 of 4 beats, about 16 s left" in shown
    assert "\r\x1b[Kscene 1 of 9 broadcast: drew 1 of 4 beats" in shown  # the bar erased first
    assert "drawing [###############.....] 3 of 4 beats, about 4 s left" in shown
    assert "drawing [####################] 4 of 4 beats, 16 s\r\n[3/5] player page" in shown
    assert shown.endswith("[3/5] player page\r\n")  # no bar after the stage ended


def test_a_bar_cut_short_by_ctrl_c_ends_with_its_line():
    master, slave = os.openpty()
    with os.fdopen(slave, "w") as terminal:
        reporter = Reporter(terminal, clock=Clock())
        reporter.stage("drawing", "beats").update(2, 9, 3.0, 20.0)
        reporter.close()  # as render_all does in its `finally`
    shown = read_all(master)
    os.close(master)
    assert "2 of 9 beats" in shown and shown.endswith("\r\n")


def test_in_a_log_only_plain_lines_with_counts_now_and_then():
    log, clock = io.StringIO(), Clock()
    reporter = Reporter(log, clock=clock, every=10)
    assert not reporter.tty
    drawing = reporter.stage("drawing", "beats")
    clock.now += 100  # the narration, before the first beat: not counted in the estimate
    for done in range(41):  # a tenth every 4 beats, each beat 2 s of video drawn in 0.5 s
        drawing.update(done, 40, done * 2.0, 80.0, final=done == 40)
        clock.now += 0.5
    reporter.say("[3/5] player page")
    reporter.close()
    lines = log.getvalue().splitlines()
    assert not ESCAPES.search(log.getvalue())
    counted = [line for line in lines if line.startswith("drawing: ")]
    assert counted[0] == "drawing: 4 of 40 beats, about 18 s left"  # 2 s in: 8 of 80 s drawn, 72 left
    assert len(counted) == 10 and all(re.search(r"\d+ of 40 beats", line) for line in counted)
    assert counted[-1] == "drawing: 40 of 40 beats, 20 s"
    assert lines[-1] == "[3/5] player page"


def test_in_a_log_a_slow_stage_says_where_it_is_every_so_often():
    log, clock = io.StringIO(), Clock()
    reporter = Reporter(log, clock=clock, every=10)
    drawing = reporter.stage("drawing", "beats")
    drawing.update(0, 100, 0.0, 100.0)
    clock.now += 11  # no tenth done, but ten seconds went by
    drawing.update(1, 100, 1.0, 100.0)
    assert log.getvalue() == "drawing: 1 of 100 beats, about 18 min 09 s left\n"


def test_stages_at_once_share_the_line():
    master, slave = os.openpty()
    with os.fdopen(slave, "w") as terminal:
        reporter = Reporter(terminal, clock=Clock())
        reporter.stage("lessons", "lessons").update(1, 3)
        reporter.stage("drawing", "beats").update(2, 9, 3.0, 20.0)
        reporter.close()
    shown = read_all(master)
    os.close(master)
    assert "lessons [#######.............] 1 of 3 lessons, " in shown
    assert "1 of 3 lessons, estimating the time left | drawing [####" not in shown  # timed
    assert re.search(r"1 of 3 lessons, [^|]+ \| drawing \[#+\.+\] 2 of 9 beats", shown)


def test_in_a_log_the_last_count_is_not_said_twice():
    log, clock = io.StringIO(), Clock()
    reporter = Reporter(log, clock=clock)
    drawing = reporter.stage("drawing", "beats")
    drawing.update(0, 2, 0.0, 4.0)
    clock.now += 3
    drawing.update(1, 2, 2.0, 4.0)
    drawing.update(2, 2, 4.0, 4.0)
    drawing.update(2, 2, 4.0, 4.0, final=True)  # the pipeline's last word, once its scenes ended
    assert log.getvalue() == ("drawing: 1 of 2 beats, about 3 s left\n"
                              "drawing: 2 of 2 beats, 3 s\n")
