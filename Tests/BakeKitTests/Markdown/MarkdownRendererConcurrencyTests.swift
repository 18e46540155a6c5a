import BakeKit
import Testing

/// cmark-gfm 0.29 keeps extension state in process-wide tables; rendering on many threads at
/// once must give exactly what rendering one at a time gives.
@Suite struct MarkdownRendererConcurrencyTests {
    static let documents: [String] = (0..<64).map { index in
        switch index % 4 {
        case 0: return "Plain text with an autolink https://example.com/\(index) and www.example.org/\(index).\n"
        case 1: return "Some ~~struck~~ text \(index), ~one~ tilde, and a link: https://example.net/\(index)\n"
        case 2: return "| a | b |\n|---|---|\n| \(index) | www.example.com |\n\n- [x] done ~~not~~\n"
        default: return "Footnote[^n] and mail: someone\(index)@example.com\n\n[^n]: The note.\n"
        }
    }

    @Test func strikethroughRendersAndReturns() {
        // Once hung in an endless loop when strikethrough's trigger characters were cleared.
        #expect(MarkdownRenderer().render("a ~~b~~ c") == "<p>a <del>b</del> c</p>\n")
    }

    @Test func parallelRendersMatchSerialRenders() async {
        let renderer = MarkdownRenderer()
        let serial = Self.documents.map { renderer.render($0) }
        for _ in 0..<5 {
            let parallel = await withTaskGroup(of: (Int, String).self) { group in
                for (index, document) in Self.documents.enumerated() {
                    group.addTask { (index, renderer.render(document)) }
                }
                var results = [String](repeating: "", count: Self.documents.count)
                for await (index, html) in group { results[index] = html }
                return results
            }
            #expect(parallel == serial)
        }
        #expect(serial[0].contains("<a href=\"https://example.com/0\">"))
        #expect(serial[0].contains("<a href=\"http://www.example.org/0\">"))
        #expect(serial[1].contains("<del>struck</del>"))
    }
}
