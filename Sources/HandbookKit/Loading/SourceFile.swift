import Foundation

/// The text of one input file, checked and normalised, with the path used in diagnostics.
public struct SourceFile: Sendable {
    /// The path as shown in diagnostics (relative to the working directory where possible).
    public var path: String
    /// The text with a byte-order mark removed and line endings turned into `\n`.
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    /// Reads and checks a file: it must be UTF-8 without NUL bytes. A byte-order mark is dropped
    /// with a warning; CRLF and lone CR line endings are accepted and normalised.
    public static func read(at url: URL, displayPath: String, log: inout DiagnosticLog) -> SourceFile? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            log.error("cannot read file: \(error.localizedDescription)",
                      at: SourceLocation(file: displayPath, line: 1, column: 1))
            return nil
        }
        return decode(data, displayPath: displayPath, log: &log)
    }

    public static func decode(_ data: Data, displayPath: String, log: inout DiagnosticLog) -> SourceFile? {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            log.warning("byte-order mark ignored; save the file as UTF-8 without a BOM",
                        at: SourceLocation(file: displayPath, line: 1, column: 1))
        }
        // The standard library's validation is the fast path; the byte-by-byte search below
        // only runs to say where a bad file goes wrong.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = firstInvalidUTF8(in: bytes) ?? 0
            let (line, column) = lineAndColumn(ofByte: bad, in: bytes)
            log.error("file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))",
                      at: SourceLocation(file: displayPath, line: line, column: column))
            return nil
        }
        if let nul = firstOffset(of: 0, in: bytes) {
            let (line, column) = lineAndColumn(ofByte: nul, in: bytes)
            log.error("file contains a NUL byte",
                      at: SourceLocation(file: displayPath, line: line, column: column))
            return nil
        }
        guard firstOffset(of: UInt8(ascii: "\r"), in: bytes) != nil else { return SourceFile(path: displayPath, text: text) }
        // CRLF and lone CR both become LF.
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { continue }
                normalized.append(UInt8(ascii: "\n"))
            } else {
                normalized.append(byte)
            }
        }
        return SourceFile(path: displayPath, text: String(decoding: normalized, as: UTF8.self))
    }

    /// The offset of the first `byte`, found with `memchr`.
    private static func firstOffset(of byte: UInt8, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let hit = memchr(base, Int32(byte), buffer.count) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            // Overlong forms, surrogates and code points above U+10FFFF.
            let second = bytes[index + 1]
            if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)
                || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F) {
                return index
            }
            index += length
        }
        return nil
    }

    /// 1-based line and character column of a byte offset.
    static func lineAndColumn(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for index in 0..<offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
