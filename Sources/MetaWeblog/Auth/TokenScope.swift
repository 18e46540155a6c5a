/// What a Micropub access token may do. `post`, the older name, is read as `create`.
///
/// ```swift
/// TokenScope.parse("create update, media")   // [.create, .update, .media]
/// ```
public enum TokenScope: String, Sendable, Hashable, CaseIterable, Codable {
    case create, update, delete, media

    /// The scopes named in `text`, separated by spaces or commas; unknown names are left
    /// out (IndieAuth clients ask for `profile` and `email`, which mean nothing here).
    public static func parse(_ text: String) -> [TokenScope] {
        var scopes: [TokenScope] = []
        for name in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "+" }) {
            let scope = name == "post" ? .create : TokenScope(rawValue: name.lowercased())
            if let scope, !scopes.contains(scope) { scopes.append(scope) }
        }
        return scopes
    }

    /// Scopes as IndieAuth writes them: names separated by spaces.
    public static func text(_ scopes: [TokenScope]) -> String {
        scopes.map(\.rawValue).joined(separator: " ")
    }
}
