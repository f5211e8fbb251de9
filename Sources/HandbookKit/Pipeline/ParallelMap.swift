import Foundation

/// Maps over an array on all cores and returns the results in the input's order, so that
/// parallel work never changes the output. `HANDBOOKGEN_JOBS=1` runs it on one thread (the
/// determinism test compares both).
enum ParallelMap {
    static let isSerial = ProcessInfo.processInfo.environment["HANDBOOKGEN_JOBS"] == "1"

    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1, !isSerial else { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.store(transform(items[index]), at: index)
        }
        return results.values
    }
}

/// One slot per index, each written once by one thread.
private final class ResultSlots<R: Sendable>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: R, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    var values: [R] { lock.withLock { slots.map { $0! } } }
}
