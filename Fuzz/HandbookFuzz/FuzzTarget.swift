// libFuzzer target for the parsers a chapter goes through: UTF-8 decoding, front matter (Yams),
// Markdown (cmark-gfm), rule headers and attributes, cross-link scanning, the glossary, the
// terminology, allowed-characters and handbook.yaml files, the invisible-character and terminology scans, and
// the escaping of the non-HTML outputs.
// Built only by scripts/fuzz.sh (HANDBOOKGEN_FUZZ=1, -sanitize=fuzzer,address).
import Foundation
@testable import HandbookKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    var log = DiagnosticLog()
    guard let file = SourceFile.decode(data, displayPath: "content/zh/controls/buttons.md", log: &log) else { return 0 }
    let loader = HandbookLoader(contentDirectory: URL(fileURLWithPath: "/nonexistent"), displayRoot: "content")
    if let chapter = loader.parseChapter(file, part: "controls", slug: "buttons", language: .zhHans, log: &log) {
        _ = chapter.translationUnits()
        for block in chapter.content {
            if case .rule(let rule) = block { _ = rule.body.count }
        }
    }
    // The same bytes as a glossary file, and as the other YAML inputs.
    let glossary = GlossaryParser().parse(file, log: &log)
    var terminology = Terminology.parse(file, log: &log)
    terminology.add(glossary)
    _ = AllowedCharacters.parse(file, log: &log)
    _ = HandbookConfiguration.parse(file, log: &log)
    // … and as an SVG figure and a raster header.
    _ = SVGCheck.problems(in: file.text)
    _ = SVGCheck.size(of: file.text)
    _ = RasterSize.of(data)
    // The scans over a chapter's text, and the escaping of what other formats show of it.
    InvisibleCharacters.report(in: file, allowed: [], log: &log)
    TerminologyScanner(terminology: terminology).report(in: file, language: .zhHans, log: &log)
    _ = MarkdownEscaping.block(file.text)
    _ = MarkdownEscaping.inline(file.text)
    _ = CSVEscaping.cell(file.text)
    _ = log.sorted.map(\.description)
    return 0
}

// SwiftPM links an executable's entry point as `<Target>_main`; hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("HandbookFuzz_main")
public func handbookFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes, size) }
}
