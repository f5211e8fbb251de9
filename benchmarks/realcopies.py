#!/usr/bin/env python3
"""The real handbook copied to N chapters per language: each part's folder repeated as
`<part>-2`, `<part>-3` … with every chapter and rule id in the copy renamed to match (front
matter, cross-links, the translation lock), so that the copy builds clean like the original.
Used by the build benchmark beside the synthetic corpus.

    python3 benchmarks/realcopies.py N OUTPUT_CONTENT_FOLDER
"""
import math
import pathlib
import re
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


def chapters_per_language(content=CONTENT):
    return len([p for p in (content / "en").rglob("*.md") if p.name != "_index.md"])


def generate(chapters: int, output: pathlib.Path, content=CONTENT) -> pathlib.Path:
    """Writes ceil(N / real chapters) copies of the real handbook into `output`; returns it."""
    shutil.rmtree(output, ignore_errors=True)
    output.mkdir(parents=True)
    languages = sorted(p.name for p in content.iterdir() if p.is_dir() and p.name != "figures")
    parts = sorted(p.name for p in (content / "en").iterdir() if p.is_dir())
    slugs = {part: sorted(p.stem for p in (content / "en" / part).glob("*.md") if p.name != "_index.md")
             for part in parts}
    copies = max(1, math.ceil(chapters / chapters_per_language(content)))
    # `bars/tab-bar` and `bars.tab-bar` (chapter and rule ids) name a chapter; nothing else does.
    pattern = re.compile(r"(?<![\w-])(%s)([/.])(%s)(?![\w-])" % (
        "|".join(map(re.escape, parts)),
        "|".join(sorted({re.escape(s) for ss in slugs.values() for s in ss}, key=len, reverse=True))))

    def renamed(text, copy):
        if copy == 1:
            return text
        return pattern.sub(lambda m: f"{m[1]}-{copy}{m[2]}{m[3]}" if m[3] in slugs[m[1]] else m[0], text)

    for item in content.iterdir():
        if item.is_file() and item.name != "translations.lock":
            shutil.copy(item, output / item.name)
    shutil.copytree(content / "figures", output / "figures")
    lock = (content / "translations.lock").read_text(encoding="utf-8").splitlines()
    header = [line for line in lock if line.startswith("#")]
    entries = [line for line in lock if line and not line.startswith("#")]
    copied_lock = list(header)
    for copy in range(1, copies + 1):
        suffix = "" if copy == 1 else f"-{copy}"
        for language in languages:
            for part in parts:
                source = content / language / part
                target = output / language / f"{part}{suffix}"
                target.mkdir(parents=True, exist_ok=True)
                for file in sorted(source.glob("*.md")):
                    (target / file.name).write_text(renamed(file.read_text(encoding="utf-8"), copy), encoding="utf-8")
        copied_lock += [renamed(line, copy) for line in entries]
    (output / "translations.lock").write_text("\n".join(copied_lock) + "\n", encoding="utf-8")
    return output


if __name__ == "__main__":
    generate(int(sys.argv[1]), pathlib.Path(sys.argv[2]))
