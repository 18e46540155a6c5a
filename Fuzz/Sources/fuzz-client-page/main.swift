import BakeLinks
import Foundation
import FuzzDriver
@testable import MetaWeblog

// A page of another site as bake reads it: an IndieAuth app's page at its client_id, for the
// redirects it publishes, and a linked page, for its webmention endpoint. The first byte
// picks the content type (HTML, a client metadata document, none), the rest of the first
// line is the `Link` header, the rest is the body.
enum Target {
    static let contentTypes = ["text/html; charset=utf-8", "application/json", ""]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let rest = bytes.dropFirst()
        let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        let link = String(decoding: rest[..<newline], as: UTF8.self)
        let body = Array(rest[newline...].dropFirst())
        let page = Curl.Page(status: 200, url: "https://app.example/a/b", contentType: contentTypes[Int(first) % contentTypes.count], link: link, body: body)
        _ = PublishedRedirects.redirects(of: page)
        _ = WebmentionEndpoint.of(page)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
