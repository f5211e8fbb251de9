import Foundation

/// Resolves `[[…]]` cross-links and Markdown link destinations to `LinkTarget`s. The same
/// resolver checks links while validating and finds them again while rendering, so the two can
/// never disagree.
public struct LinkResolver: Sendable {
    public let index: HandbookIndex

    public init(index: HandbookIndex) {
        self.index = index
    }

    public enum Failure: Error, Equatable {
        case message(String)
    }

    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// `[[rule:…]]`, `[[term:…]]`, `[[#anchor]]`, `[[part/chapter#anchor]]`, `[[part/chapter]]`, `[[part]]`.
    public func resolve(wikiTarget raw: String, from chapter: Chapter?, language: Language)
        -> Result<LinkTarget, Failure> {
        let handbook = index.handbook
        if raw.hasPrefix("rule:") {
            let text = raw.dropFirst(5)
            guard let id = RuleID(text), index.containsRule(id, in: language) else {
                return .failure(.message("unresolved rule link '\(raw)'"
                    + Suggestion.didYouMean(String(text), in: index.ruleIDs(in: language))))
            }
            return .success(.rule(id))
        }
        if raw.hasPrefix("term:") {
            let id = String(raw.dropFirst(5))
            guard handbook.glossary.contains(id) else {
                return .failure(.message("unresolved glossary link '\(raw)'"
                    + Suggestion.didYouMean(id, in: handbook.glossary.entries.map(\.id))))
            }
            return .success(.term(id))
        }
        let (path, anchor) = splitFragment(raw)
        if path.isEmpty {
            guard let chapter, let anchor else { return .failure(.message("empty cross-link target")) }
            return anchorTarget(chapter, anchor: anchor, raw: raw)
        }
        if !path.utf8.contains(UInt8(ascii: "/")) {
            guard let part = handbook.part(path, in: language), anchor == nil else {
                return .failure(.message("unresolved cross-link '\(raw)'"
                    + Suggestion.didYouMean(path, in: handbook.parts(in: language).map(\.id)
                        + index.chapterIDs(in: language))))
            }
            return .success(.part(part.identifier))
        }
        guard let target = index.chapter(path, in: language) else {
            return .failure(.message("unresolved cross-link '\(raw)'"
                + Suggestion.didYouMean(path, in: index.chapterIDs(in: language))))
        }
        guard let anchor else { return .success(.chapter(target.identifier, anchor: nil)) }
        return anchorTarget(target, anchor: anchor, raw: raw)
    }

    private func anchorTarget(_ chapter: Chapter, anchor: String, raw: String) -> Result<LinkTarget, Failure> {
        guard chapter.hasAnchor(anchor) else {
            return .failure(.message("unresolved anchor '\(anchor)' in '\(raw)': \(chapter.id) has no such section or rule"
                + Suggestion.didYouMean(anchor, in: chapter.anchors)))
        }
        return .success(.chapter(chapter.identifier, anchor: AnchorID(checked: anchor)))
    }

    /// A Markdown link destination: an allowed external URL, `#anchor`, or a relative path to
    /// another chapter's source file (`../bars/toolbar.md#anchor`).
    public func resolve(destination raw: String, from chapter: Chapter, language: Language)
        -> Result<LinkTarget, Failure> {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let scheme = Self.scheme(of: trimmed) {
            guard Self.allowedSchemes.contains(scheme) else {
                return .failure(.message("link scheme '\(scheme):' is not allowed; use https:, http: or mailto:"))
            }
            return .success(.external(trimmed))
        }
        if trimmed.hasPrefix("//") {
            return .failure(.message("protocol-relative link '\(trimmed)'; write the full https: address"))
        }
        let (path, anchor) = splitFragment(trimmed)
        if path.isEmpty {
            guard let anchor else { return .failure(.message("empty link")) }
            return anchorTarget(chapter, anchor: anchor, raw: trimmed)
        }
        guard path.hasSuffix(".md") else {
            return .failure(.message("link to '\(trimmed)' does not point at a chapter (a relative link must name a .md file)"))
        }
        // Resolve against the chapter's part folder, inside the language folder.
        var components = [chapter.part]
        for component in path.dropLast(3).split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case ".": continue
            case "..":
                if components.isEmpty {
                    return .failure(.message("link '\(trimmed)' leaves the language folder"))
                }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        let resolved = components.joined(separator: "/")
        if components.count == 2, components[1] == "_index" {
            guard let part = index.handbook.part(components[0], in: language), anchor == nil else {
                return .failure(.message("link '\(trimmed)' points at no part"))
            }
            return .success(.part(part.identifier))
        }
        guard components.count == 2, let target = index.chapter(resolved, in: language) else {
            return .failure(.message("link '\(trimmed)' points at no chapter"
                + Suggestion.didYouMean(resolved, in: index.chapterIDs(in: language))))
        }
        guard let anchor else { return .success(.chapter(target.identifier, anchor: nil)) }
        return anchorTarget(target, anchor: anchor, raw: trimmed)
    }

    private func splitFragment(_ raw: String) -> (String, String?) {
        // On bytes: searching for a Character breaks the whole target into grapheme clusters.
        guard let hash = raw.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (raw, nil) }
        return (String(raw[..<hash]), String(raw[raw.utf8.index(after: hash)...]))
    }

    /// The URL scheme, lowercased, if the string starts with one. Control characters and spaces
    /// are ignored the way browsers ignore them (`java\tscript:`).
    static func scheme(of url: String) -> String? {
        // On bytes: control characters and spaces are skipped (browsers ignore them), anything
        // else outside ASCII ends the scheme. Called for every link on every page: the scheme is
        // found without allocating, and made a string only when there is one.
        var length = 0
        for (offset, byte) in url.utf8.enumerated() where byte > 0x20 {
            switch byte {
            case UInt8(ascii: ":"):
                guard length > 0 else { return nil }
                return String(decoding: url.utf8.prefix(offset).filter { $0 > 0x20 }, as: UTF8.self).lowercased()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9") where length > 0:
                length += 1
            default:
                return nil
            }
        }
        return nil
    }
}
