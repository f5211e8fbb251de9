"""The hostile corpus in a real browser: a site built from content full of markup, handlers and
script-closing strings runs none of it, loads nothing from elsewhere, and its search shows the
hostile strings as text."""
import json
import shutil
import subprocess

import pytest
from selenium.common.exceptions import UnexpectedAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, console_errors, ensure_search, url

PAYLOAD = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory, binary):
    root = tmp_path_factory.mktemp("hostile")
    content = root / "content"
    shutil.copytree(REPO / "Tests/HandbookGenTests/Fixtures/handbook/content", content)
    for language, title in (("en", "title: Toolbar"), ("zh", "title: 工具栏")):
        page = content / language / "bars" / "toolbar.md"
        text = page.read_text(encoding="utf-8")
        text = text.replace(title, f"{title} \\\"'{PAYLOAD}")
        text = text.replace("\nsummary: ", "\nsummary: <iframe src=https://evil.example></iframe> ")
        text = text.replace("Keep items few", f"Keep items few {PAYLOAD}")
        text = text.replace("> Too many items", f"> {PAYLOAD} Too many items")
        text += ("\n<script>alert(3)</script>\n\n<iframe src=\"https://evil.example/frame\"></iframe>\n\n"
                 "Inline <img src=x onerror=alert(4)> and <a href=\"#\" onclick=\"alert(5)\">a handler</a>"
                 " and <svg onload=alert(6)>.\n")
        page.write_text(text, encoding="utf-8")
    glossary = content / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace("  en: toolbar", f"  en: toolbar {PAYLOAD}", 1),
                        encoding="utf-8")
    site = root / "site"
    result = subprocess.run([binary, "build", "--content", str(content), "--templates", str(REPO / "templates"),
                             "--output", str(site), "--no-baseline"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning: raw HTML is not rendered" in result.stdout + result.stderr
    return site


def assert_nothing_ran(browser, page):
    try:
        dialogs = browser.execute_script("return window.__dialogs || 0")
    except UnexpectedAlertPresentException:
        pytest.fail(f"{page}: a dialog opened: content ran as script")
    assert dialogs == 0, page
    assert browser.execute_script("return document.querySelectorAll('iframe, img, svg, object, embed').length") == 0, page
    handlers = browser.execute_script("""
        return Array.prototype.filter.call(document.querySelectorAll('*'), function (el) {
            return Array.prototype.some.call(el.attributes, function (a) { return /^on/i.test(a.name); });
        }).length""")
    assert handlers == 0, page
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    assert all(name.startswith("file://") for name in resources), resources
    assert console_errors(browser) == [], page


def test_no_page_of_the_hostile_site_runs_content(hostile_site, browser):
    pages = sorted(p for p in hostile_site.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        browser.get(page.as_uri())
        assert_nothing_ran(browser, page.relative_to(hostile_site))
    browser.get(url(hostile_site, "en/bars/toolbar.html"))
    assert PAYLOAD in browser.find_element(By.TAG_NAME, "h1").text
    assert PAYLOAD in browser.find_element(By.CSS_SELECTOR, "section.rule h3, section.rule h4").text


@pytest.mark.parametrize("language,query", [("en", "alert"), ("en", "onerror"), ("zh", "script"), ("en", "toolbar")])
def test_search_shows_hostile_strings_as_text(hostile_site, browser, language, query):
    browser.get(url(hostile_site, f"{language}/index.html"))
    ensure_search(browser)
    field = browser.find_element(By.ID, "search-input")
    field.send_keys(query)
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#search-results [role="option"]'))
    shown = " ".join(o.text for o in browser.find_elements(By.CSS_SELECTOR, '#search-results [role="option"]'))
    assert "<script>" in shown or "<img" in shown or "onerror" in shown
    assert_nothing_ran(browser, f"search {query}")
    # The full results page too.
    browser.get(url(hostile_site, f"{language}/search.html") + "?q=" + query)
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page li"))
    assert_nothing_ran(browser, f"search page {query}")


def test_hostile_rules_json_is_valid_and_carries_text(hostile_site):
    import jsonschema
    catalog = json.loads((hostile_site / "rules.json").read_text(encoding="utf-8"))
    schema = json.loads((hostile_site / "rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(catalog)
    rule = next(r for r in catalog["rules"] if r["id"] == "bars.toolbar.few-items")
    assert PAYLOAD in rule["title"]["en"] and PAYLOAD in rule["text"]["en"]


def test_the_detector_notices_a_dialog_and_a_planted_element(hostile_site, browser):
    """The checks above can fail: a dialog or an injected element is caught."""
    browser.get(url(hostile_site, "en/index.html"))
    browser.execute_script("setTimeout(function () { alert('probe'); }, 0)")
    import time
    time.sleep(0.3)
    with pytest.raises(pytest.fail.Exception):
        assert_nothing_ran(browser, "probe")
    browser.get(url(hostile_site, "en/index.html"))
    browser.execute_script("document.body.appendChild(document.createElement('img'))")
    with pytest.raises(AssertionError):
        assert_nothing_ran(browser, "probe")
