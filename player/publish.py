"""Where the build will be published and who may embed it: the `--base-url` that makes oEmbed and
link-preview addresses absolute, and the parent origins a page's host-page API answers."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from posixpath import relpath
from urllib.parse import SplitResult, quote, urlsplit


class PublishError(ValueError):
    """A --base-url or --allow-origin that cannot be used, with what to give instead."""


@dataclass(frozen=True)
class Publish:
    base_url: str = ""  # absolute, ending in "/", or "" for addresses relative to the lesson folder
    origins: tuple[str, ...] = ()  # parent origins the host-page API talks to; ("*",) for any

    def url(self, path: str, here: str = "") -> str:
        """The address of `path` (relative to the lesson folder) as written in a file in folder
        `here`: absolute under the base URL, else relative to `here`."""
        if self.base_url:
            return self.base_url + path
        return relpath(path, here or ".")


@dataclass(frozen=True)
class _Option:
    name: str  # the option, as typed
    give: str  # what to give instead of a bad value, with an example


BASE_URL = _Option("--base-url", "give where the build folder will be served, "
                                 "e.g. https://courses.example.org/attention/")
ALLOW_ORIGIN = _Option("--allow-origin", "give scheme, host and port only, e.g. https://lms.example.org "
                                         "(or '*' to let any page embed it)")
UNSAFE = {'"': "a double quote", "'": "a quote", "<": "an angle bracket", ">": "an angle bracket",
          "\\": "a backslash", "`": "a backtick"}


def _refuse(option: _Option, text: str, problem: str) -> PublishError:
    return PublishError(f"{option.name} {text!r} {problem}; {option.give}")


def _unsafe(char: str) -> str | None:
    """What `char` is, when an address cannot carry it as it is (None when it can)."""
    if char in UNSAFE:
        return UNSAFE[char]
    if char.isspace():
        return "a space" if char == " " else f"a whitespace character (U+{ord(char):04X})"
    if char.isprintable():
        return None
    kind = "a control" if ord(char) < 0x20 or 0x7f <= ord(char) < 0xa0 else "an invisible"
    return f"{kind} character (U+{ord(char):04X})"


def _split(option: _Option, text: str) -> SplitResult:
    """`text` as an http(s) address with a host and a valid port; PublishError naming what is wrong."""
    value = text.strip()
    for char in value:
        if (what := _unsafe(char)) is not None:
            encoded = f" (write it as {quote(char, safe='')} in a path)" if option is BASE_URL else ""
            raise _refuse(option, text, f"has {what} in it, which an address cannot hold{encoded}")
    try:
        parts = urlsplit(value)
    except ValueError:  # an unclosed bracket, or brackets around no IP address
        raise _refuse(option, text, "has an unclosed bracket or an invalid IPv6 address in brackets "
                                    "(an IPv6 host is written http://[::1]:8000)") from None
    if parts.scheme and parts.scheme not in ("http", "https") and parts.netloc:
        raise _refuse(option, text, f"has the scheme {parts.scheme!r}, not http or https")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise _refuse(option, text, "is not an http(s) address")
    if parts.username is not None or parts.password is not None:
        raise _refuse(option, text, "has a user name or password in it")
    if not parts.hostname:
        raise _refuse(option, text, "has no host name")
    if "[" in parts.netloc and not _ipv6(parts.hostname):
        raise _refuse(option, text, f"has {parts.hostname!r} in brackets, which is not an IPv6 address "
                                    "(an IPv6 host is written http://[::1]:8000)")
    port = parts.netloc.rpartition("]")[2].partition(":")[2]
    if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise _refuse(option, text, f"has port {port!r}, which is not a number from 1 to 65535")
    return parts


def _ipv6(host: str) -> bool:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        return False
    return True


def base_url(text: str) -> str:
    """An http(s) address with a host and no query or fragment, ending in '/'; PublishError if not."""
    parts = _split(BASE_URL, text)
    if parts.query or parts.fragment:
        raise _refuse(BASE_URL, text, "has a query or fragment (?... or #...), which a folder has not")
    return parts.geturl().rstrip("/") + "/"


def origin(text: str) -> str:
    """'*' or an origin scheme://host[:port] (no path), as a browser writes it; PublishError if not."""
    if text == "*":
        return text
    parts = _split(ALLOW_ORIGIN, text)
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise _refuse(ALLOW_ORIGIN, text, "is not an origin: it has a path, query or fragment")
    host = f"[{parts.hostname}]" if ":" in (parts.hostname or "") else parts.hostname
    default = {"http": 80, "https": 443}[parts.scheme]
    port = "" if parts.port in (None, default) else f":{parts.port}"
    return f"{parts.scheme}://{host}{port}"


def publish(base: str | None, origins: list[str] | None) -> Publish:
    """The checked settings; PublishError names the first bad one."""
    return Publish(base_url(base) if base else "", tuple(dict.fromkeys(origin(o) for o in origins or ())))
