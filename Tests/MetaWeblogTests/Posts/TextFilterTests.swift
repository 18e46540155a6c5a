@testable import MetaWeblog
import Testing
import XMLRPC

@Suite struct TextFilterTests {
    @Test func mapsConvertBreaksToAFormat() {
        #expect(TextFilter.format(for: "markdown") == .markdown)
        #expect(TextFilter.format(for: "Markdown") == .markdown)
        #expect(TextFilter.format(for: "markdown_with_smartypants") == .markdown)
        #expect(TextFilter.format(for: "1") == .markdown)
        #expect(TextFilter.format(for: 1) == .markdown)
        #expect(TextFilter.format(for: true) == .markdown)
        #expect(TextFilter.format(for: "0") == .html)
        #expect(TextFilter.format(for: 0) == .html)
        #expect(TextFilter.format(for: "__default__") == .html)
        #expect(TextFilter.format(for: "html") == .html)
        #expect(TextFilter.format(for: "") == .html)
        #expect(TextFilter.format(for: "textile") == nil)
        #expect(TextFilter.format(for: 2) == nil)
    }
}
