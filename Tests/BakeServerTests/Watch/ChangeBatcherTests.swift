@testable import BakeServer
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ChangeBatcherTests {
    @Test func aBurstBecomesOneBatch() async throws {
        let batcher = ChangeBatcher(quietPeriod: .milliseconds(50), maximumDelay: .seconds(5))
        for number in 0..<500 { await batcher.add(["posts/\(number).markdown"]) }
        await batcher.add(["posts/0.markdown"])
        var signals = batcher.signals.makeAsyncIterator()
        #expect(await signals.next() != nil)
        let batch = try await batcher.settled()
        #expect(batch.count == 500)
        #expect(batch.first == "posts/0.markdown")
        #expect(try await batcher.settled().isEmpty, "the batch was taken")
    }

    @Test func aSteadyTrickleStillBuildsWithinTheMaximumDelay() async throws {
        let batcher = ChangeBatcher(quietPeriod: .seconds(30), maximumDelay: .milliseconds(200))
        let feeder = Task {
            var number = 0
            while !Task.isCancelled {
                await batcher.add(["posts/\(number).markdown"])
                number += 1
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        defer { feeder.cancel() }
        var signals = batcher.signals.makeAsyncIterator()
        let start = ContinuousClock.now
        _ = await signals.next()
        #expect(try await !batcher.settled().isEmpty)
        // Well before the 30 s quiet period the trickle never leaves.
        #expect(ContinuousClock.now - start < .seconds(20), "the maximum delay (1 s), not the quiet period the trickle never leaves (30 s)")
    }

    @Test func finishingEndsTheSignals() async {
        let batcher = ChangeBatcher(quietPeriod: .milliseconds(10), maximumDelay: .seconds(1))
        await batcher.finish()
        var signals = batcher.signals.makeAsyncIterator()
        #expect(await signals.next() == nil)
    }
}
