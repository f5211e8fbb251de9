"""The Traditional Chinese (zh-Hant) edition, generated from zh-Hans at build time by OpenCC
(s2twp) with the glossary's terms and content/zh-Hant-overrides.yaml: its pages, the language
menu of three languages, its search, and the tools answering in it."""
import json
import subprocess

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, console_errors, ensure_search, url
from test_mcp_protocol import INIT, INITIALIZED, session
from test_reading import tab_until

LANGUAGES = {"zh-Hans": "zh", "en": "en", "zh-Hant": "zh-Hant"}


def test_every_chapter_has_a_zh_hant_page_in_taiwan_usage(site):
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    assert catalog["languages"] == ["zh-Hans", "en", "zh-Hant"]
    assert catalog["generated"] == {"zh-Hant": {"from": "zh-Hans", "method": "OpenCC s2twp"}}
    for chapter in catalog["chapters"]:
        page = site / chapter["url"]["zh-Hant"]
        assert page.is_file(), page
        assert chapter["generated"] == ["zh-Hant"]
    navigation_bar = (site / "zh-Hant/bars/navigation-bar.html").read_text(encoding="utf-8")
    assert '<html lang="zh-Hant">' in navigation_bar
    # The glossary's Taiwan term and the reviewed overrides, not OpenCC's own choices.
    assert "<h1>導覽列</h1>" in navigation_bar and "導航欄" not in navigation_bar
    assert "視圖" in navigation_bar and "檢視" not in navigation_bar
    for tag, folder in LANGUAGES.items():
        assert f'<link rel="alternate" hreflang="{tag}" href="../../{folder}/bars/navigation-bar.html">' in navigation_bar \
            or tag == "zh-Hant"
    rule = next(r for r in catalog["rules"] if r["id"] == "bars.navigation-bar.use-view-title")
    assert rule["title"]["zh-Hant"] == "用目前視圖的標題作為導覽列標題"
    assert rule["title"]["zh-Hans"] == "用当前视图的标题作为导航栏标题"


def test_the_language_menu_lands_on_the_same_rule_in_all_three_languages(site, browser):
    rule = "use-view-title"
    for start in LANGUAGES.values():
        for target_tag, target in LANGUAGES.items():
            if target == start:
                continue
            browser.get(url(site, f"{start}/bars/navigation-bar.html#{rule}"))
            switches = browser.find_elements(By.CSS_SELECTOR, "a.language-switch")
            assert sorted(s.get_attribute("hreflang") for s in switches) == sorted(t for t, f in LANGUAGES.items() if f != start)
            next(s for s in switches if s.get_attribute("hreflang") == target_tag).click()
            WebDriverWait(browser, 10).until(lambda d: f"/{target}/bars/navigation-bar.html" in d.current_url)
            assert browser.current_url.endswith(f"/{target}/bars/navigation-bar.html#{rule}")
            assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == target_tag
            assert browser.find_element(By.ID, rule).get_attribute("data-rule-id") == "bars.navigation-bar." + rule
    # Each rule card links to itself in the two other languages.
    browser.get(url(site, "zh-Hant/bars/navigation-bar.html"))
    card = browser.find_element(By.ID, rule)
    links = card.find_elements(By.CSS_SELECTOR, "a.other-language")
    assert [link.get_attribute("hreflang") for link in links] == ["zh-Hans", "en"]
    assert all(link.get_attribute("href").endswith(f"/bars/navigation-bar.html#{rule}") for link in links)
    assert console_errors(browser) == []


def test_the_zh_hant_search_finds_traditional_simplified_and_english_alike(site, browser):
    browser.get(url(site, "zh-Hant/index.html"))
    ensure_search(browser)
    for query in ("導覽列", "导航栏", "navigation bar", "導航欄"):
        found = browser.execute_script("return HandbookSearch.search(arguments[0])", query)
        assert found and found[0] == "zh-Hant/bars/navigation-bar.html", (query, found[:3])
    assert browser.execute_script("return HandbookSearch.search('标签栏')")[0] == "zh-Hant/bars/tab-bar.html"
    # The index is its own: every result is a zh-Hant page.
    assert all(u.startswith("zh-Hant/") for u in browser.execute_script("return HandbookSearch.search('按鈕')"))


def test_keyboard_reaches_the_zh_hant_search_and_language_menu(site, browser):
    browser.get(url(site, "zh-Hant/index.html"))
    console_errors(browser)
    field = tab_until(browser, lambda e: e.get_attribute("id") == "search-input")
    field.send_keys("导航栏")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "search-panel").is_displayed())
    field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: "/zh-Hant/bars/navigation-bar.html" in d.current_url)
    browser.get(url(site, "zh-Hant/index.html"))
    switch = tab_until(browser, lambda e: (e.get_attribute("hreflang") or "") == "zh-Hans"
                       and "language-switch" in (e.get_attribute("class") or ""))
    switch.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/zh/index.html"))
    switch = tab_until(browser, lambda e: (e.get_attribute("hreflang") or "") == "zh-Hant")
    switch.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/zh-Hant/index.html"))
    ActionChains(browser).reset_actions()
    assert console_errors(browser) == []


def test_the_glossary_and_changelog_are_converted_too(site):
    glossary = (site / "zh-Hant/glossary.html").read_text(encoding="utf-8")
    assert "位於螢幕頂部的欄" in glossary  # the navigation bar's definition, from zh-Hans
    assert "七個部分" in (site / "zh-Hant/changelog.html").read_text(encoding="utf-8")
    terms = json.loads((site / "glossary.json").read_text(encoding="utf-8"))["terms"]
    navigation_bar = next(t for t in terms if t["id"] == "navigation-bar")
    assert navigation_bar["term"]["zh-Hant"] == "導覽列" and navigation_bar["definition"]["zh-Hant"].startswith("位於螢幕頂部")


def test_llms_txt_and_the_root_page_list_zh_hant(site):
    root = (site / "index.html").read_text(encoding="utf-8")
    assert 'data-language="zh-Hant"' in root and "繁體中文" in root
    llms = (site / "zh-Hant/llms.txt").read_text(encoding="utf-8")
    assert llms.startswith("# ") and "導覽列" in llms
    assert "導覽列" in (site / "zh-Hant/llms-full.txt").read_text(encoding="utf-8")


def test_rules_and_mcp_answer_in_zh_hant(binary, site):
    def rules(*arguments):
        result = subprocess.run([binary, "rules", "--catalog", str(site / "rules.json"), *arguments],
                                capture_output=True, text=True, cwd=REPO, timeout=120)
        assert result.returncode == 0, result.stderr
        return result.stdout

    answers = json.loads(rules("导航栏", "--language", "zh-Hant"))
    assert any(a["id"] == "bars.navigation-bar.use-view-title" and a["title"] == "用目前視圖的標題作為導覽列標題" for a in answers)
    assert json.loads(rules("導覽列", "--language", "zh-TW")) == answers
    checklist = rules("--chapter", "bars/navigation-bar", "--format", "markdown", "--language", "zh-Hant")
    assert checklist.startswith("# 設計評審清單\n\n共 ") and "- [ ] **應該** " in checklist
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "get_rule", "arguments": {"id": "bars.navigation-bar.use-view-title", "language": "zh-Hant"}}}
    answer = {a["id"]: a for a in session(binary, site, [INIT, INITIALIZED, call])}[2]
    assert answer["result"]["structuredContent"]["title"] == "用目前視圖的標題作為導覽列標題"
    assert answer["result"]["structuredContent"]["permalink"].startswith("zh-Hant/")


def test_a_handbook_of_ones_own_can_generate_zh_hant_and_new_chapters_are_written_only_in_the_others(binary, tmp_path):
    def run(*arguments, cwd):
        result = subprocess.run([binary, *arguments], capture_output=True, text=True, cwd=cwd, timeout=120)
        assert result.returncode == 0, result.stderr
        return result.stdout

    run("init", "mine", "--templates", str(REPO / "templates"), cwd=tmp_path)
    root = tmp_path / "mine"
    with open(root / "handbook.yaml", "a", encoding="utf-8") as config:
        config.write("  - {code: zh-Hant, tag: zh-Hant, opencc: s2twp}\n")
    run("new", "part", "widgets", "--title", "en=Widgets", "zh=小组件", cwd=root)
    assert "content/zh-Hant" not in run("new", "chapter", "widgets/clock", cwd=root)
    assert not (root / "content" / "zh-Hant").exists()
    run("build", cwd=root)
    assert "<h1>小元件</h1>" in (root / "_site/zh-Hant/widgets/index.html").read_text(encoding="utf-8")
    assert "zh-Hant=" not in (root / "content/translations.lock").read_text(encoding="utf-8")
    # A chapter written in zh-Hant wins over the generated one.
    written = (root / "content/zh/widgets/clock.md").read_text(encoding="utf-8").replace("新章节", "時鐘")
    (root / "content/zh-Hant/widgets").mkdir(parents=True)
    (root / "content/zh-Hant/widgets/clock.md").write_text(written, encoding="utf-8")
    run("build", cwd=root)
    assert "<h1>時鐘</h1>" in (root / "_site/zh-Hant/widgets/clock.html").read_text(encoding="utf-8")
    assert "<h1>小元件</h1>" in (root / "_site/zh-Hant/widgets/index.html").read_text(encoding="utf-8")
