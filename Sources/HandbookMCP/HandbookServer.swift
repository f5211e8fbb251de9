import Foundation
import MCP

/// `HandbookGen mcp`: serves the catalogue tools over stdio until the client disconnects.
public enum HandbookServer {
    public static func run(tools: CatalogTools, version: String) async throws {
        let server = Server(
            name: "handbookgen",
            version: version,
            title: "iOS Design Handbook",
            instructions: "Look up Apple's iOS design guidelines (Chinese and English) by text, part or chapter. "
                + "Cite rules by id and link their permalink.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: tools.tools)
        }
        await server.withMethodHandler(CallTool.self) { params in
            tools.call(params.name, arguments: params.arguments)
        }
        try await server.start(transport: CheckedStdioTransport())
        await server.waitUntilCompleted()
    }
}
