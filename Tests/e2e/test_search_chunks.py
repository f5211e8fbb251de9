"""A large handbook's search index is split into files that a query loads on demand (script
tags, from file://): on a synthetic handbook of 1,000 chapters per language, a query loads the
term shard of what it typed and the record chunks of the results it shows, and still finds
exactly the records that hold it, with chip counts that match them, a common word included."""
import json
import pathlib
import re
import subprocess
import sys
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, console_errors, make_driver, url

sys.path.insert(0, str(REPO / "benchmarks"))
import synthetic  # noqa: E402

CHAPTERS = 1000
# A word no synthetic chapter has, planted in three chapters of three parts: in the
# introduction (the chapter's record) and at the end (its last section's record).
PLANTED = {"zh": "斑马线", "en": "zebracrossing"}
PLANTED_IN = (7, 480, 993)


@pytest.fixture(scope="module")
def large_site(tmp_path_factory, binary):
    work = tmp_path_factory.mktemp("chunks")
    content = synthetic.generate(CHAPTERS, work / "content")
    for language, word in PLANTED.items():
        for index in PLANTED_IN:
            part = synthetic.PARTS[index % len(synthetic.PARTS)]
            path = content / language / part / f"chapter-{index:05d}.md"
            text = path.read_text(encoding="utf-8")
            head, body = text.split("\n---\n\n", 1)
            path.write_text(f"{head}\n---\n\n{word} {body}\n{word}\n", encoding="utf-8")
    site = work / "site"
    subprocess.run([binary, "build", "--content", str(content), "--templates", str(REPO / "templates"),
                    "--output", str(site), "--no-baseline"], check=True, capture_output=True, timeout=600)
    return site


def chunk_rows(site, language):
    """Every chunk's records, by chunk number."""
    rows = {}
    for path in (site / language / "search-index").glob("*.js"):
        if not path.stem.isdigit():
            continue
        text = path.read_text(encoding="utf-8")
        prefix = f"window.HANDBOOK_SEARCH_CHUNK({path.stem},"
        assert text.startswith(prefix) and text.endswith(");\n")
        rows[int(path.stem)] = json.loads(text[len(prefix):-3])
    return rows


def head_of(site, language):
    text = (site / language / "search-index.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("=") + 1:text.rstrip().rindex(";")])


def loaded_files(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('script[data-search-chunk]')).map(s => s.getAttribute('data-search-chunk'))")


def chip_counts(driver):
    """The search page's chips: facet:value → the count shown (None without one)."""
    return driver.execute_script("""
        const out = {};
        document.querySelectorAll('#search-page .chip[data-facet]').forEach(chip => {
          const n = chip.querySelector('.count').textContent.trim();
          out[chip.dataset.facet + ':' + chip.dataset.scope] = n ? Number(n) : null;
        });
        return out;""")


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_query_loads_only_the_chunks_it_needs_and_finds_every_match(large_site, language):
    word = PLANTED[language]
    rows = chunk_rows(large_site, language)
    assert len(rows) > 40  # the index is chunked
    head = (large_site / language / "search-index.js").read_text(encoding="utf-8")
    assert len(head) < 200_000
    # Ground truth from the chunks themselves: the records whose title, text or context hold the word.
    holding = {n for n, records in rows.items() if any(word in (r[2] + r[3] + r[4]).lower() for r in records)}
    expected = [r for n in sorted(rows) for r in rows[n] if word in (r[2] + r[3] + r[4]).lower()]
    assert len(expected) == 2 * len(PLANTED_IN)
    assert 2 <= len(holding) <= len(PLANTED_IN)
    driver = make_driver()
    try:
        driver.get(url(large_site, f"{language}/search.html") + "?" + urllib.parse.urlencode({"q": word}))
        WebDriverWait(driver, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"]')) == len(expected))
        driver.set_script_timeout(20)
        driver.execute_async_script("HandbookSearch.whenLoaded(arguments[0], arguments[1])", word)
        loaded = loaded_files(driver)
        # The shard of the word's key, and the chunks holding its records (all shown): no other.
        key = word[:2] if language == "en" else word[0]
        assert sorted(n for n in loaded if not n.isdigit()) == [f"t{head_of(large_site, language)['directory'][key]}"]
        assert sorted(int(n) for n in loaded if n.isdigit()) == sorted(holding)
        loaded_bytes = sum((large_site / language / "search-index" / f"{n}.js").stat().st_size for n in loaded)
        all_bytes = sum(p.stat().st_size for p in (large_site / language / "search-index").glob("*.js"))
        assert loaded_bytes < all_bytes / 10
        found = [a.get_attribute("href").split(f"/{language}/", 1)[1]
                 for a in driver.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"] a')]
        assert sorted(found) == sorted(r[5].split("/", 1)[1] for r in expected)
        # The chips count what the query matches: by part and by type.
        counts = chip_counts(driver)
        scopes = json.loads(head[head.index("=") + 1:head.rstrip().rindex(";")])["scopes"]
        for index, (part, _) in enumerate(scopes):
            assert counts[f"part:{part}"] == sum(1 for r in expected if r[1] == index), part
        kinds = {"chapters": "c", "sections": "s", "rules": "r", "terms": "t"}
        for name, letter in kinds.items():
            assert counts[f"type:{name}"] == sum(1 for r in expected if r[0][0] == letter), name
        # A narrower query in the same page loads nothing more and narrows the counts.
        field = driver.find_element(By.ID, "search-input")
        field.clear()
        field.send_keys(word + (" 合成章节 480" if language == "zh" else " chapter 480"))
        WebDriverWait(driver, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"]')) == 2)
        assert console_errors(driver) == []
    finally:
        driver.quit()


# A word in nearly every record: each chapter's title, and the context of its sections and rules.
COMMON = {"zh": "合成章节", "en": "synthetic"}


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_common_word_counts_every_match_and_loads_only_what_it_shows(large_site, language):
    word = COMMON[language]
    rows = chunk_rows(large_site, language)
    holds = (lambda r: word in (r[2] + " " + r[3] + " " + r[4]).lower()) if language == "zh" else \
        (lambda r: re.search(r"(?<![a-z0-9])" + word, (r[2] + " " + r[3] + " " + r[4]).lower()) is not None)
    expected = [r for n in sorted(rows) for r in rows[n] if holds(r)]
    assert len(expected) > 5000
    head = head_of(large_site, language)
    driver = make_driver()
    try:
        driver.get(url(large_site, f"{language}/search.html") + "?" + urllib.parse.urlencode({"q": word}))
        # The search page shows 50 results and counts them all: per part, and in all.
        WebDriverWait(driver, 30).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"]')) == 50)
        driver.set_script_timeout(30)
        driver.execute_async_script("HandbookSearch.whenLoaded(arguments[0], arguments[1])", word)
        counts = chip_counts(driver)
        for index, (part, _) in enumerate(head["scopes"]):
            assert counts[f"part:{part}"] == sum(1 for r in expected if r[1] == index), part
        more = driver.find_element(By.CSS_SELECTOR, "#search-page .more").text
        assert more == f"+{len(expected) - 50}"
        # The first results are the chapters whose title it is, in reading order.
        first = driver.find_element(By.CSS_SELECTOR, '#search-page li[id^="search-result-"] a').get_attribute("href")
        assert first.endswith(expected[0][5].split("/", 1)[1])
        loaded = loaded_files(driver)
        shards = [n for n in loaded if n.startswith("t")]
        key = word[:2] if language == "en" else word[0]
        # zh: the shards of 合成章节's triples' first characters (合 and 成); en: the key sy.
        assert len(shards) <= 2 and f"t{head['directory'][key]}" in shards
        index_folder = large_site / language / "search-index"
        loaded_bytes = sum((index_folder / f"{n}.js").stat().st_size for n in loaded)
        all_bytes = sum(p.stat().st_size for p in index_folder.glob("*.js"))
        # What the 50 results shown need, far from the whole index (most records match).
        assert loaded_bytes < all_bytes / 5, (loaded_bytes, all_bytes)
        # The dropdown of a chapter page: twelve results, at most a chunk each.
        driver.get(url(large_site, f"{language}/index.html"))
        field = driver.find_element(By.ID, "search-input")
        field.send_keys(word)
        WebDriverWait(driver, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#search-results li")) == 12)
        driver.execute_async_script("HandbookSearch.whenLoaded(arguments[0], arguments[1])", word)
        chunks = [n for n in loaded_files(driver) if n.isdigit()]
        assert 1 <= len(chunks) <= 12, chunks
        assert console_errors(driver) == []
    finally:
        driver.quit()
