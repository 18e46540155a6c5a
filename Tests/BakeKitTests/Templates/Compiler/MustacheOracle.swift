@testable import BakeKit
import Foundation
import Mustache

/// swift-mustache, the reference: renders a template set with the same contexts bake's
/// compiler gets, turned into the dictionaries, arrays, strings and bools it reads.
struct MustacheOracle {
    let library: MustacheLibrary

    init(sources: [TemplateSet.Source]) throws {
        var library = MustacheLibrary()
        for source in sources {
            library.register(try MustacheTemplate(string: source.text), named: source.name)
        }
        self.library = library
    }

    /// What swift-mustache renders for `page` with template `name`.
    func render(_ name: String, page: PageContext) -> String {
        library.render(Self.dictionary(page, PageContext.type), withTemplate: name) ?? ""
    }

    /// A context object as swift-mustache reads one: each present field by name.
    static func dictionary(_ object: AnyObject, _ type: ContextType) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for (name, field) in type.fields {
            if let value = field.get(object) {
                dictionary[name] = convert(value, field.type)
            }
        }
        return dictionary
    }

    static func convert(_ value: TemplateValue, _ type: TemplateType) -> Any {
        switch (value, type) {
        case (.text(let text), _): return text
        case (.bool(let flag), _): return flag
        case (.map(let values), _): return values
        case (.object(let object), .object(let objectType)): return dictionary(object, objectType)
        case (.list(let list), .list(let elementType)): return (0..<list.count).map { dictionary(list.element($0), elementType) }
        default: preconditionFailure("a value that does not match its type")
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
