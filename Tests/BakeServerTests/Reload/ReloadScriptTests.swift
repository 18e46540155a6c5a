@testable import BakeServer
import Testing

struct ReloadScriptTests {
    static let element = ReloadScript.element(version: "k3x9a-4")

    @Test func goesBeforeTheLastClosingBody() {
        let page = "<html><body><p>a</p><!-- </body> in a comment --></BODY>\n</html>"
        let injected = String(decoding: ReloadScript.inject(into: Array(page.utf8), version: "k3x9a-4"), as: UTF8.self)
        #expect(injected == "<html><body><p>a</p><!-- </body> in a comment -->" + Self.element + "</BODY>\n</html>")
    }

    @Test func goesAtTheEndOfAPageWithoutBody() {
        let injected = String(decoding: ReloadScript.inject(into: Array("<p>bare".utf8), version: "k3x9a-4"), as: UTF8.self)
        #expect(injected == "<p>bare" + Self.element)
        #expect(ReloadScript.inject(into: [], version: "k3x9a-4") == Array(Self.element.utf8))
    }

    @Test func isSmallAndMakesNoOtherRequests() {
        #expect(Self.element.utf8.count < 2048)
        #expect(!Self.element.contains("http"))
        #expect(!Self.element.contains("fetch("))
        #expect(Self.element.contains(#"new EventSource("/_bake/events")"#))
    }

    /// The page knows the version it was served at, and reloads on a `hello` that names
    /// another: a build that finished before its stream opened.
    @Test func carriesTheVersionThePageWasServedAt() {
        #expect(Self.element.contains(#"let seen="k3x9a-4",box;"#))
        #expect(Self.element.contains(#"es.addEventListener("hello",e=>{if(seen!==e.data)location.reload();seen=e.data});"#))
        #expect(ReloadScript.version(in: Self.element) == "k3x9a-4")
    }
}
