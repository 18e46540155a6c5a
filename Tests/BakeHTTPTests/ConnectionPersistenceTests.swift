@testable import BakeHTTP
import NIOHTTP1
import Testing

/// Which requests end their connection (RFC 9112 §9.3, §9.6). The servers' own tests check
/// the same on the wire.
@Suite struct ConnectionPersistenceTests {
    static func head(_ connection: [String], version: HTTPVersion = .http1_1) -> HTTPRequestHead {
        HTTPRequestHead(version: version, method: .POST, uri: "/xmlrpc", headers: HTTPHeaders(connection.map { ("Connection", $0) }))
    }

    @Test(arguments: [
        ["close"], ["Close"], ["keep-alive", "close"], ["close", "keep-alive"], ["keep-alive, close"],
        ["Keep-Alive,CLOSE"], ["te", "foo ,\tclose"],
    ])
    func closeInAnyLineEnds(connection: [String]) {
        #expect(ConnectionPersistence.closes(after: Self.head(connection)))
        #expect(ConnectionPersistence.closes(after: Self.head(connection + ["keep-alive"], version: .http1_0)))
    }

    @Test(arguments: [[], ["keep-alive"], ["Keep-Alive"], ["te"], ["closed"], ["x-close"]])
    func http11WithoutCloseKeeps(connection: [String]) {
        #expect(!ConnectionPersistence.closes(after: Self.head(connection)))
    }

    @Test func http10KeepsOnlyWithKeepAlive() {
        #expect(ConnectionPersistence.closes(after: Self.head([], version: .http1_0)))
        #expect(ConnectionPersistence.closes(after: Self.head(["te"], version: .http1_0)))
        #expect(!ConnectionPersistence.closes(after: Self.head(["keep-alive"], version: .http1_0)))
    }
}
