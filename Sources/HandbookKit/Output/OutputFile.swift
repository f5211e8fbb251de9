import Foundation

/// One file of the built site: its path from the site root and its bytes.
///
/// Files made as byte arrays or strings keep them as they are and are written from them: a
/// large file (rules.json, a search index, llms-full.txt) is not copied into a `Data` first. A
/// search index stays in the pieces it was made of (a piece per chapter) and is written piece by
/// piece, never put together in memory.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    private let contents: Contents

    private enum Contents: Sendable {
        case data(Data)
        case bytes([UInt8])
        case text(String)
        case pieces([[UInt8]])
    }

    public init(path: String, data: Data) {
        self.path = path
        contents = .data(data)
    }

    public init(path: String, text: String) {
        self.path = path
        contents = .text(text)
    }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        contents = .bytes(bytes)
    }

    /// A file that is its pieces one after another.
    init(path: String, pieces: [[UInt8]]) {
        self.path = path
        contents = .pieces(pieces)
    }

    /// The bytes as `Data` (a copy when the file was made as bytes or text).
    public var data: Data {
        switch contents {
        case .data(let data): data
        case .bytes(let bytes): Data(bytes)
        case .text(let text): Data(text.utf8)
        case .pieces(let pieces): Self.joined(pieces)
        }
    }

    /// Piece by piece: a `Data` made from the joined sequence appends byte by byte (a search
    /// index's megabyte was a tenth of a `serve` rebuild).
    private static func joined(_ pieces: [[UInt8]]) -> Data {
        var data = Data(capacity: pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { data.append(contentsOf: piece) }
        return data
    }

    /// Whether the bytes are in many pieces (a search index: one per chapter).
    var isInPieces: Bool {
        if case .pieces = contents { true } else { false }
    }

    /// Hands the bytes to `body` where they are, in one or more pieces, in order; stops at the
    /// first piece for which `body` returns a non-nil result, and returns that.
    func forEachPiece<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result?) rethrows -> Result? {
        switch contents {
        case .data(let data): return try data.withUnsafeBytes(body)
        case .bytes(let bytes): return try bytes.withUnsafeBytes(body)
        case .text(var text): return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        case .pieces(let pieces):
            for piece in pieces {
                if let result = try piece.withUnsafeBytes(body) { return result }
            }
            return nil
        }
    }

    /// Whether the bytes are `data`'s, compared where they are (making a `Data` of a large file
    /// in pieces, to compare it, was a tenth of a rebuild in `serve`).
    func hasBytes(equalTo data: Data) -> Bool {
        var offset = 0
        let count = data.count
        let differs: Bool? = data.withUnsafeBytes { previous in
            forEachPiece { piece -> Bool? in
                guard offset + piece.count <= count else { return true }
                if piece.count > 0, memcmp(previous.baseAddress! + offset, piece.baseAddress!, piece.count) != 0 { return true }
                offset += piece.count
                return nil
            }
        }
        return differs == nil && offset == count
    }

    public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        lhs.path == rhs.path && lhs.data == rhs.data
    }
}
