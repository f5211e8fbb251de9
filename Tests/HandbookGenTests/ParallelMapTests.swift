import Foundation
import Testing
@testable import HandbookKit

/// The parallel loop every stage uses: results in input order, each item mapped once, whatever
/// the cores do.
@Suite struct ParallelMapTests {
    @Test func resultsComeBackInInputOrderWithEachItemMappedOnce() async {
        let items = Array(0..<5_000)
        let calls = Counter()
        let mapped = await ParallelMap.map(items) { item -> String in
            calls.add()
            // Uneven work, so that the cores finish their runs out of order.
            if item % 97 == 0 { try? await Task.sleep(nanoseconds: 200_000) }
            return "item \(item)"
        }
        #expect(mapped == items.map { "item \($0)" })
        #expect(calls.value == items.count)
    }

    @Test func aMapInsideAMapFinishesAndKeepsBothOrders() async {
        let outer = Array(0..<40)
        let mapped = await ParallelMap.map(outer) { row in
            await ParallelMap.map(Array(0..<25)) { column in row * 100 + column }
        }
        #expect(mapped == outer.map { row in (0..<25).map { row * 100 + $0 } })
    }

    @Test func runsCoverEveryIndexOnceShrinkingAsTheQueueEmpties() {
        let queue = ParallelMap.RunQueue(count: 10_000, workers: 2, runLength: .max)
        var runs: [Range<Int>] = []
        while let run = queue.next() { runs.append(run) }
        #expect(runs.first == 0..<2_500)
        #expect(runs.last?.count == 1)
        #expect(runs.last?.upperBound == 10_000)
        // Consecutive, without gaps or overlaps, and never longer than the run before.
        for (before, after) in zip(runs, runs.dropFirst()) {
            #expect(before.upperBound == after.lowerBound)
            #expect(after.count <= before.count)
        }
        // Few enough runs that handing them out costs nothing next to the work.
        #expect(runs.count < 60)
    }

    @Test func runLengthCapsEveryRun() {
        let queue = ParallelMap.RunQueue(count: 100, workers: 2, runLength: 1)
        var runs: [Range<Int>] = []
        while let run = queue.next() { runs.append(run) }
        #expect(runs == (0..<100).map { $0..<($0 + 1) })
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
