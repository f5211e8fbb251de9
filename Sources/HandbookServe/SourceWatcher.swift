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
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
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

    /// The paths added, removed or changed between two snapshots.
    static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed
    }
}
