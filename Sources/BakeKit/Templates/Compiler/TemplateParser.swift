/// Reads Mustache text into a `TemplateSyntax` tree.
///
/// It follows swift-mustache's parser rule for rule, whitespace included (standalone tags,
/// indentation of standalone partials and blocks, set delimiters), so that a theme renders
/// to the same bytes under bake's compiler as under swift-mustache, which the tests use as the
/// reference. It works on `Character`s, as that parser does, so `\r\n` is one line break.
///
/// ```swift
/// let syntax = try TemplateParser.parse("<h1>{{title}}</h1>\n")
/// ```
struct TemplateParser {
    /// What is wrong with the text, at `position`.
    struct Failure: Error, Sendable {
        enum Reason: Sendable, Equatable {
            case closingTagMismatch(expected: String?, found: String)
            case unclosedTag
            case unclosedSection(String)
            case malformedDelimiters
            case transformOnBlock
            case tagInsideParent
            case malformedPragma
            case unknownPragma(String)
        }

        let reason: Reason
        let position: TemplateSyntax.Position
    }

    private let characters: [Character]
    /// Where each line starts, for positions.
    private let lineStarts: [Int]
    private var index = 0
    private let file: String

    private init(_ text: String, file: String) {
        let characters = Array(text)
        self.characters = characters
        self.lineStarts = [0] + characters.indices.filter { characters[$0].isNewline }.map { $0 + 1 }
        self.file = file
    }

    /// Parses `text`; `file` names the template in the overrides it defines, for errors.
    static func parse(_ text: String, file: String = "") throws(Failure) -> TemplateSyntax {
        var parser = TemplateParser(text, file: file)
        return TemplateSyntax(nodes: try parser.parseNodes(State()).nodes)
    }
}

private extension TemplateParser {
    struct State {
        var sectionName: String?
        var sectionTransforms: [String] = []
        var newLine = true
        var isPartialDefinition = false
        var isPartialDefinitionTopLevel = false
        var startDelimiter: [Character] = ["{", "{"]
        var endDelimiter: [Character] = ["}", "}"]
        var partialDefinitionIndent: [Character]?
        /// Where the open tag of the section being read starts.
        var sectionPosition: TemplateSyntax.Position?

        func withSection(_ name: String, newLine: Bool, transforms: [String] = [], at position: TemplateSyntax.Position) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = transforms
            state.isPartialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            state.sectionPosition = position
            return state
        }

        func withParent(_ name: String, at position: TemplateSyntax.Position) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = []
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            state.sectionPosition = position
            return state
        }
    }

    /// A parsed run of nodes.
    struct Parsed {
        var nodes: [TemplateSyntax.Node]
    }

    static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    static let nameCharactersWithoutBrackets = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    static let partialNameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")

    var atEnd: Bool { index >= characters.count }
    var current: Character { atEnd ? "\0" : characters[index] }

    func position(of index: Int) -> TemplateSyntax.Position {
        let index = min(index, characters.count)
        // The last line that starts at or before `index`.
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle }
        }
        return TemplateSyntax.Position(line: low + 1, column: index - lineStarts[low] + 1)
    }

    func failure(_ reason: Failure.Reason, at index: Int) -> Failure {
        Failure(reason: reason, position: position(of: index))
    }

    mutating func parseNodes(_ initial: State) throws(Failure) -> Parsed {
        var nodes: [TemplateSyntax.Node] = []
        var state = initial
        var whiteSpaceBefore: [Character] = []
        func text(_ characters: [Character]) -> TemplateSyntax.Node {
            .text(Array(String(characters).utf8))
        }
        while !atEnd {
            if state.newLine {
                let whiteSpace = read { $0 == " " || $0 == "\t" }
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = Array(whiteSpace.dropFirst(indent.count))
                    } else {
                        state.partialDefinitionIndent = whiteSpace
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let tagStart: Int
            let found = try readUntilDelimiterOrNewline(state)
            if current.isNewline {
                nodes.append(text(whiteSpaceBefore + found + [current]))
                state.newLine = true
                index += 1
                continue
            }
            tagStart = index - state.startDelimiter.count
            if !found.isEmpty {
                nodes.append(text(whiteSpaceBefore + found))
                whiteSpaceBefore = []
                state.newLine = false
            }
            if atEnd { break }
            let tagPosition = position(of: tagStart)
            var setNewLine = false
            switch current {
            case "#", "^":
                let inverted = current == "^"
                index += 1
                let (name, transforms) = try parseName(state, tagStart: tagStart)
                if isStandalone(state) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    nodes.append(text(whiteSpaceBefore))
                    whiteSpaceBefore = []
                }
                let body = try parseNodes(state.withSection(name, newLine: setNewLine, transforms: transforms, at: tagPosition)).nodes
                let tag = TemplateSyntax.Tag(name: name, transforms: transforms, position: tagPosition)
                nodes.append(inverted ? .invertedSection(tag, body: body) : .section(tag, body: body))

            case "/":
                index += 1
                let nameStart = index
                let (name, transforms) = try parseName(state, tagStart: tagStart)
                guard name == state.sectionName, transforms == state.sectionTransforms else {
                    let written = TemplateSyntax.Tag(name: name, transforms: transforms, position: tagPosition).text
                    throw failure(.closingTagMismatch(expected: state.sectionName.map {
                        TemplateSyntax.Tag(name: $0, transforms: state.sectionTransforms, position: tagPosition).text
                    }, found: written), at: nameStart - 1 - state.startDelimiter.count)
                }
                if isStandalone(state) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    nodes.append(text(whiteSpaceBefore))
                    whiteSpaceBefore = []
                }
                return Parsed(nodes: nodes)

            case "!":
                index += 1
                guard readPast(state.endDelimiter) else { throw failure(.unclosedTag, at: tagStart) }
                setNewLine = isStandalone(state)

            case "{", "&":
                let triple = current == "{"
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(text(whiteSpaceBefore))
                    whiteSpaceBefore = []
                }
                index += 1
                let (name, transforms) = try parseName(state, tagStart: tagStart)
                if triple {
                    guard !atEnd else { throw failure(.unclosedTag, at: tagStart) }
                    guard current == "}" else { throw failure(.unclosedTag, at: tagStart) }
                    index += 1
                }
                nodes.append(.variable(TemplateSyntax.Tag(name: name, transforms: transforms, position: tagPosition), escaped: false))

            case ">":
                index += 1
                _ = read { $0.isWhitespace }
                var dynamic = false
                if current == "*" {
                    index += 1
                    dynamic = true
                }
                let name = try parsePartialName(state, tagStart: tagStart)
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(text(whiteSpaceBefore))
                }
                let indentation: [UInt8]?
                if isStandalone(state) {
                    setNewLine = true
                    indentation = Array(String(whiteSpaceBefore).utf8)
                } else {
                    indentation = nil
                }
                nodes.append(.partial(name: name, dynamic: dynamic, indentation: indentation, overrides: nil, position: tagPosition))
                whiteSpaceBefore = []

            case "<":
                index += 1
                _ = read { $0.isWhitespace }
                let sectionName = try parsePartialName(state, tagStart: tagStart)
                let dynamic = sectionName.first == "*"
                let name = dynamic ? String(sectionName.dropFirst()) : sectionName
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(text(whiteSpaceBefore))
                }
                if isStandalone(state) {
                    setNewLine = true
                }
                let body = try parseNodes(state.withParent(sectionName, at: tagPosition)).nodes
                var overrides: [String: TemplateSyntax.Override] = [:]
                for node in body {
                    switch node {
                    case .block(let blockName, let defaultNodes, nil, _):
                        overrides[blockName] = TemplateSyntax.Override(nodes: defaultNodes, file: file)
                    case .text:
                        break
                    default:
                        throw failure(.tagInsideParent, at: tagStart)
                    }
                }
                nodes.append(.partial(name: name, dynamic: dynamic, indentation: Array(String(whiteSpaceBefore).utf8), overrides: overrides, position: tagPosition))
                whiteSpaceBefore = []

            case "$":
                index += 1
                let (name, transforms) = try parseName(state, tagStart: tagStart)
                guard transforms.isEmpty else { throw failure(.transformOnBlock, at: tagStart) }
                if state.isPartialDefinitionTopLevel {
                    if isStandalone(state) { setNewLine = true }
                    let body = try parseNodes(state.withSection(name, newLine: setNewLine, at: tagPosition)).nodes
                    // A definition inside a parent tag: no indentation marks it as one.
                    nodes.append(.block(name: name, defaultNodes: body, indentation: nil, position: tagPosition))
                } else {
                    if !whiteSpaceBefore.isEmpty {
                        nodes.append(text(whiteSpaceBefore))
                    }
                    if isStandalone(state) { setNewLine = true }
                    let body = try parseNodes(state.withSection(name, newLine: setNewLine, at: tagPosition)).nodes
                    nodes.append(.block(name: name, defaultNodes: body, indentation: Array(String(whiteSpaceBefore).utf8), position: tagPosition))
                    whiteSpaceBefore = []
                }

            case "=":
                index += 1
                state = try parseDelimiters(state, tagStart: tagStart)
                setNewLine = isStandalone(state)

            case "%":
                index += 1
                if let node = try parsePragma(state, tagStart: tagStart) {
                    nodes.append(node)
                }
                setNewLine = isStandalone(state)

            default:
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(text(whiteSpaceBefore))
                    whiteSpaceBefore = []
                }
                let (name, transforms) = try parseName(state, tagStart: tagStart)
                nodes.append(.variable(TemplateSyntax.Tag(name: name, transforms: transforms, position: tagPosition), escaped: true))
            }
            state.newLine = setNewLine
        }
        if let name = state.sectionName {
            throw Failure(reason: .unclosedSection(name), position: state.sectionPosition ?? position(of: index))
        }
        return Parsed(nodes: nodes)
    }

    /// Reads up to a line break (left unread) or past the start of a tag.
    mutating func readUntilDelimiterOrNewline(_ state: State) throws(Failure) -> [Character] {
        var text: [Character] = []
        guard let first = state.startDelimiter.first else { return [] }
        while !atEnd {
            let character = characters[index]
            if character == "\n" || character == "\r\n" { break }
            if character == first {
                // As swift-mustache does, a delimiter's first character too near the end is an
                // unclosed tag.
                guard index + state.startDelimiter.count <= characters.count else { throw failure(.unclosedTag, at: index) }
                if matches(state.startDelimiter) {
                    index += state.startDelimiter.count
                    break
                }
            }
            text.append(character)
            index += 1
        }
        return text
    }

    func matches(_ delimiter: [Character]) -> Bool {
        guard index + delimiter.count <= characters.count else { return false }
        for offset in delimiter.indices where characters[index + offset] != delimiter[offset] {
            return false
        }
        return true
    }

    /// Reads past the next `delimiter`; false (and unmoved) when there is none.
    mutating func readPast(_ delimiter: [Character]) -> Bool {
        var probe = index
        while probe + delimiter.count <= characters.count {
            if characters[probe..<probe + delimiter.count].elementsEqual(delimiter) {
                index = probe + delimiter.count
                return true
            }
            probe += 1
        }
        return false
    }

    mutating func read(while predicate: (Character) -> Bool) -> [Character] {
        let start = index
        while !atEnd, predicate(characters[index]) { index += 1 }
        return Array(characters[start..<index])
    }

    /// A name and its transforms, then the end delimiter.
    mutating func parseName(_ state: State, tagStart: Int) throws(Failure) -> (String, [String]) {
        _ = read { $0.isWhitespace }
        let text = read { Self.nameCharacters.contains($0) }
        _ = read { $0.isWhitespace }
        guard matches(state.endDelimiter) else { throw failure(.unclosedTag, at: tagStart) }
        index += state.endDelimiter.count
        guard let open = text.firstIndex(of: "(") else {
            guard !text.contains(")") else { throw failure(.unclosedTag, at: tagStart) }
            return (String(text), [])
        }
        // `outer(inner(name))`: transforms outermost first, then the name and as many `)`.
        var transforms: [String] = []
        var rest = text[...]
        var head = rest[..<open]
        rest = rest[rest.index(after: open)...]
        transforms.append(String(head))
        while let next = rest.firstIndex(where: { $0 == "(" || $0 == ")" }), rest[next] == "(" {
            head = rest[..<next]
            guard head.allSatisfy({ Self.nameCharactersWithoutBrackets.contains($0) }) else { throw failure(.unclosedTag, at: tagStart) }
            transforms.append(String(head))
            rest = rest[rest.index(after: next)...]
        }
        guard let close = rest.firstIndex(of: ")") else { throw failure(.unclosedTag, at: tagStart) }
        let name = rest[..<close]
        let closing = rest[close...]
        guard name.allSatisfy({ Self.nameCharactersWithoutBrackets.contains($0) }),
              closing.count == transforms.count, closing.allSatisfy({ $0 == ")" }) else {
            throw failure(.unclosedTag, at: tagStart)
        }
        return (String(name), transforms)
    }

    mutating func parsePartialName(_ state: State, tagStart: Int) throws(Failure) -> String {
        _ = read { $0.isWhitespace }
        let text = read { Self.partialNameCharacters.contains($0) }
        _ = read { $0.isWhitespace }
        guard matches(state.endDelimiter) else { throw failure(.unclosedTag, at: tagStart) }
        index += state.endDelimiter.count
        return String(text)
    }

    mutating func parseDelimiters(_ state: State, tagStart: Int) throws(Failure) -> State {
        _ = read { $0.isWhitespace }
        let start = read { !$0.isWhitespace }
        guard !atEnd else { throw failure(.malformedDelimiters, at: tagStart) }
        _ = read { $0.isWhitespace }
        let end = read { $0 != "=" && !$0.isWhitespace }
        guard !atEnd else { throw failure(.malformedDelimiters, at: tagStart) }
        _ = read { $0.isWhitespace }
        guard current == "=" else { throw failure(.malformedDelimiters, at: tagStart) }
        index += 1
        guard matches(state.endDelimiter) else { throw failure(.malformedDelimiters, at: tagStart) }
        index += state.endDelimiter.count
        guard !start.isEmpty, !end.isEmpty else { throw failure(.malformedDelimiters, at: tagStart) }
        var state = state
        state.startDelimiter = start
        state.endDelimiter = end
        state.isPartialDefinitionTopLevel = false
        return state
    }

    mutating func parsePragma(_ state: State, tagStart: Int) throws(Failure) -> TemplateSyntax.Node? {
        _ = read { $0.isWhitespace }
        let variable = String(read { Self.nameCharactersWithoutBrackets.contains($0) })
        _ = read { $0.isWhitespace }
        guard current == ":" else { throw failure(.malformedPragma, at: tagStart) }
        index += 1
        _ = read { $0.isWhitespace }
        let value = String(read { Self.nameCharactersWithoutBrackets.contains($0) })
        _ = read { $0.isWhitespace }
        guard matches(state.endDelimiter), !variable.isEmpty, !value.isEmpty else { throw failure(.malformedPragma, at: tagStart) }
        index += state.endDelimiter.count
        guard variable == "CONTENT_TYPE" else { throw failure(.unknownPragma(variable), at: tagStart) }
        switch value {
        case "HTML": return .contentType(escapes: true)
        case "TEXT": return .contentType(escapes: false)
        default: throw failure(.unknownPragma("CONTENT_TYPE: \(value)"), at: tagStart)
        }
    }

    /// Whether the tag just read stands alone on its line; if so, reads past the line break.
    mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if atEnd { return true }
        var probe = index
        while probe < characters.count, characters[probe] == " " || characters[probe] == "\t" { probe += 1 }
        if probe < characters.count, characters[probe].isNewline {
            index = probe + 1
            return true
        }
        return false
    }
}
