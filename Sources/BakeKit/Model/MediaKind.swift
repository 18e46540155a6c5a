/// What kinds of file an editor may upload, by the extension of its (safe) name: pictures,
/// sound, video and documents, which a web server serves as what they are; and the type each
/// is served with, which `bake preview` uses too.
///
/// Everything else is refused, above all what a browser would run on the blog's own site:
/// SVG (it can hold script), HTML and XHTML, and scripts a server might execute (`.php`,
/// `.cgi`). A token that may only upload media must not be able to publish active content.
/// SVG is taken only when the blog says so (`@upload_svg true`), for editors it trusts.
///
/// ```swift
/// MediaKind(fileName: "IMG_0001.JPG")                 // .picture
/// MediaKind(fileName: "drawing.svg")                  // nil
/// MediaKind(fileName: "drawing.svg", allowSVG: true)  // .picture
/// MediaKind.contentType(ofExtension: "m4a")           // "audio/mp4"
/// ```
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    case picture, sound, video, document

    /// Each extension (lowercased) an editor may upload, with its kind and its `Content-Type`.
    public static let types: [String: (kind: MediaKind, contentType: String)] = [
        "jpg": (.picture, "image/jpeg"), "jpeg": (.picture, "image/jpeg"), "png": (.picture, "image/png"),
        "gif": (.picture, "image/gif"), "webp": (.picture, "image/webp"), "avif": (.picture, "image/avif"),
        "heic": (.picture, "image/heic"), "heif": (.picture, "image/heif"),
        "mp3": (.sound, "audio/mpeg"), "m4a": (.sound, "audio/mp4"), "aac": (.sound, "audio/aac"),
        "ogg": (.sound, "audio/ogg"), "oga": (.sound, "audio/ogg"), "opus": (.sound, "audio/ogg"),
        "wav": (.sound, "audio/wav"), "flac": (.sound, "audio/flac"),
        "mp4": (.video, "video/mp4"), "m4v": (.video, "video/mp4"), "mov": (.video, "video/quicktime"),
        "webm": (.video, "video/webm"), "ogv": (.video, "video/ogg"),
        "pdf": (.document, "application/pdf"), "txt": (.document, "text/plain; charset=utf-8"), "epub": (.document, "application/epub+zip"),
    ]

    /// The extensions of each kind, lowercased.
    public static var extensions: [MediaKind: Set<String>] {
        Dictionary(grouping: types.keys) { types[$0]!.kind }.mapValues(Set.init)
    }

    /// The kind of a file called `fileName`; nil for a kind editors may not upload. With
    /// `allowSVG`, an `.svg` is a picture.
    public init?(fileName: String, allowSVG: Bool = false) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        if allowSVG, ext == "svg" {
            self = .picture
            return
        }
        guard let type = Self.types[ext] else { return nil }
        self = type.kind
    }

    /// The `Content-Type` a file with this extension is served with; nil for one that is not media.
    public static func contentType(ofExtension ext: some StringProtocol) -> String? {
        types[ext.lowercased()]?.contentType
    }

    /// The extension of the files served with `contentType` (its parameters ignored, any
    /// case): `image/png` → `png`, `audio/mpeg` → `mp3`; nil for a type no upload has.
    public static func fileExtension(ofContentType contentType: String) -> String? {
        let type = String(contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
        guard !type.isEmpty else { return nil }
        if let usual = usualExtensions[type] { return usual }
        return types.filter { String($0.value.contentType.prefix { $0 != ";" }) == type }.keys
            .min { ($0.count, $0) < ($1.count, $1) }
    }

    /// The usual extension of the types that several extensions are served with.
    static let usualExtensions = ["image/jpeg": "jpg", "image/heif": "heif", "audio/ogg": "ogg", "video/mp4": "mp4"]

    /// Why `fileName` is refused, for the editor: what is accepted instead.
    public static func refusal(of fileName: String, allowSVG: Bool = false) -> String {
        let accepted = allCases.flatMap { extensions[$0]!.sorted() + (allowSVG && $0 == .picture ? ["svg"] : []) }.map { "." + $0 }.joined(separator: ", ")
        return "\"\(fileName)\" is not a kind of file the blog takes; expected a picture, sound, video or document (\(accepted))"
    }
}
