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
        read(file: url.path, displayPath: displayPath, log: &log)
    }

    /// The same, for a file named by its file-system path.
    static func read(file: String, displayPath: String, log: inout DiagnosticLog) -> SourceFile? {
        switch contents(of: file) {
        case .success(let bytes):
            return decode(bytes, displayPath: displayPath, log: &log)
        case .failure(let problem):
            log.error(id: "file.unreadable", "cannot read file: \(problem)", at: SourceLocation(file: displayPath, line: 1, column: 1))
            return nil
        }
    }

    /// A file's bytes, read straight into an array (`Data(contentsOf:)` went through URL
    /// resources and a copy: a tenth of loading a chapter), or why it could not be read.
    static func contents(of path: String) -> Result<[UInt8], ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadProblem(code: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadProblem(code: errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { return .failure(ReadProblem(code: EISDIR)) }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        // The size is a hint: a file that grows or shrinks while read is read to its end.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 4096)) }
            let wanted = bytes.count - count
            let read = bytes.withUnsafeMutableBufferPointer { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, wanted)
            }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(ReadProblem(code: errno))
            }
            if read == 0 { break }
            count += read
            // A regular file that gives less than asked for is at its end: no second read to
            // hear so (10,000 system calls in a large build).
            if isRegular, read < wanted { break }
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// A system error from reading a file, described as the C library does.
    struct ReadProblem: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    public static func decode(_ data: Data, displayPath: String, log: inout DiagnosticLog) -> SourceFile? {
        decode([UInt8](data), displayPath: displayPath, log: &log)
    }

    static func decode(_ bytes: [UInt8], displayPath: String, log: inout DiagnosticLog) -> SourceFile? {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            log.warning(id: "file.byte-order-mark", "byte-order mark ignored; save the file as UTF-8 without a BOM",
                        at: SourceLocation(file: displayPath, line: 1, column: 1))
        }
        // The standard library's validation is the fast path; the byte-by-byte search below
        // only runs to say where a bad file goes wrong.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = firstInvalidUTF8(in: bytes) ?? 0
            let (line, column) = lineAndColumn(ofByte: bad, in: bytes)
            log.error(id: "file.not-utf8", "file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))",
                      at: SourceLocation(file: displayPath, line: line, column: column))
            return nil
        }
        if let nul = firstOffset(of: 0, in: bytes) {
            let (line, column) = lineAndColumn(ofByte: nul, in: bytes)
            log.error(id: "file.nul-byte", "file contains a NUL byte",
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

/// The C library's `read` (inside `SourceFile` the name is its own method's).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
