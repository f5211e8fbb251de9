import Foundation
import RulesCatalog
import Testing
@testable import HandbookKit
@testable import TextBytes

/// `rules.json` and the search index are written byte by byte by `JSONTextWriter`; these tests
/// hold them to what `JSONEncoder` gives for the same values.
@Suite struct JSONTextWriterTests {
    /// Text that needs every kind of escape, and text that needs none.
    static let awkward: [String] = {
        var controls = ""
        for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(value)!) }
        return ["", "plain", controls, "quote \" backslash \\ slash / del \u{7F}", "<script>&amp;</script>",
                "line\u{2028}para\u{2029}end", "导航栏 “引号” 標籤", "emoji 👍🏽", "\u{E2}\u{80}", "é\u{301}", "\u{2027}\u{202A}"]
    }()

    static func referenceJSON(_ value: some Encodable, pretty: Bool) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }

    struct Sample: Encodable {
        var empty: [String] = []
        var list: [String]
        var nested: [[Int]] = [[], [1, -2]]
        var number = -42
        var object: [String: String] = ["en": "x", "zh-Hans": "y"]
        var text: String
    }

    @Test func documentsMatchJSONEncoder() async throws {
        for text in Self.awkward {
            for pretty in [true, false] {
                var json = JSONTextWriter(pretty: pretty)
                json.beginObject()
                json.key("empty")
                json.beginArray()
                json.endArray()
                json.key("list")
                json.beginArray()
                for item in Self.awkward { json.value(item) }
                json.endArray()
                json.key("nested")
                json.beginArray()
                json.beginArray()
                json.endArray()
                json.beginArray()
                json.value(1)
                json.value(-2)
                json.endArray()
                json.endArray()
                json.key("number")
                json.value(-42)
                json.key("object")
                json.beginObject()
                json.key("en")
                json.value("x")
                json.key("zh-Hans")
                json.value("y")
                json.endObject()
                json.key("text")
                json.value(text)
                json.endObject()
                let expected = try Self.referenceJSON(Sample(list: Self.awkward, text: text), pretty: pretty)
                #expect(json.bytes == expected, "\(pretty ? "pretty" : "compact"): \(text.debugDescription)")
            }
        }
    }

    /// `[text]` as the writer gives it.
    static func written(_ text: String, scriptSafe: Bool) -> [UInt8] {
        var json = JSONTextWriter(pretty: false, scriptSafe: scriptSafe)
        json.beginArray()
        json.value(text)
        json.endArray()
        return json.bytes
    }

    /// `[text]` as JSONEncoder gives it, escaped for a script.
    static func scriptSafeReference(_ text: String) throws -> [UInt8] {
        var expected: [UInt8] = []
        escape(try referenceJSON([text], pretty: false), into: &expected)
        return expected
    }

    /// The script escapes, byte by byte: `<`, `>`, `&`, and U+2028/U+2029 (E2 80 A8/A9 in UTF-8).
    static func escape(_ json: [UInt8], into script: inout [UInt8]) {
        var position = json.startIndex
        while position < json.endIndex {
            let byte = json[position]
            switch byte {
            case UInt8(ascii: "<"): script.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">"): script.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&"): script.append(contentsOf: "\\u0026".utf8)
            case 0xE2 where position + 2 < json.endIndex && json[position + 1] == 0x80
                && (json[position + 2] == 0xA8 || json[position + 2] == 0xA9):
                script.append(contentsOf: (json[position + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                position += 2
            default: script.append(byte)
            }
            position += 1
        }
    }

    @Test func scriptSafeStringsEqualEscapingTheEncodedText() async throws {
        for text in Self.awkward {
            #expect(Self.written(text, scriptSafe: true) == (try Self.scriptSafeReference(text)), "\(text.debugDescription)")
        }
    }

    /// A string given as UTF-16 code units (the search index's grams) is written as the same
    /// text given as a `String`; posting lists, whose alphabet needs no escape, as they are.
    @Test func codeUnitsAndPlainASCIIAreWrittenAsStrings() async throws {
        for text in Self.awkward + ["𠀀𠀁", "a"] {
            for scriptSafe in [false, true] {
                var units = JSONTextWriter(pretty: false, scriptSafe: scriptSafe)
                units.beginArray()
                units.value(utf16: Array(text.utf16))
                units.endArray()
                #expect(units.bytes == Self.written(text, scriptSafe: scriptSafe), "\(text.debugDescription)")
            }
        }
        var list = JSONTextWriter(pretty: false, scriptSafe: true)
        list.beginArray()
        list.value(unescapedASCII: Array("AbC-_09".utf8))
        list.value(unescapedASCII: [])
        list.endArray()
        #expect(String(decoding: list.bytes, as: UTF8.self) == #"["AbC-_09",""]"#)
    }

    /// Strings are scanned eight bytes at a time while nothing in them needs an escape: every
    /// character that does is put at every offset of a longer run, in plain and in Chinese text,
    /// so that it falls in every position of a word and in the bytes left after the last word.
    @Test func escapesAreFoundAtEveryOffsetOfTheEightByteScan() async throws {
        var special = (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }
        special += ["\"", "\\", "<", ">", "&", "\u{2028}", "\u{2029}", "\u{2027}"]
        for filler in ["a", "导"] {
            for character in special {
                for offset in 0..<20 {
                    let text = String(repeating: filler, count: offset) + character + String(repeating: filler, count: 19 - offset)
                    #expect(Self.written(text, scriptSafe: false) == (try Self.referenceJSON([text], pretty: false)),
                            "\(text.debugDescription)")
                    #expect(Self.written(text, scriptSafe: true) == (try Self.scriptSafeReference(text)),
                            "\(text.debugDescription)")
                }
            }
        }
    }

    /// The handbook's catalogue, and one whose every string needs escapes and whose optional
    /// fields are set, as `JSONEncoder` writes them.
    @Test func catalogueMatchesJSONEncoder() async throws {
        let data = try Data(contentsOf: GoldenTests.goldenFolder.appendingPathComponent("rules.json"))
        let published = try Catalog.decode(from: data)
        var awkward = published
        for index in awkward.rules.indices {
            let text = Self.awkward[index % Self.awkward.count]
            awkward.rules[index].text[.en]! += text
            awkward.rules[index].title[.zhHans]! += text
            awkward.rules[index].note = index % 2 == 0 ? LocalizedText(zhHans: text, en: "note") : nil
            awkward.rules[index].section = index % 3 == 0 ? nil : "section-\(text)"
            awkward.rules[index].related = index % 2 == 0 ? [] : ["a.b.c", text]
            awkward.rules[index].replacedBy = index % 2 == 1 ? [] : ["x.y.z"]
            awkward.rules[index].translation[.zhHans] = index % 2 == 0 ? Freshness.outdated : .current
        }
        for index in awkward.chapters.indices {
            awkward.chapters[index].note = index % 2 == 0 ? LocalizedText(zhHans: "注", en: "note") : nil
            awkward.chapters[index].related = index % 2 == 0 ? [] : [Self.awkward[index % Self.awkward.count]]
        }
        for catalog in [published, awkward] {
            var expected = try Self.referenceJSON(catalog, pretty: true)
            expected.append(UInt8(ascii: "\n"))
            #expect(try [UInt8](RulesCatalogBuilder.encode(catalog)) == expected)
        }
    }
}
