@testable import BakeKit

/// Writes random templates that bake's compiler accepts: every name is one a context on the
/// stack at that place has, so the templates exercise every Mustache construct (sections over
/// lists, objects, booleans and text, inverted sections, dotted names, `{{.}}`, partials with
/// and without standalone indentation, parents and blocks, comments, set delimiters,
/// transforms, standalone-line whitespace) against bake's real contexts.
struct TemplateGenerator {
    enum Frame: Equatable {
        case object(ContextType)
        case text
        case map
        case emptyList
    }

    var random: SplitMix
    /// The partials and parents written so far, by name.
    private(set) var partials: [String: String] = [:]

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
    }

    /// A template for a page, with its partials in `partials`.
    mutating func page() -> String {
        body([.object(PageContext.type)], depth: 0, inList: false)
    }

    private mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ percent: Int) -> Bool { int(0..<100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[int(0..<items.count)] }

    private mutating func body(_ stack: [Frame], depth: Int, inList: Bool) -> String {
        (0..<int(1..<5)).map { _ in piece(stack, depth: depth, inList: inList) }.joined()
    }

    private mutating func piece(_ stack: [Frame], depth: Int, inList: Bool) -> String {
        let deeper = depth < 3
        switch int(0..<16) {
        case 0, 1: return pick(["a", " ", "\n", "  ", "<b>", "&amp;", "x\n  y", "\t", "\n\n", " | "])!
        case 2, 3, 4: return variable(stack) ?? "v"
        // 5 makes a section at any depth, 6 only above the deepest (as it always has, so the
        // seeds give the templates they gave).
        case 5: return section(stack, depth: depth, inverted: false) ?? "s"
        case 6 where deeper: return section(stack, depth: depth, inverted: false) ?? "s"
        case 7 where deeper: return section(stack, depth: depth, inverted: true) ?? "i"
        case 8 where deeper: return partial(stack, depth: depth)
        case 9 where deeper: return parent(stack, depth: depth)
        case 10: return chance(50) ? "{{! a comment }}" : "\n  {{! a comment\n on two lines }}\n"
        case 11: return variable(stack).map { "{{=<% %>=}}" + $0.replacingOccurrences(of: "{{", with: "<%").replacingOccurrences(of: "}}", with: "%>") + "<%={{ }}=%>" } ?? "d"
        case 12: return transform(stack, inList: inList) ?? "t"
        case 13: return stack.last == .text ? (chance(50) ? "{{.}}" : "{{{.}}}") : "."
        case 14 where deeper: return standalone(stack, depth: depth) ?? "l"
        default: return "z"
        }
    }

    /// The types a name resolves to on `stack`, as the compiler resolves it: nearest first,
    /// down to the first frame where it is always present.
    private func types(of name: String, on stack: [Frame]) -> [TemplateType] {
        let parts = name.split(separator: ".").map(String.init)
        var types: [TemplateType] = []
        for frame in stack.reversed() {
            switch frame {
            case .object(let type):
                guard let field = type.fields[parts[0]] else { continue }
                types.append(field.type)
                if field.isAlwaysPresent { return types.compactMap { resolveRest($0, parts.dropFirst()) } }
            case .map:
                types.append(.text)
            case .text, .emptyList:
                continue
            }
        }
        return types.compactMap { resolveRest($0, parts.dropFirst()) }
    }

    private func resolveRest(_ type: TemplateType, _ rest: ArraySlice<String>) -> TemplateType? {
        var type = type
        for name in rest {
            switch type {
            case .object(let object): guard let field = object.fields[name] else { return nil }; type = field.type
            case .map: type = .text
            default: return nil
            }
        }
        return type
    }

    /// Every name reachable on `stack`: the fields of its objects, and one level into them.
    private func names(on stack: [Frame]) -> [String] {
        var names: [String] = []
        for case .object(let type) in stack {
            for (name, field) in type.fields {
                names.append(name)
                if case .object(let inner) = field.type {
                    names += inner.fields.keys.map { name + "." + $0 }
                }
            }
        }
        return names.sorted()
    }

    /// A name whose every resolution has one type, satisfying `accept`.
    private mutating func name(on stack: [Frame], where accept: (TemplateType) -> Bool) -> (String, TemplateType)? {
        let candidates = names(on: stack).compactMap { name -> (String, TemplateType)? in
            let types = types(of: name, on: stack)
            guard let first = types.first, types.allSatisfy({ $0 == first }), accept(first) else { return nil }
            // A dotted name whose first part is found but not the rest is still one name.
            if name.contains("."), types.count != 1 { return nil }
            return (name, first)
        }
        return pick(candidates)
    }

    private mutating func variable(_ stack: [Frame]) -> String? {
        guard let (name, _) = name(on: stack, where: \.isLeaf) else { return nil }
        switch int(0..<3) {
        case 0: return "{{\(name)}}"
        case 1: return "{{{\(name)}}}"
        default: return "{{& \(name) }}"
        }
    }

    private mutating func section(_ stack: [Frame], depth: Int, inverted: Bool) -> String? {
        guard let (name, type) = name(on: stack, where: { _ in true }) else { return nil }
        var inner = stack
        var inList = false
        switch type {
        case .bool: break
        case .text: if !inverted { inner.append(.text) }
        case .map: if !inverted { inner.append(.map) }
        case .object(let object): if !inverted { inner.append(.object(object)) }
        case .list(let element):
            if inverted { inner.append(.emptyList) } else { inner.append(.object(element)); inList = true }
        }
        let body = self.body(inner, depth: depth + 1, inList: inList)
        let open = inverted ? "^" : "#"
        return "{{\(open)\(name)}}\(body){{/\(name)}}"
    }

    /// A section whose tags stand alone on their lines, indented.
    private mutating func standalone(_ stack: [Frame], depth: Int) -> String? {
        guard let section = section(stack, depth: depth, inverted: chance(30)),
              let close = section.range(of: "{{/", options: .backwards),
              let openEnd = section.range(of: "}}") else { return nil }
        let indent = pick(["", "  ", "\t"])!
        let open = section[..<openEnd.upperBound]
        let middle = section[openEnd.upperBound..<close.lowerBound]
        let closing = section[close.lowerBound...]
        return "\n\(indent)\(open)\n\(middle)\n\(indent)\(closing)\n"
    }

    private mutating func partial(_ stack: [Frame], depth: Int) -> String {
        let name = "partial\(partials.count)"
        partials[name] = ""
        partials[name] = body(stack, depth: depth + 1, inList: false) + (chance(50) ? "\n" : "")
        return chance(50) ? "{{> \(name)}}" : "\n\(pick(["  ", "\t", ""])!){{> \(name)}}\n"
    }

    private mutating func parent(_ stack: [Frame], depth: Int) -> String {
        let name = "parent\(partials.count)"
        partials[name] = ""
        let before = body(stack, depth: depth + 1, inList: false)
        let after = body(stack, depth: depth + 1, inList: false)
        // Each parent its own block name: an override of an outer parent's block of the same
        // name would win inside the inner one too, and include it again without end.
        let slot = "slot" + name.dropFirst("parent".count)
        partials[name] = chance(50)
            ? "\(before)\n  {{$\(slot)}}\nfallback\n  {{/\(slot)}}\n\(after)"
            : "\(before){{$\(slot)}}fallback{{/\(slot)}}\(after)"
        guard chance(70) else { return "{{<\(name)}}{{/\(name)}}" }
        let override = body(stack, depth: depth + 1, inList: false)
        return chance(50)
            ? "{{<\(name)}}{{$\(slot)}}\(override){{/\(slot)}}{{/\(name)}}"
            : "\n{{<\(name)}}\n  {{$\(slot)}}\n\(override)\n  {{/\(slot)}}\n{{/\(name)}}\n"
    }

    private mutating func transform(_ stack: [Frame], inList: Bool) -> String? {
        if inList, chance(40) {
            return pick(["{{#first()}}first {{/first()}}", "{{^last()}}, {{/last()}}", "{{index()}}", "{{#even()}}even{{/even()}}", "{{#odd()}}odd{{/odd()}}"])
        }
        if chance(50), let (name, _) = name(on: stack, where: { $0 == .text }) {
            let transform = pick(["uppercased", "lowercased", "capitalized", "reversed"])!
            return chance(80) ? "{{\(transform)(\(name))}}" : "{{#empty(\(name))}}empty{{/empty(\(name))}}"
        }
        guard let (name, _) = name(on: stack, where: { if case .list = $0 { return true } else { return false } }) else { return nil }
        return pick(["{{count(\(name))}}", "{{#empty(\(name))}}none{{/empty(\(name))}}", "{{#first(\(name))}}[first]{{/first(\(name))}}"])
    }
}
