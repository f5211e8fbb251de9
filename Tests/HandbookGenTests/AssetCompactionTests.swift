import Foundation
import Testing
@testable import HandbookKit

@Suite struct AssetCompactionTests {
    private func compact(_ css: String) -> String {
        String(decoding: AssetCompaction.compact(Data(css.utf8), name: "style.css"), as: UTF8.self)
    }

    @Test func cssLosesTheSpacesItsGrammarIgnores() {
        #expect(compact(":root { --bg: #fff; --text: #111; }\n") == ":root{--bg:#fff;--text:#111}\n")
        #expect(compact(".a > .b, .c:hover { color: red }\n") == ".a>.b,.c:hover{color:red}\n")
        #expect(compact(".m { margin: 0.5rem -0.25rem; opacity: 0; width: calc(10.05rem + 0.5px); }\n")
            == ".m{margin:.5rem -.25rem;opacity:0;width:calc(10.05rem + .5px)}\n")
        #expect(compact("@media (prefers-color-scheme: dark) {\n  .x { margin: 0 auto; }\n}\n")
            == "@media (prefers-color-scheme:dark){\n.x{margin:0 auto}\n}\n")
    }

    @Test func meaningfulSpacesStay() {
        // Descendant combinators, calc()'s operators, values with several parts.
        #expect(compact(".nav li a { width: calc(100% - 2rem); }\n") == ".nav li a{width:calc(100% - 2rem)}\n")
        #expect(compact(".a + .b ~ .c { font: 1rem/1.5 system-ui, sans-serif; }\n")
            == ".a + .b ~ .c{font:1rem/1.5 system-ui,sans-serif}\n")
        #expect(compact(".x :is(.y) { }\n") == ".x :is(.y){}\n")
    }

    @Test func quotedStringsAreLeftAlone() {
        #expect(compact(#"dt::after { content: ": "; } .k::before { content: '? { } > , '; }"# + "\n")
            == #"dt::after{content:": "}.k::before{content:'? { } > , '}"# + "\n")
        #expect(compact(#".q::before { content: "a \"b: c\" d"; }"# + "\n") == #".q::before{content:"a \"b: c\" d"}"# + "\n")
        #expect(compact(#"--font: "PingFang SC", "Segoe UI", sans-serif;"# + "\n") == #"--font:"PingFang SC","Segoe UI",sans-serif;"# + "\n")
    }

    @Test func commentsAndIndentationGoLinesStay() {
        #expect(compact("/* a: b; */\n  .a {\n\n    color: red;\n  }\n") == ".a{\ncolor:red;\n}\n")
        // JavaScript keeps its spaces: only indentation, blank lines and comment lines go.
        let js = String(decoding: AssetCompaction.compact(Data("  // note\n  var a = { b: 1 };\n".utf8), name: "site.js"), as: UTF8.self)
        #expect(js == "var a = { b: 1 };\n")
    }
}

@Suite struct AssetFolderTests {
    /// A folder of scripts under templates/assets is published as one script of its name, its
    /// files joined in name order (search.js from assets/search/).
    @Test func aFolderOfModulesIsOneScriptInNameOrder() throws {
        let fixture = try FixtureHandbook()
        let templates = fixture.root.appendingPathComponent("templates")
        let folder = templates.appendingPathComponent("assets/demo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("  var b = 2;\n".utf8).write(to: folder.appendingPathComponent("20-b.js"))
        try Data("// first\nvar a = 1;".utf8).write(to: folder.appendingPathComponent("10-a.js"))
        try Data("not a script".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        var log = DiagnosticLog()
        let set = try #require(TemplateSet.load(from: templates, displayRoot: "templates", log: &log))
        #expect(String(decoding: try #require(set.assets["demo.js"]), as: UTF8.self) == "var a = 1;\nvar b = 2;\n")
        #expect(set.assets["demo"] == nil && set.assets["notes.txt"] == nil)
        // The handbook's own search script is its modules, the text module first.
        let published = try #require(TemplateSet.load(from: FixtureHandbook.repoRoot.appendingPathComponent("templates"),
                                                       displayRoot: "templates", log: &log)?.assets["search.js"])
        #expect(String(decoding: published, as: UTF8.self).hasPrefix("var HandbookSearchText = function"))
    }
}
