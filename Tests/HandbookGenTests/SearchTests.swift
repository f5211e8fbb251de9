import Foundation
import Testing
@testable import HandbookKit
@testable import HandbookSearch

@Suite struct SearchNormalizerTests {
    let normalizer: SearchNormalizer

    init() throws {
        var log = DiagnosticLog()
        let table = ChineseVariantTable.load(log: &log)
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        normalizer = SearchNormalizer(variants: try #require(table))
    }

    @Test func realOpenCCTableIsLoaded() async {
        // A hand-typed list would hold a handful of characters; OpenCC's holds thousands.
        #expect(normalizer.variants.simplified.count > 2000)
        #expect(normalizer.variants.simplified["導"] == "导")
        #expect(normalizer.variants.simplified["欄"] == "栏")
    }

    @Test func foldsCaseAccentsAndTraditionalForms() async {
        #expect(normalizer.normalize("導航欄 Résumé TAB") == "导航栏 resume tab")
        #expect(normalizer.tokens("nav 导航bar, 標籤欄!") == ["nav", "导航", "bar", "标签栏"])
    }

    /// Text of ASCII, ideographs and CJK punctuation takes a shortcut; every text must come
    /// out as the full steps (NFKD, marks removed, lowercase, Simplified) give it.
    @Test func shortcutAgreesWithTheFullSteps() async {
        let samples = ["导航栏 Navigation BAR", "《设计》：“标题”、‘副标题’——导航·栏。", "Tab Bars", "ＴＡＢ 栏", "導航欄",
                       "Ａ全角", "丽 compatibility 﨑", "カ゛ かが", "Ⅳ ﬁ ½", "Ǆ İstanbul ß", "　ideographic space", "𠀀 extension b",
                       "…", "ABC\u{301}", "e\u{0301}"]
        for text in samples {
            let folded = text.decomposedStringWithCompatibilityMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
            let expected = normalizer.variants.toSimplified(String(String.UnicodeScalarView(folded)).lowercased())
            #expect(normalizer.normalize(text) == expected, "\(text)")
        }
    }

    /// Text with no character of the table is returned as it is without a lookup per
    /// character; every text must come out as the lookup per character gives it.
    @Test func simplifiedFormsMatchTheLookupPerCharacter() async {
        let table = normalizer.variants
        let samples = ["導航欄", "导航栏 Navigation", "plain English", "豈 compatibility 豈", "𠀀 𫝀 extension", "後台 后台 發髮",
                       "e\u{301} 標籤", ""]
        for text in samples {
            #expect(table.toSimplified(text) == String(text.map { table.simplified[$0] ?? $0 }), "\(text)")
        }
        #expect(table.toSimplified("導航欄") == "导航栏")
    }

    /// The cases search.js is held to as well (Tests/shared/search-matching.json; Tests/js runs
    /// them under node, test_search.py in the built site).
    @Test func sharedMatchingCases() async throws {
        struct Match: Decodable { var query: String; var text: String; var matches: Bool; var note: String }
        struct Normal: Decodable { var text: String; var normalized: String }
        struct Fixture: Decodable { var normalize: [Normal]; var matches: [Match] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/search-matching.json")
        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        #expect(fixture.matches.count >= 10 && !fixture.normalize.isEmpty)
        for test in fixture.normalize {
            #expect(normalizer.normalize(test.text) == test.normalized)
        }
        for test in fixture.matches {
            #expect(normalizer.matches(query: test.query, in: test.text) == test.matches, "\(test.query) in \(test.text): \(test.note)")
        }
    }

    @Test func latinMatchesWordStartsHanMatchesAnywhere() async {
        #expect(normalizer.matches(query: "nav ba", in: "Navigation bars"))
        #expect(!normalizer.matches(query: "avi", in: "Navigation bars"))
        #expect(normalizer.matches(query: "航栏", in: "使用导航栏"))
        #expect(normalizer.matches(query: "導航 bar", in: "导航栏 navigation bar"))
        #expect(normalizer.matches(query: "face", in: "使用Face ID解锁"))
        #expect(!normalizer.matches(query: "", in: "anything"))
    }
}

@Suite struct SearchIndexBuilderTests {
    @Test func fixtureIndexHoldsEveryKindAndFoldingData() async throws {
        let fixture = try FixtureHandbook()
        #expect(await fixture.build().succeeded)
        let script = try String(contentsOf: fixture.output.appendingPathComponent("zh/search-index.js"), encoding: .utf8)
        #expect(script.hasPrefix("window.HANDBOOK_SEARCH_INDEX = {"))
        let json = script.dropFirst("window.HANDBOOK_SEARCH_INDEX = ".count).dropLast(2)
        let index = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(index["version"] as? Int == 4)
        #expect(index["language"] as? String == "zh-Hans")
        let records = try #require(index["records"] as? [[Any]])
        // The kind letter, a rule's advice and a status other than current (`rdl`: a legacy DO rule).
        let kinds = Set(records.compactMap { ($0.first as? String)?.prefix(1) }.map(String.init))
        #expect(kinds == ["c", "s", "r", "t"])
        let codes = Set(records.compactMap { $0.first as? String })
        #expect(codes.isSuperset(of: ["c", "cl", "s", "sl", "rd", "ra", "rc", "rdl", "rdx", "t"]))
        let rule = try #require(records.first { ($0[6] as? String) == "controls.buttons.verb-titles" })
        #expect(rule[0] as? String == "rd")
        #expect(rule[2] as? String == "用动词作标题")
        #expect(rule[5] as? String == "zh/controls/buttons.html#verb-titles")
        #expect((rule[3] as? String)?.contains("尽量缩短标题") == true)  // cross-link text, resolved
        let variants = try #require(index["variants"] as? String)
        #expect(variants.contains("欄栏"))
        let synonyms = try #require(index["synonyms"] as? [[String]])
        #expect(synonyms.contains(["toolbar", "工具栏"]))
        #expect(synonyms.contains(["工具条", "工具栏"]))
    }

    /// The published script is assembled from each chapter's JSON; it must equal encoding the
    /// whole index at once.
    @Test(arguments: ["fixture", "handbook"])
    func scriptFromChapterPiecesEqualsTheWholeIndexEncoded(_ which: String) async throws {
        let content = which == "fixture" ? FixtureHandbook.fixtureContent : FixtureHandbook.repoRoot.appendingPathComponent("content")
        let builder = try await Self.builder(content)
        for language in HandbookLanguages.standard.all {
            let pieces = try await builder.script(language)
            #expect(pieces.count > 1000)
            let index = await builder.build(language)
            #expect(pieces == (try SearchIndexBuilder.script(index)), "\(which) \(language)")
            // And both are JSONEncoder's bytes, escaped for a script.
            var expected = [UInt8]("window.HANDBOOK_SEARCH_INDEX = ".utf8)
            JSONTextWriterTests.escape(try JSONTextWriterTests.referenceJSON(index, pretty: false), into: &expected)
            expected += Array(";\n".utf8)
            #expect([UInt8](pieces) == expected, "\(which) \(language)")
        }
    }

    /// A builder over the handbook in `content`, as the build makes it.
    private static func builder(_ content: URL) async throws -> SearchIndexBuilder {
        var log = DiagnosticLog()
        let handbook = await HandbookLoader(contentDirectory: content, displayRoot: "content").load(log: &log)
        let index = HandbookIndex(handbook)
        let resolver = LinkResolver(index: index)
        let catalog = RulesCatalogBuilder(index: index, resolver: resolver, links: await LinkChecker(resolver: resolver).check(log: &log))
        return SearchIndexBuilder(index: index, catalogText: { catalog.plainText($1, $0) },
                                  normalizer: SearchNormalizer(variants: try #require(ChineseVariantTable.load(log: &log))))
    }

    /// A builder over `content` that splits any index into chunks of about `target` bytes.
    private static func chunkingBuilder(_ content: URL, target: Int) async throws -> SearchIndexBuilder {
        var builder = try await builder(content)
        builder.chunkThreshold = 0
        builder.chunkTarget = target
        return builder
    }

    /// The JSON a script assigns or passes: what follows `prefix`, up to the closing `suffix`.
    private static func json(_ data: [UInt8], after prefix: String, before suffix: String) throws -> Any {
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix(prefix) && text.hasSuffix(suffix), "\(text.prefix(60))")
        return try JSONSerialization.jsonObject(with: Data(text.dropFirst(prefix.count).dropLast(suffix.count).utf8))
    }

    /// Every record is in exactly one chunk, in order, and the head's ranges say where; the
    /// head holds every record's facets; the directory leads each key to the shard that lists
    /// its grams, and the lists hold exactly the records with the gram; two builds agree.
    @Test(arguments: ["fixture", "handbook"])
    func chunksHoldEveryRecordOnceAndTheShardsFindThem(_ which: String) async throws {
        let content = which == "fixture" ? FixtureHandbook.fixtureContent : FixtureHandbook.repoRoot.appendingPathComponent("content")
        let builder = try await Self.chunkingBuilder(content, target: which == "fixture" ? 300 : 40_000)
        for language in HandbookLanguages.standard.all {
            let files = try await builder.files(language)
            #expect(files.map(\.path) == (try await builder.files(language)).map(\.path))
            #expect(files.map { Array($0.pieces.joined()) } == (try await builder.files(language)).map { Array($0.pieces.joined()) }, "deterministic")
            let whole = await builder.build(language)
            let expected = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(whole.records)) as? [[Any]])
            #expect(files[0].path == "\(language.code)/search-index.js")
            let head = try #require(try Self.json(Array(files[0].pieces.joined()), after: "window.HANDBOOK_SEARCH_INDEX = ", before: ";\n") as? [String: Any])
            #expect(head["version"] as? Int == 4)
            #expect((head["records"] as? [Any])?.isEmpty == true)
            let ranges = try #require(head["chunks"] as? [[Int]])
            let directory = try #require(head["directory"] as? [String: Int])
            #expect(head["total"] as? Int == whole.records.count)
            #expect(ranges.count > 2)
            // Every record's facets: kind code, edition, part and title length.
            let codes = try #require(head["codes"] as? [String])
            let fields = Array(try #require(head["fields"] as? String).utf8)
            #expect(fields.count == 5 * whole.records.count)
            let digit = { (byte: UInt8) in SearchTermShards.alphabet.firstIndex(of: byte)! }
            for (number, record) in whole.records.enumerated() {
                #expect(codes[digit(fields[5 * number])] == record.kindCode)
                #expect(digit(fields[5 * number + 1]) == (whole.editions.firstIndex(of: record.edition).map { $0 + 1 } ?? 0))
                #expect(digit(fields[5 * number + 2]) == record.scope + 1)
                #expect(64 * digit(fields[5 * number + 3]) + digit(fields[5 * number + 4]) == builder.normalizer.normalize(record.title).utf16.count)
            }
            let chunkFiles = files.dropFirst().filter { Int($0.path.split(separator: "/").last!.dropLast(3)) != nil }
            #expect(chunkFiles.count == ranges.count)
            var next = 0
            var seen: [[Any]] = []
            for (number, file) in chunkFiles.enumerated() {
                #expect(file.path == "\(language.code)/search-index/\(number).js")
                let rows = try #require(try Self.json(Array(file.pieces.joined()), after: "window.HANDBOOK_SEARCH_CHUNK(\(number),",
                                                      before: ");\n") as? [[Any]])
                #expect(ranges[number] == [next, rows.count], "chunk \(number)'s range")
                next += rows.count
                seen += rows
            }
            #expect(next == whole.records.count)
            #expect((seen as NSArray).isEqual(to: expected), "every record once, in order")
            // The shards: each key of the directory is in its shard, with its grams sorted.
            var grams: [String: (text: [Int32], title: [Int32], starts: [Int32])] = [:]
            let shardFiles = files.compactMap { file -> (Int, [UInt8])? in
                let name = file.path.split(separator: "/").last!
                guard name.hasPrefix("t"), let number = Int(name.dropFirst().dropLast(3)) else { return nil }
                return (number, Array(file.pieces.joined()))
            }
            #expect(shardFiles.map(\.0) == Array(0..<shardFiles.count))
            for (number, bytes) in shardFiles {
                let shard = try #require(try Self.json(bytes, after: "window.HANDBOOK_SEARCH_CHUNK(\"t\(number)\",",
                                                       before: ");\n") as? [String: [[String]]])
                for (key, entries) in shard {
                    #expect(directory[key] == number, "key \(key)")
                    #expect(entries.map { Array($0[0].utf16) } == entries.map { Array($0[0].utf16) }.sorted { $0.lexicographicallyPrecedes($1) })
                    for entry in entries where !entry[0].isEmpty {
                        grams[entry[0]] = (SearchTermShards.decode(entry[1]), SearchTermShards.decode(entry[2]),
                                           SearchTermShards.decode(entry.count > 3 ? entry[3] : ""))
                    }
                }
            }
            #expect(Set(directory.values).count == shardFiles.count)
            // A Han character and a pair, and a word: exactly the records whose normalised title
            // or body holds it (a word whole), whose title does, and whose title starts with it.
            var samples = language.code == "zh" ? ["栏", "按钮", "工具栏"] : ["button", "bar", "toolbar"]
            // And, in the handbook (the fixture has none), a word too long to be packed into a
            // number (more than ten letters).
            let words = whole.records.flatMap { builder.normalizer.normalize($0.title + " " + $0.text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
            if language.code == "en", which != "fixture" {
                samples.append(String(try #require(words.first { $0.count > 10 && $0.allSatisfy(\.isLetter) }, "a long word")))
            }
            for sample in samples {
                let holds = { (text: String) in
                    language.code == "zh" ? text.contains(sample)
                        : text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == sample }
                }
                let normalized = whole.records.map { (builder.normalizer.normalize($0.title),
                                                      builder.normalizer.normalize($0.text + " " + $0.context + " " + $0.ruleID)) }
                let lists = try #require(grams[sample], "gram \(sample)")
                #expect(lists.text == normalized.indices.filter { holds(normalized[$0].0) || holds(normalized[$0].1) }.map(Int32.init), "\(sample)")
                #expect(lists.title == normalized.indices.filter { holds(normalized[$0].0) }.map(Int32.init), "\(sample) in titles")
                #expect(!lists.text.isEmpty)
                // And those whose title starts with it (a word: is its first word).
                let starts = { (title: String) in
                    language.code == "zh" ? title.hasPrefix(sample)
                        : title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first == Substring(sample) && title.first?.isLetter == true
                }
                #expect(lists.starts == normalized.indices.filter { starts(normalized[$0].0) }.map(Int32.init), "\(sample) at titles' start")
            }
            if language.code == "zh" {
                #expect(files.contains { $0.path == "zh/search-index/titles.js" })
                #expect(head["titles"] as? Bool == true)
            } else {
                #expect(!files.contains { $0.path.hasSuffix("titles.js") })
                #expect(files.contains { $0.path == "en/search-index/words.js" } && head["words"] as? Bool == true)
            }
        }
    }

    /// A posting list's text reads back as its numbers: gaps of one group and of several.
    @Test func postingListsReadBack() {
        let numbers: [Int32] = [0, 1, 2, 31, 32, 33, 1_000, 1_031, 70_000, 2_000_000]
        #expect(SearchTermShards.encode([0, 1, 2]) == "AAA")
        #expect(SearchTermShards.encode([32]) == "hA", "a gap of 32: two groups")
        #expect(SearchTermShards.decode(SearchTermShards.encode(numbers)) == numbers)
        #expect(SearchTermShards.encode([]) == "")
    }

    /// `Tests/shared/search-chunked` holds the fixture's index split small (every record chunk
    /// about 300 bytes, every shard 200), with the same index in one file beside it: the node
    /// tests search both and compare. It is what the builder makes now (rewritten with
    /// HANDBOOKGEN_UPDATE_GOLDEN=1).
    /// Collectors over ranges of keys, given every record's grams, make the shards one collector
    /// over all keys makes: the same files, directory and words, whichever the ranges.
    @Test func collectorsOverKeyRangesMakeTheShardsOfOne() {
        let texts: [(String, String)] = [
            ("导航栏", "导航栏位于屏幕顶部，导航控制器管理层级"),
            ("Navigation bar", "a navigation bar sits at the top; navigationcontrollers123 manage depth"),
            ("工具栏 toolbar", "工具栏和标签栏 tab bar 不同 ünïcödé wörds"),
            ("𠀀 Extension B", "rare 𠀀𠀁 characters and digits 44pt 2x"),
            ("按钮", "按钮 button 导航 nav"),
        ]
        func units(_ text: String) -> [UInt16] { Array(text.lowercased().utf16) }
        let grams = texts.map { SearchTermShards.Grams(title: units($0.0), body: units($0.1)) }
        var whole = SearchTermShards.Collector()
        for (record, found) in grams.enumerated() { whole.add(found, record: Int32(record)) }
        let one = SearchTermShards(whole, target: 40)
        for bounds: [UInt32] in [[0, 0x61, 0x4E00, 0x10000], [0, 0x6E, 0x10000], [0, 0x5BFC, 0xD800, 0x10000]] {
            var collectors = zip(bounds, bounds.dropFirst()).map { SearchTermShards.Collector(keys: $0..<$1) }
            for index in collectors.indices {
                for (record, found) in grams.enumerated() { collectors[index].add(found, record: Int32(record)) }
            }
            let parts = SearchTermShards(collectors.map { SearchTermShards.part($0) }, target: 40)
            #expect(parts.shards == one.shards, "\(bounds)")
            #expect(parts.directory == one.directory)
            #expect(parts.words == one.words)
        }
        #expect(one.shards.count > 3, "small shards, so that the ranges' ends fall inside them")
        #expect(one.directory["导"] != nil && one.directory["na"] != nil && one.words.contains("navigationcontrollers123"))
    }

    @Test func theSharedChunkedFixtureIsCurrent() async throws {
        var builder = try await Self.chunkingBuilder(FixtureHandbook.fixtureContent, target: 300)
        builder.termShardTarget = 200
        var built: [String: Data] = [:]
        for language in HandbookLanguages.standard.all {
            for file in try await builder.files(language) { built[file.path] = Data(file.pieces.joined()) }
            built["\(language.code)/single.js"] = try SearchIndexBuilder.script(await builder.build(language))
        }
        try GoldenTests.compareFiles(built, with: FixtureHandbook.repoRoot.appendingPathComponent("Tests/shared/search-chunked"))
    }

    /// Markup in content stays text in the head and in every chunk.
    @Test func chunksCannotBeClosedByContent() async throws {
        let fixture = try FixtureHandbook()
        try HostileInputTests.plantHostileMarkup(in: fixture)
        let builder = try await Self.chunkingBuilder(fixture.content, target: 300)
        for language in HandbookLanguages.standard.all {
            let files = try await builder.files(language)
            #expect(files.count > 3)
            let all = files.map { String(decoding: $0.pieces.joined(), as: UTF8.self) }
            #expect(all.contains { $0.contains("\\u003c/script\\u003e") }, "the payload is there, escaped")
            for (file, text) in zip(files, all) {
                #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"), "\(file.path)")
                #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"), "\(file.path)")
            }
        }
    }

    /// The tools read a published index in chunks back whole (`rules --catalog` beside a large site).
    @Test func anIndexInChunksIsReadBackWhole() async throws {
        let builder = try await Self.chunkingBuilder(FixtureHandbook.fixtureContent, target: 300)
        for language in HandbookLanguages.standard.all {
            let files = try await builder.files(language)
            let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, Data($0.pieces.joined())) })
            #expect(files.count > 2)
            let read = try SearchIndex.decode(script: try #require(byPath["\(language.code)/search-index.js"])) { number in
                byPath["\(language.code)/search-index/\(number).js"]
            }
            let whole = await builder.build(language)
            #expect(read.records == whole.records)
            #expect(read.editions == whole.editions && read.synonyms == whole.synonyms)
            #expect(throws: (any Error).self) {
                try SearchIndex.decode(script: try #require(byPath["\(language.code)/search-index.js"]))
            }
        }
    }

    @Test func ruleRecordsCarryTheirSection() async throws {
        let builder = try await Self.chunkingBuilder(FixtureHandbook.fixtureContent, target: 300)
        let index = await builder.build(HandbookLanguages.standard.all.first { $0.code == "zh" }!)
        let rule = try #require(index.records.first { $0.ruleID == "controls.buttons.verb-titles" })
        #expect(rule.section == "系统按钮")
        // Only rules carry one.
        #expect(index.records.filter { $0.kind != .rule }.allSatisfy { $0.section.isEmpty })
    }

    @Test func scriptCannotBeClosedByContent() async throws {
        let index = SearchIndex(language: "en", scopes: [["x", "</script><script>alert(1)</script>"]],
                                records: [.init(kind: .rule, scope: 0, title: "a & b <!--", text: "\u{2028}", context: "",
                                                url: "en/x.html", ruleID: "")],
                                variants: "", synonyms: [])
        let script = String(decoding: try SearchIndexBuilder.script(index), as: UTF8.self)
        #expect(!script.contains("</script"))
        #expect(!script.contains("<!--"))
        #expect(!script.contains("\u{2028}"))
        #expect(script.contains("\\u003c/script\\u003e"))
    }
}

@Suite struct PinyinReaderTests {
    @Test func readsWordsBeforeCharacters() {
        let reader = PinyinReader.shared
        #expect(reader.key("导航栏") == "dao hang lan")
        #expect(reader.key("银行") == "yin hang")            // a word: 行 read hang
        #expect(reader.key("行为") == "xing wei")            // 行's most common reading
        #expect(reader.key("使用 Tab 栏") == "shi yong lan")  // Han only, one syllable each
        #expect(reader.exceptionalKey("导航栏") == "")        // the readings table suffices
        #expect(reader.exceptionalKey("银行") == "yin hang")
        #expect(reader.exceptionalKey("去银行办事") == "qu yin hang ban shi")  // the whole title, once a word differs
        #expect(reader.key("行\u{FE00}为") == "wei")       // a Han character with a selector is not read
        #expect(reader.key("導航") == "dao hang")          // Traditional characters have readings too
    }

    @Test func readingsAreGroupedBySyllable() {
        #expect(PinyinReader.shared.readings(of: "栏导航到".unicodeScalars) == "dao到导hang航lan栏")
    }
}
