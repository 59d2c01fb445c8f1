"""The servers and the publishing options against hostile input: a page on another site reaching
`serve` or `preview` through DNS rebinding, a client trickling its request, more connections than
threads, and malformed --base-url / --allow-origin / --build / --recordings values."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import render
from audio.recordings import RecordingError, find_recordings
from common.paths import BuildPaths
from player.preview_server import PreviewStatus, make_live_server
from player.publish import publish
from player.server import PreviewServer, make_server

REPO = Path(__file__).resolve().parent.parent
PAGE = b"<!doctype html><title>the lesson</title><p>page-bytes-7f3a</p>"


@pytest.fixture
def build(tmp_path) -> Path:
    root = tmp_path / "build"
    root.mkdir()
    (root / "index.html").write_bytes(PAGE)
    (root / "lesson.mp4").write_bytes(os.urandom(200_000))
    return root


@contextlib.contextmanager
def running(server: PreviewServer) -> Iterator[int]:
    """`server` serving in a thread of its own; yields its port."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def exchange(port: int, request: bytes, timeout: float = 10) -> bytes:
    """Send `request` on a fresh connection and read the answer until the server closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(1 << 16):
            answer += chunk
        return answer


def get(path: str, host: str | None, extra: str = "", version: str = "HTTP/1.1") -> bytes:
    """A GET for `path` with the Host header `host` (none when None), closing the connection."""
    head = f"GET {path} {version}\r\n" + (f"Host: {host}\r\n" if host is not None else "")
    return (head + extra + "Connection: close\r\n\r\n").encode("latin-1")


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def foreign_requests(port: int) -> list[tuple[str, bytes]]:
    other_port = port % 65535 + 1
    hosts = ["attacker.example", f"attacker.example:{port}", f"127.0.0.1.attacker.example:{port}",
             f"localhost:{other_port}", ""]
    requests = [(h, get("/index.html", h)) for h in hosts]
    requests.append(("no Host on HTTP/1.1", get("/index.html", None)))
    requests.append(("two Hosts", get("/index.html", f"127.0.0.1:{port}", "Host: attacker.example\r\n")))
    requests.append(("a range", get("/lesson.mp4", f"attacker.example:{port}", "Range: bytes=0-99\r\n")))
    return requests


# The Host header ------------------------------------------------------------------------------

def test_a_foreign_host_is_refused_and_gets_none_of_the_build(build):
    video = (build / "lesson.mp4").read_bytes()
    with running(make_server(build, 0)) as port:
        for what, request in foreign_requests(port):
            answer = exchange(port, request)
            assert status_of(answer) == 421, (what, answer[:200])
            body = answer.partition(b"\r\n\r\n")[2]
            assert 0 < len(body) < 1000, what
            assert b"page-bytes-7f3a" not in answer and video[:100] not in answer, what


def test_the_servers_own_host_names_are_served_with_and_without_the_port(build):
    video = (build / "lesson.mp4").read_bytes()
    with running(make_server(build, 0)) as port:
        for host in ("127.0.0.1", f"127.0.0.1:{port}", "localhost", f"localhost:{port}", "[::1]",
                     f"[::1]:{port}", f"LocalHost:{port}"):
            answer = exchange(port, get("/index.html", host))
            assert status_of(answer) == 200 and answer.endswith(PAGE), host
        assert exchange(port, get("/index.html", None, version="HTTP/1.0")).endswith(PAGE)
        answer = exchange(port, get("/lesson.mp4", f"127.0.0.1:{port}", "Range: bytes=1000-1099\r\n"))
        assert status_of(answer) == 206 and answer.partition(b"\r\n\r\n")[2] == video[1000:1100]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)  # keep-alive: one socket
        for _ in range(3):
            conn.request("GET", "/index.html")
            response = conn.getresponse()
            assert response.status == 200 and response.read() == PAGE
        conn.close()


def test_the_preview_status_and_page_answer_only_their_own_host(build):
    status = PreviewStatus()
    with running(make_live_server(BuildPaths(build), status, 0)) as port:
        for path in ("/__preview/status?since=-1", "/", "/__preview/live.js"):
            for what, request in foreign_requests(port):
                request = request.replace(b"/index.html", path.encode(), 1)
                started = time.monotonic()
                answer = exchange(port, request)
                assert status_of(answer) == 421, (path, what, answer[:200])
                assert b'"state"' not in answer and b"Lesson preview" not in answer, (path, what)
                assert time.monotonic() - started < 5, "a refused status request was held"
        answer = exchange(port, get("/__preview/status?since=-1", f"127.0.0.1:{port}"))
        assert status_of(answer) == 200
        assert json.loads(answer.partition(b"\r\n\r\n")[2])["state"] == "starting"
        answer = exchange(port, get("/", "localhost"))
        assert status_of(answer) == 200 and b"Lesson preview" in answer


# Slow clients and many connections -------------------------------------------------------------

def test_a_client_trickling_its_headers_is_cut_off_at_the_deadline(build):
    """One byte every 0.5 s keeps the idle time-out (5 s) from firing; the 1.5 s deadline from the
    request's first byte does, and a normal client is served meanwhile."""
    trickle = b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 100
    served_meanwhile = []
    with running(make_server(build, 0, idle_timeout=5, request_deadline=1.5)) as port:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        first = time.monotonic()
        closed_after = None
        for n, byte in enumerate(trickle):
            try:
                sock.send(bytes([byte]))
            except OSError:  # reset by the server
                closed_after = time.monotonic() - first
                break
            if n == 2:
                served_meanwhile.append(status_of(exchange(port, get("/index.html", "127.0.0.1"))))
            readable, _, _ = select.select([sock], [], [], 0.5)
            if readable:
                try:
                    assert sock.recv(1024) == b"", "the server answered a request it never got whole"
                except ConnectionResetError:
                    pass
                closed_after = time.monotonic() - first
                break
            if time.monotonic() - first > 6:
                break
        sock.close()
        assert closed_after is not None, "a client sending a byte every 0.5 s was never cut off"
        assert 1.5 <= closed_after < 3.0, closed_after
        assert served_meanwhile == [200]
        assert status_of(exchange(port, get("/index.html", "127.0.0.1"))) == 200


def new_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t not in before and t.is_alive()]


def wait_until(predicate, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, f"gave up waiting for {what}"
        time.sleep(0.05)


def test_idle_connections_past_the_thread_cap_wait_and_are_served_when_others_close(build):
    cap = 4
    server = make_server(build, 0, max_connections=cap)
    with running(server) as port:
        before = set(threading.enumerate())
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(cap + 8)]
        wait_until(lambda: len(new_threads(before)) >= cap, 5, f"{cap} connection threads")
        waiting = socket.create_connection(("127.0.0.1", port), timeout=10)
        waiting.sendall(get("/index.html", "127.0.0.1"))
        for _ in range(10):  # a second: the idle connections hold every thread, none more starts
            assert len(new_threads(before)) == cap, [t.name for t in new_threads(before)]
            assert select.select([waiting], [], [], 0.1)[0] == [], "served past the cap"
        for sock in idle:
            sock.close()
        answer = b""
        while chunk := waiting.recv(1 << 16):
            answer += chunk
        waiting.close()
        assert status_of(answer) == 200 and answer.endswith(PAGE)
        assert status_of(exchange(port, get("/index.html", "127.0.0.1"))) == 200
        assert len(new_threads(before)) <= cap


# Malformed options ------------------------------------------------------------------------------

BAD_OPTIONS = [
    ("--allow-origin", "http://localhost:99999", "port '99999'"),
    ("--allow-origin", "http://localhost:0", "port '0'"),
    ("--allow-origin", "https://[::1", "IPv6"),
    ("--allow-origin", "https://[fluffy]:8443", "IPv6"),
    ("--allow-origin", "https://lms.example.org/course/7", "path"),
    ("--allow-origin", "ftp://lms.example.org", "'ftp'"),
    ("--allow-origin", 'https://lms.example.org"', "double quote"),
    ("--base-url", 'http://x.org"><script>', "double quote"),
    ("--base-url", "https://[::1/attention/", "IPv6"),
    ("--base-url", "https://courses.example.org:65536/", "port '65536'"),
    ("--base-url", "https://courses.example.org/my lesson/", "space"),
    ("--base-url", "https://courses.example.org\\attention\\", "backslash"),
    ("--base-url", "https://courses.example.org/<b>/", "angle bracket"),
    ("--base-url", "https://courses.example.org/\x07/", "control character"),
    ("--base-url", "javascript:alert(1)", "http(s)"),
]


@pytest.fixture(scope="module")
def refusals(tmp_path_factory) -> dict[tuple[str, str], tuple[int, str, str, Path]]:
    """`render.py player` run on every bad option at once (each in its own process and build)."""
    root = tmp_path_factory.mktemp("refused")
    runs = {}
    for n, (option, value, _) in enumerate(BAD_OPTIONS):
        build = root / f"build-{n}"
        runs[(option, value)] = build, subprocess.Popen(
            [sys.executable, str(REPO / "render.py"), "player", "--lesson", "attention", option, value, "--build", str(build)],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done = {}
    for key, (build, proc) in runs.items():
        out, err = proc.communicate(timeout=120)
        done[key] = proc.returncode, out, err, build
    return done


@pytest.mark.parametrize("option,value,problem", BAD_OPTIONS)
def test_a_malformed_address_is_one_line_naming_the_option_value_and_fix(refusals, option, value, problem):
    code, out, err, build = refusals[(option, value)]
    assert code != 0 and "Traceback" not in err and out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"render.py player: {option} {value!r} "), lines[0]
    assert problem in lines[0] and "e.g. https://" in lines[0], lines[0]
    assert not build.exists(), "work started before the option was checked"


def test_good_origins_are_kept_as_a_browser_writes_them():
    settings = publish("https://courses.example.org/attention",
                       ["HTTPS://LMS.Example.org:443", "http://[::1]:8000", "http://127.0.0.1:80", "*"])
    assert settings.base_url == "https://courses.example.org/attention/"
    assert settings.origins == ("https://lms.example.org", "http://[::1]:8000", "http://127.0.0.1", "*")


def test_a_file_given_as_a_folder_is_named_as_a_file(tmp_path):
    a_file = tmp_path / "lesson.mp4"
    a_file.write_bytes(b"not a folder")
    with pytest.raises(SystemExit) as e:
        render.main(["serve", "--build", str(a_file), "--port", "0"])
    message = str(e.value)
    assert message.startswith("render.py serve: --build ") and str(a_file) in message
    assert "is a file, not a folder" in message and "does not exist" not in message
    with pytest.raises(SystemExit) as e:
        render.main(["serve", "--build", str(tmp_path / "nowhere"), "--port", "0"])
    assert "does not exist" in str(e.value) and "./lesson render" in str(e.value)
    with pytest.raises(RecordingError) as caught:
        find_recordings(a_file, ["key-contains"])
    assert caught.value.path == a_file and caught.value.problem == "is a file, not a folder"
    assert "--recordings" in caught.value.fix


def test_a_connection_cut_by_ctrl_c_ends_without_a_traceback(build, capsys):
    """Ctrl+C can stop the server just as a connection's thread begins; the socket the server
    then closes under that thread ('Bad file descriptor') is no error to print: the preview ends
    on its one line. (serve_forever calls service_actions on its own thread, between requests.)"""
    server = make_server(build, 0)

    def ctrl_c() -> None:
        raise KeyboardInterrupt

    server.service_actions = ctrl_c
    with pytest.raises(KeyboardInterrupt):
        server.serve_forever(poll_interval=0.01)
    try:
        raise OSError(9, "Bad file descriptor")
    except OSError:
        server.handle_error(None, ("127.0.0.1", 50000))
    server.server_close()
    assert capsys.readouterr().err == ""
