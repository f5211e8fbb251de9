"""Search that forgives: pinyin for Chinese titles and terms, typos in English words with a
"did you mean" line, and the query set's expected first results (search-queries.json)."""
import json
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import console_errors, ensure_search, url

QUERIES = json.loads((pathlib.Path(__file__).parent / "search-queries.json").read_text(encoding="utf-8"))


def options(browser):
    return browser.find_elements(By.CSS_SELECTOR, '#search-results [role="option"]')


def type_query(browser, text):
    field = browser.find_element(By.ID, "search-input")
    field.clear()
    field.send_keys(text)
    return field


def first_results(browser, query, count=3):
    return browser.execute_script("return HandbookSearch.search(arguments[0]).slice(0, arguments[1])", query, count)


@pytest.mark.parametrize("query", ["dhl", "daohanglan", "dao hang lan", "DaoHangLan", "dǎo háng lán"])
def test_pinyin_full_and_initials_find_the_navigation_bar_first(site, browser, query):
    browser.get(url(site, "zh/index.html"))
    ensure_search(browser)
    assert first_results(browser, query)[0] == "zh/bars/navigation-bar.html", query


def test_pinyin_reads_the_glossary_and_highlights_the_chinese(site, browser):
    browser.get(url(site, "zh/index.html"))
    field = type_query(browser, "dhl")
    WebDriverWait(browser, 5).until(lambda d: options(d))
    first = options(browser)[0]
    assert first.get_attribute("data-href").endswith("zh/bars/navigation-bar.html")
    assert "导航栏" in [m.text for m in first.find_elements(By.TAG_NAME, "mark")]
    # Two syllables typed in full find the chapter named by them, then the longer titles.
    ensure_search(browser)
    assert first_results(browser, "dao hang")[:2] == ["zh/foundations/navigation.html", "zh/bars/navigation-bar.html"]
    # A glossary term is found by its pinyin too.
    assert "zh/glossary.html#term-navigation-bar" in first_results(browser, "dhl", 5)
    assert field.get_attribute("aria-expanded") == "true"
    assert console_errors(browser) == []


def test_pinyin_is_not_read_on_the_english_site(site, browser):
    browser.get(url(site, "en/index.html"))
    ensure_search(browser)
    assert first_results(browser, "dhl") == []


def test_query_set_first_results(site, browser):
    """Every query of search-queries.json has its expected first result."""
    failures = []
    for language in ("zh", "en"):
        browser.get(url(site, f"{language}/index.html"))
        ensure_search(browser)
        for case in (c for c in QUERIES if c["language"] == language):
            got = first_results(browser, case["query"], 1)
            if got[:1] != [case["first"]]:
                failures.append((language, case["query"], case["first"], got[:1]))
    assert failures == []
    assert len(QUERIES) >= 20


@pytest.mark.parametrize("language,query,correction,expected", [
    ("en", "navigaton", "navigation", "en/bars/navigation-bar.html"),
    ("en", "alrt", "alert", "en/views/alerts.html"),
    ("zh", "navigaton", "navigation", "zh/bars/navigation-bar.html"),
    ("zh", "alrt", "alert", "zh/views/alerts.html"),
])
def test_a_typo_finds_the_page_with_a_did_you_mean_line(site, browser, language, query, correction, expected):
    browser.get(url(site, f"{language}/index.html"))
    type_query(browser, query)
    WebDriverWait(browser, 5).until(lambda d: options(d))
    hrefs = [o.get_attribute("data-href") for o in options(browser)[:3]]
    assert any(h.endswith(expected) for h in hrefs), hrefs
    line = browser.find_element(By.CSS_SELECTOR, "#search-panel .did-you-mean")
    assert correction in line.text
    assert ("Did you mean" if language == "en" else "你是不是要找") in line.text
    assert correction in browser.find_element(By.ID, "search-status").text
    assert console_errors(browser) == []


def test_the_did_you_mean_button_searches_for_the_correction(site, browser):
    browser.get(url(site, "en/search.html") + "?q=navigaton")
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page .did-you-mean button"))
    browser.find_element(By.CSS_SELECTOR, "#search-page .did-you-mean button").click()
    WebDriverWait(browser, 5).until(lambda d: "q=navigation" in d.current_url)
    assert browser.find_element(By.ID, "search-input").get_attribute("value") == "navigation"
    assert not browser.find_elements(By.CSS_SELECTOR, "#search-page .did-you-mean")


def test_no_did_you_mean_when_the_query_finds_something(site, browser):
    browser.get(url(site, "en/index.html"))
    ensure_search(browser)
    for query in ("alert", "aler", "navigation bar", "xyzzyq"):
        assert browser.execute_script("return HandbookSearch.suggestion(arguments[0])", query) == "", query
    # Short words are not corrected.
    assert browser.execute_script("return [HandbookSearch.search('btn'), HandbookSearch.suggestion('btn')]") == [[], ""]
