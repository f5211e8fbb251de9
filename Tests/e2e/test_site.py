"""The built site: links resolve from file://, languages switch in place, pages load cleanly."""
import html.parser
import pathlib
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import console_errors, make_driver, url


class LinkCollector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name) and not (tag == "link" and attrs.get("rel") == "alternate" and False):
                self.links.append(attrs[name])


def parse(path: pathlib.Path) -> LinkCollector:
    collector = LinkCollector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def test_every_internal_link_and_anchor_resolves(site):
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 10
    parsed = {page: parse(page) for page in pages}
    broken = []
    for page, collector in parsed.items():
        for link in collector.links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme in ("http", "https", "mailto", "data"):
                continue
            assert not parts.scheme and not link.startswith("/"), f"{page}: non-relative link {link}"
            target = (page.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file():
                broken.append(f"{page.relative_to(site)} → {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else parse(target).ids
                if urllib.parse.unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)} → {link} (no anchor)")
    assert not broken, "\n".join(broken[:40])


def test_root_page_sends_reader_to_their_language(site):
    for language, expected in (("en-US", "/en/index.html"), ("zh-CN", "/zh/index.html"), ("zh-TW", "/zh-Hant/index.html"),
                               ("zh-HK", "/zh-Hant/index.html")):
        driver = make_driver(language)
        try:
            driver.get(url(site, "index.html"))
            WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith(expected))
        finally:
            driver.quit()


def test_language_switch_keeps_the_section(site, browser):
    catalog_page = "en/controls/buttons.html"
    html = (site / catalog_page).read_text(encoding="utf-8")
    anchor = "system-buttons" if 'id="system-buttons"' in html else parse(site / catalog_page).ids.pop()
    browser.get(url(site, f"{catalog_page}#{anchor}"))
    browser.find_element(By.CSS_SELECTOR, "a.language-switch").click()
    WebDriverWait(browser, 10).until(lambda d: "/zh/controls/buttons.html" in d.current_url)
    assert browser.current_url.endswith(f"/zh/controls/buttons.html#{anchor}")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    # And back again.
    browser.find_element(By.CSS_SELECTOR, "a.language-switch").click()
    WebDriverWait(browser, 10).until(lambda d: "/en/controls/buttons.html" in d.current_url)
    assert browser.current_url.endswith(f"#{anchor}")


def test_each_rule_links_to_itself_in_the_other_language(site, browser):
    browser.get(url(site, "zh/controls/buttons.html"))
    rule = browser.find_element(By.CSS_SELECTOR, "section.rule")
    rule_id = rule.get_attribute("id")
    link = rule.find_element(By.CSS_SELECTOR, "a.other-language")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", link)
    link.click()
    WebDriverWait(browser, 10).until(lambda d: "/en/controls/buttons.html" in d.current_url)
    assert browser.current_url.endswith("#" + rule_id)
    assert browser.find_element(By.ID, rule_id).get_attribute("data-rule-id").endswith("." + rule_id)


def test_pages_load_without_console_errors(site, browser):
    for page in ("zh/index.html", "en/index.html", "zh/controls/index.html", "en/controls/buttons.html",
                 "zh/glossary.html", "en/search.html"):
        browser.get(url(site, page))
        assert browser.find_element(By.TAG_NAME, "h1").text.strip(), page
        assert console_errors(browser) == [], page


def test_every_page_runs_under_its_content_security_policy(site, browser):
    """Each page declares a policy that allows only the site's own scripts and styles, and
    loads without a violation (Chromium reports violations as console errors)."""
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 150
    console_errors(browser)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "Content-Security-Policy" in text and "script-src 'self'" in text, page
        browser.get(page.as_uri())
        errors = console_errors(browser)
        assert errors == [], f"{page.relative_to(site)}: {errors}"


def test_no_page_has_inline_script_or_handler(site):
    import re
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), page
        assert not re.search(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", text), page
        assert not re.search(r"\sstyle\s*=", text), page


def test_a_base_url_gives_a_sitemap_canonical_links_and_open_graph(binary, tmp_path):
    import re
    import subprocess
    import xml.etree.ElementTree as ET
    from conftest import REPO
    out = tmp_path / "site"
    base = "https://example.org/handbook/"
    # A copy of the handbook: the build records the translation lock in its content folder.
    import shutil
    for name in ("content", "templates", "baseline", "handbook.yaml"):
        (shutil.copytree if (REPO / name).is_dir() else shutil.copy)(REPO / name, tmp_path / name)
    subprocess.run([binary, "build", "--output", str(out), "--base-url", base], cwd=tmp_path, check=True, capture_output=True)
    locations = [e.text for e in ET.parse(out / "sitemap.xml").getroot()
                 .iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    assert base + "en/bars/navigation-bar.html" in locations and base + "zh/glossary.html" in locations
    assert all(l.startswith(base) for l in locations) and len(locations) == len(set(locations)) > 130
    assert not any(l.endswith(("404.html", "search.html")) for l in locations)
    for location in locations:
        assert (out / location[len(base):]).is_file(), location
    page = (out / "en/bars/navigation-bar.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{base}en/bars/navigation-bar.html">' in page
    assert f'<meta property="og:url" content="{base}en/bars/navigation-bar.html">' in page
    assert '<meta property="og:type" content="article">' in page
    assert re.search(r'<meta property="og:title" content="Navigation bar · [^"]+">', page)
    description = re.search(r'<meta name="description" content="([^"]{20,})">', page).group(1)
    assert f'<meta property="og:description" content="{description}">' in page
    home = (out / "zh/index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{base}zh/index.html">' in home and 'content="website"' in home


def test_without_a_base_url_there_is_no_sitemap_or_canonical_link(site):
    assert not (site / "sitemap.xml").exists()
    assert 'rel="canonical"' not in (site / "en/index.html").read_text(encoding="utf-8")
