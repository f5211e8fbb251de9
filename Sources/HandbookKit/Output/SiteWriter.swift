import Foundation

/// Writes the site so that nothing is lost: every file goes into a fresh folder beside the
/// output folder, which then replaces the old site in two renames. A failed or interrupted
/// build leaves the previous site as it was.
public struct SiteWriter: Sendable {
    public var output: URL

    public init(output: URL) {
        self.output = output.standardizedFileURL
    }

    public enum Failure: Error, CustomStringConvertible {
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
            }
        }
    }

    private var parent: URL { output.deletingLastPathComponent() }
    private var stagingPrefix: String { "." + output.lastPathComponent + ".staging-" }

    public func write(_ files: [OutputFile]) throws {
        let fileManager = FileManager.default
        removeLeftovers()
        let staging = parent.appendingPathComponent(stagingPrefix + String(ProcessInfo.processInfo.processIdentifier))
        try? fileManager.removeItem(at: staging)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw Failure.cannotWrite(output.path, error.localizedDescription)
        }
        let retired = parent.appendingPathComponent(stagingPrefix + "old-" + String(ProcessInfo.processInfo.processIdentifier))
        do {
            if fileManager.fileExists(atPath: output.path) {
                try fileManager.moveItem(at: output, to: retired)
            }
            try fileManager.moveItem(at: staging, to: output)
        } catch {
            // Put the previous site back if it was moved aside.
            if !fileManager.fileExists(atPath: output.path), fileManager.fileExists(atPath: retired.path) {
                try? fileManager.moveItem(at: retired, to: output)
            }
            try? fileManager.removeItem(at: staging)
            throw Failure.cannotWrite(output.path, error.localizedDescription)
        }
        try? fileManager.removeItem(at: retired)
    }

    /// Staging folders left by builds that were killed. A previous site that a killed build had
    /// moved aside, but not yet replaced, is put back first.
    private func removeLeftovers() {
        let fileManager = FileManager.default
        var names = ((try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
        if !fileManager.fileExists(atPath: output.path),
           let retired = names.first(where: { $0.hasPrefix(stagingPrefix + "old-") }) {
            try? fileManager.moveItem(at: parent.appendingPathComponent(retired), to: output)
            names.removeAll { $0 == retired }
        }
        for name in names where name.hasPrefix(stagingPrefix) {
            let pid = name.dropFirst(stagingPrefix.count).split(separator: "-").last.flatMap { Int32($0) }
            // Keep the folder of a build that is still running.
            if let pid, pid != ProcessInfo.processInfo.processIdentifier, kill(pid, 0) == 0 { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
