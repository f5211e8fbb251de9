/// Checks that every translation describes the same handbook as the source language: the same
/// parts, chapters, sections and rules, with the same language-independent values.
struct BilingualValidator {
    let handbook: Handbook

    func validate(log: inout DiagnosticLog) async {
        let source = handbook.languages.source
        checkParts(log: &log)
        let sourceChapters = Dictionary(handbook.chapters(in: source).map { ($0.id, $0) }) { a, _ in a }
        var pairs: [(Chapter, Chapter)] = []
        for translation in handbook.languages.translations {
            let chapters = Dictionary(handbook.chapters(in: translation).map { ($0.id, $0) }) { a, _ in a }
            for (mine, theirs, language) in [(sourceChapters, chapters, translation), (chapters, sourceChapters, source)] {
                for id in mine.keys.sorted() where theirs[id] == nil {
                    log.error(id: "bilingual.missing-chapter", "chapter '\(id)' has no \(language.diagnosticName) version; add content/\(language.code)/\(id).md",
                              at: mine[id]!.source)
                }
            }
            // A chapter whose front matter has errors (reported) is not compared: its values are not known.
            pairs += sourceChapters.keys.sorted().compactMap { id in sourceChapters[id].flatMap { a in chapters[id].map { (a, $0) } } }
                .filter { $0.frontMatterIsValid && $1.frontMatterIsValid }
        }
        // Each pair of chapters is compared on its own: on all cores.
        for pairLog in await ParallelMap.map(pairs, { a, b in
            var pairLog = DiagnosticLog()
            compare(a, b, log: &pairLog)
            return pairLog
        }) {
            log.merge(pairLog)
        }
    }

    private func checkParts(log: inout DiagnosticLog) {
        let source = handbook.languages.source
        for translation in handbook.languages.translations {
            for (mine, other) in [(source, translation), (translation, source)] {
                let others = Set(handbook.parts(in: other).map(\.id))
                for part in handbook.parts(in: mine) where !others.contains(part.id) {
                    log.error(id: "bilingual.missing-part", "part '\(part.id)' has no \(other.diagnosticName) version; add content/\(other.code)/\(part.id)/_index.md",
                              at: part.source)
                }
            }
            for part in handbook.parts(in: translation) {
                guard let other = handbook.part(part.id, in: source), other.weight != part.weight else { continue }
                log.error(id: "bilingual.part-weight", "part '\(part.id)' has weight \(part.weight) here but \(other.weight) in \(source.diagnosticName); weights must match",
                          at: part.source, notes: [.note("\(source.diagnosticName) version", at: other.source)])
            }
        }
    }

    /// Pairs the items (sections, rules) of a chapter's source and translated versions by key,
    /// in the translation's order, reporting each one the other version lacks. Nearly always
    /// both list the same keys in the same order: then they are paired side by side, without a
    /// table per chapter (four tables per chapter made the checks 7 % slower); by table
    /// otherwise, the first item of a key counting.
    private func matchVersions<Item>(_ sourceItems: [Item], _ translatedItems: [Item], _ source: Chapter, _ translated: Chapter,
                                     log: inout DiagnosticLog, key: (Item) -> String,
                                     describe: (Item) -> (String, SourceLocation)) -> [(source: Item, translated: Item)] {
        if sourceItems.elementsEqual(translatedItems, by: { key($0) == key($1) }) { return Array(zip(sourceItems, translatedItems)) }
        let sourceByKey = Dictionary(sourceItems.map { (key($0), $0) }) { a, _ in a }
        let translatedByKey = Dictionary(translatedItems.map { (key($0), $0) }) { a, _ in a }
        for (mine, theirs, other) in [(sourceItems, translatedByKey, translated), (translatedItems, sourceByKey, source)] {
            for item in mine where theirs[key(item)] == nil {
                let (what, location) = describe(item)
                log.error(id: "bilingual.missing-unit", "\(what) is missing from the \(other.language.diagnosticName) version",
                          at: location, notes: [.note("\(other.language.diagnosticName) version", at: other.source)])
            }
        }
        return translatedItems.compactMap { item in sourceByKey[key(item)].map { ($0, item) } }
    }

    private func compare(_ source: Chapter, _ translated: Chapter, log: inout DiagnosticLog) {
        let sourceName = source.language.diagnosticName
        func mismatch(_ key: String, _ a: String, _ b: String) {
            guard a != b else { return }
            let at = translated.metadataLocation(of: key) ?? translated.source
            log.error(id: "bilingual.front-matter-differs", "'\(key)' is '\(b)' here but '\(a)' in the \(sourceName) version; it must be the same in both languages",
                      at: at, notes: [.note("\(sourceName) version", at: source.metadataLocation(of: key) ?? source.source)])
        }
        mismatch("weight", String(source.weight), String(translated.weight))
        mismatch("edition", source.edition, translated.edition)
        mismatch("status", source.status.rawValue, translated.status.rawValue)
        if source.related != translated.related {
            mismatch("related", source.related.sorted().joined(separator: ", "), translated.related.sorted().joined(separator: ", "))
        }
        mismatch("basis", source.basis.joined(separator: "; "), translated.basis.joined(separator: "; "))
        mismatch("tags", source.tags.sorted().joined(separator: ", "), translated.tags.sorted().joined(separator: ", "))
        _ = matchVersions(source.sections, translated.sections, source, translated, log: &log, key: \.anchor) { section in
            ("section '#\(section.anchor)'", section.location)
        }
        let rules = matchVersions(source.rules, translated.rules, source, translated, log: &log, key: \.localID) { rule in
            ("rule '\(rule.localID)'", rule.location)
        }
        for (other, rule) in rules {
            let note = { [Diagnostic.note("\(sourceName) version", at: other.location)] }
            if rule.kind != other.kind {
                log.error(id: "bilingual.rule-kind", "rule '\(rule.localID)' is \(rule.kind.rawValue.uppercased()) here but \(other.kind.rawValue.uppercased()) in \(sourceName)",
                          at: rule.location, notes: note())
            }
            if rule.section != other.section {
                log.error(id: "bilingual.rule-section", "rule '\(rule.localID)' sits in section '\(rule.section ?? "(none)")' here but '\(other.section ?? "(none)")' in \(sourceName)",
                          at: rule.location, notes: note())
            }
            if rule.status != other.status || rule.edition != other.edition || rule.replacedBy != other.replacedBy
                || rule.basis != other.basis || rule.tags.sorted() != other.tags.sorted() {
                log.error(id: "bilingual.rule-attributes", "rule '\(rule.localID)' has different status, edition, replaced-by, basis or tags attributes in the two languages",
                          at: rule.location, notes: note())
            }
            if rule.measures != other.measures {
                log.error(id: "bilingual.rule-measures", "rule '\(rule.localID)' has different measures here and in \(sourceName); every language states the same numbers",
                          at: rule.location, notes: note())
            }
            for kind in Rule.Example.Kind.allCases {
                let here = rule.examples.filter { $0.kind == kind }.count
                let there = other.examples.filter { $0.kind == kind }.count
                if here != there {
                    log.error(id: "bilingual.rule-examples", "rule '\(rule.localID)' gives \(here) \(kind.rawValue) example\(here == 1 ? "" : "s") here but \(there) in \(sourceName); "
                              + "every language gives the same examples, in the same order",
                              at: rule.location, notes: note())
                }
            }
            if rule.history.map(\.edition) != other.history.map(\.edition) {
                log.error(id: "bilingual.rule-history", "rule '\(rule.localID)' has earlier forms from \(Self.editions(rule.history)) here but from "
                          + "\(Self.editions(other.history)) in \(sourceName); every language gives the same earlier forms",
                          at: rule.location, notes: note())
            }
        }
    }

    private static func editions(_ history: [Rule.EarlierForm]) -> String {
        history.isEmpty ? "no edition" : history.map { "'\($0.edition)'" }.joined(separator: ", ")
    }
}
