import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing

/// Bad tokens back off per address; a good one always passes. The clock is the test's.
@Suite struct TokenCheckTests {
    @Test func backsOffAfterFiveBadTokensButLetsAGoodOneThrough() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        let store = TokenStore(blog: blog.folder)
        let good = try store.add(name: "App", scopes: [.create], now: Date()).token
        let clock = ManualClock()
        let check = TokenCheck(store: store, now: { clock.now })
        for _ in 1...TokenCheck.freeFailures {
            #expect(try await check.check("bake_wrong", client: "127.0.0.1") == .failed)
        }
        #expect(try await check.check("bake_wrong", client: "127.0.0.1") == .refused(retryAfter: .seconds(1)))
        #expect(try await check.check("bake_wrong", client: "10.0.0.2") == .failed)
        guard case .passed(let record) = try await check.check(good, client: "127.0.0.1") else {
            Issue.record("the good token was not let through")
            return
        }
        #expect(record.name == "App")
        // The good token forgot the failures.
        #expect(try await check.check("bake_wrong", client: "127.0.0.1") == .failed)
        for _ in 2...TokenCheck.freeFailures { _ = try await check.check("bake_wrong", client: "127.0.0.1") }
        clock.advance(.seconds(1))
        #expect(try await check.check("bake_wrong", client: "127.0.0.1") == .failed)
        #expect(try await check.check("bake_wrong", client: "127.0.0.1") == .refused(retryAfter: .seconds(2)))
    }
}

/// A clock that moves only when told.
private final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { instant } }

    func advance(_ duration: Duration) {
        lock.withLock { instant += duration }
    }
}
