"""Instant search in real headless Chromium, opened from file://."""
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import console_errors, ensure_search, url

# The results on the search page (grouped by page: a group is not a result).
RESULT_ITEMS = '#search-page li[id^="search-result-"]'
RESULT_LINKS = RESULT_ITEMS + " a"


def options(browser):
    return browser.find_elements(By.CSS_SELECTOR, '#search-results [role="option"]')


def type_query(browser, text):
    field = browser.find_element(By.ID, "search-input")
    field.clear()
    field.send_keys(text)
    return field


def test_first_keystroke_of_a_chinese_word_shows_results(site, browser):
    browser.get(url(site, "zh/index.html"))
    field = type_query(browser, "导")
    WebDriverWait(browser, 5).until(lambda d: options(d))
    assert field.get_attribute("aria-expanded") == "true"
    field.send_keys("航")
    WebDriverWait(browser, 5).until(lambda d: "导航" in options(d)[0].text)
    marks = [m.text for m in browser.find_elements(By.CSS_SELECTOR, "#search-results mark")]
    assert "导航" in marks
    assert browser.find_element(By.ID, "search-status").text  # live region announces the count
    assert console_errors(browser) == []


def test_mid_word_and_traditional_queries_find_the_same_pages(site, browser):
    browser.get(url(site, "zh/index.html"))
    ensure_search(browser)
    simplified = browser.execute_script("return HandbookSearch.search('导航')")
    traditional = browser.execute_script("return HandbookSearch.search('導航')")
    assert simplified and simplified == traditional
    assert any("navigation-bar" in u for u in browser.execute_script("return HandbookSearch.search('航栏')"))
    assert browser.execute_script("return HandbookSearch.search('導航欄')")[0].startswith("zh/bars/navigation-bar.html")


def test_english_prefixes_and_cross_language_terms(site, browser):
    browser.get(url(site, "en/index.html"))
    ensure_search(browser)
    assert browser.execute_script("return HandbookSearch.search('nav')")[0] == "en/bars/navigation-bar.html"
    assert browser.execute_script("return HandbookSearch.search('nav ba')")[0] == "en/bars/navigation-bar.html"
    assert browser.execute_script("return HandbookSearch.search('标签栏')")[0] == "en/bars/tab-bar.html"
    browser.get(url(site, "zh/index.html"))
    ensure_search(browser)
    assert browser.execute_script("return HandbookSearch.search('tab bar')")[0] == "zh/bars/tab-bar.html"
    assert browser.execute_script("return HandbookSearch.search('筛选框')")[0] == "zh/controls/pickers.html"


def test_scope_chip_narrows_and_url_state_survives_reload(site, browser):
    browser.get(url(site, "zh/search.html") + "?q=" + urllib.parse.quote("导航"))
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    everything = len(browser.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    browser.find_element(By.CSS_SELECTOR, '#search-page .chip[data-scope="bars"]').click()
    WebDriverWait(browser, 5).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS)) < everything)
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, RESULT_LINKS)]
    assert links and all("/zh/bars/" in link for link in links)
    assert "scope=bars" in browser.current_url
    browser.refresh()
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    assert browser.find_element(By.ID, "search-input").get_attribute("value") == "导航"
    chip = browser.find_element(By.CSS_SELECTOR, '#search-page .chip[data-scope="bars"]')
    assert chip.get_attribute("aria-pressed") == "true"
    assert len(browser.find_elements(By.CSS_SELECTOR, RESULT_ITEMS)) == len(links)


def test_keyboard_opens_a_result_and_escape_clears(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    field = browser.switch_to.active_element
    assert field.get_attribute("id") == "search-input"
    field.send_keys("navigation bar")
    WebDriverWait(browser, 5).until(lambda d: options(d))
    field.send_keys(Keys.ARROW_DOWN)
    active = field.get_attribute("aria-activedescendant")
    assert active and browser.find_element(By.ID, active).get_attribute("aria-selected") == "true"
    target = browser.execute_script(
        "return new URL(document.getElementById(arguments[0]).dataset.href, location.href).href", active)
    field.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda d: d.current_url == target)
    field = type_query(browser, "toolbar")
    WebDriverWait(browser, 5).until(lambda d: options(d))
    field.send_keys(Keys.ESCAPE)
    assert field.get_attribute("value") == ""
    assert not options(browser)
    assert console_errors(browser) == []


def test_combobox_roles(site, browser):
    browser.get(url(site, "en/index.html"))
    field = browser.find_element(By.ID, "search-input")
    assert field.get_attribute("role") == "combobox"
    assert field.get_attribute("aria-controls") == "search-results"
    assert browser.find_element(By.ID, "search-results").get_attribute("role") == "listbox"
    assert browser.find_element(By.ID, "search-status").get_attribute("aria-live") == "polite"


def test_the_list_shows_the_best_matches_and_counts_them_all(site, browser):
    # Of many matches, the field ranks only those that can still reach its list and counts the
    # rest: it must show the first results of the full search and announce their number.
    cases = {"zh": ["的", "可以", "导航栏", "設置", "标签", "视图", "tab bar"],
             "en": ["a", "the", "nav ba", "tab bar", "se", "to the", "标签栏"]}
    for language, queries in cases.items():
        browser.get(url(site, f"{language}/index.html"))
        ensure_search(browser)
        for query in queries:
            shown, status, everything = browser.execute_script("""
                const field = document.getElementById('search-input');
                field.value = arguments[0];
                field.dispatchEvent(new Event('input', {bubbles: true}));
                const root = document.body.dataset.root;
                const shown = [...document.querySelectorAll('#search-results [role="option"]')]
                    .map(o => o.dataset.href.slice(root.length));
                return [shown, document.getElementById('search-status').textContent, HandbookSearch.search(arguments[0])];
            """, query)
            assert len(everything) > 48, query  # enough for the list to be pruned
            assert shown == everything[:12], query
            assert status.split()[0] == str(len(everything)), query


def test_the_guidance_after_ios_12_is_found_in_both_languages(site, browser):
    """Dark Mode, widgets and the Dynamic Island are chapters now, found from either language."""
    for page, query, expected in [("zh/index.html", "深色模式", "/zh/foundations/dark-mode.html"),
                                  ("en/index.html", "Dark Mode", "/en/foundations/dark-mode.html"),
                                  ("zh/index.html", "小组件", "/zh/technologies/widgets.html"),
                                  ("en/index.html", "Dynamic Island", "/en/technologies/live-activities.html")]:
        browser.get(url(site, page))
        type_query(browser, query)
        WebDriverWait(browser, 5).until(lambda d: options(d))
        hrefs = browser.execute_script(
            "return [...document.querySelectorAll('#search-results [role=option]')]"
            ".map(o => new URL(o.dataset.href, location.href).pathname)")
        assert any(h.endswith(expected) for h in hrefs[:5]), (query, hrefs[:5])


def test_one_result_is_counted_in_the_singular(site, browser):
    for page, expected in (("en/search.html", "1 result"), ("zh/search.html", "1 个结果")):
        browser.get(url(site, "en/index.html"))
        ensure_search(browser)
        # A query that finds exactly one thing: an id of one rule.
        query = browser.execute_script("""
            for (const q of ['views.table-views.multiple-selection-delete', 'multiple-selection-delete', 'iAd', 'Cancel ads'])
                if (HandbookSearch.search(q).length === 1) return q;
            return null;""")
        assert query, "no query with a single result"
        browser.get(url(site, page) + "?q=" + urllib.parse.quote(query))
        WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page .search-count"))
        count = browser.find_element(By.CSS_SELECTOR, "#search-page .search-count").text
        assert count == expected, count
        assert browser.find_element(By.ID, "search-status").get_attribute("textContent") == expected


def test_control_k_and_command_k_open_the_search(site, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    for modifier in (Keys.CONTROL, Keys.COMMAND):
        browser.get(url(site, "en/controls/buttons.html"))
        # Even from another field.
        browser.find_element(By.ID, "nav-filter").click()
        ActionChains(browser).key_down(modifier).send_keys("k").key_up(modifier).perform()
        assert browser.switch_to.active_element.get_attribute("id") == "search-input", modifier
    browser.switch_to.active_element.send_keys("toolbar")
    WebDriverWait(browser, 5).until(lambda d: options(d))


def test_the_search_page_keeps_its_query_across_the_language_switch(site, browser):
    browser.get(url(site, "en/search.html") + "?q=" + urllib.parse.quote("tab bar"))
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    browser.find_element(By.CSS_SELECTOR, "a.language-switch").click()
    WebDriverWait(browser, 10).until(lambda d: "/zh/search.html" in d.current_url)
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    assert browser.find_element(By.ID, "search-input").get_attribute("value") == "tab bar"
    assert "q=tab" in browser.current_url


def test_the_shared_matching_cases_hold_in_the_browser(site, browser):
    """search.js matches as the Swift tools do, case by case (Tests/shared/search-matching.json,
    also checked against SearchNormalizer): Traditional forms, accents, full-width letters, word
    starts, CJK Extension B read as a word."""
    import json
    import pathlib
    cases = json.loads((pathlib.Path(__file__).parents[1] / "shared/search-matching.json").read_text(encoding="utf-8"))["matches"]
    browser.get(url(site, "zh/index.html"))
    ensure_search(browser)
    answers = browser.execute_script(
        "return arguments[0].map(function (c) { return window.HandbookSearch.matches(c.query, c.text); });", cases)
    wrong = [(case["query"], case["text"], case["note"]) for case, answer in zip(cases, answers) if answer != case["matches"]]
    assert not wrong, wrong
