import Mustache

/// A string in a template context.
///
/// swift-mustache prints a plain `String` value through several failed protocol casts and
/// `String(describing:)`; a `MustacheCustomRenderable` goes straight to its text. On 10,000
/// post pages that is about a quarter of the time spent in templates. It renders exactly as the
/// string would, escaped by `{{name}}` and raw in `{{{name}}}`, and takes the same transforms
/// (`{{uppercased(title)}}`).
struct TemplateText: MustacheCustomRenderable, MustacheTransformable {
    let renderText: String

    init(_ text: String) {
        renderText = text
    }

    /// A present string is never null, even when empty: `{{#title}}` shows for "" as it
    /// would for a plain `String`.
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        renderText.transform(name)
    }
}
