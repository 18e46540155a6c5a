import Foundation

/// A message on the live-reload stream, `/_bake/events`, in Server-Sent Events form.
///
/// A page's script gets `hello` on connecting (and reloads if the site changed while it was
/// away), then `reload` or `css` after each build that changed files, `problems` when a
/// build fails, and `ok` when a good build follows a failed one.
enum ReloadEvent: Sendable, Hashable {
    /// The site's version on connecting.
    case hello(version: String)
    /// Files changed; reload the page.
    case reload(version: String)
    /// Only stylesheets changed; swap them.
    case css(version: String)
    /// The last build failed with these `path:line: message` lines.
    case problems([String])
    /// A good build followed a failed one.
    case ok
    /// Keeps the connection open, and finds closed ones.
    case ping

    /// The event as it goes on the wire.
    var text: String {
        switch self {
        case .hello(let version): Self.event("hello", data: version)
        case .reload(let version): Self.event("reload", data: version)
        case .css(let version): Self.event("css", data: version)
        case .problems(let lines): Self.event("problems", data: Self.json(lines))
        case .ok: Self.event("ok", data: "")
        case .ping: ": ping\n\n"
        }
    }
}

private extension ReloadEvent {
    static func event(_ name: String, data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }

    /// A JSON array on one line: the encoder escapes newlines inside the strings.
    static func json(_ lines: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let data = try? encoder.encode(lines) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
