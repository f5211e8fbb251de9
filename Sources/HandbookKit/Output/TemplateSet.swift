import Foundation
import TemplateEngine

/// The `templates/` folder: Mustache page templates, interface strings per language, and the
/// static assets (CSS, JavaScript) copied into the site.
public struct TemplateSet: Sendable {
    static let requiredTemplates = ["layout", "home", "part", "chapter", "glossary", "search", "changelog", "root", "nav"]

    /// Template name → text.
    var sources: [String: String]
    var program: TemplateProgram
    /// Set by tests (`BuildConfiguration.referenceRenderer`): used instead of `program`.
    var reference: (any ReferenceTemplateRenderer)?
    var strings: [Language: UIStrings]
    /// Asset file name → bytes, sorted by name when written.
    var assets: [String: Data]

    /// Reads the templates, and the interface strings of each of `languages`.
    public static func load(from directory: URL, displayRoot: String, languages: HandbookLanguages = .standard,
                            log: inout DiagnosticLog) -> TemplateSet? {
        guard ContentDiscovery.kind(of: directory) == .directory else {
            log.error(id: "templates.missing-folder", "templates folder '\(displayRoot)' does not exist or is not a folder", at: nil)
            return nil
        }
        var sources: [String: String] = [:]
        var parsed: [String: ParsedTemplate] = [:]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        var ok = true
        for name in names where name.hasSuffix(".mustache") {
            let path = "\(displayRoot)/\(name)"
            guard let file = SourceFile.read(at: directory.appendingPathComponent(name), displayPath: path, log: &log) else {
                ok = false
                continue
            }
            do {
                let templateName = String(name.dropLast(9))
                parsed[templateName] = try ParsedTemplate(file.text)
                sources[templateName] = file.text
            } catch {
                log.error(id: "templates.syntax", "template error: \(error.message)", at: file.location(line: error.line, column: error.column))
                ok = false
            }
        }
        for required in requiredTemplates where parsed[required] == nil && ok {
            log.error(id: "templates.missing-template", "missing template '\(displayRoot)/\(required).mustache'", at: nil)
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
        func entries(in folder: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }
        for name in entries(in: assetFolder) {
            let url = assetFolder.appendingPathComponent(name)
            switch ContentDiscovery.kind(of: url) {
            case .file:
                guard let data = try? Data(contentsOf: url) else { continue }
                assets[name] = AssetCompaction.compact(data, name: name)
            case .directory:
                // A script in modules (assets/search/): published as one script of the folder's
                // name, its files joined in name order, so that a page loads it in one request
                // and the modules stay apart for reading and for node's tests.
                let modules = entries(in: url).filter { $0.hasSuffix(".js") }
                guard !modules.isEmpty else { continue }
                let joined = modules.compactMap { try? Data(contentsOf: url.appendingPathComponent($0)) }
                    .reduce(into: Data()) { $0.append($1); if $1.last != UInt8(ascii: "\n") { $0.append(UInt8(ascii: "\n")) } }
                assets[name + ".js"] = AssetCompaction.compact(joined, name: name + ".js")
            default:
                continue
            }
        }
        guard ok else { return nil }
        return TemplateSet(sources: sources, program: TemplateProgram(templates: parsed), strings: strings, assets: assets)
    }

    func render(_ view: some TemplateView, with template: String) -> String {
        String(decoding: renderBytes(view, with: template), as: UTF8.self)
    }

    /// A page's bytes, as they are written.
    func renderData(_ view: some TemplateView, with template: String) -> Data {
        Data(renderBytes(view, with: template))
    }

    func renderBytes(_ view: some TemplateView, with template: String) -> [UInt8] {
        if let reference { return reference.renderBytes(view, template: template) ?? [] }
        return program.renderBytes(view, template: template) ?? []
    }

}

/// A renderer tests put in place of `TemplateProgram`, to compare the two.
protocol ReferenceTemplateRenderer: Sendable {
    func renderBytes(_ view: some TemplateView, template name: String) -> [UInt8]?
}
