import Foundation

/// The site being served: the last good build's files, its number, the errors of a failed
/// build since, and the open pages listening for news.
actor PreviewState {
    private(set) var files: [String: Data] = [:]
    private(set) var build = 0
    /// Asset path → a short hash of its bytes, for cache-busting links in served pages.
    private(set) var assetVersions: [String: String] = [:]
    private(set) var failure: String?
    private var listeners: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]

    /// A successful build replaced the site: open pages reload.
    func publish(_ files: [String: Data]) {
        self.files = files
        assetVersions = ReloadScript.versions(of: files)
        build += 1
        failure = nil
        broadcast(EventStream.event("reload", data: String(build)))
    }

    /// A build failed: the last good site stays, open pages show why.
    func fail(_ report: String) {
        failure = report
        broadcast(EventStream.event("failed", data: report))
    }

    /// The events for one page: first the current build's number (a page from an older build
    /// reloads at once) and the current failure, if any, then every change.
    func subscribe() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        continuation.yield(EventStream.event("hello", data: String(build)))
        if let failure { continuation.yield(EventStream.event("failed", data: failure)) }
        return stream
    }

    /// The files and build number to answer a request from, read together.
    var site: (files: [String: Data], build: Int, assetVersions: [String: String]) { (files, build, assetVersions) }

    private func unsubscribe(_ id: UUID) {
        listeners[id] = nil
    }

    private func broadcast(_ message: [UInt8]) {
        for continuation in listeners.values { continuation.yield(message) }
    }
}
