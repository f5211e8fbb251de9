#!/usr/bin/env python3
"""A deterministic synthetic handbook in the authoring format: N chapters per language spread
over seven parts, 2-4 KB of Markdown each, with sections, rules, cross-links between chapters
and glossary terms. Used by the build benchmark and the fault tests.

    python3 benchmarks/synthetic.py N OUTPUT_CONTENT_FOLDER
"""
import pathlib
import random
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
PARTS = ["foundations", "patterns", "interaction", "bars", "views", "controls", "technologies"]
ZH_WORDS = ("导航 标签 按钮 视图 控件 列表 内容 用户 界面 操作 设置 搜索 图标 文字 颜色 布局 手势 提示 菜单 "
            "屏幕 状态 选择 输入 反馈 动画 层级 信息 方向 工具 表格").split()
EN_WORDS = ("navigation tab button view control list content people interface action setting search icon "
            "text color layout gesture alert menu screen status choice input feedback animation hierarchy "
            "information orientation toolbar table").split()
TERMS = ["navigation-bar", "tab-bar", "toolbar", "button", "alert", "table-view"]


def sentence(rng, words, chinese):
    picked = [rng.choice(words) for _ in range(rng.randint(8, 16))]
    return ("".join(picked) + "。") if chinese else (" ".join(picked).capitalize() + ".")


def paragraph(rng, words, chinese, count):
    return ("" if chinese else " ").join(sentence(rng, words, chinese) for _ in range(count))


def chapter(index, n, language):
    rng = random.Random(index * 7919 + (0 if language == "zh" else 1))
    structure = random.Random(index)  # the same shape in both languages
    part = PARTS[index % len(PARTS)]
    slug = f"chapter-{index:05d}"
    chinese = language == "zh"
    words = ZH_WORDS if chinese else EN_WORDS
    related = sorted({f"{PARTS[j % len(PARTS)]}/chapter-{j:05d}" for j in (structure.randrange(n), structure.randrange(n))} - {f"{part}/{slug}"})
    title = (f"合成章节 {index}" if chinese else f"Synthetic chapter {index}")
    lines = ["---", f"id: {part}/{slug}", f"title: \"{title}\"",
             f"summary: \"{sentence(rng, words, chinese)}\"", f"weight: {index}", "edition: iOS 12",
             "status: current", f"related: [{', '.join(related)}]", "---", "",
             paragraph(rng, words, chinese, 3), ""]
    for s in range(structure.randint(2, 3)):
        lines += [f"## {'小节' if chinese else 'Section'} {s + 1} {{#section-{s + 1}}}", "",
                  paragraph(rng, words, chinese, 4), ""]
        for r in range(structure.randint(1, 3)):
            kind = structure.choice(["DO", "AVOID", "CONSIDER"])
            target = structure.randrange(n)
            term = structure.choice(TERMS)
            lines += [f"> [!{kind} rule-{s + 1}-{r + 1}] {sentence(rng, words, chinese)[:-1]}",
                      f"> {paragraph(rng, words, chinese, 2)} "
                      f"[[{PARTS[target % len(PARTS)]}/chapter-{target:05d}]] [[term:{term}]]", ""]
    return part, slug, "\n".join(lines) + "\n"


def generate(n, output):
    output = pathlib.Path(output)
    if output.exists():
        shutil.rmtree(output)
    for language in ("zh", "en"):
        for weight, part in enumerate(PARTS, 1):
            folder = output / language / part
            folder.mkdir(parents=True)
            (folder / "_index.md").write_text(
                f"---\ntitle: \"{part}\"\nsummary: \"{part} ({language})\"\nweight: {weight}\n---\n", encoding="utf-8")
        for index in range(n):
            part, slug, text = chapter(index, n, language)
            (output / language / part / f"{slug}.md").write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "content/glossary.yaml", output / "glossary.yaml")
    return output


if __name__ == "__main__":
    generate(int(sys.argv[1]), sys.argv[2])
