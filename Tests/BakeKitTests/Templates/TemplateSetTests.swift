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
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "layout": "<main>{{$content}}default{{/content}}</main>",
            "item": "<li>{{name}}</li>",
            "home": "{{<layout}}{{$content}}{{#items}}{{> item}}{{/items}}{{/content}}{{/layout}}",
        ]))
        let html = templates.render("home", context: ["items": [["name": "a & b"], ["name": "c"]]])
        #expect(html == "<main><li>a &amp; b</li><li>c</li></main>")
    }

    @Test func syntaxErrorNamesTheFileAndLine() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "post": "<article>\n{{#post}}\n<h1>{{title}}</h1>\n{{/posts}}\n</article>\n",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/post.mustache:4: template syntax error: a closing tag does not match the open section at column 4; expected well-formed Mustache",
        ])
    }

    /// The Mustache parser notices these at the end of the file, so the line is the last one.
    @Test func unclosedSectionAndUnclosedTag() {
        let failure = buildFailure {
            try TemplateSet(sources: minimalTemplateSources(replacing: [
                "archive": "line one\n{{#years}}\n{{year}}\n",
                "month": "line one\nline two {{month\n",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/archive.mustache:4: template syntax error: a section is never closed at column 1; expected well-formed Mustache",
            "templates/month.mustache:3: template syntax error: a tag is not closed at column 1; expected well-formed Mustache",
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
                "post": "<article>\n{{title}}\n{{> sidebar }}\n</article>\n",
                "page": "{{<frame}}{{$content}}x{{/content}}{{/frame}}",
            ]))
        }
        #expect(failure.map(lines) == [
            "templates/page.mustache:1: the partial or parent `frame` does not exist; expected templates/frame.mustache",
            "templates/post.mustache:3: the partial or parent `sidebar` does not exist; expected templates/sidebar.mustache",
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

    /// A partial may include itself inside a section: the data decides when it ends.
    @Test func aRecursivePartialInsideASectionRenders() throws {
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "comment": "<li>{{text}}{{#replies}}<ul>{{> comment}}</ul>{{/replies}}</li>",
            "home": "<ul>{{#comments}}{{> comment}}{{/comments}}</ul>",
        ]))
        let html = templates.render("home", context: ["comments": [
            ["text": "a", "replies": [["text": "b", "replies": [] as [Any]]]] as [String: Any],
        ]])
        #expect(html == "<ul><li>a<ul><li>b</li></ul></li></ul>")
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
}
