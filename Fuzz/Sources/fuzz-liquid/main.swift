@testable import BakeImport
import BakeKit
import Foundation
import FuzzDriver

// The Liquid of a Jekyll body, as `bake import jekyll` reads and runs it.
enum Target {
    static let context: LiquidRenderer.Context = {
        var context = LiquidRenderer.Context()
        let date = CivilTime(year: 2011, month: 3, day: 31, hour: 20, minute: 16, second: 46, offset: -25200)
        context.page = ["title": .text("A & B"), "date": .date(date), "url": .text("/2011/03/31/a.html"), "tags": .list([.text("a"), .text("b")])]
        context.site = ["title": .text("Site"), "url": .text("https://example.com"), "baseurl": .text("/blog"), "author": .map(["name": .text("Ada")])]
        context.postURLs = ["2010-10-18-first": "/2010/10/18/first.html"]
        context.links = ["about.md": "/about.html"]
        return context
    }()

    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        // The reader loses nothing: its parts, as written, are the body.
        precondition(LiquidReader.parts(of: text).map(\.source).joined() == text, "the parts are not the body")
        for isHTML in [false, true] {
            var context = context
            context.isHTML = isHTML
            _ = LiquidRenderer(context: context).render(text)
        }
        _ = JekyllSite.sitePaths(in: text, baseurl: "/blog", siteURL: "https://example.com")
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
})
