#!/usr/bin/env python3
"""Build speed and memory: HandbookGen against Hugo and the cmark-gfm floor, on the same
Markdown, in one run. Writes docs/benchmarks.md.

    python3 benchmarks/build/bench.py [--sizes 100,1000,5000,10000] [--runs 3]

Needs Debian's `hugo` and `cmark-gfm`, and a release build of HandbookGen
(`swift build -c release --product HandbookGen --scratch-path .build-release`; the script runs
it). The machine is shared and noisy: compare the ratios, not the absolute times.
"""
import argparse
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import synthetic  # noqa: E402
import realcopies  # noqa: E402
sys.path.insert(0, str(ROOT / "benchmarks/build"))
import serve_latency  # noqa: E402

BINARY = ROOT / ".build-release/release/HandbookGen"


def timed(command, cwd=None):
    """Wall seconds and peak resident memory (MB) of one run, from GNU time. What the command
    prints is dropped (the floor prints hundreds of MB of HTML)."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command[:3])} failed:\n{result.stderr[-2000:]}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024


def medians(samples):
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def hugo_site(content: pathlib.Path, work: pathlib.Path) -> pathlib.Path:
    site = work / "hugo"
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(ROOT / "benchmarks/build/hugo-site", site)
    for language in ("zh", "en"):
        shutil.copytree(content / language, site / "content" / language)
    return site


def cmark_command(content: pathlib.Path):
    files = sorted(str(p) for p in content.rglob("*.md") if p.name != "_index.md")
    # One process over all chapters (cmark-gfm concatenates its inputs), so process start-up
    # does not count; the same extensions HandbookGen enables.
    return ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter",
            "-e", "tasklist"] + files, len(files)


TWO_LANGUAGES = ROOT / "benchmarks/build/two-languages.yaml"


def measure(name, content: pathlib.Path, chapters: int, runs: int, work: pathlib.Path, config=TWO_LANGUAGES):
    output = work / "site"
    site = hugo_site(content, work)
    floor_command, files = cmark_command(content)
    ours, hugo, floor = [], [], []
    # The tools take turns run by run, so that the shared machine's slow and fast spells fall on
    # all of them alike. Every run starts from the same state: no output folder, and no other
    # tool's output left on tmpfs (a site is a few hundred MB of this VM's memory at 5,000
    # chapters per language, and whichever tool ran next paid for it); outputs are removed
    # after each run, untimed.
    def timed_into(folder, command, cwd=None):
        shutil.rmtree(folder, ignore_errors=True)
        sample = timed(command, cwd)
        shutil.rmtree(folder, ignore_errors=True)
        return sample

    for _ in range(runs):
        ours.append(timed_into(output, [str(BINARY), "build", "--config", str(config), "--content", str(content), "--templates",
                                        str(ROOT / "templates"), "--output", str(output), "--no-baseline"]))
        hugo.append(timed_into(work / "hugo-public", ["hugo", "--quiet", "--destination", str(work / "hugo-public")],
                               cwd=site))
        floor.append(timed(floor_command))
    ours, hugo, floor = medians(ours), medians(hugo), medians(floor)[0]
    row = {"name": name, "chapters": chapters, "ours": ours, "hugo": hugo, "floor": floor, "files": files}
    print(f"{name}: HandbookGen {ours[0]:.2f} s {ours[1]:.0f} MB | Hugo {hugo[0]:.2f} s {hugo[1]:.0f} MB | "
          f"cmark-gfm {floor:.2f} s", flush=True)
    return row


def report(rows, runs, sizes, serve_table=None):
    lines = ["# Build benchmarks", "",
             "Produced by `python3 benchmarks/build/bench.py --sizes %s --runs %d` on %s, %d cores. "
             "Every row is measured in the same run, medians of %d runs, the three tools taking turns run "
             "by run: HandbookGen's release build "
             "(`build`, all outputs: pages, search index, rules.json, llms.txt), Hugo %s with the "
             "equivalent templates in `benchmarks/build/hugo-site` (a page per chapter with the same "
             "sidebar: every chapter up to 400 per language, beyond that the parts and a window around the "
             "current chapter; part and home pages; both languages), and the `cmark-gfm` CLI rendering the same "
             "chapter files in one process (the floor for the Markdown work). Synthetic chapters come "
             "from `benchmarks/synthetic.py` (2–4 KB each, sections, rules, cross-links, glossary terms); "
             "\"real, copied\" is the real handbook repeated to about the same size by `benchmarks/realcopies.py` "
             "(each part copied as `<part>-2` … with its chapter and rule ids renamed; figures, tables, "
             "glossary links and all). "
             "Sources and outputs live on tmpfs (`/dev/shm`) for every tool; every run starts with no tool's output there "
             "(each is removed after its run, untimed)."
             % (",".join(map(str, sizes)), runs, platform.platform(), os.cpu_count(), runs,
                subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[1]),
             "",
             "| handbook | chapters per language | HandbookGen s | Hugo s | cmark-gfm s | ours / Hugo | ours / cmark-gfm | HandbookGen MB | Hugo MB | ours / Hugo memory | ms per chapter (ours) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        ours_s, ours_mb = row["ours"]
        hugo_s, hugo_mb = row["hugo"]
        per_chapter = 1000 * ours_s / (2 * row["chapters"])
        lines.append(f"| {row['name']} | {row['chapters']} | {ours_s:.2f} | {hugo_s:.2f} | {row['floor']:.2f} | "
                     f"{ours_s / hugo_s:.2f} | {ours_s / max(row['floor'], 0.01):.1f} | {ours_mb:.0f} | {hugo_mb:.0f} | "
                     f"{ours_mb / hugo_mb:.2f} | {per_chapter:.2f} |")
    lines += ["", "Targets (issue #23, the scale contract): the real handbook under 0.3 s; at 1,000 and 5,000 "
              "chapters per language (synthetic, and the real handbook copied) wall time and peak memory at "
              "most half of Hugo's; time per chapter flat to 10,000; `serve` from save to reloaded page under "
              "150 ms; the real handbook with its three languages (zh-Hant generated) under 0.4 s. Every row "
              "but \"three languages\" builds zh-Hans and en (`benchmarks/build/two-languages.yaml`), the two "
              "languages Hugo's site builds.", ""]
    if serve_table:
        lines += ["## serve: from saving a chapter to the reloaded page", "",
                  "`benchmarks/build/serve_latency.py`, in the same run: the real handbook served by the release "
                  "build, the chapter open in headless Chromium, one paragraph edited per save. Target: under 150 ms.",
                  "", serve_table, ""]
    (ROOT / "docs/benchmarks.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,1000,5000,10000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    subprocess.run(["swift", "build", "-c", "release", "--product", "HandbookGen", "--scratch-path",
                    str(ROOT / ".build-release")], cwd=ROOT, check=True)
    # Sources and outputs on tmpfs: this VM's disk takes ~0.7 ms to create a file, which would
    # swamp what the tools themselves do; both tools and the floor get the same folder.
    shm = pathlib.Path("/dev/shm")
    work = pathlib.Path(tempfile.mkdtemp(prefix="handbook-bench-", dir=shm if shm.is_dir() else None))
    rows = [measure("real", ROOT / "content", realcopies.chapters_per_language(), args.runs, work)]
    # The handbook as it ships: zh-Hant generated from zh-Hans with OpenCC as well (Hugo still
    # builds two languages; the target here is the 0.4 s).
    rows.append(measure("real, three languages", ROOT / "content", realcopies.chapters_per_language(), args.runs, work,
                        config=ROOT / "handbook.yaml"))
    for size in sizes:
        content = synthetic.generate(size, work / f"content-{size}")
        rows.append(measure("synthetic", content, size, args.runs, work))
        shutil.rmtree(content)
        # The real handbook's chapters (figures, tables, glossary links, long rules) copied to
        # about the same size, ids renamed per copy.
        content = realcopies.generate(size, work / f"real-{size}")
        rows.append(measure("real, copied", content, realcopies.chapters_per_language(content), args.runs, work))
        shutil.rmtree(content)
    report(rows, args.runs, sizes, serve_latency.table(*serve_latency.measure(20)))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
