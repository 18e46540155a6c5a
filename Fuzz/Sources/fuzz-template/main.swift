@testable import BakeKit
import Foundation
import FuzzDriver

// A theme's template as bake reads it: parsed, compiled against bake's contexts as the home
// page (with a partial and a parent it may include), and, when it compiles, rendered with a
// small blog's home page.
enum Target {
    static let settings = try! SiteSettings(metadata: MetadataParser().parse(text: """
        @site_name Fuzz & <co>
        @site_url https://example.com/blog
        @time_zone America/Los_Angeles
        @home_post_count 2
        """).metadata)
    static let parsed: [ParsedPost] = {
        let parser = PostParser(settings: settings)
        let now = Timestamp(seconds: 1_700_000_000)
        return [
            try! parser.parsePost(path: "posts/2014/03/31/one.markdown", bytes: Array("@title One & \"two\"\n@pubDate 2014-03-31 20:16:46 -0700\n@categoryArray Swift, Notes\n\nA *first* post.\n\n<!--more-->\n\nMore.\n".utf8), status: .published, now: now),
            try! parser.parsePost(path: "posts/2014/04/01/two.markdown", bytes: Array("@pubDate 2014-04-01 09:00:00 -0700\n@link https://example.org/\n@enclosure /a.mp3\n\nAn untitled link.\n".utf8), status: .published, now: now),
        ]
    }()
    static let plan = try! SitePlan(posts: parsed.map(\.post), pages: [], settings: settings, now: Timestamp(seconds: 1_700_000_000))
    static let bodies = Dictionary(uniqueKeysWithValues: parsed.map { ($0.post.sourcePath, $0.html) })

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var sources = TemplateSet.requiredNames.map { TemplateSet.Source(name: $0, path: "templates/\($0).mustache", text: "{{page_title}}") }
        sources.removeAll { $0.name == "home" || $0.name == "post" }
        sources.append(TemplateSet.Source(name: "home", path: "templates/home.mustache", text: text))
        sources.append(TemplateSet.Source(name: "post", path: "templates/post.mustache", text: "{{#post}}{{> partial}}{{/post}}"))
        sources.append(TemplateSet.Source(name: "partial", path: "templates/partial.mustache", text: "[{{title}}]{{$block}}b{{/block}}\n"))
        guard let templates = try? TemplateSet(sources: sources) else { return }
        let renderer = SiteRenderer(plan: plan, templates: templates, options: RenderOptions())
        for output in plan.outputs where output.inputs.kind == .home || output.inputs.kind == .post {
            _ = renderer.render(output, bodies: bodies)
        }
    }
}

// The context types' tables of names are made once, on first use, and kept for the process:
// that one-time set-up is not a leak of compiling.
__lsan_disable()
Target.run(Array("{{#posts}}{{title}}{{#categories}}{{name}}{{/categories}}{{#episode}}{{url}}{{/episode}}{{/posts}}{{site.name}}".utf8))
__lsan_enable()

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    Target.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
})
