import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Figures: local pictures shown with `<img>` (never inlined), with their size, alt text in every
/// language, a dark variant, names that change with their bytes, and SVG checked for anything
/// that could run or reach out.
@Suite struct FigureTests {
    static let drawing = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 280 560" width="280" height="560">
          <style>.frame { stroke: #3c3c43 } @media (prefers-color-scheme: dark) { .frame { stroke: #ebebf5 } }</style>
          <defs><path id="dot" d="M0 0h4v4z"/></defs>
          <rect class="frame" x="4" y="4" width="272" height="552" rx="36" fill="none"/><use href="#dot"/>
        </svg>
        """

    static func fixture(_ figures: [String: String] = ["toolbar.svg": drawing]) throws -> FixtureHandbook {
        let fixture = try FixtureHandbook()
        for (name, text) in figures { try fixture.write("figures/\(name)", text) }
        return fixture
    }

    static func addFigure(_ fixture: FixtureHandbook, en: String, zh: String) throws {
        try fixture.edit("en/bars/toolbar.md", replacing: "A toolbar sits at the bottom of the screen.\n",
                         with: "A toolbar sits at the bottom of the screen.\n\n\(en)\n")
        try fixture.edit("zh/bars/toolbar.md", replacing: "工具栏位于屏幕底部。\n", with: "工具栏位于屏幕底部。\n\n\(zh)\n")
    }

    @Test func aFigureIsPublishedWithItsSizeCaptionAndAHashedName() async throws {
        let fixture = try Self.fixture()
        try Self.addFigure(fixture, en: "![A toolbar with three buttons](../../figures/toolbar.svg \"The toolbar\")",
                           zh: "![有三个按钮的工具栏](../../figures/toolbar.svg \"工具栏\")")
        try fixture.edit("en/bars/toolbar.md", replacing: "> Too many items look crowded;",
                         with: "> ![Crowded](../../figures/toolbar.svg) ![Roomy](../../figures/toolbar.svg)\n>\n> Too many items look crowded;")
        try fixture.edit("zh/bars/toolbar.md", replacing: "> 项目太多会显得拥挤，",
                         with: "> ![拥挤](../../figures/toolbar.svg) ![宽松](../../figures/toolbar.svg)\n>\n> 项目太多会显得拥挤，")
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let published = try FileManager.default.contentsOfDirectory(atPath: fixture.output.appendingPathComponent("assets/figures").path)
        let name = try #require(published.first)
        #expect(published.count == 1 && name.hasPrefix("toolbar-") && name.hasSuffix(".svg"))
        let page = try String(contentsOf: fixture.output.appendingPathComponent("en/bars/toolbar.html"), encoding: .utf8)
        // In the opening: loaded at once, with its caption.
        #expect(page.contains("<figure class=\"figure\"><img src=\"../../assets/figures/\(name)\" alt=\"A toolbar with three buttons\" width=\"280\" height=\"560\" decoding=\"async\"><figcaption>The toolbar</figcaption></figure>"))
        // In a rule: two side by side, loaded when scrolled to.
        #expect(page.contains("<div class=\"figure-row\">\n<figure class=\"figure\"><img src=\"../../assets/figures/\(name)\" alt=\"Crowded\" width=\"280\" height=\"560\" loading=\"lazy\" decoding=\"async\"></figure>"))
        let zh = try String(contentsOf: fixture.output.appendingPathComponent("zh/bars/toolbar.html"), encoding: .utf8)
        #expect(zh.contains("alt=\"有三个按钮的工具栏\"") && zh.contains("<figcaption>工具栏</figcaption>"))
        // rules.json lists a rule's figures with their alt text per language.
        let catalog = try Catalog.decode(from: Data(contentsOf: fixture.output.appendingPathComponent("rules.json")))
        let rule = try #require(catalog.rule(withID: "bars.toolbar.few-items"))
        #expect(rule.figures?.map(\.src) == ["assets/figures/\(name)", "assets/figures/\(name)"])
        #expect(rule.figures?.map { $0.alt[.en] } == ["Crowded", "Roomy"])
        #expect(rule.figures?.map { $0.alt[.zhHans] } == ["拥挤", "宽松"])
        #expect(catalog.rule(withID: "controls.buttons.verb-titles")?.figures == nil)
        // The alt text is searchable.
        let index = try String(contentsOf: fixture.output.appendingPathComponent("en/search-index.js"), encoding: .utf8)
        #expect(index.contains("A toolbar with three buttons"))
    }

    @Test func aDarkVariantIsServedForTheDarkScheme() async throws {
        let fixture = try Self.fixture(["toolbar.svg": Self.drawing, "toolbar.dark.svg": Self.drawing.replacingOccurrences(of: "#3c3c43", with: "#ebebf5")])
        try Self.addFigure(fixture, en: "![A toolbar](../../figures/toolbar.svg)", zh: "![工具栏](../../figures/toolbar.svg)")
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        let page = try String(contentsOf: fixture.output.appendingPathComponent("en/bars/toolbar.html"), encoding: .utf8)
        #expect(page.contains("<picture><source srcset=\"../../assets/figures/toolbar.dark-"))
        #expect(page.contains("\" media=\"(prefers-color-scheme: dark)\"><img src=\"../../assets/figures/toolbar-"))
    }

    @Test func hostileDrawingsAreRefusedAtTheirPositions() async throws {
        let hostile = [
            "script.svg": "<svg width=\"10\" height=\"10\">\n  <script>alert(1)</script>\n</svg>",
            "onload.svg": "<svg width=\"10\" height=\"10\" onload=\"alert(1)\"></svg>",
            "external.svg": "<svg width=\"10\" height=\"10\">\n<use href=\"https://example.com/a.svg#x\"/></svg>",
            "foreign.svg": "<svg width=\"10\" height=\"10\"><foreignObject><div>x</div></foreignObject></svg>",
            "styled.svg": "<svg width=\"10\" height=\"10\"><style>@import url(https://example.com/x.css);</style></svg>",
            "huge.svg": "<svg width=\"10\" height=\"10\">" + String(repeating: "<g/>", count: 5_000_000) + "</svg>",
            "nosize.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>",
        ]
        let lines = try await FixtureHandbook.failingBuild { fixture in
            for (name, text) in hostile { try fixture.write("figures/\(name)", text) }
        }
        #expect(lines.contains("content/figures/script.svg:2:3: error: SVG figures may not contain scripts"))
        #expect(lines.contains { $0.hasPrefix("content/figures/onload.svg:1:") && $0.contains("error: SVG figures may not carry event attributes ('onload')") })
        #expect(lines.contains { $0.hasPrefix("content/figures/external.svg:2:") && $0.contains("not 'https://example.com/a.svg#x'") })
        #expect(lines.contains { $0.hasPrefix("content/figures/foreign.svg:1:") && $0.contains("<foreignObject>") })
        #expect(lines.contains { $0.hasPrefix("content/figures/styled.svg:1:") && $0.contains("may not import style sheets") })
        #expect(lines.contains("content/figures/huge.svg:1:1: error: the figure has 19531 KB; the limit is 1024 KB"))
        #expect(lines.contains { $0.hasPrefix("content/figures/nosize.svg:1:1: error: give the <svg> element width and height") })
    }

    @Test func drawingProblemsAreFoundAtTheirLineAndColumn() {
        let drawing = """
        <svg width="10" height="10">
          <text>图示 <SCRIPT>x</SCRIPT></text>
          <rect ONCLICK = "x" fill="url( '#ok')" stroke="url(https://a.example/p)"/>
          <use xlink:href="#ok"/><use xlink:href = ' //a.example/b'/>
        </svg>
        """
        let problems = SVGCheck.problems(in: drawing).map { "\($0.line):\($0.column) \($0.message)" }
        #expect(problems == [
            "2:12 SVG figures may not contain scripts",
            "3:9 SVG figures may not carry event attributes ('onclick')",
            "3:50 SVG figures may only use url(#id), not url(https://a.example/p)",
            "4:31 SVG figures may only refer to their own elements (href=\"#id\"), not '//a.example/b'",
        ])
        #expect(SVGCheck.problems(in: "<svg font=\"1\" fill=\"url(#a)\"><use href=\"#b\"/></svg>").isEmpty)
    }

    @Test func imagesMustBeKnownFiguresWithAltTextInEveryLanguage() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.write("figures/toolbar.svg", Self.drawing)
            try fixture.write("figures/spare.svg", Self.drawing)
            try Self.addFigure(fixture, en: "![](../../figures/toolbar.svg) ![x](https://example.com/a.png) ![Bars](../../figures/tolbar.svg)",
                               zh: "![工具栏](../../figures/spare.svg)")
        }
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:14:1: error: figure 'toolbar.svg' needs alt text") })
        #expect(lines.contains { $0.contains("error: an image must be a figure of content/figures") && $0.contains("'https://example.com/a.png'") })
        #expect(lines.contains { $0.contains("error: unknown figure 'tolbar.svg'; did you mean 'toolbar.svg'?") })
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:1:1: error: chapter 'bars/toolbar' must show the same figures in every language") })
    }

    @Test func anUnusedFigureIsReported() async throws {
        let fixture = try Self.fixture()
        let lines = fixture.lines(await fixture.build())
        #expect(lines.contains("content/figures/toolbar.svg:1:1: warning: figure 'toolbar.svg' is not used by any page"))
    }

    @Test func rasterSizesAreRead() {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        png.append(contentsOf: Array("IHDR".utf8) + [0, 0, 2, 128, 0, 0, 1, 224] + [8, 6, 0, 0, 0])
        #expect(RasterSize.of(png).map { [$0.0, $0.1] } == [640, 480])
        var webp = Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0])
        webp.append(contentsOf: [0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00])  // 640 − 1, 480 − 1, little-endian
        #expect(RasterSize.of(webp).map { [$0.0, $0.1] } == [640, 480])
        #expect(SVGCheck.size(of: "<svg viewBox=\"0 0 240 200\">") .map { [$0.0, $0.1] } == [240, 200])
        #expect(SVGCheck.size(of: "<svg stroke-width=\"3\"\n  width='320px' height = \"180\">").map { [$0.0, $0.1] } == [320, 180])
        #expect(SVGCheck.size(of: "<svg width=\"50%\" height=\"10\" viewBox=\"0,0,64.4,32\">").map { [$0.0, $0.1] } == [64, 32])
        #expect(SVGCheck.size(of: "<svg width=\"10\">") == nil)
    }
}
