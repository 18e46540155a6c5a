@testable import BakeImport
import Foundation
import FuzzDriver

// A feed (RSS 2.0, Atom or JSON Feed), as `bake import feed` reads it; and the same bytes as
// a Blogger export, which `bake import blogger` reads with the feed's Atom reader, and as a
// Ghost export (JSON).
enum Target {
    static let feed = FeedDocument(path: "feed.xml", timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    static let blogger = BloggerExport(path: "blog.xml", timeZone: TimeZone(identifier: "Europe/Paris")!)
    static let ghost = GhostExport(path: "ghost.json", timeZone: TimeZone(identifier: "Asia/Kolkata")!)

    static func run(_ bytes: [UInt8]) {
        _ = try? feed.read(bytes: bytes)
        _ = try? blogger.read(bytes: bytes)
        _ = try? ghost.read(bytes: bytes)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
