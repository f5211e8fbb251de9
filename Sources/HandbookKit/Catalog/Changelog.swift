import Foundation
import Yams

/// `content/changelog.yaml`: what each published release of the handbook added, changed and
/// deprecated, by rule id. `HandbookGen release` appends to it; the site shows it per language.
public struct Changelog: Sendable, Equatable {
    public struct Release: Codable, Sendable, Equatable {
        public var version: String
        /// `YYYY-MM-DD`.
        public var date: String
        /// The first release lists no ids: everything in it is new.
        public var initial: Bool?
        /// How many rules the release published, recorded when it was made: the page never
        /// recounts history from today's content.
        public var rules: Int?
        public var summary: [String: String]?
        public var added: [String]?
        public var changed: [String]?
        public var deprecated: [String]?

        public init(version: String, date: String, diff: CatalogDiff, rules: Int, initial: Bool = false) {
            self.version = version
            self.date = date
            self.initial = initial ? true : nil
            self.rules = rules
            self.added = initial ? nil : diff.added
            self.changed = initial ? nil : diff.changed
            self.deprecated = initial ? nil : diff.deprecated
        }
    }

    /// Oldest first, as written.
    public var releases: [Release]

    public static let fileName = "changelog.yaml"

    /// The changelog with each generated language's release summaries converted from the
    /// source's, where it gives none of its own (for the pages; the file is not changed).
    func withGeneratedSummaries(_ handbook: Handbook) -> Changelog {
        guard !handbook.conversions.isEmpty else { return self }
        var changelog = self
        let source = handbook.languages.source.tag
        for index in changelog.releases.indices {
            guard let text = changelog.releases[index].summary?[source] else { continue }
            for (language, conversion) in handbook.conversions where changelog.releases[index].summary?[language.tag] == nil {
                changelog.releases[index].summary?[language.tag] = conversion.convert(text)
            }
        }
        return changelog
    }

    public init(releases: [Release] = []) {
        self.releases = releases
    }

    static func load(contentDirectory: URL, displayRoot: String, log: inout DiagnosticLog) -> Changelog {
        let url = contentDirectory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path),
              let file = SourceFile.read(at: url, displayPath: displayRoot + "/" + fileName, log: &log)
        else { return Changelog() }
        do {
            let releases = try YAMLDecoder().decode([Release].self, from: file.text)
            for release in releases where release.date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) == nil {
                log.error(id: "changelog.invalid-date", "release '\(release.version)' has date '\(release.date)'; write YYYY-MM-DD",
                          at: file.location(line: line(of: release.version, in: file.text), column: 1))
            }
            return Changelog(releases: releases)
        } catch {
            log.error(id: "changelog.unreadable", "cannot read the changelog: \(error)", at: file.location(line: 1, column: 1))
            return Changelog()
        }
    }

    private static func line(of version: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains("version:") && $0.contains(version) } ?? 0) + 1
    }

    /// Every id a release names must be a rule of the handbook (rules are never deleted).
    func checkIDs(known: (String) -> Bool, file: String, log: inout DiagnosticLog) {
        for release in releases {
            for id in (release.added ?? []) + (release.changed ?? []) + (release.deprecated ?? []) where !known(id) {
                log.error(id: "changelog.unknown-rule", "release '\(release.version)' names unknown rule '\(id)'", at: SourceLocation(file: file, line: 1, column: 1))
            }
        }
    }

    /// The YAML text of one release, to append to the file.
    public static func yaml(_ release: Release) throws -> String {
        try YAMLEncoder().encode([release])
    }
}

