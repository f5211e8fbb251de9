import Foundation

/// One file of the built site: its path from the site root and its bytes.
///
/// Files made as byte arrays or strings keep them as they are and are written from them: a
/// large file (rules.json, a search index, llms-full.txt) is not copied into a `Data` first.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    private var contents: Contents

    private enum Contents: Sendable {
        case data(Data)
        case bytes([UInt8])
        case text(String)
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

    /// The bytes as `Data` (a copy when the file was made as bytes or text).
    public var data: Data {
        get {
            switch contents {
            case .data(let data): data
            case .bytes(let bytes): Data(bytes)
            case .text(let text): Data(text.utf8)
            }
        }
        set { contents = .data(newValue) }
    }

    /// Reads the bytes where they are.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch contents {
        case .data(let data): return try data.withUnsafeBytes(body)
        case .bytes(let bytes): return try bytes.withUnsafeBytes(body)
        case .text(var text): return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        }
    }

    public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        lhs.path == rhs.path && lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { left.elementsEqual($0) } }
    }
}
