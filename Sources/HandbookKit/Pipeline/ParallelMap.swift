import Foundation

/// Maps over an array on all cores with structured concurrency and returns the results in the
/// input's order, so that parallel work never changes the output. `HANDBOOKGEN_JOBS=1` runs it
/// on one thread (the determinism test compares both).
///
/// The items are cut into runs, each a child task of one task group: enough runs per core to
/// even out chapters of different sizes, few enough that scheduling costs nothing next to the
/// work. A map inside another map's transform is a nested group and spreads over the cores too.
enum ParallelMap {
    static let isSerial = ProcessInfo.processInfo.environment["HANDBOOKGEN_JOBS"] == "1"

    /// Runs per core; `runLength` caps the items per run.
    private static let runsPerCore = 16

    static func map<T: Sendable, R: Sendable>(_ items: [T], runLength: Int = .max,
                                              _ transform: @escaping @Sendable (T) async -> R) async -> [R] {
        guard items.count > 1, !isSerial else {
            var results: [R] = []
            results.reserveCapacity(items.count)
            for item in items { results.append(await transform(item)) }
            return results
        }
        let runs = min(items.count, ProcessInfo.processInfo.activeProcessorCount * runsPerCore)
        let length = min(runLength, (items.count + runs - 1) / runs)
        return await withTaskGroup(of: (Int, [R]).self) { group in
            for start in stride(from: 0, to: items.count, by: length) {
                let range = start..<min(start + length, items.count)
                group.addTask {
                    var results: [R] = []
                    results.reserveCapacity(range.count)
                    for index in range { results.append(await transform(items[index])) }
                    return (start, results)
                }
            }
            var runs: [(Int, [R])] = []
            for await run in group { runs.append(run) }
            return runs.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
