"""The reading experience in a real browser: accessibility (axe-core), keyboard-only use,
screenshots for people to look at, the sidebar filter, page weight and no outside requests."""
import html.parser
import os
import pathlib
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, console_errors, ensure_search, url

SCREENSHOTS = pathlib.Path(os.environ.get("HANDBOOK_SCREENSHOTS", REPO / ".build" / "screenshots"))

# One page of every kind, in both languages (the root chooser and 404 are language-neutral).
PAGE_KINDS = {
    "root": ["index.html"],
    "not-found": ["404.html"],
    "home": ["zh/index.html", "en/index.html"],
    "part": ["zh/controls/index.html", "en/controls/index.html"],
    "chapter": ["zh/bars/navigation-bar.html", "en/bars/navigation-bar.html"],
    "legacy-chapter": ["zh/technologies/iad.html", "en/technologies/iad.html"],
    "glossary": ["zh/glossary.html", "en/glossary.html"],
    "changelog": ["zh/changelog.html", "en/changelog.html"],
    "search": ["zh/search.html?q=导航", "en/search.html?q=nav"],
}
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def axe_script() -> str:
    """axe-core from selenium-axe-python (4.9): axe-selenium-python's bundled copy dates from
    2018 and has no WCAG 2.1/2.2 rules. axe-selenium-python's Axe runner loads either."""
    import selenium_axe_python
    return str(pathlib.Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js")


def open_page(driver, site, page):
    path, _, query = page.partition("?")
    driver.get(url(site, path) + ("?" + query if query else ""))
    if query:
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.querySelectorAll('#search-page li').length > 0"))


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", sorted(PAGE_KINDS))
def test_no_axe_violations_at_wcag_22_aa(site, browser, kind, scheme):
    from axe_selenium_python import Axe
    set_color_scheme(browser, scheme)
    try:
        for page in PAGE_KINDS[kind]:
            open_page(browser, site, page)
            if browser.execute_script("return document.body.dataset.page") == "root":
                # The root page redirects readers with a language; axe the chooser itself.
                browser.execute_script("window.stop()")
            axe = Axe(browser, script_url=axe_script())
            axe.inject()
            version = browser.execute_script("return axe.version")
            assert tuple(int(x) for x in version.split(".")[:2]) >= (4, 5), version
            results = axe.run(options='{"runOnly": {"type": "tag", "values": %s}}' % str(WCAG_TAGS).replace("'", '"'))
            assert results["violations"] == [] or pytest.fail(f"{page} ({scheme}):\n" + axe.report(results["violations"]))
            assert results["passes"], "axe ran no checks"
    finally:
        set_color_scheme(browser, "light")


def test_open_search_results_have_no_axe_violations(site, browser):
    from axe_selenium_python import Axe
    for scheme in ("light", "dark"):
        set_color_scheme(browser, scheme)
        browser.get(url(site, "zh/controls/buttons.html"))
        ensure_search(browser)
        browser.find_element(By.ID, "search-input").send_keys("按钮")
        WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "search-panel").is_displayed())
        axe = Axe(browser, script_url=axe_script())
        axe.inject()
        results = axe.run(options='{"runOnly": {"type": "tag", "values": %s}}' % str(WCAG_TAGS).replace("'", '"'))
        assert results["violations"] == [] or pytest.fail(axe.report(results["violations"]))
    set_color_scheme(browser, "light")


# Keyboard ---------------------------------------------------------------------------------------

def focused(driver):
    return driver.switch_to.active_element


def focus_is_visible(driver) -> bool:
    """The focused element draws an outline (or a ring) that differs from its unfocused look."""
    return driver.execute_script("""
        const el = document.activeElement;
        if (!el || el === document.body) return false;
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        const ring = style.boxShadow && style.boxShadow !== 'none';
        const rect = el.getBoundingClientRect();
        return (outline || ring) && rect.width > 0 && rect.height > 0;
    """)


def tab_until(driver, predicate, limit=400):
    """Presses Tab until the focused element satisfies `predicate`; every stop must show focus."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        element = focused(driver)
        assert focus_is_visible(driver), f"focus not visible on <{element.tag_name}> {element.get_attribute('outerHTML')[:120]}"
        if predicate(element):
            return element
    pytest.fail("never reached the element with Tab")


def test_keyboard_only_reaches_chapter_rule_search_and_language_switch(site, browser):
    browser.get(url(site, "en/index.html"))
    console_errors(browser)  # drop what earlier tests logged
    # Home → a chapter, with Tab and Enter.
    link = tab_until(browser, lambda e: e.tag_name == "a" and (e.get_attribute("href") or "").endswith("/bars/navigation-bar.html"))
    link.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/en/bars/navigation-bar.html"))
    # The chapter → a rule's permalink.
    rule_link = tab_until(browser, lambda e: e.tag_name == "a" and e.find_element(By.XPATH, "..").get_attribute("class") == "rule-meta")
    rule_link.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda d: "#" in d.current_url)
    rule_id = browser.current_url.split("#")[1]
    assert browser.find_element(By.ID, rule_id).get_attribute("data-rule-id")
    # The copy-permalink button is a real button reachable by Tab.
    copy = tab_until(browser, lambda e: e.tag_name == "button" and "copy-link" in (e.get_attribute("class") or ""))
    assert copy.text
    # The language switch keeps the rule in view.
    switch = tab_until(browser, lambda e: "other-language" in (e.get_attribute("class") or ""))
    switch.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: "/zh/bars/navigation-bar.html" in d.current_url)
    assert browser.current_url.endswith("#" + rule_id)
    # The search from the top of the page: Tab into it, type, choose with the arrow keys, Enter.
    browser.get(url(site, "zh/index.html"))
    field = tab_until(browser, lambda e: e.get_attribute("id") == "search-input")
    field.send_keys("标签栏")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "search-panel").is_displayed())
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: "/zh/bars/tab-bar.html" in d.current_url)
    # The header's language switch, by keyboard.
    browser.get(url(site, "zh/index.html"))
    header_switch = tab_until(browser, lambda e: "language-switch" in (e.get_attribute("class") or ""))
    header_switch.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/en/index.html"))
    assert console_errors(browser) == []


def test_skip_link_is_first_and_moves_focus_to_content(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    ActionChains(browser).send_keys(Keys.TAB).perform()
    skip = focused(browser)
    assert "skip-link" in skip.get_attribute("class") and skip.is_displayed()
    skip.send_keys(Keys.ENTER)
    assert browser.current_url.endswith("#main")


# Screenshots ------------------------------------------------------------------------------------

SHOTS = {"home": "zh/index.html", "chapter": "zh/bars/navigation-bar.html#title-and-back-button",
         "chapter-en": "en/bars/navigation-bar.html", "search": "en/search.html?q=nav+bar",
         # A chapter figure on the first screen, and a rule's do / don't pair.
         "figure": "en/bars/tab-bar.html", "figure-pair": "zh/controls/segmented-controls.html#limit-segments"}


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_for_review(site, browser, width, scheme):
    """Kept under .build/screenshots (CI artifacts) so a person can look at them. Each page must
    fit the width: no sideways scrolling."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    set_color_scheme(browser, scheme)
    browser.set_window_size(width, 900)
    try:
        for name, page in SHOTS.items():
            if "?" in page:
                open_page(browser, site, page)
            else:
                browser.get(url(site, page))
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{page} scrolls sideways by {overflow}px at {width}px"
            path = SCREENSHOTS / f"{name}-{width}-{scheme}.png"
            assert browser.save_screenshot(str(path))
            assert path.stat().st_size > 5_000
    finally:
        browser.set_window_size(1280, 900)
        set_color_scheme(browser, "light")


def test_layout_fits_a_320px_phone(site, browser):
    browser.set_window_size(320, 800)
    try:
        for page in ("zh/index.html", "zh/views/table-views.html", "en/glossary.html", "en/search.html?q=table"):
            open_page(browser, site, page)
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{page} scrolls sideways by {overflow}px"
    finally:
        browser.set_window_size(1280, 900)


def test_dark_appearance_changes_colours(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    light = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    set_color_scheme(browser, "dark")
    dark = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    set_color_scheme(browser, "light")
    assert light != dark


def test_rule_kind_has_label_and_icon_not_colour_alone(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    for kind in ("do", "avoid"):
        card = browser.find_element(By.CSS_SELECTOR, f"section.rule.{kind}")
        label = card.find_element(By.CSS_SELECTOR, ".kind")
        icon = browser.execute_script("return getComputedStyle(arguments[0], '::before').content", label)
        assert label.text.strip(), kind
        assert icon not in ("none", "normal", '""'), kind


def test_legacy_rules_say_what_replaced_them(site, browser):
    for page in ("en/controls/progress-indicators.html", "zh/controls/progress-indicators.html"):
        browser.get(url(site, page))
        card = browser.find_element(By.CSS_SELECTOR, "section.rule.legacy")
        notice = card.find_element(By.CSS_SELECTOR, ".rule-notice")
        assert notice.is_displayed() and len(notice.text) > 10
    browser.get(url(site, "en/technologies/iad.html"))
    assert browser.find_element(By.CSS_SELECTOR, ".notice.legacy").is_displayed()


# Sidebar filter ---------------------------------------------------------------------------------

def visible_chapters(driver):
    return [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".nav-parts ul a") if a.is_displayed()]


def filter_sidebar(driver, text):
    field = driver.find_element(By.ID, "nav-filter")
    field.clear()
    field.send_keys(text)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.HandbookSearch"))
    WebDriverWait(driver, 5).until(lambda d: len(visible_chapters(d)) < 67)
    return visible_chapters(driver)


def test_sidebar_filter_matches_like_search(site, browser):
    # The handbook has more chapters than a full sidebar list serves (NavigationCache): a page's
    # sidebar lists every part and, under its own part, the chapters around it; the filter
    # narrows what it lists, matching like the search.
    browser.get(url(site, "zh/bars/status-bar.html"))
    listed = len(visible_chapters(browser))
    assert listed > 5
    simplified = filter_sidebar(browser, "导航")
    assert "导航栏" in simplified and "状态栏" not in simplified
    # Mid-word Chinese and Traditional forms narrow the same way.
    assert "导航栏" in filter_sidebar(browser, "航栏")
    assert filter_sidebar(browser, "導航") == simplified
    browser.get(url(site, "en/bars/tab-bar.html"))
    english = filter_sidebar(browser, "nav ba")
    assert "Navigation bar" in english and "Tab bar" not in english
    # Clearing the field brings the whole list back.
    browser.find_element(By.ID, "nav-filter").send_keys(Keys.ESCAPE)
    browser.execute_script("var f=document.getElementById('nav-filter'); f.value=''; f.dispatchEvent(new Event('input'))")
    assert len(visible_chapters(browser)) > 5


def test_current_page_is_highlighted_with_breadcrumbs_and_pager(site, browser):
    browser.get(url(site, "en/bars/tab-bar.html"))
    current = browser.find_element(By.CSS_SELECTOR, ".sidebar a[aria-current='page']")
    assert current.get_attribute("href").endswith("/en/bars/tab-bar.html")
    crumbs = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".breadcrumbs a")]
    assert len(crumbs) >= 2
    assert browser.find_element(By.CSS_SELECTOR, "a[rel=prev]") and browser.find_element(By.CSS_SELECTOR, "a[rel=next]")


def test_table_of_contents_tracks_the_section_being_read(site, browser):
    browser.get(url(site, "en/views/table-views.html"))
    headings = browser.find_elements(By.CSS_SELECTOR, "article h2[id]")
    target = headings[len(headings) // 2]
    browser.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", target)
    anchor = target.get_attribute("id")
    WebDriverWait(browser, 5).until(
        lambda d: d.execute_script("var a=document.querySelector('.toc a.active'); return a && a.hash.slice(1)") == anchor)


# Weight and requests ----------------------------------------------------------------------------

class AssetCollector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.assets = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") == "stylesheet":
            self.assets.append(attrs["href"])
        if tag == "script" and attrs.get("src"):
            self.assets.append(attrs["src"])


def page_weights(site):
    for page in sorted(site.rglob("*.html")):
        collector = AssetCollector()
        text = page.read_text(encoding="utf-8")
        collector.feed(text)
        total = len(text.encode("utf-8"))
        for asset in collector.assets:
            total += (page.parent / asset).resolve().stat().st_size
        yield page.relative_to(site), total


def test_search_works_under_a_sub_path(hosted_site, browser):
    browser.get(hosted_site + "zh/controls/buttons.html")
    ensure_search(browser)
    browser.find_element(By.ID, "search-input").send_keys("导航")
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#search-results [role="option"]'))
    browser.find_element(By.ID, "search-input").send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: "/controls/buttons.html" not in d.current_url)
    assert browser.current_url.startswith(hosted_site + "zh/")


# Lists that grow with the handbook (every term, every rule a release changed): their budget is
# what travels over the wire, gzip-compressed as any static host serves HTML.
LISTS = {"glossary.html", "changelog.html"}


def test_every_page_weighs_under_60_kb(site):
    import gzip
    weights = dict(page_weights(site))
    assert len(weights) > 130
    heavy = {str(page): size for page, size in weights.items() if size >= 60 * 1024 and page.name not in LISTS}
    assert not heavy, heavy
    lists = {str(page): len(gzip.compress((site / page).read_bytes())) for page in weights if page.name in LISTS}
    assert len(lists) == 4 and all(size < 60 * 1024 for size in lists.values()), lists
    reading = {page: size for page, size in weights.items() if page.name not in LISTS}
    print(f"\nheaviest page: {max(reading, key=reading.get)} {max(reading.values())} bytes; lists gzip: {lists}")


@pytest.fixture(scope="module")
def hosted_site(site, tmp_path_factory):
    """The site served over HTTP under a sub-path, as a static host would."""
    import functools
    import http.server
    import threading
    root = tmp_path_factory.mktemp("host")
    (root / "docs" / "handbook").mkdir(parents=True)
    (root / "docs" / "handbook" / "v1").symlink_to(site)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/docs/handbook/v1/"
    server.shutdown()


def test_no_request_leaves_the_site(site, hosted_site, browser):
    for page in ("en/controls/buttons.html", "zh/search.html?q=按钮", "en/index.html"):
        browser.get(hosted_site + page)
        ensure_search(browser)
        resources = browser.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
        assert len(resources) >= 3, resources  # style, site.js, the search index and script
        outside = [name for name in resources if not name.startswith(hosted_site)]
        assert not outside, outside
        assert console_errors(browser) == [], page
    # Nothing a page loads by itself points elsewhere (links a reader follows may).
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"""<(script|img|iframe|link)[^>]+(src|href)=["']?(https?:)?//""", text), page
    # Neither do the assets, figures included (an SVG may only refer to its own elements).
    for asset in (site / "assets").rglob("*"):
        if asset.is_file() and asset.suffix in (".css", ".js", ".svg"):
            text = asset.read_text(encoding="utf-8")
            assert not re.search(r"""url\(\s*["']?(https?:)?//|@import""", text), asset
            assert not re.search(r"""href\s*=\s*["'](?!#)""", text) or asset.suffix != ".svg", asset


def test_print_stylesheet_hides_navigation_and_shows_links(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        for selector in (".site-header", ".sidebar", ".pager"):
            assert browser.execute_script(
                "return getComputedStyle(document.querySelector(arguments[0])).display", selector) == "none", selector
        # The handbook links outside rarely; add such a link as Markdown would render it.
        after = browser.execute_script("""
            var a = document.createElement('a'); a.href = 'https://developer.apple.com/design/'; a.textContent = 'HIG';
            document.querySelector('.content p').appendChild(a);
            return getComputedStyle(a, '::after').content;""")
        assert "https://developer.apple.com/design/" in after
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_reduced_motion_turns_off_smooth_scrolling(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    assert browser.execute_script("return getComputedStyle(document.documentElement).scrollBehavior") == "smooth"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        assert browser.execute_script("return getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_phones_see_the_text_first_and_can_open_the_contents(site, browser):
    browser.set_window_size(375, 800)
    try:
        browser.get(url(site, "zh/bars/tab-bar.html"))
        details = browser.find_element(By.CSS_SELECTOR, ".nav-details")
        assert details.get_attribute("open") is None
        heading = browser.find_element(By.TAG_NAME, "h1")
        assert heading.location["y"] < 400, "the chapter title is below the fold"
        browser.find_element(By.CSS_SELECTOR, ".nav-details > summary").click()
        assert details.get_attribute("open") is not None
        assert browser.find_element(By.ID, "nav-filter").is_displayed()
    finally:
        browser.set_window_size(1280, 900)
    browser.get(url(site, "zh/bars/tab-bar.html"))
    assert browser.find_element(By.CSS_SELECTOR, ".nav-details").get_attribute("open") is not None
