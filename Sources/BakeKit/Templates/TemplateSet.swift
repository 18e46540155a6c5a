import Foundation
import Mustache

/// The site's compiled Mustache templates: the theme's, overridden by name by the blog's own.
public struct TemplateSet: Sendable {
    /// One template file.
    public struct Source: Sendable, Hashable {
        /// The name partials use, e.g. `post` for `templates/post.mustache`.
        public let name: String
        /// Where it came from, for errors, e.g. `templates/post.mustache`.
        public let path: String
        public let text: String

        public init(name: String, path: String, text: String) {
            self.name = name
            self.path = path
            self.text = text
        }
    }

    /// The page templates every site needs.
    public static let requiredNames = ["home", "post", "month", "archive", "page", "not_found"]

    /// Templates the default theme adds since themes were first written; a theme folder
    /// without them gets the default theme's (see `Theme`).
    public static let listNames = ["categories", "category", "year"]

    private let library: MustacheLibrary
    /// The name of every template.
    public let names: Set<String>
    /// A hash of every template's text; changes whenever any template does.
    public let fingerprint: String

    /// Compiles the templates, reporting every broken or missing one at once.
    public init(sources: [Source]) throws(BuildFailure) {
        HTMLEscaping.registered
        var library = MustacheLibrary()
        var problems: [Diagnostic] = []
        let names = Set(sources.map(\.name))
        let references = Dictionary(sources.map { ($0.name, Self.referencedTemplates(in: $0.text)) }, uniquingKeysWith: { _, last in last })
        for source in sources.sorted(by: { $0.name < $1.name }) {
            do {
                library.register(try MustacheTemplate(string: HTMLEscaping.pragma + source.text), named: source.name)
            } catch let error as MustacheTemplate.ParserError {
                // The pragma takes line 1; the template's own text starts on line 2.
                problems.append(TemplateError(
                    path: source.path, line: max(1, error.context.lineNumber - 1),
                    reason: .syntax("\(Self.describe(error.error)) at column \(error.context.columnNumber)")
                ).diagnostic)
            } catch {
                problems.append(TemplateError(path: source.path, line: nil, reason: .syntax("\(error)")).diagnostic)
            }
            for reference in references[source.name] ?? [] where !names.contains(reference.name) {
                problems.append(TemplateError(path: source.path, line: reference.line, reason: .missingPartial(reference.name)).diagnostic)
            }
        }
        problems += Self.endlessInclusions(sources: sources, references: references)
        for name in Self.requiredNames where !names.contains(name) {
            problems.append(TemplateError(path: "templates/\(name).mustache", line: nil, reason: .missingTemplate(name)).diagnostic)
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        self.library = library
        self.names = names
        var hasher = ContentHasher()
        for source in sources.sorted(by: { $0.name < $1.name }) {
            hasher.combine(source.name)
            hasher.combine(source.text)
        }
        self.fingerprint = hasher.hexDigest
    }

    /// Renders the template `name` with a context of dictionaries, arrays, strings and bools.
    public func render(_ name: String, context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}

private extension TemplateSet {
    static func describe(_ error: any Error) -> String {
        // swift-mustache's scanner reports running off the end of the text as "overflow".
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" == "overflow" ? "a tag is not closed" : "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a closing tag does not match the open section"
        case .unfinishedName: return "a tag is not closed"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "a tag other than a block is inside a parent tag"
        case .textInsideInheritSection: return "text is inside a parent tag"
        case .invalidConfigVariableSyntax: return "a pragma is malformed"
        case .unrecognisedConfigVariable: return "a pragma is unknown"
        }
    }

    /// A `{{> name}}` or `{{< name}}` tag.
    struct Reference {
        let name: String
        let line: Int
        /// Inside a `{{#section}}` or `{{^section}}`, so whether it renders depends on the data.
        let inSection: Bool
    }

    /// The `{{> name}}` and `{{< name}}` tags of a template, in order.
    static func referencedTemplates(in text: String) -> [Reference] {
        var found: [Reference] = []
        var open: [Character] = []   // the kinds of the sections and blocks the scan is inside
        var line = 1
        var rest = text[...]
        while let start = rest.range(of: "{{") {
            line += rest[..<start.lowerBound].count { $0 == "\n" }
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: "}}") else { break }
            let tag = rest[..<end.lowerBound]
            line += tag.count { $0 == "\n" }
            rest = rest[end.upperBound...]
            guard let kind = tag.first else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
            switch kind {
            case ">", "<":
                if !name.isEmpty, !name.hasPrefix("*") {
                    found.append(Reference(name: name, line: line, inSection: open.contains { $0 == "#" || $0 == "^" }))
                }
                if kind == "<" { open.append(kind) }
            case "#", "^", "$":
                open.append(kind)
            case "/":
                _ = open.popLast()
            default:
                break
            }
        }
        return found
    }

    /// Templates that include themselves, directly or through others, with no section between
    /// that could stop it: rendering them would never end. swift-mustache has no depth limit,
    /// so this is the only place to catch it. (An include inside a section, as in a partial
    /// for nested comments, ends when the data does.)
    static func endlessInclusions(sources: [Source], references: [String: [Reference]]) -> [Diagnostic] {
        let paths = Dictionary(sources.map { ($0.name, $0.path) }, uniquingKeysWith: { _, last in last })
        var problems: [Diagnostic] = []
        var reported = Set<Set<String>>()
        for start in references.keys.sorted() {
            // Depth-first along unconditional includes, looking for the way back to `start`.
            var stack: [(name: String, trail: [String], line: Int?)] = [(start, [start], nil)]
            var seen: Set<String> = []
            while let (name, trail, firstLine) = stack.popLast() {
                for reference in references[name] ?? [] where !reference.inSection {
                    let line = firstLine ?? reference.line
                    if reference.name == start {
                        if reported.insert(Set(trail)).inserted {
                            problems.append(TemplateError(
                                path: paths[start] ?? "templates/\(start).mustache", line: line,
                                reason: .endlessInclusion((trail + [start]).joined(separator: " → "))
                            ).diagnostic)
                        }
                    } else if seen.insert(reference.name).inserted {
                        stack.append((reference.name, trail + [reference.name], line))
                    }
                }
            }
        }
        return problems
    }
}
