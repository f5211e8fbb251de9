/// A problem found in the input, reported in compiler format:
/// `content/zh/controls/buttons.md:12:5: error: message`.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    /// Where the problem is; nil for problems that belong to no file (a bad option, say).
    public var location: SourceLocation?
    public var message: String
    /// Further locations that explain the problem (the other language's file, say).
    public var notes: [Diagnostic]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?,
                notes: [Diagnostic] = []) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?,
                             notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?,
                               notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
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

/// Collects diagnostics from every stage, so that one run reports all of them.
public struct DiagnosticLog: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func error(_ message: String, at location: SourceLocation?,
                               notes: [Diagnostic] = []) {
        report(.error(message, at: location, notes: notes))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?,
                                 notes: [Diagnostic] = []) {
        report(.warning(message, at: location, notes: notes))
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
