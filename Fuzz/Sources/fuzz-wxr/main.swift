@testable import BakeImport
import Foundation
import FuzzDriver

// A WordPress export (WXR), as `bake import wordpress` reads it; and its bytes as a post's
// body, in which `--uploads` looks for the URLs of uploads (a folder that is not there has none).
enum Target {
    static let export = WordPressExport(path: "export.xml", timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    static let uploads = WordPressUploads(folder: "/nonexistent/wp-content/uploads", host: "old.example.com", sitePath: "/blog")

    static func run(_ bytes: [UInt8]) {
        _ = try? export.read(bytes: bytes)
        _ = uploads.bringing(in: String(decoding: bytes, as: UTF8.self))
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
