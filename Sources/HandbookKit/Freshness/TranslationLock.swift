import Foundation

/// `content/translations.lock`: for every translation unit, the fingerprint of each language's
/// text when they were last known to say the same thing. One line per unit, sorted, with the
/// languages in the handbook's order; a translation that has not been reviewed yet is left out:
///
///     controls.buttons.verb-titles zh-Hans=0123456789abcdef en=fedcba9876543210
///
/// `HandbookGen translations accept` writes it; a build only reads it.
public struct TranslationLock: Sendable, Equatable {
    public static let fileName = "translations.lock"

    public var entries: [String: [Language: Fingerprint]]

    public init(entries: [String: [Language: Fingerprint]] = [:]) {
        self.entries = entries
    }

    static let header = """
        # HandbookGen translation lock: each unit's fingerprint per language when both were last in step.
        # Written by `swift run HandbookGen translations accept`; see docs/authoring.md ("Keeping translations in step").

        """

    /// Reads the lock; a missing file is an empty lock.
    static func load(contentDirectory: URL, displayRoot: String, languages: HandbookLanguages,
                     log: inout DiagnosticLog) -> TranslationLock {
        let url = contentDirectory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path),
              let file = SourceFile.read(at: url, displayPath: displayRoot + "/" + fileName, log: &log)
        else { return TranslationLock() }
        return parse(file, languages: languages, log: &log)
    }

    /// Each line pairs the source language with at least one translation.
    static func parse(_ file: SourceFile, languages: HandbookLanguages, log: inout DiagnosticLog) -> TranslationLock {
        var lock = TranslationLock()
        // On bytes: a lock has a line per unit, tens of thousands in a large handbook.
        let tags = languages.all.map { (language: $0, tag: Array($0.tag.utf8)) }
        var text = file.text
        text.withUTF8 { bytes in
            var lineStart = 0, number = 0
            while lineStart < bytes.count {
                number += 1
                let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                defer { lineStart = lineEnd + 1 }
                let line = bytes[lineStart..<lineEnd]
                let fields = line.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                guard let key = fields.first, key.first != UInt8(ascii: "#") else { continue }
                var fingerprints: [Language: Fingerprint] = [:]
                for field in fields.dropFirst() {
                    guard let equals = field.firstIndex(of: UInt8(ascii: "=")),
                          let language = tags.first(where: { $0.tag.elementsEqual(field[..<equals]) })?.language,
                          fingerprints[language] == nil, let print = Fingerprint(hexDigits: field[(equals + 1)...]) else {
                        fingerprints = [:]
                        break
                    }
                    fingerprints[language] = print
                }
                guard fields.count == fingerprints.count + 1, fingerprints.count >= 2, fingerprints[languages.source] != nil else {
                    log.error(id: "translation-lock.malformed",
                              "a lock line is '<unit> " + languages.all.map { "\($0.tag)=<16 hex digits>" }.joined(separator: " ") + "'",
                              at: file.location(line: number, column: 1))
                    continue
                }
                lock.entries[String(decoding: key, as: UTF8.self)] = fingerprints
            }
        }
        return lock
    }

    /// The lock with the current text of `keys` (every unit when nil) recorded as in step.
    /// Accepting everything also drops units that no longer exist.
    public func accepting(_ keys: [String]?, from freshness: TranslationFreshness) throws -> TranslationLock {
        var lock = self
        guard let keys else {
            lock.entries = freshness.current
            return lock
        }
        let current = freshness.current
        for key in keys {
            // A chapter id stands for all of its units: the opening, each section and each rule.
            let units = current.keys.filter { Self.unit($0, belongsTo: key) }
            guard !units.isEmpty else { throw UnknownUnit(key: key) }
            for unit in units { lock.entries[unit] = current[unit] }
        }
        return lock
    }

    /// `controls/buttons` covers `controls/buttons`, `controls/buttons#…` and `controls.buttons.…`;
    /// any other key covers itself.
    static func unit(_ unit: String, belongsTo key: String) -> Bool {
        guard let chapter = ChapterID(key) else { return unit == key }
        return unit == key || unit.hasPrefix(key + "#") || unit.hasPrefix(chapter.rulePrefix)
    }

    public struct UnknownUnit: Error, CustomStringConvertible {
        public var key: String
        public var description: String {
            "no translation unit '\(key)': use a rule id, a chapter id, or <chapter>#<section>"
        }
    }

    public static func url(inContent contentDirectory: URL) -> URL {
        contentDirectory.appendingPathComponent(fileName)
    }

    public static func read(contentDirectory: URL, languages: HandbookLanguages) -> TranslationLock {
        var log = DiagnosticLog()
        return load(contentDirectory: contentDirectory, displayRoot: "content", languages: languages, log: &log)
    }

    /// The file's text, the languages of each line in `languages`' order.
    public func serialized(languages: HandbookLanguages) -> String {
        Self.header + entries.keys.sorted().map { key in
            let prints = entries[key]!
            return ([key] + languages.all.compactMap { language in prints[language].map { "\(language.tag)=\($0)" } })
                .joined(separator: " ")
        }.joined(separator: "\n") + "\n"
    }
}
