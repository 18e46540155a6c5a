/// Serves the pictures of a body in the sizes bake made: each `<img>` whose `src` is a
/// picture of the catalog gets a `srcset` of its variants, `sizes`, its `width` and
/// `height`, and a WebP `<source>` in a `<picture>` when it has a fallback format.
///
/// Only what the body holds changes: an `<img>` of another site, an SVG or one that already
/// has a `srcset` is left as it is; a GIF gets only its size (and lazy loading); every
/// attribute the author wrote is kept.
///
/// ```swift
/// let markup = PictureMarkup(catalog: catalog, paths: paths, sizes: "(max-width: 40rem) 100vw, 40rem")
/// markup.page(#"<img src="/media/heron.jpg" alt="A heron">"#, pageFolder: "", eagerFirst: true)
/// // <picture><source type="image/webp" srcset="/media/heron-480.webp 480w, …" sizes="…">
/// // <img src="/media/heron.jpg" alt="A heron" srcset="/media/heron-480.jpg 480w, …" sizes="…" width="4032" height="3024"></picture>
/// ```
public struct PictureMarkup: Sendable {
    public let catalog: PictureCatalog
    public let paths: SitePaths
    /// The `sizes` attribute: how wide the picture shows at each viewport width.
    public let sizes: String

    public init(catalog: PictureCatalog, paths: SitePaths, sizes: String) {
        self.catalog = catalog
        self.paths = paths
        self.sizes = sizes
    }

    /// `html` for a page: every picture responsive; the first loads at once when
    /// `eagerFirst` (the picture a reader sees first), the others lazily.
    public func page(_ html: String, pageFolder: String, eagerFirst: Bool) -> String {
        var isFirst = eagerFirst
        return rewrite(html, pageFolder: pageFolder) { tag, source, picture in
            defer { isFirst = false }
            return pictureElement(tag, source: source, picture: picture, lazy: !isFirst)
        }
    }

    /// `html` for a feed: each picture's `src` is its widest variant in the fallback format
    /// that is at most `maxWidth` pixels wide, with its `width` and `height`; feed readers
    /// show one file and seldom a `srcset`.
    public func feed(_ html: String, pageFolder: String, maxWidth: Int) -> String {
        rewrite(html, pageFolder: pageFolder) { tag, source, picture in
            guard !picture.sizes.isEmpty else { return Self.sized(tag, source: source, picture: picture, lazy: false) }
            let size = Self.size(of: picture, atMost: maxWidth)
            let (width, height) = Self.shownSize(tag, picture: picture, size: size)
            var attributes: [(String, String?)] = [("src", Picture.variant(of: source, width: size.width, format: picture.fallbackFormat))]
            attributes += Self.kept(tag)
            attributes += [("width", String(width)), ("height", String(height))]
            return Self.element("img", attributes)
        }
    }

    /// The variant a card or feed shows: the widest at most `maxWidth` pixels wide, or the
    /// narrowest when every one is wider.
    public static func size(of picture: Picture, atMost maxWidth: Int) -> Picture.Size {
        picture.sizes.last { $0.width <= maxWidth } ?? picture.sizes.first ?? Picture.Size(width: picture.width, height: picture.height)
    }
}

private extension PictureMarkup {
    /// The largest `width` or `height` an author's `<img>` may give.
    static let largestSize = 100_000

    /// The attributes bake sets, which an author's are replaced by.
    static let replaced: Set<String> = ["src", "srcset", "sizes", "width", "height", "loading", "decoding"]

    func rewrite(_ html: String, pageFolder: String, _ replacement: (ImageTag, String, Picture) -> String) -> String {
        guard !catalog.isEmpty else { return html }
        let tags = ImageTag.all(in: html)
        guard !tags.isEmpty else { return html }
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + tags.count * 600)
        var copied = 0
        for tag in tags {
            guard !tag.has("srcset"), let source = tag["src"],
                  let (_, picture) = catalog.picture(forSource: source, pageFolder: pageFolder, paths: paths) else { continue }
            output += bytes[copied..<tag.range.lowerBound]
            output += replacement(tag, source, picture).utf8
            copied = tag.range.upperBound
        }
        guard copied > 0 else { return html }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    func pictureElement(_ tag: ImageTag, source: String, picture: Picture, lazy: Bool) -> String {
        func srcset(_ format: String) -> String {
            picture.sizes.filter { format != picture.formats.first || $0.width <= picture.widestModern }.map { "\(Picture.variant(of: source, width: $0.width, format: format)) \($0.width)w" }.joined(separator: ", ")
        }
        guard !picture.sizes.isEmpty else { return Self.sized(tag, source: source, picture: picture, lazy: lazy) }
        let (width, height) = Self.shownSize(tag, picture: picture, size: nil)
        var attributes: [(String, String?)] = [("src", source)] + Self.kept(tag)
        attributes += [("srcset", srcset(picture.fallbackFormat)), ("sizes", sizes), ("width", String(width)), ("height", String(height))]
        if lazy { attributes += [("loading", "lazy"), ("decoding", "async")] }
        let image = Self.element("img", attributes)
        guard picture.formats.count > 1, let modern = picture.formats.first else { return image }
        let modernSource = Self.element("source", [("type", "image/" + modern), ("srcset", srcset(modern)), ("sizes", sizes)])
        return "<picture>" + modernSource + image + "</picture>"
    }

    /// A picture published as it is (a GIF): its size, so that the page does not shift as it loads.
    static func sized(_ tag: ImageTag, source: String, picture: Picture, lazy: Bool) -> String {
        let (width, height) = shownSize(tag, picture: picture, size: nil)
        var attributes: [(String, String?)] = [("src", source)] + kept(tag) + [("width", String(width)), ("height", String(height))]
        if lazy { attributes += [("loading", "lazy"), ("decoding", "async")] }
        return element("img", attributes)
    }

    /// The author's attributes but those bake sets, as written.
    static func kept(_ tag: ImageTag) -> [(String, String?)] {
        tag.attributes.filter { !replaced.contains($0.name) }.map { ($0.name, $0.value) }
    }

    /// The `width` and `height` the page gives: the author's when both are numbers; the
    /// author's width with the height that keeps the picture's shape; else the picture's
    /// (or `size`'s) own.
    static func shownSize(_ tag: ImageTag, picture: Picture, size: Picture.Size?) -> (Int, Int) {
        let own = size ?? Picture.Size(width: picture.width, height: picture.height)
        // A size no screen shows is not taken (nor multiplied, which could overflow).
        let width = tag["width"].flatMap { Int($0) }.flatMap { (1...Self.largestSize).contains($0) ? $0 : nil }
        let height = tag["height"].flatMap { Int($0) }.flatMap { (1...Self.largestSize).contains($0) ? $0 : nil }
        switch (width, height) {
        case let (width?, height?): return (width, height)
        case let (width?, nil): return (width, max(1, (width * own.height + own.width / 2) / max(own.width, 1)))
        case let (nil, height?): return (max(1, (height * own.width + own.height / 2) / max(own.height, 1)), height)
        case (nil, nil): return (own.width, own.height)
        }
    }

    static func element(_ name: String, _ attributes: [(String, String?)]) -> String {
        var text = "<" + name
        for (attribute, value) in attributes {
            text += " " + attribute
            if let value { text += "=\"" + MarkupEscaping.html(value) + "\"" }
        }
        return text + ">"
    }
}
