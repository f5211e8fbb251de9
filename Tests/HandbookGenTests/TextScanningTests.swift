import Foundation
import Testing
@testable import HandbookKit
@testable import TextBytes
@testable import TemplateEngine

/// The byte-level fast paths give the answers of the Foundation calls they replace.
@Suite struct TextScanningTests {
    private static let samples = [
        "", " ", "plain", "  two  words\t\n", "导航栏 与 标签栏", "中文，标点。“引号”", "tab\tand\u{3000}ideographic",
        "[[controls/buttons|按钮]] and [[x]]", "{#anchor}", "Title {#a} {#b}", "é vs e\u{301}", "\u{00A0}nbsp\u{00A0}",
        "한국어", "emoji 👍🏽 here", "kana が ガ", "ｆｕｌｌ　ｗｉｄｔｈ", "Å Ω K", "\r\n crlf \r\n", " \u{301}mark", "\r\r\n\n\r", "a]]b[[c]]",
        // Around the byte-level fast paths: ASCII controls and DEL inside words, the edges of the
        // Han block and its neighbours (U+4DC0 hexagrams are not plain; U+3400 extension A is).
        "del\u{7F}x ctl\u{01}y\u{1F}", "\u{4DBF}\u{4DC0}\u{4DFF}\u{4E00}", "x\u{9FFF}y\u{A000}", "㐀 词  词\u{3000}词",
        "~!word~ ", "\u{4E00}", " \u{9FFF} ",
    ]

    @Test func fingerprintsEqualTheDefinition() async throws {
        var log = DiagnosticLog()
        let handbook = await HandbookLoader(contentDirectory: FixtureHandbook.repoRoot.appendingPathComponent("content"),
                                      displayRoot: "content").load(log: &log)
        var texts = Self.samples
        for language in HandbookLanguages.standard.all {
            for chapter in handbook.chapters(in: language) {
                texts += chapter.content.compactMap { block in
                    if case .rule(let rule) = block { rule.title + "\n" + (rule.note ?? "") } else { nil }
                }
                texts.append(chapter.title + " " + chapter.summary)
            }
        }
        #expect(texts.count > 500)
        var plain = 0
        for text in texts {
            if Fingerprint.hashIfPlain(text) != nil { plain += 1 }
            #expect(Fingerprint(of: text).value == Fingerprint.hash(collapsing: text), "\(text)")
        }
        #expect(plain > texts.count * 9 / 10, "the fast path should cover nearly all of the handbook")
    }

    @Test func plainScalarsAreStableUnderNFCAndStandAlone() async {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), UTF8Scalar.isPlain(scalar.value) else { continue }
            #expect(Fingerprint.isWhitespace(value) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
            let text = String(Character(scalar))
            #expect(text.precomposedStringWithCanonicalMapping == text, "U+\(String(value, radix: 16))")
            #expect(("a" + text + "a").count == 3 || scalar == "\r" || scalar == "\n", "U+\(String(value, radix: 16))")
            #expect(("e" + text).precomposedStringWithCanonicalMapping == "e" + text, "U+\(String(value, radix: 16))")
        }
    }

    @Test func searchesAndTrimsMatchFoundation() async {
        for text in Self.samples {
            #expect(text.firstRange(ofASCII: "[[") == text.range(of: "[["), "\(text)")
            #expect(text.lastRange(ofASCII: "{#") == text.range(of: "{#", options: .backwards), "\(text)")
            #expect(text.contains(ascii: "]]") == text.contains("]]"), "\(text)")
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text)")
            #expect(text.characterCount == text.count, "\(text)")
            // Inside a longer text, as the scanners see it.
            let inner = ("a[[" + text + "]]b").dropFirst(3).dropLast(3)
            #expect(inner.firstRange(ofASCII: "]]") == inner.range(of: "]]"), "\(text)")
            #expect(inner.firstRange(ofASCII: "[[") == inner.range(of: "[["), "\(text)")
            #expect(inner.characterCount == inner.count, "\(text)")
        }
    }

    @Test func relativePathsMatchTheComponentDefinition() async {
        func reference(_ to: String, _ from: String) -> String {
            if LinkResolver.scheme(of: to) != nil { return to }
            let fromFolders = from.split(separator: "/").dropLast()
            var toParts = to.split(separator: "/", omittingEmptySubsequences: false)
            var common = 0
            while common < fromFolders.count, common < toParts.count - 1,
                  fromFolders[fromFolders.startIndex + common] == toParts[common] { common += 1 }
            toParts.removeFirst(common)
            let path = (Array(repeating: "..", count: fromFolders.count - common) + toParts.map(String.init)).joined(separator: "/")
            return path.isEmpty ? "./" : path
        }
        let paths = ["index.html", "zh/index.html", "zh/controls/index.html", "zh/controls/buttons.html", "en/bars/toolbar.html",
                     "zh/controls/buttons.html#a", "assets/style.css", "", "zh/", "zh/controls/", "https://example.com/x",
                     "mailto:a@b", "zh/控件/按钮.html", "zh//controls/a.html", "/zh/a.html", "zh/a/b/c/d.html",
                     "zh/a/b/x.html", "zh/controls/buttons.html/", "zh/controlsx/a.html"]
        for to in paths {
            for from in paths where !from.isEmpty {
                #expect(SiteURLs.relative(to, from: from) == reference(to, from), "\(to) from \(from)")
            }
        }
        #expect(SiteURLs.relative("zh/bars/toolbar.html", from: "zh/controls/buttons.html") == "../bars/toolbar.html")
    }

    @Test func htmlEscapingMatchesTheDefinition() async {
        func reference(_ text: String, keepingNUL: Bool) -> String {
            text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'": "&#39;"
                case "\u{0}" where !keepingNUL: "\u{FFFD}"
                default: String(scalar)
                }
            }.joined()
        }
        for text in Self.samples + ["", "a<b>&\"c'", "<<>>", "导航 & 標籤 <x>", "\u{0}a\u{0}", "é&é", "'"] {
            var output = "prefix·"
            HTML.append(escaping: text, to: &output)
            #expect(output == "prefix·" + reference(text, keepingNUL: false), "\(text)")
            // Templates escape as swift-mustache does, keeping NUL.
            var bytes = Array("prefix·".utf8)
            TemplateProgram.append(text, escaped: true, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "prefix·" + reference(text, keepingNUL: true), "\(text)")
        }
    }

    @Test func countsFillEveryMarkerAsFoundationDoes() throws {
        var log = DiagnosticLog()
        let templates = try #require(TemplateSet.load(from: FixtureHandbook.repoRoot.appendingPathComponent("templates"),
                                                      displayRoot: "templates", log: &log))
        let ui = try #require(templates.strings[.zhHans])
        for format in ["%d 条规则", "%d/%d", "无", "%d%d%", "章节：%d。", "", "%", "d%"] {
            #expect(ui.count(format, 12) == format.replacingOccurrences(of: "%d", with: "12"), "\(format)")
        }
    }

    @Test func schemes() async {
        #expect(LinkResolver.scheme(of: "HTTPS://x") == "https")
        #expect(LinkResolver.scheme(of: " java\tscript:alert(1)") == "javascript")
        #expect(LinkResolver.scheme(of: "a+b-c.d:x") == "a+b-c.d")
        #expect(LinkResolver.scheme(of: "1http:x") == nil)
        #expect(LinkResolver.scheme(of: "h1:x") == "h1")
        #expect(LinkResolver.scheme(of: "../a.html") == nil)
        #expect(LinkResolver.scheme(of: "#anchor:x") == nil)
        #expect(LinkResolver.scheme(of: ":x") == nil)
        #expect(LinkResolver.scheme(of: "ja vascript:") == "javascript")
        #expect(LinkResolver.scheme(of: "jäva:x") == nil)
    }
}
