import BakeIO
import CVips
import CVipsShim

/// libvips, behind the few calls bake makes: the only file that sees its pointers.
///
/// libvips is started on first use, once per process (Swift runs a static `let`'s initialiser
/// once, whichever thread asks first); after that its calls are safe from any thread.
///
/// ```swift
/// let header = try Vips.header(of: bytes)
/// let (width, height, files) = try Vips.resize(bytes, format: .jpeg, to: 800, toSRGB: header.hasProfile, encodings: [.webp(quality: 80, strip: true)])
/// ```
enum Vips {
    /// How one variant is encoded.
    enum Encoding: Sendable, Hashable {
        case webp(quality: Int, strip: Bool)
        case jpeg(quality: Int, strip: Bool)
        case png(strip: Bool)
    }

    /// A picture's header.
    struct Header: Sendable, Hashable {
        let format: ImageFormat
        /// As stored, before its orientation is applied.
        let width: Int
        let height: Int
        /// Whether its EXIF orientation turns it a quarter, swapping width and height.
        let isTurned: Bool
        let pages: Int
        let hasAlpha: Bool
        /// Whether it carries an ICC colour profile.
        let hasProfile: Bool
    }

    private static let started: Bool = bake_vips_start() == 0

    /// Starts libvips now, before any work is spread over threads; false when it cannot start.
    static func start() -> Bool { started }

    /// The version of the libvips bake runs with, e.g. "8.14.1".
    static var version: String {
        String(cString: vips_version_string())
    }

    /// The header of the picture in `bytes`.
    static func header(of bytes: [UInt8]) throws(ImageError) -> Header {
        guard started else { throw .vipsNotStarted }
        let result: Result<Header, ImageError> = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, let loader = vips_foreign_find_load_buffer(base, buffer.count) else {
                vips_error_clear()
                return .failure(.notAnImage)
            }
            // A class name, such as "VipsForeignLoadJpegBuffer"; its nickname is "jpegload_buffer".
            let loaderName = vips_nickname_find(g_type_from_name(loader)).map { String(cString: $0) } ?? ""
            guard let image = bake_vips_header(base, buffer.count) else {
                return .failure(.damaged(format(loader: loaderName, image: nil), detail: takeError()))
            }
            defer { g_object_unref(image) }
            return .success(Header(
                format: format(loader: loaderName, image: image),
                width: Int(vips_image_get_width(image)),
                height: Int(vips_image_get_height(image)),
                isTurned: vips_image_get_orientation_swap(image) != 0,
                pages: Int(vips_image_get_n_pages(image)),
                hasAlpha: vips_image_hasalpha(image) != 0,
                hasProfile: vips_image_get_typeof(image, "icc-profile-data") != 0
            ))
        }
        return try result.get()
    }

    /// The picture in `bytes` made `width` pixels wide (turned as its EXIF orientation says,
    /// converted from its colour profile to sRGB when `toSRGB`), encoded once per encoding.
    ///
    /// Ask for sRGB only of a picture with a profile: libvips would take one without through
    /// XYZ and back, changing pixels for nothing.
    static func resize(_ bytes: [UInt8], format: ImageFormat, to width: Int, toSRGB: Bool, encodings: [Encoding]) throws(ImageError) -> (width: Int, height: Int, files: [[UInt8]]) {
        guard started else { throw .vipsNotStarted }
        let result: Result<(Int, Int, [[UInt8]]), ImageError> = bytes.withUnsafeBytes { buffer in
            // The resized image reads `buffer` as it is evaluated, so everything happens in here.
            var lazy: UnsafeMutablePointer<VipsImage>?
            guard bake_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(width), toSRGB ? 1 : 0, &lazy) == 0, let lazy else {
                return .failure(.damaged(format, detail: takeError()))
            }
            defer { g_object_unref(lazy) }
            // Decode once for all the encodings, unless the pixels would take too much memory.
            let pixels = Int(vips_image_get_width(lazy)) * Int(vips_image_get_height(lazy))
            let image: UnsafeMutablePointer<VipsImage>
            if encodings.count > 1, pixels <= maxPixelsInMemory {
                guard let copy = vips_image_copy_memory(lazy) else {
                    return .failure(.damaged(format, detail: takeError()))
                }
                image = copy
            } else {
                g_object_ref(lazy)
                image = lazy
            }
            defer { g_object_unref(image) }
            var files: [[UInt8]] = []
            for encoding in encodings {
                switch encode(image, encoding) {
                case .success(let file): files.append(file)
                case .failure(let error): return .failure(error)
                }
            }
            return .success((Int(vips_image_get_width(image)), Int(vips_image_get_height(image)), files))
        }
        return try result.get()
    }
}

private extension Vips {
    /// 40 megapixels, 120 MB of 8-bit RGB: larger pictures are decoded again for each encoding.
    static let maxPixelsInMemory = 40_000_000

    static func format(loader: String, image: UnsafeMutablePointer<VipsImage>?) -> ImageFormat {
        switch loader.prefix(while: { $0 != "_" }) {
        case "jpegload": return .jpeg
        case "pngload": return .png
        case "webpload": return .webp
        case "gifload": return .gif
        case "heifload":
            var compression: UnsafePointer<CChar>?
            if let image, vips_image_get_string(image, "heif-compression", &compression) == 0, let compression,
               String(cString: compression) == "av1" {
                return .avif
            }
            vips_error_clear()
            return .heif
        case "tiffload": return .tiff
        case "jxlload": return .jxl
        case "svgload": return .svg
        case "pdfload": return .pdf
        default: return .other
        }
    }

    static func encode(_ image: UnsafeMutablePointer<VipsImage>, _ encoding: Encoding) -> Result<[UInt8], ImageError> {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32
        let format: ImageFormat
        switch encoding {
        case .webp(let quality, let strip):
            format = .webp
            status = bake_vips_webpsave(image, Int32(quality), strip ? 1 : 0, &buffer, &length)
        case .jpeg(let quality, let strip):
            format = .jpeg
            status = bake_vips_jpegsave(image, Int32(quality), strip ? 1 : 0, &buffer, &length)
        case .png(let strip):
            format = .png
            status = bake_vips_pngsave(image, strip ? 1 : 0, &buffer, &length)
        }
        defer { g_free(buffer) }
        guard status == 0, let buffer else { return .failure(.notEncoded(format, detail: takeError())) }
        return .success(Array(UnsafeRawBufferPointer(start: buffer, count: length)))
    }

    /// libvips' last error, as one line, clearing it.
    static func takeError() -> String {
        guard let copy = vips_error_buffer_copy() else { return "no reason given" }
        defer { g_free(copy) }
        let line = String(cString: copy).split(separator: "\n").lazy.map { $0.drop(while: \.isWhitespace) }.first { !$0.isEmpty }
        return line.map(String.init) ?? "no reason given"
    }
}
