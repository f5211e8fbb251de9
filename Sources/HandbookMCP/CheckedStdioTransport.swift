import Foundation
import Logging
import MCP

/// MCP over stdio, with the JSON-RPC 2.0 and MCP lifecycle checks the SDK's transport leaves to
/// the server: every line is read in linear time and checked before the server sees it.
///
/// - A line that is not JSON is answered with `-32700` and id `null`; a batch, a message without
///   `"jsonrpc": "2.0"` or a request whose id is not a string or an integer, with `-32600` and
///   id `null` (JSON-RPC says so when the id cannot be read).
/// - Before `initialize`, only `initialize` and `ping` are served; other requests get `-32600`.
/// - A line longer than `maximumMessageBytes` is answered with `-32600` and skipped.
/// - At the end of input, the requests already read are answered before the stream ends.
public actor CheckedStdioTransport: Transport {
    public static let maximumMessageBytes = 4 << 20

    public nonisolated let logger = Logger(label: "handbookgen.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: FileHandle
    private let output: FileHandle
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var initialized = false
    /// Ids (as their JSON text) of requests handed to the server and not yet answered.
    private var pending: Set<String> = []
    private var drained: CheckedContinuation<Void, Never>?

    public init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        self.input = input
        self.output = output
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    public func connect() async throws {
        // Blocking reads on a thread of their own; the chunks are handled in order here.
        let (chunks, chunkContinuation) = AsyncStream<Data>.makeStream()
        let input = self.input
        Thread.detachNewThread {
            while true {
                let data = input.availableData
                if data.isEmpty { break }
                chunkContinuation.yield(data)
            }
            chunkContinuation.finish()
        }
        Task {
            var splitter = LineSplitter(limit: Self.maximumMessageBytes)
            for await chunk in chunks {
                for line in splitter.append(chunk) { await handle(line) }
            }
            await finishInput()
        }
    }

    public func disconnect() async {
        continuation.finish()
    }

    public func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }

    public func send(_ data: Data) async throws {
        // A response to a request read earlier: it is no longer pending.
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: data), envelope.method == nil,
           let key = envelope.id?.requestKey {
            pending.remove(key)
            if pending.isEmpty, let drained {
                self.drained = nil
                drained.resume()
            }
        }
        write(data)
    }

    private func write(_ data: Data) {
        var line = data
        line.append(UInt8(ascii: "\n"))
        output.write(line)
    }

    private func finishInput() async {
        if !pending.isEmpty {
            await withCheckedContinuation { drained = $0 }
        }
        continuation.finish()
    }

    func handle(_ line: LineSplitter.Line) async {
        switch line {
        case .tooLong(let bytes):
            reject(code: -32600, "Invalid Request: the message is \(bytes) bytes; the limit is \(Self.maximumMessageBytes)")
        case .message(let data):
            guard !data.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) else { return }
            guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
                return reject(code: -32700, "Parse error: the message is not JSON")
            }
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
                return reject(code: -32600, "Invalid Request: expected one JSON-RPC object (batches are not supported)")
            }
            guard envelope.jsonrpc == "2.0" else {
                return reject(code: -32600, "Invalid Request: 'jsonrpc' must be \"2.0\"")
            }
            guard let method = envelope.method else {
                // A response from the client (to a request of the server's): passed on.
                continuation.yield(data)
                return
            }
            guard case .string(let name) = method else {
                return reject(code: -32600, "Invalid Request: 'method' must be a string")
            }
            guard let id = envelope.id else {
                // A notification: nothing to answer.
                continuation.yield(data)
                return
            }
            guard let key = id.requestKey else {
                return reject(code: -32600, "Invalid Request: 'id' must be a string or an integer")
            }
            if !initialized, name != "initialize", name != "ping" {
                return reject(code: -32600, "Invalid Request: the server is not initialized; send 'initialize' first", id: id)
            }
            if name == "initialize" { initialized = true }
            pending.insert(key)
            continuation.yield(data)
        }
    }

    private func reject(code: Int, _ message: String, id: JSONValue = .null) {
        let answer = ErrorAnswer(id: id, error: .init(code: code, message: message))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let data = try? encoder.encode(answer) { write(data) }
    }
}

/// What the transport reads of a message: its version, method and id, each as any JSON value.
struct Envelope: Decodable {
    var jsonrpc: String?
    var method: JSONValue?
    /// nil when the message has no id (a notification); `.null` when the id is null.
    var id: JSONValue?

    enum CodingKeys: String, CodingKey { case jsonrpc, method, id }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try? container.decode(String.self, forKey: .jsonrpc)
        method = try container.decodeIfPresent(JSONValue.self, forKey: .method)
        id = container.contains(.id) ? try container.decode(JSONValue.self, forKey: .id) : nil
    }
}

/// A JSON value, as far as a request's id and method need telling apart.
enum JSONValue: Codable, Equatable {
    case null, string(String), integer(Int64), other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let number = try? container.decode(Double.self), number == number.rounded(), abs(number) < 9.007e15 {
            self = .integer(Int64(number))
        } else {
            self = .other
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let string): try container.encode(string)
        case .integer(let integer): try container.encode(integer)
        case .null, .other: try container.encodeNil()
        }
    }

    /// A key for a request id: strings and integers only.
    var requestKey: String? {
        switch self {
        case .string(let string): "s:" + string
        case .integer(let integer): "i:\(integer)"
        case .null, .other: nil
        }
    }
}

struct ErrorAnswer: Encodable {
    struct Problem: Encodable {
        var code: Int
        var message: String
    }

    var jsonrpc = "2.0"
    var id: JSONValue
    var error: Problem
}

/// Cuts a byte stream into lines, looking at each byte once; a line over the limit is skipped
/// up to its end and reported by its size.
struct LineSplitter {
    enum Line: Equatable {
        case message(Data)
        case tooLong(Int)
    }

    let limit: Int
    private var buffer = Data()
    /// Bytes of the current line dropped because it was over the limit.
    private var skipped = 0

    init(limit: Int) { self.limit = limit }

    mutating func append(_ chunk: Data) -> [Line] {
        var lines: [Line] = []
        var start = chunk.startIndex
        while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let piece = chunk[start..<newline]
            if skipped > 0 || buffer.count + piece.count > limit {
                lines.append(.tooLong(skipped + buffer.count + piece.count))
            } else {
                buffer.append(piece)
                lines.append(.message(buffer))
            }
            buffer = Data()
            skipped = 0
            start = chunk.index(after: newline)
        }
        let rest = chunk[start...]
        if skipped > 0 || buffer.count + rest.count > limit {
            skipped += buffer.count + rest.count
            buffer = Data()
        } else {
            buffer.append(rest)
        }
        return lines
    }
}
