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
