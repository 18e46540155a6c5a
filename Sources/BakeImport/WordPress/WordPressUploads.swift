import BakeIO
import BakeKit
import Foundation

/// The pictures and files a WordPress blog's posts show from its `wp-content/uploads`, found in
/// a copy of that folder, to bring into the blog's `static/media/` (where bake's own uploads
/// go) under the same `YYYY/MM/` path.
///
/// A URL counts when it is on the old blog's host (or has none) and its path holds
/// `/wp-content/uploads/`; its query (WordPress.com's `?w=300`) is kept. Files of other sites,
/// and uploads the folder does not have, are left as they are.
///
/// ```swift
/// let uploads = WordPressUploads(folder: "/old/wp-content/uploads", host: "old.example.com", sitePath: "")
/// uploads.bringing(in: #"<img src="http://old.example.com/wp-content/uploads/2009/03/a.jpg">"#).body
/// // <img src="/media/2009/03/a.jpg">
/// ```
struct WordPressUploads: Sendable {
    /// The copy of `wp-content/uploads`, absolute.
    let folder: String
    /// The old blog's host, lowercased; nil when the export names none.
    let host: String?
    /// The path of the new blog on its site, "" or e.g. `/blog`, for the URLs written.
    let sitePath: String

    /// `body` with each upload the folder has shown from `static/media/`, the files that
    /// takes, and the URLs of uploads the folder lacks, each with its line in `body`.
    func bringing(in body: String) -> (body: String, files: [ImportFile], missing: [(url: String, line: Int)]) {
        guard body.contains("/wp-content/uploads/") else { return (body, [], []) }
        var files: [ImportFile] = []
        var missing: [(url: String, line: Int)] = []
        var result = ""
        var rest = body.startIndex
        var searchRange = body.startIndex..<body.endIndex
        while let range = body.range(of: Self.pattern, options: .regularExpression, range: searchRange) {
            searchRange = range.upperBound..<body.endIndex
            let url = String(body[range])
            guard let (relative, query) = uploadPath(of: url) else { continue }
            guard let file = file(relative) else {
                missing.append((url, body[..<range.lowerBound].count(where: { $0 == "\n" }) + 1))
                continue
            }
            if !files.contains(file) { files.append(file) }
            result += body[rest..<range.lowerBound]
            result += sitePath + "/media/" + relative + (query.map { "?" + $0 } ?? "")
            rest = range.upperBound
        }
        result += body[rest...]
        return (result, files, missing)
    }

    /// The file an attachment's URL names in the folder, if the folder has it.
    func file(ofUpload url: String) -> ImportFile? {
        uploadPath(of: url).flatMap { file($0.relative) }
    }
}

private extension WordPressUploads {
    /// A URL with `/wp-content/uploads/` in its path: after `//host` (with or without a
    /// scheme), or root-relative after a quote, `=`, `(` or a space.
    static let pattern = #"(?:(?:https?:)?//[^/\s"'<>]+|(?<=["'(=\s]))(?:/[^/\s"'<>?#,]+)*?/wp-content/uploads/[^\s"'<>?#,]+(?:\?[^\s"'<>#,]*)?"#

    /// The path below `wp-content/uploads/` (as the URL writes it) and the query, when `url`
    /// is on the old blog and names a file the folder may hold: no empty, `.` or `..` segment.
    func uploadPath(of url: String) -> (relative: String, query: String?)? {
        let reference = URLReference(url)
        if reference.authority != nil {
            guard let host, reference.host?.lowercased() == host else { return nil }
        }
        guard let marker = reference.path.range(of: "/wp-content/uploads/") else { return nil }
        let relative = String(reference.path[marker.upperBound...])
        guard let decoded = relative.removingPercentEncoding,
              !decoded.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0.hasPrefix(".") || $0.contains("\0") })
        else { return nil }
        return (relative, reference.query.map(String.init))
    }

    /// The file for an upload path, if the folder has it as a regular file.
    func file(_ relative: String) -> ImportFile? {
        guard let decoded = relative.removingPercentEncoding else { return nil }
        let source = folder + "/" + decoded
        guard FileIO.exists(source), !FileIO.isFolder(source) else { return nil }
        return ImportFile(path: "static/media/" + decoded, from: source, source: relative)
    }
}
