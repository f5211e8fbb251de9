/// A position in a source file: 1-based line and 1-based column counted in characters
/// (Unicode scalars), so that positions on Chinese lines match what an editor shows.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path as the user gave it (relative to the working directory when it was relative).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
