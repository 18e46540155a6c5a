@testable import BakeServer
import Testing

struct HTTPDateTests {
    @Test func writesIMFFixdate() {
        #expect(HTTPDate.string(nanoseconds: 784_111_777_000_000_000) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(nanoseconds: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.string(nanoseconds: 1_709_251_199_999_999_999) == "Thu, 29 Feb 2024 23:59:59 GMT")
    }
}
