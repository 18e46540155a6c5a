@testable import BakeKit
import Foundation
import Testing

/// bake's compiled templates against swift-mustache, the reference: the same templates and
/// the same contexts must give the same bytes, page by page.
@Suite struct TemplateCompilerDifferentialTests {
    /// A small blog with what templates branch on: titled, untitled and link posts, an
    /// excerpt, an episode, an edit, categories, several pages of posts and two pages, and text
    /// that needs escaping.
    static func blog() throws -> (posts: [ParsedPost], pages: [ParsedPage], settings: SiteSettings) {
        let settings = try makeSettings(url: "https://example.com/blog", homePostCount: 2, extra: "@blog_home_page_title Home & <away>\n@icon_url /icon.png")
        let posts = [
            try makePost("posts/2014/01/05/first.markdown", date: "2014-01-05 09:00:00", title: "First \"quoted\" & 'single'",
                         body: "One <em>two</em>.\n\n<!--more-->\n\nThe rest.", extraHeader: "@categoryArray Swift, Notes\n", settings: settings),
            try makePost("posts/2014/03/01/second.markdown", date: "2014-03-01 09:00:00", title: "Fish & <chips>", body: "Two *words*.",
                         extraHeader: "@categoryArray Food\n@modDate 2014-03-02 10:00:00\n@enclosure /media/ep1.mp3\n", settings: settings),
            try makePost("posts/2014/03/20/third.markdown", date: "2014-03-20 09:00:00", title: nil, body: "An untitled note, with <b>bold</b>.", settings: settings),
            try makePost("posts/2015/06/01/fourth.markdown", date: "2015-06-01 09:00:00", title: "Link", body: "Four.",
                         extraHeader: "@link https://example.org/?a=1&b=2\n@categoryArray Swift\n@layout wide\n", settings: settings),
            try makePost("posts/2015/06/02/fifth.markdown", date: "2015-06-02 09:00:00", title: "Fifth", body: "Five.\n\n    code\n", settings: settings),
        ]
        let pages = [
            try PostParser(settings: settings).parsePage(path: "pages/about.markdown", bytes: Array("@title About & more\n\nMe.\n".utf8)),
            try PostParser(settings: settings).parsePage(path: "pages/colophon.markdown", bytes: Array("@title Colophon\n@show_title false\n\nMade.\n".utf8)),
        ]
        return (posts, pages, settings)
    }

    /// Renders every page of the blog with `sources` through both engines and returns the
    /// paths where they differ, with both texts.
    static func differences(_ sources: [TemplateSet.Source]) throws -> [(path: String, bake: String, reference: String)] {
        let (posts, pages, settings) = try blog()
        let plan = try SitePlan(posts: posts.map(\.post), pages: pages.map(\.page), settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: sources), options: RenderOptions())
        let oracle = try MustacheOracle(sources: sources)
        var bodies: [String: String] = [:]
        for post in posts { bodies[post.post.sourcePath] = post.html }
        for page in pages { bodies[page.page.sourcePath] = page.html }
        var found: [(String, String, String)] = []
        for output in plan.outputs {
            guard let (template, context) = renderer.page(for: output.inputs, at: output.path, bodies: bodies) else { continue }
            let bake = String(decoding: renderer.render(output, bodies: bodies).bytes, as: UTF8.self)
            let reference = oracle.render(template, page: context)
            if bake != reference { found.append((output.path.file, bake, reference)) }
        }
        return found
    }

    static func defaultTheme() throws -> [TemplateSet.Source] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../site-template/templates").standardized
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }.sorted().map { file in
            let name = String(file.dropLast(".mustache".count))
            return TemplateSet.Source(name: name, path: "templates/\(file)",
                                      text: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    @Test func theDefaultThemeRendersAsSwiftMustacheRendersIt() throws {
        let sources = try Self.defaultTheme()
        #expect(sources.count >= 12)
        for difference in try Self.differences(sources) {
            Issue.record("\(difference.path):\n--- bake\n\(difference.bake)\n--- swift-mustache\n\(difference.reference)")
        }
    }

    /// A theme that prints every name of every context type, as the compiler knows them.
    @Test func everyNameRendersAsSwiftMustacheRendersIt() throws {
        func walk(_ type: ContextType, depth: Int) -> String {
            type.fields.keys.sorted().map { name -> String in
                switch type.fields[name]!.type {
                case .text, .bool: return "\(name)={{\(name)}}|{{{\(name)}}}\n"
                case .map: return "{{#\(name)}}title={{title}}{{/\(name)}}\(name).title={{\(name).title}}\n"
                case .object(let inner), .list(let inner):
                    return depth > 3 ? "" : "{{#\(name)}}[\n\(walk(inner, depth: depth + 1))]{{/\(name)}}{{^\(name)}}no \(name){{/\(name)}}\n"
                }
            }.joined()
        }
        let everything = walk(PageContext.type, depth: 0)
        let sources = PageTemplate.allCases.map(\.rawValue).map { TemplateSet.Source(name: $0, path: "templates/\($0).mustache", text: everything) }
        let differences = try Self.differences(sources)
        #expect(differences.isEmpty, "\(differences.first.map { "\($0.path):\n--- bake\n\($0.bake)\n--- swift-mustache\n\($0.reference)" } ?? "")")
    }

    /// Random templates of every construct, nested; a failing seed is printed to run again.
    @Test(arguments: 0..<100) func generatedTemplatesRenderAsSwiftMustacheRendersThem(round: Int) throws {
        for seed in UInt64(round * 10)..<UInt64(round * 10 + 10) {
            var generator = TemplateGenerator(seed: seed)
            let page = generator.page()
            var sources = PageTemplate.allCases.map(\.rawValue).map { TemplateSet.Source(name: $0, path: "templates/\($0).mustache", text: page) }
            sources += generator.partials.sorted { $0.key < $1.key }.map { TemplateSet.Source(name: $0.key, path: "templates/\($0.key).mustache", text: $0.value) }
            let differences: [(path: String, bake: String, reference: String)]
            do {
                differences = try Self.differences(sources)
            } catch {
                Issue.record("seed \(seed): \(error)\n\(sources.map { "== \($0.name)\n\($0.text)" }.joined(separator: "\n"))")
                continue
            }
            if let first = differences.first {
                Issue.record("seed \(seed), \(first.path):\n--- bake\n\(first.bake)\n--- swift-mustache\n\(first.reference)\n--- templates\n\(sources.map { "== \($0.name)\n\($0.text)" }.joined(separator: "\n"))")
            }
        }
    }
}
