import BakeKit
import Foundation

/// Whether bake can read the bytes of an upload as a picture, before they are stored: the
/// same `bake-images` a build runs decodes them, so an upload the next build could not read
/// is refused at the door, and one it can is already in `.bake-cache/images` (kept by its
/// bytes) when the build comes.
///
/// ```swift
/// let check = PictureCheck(blog: blog, settings: settings.pictures)
/// await check.problem(with: bytes, fileExtension: "png", name: "photo.png")  // nil, or "a damaged PNG file (…)…"
/// ```
public struct PictureCheck: Sendable {
    let stage: PictureStage

    /// - Parameter program: Where `bake-images` is; beside the running program unless told.
    public init(blog: BlogFolder, settings: PictureSettings, program: String? = nil) {
        stage = PictureStage(blog: blog, settings: settings, program: program)
    }

    /// Why the bytes cannot be read as a picture with extension `fileExtension` (the reason a
    /// build would give, with the file called `name`), or nil when they can. Nil too when
    /// nothing could check them (`bake-images` missing or stopped, the cache folder not
    /// writable): that is the machine's problem, not the file's, and the build says it.
    public func problem(with bytes: [UInt8], fileExtension: String, name: String) async -> String? {
        let folder = stage.blog.imageCachePath
        let path = folder + "/.upload-\(String(UInt64.random(in: .min ... .max), radix: 16)).\(fileExtension)"
        do {
            try FileIO.createFolders(folder)
            _ = try FileIO.writeAtomically(bytes, to: path, durable: false, mode: 0o600)
        } catch {
            return nil
        }
        defer { try? FileIO.remove(path) }
        guard let made = try? await stage.make([path], cache: folder), let outcome = made.first else { return nil }
        switch outcome {
        case .success: return nil
        case .failure(let failure):
            let reason = failure.reason.replacingOccurrences(of: path, with: name)
            return reason.contains(folder) ? nil : reason
        }
    }
}
