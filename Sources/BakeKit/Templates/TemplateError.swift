/// A problem with a template of the theme or of the blog's `templates/` folder.
public struct TemplateError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// Mustache syntax the parser could not read.
        case syntax(String)
        /// A page template the site needs is in neither the blog nor the theme.
        case missingTemplate(String)
        /// A `{{> name}}` or `{{< name}}` names no template.
        case missingPartial(String)
        /// Templates include one another in a loop with no section to end it, e.g. `a → b → a`.
        case endlessInclusion(String)
        /// The file is not UTF-8.
        case invalidUTF8
        /// A tag names something no context where it stands has: `{{titel}}` in a post.
        case unknownName(tag: String, owner: String, name: String, suggestion: String?)
        /// A tag prints something that is not text: `{{posts}}`.
        case notText(tag: String, type: String)
        /// A transform that does not apply to what it is given: `{{uppercased(posts)}}`.
        case unknownTransform(tag: String, transform: String, type: String, expected: [String])
        /// Partials include one another, inside sections, deeper than any of bake's contexts nest.
        case nestedTooDeep(String)
    }

    /// The file, e.g. `templates/post.mustache`.
    public let path: String
    public let line: Int?
    public let column: Int?
    public let reason: Reason

    public init(path: String, line: Int?, column: Int? = nil, reason: Reason) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// The error as a `path:line:column: message` diagnostic.
    public var diagnostic: Diagnostic {
        let message: String
        switch reason {
        case .syntax(let problem):
            message = "template syntax error: \(problem); expected well-formed Mustache"
        case .missingTemplate(let name):
            message = "missing template \(name).mustache; expected it in the blog's templates/ folder or in the theme"
        case .missingPartial(let name):
            message = "the partial or parent `\(name)` does not exist; expected templates/\(name).mustache"
        case .endlessInclusion(let loop):
            message = "the templates include one another without end (\(loop)); expected the include inside a {{#section}} that ends, or no loop"
        case .invalidUTF8:
            message = "the template is not valid UTF-8; expected UTF-8 text"
        case .unknownName(let tag, let owner, let name, let suggestion):
            if let suggestion {
                message = "\(tag): \(owner) has no \"\(name)\"; did you mean \"\(suggestion)\"?"
            } else {
                message = "\(tag): \(owner) has no \"\(name)\"; expected a name from the README's Template variables"
            }
        case .notText(let tag, let type):
            message = "\(tag) is \(type), not text; expected it in a section, {{#…}}…{{/…}}"
        case .unknownTransform(let tag, let transform, let type, let expected):
            let names = expected.isEmpty ? "none applies" : "expected one of " + expected.joined(separator: ", ")
            message = "\(tag): `\(transform)` does not apply to \(type); \(names)"
        case .nestedTooDeep(let chain):
            message = "partials include one another too deeply (\(chain)); expected the recursion to end within bake's contexts"
        }
        return Diagnostic(path: path, line: line, column: column, message: message)
    }
}
