"""A local preview server for the build folder, with the HTTP byte ranges video seeking needs.

It serves what the pages need and nothing else: no folder listings, nothing hidden, and not the
working files under cache/, and only to requests that name it by its own host name (so a page on
another site cannot read it through DNS rebinding). It holds up when a whole class opens the page
at once: a deep listen queue, a bounded number of connection threads, idle connections closed
after a time-out, a request's line and headers given a deadline however slowly they trickle, a
response cut off when its client reads it slower than a minimum rate, and large files sent by
threads of their own, so clients downloading them leave the connection threads to pages.
"""

from __future__ import annotations

import functools
import io
import os
import re
import shutil
import socket
import struct
import sys
import threading
import time
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
CHUNK = 256 * 1024
PRIVATE = ("cache",)  # top-level folders of the build that no page needs
IDLE_TIMEOUT = 30  # seconds a connection may sit silent before it is closed
REQUEST_DEADLINE = 10  # seconds from a request's first byte to the end of its headers
MAX_CONNECTIONS = 64  # connection threads at once; further connections wait in the listen queue
MAX_STREAMS = 64  # threads sending large files at once, besides those; further ones wait for one
LARGE = CHUNK  # a response body of more bytes than this is a large file's
MIN_RATE = 32 * 1024  # bytes a second a response must average once its grace is over...
RATE_GRACE = 10  # ...seconds from its first byte; a slower reader is cut off
SEND_BUFFER = 256 * 1024  # bytes the kernel may hold for a client, so the rate is what it reads
BACKLOG = 256  # connections the kernel queues while every thread is busy
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def parse_range(header: str, size: int) -> tuple[int, int] | None:
    """One 'bytes=a-b' / 'a-' / '-n' range as inclusive (first, last), clamped to the file.

    Returns None for a header this server serves as a whole file (malformed or several ranges);
    raises ValueError when the range lies outside the file (416).
    """
    m = _RANGE.match(header.strip())
    if not m or (not m[1] and not m[2]):
        return None
    if not m[1]:  # the last n bytes
        n = int(m[2])
        if n == 0:
            raise ValueError("empty suffix range")
        return max(0, size - n), size - 1
    first = int(m[1])
    last = min(int(m[2]), size - 1) if m[2] else size - 1
    if m[2] and int(m[2]) < first:
        return None
    if first >= size:
        raise ValueError("range starts past the end")
    return first, last


def own_hosts(port: int, *names: str) -> frozenset[str]:
    """The Host header values that name this server: the loopback names and `names`, with or
    without `:port` (an IPv6 address in brackets), in lower case."""
    hosts = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in (*LOOPBACK, *names)}
    return frozenset(h.lower() for h in hosts | {f"{h}:{port}" for h in hosts})


class DeadlineReader(io.RawIOBase):
    """A connection's reading side that gives a request's line and headers `deadline` seconds
    from their first byte, however slowly they arrive; between requests it waits `idle` seconds."""

    def __init__(self, sock: socket.socket, idle: float | None, deadline: float) -> None:
        super().__init__()
        self._sock, self._idle, self._deadline = sock, idle, deadline
        self._headers = False  # reading a request's line and headers
        self._ends: float | None = None  # when they must be in, from their first byte

    def expect_request(self) -> None:
        """The next bytes start a request: its line and headers get the deadline."""
        self._headers, self._ends = True, None

    def headers_read(self) -> None:
        """The headers are in: reads wait for the idle time-out again."""
        self._headers, self._ends = False, None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        wait = self._idle
        if self._ends is not None:
            left = self._ends - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"request line and headers not in after {self._deadline} s")
            wait = left if wait is None else min(wait, left)
        self._sock.settimeout(wait)
        try:
            n = self._sock.recv_into(buffer)
        finally:
            self._sock.settimeout(self._idle)
        if n and self._headers and self._ends is None:
            self._ends = time.monotonic() + self._deadline
        return n


class PacedWriter(io.BufferedIOBase):
    """A connection's writing side that holds each response to `min_rate` bytes a second on
    average once `grace` seconds have passed since its first byte; a client reading slower is
    reset (so it cannot hold a thread for the length of a large file). 0 turns the rule off."""

    STEP = 64 * 1024  # bytes whose time is checked at once

    def __init__(self, sock: socket.socket, idle: float | None, min_rate: float, grace: float) -> None:
        super().__init__()
        self._sock, self._idle, self._min_rate, self._grace = sock, idle, min_rate, grace
        self._started: float | None = None  # when the response's first byte was written
        self._sent = 0

    def expect_response(self) -> None:
        """The next bytes start a response: its clock starts with them."""
        self._started, self._sent = None, 0

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        view = memoryview(data).cast("B")
        for start in range(0, len(view), self.STEP):
            self._send(view[start:start + self.STEP])
        return len(view)

    def _send(self, piece: memoryview) -> None:
        now = time.monotonic()
        if self._started is None:
            self._started = now
        wait = self._idle
        if self._min_rate > 0:  # these bytes too must be out by the time the average allows
            wait = self._started + self._grace + (self._sent + len(piece)) / self._min_rate - now
            if wait <= 0:
                self._cut()
        self._sock.settimeout(wait)
        try:
            self._sock.sendall(piece)
        except TimeoutError:
            self._cut()
        finally:
            self._sock.settimeout(self._idle)
        self._sent += len(piece)

    def _cut(self) -> None:
        """Reset the connection when it closes (the bytes the kernel still holds are dropped)."""
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        raise TimeoutError(f"client read slower than {self._min_rate:.0f} bytes a second")


class RangeRequestHandler(SimpleHTTPRequestHandler):
    """Static files with `Range` support (206 Partial Content), no caching, quiet by default."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".vtt": "text/vtt", ".mp4": "video/mp4", ".js": "text/javascript",
                      ".json": "application/json"}
    protocol_version = "HTTP/1.1"  # keep-alive: a video makes many small range requests
    timeout = IDLE_TIMEOUT
    request_deadline: float = REQUEST_DEADLINE
    quiet = True
    _range: tuple[int, int] | None = None
    _streaming = False  # this connection's thread has moved to the large files' threads
    server: PreviewServer

    def setup(self) -> None:
        super().setup()
        self.rfile.close()
        self._reader = DeadlineReader(self.connection, self.timeout, self.request_deadline)
        self.rfile = io.BufferedReader(self._reader)
        if self.server.send_buffer:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.server.send_buffer)
        self._writer = PacedWriter(self.connection, self.timeout, self.server.min_rate,
                                   self.server.rate_grace)
        self.wfile = self._writer

    def handle_one_request(self) -> None:
        self._reader.expect_request()
        self._writer.expect_response()
        super().handle_one_request()

    def parse_request(self) -> bool:
        """The request line and headers, refused with 421 unless the Host names this server."""
        parsed = super().parse_request()
        self._reader.headers_read()
        if parsed and not self._own_host():
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "Not this server's host name",
                            f"This server answers to {LOOPBACK[0]}:{self.server.server_address[1]}.")
            return False
        return parsed

    def _own_host(self) -> bool:
        """Whether the one Host header names this server; HTTP/1.0 may leave it out."""
        hosts = self.headers.get_all("Host") or []
        if not hosts:
            return self.request_version == "HTTP/1.0"
        return len(hosts) == 1 and hosts[0].strip().lower() in self.server.hosts

    def end_headers(self) -> None:
        if self._streaming:  # its thread does not go back to the connection threads
            self.send_header("Connection", "close")
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        self._range = None
        if not self._public(self.path):
            self.send_error(HTTPStatus.NOT_FOUND, "Not found")
            return None
        try:
            path = self.translate_path(self.path)
            os.stat(path)
        except ValueError:  # a NUL byte or a path the OS cannot take
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad path")
            return None
        except OSError:
            pass  # missing: the base class answers 404
        header = self.headers.get("Range")
        if os.path.isdir(path) or not os.path.isfile(path):
            return super().send_head()
        size = os.path.getsize(path)
        try:
            wanted = None if header is None else parse_range(header, size)
        except ValueError:
            self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        first, last = wanted or (0, size - 1)
        if not self._claim_stream(last - first + 1):
            return None
        if wanted is None:
            return super().send_head()
        f = open(path, "rb")
        first, last = wanted
        self.send_response(HTTPStatus.PARTIAL_CONTENT)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.send_header("Content-Length", str(last - first + 1))
        self.send_header("Last-Modified", self.date_time_string(int(os.fstat(f.fileno()).st_mtime)))
        self.end_headers()
        self._range = wanted
        return f

    def _claim_stream(self, length: int) -> bool:
        """Move to the large files' threads before sending a large body (a slow reader of one then
        holds none of the connection threads); False when the server closes while this waits."""
        if self.command != "GET" or length <= LARGE:
            return True
        self._streaming = self.server.move_to_streams()
        self.close_connection = True
        return self._streaming

    @staticmethod
    def _public(url_path: str) -> bool:
        """False for hidden files and folders and the build's working folders."""
        parts = [p for p in unquote(urlsplit(url_path).path).split("/") if p]
        return not any(p.startswith(".") for p in parts) and not (parts and parts[0] in PRIVATE)

    def list_directory(self, path):
        """No listings: a folder without an index.html is not a page."""
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        return None

    def copyfile(self, source, outputfile) -> None:
        if self._range is None:
            shutil.copyfileobj(source, outputfile, CHUNK)
            return
        first, last = self._range
        source.seek(first)
        left = last - first + 1
        while left > 0:
            chunk = source.read(min(CHUNK, left))
            if not chunk:
                break
            outputfile.write(chunk)
            left -= len(chunk)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class PreviewServer(ThreadingHTTPServer):
    """Threaded with at most `max_connections` connection threads (the next connections wait in
    the listen queue) and `max_streams` threads sending large files, responses held to `min_rate`
    after `rate_grace` seconds, and silent about browsers that hang up mid-video (they do, when
    seeking)."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], handler, max_connections: int = MAX_CONNECTIONS,
                 max_streams: int = MAX_STREAMS, min_rate: float = MIN_RATE,
                 rate_grace: float = RATE_GRACE, send_buffer: int = SEND_BUFFER) -> None:
        super().__init__(address, handler)
        self.hosts = own_hosts(self.server_address[1], address[0], str(self.server_address[0]))
        self._slots = threading.BoundedSemaphore(max_connections)
        self._streams = threading.BoundedSemaphore(max_streams)
        self._held = threading.local()  # the slot the current connection's thread holds
        self.min_rate, self.rate_grace, self.send_buffer = min_rate, rate_grace, send_buffer
        self._closing = threading.Event()

    def process_request(self, request, client_address) -> None:
        """Start the connection's thread once one of the slots is free."""
        while not self._slots.acquire(timeout=0.2):
            if self._closing.is_set():
                self.shutdown_request(request)
                return
        try:
            super().process_request(request, client_address)
        except Exception:  # its thread did not start: the slot is ours to give back (not on Ctrl-C,
            self._slots.release()  # which may come after the thread started and will release it)
            raise

    def process_request_thread(self, request, client_address) -> None:
        self._held.slot = self._slots
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._held.slot.release()

    def move_to_streams(self) -> bool:
        """Give the current thread's connection slot up for a large file's once one is free (the
        connection closes after that file); False when the server closes first."""
        while not self._streams.acquire(timeout=0.2):
            if self._closing.is_set():
                return False
        self._held.slot.release()
        self._held.slot = self._streams
        return True

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        try:
            super().serve_forever(poll_interval)
        finally:  # a Ctrl+C here may close a connection whose thread has begun: it ends quietly
            self._closing.set()

    def shutdown(self) -> None:
        self._closing.set()
        super().shutdown()

    def server_close(self) -> None:
        self._closing.set()  # (after Ctrl+C ends serve_forever, shutdown is never called)
        super().server_close()

    def handle_error(self, request, client_address) -> None:
        """Silent about a browser that hung up, and about connections cut because the server is
        closing (a socket closed under its thread: 'Bad file descriptor'); others as usual."""
        if not (isinstance(sys.exc_info()[1], ConnectionError) or self._closing.is_set()):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int = 8000, host: str = "127.0.0.1", quiet: bool = True,
                idle_timeout: float = IDLE_TIMEOUT, request_deadline: float = REQUEST_DEADLINE,
                max_connections: int = MAX_CONNECTIONS, max_streams: int = MAX_STREAMS,
                min_rate: float = MIN_RATE, rate_grace: float = RATE_GRACE,
                send_buffer: int = SEND_BUFFER) -> PreviewServer:
    """A threaded server for `root` on host:port (port 0: any free one); call serve_forever()."""
    handler = functools.partial(
        type("Handler", (RangeRequestHandler,), {"quiet": quiet, "timeout": idle_timeout,
                                                 "request_deadline": request_deadline}),
        directory=str(root))
    return PreviewServer((host, port), handler, max_connections, max_streams, min_rate, rate_grace,
                         send_buffer)
