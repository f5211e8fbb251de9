import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A request as the preview answers it, apart from the HTTP library.
public struct PreviewRequest: Sendable {
    public var method: String
    /// The path without its query, percent-decoding left to the router.
    public var path: String
    public var query: [String: String]
    public var host: String?

    public init(method: String, path: String, query: [String: String] = [:], host: String?) {
        self.method = method
        self.path = path
        self.query = query
        self.host = host
    }

    /// `/a/b?x=1&y` as path and query.
    init(method: String, target: String, host: String?) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[String(pair[0])] = pair.count == 2 ? String(pair[1]) : ""
            }
        }
        self.init(method: method, path: String(parts.first ?? ""), query: query, host: host)
    }
}

/// An answer: bytes, or server-sent events that last until the page goes away.
public struct PreviewResponse: Sendable {
    public enum Body: Sendable {
        case bytes(Data)
        case events(AsyncStream<[UInt8]>)
    }

    public var status: Int
    public var headers: [(String, String)]
    public var body: Body
}

/// The preview's HTTP/1.1 server on the loopback interface (SwiftNIO): pipelined requests are
/// answered in order, HEAD without a body, and a request line or header block over the limits
/// with 414 or 431.
enum HTTPListener {
    /// Longest request line and header field, and all header fields together, in bytes.
    static let maximumLineBytes = 8 * 1024
    static let maximumHeaderBytes = 32 * 1024

    struct PortInUse: Error, CustomStringConvertible {
        var port: Int
        var description: String {
            "port \(port) on 127.0.0.1 is in use by another program; choose another with --port (0 picks a free one)"
        }
    }

    /// Listens until the returned channel is closed; the bound port is the channel's.
    static func start(port: Int, respond: @escaping @Sendable (PreviewRequest) async -> PreviewResponse) async throws -> Channel {
        let limits = {
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = maximumLineBytes
            limits.maxHeaderListSize = maximumHeaderBytes
            return limits
        }()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 512)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tracker = RequestLineTracker()
                    try channel.pipeline.syncOperations.addHandler(tracker)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withPipeliningAssistance: true, withErrorHandling: false,
                        withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
                    try channel.pipeline.syncOperations.addHandler(ExchangeHandler(tracker: tracker, respond: respond))
                }
            }
        do {
            return try await bootstrap.bind(host: "127.0.0.1", port: port).get()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PortInUse(port: port)
        }
    }
}

/// Watches the raw bytes for whether the line being read is a request's first line, so that an
/// overlong one is answered 414 (URI too long) rather than 431.
final class RequestLineTracker: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var lineLength = 0
    private var previousLineWasBlank = true
    /// Whether the line now being read follows a blank line (or starts the connection).
    var readingRequestLine: Bool { previousLineWasBlank }
    /// After a refused request, the rest of what the client sends is read and dropped, so that
    /// closing the connection does not reset it before the client has read the answer.
    var discarding = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !discarding else { return }
        let buffer = unwrapInboundIn(data)
        buffer.withUnsafeReadableBytes { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    previousLineWasBlank = lineLength == 0
                    lineLength = 0
                } else if byte != UInt8(ascii: "\r") {
                    lineLength += 1
                }
            }
        }
        context.fireChannelRead(data)
    }
}

/// One connection's requests, answered one at a time (the pipelining handler holds the next).
final class ExchangeHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let tracker: RequestLineTracker
    private let respond: @Sendable (PreviewRequest) async -> PreviewResponse
    private var head: HTTPRequestHead?
    private var responding = false
    private var events: Task<Void, Never>?

    init(tracker: RequestLineTracker, respond: @escaping @Sendable (PreviewRequest) async -> PreviewResponse) {
        self.tracker = tracker
        self.respond = respond
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            let request = PreviewRequest(method: head.method.rawValue, target: head.uri, host: head.headers.first(name: "host"))
            let isHead = head.method == .HEAD
            let keepAlive = head.isKeepAlive
            let respond = self.respond
            responding = true
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.makeFutureWithTask { await respond(request) }.whenSuccess { response in
                let (handler, context) = bound.value
                handler.write(response, omittingBody: isHead, keepAlive: keepAlive, context: context)
            }
        }
    }

    private func write(_ response: PreviewResponse, omittingBody: Bool, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(response.headers)
        switch response.body {
        case .bytes(let data):
            headers.replaceOrAdd(name: "Content-Length", value: String(data.count))
            if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: response.status),
                                                                 headers: headers))), promise: nil)
            if !omittingBody, !data.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: nil)
            }
            responding = false
            let ended = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                ended.whenComplete { _ in bound.value.close(promise: nil) }
            }
        case .events(let stream):
            headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: response.status),
                                                                         headers: headers))), promise: nil)
            guard !omittingBody else {
                responding = false
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let eventLoop = context.eventLoop
            events = Task {
                for await message in stream {
                    eventLoop.execute {
                        let (handler, context) = bound.value
                        context.writeAndFlush(handler.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: message)))), promise: nil)
                    }
                }
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The page went away: its event stream ends, and with it the subscription.
        events?.cancel()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let parserError = error as? HTTPParserError else {
            context.close(promise: nil)
            return
        }
        guard !tracker.discarding else { return }
        tracker.discarding = true
        guard !responding else {
            context.close(promise: nil)
            return
        }
        let status: HTTPResponseStatus = switch parserError {
        case .headerOverflow: tracker.readingRequestLine ? .uriTooLong : .requestHeaderFieldsTooLarge
        default: .badRequest
        }
        let headers = HTTPHeaders([("Connection", "close"), ("Content-Length", "0")] + PreviewServer.securityHeaders)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        // Half-close: the answer is sent, the client's remaining bytes are still read (and
        // dropped) for a moment, then the connection closes.
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            let context = bound.value
            context.close(mode: .output, promise: nil)
            context.eventLoop.scheduleTask(in: .seconds(2)) { bound.value.close(promise: nil) }
        }
    }
}
