import Foundation
import Testing
@testable import HandbookMCP

/// The MCP transport's line reader: lines across chunks, and a line over the limit skipped
/// whole and reported by its size, the lines after it intact.
@Suite struct LineSplitterTests {
    @Test func linesSpanningChunksAreJoined() {
        var splitter = LineSplitter(limit: 100)
        #expect(splitter.append(Data("{\"a\":".utf8)).isEmpty)
        #expect(splitter.append(Data("1}\n{\"b\":2}\n{\"c\"".utf8)) == [.message(Data("{\"a\":1}".utf8)), .message(Data("{\"b\":2}".utf8))])
        #expect(splitter.append(Data(":3}\n".utf8)) == [.message(Data("{\"c\":3}".utf8))])
    }

    @Test func aLineOverTheLimitIsSkippedWhole() {
        var splitter = LineSplitter(limit: 10)
        var lines: [LineSplitter.Line] = []
        for _ in 0..<5 { lines += splitter.append(Data(repeating: UInt8(ascii: "x"), count: 7)) }
        lines += splitter.append(Data("yy\nok\n".utf8))
        #expect(lines == [.tooLong(37), .message(Data("ok".utf8))])
    }

    @Test func requestIdsAreStringsOrIntegersOnly() throws {
        func id(_ json: String) throws -> JSONValue? {
            try JSONDecoder().decode(Envelope.self, from: Data(json.utf8)).id
        }
        #expect(try id(#"{"id": 3}"#)?.requestKey == "i:3")
        #expect(try id(#"{"id": "a"}"#)?.requestKey == "s:a")
        #expect(try id(#"{"id": 1.5}"#)?.requestKey == nil)
        #expect(try id(#"{"id": null}"#) == .null)
        #expect(try id(#"{"id": true}"#)?.requestKey == nil)
        #expect(try id(#"{"id": {"a": 1}}"#)?.requestKey == nil)
        #expect(try id(#"{"method": "x"}"#) == nil)
    }
}
