@testable import BakeServer
import Foundation
import Testing

struct ReloadEventTests {
    @Test func writesServerSentEvents() {
        #expect(ReloadEvent.reload(version: "a-2").text == "event: reload\ndata: a-2\n\n")
        #expect(ReloadEvent.css(version: "a-3").text == "event: css\ndata: a-3\n\n")
        #expect(ReloadEvent.ok.text == "event: ok\ndata: \n\n")
        #expect(ReloadEvent.ping.text == ": ping\n\n")
    }

    @Test func sendsProblemsAsJSONOnOneLine() throws {
        let lines = ["posts/a.markdown:2: cannot read @pubDate `x`; expected a date", "two\nlines \"quoted\""]
        let text = ReloadEvent.problems(lines).text
        #expect(text.hasPrefix("event: problems\ndata: "))
        #expect(text.hasSuffix("\n\n"))
        let data = text.dropFirst("event: problems\ndata: ".count).dropLast(2)
        #expect(!data.contains("\n"))
        #expect(try JSONDecoder().decode([String].self, from: Data(data.utf8)) == lines)
    }
}
