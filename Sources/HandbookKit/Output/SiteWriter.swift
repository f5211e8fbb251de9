import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writes the site so that nothing is lost: every file goes into a fresh folder beside the
/// output folder, which then takes the old site's place in one atomic exchange (Linux's
/// `renameat2(RENAME_EXCHANGE)`; two renames elsewhere). A failed or killed build leaves the
/// previous site as it was, and builds into the same folder take turns through a lock file.
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

    fileprivate var parent: URL { output.deletingLastPathComponent() }
    fileprivate var stagingPrefix: String { "." + output.lastPathComponent + ".staging-" }

    private var lockURL: URL { parent.appendingPathComponent("." + output.lastPathComponent + ".lock") }

    public func write(_ files: [OutputFile]) async throws {
        let site = try stage()
        do {
            try await site.add(files)
        } catch {
            site.discard()
            throw error
        }
        try site.commit()
    }

    /// Starts a new site beside the output folder; files are added as they are made, so that
    /// a build never holds the whole site in memory.
    public func stage() throws -> StagedSite {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        let lock = open(lockURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw Failure.cannotWrite(lockURL.path, String(cString: strerror(errno))) }
        // Another build writing here finishes first; the lock goes with its process, even killed.
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        removeLeftovers()
        let staging = parent.appendingPathComponent(stagingPrefix + String(ProcessInfo.processInfo.processIdentifier))
        try? fileManager.removeItem(at: staging)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            close(lock)
            throw Failure.cannotWrite(output.path, error.localizedDescription)
        }
        return StagedSite(writer: self, staging: staging, lock: lock)
    }

    /// A site being written into its staging folder.
    public final class StagedSite: Sendable {
        private let writer: SiteWriter
        private let staging: URL
        /// `staging.path`, made once: a URL's path is worked out again on every read.
        private let stagingPath: String
        private let lock: Int32
        /// Folders made so far; the lock is held while one is made, so that no thread writes
        /// into a folder still being made.
        private let folders = Mutex<Set<String>>([""])

        fileprivate init(writer: SiteWriter, staging: URL, lock: Int32) {
            self.writer = writer
            self.staging = staging
            stagingPath = staging.path
            self.lock = lock
        }

        /// Writes files into the staging folder; callable from several tasks at once. A large set
        /// of files is written on all cores.
        public func add(_ files: [OutputFile]) async throws {
            // A file's folder: its path up to the last slash, found on bytes (NSString's
            // `deletingLastPathComponent` bridged every path).
            let needed = Set(files.map { file in
                file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file.path[..<$0]) } ?? ""
            })
            for folder in needed.sorted() {
                // Under the lock: another thread must not write into a folder still being made.
                try folders.withLock { folders in
                    guard !folders.contains(folder) else { return }
                    do {
                        try FileManager.default.createDirectory(at: staging.appendingPathComponent(folder),
                                                                withIntermediateDirectories: true)
                    } catch {
                        throw Failure.cannotWrite(writer.output.path, error.localizedDescription)
                    }
                    folders.insert(folder)
                }
            }
            let folder = stagingPath
            let write = { @Sendable (file: OutputFile) in SiteWriter.write(file, to: folder + "/" + file.path) }
            // A build's batches are already written side by side; a whole site at once is not.
            let failures = files.count < 64 ? files.map(write) : await ParallelMap.map(files, write)
            if let failure = failures.lazy.compactMap({ $0 }).first {
                throw Failure.cannotWrite(writer.output.path, failure)
            }
        }

        /// Drops the staged site; the output folder stays as it was.
        public func discard() {
            try? FileManager.default.removeItem(at: staging)
            close(lock)
        }

        /// Puts the staged site in the output folder's place.
        public func commit() throws {
            defer { close(lock) }
            let fileManager = FileManager.default
            let output = writer.output
            let retired = writer.parent.appendingPathComponent(
                writer.stagingPrefix + "old-" + String(ProcessInfo.processInfo.processIdentifier))
            if fileManager.fileExists(atPath: output.path), SiteWriter.exchange(staging, output) {
                // The new site is in place; the old one now sits in the staging folder.
                try? fileManager.removeItem(at: staging)
                return
            }
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
    }

    /// Brings a site this writer wrote up to date in place: writes `changed` (files new or whose
    /// bytes differ from the folder's) and removes `removed`. For `serve`, whose output folder
    /// belongs to one process; a build uses `write`, which swaps the whole folder.
    func update(changed: [OutputFile], removed: [String]) throws {
        let fileManager = FileManager.default
        for file in changed {
            let url = output.appendingPathComponent(file.path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let failure = Self.write(file, to: url.path) { throw Failure.cannotWrite(url.path, failure) }
        }
        for path in removed {
            try? fileManager.removeItem(at: output.appendingPathComponent(path))
        }
    }

    /// Writes one file; the reason it failed, if it did. A file in many small pieces is written
    /// through a buffer of 64 KB, not with a system call per piece.
    static func write(_ file: OutputFile, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return reason(errno) }
        defer { close(descriptor) }
        guard file.isInPieces else { return file.forEachPiece { write($0, to: descriptor) } }
        let bufferSize = 64 * 1024
        var pending: [UInt8] = []
        pending.reserveCapacity(bufferSize)
        let failure = file.forEachPiece { piece -> String? in
            if pending.count + piece.count > bufferSize, !pending.isEmpty {
                if let failure = pending.withUnsafeBytes({ write($0, to: descriptor) }) { return failure }
                pending.removeAll(keepingCapacity: true)
            }
            if piece.count >= bufferSize { return write(piece, to: descriptor) }
            pending.append(contentsOf: piece)
            return nil
        }
        return failure ?? pending.withUnsafeBytes { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return reason(errno)
            }
            offset += written
        }
        return nil
    }

    private static func reason(_ code: Int32) -> String {
        code == ENOSPC ? "not enough space on the disk" : String(cString: strerror(code))
    }

    /// Swaps two paths atomically, where the system can; false when it cannot (then the caller
    /// falls back to two renames). `renameat2` is looked up at run time: not every C library
    /// declares it.
    static func exchange(_ a: URL, _ b: URL) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2  // RENAME_EXCHANGE
        return renameat2(AT_FDCWD, a.path, AT_FDCWD, b.path, renameExchange) == 0
        #else
        return false
        #endif
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

/// The C library's `write` (inside `SiteWriter` the name is its own method's).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
