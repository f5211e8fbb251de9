"""rules.json is a contract with other tools: it must validate against its schema and every
rule must be complete in both languages and point at a real anchor."""
import json
import re

import jsonschema

from conftest import REPO


def load(site):
    return json.loads((site / "rules.json").read_text(encoding="utf-8"))


def test_rules_json_validates_against_its_schema(site):
    schema = json.loads((site / "rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(load(site))


def test_schema_on_the_site_is_the_one_in_the_repo(site):
    source = REPO / "Packages/RulesCatalog/Sources/RulesCatalog/rules.schema.json"
    assert (site / "rules.schema.json").read_bytes() == source.read_bytes()


def test_every_rule_is_bilingual_sorted_and_points_at_its_anchor(site):
    catalog = load(site)
    rules = catalog["rules"]
    assert rules, "the catalogue has no rules"
    ids = [rule["id"] for rule in rules]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    chapters = {chapter["id"] for chapter in catalog["chapters"]}
    for rule in rules:
        assert rule["chapter"] in chapters
        assert rule["id"].startswith(rule["chapter"].replace("/", ".") + ".")
        for language in ("zh-Hans", "en"):
            assert rule["title"][language].strip() and rule["text"][language].strip(), rule["id"]
            page, anchor = rule["url"][language].split("#")
            html = (site / page).read_text(encoding="utf-8")
            assert f'id="{anchor}"' in html, f"{rule['id']}: no anchor {anchor} in {page}"
        # Plain text, no Markdown syntax left over.
        assert not re.search(r"\[\[|\]\(|\*\*", rule["text"]["en"] + rule["text"]["zh-Hans"]), rule["id"]


def test_llms_txt_lists_every_chapter_and_its_full_text_every_rule(site):
    import urllib.parse
    catalog = load(site)
    root = (site / "llms.txt").read_text(encoding="utf-8")
    assert root.startswith("# ") and "\n> " in root
    for folder, tag in (("zh", "zh-Hans"), ("en", "en")):
        index_path = site / folder / "llms.txt"
        index = index_path.read_text(encoding="utf-8")
        assert f"({folder}/llms.txt)" in root
        links = re.findall(r"\]\(([^)]+)\)", index)
        for link in links:  # every link resolves from the file that holds it
            assert (index_path.parent / urllib.parse.unquote(link.split("#")[0])).resolve().is_file(), link
        for chapter in catalog["chapters"]:
            assert f"[{chapter['title'][tag]}]" in index, chapter["id"]
            assert f"({chapter['url'][tag].removeprefix(folder + '/')})" in index, chapter["id"]
        full = (site / folder / "llms-full.txt").read_text(encoding="utf-8")
        for rule in catalog["rules"]:
            assert f"- id: {rule['id']}\n" in full, rule["id"]
            assert rule["title"][tag] in full


def test_catalogue_1_3_fields_release_sections_positions_and_tags(site):
    import yaml
    catalog = load(site)
    assert catalog["schemaVersion"] == "1.4.0"
    releases = yaml.safe_load((REPO / "content/changelog.yaml").read_text(encoding="utf-8"))
    assert (catalog["version"], catalog["released"]) == (releases[-1]["version"], releases[-1]["date"])
    vocabulary = yaml.safe_load((REPO / "content/tags.yaml").read_text(encoding="utf-8"))
    known = {f"{facet}:{tag['id']}" for facet, tags in vocabulary.items() for tag in tags}
    by_chapter = {}
    for rule in catalog["rules"]:
        by_chapter.setdefault(rule["chapter"], []).append(rule["position"])
        assert ("sectionTitle" in rule) == (rule.get("section") is not None), rule["id"]
        if "sectionTitle" in rule:
            page, anchor = rule["url"]["en"].split("#")
            html = (site / page).read_text(encoding="utf-8")
            assert f'id="{rule["section"]}"' in html
        if "tags" in rule:
            assert rule["tags"] == sorted(set(rule["tags"])) and set(rule["tags"]) <= known, rule["id"]
    for positions in by_chapter.values():
        assert sorted(positions) == list(range(1, len(positions) + 1))
    chapters = {chapter["id"]: chapter for chapter in catalog["chapters"]}
    for tagged in ("bars/navigation-bar", "controls/buttons", "foundations/accessibility"):
        assert set(chapters[tagged]["tags"]) <= known
        for rule in catalog["rules"]:
            if rule["chapter"] == tagged:
                assert set(chapters[tagged]["tags"]) <= set(rule["tags"]), rule["id"]
    assert "topic:writing" in next(r for r in catalog["rules"] if r["id"] == "controls.buttons.verb-titles")["tags"]


EN_NUMBERS = {1: ("one", "single"), 2: ("two",), 3: ("three",), 4: ("four",), 5: ("five",), 7: ("seven",),
              10: ("ten", "tenth"), 20: ("twenty",)}
ZH_NUMBERS = {1: ("一",), 2: ("两", "二"), 3: ("三",), 4: ("四",), 5: ("五",), 7: ("七",), 10: ("十",), 20: ("二十",)}


def states(text, value, words):
    """Whether `text` states `value`: in digits (44, 4.5) or in words (five, 五; 10 percent as a tenth)."""
    digits = f"{value:g}"
    return (re.search(rf"(?<![0-9.]){re.escape(digits)}(?![0-9])", text) is not None
            or any(word in text for word in words.get(value, ())))


def test_catalogue_1_4_measures_state_the_rules_numbers(site):
    catalog = load(site)
    assert tuple(map(int, catalog["schemaVersion"].split("."))) >= (1, 4, 0)
    measured = [rule for rule in catalog["rules"] if "measures" in rule]
    assert len(measured) >= 30
    for rule in measured:
        for measure in rule["measures"]:
            # Each number is one the rule's text states, in both languages.
            assert states(rule["title"]["en"] + " " + rule["text"]["en"], measure["value"], EN_NUMBERS), (rule["id"], measure)
            assert states(rule["title"]["zh-Hans"] + rule["text"]["zh-Hans"], measure["value"], ZH_NUMBERS), (rule["id"], measure)
    by_id = {rule["id"]: rule for rule in catalog["rules"]}
    assert {"applies": "touch-target", "comparison": "min", "unit": "pt", "value": 44} in by_id["foundations.layout.minimum-touch-target"]["measures"]
    assert {"applies": "contrast", "comparison": "min", "unit": "ratio", "value": 4.5} in by_id["foundations.dark-mode.contrast-ratio"]["measures"]


def test_catalogue_1_4_examples_quote_the_rules_text(site):
    catalog = load(site)
    for rule in catalog["rules"]:
        examples = rule.get("examples", [])
        kinds = [example["kind"] for example in examples]
        assert kinds == sorted(kinds, key=["good", "bad"].index), rule["id"]
        for example in examples:
            for language in catalog["languages"]:
                # An example is wording the rule itself quotes, so the card and the catalogue agree.
                assert example["text"][language] in rule["text"][language] + rule["title"][language], (rule["id"], language, example)


def test_glossary_json_validates_and_holds_every_term(site):
    import yaml
    schema = json.loads((site / "glossary.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    glossary = json.loads((site / "glossary.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(glossary)
    assert (site / "glossary.schema.json").read_bytes() == (REPO / "Packages/RulesCatalog/Sources/RulesCatalog/glossary.schema.json").read_bytes()
    entries = yaml.safe_load((REPO / "content/glossary.yaml").read_text(encoding="utf-8"))
    ids = [term["id"] for term in glossary["terms"]]
    assert ids == sorted(ids) and set(ids) == {entry["id"] for entry in entries}
    navigation_bar = next(term for term in glossary["terms"] if term["id"] == "navigation-bar")
    source = next(entry for entry in entries if entry["id"] == "navigation-bar")
    assert navigation_bar["term"] == {"zh-Hans": source["zh"], "en": source["en"], "zh-Hant": source["zh-Hant"]}
    assert navigation_bar["definition"]["en"] == source["note"]["en"]


def test_llms_full_gives_each_chapter_as_it_reads(site):
    """Opening, sections and tables in order, each rule's block in its section."""
    catalog = load(site)
    full = (site / "en" / "llms-full.txt").read_text(encoding="utf-8")
    start = full.index("\n### Buttons\n")
    chapter = full[start:full.index("\n### ", start + 1)]
    rules = sorted((r for r in catalog["rules"] if r["chapter"] == "controls/buttons"), key=lambda r: r["position"])
    # The opening comes before the first section, the info button's table before its rule.
    assert chapter.index("initiates a specific action") < chapter.index("\n#### System buttons\n")
    assert "| Light | light glyph | dark backgrounds |" in chapter
    assert chapter.index("| Light | light glyph |") < chapter.index("- id: controls.buttons.info-button-contrast\n")
    positions = [chapter.index(f"- id: {rule['id']}\n") for rule in rules]
    assert positions == sorted(positions)
    for rule in rules:
        if "sectionTitle" in rule:
            assert chapter.rindex(f"#### {rule['sectionTitle']['en']}\n", 0, chapter.index(f"- id: {rule['id']}\n")) >= 0
    # No cross-link syntax or raw HTML left in the prose.
    assert "[[" not in full and "<div" not in full


def test_a_consumer_package_resolves_rules_catalog_alone(site, tmp_path):
    """The README's example: a tool depending on the RulesCatalog package resolves that package
    only, builds, and reads the site's rules.json with it."""
    import shutil
    import subprocess

    if shutil.which("swift") is None:
        import pytest
        pytest.skip("needs a Swift toolchain")
    package = tmp_path / "lint"
    (package / "Sources/Lint").mkdir(parents=True)
    (package / "Package.swift").write_text(f'''// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Lint",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "{REPO / 'Packages/RulesCatalog'}")],
    targets: [.executableTarget(name: "Lint", dependencies: [.product(name: "RulesCatalog", package: "RulesCatalog")])]
)
''', encoding="utf-8")
    (package / "Sources/Lint/main.swift").write_text('''import Foundation
import RulesCatalog
let catalog = try Catalog.decode(from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
let avoid = catalog.rules(scope: "bars", kind: .avoid, status: .current)
print("\\(catalog.rules.count) rules, \\(avoid.count) to avoid in bars, first: \\(catalog.rules.first?.id ?? "-")")
''', encoding="utf-8")
    dependencies = subprocess.run(["swift", "package", "show-dependencies", "--format", "json"], cwd=package,
                                  capture_output=True, text=True, timeout=600, check=True)
    graph = json.loads(dependencies.stdout[dependencies.stdout.index("{"):])
    names = []

    def walk(node):
        for child in node.get("dependencies", []):
            names.append(child["name"])
            walk(child)
    walk(graph)
    assert names == ["RulesCatalog"], names
    run = subprocess.run(["swift", "run", "--quiet", "Lint", str(site / "rules.json")], cwd=package,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    catalog = load(site)
    expected_avoid = sum(1 for rule in catalog["rules"] if rule["scope"] == "bars" and rule["kind"] == "avoid"
                         and rule["status"] == "current")
    assert run.stdout.strip() == (f"{len(catalog['rules'])} rules, {expected_avoid} to avoid in bars, "
                                  f"first: {catalog['rules'][0]['id']}")
    assert not (package / "Package.resolved").exists() or "pins" not in (package / "Package.resolved").read_text() \
        or json.loads((package / "Package.resolved").read_text())["pins"] == []
