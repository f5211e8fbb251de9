"""End-to-end tests of a built site in real headless Chromium (Debian's chromium and
chromium-driver, driven by selenium). scripts/test.sh builds the real handbook and passes its
folder in HANDBOOK_SITE."""
import os
import pathlib
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def binary() -> str:
    """The HandbookGen binary the site was built with (scripts/test.sh passes it)."""
    path = os.environ.get("HANDBOOKGEN_BIN", str(REPO / ".build/debug/HandbookGen"))
    assert pathlib.Path(path).is_file(), "build HandbookGen first (scripts/test.sh does)"
    return path


@pytest.fixture(scope="session")
def site() -> pathlib.Path:
    path = os.environ.get("HANDBOOK_SITE")
    if not path:
        pytest.fail("set HANDBOOK_SITE to a built site (scripts/test.sh does this)")
    return pathlib.Path(path).resolve()


def make_driver(language: str = "en-US"):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for binary in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(binary):
            options.binary_location = binary
            break
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


def url(site: pathlib.Path, path: str) -> str:
    return (site / path).as_uri() if "#" not in path else (site / path.split("#")[0]).as_uri() + "#" + path.split("#", 1)[1]


def console_errors(driver) -> list:
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def ensure_search(driver):
    """Search loads on first use: focus the field and wait for it."""
    from selenium.webdriver.support.ui import WebDriverWait
    driver.execute_script("document.getElementById('search-input').focus()")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.HandbookSearch"))
