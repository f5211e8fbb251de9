import Foundation
import HandbookKit

/// `HandbookGen serve`: builds the site, serves it on the loopback interface, watches the
/// content and templates, rebuilds what a change affects and reloads the open pages. A failed
/// rebuild leaves the last good site served and shows its errors on every open page.
public final class PreviewServer: Sendable {
    /// What one build did, for the terminal.
    public struct BuildEvent: Sendable {
        public var report: IncrementalBuilder.Report
        /// The files whose change started it; empty for the first build.
        public var changes: [String]
    }

    private let builder: IncrementalBuilder
    private let state = PreviewState()
    private let watcher: SourceWatcher
    private let templatesRoot: String
    private let pollInterval: Duration

    public init(configuration: BuildConfiguration, pollInterval: Duration = .milliseconds(20)) {
        builder = IncrementalBuilder(configuration: configuration)
        watcher = SourceWatcher(roots: [configuration.contentURL, configuration.templatesURL])
        templatesRoot = configuration.templatesURL.standardizedFileURL.path + "/"
        self.pollInterval = pollInterval
    }

    /// Serves until cancelled. `ready` gets the port once the first build is done and the
    /// server listens; `built` every build's outcome.
    public func run(port: UInt16, ready: @Sendable (UInt16) -> Void,
                    built: @escaping @Sendable (BuildEvent) -> Void) async throws {
        var stamps = watcher.snapshot()
        await rebuild(changes: [], built: built)
        let state = self.state
        let channel = try await HTTPListener.start(port: Int(port)) { request in await Self.respond(to: request, state: state) }
        ready(UInt16(channel.localAddress?.port ?? Int(port)))
        let signal = ChangeSignal(roots: watcher.roots)
        var quietLooks = 0
        do {
            while !Task.isCancelled {
                try await Task.sleep(for: pollInterval)
                // A walk when the platform says something changed, and once a second anyway.
                quietLooks += 1
                guard signal.mayHaveChanged(roots: watcher.roots) || quietLooks >= 50 else { continue }
                quietLooks = 0
                let now = watcher.snapshot()
                let changes = SourceWatcher.changes(from: stamps, to: now)
                guard !changes.isEmpty else { continue }
                stamps = now
                await rebuild(changes: changes.sorted(), built: built)
            }
        } catch {}
        try? await channel.close()
    }

    private func rebuild(changes: [String], built: @Sendable (BuildEvent) -> Void) async {
        let templatesChanged = changes.contains { $0.hasPrefix(templatesRoot) }
        // The build's tasks share the cores with the server's; it awaits between chapters.
        let report = await builder.build(templatesChanged: templatesChanged)
        if report.outcome.succeeded, let files = await builder.published {
            if await state.failure != nil || report.filesWritten > 0 || changes.isEmpty {
                await state.publish(files)
            }
        } else {
            let errors = report.outcome.diagnostics.filter { $0.severity == .error }
            await state.fail(errors.map(\.description).joined(separator: "\n"))
        }
        built(BuildEvent(report: report, changes: changes))
    }

    // MARK: HTTP

    /// Sent with every answer: the pages' Content-Security-Policy, no sniffing, no referrer.
    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "base-uri 'none'; form-action 'self'; object-src 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// Only the loopback names, with any port: a page elsewhere that the author visits cannot
    /// reach the preview through a name it controls (DNS rebinding).
    static func isLoopbackHost(_ host: String?) -> Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
            return host[host.index(after: host.startIndex)..<close] == "::1"
        }
        if let colon = host.firstIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            host = String(host[..<colon])
        }
        return host == "localhost" || host == "127.0.0.1"
    }

    static func respond(to request: PreviewRequest, state: PreviewState) async -> PreviewResponse {
        guard isLoopbackHost(request.host) else {
            return text("This preview answers only requests for 127.0.0.1 or localhost.\n", status: 403)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var answer = text("Method not allowed: the preview only reads.\n", status: 405)
            answer.headers.append(("Allow", "GET, HEAD"))
            return answer
        }
        switch request.path {
        case ReloadScript.eventsPath:
            let events = await state.subscribe()
            return PreviewResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]
                                   + securityHeaders, body: .events(events))
        case ReloadScript.path:
            let current = request.query["v"] == ReloadScript.sourceVersion
            return file(Data(ReloadScript.source.utf8), type: "text/javascript; charset=utf-8",
                        cache: current ? "max-age=31536000, immutable" : "no-store")
        default:
            var path = String(request.path.drop { $0 == "/" }).removingPercentEncoding ?? ""
            if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
            let (files, build, versions) = await state.site
            guard let data = files[path] ?? files[path + "/index.html"] else {
                let page = files["404.html"].map { ReloadScript.inject(into: $0, build: build, assetVersions: versions) }
                    ?? Data("Not found\n".utf8)
                return file(page, type: "text/html; charset=utf-8", status: 404)
            }
            let type = contentType(path)
            guard type.hasPrefix("text/html") else {
                // An asset asked for by the hash of its current bytes never changes.
                let current = versions[path] != nil && request.query["v"] == versions[path]
                return file(data, type: type, cache: current ? "max-age=31536000, immutable" : "no-store")
            }
            return file(ReloadScript.inject(into: data, build: build, assetVersions: versions), type: type)
        }
    }

    private static func text(_ message: String, status: Int) -> PreviewResponse {
        file(Data(message.utf8), type: "text/plain; charset=utf-8", status: status)
    }

    private static func file(_ data: Data, type: String, status: Int = 200, cache: String = "no-store") -> PreviewResponse {
        PreviewResponse(status: status, headers: [("Content-Type", type), ("Cache-Control", cache)] + securityHeaders,
                        body: .bytes(data))
    }

    private static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webp": "image/webp"
        case "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
