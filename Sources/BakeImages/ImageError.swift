import BakeIO
/// Why a picture could not be read or its variants made. The caller adds the path and line
/// of the post that shows it.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libvips knows no format with these first bytes: not a picture, or one it cannot read.
    case notAnImage
    /// The format is known but the file is damaged or cut off; `detail` is libvips' reason.
    case damaged(ImageFormat, detail: String)
    /// libvips could not write a variant.
    case notEncoded(ImageFormat, detail: String)
    /// The picture's file could not be read.
    case file(FileSystemError)
    /// More pixels than `ImageResizer.maxPixels`.
    case tooLarge(width: Int, height: Int)
    /// The variants could not be written to the cache folder (full disk, no permission).
    case notKept(String)
    /// libvips did not start (its modules or ABI do not match the ones bake was built with).
    case vipsNotStarted

    public var description: String {
        switch self {
        case .notAnImage:
            "not a picture bake can read; expected a JPEG, PNG, WebP, GIF, AVIF, HEIF, TIFF or SVG file"
        case .damaged(let format, let detail):
            "a damaged \(format.name) file (\(detail)); open and save it again in an image editor"
        case .notEncoded(let format, let detail):
            "cannot write a \(format.name) variant (\(detail))"
        case .file(let error):
            error.description
        case .tooLarge(let width, let height):
            "a picture of \(width) × \(height) pixels; expected at most 250 megapixels"
        case .notKept(let folder):
            "cannot write its resized copies to \(folder)"
        case .vipsNotStarted:
            "libvips did not start; reinstall it (script/setup installs libvips-dev)"
        }
    }
}

private extension ImageFormat {
    var name: String {
        switch self {
        case .other: "picture"
        case .jxl: "JPEG XL"
        default: rawValue.uppercased()
        }
    }
}
