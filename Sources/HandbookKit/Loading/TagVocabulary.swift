import Foundation
import Yams

/// `content/tags.yaml`: the controlled vocabulary of the tags chapters and rules may carry, by
/// facet (`component`, `device`, `topic`), each tag with a label per language:
///
/// ```yaml
/// component:
///   - id: navigation-bar
///     label: {zh: 导航栏, en: navigation bar}
/// ```
///
/// A tag is written `<facet>:<id>` (`component:navigation-bar`). A tag the vocabulary does not
/// list is an error with the closest one it does.
public struct TagVocabulary: Sendable, Equatable {
    public struct Tag: Codable, Sendable, Equatable {
        public var id: String
        /// By language code (`zh`, `en`), as the glossary's notes.
        public var label: [String: String]
    }

    /// Tags by facet.
    public var facets: [String: [Tag]]

    public static let fileName = "tags.yaml"

    public init(facets: [String: [Tag]] = [:]) {
        self.facets = facets
    }

    /// Every tag, `<facet>:<id>`, sorted.
    public var tags: [String] {
        facets.flatMap { facet, tags in tags.map { "\(facet):\($0.id)" } }.sorted()
    }

    static func load(contentDirectory: URL, displayRoot: String, languages: [Language],
                     log: inout DiagnosticLog) -> TagVocabulary? {
        let url = contentDirectory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path),
              let file = SourceFile.read(at: url, displayPath: displayRoot + "/" + fileName, log: &log)
        else { return nil }
        let vocabulary: TagVocabulary
        do {
            vocabulary = TagVocabulary(facets: try YAMLDecoder().decode([String: [Tag]].self, from: file.text))
        } catch {
            log.error(id: "tags.unreadable", "cannot read the tag vocabulary: \(error)", at: file.location(line: 1, column: 1))
            return nil
        }
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (facet, tags) in vocabulary.facets.sorted(by: { $0.key < $1.key }) {
            for tag in [facet] + tags.map(\.id) where !Identifier.isValid(tag) {
                log.error(id: "tags.invalid-tag", "invalid tag '\(tag)': use \(Identifier.rule)", at: file.location(line: line(of: tag, in: lines), column: 1))
            }
            for tag in tags {
                for language in languages where (tag.label[language.code] ?? "").isEmpty {
                    log.error(id: "tags.missing-label", "tag '\(facet):\(tag.id)' has no label in '\(language.code)'",
                              at: file.location(line: line(of: tag.id, in: lines), column: 1))
                }
            }
        }
        return vocabulary
    }

    private static func line(of id: String, in lines: [Substring]) -> Int {
        (lines.firstIndex { $0.contains(id) } ?? 0) + 1
    }

    /// Reports every tag of the source language's chapters and rules that the vocabulary does
    /// not list (the bilingual check makes the translations carry the same tags).
    static func check(_ handbook: Handbook, vocabulary: TagVocabulary?, log: inout DiagnosticLog) {
        let known = Set(vocabulary?.tags ?? [])
        func check(_ tag: String, at location: SourceLocation) {
            guard !known.contains(tag) else { return }
            if vocabulary == nil {
                log.error(id: "tags.no-vocabulary", "tag '\(tag)' is used but there is no content/\(fileName); list the vocabulary there", at: location)
            } else {
                log.error(id: "tags.unknown-tag", "unknown tag '\(tag)'; tags are '<facet>:<id>' from content/\(fileName)"
                          + Suggestion.didYouMean(tag, in: known.sorted()), at: location)
            }
        }
        for chapter in handbook.chapters(in: handbook.languages.source) {
            for tag in chapter.tags { check(tag, at: chapter.metadataLocation(of: "tags") ?? chapter.source) }
            for rule in chapter.rules {
                for tag in rule.tags { check(tag, at: rule.location) }
            }
        }
    }
}
