import Foundation
import Mustache

/// The `templates/` folder: Mustache page templates, interface strings per language, and the
/// static assets (CSS, JavaScript) copied into the site.
public struct TemplateSet: Sendable {
    static let requiredTemplates = ["layout", "home", "part", "chapter", "glossary", "search", "changelog", "root", "nav"]

    var library: MustacheLibrary
    /// The same templates compiled for fast rendering; nil when one needs swift-mustache's renderer.
    var program: TemplateProgram?
    var strings: [Language: UIStrings]
    /// Asset file name → bytes, sorted by name when written.
    var assets: [String: Data]

    /// Reads the templates, and the interface strings of each of `languages`.
    public static func load(from directory: URL, displayRoot: String, languages: HandbookLanguages = .standard,
                            log: inout DiagnosticLog) -> TemplateSet? {
        guard ContentDiscovery.kind(of: directory) == .directory else {
            log.error("templates folder '\(displayRoot)' does not exist or is not a folder", at: nil)
            return nil
        }
        var library = MustacheLibrary()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        var ok = true
        for name in names where name.hasSuffix(".mustache") {
            let path = "\(displayRoot)/\(name)"
            guard let file = SourceFile.read(at: directory.appendingPathComponent(name), displayPath: path, log: &log) else {
                ok = false
                continue
            }
            do {
                library.register(try MustacheTemplate(string: file.text), named: String(name.dropLast(9)))
            } catch let error as MustacheTemplate.ParserError {
                log.error("template error: \(error.error)",
                          at: file.location(line: error.context.lineNumber, column: error.context.columnNumber))
                ok = false
            } catch {
                log.error("template error: \(error)", at: file.location(line: 1, column: 1))
                ok = false
            }
        }
        for required in requiredTemplates where library.getTemplate(named: required) == nil && ok {
            log.error("missing template '\(displayRoot)/\(required).mustache'", at: nil)
            ok = false
        }
        var strings: [Language: UIStrings] = [:]
        for language in languages.all {
            let url = directory.appendingPathComponent("i18n/\(language.code).yaml")
            if let loaded = UIStrings.load(from: url, displayPath: "\(displayRoot)/i18n/\(language.code).yaml", log: &log) {
                strings[language] = loaded
            } else {
                ok = false
            }
        }
        var assets: [String: Data] = [:]
        let assetFolder = directory.appendingPathComponent("assets")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: assetFolder.path)) ?? []).sorted()
        where !name.hasPrefix(".") {
            let url = assetFolder.appendingPathComponent(name)
            guard ContentDiscovery.kind(of: url) == .file, let data = try? Data(contentsOf: url) else { continue }
            assets[name] = AssetCompaction.compact(data, name: name)
        }
        guard ok else { return nil }
        let program = TemplateProgram(library: library, names: names.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(9)) })
        return TemplateSet(library: library, program: program, strings: strings, assets: assets)
    }

    func render(_ view: some TemplateView, with template: String) -> String {
        program?.render(view, template: template) ?? library.render(view, withTemplate: template) ?? ""
    }

    /// A page's bytes, as they are written.
    func renderData(_ view: some TemplateView, with template: String) -> Data {
        Data(renderBytes(view, with: template))
    }

    func renderBytes(_ view: some TemplateView, with template: String) -> [UInt8] {
        program?.renderBytes(view, template: template) ?? Array((library.render(view, withTemplate: template) ?? "").utf8)
    }

}
