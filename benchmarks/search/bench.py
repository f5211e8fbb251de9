#!/usr/bin/env python3
"""Search measurements: keystroke time in headless Chromium, index sizes, and recall side by
side with Pagefind on Chinese substring queries. Writes a Markdown report.

    python3 benchmarks/search/bench.py [--site DIR] [--report docs/search-benchmarks.md]

Without --site it builds the handbook with .build/debug/HandbookGen. Needs chromium,
chromium-driver, selenium and, for the comparison, `pip install pagefind-bin-extended`.
"""
import argparse
import gzip
import html.parser
import http.server
import json
import pathlib
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/e2e"))
from conftest import ensure_search, make_driver  # noqa: E402

HAN = re.compile(r"[\u3400-\u9fff]")

# Simulates typing: set the field's value and dispatch the input event the page listens to; the
# handler searches and renders the result list synchronously, so this is the whole keystroke.
KEYSTROKE_JS = """
const field = document.getElementById('search-input');
const prefixes = arguments[0];
const times = [];
for (const value of prefixes) {
  field.value = value;
  const start = performance.now();
  field.dispatchEvent(new Event('input', {bubbles: true}));
  times.push(performance.now() - start);
}
field.value = ''; field.dispatchEvent(new Event('input', {bubbles: true}));
return times;
"""


def build_site() -> pathlib.Path:
    site = pathlib.Path(tempfile.mkdtemp()) / "site"
    subprocess.run([str(ROOT / ".build/debug/HandbookGen"), "build", "--output", str(site)], cwd=ROOT, check=True)
    return site


def typed_prefixes(queries):
    prefixes = []
    for query in queries:
        prefixes += [query[: i + 1] for i in range(len(query))]
    return prefixes


# Search loads on first use: from focusing the field to the search being ready (the index
# script fetched and run, search.js normalising the records and building its postings).
LOAD_JS = """
const done = arguments[0];
const start = performance.now();
document.addEventListener('handbook-search-ready', () => done(performance.now() - start));
document.getElementById('search-input').focus();
"""


def keystrokes(site: pathlib.Path, page: str, queries, rounds=5):
    """Keystroke times, and how long the search took to load."""
    driver = make_driver()
    try:
        driver.get((site / page).as_uri())
        driver.set_script_timeout(120)
        load_ms = driver.execute_async_script(LOAD_JS)
        ensure_search(driver)
        prefixes = typed_prefixes(queries)
        driver.execute_script(KEYSTROKE_JS, prefixes)  # warm up the JIT
        times = []
        for _ in range(rounds):
            times += driver.execute_script(KEYSTROKE_JS, prefixes)
        return times, load_ms
    finally:
        driver.quit()


def summary(times):
    times = sorted(times)
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1]


def synthetic_index(site: pathlib.Path, count: int) -> str:
    """A zh index of `count` records made from the real index's words, same shape."""
    text = (site / "zh/search-index.js").read_text(encoding="utf-8")
    real = json.loads(text[text.index("=") + 1: text.rstrip().rindex(";")])
    words = re.findall(r"[\u4e00-\u9fff]{2,4}|[A-Za-z]{3,}", " ".join(r[2] + " " + r[3] for r in real["records"]))
    rng = random.Random(42)
    records = []
    for n in range(count):
        kind = "crst"[n % 4]
        title = "".join(rng.choice(words) for _ in range(rng.randint(2, 4)))
        body = " ".join(rng.choice(words) for _ in range(rng.randint(20, 60)))
        records.append([kind, n % len(real["scopes"]), title, body, "合成 · 第%d章" % (n // 20),
                         "zh/synthetic/%d.html" % n, "synthetic.c%d.r%d" % (n // 20, n)])
    real["records"] = records
    payload = json.dumps(real, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return "window.HANDBOOK_SEARCH_INDEX = " + payload + ";\n"


# Blocks of a chapter page that repeat other pages' titles and summaries (navigation aids).
NAVIGATION_CLASSES = ("related", "backlinks", "pager", "breadcrumbs")


class MainText(html.parser.HTMLParser):
    """The visible text of a page's <main>, without its navigation aids."""

    def __init__(self):
        super().__init__()
        self.depth, self.parts, self.skip, self.stack = 0, [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("meta", "link", "br", "hr", "img", "input"):
            return
        classes = (dict(attrs).get("class") or "").split()
        skipping = tag in ("script", "style") or any(c in NAVIGATION_CLASSES for c in classes)
        self.stack.append((tag, skipping))
        if tag == "main":
            self.depth += 1
        if skipping:
            self.skip += 1

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, skipping = self.stack.pop()
            if skipping:
                self.skip -= 1
            if open_tag == "main":
                self.depth -= 1
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.parts.append(data)


def main_text(path: pathlib.Path) -> str:
    parser = MainText()
    parser.feed(path.read_text(encoding="utf-8"))
    return "".join(parser.parts)


def chinese_queries(site: pathlib.Path, count=24):
    """Substrings of rule titles: half from a title's start, half starting mid-word."""
    text = (site / "zh/search-index.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("=") + 1: text.rstrip().rindex(";")])
    titles = [r[2] for r in index["records"] if r[0] == "r" and len(HAN.findall(r[2])) >= 6]
    rng = random.Random(7)
    queries = []
    while len(queries) < count:
        title = "".join(HAN.findall(rng.choice(titles)))
        mid = len(queries) % 2 == 1
        start = rng.randint(1, len(title) - 3) if mid else 0
        query = title[start: start + rng.choice((2, 3))]
        if query not in queries:
            queries.append(query)
    return queries


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: pathlib.Path):
    handler = lambda *a, **k: QuietHandler(*a, directory=str(folder), **k)  # noqa: E731
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def compare_with_pagefind(site: pathlib.Path, queries):
    work = pathlib.Path(tempfile.mkdtemp()) / "site"
    shutil.copytree(site, work)
    chapter_pages = sorted(p for p in (work / "zh").glob("*/*.html") if p.name != "index.html")
    for page in chapter_pages:  # Pagefind indexes <main> only, as our ground truth does
        text = page.read_text(encoding="utf-8").replace('<main id="main"', '<main data-pagefind-body id="main"')
        for name in NAVIGATION_CLASSES:  # and skips the same navigation aids
            text = re.sub(r'(<(?:section|nav) class="%s")' % name, r'\1 data-pagefind-ignore', text)
        page.write_text(text, encoding="utf-8")
    started = time.time()
    subprocess.run([sys.executable, "-m", "pagefind_bin_extended", "--site", str(work)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pagefind_seconds = time.time() - started
    texts = {"zh/" + str(p.relative_to(work / "zh")): main_text(p) for p in chapter_pages}
    server = serve(work)
    driver = make_driver()
    rows = []
    try:
        driver.get(f"http://127.0.0.1:{server.server_port}/zh/index.html")
        ensure_search(driver)
        driver.set_script_timeout(30)
        driver.execute_async_script("""
            const done = arguments[0];
            import('/pagefind/pagefind.js').then(p => { window.pf = p; return p.init(); }).then(() => done(true));
        """)
        for query in queries:
            truth = {page for page, text in texts.items() if query in text}
            found = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                pf.search(arguments[0]).then(r => Promise.all(r.results.map(x => x.data()))).then(d => done(d.map(x => x.url)));
            """, query)
            pagefind = {re.sub(r"^/|#.*$", "", u) for u in found} & set(texts)
            ours = {u.split("#")[0] for u in driver.execute_script("return HandbookSearch.search(arguments[0])", query)}
            ours &= set(texts)
            rows.append((query, len(truth), len(ours & truth), len(pagefind & truth), len(ours - truth)))
    finally:
        driver.quit()
        server.shutdown()
    return rows, pagefind_seconds


def index_sizes(site: pathlib.Path):
    rows = []
    for language in ("zh", "en"):
        data = (site / language / "search-index.js").read_bytes()
        rows.append((language, len(data), len(gzip.compress(data, 9))))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site")
    parser.add_argument("--report", default=str(ROOT / "docs/search-benchmarks.md"))
    parser.add_argument("--records", type=int, default=50000)
    args = parser.parse_args()
    site = pathlib.Path(args.site).resolve() if args.site else build_site()

    english = ["navigation bar", "tab", "alert", "button title", "haptic feedback", "undo"]
    chinese = ["导航栏", "标签栏", "警告框", "按钮标题", "触感反馈", "撤销"]
    real_zh, real_zh_load = keystrokes(site, "zh/index.html", chinese)
    real_en, real_en_load = keystrokes(site, "en/index.html", english)
    # Queries that take the forgiving paths: pinyin on the Chinese site, typos on the English.
    pinyin = ["daohanglan", "dhl", "gong ju lan", "jinggaokuang"]
    typos = ["navigaton", "alrt", "toolbr", "haptik feedbak"]
    real_py, _ = keystrokes(site, "zh/index.html", pinyin)
    real_typo, _ = keystrokes(site, "en/index.html", typos)

    synthetic = pathlib.Path(tempfile.mkdtemp()) / "site"
    shutil.copytree(site, synthetic)
    (synthetic / "zh/search-index.js").write_text(synthetic_index(site, args.records), encoding="utf-8")
    big, big_load = keystrokes(synthetic, "zh/index.html", chinese)
    big_size = (synthetic / "zh/search-index.js").stat().st_size

    queries = chinese_queries(site)
    try:
        rows, pagefind_seconds = compare_with_pagefind(site, queries)
    except (subprocess.CalledProcessError, FileNotFoundError) as error:
        rows, pagefind_seconds = [], None
        print("Pagefind comparison skipped:", error, file=sys.stderr)

    lines = ["# Search benchmarks", "",
             "Produced by `python3 benchmarks/search/bench.py` (headless Chromium, this repo's built handbook).",
             "Times are per keystroke: set the field's value, dispatch `input`, search and render the list. "
             "Each query is typed one character at a time, five times over after a warm-up round; nothing is "
             "remembered between keystrokes but the postings built when the index loads. "
             "The URL is written once typing pauses, outside the keystroke. "
             "Search ready: from focusing the field on a fresh page (search loads on first use) until the search "
             "can run, that is the index script fetched and run, and the records normalised and their postings built.", "",
             "## Time per keystroke", "",
             "| index | records | search ready ms | median ms | p95 ms | max ms |", "|---|---:|---:|---:|---:|---:|"]
    count = lambda lang: json.loads((site / lang / "search-index.js").read_text(encoding="utf-8").split("=", 1)[1].rstrip().rstrip(";"))["records"]
    row = "| %s | %d | %.0f | %.2f | %.2f | %.2f |"
    lines.append(row % ("handbook, zh (%s)" % " ".join(chinese), len(count("zh")), real_zh_load, *summary(real_zh)))
    lines.append(row % ("handbook, en (%s)" % ", ".join(english), len(count("en")), real_en_load, *summary(real_en)))
    lines.append(row % ("handbook, zh pinyin (%s)" % ", ".join(pinyin), len(count("zh")), real_zh_load, *summary(real_py)))
    lines.append(row % ("handbook, en typos (%s)" % ", ".join(typos), len(count("en")), real_en_load, *summary(real_typo)))
    lines.append(row % ("synthetic zh (same queries)", args.records, big_load, *summary(big)))
    met = lambda ok: "met" if ok else "**not met**"
    handbook_p95 = max(summary(real_zh)[1], summary(real_en)[1], summary(real_py)[1], summary(real_typo)[1])
    lines += ["", "Targets: under 5 ms on the handbook, under 16 ms (one frame) at 50,000 records.",
              "Status: handbook %s (worst p95 %.2f ms); 50,000 records %s (median %.2f ms, p95 %.2f ms)."
              % (met(handbook_p95 < 5), handbook_p95, met(summary(big)[1] < 16), *summary(big)[:2]), "",
              "## Index size", "", "| language | raw bytes | gzip bytes |", "|---|---:|---:|"]
    for language, raw, packed in index_sizes(site):
        lines.append(f"| {language} | {raw:,} | {packed:,} |")
    lines.append(f"| synthetic zh ({args.records:,} records) | {big_size:,} | |")
    if rows:
        truth = sum(r[1] for r in rows)
        ours = sum(r[2] for r in rows)
        pagefind = sum(r[3] for r in rows)
        lines += ["", "## Chinese substring queries: HandbookGen and Pagefind", "",
                  "Queries are substrings of rule titles, half from the title's start and half starting mid-word. "
                  "Ground truth: the Chinese chapter pages whose `<main>` text contains the query. "
                  f"Pagefind (pagefind-bin-extended, indexing `<main>` only) took {pagefind_seconds:.1f} s to index.", "",
                  "| query | pages containing it | HandbookGen finds | Pagefind finds | HandbookGen extra pages |",
                  "|---|---:|---:|---:|---:|"]
        for query, t, o, p, extra in rows:
            lines.append(f"| {query} | {t} | {o} | {p} | {extra} |")
        lines += ["", f"Recall over all queries: HandbookGen {ours}/{truth} ({100 * ours / max(truth, 1):.0f}%), "
                      f"Pagefind {pagefind}/{truth} ({100 * pagefind / max(truth, 1):.0f}%).",
                  "", "Extra pages are pages HandbookGen also returns because a glossary synonym or a Traditional form "
                      "of the query occurs there, which the plain-substring ground truth does not count."]
    report = "\n".join(lines) + "\n"
    pathlib.Path(args.report).write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
