/// A parsed Mustache template: text and tags as a tree, each tag with its place in the file.
///
/// `TemplateParser` makes it; `TemplateCompiler` turns it, with the types of bake's contexts,
/// into a `CompiledTemplate`.
struct TemplateSyntax: Sendable {
    /// Where a tag starts: its `{{`.
    struct Position: Sendable, Hashable {
        let line: Int
        let column: Int
    }

    /// A `{{name}}`, `{{#name}}` or `{{^name}}` tag's name, with its transforms: in
    /// `{{uppercased(title)}}` the name is `title` and the transforms `["uppercased"]`.
    struct Tag: Sendable, Hashable {
        let name: String
        let transforms: [String]
        let position: Position

        /// The tag as written, for errors: `{{uppercased(title)}}`.
        var text: String {
            transforms.reversed().reduce(name) { inner, transform in "\(transform)(\(inner))" }
        }
    }

    /// The blocks a `{{<parent}}` tag fills: `{{$name}}…{{/name}}` inside it.
    struct Override: Sendable {
        let nodes: [Node]
        /// The template the block was written in, for errors.
        let file: String
    }

    indirect enum Node: Sendable {
        case text([UInt8])
        /// `{{name}}` (escaped) or `{{{name}}}`, `{{&name}}` (raw).
        case variable(Tag, escaped: Bool)
        case section(Tag, body: [Node])
        case invertedSection(Tag, body: [Node])
        /// `{{> name}}`, `{{>*name}}` (the name is looked up), or `{{<parent}}…{{/parent}}`
        /// with the blocks it overrides. `indentation` is set when the tag stands alone on its line.
        case partial(name: String, dynamic: Bool, indentation: [UInt8]?, overrides: [String: Override]?, position: Position)
        /// `{{$name}}default{{/name}}`.
        case block(name: String, defaultNodes: [Node], indentation: [UInt8]?, position: Position)
        /// `{{% CONTENT_TYPE: TEXT }}` (no escaping) or `HTML`.
        case contentType(escapes: Bool)
    }

    let nodes: [Node]
}
