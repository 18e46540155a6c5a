import BakeIO
/// Makes the variants of a picture with libvips: each width in WebP and in a fallback format
/// every browser shows, turned as its EXIF orientation says, with its metadata stripped
/// unless the settings keep it.
///
/// The same bytes and settings give the same variants, byte for byte: libvips' encoders
/// write no timestamps, and a stripped variant carries no metadata at all.
///
/// ```swift
/// let resizer = ImageResizer(settings: ImageSettings(widths: [480, 800]))
/// let made = try resizer.variants(of: try FileIO.read(path))
/// made.variants.map(\.width)                // [480, 480, 800, 800, 3024]: the full size in JPEG only
/// ```
public struct ImageResizer: Sendable {
    public let settings: ImageSettings

    public init(settings: ImageSettings = ImageSettings()) {
        self.settings = settings
    }

    /// The size and format of the picture in `bytes`, from its header.
    public static func info(of bytes: [UInt8]) throws(ImageError) -> ImageInfo {
        info(from: try Vips.header(of: bytes))
    }

    /// The most pixels a picture may have: 250 megapixels, more than any phone or camera makes.
    public static let maxPixels = 250_000_000

    /// Starts libvips (and caps the allocator's arenas) before pictures are made on several
    /// threads; false when libvips cannot start, which every resize then reports.
    @discardableResult
    public static func start() -> Bool { Vips.start() }

    /// The version of libvips, which the cache keys its variants by.
    public static var vipsVersion: String { Vips.version }

    /// The variants of the picture in `bytes`, or the reason it is left as it is.
    public func variants(of bytes: [UInt8]) throws(ImageError) -> ImageVariants {
        let header = try Vips.header(of: bytes)
        let original = Self.info(from: header)
        // A few bytes can claim billions of pixels (a decompression bomb); no camera makes them.
        guard original.width * original.height <= Self.maxPixels else { throw .tooLarge(width: original.width, height: original.height) }
        if let reason = Self.leftAsIs(original) {
            return ImageVariants(original: original, variants: [], leftAsIs: reason, decodes: 1, encodes: 0)
        }
        let strip = settings.metadata == .strip
        let quality = min(max(settings.quality, 1), 100)
        var encodings: [Vips.Encoding] = [.webp(quality: quality, strip: strip)]
        switch Self.fallback(for: original) {
        case .jpeg: encodings.append(.jpeg(quality: quality, strip: strip))
        case .png: encodings.append(.png(strip: strip))
        default: break
        }
        var variants: [ImageVariant] = []
        var decodes = 1
        let widest = settings.widths.max() ?? 0
        for width in settings.widths(for: original.width) {
            // Past the widest size pages ask for, the picture's own size serves only its own
            // path, as the full-size copy in its own format: a WebP of it would never be
            // chosen, and at 12 megapixels it is the dearest file to encode.
            let encodings = width > widest && encodings.count > 1 ? Array(encodings.dropFirst()) : encodings
            let made = try Vips.resize(bytes, format: original.format, to: width, toSRGB: strip && header.hasProfile, encodings: encodings)
            decodes += 1
            for (encoding, file) in zip(encodings, made.files) {
                variants.append(ImageVariant(width: made.width, height: made.height, format: encoding.format, bytes: file))
            }
        }
        return ImageVariants(original: original, variants: variants, leftAsIs: nil, decodes: decodes, encodes: variants.count)
    }

    /// The format of the variants made beside WebP for browsers without it: a JPEG stays a
    /// JPEG and a PNG a PNG; a WebP needs none; others become JPEG, or PNG when transparent.
    public static func fallback(for original: ImageInfo) -> ImageFormat? {
        switch original.format {
        case .jpeg, .png: original.format
        case .webp: nil
        default: original.hasAlpha ? .png : .jpeg
        }
    }
}

private extension ImageResizer {
    static func info(from header: Vips.Header) -> ImageInfo {
        ImageInfo(
            width: header.isTurned ? header.height : header.width,
            height: header.isTurned ? header.width : header.height,
            format: header.format,
            // A TIFF's or HEIF's further pages are other pictures, not frames.
            isAnimated: header.pages > 1 && (header.format == .gif || header.format == .webp),
            hasAlpha: header.hasAlpha
        )
    }

    static func leftAsIs(_ info: ImageInfo) -> ImageVariants.LeftAsIs? {
        if info.format == .gif { return .gif }
        if !info.format.isRaster { return .vector }
        if info.isAnimated { return .animated }
        return nil
    }
}

private extension Vips.Encoding {
    var format: ImageFormat {
        switch self {
        case .webp: .webp
        case .jpeg: .jpeg
        case .png: .png
        }
    }
}
