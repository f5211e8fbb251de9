import Yams

/// The reviewed search synonyms, `content/search-synonyms.yaml`: words people search with that
/// the handbook does not use, each list leading to a glossary term. Every language's search
/// index takes each name as a synonym of the term in that language, beside the glossary's own
/// variants, so the site search, the `rules` command and the MCP server find the term's rules
/// (docs/search-index.md, Synonyms).
///
/// ```yaml
/// - term: touch-target            # a glossary id
///   names: [tap target, 44 pt, 点击目标]
/// ```
public struct SearchSynonyms: Sendable, Equatable {
    static let fileName = "search-synonyms.yaml"

    /// The names of each glossary term, by the term's id, in the file's order.
    public var names: [String: [String]] = [:]

    public init(names: [String: [String]] = [:]) {
        self.names = names
    }

    /// Reads the file; an entry naming no glossary term, or malformed, is reported and left out.
    static func parse(_ file: SourceFile, glossary: Glossary, log: inout DiagnosticLog) -> SearchSynonyms {
        var result = SearchSynonyms()
        guard let root = YAMLDocument.compose(file, log: &log) else { return result }
        func location(_ node: Node) -> SourceLocation {
            file.location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        let shape = "expected a list of entries ('- term: <glossary id>' with 'names: [...]')"
        guard case .sequence(let entries) = root else {
            log.error(id: "search-synonyms.malformed", shape, at: location(root))
            return result
        }
        for entry in entries {
            guard case .mapping(let mapping) = entry, let term = mapping["term"]?.string,
                  case .sequence(let list)? = mapping["names"], !list.isEmpty, list.allSatisfy({ $0.string != nil }),
                  mapping.keys.allSatisfy({ ["term", "names"].contains($0.string ?? "") }) else {
                log.error(id: "search-synonyms.malformed", shape, at: location(entry))
                continue
            }
            guard glossary.contains(term) else {
                log.error(id: "search-synonyms.unknown-term", "'\(term)' is not a glossary term"
                          + Suggestion.didYouMean(term, in: glossary.entries.map(\.id)), at: location(mapping["term"]!))
                continue
            }
            result.names[term, default: []] += list.compactMap(\.string)
        }
        return result
    }
}
