import LinkCheck
import Testing

@Suite struct LinkHeaderTests {
    @Test func linkHeadersAreReadAsAList() {
        #expect(LinkHeader.targets(#"<a>; rel="x redirect_uri", <b>; title="a, b"; rel=redirect_uri, <c>; rel=next"#, relation: "redirect_uri") == ["a", "b"])
        #expect(LinkHeader.targets("", relation: "redirect_uri").isEmpty)
        #expect(LinkHeader.targets("<unclosed; rel=redirect_uri", relation: "redirect_uri").isEmpty)
        // Linear: a long header of one kind of character is read at once.
        #expect(LinkHeader.targets(String(repeating: "<", count: 200_000), relation: "redirect_uri").isEmpty)
        #expect(LinkHeader.targets(String(repeating: "\"", count: 200_000), relation: "redirect_uri").isEmpty)
    }

    /// Relations are words: `rel="webmention other"` names two, and case does not matter.
    @Test func relationsAreWordsInAnyCase() {
        #expect(LinkHeader.targets(#"<https://a.example/wm>; rel="Webmention other""#, relation: "webmention") == ["https://a.example/wm"])
        #expect(LinkHeader.targets(#"<https://a.example/x>; rel="webmentions""#, relation: "webmention").isEmpty)
    }
}
