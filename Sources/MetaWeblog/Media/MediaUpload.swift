import BakeIO
import BakeKit

/// An upload, checked at the door by all three (`metaWeblog.newMediaObject` and
/// `wp.uploadFile`, Micropub's media endpoint, a post's `photo` parts): the name it is stored
/// under, or why it is refused. Nothing is stored before this says yes.
///
/// A picture is known by its bytes, not its name: one sent as `blob` or `image` (a browser's
/// `Blob`, a phone app) is stored with the extension its bytes show, as is a JPEG named
/// `.png`; a file named as a picture whose bytes are none, or one bake cannot decode (cut off
/// on a flaky connection), is refused, since every page that showed it would stop the next
/// bake. A file that is no picture is taken by its name, as before: its extension says what
/// it is served as.
///
/// ```swift
/// try MediaUpload.name(for: "blob", type: "image/png", bytes: png, allowSVG: false).fileName  // "blob.png"
/// try MediaUpload.name(for: "photo.png", type: "", bytes: jpeg, allowSVG: false).fileName    // "photo.jpg"
/// try MediaUpload.name(for: "blob", type: "image/png", bytes: Array("<html>".utf8), allowSVG: false)  // throws
/// ```
struct MediaUpload: Sendable, Hashable {
    /// The safe name to store it under.
    let fileName: String
    /// The picture format its bytes show; nil for a file that is no raster picture.
    let picture: PictureSignature?

    /// Why an upload is refused, for the editor.
    struct Refusal: Error, Sendable, Hashable {
        let message: String
    }

    /// The name for a file sent as `requested`, declared as `type` (may be empty); throws
    /// when its name and bytes do not make a file the blog takes. Reads only the first bytes.
    static func name(for requested: String, type: String, bytes: [UInt8], allowSVG: Bool) throws(Refusal) -> MediaUpload {
        var name = MediaName(requested).text
        let (stem, ext) = split(name)
        let picture = PictureSignature(bytes: bytes)
        if let picture {
            if ext.map(picture.matches(extension:)) != true {
                name = MediaName(stem + "." + picture.fileExtension).text
            }
        } else if let named = ext.flatMap(PictureSignature.format(ofExtension:)) {
            throw Refusal(message: "\"\(name)\" is not a \(named.name) picture: its bytes are not one (an upload cut off or damaged on the way?); send the picture again")
        } else if ext == nil, let claimed = pictureFormat(ofType: type) {
            let sent = "\"\(name)\" (sent as \(LogText.clipped(type)))"
            throw Refusal(message: "\(sent) is not a \(claimed.name) picture: its bytes are not one (an upload cut off or damaged on the way?); send the picture again")
        }
        guard MediaKind(fileName: name, allowSVG: allowSVG) != nil else {
            throw Refusal(message: MediaKind.refusal(of: name, allowSVG: allowSVG))
        }
        return MediaUpload(fileName: name, picture: picture)
    }

    /// Checks that a picture decodes as the next bake will decode it (with `check`); throws
    /// naming the file and what is wrong with it.
    func checked(_ bytes: [UInt8], with check: PictureCheck) async throws(Refusal) {
        guard let picture else { return }
        if let problem = await check.problem(with: bytes, fileExtension: picture.fileExtension, name: fileName) {
            throw Refusal(message: "\"\(fileName)\" cannot be published: it is \(problem)")
        }
    }
}

private extension MediaUpload {
    /// A name's stem and extension; no extension when it has no dot.
    static func split(_ name: String) -> (stem: String, ext: String?) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, nil) }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// The raster picture format a declared type names (`image/png`), if any.
    static func pictureFormat(ofType type: String) -> PictureSignature? {
        MediaKind.fileExtension(ofContentType: type).flatMap(PictureSignature.format(ofExtension:))
    }
}
