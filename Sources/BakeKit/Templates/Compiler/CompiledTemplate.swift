/// A template compiled against bake's context types: every name already resolved to the
/// accessors that read it, so rendering does no look-up by string and no cast, and writes
/// into one byte buffer.
///
/// ```swift
/// let template = try TemplateCompiler(sources: set).compile("home", root: PageContext.type)
/// let bytes = template.render(page, entries: nil)
/// ```
struct CompiledTemplate: Sendable {
    let root: CompiledBlock

    /// Renders with `context` at the bottom of the stack.
    /// - Parameters:
    ///   - entries: where list entries that read only their element and site-wide values are
    ///     kept, so each is rendered once; nil renders every entry.
    ///   - seed: mixed into every entry's key: the hash of what every page is made from.
    func render(_ context: AnyObject, entries: (any EntryCache)? = nil, seed: UInt64 = 0) -> [UInt8] {
        var renderer = TemplateRenderer(stack: [context], entries: entries, seed: seed)
        renderer.out.reserveCapacity(16 * 1024)
        renderer.render(root)
        return renderer.out
    }
}

/// A run of compiled tags, rendered as one unit: a template, a section's body, a partial.
/// Its `indentation` (from a standalone partial or block tag) starts each line it writes.
final class CompiledBlock: Sendable {
    let operations: [Operation]
    /// Empty when the block is not indented.
    let indentation: [UInt8]

    init(_ operations: [Operation], indentation: [UInt8]) {
        self.operations = operations
        self.indentation = indentation
    }

    /// Indirect: each operation is one reference, so that going through a block's operations
    /// retains one object an operation, not each array and closure a look-up holds.
    indirect enum Operation: Sendable {
        case text([UInt8])
        /// `{{name}}` (escaped) or `{{{name}}}`.
        case value(Lookup, escaped: Bool)
        /// `{{#name}}`: the body for the type of each candidate of the look-up, by index.
        case section(Lookup, bodies: [CompiledBlock], caching: EntryCaching?)
        /// `{{^name}}`; `pushes` when the name is a list, whose empty self goes on the stack.
        case invertedSection(Lookup, body: CompiledBlock, pushes: Bool)
        /// A partial or a block, inlined.
        case block(CompiledBlock)
        /// `{{>*name}}`: the template the name's value names, compiled for this place.
        case dynamicPartial(Lookup, [String: CompiledBlock])
    }
}

/// How a list section keeps its entries: `id` names the section, and `outer` are the values
/// from outside the element that the entry reads, which its key includes.
struct EntryCaching: Sendable {
    let id: Int64
    let outer: [Lookup]
}

/// Where list entries are kept, by key, so that a post's entry is rendered once per build and,
/// kept across builds, once per change. The key is the hash of everything the entry reads.
public protocol EntryCache: Sendable {
    /// The entry under `key`, rendered by `render` if it is not kept yet.
    /// - Parameter element: the key of the element alone, e.g. the post's, for evicting.
    func entry(_ key: UInt64, element: UInt64, render: () -> [UInt8]) -> [UInt8]
}

/// A compiled name: the places on the stack it may be found, nearest first.
struct Lookup: Sendable {
    enum Source: Sendable {
        /// A frame of the stack, by index from the bottom.
        case frame(Int)
        /// The position in the list being iterated: `{{#first()}}`.
        case sequence
    }

    enum Step: Sendable {
        case field(@Sendable (AnyObject) -> TemplateValue?)
        case key(String)
    }

    struct Candidate: Sendable {
        let source: Source
        /// The first name, read from the frame; nil for the frame itself (`{{.}}`).
        let first: Step?
        /// The rest of a dotted name, read from what the first gave.
        let rest: [Step]
        let transforms: [TemplateTransform]
    }

    /// One field of one frame, read directly.
    struct Field<Value>: Sendable {
        let depth: Int
        let get: @Sendable (AnyObject) -> Value?
    }

    let candidates: [Candidate]
    /// A plain text field of one frame, as most tags are: printed without a `TemplateValue`.
    let text: Field<String>?
    /// A field of one frame, with no dots or transforms: read without walking `candidates`.
    let single: Field<TemplateValue>?

    init(candidates: [Candidate], text: Field<String>? = nil) {
        self.candidates = candidates
        self.text = text
        self.single = Self.single(candidates)
    }

    private static func single(_ candidates: [Candidate]) -> Field<TemplateValue>? {
        guard candidates.count == 1, let candidate = candidates.first, candidate.rest.isEmpty, candidate.transforms.isEmpty,
              case .frame(let depth) = candidate.source, case .field(let get)? = candidate.first else { return nil }
        return Field(depth: depth, get: get)
    }
}

/// Frames that are not context objects: a string section's string, a map, an empty list.
final class TextFrame {
    let text: String
    init(_ text: String) { self.text = text }
}

final class MapFrame {
    let values: [String: String]
    init(_ values: [String: String]) { self.values = values }
}

final class EmptyListFrame {}

/// Where in its list an element is, for `first()`, `last()`, `index()`, `even()`, `odd()`.
struct SequencePosition {
    let index: Int
    let count: Int
}

struct TemplateRenderer {
    var out: [UInt8] = []
    var stack: [AnyObject]
    var sequence: SequencePosition?
    let entries: (any EntryCache)?
    let seed: UInt64

    init(stack: [AnyObject], entries: (any EntryCache)?, seed: UInt64) {
        self.stack = stack
        self.entries = entries
        self.seed = seed
    }

    mutating func render(_ block: CompiledBlock) {
        if block.indentation.isEmpty {
            for operation in block.operations { perform(operation) }
            return
        }
        // As swift-mustache indents: before whatever a tag writes just after a line feed that
        // this block wrote.
        let start = out.count
        for operation in block.operations {
            let before = out.count
            perform(operation)
            if out.count > before, before > start, out[before - 1] == 0x0A, !(before - 2 >= start && out[before - 2] == 0x0D) {
                out.insert(contentsOf: block.indentation, at: before)
            }
        }
    }

    mutating func perform(_ operation: CompiledBlock.Operation) {
        switch operation {
        case .text(let bytes):
            out.append(contentsOf: bytes)
        case .value(let lookup, let escaped):
            if let field = lookup.text {
                if let text = field.get(stack[field.depth]) {
                    escaped ? appendEscaped(text) : appendRaw(text)
                }
                return
            }
            switch resolve(lookup)?.value {
            case .text(let text): escaped ? appendEscaped(text) : appendRaw(text)
            case .bool(let value): appendRaw(value ? "true" : "false")
            case .object, .list, .map, nil: break
            }
        case .section(let lookup, let bodies, let caching):
            guard let (index, value) = resolve(lookup) else { return }
            let body = bodies[index]
            switch value {
            case .bool(let shown):
                if shown { renderKeepingSequence(body) }
            case .text(let text):
                renderPushing(TextFrame(text), body)
            case .object(let object):
                renderPushing(object, body)
            case .map(let values):
                renderPushing(MapFrame(values), body)
            case .list(let list):
                renderList(list, body, caching: caching)
            }
        case .invertedSection(let lookup, let body, let pushes):
            let value = resolve(lookup)?.value
            let shown: Bool
            switch value {
            case nil: shown = true
            case .bool(let flag): shown = !flag
            case .list(let list): shown = list.count == 0
            case .text, .object, .map: shown = false
            }
            guard shown else { return }
            if pushes {
                renderPushing(EmptyListFrame(), body)
            } else {
                renderKeepingSequence(body)
            }
        case .block(let block):
            let saved = sequence
            sequence = nil
            render(block)
            sequence = saved
        case .dynamicPartial(let lookup, let blocks):
            guard case .text(let name)? = resolve(lookup)?.value, let block = blocks[name] else { return }
            perform(.block(block))
        }
    }

    /// A section over `true` renders in the context it is in, position in a list included.
    mutating func renderKeepingSequence(_ body: CompiledBlock) {
        render(body)
    }

    mutating func renderPushing(_ frame: AnyObject, _ body: CompiledBlock) {
        let saved = sequence
        sequence = nil
        stack.append(frame)
        render(body)
        stack.removeLast()
        sequence = saved
    }

    mutating func renderList(_ list: TemplateList, _ body: CompiledBlock, caching: EntryCaching?) {
        let saved = sequence
        defer { sequence = saved }
        guard let caching, let entries, let key = list.key else {
            for index in 0..<list.count {
                renderElement(list, index, body)
            }
            return
        }
        var hasher = ContentHasher()
        hasher.combine(Int64(bitPattern: seed))
        hasher.combine(caching.id)
        for lookup in caching.outer {
            switch resolve(lookup)?.value {
            case .text(let text): hasher.combine(1); hasher.combine(text)
            case .bool(let value): hasher.combine(value ? 2 : 3)
            default: hasher.combine(0)
            }
        }
        let prefix = hasher
        for index in 0..<list.count {
            let element = key(index)
            var hasher = prefix
            hasher.combine(Int64(bitPattern: element))
            let bytes = entries.entry(hasher.value, element: element) {
                var renderer = TemplateRenderer(stack: stack, entries: nil, seed: seed)
                renderer.renderElement(list, index, body)
                return renderer.out
            }
            out.append(contentsOf: bytes)
        }
    }

    mutating func renderElement(_ list: TemplateList, _ index: Int, _ body: CompiledBlock) {
        sequence = SequencePosition(index: index, count: list.count)
        stack.append(list.element(index))
        render(body)
        stack.removeLast()
    }

    /// The value of the first candidate found, with the candidate's index; nil when none is.
    func resolve(_ lookup: Lookup) -> (index: Int, value: TemplateValue)? {
        if let field = lookup.single {
            guard let value = field.get(stack[field.depth]) else { return nil }
            return (0, value)
        }
        return resolveCandidates(lookup)
    }

    /// The value of the first of `lookup`'s candidates that is found.
    func resolveCandidates(_ lookup: Lookup) -> (index: Int, value: TemplateValue)? {
        for (index, candidate) in lookup.candidates.enumerated() {
            var value: TemplateValue
            switch candidate.source {
            case .sequence:
                guard let sequence, let position = Self.sequenceValue(sequence, candidate.transforms) else { return nil }
                return (index, position)
            case .frame(let depth):
                let frame = stack[depth]
                if let first = candidate.first {
                    guard let found = Self.read(first, from: frame) else { continue }
                    value = found
                } else {
                    guard let found = Self.value(of: frame) else { return nil }
                    value = found
                }
            }
            // Found: the rest of a dotted name is read from it alone, as in any Mustache.
            for step in candidate.rest {
                guard let next = Self.read(step, from: value) else { return nil }
                value = next
            }
            for transform in candidate.transforms.reversed() {
                guard let transformed = transform.apply(to: value) else { return nil }
                value = transformed
            }
            return (index, value)
        }
        return nil
    }

    static func value(of frame: AnyObject) -> TemplateValue? {
        if let text = frame as? TextFrame { return .text(text.text) }
        if let map = frame as? MapFrame { return .map(map.values) }
        if frame is EmptyListFrame { return nil }
        return .object(frame)
    }

    static func read(_ step: Lookup.Step, from frame: AnyObject) -> TemplateValue? {
        switch step {
        case .field(let get): return get(frame)
        case .key(let key): return (frame as? MapFrame)?.values[key].map(TemplateValue.text)
        }
    }

    static func read(_ step: Lookup.Step, from value: TemplateValue) -> TemplateValue? {
        switch (step, value) {
        case (.field(let get), .object(let object)): return get(object)
        case (.key(let key), .map(let values)): return values[key].map(TemplateValue.text)
        default: return nil
        }
    }

    static func sequenceValue(_ position: SequencePosition, _ transforms: [TemplateTransform]) -> TemplateValue? {
        guard let innermost = transforms.last else { return nil }
        var value: TemplateValue
        switch innermost {
        case .first: value = .bool(position.index == 0)
        case .last: value = .bool(position.index == position.count - 1)
        case .index: value = .text(String(position.index))
        case .even: value = .bool(position.index % 2 == 0)
        case .odd: value = .bool(position.index % 2 == 1)
        default: return nil
        }
        for transform in transforms.dropLast().reversed() {
            guard let transformed = transform.apply(to: value) else { return nil }
            value = transformed
        }
        return value
    }

    mutating func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// HTML escaping, as swift-mustache's: `&`, `<`, `>`, `"` and `'` become entities
    /// (`MarkupEscaping`, the one escaper).
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { MarkupEscaping.appendHTML($0, to: &out) }
    }
}
