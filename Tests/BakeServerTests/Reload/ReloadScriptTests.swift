@testable import BakeServer
import Testing

struct ReloadScriptTests {
    @Test func goesBeforeTheLastClosingBody() {
        let page = "<html><body><p>a</p><!-- </body> in a comment --></BODY>\n</html>"
        let injected = String(decoding: ReloadScript.inject(into: Array(page.utf8)), as: UTF8.self)
        #expect(injected == "<html><body><p>a</p><!-- </body> in a comment -->" + ReloadScript.element + "</BODY>\n</html>")
    }

    @Test func goesAtTheEndOfAPageWithoutBody() {
        let injected = String(decoding: ReloadScript.inject(into: Array("<p>bare".utf8)), as: UTF8.self)
        #expect(injected == "<p>bare" + ReloadScript.element)
        #expect(ReloadScript.inject(into: []) == Array(ReloadScript.element.utf8))
    }

    @Test func isSmallAndMakesNoOtherRequests() {
        #expect(ReloadScript.element.utf8.count < 2048)
        #expect(!ReloadScript.element.contains("http"))
        #expect(!ReloadScript.element.contains("fetch("))
        #expect(ReloadScript.element.contains(#"new EventSource("/_bake/events")"#))
    }
}
