import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit

/// Hostile and broken content: every input has a defined outcome (a diagnostic with file:line,
/// or safe output), never a crash. The browser half of this corpus is Tests/e2e/test_hostile.py.
@Suite struct HostileInputTests {
    /// Script, handlers and frames in every field that reaches a page, the index or rules.json.
    static let payload = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"

    /// Puts `payload` in a title, a summary, a section, a rule title and body, raw HTML blocks and
    /// inline HTML, and a glossary term, in both languages. The fixture stays buildable.
    static func plantHostileMarkup(in fixture: FixtureHandbook) throws {
        for language in ["en", "zh"] {
            let path = "\(language)/bars/toolbar.md"
            let text = try fixture.read(path)
            let title = language == "en" ? "title: Toolbar" : "title: 工具栏"
            var hostile = text.replacingOccurrences(of: title, with: "\(title) \\\"'\(payload)")
            hostile = hostile.replacingOccurrences(of: "\nsummary: ", with: "\nsummary: <iframe src=https://evil.example></iframe> ")
            hostile = hostile.replacingOccurrences(of: "Keep items few", with: "Keep items few \(payload)")
            hostile = hostile.replacingOccurrences(of: "> Too many items", with: "> \(payload) Too many items")
            hostile = hostile.replacingOccurrences(of: "> 项目太多", with: "> \(payload) 项目太多")
            hostile += """

                <script>alert(3)</script>

                <iframe src="https://evil.example/frame"></iframe>

                Inline <img src=x onerror=alert(4)> and <a href="#" onclick="alert(5)">a handler</a> and <svg onload=alert(6)>.

                """
            try fixture.write(path, hostile)
        }
        try fixture.edit("glossary.yaml", replacing: "  en: toolbar", with: "  en: toolbar \(payload)")
    }

    @Test func markupInContentNeverBecomesMarkup() async throws {
        let fixture = try FixtureHandbook()
        try Self.plantHostileMarkup(in: fixture)
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        #expect(fixture.lines(outcome).contains { $0.contains("content/en/bars/toolbar.md:") && $0.contains("warning: raw HTML is not rendered") })
        let files = try fixture.snapshot()
        for (path, data) in files where path.hasSuffix(".html") {
            // The site's own icon is an inline SVG data URL; everything else is checked.
            let page = String(decoding: data, as: UTF8.self).split(separator: "\n")
                .filter { !$0.hasPrefix("<link rel=\"icon\" href=\"data:image/svg+xml,") }.joined(separator: "\n")
            // The only script a page loads is the site's own.
            let scripts = page.ranges(of: "<script").count
            let ownScripts = page.ranges(of: "<script src=\"").count
            #expect(scripts == ownScripts, "\(path) has an inline script")
            // Content shows up escaped (&lt;img …); a real tag or handler attribute would be markup.
            #expect(page.firstMatch(of: /<(iframe|img|svg|object|embed)\b/) == nil, "\(path) contains a planted element")
            #expect(page.firstMatch(of: /<[a-zA-Z][^>]*\son[a-z]+\s*=/) == nil, "\(path) contains an event handler attribute")
            #expect(page.firstMatch(of: /(href|src)\s*=\s*"\s*(javascript|data|vbscript):/) == nil, "\(path) links to a script")
        }
        let page = String(decoding: try #require(files["en/bars/toolbar.html"]), as: UTF8.self)
        #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        // rules.json and the index carry the text as text.
        let catalog = try Catalog.decode(from: try #require(files["rules.json"]))
        #expect(catalog.rule(withID: "bars.toolbar.few-items")?.title[.en]?.contains(Self.payload) == true)
        #expect(catalog.rule(withID: "bars.toolbar.few-items")?.text[.en]?.contains(Self.payload) == true)
        for language in ["en", "zh"] {
            let index = String(decoding: try #require(files["\(language)/search-index.js"]), as: UTF8.self)
            #expect(!index.lowercased().contains("</script"), "the \(language) index can close a script element")
            #expect(!index.contains("<img"))
        }
        let llms = String(decoding: try #require(files["en/llms-full.txt"]), as: UTF8.self)
        // Markdown, served as text/plain: the text is there, with every tag's brackets escaped.
        #expect(llms.contains(MarkdownEscaping.inline(Self.payload)))
        let bare = zip(llms.dropFirst(), llms).filter { $0 == "<" && $1 != "\\" }
        #expect(bare.isEmpty, "llms-full.txt has an unescaped '<'")
    }

    @Test func dangerousLinkTargetsAreErrors() async throws {
        let fixture = try FixtureHandbook()
        try fixture.edit("en/bars/toolbar.md", replacing: "A toolbar sits at the bottom of the screen.", with: """
            A [a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<script>alert(1)</script>)
            [d](vbscript:msgbox) <javascript:alert(2)> [e](file:///etc/passwd).
            """)
        let lines = fixture.lines(await fixture.build())
        for (column, scheme) in [(3, "javascript:"), (28, "javascript:"), (53, "data:")] {
            #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:12:\(column): error: link scheme '\(scheme)' is not allowed") },
                    "\(scheme) at column \(column): \(lines)")
        }
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:13:1: error: link scheme 'vbscript:'") })
        #expect(lines.contains { $0.contains("content/en/bars/toolbar.md:13:") && $0.contains("'file:' is not allowed") })
        #expect(lines.filter { $0.contains("is not allowed") }.count == 6)
    }

    @Test func hugeAndDeeplyNestedInputFinishes() async throws {
        let fixture = try FixtureHandbook()
        let paragraph = String(repeating: "Toolbars hold actions for the current view. ", count: 20) + "\n\n"
        let bigBody = String(repeating: paragraph, count: 20 * 1024 * 1024 / paragraph.utf8.count)  // ~20 MB
        let longLine = String(repeating: "长行", count: 1024 * 1024 / 6) + "\n\n"  // ~1 MB on one line
        let deepQuotes = String(repeating: "> ", count: 10_000) + "deep quote\n\n"
        let deepLists = String(repeating: "- ", count: 10_000) + "deep list\n\n"
        let deepEmphasis = String(repeating: "*a ", count: 5_000) + "x" + String(repeating: " a*", count: 5_000) + "\n\n"
        let wideTable = "|" + (1...5_000).map { "c\($0)|" }.joined() + "\n|" + String(repeating: "-|", count: 5_000) + "\n|"
            + String(repeating: "x|", count: 5_000) + "\n\n"
        for language in ["en", "zh"] {
            let text = try fixture.read("\(language)/bars/toolbar.md")
            try fixture.write("\(language)/bars/toolbar.md", text + "\n" + longLine + deepQuotes + deepLists + deepEmphasis + wideTable
                              + (language == "en" ? bigBody : ""))
        }
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome).prefix(5))")
        #expect(fixture.lines(outcome).contains { $0.hasPrefix("content/en/bars/toolbar.md:") && $0.contains("warning: nesting deeper than 32 levels is shown as plain text") })
        let page = try Data(contentsOf: fixture.output.appendingPathComponent("en/bars/toolbar.html"))
        #expect(page.count > 20_000_000)
        let zh = try String(contentsOf: fixture.output.appendingPathComponent("zh/bars/toolbar.html"), encoding: .utf8)
        #expect(zh.contains("deep quote") && zh.contains("deep list") && zh.contains("<th>c5000</th>"))
    }

    /// The scan's quick test never passes over a character the table names, and passes over
    /// the text most files are made of.
    @Test func theQuickTestKeepsEveryCheckedCharacter() {
        for value in InvisibleCharacters.names.keys { #expect(InvisibleCharacters.mayBeChecked(value), "U+\(String(value, radix: 16))") }
        for scalar in "Aa0 导航栏，“标题”—…　ｆ𠀀".unicodeScalars { #expect(!InvisibleCharacters.mayBeChecked(scalar.value)) }
    }

    @Test func encodingsAndInvisibleCharacters() async throws {
        // NUL bytes are refused with their position; a BOM, CRLF and lone CR are read as text.
        var lines = try await FixtureHandbook.failingBuild { fixture in
            var data = Data(try fixture.read("en/bars/toolbar.md").utf8)
            data.append(contentsOf: Array("\nbad \u{0}byte\n".utf8))
            try data.write(to: fixture.content.appendingPathComponent("en/bars/toolbar.md"))
        }
        #expect(lines.contains("content/en/bars/toolbar.md:19:5: error: file contains a NUL byte"))
        let fixture = try FixtureHandbook()
        let text = try fixture.read("en/controls/buttons.md")
        try fixture.write("en/controls/buttons.md", "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n"))
        let zh = try fixture.read("zh/controls/buttons.md")
        try fixture.write("zh/controls/buttons.md", zh.replacingOccurrences(of: "\n", with: "\r"))
        let outcome = await fixture.build()
        #expect(outcome.succeeded, "\(fixture.lines(outcome))")
        // An unpaired surrogate escape in a quoted YAML value is an error at its line, not a crash.
        lines = try await FixtureHandbook.failingBuild { try $0.edit("en/bars/toolbar.md", replacing: "title: Toolbar", with: "title: \"Tool\\uD800bar\"") }
        #expect(lines.contains { $0.hasPrefix("content/en/bars/toolbar.md:") && $0.contains("error:") })
    }

    @Test func identifiersThatAreNotPlainAreRefused() async throws {
        var lines = try await FixtureHandbook.failingBuild { fixture in
            try fixture.edit("en/bars/toolbar.md", replacing: "id: bars/toolbar", with: "id: ../bars/toolbar")
            try fixture.edit("zh/bars/toolbar.md", replacing: "id: bars/toolbar", with: "id: bars/Toolbar")
            try fixture.edit("en/controls/buttons.md", replacing: "[!DO verb-titles]", with: "[!DO Verb-Titles]")
            try fixture.edit("zh/controls/buttons.md", replacing: "[!DO verb-titles]", with: "[!DO 动词标题]")
        }
        #expect(lines.contains("content/en/bars/toolbar.md:2:5: error: chapter id '../bars/toolbar' does not match its path; it must be 'bars/toolbar'"))
        #expect(lines.contains("content/zh/bars/toolbar.md:2:5: error: chapter id 'bars/Toolbar' does not match its path; it must be 'bars/toolbar'"))
        #expect(lines.contains { $0.hasPrefix("content/en/controls/buttons.md:17:1: error: invalid rule id 'Verb-Titles'") })
        #expect(lines.contains { $0.hasPrefix("content/zh/controls/buttons.md:17:1: error: invalid rule id '动词标题'") })
        // File and folder names: spaces, uppercase, non-ASCII, and the NFD spelling of é.
        lines = try await FixtureHandbook.failingBuild { fixture in
            let zh = try fixture.read("zh/bars/toolbar.md")
            try fixture.write("zh/bars/tool bar.md", zh)
            try fixture.write("zh/bars/Toolbar.md", zh)
            try fixture.write("zh/bars/caf\u{0065}\u{0301}.md", zh)
            try fixture.write("zh/My Part/_index.md", "---\ntitle: x\n---\n")
        }
        for name in ["tool bar.md", "Toolbar.md", "caf\u{0065}\u{0301}.md"] {
            #expect(lines.contains { $0.contains("error: invalid chapter file name '\(name)'") }, "\(name)")
        }
        #expect(lines.contains { $0.hasPrefix("content/zh/My Part:1:1: error: invalid part folder name 'My Part'") })
    }

    @Test func symbolicLinksAreNeverFollowed() async throws {
        let lines = try await FixtureHandbook.failingBuild { fixture in
            let bars = fixture.content.appendingPathComponent("zh/bars")
            try FileManager.default.createSymbolicLink(atPath: bars.appendingPathComponent("passwd.md").path,
                                                       withDestinationPath: "/etc/passwd")
            try FileManager.default.createSymbolicLink(atPath: bars.appendingPathComponent("loop.md").path,
                                                       withDestinationPath: bars.appendingPathComponent("loop.md").path)
            try FileManager.default.createSymbolicLink(atPath: fixture.content.appendingPathComponent("en/outside").path,
                                                       withDestinationPath: "/")
        }
        for path in ["content/zh/bars/passwd.md", "content/zh/bars/loop.md", "content/en/outside"] {
            #expect(lines.contains("\(path):1:1: error: symbolic links are not followed in the content folder"), "\(path)")
        }
    }

    @Test func missingFoldersAndDangerousOutputs() async throws {
        let fixture = try FixtureHandbook()
        // An empty content folder.
        let empty = fixture.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var configuration = fixture.configuration
        configuration.contentPath = empty.path
        #expect(fixture.lines(await HandbookBuilder(configuration: configuration).check()).contains { $0.contains("error: missing language folder") && $0.contains("empty/zh") })
        // A missing templates folder.
        configuration = fixture.configuration
        configuration.templatesPath = fixture.root.appendingPathComponent("no-templates").path
        #expect(fixture.lines(await HandbookBuilder(configuration: configuration).check()).contains { $0.contains("error:") && $0.contains("no-templates") })
        // Outputs that must never be replaced.
        for output in ["/", NSHomeDirectory(), fixture.content.path, fixture.root.path] {
            configuration = fixture.configuration
            configuration.outputPath = output
            let outcome = await HandbookBuilder(configuration: configuration).build()
            #expect(!outcome.succeeded, "output \(output) was accepted")
        }
        // An output that cannot be created: its parent is a regular file.
        let file = fixture.root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        configuration = fixture.configuration
        configuration.outputPath = file.appendingPathComponent("site").path
        let blocked = await HandbookBuilder(configuration: configuration).build()
        #expect(!blocked.succeeded)
        #expect(blocked.diagnostics.contains { $0.severity == .error })
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }
}

@Suite struct SiteWriterTests {
    @Test func exchangeSwapsTwoFoldersAtomically() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("swap-\(UUID().uuidString)")
        let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
        try Data("A".utf8).write(to: a.appendingPathComponent("file"))
        try Data("B".utf8).write(to: b.appendingPathComponent("file"))
        #if os(Linux)
        #expect(SiteWriter.exchange(a, b))
        #expect(try String(contentsOf: a.appendingPathComponent("file"), encoding: .utf8) == "B")
        #expect(try String(contentsOf: b.appendingPathComponent("file"), encoding: .utf8) == "A")
        #endif
    }

    @Test func writingLeavesOnlyTheSiteAndItsLock() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)")
        let writer = SiteWriter(output: root.appendingPathComponent("site"))
        try await writer.write([OutputFile(path: "index.html", text: "one")])
        try await writer.write([OutputFile(path: "index.html", text: "two")])
        #expect(try String(contentsOf: root.appendingPathComponent("site/index.html"), encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [".site.lock", "site"])
    }

    /// A build adds batches from both cores, often into the same new folders: no batch may write
    /// into a folder another is still making.
    @Test func batchesAddedAtOnceIntoSharedFoldersAllLand() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID().uuidString)")
        let site = try SiteWriter(output: root.appendingPathComponent("site")).stage()
        // Deep new folders make the window in which a folder exists only in part wide.
        let batches = (0..<2000).map { batch in
            [OutputFile(path: "p\(batch / 4)/a/b/c/d/e/f/g/h/\(batch).html", text: "\(batch)")]
        }
        let failed = await ParallelMap.map(batches) { batch in (try? await site.add(batch)) == nil }.filter { $0 }.count
        #expect(failed == 0)
        try site.commit()
        for batch in batches {
            for file in batch {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("site/" + file.path).path))
            }
        }
    }
}
