"""The reading experience in a real browser: accessibility (axe-core), keyboard-only use,
screenshots for people to look at, the sidebar filter, page weight and no outside requests."""
import html.parser
import json
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

# One page of every kind, in every language (the root chooser and 404 are language-neutral).
PAGE_KINDS = {
    "root": ["index.html"],
    "not-found": ["404.html"],
    "home": ["zh/index.html", "en/index.html", "zh-Hant/index.html"],
    "part": ["zh/controls/index.html", "en/controls/index.html", "zh-Hant/controls/index.html"],
    "chapter": ["zh/bars/navigation-bar.html", "en/bars/navigation-bar.html", "zh-Hant/bars/navigation-bar.html"],
    "legacy-chapter": ["zh/technologies/iad.html", "en/technologies/iad.html", "zh-Hant/technologies/iad.html"],
    "glossary": ["zh/glossary.html", "en/glossary.html", "zh-Hant/glossary.html"],
    "changelog": ["zh/changelog.html", "en/changelog.html", "zh-Hant/changelog.html"],
    "search": ["zh/search.html?q=导航", "en/search.html?q=nav", "zh-Hant/search.html?q=導覽"],
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
         "figure": "en/bars/tab-bar.html", "figure-pair": "zh/controls/segmented-controls.html#limit-segments",
         # A wide table (it scrolls sideways inside itself on a phone), the glossary, a generated
         # Traditional Chinese chapter and the search page's facets with grouped results.
         "table": "en/bars/bar-buttons.html#standard-buttons", "glossary": "zh/glossary.html",
         "chapter-zh-hant": "zh-Hant/bars/navigation-bar.html", "search-facets": "zh/search.html?q=%E5%AF%BC%E8%88%AA"}


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
    languages = json.loads((site / "rules.json").read_text(encoding="utf-8"))["languages"]
    lists = {str(page): len(gzip.compress((site / page).read_bytes())) for page in weights if page.name in LISTS}
    assert len(lists) == len(LISTS) * len(languages) and all(size < 60 * 1024 for size in lists.values()), lists
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


# Reading on a phone ------------------------------------------------------------------------------

WIDTHS = [320, 375, 768, 1280]
TABLE_PAGES = ["en/views/table-views.html", "zh/views/table-views.html", "en/bars/status-bar.html",
               "zh/bars/status-bar.html", "en/patterns/going-full-screen.html", "en/views/collection-views.html"]

# Where the page's tables and code words end up: what overflows the page, table headers that
# wrap, and code words broken between two letters of one word (not at `.`, `(`, `_`, `:`, `/`,
# a space or where a lower-case letter meets a capital: the words of an identifier).
LAYOUT_PROBLEMS = """
const width = document.documentElement.clientWidth, problems = [];
// The lines a cell's text takes: its text's boxes, by their middles (code has padding of its own).
const lineTops = node => { const middles = [], walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) { const r = document.createRange(); r.selectNodeContents(t);
        for (const x of r.getClientRects()) if (x.width > 0) middles.push((x.top + x.bottom) / 2); }
    return new Set(middles.map(m => Math.round(m / 8))).size > 1 && Math.max(...middles) - Math.min(...middles) > 8 ? 2 : 1; };
if (document.documentElement.scrollWidth > width) problems.push('page scrolls sideways');
for (const wrap of document.querySelectorAll('.content .table-wrap')) {
    const box = wrap.getBoundingClientRect();
    if (box.right > width + 0.5 || box.left < -0.5) problems.push('table outside the page');
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
        if (!/radial-gradient/.test(getComputedStyle(wrap).backgroundImage)) problems.push('scrolling table without edge shadow');
        if (getComputedStyle(wrap).overflowX !== 'auto') problems.push('table does not scroll');
    }
}
for (const th of document.querySelectorAll('.content thead th'))
    if (th.textContent.trim() && lineTops(th) > 1) problems.push('header wraps: ' + th.textContent);
const allowed = (a, b) => !/[A-Za-z0-9]/.test(a) || !/[A-Za-z0-9]/.test(b) || (/[a-z0-9]/.test(a) && /[A-Z]/.test(b));
for (const code of document.querySelectorAll('.content code')) {
    if (code.closest('pre')) continue;
    const box = code.getBoundingClientRect();
    const scroller = code.closest('.table-wrap');
    if (!scroller && box.right > width + 0.5) problems.push('code overflows: ' + code.textContent);
    if (code.getClientRects().length < 2) continue;
    let text = '', tops = [];
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (let i = 0; i < node.length; i++) {
            const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
            const rect = r.getBoundingClientRect();
            text += node.data[i]; tops.push(rect.width || rect.height ? Math.round(rect.top) : null);
        }
    for (let i = 1; i < text.length; i++)
        if (tops[i] !== null && tops[i - 1] !== null && tops[i] > tops[i - 1] + 2 && !allowed(text[i - 1], text[i]))
            problems.push('code breaks mid-word: ' + text.slice(0, i) + '|' + text.slice(i));
}
return problems;
"""


@pytest.mark.parametrize("width", WIDTHS)
def test_tables_and_code_words_fit_without_breaking_mid_word(site, browser, width):
    browser.set_window_size(width, 900)
    try:
        for page in TABLE_PAGES:
            browser.get(url(site, page))
            assert browser.find_elements(By.CSS_SELECTOR, ".content table"), page
            problems = browser.execute_script(LAYOUT_PROBLEMS)
            assert problems == [], f"{page} at {width}px: {problems[:8]}"
    finally:
        browser.set_window_size(1280, 900)


def test_a_wide_table_on_a_phone_scrolls_with_a_shadow_at_its_edge(site, browser):
    browser.set_window_size(320, 800)
    try:
        browser.get(url(site, "en/views/table-views.html"))
        wraps = [w for w in browser.find_elements(By.CSS_SELECTOR, ".content .table-wrap")
                 if browser.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", w)]
        assert wraps, "no table scrolls at 320px"
        style = browser.execute_script("return getComputedStyle(arguments[0]).backgroundImage", wraps[0])
        assert style.count("radial-gradient") == 2 and style.count("linear-gradient") == 2
        assert wraps[0].get_attribute("tabindex") == "0"  # scrollable by keyboard
    finally:
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("width", [375, 768])
def test_on_this_page_folds_above_the_text_on_phones_and_tablets(site, browser, width):
    browser.set_window_size(width, 900)
    try:
        browser.get(url(site, "en/views/table-views.html"))
        details = browser.find_element(By.CSS_SELECTOR, ".toc details")
        summary = details.find_element(By.TAG_NAME, "summary")
        assert details.get_attribute("open") is None and summary.is_displayed()
        heading = browser.find_element(By.TAG_NAME, "h1")
        assert summary.location["y"] < heading.location["y"], "the contents come after the text"
        assert heading.location["y"] < 450
        summary.click()
        assert details.get_attribute("open") is not None
        link = details.find_elements(By.CSS_SELECTOR, "a")[2]
        assert link.is_displayed()
        anchor = link.get_attribute("href").split("#")[1]
        link.click()
        WebDriverWait(browser, 5).until(lambda d: d.current_url.endswith("#" + anchor))
    finally:
        browser.set_window_size(1280, 900)
    browser.get(url(site, "en/views/table-views.html"))
    assert browser.find_element(By.CSS_SELECTOR, ".toc details").get_attribute("open") is not None
    assert browser.find_element(By.CSS_SELECTOR, ".toc a").is_displayed()


def settled(driver):
    """Waits until the page has scrolled to its anchor and stopped."""
    last = [None]

    def still(d):
        y = d.execute_script("return window.scrollY")
        done = y > 0 and y == last[0]
        last[0] = y
        return done
    WebDriverWait(driver, 5, poll_frequency=0.2).until(still)


def target_below_header(driver, anchor):
    return driver.execute_script("""
        const header = document.querySelector('.site-header').getBoundingClientRect();
        const target = document.getElementById(arguments[0]).getBoundingClientRect();
        return [header.top, header.bottom, target.top, window.innerHeight];""", anchor)


@pytest.mark.parametrize("width", [320, 375, 768, 1280])
def test_the_header_stays_and_never_hides_an_anchored_target(site, browser, width):
    browser.set_window_size(width, 800)
    # Headless Chromium applies a new window size asynchronously: a page loaded before it lands
    # is laid out (and scrolled to its anchor) at the old width, and the header wraps after.
    browser.get(url(site, "en/index.html"))
    WebDriverWait(browser, 5, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.documentElement.clientWidth") <= width)
    try:
        for page, anchor in [("en/views/table-views.html", "multiple-selection-delete"),
                             ("zh/bars/navigation-bar.html", "title-and-back-button"),
                             ("zh-Hant/bars/navigation-bar.html", "title-and-back-button"),
                             ("en/glossary.html", "term-navigation-bar"),
                             ("zh/glossary.html", "term-toolbar")]:
            browser.get(url(site, page) + "#" + anchor)
            settled(browser)
            header_top, header_bottom, target_top, height = target_below_header(browser, anchor)
            assert header_top == 0, f"{page}: the header scrolled away"
            assert header_bottom <= target_top < height, (page, width, header_bottom, target_top)
            assert header_bottom < 120, ("the header is not compact", page, width, header_bottom)
    finally:
        browser.set_window_size(1280, 900)


def test_the_sidebar_opens_at_the_current_chapter(site, browser):
    browser.set_window_size(1280, 800)
    browser.get(url(site, "en/index.html"))
    last = browser.find_elements(By.CSS_SELECTOR, ".part-card li a")[-1].get_attribute("href")
    browser.get(last)
    sidebar = browser.find_element(By.CSS_SELECTOR, ".sidebar")
    assert browser.execute_script("return arguments[0].scrollHeight > arguments[0].clientHeight", sidebar)
    top, bottom, link_top, link_bottom = browser.execute_script("""
        const s = arguments[0].getBoundingClientRect(), a = arguments[0].querySelector('a[aria-current=page]').getBoundingClientRect();
        return [s.top, s.bottom, a.top, a.bottom];""", sidebar)
    assert top <= link_top and link_bottom <= bottom, "the current chapter is scrolled out of the sidebar"


def test_every_part_of_the_sidebar_folds_and_unfolds(site, browser):
    """A page lists its own part's chapters; any other part unfolds from its button, by click or
    keyboard, with the chapters the part's page lists, and folds again, at desktop and phone
    widths and from file://."""
    for width, page in ((1280, "buttons"), (375, "labels")):
        browser.set_window_size(width, 900)
        try:
            browser.get(url(site, f"zh/controls/{page}.html"))
            if width < 800:
                browser.find_element(By.CSS_SELECTOR, ".nav-details summary").click()
            parts = browser.find_elements(By.CSS_SELECTOR, ".nav-parts > .nav-part")
            assert len(parts) >= 7
            toggles = [part.find_element(By.CSS_SELECTOR, "button.nav-toggle") for part in parts]
            expanded = [toggle.get_attribute("aria-expanded") for toggle in toggles]
            assert expanded.count("true") == 1, expanded  # the current part, Controls
            current = parts[expanded.index("true")]
            assert current.find_element(By.CSS_SELECTOR, "a[aria-current=page]").is_displayed()
            # Fold the current part, and unfold it again.
            toggles[expanded.index("true")].click()
            assert toggles[expanded.index("true")].get_attribute("aria-expanded") == "false"
            assert not current.find_element(By.CSS_SELECTOR, "a[aria-current=page]").is_displayed()
            toggles[expanded.index("true")].click()
            assert current.find_element(By.CSS_SELECTOR, "a[aria-current=page]").is_displayed()
            # Another part (Bars) unfolds with its chapters, by keyboard.
            bars = next(i for i, part in enumerate(parts)
                        if part.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith("/zh/bars/index.html"))
            assert toggles[bars].get_attribute("aria-label") == "栏的章节"
            assert not parts[bars].find_elements(By.CSS_SELECTOR, ":scope > ul a"), width
            toggles[bars].send_keys(Keys.ENTER)
            WebDriverWait(browser, 5).until(lambda d: parts[bars].find_elements(By.CSS_SELECTOR, ":scope > ul a"))
            links = parts[bars].find_elements(By.CSS_SELECTOR, ":scope > ul a")
            assert toggles[bars].get_attribute("aria-expanded") == "true"
            assert all(link.is_displayed() for link in links)
            part_page = (site / "zh/bars/index.html").read_text(encoding="utf-8")
            listed = re.findall(r'<li><a href="([a-z0-9-]+\.html)">', part_page.split("<main", 1)[1])
            assert [link.get_attribute("href").rsplit("/", 1)[1] for link in links] == listed
            assert links[0].text and "导航栏" in [link.text for link in links]
            links[0].click()
            WebDriverWait(browser, 5).until(lambda d: "/zh/bars/" in d.current_url)
            assert browser.current_url.endswith("/zh/bars/" + listed[0])
            browser.back()
            # Folding hides them again.
            toggle = browser.find_elements(By.CSS_SELECTOR, ".nav-parts > .nav-part button.nav-toggle")[bars]
            if width < 800 and not browser.find_element(By.CSS_SELECTOR, ".nav-details").get_attribute("open"):
                browser.find_element(By.CSS_SELECTOR, ".nav-details summary").click()
            toggle.click()
            WebDriverWait(browser, 5).until(lambda d: toggle.get_attribute("aria-expanded") == "true")
            toggle.click()
            assert toggle.get_attribute("aria-expanded") == "false"
            part = browser.find_elements(By.CSS_SELECTOR, ".nav-parts > .nav-part")[bars]
            assert not any(link.is_displayed() for link in part.find_elements(By.CSS_SELECTOR, ":scope > ul a"))
            assert console_errors(browser) == []
        finally:
            browser.set_window_size(1280, 900)


# The glossary -----------------------------------------------------------------------------------

def test_the_glossary_is_a_dictionary_with_forms_definitions_and_uses(site, browser):
    import urllib.parse
    for language in ("en", "zh"):
        page = site / language / "glossary.html"
        text = page.read_text(encoding="utf-8")
        entries = re.findall(r'<section class="term" id="(term-[^"]+)">(.*?)</section>', text, re.S)
        assert len(entries) > 150
        used = 0
        for anchor, entry in entries:
            forms = re.findall(r'<dd lang="([^"]+)">([^<]+)</dd>', entry)
            assert [lang for lang, _ in forms] == ["en", "zh-Hans", "zh-Hant"], anchor
            assert re.search(r"<p>[^<]{8,}</p>", entry), f"{anchor} has no definition"
            uses = re.search(r'<p class="term-uses">(?:Used in|出现在):.*?</p>', entry, re.S)
            for href in re.findall(r'href="([^"]+)"', uses.group(0)) if uses else []:
                used += 1
                chapter = (page.parent / urllib.parse.unquote(href)).resolve()
                assert f'glossary.html#{anchor}"' in chapter.read_text(encoding="utf-8"), (anchor, href)
        assert used > 100, "few terms list the chapters that use them"
        # Related terms: those an entry's definition names, linked within the page.
        assert text.count('<p class="term-uses">') - len(re.findall(r"term-uses\">(Used in|出现在)", text)) > 50
        entry = dict(entries)["term-3d-touch"]
        assert 'href="#term-haptic-touch"' in entry
    browser.get(url(site, "en/glossary.html#term-tab-bar"))
    entry = browser.find_element(By.ID, "term-tab-bar")
    assert "Tab bar" in entry.text or "tab bar" in entry.text
    assert "标签栏" in entry.text and entry.find_elements(By.CSS_SELECTOR, ".term-uses a")


def card_state(driver):
    return driver.execute_script("""
        const card = document.querySelector('.term-card');
        if (!card || card.hidden) return null;
        const link = card.querySelector('a');
        return {text: card.textContent, href: link.getAttribute('href'), visible: card.getBoundingClientRect().width > 0};""")


def test_a_term_link_shows_its_definition_on_hover_focus_and_tap(site, browser):
    browser.get(url(site, "en/bars/navigation-bar.html"))
    console_errors(browser)
    links = browser.find_elements(By.CSS_SELECTOR, 'a.xref[href*="glossary.html#term-"]')
    assert len(links) >= 2
    link = links[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", link)
    ActionChains(browser).move_to_element(link).perform()
    WebDriverWait(browser, 5).until(lambda d: card_state(d))
    state = card_state(browser)
    note = link.get_attribute("data-note")
    assert note and note in state["text"] and state["visible"]
    assert state["href"] == link.get_dom_attribute("href")
    # Keyboard: focus shows it, described by the definition; Tab reaches its link; Escape closes it.
    ActionChains(browser).move_to_element(browser.find_element(By.TAG_NAME, "h1")).perform()
    browser.execute_script("document.activeElement.blur()")
    second = links[1]
    browser.execute_script("arguments[0].focus()", second)
    WebDriverWait(browser, 5).until(lambda d: card_state(d) and second.text in card_state(d)["text"])
    assert second.get_attribute("aria-describedby") == "term-card-text"
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.get_attribute("href").endswith(second.get_attribute("href").split("/")[-1])
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 5).until(lambda d: card_state(d) is None)
    assert browser.switch_to.active_element == second
    assert console_errors(browser) == []


def test_a_tap_on_a_term_link_shows_the_card_before_following_it(site):
    from conftest import make_driver
    driver = make_driver()
    try:
        driver.set_window_size(375, 800)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        driver.get(url(site, "en/bars/navigation-bar.html"))
        link = driver.find_elements(By.CSS_SELECTOR, 'a.xref[href*="glossary.html#term-"]')[0]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", link)
        box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + 4, r.top + r.height / 2]", link)

        def tap():
            for kind in ("touchStart", "touchEnd"):
                driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                    "type": kind, "touchPoints": [{"x": box[0], "y": box[1]}] if kind == "touchStart" else []})
        page = driver.current_url
        tap()
        WebDriverWait(driver, 5).until(lambda d: card_state(d))
        assert driver.current_url == page
        # A tap elsewhere dismisses it.
        y = driver.execute_script("return innerHeight - 10")
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 3, "y": y}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        WebDriverWait(driver, 5).until(lambda d: card_state(d) is None)
    finally:
        driver.quit()


# Theme, print, status badges -------------------------------------------------------------------

def test_the_theme_switch_is_remembered_across_pages(site, browser):
    from selenium.webdriver.support.select import Select
    set_color_scheme(browser, "light")
    try:
        browser.get(url(site, "en/controls/buttons.html"))
        light = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        select = Select(browser.find_element(By.ID, "theme-select"))
        assert select.first_selected_option.get_attribute("value") == "auto"
        select.select_by_value("dark")
        dark = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert dark != light
        # Another page, another folder, from file://: still dark on a light system.
        browser.get(url(site, "zh/glossary.html"))
        assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
        assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == dark
        assert Select(browser.find_element(By.ID, "theme-select")).first_selected_option.get_attribute("value") == "dark"
        Select(browser.find_element(By.ID, "theme-select")).select_by_value("light")
        set_color_scheme(browser, "dark")
        browser.get(url(site, "en/index.html"))
        assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == light
        # Automatic follows the system again.
        Select(browser.find_element(By.ID, "theme-select")).select_by_value("auto")
        assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == dark
    finally:
        browser.execute_script("localStorage.removeItem('handbook-theme')")
        set_color_scheme(browser, "light")


def test_a_stored_theme_is_applied_before_the_page_is_drawn(site):
    """No flash of the system's theme: the stored theme is on <html> before <body> exists (site.js,
    which holds the switch, is deferred and runs only after the page is parsed)."""
    from conftest import make_driver
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            new MutationObserver(function (changes, observer) {
              if (!document.body) return;
              window.themeWhenBodyAppeared = document.documentElement.getAttribute("data-theme");
              window.siteScriptHadRun = !!document.querySelector("#theme-select");
              observer.disconnect();
            }).observe(document, { childList: true, subtree: true });"""})
        set_color_scheme(driver, "light")
        driver.get(url(site, "en/controls/buttons.html"))
        driver.execute_script("localStorage.setItem('handbook-theme', 'dark')")
        for page in ("en/controls/buttons.html", "zh/index.html", "zh-Hant/glossary.html"):
            driver.get(url(site, page))
            WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.ID, "theme-select"))
            assert driver.execute_script("return window.siteScriptHadRun") is False, page
            assert driver.execute_script("return window.themeWhenBodyAppeared") == "dark", page
        driver.execute_script("localStorage.removeItem('handbook-theme')")
        driver.get(url(site, "en/controls/buttons.html"))
        assert driver.execute_script("return window.themeWhenBodyAppeared") is None
    finally:
        driver.quit()


def test_printing_from_a_dark_system_is_black_on_white(site, browser):
    browser.get(url(site, "en/controls/buttons.html"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "print", "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        colours = browser.execute_script("""
            const c = s => getComputedStyle(document.querySelector(s));
            return [c('body').color, c('body').backgroundColor, c('.lede').color, c('.rule h3, .rule h4').color, c('.content a').color];""")
        assert colours[:2] == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"], colours
        for colour in colours[2:]:
            assert max(int(x) for x in re.findall(r"\d+", colour)[:3]) <= 0x40, colours
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


@pytest.mark.parametrize("width", [375, 1280])
def test_a_legacy_rule_reached_by_its_permalink_shows_its_badge(site, browser, width):
    browser.set_window_size(width, 800)
    try:
        for page, anchor in [("en/technologies/iad.html", "cancel-ads"), ("zh/technologies/iad.html", "cancel-ads"),
                             ("en/controls/progress-indicators.html", None)]:
            if anchor is None:
                browser.get(url(site, page))
                anchor = browser.find_element(By.CSS_SELECTOR, "section.rule.legacy").get_attribute("id")
            browser.get(url(site, page) + "#" + anchor)
            settled(browser)
            card = browser.find_element(By.ID, anchor)
            badge = card.find_elements(By.CSS_SELECTOR, ".status-badge") or card.find_elements(By.CSS_SELECTOR, ".rule-notice strong")
            assert badge and badge[0].is_displayed() and badge[0].text.strip().lower() in ("legacy", "旧版"), page
            header_bottom = browser.execute_script("return document.querySelector('.site-header').getBoundingClientRect().bottom")
            assert badge[0].rect["y"] - browser.execute_script("return window.scrollY") >= header_bottom, page
    finally:
        browser.set_window_size(1280, 900)
