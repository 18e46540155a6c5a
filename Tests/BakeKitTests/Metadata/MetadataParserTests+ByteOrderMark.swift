import BakeKit
import Testing

extension MetadataParserTests {
    @Test func aByteOrderMarkIsNotPartOfTheHeader() throws {
        let parsed = try MetadataParser().parse([0xEF, 0xBB, 0xBF] + Array("@title Hi\n@pubDate 2014-03-31 20:16:46 -0700\n\nBody\n".utf8))
        #expect(parsed.metadata["title"] == "Hi")
        #expect(parsed.metadata["pubDate"] == "2014-03-31 20:16:46 -0700")
        #expect(parsed.body == "Body\n")
    }
}
