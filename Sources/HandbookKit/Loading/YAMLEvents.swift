internal import CYaml

/// One YAML document read with libyaml's event parser, keeping only what front matter needs:
/// scalars (their text and whether they were plain), sequences, mappings, and where each starts.
///
/// This is the only file that talks to libyaml: the copy Yams builds and wraps, whose `CYaml`
/// module comes with the Yams package (a package cannot name another package's internal
/// target; a Yams release that renamed it would fail here, at compile time). Yams' `compose`
/// builds the same document as a tree of `Node`s with a tag object, an event object and a
/// duplicate-key table per node; for a front matter of eight short keys that tree was most of the
/// cost of loading a chapter, so chapters and parts read their front matter here. Other YAML
/// (glossary, UI strings, changelog) goes through Yams.
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

    init(problem: String, context: String? = nil, position: Position) {
        self.problem = problem
        self.context = context
        self.position = position
    }

    init(problem: String, context: String? = nil, line: Int, column: Int) {
        self.init(problem: problem, context: context, position: .mark(line: line, column: column))
    }

    /// The problem and its context in one phrase, the way Yams prints them.
    var detail: String { context.map { "\(problem) \($0)" } ?? problem }
}

enum YAMLEvents {
    /// The single document in `yaml`, or nil when it holds none (empty, or comments only).
    static func document<Text: StringProtocol>(_ yaml: Text) -> Result<YAMLItem?, YAMLProblem> {
        var text = Substring(yaml)
        return text.withUTF8 { bytes in Result { () throws(YAMLProblem) in try document(bytes) } }
    }

    static func document(_ bytes: UnsafeBufferPointer<UInt8>) throws(YAMLProblem) -> YAMLItem? {
        var reader = Reader(bytes: bytes)
        defer { reader.close() }
        var event = try reader.next()
        guard event.type == .streamStart else { throw reader.unexpected(event) }
        event = try reader.next()
        if event.type == .streamEnd { return nil }
        guard event.type == .documentStart else { throw reader.unexpected(event) }
        let root = try reader.item(from: reader.next())
        guard try reader.next().type == .documentEnd else { throw reader.problem("expected the end of the document") }
        event = try reader.next()
        guard event.type == .streamEnd else {
            throw YAMLProblem(problem: "but found another document", context: "expected a single document in the stream",
                              line: event.line, column: event.column)
        }
        return root
    }
}

/// libyaml's parser over a byte buffer, and the composing of its events into items.
private struct Reader {
    /// libyaml's parser points at itself (its input handler's data), so it needs a fixed address.
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    /// Anchored items by name, for aliases (rare in front matter; made only when used).
    var anchors: [String: YAMLItem] = [:]

    /// An event, copied out of libyaml's struct (which is freed at once).
    struct Event {
        enum Kind { case streamStart, streamEnd, documentStart, documentEnd, alias, scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd, none }
        var type: Kind
        var line: Int
        var column: Int
        var text = ""
        var isPlain = false
        var anchor: String?
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
    }

    func close() {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    mutating func next() throws(YAMLProblem) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw parserProblem() }
        defer { yaml_event_delete(&event) }
        var result = Event(type: .none, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT: result.type = .streamStart
        case YAML_STREAM_END_EVENT: result.type = .streamEnd
        case YAML_DOCUMENT_START_EVENT: result.type = .documentStart
        case YAML_DOCUMENT_END_EVENT: result.type = .documentEnd
        case YAML_ALIAS_EVENT:
            result.type = .alias
            result.anchor = Self.string(event.data.alias.anchor)
        case YAML_SCALAR_EVENT:
            result.type = .scalar
            let scalar = event.data.scalar
            result.text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            result.isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            result.anchor = Self.string(scalar.anchor)
        case YAML_SEQUENCE_START_EVENT:
            result.type = .sequenceStart
            result.anchor = Self.string(event.data.sequence_start.anchor)
        case YAML_SEQUENCE_END_EVENT: result.type = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            result.type = .mappingStart
            result.anchor = Self.string(event.data.mapping_start.anchor)
        case YAML_MAPPING_END_EVENT: result.type = .mappingEnd
        default: break
        }
        return result
    }

    /// The node that starts with `event`, read to its end.
    mutating func item(from event: Event) throws(YAMLProblem) -> YAMLItem {
        let value: YAMLItem.Value
        switch event.type {
        case .scalar:
            value = .scalar(event.text, isPlain: event.isPlain)
        case .sequenceStart:
            var items: [YAMLItem] = []
            var next = try self.next()
            while next.type != .sequenceEnd {
                items.append(try item(from: next))
                next = try self.next()
            }
            value = .sequence(items)
        case .mappingStart:
            var pairs: [(key: YAMLItem, value: YAMLItem)] = []
            var next = try self.next()
            while next.type != .mappingEnd {
                let key = try item(from: next)
                let value = try item(from: self.next())
                pairs.append((key, value))
                next = try self.next()
            }
            value = .mapping(pairs)
        case .alias:
            guard let anchor = event.anchor, let target = anchors[anchor] else {
                throw YAMLProblem(problem: "found undefined alias", line: event.line, column: event.column)
            }
            return target
        default:
            throw unexpected(event)
        }
        let item = YAMLItem(value: value, line: event.line, column: event.column)
        if let anchor = event.anchor { anchors[anchor] = item }
        return item
    }

    func unexpected(_ event: Event) -> YAMLProblem {
        YAMLProblem(problem: "unexpected event \(event.type)", line: event.line, column: event.column)
    }

    func problem(_ text: String) -> YAMLProblem {
        YAMLProblem(problem: text, line: Int(parser.pointee.mark.line) + 1, column: Int(parser.pointee.mark.column) + 1)
    }

    /// libyaml's error: a reader error (a character YAML does not allow) has only a byte offset.
    func parserProblem() -> YAMLProblem {
        let parser = parser.pointee
        let text = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if parser.error == YAML_READER_ERROR {
            return YAMLProblem(problem: text, position: .byteOffset(Int(parser.problem_offset)))
        }
        return YAMLProblem(problem: text, context: parser.context.map { String(cString: $0) },
                           line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
