/// The picture format a file's first bytes show, whatever its name says: what an upload is
/// checked by, and what names a picture sent as `blob` or `image`.
///
/// Only the signature is read (the first 16 bytes at most): a file with a good signature may
/// still be cut off or damaged, which only decoding tells.
///
/// ```swift
/// PictureSignature(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])?.fileExtension  // "png"
/// PictureSignature(bytes: Array("hello".utf8))                                            // nil
/// PictureSignature.png.matches(extension: "PNG")                                          // true
/// PictureSignature.jpeg.matches(extension: "jpeg")                                        // true
/// ```
public enum PictureSignature: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif, webp, avif, heic

    /// Reads the signature at the start of `bytes`; nil when it is no picture format bake reads.
    public init?(bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            // ISO base media: the major brand says which; HEIF's several brands are one kind here.
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "avif", "avis": self = .avif
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": self = .heic
            default: return nil
            }
        } else {
            return nil
        }
    }

    /// The extension a file of this format is stored with.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// The format's name, as a person reads it: `PNG`, `JPEG`.
    public var name: String {
        switch self {
        case .heic: "HEIC"
        case .webp: "WebP"
        default: rawValue.uppercased()
        }
    }

    /// Whether a file named with extension `ext` (any case) is taken as this format.
    public func matches(extension ext: some StringProtocol) -> Bool {
        Self.format(ofExtension: ext) == self
    }

    /// The format a raster picture's extension names; nil for any other extension.
    public static func format(ofExtension ext: some StringProtocol) -> PictureSignature? {
        switch ext.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        case "gif": .gif
        case "webp": .webp
        case "avif": .avif
        case "heic", "heif": .heic
        default: nil
        }
    }
}
