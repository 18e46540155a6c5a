import Foundation

/// The Open Graph and Twitter card of a post or page: what a shared link previews as.
struct SocialCard {
    let type: String
    let title: String
    let url: String
    let description: String
    let image: Image?
    let siteName: String

    /// The card's picture, with its size when bake knows it.
    struct Image {
        let url: String
        var width: Int?
        var height: Int?
    }

    /// The image of a post or page: its `@image`, else the first `<img src>` of its body, made
    /// absolute against the page's URL.
    static func image(metadata: PostMetadata, html: String, pageURL: String, origin: String) -> String? {
        let source = metadata[.image].flatMap { $0.isEmpty ? nil : CharacterReferences.decode($0) } ?? firstImage(in: html)
        guard let source, !source.isEmpty else { return nil }
        return URLRewriter(origin: origin).resolve(source, pageURL: pageURL)
    }

    /// The `src` of the first `<img>` in `html`, decoded.
    static func firstImage(in html: String) -> String? {
        // A byte search: every post page asks, and most bodies have no image.
        guard let offset = html.utf8.firstOffset(of: "<img", caseInsensitive: true) else { return nil }
        let tagEnd = html.utf8.index(html.utf8.startIndex, offsetBy: offset + 4)
        let rest = html[tagEnd...]
        guard let end = rest.firstIndex(of: ">") else { return nil }
        let attributes = rest[..<end]
        // The `src` attribute itself, not the end of `data-src`.
        let bytes = String(attributes).utf8
        var from = 0
        var found: Int?
        while let offset = bytes.firstOffset(of: "src=", from: from, caseInsensitive: true) {
            let before = offset > 0 ? bytes[bytes.index(bytes.startIndex, offsetBy: offset - 1)] : 0
            if before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || before == UInt8(ascii: "\n") || before == UInt8(ascii: "\r") {
                found = offset
                break
            }
            from = offset + 4
        }
        guard let found else { return nil }
        var value = attributes[attributes.utf8.index(attributes.startIndex, offsetBy: found + 4)...]
        guard let quote = value.first else { return nil }
        if quote == "\"" || quote == "'" {
            value = value.dropFirst()
            guard let close = value.firstIndex(of: quote) else { return nil }
            return CharacterReferences.decode(String(value[..<close]))
        }
        return CharacterReferences.decode(String(value.prefix { !$0.isWhitespace }))
    }

}
