/// Checks that the two languages describe one handbook: the same parts, chapters, sections and
/// rules, with the same language-independent values.
struct BilingualValidator {
    let handbook: Handbook

    func validate(log: inout DiagnosticLog) async {
        let (zh, en) = (Language.zhHans, Language.en)
        checkParts(log: &log)
        let zhChapters = Dictionary(handbook.chapters(in: zh).map { ($0.id, $0) }) { a, _ in a }
        let enChapters = Dictionary(handbook.chapters(in: en).map { ($0.id, $0) }) { a, _ in a }
        for language in Language.allCases {
            let mine = language == zh ? zhChapters : enChapters
            let theirs = language == zh ? enChapters : zhChapters
            for id in mine.keys.sorted() where theirs[id] == nil {
                let chapter = mine[id]!
                log.error("chapter '\(id)' has no \(name(language.other)) version; add content/\(language.other.folder)/\(id).md",
                          at: chapter.source)
            }
        }
        // Each pair of chapters is compared on its own: on all cores.
        // A chapter whose front matter has errors (reported) is not compared: its values are not known.
        let pairs = zhChapters.keys.sorted().compactMap { id in zhChapters[id].flatMap { a in enChapters[id].map { (a, $0) } } }
            .filter { $0.frontMatterIsValid && $1.frontMatterIsValid }
        for pairLog in await ParallelMap.map(pairs, { a, b in
            var pairLog = DiagnosticLog()
            compare(a, b, log: &pairLog)
            return pairLog
        }) {
            log.merge(pairLog)
        }
    }

    private func name(_ language: Language) -> String {
        language == .zhHans ? "Chinese" : "English"
    }

    private func checkParts(log: inout DiagnosticLog) {
        for language in Language.allCases {
            let others = Set(handbook.parts(in: language.other).map(\.id))
            for part in handbook.parts(in: language) where !others.contains(part.id) {
                log.error("part '\(part.id)' has no \(name(language.other)) version; add content/\(language.other.folder)/\(part.id)/_index.md",
                          at: part.source)
            }
        }
        for part in handbook.parts(in: .en) {
            guard let other = handbook.part(part.id, in: .zhHans), other.weight != part.weight else { continue }
            log.error("part '\(part.id)' has weight \(part.weight) here but \(other.weight) in Chinese; weights must match",
                      at: part.source, notes: [.note("Chinese version", at: other.source)])
        }
    }

    /// Pairs the items (sections, rules) of a chapter's two versions by key, in the English
    /// order, reporting each one the other version lacks. Nearly always both list the same keys
    /// in the same order: then they are paired side by side, without a table per chapter (four
    /// tables per chapter made the checks 7 % slower); by table otherwise, the first item of a
    /// key counting.
    private func matchVersions<Item>(_ zhItems: [Item], _ enItems: [Item], _ zh: Chapter, _ en: Chapter,
                                     log: inout DiagnosticLog, key: (Item) -> String,
                                     describe: (Item) -> (String, SourceLocation)) -> [(zh: Item, en: Item)] {
        if zhItems.elementsEqual(enItems, by: { key($0) == key($1) }) { return Array(zip(zhItems, enItems)) }
        let zhByKey = Dictionary(zhItems.map { (key($0), $0) }) { a, _ in a }
        let enByKey = Dictionary(enItems.map { (key($0), $0) }) { a, _ in a }
        for (mine, theirs, other) in [(zhItems, enByKey, en), (enItems, zhByKey, zh)] {
            for item in mine where theirs[key(item)] == nil {
                let (what, location) = describe(item)
                log.error("\(what) is missing from the \(name(other.language)) version",
                          at: location, notes: [.note("\(name(other.language)) version", at: other.source)])
            }
        }
        return enItems.compactMap { item in zhByKey[key(item)].map { ($0, item) } }
    }

    private func compare(_ zh: Chapter, _ en: Chapter, log: inout DiagnosticLog) {
        func mismatch(_ key: String, _ a: String, _ b: String) {
            guard a != b else { return }
            let at = en.metadataLocation(of: key) ?? en.source
            log.error("'\(key)' is '\(b)' here but '\(a)' in the Chinese version; it must be the same in both languages",
                      at: at, notes: [.note("Chinese version", at: zh.metadataLocation(of: key) ?? zh.source)])
        }
        mismatch("weight", String(zh.weight), String(en.weight))
        mismatch("edition", zh.edition, en.edition)
        mismatch("status", zh.status.rawValue, en.status.rawValue)
        if zh.related != en.related {
            mismatch("related", zh.related.sorted().joined(separator: ", "), en.related.sorted().joined(separator: ", "))
        }
        mismatch("basis", zh.basis.joined(separator: "; "), en.basis.joined(separator: "; "))
        _ = matchVersions(zh.sections, en.sections, zh, en, log: &log, key: \.anchor) { section in
            ("section '#\(section.anchor)'", section.location)
        }
        let rules = matchVersions(zh.rules, en.rules, zh, en, log: &log, key: \.localID) { rule in
            ("rule '\(rule.localID)'", rule.location)
        }
        for (other, rule) in rules {
            let note = { [Diagnostic.note("Chinese version", at: other.location)] }
            if rule.kind != other.kind {
                log.error("rule '\(rule.localID)' is \(rule.kind.rawValue.uppercased()) here but \(other.kind.rawValue.uppercased()) in Chinese",
                          at: rule.location, notes: note())
            }
            if rule.section != other.section {
                log.error("rule '\(rule.localID)' sits in section '\(rule.section ?? "(none)")' here but '\(other.section ?? "(none)")' in Chinese",
                          at: rule.location, notes: note())
            }
            if rule.status != other.status || rule.edition != other.edition || rule.replacedBy != other.replacedBy
                || rule.basis != other.basis {
                log.error("rule '\(rule.localID)' has different status, edition, replaced-by or basis attributes in the two languages",
                          at: rule.location, notes: note())
            }
            if rule.history.map(\.edition) != other.history.map(\.edition) {
                log.error("rule '\(rule.localID)' has earlier forms from \(Self.editions(rule.history)) here but from "
                          + "\(Self.editions(other.history)) in Chinese; both languages give the same earlier forms",
                          at: rule.location, notes: note())
            }
        }
    }

    private static func editions(_ history: [Rule.EarlierForm]) -> String {
        history.isEmpty ? "no edition" : history.map { "'\($0.edition)'" }.joined(separator: ", ")
    }
}
