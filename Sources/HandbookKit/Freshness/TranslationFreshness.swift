import Foundation

/// Which languages of each translation unit may lag behind.
///
/// Each translation is compared with the source language. A unit is in step when both texts
/// match the lock, when it is new (the lock has no fingerprint for one of them yet), or when
/// both changed since (someone edited both). When exactly one of the two changed, the other is
/// outdated: its reader sees a notice, `check` warns, rules.json says so.
public struct TranslationFreshness: Sendable {
    /// Unit key → the languages whose text may be out of date.
    public var outdated: [String: Set<Language>] = [:]
    /// The units the lock it was evaluated against has no line for (written in the source and a
    /// translation since the lock was last written), with their fingerprints: what `build` adds
    /// to the lock. Each unit was looked up in the lock when compared with it, so the lock
    /// itself is not kept (a table of every unit).
    public var newUnits: [String: [Language: Fingerprint]] { fingerprints { !$0.isLocked } }
    /// The current fingerprints, for `translations accept`: gathered from each chapter's when
    /// asked, not on every build.
    public var current: [String: [Language: Fingerprint]] { fingerprints { _ in true } }
    /// Unit key → the translations that changed while the source did not: what the source's
    /// text lags behind.
    private var aheadOfSource: [String: Set<Language>] = [:]
    /// The order of `UnitPrints.prints`: the source language, then the translations.
    private var languages: [Language] = []
    private var currentByChapter: [[UnitPrints]] = []

    public func isOutdated(_ key: String, in language: Language) -> Bool {
        outdated[key]?.contains(language) ?? false
    }

    /// The languages whose text of an outdated unit `language` lags behind, in the handbook's
    /// order: the source, for a translation; for the source, the translations that changed.
    func newer(_ key: String, than language: Language) -> [Language] {
        guard let source = languages.first, isOutdated(key, in: language) else { return [] }
        guard language == source else { return [source] }
        return languages.filter { aheadOfSource[key]?.contains($0) ?? false }
    }

    /// Each chapter's units and their fingerprints: fingerprinting reads every word of the
    /// handbook, so every language is done in one loop on all cores, the source first (kept
    /// between builds by `serve`).
    struct ChapterUnits: ChapterWork {
        let handbook: Handbook

        var chapters: [Chapter] {
            ([handbook.languages.source] + handbook.languages.translations).flatMap { handbook.chapters(in: $0) }
        }

        /// A generated chapter is always in step with the source: it has no units to track.
        func output(for chapter: Chapter) -> [TranslationUnit] {
            chapter.isGenerated ? [] : chapter.translationUnits()
        }
    }

    /// `units`: `ChapterUnits`' outputs.
    static func evaluate(_ handbook: Handbook, units all: [[TranslationUnit]], lock: TranslationLock,
                         log: inout DiagnosticLog) async -> TranslationFreshness {
        let source = handbook.languages.source, translations = handbook.languages.translations
        let languages = [source] + translations
        // A unit's key names its chapter, so the languages' units meet chapter by chapter:
        // compared on all cores too. (A chapter missing from a language is the bilingual check's.)
        var start = all.startIndex
        let units = languages.map { language -> ArraySlice<[TranslationUnit]> in
            defer { start += handbook.chapters(in: language).count }
            return all[start..<start + handbook.chapters(in: language).count]
        }
        let positions = languages.map { language in
            Dictionary(handbook.chapters(in: language).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let compared = await ParallelMap.map(Array(handbook.chapters(in: source).enumerated())) { position, chapter in
            compare(source: (source, units[0][units[0].startIndex + position]),
                    translations: translations.indices.map { index in
                        let slice = units[index + 1]
                        return (translations[index], positions[index + 1][chapter.id].map { slice[slice.startIndex + $0] } ?? [])
                    }, lock: lock)
        }
        var result = TranslationFreshness()
        result.languages = languages
        result.currentByChapter = compared.map(\.current)
        for chapter in compared {
            for (key, lagging, newer) in chapter.outdated {
                result.outdated[key, default: []].insert(lagging)
                if lagging == source { result.aheadOfSource[key, default: []].insert(newer) }
            }
            log.merge(chapter.log)
        }
        return result
    }

    /// A unit's fingerprints: the source language's, then each translation's (nil where the
    /// translation lacks the unit).
    private struct UnitPrints: Sendable {
        var key: String
        var prints: [Fingerprint?]
        /// Whether the lock it was compared with has a line for it.
        var isLocked: Bool
    }

    /// The fingerprints by language of the units `included` takes, by key (a translation that
    /// lacks a unit has none).
    private func fingerprints(of included: (UnitPrints) -> Bool) -> [String: [Language: Fingerprint]] {
        var all: [String: [Language: Fingerprint]] = [:]
        for chapter in currentByChapter {
            for unit in chapter where included(unit) {
                var prints: [Language: Fingerprint] = [:]
                for (language, print) in zip(languages, unit.prints) { prints[language] = print }
                all[unit.key] = prints
            }
        }
        return all
    }

    /// One chapter's units in the source language and in each translation, against the lock.
    private static func compare(source: (language: Language, units: [TranslationUnit]),
                                translations: [(language: Language, units: [TranslationUnit])], lock: TranslationLock)
        -> (current: [UnitPrints], outdated: [(key: String, lagging: Language, newer: Language)], log: DiagnosticLog) {
        let sourceUnits = source.units
        let locked = sourceUnits.map { lock.entries[$0.key] }
        var current = sourceUnits.indices.map { position in
            UnitPrints(key: sourceUnits[position].key, prints: [sourceUnits[position].fingerprint] + Array(repeating: nil, count: translations.count),
                       isLocked: locked[position] != nil)
        }
        var outdated: [(key: String, lagging: Language, newer: Language)] = []
        var log = DiagnosticLog()
        for (index, translation) in translations.enumerated() {
            let units = translation.units
            // Nearly always the two languages have the same units in the same order: paired side
            // by side. Otherwise by key, a key listed twice (a duplicate anchor, itself an error)
            // counting once, with its last unit. Paired by position, not as copies: a unit is
            // half a dozen strings.
            let matched: [(source: Int, translation: Int)]
            if sourceUnits.elementsEqual(units, by: { $0.key == $1.key }) {
                matched = sourceUnits.indices.map { ($0, $0) }
            } else {
                let byKey = Dictionary(units.indices.map { (units[$0].key, $0) }, uniquingKeysWith: { _, last in last })
                var sourceByKey: [String: Int] = [:]
                for position in sourceUnits.indices { sourceByKey[sourceUnits[position].key] = position }
                // The bilingual check reports a unit missing from one language.
                matched = sourceByKey.compactMap { key, position in byKey[key].map { (position, $0) } }
            }
            for (sourcePosition, position) in matched {
                let sourceUnit = sourceUnits[sourcePosition], unit = units[position]
                current[sourcePosition].prints[index + 1] = unit.fingerprint
                guard let locked = locked[sourcePosition],
                      let lockedSource = locked[source.language], let lockedTranslation = locked[translation.language]
                else { continue }
                let sourceChanged = sourceUnit.fingerprint != lockedSource
                guard sourceChanged != (unit.fingerprint != lockedTranslation) else { continue }  // exactly one changed
                let (newer, lagging) = sourceChanged ? (source.language, translation.language) : (translation.language, source.language)
                let (newerUnit, laggingUnit) = sourceChanged ? (sourceUnit, unit) : (unit, sourceUnit)
                outdated.append((sourceUnit.key, lagging, newer))
                let (newerName, laggingName) = (newer.diagnosticName, lagging.diagnosticName)
                log.warning(id: "translation.outdated", "the \(newerName) text of \(describe(newerUnit)) changed since the \(laggingName) was last reviewed; "
                            + "update the \(laggingName), then run `HandbookGen translations accept \(sourceUnit.key)`",
                            at: laggingUnit.location,
                            notes: [.note("the changed \(newerName) text", at: newerUnit.location)])
            }
        }
        // A unit no translation has yet is not recorded: a lock line pairs the source with at
        // least one translation.
        return (current.filter { $0.prints.dropFirst().contains { $0 != nil } }, outdated, log)
    }

    private static func describe(_ unit: TranslationUnit) -> String {
        switch unit.kind {
        case .opening: "the opening of '\(unit.chapterID)'"
        case .section: "section '#\(unit.anchor ?? "")'"
        case .rule: "rule '\(unit.anchor ?? "")'"
        }
    }
}
