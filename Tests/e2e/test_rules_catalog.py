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
    source = REPO / "Sources/RulesCatalog/rules.schema.json"
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


def test_glossary_json_validates_and_holds_every_term(site):
    import yaml
    schema = json.loads((site / "glossary.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    glossary = json.loads((site / "glossary.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(glossary)
    assert (site / "glossary.schema.json").read_bytes() == (REPO / "Sources/RulesCatalog/glossary.schema.json").read_bytes()
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
