import Foundation

/// Which language of each translation unit may lag behind the other.
///
/// A unit is in step when its texts match the lock, when it is new (not in the lock yet), or
/// when both languages changed since (someone edited both). When exactly one language changed,
/// the other is outdated: its reader sees a notice, `check` warns, rules.json says so.
public struct TranslationFreshness: Sendable {
    /// Unit key → the languages whose text may be out of date.
    public var outdated: [String: Set<Language>] = [:]
    /// The current fingerprints, for `translations accept`.
    public var current: [String: [Language: Fingerprint]] = [:]

    public func isOutdated(_ key: String, in language: Language) -> Bool {
        outdated[key]?.contains(language) ?? false
    }

    static func evaluate(_ handbook: Handbook, lock: TranslationLock, log: inout DiagnosticLog,
                         memo: ChapterMemo<[TranslationUnit]>? = nil) async -> TranslationFreshness {
        var result = TranslationFreshness()
        var units: [String: [Language: TranslationUnit]] = [:]
        for language in Language.allCases {
            // Fingerprinting reads every word of the handbook: all cores, in a fixed order.
            for chapterUnits in await ParallelMap.map(handbook.chapters(in: language), { chapter in
                memo?.value(for: chapter) { chapter.translationUnits() } ?? chapter.translationUnits()
            }) {
                for unit in chapterUnits { units[unit.key, default: [:]][language] = unit }
            }
        }
        for key in units.keys.sorted() {
            let byLanguage = units[key]!
            guard byLanguage.count == Language.allCases.count else { continue }  // the bilingual check reports it
            result.current[key] = byLanguage.mapValues(\.fingerprint)
            guard let locked = lock.entries[key] else { continue }
            let changed = Language.allCases.filter { byLanguage[$0]!.fingerprint != locked[$0] }
            guard changed.count == 1, let newer = changed.first else { continue }
            let lagging = newer.other
            result.outdated[key] = [lagging]
            log.warning("the \(name(newer)) text of \(describe(byLanguage[newer]!)) changed since the \(name(lagging)) was last reviewed; "
                        + "update the \(name(lagging)), then run `HandbookGen translations accept \(key)`",
                        at: byLanguage[lagging]!.location,
                        notes: [.note("the changed \(name(newer)) text", at: byLanguage[newer]!.location)])
        }
        return result
    }

    private static func name(_ language: Language) -> String {
        language == .en ? "English" : "Chinese"
    }

    private static func describe(_ unit: TranslationUnit) -> String {
        switch unit.kind {
        case .opening: "the opening of '\(unit.chapterID)'"
        case .section: "section '#\(unit.anchor ?? "")'"
        case .rule: "rule '\(unit.anchor ?? "")'"
        }
    }
}
