/// Compiles parsed templates against bake's context types.
///
/// A template is compiled for each place it renders: a page template with its page's context
/// at the bottom of the stack, a partial inlined where it is included, with the types of the
/// sections around it. So every name resolves here, once, to the frames that can hold it and
/// the accessor that reads it; a name no frame can hold is an error at its line and column.
///
/// A list section whose entries read only their element and leaf values from outside it
/// (`{{#posts}}{{> article}}{{/posts}}` in the default theme) is marked for caching, with the
/// outside values its key must include: see `EntryCaching`.
///
/// ```swift
/// let compiler = TemplateCompiler(templates: parsed)
/// let home = try compiler.compile("home", root: PageContext.type)
/// ```
struct TemplateCompiler {
    /// A parsed template and where it came from.
    struct Template: Sendable {
        let path: String
        let syntax: TemplateSyntax
    }

    let templates: [String: Template]
    /// Templates that exist but could not be parsed: including one is not a second error.
    let unreadable: Set<String>

    init(templates: [String: Template], unreadable: Set<String> = []) {
        self.templates = templates
        self.unreadable = unreadable
    }

    /// Compiles template `name` for a page whose context is of type `root`; throws every
    /// problem found in it and the partials it includes.
    func compile(_ name: String, root: ContextType) throws(CompileFailure) -> CompiledTemplate {
        guard let template = templates[name] else {
            throw CompileFailure(errors: [TemplateError(path: "templates/\(name).mustache", line: nil, reason: .missingTemplate(name))])
        }
        let problems = Problems()
        let env = Env(stack: [.object(root)], indentation: [], inherited: [:], escapes: true,
                      file: template.path, includes: [name], dynamicDepth: 0, entry: nil, problems: problems)
        let block = compileBlock(template.syntax.nodes, env)
        if !problems.errors.isEmpty { throw CompileFailure(errors: problems.errors) }
        return CompiledTemplate(root: block)
    }

    struct CompileFailure: Error {
        let errors: [TemplateError]
    }
}

private extension TemplateCompiler {
    /// What is on the stack at a place in a template, as the compiler knows it.
    enum StaticFrame {
        case object(ContextType)
        case text
        case map
        case emptyList
    }

    final class Problems {
        var errors: [TemplateError] = []
    }

    /// What an entry being compiled for caching reads from outside its element.
    final class EntryReads {
        /// The index of the element's frame.
        let depth: Int
        var outer: [Lookup] = []
        var cacheable = true

        init(depth: Int) {
            self.depth = depth
        }
    }

    struct Env {
        var stack: [StaticFrame]
        var indentation: [UInt8]
        var inherited: [String: TemplateSyntax.Override]
        var escapes: Bool
        /// The template being compiled, for errors.
        var file: String
        /// The templates inlined to get here.
        var includes: [String]
        var dynamicDepth: Int
        var entry: EntryReads?
        let problems: Problems

        func pushing(_ frame: StaticFrame) -> Env {
            var env = self
            env.stack.append(frame)
            return env
        }

        func report(_ reason: TemplateError.Reason, at position: TemplateSyntax.Position) {
            problems.errors.append(TemplateError(path: file, line: position.line, column: position.column, reason: reason))
        }
    }

    /// Partials may include one another inside sections (a list of comments, each with its
    /// replies), but bake's contexts do not nest deeper than this.
    static let maximumIncludeDepth = 24

    func compileBlock(_ nodes: [TemplateSyntax.Node], _ initial: Env) -> CompiledBlock {
        var env = initial
        var operations: [CompiledBlock.Operation] = []
        func appendText(_ bytes: [UInt8]) {
            // Tags are indented one by one, so text is merged only where nothing is indented.
            if env.indentation.isEmpty, case .text(let previous)? = operations.last {
                operations[operations.count - 1] = .text(previous + bytes)
            } else {
                operations.append(.text(bytes))
            }
        }
        for node in nodes {
            switch node {
            case .text(let bytes):
                appendText(bytes)

            case .variable(let tag, let escaped):
                guard let resolved = resolve(tag, env) else { continue }
                if let type = resolved.types.first(where: { !$0.isLeaf }) {
                    env.report(.notText(tag: tagText(tag, escaped: escaped), type: type.noun), at: tag.position)
                    continue
                }
                operations.append(.value(resolved.lookup, escaped: escaped && env.escapes))

            case .section(let tag, let body):
                guard let resolved = resolve(tag, env) else { continue }
                operations.append(compileSection(tag, body, resolved, env))

            case .invertedSection(let tag, let body):
                guard let resolved = resolve(tag, env) else { continue }
                let pushes = resolved.types.contains { if case .list = $0 { return true } else { return false } }
                let bodyEnv = pushes ? env.pushing(.emptyList) : env
                operations.append(.invertedSection(resolved.lookup, body: compileBlock(body, bodyEnv), pushes: pushes))

            case .partial(let name, let dynamic, let indentation, let overrides, let position):
                if dynamic {
                    if let operation = compileDynamicPartial(name, indentation: indentation, overrides: overrides, at: position, env) {
                        operations.append(operation)
                    }
                } else if let block = compilePartial(name, indentation: indentation, overrides: overrides, at: position, env, reportMissing: true) {
                    operations.append(.block(block))
                }

            case .block(let name, let defaultNodes, let indentation, let position):
                var blockEnv = env
                blockEnv.indentation += indentation ?? []
                let nodes: [TemplateSyntax.Node]
                if let override = env.inherited[name] {
                    nodes = override.nodes
                    blockEnv.file = override.file
                } else {
                    nodes = defaultNodes
                }
                guard env.includes.count < Self.maximumIncludeDepth else {
                    env.report(.nestedTooDeep(Self.chain(env.includes + ["$" + name])), at: position)
                    continue
                }
                blockEnv.includes.append("$" + name)
                operations.append(.block(compileBlock(nodes, blockEnv)))

            case .contentType(let escapes):
                env.escapes = escapes
            }
        }
        return CompiledBlock(operations, indentation: initial.indentation)
    }

    func compileSection(_ tag: TemplateSyntax.Tag, _ body: [TemplateSyntax.Node], _ resolved: Resolved, _ env: Env) -> CompiledBlock.Operation {
        var bodies: [CompiledBlock] = []
        var caching: EntryCaching?
        for (index, type) in resolved.types.enumerated() {
            if resolved.dead.contains(index) {
                bodies.append(CompiledBlock([], indentation: env.indentation))
                continue
            }
            switch type {
            case .bool:
                bodies.append(compileBlock(body, env))
            case .text:
                bodies.append(compileBlock(body, env.pushing(.text)))
            case .map:
                bodies.append(compileBlock(body, env.pushing(.map)))
            case .object(let element):
                bodies.append(compileBlock(body, env.pushing(.object(element))))
            case .list(let element):
                var bodyEnv = env.pushing(.object(element))
                // The outermost list of a type with keyed entries, found in one place only.
                let reads = env.entry == nil && element.hasEntryKeys && resolved.types.count == 1 ? EntryReads(depth: env.stack.count) : nil
                if let reads { bodyEnv.entry = reads }
                bodies.append(compileBlock(body, bodyEnv))
                if let reads, reads.cacheable {
                    caching = EntryCaching(id: signature(of: body, in: bodyEnv), outer: reads.outer)
                }
            }
        }
        return .section(resolved.lookup, bodies: bodies, caching: caching)
    }

    func compilePartial(_ name: String, indentation: [UInt8]?, overrides: [String: TemplateSyntax.Override]?,
                        at position: TemplateSyntax.Position, _ env: Env, reportMissing: Bool) -> CompiledBlock? {
        guard let template = templates[name] else {
            if reportMissing, !unreadable.contains(name) { env.report(.missingPartial(name), at: position) }
            return nil
        }
        guard env.includes.count < Self.maximumIncludeDepth else {
            env.report(.nestedTooDeep(Self.chain(env.includes + [name])), at: position)
            return nil
        }
        var partialEnv = env
        partialEnv.indentation += indentation ?? []
        // The outermost override of a block wins, as in swift-mustache.
        partialEnv.inherited = env.inherited.merging(overrides ?? [:]) { outer, _ in outer }
        partialEnv.escapes = true
        partialEnv.file = template.path
        partialEnv.includes.append(name)
        return compileBlock(template.syntax.nodes, partialEnv)
    }

    /// `{{>*name}}`: every template that compiles at this place, by name.
    func compileDynamicPartial(_ name: String, indentation: [UInt8]?, overrides: [String: TemplateSyntax.Override]?,
                               at position: TemplateSyntax.Position, _ env: Env) -> CompiledBlock.Operation? {
        let tag = TemplateSyntax.Tag(name: name, transforms: [], position: position)
        guard let resolved = resolve(tag, env) else { return nil }
        if let type = resolved.types.first(where: { $0 != .text }) {
            env.report(.notText(tag: "{{>*\(name)}}", type: type.noun), at: position)
            return nil
        }
        // Which template renders depends on the data, so the entry it is in is not cached.
        env.entry?.cacheable = false
        var blocks: [String: CompiledBlock] = [:]
        // A dynamic partial inside another compiles every template again; two levels do.
        if env.dynamicDepth < 2 {
            for candidate in templates.keys.sorted() {
                let problems = Problems()
                var candidateEnv = Env(stack: env.stack, indentation: env.indentation, inherited: env.inherited, escapes: env.escapes,
                                       file: env.file, includes: env.includes, dynamicDepth: env.dynamicDepth + 1, entry: nil, problems: problems)
                candidateEnv.entry = nil
                if let block = compilePartial(candidate, indentation: indentation, overrides: overrides, at: position, candidateEnv, reportMissing: false),
                   problems.errors.isEmpty {
                    blocks[candidate] = block
                }
            }
        }
        return .dynamicPartial(resolved.lookup, blocks)
    }

    /// A tag's name resolved: the look-up, and the type of each of its candidates.
    struct Resolved {
        let lookup: Lookup
        let types: [TemplateType]
        /// Candidates that never give a value (a dotted name found in a map), whose section
        /// body never renders.
        var dead: Set<Int> = []
    }

    func tagText(_ tag: TemplateSyntax.Tag, escaped: Bool) -> String {
        escaped ? "{{\(tag.text)}}" : "{{{\(tag.text)}}}"
    }

    func resolve(_ tag: TemplateSyntax.Tag, _ env: Env) -> Resolved? {
        let written = "{{\(tag.text)}}"
        var transforms: [TemplateTransform] = []
        for name in tag.transforms {
            guard let transform = TemplateTransform(rawValue: name) else {
                env.report(.unknownTransform(tag: written, transform: name, type: "anything", expected: TemplateTransform.allCases.map(\.rawValue)), at: tag.position)
                return nil
            }
            transforms.append(transform)
        }
        // `{{#first()}}`: the position in the list.
        if tag.name.isEmpty, let innermost = transforms.last {
            guard TemplateTransform.positional.contains(innermost) else {
                env.report(.unknownTransform(tag: written, transform: innermost.rawValue, type: "a position in a list", expected: TemplateTransform.positional.map(\.rawValue).sorted()), at: tag.position)
                return nil
            }
            env.entry?.cacheable = false
            var type: TemplateType = innermost == .index ? .text : .bool
            for transform in transforms.dropLast().reversed() {
                guard let next = transform.type(of: type) else {
                    env.report(.unknownTransform(tag: written, transform: transform.rawValue, type: type.noun, expected: TemplateTransform.names(for: type)), at: tag.position)
                    return nil
                }
                type = next
            }
            return Resolved(lookup: Lookup(candidates: [Lookup.Candidate(source: .sequence, first: nil, rest: [], transforms: transforms)]), types: [type])
        }

        let names = tag.name.split(separator: ".").map(String.init)
        let top = env.stack.count - 1
        // Each candidate: the frame, how to read the first name from it, and its type.
        var starts: [(depth: Int, first: Lookup.Step?, type: TemplateType)] = []
        if tag.name == "." || names.isEmpty {
            guard let type = Self.type(of: env.stack[top]) else {
                env.report(.notText(tag: written, type: "an empty list"), at: tag.position)
                return nil
            }
            starts = [(top, nil, type)]
        } else {
            let frames = tag.name.hasPrefix(".") ? [top] : Array((0...top).reversed())
            for depth in frames {
                guard let (step, type, always) = Self.field(names[0], in: env.stack[depth]) else { continue }
                starts.append((depth, step, type))
                if always { break }
            }
            if starts.isEmpty {
                reportUnknown(names[0], written: written, frames: frames.map { env.stack[$0] }, env, at: tag.position)
                return nil
            }
        }

        var candidates: [Lookup.Candidate] = []
        var types: [TemplateType] = []
        var dead: Set<Int> = []
        for start in starts {
            if case .key = start.first, names.count > 1 {
                // A map's value is text, which has no names: where the map has the key, the
                // look-up stops there with nothing, as in any Mustache; where it has not, it
                // goes on down the stack.
                candidates.append(Lookup.Candidate(source: .frame(start.depth), first: start.first, rest: [.key(names[1])], transforms: []))
                types.append(.bool)
                dead.insert(candidates.count - 1)
                continue
            }
            var type = start.type
            var rest: [Lookup.Step] = []
            var path = names.first ?? "."
            for name in names.dropFirst() {
                switch type {
                case .object(let object):
                    guard let field = object.fields[name] else {
                        env.report(.unknownName(tag: written, owner: "\(path) (\(object.noun))", name: name,
                                                suggestion: Self.nearest(name, in: object.fields.keys.sorted())), at: tag.position)
                        return nil
                    }
                    rest.append(.field(field.get))
                    type = field.type
                case .map:
                    rest.append(.key(name))
                    type = .text
                case .text, .bool, .list:
                    env.report(.unknownName(tag: written, owner: "\(path) (\(type.noun))", name: name, suggestion: nil), at: tag.position)
                    return nil
                }
                path += "." + name
            }
            for transform in transforms.reversed() {
                guard let next = transform.type(of: type) else {
                    env.report(.unknownTransform(tag: written, transform: transform.rawValue, type: type.noun, expected: TemplateTransform.names(for: type)), at: tag.position)
                    return nil
                }
                type = next
            }
            let candidate = Lookup.Candidate(source: .frame(start.depth), first: start.first, rest: rest, transforms: transforms)
            if let entry = env.entry, start.depth < entry.depth {
                // Read from outside the entry: its value goes into the entry's key.
                if type.isLeaf {
                    entry.outer.append(Lookup(candidates: [candidate]))
                } else {
                    entry.cacheable = false
                }
            }
            candidates.append(candidate)
            types.append(type)
        }
        if starts.allSatisfy({ if case .key = $0.first, names.count > 1 { return true } else { return false } }) {
            env.report(.unknownName(tag: written, owner: "\(names[0]) (text)", name: names[1], suggestion: nil), at: tag.position)
            return nil
        }
        // One text field of one frame: the common case gets a direct accessor.
        if candidates.count == 1, names.count == 1, transforms.isEmpty, let start = starts.first,
           case .object(let type) = env.stack[start.depth], let text = type.fields[names[0]]?.text {
            return Resolved(lookup: Lookup(candidates: candidates, text: Lookup.Field(depth: start.depth, get: text)), types: types)
        }
        return Resolved(lookup: Lookup(candidates: candidates), types: types, dead: dead)
    }

    /// What a section's body compiles from, as a hash: its tags, the types on the stack, its
    /// indentation, escaping and the blocks it may fill. Two sections with the same signature
    /// (`{{#posts}}{{> article}}{{/posts}}` in the home and the category template) render an
    /// element the same way, so they share its entry; the templates' text is in every key too.
    func signature(of nodes: [TemplateSyntax.Node], in env: Env) -> Int64 {
        var hasher = ContentHasher()
        for frame in env.stack {
            switch frame {
            case .object(let type): hasher.combine("object " + type.noun)
            case .text: hasher.combine("text")
            case .map: hasher.combine("map")
            case .emptyList: hasher.combine("empty list")
            }
        }
        hasher.combine(bytes: env.indentation)
        hasher.combine(env.escapes ? 1 : 0)
        hasher.combine(Int64(env.dynamicDepth))
        // Only the blocks the body can reach: the page around it fills others.
        var reachable: Set<String> = []
        var visited: Set<String> = []
        blocks(in: nodes, into: &reachable, visited: &visited)
        for name in env.inherited.keys.sorted() where reachable.contains(name) {
            hasher.combine("block " + name)
            Self.hash(env.inherited[name]!.nodes, into: &hasher)
        }
        hasher.combine("body")
        Self.hash(nodes, into: &hasher)
        return Int64(bitPattern: hasher.value)
    }

    /// The names of the blocks (`{{$name}}`) in `nodes` and the templates they include.
    func blocks(in nodes: [TemplateSyntax.Node], into names: inout Set<String>, visited: inout Set<String>) {
        for node in nodes {
            switch node {
            case .section(_, let body), .invertedSection(_, let body):
                blocks(in: body, into: &names, visited: &visited)
            case .block(let name, let defaultNodes, _, _):
                names.insert(name)
                blocks(in: defaultNodes, into: &names, visited: &visited)
            case .partial(let name, let dynamic, _, let overrides, _):
                for override in (overrides ?? [:]).values { blocks(in: override.nodes, into: &names, visited: &visited) }
                for included in dynamic ? Array(templates.keys) : [name] where visited.insert(included).inserted {
                    if let template = templates[included] { blocks(in: template.syntax.nodes, into: &names, visited: &visited) }
                }
            case .text, .variable, .contentType:
                break
            }
        }
    }

    static func hash(_ nodes: [TemplateSyntax.Node], into hasher: inout ContentHasher) {
        func tag(_ kind: String, _ tag: TemplateSyntax.Tag) {
            hasher.combine(kind)
            hasher.combine(tag.name)
            for transform in tag.transforms { hasher.combine(transform) }
        }
        hasher.combine(Int64(nodes.count))
        for node in nodes {
            switch node {
            case .text(let bytes):
                hasher.combine("text")
                hasher.combine(Int64(bytes.count))
                hasher.combine(bytes: bytes)
            case .variable(let variable, let escaped):
                tag(escaped ? "variable" : "raw", variable)
            case .section(let section, let body):
                tag("section", section)
                hash(body, into: &hasher)
            case .invertedSection(let section, let body):
                tag("inverted", section)
                hash(body, into: &hasher)
            case .partial(let name, let dynamic, let indentation, let overrides, _):
                hasher.combine(dynamic ? "dynamic partial" : "partial")
                hasher.combine(name)
                hasher.combine(indentation.map { Int64($0.count) } ?? -1)
                hasher.combine(bytes: indentation ?? [])
                for block in (overrides ?? [:]).keys.sorted() {
                    hasher.combine("override " + block)
                    hash(overrides![block]!.nodes, into: &hasher)
                }
                hasher.combine(overrides == nil ? 0 : 1)
            case .block(let name, let defaultNodes, let indentation, _):
                hasher.combine("block")
                hasher.combine(name)
                hasher.combine(indentation.map { Int64($0.count) } ?? -1)
                hasher.combine(bytes: indentation ?? [])
                hash(defaultNodes, into: &hasher)
            case .contentType(let escapes):
                hasher.combine(escapes ? "escape" : "no escape")
            }
        }
    }

    /// The start of a chain of includes, for an error: `home → item → item → item → …`.
    static func chain(_ names: [String]) -> String {
        (names.prefix(4) + (names.count > 4 ? ["…"] : [])).joined(separator: " → ")
    }

    static func type(of frame: StaticFrame) -> TemplateType? {
        switch frame {
        case .object(let type): return .object(type)
        case .text: return .text
        case .map: return .map
        case .emptyList: return nil
        }
    }

    /// How `name` is read from a frame, its type, and whether every such frame has it.
    static func field(_ name: String, in frame: StaticFrame) -> (Lookup.Step, TemplateType, Bool)? {
        switch frame {
        case .object(let type):
            guard let field = type.fields[name] else { return nil }
            return (.field(field.get), field.type, field.isAlwaysPresent)
        case .map:
            return (.key(name), .text, false)
        case .text, .emptyList:
            return nil
        }
    }

    func reportUnknown(_ name: String, written: String, frames: [StaticFrame], _ env: Env, at position: TemplateSyntax.Position) {
        var owner = "the page"
        var names: [String] = []
        var named = false
        for frame in frames {
            if case .object(let type) = frame {
                if !named {
                    owner = type.noun
                    named = true
                }
                names += type.fields.keys.sorted()
            }
        }
        env.report(.unknownName(tag: written, owner: owner, name: name, suggestion: Self.nearest(name, in: names)), at: position)
    }

    /// The name closest to `name` by edit distance, if it is close enough to be a typo.
    static func nearest(_ name: String, in names: [String]) -> String? {
        // `title` where the page has `page_title`: a name that has it as one of its words.
        if let containing = names.first(where: { $0.split(separator: "_").contains(Substring(name)) }) {
            return containing
        }
        let limit = max(2, name.count / 3)
        var best: (name: String, distance: Int)?
        var seen: Set<String> = []
        // Nearest first: on a tie, the name of the innermost context wins.
        for candidate in names where seen.insert(candidate).inserted {
            let distance = editDistance(name, candidate)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbours, the usual typos, cost one each.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
