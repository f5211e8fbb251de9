#!/usr/bin/env python3
"""Writes docs/diagnostics.md from the ids in Sources/HandbookKit (`log.error(id: "…", "message"…)`),
or with --check fails when the page does not list exactly the ids the sources use.

    python3 scripts/diagnostic_ids.py [--check]
"""
import collections
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs/diagnostics.md"
CALL = re.compile(r'(error|warning)\(id: "([a-z0-9.-]+)",\s*("(?:[^"\\]|\\.)*"|[A-Za-z_.]+)')


def without_interpolations(text):
    out, i = [], 0
    while i < len(text):
        if text.startswith("\\(", i):
            depth, i = 1, i + 2
            while i < len(text) and depth:
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
            out.append("…")
        else:
            out.append(text[i])
            i += 1
    return "".join(out).replace('\\"', '"')


def ids():
    found = collections.OrderedDict()
    for path in sorted((ROOT / "Sources/HandbookKit").rglob("*.swift")):
        for severity, ident, message in CALL.findall(path.read_text(encoding="utf-8")):
            message = without_interpolations(message[1:-1]) if message.startswith('"') else "(" + message + ")"
            found.setdefault(ident, (severity, message))
    return found


def page():
    lines = PAGE.read_text(encoding="utf-8").split("\n") if PAGE.exists() else []
    head = lines[:lines.index("## The ids")] if "## The ids" in lines else []
    body = ["## The ids", "", "Written as in the source; `…` stands for a name or value the message gives.", ""]
    groups = collections.OrderedDict()
    for ident, (severity, message) in sorted(ids().items()):
        groups.setdefault(ident.split(".")[0], []).append((ident, severity, message))
    for group, items in groups.items():
        body += [f"### {group}", "", "| id | severity | message |", "|---|---|---|"]
        body += ["| `%s` | %s | %s |" % (i, s, m.replace("|", "\\|")) for i, s, m in items]
        body.append("")
    return "\n".join(head + body)


if __name__ == "__main__":
    text = page()
    if "--check" in sys.argv:
        if PAGE.read_text(encoding="utf-8") != text:
            sys.exit("docs/diagnostics.md does not list the ids the sources use: run python3 scripts/diagnostic_ids.py")
    else:
        PAGE.write_text(text, encoding="utf-8")
