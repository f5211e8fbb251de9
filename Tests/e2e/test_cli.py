"""The command line tools on the real handbook: `rules` queries and the MCP server."""
import csv
import io
import json
import os
import re
import subprocess
import sys

import pytest
import yaml

from conftest import REPO


def rules(binary, site, *arguments):
    result = subprocess.run([binary, "rules", "--catalog", str(site / "rules.json"), *arguments],
                            capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_rules_answers_a_chinese_mid_word_query(binary, site):
    answers = json.loads(rules(binary, site, "航栏", "--language", "zh"))
    assert answers, "no rule found for 航栏"
    assert any(answer["chapter"] == "bars/navigation-bar" for answer in answers)
    for answer in answers:
        assert answer["permalink"].startswith("zh/") and "#" in answer["permalink"]
        assert answer["id"].count(".") == 2


def test_rules_answers_a_traditional_query_like_the_simplified_one(binary, site):
    traditional = json.loads(rules(binary, site, "導航欄", "--language", "zh"))
    simplified = json.loads(rules(binary, site, "导航栏", "--language", "zh"))
    assert traditional and [a["id"] for a in traditional] == [a["id"] for a in simplified]


def test_rules_filters_and_formats(binary, site):
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    expected = sorted(r["id"] for r in catalog["rules"] if r["scope"] == "bars" and r["kind"] == "avoid")
    text = rules(binary, site, "--scope", "bars", "--kind", "avoid", "--format", "csv")
    # A byte-order mark first, so that Excel and WPS read the Chinese as UTF-8.
    assert text.startswith("\ufeff")
    table = list(csv.reader(io.StringIO(text[1:])))
    assert table[0][:3] == ["id", "kind", "status"]
    assert sorted(row[0] for row in table[1:]) == expected
    checklist = rules(binary, site, "--chapter", "bars/tab-bar", "--format", "markdown", "--language", "zh",
                      "--base-url", "https://example.com/hig/")
    tab_bar = [r for r in catalog["rules"] if r["chapter"] == "bars/tab-bar"]
    assert checklist.count("- [ ] ") == len(tab_bar)
    assert "(https://example.com/hig/zh/bars/tab-bar.html#" in checklist
    legacy = json.loads(rules(binary, site, "--status", "legacy"))
    assert legacy and all(answer["status"] == "legacy" and answer["note"] for answer in legacy)


def test_rules_csv_round_trips_chinese_text(binary, site):
    """The CSV a reviewer opens in a spreadsheet holds every rule's Chinese title and text intact."""
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    raw = subprocess.run([binary, "rules", "--catalog", str(site / "rules.json"), "--language", "zh", "--format", "csv"],
                         check=True, capture_output=True).stdout
    assert raw.startswith(b"\xef\xbb\xbf")
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    by_id = {row[0]: row for row in table[1:]}
    assert len(by_id) == len(catalog["rules"])
    for rule in catalog["rules"]:
        title = by_id[rule["id"]][5]
        # A title that a spreadsheet would read as a formula carries a leading apostrophe.
        assert title.removeprefix("'") == rule["title"]["zh-Hans"]
        assert by_id[rule["id"]][6].removeprefix("'") == rule["text"]["zh-Hans"]


def test_rules_rejects_an_unknown_scope(binary, site):
    result = subprocess.run([binary, "rules", "--catalog", str(site / "rules.json"), "--scope", "nope"],
                            capture_output=True, text=True, cwd=REPO)
    assert result.returncode != 0 and "unknown scope 'nope'" in result.stderr


def run_rules(binary, site, *arguments):
    return subprocess.run([binary, "rules", "--catalog", str(site / "rules.json"), *arguments],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def reading_order(catalog, rules):
    scopes = {scope["id"]: scope["weight"] for scope in catalog["scopes"]}
    chapters = {chapter["id"]: chapter["weight"] for chapter in catalog["chapters"]}
    return sorted(rules, key=lambda r: (scopes[r["scope"]], chapters[r["chapter"]], r["chapter"], r["position"]))


def test_rules_lists_in_reading_order_not_by_id(binary, site):
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    listed = [answer["id"] for answer in json.loads(rules(binary, site, "--scope", "bars"))]
    expected = [r["id"] for r in reading_order(catalog, [r for r in catalog["rules"] if r["scope"] == "bars"])]
    assert listed == expected and listed != sorted(listed)
    # A chapter's rules as its page shows them: the first is the first on the page.
    buttons = [answer["id"] for answer in json.loads(rules(binary, site, "--chapter", "controls/buttons"))]
    assert buttons[0] == "controls.buttons.verb-titles"
    html = (site / "en/controls/buttons.html").read_text(encoding="utf-8")
    anchors = [html.index(f'id="{rule_id.split(".")[-1]}"') for rule_id in buttons]
    assert anchors == sorted(anchors)


def test_rules_suggests_the_nearest_chapter_scope_and_tag(binary, site):
    chapter = run_rules(binary, site, "--chapter", "bars/tab-bra")
    assert chapter.returncode != 0 and "unknown chapter 'bars/tab-bra'; did you mean 'bars/tab-bar'?" in chapter.stderr
    scope = run_rules(binary, site, "--scope", "bar")
    assert scope.returncode != 0 and "unknown scope 'bar'; did you mean 'bars'?" in scope.stderr
    tag = run_rules(binary, site, "--tag", "component:navigation-bra")
    assert tag.returncode != 0 and "did you mean 'component:navigation-bar'?" in tag.stderr


def test_rules_exits_1_with_a_message_when_nothing_matches(binary, site):
    result = run_rules(binary, site, "zzqxjv", "--scope", "bars")
    assert result.returncode == 1 and result.stdout == "" and "no rule matches" in result.stderr
    found = run_rules(binary, site, "tab bar")
    assert found.returncode == 0 and json.loads(found.stdout)


def test_rules_filters_by_tag(binary, site):
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    listed = json.loads(rules(binary, site, "--tag", "component:navigation-bar"))
    # The chapter's tag reaches every rule of the chapter; a rule elsewhere may name the component too.
    chapter = {r["id"] for r in catalog["rules"] if r["chapter"] == "bars/navigation-bar"}
    assert chapter and chapter <= {a["id"] for a in listed}
    assert len(listed) == sum(1 for r in catalog["rules"] if "component:navigation-bar" in r.get("tags", []))
    writing = [a["id"] for a in json.loads(rules(binary, site, "--tag", "topic:writing", "--chapter", "controls/buttons"))]
    assert writing == ["controls.buttons.verb-titles", "controls.buttons.title-case", "controls.buttons.short-titles"]
    accessibility = json.loads(rules(binary, site, "--tag", "topic:accessibility"))
    assert {"foundations/accessibility", "controls/buttons"} <= {a["chapter"] for a in accessibility}
    assert len(accessibility) == sum(1 for r in catalog["rules"] if "topic:accessibility" in r.get("tags", []))
    pay = json.loads(rules(binary, site, "--tag", "technology:apple-pay"))
    assert pay and {a["chapter"] for a in pay} == {"technologies/apple-pay"}
    # Every component chapter names its component, so a linter can ask for "the rules of a switch".
    untagged = {r["chapter"] for r in catalog["rules"] if r["chapter"].split("/")[0] in {"bars", "controls", "views"}
                and not any(t.startswith("component:") for t in r.get("tags", []))}
    assert not untagged, untagged
    # Tools pick rules by tag, so nearly every rule must carry one (issue #28: at least 90 %).
    tagged = sum(1 for r in catalog["rules"] if r.get("tags"))
    assert tagged >= 0.9 * len(catalog["rules"]), f"{tagged} of {len(catalog['rules'])} rules have tags"
    # Every tag in the catalogue is in the vocabulary the site publishes with (content/tags.yaml).
    vocabulary = yaml.safe_load((REPO / "content/tags.yaml").read_text(encoding="utf-8"))
    known = {f"{facet}:{tag['id']}" for facet, tags in vocabulary.items() for tag in tags}
    assert {t for r in catalog["rules"] for t in r.get("tags", [])} <= known


def test_mcp_server_session_lists_and_calls_every_tool(binary, site):
    """A real MCP client session (the `mcp` PyPI package) over stdio."""
    import asyncio

    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=binary, args=["mcp", "--catalog", str(site / "rules.json"),
                                                         "--base-url", "https://example.com/hig/"], cwd=str(REPO))
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))

    async def session():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as client:
                info = await client.initialize()
                assert info.server_info.name == "handbookgen"
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                assert set(tools) == {"search_rules", "get_rule", "list_scopes", "list_chapters"}
                assert all(tool.description and tool.input_schema["type"] == "object" for tool in tools.values())

                found = await client.call_tool("search_rules", {"query": "標籤欄", "language": "zh", "kind": "do"})
                assert not found.is_error
                answer = json.loads(found.content[0].text)
                assert answer == found.structured_content
                assert answer["total"] >= 1 and answer["rules"]
                for rule in answer["rules"]:
                    assert rule["kind"] == "do" and rule["id"].count(".") == 2
                    assert rule["permalink"].startswith("https://example.com/hig/zh/")
                assert any(rule["chapter"] == "bars/tab-bar" for rule in answer["rules"])

                first = catalog["rules"][0]
                got = await client.call_tool("get_rule", {"id": first["id"], "language": "en"})
                rule = json.loads(got.content[0].text)
                assert rule["id"] == first["id"] and rule["text"] == first["text"]["en"]
                assert rule["permalink"] == "https://example.com/hig/" + first["url"]["en"]
                missing = await client.call_tool("get_rule", {"id": "bars.tab-bar.no-such-rule"})
                assert missing.is_error and "no rule 'bars.tab-bar.no-such-rule'" in missing.content[0].text

                scopes = json.loads((await client.call_tool("list_scopes", {"language": "zh"})).content[0].text)["scopes"]
                assert [s["id"] for s in scopes] == [s["id"] for s in catalog["scopes"]]
                assert sum(s["rules"] for s in scopes) == len(catalog["rules"])

                chapters = json.loads((await client.call_tool("list_chapters", {"scope": "bars"})).content[0].text)["chapters"]
                assert {c["id"] for c in chapters} == {c["id"] for c in catalog["chapters"] if c["scope"] == "bars"}
                assert all(c["permalink"].startswith("https://example.com/hig/en/bars/") for c in chapters)

    asyncio.run(asyncio.wait_for(session(), 60))


def copy_handbook(folder):
    """The repository's handbook (configuration, content, templates, baseline) in `folder`."""
    import shutil
    for name in ("content", "templates", "baseline"):
        shutil.copytree(REPO / name, folder / name)
    shutil.copy(REPO / "handbook.yaml", folder / "handbook.yaml")


def test_check_applies_the_configured_baseline_without_a_flag(binary, tmp_path):
    """handbook.yaml names the published catalogue: renaming a published rule fails `check`."""
    copy_handbook(tmp_path)
    for language in ("zh", "en"):
        path = tmp_path / "content" / language / "controls" / "buttons.md"
        text = path.read_text(encoding="utf-8")
        assert "[!DO short-titles]" in text
        path.write_text(text.replace("[!DO short-titles]", "[!DO brief-titles]", 1), encoding="utf-8")
    checked = subprocess.run([binary, "check"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert checked.returncode != 0
    assert "controls.buttons.short-titles" in checked.stderr
    unchecked = subprocess.run([binary, "check", "--no-baseline"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    # Without the baseline the rename is no longer a removed published rule (the changelog, which
    # names the rule in a release, still notices it).
    assert "was published and is missing" not in unchecked.stderr, unchecked.stderr
    assert "baseline/rules.json" not in unchecked.stderr, unchecked.stderr


def test_check_writes_diagnostics_as_json_for_editors(binary, tmp_path):
    """`--diagnostics-format json`: one document on standard error with each problem's stable
    id, range and "did you mean" edit; a clean check gives an empty document."""
    copy_handbook(tmp_path)
    path = tmp_path / "content" / "en" / "controls" / "buttons.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nweight:", "\nwieght:", 1), encoding="utf-8")
    checked = subprocess.run([binary, "check", "--diagnostics-format", "json"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=300)
    assert checked.returncode == 1
    document = json.loads(checked.stderr)
    assert document["errors"] >= 1
    unknown = [d for d in document["diagnostics"] if d["id"] == "front-matter.unknown-key"]
    assert len(unknown) == 1, document
    line = text.split("\n").index(next(l for l in text.split("\n") if l.startswith("weight:"))) + 1
    assert (unknown[0]["file"], unknown[0]["line"], unknown[0]["column"], unknown[0]["endColumn"]) == \
        ("content/en/controls/buttons.md", line, 1, 7)
    assert unknown[0]["fixIts"][0]["replacement"] == "weight"
    assert all(d["id"] != "unclassified" for d in document["diagnostics"]), document
    clean = subprocess.run([binary, "check", "--diagnostics-format", "json", "--content", str(REPO / "content")],
                           cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert clean.returncode == 0 and json.loads(clean.stderr) == {"diagnostics": [], "errors": 0, "warnings": 0}


def test_mcp_server_serves_chapters_as_resources_and_a_review_prompt(binary, site):
    """The reference client lists the chapters and the prompt, reads a chapter in each language
    (zh-Hans, and zh for it) and gets the review prompt; the tools declare their output, which
    the client checks every structured answer against."""
    import asyncio

    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=binary, args=["mcp", "--catalog", str(site / "rules.json"),
                                                         "--base-url", "https://example.com/hig/"], cwd=str(REPO))
    catalog = json.loads((site / "rules.json").read_text(encoding="utf-8"))

    async def session():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as client:
                info = await client.initialize()
                assert info.capabilities.resources is not None and info.capabilities.prompts is not None
                resources = (await client.list_resources()).resources
                assert len(resources) == len(catalog["chapters"]) * len(catalog["languages"])
                uris = {str(resource.uri) for resource in resources}
                assert "handbook://chapter/zh-Hans/bars/navigation-bar" in uris and "handbook://chapter/en/controls/buttons" in uris
                assert all(resource.mime_type == "text/markdown" for resource in resources)

                chapter = next(c for c in catalog["chapters"] if c["id"] == "controls/buttons")
                rules = [r for r in catalog["rules"] if r["chapter"] == "controls/buttons"]
                for tag, asked in (("zh-Hans", "zh"), ("en", "en")):
                    contents = (await client.read_resource(f"handbook://chapter/{asked}/controls/buttons")).contents
                    text = contents[0].text
                    assert str(contents[0].uri) == f"handbook://chapter/{tag}/controls/buttons"
                    assert text.startswith(f"# {chapter['title'][tag]}\n\nhttps://example.com/hig/{chapter['url'][tag]}\n")
                    positions = [text.index(f"- id: {rule['id']}\n") for rule in sorted(rules, key=lambda r: r["position"])]
                    assert positions == sorted(positions)
                    for rule in rules:
                        assert f"- url: https://example.com/hig/{rule['url'][tag]}\n" in text
                        if "sectionTitle" in rule:
                            assert f"\n## {rule['sectionTitle'][tag]}\n" in text
                from mcp.shared.exceptions import MCPError
                try:
                    await client.read_resource("handbook://chapter/en/controls/butons")
                    raise AssertionError("an unknown chapter was read")
                except MCPError as error:
                    assert "did you mean 'controls/buttons'" in str(error)

                prompts = (await client.list_prompts()).prompts
                assert [p.name for p in prompts] == ["review_design"]
                assert {a.name: a.required for a in prompts[0].arguments} == {"description": True, "language": False}
                prompt = await client.get_prompt("review_design", {"description": "设置页顶部是导航栏，右上角放一个编辑按钮。",
                                                                   "language": "zh-Hans"})
                text = prompt.messages[0].content.text
                assert prompt.messages[0].role == "user" and "引用规范的 id" in text
                cited = re.findall(r"`([a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+)` — (https://\S+)", text)
                assert cited and any(rule_id.startswith("bars.navigation-bar.") for rule_id, _ in cited)
                by_id = {r["id"]: r for r in catalog["rules"]}
                for rule_id, link in cited:
                    assert link == "https://example.com/hig/" + by_id[rule_id]["url"]["zh-Hans"]

                tools = (await client.list_tools()).tools
                assert all(tool.output_schema and tool.output_schema["type"] == "object" for tool in tools)
                language = next(t for t in tools if t.name == "get_rule").input_schema["properties"]["language"]
                assert language["enum"][:2] == ["zh-Hans", "en"] and "zh" in language["enum"]
                got = await client.call_tool("get_rule", {"id": "controls.buttons.verb-titles", "language": "zh-Hans"})
                assert not got.is_error and got.structured_content["tags"] == sorted(by_id["controls.buttons.verb-titles"]["tags"])
                # Examples in the language asked for; measures as rules.json gives them.
                assert got.structured_content["examples"] == [
                    {"kind": e["kind"], "text": e["text"]["zh-Hans"]} for e in by_id["controls.buttons.verb-titles"]["examples"]]
                target = await client.call_tool("get_rule", {"id": "foundations.layout.minimum-touch-target", "language": "en"})
                assert target.structured_content["measures"] == by_id["foundations.layout.minimum-touch-target"]["measures"]
                found = await client.call_tool("search_rules", {"tag": "topic:accessibility", "limit": 200})
                assert not found.is_error and found.structured_content["total"] == sum(
                    1 for r in catalog["rules"] if "topic:accessibility" in r.get("tags", []))

    asyncio.run(asyncio.wait_for(session(), 60))


@pytest.mark.skipif(sys.platform != "linux", reason="jemalloc is the executable's malloc on Linux only")
def test_the_executable_allocates_with_jemalloc_and_its_options(binary):
    # jemalloc prints its statistics at exit when asked: only if it is the process's malloc
    # (linked before glibc) and with the options Sources/CJemalloc/options.c gives it.
    result = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "MALLOC_CONF": "stats_print:true"})
    assert result.returncode == 0, result.stderr
    assert "jemalloc statistics" in result.stderr, "glibc's malloc served the process, not jemalloc"
    for option in (r"opt\.dirty_decay_ms: 300\b", r"opt\.narenas: 1\b"):
        assert re.search(option, result.stderr), f"options.c's malloc_conf was not read ({option})"
