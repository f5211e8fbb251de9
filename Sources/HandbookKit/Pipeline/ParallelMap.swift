import Foundation
import Synchronization

/// Maps over an array on all cores with structured concurrency and returns the results in the
/// input's order, so that parallel work never changes the output. `HANDBOOKGEN_JOBS=1` runs it
/// on one thread (the determinism test compares both).
///
/// One child task per core takes runs of consecutive items from a shared queue until none are
/// left. Runs shrink as the queue empties (each is a fraction of what remains), so the first are
/// long and cheap to hand out and the last are a few items: no core waits at the end of a stage
/// while the other finishes a long run (fixed runs of 1/32 of the items left one core idle for
/// half a run on average, 1–2 % of a build). A map inside another map's transform is a nested
/// group and spreads over the cores too.
enum ParallelMap {
    static let isSerial = ProcessInfo.processInfo.environment["HANDBOOKGEN_JOBS"] == "1"
    /// How many items run at once at most: the cores, or 1.
    static var workers: Int { isSerial ? 1 : ProcessInfo.processInfo.activeProcessorCount }

    /// `runLength` caps the items per run (1: each item is handed out on its own).
    static func map<T: Sendable, R: Sendable>(_ items: [T], runLength: Int = .max,
                                              _ transform: @escaping @Sendable (T) async -> R) async -> [R] {
        guard items.count > 1, !isSerial else {
            var results: [R] = []
            results.reserveCapacity(items.count)
            for item in items { results.append(await transform(item)) }
            return results
        }
        let workers = min(items.count, Self.workers)
        let queue = RunQueue(count: items.count, workers: workers, runLength: runLength)
        return await withTaskGroup(of: [(Int, [R])].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var done: [(Int, [R])] = []
                    while let range = queue.next() {
                        var results: [R] = []
                        results.reserveCapacity(range.count)
                        for index in range { results.append(await transform(items[index])) }
                        done.append((range.lowerBound, results))
                    }
                    return done
                }
            }
            var runs: [(Int, [R])] = []
            for await done in group { runs += done }
            return runs.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// Hands out consecutive runs of indices, each a share of what is left ("guided" scheduling).
    final class RunQueue: Sendable {
        private let start = Mutex(0)
        private let count: Int
        private let divisor: Int
        private let runLength: Int

        init(count: Int, workers: Int, runLength: Int) {
            self.count = count
            self.divisor = 2 * workers
            self.runLength = max(1, runLength)
        }

        func next() -> Range<Int>? {
            start.withLock { start in
                guard start < count else { return nil }
                let length = min(runLength, max(1, (count - start) / divisor))
                defer { start += length }
                return start..<(start + length)
            }
        }
    }
}
