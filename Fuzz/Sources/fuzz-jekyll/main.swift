@testable import BakeImport
import BakeKit
import Foundation
import FuzzDriver

// A Jekyll post (front matter and body) and a _config.yml, as `bake import jekyll` reads them.
enum Target {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let permalink = JekyllPermalink(setting: "/:categories/:year/:month/:day/:title.html")

    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        _ = try? JekyllSite.post(
            text: text, path: "_posts/2009-03-31-fuzz.md", stem: "fuzz", nameDate: "2009-03-31",
            format: .markdown, isDraft: false, modified: 0, zone: zone, permalink: permalink
        )
        if let config = try? FrontMatter.parse(yamlFile: text, path: "_config.yml") {
            _ = JekyllPermalink(setting: config.text("permalink"))
            _ = JekyllSite.site(config: config, file: "_config.yml")
        }
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
})
