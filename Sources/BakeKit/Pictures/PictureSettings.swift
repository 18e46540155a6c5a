/// How bake serves a blog's pictures: `@image_widths`, `@image_sizes`, `@image_metadata`
/// and `@feed_image_width`.
public struct PictureSettings: Sendable, Hashable, Encodable {
    /// What a published picture keeps of its EXIF (GPS position, camera, date), XMP, IPTC
    /// and colour profile.
    public enum Metadata: String, Sendable, Hashable, Encodable, CaseIterable {
        /// None: a picture with a colour profile is converted to sRGB, which browsers assume.
        case strip
        /// All of it (`@image_metadata keep`).
        case keep
    }

    /// The default theme's column: the whole window less the body's padding on a phone, at
    /// most 38rem (the body's 36em at 1.125rem, less its padding).
    public static let defaultSizes = "(max-width: 40.5rem) calc(100vw - 2.5rem), 38rem"
    public static let defaultWidths = [480, 800, 1200, 1600, 2400]

    /// The widths of the variants, narrowest first.
    public var widths: [Int]
    public var sizes: String
    public var metadata: Metadata
    /// The widest variant feeds point at.
    public var feedWidth: Int
    /// The widest variant `og:image` shows.
    public var cardWidth: Int
    /// The lossy quality of WebP and JPEG variants, 1–100.
    public var quality: Int

    public init(widths: [Int] = defaultWidths, sizes: String = defaultSizes, metadata: Metadata = SettingKey.imageMetadata.defaultValue,
                feedWidth: Int = SettingKey.feedImageWidth.defaultValue,
                cardWidth: Int = 1200, quality: Int = 80) {
        self.widths = widths
        self.sizes = sizes
        self.metadata = metadata
        self.feedWidth = feedWidth
        self.cardWidth = cardWidth
        self.quality = quality
    }

    /// `@image_widths`: whole numbers from 16 to 8192 separated by commas; nil otherwise.
    public static func widths(_ text: String) -> [Int]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let widths = parts.compactMap { Int($0) }.filter { (16...8192).contains($0) }
        guard !parts.isEmpty, widths.count == parts.count else { return nil }
        return Array(Set(widths)).sorted()
    }
}
