import BakeIO
/// A picture and what bake made of it: its variants, or why it is left as it is.
///
/// ```swift
/// let made = try ImageResizer(settings: settings).variants(of: bytes)
/// for variant in made.variants { … }        // 480 webp, 480 jpeg, 800 webp, …, 3024 jpeg
/// made.encodes                              // 12; 0 when it came from the cache
/// ```
public struct ImageVariants: Sendable, Hashable {
    /// Why a picture is copied as it is rather than resized.
    public enum LeftAsIs: String, Sendable, Hashable {
        /// A GIF: resizing would lose its animation or its palette.
        case gif
        /// SVG or PDF, which scale by themselves.
        case vector
        /// An animated WebP or other picture with frames, which resizing would flatten to the first.
        case animated
    }

    public let original: ImageInfo
    /// Smallest first, each width in WebP, then in the fallback format; empty when left as is.
    public let variants: [ImageVariant]
    public let leftAsIs: LeftAsIs?
    /// How many pictures libvips decoded and encoded to make this: 0 and 0 when it came from the cache.
    public let decodes: Int
    public let encodes: Int

    public init(original: ImageInfo, variants: [ImageVariant], leftAsIs: LeftAsIs?, decodes: Int, encodes: Int) {
        self.original = original
        self.variants = variants
        self.leftAsIs = leftAsIs
        self.decodes = decodes
        self.encodes = encodes
    }
}
