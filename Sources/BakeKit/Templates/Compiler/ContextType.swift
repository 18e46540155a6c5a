/// What a name in a template stands for, as the compiler sees it before any page renders.
indirect enum TemplateType: Sendable, Equatable {
    /// A string: `{{name}}` escapes it, `{{{name}}}` prints it raw, `{{#name}}` always shows.
    case text
    /// `{{#name}}` shows when true; `{{name}}` prints `true` or `false`.
    case bool
    /// `{{#name}}` shows once with the object on top of the stack.
    case object(ContextType)
    /// `{{#name}}` shows once for each element, with the element on top of the stack.
    case list(ContextType)
    /// Any key at all, each a string: a post's headers (`meta.<key>`), the settings.
    case map

    /// How the README and errors name it.
    var noun: String {
        switch self {
        case .text: return "text"
        case .bool: return "true or false"
        case .object(let type): return type.noun
        case .list(let type): return "a list of \(type.plural)"
        case .map: return "a map of text"
        }
    }

    var isLeaf: Bool {
        switch self {
        case .text, .bool: return true
        case .object, .list, .map: return false
        }
    }
}

/// A value at render time, of one of the `TemplateType`s.
enum TemplateValue {
    case text(String)
    case bool(Bool)
    case object(AnyObject)
    case list(TemplateList)
    case map([String: String])
}

/// The elements of a list, made one at a time, each with the key it is cached under when
/// its type has one.
struct TemplateList {
    let count: Int
    let element: (Int) -> AnyObject
    /// What element `index` is made from, as a hash: the same key means the same rendering.
    let key: ((Int) -> UInt64)?

    init(count: Int, key: ((Int) -> UInt64)? = nil, element: @escaping (Int) -> AnyObject) {
        self.count = count
        self.element = element
        self.key = key
    }

    init(_ elements: [AnyObject]) {
        self.init(count: elements.count) { elements[$0] }
    }
}

/// One of bake's context types: the names a template may read from such an object, each with
/// its type and how to get it. Every name a theme can use is in one of these tables; the
/// README's "Template variables" lists the same names (a test keeps the two equal).
final class ContextType: Sendable, Equatable, CustomStringConvertible {
    /// One name of a context.
    struct Field: Sendable {
        let type: TemplateType
        /// Present on every object of the type; a name that may be absent lets the look-up go
        /// on down the context stack, as in any Mustache.
        let isAlwaysPresent: Bool
        let get: @Sendable (AnyObject) -> TemplateValue?
        /// For a text field, the string itself: printing it needs no `TemplateValue`.
        var text: (@Sendable (AnyObject) -> String?)? = nil
    }

    /// "a post", for errors: `a post has no "titel"`.
    let noun: String
    let plural: String
    let fields: [String: Field]
    /// Lists of this type carry a key for each element (`TemplateList.key`), so their entries
    /// can be rendered once and kept.
    let hasEntryKeys: Bool

    init(noun: String, plural: String, hasEntryKeys: Bool = false, fields: [String: Field]) {
        self.noun = noun
        self.plural = plural
        self.hasEntryKeys = hasEntryKeys
        self.fields = fields
    }

    var description: String { noun }

    static func == (lhs: ContextType, rhs: ContextType) -> Bool { lhs === rhs }
}

/// Builds a `ContextType`'s fields from typed accessors on `Root`, the class its objects are.
struct ContextFields<Root: AnyObject> {
    private(set) var fields: [String: ContextType.Field] = [:]

    mutating func text(_ name: String, _ get: @escaping @Sendable (Root) -> String) {
        add(name, .text, always: true) { .text(get($0)) }
        fields[name]?.text = { get(unsafeDowncast($0, to: Root.self)) }
    }

    mutating func text(_ name: String, _ get: @escaping @Sendable (Root) -> String?) {
        add(name, .text, always: false) { get($0).map(TemplateValue.text) }
        fields[name]?.text = { get(unsafeDowncast($0, to: Root.self)) }
    }

    mutating func bool(_ name: String, _ get: @escaping @Sendable (Root) -> Bool) {
        add(name, .bool, always: true) { .bool(get($0)) }
    }

    mutating func bool(_ name: String, _ get: @escaping @Sendable (Root) -> Bool?) {
        add(name, .bool, always: false) { get($0).map(TemplateValue.bool) }
    }

    /// A flag that is present only when true, as `is_home` is only on the home page.
    mutating func flag(_ name: String, _ get: @escaping @Sendable (Root) -> Bool) {
        add(name, .bool, always: false) { get($0) ? .bool(true) : nil }
    }

    mutating func object(_ name: String, _ type: ContextType, _ get: @escaping @Sendable (Root) -> AnyObject?) {
        add(name, .object(type), always: false) { get($0).map(TemplateValue.object) }
    }

    mutating func object(_ name: String, _ type: ContextType, always get: @escaping @Sendable (Root) -> AnyObject) {
        add(name, .object(type), always: true) { .object(get($0)) }
    }

    mutating func list(_ name: String, _ type: ContextType, _ get: @escaping @Sendable (Root) -> TemplateList?) {
        add(name, .list(type), always: false) { get($0).map(TemplateValue.list) }
    }

    mutating func list(_ name: String, _ type: ContextType, always get: @escaping @Sendable (Root) -> TemplateList) {
        add(name, .list(type), always: true) { .list(get($0)) }
    }

    mutating func map(_ name: String, _ get: @escaping @Sendable (Root) -> [String: String]) {
        add(name, .map, always: true) { .map(get($0)) }
    }

    private mutating func add(_ name: String, _ type: TemplateType, always: Bool, _ get: @escaping @Sendable (Root) -> TemplateValue?) {
        precondition(fields[name] == nil, "\(name) is declared twice")
        // The compiler only reads a field from an object of the type that declares it.
        fields[name] = ContextType.Field(type: type, isAlwaysPresent: always) { get(unsafeDowncast($0, to: Root.self)) }
    }
}
