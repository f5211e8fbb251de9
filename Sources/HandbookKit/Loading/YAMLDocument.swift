import Yams

/// One YAML document as front matter needs it: scalars (their text and whether they were plain),
/// sequences, mappings, and where each starts. Read with Yams' public `compose`, the one YAML
/// reader of the project.
struct YAMLItem {
    enum Value {
        case scalar(String, isPlain: Bool)
        case sequence([YAMLItem])
        case mapping([(key: YAMLItem, value: YAMLItem)])
    }

    var value: Value
    /// 1-based line and column (in Unicode scalars) within the YAML text, as libyaml counts them.
    var line: Int
    var column: Int

    /// Whether a plain scalar is YAML's null (`~`, `null`, empty), as Yams reads it.
    var isNull: Bool {
        guard case .scalar(let text, isPlain: true) = value else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// What libyaml (or the composing of its events) found wrong, with libyaml's own words.
struct YAMLProblem: Error {
    enum Position {
        /// 1-based, within the YAML text.
        case mark(line: Int, column: Int)
        /// A character YAML does not allow: libyaml's reader gives only its byte offset.
        case byteOffset(Int)
    }

    var problem: String
    var context: String?
    var position: Position
    /// Keys a mapping has more than once (Yams refuses the document; the front matter check
    /// names each key where it is repeated).
    var duplicateKeys: [String] = []

    init(problem: String, context: String? = nil, position: Position) {
        self.problem = problem
        self.context = context
        self.position = position
    }

    init(problem: String, context: String? = nil, line: Int, column: Int) {
        self.init(problem: problem, context: context, position: .mark(line: line, column: column))
    }

    /// The line and column of a problem with a mark (1:1 for a byte offset).
    var line: Int { if case .mark(let line, _) = position { line } else { 1 } }
    var column: Int { if case .mark(_, let column) = position { column } else { 1 } }

    /// The problem and its context in one phrase, the way Yams prints them.
    var detail: String { context.map { "\(problem) \($0)" } ?? problem }
}

enum YAMLDocument {
    /// The single document in `yaml`, or nil when it holds none (empty, or comments only).
    static func read(_ yaml: some StringProtocol) -> Result<YAMLItem?, YAMLProblem> {
        do {
            // The basic resolver: no implicit types that front matter would not use anyway.
            guard let node = try Yams.compose(yaml: String(yaml), .basic, .default, .utf8) else { return .success(nil) }
            return .success(item(node))
        } catch let YamlError.scanner(context, problem, mark, _), let YamlError.parser(context, problem, mark, _),
                let YamlError.composer(context, problem, mark, _) {
            return .failure(YAMLProblem(problem: problem, context: context?.text, line: mark.line, column: mark.column))
        } catch let YamlError.reader(problem, offset, _, _) {
            // libyaml's reader gives an offset only; the character it refused is found here.
            if let (line, column) = firstDisallowedCharacter(in: yaml) {
                return .failure(YAMLProblem(problem: problem, line: line, column: column))
            }
            return .failure(YAMLProblem(problem: problem, position: .byteOffset(offset ?? 0)))
        } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
            var problem = YAMLProblem(problem: "duplicate keys", line: context.mark.line, column: context.mark.column)
            problem.duplicateKeys = duplicates
            return .failure(problem)
        } catch {
            return .failure(YAMLProblem(problem: "\(error)", line: 1, column: 1))
        }
    }

    /// The line and column (in Unicode scalars) of the first character YAML does not allow:
    /// C0 and C1 controls other than tab, line feed, carriage return and NEL, DEL, U+FFFE, U+FFFF.
    static func firstDisallowedCharacter(in yaml: some StringProtocol) -> (line: Int, column: Int)? {
        var line = 1, column = 1
        for scalar in yaml.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: break
            default: return (line, column)
            }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return nil
    }

    private static func item(_ node: Node) -> YAMLItem {
        let value: YAMLItem.Value
        switch node {
        case .scalar(let scalar): value = .scalar(scalar.string, isPlain: scalar.style == .plain)
        case .sequence(let sequence): value = .sequence(sequence.map(item))
        case .mapping(let mapping): value = .mapping(mapping.map { (item($0.key), item($0.value)) })
        case .alias: value = .scalar("", isPlain: true)  // `compose` resolves aliases: not reached
        }
        return YAMLItem(value: value, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
}

extension YAMLDocument {
    /// A content file's YAML as Yams' node tree (glossary, terminology, overrides, allowed
    /// characters), or nil: for an empty file, or after reporting where the YAML is malformed.
    /// Their readers take every scalar as text, so the basic resolver: the default one matches
    /// each scalar against seven regular expressions to type it, and Yams types every key of a
    /// mapping again when it checks the keys for duplicates (a tenth of the glossary's loading).
    static func compose(_ file: SourceFile, log: inout DiagnosticLog) -> Node? {
        do {
            return try Yams.compose(yaml: file.text, .basic)
        } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _),
                let YamlError.composer(_, problem, mark, _) {
            log.error(id: "yaml.malformed", "malformed YAML: \(problem)", at: file.location(line: mark.line, column: mark.column))
        } catch {
            log.error(id: "yaml.malformed", "malformed YAML: \(error)", at: file.location(line: 1, column: 1))
        }
        return nil
    }
}
