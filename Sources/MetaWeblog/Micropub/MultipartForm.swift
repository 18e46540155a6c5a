import BakeKit
import Foundation

/// A `multipart/form-data` body (RFC 7578), split into its parts: a small reader over a body
/// already read in whole and bounded by the server's body limit, so it needs no streaming.
///
/// Written here rather than taken from vapor/multipart-kit: the shim holds the whole body
/// anyway, the reader is one pure function of bytes (which a fuzzer can call directly), and
/// it keeps the package's dependencies to the ones named in the README.
///
/// ```swift
/// let form = try MultipartForm(body: bytes, boundary: "XyZ")
/// form.fields["content"]    // the text fields, as `FormFields`
/// form.files("photo")       // the parts with a file name
/// ```
struct MultipartForm: Sendable, Hashable {
    /// One part.
    struct Part: Sendable, Hashable {
        /// The field name from `Content-Disposition`.
        let name: String
        /// The file name, for a file part.
        let fileName: String?
        /// The part's `Content-Type`, if it has one.
        let contentType: String?
        /// The part's bytes.
        let body: [UInt8]
    }

    /// The most parts a body may have.
    static let maxParts = 256
    /// The most bytes of headers one part may have.
    static let maxHeaderBytes = 16 * 1024

    /// Every part, in order.
    let parts: [Part]

    /// Splits `body` at `boundary`; throws when it is not a multipart body with that boundary.
    init(body: [UInt8], boundary: String) throws(MultipartError) {
        guard !boundary.isEmpty, boundary.utf8.count <= 200 else { throw MultipartError.badBoundary }
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [Part] = []
        guard var position = Self.find(delimiter, in: body, from: 0) else { throw MultipartError.noBoundary }
        while true {
            position += delimiter.count
            // "--" after a delimiter ends the body.
            if body.count >= position + 2, body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { break }
            // The rest of the delimiter line (transport padding), then CRLF.
            guard let lineEnd = Self.find(Self.crlf, in: body, from: position) else { throw MultipartError.truncated }
            let headerStart = lineEnd + 2
            guard let headerEnd = Self.find(Self.crlf + Self.crlf, in: body, from: headerStart - 2) else { throw MultipartError.truncated }
            guard headerEnd - headerStart <= Self.maxHeaderBytes else { throw MultipartError.headersTooLong }
            let contentStart = headerEnd + 4
            guard let next = Self.find(Self.crlf + delimiter, in: body, from: contentStart - 2) else { throw MultipartError.truncated }
            let headers = headerEnd > headerStart ? String(decoding: body[headerStart..<headerEnd], as: UTF8.self) : ""
            parts.append(try Self.part(headers: headers, body: contentStart <= next ? Array(body[contentStart..<next]) : []))
            guard parts.count <= Self.maxParts else { throw MultipartError.tooManyParts }
            position = next + 2
        }
        self.parts = parts
    }

    /// The fields without a file name, as text.
    var fields: FormFields {
        FormFields(pairs: parts.filter { $0.fileName == nil }.map { ($0.name, String(decoding: $0.body, as: UTF8.self)) })
    }

    /// The file parts named `name` or `name[]`.
    func files(_ name: String) -> [Part] {
        parts.filter { $0.fileName != nil && ($0.name == name || $0.name == name + "[]") }
    }
}

/// Why a multipart body could not be read.
enum MultipartError: Error, Sendable, Hashable {
    case badBoundary, noBoundary, truncated, headersTooLong, tooManyParts, noName

    var message: String {
        switch self {
        case .badBoundary: "the multipart boundary is empty or longer than 200 bytes"
        case .noBoundary: "the body does not start with its multipart boundary"
        case .truncated: "the multipart body ends in the middle of a part"
        case .headersTooLong: "a part's headers are longer than \(MultipartForm.maxHeaderBytes) bytes"
        case .tooManyParts: "the body has more than \(MultipartForm.maxParts) parts"
        case .noName: "a part has no Content-Disposition name"
        }
    }
}

private extension MultipartForm {
    static let crlf: [UInt8] = [13, 10]

    /// Where `needle` first starts in `haystack` at or after `start`, in time linear in the
    /// body whatever boundary a client chose (`ByteSearch`).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return nil }
        return ByteSearch.firstOffset(of: needle, in: haystack, from: start)
    }

    /// A part from its header lines.
    static func part(headers: String, body: [UInt8]) throws(MultipartError) -> Part {
        var name: String?
        var fileName: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if key == "content-type" {
                contentType = value
            } else if key == "content-disposition" {
                let parameters = HeaderParameters(value)
                name = parameters["name"]
                fileName = parameters["filename"]
            }
        }
        guard let name else { throw MultipartError.noName }
        return Part(name: name, fileName: fileName, contentType: contentType, body: body)
    }
}
