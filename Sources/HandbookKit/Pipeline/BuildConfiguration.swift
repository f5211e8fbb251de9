import Foundation

/// Where the generator reads and writes, as the user gave it.
public struct BuildConfiguration: Sendable {
    public var contentPath: String
    public var templatesPath: String
    public var outputPath: String
    /// The absolute URL the site will be published under (optional).
    public var baseURL: String?
    /// OpenCC's TSCharacters table in text form; by default Debian's OpenCC data is used.
    public var openCCTable: String?
    /// The last published rules.json: ids missing from the new catalogue are errors, and the
    /// changelog page lists what changed since as "unreleased".
    public var baselinePath: String?
    /// The handbook's languages, from `handbook.yaml`.
    public var languages: HandbookLanguages
    /// Tests only: makes, from the templates' text by name, the renderer that fills the templates
    /// instead of `TemplateProgram` (swift-mustache, the reference the program is compared with).
    var referenceRenderer: (@Sendable (_ sources: [String: String]) -> any ReferenceTemplateRenderer)?

    public init(contentPath: String = "content", templatesPath: String = "templates",
                outputPath: String = "_site", baseURL: String? = nil, openCCTable: String? = nil,
                baselinePath: String? = nil, languages: HandbookLanguages = .standard) {
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.outputPath = outputPath
        self.baseURL = baseURL
        self.openCCTable = openCCTable
        self.baselinePath = baselinePath
        self.languages = languages
    }

    static func url(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }

    public var contentURL: URL { Self.url(contentPath) }
    public var templatesURL: URL { Self.url(templatesPath) }
    public var outputURL: URL { Self.url(outputPath) }

    /// How a path is written in diagnostics: as given, without a trailing slash.
    static func display(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
