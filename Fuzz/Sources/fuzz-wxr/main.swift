@testable import BakeImport
import Foundation
import FuzzDriver

// A WordPress export (WXR), as `bake import wordpress` reads it.
enum Target {
    static let export = WordPressExport(path: "export.xml", timeZone: TimeZone(identifier: "America/Los_Angeles")!)

    static func run(_ bytes: [UInt8]) {
        _ = try? export.read(bytes: bytes)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
