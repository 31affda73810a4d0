"""A `wurl conform` adapter for ada, through its Python binding (`pip install ada-url`).

Run: wurl conform -- python3 ada_adapter.py

Protocol (docs/conformance-for-others.md): one JSON request a line on stdin, one JSON answer a
line on stdout; an empty line asks for a flush.
"""

import json
import sys

from ada_url import URL

FIELDS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
          "pathname", "search", "hash")


def answer(request):
    try:
        if request["op"] == "parse":
            url = URL(request["input"], request["base"])
        elif request["op"] == "set":
            url = URL(request["href"])
            try:
                setattr(url, request["setter"], request["value"])
            except (ValueError, AttributeError, TypeError):
                pass  # a setter that refuses changes nothing
        else:
            return {"unsupported": True}
    except ValueError:
        return {"failure": True}
    return {field: getattr(url, field) for field in FIELDS}


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
