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
                + "Cite rules by id and link their permalink. Chapters are resources (Markdown); the review_design prompt reviews a design description.",
            capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                                tools: .init(listChanged: false)))
        let resources = CatalogResources(tools: tools)
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: tools.tools)
        }
        await server.withMethodHandler(CallTool.self) { params in
            tools.call(params.name, arguments: params.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: resources.resources)
        }
        await server.withMethodHandler(ReadResource.self) { params in
            try resources.read(params.uri)
        }
        await server.withMethodHandler(ListPrompts.self) { _ in
            ListPrompts.Result(prompts: resources.prompts)
        }
        await server.withMethodHandler(GetPrompt.self) { params in
            try resources.prompt(params.name, arguments: params.arguments)
        }
        try await server.start(transport: CheckedStdioTransport())
        await server.waitUntilCompleted()
    }
}
