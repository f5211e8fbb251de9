"""The search page's facets: every chip counts what it would give for the query as it is typed,
OR within a group and AND across groups, all of it in the URL; legacy and deprecated rules show
only when asked for."""
import re
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import console_errors, url


def results(browser):
    return [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"] a')]


def chip(browser, group, value):
    return browser.find_element(By.CSS_SELECTOR, f'#search-page .chip[data-facet="{group}"][data-scope="{value}"]')


def count(browser, group, value):
    text = chip(browser, group, value).find_element(By.CSS_SELECTOR, ".count").text.strip()
    return int(text) if text else None


def total(browser):
    text = browser.find_element(By.CSS_SELECTOR, "#search-page .search-count").text
    numbers = re.findall(r"\d+", text)
    return int(numbers[0]) if numbers else 0


def open_search(browser, site, query, **facets):
    params = {"q": query, **facets}
    browser.get(url(site, "en/search.html") + "?" + urllib.parse.urlencode(params))
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page .facets"))


def test_chip_counts_follow_the_query_and_match_the_results(site, browser):
    console_errors(browser)  # what earlier tests left in the browser's log
    open_search(browser, site, "bar")
    field = browser.find_element(By.ID, "search-input")
    WebDriverWait(browser, 5).until(lambda d: count(d, "part", "bars"))
    before = {value: count(browser, "part", value) for value in ("bars", "controls", "views")}
    field.send_keys(" tab")
    WebDriverWait(browser, 5).until(lambda d: count(d, "part", "bars") < before["bars"])
    assert all(count(browser, "part", value) <= before[value] for value in before)
    parts = [c for c in browser.find_elements(By.CSS_SELECTOR, '#search-page .chip[data-facet="part"]')]
    by_part = sum(int(c.find_element(By.CSS_SELECTOR, ".count").text or 0) for c in parts)
    terms = count(browser, "type", "terms")
    assert by_part + terms == total(browser)  # every result is in one part, or a glossary term
    # A chip's count is what clicking it gives.
    expected = count(browser, "part", "bars")
    chip(browser, "part", "bars").click()
    WebDriverWait(browser, 5).until(lambda d: total(d) == expected)
    assert all("/en/bars/" in link for link in results(browser)[:50])
    # AND across groups: the rules among them; the count on the rules chip said how many.
    expected = count(browser, "type", "rules")
    chip(browser, "type", "rules").click()
    WebDriverWait(browser, 5).until(lambda d: total(d) == expected)
    assert console_errors(browser) == []


def test_every_facet_round_trips_through_the_url(site, browser):
    open_search(browser, site, "button")
    chip(browser, "part", "controls").click()
    chip(browser, "type", "rules").click()
    chip(browser, "advice", "avoid").click()
    chip(browser, "status", "legacy").click()
    WebDriverWait(browser, 5).until(lambda d: "advice=avoid" in d.current_url)
    address = browser.current_url
    query = urllib.parse.parse_qs(urllib.parse.urlparse(address).query)
    assert query["scope"] == ["controls,rules"] and query["advice"] == ["avoid"]
    assert query["status"] == ["current,legacy"]
    shown = total(browser)
    browser.get(address)
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page .facets"))
    for group, value in [("part", "controls"), ("type", "rules"), ("advice", "avoid"), ("status", "legacy"),
                         ("status", "current")]:
        assert chip(browser, group, value).get_attribute("aria-pressed") == "true", (group, value)
    assert chip(browser, "advice", "do").get_attribute("aria-pressed") == "false"
    WebDriverWait(browser, 5).until(lambda d: total(d) == shown)
    kinds = {li.find_element(By.CSS_SELECTOR, ".kind").text for li in
             browser.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"]')}
    assert {k.lower() for k in kinds} == {"rules"}


def test_legacy_rules_show_only_when_asked_for(site, browser):
    # "network activity indicator": the rules about it are legacy.
    open_search(browser, site, "network activity indicator")
    WebDriverWait(browser, 5).until(lambda d: count(d, "status", "legacy"))
    legacy = count(browser, "status", "legacy")
    assert legacy >= 2
    shown = results(browser)
    assert not any("show-network-activity" in link or "network-indicator-long-only" in link for link in shown)
    chip(browser, "status", "legacy").click()
    WebDriverWait(browser, 5).until(lambda d: any("network-indicator-long-only" in link for link in results(d)))
    assert "status=current%2Clegacy" in browser.current_url or "status=current,legacy" in browser.current_url


def test_results_are_grouped_by_page_with_the_chapters_path(site, browser):
    open_search(browser, site, "back button")
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page .result-group"))
    groups = browser.find_elements(By.CSS_SELECTOR, "#search-page .result-group")
    pages = []
    for group in groups:
        # A glossary term is a group of its own; other results group by their page.
        links = [href if "/glossary.html" in href else href.split("#")[0]
                 for href in (a.get_attribute("href") for a in group.find_elements(By.CSS_SELECTOR, "a"))]
        assert len(set(links)) == 1  # one page per group
        pages.append(links[0])
        titles = group.find_elements(By.CSS_SELECTOR, ".group-title")
        kinds = [k.text.lower() for k in group.find_elements(By.CSS_SELECTOR, ".kind")]
        if "chapters" in kinds or "chapter" in kinds:
            assert kinds[0].startswith("chapter") and not titles  # the chapter leads its group
        elif len(kinds) > 1:
            assert " › " in titles[0].text  # the group's path, over its results
    assert len(pages) == len(set(pages))  # each page once
    # Every result is shown once, and the count says how many there are.
    assert len(results(browser)) == min(total(browser), 200)


def test_a_rule_shows_its_section_path(site, browser):
    """A rule's record carries its section: the search page shows "Chapter › Section" under the
    group's path, or "Part › Chapter › Section" when it has none."""
    import json
    text = (site / "en/search-index.js").read_text(encoding="utf-8")
    records = json.loads(text[text.index("=") + 1:text.rstrip().rindex(";")])["records"]
    rule = next(r for r in records if r[0][0] == "r" and r[8] and len(r[0]) == 2)
    open_search(browser, site, rule[2])
    WebDriverWait(browser, 5).until(lambda d: results(d))
    item = next(li for li in browser.find_elements(By.CSS_SELECTOR, '#search-page li[id^="search-result-"]')
                if li.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith(rule[5].split("/", 1)[1]))
    context = item.find_element(By.CSS_SELECTOR, ".context:not(.snippet)").text
    part, chapter = rule[4].split(" · ")
    assert context in (f"{chapter} › {rule[8]}", f"{part} › {chapter} › {rule[8]}")
