import BakeKit
import Testing

@Suite struct PostFileTests {
    @Test func textIsHeaderBlankLineBody() {
        let file = PostFile(fields: [("title", "Hello"), ("pubDate", "2014-03-31 20:16:46 -0700")], body: "Body.\n")
        #expect(file.text == "@title Hello\n@pubDate 2014-03-31 20:16:46 -0700\n\nBody.\n")
    }

    @Test func emptyValuesAreWrittenAsEmptyString() {
        let file = PostFile(fields: [("title", ""), ("summary", "   ")], body: "")
        #expect(file.text == "@title (empty-string)\n@summary (empty-string)\n\n")
    }

    @Test func lineBreaksInAValueBecomeSpaces() {
        let file = PostFile(fields: [("title", "One\ntwo\r\nthree\rfour")], body: "")
        #expect(file.text == "@title One two three four\n\n")
    }

    @Test(arguments: [
        "Plain body.\n",
        "@mention at the start of the body\n",
        "\nA body that starts with a blank line.\n",
        "",
        "No final newline",
    ])
    func roundTripsThroughTheParser(_ body: String) {
        let fields: [(key: String, value: String)] = [("title", "Round trip"), ("summary", ""), ("pubDate", "2014-03-31 20:16:46 -0700")]
        let parsed = MetadataParser().parse(text: PostFile(fields: fields, body: body).text)
        #expect(parsed.metadata.fields.map(\.key) == fields.map(\.key))
        #expect(parsed.metadata.fields.map(\.value) == fields.map(\.value))
        #expect(parsed.body == body)
    }

    @Test func equalityIsByText() {
        let a = PostFile(fields: [("title", "")], body: "x")
        let b = PostFile(fields: [("title", "(empty-string)")], body: "x")
        #expect(a == b)
        #expect(a != PostFile(fields: [("title", "y")], body: "x"))
    }
}
