import Foundation

/// Wall time per stage of a build, and the process's peak memory at its end, for
/// `build --timings` and the benchmarks.
public struct PhaseClock: Sendable {
    public private(set) var phases: [(name: String, seconds: Double, peakMB: Int)] = []
    private var last = DispatchTime.now().uptimeNanoseconds

    public init() {}

    /// Ends the current stage under `name` and starts the next.
    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        phases.append((name, Double(now - last) / 1e9, usage.ru_maxrss / 1024))
        last = now
    }

    public var report: String {
        let total = phases.reduce(0) { $0 + $1.seconds }
        return (phases + [("total", total, phases.last?.peakMB ?? 0)]).map { phase in
            phase.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%8.3f s %6d MB peak", phase.seconds, phase.peakMB)
        }.joined(separator: "\n")
    }
}
