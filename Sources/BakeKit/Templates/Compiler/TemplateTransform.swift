import Foundation

/// The transforms a tag may apply, as swift-mustache names them: `{{uppercased(title)}}`,
/// `{{count(posts)}}`, and inside a list `{{#first()}}`, `{{index()}}`.
enum TemplateTransform: String, Sendable, CaseIterable {
    // Text.
    case capitalized, lowercased, uppercased, reversed, empty
    // Lists (with `reversed` and `empty`).
    case first, last, count
    // The position in the list being iterated (with `first` and `last`).
    case index, even, odd

    /// What the transform makes of a value of `type`; nil when it does not apply to it.
    func type(of type: TemplateType) -> TemplateType? {
        switch (self, type) {
        case (.capitalized, .text), (.lowercased, .text), (.uppercased, .text), (.reversed, .text): return .text
        case (.empty, .text), (.empty, .list): return .bool
        case (.first, .list(let element)), (.last, .list(let element)): return .object(element)
        case (.reversed, .list): return type
        case (.count, .list): return .text
        default: return nil
        }
    }

    /// The transforms that apply to `type`, for errors.
    static func names(for type: TemplateType) -> [String] {
        allCases.filter { $0.type(of: type) != nil }.map(\.rawValue)
    }

    /// The transforms of a list's position: `{{#first()}}`.
    static let positional: Set<TemplateTransform> = [.first, .last, .index, .even, .odd]

    func apply(to value: TemplateValue) -> TemplateValue? {
        switch (self, value) {
        case (.capitalized, .text(let text)): return .text(text.capitalized)
        case (.lowercased, .text(let text)): return .text(text.lowercased())
        case (.uppercased, .text(let text)): return .text(text.uppercased())
        case (.reversed, .text(let text)): return .text(String(text.reversed()))
        case (.empty, .text(let text)): return .bool(text.isEmpty)
        case (.empty, .list(let list)): return .bool(list.count == 0)
        case (.first, .list(let list)): return list.count > 0 ? .object(list.element(0)) : nil
        case (.last, .list(let list)): return list.count > 0 ? .object(list.element(list.count - 1)) : nil
        case (.reversed, .list(let list)):
            let count = list.count
            return .list(TemplateList(count: count, key: list.key.map { key in { key(count - 1 - $0) } }) { list.element(count - 1 - $0) })
        case (.count, .list(let list)): return .text(String(list.count))
        default: return nil
        }
    }
}
