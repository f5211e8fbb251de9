import Foundation

/// Refuses output folders whose replacement would destroy something: the content or templates
/// (or a folder holding them), the file-system root, the home folder, or any existing folder
/// that HandbookGen did not make.
struct OutputGuard {
    /// A file in the site root that marks a folder as HandbookGen's to replace.
    static let markerName = ".handbookgen-site"

    let configuration: BuildConfiguration

    private func realPath(_ url: URL) -> String {
        url.resolvingSymlinksInPath().standardizedFileURL.path
    }

    private func isSameOrInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    func check(log: inout DiagnosticLog) {
        let output = realPath(configuration.outputURL)
        let shown = BuildConfiguration.display(configuration.outputPath)
        let protected: [(String, String)] = [
            (realPath(configuration.contentURL), "the content folder"),
            (realPath(configuration.templatesURL), "the templates folder"),
        ]
        for (folder, name) in protected {
            if isSameOrInside(output, folder) {
                log.error(id: "output.inside-sources", "output folder '\(shown)' is \(output == folder ? "" : "inside ")\(name); choose a folder outside it", at: nil)
                return
            }
            if isSameOrInside(folder, output) {
                log.error(id: "output.contains-sources", "output folder '\(shown)' contains \(name); replacing it would delete your sources", at: nil)
                return
            }
        }
        let home = realPath(FileManager.default.homeDirectoryForCurrentUser)
        if output == "/" || output == home {
            log.error(id: "output.refused", "refusing to use '\(shown)' as the output folder", at: nil)
            return
        }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: output, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                log.error(id: "output.not-a-folder", "output '\(shown)' exists and is not a folder", at: nil)
                return
            }
            let entries = (try? fileManager.contentsOfDirectory(atPath: output)) ?? []
            if !entries.isEmpty, !entries.contains(Self.markerName) {
                log.error(id: "output.not-generated", "output folder '\(shown)' is not empty and was not made by HandbookGen; refusing to replace it", at: nil)
            }
        }
    }
}
