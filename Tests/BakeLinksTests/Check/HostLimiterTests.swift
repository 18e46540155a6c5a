import BakeIO
@testable import BakeLinks
import BakeTestSupport
import Testing

@Suite struct HostLimiterTests {
    @Test func aThirdRequestToAHostWaitsForOneToEnd() async throws {
        let limiter = HostLimiter(total: 8, perHost: 2)
        await limiter.acquire("a.example")
        await limiter.acquire("a.example")
        let third = Flag()
        let waiting = Task {
            await limiter.acquire("a.example")
            third.set()
        }
        // Another host is not held up by the first one's requests.
        await limiter.acquire("b.example")
        try await eventually("the third request to wait") { await limiter.waitingCount == 1 }
        #expect(!third.isSet)
        await limiter.release("a.example")
        await waiting.value
        #expect(third.isSet)
        #expect(await limiter.mostAtOnce == ["a.example": 2, "b.example": 1])
    }

    @Test func theTotalBoundsEveryHost() async throws {
        let limiter = HostLimiter(total: 2, perHost: 2)
        await limiter.acquire("a.example")
        await limiter.acquire("b.example")
        let waiting = Task { await limiter.acquire("c.example") }
        try await eventually("the request to a third host to wait") { await limiter.waitingCount == 1 }
        await limiter.release("a.example")
        await waiting.value
        #expect(await limiter.waitingCount == 0)
    }
}
