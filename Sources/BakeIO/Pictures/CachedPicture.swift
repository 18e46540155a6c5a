import BakeKit

/// What `.bake-cache/images` keeps of one picture: its size and format, and the variants made
/// of it, each in a file of its own beside the record (`<key>/meta`, `<key>/480.webp`, …).
///
/// Written by `bake-images` once every variant's file is in place, read by the build, which
/// never decodes a picture itself.
public struct CachedPicture: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public let width: Int
        public let height: Int
        /// The file extension of its format: `webp`, `jpg` or `png`.
        public let format: String

        public init(width: Int, height: Int, format: String) {
            self.width = width
            self.height = height
            self.format = format
        }

        /// Its file in the picture's cache folder, e.g. `480.webp`.
        public var fileName: String { "\(width).\(format)" }
    }

    static let magic = "bake-picture 2"
    /// The record's file in a picture's cache folder.
    public static let recordName = "meta"

    /// The size a reader sees, after the EXIF orientation.
    public let width: Int
    public let height: Int
    /// The original's format, as libvips found it (`jpeg`, `png`, `gif`, `heif`, …).
    public let format: String
    /// Why it is published as it is (`gif`, `vector`, `animated`); nil when it has variants.
    public let leftAsIs: String?
    public let hasAlpha: Bool
    public let isAnimated: Bool
    /// Narrowest first; at each width WebP, then the fallback format.
    public let variants: [Variant]

    public init(width: Int, height: Int, format: String, leftAsIs: String?, hasAlpha: Bool = false, isAnimated: Bool = false, variants: [Variant]) {
        self.width = width
        self.height = height
        self.format = format
        self.leftAsIs = leftAsIs
        self.hasAlpha = hasAlpha
        self.isAnimated = isAnimated
        self.variants = variants
    }

    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(Self.magic)
        writer.write(width)
        writer.write(height)
        writer.write(format)
        writer.write(leftAsIs ?? "")
        writer.write(hasAlpha)
        writer.write(isAnimated)
        writer.write(variants.count)
        for variant in variants {
            writer.write(variant.width)
            writer.write(variant.height)
            writer.write(variant.format)
        }
        return writer.bytes
    }

    public init?(decoding bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard reader.string() == Self.magic, let width = reader.int(), let height = reader.int(), let format = reader.string(),
              let leftAsIs = reader.string(), let hasAlpha = reader.bool(), let isAnimated = reader.bool(), let count = reader.count()
        else { return nil }
        var variants: [Variant] = []
        for _ in 0..<count {
            guard let width = reader.int(), let height = reader.int(), let format = reader.string(),
                  !format.contains("/"), !format.contains(".")
            else { return nil }
            variants.append(Variant(width: width, height: height, format: format))
        }
        self.init(width: width, height: height, format: format, leftAsIs: leftAsIs.isEmpty ? nil : leftAsIs, hasAlpha: hasAlpha, isAnimated: isAnimated, variants: variants)
    }

    /// The extension of the original's format when browsers show it and a variant holds it at
    /// full size, so that its own path keeps serving it: `jpg`, `png` or `webp`.
    public var fullSizeFormat: String? {
        switch format {
        case "jpeg": "jpg"
        case "png": "png"
        case "webp": "webp"
        default: nil
        }
    }

    /// The picture as pages show it: with its variants, or for one published as it is (a GIF,
    /// an animation) only its size.
    func picture(identity: UInt64) -> Picture {
        guard leftAsIs == nil, !variants.isEmpty else {
            return Picture(width: width, height: height, sizes: [], formats: [], keepsPath: true, identity: identity)
        }
        var sizes: [Picture.Size] = []
        var formats: [String] = []
        for variant in variants {
            if sizes.last?.width != variant.width { sizes.append(Picture.Size(width: variant.width, height: variant.height)) }
            if !formats.contains(variant.format) { formats.append(variant.format) }
        }
        formats.sort { a, b in a == "webp" && b != "webp" }
        let widestModern = variants.filter { $0.format == formats.first }.map(\.width).max()
        return Picture(width: width, height: height, sizes: sizes, formats: formats, keepsPath: fullSizeFormat != nil, identity: identity,
                       widestModern: widestModern)
    }
}
