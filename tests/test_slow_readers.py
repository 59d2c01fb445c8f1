"""`serve` and `preview` against clients that read a large file slowly, on real loopback sockets:
they cannot take every thread (a page is still answered at once), one reading below the minimum
rate is cut off, and one reading at a real link's rate, pausing on the way, gets the whole file."""

from __future__ import annotations

import os
import select
import socket
import time
from pathlib import Path

import pytest
from test_server_guard import PAGE, build, exchange, get, running, status_of  # noqa: F401  (build: a fixture)

from common.paths import BuildPaths
from player.preview_server import PreviewStatus, make_live_server
from player.server import LARGE, make_server


class Reader:
    """A client of one GET that takes at most `rate` bytes a second, counted from its start, through
    a small receive buffer (so the server's sends block as they would behind a slow link)."""

    def __init__(self, port: int, path: str, rate: float, extra: str = "") -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 * 1024)
        self.sock.connect(("127.0.0.1", port))
        self.sock.sendall(get(path, "127.0.0.1", extra))
        self.sock.setblocking(False)
        self.rate, self.started = rate, time.monotonic()
        self.received = bytearray()
        self.closed = False  # the server closed or reset the connection
        self.pause_at: int | None = None  # bytes after which it stops reading for `pause_for` s
        self.pause_for = 0.0

    @property
    def status(self) -> int | None:
        return status_of(bytes(self.received)) if b"\r\n" in self.received else None

    @property
    def body(self) -> bytes:
        return bytes(self.received.partition(b"\r\n\r\n")[2])

    def wants(self, now: float) -> int:
        """Bytes its rate allows it to read by `now`."""
        return int(self.rate * (now - self.started)) - len(self.received)

    def take(self, now: float) -> None:
        """Read what the rate allows (without waiting), noting when the server closes."""
        if self.pause_at is not None and len(self.received) >= self.pause_at:
            self.pause_at, self.started = None, self.started + self.pause_for
        allowed = self.wants(now)
        if self.closed or allowed <= 0:
            return
        try:
            chunk = self.sock.recv(min(allowed, 1 << 16))
        except BlockingIOError:
            return
        except ConnectionResetError:
            chunk = b""
        self.received += chunk
        self.closed = not chunk

    def close(self) -> None:
        self.sock.close()


def drive(readers: list[Reader], done, seconds: float) -> None:
    """Let every reader take what its rate allows until `done()` or `seconds` have passed: waits
    on the sockets of readers that may read now, at most 20 ms at a time (their pace)."""
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        now = time.monotonic()
        ready = [r.sock for r in readers if not r.closed and r.wants(now) > 0]
        select.select(ready, [], [], 0.02)
        now = time.monotonic()
        for reader in readers:
            reader.take(now)


def large_file(build: Path, size: int) -> bytes:
    data = os.urandom(size)
    (build / "large.mp4").write_bytes(data)
    return data


def test_slow_readers_of_a_large_file_leave_the_connection_threads_to_a_page(build):
    """More slow readers of a large file than there are threads of either kind: the first are sent
    it by the large files' threads, the next wait for one of those in all but one connection
    thread, a page asked for meanwhile is answered at once, and the waiting readers are sent the
    file when the first hang up. (Before, the readers took every thread.)"""
    data = large_file(build, 6_000_000)  # more than the kernel buffers for one connection
    streams, cap = 3, 4
    server = make_server(build, 0, max_connections=cap, max_streams=streams)
    with running(server) as port:
        whole = get("/large.mp4", "127.0.0.1", "Range: bytes=0-\r\n")
        for _ in range(streams + 1):  # one after another: each gives its thread back
            answer = exchange(port, whole)
            assert status_of(answer) == 206 and answer.partition(b"\r\n\r\n")[2] == data
        readers = [Reader(port, "/large.mp4", rate=40_000) for _ in range(streams + cap - 1)]
        drive(readers, lambda: sum(r.status is not None for r in readers) >= streams, 10)
        page = Reader(port, "/index.html", rate=1e9)  # an ordinary client: no limit
        drive([*readers, page], lambda: page.closed, 5)  # answered while the readers hold on
        sent = [r for r in readers if r.status is not None]
        waiting = [r for r in readers if r.status is None]
        for reader in sent:
            reader.close()
        drive(waiting, lambda: all(r.status is not None for r in waiting), 10)
        for reader in waiting:
            reader.close()
        page.close()
    assert page.closed and page.status == 200 and page.body == PAGE, "the page got no answer"
    assert len(sent) == streams and all(r.status == 200 and not r.closed for r in sent)
    assert all(len(r.body) < len(data) for r in sent)  # still being sent (a header may come alone)
    assert [r.status for r in waiting] == [200] * (cap - 1), "the waiting readers were not sent the file"


@pytest.mark.parametrize("which", ["serve", "preview"])
def test_a_reader_below_the_minimum_rate_is_cut_off_and_one_at_a_links_rate_gets_it_all(build, which):
    """Limits made small for the test: 100 kB/s after 0.5 s, a 32 KiB send buffer. A reader at
    10 kB/s is reset; one at 250 kB/s (a 2 Mbit/s link) that pauses for a second gets it all."""
    data = large_file(build, 640 * 1024)
    assert len(data) > 2 * LARGE
    server = make_server(build, 0) if which == "serve" else make_live_server(
        BuildPaths(build), PreviewStatus(), 0)
    server.min_rate, server.rate_grace, server.send_buffer = 100_000, 0.5, 32 * 1024
    with running(server) as port:
        slow = Reader(port, "/large.mp4", rate=10_000)
        normal = Reader(port, "/large.mp4", rate=250_000, extra="Range: bytes=1000-\r\n")
        normal.pause_at, normal.pause_for = len(data) // 3, 1.0  # a learner pausing playback
        drive([slow, normal], lambda: slow.closed and normal.closed, 20)
        slow.close()
        normal.close()
    assert slow.closed and slow.status == 200, "a reader at 10 kB/s was never cut off"
    assert len(slow.body) < len(data) // 2, len(slow.body)
    assert normal.closed and normal.status == 206 and normal.pause_at is None
    assert normal.body == data[1000:], len(normal.body)
