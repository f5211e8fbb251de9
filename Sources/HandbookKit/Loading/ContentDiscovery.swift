#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Finds the handbook's input files: `content/<lang>/<part>/_index.md`, chapters beside it,
/// and `content/glossary.yaml`. Symbolic links are never followed.
struct ContentDiscovery {
    /// Files are named by their file-system path (`file`) and by the path diagnostics show
    /// (`path`). Plain strings, not URLs: making and reading a URL per chapter cost more than
    /// reading the file.
    struct PartFiles {
        var id: String
        /// Nil only in a generated language's folder, whose part index may be generated too.
        var index: String?
        var indexPath: String
        var chapters: [(file: String, path: String)]
    }

    var root: URL
    /// How the content folder is written in diagnostics (`content`).
    var displayRoot: String

    func display(_ components: String...) -> String {
        ([displayRoot] + components).joined(separator: "/")
    }

    enum EntryKind { case file, directory, symlink, other, missing }

    static func kind(of url: URL) -> EntryKind { kind(ofFile: url.path) }

    static func kind(ofFile file: String) -> EntryKind {
        var info = stat()
        guard lstat(file, &info) == 0 else { return .missing }
        return kind(mode: info.st_mode)
    }

    private static func kind(mode: mode_t) -> EntryKind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
    }

    /// A folder's entries with their kinds, sorted by name. The kind comes with `readdir` on most
    /// file systems; `lstat` is asked only when it does not (FileManager's attributes cost more
    /// than the parse of a chapter).
    private func entries(of folder: String) -> [(name: String, kind: EntryKind)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): .file
            case Int32(DT_DIR): .directory
            case Int32(DT_LNK): .symlink
            case Int32(DT_UNKNOWN): Self.kind(ofFile: folder + "/" + name)
            default: .other
            }
            entries.append((name, kind))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// A part's folder, not listed yet.
    struct PartFolder: Sendable {
        var id: String
        var file: String
        var path: String
    }

    /// The part folders of a language; `partFiles(_:log:)` lists each (on any core).
    /// A generated language's folder is optional (`required` false): it holds the chapters
    /// written in it directly.
    func partFolders(of language: Language, required: Bool = true, log: inout DiagnosticLog) -> [PartFolder] {
        let folder = root.appendingPathComponent(language.code).path
        guard Self.kind(ofFile: folder) == .directory else {
            if required || Self.kind(ofFile: folder) != .missing {
                log.error(id: "content.missing-language-folder", "missing language folder '\(display(language.code))'", at: nil)
            }
            return []
        }
        var parts: [PartFolder] = []
        for (name, kind) in entries(of: folder) where !name.hasPrefix(".") {
            let path = display(language.code, name)
            switch kind {
            case .symlink:
                log.error(id: "content.symbolic-link", "symbolic links are not followed in the content folder", at: SourceLocation(file: path, line: 1, column: 1))
            case .directory:
                guard Identifier.isValid(name) else {
                    log.error(id: "content.invalid-part-name", "invalid part folder name '\(name)'\(InvisibleCharacters.named(in: name)): use \(Identifier.rule)", at: SourceLocation(file: path, line: 1, column: 1))
                    continue
                }
                parts.append(PartFolder(id: name, file: folder + "/" + name, path: path))
            default:
                log.warning(id: "content.ignored-file", "ignored: only part folders belong here", at: SourceLocation(file: path, line: 1, column: 1))
            }
        }
        return parts
    }

    func partFiles(_ part: PartFolder, indexRequired: Bool = true, log: inout DiagnosticLog) -> PartFiles? {
        let (id, folder, path) = (part.id, part.file, part.path)
        var chapters: [(String, String)] = []
        var index: String?
        for (name, kind) in entries(of: folder) where !name.hasPrefix(".") {
            let file = folder + "/" + name
            let filePath = path + "/" + name
            let at = SourceLocation(file: filePath, line: 1, column: 1)
            switch kind {
            case .symlink:
                log.error(id: "content.symbolic-link", "symbolic links are not followed in the content folder", at: at)
            case .file where name == "_index.md":
                index = file
            case .file where name.hasSuffix(".md"):
                let slug = String(name.dropLast(3))
                guard Identifier.isValid(slug) else {
                    log.error(id: "content.invalid-chapter-name", "invalid chapter file name '\(name)'\(InvisibleCharacters.named(in: name)): use \(Identifier.rule)", at: at)
                    continue
                }
                chapters.append((file, filePath))
            case .directory:
                log.error(id: "content.nested-folder", "chapters live directly in their part folder; nested folders are not read", at: at)
            default:
                log.warning(id: "content.ignored-file", "ignored: not a Markdown chapter", at: at)
            }
        }
        guard index != nil || !indexRequired else {
            log.error(id: "content.missing-part-index", "part '\(id)' has no _index.md with its title, summary and weight",
                      at: SourceLocation(file: path + "/_index.md", line: 1, column: 1))
            return nil
        }
        return PartFiles(id: id, index: index, indexPath: path + "/_index.md", chapters: chapters)
    }
}
