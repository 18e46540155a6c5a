import BakeKit
import Testing

@Suite struct MetadataParserTests {
    let parser = MetadataParser()

    @Test func headerThenBlankLineThenBody() throws {
        let parsed = try parser.parse(Array("@title Hello\n@pubDate 2014-03-31 20:16:46 -0700\n\nBody text.\n".utf8))
        #expect(parsed.metadata.fields == [
            PostMetadata.Field(key: "title", value: "Hello", line: 1),
            PostMetadata.Field(key: "pubDate", value: "2014-03-31 20:16:46 -0700", line: 2),
        ])
        #expect(parsed.body == "Body text.\n")
        #expect(parsed.bodyLine == 4)
    }

    @Test func valueIsEverythingAfterTheFirstSpace() {
        let parsed = parser.parse(text: "@title  Two  spaces inside\n@link https://example.com/a b\n")
        #expect(parsed.metadata["title"] == " Two  spaces inside")
        #expect(parsed.metadata["link"] == "https://example.com/a b")
    }

    @Test func emptyValues() {
        let parsed = parser.parse(text: "@title\n@summary \n@note (empty-string)\n@other (empty-string) not quite\n\nBody\n")
        #expect(parsed.metadata["title"] == "")
        #expect(parsed.metadata["summary"] == "")
        #expect(parsed.metadata["note"] == "")
        #expect(parsed.metadata["other"] == "(empty-string) not quite")
        #expect(parsed.body == "Body\n")
    }

    @Test func unknownKeysAreKeptInOrder() throws {
        let parsed = try parser.parse(fixture("posts/every-field.markdown"))
        #expect(parsed.metadata.fields.map(\.key) == ["title", "pubDate", "modDate", "link", "categoryArray", "summary", "dbid", "emptyValue"])
        #expect(parsed.metadata["dbid"] == "1234")
        #expect(parsed.metadata["summary"] == "")
        #expect(parsed.metadata["emptyValue"] == "")
        #expect(parsed.metadata.field("dbid")?.line == 7)
        #expect(parsed.body == "A link post with every header field bake reads, plus keys it does not know.\n")
        #expect(parsed.bodyLine == 10)
    }

    @Test func aRepeatedKeyKeepsBothLinesAndTheLastWins() {
        let parsed = parser.parse(text: "@title First\n@title Second\n\nBody")
        #expect(parsed.metadata.fields.count == 2)
        #expect(parsed.metadata["title"] == "Second")
        #expect(parsed.metadata.dictionary == ["title": "Second"])
    }

    @Test func keysAreASCIILettersDigitsAndUnderscore() {
        let parsed = parser.parse(text: "@site_url2 x\n@naïve y\n")
        #expect(parsed.metadata.fields.map(\.key) == ["site_url2"])
        #expect(parsed.body == "@naïve y\n")
    }

    @Test func crlfFile() throws {
        let parsed = try parser.parse(fixture("posts/crlf-line-endings.markdown"))
        #expect(parsed.metadata["title"] == "Windows line endings")
        #expect(parsed.metadata["pubDate"] == "2014-03-31 20:16:46 -0700")
        #expect(parsed.metadata["categoryArray"] == "Tools, Editors")
        #expect(parsed.body == "Written in an editor that saves CRLF.\r\n\r\nSecond paragraph.\r\n")
        #expect(parsed.bodyLine == 5)
    }

    @Test func bodyMayStartWithAnAtSignAfterTheBlankLine() throws {
        let parsed = try parser.parse(fixture("posts/body-starts-with-at.markdown"))
        #expect(parsed.metadata.fields.map(\.key) == ["title", "pubDate"])
        #expect(parsed.body == "@jgruber said it first: the body may start with an at sign.\n")
    }

    @Test func headerWithNoBlankLine() throws {
        let parsed = try parser.parse(fixture("posts/no-blank-line-after-header.markdown"))
        #expect(parsed.metadata["title"] == "Straight in")
        #expect(parsed.body == "The body starts on the line right after the header.\n")
        #expect(parsed.bodyLine == 3)
    }

    @Test func onlyOneBlankLineIsDropped() {
        let parsed = parser.parse(text: "@title Hi\n\n\nBody")
        #expect(parsed.body == "\nBody")
        #expect(parsed.bodyLine == 3)
    }

    @Test func noHeaderAtAll() throws {
        let parsed = try parser.parse(fixture("posts/no-header.markdown"))
        #expect(parsed.metadata.fields.isEmpty)
        #expect(parsed.body == "Just a body, and no header at all.\n\n@notakey because the header must come first.\n")
        #expect(parsed.bodyLine == 1)
    }

    @Test func aLeadingBlankLineIsBodyWhenThereIsNoHeader() {
        let parsed = parser.parse(text: "\n@title Not a header\n")
        #expect(parsed.metadata.fields.isEmpty)
        #expect(parsed.body == "\n@title Not a header\n")
    }

    @Test(arguments: ["@ title x\n", "@title:x\n", "@\n", "@@title x\n", "@title-case x\n"])
    func aLineThatIsNotKeySpaceValueEndsTheHeader(_ text: String) {
        let parsed = parser.parse(text: "@first 1\n" + text)
        #expect(parsed.metadata.fields.map(\.key) == ["first"])
        #expect(parsed.body == text)
    }

    @Test func emptyFileAndHeaderOnlyFile() {
        #expect(parser.parse(text: "").metadata.fields.isEmpty)
        #expect(parser.parse(text: "").body == "")
        let headerOnly = parser.parse(text: "@title Only a header")
        #expect(headerOnly.metadata["title"] == "Only a header")
        #expect(headerOnly.body == "")
    }

    @Test func invalidUTF8InTheHeaderGivesLineAndColumn() throws {
        let error = #expect(throws: MetadataError.self) {
            try parser.parse(fixture("posts/invalid-utf8-latin1.markdown"))
        }
        #expect(error?.line == 1)
        #expect(error?.column == 11)
        #expect(error?.reason == .invalidUTF8)
        #expect(error?.message == "the file is not valid UTF-8 at byte 11 of the line; expected UTF-8 text")
    }

    @Test(arguments: [
        // A Latin-1 é in the body.
        (Array("@title A\n\nab".utf8) + [0xE9] + Array("cd\n".utf8), 3, 3),
        // An overlong encoding of "/".
        (Array("x\ny\n".utf8) + [0xC0, 0xAF], 3, 1),
        // A UTF-16 surrogate encoded as UTF-8.
        (Array("\n\n\nabcd".utf8) + [0xED, 0xA0, 0x80], 4, 5),
        // A sequence cut short by the end of the file.
        (Array("é ok\nthen ".utf8) + [0xE2, 0x82], 2, 6),
        // A stray continuation byte after a valid emoji.
        (Array("🍞".utf8) + [0x80], 1, 5),
    ] as [([UInt8], Int, Int)])
    func invalidUTF8Position(_ example: (bytes: [UInt8], line: Int, column: Int)) {
        let error = #expect(throws: MetadataError.self) { try parser.parse(example.bytes) }
        #expect(error?.line == example.line)
        #expect(error?.column == example.column)
    }

    @Test func diagnosticAddsThePath() {
        let error = MetadataError(line: 3, column: 2, reason: .invalidUTF8)
        #expect(error.diagnostic(path: "posts/2014/03/31/a.markdown").description
            == "posts/2014/03/31/a.markdown:3: the file is not valid UTF-8 at byte 2 of the line; expected UTF-8 text")
    }

    @Test func settingsWithWindowsLineEndingsReadLineByLine() throws {
        let text = "# My blog\r\n@site_name Small Batch\r\n\r\n@site_url https://example.com\r\n@author Mira\r\n"
        let (metadata, errors) = try MetadataParser().parseSettings(Array(text.utf8))
        #expect(errors.isEmpty)
        #expect(metadata.fields.map(\.key) == ["site_name", "site_url", "author"])
        #expect(metadata["site_name"] == "Small Batch")
        #expect(metadata.field("author")?.line == 5)
    }
}

