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
    }

    /// The template file, e.g. `templates/post.mustache`.
    public let path: String
    public let line: Int?
    public let reason: Reason

    public init(path: String, line: Int?, reason: Reason) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// The error as a `path:line: message` diagnostic.
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
        }
        return Diagnostic(path: path, line: line, message: message)
    }
}
