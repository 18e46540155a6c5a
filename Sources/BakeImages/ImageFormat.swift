import BakeIO
/// The format of a picture, as libvips finds it from the file's first bytes (never from its
/// name).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp, gif, avif, heif, tiff, jxl, svg, pdf
    /// A raster libvips reads through a loader bake does not name (BMP through ImageMagick, JPEG 2000, …).
    case other

    /// Whether it is made of pixels, which resizing applies to; SVG and PDF scale by themselves.
    public var isRaster: Bool { self != .svg && self != .pdf }

    /// The file extension bake gives a variant in this format.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heif: "heic"
        case .other: "img"
        default: rawValue
        }
    }

    /// The format whose variants have the extension `fileExtension`.
    public init?(fileExtension: String) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = format
    }

    /// The media type, for a `<source type="…">`.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .avif: "image/avif"
        case .heif: "image/heic"
        case .tiff: "image/tiff"
        case .jxl: "image/jxl"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        case .other: "application/octet-stream"
        }
    }
}
