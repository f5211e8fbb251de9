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
        let pairs = zhChapters.keys.sorted().compactMap { id in zhChapters[id].flatMap { a in enChapters[id].map { (a, $0) } } }
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

    private func compare(_ zh: Chapter, _ en: Chapter, log: inout DiagnosticLog) {
        func mismatch(_ key: String, _ a: String, _ b: String) {
            guard a != b else { return }
            let at = en.metadataLocations[key] ?? en.source
            log.error("'\(key)' is '\(b)' here but '\(a)' in the Chinese version; it must be the same in both languages",
                      at: at, notes: [.note("Chinese version", at: zh.metadataLocations[key] ?? zh.source)])
        }
        mismatch("weight", String(zh.weight), String(en.weight))
        mismatch("edition", zh.edition, en.edition)
        mismatch("status", zh.status.rawValue, en.status.rawValue)
        if zh.related != en.related {
            mismatch("related", zh.related.sorted().joined(separator: ", "), en.related.sorted().joined(separator: ", "))
        }
        // Nearly always both versions list the same sections and rules in the same order: then
        // they are compared side by side, without a table per chapter.
        let (zhSectionList, enSectionList) = (zh.sections, en.sections)
        if !zhSectionList.elementsEqual(enSectionList, by: { $0.anchor == $1.anchor }) {
            let zhSections = Dictionary(zhSectionList.map { ($0.anchor, $0) }) { a, _ in a }
            let enSections = Dictionary(enSectionList.map { ($0.anchor, $0) }) { a, _ in a }
            for (mine, theirs, other) in [(zhSectionList, enSections, en), (enSectionList, zhSections, zh)] {
                for section in mine where theirs[section.anchor] == nil {
                    log.error("section '#\(section.anchor)' is missing from the \(name(other.language)) version",
                              at: section.location, notes: [.note("\(name(other.language)) version", at: other.source)])
                }
            }
        }
        let (zhRuleList, enRuleList) = (zh.rules, en.rules)
        var pairs: [(rule: Rule, other: Rule)] = []
        if zhRuleList.elementsEqual(enRuleList, by: { $0.localID == $1.localID }) {
            pairs = Array(zip(enRuleList, zhRuleList))
        } else {
            let zhRules = Dictionary(zhRuleList.map { ($0.localID, $0) }) { a, _ in a }
            let enRules = Dictionary(enRuleList.map { ($0.localID, $0) }) { a, _ in a }
            for (mine, theirs, other) in [(zhRuleList, enRules, en), (enRuleList, zhRules, zh)] {
                for rule in mine where theirs[rule.localID] == nil {
                    log.error("rule '\(rule.localID)' is missing from the \(name(other.language)) version",
                              at: rule.location, notes: [.note("\(name(other.language)) version", at: other.source)])
                }
            }
            pairs = enRuleList.compactMap { rule in zhRules[rule.localID].map { (rule, $0) } }
        }
        for (rule, other) in pairs {
            let note = { [Diagnostic.note("Chinese version", at: other.location)] }
            if rule.kind != other.kind {
                log.error("rule '\(rule.localID)' is \(rule.kind.rawValue.uppercased()) here but \(other.kind.rawValue.uppercased()) in Chinese",
                          at: rule.location, notes: note())
            }
            if rule.section != other.section {
                log.error("rule '\(rule.localID)' sits in section '\(rule.section ?? "(none)")' here but '\(other.section ?? "(none)")' in Chinese",
                          at: rule.location, notes: note())
            }
            if rule.status != other.status || rule.edition != other.edition || rule.replacedBy != other.replacedBy {
                log.error("rule '\(rule.localID)' has different status, edition or replaced-by attributes in the two languages",
                          at: rule.location, notes: note())
            }
        }
    }
}
