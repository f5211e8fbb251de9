"""A rule's history as a reader sees it, in both languages: where its advice comes from, how an
earlier edition put it, the changelog's view per edition, and the search's edition filter."""
import json
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import url

# The results on the search page (grouped by page: a group is not a result).
RESULT_ITEMS = '#search-page li[id^="search-result-"]'
RESULT_LINKS = RESULT_ITEMS + " a"


def catalog(site):
    return json.loads((site / "rules.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language,tag,earlier,based", [("en", "en", "Earlier", "Based on: "), ("zh", "zh-Hans", "早期版本", "依据：")])
def test_a_card_shows_its_basis_and_earlier_form(site, browser, language, tag, earlier, based):
    rule = next(r for r in catalog(site)["rules"] if r.get("history"))
    browser.get(url(site, rule["url"][tag]))
    card = browser.find_element(By.ID, rule["url"][tag].split("#")[1])
    label = card.find_element(By.CSS_SELECTOR, ".rule-earlier-label").text
    assert label == f"{earlier} · {rule['history'][0]['edition']}"
    text = card.find_element(By.CSS_SELECTOR, ".rule-earlier").text
    assert rule["history"][0]["text"][tag].split("\n")[0][:20] in text
    # A card names its own basis; otherwise the chapter's is shown once under the title.
    own = card.find_elements(By.CSS_SELECTOR, ".rule-basis")
    basis = own[0].text if own else browser.find_element(By.CSS_SELECTOR, ".chapter-basis").text
    assert basis.startswith(based.strip()) and rule["basis"][0] in basis


@pytest.mark.parametrize("language,heading", [("en", "By edition of Apple's guidelines"), ("zh", "按 Apple 指南版本")])
def test_the_changelog_has_a_view_per_edition(site, browser, language, heading):
    browser.get(url(site, f"{language}/changelog.html"))
    assert browser.find_element(By.ID, "by-edition").text == heading
    rules = catalog(site)["rules"]
    for edition in ("iPhone OS 3", "iOS 7", "iOS 9", "iOS 12", "iOS 13"):
        anchor = "edition-" + "".join(c if c.isalnum() else "-" for c in edition.lower())
        section = browser.find_element(By.CSS_SELECTOR, f'section[aria-labelledby="{anchor}"]')
        count = sum(1 for r in rules if r["introducedIn"] == edition)
        assert str(count) in section.find_element(By.CSS_SELECTOR, "p").text
        assert section.find_elements(By.CSS_SELECTOR, ".edition-chapters a")
    # A retired rule appears under the edition whose guidance replaced it, linking to the replacement.
    retired = browser.find_elements(By.CSS_SELECTOR, ".edition .change-list li")
    assert any("→" in li.text for li in retired)


def test_search_filters_by_edition_and_keeps_it_in_the_url(site, browser):
    editions = {r["url"]["en"]: r["introducedIn"] for r in catalog(site)["rules"]}
    browser.get(url(site, "en/search.html") + "?q=" + urllib.parse.quote("sheet"))
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    everything = len(browser.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    Select(browser.find_element(By.ID, "search-edition")).select_by_value("iOS 15")
    WebDriverWait(browser, 5).until(lambda d: 0 < len(d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS)) < everything)
    assert "edition=iOS+15" in browser.current_url or "edition=iOS%2015" in browser.current_url
    hrefs = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, RESULT_LINKS)]
    root = site.as_uri() + "/"
    for href in hrefs:
        assert href.startswith(root)
        assert editions.get(href[len(root):]) == "iOS 15", href
    browser.refresh()
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, RESULT_ITEMS))
    assert Select(browser.find_element(By.ID, "search-edition")).first_selected_option.get_attribute("value") == "iOS 15"
