import Mustache
@testable import HandbookKit
import TemplateEngine

/// swift-mustache rendering the project's views: the reference the template engine is compared
/// with. The engine reads no part of swift-mustache; only these tests do.
struct SwiftMustacheReference: ReferenceTemplateRenderer {
    let library: MustacheLibrary

    /// Templates by name; what swift-mustache cannot parse is left out (the engine reports it).
    init(sources: [String: String]) {
        var library = MustacheLibrary()
        for (name, text) in sources {
            if let template = try? MustacheTemplate(string: text) { library.register(template, named: name) }
        }
        self.library = library
    }

    init(library: MustacheLibrary) {
        self.library = library
    }

    func renderBytes(_ view: some TemplateView, template name: String) -> [UInt8]? {
        render(view, template: name).map { Array($0.utf8) }
    }

    func render(_ view: some TemplateView, template name: String) -> String? {
        library.render(MustacheView(box: ViewBox(view)), withTemplate: name)
    }
}

/// A view as swift-mustache reads it: by name, through `MustacheParent`, with each value as
/// swift-mustache expects it (text, Bool, Int, a view, an array of views; nil for nothing). It
/// prints as the view it holds, as the engine prints a view.
struct MustacheView: MustacheParent, CustomStringConvertible, CustomDebugStringConvertible {
    let box: TemplateViewBox

    func child(named name: String) -> Any? {
        box.value(named: name).flatMap(Self.value)
    }

    static func value(_ value: TemplateValue) -> Any? {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .view(let box): MustacheView(box: box)
        case .list(let list): (0..<list.count).map { MustacheView(box: list.item(at: $0)) }
        case .nothing: nil
        }
    }

    var description: String { String(describing: box.view) }
    var debugDescription: String { String(reflecting: box.view) }
}
