import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `transform` of each element of `source`, in order, computed on every core.
    ///
    /// For pure work over many elements inside a synchronous call (the inputs of a plan).
    init<Source: Sendable>(concurrentlyMapping source: [Source], _ transform: @Sendable (Source) -> Element) {
        let workers = ProcessInfo.processInfo.activeProcessorCount
        guard workers > 1, source.count >= 512 else {
            self = source.map(transform)
            return
        }
        let chunks = workers * 4
        let chunkSize = (source.count + chunks - 1) / chunks
        self = Array(unsafeUninitializedCapacity: source.count) { buffer, initialized in
            // Each chunk initializes its own elements, and only those.
            let slots = Slots(base: buffer.baseAddress!)
            withoutActuallyEscaping(transform) { transform in
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = chunk * chunkSize
                    guard start < source.count else { return }
                    for index in start..<Swift.min(start + chunkSize, source.count) {
                        (slots.base + index).initialize(to: transform(source[index]))
                    }
                }
            }
            initialized = source.count
        }
    }
}

private struct Slots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}
