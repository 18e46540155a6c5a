import Foundation
import FuzzDriver
@testable import MetaWeblog

// A Micropub request body as the shim reads one, in each of its three encodings: the first
// line of the input picks the content type (and the multipart boundary), the rest is the body.
enum Target {
    static let contentTypes = [
        "application/x-www-form-urlencoded",
        "application/json",
        "multipart/form-data; boundary=fuzz",
        "multipart/form-data; boundary=\"a b\"",
    ]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let contentType = contentTypes[Int(first) % contentTypes.count]
        let body = Array(bytes.dropFirst())
        // The decoder runs the form, JSON or multipart reader the content type names.
        _ = try? MicropubRequest(contentType: contentType, body: body)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
