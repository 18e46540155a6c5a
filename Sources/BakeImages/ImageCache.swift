import BakeIO
import BakeKit

/// The variants of every picture bake has resized, kept in `.bake-cache/images`, one file per
/// picture, so that a rebuild decodes and encodes only new or changed pictures.
///
/// A picture is found by a hash of its bytes and of everything that shapes its variants: the
/// widths, the quality, the metadata setting and the version of libvips. A missing, damaged
/// or stale file only costs time: the variants are made again.
///
/// ```swift
/// let cache = ImageCache(folder: blog.imageCachePath, settings: settings)
/// let made = try cache.variants(of: bytes)              // made.encodes == 0 the second time
/// let all = await cache.variants(ofFilesAt: paths)     // in parallel, in the order given
/// ```
public struct ImageCache: Sendable {
    static let magic = "bake-images 1"

    public let folder: String
    public let resizer: ImageResizer
    /// The hash of what shapes the variants besides the picture itself.
    private let identity: ContentHasher

    public init(folder: String, settings: ImageSettings) {
        self.folder = folder
        resizer = ImageResizer(settings: settings)
        var identity = ContentHasher()
        identity.combine(Self.magic)
        identity.combine(ImageResizer.vipsVersion)
        identity.combine(settings.widths.sorted().map(String.init).joined(separator: ","))
        identity.combine(Int64(settings.quality))
        identity.combine(settings.metadata.rawValue)
        self.identity = identity
    }

    /// The variants of the picture in `bytes`, from the cache or made and kept there. A cache
    /// file that cannot be written is not an error: the next build makes the variants again.
    public func variants(of bytes: [UInt8]) throws(ImageError) -> ImageVariants {
        let path = self.path(for: bytes)
        if let file = try? FileIO.readIfPresent(path), let kept = Self.decode(file, sourceCount: bytes.count) {
            return kept
        }
        let made = try resizer.variants(of: bytes)
        _ = try? FileIO.writeAtomically(Self.encode(made, sourceCount: bytes.count), to: path, durable: false)
        return made
    }

    /// The variants of the pictures at `paths`, on every core, in the order of `paths`.
    public func variants(ofFilesAt paths: [String]) async -> [Result<ImageVariants, ImageError>] {
        await parallelMap(paths) { path in
            Result { () throws(ImageError) -> ImageVariants in
                let bytes: [UInt8]
                do throws(FileSystemError) { bytes = try FileIO.read(path) } catch { throw .file(error) }
                return try variants(of: bytes)
            }
        }
    }

    /// Where the variants of the picture in `bytes` are kept.
    public func path(for bytes: [UInt8]) -> String {
        var hasher = identity
        hasher.combine(bytes: bytes)
        return folder + "/" + hasher.hexDigest
    }
}

private extension ImageCache {
    static func encode(_ made: ImageVariants, sourceCount: Int) -> [UInt8] {
        var writer = ByteWriter()
        writer.reserveCapacity(256 + made.variants.reduce(0) { $0 + 32 + $1.byteCount })
        writer.write(magic)
        writer.write(sourceCount)
        writer.write(made.original.width)
        writer.write(made.original.height)
        writer.write(made.original.format.rawValue)
        writer.write(made.original.isAnimated)
        writer.write(made.original.hasAlpha)
        writer.write(made.leftAsIs?.rawValue ?? "")
        writer.write(made.variants.count)
        for variant in made.variants {
            writer.write(variant.width)
            writer.write(variant.height)
            writer.write(variant.format.rawValue)
            writer.write(variant.bytes)
        }
        return writer.bytes
    }

    /// What `encode` wrote for a picture of `sourceCount` bytes, or nil.
    static func decode(_ file: [UInt8], sourceCount: Int) -> ImageVariants? {
        var reader = ByteReader(file)
        guard reader.string() == magic, reader.int() == sourceCount,
              let width = reader.int(), let height = reader.int(),
              let format = reader.string().flatMap(ImageFormat.init(rawValue:)),
              let isAnimated = reader.bool(), let hasAlpha = reader.bool(),
              let leftAsIs = reader.string(), let count = reader.count()
        else { return nil }
        var variants: [ImageVariant] = []
        for _ in 0..<count {
            guard let width = reader.int(), let height = reader.int(),
                  let format = reader.string().flatMap(ImageFormat.init(rawValue:)),
                  let range = reader.segment()
            else { return nil }
            variants.append(ImageVariant(width: width, height: height, format: format, bytes: Array(file[range])))
        }
        let original = ImageInfo(width: width, height: height, format: format, isAnimated: isAnimated, hasAlpha: hasAlpha)
        return ImageVariants(original: original, variants: variants, leftAsIs: ImageVariants.LeftAsIs(rawValue: leftAsIs), decodes: 0, encodes: 0)
    }
}
