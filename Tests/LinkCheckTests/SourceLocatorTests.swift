import LinkCheck
import Testing

@Suite struct SourceLocatorTests {
    let locator = SourceLocator(
        site: SiteAddress(url: "https://example.com/blog"),
        templates: [SourceText(path: "templates/layout.mustache", text: "<nav>\n<a href=\"{{site.base}}/tags/\">Tags</a>\n</nav>")]
    )
    let post = SourceText(path: "posts/2014/03/31/a.markdown", text: """
        @title A
        @image /images/card.png

        See [gone](/gone.html) and [東京](/東京.html),
        <a href="/search?a=1&amp;b=2">search</a>.
        """)

    @Test func findsTheURLAsTheAuthorWroteIt() {
        #expect(locator.locate("/blog/gone.html", in: [post]) == .init(path: post.path, line: 4, written: "/gone.html"))
        #expect(locator.locate("https://example.com/blog/images/card.png", in: [post]) == .init(path: post.path, line: 2, written: "/images/card.png"))
        #expect(locator.locate("/blog/%E6%9D%B1%E4%BA%AC.html", in: [post]) == .init(path: post.path, line: 4, written: "/東京.html"))
        #expect(locator.locate("/blog/search?a=1&b=2", in: [post]) == .init(path: post.path, line: 5, written: "/search?a=1&amp;b=2"))
    }

    @Test func aURLNoSourceHoldsIsLookedForInTheTemplates() {
        #expect(locator.locate("/blog/tags/", in: [post]) == nil)
        #expect(locator.locateInTemplates("/blog/tags/") == .init(path: "templates/layout.mustache", line: 2, written: "/tags/"))
        #expect(locator.locateInTemplates("/blog/nowhere/") == nil)
    }
}
