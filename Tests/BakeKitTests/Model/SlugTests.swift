import BakeKit
import Testing

@Suite struct SlugTests {
    @Test(arguments: [
        ("Mark All as Read!", "mark-all-as-read"),
        ("Crème brûlée 🍮", "creme-brulee"),
        ("Don't panic", "dont-panic"),
        ("It’s here", "its-here"),
        ("  RSS 2.0 at Harvard  ", "rss-2-0-at-harvard"),
        ("Ｆｕｌｌ width", "full-width"),
        ("🍞🥖", ""),
        ("", ""),
        ("日本語のタイトル", ""),
    ])
    func make(_ example: (title: String, slug: String)) {
        #expect(Slug.make(from: example.title) == example.slug)
    }

    @Test func cutAtAWordBoundary() {
        #expect(Slug.make(from: "one two three four", maxLength: 13) == "one-two-three")
        #expect(Slug.make(from: "one two three four", maxLength: 12) == "one-two")
        #expect(Slug.make(from: String(repeating: "a", count: 100), maxLength: 10) == "aaaaaaaaaa")
        #expect(Slug.make(from: String(repeating: "word ", count: 40)).count <= 60)
    }

    @Test func unique() {
        #expect(Slug.unique("hello", taken: []) == "hello")
        #expect(Slug.unique("hello", taken: ["hello"]) == "hello-2")
        #expect(Slug.unique("hello", taken: ["hello", "hello-2", "hello-3"]) == "hello-4")
    }
}
