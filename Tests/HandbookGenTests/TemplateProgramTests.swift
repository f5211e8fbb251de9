import Foundation
import Mustache
import Testing
@testable import HandbookKit
@testable import TemplateEngine

/// Pages are rendered by `TemplateProgram`; swift-mustache's own renderer is the reference.
@Suite struct TemplateProgramTests {
    private func files(content: URL, templates: URL, languages: HandbookLanguages,
                       reference: Bool) async -> [String: Data] {
        var configuration = BuildConfiguration(contentPath: content.path, templatesPath: templates.path, outputPath: "/nonexistent",
                                               languages: languages)
        if reference { configuration.referenceRenderer = { SwiftMustacheReference(sources: $0) } }
        let outcome = await HandbookBuilder(configuration: configuration).check()
        #expect(outcome.succeeded, "\(outcome.diagnostics)")
        return Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, $0.data) })
    }

    @Test func theShippedTemplatesCompile() async throws {
        var log = DiagnosticLog()
        let templates = try #require(TemplateSet.load(from: FixtureHandbook.repoRoot.appendingPathComponent("templates"),
                                                      displayRoot: "templates", log: &log))
        #expect(Set(templates.sources.keys).isSuperset(of: TemplateSet.requiredTemplates))
        #expect(!log.hasErrors)
    }

    @Test(arguments: ["fixture", "handbook", "three languages"])
    func everyPageMatchesSwiftMustache(_ which: String) async throws {
        let threeLanguages = which == "three languages" ? try FixtureHandbook.threeLanguages() : nil
        let content = threeLanguages?.content
            ?? (which == "fixture" ? FixtureHandbook.fixtureContent : FixtureHandbook.repoRoot.appendingPathComponent("content"))
        let languages = threeLanguages?.languages ?? .standard
        let templates = FixtureHandbook.repoRoot.appendingPathComponent("templates")
        let compiled = await files(content: content, templates: templates, languages: languages, reference: false)
        let reference = await files(content: content, templates: templates, languages: languages, reference: true)
        #expect(compiled.count > 20)
        #expect(Set(compiled.keys) == Set(reference.keys))
        for path in compiled.keys.sorted() where compiled[path] != reference[path] {
            Issue.record("\(path) differs between TemplateProgram and swift-mustache")
        }
    }

    /// Transforms are swift-mustache's, not part of the project's dialect: a template using one
    /// is an error at the tag, not a silent switch to another renderer.
    @Test func aTemplateWithATransformIsAnError() async throws {
        let fixture = try FixtureHandbook()
        let chapterTemplate = fixture.root.appendingPathComponent("templates/chapter.mustache")
        let text = try String(contentsOf: chapterTemplate, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "<h1>{{title}}</h1>", with: "<h1>{{uppercased(title)}}</h1>").utf8)
            .write(to: chapterTemplate)
        var log = DiagnosticLog()
        #expect(TemplateSet.load(from: fixture.root.appendingPathComponent("templates"), displayRoot: "templates",
                                 log: &log) == nil)
        let message = try #require(log.diagnostics.first?.description)
        #expect(message.contains("templates/chapter.mustache:"), "\(message)")
        #expect(message.contains("transforms"), "\(message)")
    }

    /// A section over a view many pages share is rendered once and reused, but only when it
    /// reads nothing else: each page must still get its own bytes.
    @Test func aSectionOverASharedViewIsReusedOnlyWhenItReadsNothingElse() throws {
        let text = "<{{#folder}}{{name}}:{{#tags}}{{text}}{{/tags}}{{/folder}}|{{#folder}}{{name}}/{{page}}{{/folder}}>"
        var library = MustacheLibrary()
        try library.register(text, named: "page")
        let program = TemplateProgram(templates: ["page": try ParsedTemplate(text)])
        let first = SharedView(TestFolderView(name: "a", tags: [TestTagView(text: "x"), TestTagView(text: "y")]),
                               sharedByPages: true)
        let second = SharedView(TestFolderView(name: "b", tags: []), sharedByPages: true)
        let render = { (folder: SharedView<TestFolderView>, page: String) in
            program.render(TestPageView(folder: folder, page: page), template: "page")
        }
        #expect(render(first, "one") == "<a:xy|a/one>")
        #expect(render(first, "two") == "<a:xy|a/two>")
        #expect(render(second, "three") == "<b:|b/three>")
        #expect(render(first, "four") == "<a:xy|a/four>")
        // swift-mustache agrees.
        let reference = SwiftMustacheReference(library: library).render(TestPageView(folder: first, page: "five"), template: "page")
        #expect(reference == render(first, "five"))
    }

    @Test func escapingMatchesSwiftMustache() async {
        var output: [UInt8] = []
        TemplateProgram.append(#"a<b>&"c'd 导航"#, escaped: true, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "a&lt;b&gt;&amp;&quot;c&#39;d 导航")
        output = []
        TemplateProgram.append("<&>", escaped: false, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "<&>")
    }
}

private struct TestFolderView: TemplateFieldView, Equatable {
    var name: String
    var tags: [TestTagView]

    static let templateFields = TemplateFields<TestFolderView>([
        ("name", { .of($0.name) }),
        ("tags", { .of($0.tags) }),
    ])
}

private struct TestTagView: TemplateFieldView, Equatable {
    var text: String

    static let templateFields = TemplateFields<TestTagView>([
        ("text", { .of($0.text) }),
    ])
}

private struct TestPageView: TemplateFieldView {
    var folder: SharedView<TestFolderView>
    var page: String

    static let templateFields = TemplateFields<TestPageView>([
        ("folder", { .of($0.folder) }),
        ("page", { .of($0.page) }),
    ])
}
