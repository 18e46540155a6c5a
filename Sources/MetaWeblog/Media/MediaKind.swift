/// What kinds of file an editor may upload, by the extension of its (safe) name: pictures,
/// sound, video and documents, which a web server serves as what they are.
///
/// Everything else is refused, above all what a browser would run on the blog's own site:
/// SVG (it can hold script), HTML and XHTML, and scripts a server might execute (`.php`,
/// `.cgi`). A token that may only upload media must not be able to publish active content.
///
/// ```swift
/// MediaKind(fileName: "IMG_0001.JPG")   // .picture
/// MediaKind(fileName: "drawing.svg")    // nil
/// ```
enum MediaKind: String, Sendable, Hashable, CaseIterable {
    case picture, sound, video, document

    /// The extensions of each kind, lowercased.
    static let extensions: [MediaKind: Set<String>] = [
        .picture: ["jpg", "jpeg", "png", "gif", "webp", "avif", "heic", "heif"],
        .sound: ["mp3", "m4a", "aac", "ogg", "oga", "opus", "wav", "flac"],
        .video: ["mp4", "m4v", "mov", "webm", "ogv"],
        .document: ["pdf", "txt", "epub"],
    ]

    /// The kind of a file called `fileName`; nil for a kind editors may not upload.
    init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        guard let kind = Self.allCases.first(where: { Self.extensions[$0]!.contains(ext) }) else { return nil }
        self = kind
    }

    /// Why `fileName` is refused, for the editor: what is accepted instead.
    static func refusal(of fileName: String) -> String {
        let accepted = allCases.flatMap { extensions[$0]!.sorted() }.map { "." + $0 }.joined(separator: ", ")
        return "\"\(fileName)\" is not a kind of file the blog takes; expected a picture, sound, video or document (\(accepted))"
    }
}
