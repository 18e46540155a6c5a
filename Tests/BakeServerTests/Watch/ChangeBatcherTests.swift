@testable import BakeServer
import BakeTestSupport
import Testing

/// The batcher on a clock the tests move by hand: what "quiet for 50 ms" and "at most 5 s"
/// mean is checked exactly, however slowly the machine runs.
@Suite(.timeLimit(.minutes(10)))
struct ChangeBatcherTests {
    @Test func aBurstBecomesOneBatchOnceTheQuietPeriodPasses() async throws {
        let clock = ManualClock()
        let batcher = ChangeBatcher(quietPeriod: .milliseconds(50), maximumDelay: .seconds(5), clock: clock)
        for number in 0..<500 { await batcher.add(["posts/\(number).markdown"]) }
        await batcher.add(["posts/0.markdown"])
        var signals = batcher.signals.makeAsyncIterator()
        #expect(await signals.next() != nil)
        let settled = Task { try await batcher.settled() }
        try await eventually("the batcher to wait for quiet") { clock.sleeping == 1 }
        // Not yet quiet: a change 49 ms in starts the quiet period again.
        clock.advance(by: .milliseconds(49))
        await batcher.add(["posts/500.markdown"])
        clock.advance(by: .milliseconds(49))
        try await eventually("the batcher to wait again") { clock.sleeping == 1 }
        clock.advance(by: .milliseconds(1))
        let batch = try await settled.value
        #expect(batch.count == 501)
        #expect(batch.first == "posts/0.markdown")
        #expect(try await batcher.settled().isEmpty, "the batch was taken")
    }

    @Test func aSteadyTrickleStillBuildsWithinTheMaximumDelay() async throws {
        let clock = ManualClock()
        let batcher = ChangeBatcher(quietPeriod: .seconds(30), maximumDelay: .milliseconds(200), clock: clock)
        await batcher.add(["posts/0.markdown"])
        let settled = Task { try await batcher.settled() }
        // A change every 20 ms never leaves the 30 s of quiet; the maximum delay ends the wait.
        for number in 1...9 {
            try await eventually("the batcher to wait") { clock.sleeping == 1 }
            clock.advance(by: .milliseconds(20))
            await batcher.add(["posts/\(number).markdown"])
        }
        try await eventually("the batcher to wait") { clock.sleeping == 1 }
        clock.advance(by: .milliseconds(20))
        #expect(try await settled.value.count == 10)
    }

    @Test func finishingEndsTheSignals() async {
        let batcher = ChangeBatcher(quietPeriod: .milliseconds(10), maximumDelay: .seconds(1), clock: ManualClock())
        await batcher.finish()
        var signals = batcher.signals.makeAsyncIterator()
        #expect(await signals.next() == nil)
    }
}
