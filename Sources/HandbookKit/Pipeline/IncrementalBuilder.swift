import Foundation

/// Builds the site again and again into one folder, as `serve` does: each rebuild reuses the
/// chapters and pages a change did not affect and writes only the files whose bytes changed.
/// Every rebuild produces exactly the files a full build would; a failed one writes nothing.
public actor IncrementalBuilder {
    public let configuration: BuildConfiguration
    private var caches = BuildCaches()
    /// What the output folder holds, once a build has succeeded.
    public private(set) var published: [String: Data]?

    public struct Report: Sendable {
        public var outcome: HandbookBuilder.Outcome
        public var pagesRendered = 0
        public var pagesReused = 0
        /// For each kind of chapter work (links, catalogue entries, search records…), how many
        /// chapters' outputs were made again rather than reused.
        public var chapterWorkMade: [String: Int] = [:]
        /// Chapters whose HTML was made again rather than reused.
        public var chapterHTMLMade: Int { chapterWorkMade["html"] ?? 0 }
        public var filesWritten = 0
        public var seconds = 0.0
    }

    public init(configuration: BuildConfiguration) {
        self.configuration = configuration
    }

    /// Rebuilds; pass `templatesChanged` when a file under the templates folder changed.
    public func build(templatesChanged: Bool = false) async -> Report {
        let start = DispatchTime.now().uptimeNanoseconds
        if templatesChanged {
            caches.pages = PageCache()
            caches.derived.dropTemplates()
        }
        caches.pages.resetCounts()
        caches.derived.resetCounts()
        var outcome = await HandbookBuilder(configuration: configuration, caches: caches)
            .generate(checkOutput: published == nil)
        var report = Report(outcome: outcome, pagesRendered: caches.pages.rendered, pagesReused: caches.pages.reused + caches.derived.pages.reused,
                            chapterWorkMade: caches.derived.made)
        if outcome.succeeded {
            do {
                let writer = SiteWriter(output: configuration.outputURL)
                // Each file is compared once with what the folder holds: an unchanged one keeps
                // the bytes already held and is not written.
                let previous = published ?? [:]
                var current: [String: Data] = [:]
                var changed: [OutputFile] = []
                for file in outcome.files {
                    if let kept = previous[file.path], file.hasBytes(equalTo: kept) {
                        current[file.path] = kept
                    } else {
                        current[file.path] = file.data
                        changed.append(file)
                    }
                }
                if published != nil {
                    try writer.update(changed: changed, removed: previous.keys.filter { current[$0] == nil })
                    report.filesWritten = changed.count
                } else {
                    try await writer.write(outcome.files)
                    report.filesWritten = outcome.files.count
                }
                published = current
            } catch {
                published = nil  // the folder may be half updated: the next build replaces it whole
                outcome.diagnostics.append(.error(id: "output.write-failed", "\(error)", at: nil))
                report.outcome = outcome
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return report
    }
}
