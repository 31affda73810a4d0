"""A `wurl conform` adapter for Python's urllib.parse, a parser of RFC 3986 (and RFC 1808)
rather than of the URL Standard: what the report says of a parser with another model.

Run: wurl conform -- python3 urllib_adapter.py

urllib.parse has no URL object, so the eleven components are mapped from `urlsplit` (after
`urljoin` with the base), as well as they go:

- the input fails where `urlsplit` or `.port` raises ValueError, and where there is no scheme
  (the standard's URLs are absolute);
- protocol: the scheme (lowercased by urlsplit) and `:`;
- username, password: `.username`, `.password` (percent-decoding nothing), or empty;
- hostname: `.hostname` (lowercased), with `[` and `]` put back around an IPv6 address;
  port: `.port` as written, a default port kept; host: hostname, and `:port` when there is one;
- pathname: the path as written (no dot segments removed, nothing percent-encoded, an empty
  path stays empty);
- search, hash: `?query`, `#fragment`, or empty when empty;
- href: `urlunsplit` of the parts;
- origin: `scheme://host` for http, https, ws, wss and ftp (RFC 6454's tuple), else `null`;
- a setter replaces its part of the split URL and the URL is split again; `href` re-parses.

Protocol (docs/conformance-for-others.md): one JSON request a line on stdin, one JSON answer a
line on stdout; an empty line asks for a flush.
"""

import json
import sys
from urllib.parse import urljoin, urlsplit, urlunsplit

ORIGIN_SCHEMES = ("http", "https", "ws", "wss", "ftp")


def split(text):
    parts = urlsplit(text)
    parts.port  # raises ValueError on a port that is not a number
    if not parts.scheme:
        raise ValueError("no scheme")
    return parts


def netloc(username, password, hostname, port):
    credentials = ""
    if username or password:
        credentials = username + (":" + password if password else "") + "@"
    return credentials + hostname + (":" + port if port else "")


def components(parts):
    hostname = parts.hostname or ""
    if ":" in hostname:
        hostname = "[" + hostname + "]"
    port = "" if parts.port is None else str(parts.port)
    host = hostname + (":" + port if port else "")
    return {
        "href": urlunsplit(parts),
        "origin": parts.scheme + "://" + host if parts.scheme in ORIGIN_SCHEMES else "null",
        "protocol": parts.scheme + ":",
        "username": parts.username or "",
        "password": parts.password or "",
        "host": host,
        "hostname": hostname,
        "port": port,
        "pathname": parts.path,
        "search": "?" + parts.query if parts.query else "",
        "hash": "#" + parts.fragment if parts.fragment else "",
    }


def set_part(parts, setter, value):
    now = components(parts)
    if setter == "href":
        return split(value)
    if setter == "protocol":
        return split(urlunsplit(parts._replace(scheme=value.split(":")[0])))
    if setter in ("username", "password", "hostname", "port", "host"):
        fields = {key: now[key] for key in ("username", "password", "hostname", "port")}
        if setter == "host":
            fields["hostname"], _, fields["port"] = value.partition(":")
        else:
            fields[setter] = value
        new = netloc(fields["username"], fields["password"], fields["hostname"], fields["port"])
        return split(urlunsplit(parts._replace(netloc=new)))
    if setter == "pathname":
        return split(urlunsplit(parts._replace(path=value)))
    if setter == "search":
        return split(urlunsplit(parts._replace(query=value.removeprefix("?"))))
    if setter == "hash":
        return split(urlunsplit(parts._replace(fragment=value.removeprefix("#"))))
    return parts


def answer(request):
    op = request.get("op")
    try:
        if op == "parse":
            base = request["base"]
            if base is not None:
                split(base)
            parts = split(request["input"] if base is None else urljoin(base, request["input"]))
        elif op == "set":
            parts = split(request["href"])
            try:
                parts = set_part(parts, request["setter"], request["value"])
            except ValueError:
                pass  # a setter that refuses changes nothing
        else:
            return {"unsupported": True}
        return components(parts)
    except ValueError:
        return {"failure": True}


def main():
    out = sys.stdout
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line == "":
            out.flush()
            continue
        out.write(json.dumps(answer(json.loads(line))) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
