import Foundation
import TextBytes
import HandbookMarkdown

/// Turns a chapter's Markdown (parsed with its cross-links found) into its sections and rules.
struct ChapterBuilder {
    var file: SourceFile

    func location(_ position: TextPosition) -> SourceLocation {
        file.location(line: position.line, column: position.column)
    }

    func build(_ blocks: [MarkdownBlock], log: inout DiagnosticLog) -> [ChapterBlock] {
        var content: [ChapterBlock] = []
        var currentSection: String?
        var seenAnchors: [String: SourceLocation] = [:]
        func claim(_ anchor: String, at location: SourceLocation, log: inout DiagnosticLog) {
            if let first = seenAnchors[anchor] {
                log.error(id: "anchor.duplicate", "duplicate anchor '\(anchor)' in this chapter (sections and rules share one namespace)",
                          at: location, notes: [.note("first used here", at: first)])
            } else {
                seenAnchors[anchor] = location
            }
        }
        // Raw HTML and images need a `<` or a `![` in the source: without either, their search
        // through every inline is skipped.
        let mayHaveMarkup = file.text.contains(ascii: "<") || file.text.contains(ascii: "![")
        // Cross-links were found by the parser (`MarkdownParser(scansWikiLinks:)`).
        for block in blocks {
            lint(block, inlines: mayHaveMarkup, log: &log)
            switch block {
            case .heading(let level, let inlines, let at):
                if level == 1 {
                    log.error(id: "heading.level-one", "a chapter has no '#' headings: its title comes from the front matter; start sections at '##'",
                              at: location(at))
                }
                let (title, anchor) = Self.splitAnchor(inlines)
                guard let anchor else {
                    if level <= 3 {
                        log.error(id: "anchor.missing", "section heading has no anchor; end it with an id in braces, e.g. '{#system-buttons}'",
                                  at: location(at))
                    }
                    content.append(.markdown(block))
                    continue
                }
                if !Identifier.isValid(anchor) {
                    log.error(id: "anchor.invalid", "invalid anchor '\(anchor)'\(InvisibleCharacters.named(in: anchor)): use \(Identifier.rule)", at: location(at))
                }
                claim(anchor, at: location(at), log: &log)
                let section = Section(anchor: anchor, level: level, title: title, location: location(at))
                if level <= 3 { currentSection = anchor }
                content.append(.section(section))
            case .blockQuote(let children, let at):
                switch RuleHeader.parse(children) {
                case .notARule:
                    content.append(.markdown(block))
                case .malformed(let message):
                    log.error(id: "rule.malformed-header", message, at: location(at))
                    content.append(.markdown(block))
                case .rule(let header, let body):
                    var valid = true
                    guard let kind = Rule.Kind(rawValue: header.kind.lowercased()) else {
                        log.error(id: "rule.unknown-kind", "unknown rule kind '\(header.kind)'; use DO, AVOID or CONSIDER"
                                  + Suggestion.didYouMean(header.kind.uppercased(), in: ["DO", "AVOID", "CONSIDER"]),
                                  at: location(at))
                        content.append(.markdown(block))
                        continue
                    }
                    if !Identifier.isValid(header.id) {
                        log.error(id: "rule.invalid-id", "invalid rule id '\(header.id)'\(InvisibleCharacters.named(in: header.id)): use \(Identifier.rule)", at: location(at))
                        valid = false
                    }
                    if header.title.isEmpty {
                        log.error(id: "rule.missing-title", "rule '\(header.id)' has no title: write it after the bracket", at: location(at))
                    }
                    var status: Status?
                    var edition: String?
                    var note: String?
                    var replacedBy: [String] = []
                    var basis: [String]?
                    var tags: [String] = []
                    var measures: [Rule.Measure] = []
                    var good: [String] = []
                    var bad: [String] = []
                    let known = ["status", "edition", "note", "replaced-by", "basis", "tags", "measures", "good", "bad"]
                    for (key, value) in header.attributes {
                        switch key {
                        case "status":
                            status = Status(rawValue: value)
                            if status == nil {
                                log.error(id: "rule.unknown-status", "rule status must be 'current', 'legacy' or 'deprecated', not '\(value)'", at: location(at))
                            }
                        case "edition":
                            edition = value
                        case "note":
                            note = value.trimmingSpaces()
                        case "replaced-by":
                            replacedBy = value.split(separator: " ").map(String.init)
                        case "basis":
                            basis = value.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                        case "tags":
                            tags = value.split(separator: " ").map(String.init)
                        case "measures":
                            switch RuleMeasures.parse(value) {
                            case .success(let parsed): measures = parsed
                            case .failure(let problem): log.error(id: "rule.invalid-measures", problem.message, at: attributeLocation(key, at: at))
                            }
                        case "good", "bad":
                            switch RuleExamples.parse(value) {
                            case .success(let parsed): if key == "good" { good = parsed } else { bad = parsed }
                            case .failure(let problem): log.error(id: "rule.invalid-examples", problem.message, at: attributeLocation(key, at: at))
                            }
                        default:
                            log.error(id: "rule.unknown-attribute", "unknown rule attribute '\(key)'; use \(known.joined(separator: ", "))"
                                      + Suggestion.didYouMean(key, in: known), at: location(at))
                        }
                    }
                    let retired = status == .legacy || status == .deprecated
                    if retired, note?.isEmpty ?? true {
                        log.error(id: "rule.missing-note", "a \(status!.rawValue) rule needs note=\"…\": one sentence on what replaced it", at: location(at))
                    }
                    if !retired, note != nil || !replacedBy.isEmpty {
                        log.error(id: "rule.note-on-current-rule", "note and replaced-by are for legacy or deprecated rules; add status=legacy or status=deprecated",
                                  at: location(at))
                    }
                    if valid { claim(header.id, at: location(at), log: &log) }
                    let (text, history) = Self.splitHistory(body, log: &log, location: location)
                    content.append(.rule(Rule(
                        localID: header.id, kind: kind, title: header.title, body: text,
                        section: currentSection, status: status, edition: edition, note: note, replacedBy: replacedBy,
                        basis: basis, history: history, tags: tags, measures: measures,
                        examples: good.map { Rule.Example(kind: .good, text: $0) } + bad.map { Rule.Example(kind: .bad, text: $0) },
                        location: location(at))))
                }
            default:
                content.append(.markdown(block))
            }
        }
        return content
    }

    /// Where `key=` is written on the header line of the rule that starts at `position` (the
    /// rule's start when it cannot be found), for a diagnostic about that attribute.
    func attributeLocation(_ key: String, at position: TextPosition) -> SourceLocation {
        let lines = file.text.split(separator: "\n", maxSplits: position.line, omittingEmptySubsequences: false)
        guard position.line >= 1, position.line <= lines.count else { return location(position) }
        let line = lines[position.line - 1]
        guard let found = line.range(of: " \(key)=") ?? line.range(of: "{\(key)=") else { return location(position) }
        return file.location(line: position.line, column: line[..<found.lowerBound].unicodeScalars.count + 2)
    }

    /// A rule's earlier forms: block quotes in its body that open with `[!EARLIER edition]`.
    /// They are taken out of the body, in the order written.
    static func splitHistory(_ body: [MarkdownBlock], log: inout DiagnosticLog,
                             location: (TextPosition) -> SourceLocation) -> ([MarkdownBlock], [Rule.EarlierForm]) {
        var text: [MarkdownBlock] = []
        var history: [Rule.EarlierForm] = []
        for block in body {
            guard case .blockQuote(let children, let at) = block, let (marker, blocks) = QuoteMarker.split(children),
                  marker.hasPrefix("EARLIER") else {
                text.append(block)
                continue
            }
            let edition = marker.dropFirst("EARLIER".count).trimmingSpaces()
            if edition.isEmpty {
                log.error(id: "rule.earlier-form-without-edition", "name the edition of the earlier form: '[!EARLIER iOS 7]'", at: location(at))
            }
            if blocks.isEmpty {
                log.error(id: "rule.earlier-form-empty", "the earlier form of the advice is empty: write it after '[!EARLIER \(edition)]'", at: location(at))
            }
            history.append(Rule.EarlierForm(edition: edition, body: blocks, location: location(at)))
        }
        return (text, history)
    }

    /// Reports what the renderer will not show as written: raw HTML and misplaced rules.
    /// (Images are figures: `FigureChecker` checks them.)
    private func lint(_ block: MarkdownBlock, inlines: Bool, log: inout DiagnosticLog) {
        var isOuter = true
        block.forEachBlock { nested in
            defer { isOuter = false }
            switch nested {
            case .html(_, let at):
                log.warning(id: "markdown.raw-html", "raw HTML is not rendered; it is shown as text", at: location(at))
            case .blockQuote(let children, let at) where !isOuter:
                if case .rule = RuleHeader.parse(children) {
                    log.error(id: "rule.nested", "a rule must stand at the top level of the chapter, not inside another block",
                              at: location(at))
                }
            default:
                break
            }
        }
        guard inlines else { return }
        block.forEachInline { inline in
            switch inline {
            case .html(_, let at):
                log.warning(id: "markdown.raw-html", "raw HTML is not rendered; it is shown as text",
                            at: location(at ?? block.position))
            default:
                break
            }
        }
    }

    /// Splits a trailing `{#anchor}` from heading text.
    static func splitAnchor(_ inlines: [MarkdownInline]) -> ([MarkdownInline], String?) {
        guard case .text(let text, let at)? = inlines.last,
              let open = text.lastRange(ofASCII: "{#"),
              text.hasSuffix("}") else { return (inlines, nil) }
        let anchor = String(text[open.upperBound..<text.index(before: text.endIndex)])
        let remaining = text[..<open.lowerBound].trimmingSpaces()
        var title = Array(inlines.dropLast())
        if !remaining.isEmpty { title.append(.text(remaining, at: at)) }
        while case .text(let t, let p)? = title.last, t.hasSuffix(" ") {
            title[title.count - 1] = .text(t.trimmingSpaces(), at: p)
        }
        return (title, anchor.trimmingSpaces())
    }
}

/// The first line of a rule: `[!KIND id] Title {key=value …}`.
struct RuleHeader {
    var kind: String
    var id: String
    var title: String
    var attributes: [(String, String)]

    enum Parsed {
        case notARule
        case malformed(String)
        case rule(RuleHeader, body: [MarkdownBlock])
    }

    static func parse(_ children: [MarkdownBlock]) -> Parsed {
        guard case .paragraph(let inlines, let at)? = children.first else { return .notARule }
        let breakIndex = inlines.firstIndex {
            switch $0 {
            case .softBreak, .lineBreak: true
            default: false
            }
        }
        let headerInlines = inlines[..<(breakIndex ?? inlines.endIndex)]
        let line = headerInlines.plainText.trimmingSpaces()
        guard line.utf8.starts(with: "[!".utf8) else { return .notARule }
        // An earlier form inside a rule, and GitHub's callouts, are not rules.
        if line.hasPrefix("[!EARLIER") || Callout.Kind(header: line) != nil { return .notARule }
        guard let close = line.firstRange(ofASCII: "]")?.lowerBound else {
            return .malformed("rule header is missing ']': write '[!DO rule-id] Title'")
        }
        // On bytes: splitting a Substring at a Character breaks it into grapheme clusters first.
        let inside = line[line.utf8.index(line.startIndex, offsetBy: 2)..<close].utf8
            .split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
        guard inside.count == 2 else {
            return .malformed("rule header must be '[!KIND rule-id]' with a kind and an id, not '[!\(inside.map { String(Substring($0)) }.joined(separator: " "))]'")
        }
        var title = line[line.index(after: close)...].trimmingSpaces()
        var attributes: [(String, String)] = []
        if title.hasSuffix("}"), let open = title.lastRange(ofASCII: "{") {
            guard let parsed = parseAttributes(String(title[open.upperBound..<title.index(before: title.endIndex)])) else {
                return .malformed("rule attributes must look like {status=legacy edition=\"iOS 7\"}")
            }
            attributes = parsed
            title = title[..<open.lowerBound].trimmingSpaces()
        }
        var body: [MarkdownBlock] = []
        body.reserveCapacity(children.count)
        if let breakIndex, breakIndex + 1 < inlines.count {
            body.append(.paragraph(Array(inlines[(breakIndex + 1)...]), at: TextPosition(line: at.line + 1, column: at.column)))
        }
        body += children.dropFirst()
        return .rule(RuleHeader(kind: String(Substring(inside[0])), id: String(Substring(inside[1])), title: title,
                                attributes: attributes), body: body)
    }

    /// `key=value key="two words"`.
    static func parseAttributes(_ text: String) -> [(String, String)]? {
        // On bytes: the delimiters are ASCII, and scanning Characters decodes grapheme clusters.
        let space = UInt8(ascii: " "), quote = UInt8(ascii: "\"")
        var result: [(String, String)] = []
        var rest = Substring(text)
        func dropSpaces() { rest = rest[(rest.utf8.firstIndex { $0 != space } ?? rest.endIndex)...] }
        dropSpaces()
        while !rest.isEmpty {
            guard let equals = rest.utf8.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let key = rest[..<equals].trimmingSpaces()
            rest = rest[rest.utf8.index(after: equals)...]
            let value: Substring
            if rest.utf8.first == quote {
                rest = rest[rest.utf8.index(after: rest.startIndex)...]
                guard let end = rest.utf8.firstIndex(of: quote) else { return nil }
                value = rest[..<end]
                rest = rest[rest.utf8.index(after: end)...]
            } else {
                let end = rest.utf8.firstIndex(of: space) ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            guard !key.isEmpty, !value.isEmpty else { return nil }
            result.append((key, String(value)))
            dropSpaces()
        }
        return result
    }
}
