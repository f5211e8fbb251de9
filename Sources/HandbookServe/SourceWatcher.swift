import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Notices edits under a set of folders by comparing each file's size and modification time
/// from one look to the next. Polling needs no platform API and catches every way an editor
/// saves (in place, or a new file renamed over the old one).
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
        for root in roots {
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root.path + "/" + relative
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                stamps[path] = Stamp(size: Int64(info.st_size), seconds: info.st_mtim.tv_sec,
                                     nanoseconds: info.st_mtim.tv_nsec)
            }
        }
        return stamps
    }

    /// The paths added, removed or changed between two snapshots.
    static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed
    }
}
