import BakeIO
/// What shapes the variants of a picture: their widths, their quality, and whether metadata
/// goes with them. Part of the cache key, so a change makes them again.
///
/// ```swift
/// var settings = ImageSettings()          // 480, 800, 1200, 1600, 2400 px, quality 80, metadata stripped
/// settings.widths = [640, 1280]
/// settings.metadata = .keep              // `@image_metadata keep`
/// ```
public struct ImageSettings: Sendable, Hashable {
    /// What happens to a picture's EXIF (GPS position, camera, date), XMP, IPTC and colour profile.
    public enum Metadata: String, Sendable, Hashable {
        /// The variants carry none. libvips 8.14's `strip` drops the ICC profile along with
        /// EXIF, XMP and IPTC, so a picture with a profile (a camera's Adobe RGB, a phone's
        /// Display P3) is converted to sRGB first, which browsers assume of a picture without
        /// one; a picture without a profile keeps its pixels.
        case strip
        /// The variants keep the original's metadata and colour profile (its orientation
        /// reset, since the pixels are turned).
        case keep
    }

    /// The widths of the variants, in pixels; those not smaller than the picture are left
    /// out, and a variant at the picture's own width is always made.
    public var widths: [Int]
    /// The lossy quality of WebP and JPEG variants, 1–100.
    public var quality: Int
    public var metadata: Metadata

    public init(widths: [Int] = [480, 800, 1200, 1600, 2400], quality: Int = 80, metadata: Metadata = .strip) {
        self.widths = widths
        self.quality = quality
        self.metadata = metadata
    }

    /// The widths of the variants of a picture `width` pixels wide, smallest first: never wider
    /// than it is, and its own width last.
    public func widths(for width: Int) -> [Int] {
        Set(widths.filter { $0 > 0 && $0 < width }).sorted() + [width]
    }
}
