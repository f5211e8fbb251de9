import Foundation

/// Which language of each translation unit may lag behind the other.
///
/// A unit is in step when its texts match the lock, when it is new (not in the lock yet), or
/// when both languages changed since (someone edited both). When exactly one language changed,
/// the other is outdated: its reader sees a notice, `check` warns, rules.json says so.
public struct TranslationFreshness: Sendable {
    /// Unit key → the languages whose text may be out of date.
    public var outdated: [String: Set<Language>] = [:]
    /// The current fingerprints, for `translations accept`: gathered from each chapter's when
    /// asked, not on every build.
    public var current: [String: [Language: Fingerprint]] {
        var all: [String: [Language: Fingerprint]] = [:]
        all.reserveCapacity(currentByChapter.reduce(0) { $0 + $1.count })
        for chapter in currentByChapter {
            for pair in chapter { all[pair.key] = [.zhHans: pair.zh, .en: pair.en] }
        }
        return all
    }
    private var currentByChapter: [[Pair]] = []

    public func isOutdated(_ key: String, in language: Language) -> Bool {
        outdated[key]?.contains(language) ?? false
    }

    static func evaluate(_ handbook: Handbook, lock: TranslationLock, log: inout DiagnosticLog,
                         memo: ChapterMemo<[TranslationUnit]>? = nil) async -> TranslationFreshness {
        // Fingerprinting reads every word of the handbook: both languages in one loop on all
        // cores, in a fixed order.
        let zhChapters = handbook.chapters(in: .zhHans)
        let all = await ParallelMap.map(zhChapters + handbook.chapters(in: .en)) { chapter in
            memo?.value(for: chapter) { chapter.translationUnits() } ?? chapter.translationUnits()
        }
        // A unit's key names its chapter, so the two languages' units meet chapter by chapter:
        // compared on all cores too. (A chapter in one language only is the bilingual check's.)
        let zhUnits = all[..<zhChapters.count]
        let enUnits = all[zhChapters.count...]
        let enPositions = Dictionary(handbook.chapters(in: .en).enumerated().map { ($1.id, $0) },
                                     uniquingKeysWith: { first, _ in first })
        let compared = await ParallelMap.map(Array(zhChapters.enumerated())) { position, chapter in
            compare(zhUnits[zhUnits.startIndex + position],
                    enPositions[chapter.id].map { enUnits[enUnits.startIndex + $0] } ?? [], lock: lock)
        }
        var result = TranslationFreshness()
        result.currentByChapter = compared.map(\.current)
        for chapter in compared {
            for (key, lagging) in chapter.outdated { result.outdated[key] = [lagging] }
            log.merge(chapter.log)
        }
        return result
    }

    /// A unit's fingerprints in the two languages.
    private struct Pair: Sendable {
        var key: String
        var zh: Fingerprint
        var en: Fingerprint
    }

    /// One chapter's units in both languages, against the lock.
    private static func compare(_ zh: [TranslationUnit], _ en: [TranslationUnit], lock: TranslationLock)
        -> (current: [Pair], outdated: [(String, Language)], log: DiagnosticLog) {
        var current: [Pair] = []
        current.reserveCapacity(zh.count)
        var outdated: [(String, Language)] = []
        var log = DiagnosticLog()
        // Nearly always the two languages have the same units in the same order: paired side by
        // side. Otherwise by key, a key listed twice (a duplicate anchor, itself an error)
        // counting once, with its last unit. Paired by position, not as copies: a unit is half
        // a dozen strings.
        let matched: [(zh: Int, en: Int)]
        if zh.elementsEqual(en, by: { $0.key == $1.key }) {
            matched = zh.indices.map { ($0, $0) }
        } else {
            let enByKey = Dictionary(en.indices.map { (en[$0].key, $0) }, uniquingKeysWith: { _, last in last })
            var zhByKey: [String: Int] = [:]
            for position in zh.indices { zhByKey[zh[position].key] = position }
            // The bilingual check reports a unit missing from one language.
            matched = zhByKey.compactMap { key, position in enByKey[key].map { (position, $0) } }
        }
        for (zhPosition, enPosition) in matched {
            let key = zh[zhPosition].key
            let zhPrint = zh[zhPosition].fingerprint, enPrint = en[enPosition].fingerprint
            current.append(Pair(key: key, zh: zhPrint, en: enPrint))
            guard let locked = lock.entries[key] else { continue }
            let zhChanged = zhPrint != locked[.zhHans]
            guard zhChanged != (enPrint != locked[.en]) else { continue }  // exactly one changed
            let zhUnit = zh[zhPosition], enUnit = en[enPosition]
            let (newer, lagging): (Language, Language) = zhChanged ? (.zhHans, .en) : (.en, .zhHans)
            let (newerUnit, laggingUnit) = zhChanged ? (zhUnit, enUnit) : (enUnit, zhUnit)
            outdated.append((key, lagging))
            log.warning("the \(name(newer)) text of \(describe(newerUnit)) changed since the \(name(lagging)) was last reviewed; "
                        + "update the \(name(lagging)), then run `HandbookGen translations accept \(key)`",
                        at: laggingUnit.location,
                        notes: [.note("the changed \(name(newer)) text", at: newerUnit.location)])
        }
        return (current, outdated, log)
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
