/// A problem found in the input, reported in compiler format:
/// `content/zh/controls/buttons.md:12:5: error: message`, or as JSON for editors
/// (`--diagnostics-format json`).
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// What kind of problem it is, the same from release to release (`link.unresolved`): tools
    /// and editors match on it, never on the message. docs/diagnostics.md lists them.
    public var id: String
    public var severity: Severity
    /// Where the problem is; nil for problems that belong to no file (a bad option, say).
    public var location: SourceLocation?
    /// How many characters from `location` the problem spans on its line; nil for a point.
    public var length: Int?
    public var message: String
    /// Further locations that explain the problem (the other language's file, say).
    public var notes: [Diagnostic]
    /// Edits that would fix it: "did you mean" as a replacement of the problem's range.
    public var fixIts: [FixIt]

    public init(_ severity: Severity, _ message: String, id: String,
                at location: SourceLocation?, length: Int? = nil, notes: [Diagnostic] = [], fixIts: [FixIt] = []) {
        self.id = id
        self.severity = severity
        self.location = location
        self.length = length
        self.message = message
        self.notes = notes
        self.fixIts = fixIts
    }

    public static func error(id: String, _ message: String, at location: SourceLocation?, length: Int? = nil,
                             notes: [Diagnostic] = [], fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(.error, message, id: id, at: location, length: length, notes: notes, fixIts: fixIts)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, id: "note", at: location)
    }

    /// The diagnostic and its notes, one line each.
    public var description: String {
        let head = location.map { "\($0): " } ?? "handbookgen: "
        let line = "\(head)\(severity.rawValue): \(message)"
        return ([line] + notes.map(\.description)).joined(separator: "\n")
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case let (l?, r?) where l != r: return l < r
        case (nil, _?): return true
        case (_?, nil): return false
        default: return lhs.message < rhs.message
        }
    }
}

/// An edit that fixes a diagnostic: replace `length` characters from `location` (on one line)
/// with `replacement`.
public struct FixIt: Sendable, Hashable {
    public var location: SourceLocation
    public var length: Int
    public var replacement: String

    public init(at location: SourceLocation, length: Int, replacement: String) {
        self.location = location
        self.length = length
        self.replacement = replacement
    }

    /// A "did you mean" for `written` at `location`, when a close candidate exists.
    public static func suggestion(for written: String, at location: SourceLocation?,
                                  in candidates: some Sequence<String>) -> [FixIt] {
        guard let location, let closest = Suggestion.closest(to: written, in: candidates) else { return [] }
        return [FixIt(at: location, length: written.unicodeScalars.count, replacement: closest)]
    }
}

/// Collects diagnostics from every stage, so that one run reports all of them.
public struct DiagnosticLog: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// An error of the kind `id` (see `Diagnostic.id`).
    public mutating func error(id: String, _ message: String, at location: SourceLocation?, length: Int? = nil,
                               notes: [Diagnostic] = [], fixIts: [FixIt] = []) {
        report(Diagnostic(.error, message, id: id, at: location, length: length, notes: notes, fixIts: fixIts))
    }

    /// A warning of the kind `id` (see `Diagnostic.id`).
    public mutating func warning(id: String, _ message: String, at location: SourceLocation?, length: Int? = nil,
                                 notes: [Diagnostic] = [], fixIts: [FixIt] = []) {
        report(Diagnostic(.warning, message, id: id, at: location, length: length, notes: notes, fixIts: fixIts))
    }

    public mutating func merge(_ other: DiagnosticLog) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Sorted by file and position, duplicates removed: the order does not depend on the order
    /// in which stages or threads found them.
    public var sorted: [Diagnostic] {
        Array(Set(diagnostics)).sorted()
    }
}
