import Foundation
import TextBytes

/// The YAML block at the top of a Markdown file, split from the body, with the location of
/// every key and value so that problems point at the right line and column.
struct FrontMatter: Sendable {
    enum Value: Sendable, Equatable {
        case scalar(String, isNull: Bool)
        case list([String])
        case other
    }

    struct Entry: Sendable {
        var key: String
        var value: Value
        var keyLocation: SourceLocation
        var valueLocation: SourceLocation
    }

    var entries: [String: Entry]
    /// Where the front matter starts (the opening `---`), for problems with no key of their own.
    var location: SourceLocation
}

/// A front-matter key that a file kind accepts.
struct FrontMatterField: Sendable {
    enum Kind: Sendable {
        case string
        case integer
        case stringList
        case oneOf([String])
    }

    var name: String
    var kind: Kind
    var isRequired: Bool
}

/// Splits `---` front matter from a Markdown body and parses it with Yams (`YAMLDocument`).
struct FrontMatterParser {
    struct Result {
        var frontMatter: FrontMatter
        var body: String
        /// The file line on which the body starts.
        var bodyFirstLine: Int
        /// False when the block had errors (logged): `frontMatter` holds what could be read,
        /// and the body can still be checked for its own errors.
        var isValid = true
    }

    /// Returns nil (after logging why) when the file has no front matter block at all; a block
    /// with errors gives a result marked not valid.
    func parse(_ file: SourceFile, fields: [FrontMatterField], log: inout DiagnosticLog) -> Result? {
        // Only the lines up to the closing `---` are looked at; the body is the rest of the text.
        let text = file.text
        var lines = text[...].lines
        let start = file.location(line: 1, column: 1)
        guard let first = lines.next(), first.trimmingTrailingSpaces == "---" else {
            log.error(id: "front-matter.missing", "missing front matter: the file must start with a '---' line", at: start)
            return nil
        }
        let yamlStart = lines.position
        var closing = 0
        var yamlEnd: String.Index?
        while let line = lines.next() {
            closing += 1
            let trimmed = line.trimmingTrailingSpaces
            if trimmed == "---" || trimmed == "..." {
                yamlEnd = line.startIndex
                break
            }
        }
        guard let yamlEnd else {
            log.error(id: "front-matter.unclosed", "front matter is not closed: add a '---' line after it", at: start)
            return nil
        }
        // Without the newline that ends the last YAML line.
        let yaml = yamlEnd > yamlStart ? text[yamlStart..<text.utf8.index(before: yamlEnd)] : ""
        let body = String(text[lines.position...])
        let entries = mapping(yaml, file: file, log: &log)
        let frontMatter = FrontMatter(entries: entries ?? [:], location: start)
        let isValid = entries != nil && check(frontMatter, against: fields, log: &log)
        return Result(frontMatter: frontMatter, body: body, bodyFirstLine: closing + 2, isValid: isValid)
    }

    /// YAML line 1 is file line 2 (after the opening `---`).
    private func location(_ item: YAMLItem, in file: SourceFile) -> SourceLocation {
        file.location(line: item.line + 1, column: item.column)
    }

    private func mapping(_ yaml: Substring, file: SourceFile,
                         log: inout DiagnosticLog) -> [String: FrontMatter.Entry]? {
        // Every value is read as text and checked here: no implicit typing.
        let root: YAMLItem
        switch YAMLDocument.read(yaml) {
        case .failure(let problem) where !problem.duplicateKeys.isEmpty:
            for key in problem.duplicateKeys {
                log.error(id: "front-matter.duplicate-key", "duplicate front-matter key '\(key)'", at: repeatedKey(key, in: yaml, file: file)
                          ?? file.location(line: problem.line + 1, column: problem.column))
            }
            return nil
        case .failure(let problem):
            log.report(diagnostic(for: problem, in: file, yaml: yaml))
            return nil
        case .success(nil):
            return [:]
        case .success(let item?):
            root = item
        }
        guard case .mapping(let pairs) = root.value else {
            log.error(id: "front-matter.not-a-mapping", "front matter must be a mapping of keys to values", at: location(root, in: file))
            return nil
        }
        var entries: [String: FrontMatter.Entry] = [:]
        var ok = true
        for (keyItem, valueItem) in pairs {
            let keyLocation = location(keyItem, in: file)
            guard case .scalar(let key, _) = keyItem.value else {
                log.error(id: "front-matter.key-not-plain", "front-matter keys must be plain words", at: keyLocation)
                ok = false
                continue
            }
            if entries[key] != nil {
                log.error(id: "front-matter.duplicate-key", "duplicate front-matter key '\(key)'", at: keyLocation)
                ok = false
                continue
            }
            let value: FrontMatter.Value
            switch valueItem.value {
            case .scalar(let text, _):
                value = .scalar(text, isNull: valueItem.isNull)
            case .sequence(let sequence):
                var items: [String] = []
                for item in sequence {
                    if case .scalar(let text, _) = item.value { items.append(text) } else {
                        log.error(id: "front-matter.list-of-plain-values", "'\(key)' must be a list of plain values", at: location(item, in: file))
                        ok = false
                    }
                }
                value = .list(items)
            case .mapping:
                value = .other
            }
            entries[key] = FrontMatter.Entry(key: key, value: value, keyLocation: keyLocation,
                                             valueLocation: location(valueItem, in: file))
        }
        return ok ? entries : nil
    }

    /// Where a top-level key is written for the second time (front-matter keys start a line).
    private func repeatedKey(_ key: String, in yaml: Substring, file: SourceFile) -> SourceLocation? {
        var seen = false
        for (offset, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.hasPrefix(key), line.dropFirst(key.count).drop(while: { $0 == " " }).first == ":" else { continue }
            if seen { return file.location(line: offset + 2, column: 1) }
            seen = true
        }
        return nil
    }

    private func diagnostic(for error: YAMLProblem, in file: SourceFile, yaml: Substring) -> Diagnostic {
        switch error.position {
        case let .mark(line, column):
            return .error(id: "yaml.malformed", "malformed YAML: \(error.detail)", at: file.location(line: line + 1, column: column))
        case .byteOffset(let offset):
            // Count lines and characters up to the offending byte.
            let before = yaml.utf8.prefix(offset)
            let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { yaml.utf8.index(after: $0) } ?? yaml.startIndex
            let column = yaml.unicodeScalars[lineStart..<before.endIndex].count + 1
            return .error(id: "yaml.malformed", "malformed YAML: \(error.detail)", at: file.location(line: line + 1, column: column))
        }
    }

    /// Unknown, missing and wrongly typed keys, all reported.
    private func check(_ frontMatter: FrontMatter, against fields: [FrontMatterField],
                       log: inout DiagnosticLog) -> Bool {
        var ok = true
        let names = fields.map(\.name)
        // Only unknown keys are reported, in the order they were written (usually there are none).
        for entry in frontMatter.entries.values.filter({ !names.contains($0.key) })
            .sorted(by: { $0.keyLocation < $1.keyLocation }) {
            log.error(id: "front-matter.unknown-key", "unknown front-matter key '\(entry.key)'\(InvisibleCharacters.named(in: entry.key))"
                      + Suggestion.didYouMean(entry.key, in: names), at: entry.keyLocation,
                      length: entry.key.unicodeScalars.count,
                      fixIts: FixIt.suggestion(for: entry.key, at: entry.keyLocation, in: names))
            ok = false
        }
        for field in fields {
            guard let entry = frontMatter.entries[field.name] else {
                if field.isRequired {
                    log.error(id: "front-matter.missing-key", "missing front-matter key '\(field.name)'", at: frontMatter.location)
                    ok = false
                }
                continue
            }
            if let problem = typeProblem(entry.value, field.kind) {
                log.error(id: "front-matter.wrong-value", "'\(field.name)' \(problem)", at: entry.valueLocation)
                ok = false
            }
        }
        return ok
    }

    private func typeProblem(_ value: FrontMatter.Value, _ kind: FrontMatterField.Kind) -> String? {
        switch (kind, value) {
        case (_, .scalar(_, isNull: true)) where !(kind.isList):
            return "must not be empty"
        case (.string, .scalar(let s, _)):
            if s.trimmingSpaces().isEmpty { return "must not be empty" }
            // Titles, summaries and ids become headings, links and list items in other formats.
            return s.contains(where: \.isNewline) ? "must be one line: remove the line break" : nil
        case (.integer, .scalar(let s, _)):
            return Int(s) == nil ? "must be an integer, not '\(s)'" : nil
        case (.oneOf(let allowed), .scalar(let s, _)):
            return allowed.contains(s) ? nil
                : "must be one of \(allowed.map { "'\($0)'" }.joined(separator: ", ")), not '\(s)'"
                    + Suggestion.didYouMean(s, in: allowed)
        case (.stringList, .list):
            return nil
        case (.stringList, .scalar(_, isNull: true)):
            return nil
        case (.stringList, _):
            return "must be a list, e.g. [controls/buttons, bars/toolbar]"
        case (.string, _), (.oneOf, _):
            return "must be a single value, not a list or mapping"
        case (.integer, _):
            return "must be an integer"
        }
    }
}

private extension FrontMatterField.Kind {
    var isList: Bool {
        if case .stringList = self { return true }
        return false
    }
}

extension FrontMatter {
    func string(_ key: String) -> String? {
        if case .scalar(let s, let isNull)? = entries[key]?.value, !isNull { return s }
        return nil
    }

    func integer(_ key: String) -> Int? {
        string(key).flatMap { Int($0) }
    }

    func list(_ key: String) -> [String] {
        if case .list(let items)? = entries[key]?.value { return items }
        return []
    }

    func valueLocation(_ key: String) -> SourceLocation {
        entries[key]?.valueLocation ?? location
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
