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
    static let magic = "bake-images 2"

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
    /// folder that cannot be written is not an error: the next build makes the variants again.
    public func variants(of bytes: [UInt8]) throws(ImageError) -> ImageVariants {
        let folder = path(for: bytes)
        if let kept = Self.kept(in: folder) {
            var variants: [ImageVariant] = []
            for variant in kept.variants {
                guard let file = try? FileIO.read(folder + "/" + variant.fileName), let format = ImageFormat(fileExtension: variant.format) else { break }
                variants.append(ImageVariant(width: variant.width, height: variant.height, format: format, bytes: file))
            }
            if variants.count == kept.variants.count, let format = ImageFormat(rawValue: kept.format) {
                let original = ImageInfo(width: kept.width, height: kept.height, format: format, isAnimated: kept.isAnimated, hasAlpha: kept.hasAlpha)
                return ImageVariants(original: original, variants: variants, leftAsIs: kept.leftAsIs.flatMap(ImageVariants.LeftAsIs.init(rawValue:)), decodes: 0, encodes: 0)
            }
        }
        let made = try resizer.variants(of: bytes)
        Self.keep(made, in: folder)
        return made
    }

    /// The picture in the file at `path`, kept in the cache: its folder there and how many
    /// variants were encoded to put it there (0 when it already was).
    public func keep(fileAt path: String) throws(ImageError) -> (folder: String, encodes: Int) {
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try FileIO.read(path) } catch { throw .file(error) }
        let folder = self.path(for: bytes)
        if let kept = Self.kept(in: folder), kept.variants.allSatisfy({ FileIO.exists(folder + "/" + $0.fileName) }) {
            return (folder, 0)
        }
        let made = try resizer.variants(of: bytes)
        guard Self.keep(made, in: folder) else { throw .notKept(folder) }
        return (folder, made.encodes)
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

    /// The folder where the picture in `bytes` and its variants are kept.
    public func path(for bytes: [UInt8]) -> String {
        var hasher = identity
        hasher.combine(bytes: bytes)
        return folder + "/" + hasher.hexDigest
    }
}

private extension ImageCache {
    /// The record in `folder`, when it is whole.
    static func kept(in folder: String) -> CachedPicture? {
        (try? FileIO.readIfPresent(folder + "/" + CachedPicture.recordName)).flatMap { $0 }.flatMap(CachedPicture.init(decoding:))
    }

    /// Writes each variant's file, then the record, which says they are all there. False
    /// when a file could not be written.
    @discardableResult
    static func keep(_ made: ImageVariants, in folder: String) -> Bool {
        do throws(FileSystemError) {
            try FileIO.createFolders(folder)
            var variants: [CachedPicture.Variant] = []
            for variant in made.variants {
                let kept = CachedPicture.Variant(width: variant.width, height: variant.height, format: variant.format.fileExtension)
                try FileIO.writeAtomically(variant.bytes, to: folder + "/" + kept.fileName, durable: false)
                variants.append(kept)
            }
            let record = CachedPicture(width: made.original.width, height: made.original.height, format: made.original.format.rawValue,
                                       leftAsIs: made.leftAsIs?.rawValue, hasAlpha: made.original.hasAlpha, isAnimated: made.original.isAnimated,
                                       variants: variants)
            try FileIO.writeAtomically(record.encoded(), to: folder + "/" + CachedPicture.recordName, durable: false)
            return true
        } catch {
            return false
        }
    }
}
