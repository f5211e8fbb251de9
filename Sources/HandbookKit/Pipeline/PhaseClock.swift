import Foundation

/// Wall time and CPU time (all threads, user and system) per stage of a build, and the
/// process's peak memory at its end, for `build --timings` and the benchmarks. On a shared,
/// noisy machine the CPU time says more about a change than the wall time.
public struct PhaseClock: Sendable {
    public private(set) var phases: [(name: String, seconds: Double, cpuSeconds: Double, peakMB: Int)] = []
    private var last = DispatchTime.now().uptimeNanoseconds
    private var lastCPU = PhaseClock.usage().cpu

    public init() {}

    private static func usage() -> (cpu: Double, peakMB: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), usage.ru_maxrss / 1024)
    }

    /// Ends the current stage under `name` and starts the next.
    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        let usage = Self.usage()
        phases.append((name, Double(now - last) / 1e9, usage.cpu - lastCPU, usage.peakMB))
        last = now
        lastCPU = usage.cpu
    }

    public var report: String {
        let total = phases.reduce(0) { $0 + $1.seconds }
        let cpu = phases.reduce(0) { $0 + $1.cpuSeconds }
        // Names are padded to the longest, never cut.
        let width = max(24, phases.map(\.name.count).max() ?? 0) + 1
        return (phases + [("total", total, cpu, phases.last?.peakMB ?? 0)]).map { phase in
            phase.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: "%8.3f s %8.3f s cpu %6d MB peak", phase.seconds, phase.cpuSeconds, phase.peakMB)
        }.joined(separator: "\n")
    }
}
