@testable import BakeKit
import Testing

@Suite struct ArrayConcurrentMapTests {
    @Test(arguments: [0, 1, 511, 512, 513, 1_000, 10_007])
    func mapsInOrder(count: Int) {
        let source = (0..<count).map { "post \($0)" }
        let mapped = Array(concurrentlyMapping: source) { $0 + "!" }
        #expect(mapped == source.map { $0 + "!" })
    }
}
