#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Notices edits under a set of folders by comparing each file's size and modification time
/// from one look to the next. Polling needs no platform API and catches every way an editor
/// saves (in place, or a new file renamed over the old one). A look is a plain `readdir` and
/// `lstat` walk: it runs every 20 ms and must leave the cores to the rebuild.
struct SourceWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    let roots: [URL]

    /// Every regular file under the roots with its stamp.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in roots { walk(root.path, into: &stamps) }
        return stamps
    }

    private func walk(_ folder: String, into stamps: inout [String: Stamp]) {
        Self.forEachEntry(in: folder) { path, info in
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, into: &stamps)
            case S_IFREG:
                #if canImport(Darwin)
                let modified = info.st_mtimespec
                #else
                let modified = info.st_mtim
                #endif
                stamps[path] = Stamp(size: Int64(info.st_size), seconds: Int(modified.tv_sec),
                                     nanoseconds: Int(modified.tv_nsec))
            default: break
            }
        }
    }

    /// Each entry of `folder` but `.` and `..`, with its `lstat` information.
    static func forEachEntry(in folder: String, _ body: (String, stat) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var info = stat()
            if lstat(path, &info) == 0 { body(path, info) }
        }
    }

    /// The paths added, removed or changed between two snapshots.
    static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed
    }
}

/// Whether anything under the roots may have changed since the last question: on Linux from
/// inotify's queue, so that a look that finds no event skips the walk (walking the content and
/// templates every 20 ms took a core's fifth while a rebuild ran); elsewhere always yes (the walk
/// decides).
final class ChangeSignal: Sendable {
    #if os(Linux)
    private let descriptor: Int32
    #endif

    init(roots: [URL]) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        watchFolders(under: roots.map(\.path))
        #endif
    }

    deinit {
        #if os(Linux)
        if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// True when events arrived since the last call (and then watches any new folder), or when
    /// the platform cannot tell.
    func mayHaveChanged(roots: [URL]) -> Bool {
        #if os(Linux)
        guard descriptor >= 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var any = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { any = true; continue }
            break  // EAGAIN: the queue is empty
        }
        if any { watchFolders(under: roots.map(\.path)) }
        return any
        #else
        return true
        #endif
    }

    #if os(Linux)
    /// Watches every folder under `paths` (watching one already watched changes nothing).
    private func watchFolders(under paths: [String]) {
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
                          | IN_DELETE_SELF | IN_MOVE_SELF)
        for path in paths {
            _ = inotify_add_watch(descriptor, path, mask)
            SourceWatcher.forEachEntry(in: path) { child, info in
                if info.st_mode & S_IFMT == S_IFDIR { watchFolders(under: [child]) }
            }
        }
    }
    #endif
}
