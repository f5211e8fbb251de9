import Foundation

/// The site search's ranking, `templates/assets/search.js`, in Swift: the `rules` command and the
/// MCP server rank a query over a language's search index exactly as the site does (issue #28,
/// docs/search-index.md "Ranking"). Each function says which function of search.js it mirrors.
///
/// Text is compared as UTF-16 code units, as JavaScript compares it: positions, lengths and the
/// order of words are those search.js sees. search.js finds matches through postings and scores
/// only those that can still reach its list; here every match is scored, which gives the same
/// order (the e2e test `test_ranking_shared.py` compares the two on a shared query set).
public struct SearchRanking: Sendable {
    // The weights and penalties, as search.js names them in its comments and variables.
    package static let title = 100.0, titleWhole = 30.0, titleWordStart = 20.0, titleStart = 25.0, titleCover = 40.0
    package static let body = 10.0, bodyWhole = 5.0, bodyWordStart = 3.0
    /// Penalties of an alternative (`alternatives()`): a glossary name typed in full, one begun.
    package static let glossaryWhole = 5.0, glossaryBegun = 15.0
    package static let pinyin = 6.0, pinyinSpans = 3
    /// Typo corrections: the first corrected query's penalty, and the second's in addition.
    package static let typo = 20.0, typoSecond = 25.0, typoFew = 3, typoCorrections = 2

    /// The numbers search.js declares, by its variables' names: `SearchRankingTests` reads
    /// search.js and fails when one differs (the others it checks where search.js writes them).
    public static let weights: KeyValuePairs<String, Double> = [
        "TITLE": title, "TITLE_WHOLE": titleWhole, "TITLE_WORD_START": titleWordStart, "TITLE_START": titleStart,
        "TITLE_COVER": titleCover, "BODY": body, "BODY_WHOLE": bodyWhole, "BODY_WORD_START": bodyWordStart,
        "PINYIN": pinyin, "PINYIN_SPANS": Double(pinyinSpans), "TYPO": typo, "TYPO_FEW": Double(typoFew),
        "TYPO_CORRECTIONS": Double(typoCorrections),
    ]
    /// search.js `KIND_ORDER`: chapters, terms, sections, rules.
    package static let kindOrder: [SearchIndex.Kind: Int] = [.chapter: 0, .term: 1, .section: 2, .rule: 3]

    package typealias Units = [UInt16]

    package struct Record: Sendable {
        package var kindOrder: Int
        package var title: Units
        package var body: Units
    }

    /// A Han run of titles read as pinyin (search.js `pinyinRuns`).
    struct PinyinRun: Sendable {
        var text: Units
        var syllables: [[UInt8]]
        var titles: Int
        var whole: Bool
    }

    package let normalizer: SearchNormalizer
    package let records: [Record]
    /// Normalised glossary names and the term each gives, in the index's order.
    package let synonyms: [(key: Units, term: String)]
    let pinyinRuns: [PinyinRun]
    /// Every Latin-script word of the records' titles and bodies, in UTF-16 order, and the
    /// records holding it (increasing): search.js `Postings.sortedWords` and `words`.
    let sortedWords: [Units]
    let wordRecords: [Units: [Int32]]

    public init(index: SearchIndex, normalizer: SearchNormalizer) {
        self.normalizer = normalizer
        // search.js `records`: nBody is the text, the context and the rule id.
        var contexts: [String: String] = [:]
        records = index.records.map { record in
            let context = contexts[record.context] ?? normalizer.normalize(record.context)
            contexts[record.context] = context
            return Record(kindOrder: Self.kindOrder[record.kind] ?? 3, title: Array(normalizer.normalize(record.title).utf16),
                          body: Array([normalizer.normalize(record.text), context, record.ruleID].joined(separator: " ").utf16))
        }
        synonyms = index.synonyms.compactMap { pair in pair.count == 2 ? (Array(pair[0].utf16), pair[1]) : nil }
        var words: [Units: [Int32]] = [:]
        for (number, record) in records.enumerated() {
            for text in [record.title, record.body] {
                Self.eachWord(in: text) { word in
                    if words[word]?.last != Int32(number) { words[word, default: []].append(Int32(number)) }
                }
            }
        }
        wordRecords = words
        sortedWords = words.keys.sorted { $0.lexicographicallyPrecedes($1) }
        pinyinRuns = Self.pinyinRuns(index: index, titles: records.map(\.title))
    }

    // MARK: Characters (search.js isHanCode, isWordCode, tokens)

    package static func isHan(_ c: UInt16) -> Bool { (0x3400...0x9FFF).contains(c) || (0xF900...0xFAFF).contains(c) }

    static func isWord(_ c: UInt16) -> Bool {
        (97...122).contains(c) || (48...57).contains(c) || (c >= 0xC0 && c < 0x2000 && c != 0xD7 && c != 0xF7)
    }

    /// A letter or digit (`[\p{L}\p{N}]`) of the Basic Multilingual Plane.
    static func isLetterOrNumber(_ c: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(c) else { return false }
        return isLetterOrNumber(scalar)
    }

    private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }

    /// search.js `tokens()`: the normalised text's Han runs and runs of letters and digits, as
    /// `/[\u3400-\u9fff\uf900-\ufaff]+|[\p{L}\p{N}]+/gu` finds them (a run that starts with a
    /// Latin letter goes on through Han characters).
    package func tokens(_ text: String) -> [Units] {
        Self.tokens(normalized: normalizer.normalize(text))
    }

    /// `tokens(_:)` of text already normalised.
    package static func tokens(normalized text: String) -> [Units] {
        let scalars = Array(text.unicodeScalars)
        let hanScalar = { (s: Unicode.Scalar) in s.value <= 0xFFFF && Self.isHan(UInt16(s.value)) }
        var tokens: [Units] = []
        var at = 0
        while at < scalars.count {
            let inRun: (Unicode.Scalar) -> Bool = hanScalar(scalars[at]) ? hanScalar
                : Self.isLetterOrNumber(scalars[at]) ? Self.isLetterOrNumber : { _ in false }
            var end = at
            while end < scalars.count, inRun(scalars[end]) { end += 1 }
            if end == at { at += 1; continue }
            tokens.append(Array(String(String.UnicodeScalarView(scalars[at..<end])).utf16))
            at = end
        }
        return tokens
    }

    /// Every maximal run of word characters of `text` (search.js `Postings.scan`, for words).
    static func eachWord(in text: Units, _ body: (Units) -> Void) {
        var at = 0
        while at < text.count {
            guard isWord(text[at]) else { at += 1; continue }
            var end = at + 1
            while end < text.count, isWord(text[end]) { end += 1 }
            body(Array(text[at..<end]))
            at = end
        }
    }

    // MARK: Matching (search.js find, occurs, matching)

    package static func index(of token: Units, in text: Units, from: Int) -> Int {
        guard token.count <= text.count, from <= text.count - token.count else { return -1 }
        return text.withUnsafeBufferPointer { text in
            token.withUnsafeBufferPointer { token in
                let first = token[0]
                var at = from
                while at <= text.count - token.count {
                    if text[at] == first {
                        var k = 1
                        while k < token.count, text[at + k] == token[k] { k += 1 }
                        if k == token.count { return at }
                    }
                    at += 1
                }
                return -1
            }
        }
    }

    static let wholeWordFlag = 2, wordStartFlag = 1

    /// search.js `find()`: the best occurrence of `token` in `text` as 4 × position + whole-word
    /// and word-start flags, or -1.
    package static func find(_ text: Units, _ token: Units, han: Bool) -> Int {
        var from = 0, best = -1
        while true {
            let at = index(of: token, in: text, from: from)
            if at < 0 { return best }
            let before: UInt16 = at == 0 ? 32 : text[at - 1]
            let startsWord = han ? !isHan(before) : !isWord(before)
            if han || startsWord {
                let after: UInt16 = at + token.count >= text.count ? 32 : text[at + token.count]
                let whole = startsWord && (han || !isWord(after))
                if best < 0 || (whole && best & wholeWordFlag == 0) || (startsWord && best & wordStartFlag == 0) {
                    best = 4 * at + (whole ? wholeWordFlag : 0) + (startsWord ? wordStartFlag : 0)
                }
                if whole { return best }
            }
            from = at + 1
        }
    }

    /// search.js `occurs()`.
    package static func occurs(_ text: Units, _ token: Units, han: Bool) -> Bool {
        if han { return index(of: token, in: text, from: 0) >= 0 }
        var at = index(of: token, in: text, from: 0)
        while at >= 0 {
            if at == 0 || !isWord(text[at - 1]) { return true }
            at = index(of: token, in: text, from: at + 1)
        }
        return false
    }

    /// One alternative of a query, ready to match (search.js `prepare()`).
    struct Alternative {
        var tokens: [Units]
        var han: [Bool]
        /// For a token of word characters only, the records holding it as a whole word.
        var wholeWords: [[Int32]?]
        var penalty: Double
    }

    func prepare(_ text: String, penalty: Double) -> Alternative {
        let queryTokens = tokens(text)
        return Alternative(tokens: queryTokens, han: queryTokens.map { Self.isHan($0[0]) },
                           wholeWords: queryTokens.map(wholeWord), penalty: penalty)
    }

    /// search.js `Postings.wholeWord()`: nil for a token with a character that is no word's.
    func wholeWord(_ token: Units) -> [Int32]? {
        token.allSatisfy(Self.isWord) ? wordRecords[token] ?? [] : nil
    }

    /// search.js `matching()`: the records (increasing) where every token occurs, among `allowed`.
    func matching(_ alternative: Alternative, allowed: (Int) -> Bool) -> [Int] {
        guard !alternative.tokens.isEmpty else { return [] }
        return records.indices.filter { i in
            allowed(i) && alternative.tokens.indices.allSatisfy { k in
                Self.occurs(records[i].title, alternative.tokens[k], han: alternative.han[k])
                    || Self.occurs(records[i].body, alternative.tokens[k], han: alternative.han[k])
            }
        }
    }

    // MARK: Scoring (search.js score, better)

    /// search.js `score()`: the score of record `i`, which matches `query`.
    func score(_ i: Int, _ query: Alternative) -> Double {
        let record = records[i]
        var total = 0.0, titleChars = 0
        for (k, token) in query.tokens.enumerated() {
            let inTitle = Self.find(record.title, token, han: query.han[k])
            if inTitle >= 0 {
                total += Self.title + (inTitle & Self.wholeWordFlag != 0 ? Self.titleWhole : 0)
                    + (inTitle & Self.wordStartFlag != 0 ? Self.titleWordStart : 0) + (inTitle < 4 ? Self.titleStart : 0)
                titleChars += token.count
                continue
            }
            if let whole = query.wholeWords[k] {
                total += Self.body + Self.bodyWordStart + (Self.includes(whole, Int32(i)) ? Self.bodyWhole : 0)
                continue
            }
            let inBody = Self.find(record.body, token, han: query.han[k])
            if inBody < 0 { return 0 }
            total += Self.body + (inBody & Self.wholeWordFlag != 0 ? Self.bodyWhole : 0)
                + (inBody & Self.wordStartFlag != 0 ? Self.bodyWordStart : 0)
        }
        total /= Double(query.tokens.count)
        if titleChars > 0 {
            // Math.round
            total += (Self.titleCover * Double(titleChars) / Double(max(record.title.count, 1)) + 0.5).rounded(.down)
        }
        return total + Double(3 - record.kindOrder)
    }

    package static func includes(_ sorted: [Int32], _ value: Int32) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// The records that match `query` among those `allowed` gives (by their number in the
    /// index), best first: search.js `search()` without a limit, ordered by its `better()` (the
    /// score, then the kind, then the record's place in the index).
    public func ranked(_ query: String, allowed: (Int) -> Bool) -> [Int] {
        var alternatives = alternatives(query).map { prepare($0.text, penalty: $0.penalty) }
        var found = alternatives.map { matching($0, allowed: allowed) }
        forgiveTypos(&alternatives, &found, allowed: allowed)
        var scores: [Int: Double] = [:]
        for (altIndex, matches) in found.enumerated() {
            for i in matches {
                let s = score(i, alternatives[altIndex]) - alternatives[altIndex].penalty
                if let known = scores[i], known >= s { continue }
                scores[i] = s
            }
        }
        return scores.keys.sorted { a, b in
            let (x, y) = (scores[a]!, scores[b]!)
            if x != y { return x > y }
            if records[a].kindOrder != records[b].kindOrder { return records[a].kindOrder < records[b].kindOrder }
            return a < b
        }
    }

    // MARK: Alternatives (search.js alternatives, pinyinAlternatives)

    /// search.js `alternatives()`: the query itself, then the terms it names through the
    /// glossary and the reviewed synonyms, then the Han texts it may be the pinyin of.
    func alternatives(_ query: String) -> [(text: String, penalty: Double)] {
        let q = Array(normalizer.normalize(query).trimmingCharacters(in: .whitespacesAndNewlines).utf16)
        var alternatives: [(text: String, penalty: Double)] = [(query, 0)]
        if q.count < 2 { return alternatives }
        var seen = Set<String>()
        for (key, term) in synonyms where !seen.contains(term) {
            if key == q {
                alternatives.insert((term, Self.glossaryWhole), at: 1)
                seen.insert(term)
            } else if key.starts(with: q), q.count >= 3, alternatives.count < 5 {
                alternatives.append((term, Self.glossaryBegun))
                seen.insert(term)
            }
        }
        return alternatives + pinyinAlternatives(q)
    }

    /// search.js `pinyinRuns`: the distinct Han runs of titles with their syllables.
    static func pinyinRuns(index: SearchIndex, titles: [Units]) -> [PinyinRun] {
        // `readings`: a syllable, then its characters (search.js splits /[a-z]+|[^a-z]/g).
        var readings: [UInt16: [UInt8]] = [:]
        var syllable: [UInt8] = []
        let units = Array(index.readings.utf16)
        var at = 0
        while at < units.count {
            if (97...122).contains(units[at]) {
                var end = at
                while end < units.count, (97...122).contains(units[end]) { end += 1 }
                syllable = units[at..<end].map { UInt8($0) }
                at = end
            } else {
                if units[at] < 0x7B { syllable = [UInt8(truncatingIfNeeded: units[at])] } else { readings[units[at]] = syllable }
                at += 1
            }
        }
        var runs: [PinyinRun] = []
        var runAt: [Units: Int] = [:]
        for (record, title) in zip(index.records, titles) {
            var syllables: [[UInt8]] = record.pinyin.isEmpty ? []
                : record.pinyin.split(separator: " ", omittingEmptySubsequences: false).map { Array($0.utf8) }
            if record.pinyin.isEmpty {
                for c in title where isHan(c) { syllables.append(readings[c] ?? Array("-".utf8)) }
                if syllables.isEmpty { continue }
            }
            let whole = record.kind == .chapter || record.kind == .term
            var k = 0, run: Units = [], from = 0
            func close() {
                guard !run.isEmpty else { return }
                if runAt[run] == nil {
                    runAt[run] = runs.count
                    runs.append(PinyinRun(text: run, syllables: Array(syllables[min(from, syllables.count)..<min(from + run.count, syllables.count)]),
                                          titles: 0, whole: false))
                }
                let n = runAt[run]!
                runs[n].titles += 1
                if whole && run.count == title.count { runs[n].whole = true }
                run = []
            }
            var i = 0
            while i < title.count && k < syllables.count {
                if isHan(title[i]) {
                    if run.isEmpty { from = k }
                    run.append(title[i])
                    k += 1
                } else {
                    close()
                }
                i += 1
            }
            close()
        }
        return runs
    }

    package static func initial(of syllable: [UInt8]) -> [UInt8] {
        let two = Array(syllable.prefix(2))
        return two == Array("zh".utf8) || two == Array("ch".utf8) || two == Array("sh".utf8) ? two : Array(syllable.prefix(1))
    }

    /// search.js `spell()`: the end (exclusive) of the syllables from `at` that the letters from
    /// `q` spell, and how many were typed in full.
    static func spell(_ letters: [UInt8], _ q: Int, _ syllables: [[UInt8]], _ at: Int) -> (end: Int, full: Int)? {
        if q == letters.count { return (at, 0) }
        if at == syllables.count || syllables[at] == Array("-".utf8) { return nil }
        let syllable = syllables[at], rest = letters.count - q
        var best: (end: Int, full: Int)?
        if letters[q...].starts(with: syllable), let whole = spell(letters, q + syllable.count, syllables, at + 1) {
            best = (whole.end, whole.full + 1)
        }
        if best == nil, rest < syllable.count, syllable.starts(with: letters[q...]) {
            best = (at + 1, rest > 1 ? 1 : 0)
        }
        if best == nil {
            let initial = initial(of: syllable)
            var n = initial.count
            while n >= 1 && best == nil {
                if letters[q...].starts(with: initial.prefix(n)) { best = spell(letters, q + n, syllables, at + 1) }
                n -= 1
            }
        }
        return best
    }

    /// search.js `pinyinAlternatives()`: the Han texts the query may be the pinyin of, best first.
    func pinyinAlternatives(_ q: Units) -> [(text: String, penalty: Double)] {
        guard !pinyinRuns.isEmpty, !q.isEmpty, q.allSatisfy({ (97...122).contains($0) || $0 == 32 }) else { return [] }
        let letters = q.filter { $0 != 32 }.map { $0 == 118 ? UInt8(117) : UInt8($0) }  // v → u
        guard letters.count >= 2 else { return [] }
        struct Span { var text: Units; var titles: Int; var whole: Bool; var full: Int }
        var spans: [Span] = []
        var spanAt: [Units: Int] = [:]
        let first = letters[0]
        for run in pinyinRuns {
            let syllables = run.syllables
            for at in syllables.indices {
                guard let lead = syllables[at].first, lead == first || (first == 117 && lead == 118) else { continue }
                guard let found = Self.spell(letters, 0, syllables, at), found.end - at >= 2 else { continue }
                let text = Array(run.text[at..<min(found.end, run.text.count)])
                if spanAt[text] == nil {
                    spanAt[text] = spans.count
                    spans.append(Span(text: text, titles: 0, whole: false, full: found.full))
                }
                let n = spanAt[text]!
                spans[n].titles += run.titles
                spans[n].whole = spans[n].whole || (run.whole && at == 0 && found.end == syllables.count)
                spans[n].full = max(spans[n].full, found.full)
            }
        }
        let sorted = spans.sorted { a, b in
            if a.whole != b.whole { return a.whole }
            if a.full != b.full { return a.full > b.full }
            if a.titles != b.titles { return a.titles > b.titles }
            return a.text.lexicographicallyPrecedes(b.text)
        }
        return sorted.prefix(Self.pinyinSpans).enumerated().map { rank, span in
            (String(decoding: span.text, as: UTF16.self), Self.pinyin + Double(rank))
        }
    }

    // MARK: Typos (search.js forgiveTypos, corrections, editKind)

    /// search.js `forgiveTypos()`: when the alternatives find fewer than `typoFew` records, the
    /// corrected queries' alternatives are added, with their matches.
    func forgiveTypos(_ alternatives: inout [Alternative], _ found: inout [[Int]], allowed: (Int) -> Bool) {
        guard Set(found.joined()).count < Self.typoFew, let own = alternatives.first else { return }
        let queryTokens = own.tokens
        var corrected: [[Units]]?
        for (k, t) in queryTokens.enumerated() {
            if t.count < 4 || wholeWord(t) == nil || hasWord(startingWith: t) { continue }
            let options = corrections(t)
            if options.isEmpty { continue }
            if corrected == nil { corrected = options.map { _ in queryTokens } }
            for n in corrected!.indices { corrected![n][k] = options[min(n, options.count - 1)] }
        }
        guard let corrected else { return }
        var seen = Set<Units>()
        for (n, tokensOf) in corrected.enumerated() {
            let text = Array(tokensOf.joined(separator: [32]))
            if !seen.insert(text).inserted { continue }
            for alternative in self.alternatives(String(decoding: text, as: UTF16.self)) {
                let prepared = prepare(alternative.text, penalty: alternative.penalty + Self.typo + Self.typoSecond * Double(n))
                let matches = matching(prepared, allowed: allowed)
                if matches.isEmpty { continue }
                alternatives.append(prepared)
                found.append(matches)
            }
        }
    }

    /// The first word (in `sortedWords`) at or after `prefix`.
    private func lowerBound(_ prefix: Units) -> Int {
        var low = 0, high = sortedWords.count
        while low < high {
            let mid = (low + high) / 2
            if sortedWords[mid].lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func hasWord(startingWith prefix: Units) -> Bool {
        let at = lowerBound(prefix)
        return at < sortedWords.count && sortedWords[at].starts(with: prefix)
    }

    /// How many records hold a word that starts with `prefix` (search.js `wordsStartingWith`).
    func recordCount(startingWith prefix: Units) -> Int {
        var holders = Set<Int32>()
        var at = lowerBound(prefix)
        while at < sortedWords.count, sortedWords[at].starts(with: prefix) {
            holders.formUnion(wordRecords[sortedWords[at]] ?? [])
            at += 1
        }
        return holders.count
    }

    /// search.js `corrections()`: the indexed words, or their beginnings, one edit from `t`.
    func corrections(_ t: Units) -> [Units] {
        var found: [Units: (whole: Bool, edit: Int, count: Int)] = [:]
        for word in sortedWords where word.count >= t.count - 1 {
            var length = min(word.count, t.count + 1)
            while length >= t.count - 1 {
                let edit = Self.editKind(t, word, length)
                if edit < 0 { length -= 1; continue }
                let whole = length == word.count
                let start = Array(word.prefix(length))
                if found[start] == nil { found[start] = (whole, edit, recordCount(startingWith: start)) }
                found[start]!.whole = found[start]!.whole || whole
                break
            }
        }
        return found.keys.sorted { a, b in
            let (x, y) = (found[a]!, found[b]!)
            if x.whole != y.whole { return x.whole }
            if x.edit != y.edit { return x.edit < y.edit }
            if x.count != y.count { return x.count > y.count }
            return a.lexicographicallyPrecedes(b)
        }.prefix(Self.typoCorrections).map { $0 }
    }

    /// search.js `editKind()`: how the first `lb` letters of `b` are one edit from `a`.
    package static func editKind(_ a: Units, _ b: Units, _ lb: Int) -> Int {
        let la = a.count
        if la - lb > 1 || lb - la > 1 { return -1 }
        var i = 0
        while i < la && i < lb && a[i] == b[i] { i += 1 }
        func same(_ from: Int, _ bFrom: Int, _ count: Int) -> Bool {
            (0..<max(count, 0)).allSatisfy { a[from + $0] == b[bFrom + $0] }
        }
        if la == lb {
            if i == la { return -1 }
            if i + 1 < la && a[i] == b[i + 1] && a[i + 1] == b[i] && same(i + 2, i + 2, la - i - 2) { return 0 }
            return same(i + 1, i + 1, la - i - 1) ? 1 : -1
        }
        if la > lb { return same(i + 1, i, lb - i) ? 2 : -1 }
        return same(i, i + 1, la - i) ? 0 : -1
    }
}
