#!/usr/bin/env python3
"""Search measurements: keystroke time in headless Chromium, index sizes, and recall side by
side with Pagefind on Chinese substring queries. Writes a Markdown report.

    python3 benchmarks/search/bench.py [--site DIR] [--report docs/search-benchmarks.md] [--large 1000,5000]

Without --site it builds the handbook with .build/debug/HandbookGen. Needs chromium,
chromium-driver, selenium and, for the comparison, `pip install pagefind-bin-extended`.
With --large it also builds the synthetic and the copied real handbook at those numbers of
chapters per language (their index is chunked) and measures the first result of a query on a
fresh page and the bytes it loads, beside Pagefind on the same site and queries.
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
sys.path.insert(0, str(ROOT / "benchmarks"))
from conftest import ensure_search, make_driver  # noqa: E402
import realcopies  # noqa: E402
import synthetic  # noqa: E402

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
    """Keystroke times, and how long the search took to load. A chunked index's chunks that the
    typed prefixes need are loaded first, untimed."""
    driver = make_driver()
    try:
        driver.get((site / page).as_uri())
        driver.set_script_timeout(600)
        load_ms = driver.execute_async_script(LOAD_JS)
        ensure_search(driver)
        prefixes = typed_prefixes(queries)
        for prefix in prefixes:
            driver.execute_async_script("HandbookSearch.whenLoaded(arguments[0], arguments[1])", prefix)
        driver.execute_script(KEYSTROKE_JS, prefixes)  # warm up the JIT
        times = []
        for _ in range(rounds):
            times += driver.execute_script(KEYSTROKE_JS, prefixes)
        return times, load_ms
    finally:
        driver.quit()


# A query on a fresh page, as a reader types it: focus the field (site.js loads the index's head
# and search.js), then the query in one input event; done when every chunk it needs is in and
# the results are rendered.
FIRST_RESULT_JS = """
const query = arguments[0], done = arguments[1];
const field = document.getElementById('search-input');
const start = performance.now();
let first = null;
// The first result shown, from the chunks in so far (results render as chunks arrive).
const observer = new MutationObserver(() => {
  if (!first && document.querySelector('#search-results [role="option"]')) {
    first = {ms: performance.now() - start, chunks: HandbookSearch.loadedChunks()};
    observer.disconnect();
  }
});
observer.observe(document.getElementById('search-results'), {childList: true});
document.addEventListener('handbook-search-ready', () => {
  field.value = query;
  field.dispatchEvent(new Event('input', {bubbles: true}));
  HandbookSearch.whenLoaded(query, () => done({
    ms: performance.now() - start,
    chunks: HandbookSearch.loadedChunks(),
    shown: document.querySelectorAll('#search-results [role="option"]').length,
    first: first,
    total: HandbookSearch.count(query)}));
});
field.focus();
"""

LINK = 1.25e6  # 10 Mbit/s in bytes per second


def gzip_size(path: pathlib.Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


def first_result(site: pathlib.Path, language: str, query: str):
    """Local time to the results on a fresh page from file://, and the files it loaded."""
    driver = make_driver()
    try:
        driver.get((site / language / "index.html").as_uri())
        driver.set_script_timeout(600)
        found = driver.execute_async_script(FIRST_RESULT_JS, query)
    finally:
        driver.quit()
    def weigh(chunks):
        files = [site / language / "search-index.js", site / "assets/search.js"]
        files += [site / language / "search-index" / f"{name}.js" for name in chunks]
        return sum(f.stat().st_size for f in files), sum(gzip_size(f) for f in files)
    raw, packed = weigh(found["chunks"])
    first = found["first"] or {"ms": found["ms"], "chunks": found["chunks"]}
    found["first_ms"], (_, found["first_packed"]) = first["ms"], weigh(first["chunks"])
    return found, raw, packed


def pagefind_first_result(site: pathlib.Path, language: str, queries):
    """Pagefind on the same site (indexed once, served over HTTP from this machine): for each
    query on a fresh page, the time to its first result's data and the bytes of the Pagefind
    files the server sent (its index files are compressed already; counted by the server, as
    Pagefind fetches some of them from a worker)."""
    server = serve(site)
    rows = []
    try:
        for query in queries:
            driver = make_driver()
            try:
                driver.get(f"http://127.0.0.1:{server.server_port}/{language}/index.html")
                driver.set_script_timeout(600)
                QuietHandler.served.clear()
                rows.append(driver.execute_async_script("""
                    const query = arguments[0], done = arguments[1];
                    const start = performance.now();
                    import('/pagefind/pagefind.js').then(async pf => {
                      await pf.init();
                      const search = await pf.search(query);
                      const first = search.results.length ? await search.results[0].data() : null;
                      const ms = performance.now() - start;
                      const bytes = performance.getEntriesByType('resource').filter(e => e.name.includes('/pagefind/'))
                        .reduce((sum, e) => sum + e.encodedBodySize, 0);
                      done({ms: ms, bytes: bytes, results: search.results.length, first: first && first.url});
                    });
                """, query))
                rows[-1]["bytes"] = QuietHandler.served.get("pagefind", 0)
            finally:
                driver.quit()
    finally:
        server.shutdown()
    return rows


def pagefind_available() -> bool:
    return subprocess.run([sys.executable, "-m", "pagefind_bin_extended", "--version"], capture_output=True).returncode == 0


def build_large(kind: str, chapters: int, work: pathlib.Path) -> pathlib.Path:
    content = (synthetic.generate if kind == "synthetic" else realcopies.generate)(chapters, work / f"{kind}-{chapters}-content")
    site = work / f"{kind}-{chapters}"
    subprocess.run([str(ROOT / ".build/debug/HandbookGen"), "build", "--content", str(content), "--templates",
                    str(ROOT / "templates"), "--output", str(site), "--no-baseline"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    shutil.rmtree(content)
    return site


def index_files(site: pathlib.Path, language: str):
    files = [site / language / "search-index.js"] + sorted((site / language / "search-index").glob("*.js"))
    return [f for f in files if f.exists()]


KEYSTROKE_QUERIES = {"zh": ["导航栏", "标签栏", "警告框", "按钮标题", "触感反馈", "撤销"],
                     "en": ["navigation bar", "tab", "alert", "button title", "haptic feedback", "undo"]}
LARGE_QUERIES = {"zh": ["导航栏", "警告框", "撤销", "触感反馈"], "en": ["navigation bar", "alert", "undo", "haptic feedback"]}


def large_rows(sizes, pagefind: bool):
    """First result and bytes at each size, synthetic and real-copied, both languages."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="search-large-"))
    rows, pagefind_rows, sites, typing = [], [], [], []
    try:
        for chapters in sizes:
            for kind in ("synthetic", "real, copied"):
                site = build_large("synthetic" if kind == "synthetic" else "real", chapters, work)
                for language in ("zh", "en"):
                    files = index_files(site, language)
                    whole_raw = sum(f.stat().st_size for f in files)
                    whole_packed = sum(gzip_size(f) for f in files)
                    chunk_count = len([f for f in files if f.parent.name == "search-index" and f.stem != "titles"])
                    head_packed = gzip_size(site / language / "search-index.js")
                    for query in LARGE_QUERIES[language]:
                        found, raw, packed = first_result(site, language, query)
                        loaded = len([c for c in found["chunks"] if c != "titles"])
                        rows.append((chapters, kind, language, query, chunk_count, loaded, raw, packed, found["ms"],
                                     found["ms"] + 1000 * packed / LINK, whole_packed, head_packed,
                                     found["total"], found["first_ms"] + 1000 * found["first_packed"] / LINK))
                        print(rows[-1], file=sys.stderr)
                    if kind == "synthetic" and chapters == max(sizes):
                        records = json.loads((site / language / "search-index.js").read_text(encoding="utf-8")
                                             .split("=", 1)[1].rstrip().rstrip(";"))["total"]
                        times, _ = keystrokes(site, f"{language}/index.html", KEYSTROKE_QUERIES[language], rounds=3)
                        typing.append((chapters, language, records, *summary(times)))
                        print(typing[-1], file=sys.stderr)
                    if pagefind:
                        subprocess.run([sys.executable, "-m", "pagefind_bin_extended", "--site", str(site)], check=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        for query, found in zip(LARGE_QUERIES[language], pagefind_first_result(site, language, LARGE_QUERIES[language])):
                            pagefind_rows.append((chapters, kind, language, query, found["ms"], found["bytes"],
                                                  found["ms"] + 1000 * found["bytes"] / LINK, found["results"]))
                            print(pagefind_rows[-1], file=sys.stderr)
                sites.append(site)
                shutil.rmtree(site)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows, pagefind_rows, typing


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
    titles = [r[2] for r in index["records"] if r[0][0] == "r" and len(HAN.findall(r[2])) >= 6]
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
    served = {}  # bytes of the files served, by the first folder of their path

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = pathlib.Path(self.translate_path(self.path))
        if path.is_file():
            folder = self.path.lstrip("/").split("/", 1)[0]
            QuietHandler.served[folder] = QuietHandler.served.get(folder, 0) + path.stat().st_size
        super().do_GET()


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


def version2(data: bytes) -> bytes:
    """The same index in the shape before chunking (version 2): no `section` in the records,
    no `editions`, escaped as the generator escapes."""
    text = data.decode("utf-8")
    index = json.loads(text[text.index("=") + 1: text.rstrip().rindex(";")])
    index["version"] = 2
    index.pop("editions", None)
    index["records"] = [r[:8] + r[9:] for r in index["records"]]
    payload = json.dumps(index, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        payload = payload.replace(char, escaped)
    return ("window.HANDBOOK_SEARCH_INDEX = " + payload + ";\n").encode("utf-8")


def index_sizes(site: pathlib.Path):
    rows = []
    for language in ("zh", "en"):
        data = (site / language / "search-index.js").read_bytes()
        before = version2(data)
        rows.append((language, len(data), len(gzip.compress(data, 9)), len(before), len(gzip.compress(before, 9))))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site")
    parser.add_argument("--report", default=str(ROOT / "docs/search-benchmarks.md"))
    parser.add_argument("--records", type=int, default=50000)
    parser.add_argument("--large", default="", help="chapters per language, comma separated (e.g. 1000,5000)")
    parser.add_argument("--before", help="a site built before the index was chunked, for its index sizes")
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

    large, large_pagefind, large_typing = large_rows([int(n) for n in args.large.split(",") if n], pagefind_available()) \
        if args.large else ([], [], [])

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
              "## Index size", "",
              "The handbook's index stays one file (its records take about 1 MB a language, under the 1.5 MB "
              "threshold). Before: the same index in the version 2 shape (no `section`, no `editions`), "
              "made from this build's index by the script.", "",
              "| language | raw bytes | gzip bytes | before, raw | before, gzip | gzip change |", "|---|---:|---:|---:|---:|---:|"]
    for language, raw, packed, before_raw, before_packed in index_sizes(site):
        lines.append(f"| {language} | {raw:,} | {packed:,} | {before_raw:,} | {before_packed:,} | "
                     f"{100 * (packed - before_packed) / before_packed:+.1f}% |")
    lines.append(f"| synthetic zh ({args.records:,} records) | {big_size:,} | | | | |")
    if large:
        lines += ["", "## Large handbooks: first result and bytes loaded", "",
                  "Built with this commit's generator (debug build) from `benchmarks/synthetic.py` (thirty words, "
                  "so most records hold every query word) and `benchmarks/realcopies.py` (the real handbook "
                  "copied). Each query on a fresh page from file://: focus the field (site.js loads the head and "
                  "search.js), the query in one input event, until every file it needs (its term shards, the record "
                  "chunks of the twelve results shown) is loaded and the dropdown's "
                  "results are rendered (local ms). Bytes: the head, search.js and the files the query loaded, raw "
                  "and gzip (level 6, as a server would send them). 10 Mbit/s: the local time plus the gzip bytes at "
                  "1.25 MB/s (computed, not throttled; the bytes are counted as if fetched one after another, "
                  "which is what a link of that speed allows). Whole index: the head and every file under "
                  "`search-index/` (record chunks, term shards, words, titles), gzip. Results: every match, counted "
                  "from the shards (the dropdown shows twelve).", "",
                  "| chapters per language | corpus | language | query | results | files loaded / all | raw bytes | gzip bytes | local ms | all results at 10 Mbit/s, ms | first result at 10 Mbit/s, ms | whole index gzip | head gzip |",
                  "|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for (chapters, kind, language, query, chunk_count, loaded, raw, packed, ms, link_ms, whole, head, results, first_ms) in large:
            lines.append(f"| {chapters:,} | {kind} | {language} | {query} | {results:,} | {loaded} / {chunk_count} | {raw:,} | "
                         f"{packed:,} | {ms:.0f} | {link_ms:.0f} | {first_ms:.0f} | {whole:,} | {head:,} |")
        largest = [r for r in large if r[0] == max(r[0] for r in large)]
        lines += ["", "Target: the first result at %s chapters per language within a second at 10 Mbit/s. First result: "
                      "met for %d of %d queries; all results (every file the query needs): within a second for %d of %d."
                  % (f"{largest[0][0]:,}", sum(r[13] <= 1000 for r in largest), len(largest),
                     sum(r[9] <= 1000 for r in largest), len(largest))]
        lines += ["", "First result: the first time the dropdown shows a result, from the chunks loaded by then (results "
                      "render as files arrive, at most every 150 ms); its 10 Mbit/s time is that "
                      "local time plus the gzip bytes of the head, search.js and the files loaded by then. All results: "
                      "every file the query needs is in, and the list and its counts are final."]
        if large_typing:
            lines += ["", "Keystrokes on the chunked synthetic index (the same queries as above, typed three times over "
                          "after a warm-up; every file the prefixes need loaded first):", "",
                      "| chapters per language | language | records | median ms | p95 ms | max ms |", "|---:|---|---:|---:|---:|---:|"]
            for chapters, language, records, median, p95, most in large_typing:
                lines.append(f"| {chapters:,} | {language} | {records:,} | {median:.2f} | {p95:.2f} | {most:.2f} |")
        if large_pagefind:
            lines += ["", "Pagefind (pagefind-bin-extended, default settings, whole pages) on the same sites and queries, "
                          "served over HTTP from this machine (Pagefind needs fetch; it cannot run from file://): from "
                          "importing pagefind.js to the first result's data, and the bytes of every Pagefind file the "
                          "page fetched (its index files are compressed already); 10 Mbit/s computed the same way.", "",
                      "| chapters per language | corpus | language | query | results (pages) | bytes | local ms | at 10 Mbit/s ms |",
                      "|---:|---|---|---|---:|---:|---:|---:|"]
            for (chapters, kind, language, query, ms, fetched, link_ms, results) in large_pagefind:
                lines.append(f"| {chapters:,} | {kind} | {language} | {query} | {results} | {fetched:,} | {ms:.0f} | {link_ms:.0f} |")
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
