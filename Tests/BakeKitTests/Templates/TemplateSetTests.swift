import BakeKit
import Testing

/// The smallest template set a site can have: each required page template, plain text.
func minimalTemplateSources(replacing overrides: [String: String] = [:]) -> [TemplateSet.Source] {
    var texts: [String: String] = [:]
    for name in TemplateSet.requiredNames { texts[name] = "\(name): {{page_title}}" }
    for (name, text) in overrides { texts[name] = text }
    return texts.keys.sorted().compactMap { name in
        guard let text = texts[name], !text.isEmpty else { return nil }
        return TemplateSet.Source(name: name, path: "templates/\(name).mustache", text: text)
    }
}

@Suite struct TemplateSetTests {
    @Test func rendersATemplateWithItsPartialsAndParents() throws {
        let html = try renderHome([
            "layout": "<main>{{$content}}default{{/content}}</main>",
            "item": "<li>{{display_title}}</li>",
            "home": "{{<layout}}{{$content}}{{#posts}}{{> item}}{{/posts}}{{/content}}{{/layout}}",
        ], titles: ["a & b", "c"])
        #expect(html == "<main><li>a &amp; b</li><li>c</li></main>")
    }

    @Test func syntaxErrorNamesTheFileAndLine() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "post": "<article>\n{{#post}}\n<h1>{{title}}</h1>\n{{/posts}}\n</article>\n",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/post.mustache:4:1: template syntax error: the closing tag {{/posts}} does not match the open section {{#post}}; expected well-formed Mustache",
        ])
    }

    /// An unclosed section is reported at its opening tag; an unclosed tag where it starts.
    @Test func unclosedSectionAndUnclosedTag() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "archive": "line one\n{{#years}}\n{{year}}\n",
                "month": "line one\nline two {{month\n",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/archive.mustache:2:1: template syntax error: the section {{#years}} is never closed; expected well-formed Mustache",
            "templates/month.mustache:2:10: template syntax error: a tag is not closed; expected well-formed Mustache",
        ])
    }

    @Test func missingRequiredTemplate() {
        let failure = buildFailure { try TemplateSet(sources: minimalTemplateSources(replacing: ["month": ""])) }
        #expect(failure.map(lines) == [
            "templates/month.mustache: missing template month.mustache; expected it in the blog's templates/ folder or in the theme",
        ])
    }

    @Test func missingPartialAndMissingParent() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "post": "<article>\n{{page_title}}\n{{> sidebar }}\n</article>\n",
                "page": "{{<frame}}{{$content}}x{{/content}}{{/frame}}",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/page.mustache:1:1: the partial or parent `frame` does not exist; expected templates/frame.mustache",
            "templates/post.mustache:3:1: the partial or parent `sidebar` does not exist; expected templates/sidebar.mustache",
        ])
    }

    /// swift-mustache would recurse until the stack overflows; bake names the loop instead.
    @Test func templatesThatIncludeEachOtherWithoutEnd() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "post": "<article>\n{{> post}}\n</article>\n",
                "card": "{{title}}\n{{#flag}}x{{/flag}}\n{{> frame}}",
                "frame": "{{<card}}{{$content}}{{/content}}{{/card}}",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/card.mustache:3: the templates include one another without end (card → frame → card); expected the include inside a {{#section}} that ends, or no loop",
            "templates/post.mustache:2: the templates include one another without end (post → post); expected the include inside a {{#section}} that ends, or no loop",
        ])
    }

    /// A partial that includes itself inside a section would, with bake's contexts, find the
    /// same list again at every level and never end; the compiler names the chain.
    @Test func aPartialThatIncludesItselfInASectionIsAnError() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "item": "<li>{{display_title}}{{#posts}}<ul>{{> item}}</ul>{{/posts}}</li>",
                "home": "<ul>{{#posts}}{{> item}}{{/posts}}</ul>",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/item.mustache:1:36: partials include one another too deeply (home → item → item → item → …); expected the recursion to end within bake's contexts",
        ])
    }

    @Test func everyProblemAtOnce() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "home": "", "not_found": "", "post": "{{> missing}}", "page": "{{#a}}{{/b}}",
            ]))
        }
        #expect(failure?.diagnostics.map(\.path) == [
            "templates/home.mustache", "templates/not_found.mustache", "templates/page.mustache", "templates/post.mustache",
        ])
    }

    @Test func fingerprintFollowsTheText() throws {
        let a = try TemplateSet(sources: minimalTemplateSources())
        let b = try TemplateSet(sources: minimalTemplateSources().reversed())
        let c = try TemplateSet(sources: minimalTemplateSources(replacing: ["home": "changed"]))
        #expect(a.fingerprint == b.fingerprint)
        #expect(a.fingerprint != c.fingerprint)
    }

    /// Renders the home page of a blog whose posts have `titles`, newest first, with `templates`.
    func renderHome(_ templates: [String: String], titles: [String]) throws -> String {
        let settings = try makeSettings(url: "https://example.com", homePostCount: titles.count)
        let posts = try titles.enumerated().map { index, title in
            try makePost("posts/2014/01/\(10 + titles.count - index)/p\(index).markdown", date: "2014-01-\(10 + titles.count - index) 09:00:00",
                         title: title, body: "Body \(index).", settings: settings).post
        }
        let plan = try SitePlan(posts: posts, pages: [], settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: try TemplateSet(sources: minimalTemplateSources(replacing: templates)),
                                    options: RenderOptions())
        return String(decoding: renderer.render(.home, bodies: [:]).bytes, as: UTF8.self)
    }
}
