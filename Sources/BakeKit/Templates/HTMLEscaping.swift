import Mustache

/// HTML escaping for `{{name}}` tags that leaves strings with nothing to escape untouched.
///
/// swift-mustache's own escaper looks up every `Character` in a dictionary, which was a sixth
/// of a full build's time. Every template bake compiles starts with a `CONTENT_TYPE` pragma
/// naming this one, which escapes as the feeds do (`MarkupEscaping`); the output is the same:
/// `&`, `<`, `>`, `"` and `'` become entities.
struct HTMLEscaping: MustacheContentType {
    static let name = "BAKE_HTML"

    /// Registers the content type with swift-mustache, once per process, before templates
    /// that name it are parsed.
    static let registered: Void = {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }()

    /// The line each template is prefixed with. Alone on its line, the pragma is a standalone
    /// tag and leaves no trace in the output; template line numbers shift by one.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"

    func escapeText(_ text: String) -> String {
        MarkupEscaping.html(text)
    }
}
