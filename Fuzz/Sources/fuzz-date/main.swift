import BakeKit
import Foundation
import FuzzDriver

// `@pubDate` and `@modDate` values, as DateParser reads them in a blog's zone.
enum Target {
    static let zones = [TimeZone(identifier: "America/Los_Angeles")!, TimeZone(identifier: "UTC")!]

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        for zone in zones {
            let parser = DateParser(timeZone: zone)
            _ = parser.parse(text)
            _ = parser.parseCivil(text)
        }
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
})
