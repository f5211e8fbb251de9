/// Server-sent events: the text/event-stream format of one message.
enum EventStream {
    /// One event in the text/event-stream format; every line of `data` becomes a `data:` field.
    static func event(_ name: String, data: String) -> [UInt8] {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
        return Array(("event: \(name)\n" + lines.joined(separator: "\n") + "\n\n").utf8)
    }
}
