#!/usr/bin/env python3
"""Screenshots of every figure as a reader sees it, for a visual review (docs/figures-review.md).

Opens each chapter page of one language of a built site (--language, en by default: every
language shows the same figures) in headless Chromium (started as Tests/e2e/conftest.py does it),
at each viewport width and in light and dark (prefers-color-scheme emulated through CDP),
takes a screenshot of every <figure> that shows a file from assets/figures/, and composes contact
sheets: one cell per figure, light on the left and dark on the right, with its name, the width the
page gave it and the smallest text in it in CSS pixels. It also writes report.tsv with those
numbers and flags text under 9 px and text that runs outside the figure's viewBox.

    /tmp/hb-figures/HandbookGen build --output /tmp/fig-site
    python3 scripts/figure_sheets.py --site /tmp/fig-site --out /tmp/fig-sheets
    python3 scripts/figure_sheets.py --only popovers,sheets --widths 375   # a few, one width

Needs selenium, chromium, chromium-driver and pillow (pip install pillow). The screenshots are
for looking at, not for committing.
"""
import argparse
import base64
import io
import os
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

from PIL import Image, ImageDraw, ImageFont

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests/e2e"))
from conftest import make_driver  # noqa: E402  (the end-to-end tests' headless Chromium)
FIGURE_SRC = re.compile(r'src="([^"]*assets/figures/([^"/]+?)-[0-9a-f]{10}\.svg)"')
MIN_TEXT_PX = 9.0


def emulate(driver, width, theme, scale):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": scale, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "screen", "features": [{"name": "prefers-color-scheme", "value": theme}]})


# --- what the SVG source says about its text -------------------------------------------------

def svg_text_sizes(path):
    """(viewBox width, smallest font-size in user units or None)."""
    source = path.read_text(encoding="utf-8")
    root = ET.fromstring(source)
    view_box = root.get("viewBox")
    vb_width = float(view_box.split()[2]) if view_box else float(root.get("width"))
    class_sizes = {}
    for style in root.iter("{http://www.w3.org/2000/svg}style"):
        css = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}", "", style.text or "")
        for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
            match = re.search(r"font-size\s*:\s*([\d.]+)", body)
            if match:
                for selector in selectors.split(","):
                    selector = selector.strip()
                    if selector.startswith("."):
                        class_sizes[selector[1:]] = float(match.group(1))
    sizes = []

    def walk(node, inherited):
        size = inherited
        for name in (node.get("class") or "").split():
            size = class_sizes.get(name, size)
        if node.get("font-size"):
            size = float(re.sub(r"px$", "", node.get("font-size")))
        match = re.search(r"font-size\s*:\s*([\d.]+)", node.get("style") or "")
        if match:
            size = float(match.group(1))
        tag = node.tag.split("}")[-1]
        if tag in ("text", "tspan") and (node.text or "").strip():
            sizes.append(size if size is not None else 16.0)
        for child in node:
            walk(child, size)

    walk(root, None)
    return vb_width, (min(sizes) if sizes else None)


OVERFLOW_JS = """
const svg = document.documentElement;
const vb = svg.viewBox.baseVal;
const out = [];
for (const t of svg.querySelectorAll('text')) {
  const b = t.getBBox();
  if (b.width === 0) continue;
  if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5 ||
      b.y + b.height > vb.y + vb.height + 0.5) out.push(t.textContent.trim());
}
return out;
"""


# --- screenshots ------------------------------------------------------------------------------

def chapter_pages(site, language):
    pages = {}
    for html in sorted((site / language).rglob("*.html")):
        found = FIGURE_SRC.findall(html.read_text(encoding="utf-8"))
        if found:
            pages[html] = found
    return pages


def shoot(driver, site, pages, width, theme, scale):
    """{figure name: (png bytes, rendered css width)} for one width and theme."""
    emulate(driver, width, theme, scale)
    shots = {}
    for html in pages:
        driver.get(html.as_uri())
        elements = driver.execute_script("""
            return [...document.querySelectorAll('img')]
              .filter(i => i.getAttribute('src').includes('assets/figures/'))
              .map(i => { i.loading = 'eager'; return i; });""")
        for element in elements:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            driver.execute_async_script("""
                const img = arguments[0], done = arguments[arguments.length - 1];
                if (img.complete) done(); else { img.onload = img.onerror = () => done(); }""",
                element)
            src = element.get_attribute("src")
            name = re.sub(r"-[0-9a-f]{10}\.svg$", "", src.rsplit("/", 1)[-1])
            if name in shots:
                continue
            figure = driver.execute_script("return arguments[0].closest('figure') || arguments[0]",
                                           element)
            css_width = driver.execute_script("return arguments[0].getBoundingClientRect().width",
                                              element)
            # the picture and its caption's text, not the whole width of the <figure>
            rect = driver.execute_script("""
                const [img, figure] = arguments, boxes = [img.getBoundingClientRect()];
                const caption = figure.querySelector('figcaption');
                if (caption && figure !== img) {
                  const range = document.createRange();
                  range.selectNodeContents(caption);
                  boxes.push(range.getBoundingClientRect());
                }
                const left = Math.min(...boxes.map(b => b.left)) - 4;
                const top = Math.min(...boxes.map(b => b.top)) - 4;
                const right = Math.max(...boxes.map(b => b.right)) + 4;
                const bottom = Math.max(...boxes.map(b => b.bottom)) + 4;
                return [left + scrollX, top + scrollY, right - left, bottom - top];""",
                element, figure)
            data = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3],
                         "scale": 1}})["data"]
            shots[name] = (base64.b64decode(data), css_width)
    return shots


def overflowing_text(driver, figures_dir, names):
    emulate(driver, 1280, "light", 1)
    result = {}
    for name in names:
        driver.get((figures_dir / f"{name}.svg").as_uri())
        result[name] = driver.execute_script(OVERFLOW_JS) or []
    return result


# --- contact sheets ---------------------------------------------------------------------------

def font(size):
    for candidate in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                      "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"):
        if os.path.exists(candidate):
            return ImageFont.truetype(candidate, size)
    return ImageFont.load_default()


def compose(cells, path, columns):
    """cells: [(title, light PIL image, dark PIL image)], light and dark side by side."""
    label_font = font(22)
    half = min(1400, max(max(light.width, 520) for _, light, _ in cells))
    cell_width = 2 * half + 12
    rendered = []
    for title, light, dark in cells:
        scale = min(1.0, half / max(light.width, 1))
        light = light.resize((int(light.width * scale), int(light.height * scale)), Image.LANCZOS)
        dark = dark.resize((int(dark.width * scale), int(dark.height * scale)), Image.LANCZOS)
        height = 34 + max(light.height, dark.height)
        rendered.append((title, light, dark, height))
    rows = [rendered[i:i + columns] for i in range(0, len(rendered), columns)]
    total_height = sum(max(c[3] for c in row) + 16 for row in rows)
    sheet = Image.new("RGB", (columns * cell_width, total_height), (128, 128, 128))
    draw = ImageDraw.Draw(sheet)
    y = 0
    for row in rows:
        row_height = max(c[3] for c in row) + 16
        for index, (title, light, dark, _) in enumerate(row):
            x = index * cell_width
            draw.rectangle([x + 2, y + 2, x + cell_width - 3, y + row_height - 3], fill=(255, 255, 224))
            draw.text((x + 8, y + 6), title, fill=(0, 0, 0), font=label_font)
            sheet.paste(light, (x + 4, y + 34))
            sheet.paste(dark, (x + 8 + half, y + 34))
        y += row_height
    sheet.save(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default="/tmp/fig-site")
    parser.add_argument("--out", default="/tmp/fig-sheets")
    parser.add_argument("--language", default="en")
    parser.add_argument("--widths", default="375,1280")
    parser.add_argument("--scale", type=float, default=2, help="device pixel ratio")
    parser.add_argument("--per-sheet", type=int, default=6,
                        help="figures per sheet (6 keeps a sheet legible when viewed whole)")
    parser.add_argument("--columns", type=int, default=2, help="figures side by side on a sheet")
    parser.add_argument("--only", default="", help="comma-separated figure names")
    args = parser.parse_args()

    site, out = pathlib.Path(args.site), pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    figures_dir = REPO / "content" / "figures"
    pages = chapter_pages(site, args.language)
    if args.only:
        wanted = set(args.only.split(","))
        pages = {p: f for p, f in pages.items() if wanted & {name for _, name in f}}
    driver = make_driver()
    try:
        report = {}
        for width in (int(w) for w in args.widths.split(",")):
            light = shoot(driver, site, pages, width, "light", args.scale)
            dark = shoot(driver, site, pages, width, "dark", args.scale)
            names = sorted(light)
            if args.only:
                names = [n for n in names if n in wanted]
            cells = []
            for name in names:
                vb_width, smallest = svg_text_sizes(figures_dir / f"{name}.svg")
                css_width = light[name][1]
                px = smallest * css_width / vb_width if smallest else None
                report.setdefault(name, {})[width] = (css_width, px)
                flag = "  <9px!" if px is not None and px < MIN_TEXT_PX else ""
                text = f"{px:.1f}px" if px is not None else "no text"
                title = f"{name}  [{css_width:.0f}w, {text}{flag}]"
                cells.append((title, Image.open(io.BytesIO(light[name][0])),
                              Image.open(io.BytesIO(dark[name][0]))))
            for sheet, start in enumerate(range(0, len(cells), args.per_sheet)):
                compose(cells[start:start + args.per_sheet],
                        out / f"sheet-{width}-{sheet + 1:02d}.png", args.columns)
        overflow = overflowing_text(driver, figures_dir, sorted(report))
    finally:
        driver.quit()

    widths = [int(w) for w in args.widths.split(",")]
    with open(out / "report.tsv", "w", encoding="utf-8") as tsv:
        tsv.write("figure\t" + "\t".join(f"width@{w}\ttext px@{w}" for w in widths) +
                  "\ttext outside viewBox\n")
        for name in sorted(report):
            cols = []
            for w in widths:
                css_width, px = report[name].get(w, (0, None))
                cols += [f"{css_width:.0f}", f"{px:.1f}" if px is not None else "-"]
            tsv.write(name + "\t" + "\t".join(cols) + "\t" + "; ".join(overflow[name]) + "\n")
    small = [n for n in report if any(px is not None and px < MIN_TEXT_PX
                                      for _, px in report[n].values())]
    outside = [n for n in report if overflow[n]]
    print(f"{len(report)} figures; sheets and report.tsv in {out}")
    print(f"text under {MIN_TEXT_PX:g} px: {', '.join(sorted(small)) or 'none'}")
    print(f"text outside the viewBox: {', '.join(sorted(outside)) or 'none'}")


if __name__ == "__main__":
    sys.exit(main())
