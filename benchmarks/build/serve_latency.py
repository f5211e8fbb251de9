#!/usr/bin/env python3
"""From saving a chapter to the reloaded page, with `HandbookGen serve` (release build) on the
real handbook and the page open in headless Chromium.

    python3 benchmarks/build/serve_latency.py [--edits 20]

Each edit changes one paragraph of a chapter (the page, its search entries and rules.json change;
the other pages do not). The time runs from just before the file is written to the reloaded
page's DOMContentLoaded (`performance.timeOrigin` plus the navigation entry, on the same clock).
It includes noticing the change (the watcher looks every 20 ms), rebuilding, writing, the event
and the reload. Prints a Markdown table; bench.py adds it to docs/benchmarks.md.
"""
import argparse
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/e2e"))
from conftest import make_driver  # noqa: E402

BINARY = ROOT / ".build-release/release/HandbookGen"
CHAPTER = "en/bars/navigation-bar.md"
PAGE = "en/bars/navigation-bar.html"


def measure(edits: int):
    work = pathlib.Path(tempfile.mkdtemp(prefix="handbook-serve-"))
    shutil.copytree(ROOT / "content", work / "content")
    shutil.copytree(ROOT / "templates", work / "templates")
    server = subprocess.Popen([str(BINARY), "serve", "--port", "0", "--content", str(work / "content"),
                               "--templates", str(work / "templates"), "--output", str(work / "site")],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    base = None
    while base is None:
        match = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", server.stdout.readline())
        base = match and match.group(1)
    driver = make_driver()
    latencies, rebuilds, reload_starts = [], [], []
    try:
        driver.get(base + PAGE)
        chapter = work / "content" / CHAPTER
        original = chapter.read_text(encoding="utf-8")
        marker = "## "
        for edit in range(edits):
            text = original.replace(marker, f"Edit number {edit} of the benchmark.\n\n{marker}", 1)
            time.sleep(0.3)
            saved = time.time() * 1000
            chapter.write_text(text, encoding="utf-8")
            line = server.stdout.readline()
            while "Rebuilt" not in line:
                line = server.stdout.readline()
            rebuilds.append(float(re.search(r"in (\d+) ms", line).group(1)))
            deadline = time.time() + 10
            while time.time() < deadline:
                loaded = driver.execute_script(
                    "var n = performance.getEntriesByType('navigation')[0];"
                    "return document.body.textContent.indexOf('Edit number %d ') >= 0 && n.domContentLoadedEventEnd > 0"
                    " ? [performance.timeOrigin, n.domContentLoadedEventEnd] : 0" % edit)
                if loaded:
                    latencies.append(loaded[0] + loaded[1] - saved)
                    reload_starts.append(loaded[0] - saved)
                    break
                # Browser clocks time the reload; polling only finds out when it happened, and
                # polling often would take CPU from the rebuild it measures.
                time.sleep(0.05)
            else:
                raise SystemExit(f"edit {edit}: the page did not reload")
    finally:
        driver.quit()
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)
    return latencies, rebuilds, reload_starts


def table(latencies, rebuilds, reload_starts):
    def p95(values):
        return sorted(values)[max(0, round(0.95 * len(values)) - 1)]
    return "\n".join([
        "| measure | edits | median ms | p95 ms | max ms |",
        "|---|---:|---:|---:|---:|",
        f"| save → reloaded page (DOMContentLoaded) | {len(latencies)} | {statistics.median(latencies):.0f} | "
        f"{p95(latencies):.0f} | {max(latencies):.0f} |",
        f"| of which the rebuild (as `serve` reports it) | {len(rebuilds)} | {statistics.median(rebuilds):.0f} | "
        f"{p95(rebuilds):.0f} | {max(rebuilds):.0f} |",
        f"| save → the reload starts (noticing, rebuild, event) | {len(reload_starts)} | "
        f"{statistics.median(reload_starts):.0f} | {p95(reload_starts):.0f} | {max(reload_starts):.0f} |",
    ])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    print(table(*measure(args.edits)))


if __name__ == "__main__":
    main()
