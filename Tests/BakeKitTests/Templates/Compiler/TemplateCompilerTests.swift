@testable import BakeKit
import Testing

/// What the compiler says about a theme's mistakes, at the file, line and column of the tag.
@Suite struct TemplateCompilerTests {
    func problems(_ templates: [String: String]) -> [String] {
        buildFailure { try TemplateSet(sources: minimalTemplateSources(replacing: templates)) }.map(lines) ?? []
    }

    @Test func anUnknownNameInAPartialNamesThePartialAndTheNearestName() {
        #expect(problems([
            "article": "<article>\n<h2>{{title}}</h2>\n    {{titel}}\n</article>\n",
            "home": "{{#posts}}\n{{> article}}\n{{/posts}}\n",
            "post": "{{#post}}{{> article}}{{/post}}",
        ]) == [
            "templates/article.mustache:3:5: {{titel}}: a post has no \"titel\"; did you mean \"title\"?",
        ])
    }

    @Test func anUnknownNameWithNothingNearIt() {
        #expect(problems(["archive": "<p>{{#years}}{{frobnicate}}{{/years}}</p>"]) == [
            "templates/archive.mustache:1:14: {{frobnicate}}: a year of the archive has no \"frobnicate\"; expected a name from the README's Template variables",
        ])
    }

    @Test func anUnknownNameAfterADot() {
        #expect(problems(["not_found": "{{site.nmae}}\n{{{post.titl}}}"]) == [
            "templates/not_found.mustache:1:1: {{site.nmae}}: site (the site) has no \"nmae\"; did you mean \"name\"?",
            "templates/not_found.mustache:2:1: {{post.titl}}: post (a post) has no \"titl\"; did you mean \"title\"?",
        ])
    }

    /// A name some other kind of page has is absent here, not an error: the layout every page
    /// shares tests for `pagination`.
    @Test func aNameOfAnotherKindOfPageIsAbsent() throws {
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: [
            "not_found": "[{{#pagination}}{{page}}{{/pagination}}{{^posts}}none{{/posts}}{{post.title}}]",
        ]))
        #expect(templates.names.contains("not_found"))
        let (posts, pages, settings) = try TemplateCompilerDifferentialTests.blog()
        let plan = try SitePlan(posts: posts.map(\.post), pages: pages.map(\.page), settings: settings, now: Timestamp(seconds: 2_000_000_000))
        let renderer = SiteRenderer(plan: plan, templates: templates, options: RenderOptions())
        #expect(String(decoding: renderer.render(.notFound, bodies: [String: String]()).bytes, as: UTF8.self) == "[none]")
    }

    @Test func printingAListOrAnObjectIsAnError() {
        #expect(problems(["home": "{{posts}}\n{{{site}}}\n{{#posts}}{{categories}}{{/posts}}"]) == [
            "templates/home.mustache:1:1: {{posts}} is a list of posts, not text; expected it in a section, {{#…}}…{{/…}}",
            "templates/home.mustache:2:1: {{{site}}} is the site, not text; expected it in a section, {{#…}}…{{/…}}",
            "templates/home.mustache:3:11: {{categories}} is a list of a post's categories, not text; expected it in a section, {{#…}}…{{/…}}",
        ])
    }

    @Test func aTransformThatDoesNotApply() {
        #expect(problems(["home": "{{count(page_title)}}{{shout(page_title)}}"]) == [
            "templates/home.mustache:1:1: {{count(page_title)}}: `count` does not apply to text; expected one of capitalized, lowercased, uppercased, reversed, empty",
            "templates/home.mustache:1:22: {{shout(page_title)}}: `shout` does not apply to anything; expected one of capitalized, lowercased, uppercased, reversed, empty, first, last, count, index, even, odd",
        ])
    }

    /// Only a page that uses a template checks it as a page; a partial is checked where it is
    /// included.
    @Test func aTemplateNoPageUsesIsNotCheckedAsAPage() throws {
        let templates = try TemplateSet(sources: minimalTemplateSources(replacing: ["card": "{{title}}"]))
        #expect(templates.problems(asPage: "card").map(\.description) == [
            "templates/card.mustache:1:1: {{title}}: the page has no \"title\"; did you mean \"page_title\"?",
        ])
    }

    @Test func theDefaultThemeCompiles() throws {
        let sources = try TemplateCompilerDifferentialTests.defaultTheme()
        let templates = try TemplateSet(sources: sources)
        for name in TemplateSet.requiredNames + TemplateSet.listNames {
            #expect(templates.problems(asPage: name).isEmpty)
        }
    }
}
