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

    private let library: MustacheLibrary
    /// A hash of every template's text; changes whenever any template does.
    public let fingerprint: String

    /// Compiles the templates, reporting every broken or missing one at once.
    public init(sources: [Source]) throws(BuildFailure) {
        HTMLEscaping.registered
        var library = MustacheLibrary()
        var problems: [Diagnostic] = []
        let names = Set(sources.map(\.name))
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
            for (name, line) in Self.referencedTemplates(in: source.text) where !names.contains(name) {
                problems.append(TemplateError(path: source.path, line: line, reason: .missingPartial(name)).diagnostic)
            }
        }
        for name in Self.requiredNames where !names.contains(name) {
            problems.append(TemplateError(path: "templates/\(name).mustache", line: nil, reason: .missingTemplate(name)).diagnostic)
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        self.library = library
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

    /// The names in `{{> name}}` and `{{< name}}` tags, with their lines.
    static func referencedTemplates(in text: String) -> [(String, Int)] {
        var found: [(String, Int)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                guard let first = rest.first, first == ">" || first == "<" else { continue }
                guard let close = rest.range(of: "}}") else { break }
                let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, !name.hasPrefix("*") { found.append((name, number + 1)) }
                rest = rest[close.upperBound...]
            }
        }
        return found
    }
}
