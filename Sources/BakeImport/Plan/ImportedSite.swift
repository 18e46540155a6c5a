import BakeKit

/// What another blog says about itself, for the settings of a blog that an import starts:
/// each value with where it was found, so the report can say so.
public struct ImportedSite: Sendable, Hashable {
    /// One setting's value, as `site.settings` text, and where it came from.
    public struct Value: Sendable, Hashable {
        /// The value as a setting: one line, its character references as the source meant them.
        public let text: String
        /// Where it was found, e.g. `_config.yml title`.
        public let origin: String

        /// A value read from `origin`; nil when `literal` is blank.
        /// - Parameter isMarkup: Whether `literal` is HTML-ish text whose character references
        ///   are meant (WordPress's), rather than plain text to keep as it reads (YAML's).
        public init?(_ literal: String?, origin: String, isMarkup: Bool = false) {
            guard let literal else { return nil }
            let line = literal.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { return nil }
            // Settings decode character references once; plain text that has one is escaped
            // so that it reads as it was written.
            if isMarkup || CharacterReferences.decode(line) == line {
                text = line
            } else {
                text = line.replacingOccurrences(of: "&", with: "&amp;")
            }
            self.origin = origin
        }
    }

    /// `@site_name`.
    public let name: Value?
    /// `@site_url`.
    public let url: Value?
    /// `@site_description`.
    public let description: Value?
    /// `@author`.
    public let author: Value?
    /// `@language`.
    public let language: Value?
    /// `@time_zone`, an IANA name.
    public let timeZone: Value?

    public init(name: Value? = nil, url: Value? = nil, description: Value? = nil, author: Value? = nil, language: Value? = nil, timeZone: Value? = nil) {
        self.name = name
        self.url = url
        self.description = description
        self.author = author
        self.language = language
        self.timeZone = timeZone
    }
}
