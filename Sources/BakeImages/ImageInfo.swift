import BakeIO
/// What a picture is, read from its header without decoding its pixels.
///
/// ```swift
/// let info = try ImageResizer.info(of: bytes)   // 3024 × 4032 .jpeg for a phone photo held sideways
/// ```
public struct ImageInfo: Sendable, Hashable {
    /// Its size as a reader sees it: after its EXIF orientation is applied, so a portrait
    /// photo stored sideways is taller than wide.
    public let width: Int
    public let height: Int
    public let format: ImageFormat
    /// Whether it has more than one frame (an animated GIF or WebP).
    public let isAnimated: Bool
    public let hasAlpha: Bool

    public init(width: Int, height: Int, format: ImageFormat, isAnimated: Bool, hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.format = format
        self.isAnimated = isAnimated
        self.hasAlpha = hasAlpha
    }
}
