"""One ranking everywhere (issue #28): for every query of the shared rule query set
(Tests/shared/rule-ranking-queries.json), the site search, `HandbookGen rules` and the MCP
server's search_rules give the same top 10 rules in the same order, and the expected rule first.

Made fair, as each is used:
- The site is asked on its search page restricted to rules (`search.html?q=…&scope=rules`),
  which shows current rules only until another status is chosen; the command and the server are
  asked for `status: current`, in the query's language.
- The search page groups its results by page (a chapter's rules together, groups in the order of
  their best result), which reorders them: the ranked order is read from `HandbookSearch.search`,
  the same search the page runs and then groups, and the page's first link must be that order's
  first rule.
"""
import json
import pathlib
import subprocess
import urllib.parse

from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, console_errors, ensure_search, url
from test_mcp_protocol import INIT, INITIALIZED

QUERIES = json.loads((REPO / "Tests/shared/rule-ranking-queries.json").read_text(encoding="utf-8"))
TAGS = {"zh": "zh-Hans", "en": "en"}
TOP = 10


def rule_ids_by_url(site):
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    return {link: rule["id"] for rule in catalog["rules"] for link in rule["url"].values()}


def site_rankings(site, browser):
    """Per query: the ranked rule ids, and the rule the page shows first."""
    ids = rule_ids_by_url(site)
    answers = []
    for case in QUERIES:
        query = urllib.parse.urlencode({"q": case["query"], "scope": "rules"})
        browser.get(url(site, f"{case['language']}/search.html") + "?" + query)
        ensure_search(browser)
        ranked = browser.execute_script("return HandbookSearch.search(arguments[0])", case["query"])
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(
            "return document.querySelector('#search-page .search-results a') !== null"))
        shown = browser.execute_script(
            "return document.querySelector('#search-page .search-results a').getAttribute('href')")
        first_shown = ids.get(shown.split("/", 1)[1] if shown.startswith("../") else shown)
        answers.append(([ids[link] for link in ranked[:TOP]], first_shown))
    assert console_errors(browser) == []
    return answers


def cli_ranking(binary, site, case):
    result = subprocess.run([binary, "rules", "--catalog", str(site / "rules.json"), "--status", "current",
                             "--language", case["language"], "--format", "json", case["query"]],
                            capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, (case, result.stderr)
    return [answer["id"] for answer in json.loads(result.stdout)][:TOP]


def mcp_rankings(binary, site):
    calls = [{"jsonrpc": "2.0", "id": 100 + n, "method": "tools/call",
              "params": {"name": "search_rules", "arguments": {
                  "query": case["query"], "language": TAGS[case["language"]], "status": "current", "limit": TOP}}}
             for n, case in enumerate(QUERIES)]
    text = "".join(json.dumps(line) + "\n" for line in [INIT, INITIALIZED, *calls])
    result = subprocess.run([binary, "mcp", "--catalog", str(site / "rules.json")], input=text.encode(),
                            capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr
    by_id = {answer["id"]: answer for answer in map(json.loads, result.stdout.decode().splitlines()) if "id" in answer}
    rankings = []
    for n in range(len(QUERIES)):
        answer = by_id[100 + n]["result"]
        assert answer.get("isError") is not True, answer
        rankings.append([rule["id"] for rule in answer["structuredContent"]["rules"]])
    return rankings


def test_site_cli_and_mcp_give_the_same_top_10_for_the_shared_query_set(site, browser, binary):
    assert len(QUERIES) >= 15
    assert {case["language"] for case in QUERIES} == {"zh", "en"}
    site_answers = site_rankings(site, browser)
    mcp = mcp_rankings(binary, site)
    failures = []
    for case, (ranked, first_shown), by_mcp in zip(QUERIES, site_answers, mcp):
        by_cli = cli_ranking(binary, site, case)
        label = f"{case['language']} {case['query']!r}"
        if not ranked or ranked[0] != case["first"]:
            failures.append((label, "site's first", ranked[:3], "expected", case["first"]))
        if first_shown != (ranked[0] if ranked else None):
            failures.append((label, "page shows first", first_shown, "ranked first", ranked[:1]))
        if by_cli != ranked:
            failures.append((label, "cli", by_cli, "site", ranked))
        if by_mcp != ranked:
            failures.append((label, "mcp", by_mcp, "site", ranked))
    assert failures == []
