import Foundation
import HandbookMarkdown
import HandbookSearch
import TextBytes
import Synchronization

/// Builds each language's search index from the resolved handbook (never from HTML).
struct SearchIndexBuilder: Sendable {
    let index: HandbookIndex
    let catalogText: @Sendable (Chapter, [MarkdownBlock]) -> String
    /// Rules' plain text already made for the catalogue, by rule id and language.
    var ruleText: @Sendable (String, Language) -> String? = { _, _ in nil }
    let normalizer: SearchNormalizer

    /// One chapter's share of the index: its records, their JSON as the script holds it (comma
    /// separated, escaped), and the distinct non-ASCII characters they use.
    struct ChapterEntries: Sendable {
        /// Its records, when the whole index is asked for (`build`); else empty, and made again
        /// by `remake`, a few chapters at a time, for a chunked index's postings: all of them at
        /// once would be the largest thing a large build holds. The records made again have no
        /// pinyin keys (the postings do not read them).
        var records: [SearchIndex.Record]
        var remake: @Sendable () -> [SearchIndex.Record]
        var script: [UInt8]
        var scalars: [Unicode.Scalar]
        /// How many records the chapter has.
        var count = 0
        /// Its titles with Han for the pinyin search, as `titles.js` holds them (comma separated).
        var titles: [UInt8] = []
        /// The editions its rules were first given in.
        var editions: Set<String> = []
    }

    /// An index whose records take more bytes than this is split into chunk files.
    var chunkThreshold = 1_500_000
    /// The bytes of records a chunk holds at least (whole chapters), unless it is the last.
    var chunkTarget = 16_000
    /// The bytes of postings a term shard holds at least (whole keys), unless it is the last.
    var termShardTarget = 16_000

    /// Each character's normalised form, remembered (`serve` keeps one table for every build).
    var foldedScalars = ScalarFolds()

    struct RecordsContext: Equatable, Sendable {
        var scope: Int
        var partTitle: String
    }

    var handbook: Handbook { index.handbook }

    /// What a language's index is assembled from, each part something `serve` may keep between
    /// builds (`SearchIndexFormat`): every chapter's entries (`chapterRecords`), the glossary's
    /// records (`glossaryPart`, while `glossaryKey` is the same) and the tables of the characters
    /// in use (`characterTables`, while `characterKey` is).
    struct Parts: Sendable {
        var language: Language
        var chapters: [ChapterEntries]
        var glossary: GlossaryPart
        var tables: CharacterTables
    }

    /// Each chapter's entries in one language (without its records, which only `build(_:)`
    /// keeps), made on all cores.
    struct ChapterRecords: ChapterWork {
        let builder: SearchIndexBuilder
        let language: Language
        fileprivate let scopes: [String: Int]
        fileprivate let partTitles: [String: String]

        var chapters: [Chapter] { builder.handbook.chapters(in: language) }

        func context(for chapter: Chapter) -> RecordsContext {
            RecordsContext(scope: scopes[chapter.part] ?? -1, partTitle: partTitles[chapter.part] ?? chapter.part)
        }

        func output(for chapter: Chapter) -> ChapterEntries {
            builder.entries(of: chapter, language, context(for: chapter), keepingRecords: false)
        }
    }

    func chapterRecords(_ language: Language) -> ChapterRecords {
        let parts = handbook.parts(in: language)
        return ChapterRecords(builder: self, language: language,
                              scopes: Dictionary(uniqueKeysWithValues: parts.enumerated().map { ($1.id, $0) }),
                              partTitles: Dictionary(uniqueKeysWithValues: parts.map { ($0.id, $0.title) }))
    }

    /// The parts of `language`'s index, made now.
    func parts(_ language: Language) async -> Parts {
        await parts(language, chapters: await chapterRecords(language).outputs(), glossary: glossaryPart, tables: characterTables)
    }

    /// The parts of `language`'s index from its chapters' entries, the glossary's part and the
    /// character tables made (or kept) by the functions given.
    func parts(_ language: Language, chapters: [ChapterEntries], glossary: (Language) async -> GlossaryPart,
               tables: (CharacterKey) async -> CharacterTables) async -> Parts {
        let terms = await glossary(language)
        return Parts(language: language, chapters: chapters, glossary: terms, tables: await tables(characterKey(chapters, terms)))
    }

    /// The whole index, every record in it (`rules` and `mcp` rank over it).
    func build(_ language: Language) async -> SearchIndex {
        let work = chapterRecords(language)
        let chapters = await ParallelMap.map(work.chapters) { chapter in
            entries(of: chapter, language, work.context(for: chapter), keepingRecords: true)
        }
        var index = assemble(await parts(language, chapters: chapters, glossary: glossaryPart, tables: characterTables))
        index.records = chapters.flatMap(\.records) + index.records
        return index
    }

    /// The index as `script(_:)` writes it, made from each chapter's JSON (itself made on all
    /// cores and reused by `serve`): the same bytes, without encoding the whole index at once.
    func script(_ language: Language) async throws -> Data { Data(try await scriptPieces(await parts(language)).joined()) }

    /// The script in the pieces it is made of: its opening, each chapter's records (shared with
    /// `parts`, not copied) with the commas between them, and its closing.
    private func scriptPieces(_ parts: Parts) async throws -> [[UInt8]] {
        // The chapters' records are only needed as JSON: the index keeps the glossary's alone.
        let index = assemble(parts)
        return try Self.pieces(index, parts.chapters.map(\.script) + [Self.fragment(index.records)])
    }

    /// The index's files, each as pieces: `<lang>/search-index.js` alone while the records take
    /// at most `chunkThreshold` bytes. Beyond, that file is the head (everything but the
    /// records, with each record's facets and the directory of term shards); the records are in
    /// `<lang>/search-index/<n>.js`, whole chapters in reading order, at least `chunkTarget` bytes
    /// a chunk, the glossary's terms last; the postings by term in `t<n>.js`
    /// (`SearchTermShards`); the Latin-script words in `words.js` (typos) and the Han titles in
    /// `titles.js` (pinyin) where there are any. The head first.
    func files(_ language: Language) async throws -> [(path: String, pieces: [[UInt8]])] {
        var all: [(path: String, pieces: [[UInt8]])] = []
        try await write(await parts(language)) { all += $0 }
        let head = SiteURLs.searchIndex(language)
        return all.filter { $0.path == head } + all.filter { $0.path != head }
    }

    /// The files of `files(_:)`, handed to `emit` as they are made: a large index's record
    /// chunks are written, and let go, before its postings are gathered.
    /// `parts` is taken, not copied: each chapter's JSON is let go once its chunk is written.
    func write(_ parts: consuming Parts, to emit: ([(path: String, pieces: [[UInt8]])]) async throws -> Void) async throws {
        let language = parts.language
        let index = assemble(parts)
        var chapters = parts.chapters
        parts.chapters = []
        let terms = Self.fragment(index.records)
        let headPath = SiteURLs.searchIndex(language)
        let size = chapters.reduce(terms.count) { $0 + $1.script.count }
        guard size > chunkThreshold else { return try await emit([(headPath, try Self.pieces(index, chapters.map(\.script) + [terms]))]) }
        let folder = language.code + "/search-index/"
        var ranges: [[Int]] = []
        var first = 0
        do {
            // Whole chapters, in reading order, until a chunk holds `chunkTarget` bytes.
            var contents: [(records: Int, fragments: [[UInt8]])] = []
            var group: (records: Int, fragments: [[UInt8]]) = (0, [])
            var bytes = 0
            for position in chapters.indices where chapters[position].count > 0 {
                group.records += chapters[position].count
                group.fragments.append(chapters[position].script)
                bytes += chapters[position].script.count
                chapters[position].script = []
                if bytes >= chunkTarget {
                    contents.append(group)
                    group = (0, [])
                    bytes = 0
                }
            }
            if !group.fragments.isEmpty { contents.append(group) }
            if !index.records.isEmpty { contents.append((index.records.count, [terms])) }
            var files: [(path: String, pieces: [[UInt8]])] = []
            for (number, chunk) in contents.enumerated() {
                ranges.append([first, chunk.records])
                first += chunk.records
                files.append((folder + "\(number).js", Self.chunkPieces(String(number), chunk.fragments)))
            }
            try await emit(files)
        }
        var files: [(path: String, pieces: [[UInt8]])] = []
        // The postings, by term, and what the head keeps of each record. The chapters' records
        // are made again and their grams found on all cores, 64 chapters at a time, then the
        // glossary's; collectors over ranges of keys (one a core, at most four) file each batch
        // side by side.
        let folds = foldedScalars
        var fields = RecordFields(editions: index.editions, count: first)
        let remakes = chapters.map(\.remake)
        var batches = stride(from: 0, to: remakes.count, by: 64).map { remakes[$0..<min($0 + 64, remakes.count)] }
        let glossary = index.records
        batches.append([{ glossary }])
        var collectors: [CollectorBox] = []
        for batch in batches {
            let made = await ParallelMap.map(Array(batch)) { remake -> [RecordGrams] in
                var title: [UInt16] = []
                var body: [UInt16] = []
                return remake().map { record in
                    normalizedUnits(of: record, title: &title, body: &body, folds)
                    return RecordGrams(kindCode: record.kindCode, edition: record.edition, scope: record.scope,
                                       titleLength: title.count, grams: SearchTermShards.Grams(title: title, body: body))
                }
            }
            let records = made.flatMap { $0 }
            let base = Int32(fields.count)
            for record in records { fields.append(record) }
            // The first batch's grams divide the keys between the collectors; each reads every
            // gram found, so more than four would spend more on reading than they share.
            if collectors.isEmpty { collectors = CollectorBox.dividing(records.map(\.grams), into: min(ParallelMap.workers, 4)) }
            _ = await ParallelMap.map(collectors, runLength: 1) { box in
                box.collector.withLock { collector in
                    for offset in records.indices { collector.add(records[offset].grams, record: base + Int32(offset)) }
                }
            }
        }
        let parts = await ParallelMap.map(collectors, runLength: 1) { SearchTermShards.part($0.take()) }
        let shards = SearchTermShards(parts, target: termShardTarget)
        for (number, shard) in shards.shards.enumerated() {
            files.append((folder + "t\(number).js", Self.chunkPieces("\"t\(number)\"", value: shard)))
        }
        if !shards.words.isEmpty {
            var json = JSONTextWriter(pretty: false, scriptSafe: true)
            json.beginArray()
            for word in shards.words { json.value(word) }
            json.endArray()
            files.append((folder + "words.js", Self.chunkPieces("\"words\"", value: json.bytes)))
        }
        var head = index
        head.records = []
        head.chunks = ranges
        head.total = first
        head.directory = shards.directory
        (head.codes, head.fields) = fields.text
        head.words = !shards.words.isEmpty
        if !index.readings.isEmpty {
            head.titles = true
            files.append((folder + "titles.js", Self.chunkPieces(#""titles""#, chapters.map(\.titles) + [Self.titleFragment(index.records)])))
        }
        try await emit([(headPath, [[UInt8](try Self.script(head))])] + files)
    }

    /// What the search page's facets and the ranking's bounds read of every record of a chunked
    /// index before its chunk is loaded: the kind codes in use, sorted, and five characters a
    /// record (`SearchTermShards.alphabet`): its kind code's place among them, its edition's place
    /// in `editions` plus one (0: none), its part (scope) plus one, and the length of its
    /// normalised title in two (64 × the first + the second; at most 4,095: the bound it gives
    /// only grows).
    struct RecordFields {
        private let editionNumbers: [String: Int]
        private var codeNumbers: [String: Int] = [:]
        /// Five a record: its kind code's number in `codeNumbers`, then the others as written.
        private var numbers: [Int] = []

        init(editions: [String], count: Int) {
            editionNumbers = Dictionary(uniqueKeysWithValues: editions.enumerated().map { ($1, $0 + 1) })
            numbers.reserveCapacity(5 * count)
        }

        var count: Int { numbers.count / 5 }

        mutating func append(_ record: RecordGrams) {
            let code = record.kindCode
            let codeNumber = codeNumbers[code] ?? codeNumbers.count
            codeNumbers[code] = codeNumber
            let length = min(record.titleLength, 4095)
            numbers.append(codeNumber)
            numbers.append(editionNumbers[record.edition] ?? 0)
            numbers.append(record.scope + 1)
            numbers.append(length / 64)
            numbers.append(length % 64)
        }

        var text: (codes: [String], fields: String) {
            let codes = codeNumbers.keys.sorted()
            let place = Dictionary(uniqueKeysWithValues: codes.enumerated().map { (codeNumbers[$1]!, $0) })
            let alphabet = SearchTermShards.alphabet
            var bytes: [UInt8] = []
            bytes.reserveCapacity(numbers.count)
            for (position, number) in numbers.enumerated() {
                bytes.append(alphabet[position % 5 == 0 ? place[number]! : min(max(number, 0), 63)])
            }
            return (codes, String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `window.HANDBOOK_SEARCH_CHUNK(name,value);` around one JSON value (escaped already).
    private static func chunkPieces(_ name: String, value: [UInt8]) -> [[UInt8]] {
        [[UInt8]("window.HANDBOOK_SEARCH_CHUNK(\(name),".utf8), value, [UInt8](");\n".utf8)]
    }

    /// `window.HANDBOOK_SEARCH_CHUNK(name,[…]);` around JSON fragments (escaped already),
    /// comma separated, the empty ones left out.
    private static func chunkPieces(_ name: String, _ fragments: [[UInt8]]) -> [[UInt8]] {
        var pieces = [[UInt8]("window.HANDBOOK_SEARCH_CHUNK(\(name),[".utf8)]
        var any = false
        for fragment in fragments where !fragment.isEmpty {
            if any { pieces.append([UInt8(ascii: ",")]) }
            pieces.append(fragment)
            any = true
        }
        pieces.append([UInt8]("]);\n".utf8))
        return pieces
    }

    /// The pinyin search's entries for records whose title has Han: `[kind, title]`, or
    /// `[kind, title, pinyin]` when the title carries its own reading; escaped, comma separated.
    private static func titleFragment(_ records: [SearchIndex.Record]) -> [UInt8] {
        let withHan = records.filter { $0.title.unicodeScalars.contains { $0.value >= 0x2E80 } }
        guard !withHan.isEmpty else { return [] }
        var json = JSONTextWriter(pretty: false, scriptSafe: true, capacity: 64 * withHan.count)
        json.beginArray()
        for record in withHan {
            json.beginArray()
            json.value(record.kind.rawValue)
            json.value(record.title)
            if !record.pinyin.isEmpty { json.value(record.pinyin) }
            json.endArray()
        }
        json.endArray()
        return Array(json.bytes.dropFirst().dropLast())
    }

    /// A record's title and body (text, context and rule id, space separated) normalised as
    /// search.js normalises them, in UTF-16 code units, character by character.
    func normalizedUnits(of record: SearchIndex.Record, title: inout [UInt16], body: inout [UInt16], _ folds: ScalarFolds) {
        title.removeAll(keepingCapacity: true)
        body.removeAll(keepingCapacity: true)
        fold(record.title, into: &title, folds)
        fold(record.text, into: &body, folds)
        body.append(0x20)
        fold(record.context, into: &body, folds)
        body.append(0x20)
        fold(record.ruleID, into: &body, folds)
    }

    private func fold(_ text: String, into units: inout [UInt16], _ folds: ScalarFolds) {
        let variants = normalizer.variants
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let value = UInt16(scalar.value)
                units.append((65...90).contains(value) ? value + 32 : value)
            } else if SearchNormalizer.decomposesToItself(scalar) {
                // Its own decomposition, no case: folded by the variants table alone
                // (what `ScalarFolds` would give, without its lock and table).
                units.append(UInt16((variants.simplified(scalar: scalar) ?? scalar).value))
            } else {
                units.append(contentsOf: folds.fold(scalar, normalizer).utf16)
            }
        }
    }

    /// The single script: its opening, the records' fragments with commas between, its closing.
    private static func pieces(_ index: SearchIndex, _ fragments: [[UInt8]]) throws -> [[UInt8]] {
        var inner = index
        inner.records = []
        var script = [UInt8]("window.HANDBOOK_SEARCH_INDEX = ".utf8)
        // `{"language":…,"records":[` then the records, then the keys after "records".
        let empty = try SortedJSONEncoder.encode(inner, pretty: false, scriptSafe: true)
        let marker = [UInt8](#""records":[]"#.utf8)
        guard let split = empty.indices.first(where: { empty[$0...].starts(with: marker) }) else {
            throw EncodingError.invalidValue(index, .init(codingPath: [], debugDescription: "no records key"))
        }
        script += empty[..<(split + marker.count - 1)]
        var pieces = [script]
        let comma = [UInt8(ascii: ",")]
        for fragment in fragments where !fragment.isEmpty {
            if pieces.count > 1 { pieces.append(comma) }
            pieces.append(fragment)
        }
        pieces.append(Array(empty[(split + marker.count - 1)...]) + Array(";\n".utf8))
        return pieces
    }

    /// Records as they sit inside the index's `records` array, escaped for the script: what
    /// `SortedJSONEncoder` gives for them (the assembled index is tested equal).
    private static func fragment(_ records: [SearchIndex.Record]) -> [UInt8] {
        guard !records.isEmpty else { return [] }
        // A record is strings and one integer in an unkeyed container: nothing the encoder refuses.
        let json = try! SortedJSONEncoder.encode(records, pretty: false, scriptSafe: true, capacity: 512 * records.count)
        return Array(json.dropFirst().dropLast())
    }

    /// One chapter's entries; `keepingRecords`: with its records (the whole index) or not.
    fileprivate func entries(of chapter: Chapter, _ language: Language, _ context: RecordsContext,
                             keepingRecords: Bool) -> ChapterEntries {
        let records = self.records(of: chapter, language, scope: context.scope, partTitle: context.partTitle)
        var seen = ScalarSet()
        return ChapterEntries(records: keepingRecords ? records : [],
                              remake: { self.records(of: chapter, language, scope: context.scope, partTitle: context.partTitle, withPinyin: false) },
                              script: Self.fragment(records), scalars: Self.scalars(records, into: &seen), count: records.count,
                              titles: Self.titleFragment(records), editions: Set(records.map(\.edition).filter { !$0.isEmpty }))
    }

    /// What the glossary's part reads: each term's names, note and reviewed synonyms.
    func glossaryKey(_ language: Language) -> [String] {
        let reviewed = handbook.searchSynonyms.names
        return handbook.glossary.entries.flatMap { entry -> [String] in
            let names: [String] = [entry.id, entry.en, entry.zh, entry.zhHant, entry.note?[language] ?? "\u{0}"]
            return names + entry.variants + ["\u{0}"] + (reviewed[entry.id] ?? []) + ["\u{0}"]
        }
    }

    /// What the character tables read: the characters in use, normalised (only the Traditional
    /// characters that can match something are shipped; normalising works character by
    /// character for Han text, so the distinct characters are enough), and whether the language
    /// reads pinyin (a language whose glossary terms are written in Han characters).
    func characterKey(_ chapters: [ChapterEntries], _ terms: GlossaryPart) -> CharacterKey {
        var seen = ScalarSet()
        var scalars: [Unicode.Scalar] = []
        for chapter in chapters {
            for scalar in chapter.scalars where seen.insert(scalar) { scalars.append(scalar) }
        }
        for scalar in terms.scalars where seen.insert(scalar) { scalars.append(scalar) }
        let folds = foldedScalars
        return CharacterKey(used: Set(scalars.flatMap { folds.fold($0, normalizer) }),
                            readsPinyin: terms.records.contains { $0.title.contains(where: PinyinReader.isSearchHan) })
    }

    func characterTables(_ key: CharacterKey) -> CharacterTables {
        CharacterTables(
            variants: normalizer.variants.simplified.filter { key.used.contains($0.value) }
                .sorted { $0.key < $1.key }.map { String($0.key) + String($0.value) }.joined(),
            readings: key.readsPinyin ? PinyinReader.shared.readings(of: key.used.flatMap(\.unicodeScalars)) : "")
    }

    /// The index with the glossary's records alone (the chapters' are in `parts.chapters`).
    private func assemble(_ parts: Parts) -> SearchIndex {
        SearchIndex(
            language: parts.language.tag, scopes: handbook.parts(in: parts.language).map { [$0.id, $0.title] },
            records: parts.glossary.records, variants: parts.tables.variants, synonyms: parts.glossary.synonyms,
            readings: parts.tables.readings,
            editions: parts.chapters.reduce(into: Set<String>()) { $0.formUnion($1.editions) }.sorted())
    }

    /// The glossary's terms as records, with the characters they use and the other names of
    /// each term that the search takes as synonyms.
    struct GlossaryPart: Sendable {
        var records: [SearchIndex.Record]
        var scalars: [Unicode.Scalar]
        var synonyms: [[String]]
    }

    func glossaryPart(_ language: Language) -> GlossaryPart {
        var records: [SearchIndex.Record] = []
        var synonyms: [String: String] = [:]
        for entry in handbook.glossary.entries {
            let term = entry.term(in: language)
            let others = entry.terms(otherThan: language) + entry.variants
            records.append(SearchIndex.Record(
                kind: .term, scope: -1, title: term,
                text: (others + [entry.note?[language] ?? ""]).filter { !$0.isEmpty }.joined(separator: " · "),
                context: "", url: SiteURLs.path(of: .term(entry.id), in: language), ruleID: "",
                pinyin: pinyinKey(term)))
            let normalizedTerm = normalizer.normalize(term)
            // The reviewed synonyms (content/search-synonyms.yaml) lead to the term too, after
            // the glossary's own names; they are not the term's text.
            for name in others + (handbook.searchSynonyms.names[entry.id] ?? []) {
                let key = normalizer.normalize(name)
                if !key.isEmpty, key != normalizedTerm, synonyms[key] == nil { synonyms[key] = term }
            }
        }
        var seen = ScalarSet()
        return GlossaryPart(records: records, scalars: Self.scalars(records, into: &seen),
                            synonyms: synonyms.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    }

    /// The Traditional-to-Simplified pairs and the pinyin readings of the characters in use.
    struct CharacterTables: Sendable {
        var variants: String
        var readings: String
    }

    struct CharacterKey: Equatable, Sendable {
        var used: Set<Character>
        var readsPinyin: Bool
    }

    /// The non-ASCII characters of the records not in `seen` yet, in order of appearance. ASCII
    /// is left out: it never folds to a Han character, which is all the variant table maps to.
    private static func scalars(_ records: [SearchIndex.Record], into seen: inout ScalarSet) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        func collect(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                var index = 0
                while index < bytes.count {
                    if bytes[index] < 0x80 {
                        index += 1
                        continue
                    }
                    let (value, length) = UTF8Scalar.decode(at: index, in: bytes)
                    if let scalar = Unicode.Scalar(value), seen.insert(scalar) { found.append(scalar) }
                    index += length
                }
            }
        }
        // A chapter's sections and rules share one context: read once.
        var lastContext: String?
        for record in records {
            collect(record.title)
            collect(record.text)
            if record.context != lastContext {
                collect(record.context)
                lastContext = record.context
            }
        }
        return found
    }

    /// `withPinyin`: false when only the grams and facets are wanted (the postings), which do not
    /// read a title's pinyin key.
    private func records(of chapter: Chapter, _ language: Language, scope: Int, partTitle: String,
                         withPinyin: Bool = true) -> [SearchIndex.Record] {
        let pinyinKey = withPinyin ? self.pinyinKey : { _ in "" }
        let page = SiteURLs.chapter(chapter.identifier, language)
        // The text under each section, by the section's position (`sections` lists the section
        // blocks in reading order).
        var sectionText = [[String]](repeating: [], count: chapter.sections.count)
        var introduction: [String] = [chapter.summary]
        var currentSection = -1
        // The section each rule is under, by the rule's local id.
        var ruleSections: [String: String] = [:]
        for block in chapter.content {
            switch block {
            case .section: currentSection += 1
            case .markdown(let markdown):
                let text = catalogText(chapter, [markdown])
                if currentSection >= 0 { sectionText[currentSection].append(text) } else { introduction.append(text) }
            case .rule(let rule):
                if currentSection >= 0 { ruleSections[rule.localID] = chapter.sections[currentSection].titleText }
            }
        }
        var records: [SearchIndex.Record] = [
            .init(kind: .chapter, scope: scope, title: chapter.title, text: introduction.joined(separator: " "),
                  context: partTitle, url: page, ruleID: "", pinyin: pinyinKey(chapter.title), status: chapter.status),
        ]
        // Every section and rule of the chapter has the same context.
        let context = partTitle + " · " + chapter.title
        for (position, section) in chapter.sections.enumerated() {
            records.append(.init(kind: .section, scope: scope, title: section.titleText,
                                 text: sectionText[position].joined(separator: " "),
                                 context: context, url: page + "#" + section.anchor, ruleID: "",
                                 pinyin: pinyinKey(section.titleText), status: chapter.status))
        }
        for rule in chapter.rules {
            let ruleID = chapter.ruleID(rule.localID)
            records.append(.init(kind: .rule, scope: scope, title: rule.title,
                                 text: ruleText(ruleID, language) ?? catalogText(chapter, rule.body),
                                 context: context, url: page + "#" + rule.localID,
                                 ruleID: ruleID, edition: rule.edition ?? chapter.edition,
                                 section: ruleSections[rule.localID] ?? "", pinyin: pinyinKey(rule.title), advice: rule.kind, status: rule.status ?? chapter.status))
        }
        return records
    }

    /// A title's pinyin key when its words change its characters' readings, else "" (then the
    /// search reads it through the index's `readings`).
    private func pinyinKey(_ title: String) -> String {
        // Text with nothing from the CJK blocks on has no Han, normalised or not (most titles
        // of a Latin-script language): no need to normalise it.
        guard title.unicodeScalars.contains(where: { $0.value >= 0x2E80 }) else { return "" }
        return PinyinReader.shared.exceptionalKey(normalizer.normalize(title))
    }

    /// The index as a script, so that it loads from `file://` without fetch. Every `<`, `>`, `&`
    /// and line separator is escaped, so no entry can close the script or inject markup.
    static func script(_ index: SearchIndex) throws -> Data {
        var script = [UInt8]("window.HANDBOOK_SEARCH_INDEX = ".utf8)
        script += try SortedJSONEncoder.encode(index, pretty: false, scriptSafe: true, capacity: 256 * index.records.count)
        script.append(contentsOf: ";\n".utf8)
        return Data(script)
    }

}

/// What a chunked index's head keeps of a record (`RecordFields`) and the grams it is found by.
struct RecordGrams: Sendable {
    var kindCode: String
    var edition: String
    var scope: Int
    /// The length of its normalised title.
    var titleLength: Int
    var grams: SearchTermShards.Grams
}

/// A term collector that one task at a time fills in place: each batch of records is handed to
/// every box at once, one task a box, so its lock is never waited for.
final class CollectorBox: Sendable {
    let collector: Mutex<SearchTermShards.Collector>

    init(keys: Range<UInt32>) {
        collector = Mutex(SearchTermShards.Collector(keys: keys))
    }

    /// What it gathered, leaving it empty.
    func take() -> SearchTermShards.Collector {
        collector.withLock { collector in
            var taken = SearchTermShards.Collector(keys: collector.keys)
            swap(&taken, &collector)
            return taken
        }
    }

    /// `count` collectors over consecutive ranges of key units, each range filing about as many
    /// of the grams in `sample`. The output does not depend on the ranges, only the balance.
    static func dividing(_ sample: [SearchTermShards.Grams], into count: Int) -> [CollectorBox] {
        var weights = [Int](repeating: 0, count: 0x10000)
        var total = 0
        for grams in sample {
            grams.forEachKey { key in
                weights[Int(key)] += 1
                total += 1
            }
        }
        var bounds: [UInt32] = [0]
        var sum = 0
        for unit in weights.indices where bounds.count < count {
            sum += weights[unit]
            if sum > 0, sum * count >= total * bounds.count { bounds.append(UInt32(unit + 1)) }
        }
        bounds.append(0x10000)
        return zip(bounds, bounds.dropFirst()).filter { $0 < $1 }.map { CollectorBox(keys: $0..<$1) }
    }
}

/// A set of characters: a bitmap for the Basic Multilingual Plane, where nearly all are.
struct ScalarSet {
    private var plane = [UInt64](repeating: 0, count: 0x10000 / 64)
    private var beyond = Set<UInt32>()

    /// Adds `scalar`; true when it was not in the set.
    mutating func insert(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value < 0x10000 else { return beyond.insert(value).inserted }
        let bit = UInt64(1) << (value & 63)
        let word = Int(value >> 6)
        guard plane[word] & bit == 0 else { return false }
        plane[word] |= bit
        return true
    }
}

/// Characters and their normalised forms, remembered: normalising goes through Foundation.
final class ScalarFolds: Sendable {
    private let folds = Mutex<[Unicode.Scalar: String]>([:])

    func fold(_ scalar: Unicode.Scalar, _ normalizer: SearchNormalizer) -> String {
        if let known = folds.withLock({ $0[scalar] }) { return known }
        let folded = normalizer.normalize(String(scalar))
        folds.withLock { $0[scalar] = folded }
        return folded
    }
}

