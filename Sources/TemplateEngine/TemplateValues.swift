/// What a name in a template stands for on a view. Views and lists are held by a class
/// reference, so that a value is two words and copying one counts one reference.
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case view(TemplateViewBox)
    /// The views of a list, as they are: items are boxed one at a time as a section reaches them.
    case list(TemplateListBox)
    /// An absent optional: no value to a template. Unlike swift-mustache, which looks the name
    /// further up the context stack, the name then stands for nothing (false, empty).
    case nothing

    // Inlinable: a view is boxed where its type is known, not through the runtime's metadata.
    @inlinable public static func of(_ value: String) -> TemplateValue { .text(value) }
    @inlinable public static func of(_ value: String?) -> TemplateValue { value.map(TemplateValue.text) ?? .nothing }
    @inlinable public static func of(_ value: Bool) -> TemplateValue { .flag(value) }
    @inlinable public static func of(_ value: Int) -> TemplateValue { .number(value) }
    @inlinable public static func of(_ value: some TemplateView) -> TemplateValue { .view(ViewBox(value)) }
    @inlinable public static func of(_ value: (some TemplateView)?) -> TemplateValue {
        value.map { .view(ViewBox($0)) } ?? .nothing
    }
    @inlinable public static func of(_ value: [some TemplateView]) -> TemplateValue { .list(ListBox(value)) }
    /// A shared view is its own box: reading it allocates nothing.
    @inlinable public static func of<Value>(_ value: SharedView<Value>) -> TemplateValue { .view(value) }
    @inlinable public static func of<Value>(_ value: SharedView<Value>?) -> TemplateValue {
        value.map { .view($0) } ?? .nothing
    }
}

/// A view as a template holds it. Subclassed per view type (`ViewBox`), so that a view is boxed
/// once, with its value inline, and read through the class's table of methods. `@unchecked`
/// because the compiler checks `Sendable` on final classes only: the boxes hold nothing but
/// `let`s of `Sendable` values, in this file.
public class TemplateViewBox: @unchecked Sendable {
    /// Whether many pages share this very view (one per folder, say): a section over it that
    /// reads nothing else then renders the same bytes on each, and a program renders it once.
    public var isSharedByPages: Bool { false }
    public var view: any TemplateView { fatalError("subclass") }
    public var viewType: any TemplateView.Type { fatalError("subclass") }
    public func templateValue(field number: Int) -> TemplateValue { fatalError("subclass") }
    public func value(named name: String) -> TemplateValue? { fatalError("subclass") }

    @usableFromInline init() {}
}

public final class ViewBox<View: TemplateView>: TemplateViewBox, @unchecked Sendable {
    public let value: View

    @inlinable public init(_ value: View) { self.value = value }

    public override var view: any TemplateView { value }
    public override var viewType: any TemplateView.Type { View.self }
    public override func templateValue(field number: Int) -> TemplateValue { value.templateValue(field: number) }
    public override func value(named name: String) -> TemplateValue? { value.value(named: name) }
}

/// A list of views a section iterates.
public class TemplateListBox: @unchecked Sendable {
    public var count: Int { fatalError("subclass") }
    public func item(at index: Int) -> TemplateViewBox { fatalError("subclass") }
    /// The list as Swift prints it, as swift-mustache prints the array.
    var itemsDescription: String { fatalError("subclass") }

    @usableFromInline init() {}
}

public final class ListBox<View: TemplateView>: TemplateListBox, @unchecked Sendable {
    public let views: [View]
    /// Boxes an item. Made where `View` is known: a box made in this class's own (generic) code
    /// asked the runtime's metadata table, under its lock, for `ViewBox<View>` at every item.
    @usableFromInline let box: @Sendable (View) -> TemplateViewBox

    @inlinable public init(_ views: [View]) {
        self.views = views
        box = { ViewBox($0) }
    }

    public override var count: Int { views.count }
    public override func item(at index: Int) -> TemplateViewBox { box(views[index]) }
    override var itemsDescription: String { String(describing: views) }
}

/// The names a type of view answers, each with how to read it from a view. A template program
/// numbers them once per type, so that a tag reads its value by number instead of comparing its
/// name with every case of a `switch` on every use.
public final class TemplateFields<View>: Sendable {
    public let names: [String]
    public let readers: [@Sendable (View) -> TemplateValue]
    private let numbers: [String: Int]

    public init(_ fields: [(String, @Sendable (View) -> TemplateValue)]) {
        names = fields.map(\.0)
        readers = fields.map(\.1)
        numbers = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.0, $0) })
    }

    public func number(of name: String) -> Int? { numbers[name] }
}

/// A view model a template can read: page views list their fields in `templateFields`. A stored
/// property missing from it is caught in debug builds (the golden tests) by the assertion in
/// `TemplateProgram`'s lookup.
public protocol TemplateView: Sendable {
    /// The number of the field a template calls `name`, the same for every view of this type;
    /// nil when the type has none. `nil` from a type that `answersByName` means "ask the view".
    static func templateField(named name: String) -> Int?
    /// Whether values are found by `value(named:)` only (a table whose names are data).
    static var answersByName: Bool { get }
    func templateValue(field number: Int) -> TemplateValue
    /// The value `name` stands for on this view, or nil when the view has no such name (the
    /// template then looks further up its context stack).
    func value(named name: String) -> TemplateValue?
}

/// Views whose fields are a table of names and readers.
public protocol TemplateFieldView: TemplateView {
    static var templateFields: TemplateFields<Self> { get }
}

extension TemplateFieldView {
    @inlinable public static var answersByName: Bool { false }

    @inlinable public static func templateField(named name: String) -> Int? { templateFields.number(of: name) }

    @inlinable public func templateValue(field number: Int) -> TemplateValue { Self.templateFields.readers[number](self) }

    @inlinable public func value(named name: String) -> TemplateValue? {
        Self.templateField(named: name).map { templateValue(field: $0) }
    }
}

/// A view held by reference, answering for the view it holds: copying it counts one reference
/// instead of one per field.
public final class SharedView<Value: TemplateView & Equatable>: TemplateViewBox, TemplateView, Equatable,
    @unchecked Sendable {
    public let value: Value
    private let sharedByPages: Bool

    /// `sharedByPages`: this one view is given to many pages (see `TemplateViewBox`).
    public init(_ value: Value, sharedByPages: Bool = false) {
        self.value = value
        self.sharedByPages = sharedByPages
    }

    public override var isSharedByPages: Bool { sharedByPages }
    public static func templateField(named name: String) -> Int? { Value.templateField(named: name) }
    public static var answersByName: Bool { Value.answersByName }
    public override var view: any TemplateView { self }
    public override var viewType: any TemplateView.Type { SharedView.self }
    public override func templateValue(field number: Int) -> TemplateValue { value.templateValue(field: number) }
    public override func value(named name: String) -> TemplateValue? { value.value(named: name) }

    public static func == (lhs: SharedView, rhs: SharedView) -> Bool { lhs.value == rhs.value }
}
