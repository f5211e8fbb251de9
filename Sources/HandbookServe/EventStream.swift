import FlyingFox
import FlyingSocks

/// Server-sent events for one open page: each message is written as its own chunk as soon as it
/// is sent, and the response lasts until the page goes away.
struct EventStream: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    let messages: AsyncStream<[UInt8]>

    /// One event in the text/event-stream format; every line of `data` becomes a `data:` field.
    static func event(_ name: String, data: String) -> [UInt8] {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
        return Array(("event: \(name)\n" + lines.joined(separator: "\n") + "\n\n").utf8)
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(messages: messages.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var messages: AsyncStream<[UInt8]>.Iterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async -> UInt8? {
            await nextBuffer(suggested: 1)?.first
        }

        /// What is pending, or waits for the next message.
        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            if pending.isEmpty {
                guard let message = await messages.next() else { return nil }
                pending = message[...]
            }
            let buffer = pending.prefix(Swift.max(count, 1))
            pending = pending.dropFirst(buffer.count)
            return buffer
        }
    }
}
