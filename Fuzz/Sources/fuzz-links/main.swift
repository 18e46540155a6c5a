import Foundation
import FuzzDriver
import LinkCheck

// Built pages and feeds, as `bake check` reads them: libxml2's HTML parser through
// HTMLScanner, the RSS and JSON Feed scanners, and every link they find resolved against a
// site with a base path, checked, and turned into the forms an author may have written.
enum Target {
    static let site = SiteAddress(url: "https://example.com/blog")
    static let links = SiteLinks(site: site, files: SiteFiles(["index.html", "a.html", "2014/03/31/a.html", "about/index.html"]))
    static let locator = SourceLocator(site: site, templates: [SourceText(path: "templates/layout.mustache", text: "<a href=\"{{site.base}}/tags/\">")])

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let input = Array(bytes)
        for scan in [HTMLScanner.scan(input), FeedScanner.scanRSS(input), FeedScanner.scanJSONFeed(input)] {
            let result = links.check(scan, on: "2014/03/31/a.html")
            _ = links.brokenFragments(result.fragments, anchors: ["a.html": scan.anchors, "index.html": []])
            for link in scan.links.prefix(64) { _ = locator.locateInTemplates(link.url) }
        }
        _ = site.resolve(String(decoding: bytes, as: UTF8.self), on: "2014/03/31/a.html")
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
})
