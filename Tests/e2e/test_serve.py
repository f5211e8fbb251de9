"""`HandbookGen serve` end to end: start it on a copy of the handbook, open a page in headless
Chromium, edit the chapter and see the page reload with the change, break the chapter and see
the error on the page (and in the terminal) while the last good site stays served, fix it and see
the page come back; edit a template and see it applied. The folder it keeps up to date must equal
a full build of the same sources."""
import filecmp
import pathlib
import queue
import re
import shutil
import subprocess
import threading
import urllib.request

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, console_errors, make_driver
CHAPTER = "en/bars/navigation-bar.md"
PAGE = "en/bars/navigation-bar.html"


class Server:
    """The serve process, its output lines collected as they come."""

    def __init__(self, binary, root: pathlib.Path):
        self.root = root
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--content", str(root / "content"), "--templates",
             str(root / "templates"), "--output", str(root / "site")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = queue.Queue()
        self.output = []
        threading.Thread(target=self._read, daemon=True).start()
        self.base = None
        while self.base is None:
            line = self.next_line(timeout=120)
            match = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", line)
            if match:
                self.base = match.group(1)

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def next_line(self, timeout):
        line = self.lines.get(timeout=timeout)
        self.output.append(line)
        return line

    def wait_for_line(self, pattern, timeout=30):
        while True:
            line = self.next_line(timeout)
            if re.search(pattern, line):
                return line

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture()
def server(binary, tmp_path):
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copytree(REPO / "templates", tmp_path / "templates")
    server = Server(binary, tmp_path)
    yield server
    server.stop()


@pytest.fixture()
def browser(server):
    """A browser of its own, closed before the server stops: the shared one would keep the
    page's reconnection attempts in its log for later tests."""
    driver = make_driver()
    yield driver
    driver.quit()


def edit(path: pathlib.Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def wait(browser):
    """Waits that look into the page while it may be reloading: an element found just before the
    reload is gone by the time it is read, which is "not yet", not a failure."""
    return WebDriverWait(browser, 15, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))


def heading(browser):
    return browser.find_element(By.CSS_SELECTOR, "h1").text


def error_panel(browser):
    panels = browser.find_elements(By.ID, "handbook-build-failed")
    return panels[0].text if panels else ""


# The WCAG contrast of an element's text with the first opaque background behind it.
CONTRAST = """
    const el = document.querySelector(arguments[0]);
    const rgb = c => c.match(/[\\d.]+/g).map(Number);
    const lum = c => { const v = rgb(c).slice(0, 3).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
                       return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
    let node = el, bg = null;
    while (node && node.nodeType === 1) { const b = getComputedStyle(node).backgroundColor; const a = rgb(b)[3];
        if (a === undefined || a > 0.9) { bg = b; break; } node = node.parentNode; }
    const l1 = lum(getComputedStyle(el).color), l2 = lum(bg || 'rgb(255,255,255)');
    return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
"""


def test_serve_reloads_on_edit_shows_errors_and_recovers(server, browser, binary):
    chapter = server.root / "content" / CHAPTER
    browser.get(server.base + PAGE)
    assert heading(browser) == "Navigation bar"
    browser.get_log("browser")

    # An edit reloads the open page with the change.
    browser.execute_script("window.beforeEdit = true")
    edit(chapter, "title: Navigation bar\n", "title: Navigation bar (edited)\n")
    wait(browser).until(lambda d: heading(d) == "Navigation bar (edited)")
    assert browser.execute_script("return window.beforeEdit === undefined"), "the page was not reloaded"
    assert server.wait_for_line(r"Rebuilt after 1 change in \d+ ms: \d+ pages rendered")

    # A broken chapter: the error shows on the page, in compiler format, and in the terminal;
    # the last good page stays served.
    edit(chapter, "weight: 20\n", "weight: twenty\n")
    wait(browser).until(lambda d: "must be an integer" in error_panel(d))
    panel = error_panel(browser)
    assert re.search(r"navigation-bar\.md:5:9: error: 'weight' must be an integer, not 'twenty'", panel), panel
    assert heading(browser) == "Navigation bar (edited)"
    server.wait_for_line(r"navigation-bar\.md:5:9: error: 'weight' must be an integer")
    server.wait_for_line(r"failed; still serving the last good site")
    with urllib.request.urlopen(server.base + PAGE) as response:
        assert "Navigation bar (edited)" in response.read().decode()
    # A page opened while the build is broken shows the error too.
    browser.get(server.base + "en/index.html")
    wait(browser).until(lambda d: "must be an integer" in error_panel(d))
    # The panel reads in light mode and in dark mode (the site's own <pre> styles stay out of it).
    for scheme in ("light", "dark"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        for selector in ("#handbook-build-failed strong", "#handbook-build-failed pre"):
            ratio = browser.execute_script(CONTRAST, selector)
            assert ratio >= 7, (scheme, selector, ratio)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # Fixed: the page reloads without the error.
    browser.get(server.base + PAGE)
    edit(chapter, "weight: twenty\n", "weight: 20\n")
    edit(chapter, "title: Navigation bar (edited)\n", "title: Navigation bar\n")
    wait(browser).until(lambda d: heading(d) == "Navigation bar" and not error_panel(d))

    # A template change applies to the open page.
    with open(server.root / "templates/assets/style.css", "a", encoding="utf-8") as css:
        css.write("\n.lede { letter-spacing: 3px; }\n")
    wait(browser).until(lambda d: d.execute_script(
        "return getComputedStyle(document.querySelector('.lede')).letterSpacing") == "3px")
    assert not console_errors(browser)

    # What serve wrote is what a full build of the same sources writes.
    server.wait_for_line(r"Rebuilt after 1 change")
    full = server.root / "full"
    subprocess.run([binary, "build", "--content", str(server.root / "content"), "--templates",
                    str(server.root / "templates"), "--output", str(full)], check=True, capture_output=True)
    assert_same_tree(full, server.root / "site")


def assert_same_tree(expected: pathlib.Path, actual: pathlib.Path):
    expected_files = sorted(p.relative_to(expected) for p in expected.rglob("*") if p.is_file())
    actual_files = sorted(p.relative_to(actual) for p in actual.rglob("*") if p.is_file())
    assert expected_files == actual_files
    mismatch = [str(p) for p in expected_files if not filecmp.cmp(expected / p, actual / p, shallow=False)]
    assert not mismatch, mismatch
