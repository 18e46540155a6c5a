import BakeKit
import Foundation
import FuzzDriver

// A post or page file as `bake` reads it from the blog: header, body, Markdown or HTML.
enum Target {
    static let parser = PostParser(settings: try! SiteSettings(metadata: MetadataParser().parse(text: """
        @site_name Fuzz
        @site_url https://example.com/blog
        @time_zone America/Los_Angeles
        """).metadata))

    static func run(_ bytes: [UInt8]) {
        let now = Timestamp(seconds: 1_700_000_000)
        _ = try? parser.parsePost(path: "posts/2014/03/31/fuzz.markdown", bytes: bytes, status: .published, now: now)
        _ = try? parser.parsePost(path: "drafts/fuzz.html", bytes: bytes, status: .draft, now: now)
        _ = try? parser.parsePage(path: "pages/fuzz.md", bytes: bytes)
    }
}

// The first render registers cmark-gfm's extensions, once per process, and MarkdownRenderer
// then empties autolink's list of special characters; cmark-gfm has no call to free that list,
// so its 32 bytes are dropped. That one-time set-up is not a leak of parsing.
__lsan_disable()
Target.run(Array("@title Set-up\n@pubDate 2014-03-31 20:16:46 -0700\n\nA *first* render.\n".utf8))
__lsan_enable()

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
