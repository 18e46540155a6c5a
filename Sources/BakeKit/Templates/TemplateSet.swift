import Foundation

/// The site's templates, compiled: the theme's, overridden by name by the blog's own.
///
/// Each page template is compiled once per build against `PageContext`, with its partials
/// and parents inlined, so a name no context has is an error here, before anything renders,
/// at its file, line and column.
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
    public static let requiredNames = PageTemplate.allCases.filter(\.isRequired).map(\.rawValue)

    /// Templates the default theme adds since themes were first written; a theme folder
    /// without them gets the default theme's (see `Theme`).
    public static let listNames = PageTemplate.allCases.filter { !$0.isRequired }.map(\.rawValue)

    /// The template of each kind of page, compiled.
    private let pages: [PageTemplate: CompiledTemplate]
    /// Every template, parsed, for the ones a standalone page names (`@template`).
    private let compiler: TemplateCompiler
    /// The name of every template.
    public let names: Set<String>
    /// A hash of every template's text; changes whenever any template does.
    public let fingerprint: String

    /// Parses and compiles the templates, reporting every broken or missing one at once.
    public init(sources: [Source]) throws(BuildFailure) {
        var problems: Set<Diagnostic> = []
        let names = Set(sources.map(\.name))
        var parsed: [String: TemplateCompiler.Template] = [:]
        var references: [String: [Reference]] = [:]
        for source in sources.sorted(by: { $0.name < $1.name }) {
            do {
                let syntax = try TemplateParser.parse(source.text, file: source.path)
                parsed[source.name] = TemplateCompiler.Template(path: source.path, syntax: syntax)
                references[source.name] = Self.references(in: syntax.nodes)
                for reference in references[source.name] ?? [] where !names.contains(reference.name) {
                    let position = reference.position
                    problems.insert(TemplateError(path: source.path, line: position.line, column: position.column, reason: .missingPartial(reference.name)).diagnostic)
                }
            } catch {
                problems.insert(TemplateError(path: source.path, line: error.position.line, column: error.position.column,
                                              reason: .syntax(Self.describe(error.reason))).diagnostic)
            }
        }
        let endless = Self.endlessInclusions(sources: sources, references: references)
        problems.formUnion(endless)
        for name in Self.requiredNames where !names.contains(name) {
            problems.insert(TemplateError(path: "templates/\(name).mustache", line: nil, reason: .missingTemplate(name)).diagnostic)
        }
        var pages: [PageTemplate: CompiledTemplate] = [:]
        let compiler = TemplateCompiler(templates: parsed, unreadable: names.subtracting(parsed.keys))
        // The templates that parsed are compiled even when others did not, so that one run
        // reports every problem; a loop of includes would only be reported again. Templates
        // that are not a kind of page's are compiled when a standalone page asks for one.
        if endless.isEmpty {
            for template in PageTemplate.allCases where parsed[template.rawValue] != nil {
                do {
                    pages[template] = try compiler.compile(template.rawValue, root: PageContext.type)
                } catch {
                    problems.formUnion(error.errors.map(\.diagnostic))
                }
            }
        }
        if !problems.isEmpty { throw BuildFailure(Array(problems)) }
        self.pages = pages
        self.compiler = compiler
        self.names = names
        self.fingerprint = Self.fingerprint(of: sources)
    }

    /// A hash of every template's name and text, as `fingerprint` is, without compiling them.
    public static func fingerprint(of sources: [Source]) -> String {
        var hasher = ContentHasher()
        for source in sources.sorted(by: { $0.name < $1.name }) {
            hasher.combine(source.name)
            hasher.combine(source.text)
        }
        return hasher.hexDigest
    }

    /// Why template `name` cannot render a standalone page (`@template name`); empty when it can.
    public func problems(asPage name: String) -> [Diagnostic] {
        guard PageTemplate(rawValue: name).flatMap({ pages[$0] }) == nil, compiler.templates[name] != nil else { return [] }
        do {
            _ = try compiler.compile(name, root: PageContext.type)
            return []
        } catch {
            return Array(Set(error.errors.map(\.diagnostic)))
        }
    }

    /// Renders the template of a kind of page with `page`; one the theme lacks (only those
    /// that are not `isRequired` may be missing) renders nothing.
    func render(_ template: PageTemplate, page: PageContext, entries: (any EntryCache)?, seed: UInt64) -> [UInt8] {
        pages[template]?.render(page, entries: entries, seed: seed) ?? []
    }

    /// Renders template `name`, which a standalone page asks for (`@template`), with `page`; a
    /// template that is missing, or does not compile as a page, renders nothing (the plan
    /// reports both before anything renders).
    func render(_ name: String, page: PageContext, entries: (any EntryCache)?, seed: UInt64) -> [UInt8] {
        if let template = PageTemplate(rawValue: name).flatMap({ pages[$0] }) {
            return template.render(page, entries: entries, seed: seed)
        }
        // A standalone page's own template: compiled for it (a blog has few such pages).
        return (try? compiler.compile(name, root: PageContext.type))?.render(page, entries: entries, seed: seed) ?? []
    }
}

private extension TemplateSet {
    static func describe(_ reason: TemplateParser.Failure.Reason) -> String {
        switch reason {
        case .closingTagMismatch(let expected?, let found): return "the closing tag {{/\(found)}} does not match the open section {{#\(expected)}}"
        case .closingTagMismatch(nil, let found): return "the closing tag {{/\(found)}} closes no open section"
        case .unclosedTag: return "a tag is not closed"
        case .unclosedSection(let name): return "the section {{#\(name)}} is never closed"
        case .malformedDelimiters: return "a set-delimiter tag is malformed"
        case .transformOnBlock: return "a transform is applied to a block"
        case .tagInsideParent: return "a tag other than a block is inside a parent tag"
        case .malformedPragma: return "a pragma is malformed"
        case .unknownPragma(let pragma): return "the pragma `\(pragma)` is unknown"
        }
    }

    /// A `{{> name}}` or `{{< name}}` tag.
    struct Reference {
        let name: String
        let position: TemplateSyntax.Position
        /// Inside a `{{#section}}` or `{{^section}}`, so whether it renders depends on the data.
        let inSection: Bool
    }

    /// The `{{> name}}` and `{{< name}}` tags of a parsed template, in order; dynamic
    /// partials (`{{>*name}}`) name no template until they render.
    static func references(in nodes: [TemplateSyntax.Node], inSection: Bool = false) -> [Reference] {
        var found: [Reference] = []
        for node in nodes {
            switch node {
            case .section(_, let body), .invertedSection(_, let body):
                found += references(in: body, inSection: true)
            case .block(_, let body, _, _):
                found += references(in: body, inSection: inSection)
            case .partial(let name, let dynamic, _, let overrides, let position):
                if !dynamic { found.append(Reference(name: name, position: position, inSection: inSection)) }
                for override in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
                    found += references(in: override.value.nodes, inSection: inSection)
                }
            case .text, .variable, .contentType:
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
                    let line = firstLine ?? reference.position.line
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
