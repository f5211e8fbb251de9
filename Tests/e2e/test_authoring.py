"""An author's day, on the command line: start a handbook outside the repository, add a chapter in
both languages, edit one language and see the warning with both locations, accept it, and write
a callout and a broken front matter."""
import subprocess

from conftest import REPO


def run(binary, *arguments, cwd):
    return subprocess.run([binary, *arguments], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_init_new_chapter_edit_one_language_and_accept(binary, tmp_path):
    made = run(binary, "init", "guides", "--templates", str(REPO / "templates"), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    root = tmp_path / "guides"
    built = run(binary, "build", cwd=root)
    assert built.returncode == 0, built.stderr
    assert (root / "_site" / "en" / "guide" / "getting-started.html").exists()
    clean = run(binary, "check", cwd=root)
    assert clean.returncode == 0 and "warning" not in clean.stderr, clean.stderr

    added = run(binary, "new", "chapter", "guide/toggles", "--title", "en=Toggles", "zh=开关", cwd=root)
    assert added.returncode == 0, added.stderr
    for language in ("en", "zh"):
        assert "{#overview}" in (root / "content" / language / "guide" / "toggles.md").read_text(encoding="utf-8")
    lock = (root / "content" / "translations.lock").read_text(encoding="utf-8")
    assert "guide.toggles.first-rule " in lock and "guide/toggles#overview " in lock
    assert run(binary, "check", cwd=root).stderr.count("warning") == 0

    # Editing the English rule alone: the Chinese one may be out of date, with both places named.
    english = root / "content" / "en" / "guide" / "toggles.md"
    english.write_text(english.read_text(encoding="utf-8").replace("in one or two sentences", "in a sentence"), encoding="utf-8")
    lagging = run(binary, "check", cwd=root)
    assert "content/zh/guide/toggles.md:" in lagging.stderr and "content/en/guide/toggles.md:" in lagging.stderr
    assert "translations accept guide.toggles.first-rule" in lagging.stderr
    accepted = run(binary, "translations", "accept", "guide/toggles", cwd=root)
    assert accepted.returncode == 0, accepted.stderr
    assert "warning" not in run(binary, "check", cwd=root).stderr

    # A duplicate is refused with a clear message, and a missing part is named.
    assert "exists already" in run(binary, "new", "chapter", "guide/toggles", cwd=root).stderr
    assert "new part widgets" in run(binary, "new", "chapter", "widgets/clock", cwd=root).stderr


def test_a_broken_front_matter_is_reported_with_the_files_other_errors(binary, tmp_path):
    made = run(binary, "init", "guides", "--templates", str(REPO / "templates"), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    root = tmp_path / "guides"
    chapter = root / "content" / "en" / "guide" / "getting-started.md"
    text = chapter.read_text(encoding="utf-8")
    text = text.replace("weight: 10", "weight: [10").replace("{#overview}", "{#Overview}")
    chapter.write_text(text, encoding="utf-8")
    result = run(binary, "check", cwd=root)
    assert result.returncode != 0
    assert "content/en/guide/getting-started.md:" in result.stderr and "malformed YAML" in result.stderr
    assert "invalid anchor 'Overview'" in result.stderr  # and the body's, in the same run
    assert "has no English version" not in result.stderr  # the chapter is still known


def test_a_callout_of_each_kind_is_rendered_and_searchable(binary, tmp_path):
    made = run(binary, "init", "guides", "--templates", str(REPO / "templates"), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    root = tmp_path / "guides"
    kinds = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"]
    for language in ("en", "zh"):
        chapter = root / "content" / language / "guide" / "getting-started.md"
        callouts = "".join(f"\n> [!{kind}]\n> Callout {kind.lower()} text.\n" for kind in kinds)
        chapter.write_text(chapter.read_text(encoding="utf-8") + callouts, encoding="utf-8")
    built = run(binary, "build", cwd=root)
    assert built.returncode == 0 and "warning" not in built.stderr, built.stderr
    page = (root / "_site" / "en" / "guide" / "getting-started.html").read_text(encoding="utf-8")
    for kind, label in zip(kinds, ["Note", "Tip", "Important", "Warning", "Caution"]):
        assert f'<aside class="callout {kind.lower()}" role="note"><p class="callout-label">{label}</p>' in page
    assert "[!NOTE]" not in page
    index = (root / "_site" / "en" / "search-index.js").read_text(encoding="utf-8")
    assert "Callout warning text." in index and "[!WARNING]" not in index
