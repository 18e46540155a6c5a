import Foundation
import FuzzDriver
@testable import MetaWeblog

// An IndieAuth app's page at its client_id, as the shim reads it for the redirects it
// publishes: the first line of the input is the `Link` header, the first byte picks the
// content type (HTML, a client metadata document, none), the rest is the body.
enum Target {
    static let contentTypes = ["text/html; charset=utf-8", "application/json", ""]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let rest = bytes.dropFirst()
        let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        let link = String(decoding: rest[..<newline], as: UTF8.self)
        let body = Array(rest[newline...].dropFirst())
        _ = PublishedRedirects.redirects(
            contentType: contentTypes[Int(first) % contentTypes.count], link: link, body: body, url: "https://app.example/a/b"
        )
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
