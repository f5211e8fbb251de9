import FlyingFox
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
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 60, logger: .disabled)
        await server.appendRoute("*") { [state] request in try await Self.respond(to: request, state: state) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            try await server.waitUntilListening()
            if case .ip4(_, let boundPort) = await server.listeningAddress { ready(boundPort) } else { ready(port) }
            while !Task.isCancelled {
                try await Task.sleep(for: pollInterval)
                let now = watcher.snapshot()
                let changes = SourceWatcher.changes(from: stamps, to: now)
                guard !changes.isEmpty else { continue }
                stamps = now
                await rebuild(changes: changes.sorted(), built: built)
            }
            group.cancelAll()
        }
    }

    private func rebuild(changes: [String], built: @Sendable (BuildEvent) -> Void) async {
        let templatesChanged = changes.contains { $0.hasPrefix(templatesRoot) }
        // The build's tasks share the cores with the server's; it awaits between chapters.
        let report = await builder.build(templatesChanged: templatesChanged)
        if report.outcome.succeeded, let files = builder.published {
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

    private static func respond(to request: HTTPRequest, state: PreviewState) async throws -> HTTPResponse {
        switch request.path {
        case ReloadScript.eventsPath:
            let events = await state.subscribe()
            return HTTPResponse(statusCode: .ok,
                                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                                body: HTTPBodySequence(from: EventStream(messages: events)))
        case ReloadScript.path:
            let current = request.query.first { $0.name == "v" }?.value == ReloadScript.sourceVersion
            return file(Data(ReloadScript.source.utf8), type: "text/javascript; charset=utf-8",
                        cache: current ? "max-age=31536000, immutable" : "no-store")
        default:
            var path = String(request.path.drop { $0 == "/" })
            if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
            let (files, build, versions) = await state.site
            guard let data = files[path] ?? files[path + "/index.html"] else {
                let page = files["404.html"].map { ReloadScript.inject(into: $0, build: build, assetVersions: versions) }
                    ?? Data("Not found\n".utf8)
                return file(page, type: "text/html; charset=utf-8", status: .notFound)
            }
            let type = contentType(path)
            guard type.hasPrefix("text/html") else {
                // An asset asked for by the hash of its current bytes never changes.
                let current = versions[path] != nil && request.query.first { $0.name == "v" }?.value == versions[path]
                return file(data, type: type, cache: current ? "max-age=31536000, immutable" : "no-store")
            }
            return file(ReloadScript.inject(into: data, build: build, assetVersions: versions), type: type)
        }
    }

    private static func file(_ data: Data, type: String, status: HTTPStatusCode = .ok,
                             cache: String = "no-store") -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: type, .cacheControl: cache], body: data)
    }

    private static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
